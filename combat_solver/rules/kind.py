"""The contract every ability kind fulfils: what it reads (protocols of the resolved game, the
declaring units and combat facts), the hooks it may override (do-nothing defaults), what hooks
return (reasons, restrictions, requirements, cost terms) and the registry every kind joins."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Protocol, TypeVar, get_args, get_origin

from pydantic import Field

from ..model.base import Lazy, Strict
from ..model.conditions import AttackTest, Condition, ConditionScope, Context
from ..model.filters import Filter, PermanentView, Target
from ..model.ir import Atom, Cmp, Cond, Lin, implies
from .phrase import Phrase, Role

if TYPE_CHECKING:
    from ..model.cost_terms import CostTerm
    from ..model.declarations import AttackDeclaration
    from ..model.records import TriggerReport, Violation, ViolationKind

ANY_NUMBER = 10**6
"""The most creatures one creature can block (509.1a: "can block any number of creatures")."""


@dataclass(frozen=True)
class Instance:
    """One ability as it applies: to ``holder`` (None for a game rule), created by ``source``
    (a card or effect name), controlled by ``controller`` (who "you" is). ``as_applied``: the
    board as it stood when the layer-6 effect that added it applied, for conditions read only per
    declaration or per attack target (docs/design.md §4.9); None: read on the resolved board."""

    ability: AbilityBase
    holder: PermanentView | None
    source: str
    controller: str | None
    as_applied: ConditionScope | None = None

    def __init__(
        self,
        ability: AbilityBase,
        holder: PermanentView | None,
        source: str,
        controller: str | None,
        as_applied: ConditionScope | None = None,
    ) -> None:
        """The generated ``__init__`` of a frozen dataclass sets each field through
        ``object.__setattr__``; a board has an instance per ability, so they are set at once."""
        self.__dict__.update(
            ability=ability, holder=holder, source=source, controller=controller, as_applied=as_applied
        )


@dataclass(frozen=True)
class Reason:
    """Why one blocker can't block one attacker, whatever else is declared."""

    rule: str
    kind: ViolationKind
    message: str


@dataclass(frozen=True)
class Restriction:
    """A condition every legal declaration must meet (508.1c, 509.1b). ``detail`` may word the
    violation for the declaration at hand (it gets each atom's value)."""

    rule: str
    kind: ViolationKind
    objects: tuple[str, ...]
    message: str
    cond: Cond
    detail: Callable[[Callable[[Atom], int]], str] | None = field(default=None, compare=False)

    def __init__(
        self,
        rule: str,
        kind: ViolationKind,
        objects: tuple[str, ...],
        message: str,
        cond: Cond,
        detail: Callable[[Callable[[Atom], int]], str] | None = None,
    ) -> None:
        """Fields set at once (see ``Instance``): a unit has a restriction per creature or pair."""
        self.__dict__.update(rule=rule, kind=kind, objects=objects, message=message, cond=cond, detail=detail)


@dataclass(frozen=True)
class Requirement:
    """One requirement (508.1d, 509.1c); counted separately per effect and per affected object."""

    rule: str
    kind: str
    objects: tuple[str, ...]
    description: str
    source: str
    cond: Cond

    def __init__(
        self, rule: str, kind: str, objects: tuple[str, ...], description: str, source: str, cond: Cond
    ) -> None:
        """Fields set at once (see ``Instance``): Lure makes a requirement per potential blocker."""
        self.__dict__.update(rule=rule, kind=kind, objects=objects, description=description, source=source, cond=cond)


class PlayerView(Protocol):
    """A player as costs see it: life to pay (119.4), cards in hand to discard and energy
    counters to pay (107.14)."""

    @property
    def id(self) -> str: ...

    @property
    def life(self) -> int: ...

    @property
    def hand(self) -> int: ...

    @property
    def energy(self) -> int: ...


@dataclass(frozen=True)
class EarlierAttacks:
    """The creatures that attacked in earlier combats this turn (508.1c "each turn" limits):
    ``known`` (creature id, target id) pairs and ``anonymous`` creatures whose targets are unknown."""

    known: tuple[tuple[str, str], ...] = ()
    anonymous: int = 0


