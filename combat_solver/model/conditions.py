"""One condition language shared by every ability kind ("as long as", "if", "unless"): facts the
board states at the moment of declaration about the ability's source, the players and the
permanents (docs/design.md §4.9)."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Literal, Protocol, get_args

from pydantic import Field, model_validator

from .base import Strict
from .creature_types import CREATURE_TYPES
from .filters import Color, Comparison, Count, Filter, FilterScope, PermanentView
from .mana_cost import devotion

Designation = Literal["monarch", "initiative", "city's blessing", "ring-bearer"]
PlayerFact = Literal[
    "life",
    "poison",
    "hand",
    "graveyard",
    "graveyard_card_types",
    "spells_cast_this_turn",
    "creature_spells_cast_this_turn",
    "noncreature_spells_cast_this_turn",
    "instant_and_sorcery_spells_cast_this_turn",
    "cards_drawn_this_turn",
    "life_gained_this_turn",
    "life_lost_this_turn",
    "damage_dealt_this_turn",
    "creatures_died_this_turn",
    "damage_taken_this_turn",
    "permanents_sacrificed_this_turn",
    "artifacts_sacrificed_this_turn",
    "artifacts_entered_this_turn",
    "nonland_permanents_entered_this_turn",
    "historic_spells_cast_this_turn",
    "crimes_committed_this_turn",
    "speed",
]
_PLAYER_FACTS: tuple[str, ...] = get_args(PlayerFact)
PLAYER_WORDS = ("you", "opponent", "each_opponent", "defending_player", "active_player")
"""``who``: the ability's controller, some opponent of theirs, every opponent, the defending
player (802.2a), the active player, or a player id."""


GraveyardCardType = Literal[
    "artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery"
]
PERMANENT_CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
"""110.4: the card types of permanent cards."""


class CardView(Protocol):
    """A card in a graveyard as conditions read it (``board.GraveyardCard``)."""

    @property
    def types(self) -> tuple[str, ...]: ...

    @property
    def subtypes(self) -> tuple[str, ...]: ...


class CardFilter(Strict):
    """Which cards in a graveyard count: each given test must hold. ``types``: has one of these
    card types ("instant and/or sorcery cards": ``[instant, sorcery]``); ``subtypes``: has one
    of these ("a Lesson card", "a Warrior card"); ``permanent``: is (true) or isn't a permanent
    card (110.4a: "permanent cards")."""

    types: tuple[GraveyardCardType, ...] | None = Field(None, min_length=1)
    subtypes: tuple[str, ...] | None = Field(None, min_length=1)
    permanent: bool | None = None

    def matches(self, card: CardView) -> bool:
        if self.types is not None and not set(self.types) & set(card.types):
            return False
        if self.subtypes is not None:
            have = {s.casefold() for s in card.subtypes}
            if not any(s.casefold() in have for s in self.subtypes):
                return False
        return self.permanent is None or bool(set(PERMANENT_CARD_TYPES) & set(card.types)) == self.permanent

    def describe(self) -> str:
        words = [*(self.subtypes or ()), " or ".join(self.types or ())]
        if self.permanent is not None:
            words.append("permanent" if self.permanent else "nonpermanent")
        return " ".join(w for w in words if w) + " cards" if any(words) else "cards"


class GraveyardCount(Strict):
    """How many cards in the player's graveyard match ``filter`` ("four or more creature cards
    in your graveyard": ``{filter: {types: [creature]}, count: {ge: 4}}``); it reads the
    player's ``graveyard_cards``."""

    filter: CardFilter = Field(default_factory=CardFilter)
    count: Comparison = Field(default_factory=lambda: Comparison(ge=1))

    def describe(self) -> str:
        return f"{self.filter.describe()} in graveyard {self.count.describe()}"


class PlayerFacts(Protocol):
    """A player as conditions read them."""

    @property
    def id(self) -> str: ...

    def fact(self, name: str) -> int: ...

    def cards_in_graveyard(self) -> Sequence[CardView]: ...

    @property
    def designations(self) -> tuple[str, ...]: ...


