"""What a legal declaration causes: the combat state (508.1k, 509.1g-h, 702.22h) and the
triggered abilities that trigger on attackers or blockers being declared (508.1m, 509.1i, 509.3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..board.model import Permanent
from ..model.conditions import AttackTest, Context
from ..model.declarations import AttackDeclaration, BlockDeclaration
from ..model.filters import Target
from ..model.records import CombatState, TriggerReport
from ..rules.kind import Instance
from .game import Game
from .units import attack_unit


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

    def fired(
        self, inst: Instance, kind: str, rule: str, count: int, objects: Iterable[str], note: str = ""
    ) -> TriggerReport:
        return TriggerReport(
            source=inst.source,
            holder=inst.holder.id if inst.holder else None,
            kind=kind,
            rule=rule,
            count=count,
            objects=tuple(objects),
            note=note,
        )

    def attack_target_matches(self, spec: Target, target: str, inst: Instance) -> bool:
        return attack_unit(self.game).target_matches(spec, target, inst)

    def applies_against(self, inst: Instance, target: str) -> bool:
        """``inst``'s conditions, with the defending player of an attack on ``target`` (802.2a), its
        ``attack`` tests read on this declaration's attackers (508.1m: Tolsimir's "if Tolsimir
        attacked this combat" as the attack is declared)."""
        unit = attack_unit(self.game)
        if not unit.applies_against(inst, target, declaring=True):
            return False
        ctx = Context(inst.as_applied or self.game, inst.controller, inst.holder, unit.defending_player_of(target))
        needed, excluded = inst.ability.attack_gate(ctx)
        return (needed is None or self._attack_holds(needed, ctx)) and (
            excluded is None or not self._attack_holds(excluded, ctx)
        )

    def _attack_holds(self, test: AttackTest, ctx: Context) -> bool:
        return test.count.holds(len(test.counted(ctx, self.attackers)))

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
    def _reports(fired: list[TriggerReport]) -> tuple[TriggerReport, ...]:
        return tuple(f for f in fired if f.count > 0)


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