class GameView(ConditionScope, Protocol):
    """The board resolved for rules work: which ability instances apply to which permanent."""

    @property
    def permanents(self) -> Sequence[PermanentView]: ...

    @property
    def instances(self) -> Mapping[str, Sequence[Instance]]: ...

    @property
    def earlier_attacks(self) -> EarlierAttacks: ...

    def permanent(self, permanent_id: str) -> PermanentView: ...

    def player(self, player_id: str) -> PlayerView: ...

    def permanents_of(self, player: str) -> Sequence[PermanentView]: ...

    def label(self, permanent: PermanentView | None) -> str: ...

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool: ...

    def defending_player(self, attacker_id: str) -> str: ...

    def defending_player_of(self, target: str) -> str | None: ...

    def is_summoning_sick(self, permanent: PermanentView) -> bool: ...

    def can_use_tap_abilities(self, permanent: PermanentView) -> bool: ...


class UnitView(Protocol):
    """What every declaring unit offers rules: its players, names, keywords, filters."""

    @property
    def game(self) -> GameView: ...

    @property
    def players(self) -> frozenset[str]: ...

    @property
    def attackers(self) -> tuple[PermanentView, ...]: ...

    def label(self, permanent: PermanentView | None) -> str: ...

    def has(self, permanent: PermanentView, kind: str) -> bool: ...

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool: ...

    def attacker(self, inst: Instance) -> PermanentView | None: ...


class BlockScope(UnitView, Protocol):
    """One defending player (or team) declaring blockers (802.4), as rules see it."""

    @property
    def creatures(self) -> tuple[PermanentView, ...]: ...

    def blocker(self, inst: Instance) -> PermanentView | None: ...

    def pair(self, blocker: PermanentView, attacker: PermanentView) -> Lin: ...

    def blockers_of(self, attacker: PermanentView, among: Iterable[PermanentView] | None = None) -> Lin: ...

    def blocks_as_band(self, blocker: PermanentView, attacker: PermanentView) -> Lin: ...

    def band_blockers_of(self, attacker: PermanentView, among: Iterable[PermanentView] | None = None) -> Lin: ...

    def attackers_blocked_by(self, blocker: PermanentView) -> Lin: ...

    def blocking(self, blocker: PermanentView) -> Lin: ...

    def blocking_any(self, blocker: PermanentView, attackers: Sequence[PermanentView]) -> Lin: ...

    def blocking_among(self, creatures: Iterable[PermanentView]) -> Lin: ...

    @property
    def all_blocking(self) -> Lin:
        """How many creatures block: one sum shared by every rule that counts them."""
        ...

    def atom_reasons(self, atom: Atom) -> list[Reason]: ...


class AttackScope(UnitView, Protocol):
    """The attacking player (or team) declaring attackers (802.3a), as rules see it."""

    @property
    def targets(self) -> tuple[str, ...]: ...

    def is_player(self, target: str) -> bool: ...

    def defending_player_of(self, target: str) -> str: ...

    def resolve_player(self, player: str | None, inst: Instance) -> str | None: ...

    def condition_holds(self, condition: Condition, inst: Instance, target: str) -> bool: ...

    def target_matches(self, spec: Target, target: str, inst: Instance) -> bool: ...

    def target_label(self, target: str) -> str: ...

    def describe_target(self, spec: Target, inst: Instance) -> str: ...

    def attack(self, attacker: PermanentView, target: str) -> Lin: ...

    def attacking(self, attacker: PermanentView) -> Lin: ...

    def attacking_count(self, creatures: Iterable[PermanentView]) -> Lin: ...

    @property
    def all_attacking(self) -> Lin:
        """How many creatures attack: one sum shared by every rule that counts them."""
        ...

    def attacks_on(self, targets: Iterable[str], creatures: Iterable[PermanentView] | None = None) -> Lin: ...

    def constant(self, value: int) -> Lin: ...


