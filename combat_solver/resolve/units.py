"""The declaring units of a game, built once per game: one block unit per defending player or team
(802.4, 805.10d) and the attack unit (508.1)."""

from __future__ import annotations

from .attack_unit import AttackUnit
from .block_unit import BlockUnit
from .game import Game

__all__ = ["AttackUnit", "BlockUnit", "attack_unit", "block_units", "unit_of"]


def block_units(game: Game) -> tuple[BlockUnit, ...]:
    """Each defending player declares separately (802.4); a team under shared team turns
    declares one combined block (805.10d). Built once per game."""
    found = game.derived.get("block_units")
    if found is None:
        found = game.derived["block_units"] = _block_units(game)
    units: tuple[BlockUnit, ...] = found
    return units


def _block_units(game: Game) -> tuple[BlockUnit, ...]:
    board = game.board
    if board.combat is None:
        return ()
    defenders = sorted({game.defending_player(a) for a in board.combat.attackers})
    groups: dict[str, set[str]] = {}
    for d in defenders:
        groups.setdefault(game.team(d) if board.shared_team_turns else d, set())
    for pl in board.players:
        key = game.team(pl.id) if board.shared_team_turns else pl.id
        if key in groups and (board.shared_team_turns or pl.id in defenders):
            groups[key].add(pl.id)
    return tuple(BlockUnit(game, frozenset(members)) for _, members in sorted(groups.items()))


def attack_unit(game: Game) -> AttackUnit:
    """The attacking player's unit (508.1), built once per game."""
    found = game.derived.get("attack_unit")
    if found is None:
        found = game.derived["attack_unit"] = AttackUnit(game)
    unit: AttackUnit = found
    return unit


def unit_of(game: Game, player: str) -> BlockUnit | None:
    """The block unit ``player`` declares in, if any."""
    for unit in block_units(game):
        if player in unit.players:
            return unit
    return None
