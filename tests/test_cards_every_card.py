"""Every permanent card of the catalog, by name, on a board in either step: the board is valid (or
refused only for what the card can't say: a power or toughness its text defines, 208.2, or a
battle's protector, 310.9, a commander's color identity, 903.4), and a check gives a verdict (508.1, 509.1). What a card compiles to
must never make a board bad input."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog

ALLOWED = {("power", "missing"), ("toughness", "missing"), ("protector", "missing"), ("commander_identity", "missing")}
"""Refusals that are the board's to fix: the card has no number for them, or reads a fact of the
game (its controller's commander's color identity, 903.4)."""


def _board(name: str, *, blocking: bool) -> Board:
    permanents = [
        {"id": "x", "card": name, "controller": "alice"},
        {"id": "g", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "f", "card": "Forest", "controller": "bob"},
    ]
    data: dict[str, Any] = {"players": [{"id": "alice"}, {"id": "bob"}], "permanents": permanents}
    if blocking:
        data |= {"active_player": "bob", "combat": {"attackers": {"g": "alice"}}}
    else:
        data |= {"active_player": "alice"}
    return Board.model_validate(data, context={"catalog": bundled_catalog()})


@pytest.mark.long
def test_every_permanent_card_by_name_makes_a_valid_board_in_either_step() -> None:
    refused: dict[str, list[tuple[Any, ...]]] = {}
    checked = 0
    for record in bundled_catalog():
        if not record.is_permanent:
            continue
        for blocking in (False, True):
            try:
                board = _board(record.name, blocking=blocking)
            except ValidationError as e:
                wrong = [
                    (e_["loc"], e_["type"]) for e_ in e.errors() if (str(e_["loc"][-1]), e_["type"]) not in ALLOWED
                ]
                if wrong:
                    refused.setdefault(record.name, []).extend(wrong)
                continue
            if not board.permanent("x").is_creature:
                continue
            if blocking:
                check_blocks(board, BlockDeclaration(blocks={"x": ("g",)}))
            else:
                check_attacks(board, AttackDeclaration(attacks={"x": "bob"}))
            checked += 1
    assert checked > 30_000
    assert refused == {}
