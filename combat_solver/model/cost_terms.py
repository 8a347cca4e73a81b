"""What a cost is (508.1h, 509.1d): the board's wording of one unit's cost (``Cost``), that cost
resolved on the board (``UnitCost``, X counted), the ``CostTerm`` an ability kind states (units of
a declaration times a unit cost, owed by one player) and how a locked-in total is worded."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Protocol

from pydantic import Field, field_validator, model_validator

from .base import MAX_INTEGER, Flag, NonNegative, Positive, Strict
from .filters import Filter, PermanentView
from .ir import Lin

MANA_COLORS = ("W", "U", "B", "R", "G", "C")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class Mana:
    """A parsed mana cost: generic amount, colored (and {C}) symbols, Phyrexian symbols, X count,
    hybrid symbols (107.4e: ``"WU"`` for {W/U}, payable with either color)."""

    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()
    phyrexian: tuple[tuple[str, int], ...] = ()
    x: int = 0
    hybrid: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def parse(text: str) -> Mana:
        if _SYMBOL.sub("", text).strip():
            raise ValueError(f"{text!r} is not a mana cost like {{2}}{{W}}{{W/P}}{{X}}")
        generic = x = 0
        colored: dict[str, int] = {}
        phyrexian: dict[str, int] = {}
        hybrid: dict[str, int] = {}
        for symbol in _SYMBOL.findall(text):
            s = symbol.upper()
            if s.isdigit():
                generic += int(s)
            elif s == "X":
                x += 1
            elif s in MANA_COLORS:
                colored[s] = colored.get(s, 0) + 1
            elif len(s) == 3 and s.endswith("/P") and s[0] in MANA_COLORS[:5]:
                phyrexian[s[0]] = phyrexian.get(s[0], 0) + 1
            elif len(s) == 3 and s[1] == "/" and s[0] != s[2] and {s[0], s[2]} <= set(MANA_COLORS[:5]):
                pair = "".join(sorted((s[0], s[2]), key=MANA_COLORS.index))
                hybrid[pair] = hybrid.get(pair, 0) + 1
            else:
                raise ValueError(f"unsupported mana symbol {{{symbol}}}")
        if generic + x + sum(colored.values()) + sum(phyrexian.values()) + sum(hybrid.values()) > MAX_INTEGER:
            raise ValueError(f"a mana cost can't exceed {MAX_INTEGER} mana")
        return Mana(
            generic, tuple(sorted(colored.items())), tuple(sorted(phyrexian.items())), x, tuple(sorted(hybrid.items()))
        )

    def count(self) -> int:
        """How many mana it takes (X as 0)."""
        return self.generic + sum(n for _, n in (*self.colored, *self.phyrexian, *self.hybrid))


class Permanents(Strict):
    """``n`` permanents matching ``filter`` (among the payer's)."""

    filter: Filter = Field(default_factory=Filter)
    n: Positive = 1


class CostScope(Protocol):
    """What resolving a cost reads: the permanents on the battlefield and filters."""

    @property
    def permanents(self) -> Sequence[PermanentView]: ...

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool: ...


class Cost(Strict):
    """What one unit costs: ``mana`` such as ``"{2}"``, ``"{W/P}"`` or ``"{X}"`` (X is the number
    of permanents the ability's controller controls matching ``x_count``, of permanents on the
    battlefield matching ``x_battlefield`` whoever controls them, the number of basic land types
    among the controller's lands with ``x_domain``, or the number of counters on the creature the
    cost is for with ``x_counters``), ``life``, permanents to ``sacrifice``, ``tap`` (untapped ones) or
    return to their owner's hand (``bounce``) among the payer's, cards to ``discard``."""

    mana: str = ""
    x_count: Filter | None = None
    x_battlefield: Filter | None = Field(
        None,
        description="X is the number of permanents on the battlefield matching this filter, anyone's "
        "(Whipgrass Entangler: Clerics); `controller` narrows it to a player's",
    )
    x_domain: Flag = False
    x_counters: Flag | Annotated[str, Field(min_length=1)] = Field(
        False,
        description="X is the number of counters on the creature this cost is for (Nils, Discipline Enforcer: true), "
        'or of one kind of them (Phyrexian Marauder: "+1/+1")',
    )
    life: NonNegative = 0
    sacrifice: Permanents | None = None
    tap: Permanents | None = None
    bounce: Permanents | None = Field(
        None, description="return permanents you control to their owner's hand (Floodtide Serpent)"
    )
    discard: NonNegative = 0

    @field_validator("mana")
    @classmethod
    def _parses(cls, text: str) -> str:
        Mana.parse(text)
        return text

    @model_validator(mode="after")
    def _one_x(self) -> Cost:
        ways = [
            name
            for name, given in (
                ("x_count", self.x_count is not None),
                ("x_battlefield", self.x_battlefield is not None),
                ("x_domain", self.x_domain),
                ("x_counters", self.x_counters),
            )
            if given
        ]
        if len(ways) > 1:
            raise ValueError("X is counted one way: x_count, x_battlefield, x_domain or x_counters")
        if ways and not Mana.parse(self.mana).x:
            raise ValueError(f"{ways[0]} says how X is counted, but mana {self.mana!r} has no {{X}}")
        return self

    def referenced_ids(self) -> list[str]:
        out = [i for f in (self.x_count, self.x_battlefield) if f is not None for i in f.referenced_ids()]
        for c in (self.sacrifice, self.tap, self.bounce):
            if c is not None:
                out += c.filter.referenced_ids()
        return out

    def resolve(self, game: CostScope, controller: str | None, creature: PermanentView | None = None) -> UnitCost:
        """This cost on the board: X counted for the ability's ``controller`` and the ``creature``
        the cost is for (508.1h: the total is determined, then locked in)."""
        mana = Mana.parse(self.mana)
        x = 0
        if mana.x:
            if self.x_domain:
                lands = [p for p in game.permanents if p.controller == controller and "land" in p.types]
                found = {s.casefold() for p in lands for s in p.subtypes}
                x = sum(1 for t in BASIC_LAND_TYPES if t.casefold() in found)
            elif self.x_count is not None:
                x = sum(
                    1
                    for p in game.permanents
                    if p.controller == controller and game.matches(self.x_count, p, controller)
                )
            elif self.x_battlefield is not None:
                x = sum(1 for p in game.permanents if game.matches(self.x_battlefield, p, controller))
            elif isinstance(self.x_counters, str) and creature is not None:
                x = creature.counters.get(self.x_counters, 0)
            elif self.x_counters and creature is not None:
                x = sum(creature.counters.values())
        return UnitCost(
            generic=mana.generic + mana.x * x,
            colored=mana.colored,
            phyrexian=mana.phyrexian,
            life=self.life,
            sacrifice=(self.sacrifice.filter, self.sacrifice.n) if self.sacrifice else None,
            tap=(self.tap.filter, self.tap.n) if self.tap else None,
            discard=self.discard,
            bounce=(self.bounce.filter, self.bounce.n) if self.bounce else None,
            hybrid=mana.hybrid,
        )


@dataclass(frozen=True)
class UnitCost:
    """A resolved cost per unit (X already counted)."""

    generic: int
    colored: tuple[tuple[str, int], ...]
    phyrexian: tuple[tuple[str, int], ...]
    life: int
    sacrifice: tuple[Filter, int] | None
    tap: tuple[Filter, int] | None
    discard: int
    bounce: tuple[Filter, int] | None = None
    hybrid: tuple[tuple[str, int], ...] = ()

    def permanents(self) -> tuple[tuple[str, Filter, int], ...]:
        """The permanents it asks for: (action, filter, how many)."""
        return tuple(
            (action, spec[0], spec[1])
            for action, spec in (("sacrifice", self.sacrifice), ("tap", self.tap), ("return", self.bounce))
            if spec is not None
        )

    def describe(self) -> str:
        return total_text([(self, 1)])


@dataclass(frozen=True)
class CostTerm:
    """``units`` times ``cost``, paid by ``payer``."""

    payer: str
    units: Lin
    cost: UnitCost
    source: str
    rule: str
    description: str = field(compare=False)


def _permanents_text(f: Filter) -> str:
    """``f`` as the permanents a cost names: "Island", "enchantment", "permanent" (a filter
    without a creature type or subtype describes no creature)."""
    text = f.describe("permanents")
    if f.subtypes or "creature" in (f.types or ()):
        return text
    return re.sub(r"\b(permanent|artifact|enchantment|land|planeswalker|battle)s\b", r"\1", text, count=1)


_ACTION_WORDS = {"sacrifice": "sacrifice {n} {what}", "tap": "tap {n} untapped {what}", "return": "return {n} {what}"}


def total_text(costs: Sequence[tuple[UnitCost, int]]) -> str:
    """The locked-in total (508.1h) of unit costs incurred ``n`` times each, e.g. "{4}{W/P}, 2 life"."""
    generic = sum(c.generic * n for c, n in costs)
    colored: dict[str, int] = {}
    phyrexian: dict[str, int] = {}
    hybrid: dict[str, int] = {}
    for c, n in costs:
        for color, k in c.colored:
            colored[color] = colored.get(color, 0) + k * n
        for color, k in c.phyrexian:
            phyrexian[color] = phyrexian.get(color, 0) + k * n
        for pair, k in c.hybrid:
            hybrid[pair] = hybrid.get(pair, 0) + k * n
    mana = "".join(f"{{{p[0]}/{p[1]}}}" * k for p, k in sorted(hybrid.items()))
    mana += "".join(f"{{{c}/P}}" * k for c, k in sorted(phyrexian.items()))
    mana = (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" * k for c, k in sorted(colored.items())) + mana
    parts = [mana] if mana else []
    life = sum(c.life * n for c, n in costs)
    if life:
        parts.append(f"{life} life")
    for action in ("sacrifice", "tap", "return"):
        owed: dict[str, int] = {}
        for c, n in costs:
            for act, f, k in c.permanents():
                if act == action:
                    what = _permanents_text(f)
                    owed[what] = owed.get(what, 0) + k * n
        parts += [_ACTION_WORDS[action].format(n=k, what=what) for what, k in owed.items()]
    discard = sum(c.discard * n for c, n in costs)
    if discard:
        parts.append(f"discard {discard} card{'s' if discard > 1 else ''}")
    return ", ".join(parts) or "{0}"
