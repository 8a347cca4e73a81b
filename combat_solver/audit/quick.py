"""The audit's quick path: most recorded declarations are legal ones on small boards whose
creatures have only a few plain keywords. For those, legality is decided here from the board
alone, without resolving the game, building units or reading a model: no requirement and no
cost can exist, so a declaration that breaks none of the few restrictions those keywords make is
legal, obeying 0 of 0 requirements (508.1d, 509.1c). What those keywords forbid is asked of
the kinds themselves (their ``forbids_*`` hooks and block restrictions, read over the board by
``_Plain``), so each keyword's rule is written once, in its class.

``surely_legal`` answers True only when the full check (``check_attacks``/``check_blocks``)
would answer exactly that; anything else (an illegal declaration, a board with any other
ability, effect or object the quick path doesn't read) gets False, and the full check decides.
``tests/test_audit.py`` compares both on every record of the synthetic generator.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from ..board.model import Board, Permanent
from ..model.choices import Choices
from ..model.declarations import AttackDeclaration, BlockDeclaration
from ..model.filters import PermanentView
from ..model.ir import Atom, Lin, Pair, evaluate
from ..rules.kind import AttackScope, BlockScope, Instance

QUICK_KINDS = frozenset({"flying", "reach", "menace", "vigilance", "haste", "defender", "mana"})
"""Unconditional abilities whose only effects are the ones read here: flying and reach (702.9b,
702.17b), menace (702.111b), haste (302.6, 702.10b), defender (702.3b); vigilance (702.20b) and
mana abilities (605: read only to pay costs, and no cost can exist on such a board) change
nothing about legality."""


def surely_legal(board: Board, declaration: AttackDeclaration | BlockDeclaration) -> bool:
    """True when ``declaration`` is certainly legal on ``board`` with no requirement to obey;
    False when the full check must decide."""
    if not _plain(board):
        return False
    if isinstance(declaration, AttackDeclaration):
        return board.combat is None and _attack_is_legal(board, declaration)
    return board.combat is not None and _block_is_legal(board, declaration)


def _plain(board: Board) -> bool:
    """Two or more players without teams, nothing but plain creatures and inert permanents."""
    if board.effects or board.shared_team_turns or board.attackable_players is not None or board.attacked_this_turn:
        return False
    if any(p.team is not None for p in board.players):
        return False
    return all(_plain_permanent(p) for p in board.permanents)


def _plain_permanent(p: Permanent) -> bool:
    if p.attached_to is not None or p.counters or "planeswalker" in p.types or "battle" in p.types:
        return False
    if p.chosen != Choices():
        return False
    return all(a.kind in QUICK_KINDS and a.condition is None and a.unless is None for a in p.abilities)


class _Plain:
    """The parts of a declaring unit (``rules.kind.BlockScope``, ``AttackScope``) that the hooks
    of ``QUICK_KINDS`` read, over a plain board: no effect, grant or condition changes what any
    permanent has, so each permanent's instances are its own abilities."""

    def __init__(self, board: Board, creatures: Sequence[Permanent] = ()) -> None:
        self.game = self
        self.creatures = tuple(creatures)
        self.instances: Mapping[str, list[Instance]] = {
            p.id: [Instance(a, p, p.name, p.controller) for a in p.abilities] for p in board.permanents
        }
        self._kinds = {p.id: {a.kind for a in p.abilities} for p in board.permanents}

    def has(self, permanent: PermanentView, kind: str) -> bool:
        return kind in self._kinds[permanent.id]

    def label(self, permanent: PermanentView | None) -> str:
        return "" if permanent is None else permanent.id

    def attacker(self, inst: Instance) -> PermanentView | None:
        return inst.holder

    def blocker(self, inst: Instance) -> PermanentView | None:
        return inst.holder

    def blockers_of(self, attacker: PermanentView, among: Iterable[PermanentView] | None = None) -> Lin:
        return Lin.of(Pair(c.id, attacker.id) for c in (self.creatures if among is None else among))


def _attack_is_legal(board: Board, declaration: AttackDeclaration) -> bool:
    """508.1a: untapped creatures of the active player, not summoning sick unless they have
    haste, without defender; 508.1b: each attacks an opponent."""
    if declaration.bands or declaration.exert or declaration.enlist:
        return False
    active = board.active_player
    permanents = {p.id: p for p in board.permanents}
    opponents = {p.id for p in board.players if p.id != active}
    unit = _Plain(board)
    scope = cast(AttackScope, unit)
    for attacker_id, target in declaration.attacks.items():
        attacker = permanents.get(attacker_id)
        if attacker is None or not attacker.is_creature or attacker.controller != active or attacker.tapped:
            return False
        own = unit.instances[attacker_id]
        if target not in opponents or any(i.ability.forbids_attacking(scope, i, target) for i in own):
            return False
        if attacker.summoning_sick and not any(i.ability.permits_attacking_while_summoning_sick() for i in own):
            return False
    return True


def _block_is_legal(board: Board, declaration: BlockDeclaration) -> bool:
    """509.1a: untapped creatures of the player each blocks attacks, one attacker each (802.4a);
    509.1b: what the attackers' and blockers' abilities forbid (flying: only creatures with flying
    or reach, 702.9b; menace: two or more or none, 702.111b)."""
    assert board.combat is not None
    if declaration.player is not None or board.combat.bands:
        return False
    attacked = board.combat.attackers
    permanents = {p.id: p for p in board.permanents}
    declared: set[Atom] = set()
    for blocker_id, attackers in declaration.blocks.items():
        blocker = permanents.get(blocker_id)
        if blocker is None or not blocker.is_creature or blocker.tapped or len(attackers) != 1:
            return False
        attacker_id = attackers[0]
        attacker = permanents.get(attacker_id)
        if attacker is None or attacked.get(attacker_id) != blocker.controller:
            return False
        declared.add(Pair(blocker_id, attacker_id))
    defending = {permanents[b].controller for b in declaration.blocks}
    creatures = [p for p in board.permanents if p.is_creature and p.controller in defending]
    unit = _Plain(board, creatures)
    scope = cast(BlockScope, unit)
    for pair in declared:
        assert isinstance(pair, Pair)
        blocker, attacker = permanents[pair.blocker], permanents[pair.attacker]
        if any(i.ability.forbids_being_blocked_by(scope, i, blocker) for i in unit.instances[attacker.id]):
            return False
        if any(i.ability.forbids_blocking(scope, i, attacker) for i in unit.instances[blocker.id]):
            return False
    holders = [permanents[a] for a in attacked if a in permanents] + creatures
    restrictions = [r for p in holders for i in unit.instances[p.id] for r in i.ability.block_restrictions(scope, i)]
    return all(evaluate(r.cond, lambda atom: int(atom in declared)) for r in restrictions)