class ConditionScope(FilterScope, Protocol):
    """What a condition reads besides its source: players and every permanent."""

    @property
    def permanents(self) -> Sequence[PermanentView]: ...

    @property
    def player_ids(self) -> tuple[str, ...]: ...

    @property
    def active_player(self) -> str: ...

    @property
    def turn_players(self) -> tuple[str, ...]: ...

    @property
    def extra_turn(self) -> bool: ...

    def player_facts(self, player_id: str) -> PlayerFacts: ...

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool: ...

    def permanent(self, permanent_id: str) -> PermanentView: ...


class Context:
    """Who "you", "this" and "defending player" are for one evaluation (None: unknown)."""

    def __init__(
        self, scope: ConditionScope, you: str | None, source: PermanentView | None, defending: str | None
    ) -> None:
        self.scope = scope
        self.you = you
        self.source = source
        self.defending = defending

    def players(self, who: str) -> tuple[list[str], bool]:
        """The players ``who`` names, and whether the test must hold for all of them (else any)."""
        ids = self.scope.player_ids
        if who == "you":
            return ([self.you] if self.you is not None else []), True
        if who in ("opponent", "each_opponent"):
            found = [p for p in ids if self.you is not None and self.scope.are_opponents(self.you, p)]
            return found, who == "each_opponent"
        if who == "defending_player":
            return ([self.defending] if self.defending is not None else []), True
        if who == "active_player":
            return [self.scope.active_player], True
        return [who], True

    def count(self, f: Filter, controller: str | None) -> int:
        return sum(
            1
            for p in self.scope.permanents
            if (controller is None or p.controller == controller) and self.scope.matches(f, p, self.you)
        )

    def most_sharing_a_creature_type(self, controller: str) -> int:
        """The largest number of creatures ``controller`` controls that share a creature type
        (205.3m; a changeling has every creature type, 702.73a)."""
        groups = Counter(
            kind
            for p in self.scope.permanents
            if p.controller == controller and p.is_creature
            for kind in {s.casefold() for s in p.subtypes} & CREATURE_TYPES
        )
        return max(groups.values(), default=0)


class Devotion(Strict):
    """700.5: a player's devotion to ``colors`` (one, or a combination: a hybrid symbol of two of
    them counts once), as ``count`` tests it ("your devotion to black is less than five": {lt: 5})."""

    colors: tuple[Color, ...] = Field(min_length=1, max_length=5)
    count: Comparison

    def holds(self, ctx: "Context", player: str) -> bool:
        costs = [p.mana_cost or "" for p in ctx.scope.permanents if p.controller == player]
        return self.count.holds(devotion(costs, self.colors))

    def describe(self) -> str:
        return f"devotion to {' and '.join(self.colors)} {self.count.describe()}"


