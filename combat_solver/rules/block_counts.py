"""Restrictions on how many creatures block one attacker (509.1b, 702.111b)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Literal

from ..model.base import Positive
from ..model.ir import Atom, Pair, all_of, any_of
from .kind import AbilityBase, BlockScope, Instance, Restriction
from .phrase import Phrase, Slot


class _MinimumBlockers(AbilityBase):
    kind: Literal["menace", "min_blockers"]

    def minimum(self) -> int:
        raise NotImplementedError

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        attacker = unit.attacker(inst)
        if attacker is None:
            return
        count = unit.blockers_of(attacker)
        n = self.minimum()
        name = self.kind.replace("_", " ")
        creatures = unit.creatures

        def detail(value_of: Callable[[Atom], int]) -> str:
            blockers = [unit.label(c) for c in creatures if value_of(Pair(c.id, attacker.id))]
            who = " and ".join(blockers)
            alone = "alone" if len(blockers) == 1 else f"with only {len(blockers)} creatures"
            return (
                f"{who} can't block {unit.label(attacker)} {alone}: {name}, {self.rule} (it needs {n} or more blockers)"
            )

        yield Restriction(
            self.rule,
            self.kind,
            (attacker.id,),
            f"{unit.label(attacker)} can't be blocked except by {n} or more creatures ({name}, {self.rule})",
            any_of(count.at_most(0), count.at_least(n)),
            detail,
        )

    def kind_name(self) -> str:
        return str(self.kind)


class Menace(_MinimumBlockers):
    """702.111b: can't be blocked except by two or more creatures."""

    kind: Literal["menace"] = "menace"
    keyword = "menace"
    phrases = (Phrase(r"can't be blocked except by two or more creatures"),)
    rule = "702.111b"

    def minimum(self) -> int:
        return 2


class MinBlockers(_MinimumBlockers):
    """509.1b: "can't be blocked except by N or more creatures" (Phyrexian Colossus: 3)."""

    kind: Literal["min_blockers"] = "min_blockers"
    phrases = (Phrase(r"can't be blocked except by (\w+) or more creatures", {"n": Slot(1, "number")}),)
    rule = "509.1b"
    n: Positive

    def minimum(self) -> int:
        return self.n


class MaxBlockers(AbilityBase):
    """509.1b: "can't be blocked by more than N creatures" (Stalking Tiger; Familiar Ground grants it)."""

    kind: Literal["max_blockers"] = "max_blockers"
    phrases = (Phrase(r"can't be blocked by more than (one|two|three) creatures?", {"n": Slot(1, "number")}),)
    rule = "509.1b"
    n: Positive

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        attacker = unit.attacker(inst)
        if attacker is None:
            return
        yield Restriction(
            self.rule,
            self.kind,
            (attacker.id,),
            f"{unit.label(attacker)} can't be blocked by more than {self.n} creature{'s' if self.n > 1 else ''} ({inst.source}, {self.rule})",
            unit.blockers_of(attacker).at_most(self.n),
        )


class CantBeBlockedUnlessAllBlock(AbilityBase):
    """509.1b: "can't be blocked unless all creatures defending player controls block it" (Tromokratis)."""

    kind: Literal["cant_be_blocked_unless_all_block"] = "cant_be_blocked_unless_all_block"
    phrases = (Phrase(r"can't be blocked unless all creatures defending player controls block it"),)
    rule = "509.1b"

    def block_restrictions(self, unit: BlockScope, inst: Instance) -> Iterable[Restriction]:
        attacker = unit.attacker(inst)
        if attacker is None:
            return
        defender = unit.game.defending_player(attacker.id)
        everyone = [c for c in unit.creatures if c.controller == defender]
        yield Restriction(
            self.rule,
            self.kind,
            (attacker.id,),
            f"{unit.label(attacker)} can't be blocked unless all creatures its defending player controls block it ({self.rule})",
            any_of(
                unit.blockers_of(attacker).at_most(0), all_of(*(unit.pair(c, attacker).at_least(1) for c in everyone))
            ),
        )