class CombatFactsView(Protocol):
    """A legal declaration as trigger conditions read it (508.1m, 509.1i, 509.3)."""

    @property
    def game(self) -> GameView: ...

    @property
    def attacks(self) -> Mapping[str, str]: ...

    @property
    def attackers(self) -> Sequence[PermanentView]: ...

    @property
    def exerted(self) -> frozenset[str]: ...

    @property
    def enlisted(self) -> Mapping[str, str]: ...

    @property
    def blocked_by_blocker(self) -> Mapping[str, Sequence[str]]: ...

    @property
    def blockers_of(self) -> Mapping[str, Sequence[str]]: ...

    @property
    def blocking_creatures(self) -> Sequence[PermanentView]: ...

    def attack_target_matches(self, spec: Target, target: str, inst: Instance) -> bool: ...

    def applies_against(self, inst: Instance, target: str) -> bool: ...

    def fired(
        self, inst: Instance, kind: str, rule: str, count: int, objects: Iterable[str], note: str = ""
    ) -> TriggerReport: ...


def with_others(
    rule: str, kind: ViolationKind, holder: str, message: str, doing: Lin, others: Lin, lo: int | None, hi: int | None
) -> Restriction:
    """ "can't attack/block unless a creature with greater power ...": if the holder attacks
    (blocks), how many of ``others`` also do must lie within ``lo``..``hi`` (508.1c, 509.1b)."""
    return Restriction(rule, kind, (holder,), message, implies(doing.at_least(1), Cmp(others, lo, hi)))


def with_everyone(
    rule: str, kind: ViolationKind, holder: str, message: str, doing: Lin, everyone: Lin, lo: int | None, hi: int | None
) -> Restriction:
    """ "can't attack/block alone", "unless N others ...": if the holder attacks (blocks), how
    many other creatures also do must lie within ``lo``..``hi`` (506.5, 508.1c, 509.1b).
    ``everyone`` counts the holder too (1 when it attacks or blocks), so every holder shares one
    sum and the rule stays linear in the number of creatures."""
    shift = (None if lo is None else lo + 1), (None if hi is None else hi + 1)
    return Restriction(rule, kind, (holder,), message, implies(doing.at_least(1), Cmp(everyone, *shift)))


AttackStep = Literal["gated", "ungated"]
"""How a hook acts while attackers are declared: ``gated`` (restrictions and requirements: the
ability can be made to depend on the attack itself) or ``ungated`` (costs, haste, vigilance,
bands: it applies before the declaration is known)."""

_Hook = TypeVar("_Hook", bound=Callable[..., Any])


def hook(*, attack: AttackStep) -> Callable[[_Hook], _Hook]:
    """Marks a hook of the contract with how it acts while attackers are declared (508.1)."""

    def mark(method: _Hook) -> _Hook:
        method.__dict__["attack_step"] = attack
        return method

    return mark


