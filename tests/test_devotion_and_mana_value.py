"""A permanent's printed mana cost (107.4): its mana value (202.3, given by the cost unless the
board says otherwise, and filled in for a card by name) and a player's devotion (700.5), read by
conditions ("as long as your devotion to black is less than five")."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import AttackDeclaration, Board, check_attacks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.model.mana_cost import devotion, mana_value


@pytest.mark.parametrize(
    ("cost", "value"),
    [("{3}{W}{W}", 5), ("{X}{R}", 1), ("{2/W}{2/W}{2/W}", 6), ("{G/U}{B/P}", 2), ("", 0), ("{C}{S}", 2)],
)
def test_202_3_mana_value_of_a_cost(cost: str, value: int) -> None:
    """202.3e: X is 0; 202.3f: a hybrid symbol's largest part; 202.3g: a Phyrexian symbol is 1."""
    assert mana_value(cost) == value


def test_700_5_a_hybrid_symbol_of_both_colors_counts_once() -> None:
    costs = ["{1}{W}{B}", "{W/B}", "{2/W}", "{B/P}", "{G}"]
    assert devotion(costs, ("white",)) == 3
    assert devotion(costs, ("black",)) == 3
    assert devotion(costs, ("white", "black")) == 5


def _board(permanents: list[dict[str, Any]]) -> Board:
    return Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents},
        context={"catalog": bundled_catalog()},
    )


def test_202_3_a_card_by_name_has_its_mana_cost_and_value() -> None:
    board = _board([{"id": "s", "card": "Serra Angel", "controller": "alice"}])
    angel = board.permanent("s")
    assert (angel.mana_cost, angel.mana_value) == ("{3}{W}{W}", 5)


def test_a_written_mana_value_wins_over_the_cost() -> None:
    bears = {"id": "g", "name": "Bears", "controller": "alice", "types": ["creature"], "power": 2, "toughness": 2}
    assert _board([{**bears, "mana_cost": "{1}{G}"}]).permanent("g").mana_value == 2
    assert _board([{**bears, "mana_cost": "{1}{G}", "mana_value": 7}]).permanent("g").mana_value == 7


def test_a_mana_cost_that_is_not_mana_symbols_is_refused() -> None:
    bears = {"id": "g", "name": "Bears", "controller": "alice", "types": ["creature"], "power": 2, "toughness": 2}
    with pytest.raises(ValidationError) as refused:
        _board([{**bears, "mana_cost": "1G"}])
    assert [(e["loc"], e["type"]) for e in refused.value.errors()] == [
        (("permanents", 0, "mana_cost"), "string_pattern_mismatch")
    ]


def test_508_1c_700_5_a_restriction_switched_by_devotion_counts_only_your_permanents() -> None:
    """Written out: "can't attack as long as your devotion to black is less than five"."""
    god = {
        "id": "god",
        "name": "God",
        "controller": "alice",
        "types": ["creature"],
        "power": 5,
        "toughness": 6,
        "mana_cost": "{3}{B}",
        "abilities": [{"kind": "cant_attack", "condition": {"players": [{"devotion": {"colors": ["black"], "count": {"lt": 5}}}]}}],
    }  # fmt: skip

    def attacks(*others: tuple[str, str]) -> bool:
        extra = [
            {"id": f"p{i}", "name": "P", "controller": who, "types": ["enchantment"], "mana_cost": cost}
            for i, (who, cost) in enumerate(others)
        ]
        return check_attacks(_board([god, *extra]), AttackDeclaration(attacks={"god": "bob"})).legal

    assert not attacks()
    assert not attacks(("bob", "{B}{B}{B}{B}"))  # an opponent's permanents don't count
    assert attacks(("alice", "{B}{B}{B}{B}"))
    assert attacks(("alice", "{B/G}{B/G}"), ("alice", "{2/B}{B/P}"))
