"""Restrictions on the blocking creature and on the block as a whole (509.1a, 509.1b, 506.5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ..model.base import Flag, NonNegative, Positive
from ..model.filters import Filter, PermanentView
from .kind import ANY_NUMBER, AbilityBase, BlockScope, Instance, Reason, Restriction, with_everyone, with_others
from .phrase import SELF, Phrase, Slot


class ChoosesBlockers(AbilityBase):
    """ "You choose which creatures block this combat and how those creatures block" (Master
    Warcraft; Odric, Master Tactician; Invasion Plans): its controller declares the blocks
    instead of each defending player; the rules for a legal block are the same (509.1)."""

    kind: Literal["chooses_blockers"] = "chooses_blockers"
    scope = "game"
    rule = "509.1"


class CantBlock(AbilityBase):
    """509.1b: "can't block" (Pacifism, Bedlam, decayed), or with ``attackers``, "can't block
    <filter>" (Ironclaw Orcs: creatures with power 2 or greater)."""

    kind: Literal["cant_block"] = "cant_block"
    phrases = (
        Phrase(r"can't block"),
        Phrase(r"can't block (?:it|\$self)", {"attackers": {"ids": [SELF]}}),
        Phrase(r"can't block (.+?)", {"attackers": Slot(1, "creatures")}),
    )
    rule = "509.1b"
    attackers: Filter | None = None

    def forbids_blocking(self, unit: BlockScope, inst: Instance, attacker: PermanentView) -> Reason | None:
        if self.attackers is None:
            return Reason(self.rule, self.kind, f"{unit.label(inst.holder)} can't block ({inst.source})")
        if not unit.matches(self.attackers, attacker, inst.controller):
            return None
        return Reason(
            self.rule, self.kind, f"{unit.label(inst.holder)} can't block {self.attackers.describe()} ({inst.source})"
        )


class CanBlockOnly(AbilityBase):
    """509.1b: "can block only creatures with <quality>" (Cloud Sprite: flying)."""

    kind: Literal["can_block_only"] = "can_block_only"
    phrases = (Phrase(r"can block only (.+?)", {"attackers": Slot(1, "creatures")}),)
    rule = "509.1b"
    attackers: Filter

    def forbids_blocking(self, unit: BlockScope, inst: Instance, attacker: PermanentView) -> Reason | None:
        if unit.matches(self.attackers, attacker, inst.controller):
            return None
        return Reason(self.rule, self.kind, f"{unit.label(inst.holder)} can block only {self.attackers.describe()}")


class CantBlockAlone(AbilityBase):
    """506.5, 509.1b: "can't block alone" — another creature must also be declared as a blocker."""

    kind: Literal["cant_block_alone"] = "cant_block_alone"
    phrases = (Phrase(r"can't block alone"),)
    rule = "506.5"

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        if (me := unit.blocker(inst)) is not None:
            msg = f"{unit.label(me)} can't block alone ({self.rule})"
            yield with_everyone(self.rule, self.kind, me.id, msg, unit.blocking(me), unit.all_blocking, 1, None)


class CantBlockUnlessOthersBlock(AbilityBase):
    """509.1b: "can't block unless at least N other creatures block" (Orcish Conscripts: 2)."""

    kind: Literal["cant_block_unless_others_block"] = "cant_block_unless_others_block"
    phrases = (Phrase(r"can't block unless at least (\w+) other creatures block", {"n": Slot(1, "number")}),)
    rule = "509.1b"
    n: Positive

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        if (me := unit.blocker(inst)) is not None:
            msg = f"{unit.label(me)} can't block unless at least {self.n} other creatures block ({self.rule})"
            yield with_everyone(self.rule, self.kind, me.id, msg, unit.blocking(me), unit.all_blocking, self.n, None)


class CantBlockUnlessGreaterPowerBlocks(AbilityBase):
    """509.1b: "can't block unless a creature with greater power also blocks" (Okk)."""

    kind: Literal["cant_block_unless_greater_power_blocks"] = "cant_block_unless_greater_power_blocks"
    phrases = (Phrase(r"can't block unless a creature with greater power also blocks"),)
    rule = "509.1b"

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        if (me := unit.blocker(inst)) is not None:
            stronger = unit.blocking_among(c for c in unit.creatures if (c.power or 0) > (me.power or 0))
            msg = f"{unit.label(me)} can't block unless a creature with greater power also blocks ({self.rule})"
            yield with_others(self.rule, self.kind, me.id, msg, unit.blocking(me), stronger, 1, None)


class BlockAdditional(AbilityBase):
    """509.1a exception: "can block an additional N creatures each combat"."""

    kind: Literal["block_additional"] = "block_additional"
    phrases = (
        Phrase(r"can block an additional creature each combat"),
        Phrase(r"can block an additional ([\w-]+) creatures each combat", {"n": Slot(1, "number")}),
    )
    rule = "509.1a"
    n: Positive = 1

    def extra_blocks(self) -> int:
        return self.n


class BlockAnyNumber(AbilityBase):
    """509.1a exception: "can block any number of creatures"."""

    kind: Literal["block_any_number"] = "block_any_number"
    phrases = (Phrase(r"can block any number of creatures"),)
    rule = "509.1a"

    def extra_blocks(self) -> int:
        return ANY_NUMBER


class BlockWhileTapped(AbilityBase):
    """509.1a exception: "can block as though it were untapped" (Masako the Humorless grants it);
    Siege Elemental's "Tapped creatures can block": a permission to block is only this one, as
    "can't" beats "can" (101.2) and an untapped creature may block anyway (509.1a)."""

    kind: Literal["block_while_tapped"] = "block_while_tapped"
    phrases = (Phrase(r"can block as though (?:it were|they were) untapped"), Phrase(r"can block"))
    rule = "509.1a"

    def permits_tapped_block(self) -> bool:
        return True


class BlockLimit(AbilityBase):
    """509.1b: "No more than N creatures can block each combat" (Silent Arbiter); with
    ``opponents_only``, "each opponent can't block with more than N creatures" (Mirri), counted
    for each opponent separately. Without it, counted per defending player (802.4b), or over a
    defending team's combined block under shared team turns (805.10d)."""

    kind: Literal["block_limit"] = "block_limit"
    phrases = (Phrase(r"No more than (\w+) creatures? can block each combat", {"n": Slot(1, "number")}, "sentence"),)
    scope = "game"
    rule = "509.1b"
    n: NonNegative
    opponents_only: Flag = False

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        plural = "s" if self.n != 1 else ""
        if not self.opponents_only:
            yield Restriction(
                self.rule,
                self.kind,
                (),
                f"no more than {self.n} creature{plural} can block each combat ({inst.source}, {self.rule})",
                unit.all_blocking.at_most(self.n),
            )
            return
        for player in sorted(unit.players):
            if unit.game.are_opponents(inst.controller or "", player):
                yield Restriction(
                    self.rule,
                    self.kind,
                    (player,),
                    f"{player} can't block with more than {self.n} creature{plural} this combat ({inst.source}, {self.rule})",
                    unit.blocking_among([c for c in unit.creatures if c.controller == player]).at_most(self.n),
                )
