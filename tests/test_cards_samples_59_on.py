"""Real cards, by name, that samples 59 onward (held out, graded once) and audits of random draws
found read wrong or not read: a trigger's subject "other than <this>" (another one), "a
creature that's enchanted by an Aura you control", "<this> and other Knights you control"."""

from __future__ import annotations

from typing import Any

from combat_solver import AttackDeclaration, Board, check_attacks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.model.records import Verdict


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def test_508_1m_other_than_this_creature_is_another() -> None:
    """Rhuk, Hexgold Nabber: "Whenever an equipped creature you control other than Rhuk attacks or
    dies" triggers on another equipped creature's attack (508.1m), never on Rhuk's own."""
    rhuk = _compiled("Rhuk, Hexgold Nabber")
    assert {
        "kind": "attack_trigger",
        "who": {
            "attached": {"filter": {"subtypes": ["Equipment"]}, "at_least": 1},
            "not": {"ids": ["$self"]},
            "controller": "you",
        },
    } in rhuk.abilities
    assert not rhuk.warnings


def _attack(permanents: list[dict[str, Any]], attacks: dict[str, str], active: str = "alice") -> Verdict:
    board = Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": active, "permanents": permanents},
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks=attacks))


def test_508_1c_a_creature_enchanted_by_an_aura_you_control() -> None:
    """Eriette of the Charmed Apple: "Each creature that's enchanted by an Aura you control can't
    attack you": the Aura's controller is Eriette's (303.4b), not the creature's (508.1c)."""
    eriette = _compiled("Eriette of the Charmed Apple")
    assert not eriette.warnings
    board = [
        {"id": "eriette", "card": "Eriette of the Charmed Apple", "controller": "alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "flight", "card": "Spectral Flight", "controller": "alice", "attached_to": "bears"},
    ]
    assert not _attack(board, {"bears": "alice"}, active="bob").legal
    theirs = [*board[:2], {**board[2], "controller": "bob"}]
    assert _attack(theirs, {"bears": "alice"}, active="bob").legal


def test_611_3a_this_creature_and_other_knights_have_flying() -> None:
    """Dion, Bahamut's Dominant: "During your turn, Dion and other Knights you control have
    flying": Dion's own flying and the grant, each during its controller's turn only."""
    dion = _compiled("Dion, Bahamut's Dominant // Bahamut, Warden of Light")
    assert not dion.warnings
    assert {"kind": "flying", "condition": {"your_turn": True}} in dion.abilities
    assert {
        "kind": "grant",
        "to": {"subtypes": ["Knight"], "controller": "you", "not": {"ids": ["$self"]}},
        "ability": {"kind": "flying"},
        "condition": {"your_turn": True},
    } in dion.abilities