class AbilityBase(Strict):
    """Base of every ability kind. ``scope`` says whether it belongs to the creature that has it
    or states a rule of the game (e.g. "No more than one creature can block each combat").

    A kind declares what it is called: ``keyword`` (the Oracle keyword that alone means it) and
    ``phrases`` (the Oracle wordings the card compiler reads into it); fields naming an object or a
    player are typed ``ObjectId`` / ``PlayerId``. ``rules/TEMPLATE.py`` shows one kind.

    A class whose ``kind`` has a default joins ``KINDS`` when it is defined; ``abilities.Ability``
    is the discriminated union of every kind there."""

    kind: str
    condition: Annotated[Condition, Lazy()] | None = Field(
        None, description='"as long as" / "if": the ability applies only while this holds (docs/design.md §4.9)'
    )
    unless: Annotated[Condition, Lazy()] | None = Field(
        None, description='"unless": the ability applies only while this fails'
    )
    scope: ClassVar[Literal["creature", "game"]] = "creature"
    rule: ClassVar[str] = ""
    per_target_condition: ClassVar[bool] = False
    """Whether the kind reads its conditions per attack target (so "defending player" is known
    before attackers are declared)."""
    keyword: ClassVar[str | None] = None
    """The Oracle keyword that alone means this kind, with no parameters ("flying"): read on
    keyword lines, in "creatures with <keyword>" and "has <keyword>", and from phase.rs."""
    bears_on_legality: ClassVar[bool] = True
    """Whether text naming ``keyword`` bears on attack or block legality (every kind's does so
    far: even vigilance, which decides whether an attacker taps (508.1f) and so whether it can
    tap to pay a cost to attack, 508.1h)."""
    phrases: ClassVar[tuple[Phrase, ...]] = ()
    """The Oracle wordings the card compiler reads into this kind."""
    given_to_any_permanent: ClassVar[bool] = False
    """Whether a grant gives it to a noncreature permanent too: a mana ability (605.1a: Abundant
    Growth's land), a trigger about other creatures (702.83a: a Clue with exalted triggers when a
    creature you control attacks alone); other kinds go to the creatures that match."""

    def __init_subclass__(cls, *, registered: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)

    @classmethod
    def __pydantic_init_subclass__(cls, *, registered: bool = True, **kwargs: Any) -> None:
        """A kind joins ``KINDS`` when defined, unless defined with ``registered=False`` (the
        template, ``rules/TEMPLATE.py``)."""
        super().__pydantic_init_subclass__(**kwargs)
        kind = cls.model_fields["kind"].default
        if isinstance(kind, str) and registered:
            if kind in KINDS and KINDS[kind] is not cls:
                raise TypeError(f"ability kind {kind!r} is defined twice")
            KINDS[kind] = cls

    def applies(self, ctx: Context, *, declaring: bool = False) -> bool:
        """Whether ``condition`` holds and ``unless`` fails in ``ctx``. ``declaring``: attackers
        are being declared, so ``attack`` tests are left to ``attack_gate``."""
        if self.condition is not None and not self.condition.holds(ctx, board_only=declaring):
            return False
        if self.unless is None or (declaring and self.unless.attack is not None):
            return True
        return not self.unless.holds(ctx)

    def attack_gate(self, ctx: Context) -> tuple[AttackTest | None, AttackTest | None]:
        """While attackers are declared: the ``attack`` test that must hold for the ability to
        apply, and the one that must fail (an ``unless`` whose board facts hold)."""
        needed = self.condition.attack if self.condition is not None else None
        excluded = None
        if self.unless is not None and self.unless.attack is not None and self.unless.holds(ctx, board_only=True):
            excluded = self.unless.attack
        return needed, excluded

    def describe_condition(self) -> str:
        parts = []
        if self.condition is not None:
            parts.append(f"as long as {self.condition.describe()}")
        if self.unless is not None:
            parts.append(f"unless {self.unless.describe()}")
        return ", ".join(parts)

    @classmethod
    def declaration_violations(cls, unit: AttackScope, declaration: AttackDeclaration) -> Iterable[Violation]:
        """Problems with the choices announced with an attack that this kind governs (exert,
        enlist, bands: 508.1e, 508.1g), checked once per kind."""
        return ()

    @hook(attack="ungated")
    def permits_attacking_while_summoning_sick(self) -> bool:
        """302.6 exception (haste): attack and use {T} abilities though not controlled since the turn began."""
        return False

    @hook(attack="ungated")
    def permits_attacking_as_though_haste(self) -> bool:
        """302.6 exception for attacking only: its {T} abilities still need haste (Instill Energy)."""
        return False

    def forbids_activating(self, tap: bool) -> bool:
        """602.5: its holder's activated abilities (those with {T} in their cost: ``tap``) can't
        be activated, its mana abilities among them."""
        return False

    def permits_tap_abilities_of(self, game: GameView, inst: Instance, permanent: PermanentView) -> bool:
        """302.6 exception of a game rule: ``permanent``'s {T} abilities can be activated as
        though it had haste (Thousand-Year Elixir)."""
        return False

    @hook(attack="ungated")
    def keeps_untapped_when_attacking(self) -> bool:
        """508.1f exception (vigilance): attacking doesn't tap its holder."""
        return False

    @hook(attack="ungated")
    def permits_band(self, unit: AttackScope, inst: Instance, members: Sequence[PermanentView]) -> bool:
        """702.22c: whether this ability of one member lets ``members`` attack as a band."""
        return False

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        """Evasion of the attacker ``inst.holder`` that rules out this one blocker."""
        return None

    def forbids_blocking(self, unit: BlockScope, inst: Instance, attacker: PermanentView) -> Reason | None:
        """A restriction of the blocker ``inst.holder`` that rules out blocking this attacker."""
        return None

    def extra_blocks(self) -> int:
        """How many more creatures its holder can block (509.1a exceptions)."""
        return 0

    def permits_tapped_block(self) -> bool:
        return False

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        return ()

    def block_requirements(self, unit: BlockScope, inst: Instance) -> Iterable[Requirement]:
        return ()

    @hook(attack="gated")
    def forbids_attacking(self, unit: AttackScope, inst: Instance, target: str) -> Reason | None:
        """A restriction of the attacker ``inst.holder`` that rules out attacking ``target``."""
        return None

    @hook(attack="ungated")
    def permits_attacking_with_defender(self) -> bool:
        return False

    @hook(attack="gated")
    def attack_restrictions(self, unit: AttackScope, inst: Instance) -> Iterable[Restriction]:
        return ()

    @hook(attack="gated")
    def attack_requirements(self, unit: AttackScope, inst: Instance) -> Iterable[Requirement]:
        return ()

    @hook(attack="ungated")
    def attack_costs(self, unit: AttackScope, inst: Instance) -> Iterable[CostTerm]:
        """Costs to attack (508.1h) this ability imposes."""
        return ()

    def block_costs(self, unit: BlockScope, inst: Instance) -> Iterable[CostTerm]:
        """Costs to block (509.1d) this ability imposes."""
        return ()

    def attack_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        """How this ability triggers on attackers being declared (508.1m)."""
        return ()

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        """How this ability triggers on blockers being declared (509.1i, 509.3)."""
        return ()

    @classmethod
    def is_triggered(cls) -> bool:
        """Whether it reports attack or block triggers (508.1m, 509.1i: triggered abilities, and
        exert and enlist, which its holder's controller chooses): given to a permanent, it is that
        permanent's, controlled by its controller (603.3a, 109.5), so "you" in its condition is
        that player, not the giver's controller."""
        return (
            cls.attack_triggers is not AbilityBase.attack_triggers
            or cls.block_triggers is not AbilityBase.block_triggers
        )

    def referenced_ids(self) -> list[tuple[str, str]]:
        """(field name, id) pairs this ability names, for dangling-id checks."""
        out: list[tuple[str, str]] = []
        ids = id_fields(type(self))
        for name, value in self:
            if isinstance(value, str) and name in ids and value not in ("you", "owner", "chosen"):
                out.append((name, value))
            elif hasattr(value, "referenced_ids") and not isinstance(value, AbilityBase):
                out += [(name, ref) for ref in value.referenced_ids()]
        return out


