"""Optional costs to attack (508.1g) and banding (508.1e, 702.22): choices announced with the
attack that never change which requirements it must obey."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from ..model.filters import Filter, PermanentView
from ..model.records import TriggerReport, Violation
from .kind import AbilityBase, AttackScope, CombatFactsView, Instance
from .phrase import Phrase, Slot

if TYPE_CHECKING:
    from ..model.declarations import AttackDeclaration


class Exert(AbilityBase):
    """701.43d: "You may exert this creature as it attacks" — an optional cost (508.1g)."""

    kind: Literal["exert"] = "exert"
    phrases = (Phrase(r"You may exert \$self as (?:it|he|she|they) attacks?", place="sentence"),)
    rule = "701.43d"

    @classmethod
    def declaration_violations(cls, unit: AttackScope, declaration: AttackDeclaration) -> Iterable[Violation]:
        """701.43d: only an attacking creature with an exert ability can be exerted as it attacks."""
        for a in declaration.exert:
            if a not in declaration.attacks or not unit.game.has_keyword(a, "exert"):
                yield Violation(
                    rule="508.1g",
                    kind="cant_exert",
                    objects=(a,),
                    message=f"{unit.label(unit.game.permanent(a))} can't be exerted: only an attacking creature "
                    "with an exert ability can be (701.43d)",
                )

    def attack_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        """607.2h: its linked "when you do" ability triggers when it is exerted."""
        if inst.holder is not None and inst.holder.id in facts.exerted:
            yield facts.fired(inst, "exert_linked_trigger", "607.2h", 1, [inst.holder.id])


class Enlist(AbilityBase):
    """702.154a-b: as it attacks, may tap an untapped nonattacking creature its controller controls
    that has haste or was controlled since the turn began — an optional cost (508.1g)."""

    kind: Literal["enlist"] = "enlist"
    keyword = "enlist"
    rule = "702.154a"

    @classmethod
    def declaration_violations(cls, unit: AttackScope, declaration: AttackDeclaration) -> Iterable[Violation]:
        """702.154a, 702.154c: who may enlist whom."""
        game = unit.game
        used: dict[str, str] = {}
        for a, c in declaration.enlist.items():
            attacker, enlisted = game.permanent(a), game.permanent(c)
            reason = None
            if a not in declaration.attacks or not game.has_keyword(a, "enlist"):
                reason = f"{unit.label(attacker)} isn't an attacking creature with enlist"
            elif a == c:
                reason = "a creature can't enlist itself (702.154c)"
            elif not enlisted.is_creature or enlisted.controller != attacker.controller:
                reason = f"{unit.label(enlisted)} isn't a creature {attacker.controller} controls"
            elif c in declaration.attacks:
                reason = f"{unit.label(enlisted)} was chosen to attack"
            elif enlisted.tapped:
                reason = f"{unit.label(enlisted)} is tapped"
            elif game.is_summoning_sick(enlisted):
                reason = f"{unit.label(enlisted)} has neither haste nor been controlled since the turn began"
            elif c in used:
                reason = f"{unit.label(enlisted)} is already enlisted by {unit.label(game.permanent(used[c]))}"
            used.setdefault(c, a)
            if reason:
                yield Violation(
                    rule="702.154a",
                    kind="cant_enlist",
                    objects=(a, c),
                    message=f"{unit.label(attacker)} can't enlist {unit.label(enlisted)}: {reason} (702.154a)",
                )

    def attack_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        """702.154b, 607.2h: "When you do, this creature gets +X/+0" once it enlisted a creature."""
        enlisted = facts.enlisted.get(inst.holder.id) if inst.holder is not None else None
        if enlisted is not None:
            power = facts.game.permanent(enlisted).power or 0
            yield facts.fired(inst, "enlist_linked_trigger", "702.154b", 1, [enlisted], note=f"+{power}/+0")


class Banding(AbilityBase):
    """702.22c: any number of creatures with banding and up to one without can attack as a band."""

    kind: Literal["banding"] = "banding"
    keyword = "banding"
    rule = "702.22c"

    def permits_band(self, unit: AttackScope, inst: Instance, members: Sequence[PermanentView]) -> bool:
        return sum(1 for m in members if not unit.has(m, "banding")) <= 1

    @classmethod
    def declaration_violations(cls, unit: AttackScope, declaration: AttackDeclaration) -> Iterable[Violation]:
        """508.1e, 702.22c-d, 802.3b: who may band together, and a band attacks one target."""
        game = unit.game
        seen: set[str] = set()
        for band in declaration.bands:
            members = [game.permanent(m) for m in band]
            names = ", ".join(unit.label(m) for m in members)
            if len(band) < 2 or any(m not in declaration.attacks for m in band) or seen & set(band):
                yield Violation(
                    rule="702.22c",
                    kind="invalid_band",
                    objects=band,
                    message=f"the band {names} must be two or more attacking creatures, each in one band only (702.22c)",
                )
            seen |= set(band)
            if not any(i.ability.permits_band(unit, i, members) for m in members for i in game.instances[m.id]):
                yield Violation(
                    rule="702.22c",
                    kind="invalid_band",
                    objects=band,
                    message=f"{names} can't form a band: it needs creatures with banding and at most one without, "
                    'or creatures sharing the quality of a "bands with other" member (702.22c)',
                )
            if len({declaration.attacks.get(m) for m in band}) > 1:
                yield Violation(
                    rule="702.22d",
                    kind="band_split",
                    objects=band,
                    message=f"the band {names} attacks different players, planeswalkers or battles (702.22d, 802.3b)",
                )


class BandsWithOther(AbilityBase):
    """702.22c: "bands with other <quality>": a band of creatures matching ``quality``, one or more
    of them with this ability."""

    kind: Literal["bands_with_other"] = "bands_with_other"
    phrases = (Phrase(r"bands with other (.+)", {"quality": Slot(1, "quality")}, "keyword"),)
    rule = "702.22c"
    quality: Filter

    def permits_band(self, unit: AttackScope, inst: Instance, members: Sequence[PermanentView]) -> bool:
        return all(unit.matches(self.quality, m, inst.controller) for m in members)
