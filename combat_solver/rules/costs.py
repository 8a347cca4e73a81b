"""Ability kinds that impose costs to attack and block (508.1d, 508.1h, 509.1c-d); the mana
abilities that pay them are in ``rules/mana.py`` (605). Each states its costs as ``CostTerm``s: how much one *unit* costs
(one attacking creature, one blocking creature, one blocker of this attacker) and which
declaration atoms count those units; everything else about costs (the requirement maximum given
what is paid, docs/design.md §4.2; paying in full, 509.1f) is in the ``costs`` package."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field

from ..model.cost_terms import Cost, CostTerm
from ..model.filters import Filter, Target
from .kind import AbilityBase, AttackScope, BlockScope, Instance
from .phrase import MANA, Phrase, Slot


class AttackTax(AbilityBase):
    """508.1d, 508.1h: "Creatures can't attack you unless their controller pays <cost> for each
    creature they control that's attacking you" (Propaganda, Ghostly Prison: ``{2}``; Norn's Annex:
    ``{W/P}`` with ``target: {player: you, planeswalkers: true}``; Sphere of Safety: ``{X}``,
    ``x_count`` enchantments; Collective Restraint: ``x_domain``; Nils, Discipline Enforcer:
    ``{X}``, ``x_counters``, for ``attackers`` with counters). ``attackers`` limits it to some
    creatures (Elephant Grass: nonblack); ``target: null`` taxes every attacker (War Tax)."""

    kind: Literal["attack_tax"] = "attack_tax"
    scope = "game"
    rule = "508.1h"
    cost: Cost
    target: Target | None = Field(default_factory=lambda: Target(player="you"))
    attackers: Filter | None = None

    def attack_costs(self, unit: AttackScope, inst: Instance) -> Iterable[CostTerm]:
        targets = [t for t in unit.targets if self.target is None or unit.target_matches(self.target, t, inst)]
        for c in unit.attackers:
            if self.attackers is None or unit.matches(self.attackers, c, inst.controller):
                unit_cost = self.cost.resolve(unit.game, inst.controller, c)
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
    sacrifice two Islands; Exalted Dragon: sacrifice a land; Qal Sisma Behemoth: {2}; Floodtide
    Serpent: ``bounce`` an enchantment; Whipgrass Entangler's granted "{1} for each Cleric on the
    battlefield": ``{X}``, ``x_battlefield``)."""

    kind: Literal["attack_cost"] = "attack_cost"
    phrases = (
        Phrase(r"can't attack unless (?:its controller pays|you pay) (" + MANA + ")", {"cost": {"mana": Slot(1)}}),
        Phrase(
            r"can't attack unless you pay \{1\} for each ([+-]\d+/[+-]\d+|[a-z]+) counter on it",
            {"cost": {"mana": "{X}", "x_counters": Slot(1)}},
        ),
        Phrase(
            r"can't attack unless you return (\w+) (.+?) you control to its owner's hand",
            {"cost": {"bounce": {"filter": Slot(2, "permanents"), "n": Slot(1, "number")}}},
        ),
        Phrase(
            r"can't attack unless you sacrifice (\w+) (.+)",
            {"cost": {"sacrifice": {"filter": Slot(2, "permanents"), "n": Slot(1, "number")}}},
        ),
    )
    rule = "508.1h"
    cost: Cost

    def attack_costs(self, unit: AttackScope, inst: Instance) -> Iterable[CostTerm]:
        me = unit.attacker(inst)
        if me is not None:
            unit_cost = self.cost.resolve(unit.game, me.controller, me)
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
    limits it to some creatures, ``attackers`` to blocks of some creatures ("can't block creatures
    you control unless ...": Heat Wave, ``blockers: {not: {colors: [blue]}}``, ``attackers:
    {controller: you}``, 1 life). A creature is taxed once however many of them it blocks."""

    kind: Literal["block_tax"] = "block_tax"
    scope = "game"
    rule = "509.1d"
    cost: Cost
    blockers: Filter | None = None
    attackers: Filter | None = None

    def block_costs(self, unit: BlockScope, inst: Instance) -> Iterable[CostTerm]:
        taxed = [
            a for a in unit.attackers if self.attackers is None or unit.matches(self.attackers, a, inst.controller)
        ]
        if self.attackers is not None and not taxed:
            return
        whom = ""
        if self.attackers is not None:
            whom = " " + self.attackers.describe().replace("you control", f"{inst.controller} controls")
        for b in unit.creatures:
            if self.blockers is None or unit.matches(self.blockers, b, inst.controller):
                unit_cost = self.cost.resolve(unit.game, inst.controller, b)
                yield CostTerm(
                    b.controller,
                    unit.blocking(b) if self.attackers is None else unit.blocking_any(b, taxed),
                    unit_cost,
                    inst.source,
                    self.rule,
                    f"{unit_cost.describe()} for {unit.label(b)} to block{whom} ({inst.source})",
                )


class BlockedTax(AbilityBase):
    """509.1d: "can't be blocked unless defending player pays <cost> for each creature they
    control that's blocking it" (Awesome Presence: {3})."""

    kind: Literal["blocked_tax"] = "blocked_tax"
    phrases = (
        Phrase(
            r"can't be blocked unless defending player pays ("
            + MANA
            + ") for each creature they control that's blocking it",
            {"cost": {"mana": Slot(1)}},
        ),
    )
    rule = "509.1d"
    cost: Cost

    def block_costs(self, unit: BlockScope, inst: Instance) -> Iterable[CostTerm]:
        attacker = unit.attacker(inst)
        if attacker is None:
            return
        for b in unit.creatures:
            unit_cost = self.cost.resolve(unit.game, b.controller, b)
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
    phrases = (
        Phrase(r"can't block unless (?:its controller pays|you pay) (" + MANA + ")", {"cost": {"mana": Slot(1)}}),
        Phrase(
            r"can't block unless you pay \{1\} for each ([+-]\d+/[+-]\d+|[a-z]+) counter on it",
            {"cost": {"mana": "{X}", "x_counters": Slot(1)}},
        ),
        Phrase(
            r"can't block (.+?) unless you pay (" + MANA + ")",
            {"cost": {"mana": Slot(2)}, "attackers": Slot(1, "creatures")},
        ),
    )
    rule = "509.1d"
    cost: Cost
    attackers: Filter | None = None

    def block_costs(self, unit: BlockScope, inst: Instance) -> Iterable[CostTerm]:
        me = unit.blocker(inst)
        if me is None:
            return
        unit_cost = self.cost.resolve(unit.game, me.controller, me)
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
