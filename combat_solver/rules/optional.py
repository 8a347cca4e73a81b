"""Optional costs to attack (508.1g) and banding (508.1e, 702.22): choices announced with the
attack that never change which requirements it must obey."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from ..filters import Filter
from .base import AbilityBase, CombatFactsView, Instance

if TYPE_CHECKING:
    from ..verdict import TriggerReport


class Exert(AbilityBase):
    """701.43d: "You may exert this creature as it attacks" — an optional cost (508.1g)."""

    kind: Literal["exert"] = "exert"
    rule = "701.43d"

    def attack_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        """607.2h: its linked "when you do" ability triggers when it is exerted."""
        if inst.holder is not None and inst.holder.id in facts.exerted:
            yield facts.fired(inst, "exert_linked_trigger", "607.2h", 1, [inst.holder.id])


class Enlist(AbilityBase):
    """702.154a-b: as it attacks, may tap an untapped nonattacking creature its controller controls
    that has haste or was controlled since the turn began — an optional cost (508.1g)."""

    kind: Literal["enlist"] = "enlist"
    rule = "702.154a"

    def attack_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        """702.154b, 607.2h: "When you do, this creature gets +X/+0" once it enlisted a creature."""
        enlisted = facts.enlisted.get(inst.holder.id) if inst.holder is not None else None
        if enlisted is not None:
            power = facts.game.permanent(enlisted).power or 0
            yield facts.fired(inst, "enlist_linked_trigger", "702.154b", 1, [enlisted], note=f"+{power}/+0")


class Banding(AbilityBase):
    """702.22c: any number of creatures with banding and up to one without can attack as a band."""

    kind: Literal["banding"] = "banding"
    rule = "702.22c"


class BandsWithOther(AbilityBase):
    """702.22c: "bands with other <quality>": a band of creatures matching ``quality``, one or more
    of them with this ability."""

    kind: Literal["bands_with_other"] = "bands_with_other"
    rule = "702.22c"
    quality: Filter