@cache
def field_roles(kind: type[AbilityBase]) -> Mapping[str, Role]:
    """The fields of ``kind`` typed ``ObjectId`` or ``PlayerId`` (optional or not), by their role."""
    return {name: role for name, info in kind.model_fields.items() if (role := _role(info.annotation, info.metadata))}


def id_fields(kind: type[AbilityBase]) -> frozenset[str]:
    """The fields of ``kind`` that name an object or a player by its id."""
    return frozenset(field_roles(kind))


def player_fields(kind: type[AbilityBase]) -> tuple[str, ...]:
    """The fields of ``kind`` that name a player."""
    return tuple(name for name, role in field_roles(kind).items() if role is Role.player)


def _role(annotation: Any, metadata: Iterable[Any] = ()) -> Role | None:
    found = next((m for m in metadata if isinstance(m, Role)), None)
    if found is not None:
        return found
    if get_origin(annotation) is Annotated:
        return _role(None, annotation.__metadata__)
    return next((r for arg in get_args(annotation) if (r := _role(arg)) is not None), None)


def attack_hooks(step: AttackStep) -> tuple[str, ...]:
    """The hooks of the contract that act ``step`` while attackers are declared."""
    return tuple(
        name for name, member in list(vars(AbilityBase).items()) if getattr(member, "attack_step", None) == step
    )


KINDS: dict[str, type[AbilityBase]] = {}
"""Every ability kind by its ``kind`` name, in the order the kinds were defined."""


_HOOKED: dict[tuple[type, str], bool] = {}


def has_hook(ability: AbilityBase, hook: str) -> bool:
    """Whether ``ability``'s kind has its own ``hook`` (the base one does nothing)."""
    key = (type(ability), hook)
    found = _HOOKED.get(key)
    if found is None:
        found = _HOOKED[key] = getattr(type(ability), hook) is not getattr(AbilityBase, hook)
    return found


def having(instances: Iterable[Instance], hook: str) -> list[Instance]:
    """The instances whose kind has its own ``hook``, in order (the others would give nothing)."""
    return [i for i in instances if has_hook(i.ability, hook)]
