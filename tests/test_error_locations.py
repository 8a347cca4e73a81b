"""Bad input is located at request fields where it is raised (``board.…``, ``declaration.…``,
``question``), the same through the library, the service and the audit: no front end rewrites it."""

from __future__ import annotations

import json

import pytest

from combat_solver import InputError, ask, check_attacks, check_blocks
from combat_solver.audit import audit_line
from combat_solver.service.handlers import Service
from combat_solver.service.models import CheckRequest

ATTACK_BOARD = {
    "players": [{"id": "a"}, {"id": "b"}],
    "active_player": "a",
    "permanents": [
        {"id": "x", "name": "Grizzly Bears", "controller": "a", "types": ["creature"], "power": 2, "toughness": 2}
    ],
}
BLOCK_BOARD = {**ATTACK_BOARD, "combat": {"attackers": {"x": "b"}}}


def _locs(error: InputError) -> list[tuple[str | int, ...]]:
    return [i.loc for i in error.items]


def test_a_block_check_without_an_attack_names_board_combat_509_1():
    with pytest.raises(InputError) as e:
        check_blocks(ATTACK_BOARD, {"blocks": {}})
    assert _locs(e.value) == [("board", "combat", "attackers")]


def test_an_attack_check_on_a_board_in_combat_names_board_combat_508_1():
    with pytest.raises(InputError) as e:
        check_attacks(BLOCK_BOARD, {"attacks": {}})
    assert _locs(e.value) == [("board", "combat")]


def test_an_unknown_id_in_a_declaration_names_the_declaration_field():
    with pytest.raises(InputError) as e:
        check_blocks(BLOCK_BOARD, {"blocks": {"ghost": ["x"]}})
    assert _locs(e.value)[0][:2] == ("declaration", "blocks")


def test_a_why_question_naming_nothing_names_the_question():
    with pytest.raises(InputError) as e:
        ask(BLOCK_BOARD, "why can't ghost block x")
    assert _locs(e.value) == [("question",)]


def test_the_service_reports_the_library_location_unchanged():
    request = CheckRequest.model_validate({"board": ATTACK_BOARD, "declaration": {"kind": "block", "blocks": {}}})
    with pytest.raises(InputError) as e:
        Service().check(request)
    assert _locs(e.value) == [("board", "combat", "attackers")]


def test_the_audit_reports_the_library_location_unchanged():
    declaration = {"kind": "block", "blocks": {"ghost": ["x"]}}
    record = json.dumps({"id": "r1", "board": BLOCK_BOARD, "declaration": declaration})
    result = audit_line("records.jsonl", 1, record, time_limit=5.0)
    assert result.status == "malformed"
    with pytest.raises(InputError) as e:
        check_blocks(BLOCK_BOARD, declaration)
    assert [(err.field, err.code) for err in result.errors] == [(i.path, i.code) for i in e.value.items]
    assert result.errors[0].field.startswith("declaration.blocks")
