"""What a legal declaration causes: the combat state (508.1k, 509.1g-h, 702.22h) and the
triggered abilities that trigger on attackers or blockers being declared (508.1m, 509.1i, 509.3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import Field

from ._base import Strict
from .board import Permanent
from .declarations import AttackDeclaration, BlockDeclaration
from .state import Game, Instance


@dataclass(frozen=True)
class Fired:
    """One triggered ability, triggering ``count`` times, caused by ``objects``."""

    source: str
    holder: str | None
    kind: str
    rule: str
    count: int
    objects: tuple[str, ...]
    note: str = field(default="", compare=False)


class CombatState(Strict):
    """Who attacks what; who blocks what (a blocker of one band member blocks all of them,
    702.22h); which attackers are blocked or unblocked (509.1h)."""

    attackers: dict[str, str]
    bands: tuple[tuple[str, ...], ...] = ()
    blockers: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    blocked: tuple[str, ...] = ()
    unblocked: tuple[str, ...] = ()


class TriggerReport(Strict):
    """A triggered ability of ``holder`` (from ``source``) that triggers ``count`` times."""

    source: str
    holder: str | None
    kind: str
    rule: str
    count: int
    objects: tuple[str, ...]
    note: str = ""


class CombatFacts:
    """A legal declaration, seen the way trigger conditions read it."""

    def __init__(
        self,
        game: Game,
        attacks: Mapping[str, str],
        bands: tuple[tuple[str, ...], ...],
        blocks: Mapping[str, tuple[str, ...]] | None = None,
        exerted: tuple[str, ...] = (),
        enlisted: Mapping[str, str] | None = None,
    ) -> None:
        self.game = game
        self.attacks = dict(attacks)
        self.bands = bands
        self.exerted = frozenset(exerted)
        self.enlisted = dict(enlisted or {})
        self.attackers = [game.permanent(a) for a in sorted(self.attacks)]
        band_of = {m: band for band in bands for m in band}
        self.blocked_by_blocker: dict[str, list[str]] = {}
        self.blockers_of: dict[str, list[str]] = {}
        for blocker, declared in sorted((blocks or {}).items()):
            covered = sorted({m for a in declared for m in band_of.get(a, (a,))})
            self.blocked_by_blocker[blocker] = covered
            for a in covered:
                self.blockers_of.setdefault(a, []).append(blocker)
        self.blocking_creatures: list[Permanent] = [game.permanent(b) for b in self.blocked_by_blocker]

    def fired(self, inst: Instance, kind: str, rule: str, count: int, objects: list[str], note: str = "") -> Fired:
        return Fired(inst.source, inst.holder.id if inst.holder else None, kind, rule, count, tuple(objects), note)

    def state(self, *, blocks_declared: bool) -> CombatState:
        blocked = tuple(a for a in sorted(self.attacks) if self.blockers_of.get(a))
        return CombatState(
            attackers=self.attacks,
            bands=self.bands,
            blockers={b: tuple(a) for b, a in self.blocked_by_blocker.items()},
            blocked=blocked if blocks_declared else (),
            unblocked=tuple(a for a in sorted(self.attacks) if a not in blocked) if blocks_declared else (),
        )

    def _instances(self) -> list[Instance]:
        found: list[Instance] = []
        for insts in self.game.instances.values():
            found += insts
        return found + self.game.game_rules

    def attack_triggers(self) -> tuple[TriggerReport, ...]:
        return self._reports([f for i in self._instances() for f in i.ability.attack_triggers(self, i)])

    def block_triggers(self) -> tuple[TriggerReport, ...]:
        return self._reports([f for i in self._instances() for f in i.ability.block_triggers(self, i)])

    @staticmethod
    def _reports(fired: list[Fired]) -> tuple[TriggerReport, ...]:
        return tuple(
            TriggerReport(
                source=f.source,
                holder=f.holder,
                kind=f.kind,
                rule=f.rule,
                count=f.count,
                objects=f.objects,
                note=f.note,
            )
            for f in fired
            if f.count > 0
        )


def after_attack(game: Game, declaration: AttackDeclaration) -> tuple[CombatState, tuple[TriggerReport, ...]]:
    """508.1k-m: the attack and what triggers on it."""
    facts = CombatFacts(
        game, declaration.attacks, declaration.bands, exerted=declaration.exert, enlisted=declaration.enlist
    )
    return facts.state(blocks_declared=False), facts.attack_triggers()


def after_block(game: Game, declaration: BlockDeclaration) -> tuple[CombatState, tuple[TriggerReport, ...]]:
    """509.1g-i: blocking and blocked creatures, and what triggers on the block."""
    combat = game.board.combat
    assert combat is not None
    facts = CombatFacts(game, combat.attackers, combat.bands, declaration.blocks)
    return facts.state(blocks_declared=True), facts.block_triggers()
