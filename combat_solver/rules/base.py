"""The contract every ability kind fulfils (hooks with do-nothing defaults)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal

from ..ir import Atom, Cmp, Cond, Lin, implies
from ..strict import Strict

if TYPE_CHECKING:
    from ..board import Permanent
    from ..game import AttackUnit, BlockUnit, Instance
    from ..outcome import CombatFacts
    from ..verdict import TriggerReport
    from .costs import CostTerm


@dataclass(frozen=True)
class Reason:
    """Why one blocker can't block one attacker, whatever else is declared."""

    rule: str
    kind: str
    message: str


@dataclass(frozen=True)
class Restriction:
    """A condition every legal declaration must meet (508.1c, 509.1b). ``detail`` may word the
    violation for the declaration at hand (it gets each atom's value)."""

    rule: str
    kind: str
    objects: tuple[str, ...]
    message: str
    cond: Cond
    detail: Callable[[Callable[[Atom], int]], str] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Requirement:
    """One requirement (508.1d, 509.1c); counted separately per effect and per affected object."""

    rule: str
    kind: str
    objects: tuple[str, ...]
    description: str
    source: str
    cond: Cond


def with_others(
    rule: str, kind: str, holder: str, message: str, doing: Lin, others: Lin, lo: int | None, hi: int | None
) -> Restriction:
    """ "can't attack/block alone", "unless N others ...": if the holder attacks (blocks), how
    many of the others also do must lie within ``lo``..``hi`` (506.5, 508.1c, 509.1b)."""
    return Restriction(rule, kind, (holder,), message, implies(doing.at_least(1), Cmp(others, lo, hi)))


class AbilityBase(Strict):
    """Base of every ability kind. ``scope`` says whether it belongs to the creature that has it
    or states a rule of the game (e.g. "No more than one creature can block each combat")."""

    kind: str
    scope: ClassVar[Literal["creature", "game"]] = "creature"
    rule: ClassVar[str] = ""

    def forbids_being_blocked_by(self, unit: BlockUnit, inst: Instance, blocker: Permanent) -> Reason | None:
        """Evasion of the attacker ``inst.holder`` that rules out this one blocker."""
        return None

    def forbids_blocking(self, unit: BlockUnit, inst: Instance, attacker: Permanent) -> Reason | None:
        """A restriction of the blocker ``inst.holder`` that rules out blocking this attacker."""
        return None

    def extra_blocks(self) -> int:
        """How many more creatures its holder can block (509.1a exceptions)."""
        return 0

    def permits_tapped_block(self) -> bool:
        return False

    def block_restrictions(self, unit: BlockUnit, inst: Instance) -> Iterable[Restriction]:
        return ()

    def block_requirements(self, unit: BlockUnit, inst: Instance) -> Iterable[Requirement]:
        return ()

    def forbids_attacking(self, unit: AttackUnit, inst: Instance, target: str) -> Reason | None:
        """A restriction of the attacker ``inst.holder`` that rules out attacking ``target``."""
        return None

    def permits_attacking_with_defender(self) -> bool:
        return False

    def attack_restrictions(self, unit: AttackUnit, inst: Instance) -> Iterable[Restriction]:
        return ()

    def attack_requirements(self, unit: AttackUnit, inst: Instance) -> Iterable[Requirement]:
        return ()

    def attack_costs(self, unit: AttackUnit, inst: Instance) -> Iterable[CostTerm]:
        """Costs to attack (508.1h) this ability imposes."""
        return ()

    def block_costs(self, unit: BlockUnit, inst: Instance) -> Iterable[CostTerm]:
        """Costs to block (509.1d) this ability imposes."""
        return ()

    def attack_triggers(self, facts: CombatFacts, inst: Instance) -> Iterable[TriggerReport]:
        """How this ability triggers on attackers being declared (508.1m)."""
        return ()

    def block_triggers(self, facts: CombatFacts, inst: Instance) -> Iterable[TriggerReport]:
        """How this ability triggers on blockers being declared (509.1i, 509.3)."""
        return ()

    def referenced_ids(self) -> list[tuple[str, str]]:
        """(field name, id) pairs this ability names, for dangling-id checks."""
        out: list[tuple[str, str]] = []
        for name, value in self:
            if isinstance(value, str) and name in _ID_FIELDS and value not in ("you", "owner"):
                out.append((name, value))
            elif hasattr(value, "referenced_ids") and not isinstance(value, AbilityBase):
                out += [(name, ref) for ref in value.referenced_ids()]
        return out


_ID_FIELDS = frozenset({"attacker", "by", "player"})
