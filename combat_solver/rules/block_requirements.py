"""Block requirements (509.1c), counted as docs/design.md §4.1 says: Lure makes one requirement per
potential blocker; "must be blocked" is one requirement on the block as a whole; "blocks if
able" and provoke are one requirement on the named blocker. A creature blocking one member of
an attacking band blocks them all (702.22h), and that counts here; but a requirement to block one
creature binds only creatures able to block that creature themselves (docs/design.md §4.8)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import model_validator

from ..model.base import Positive
from ..model.filters import Filter, PermanentView
from ..model.ir import Lin, Pair, all_of
from .kind import AbilityBase, BlockScope, Instance, Requirement
from .phrase import ObjectId, Phrase, Slot


def blocks_if_able(unit: BlockScope, blocker: PermanentView, attacker: PermanentView) -> Lin:
    """At least 1 when ``blocker`` obeys "blocks ``attacker`` if able": it blocks ``attacker`` or,
    through its band, another member (702.22h), but the band counts only for a creature able to
    block ``attacker`` itself. Lure ruling (2004-10-04): "If a Lured creature is in a band, only
    blockers able to block the Lured creature are affected by the Lure"; Lure "doesn't give any
    creatures the ability to block" it."""
    if unit.atom_reasons(Pair(blocker.id, attacker.id)):
        return unit.pair(blocker, attacker)
    return unit.blocks_as_band(blocker, attacker)


class Lure(AbilityBase):
    """509.1c: "All creatures able to block this creature do so" — for each creature of its
    defending player (or team), a requirement that it blocks this creature; with ``blockers``,
    only the creatures matching it ("All Walls able to block Marble Priest do so")."""

    kind: Literal["lure"] = "lure"
    rule = "509.1c"
    blockers: Filter | None = None

    def block_requirements(self, unit: BlockScope, inst: Instance) -> Iterable[Requirement]:
        attacker = unit.attacker(inst)
        if attacker is None:
            return
        for blocker in unit.creatures:
            if self.blockers is not None and not unit.matches(self.blockers, blocker, inst.controller):
                continue
            yield Requirement(
                self.rule,
                self.kind,
                (blocker.id, attacker.id),
                f"{unit.label(blocker)} blocks {unit.label(attacker)} if able ({inst.source})",
                inst.source,
                blocks_if_able(unit, blocker, attacker).at_least(1),
            )


class MustBeBlocked(AbilityBase):
    """509.1c: "must be blocked if able"; with ``by`` "must be blocked by <filter> if able"
    (Slayer's Cleaver: an Eldrazi); ``min``/``max`` for "by two or more creatures" (Gorm) and
    "by exactly one creature" (Nacatl War-Pride: min 1, max 1). One requirement."""

    kind: Literal["must_be_blocked"] = "must_be_blocked"
    phrases = (
        Phrase(r"must be blocked if able"),
        Phrase(r"must be blocked by exactly one creature if able", {"min": 1, "max": 1}),
        Phrase(r"must be blocked by (an? .+?) if able", {"by": Slot(1, "creatures")}),
        Phrase(r"must be blocked by (two|three) or more creatures if able", {"min": Slot(1, "number")}),
    )
    rule = "509.1c"
    by: Filter | None = None
    min: Positive = 1
    max: Positive | None = None

    @model_validator(mode="after")
    def _bounds(self) -> MustBeBlocked:
        if self.max is not None and self.max < self.min:
            raise ValueError("max must be at least min")
        return self

    def block_requirements(self, unit: BlockScope, inst: Instance) -> Iterable[Requirement]:
        attacker = unit.attacker(inst)
        if attacker is None:
            return
        blockers = [c for c in unit.creatures if self.by is None or unit.matches(self.by, c, inst.controller)]
        count = unit.band_blockers_of(attacker, blockers)
        cond = (
            count.at_least(self.min) if self.max is None else all_of(count.at_least(self.min), count.at_most(self.max))
        )
        yield Requirement(
            self.rule,
            self.kind,
            (attacker.id,),
            f"{unit.label(attacker)} must be blocked{self._how()} if able ({inst.source})",
            inst.source,
            cond,
        )

    def _how(self) -> str:
        who = f" {self.by.describe()}" if self.by is not None else " creatures"
        if self.max == self.min:
            amount = "exactly one" if self.min == 1 else f"exactly {self.min}"
        elif self.min > 1:
            amount = f"{self.min} or more"
        elif self.by is None:
            return ""
        else:
            amount = "one or more"
        return f" by {amount}{who}"


class MustBlock(AbilityBase):
    """509.1c: "blocks each combat if able"; with ``attacker``, "blocks <that creature> if able"
    (provoke 702.39a, Culling Mark, Crashing Boars). One requirement on this blocker."""

    kind: Literal["must_block"] = "must_block"
    phrases = (Phrase(r"blocks? each combat if able"),)
    rule = "509.1c"
    attacker: ObjectId | None = None

    def block_requirements(self, unit: BlockScope, inst: Instance) -> Iterable[Requirement]:
        blocker = unit.blocker(inst)
        if blocker is None:
            return
        if self.attacker is None:
            yield Requirement(
                self.rule,
                self.kind,
                (blocker.id,),
                f"{unit.label(blocker)} blocks if able ({inst.source})",
                inst.source,
                unit.attackers_blocked_by(blocker).at_least(1),
            )
            return
        target = unit.game.permanent(self.attacker)
        yield Requirement(
            self.rule,
            self.kind,
            (blocker.id, target.id),
            f"{unit.label(blocker)} blocks {unit.label(target)} if able ({inst.source})",
            inst.source,
            blocks_if_able(unit, blocker, target).at_least(1),
        )
