""" "During your turn": the condition `your_turn` (it is the turn of the ability's controller, or of
their team with shared team turns, 805.4a), compiled from real cards' Oracle text:

* Daggersail Aeronaut: "During your turn, this creature has flying." (702.9b: a creature with flying
  can't be blocked except by creatures with flying and/or reach);
* Bilbo's Ring: "During your turn, equipped creature has hexproof and can't be blocked." ("your" is
  the Ring's controller: the grant's own condition).
"""

from __future__ import annotations

from typing import Any

import pytest
from asserts import A, B, C, D, assert_illegal, assert_legal, bears, block, make_board, serra_angel
from pydantic import ValidationError

from combat_solver import Board


def by_card(id: str, card: str, controller: str, **kw: Any) -> dict[str, Any]:
    return {"id": id, "card": card, "controller": controller, **kw}


def aeronaut(controller: str = A) -> dict[str, Any]:
    return by_card("aero", "Daggersail Aeronaut", controller)


def test_702_9b_daggersail_aeronaut_flies_during_its_controllers_turn() -> None:
    board = make_board([aeronaut(), bears("b1", B)], attackers={"aero": B}, active=A)
    assert_illegal(block(board, {"b1": "aero"}), "702.9b", "flying")
    assert_legal(block(board, {}))


def test_509_1b_daggersail_aeronaut_doesnt_fly_during_an_opponents_turn() -> None:
    """On bob's turn the Aeronaut has no flying, so it can't block bob's Serra Angel; it can block bears."""
    perms = [aeronaut(), serra_angel("serra", B), bears("b1", B)]
    board = make_board(perms, attackers={"serra": A, "b1": A}, active=B)
    assert_illegal(block(board, {"aero": "serra"}), "702.9b", "flying")
    assert_legal(block(board, {"aero": "b1"}))


def test_805_4a_a_teammates_turn_is_your_turn_with_shared_team_turns() -> None:
    """Two-Headed Giant: carol is the active player, so it is alice's team's turn and the Aeronaut flies."""
    teams = {A: "t1", C: "t1", B: "t2", D: "t2"}
    perms = [aeronaut(), bears("b1", B)]
    shared = make_board(perms, attackers={"aero": B}, players=(A, C, B, D), teams=teams, shared=True, active=C)
    assert_illegal(block(shared, {"b1": "aero"}), "702.9b", "flying")


def test_509_1b_bilbos_ring_reads_its_own_controllers_turn() -> None:
    """The Ring is alice's; on alice's turn the equipped creature can't be blocked. Bob controls the
    equipped creature (it changed control): on bob's turn it isn't alice's turn, so it can be blocked."""
    ring = by_card("ring", "Bilbo's Ring", A, attached_to="b1")
    mine = make_board([bears("b1", A), ring, bears("g1", B)], attackers={"b1": B}, active=A)
    assert_illegal(block(mine, {"g1": "b1"}), "509.1b", "cant_be_blocked")
    theirs = make_board([bears("b1", B), ring, bears("g1", A)], attackers={"b1": A}, active=B)
    assert_legal(block(theirs, {"g1": "b1"}))


def test_the_compiler_says_during_your_turn_exactly() -> None:
    from combat_solver.cards.catalog import bundled_catalog

    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Daggersail Aeronaut"))
    assert compiled.abilities == ({"kind": "flying", "condition": {"your_turn": True}},)
    assert not compiled.all_warnings


def test_your_turn_needs_a_controller() -> None:
    """`your_turn` names "you": an effect without a controller is rejected, naming the field."""
    data = {
        "players": [{"id": A}, {"id": B}],
        "active_player": A,
        "permanents": [bears("b1", A)],
        "effects": [
            {"source": "Spell", "to": {"ids": ["b1"]}, "ability": {"kind": "flying", "condition": {"your_turn": True}}}
        ],
    }
    with pytest.raises(ValidationError, match="your_turn"):
        Board.model_validate(data)