class PlayerTest(Strict):
    """Facts about ``who`` (see ``PLAYER_WORDS``): each given test must hold. ``opponent`` holds
    when some opponent passes, ``each_opponent`` when all do."""

    who: str = "you"
    life: Comparison | None = None
    poison: Comparison | None = None
    hand: Comparison | None = Field(None, description="cards in hand (Ensnaring Bridge, Hellbent)")
    graveyard: Comparison | None = Field(None, description="cards in graveyard (threshold: {ge: 7})")
    graveyard_card_types: Comparison | None = Field(None, description="card types among them (delirium: {ge: 4})")
    spells_cast_this_turn: Comparison | None = None
    creature_spells_cast_this_turn: Comparison | None = Field(None, description="of them, creature spells")
    noncreature_spells_cast_this_turn: Comparison | None = Field(None, description="of them, noncreature spells")
    instant_and_sorcery_spells_cast_this_turn: Comparison | None = Field(
        None, description="of them, instant and sorcery spells"
    )
    cards_drawn_this_turn: Comparison | None = None
    life_gained_this_turn: Comparison | None = None
    life_lost_this_turn: Comparison | None = None
    damage_dealt_this_turn: Comparison | None = None
    creatures_died_this_turn: Comparison | None = Field(None, description="creatures they controlled that died")
    damage_taken_this_turn: Comparison | None = Field(None, description="damage dealt to them this turn")
    permanents_sacrificed_this_turn: Comparison | None = Field(None, description="permanents they sacrificed")
    artifacts_sacrificed_this_turn: Comparison | None = Field(None, description="of them, artifacts")
    artifacts_entered_this_turn: Comparison | None = Field(
        None, description="artifacts that entered the battlefield under their control"
    )
    nonland_permanents_entered_this_turn: Comparison | None = Field(
        None, description="nonland permanents that entered the battlefield under their control"
    )
    historic_spells_cast_this_turn: Comparison | None = Field(
        None, description="of the spells they cast, historic ones (700.6)"
    )
    crimes_committed_this_turn: Comparison | None = Field(None, description="crimes they committed (700.13)")
    graveyard_cards: GraveyardCount | None = Field(
        None, description="cards in their graveyard matching a filter (Gray Slaad: creature cards {ge: 4})"
    )
    speed: Comparison | None = Field(None, description="their speed (702.179; max speed: {ge: 4}, 702.178a)")
    designations: tuple[Designation, ...] | None = Field(None, description="has every one of these")
    controls: Count | None = Field(None, description="controls at least N permanents matching the filter")
    creatures_sharing_a_type: Comparison | None = Field(
        None,
        description="the most creatures they control that share a creature type (205.3m; Graxiplon: {ge: 3})",
    )
    devotion: Devotion | None = Field(
        None, description="their devotion to colors (700.5: the mana symbols of their permanents' mana costs)"
    )

    def holds(self, ctx: Context) -> bool:
        players, every = ctx.players(self.who)
        results = [self._holds_for(ctx, p) for p in players]
        return bool(results) and (all(results) if every else any(results))

    def _holds_for(self, ctx: Context, player: str) -> bool:
        facts = ctx.scope.player_facts(player)
        for name in _PLAYER_FACTS:
            test: Comparison | None = getattr(self, name)
            if test is not None and not test.holds(facts.fact(name)):
                return False
        if self.designations is not None and not set(self.designations) <= set(facts.designations):
            return False
        cards = self.graveyard_cards
        if cards is not None and not cards.count.holds(
            sum(1 for card in facts.cards_in_graveyard() if cards.filter.matches(card))
        ):
            return False
        sharing = self.creatures_sharing_a_type
        if sharing is not None and not sharing.holds(ctx.most_sharing_a_creature_type(player)):
            return False
        if self.devotion is not None and not self.devotion.holds(ctx, player):
            return False
        return self.controls is None or ctx.count(self.controls.filter, player) >= self.controls.at_least

    def describe(self) -> str:
        who = self.who.replace("_", " ")
        parts = [
            f"{name.replace('_', ' ')} {test.describe()}" for name in _PLAYER_FACTS if (test := getattr(self, name))
        ]
        if self.designations:
            parts.append("is " + " and ".join(self.designations))
        if self.graveyard_cards is not None:
            parts.append(self.graveyard_cards.describe())
        if self.controls is not None:
            parts.append(f"controls at least {self.controls.at_least} {self.controls.filter.describe('permanents')}")
        if self.devotion is not None:
            parts.append(self.devotion.describe())
        if self.creatures_sharing_a_type is not None:
            parts.append(
                f"controls {self.creatures_sharing_a_type.describe() or 'any number of'} creatures that share a creature type"
            )
        return f"{who}: " + ", ".join(parts or ["exists"])


class Quantity(Strict):
    """A number read from the board: ``of`` a player (``who``), the permanents they control
    matching ``filter`` (``of: permanents``), or the ``power``/``toughness`` of a permanent
    (``permanent``: its id; default the ability's source: "this creature's power")."""

    who: str = "you"
    of: PlayerFact | Literal["permanents", "power", "toughness"] = "permanents"
    filter: Filter = Field(default_factory=Filter)
    permanent: str | None = None

    def values(self, ctx: Context) -> tuple[list[int], bool]:
        if self.of in ("power", "toughness"):
            p = ctx.source if self.permanent is None else ctx.scope.permanent(self.permanent)
            value = None if p is None else getattr(p, self.of)
            return ([] if value is None else [value]), True
        players, every = ctx.players(self.who)
        if self.of == "permanents":
            return [ctx.count(self.filter, p) for p in players], every
        return [ctx.scope.player_facts(p).fact(self.of) for p in players], every

    def describe(self) -> str:
        if self.of in ("power", "toughness"):
            return f"the {self.of} of {self.permanent or 'this creature'}"
        what = self.filter.describe("permanents") if self.of == "permanents" else self.of.replace("_", " ")
        return f"{what} of {self.who.replace('_', ' ')}"


