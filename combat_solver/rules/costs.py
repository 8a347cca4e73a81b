"""Costs to attack and block (508.1d, 508.1h-j, 509.1c-f) and the mana abilities that pay them (605).

A cost ability states how much one *unit* costs (one attacking creature, one blocking creature,
one blocker of this attacker) and which declaration atoms count those units. The requirement
maximum is taken over declarations that incur only the cost items a declaration pays (docs/design.md §4.2); a declaration that pays is
legal only if its whole locked-in total can be paid from what its payer has (509.1f).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import Field, field_validator

from ..filters import Filter, PermanentView, Target
from ..strict import MAX_INTEGER, Flag, NonNegative, Positive, Strict
from .base import AbilityBase, AttackScope, BlockScope, CostTerm, GameView, Instance, UnitCost

MANA_COLORS = ("W", "U", "B", "R", "G", "C")
_SYMBOL = re.compile(r"\{([^{}]+)\}")


@dataclass(frozen=True)
class Mana:
    """A parsed mana cost: generic amount, colored (and {C}) symbols, Phyrexian symbols, X count."""

    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()
    phyrexian: tuple[tuple[str, int], ...] = ()
    x: int = 0

    @staticmethod
    def parse(text: str) -> Mana:
        if _SYMBOL.sub("", text).strip():
            raise ValueError(f"{text!r} is not a mana cost like {{2}}{{W}}{{W/P}}{{X}}")
        generic = x = 0
        colored: dict[str, int] = {}
        phyrexian: dict[str, int] = {}
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
            else:
                raise ValueError(f"unsupported mana symbol {{{symbol}}}")
        if generic + x + sum(colored.values()) + sum(phyrexian.values()) > MAX_INTEGER:
            raise ValueError(f"a mana cost can't exceed {MAX_INTEGER} mana")
        return Mana(generic, tuple(sorted(colored.items())), tuple(sorted(phyrexian.items())), x)


class Permanents(Strict):
    """``n`` permanents matching ``filter`` (among the payer's)."""

    filter: Filter = Field(default_factory=Filter)
    n: Positive = 1


class Cost(Strict):
    """What one unit costs: ``mana`` such as ``"{2}"``, ``"{W/P}"`` or ``"{X}"`` (X is the number
    of permanents the ability's controller controls matching ``x_count``, or the number of basic
    land types among their lands with ``x_domain``), ``life``, permanents to ``sacrifice`` or
    ``tap`` (untapped ones) among the payer's, cards to ``discard``."""

    mana: str = ""
    x_count: Filter | None = None
    x_domain: Flag = False
    life: NonNegative = 0
    sacrifice: Permanents | None = None
    tap: Permanents | None = None
    discard: NonNegative = 0

    @field_validator("mana")
    @classmethod
    def _parses(cls, text: str) -> str:
        Mana.parse(text)
        return text

    def referenced_ids(self) -> list[str]:
        out = self.x_count.referenced_ids() if self.x_count else []
        for c in (self.sacrifice, self.tap):
            if c is not None:
                out += c.filter.referenced_ids()
        return out


BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def resolve_cost(cost: Cost, game: GameView, controller: str | None) -> UnitCost:
    mana = Mana.parse(cost.mana)
    x = 0
    if mana.x:
        if cost.x_domain:
            lands = [p for p in game.permanents if p.controller == controller and "land" in p.types]
            found = {s.casefold() for p in lands for s in p.subtypes}
            x = sum(1 for t in BASIC_LAND_TYPES if t.casefold() in found)
        elif cost.x_count is not None:
            x = sum(
                1 for p in game.permanents if p.controller == controller and game.matches(cost.x_count, p, controller)
            )
    return UnitCost(
        generic=mana.generic + mana.x * x,
        colored=mana.colored,
        phyrexian=mana.phyrexian,
        life=cost.life,
        sacrifice=(cost.sacrifice.filter, cost.sacrifice.n) if cost.sacrifice else None,
        tap=(cost.tap.filter, cost.tap.n) if cost.tap else None,
        discard=cost.discard,
    )


class ManaAbility(AbilityBase):
    """605.1a: "{T}: Add <mana>" — ``produces`` lists the colors it can make (``"G"``, ``"WU"``,
    ``"C"``, ``"any"``); one activation makes ``amount`` mana, all of one of those colors (Gilded
    Lotus: "three mana of any one color"). Needs the permanent untapped, and a creature without
    haste must have been controlled since the turn began (302.6). Life: 0 can always be paid,
    more only up to the life total (119.4)."""

    kind: Literal["mana"] = "mana"
    rule = "605.1a"
    produces: str = "any"
    amount: Positive = 1

    @field_validator("produces")
    @classmethod
    def _colors(cls, text: str) -> str:
        if text != "any" and (not text or any(ch not in MANA_COLORS for ch in text.upper())):
            raise ValueError('produces is "any" or letters among W, U, B, R, G, C')
        return text.upper() if text != "any" else text

    def colors(self) -> tuple[str, ...]:
        return MANA_COLORS[:5] if self.produces == "any" else tuple(dict.fromkeys(self.produces))


class AttackTax(AbilityBase):
    """508.1d, 508.1h: "Creatures can't attack you unless their controller pays <cost> for each
    creature they control that's attacking you" (Propaganda, Ghostly Prison: ``{2}``; Norn's Annex:
    ``{W/P}`` with ``target: {player: you, planeswalkers: true}``; Sphere of Safety: ``{X}``,
    ``x_count`` enchantments; Collective Restraint: ``x_domain``). ``attackers`` limits it to some
    creatures (Elephant Grass: nonblack); ``target: null`` taxes every attacker (War Tax)."""

    kind: Literal["attack_tax"] = "attack_tax"
    scope = "game"
    rule = "508.1h"
    cost: Cost
    target: Target | None = Field(default_factory=lambda: Target(player="you"))
    attackers: Filter | None = None

    def attack_costs(self, unit: AttackScope, inst: Instance) -> Iterable[CostTerm]:
        unit_cost = resolve_cost(self.cost, unit.game, inst.controller)
        targets = [t for t in unit.targets if self.target is None or unit.target_matches(self.target, t, inst)]
        for c in unit.attackers:
            if self.attackers is None or unit.matches(self.attackers, c, inst.controller):
                whom = f" {unit.describe_target(self.target, inst)}" if self.target else ""
                yield CostTerm(
                    c.controller,
                    unit.attacks_on(targets, [c]),
                    unit_cost,
                    inst.source,
                    self.rule,
                    f"{unit_cost.describe()} for {unit.label(c)} attacking{whom} ({inst.source})",
                )


class AttackCost(AbilityBase):
    """508.1h: "can't attack unless its controller pays <cost>" (Brainwash: {3}; Leviathan:
    sacrifice two Islands; Exalted Dragon: sacrifice a land; Qal Sisma Behemoth: {2})."""

    kind: Literal["attack_cost"] = "attack_cost"
    rule = "508.1h"
    cost: Cost

    def attack_costs(self, unit: AttackScope, inst: Instance) -> Iterable[CostTerm]:
        me = unit.attacker(inst)
        if me is not None:
            unit_cost = resolve_cost(self.cost, unit.game, me.controller)
            yield CostTerm(
                me.controller,
                unit.attacking(me),
                unit_cost,
                inst.source,
                self.rule,
                f"{unit_cost.describe()} for {unit.label(me)} to attack ({inst.source})",
            )


class BlockTax(AbilityBase):
    """509.1d: "creatures can't block unless their controller pays <cost> for each blocking
    creature they control" (War Cadence: ``{X}``; Archangel of Tithes: ``{1}``); ``blockers``
    limits it to some creatures."""

    kind: Literal["block_tax"] = "block_tax"
    scope = "game"
    rule = "509.1d"
    cost: Cost
    blockers: Filter | None = None

    def block_costs(self, unit: BlockScope, inst: Instance) -> Iterable[CostTerm]:
        unit_cost = resolve_cost(self.cost, unit.game, inst.controller)
        for b in unit.creatures:
            if self.blockers is None or unit.matches(self.blockers, b, inst.controller):
                yield CostTerm(
                    b.controller,
                    unit.blocking(b),
                    unit_cost,
                    inst.source,
                    self.rule,
                    f"{unit_cost.describe()} for {unit.label(b)} to block ({inst.source})",
                )


class BlockedTax(AbilityBase):
    """509.1d: "can't be blocked unless defending player pays <cost> for each creature they
    control that's blocking it" (Awesome Presence: {3})."""

    kind: Literal["blocked_tax"] = "blocked_tax"
    rule = "509.1d"
    cost: Cost

    def block_costs(self, unit: BlockScope, inst: Instance) -> Iterable[CostTerm]:
        attacker = unit.attacker(inst)
        if attacker is None:
            return
        for b in unit.creatures:
            unit_cost = resolve_cost(self.cost, unit.game, b.controller)
            yield CostTerm(
                b.controller,
                unit.pair(b, attacker),
                unit_cost,
                inst.source,
                self.rule,
                f"{unit_cost.describe()} for {unit.label(b)} to block {unit.label(attacker)} ({inst.source})",
            )


class BlockCost(AbilityBase):
    """509.1d: "can't block unless you pay <cost>" (Qal Sisma Behemoth: {2}); with ``attackers``,
    "can't block <filter> unless you pay" (Hipparion: creatures with power 3 or greater, {1})."""

    kind: Literal["block_cost"] = "block_cost"
    rule = "509.1d"
    cost: Cost
    attackers: Filter | None = None

    def block_costs(self, unit: BlockScope, inst: Instance) -> Iterable[CostTerm]:
        me = unit.blocker(inst)
        if me is None:
            return
        unit_cost = resolve_cost(self.cost, unit.game, me.controller)
        if self.attackers is None:
            yield CostTerm(
                me.controller,
                unit.blocking(me),
                unit_cost,
                inst.source,
                self.rule,
                f"{unit_cost.describe()} for {unit.label(me)} to block ({inst.source})",
            )
            return
        for a in unit.attackers:
            if unit.matches(self.attackers, a, me.controller):
                yield CostTerm(
                    me.controller,
                    unit.pair(me, a),
                    unit_cost,
                    inst.source,
                    self.rule,
                    f"{unit_cost.describe()} for {unit.label(me)} to block {unit.label(a)} ({inst.source})",
                )


def mana_sources(game: GameView, player: str) -> list[tuple[PermanentView, ManaAbility]]:
    """Untapped permanents of ``player`` whose mana abilities can be activated now (605, 302.6)."""
    out = []
    for p in game.permanents_of(player):
        if p.tapped or game.is_summoning_sick(p):
            continue
        out += [(p, i.ability) for i in game.instances.get(p.id, []) if isinstance(i.ability, ManaAbility)]
    return out
