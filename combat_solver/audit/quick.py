"""The audit's quick path: most recorded declarations are legal ones on small boards whose
creatures have only a few plain keywords. For those, legality is decided here from the board
alone, without resolving the game, building units or reading a model: no requirement and no
cost can exist, so a declaration that breaks none of the few restrictions those keywords make is
legal, obeying 0 of 0 requirements (508.1d, 509.1c).

``surely_legal`` answers True only when the full check (``check_attacks``/``check_blocks``)
would answer exactly that; anything else (an illegal declaration, a board with any other
ability, effect or object the quick path doesn't read) gets False, and the full check decides.
``tests/test_audit.py`` compares both on every record of the synthetic generator.
"""

from __future__ import annotations

from ..board.model import Board, Permanent
from ..model.declarations import AttackDeclaration, BlockDeclaration

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
    return all(a.kind in QUICK_KINDS and a.condition is None and a.unless is None for a in p.abilities)


def _kinds(p: Permanent) -> set[str]:
    return {a.kind for a in p.abilities}


def _attack_is_legal(board: Board, declaration: AttackDeclaration) -> bool:
    """508.1a: untapped creatures of the active player, not summoning sick unless they have
    haste, without defender; 508.1b: each attacks an opponent."""
    if declaration.bands or declaration.exert or declaration.enlist:
        return False
    active = board.active_player
    permanents = {p.id: p for p in board.permanents}
    opponents = {p.id for p in board.players if p.id != active}
    for attacker_id, target in declaration.attacks.items():
        attacker = permanents.get(attacker_id)
        if attacker is None or not attacker.is_creature or attacker.controller != active or attacker.tapped:
            return False
        kinds = _kinds(attacker)
        if "defender" in kinds or (attacker.summoning_sick and "haste" not in kinds) or target not in opponents:
            return False
    return True


def _block_is_legal(board: Board, declaration: BlockDeclaration) -> bool:
    """509.1a: untapped creatures of the player each blocks attacks, one attacker each (802.4a);
    509.1b: flying is blocked only by flying or reach, menace by two or more or none."""
    assert board.combat is not None
    if declaration.player is not None or board.combat.bands:
        return False
    attacked = board.combat.attackers
    permanents = {p.id: p for p in board.permanents}
    blockers_of: dict[str, int] = {}
    for blocker_id, attackers in declaration.blocks.items():
        blocker = permanents.get(blocker_id)
        if blocker is None or not blocker.is_creature or blocker.tapped or len(attackers) != 1:
            return False
        attacker_id = attackers[0]
        attacker = permanents.get(attacker_id)
        if attacker is None or attacked.get(attacker_id) != blocker.controller:
            return False
        if "flying" in _kinds(attacker) and not _kinds(blocker) & {"flying", "reach"}:
            return False
        blockers_of[attacker_id] = blockers_of.get(attacker_id, 0) + 1
    return all(blockers_of.get(a, 0) != 1 for a in attacked if a in permanents and "menace" in _kinds(permanents[a]))
