"""The continuous effects of a board as the game orders them: type changes (layer 4, 613.1d) and
layer-6 effects (613.1f) with their sources, timestamp order (613.7), what an effect's reach
depends on (613.8a) and what ability-removing effects took (613.1f)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

from ..board.model import Effect, Permanent
from ..model.filters import Filter
from ..rules.kind import AbilityBase
from ..rules.registry import Ability, Grant, abilities_had

if TYPE_CHECKING:
    from ..rules.characteristics import LoseAbilities, TypeChange


@dataclass(frozen=True)
class TypeEffect:
    """A type-changing effect (layer 4): its ability, the permanent it is on (None: an effect of
    a resolved spell) and who "you" is."""

    ability: TypeChange
    source: str | None
    controller: str | None


@dataclass(frozen=True)
class Continuous:
    """A layer-6 effect (613.1f): ``ability`` added to ``holder`` (a printed conditional
    ability), or to every creature matching ``to`` (a grant or an effect), gated by the grant's
    own condition (``gate``, read on ``origin``)."""

    ability: Ability
    source: str
    controller: str | None
    holder: Permanent | None = None
    to: Filter | None = None
    gate: Grant | None = None
    origin: Permanent | None = None
    dated: bool = False
    """An effect of the board's ``effects`` with its own ``timestamp``."""

    @property
    def stated_timestamp(self) -> bool:
        return self.dated or (self.origin is not None and self.origin.timestamp is not None)

    @property
    def gives_an_ability(self) -> bool:
        """Whether its holders have ``ability`` as their own, so that an ability-removing effect
        applied later takes it (613.1f): a printed conditional ability; a grant that gives one
        (``Grant.gives_an_ability``); a resolved effect giving a keyword, triggered or mana
        ability. "Can't block this turn" is the effect itself: no lost ability takes it away."""
        if self.holder is not None:
            return True
        if self.gate is not None:
            return self.gate.gives_an_ability
        return self.ability.kind in abilities_had()


def kinds_read(effect: Continuous) -> frozenset[str]:
    """The ability kinds that what ``effect`` applies to can depend on (``has`` tests in its
    filter or conditions); only effects adding those kinds can change it (613.8a)."""
    parts = [effect.to, effect.ability.condition, effect.ability.unless]
    if effect.gate is not None:
        parts += [effect.gate.condition, effect.gate.unless]
    found: set[str] = set()
    for part in parts:
        if part is not None:
            collect_has(part.model_dump(mode="json", exclude_none=True), found)
    return frozenset(found)


def collect_has(value: Any, found: set[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "has":
                found.update(k if isinstance(k, str) else str(k.get("kind")) for k in item)
            else:
                collect_has(item, found)
    elif isinstance(value, list):
        for item in value:
            collect_has(item, found)


def unconditional(ability: AbilityBase) -> bool:
    """Whether ``ability`` applies whatever the board (no "as long as", no "unless")."""
    return ability.condition is None and ability.unless is None


def timestamp_order(permanents: Sequence[Permanent], effects: Sequence[Effect]) -> list[Permanent | Effect]:
    """613.7: the permanents and effects in timestamp order: each one's ``timestamp``, or else its
    place (permanents in board order, then effects); equal keys in place order. A permanent's
    static abilities share its timestamp (613.7a), in the order written."""
    objects: list[Permanent | Effect] = [*permanents, *effects]
    keys = [(o.timestamp if o.timestamp is not None else place, place) for place, o in enumerate(objects)]
    return [objects[place] for _, place in sorted(keys)]


def is_removal(ability: AbilityBase) -> TypeGuard[LoseAbilities]:
    """An ability-removing effect (613.1f; its module is imported only for a board with one)."""
    return ability.kind == "lose_abilities"


def is_type_change(ability: AbilityBase) -> TypeGuard[TypeChange]:
    return ability.kind == "type_change"


def generator_kind(effect: Continuous) -> str:
    """The kind of the ability on ``effect.origin`` that generates ``effect``."""
    return "grant" if effect.gate is not None else effect.ability.kind


class Removals:
    """What ability-removing effects took from each permanent in layer 6 (613.1f), and when
    (the step of layer 6 each applied at)."""

    def __init__(self) -> None:
        self._by_holder: dict[str, list[tuple[int, LoseAbilities]]] = {}

    def add(self, holders: tuple[str, ...], step: int, removal: LoseAbilities) -> None:
        for h in holders:
            self._by_holder.setdefault(h, []).append((step, removal))

    def removes(self, holder: str, kind: str, after: int) -> bool:
        """Whether an effect applied after step ``after`` (-1: any) removed ``kind`` from ``holder``."""
        return any(at > after and r.removes(kind) for at, r in self._by_holder.get(holder, ()))

    def generator_lost(self, effect: Continuous) -> bool:
        """Whether the permanent whose ability generates ``effect`` has lost that ability."""
        return effect.origin is not None and self.removes(effect.origin.id, generator_kind(effect), -1)


def reads_activation_order(a: Any) -> bool:
    """A mana ability (or a grant of one) whose payment reads the order of activation: one making
    what others could produce, a count, one sacrificing another permanent, or drawing or gaining
    life, and a triggered mana ability (``mana_order``)."""
    if a.kind == "grant":
        return reads_activation_order(a.ability)
    if a.kind == "mana_trigger":
        return True
    cost = getattr(a, "cost", None)
    return a.kind == "mana" and (
        a.like is not None
        or a.for_each is not None
        or (cost is not None and cost.sacrifice is not None)
        or bool(a.gains_life)
    )