_RELATIONS = {"lt": int.__lt__, "le": int.__le__, "eq": int.__eq__, "ge": int.__ge__, "gt": int.__gt__}


class Compare(Strict):
    """``left <op> right`` between players ("you control more creatures than defending player":
    Goblin Goon; Monstrous Hound). Over several players (``opponent``: some; ``each_opponent``:
    every) the relation must hold for some / every pair accordingly."""

    left: Quantity
    op: Literal["lt", "le", "eq", "ge", "gt"]
    right: Quantity

    def holds(self, ctx: Context) -> bool:
        lefts, left_every = self.left.values(ctx)
        rights, right_every = self.right.values(ctx)
        relation = _RELATIONS[self.op]
        if not lefts or not rights:
            return False

        def against(a: int) -> bool:
            rs = [relation(a, b) for b in rights]
            return all(rs) if right_every else any(rs)

        ls = [against(a) for a in lefts]
        return all(ls) if left_every else any(ls)

    def describe(self) -> str:
        words = {"lt": "fewer than", "le": "at most", "eq": "as many as", "ge": "at least", "gt": "more than"}
        return f"{self.left.describe()} {words[self.op]} {self.right.describe()}"


class AttackTest(Strict):
    """How many creatures attack (``filter``; ``others``: other than the source): "if a creature
    you control attacks" (Ekundu Cyclops), "unless a black or green creature also attacks"
    (Scarred Puma), "as long as it's attacking alone". In the declare blockers step it reads the
    declared attack; in the declare attackers step it is about the declaration being judged, so
    the solver sees it (docs/design.md §4.9)."""

    filter: Filter = Field(default_factory=Filter)
    others: bool = True
    count: Comparison = Field(default_factory=lambda: Comparison(ge=1))

    def counted(self, ctx: Context, candidates: Sequence[PermanentView]) -> list[PermanentView]:
        return [
            c
            for c in candidates
            if not (self.others and ctx.source is not None and c.id == ctx.source.id)
            and ctx.scope.matches(self.filter, c, ctx.you)
        ]

    def holds(self, ctx: Context) -> bool:
        attacking = set(ctx.scope.attacking_ids())
        return self.count.holds(len([c for c in self.counted(ctx, ctx.scope.permanents) if c.id in attacking]))

    def describe(self) -> str:
        who = "other " if self.others else ""
        number = self.count.describe() or "any number of"
        if self.count.parity is not None:
            bounds = self.count.model_copy(update={"even": None}).describe()
            number = f"an {'even' if self.count.parity else 'odd'} number{f' ({bounds})' if bounds else ''} of"
        return f"{number} {who}{self.filter.describe()} attack"


class Condition(Strict):
    """A conjunction of board facts; an empty condition always holds. ``source``: the permanent
    that has the ability matches this filter ("as long as it's untapped": ``{tapped: false}``;
    "as long as it's attacking alone": ``{attacking_alone: true}``). ``players``: player tests.
    ``battlefield``: at least N permanents matching, anyone's. ``compare``: comparisons between
    players. ``your_turn``: "during your turn" (``true``: it is the turn of the ability's
    controller, or of their team with shared team turns, 805.4a; ``false``: it isn't). ``attack``: how many creatures attack (only at the top of a condition, not under
    ``not``/``any_of``). ``not``/``any_of``: negation and alternatives."""

    source: Filter | None = None
    attack: AttackTest | None = None
    players: tuple[PlayerTest, ...] | None = None
    battlefield: Count | None = None
    compare: tuple[Compare, ...] | None = None
    your_turn: bool | None = Field(
        None,
        description="it is (true) or isn't (false) the turn of the ability's controller, or of their team "
        'with shared team turns (805.4a): "during your turn" (Daggersail Aeronaut)',
    )
    extra_turn: bool | None = Field(
        None,
        description='the turn is (true) or isn\'t (false) an extra turn (500.7): "during extra turns" (Medomai the Ageless)',
    )
    not_: "Condition | None" = Field(None, alias="not")
    any_of: "tuple[Condition, ...] | None" = None

    @model_validator(mode="after")
    def _attack_on_top(self) -> "Condition":
        for sub in (self.not_, *(self.any_of or ())):
            if sub is not None and sub.mentions_attack():
                raise ValueError("`attack` can only be at the top of a condition, not under `not` or `any_of`")
        return self

    def mentions_attack(self) -> bool:
        return self.attack is not None or any(
            sub.mentions_attack() for sub in (self.not_, *(self.any_of or ())) if sub is not None
        )

    def holds(self, ctx: Context, *, board_only: bool = False) -> bool:
        """Truth in ``ctx``; ``board_only``: leave ``attack`` out (it is then read per declaration)."""
        if self.attack is not None and not board_only and not self.attack.holds(ctx):
            return False
        if self.source is not None and (ctx.source is None or not ctx.scope.matches(self.source, ctx.source, ctx.you)):
            return False
        if any(not t.holds(ctx) for t in self.players or ()):
            return False
        if self.battlefield is not None and ctx.count(self.battlefield.filter, None) < self.battlefield.at_least:
            return False
        if any(not c.holds(ctx) for c in self.compare or ()):
            return False
        if self.your_turn is not None and (ctx.you is not None and ctx.you in ctx.scope.turn_players) != self.your_turn:
            return False
        if self.extra_turn is not None and ctx.scope.extra_turn != self.extra_turn:
            return False
        if self.not_ is not None and self.not_.holds(ctx):
            return False
        return self.any_of is None or any(c.holds(ctx) for c in self.any_of)

    def player_words(self) -> Iterator[str]:
        """Every ``who`` this condition names (for validation; ``your_turn`` names "you")."""
        if self.your_turn is not None:
            yield "you"
        for t in self.players or ():
            yield t.who
        for c in self.compare or ():
            yield c.left.who
            yield c.right.who
        for sub in (self.not_, *(self.any_of or ())):
            if sub is not None:
                yield from sub.player_words()

    def referenced_ids(self) -> list[str]:
        found = self.source.referenced_ids() if self.source else []
        if self.attack is not None:
            found += self.attack.filter.referenced_ids()
        for t in self.players or ():
            if t.controls is not None:
                found += t.controls.referenced_ids()
        if self.battlefield is not None:
            found += self.battlefield.referenced_ids()
        for c in self.compare or ():
            found += c.left.filter.referenced_ids() + c.right.filter.referenced_ids()
            found += [q.permanent for q in (c.left, c.right) if q.permanent is not None]
        for sub in (self.not_, *(self.any_of or ())):
            if sub is not None:
                found += sub.referenced_ids()
        return found

    def describe(self) -> str:
        parts = []
        if self.attack is not None:
            parts.append(self.attack.describe())
        if self.source is not None:
            parts.append(f"it is {self.source.describe()}")
        parts += [t.describe() for t in self.players or ()]
        if self.battlefield is not None:
            parts.append(
                f"at least {self.battlefield.at_least} {self.battlefield.filter.describe('permanents')} on the battlefield"
            )
        parts += [c.describe() for c in self.compare or ()]
        if self.your_turn is not None:
            parts.append("it is your turn" if self.your_turn else "it isn't your turn")
        if self.extra_turn is not None:
            parts.append("it is an extra turn" if self.extra_turn else "it isn't an extra turn")
        if self.not_ is not None:
            parts.append(f"not ({self.not_.describe()})")
        if self.any_of:
            parts.append(" or ".join(f"({c.describe()})" for c in self.any_of))
        return " and ".join(parts) or "always"
