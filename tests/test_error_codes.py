"""Error codes and violation kinds are closed vocabularies (``ErrorCode``, ``PydanticErrorCode``,
``ViolationKind``) tied to docs/errors.md: every member has a section there and every section is
a member; each documented example really produces its code or kind; the package raises no code
outside the vocabulary. And a bad item in a list with a minimum length is reported once, not
also as a missing item."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from combat_solver import Board
from combat_solver.cli import main
from combat_solver.model.errors import InputError
from combat_solver.service.http import create_app

ROOT = Path(__file__).resolve().parent.parent

TWO_PLAYERS_ONE_BAD: dict[str, Any] = {"players": [{"id": 5}, {"id": "bob"}], "active_player": "bob"}


# --- a bad item isn't also a missing item (pydantic counts the items that validated) ---------


def _types(error: ValidationError) -> list[tuple[tuple[str | int, ...], str]]:
    return [(tuple(e["loc"]), e["type"]) for e in error.errors()]


def test_a_bad_player_is_reported_once_not_also_as_too_few_players() -> None:
    with pytest.raises(ValidationError) as caught:
        Board.model_validate(TWO_PLAYERS_ONE_BAD)
    assert _types(caught.value) == [(("players", 0, "id"), "string_type")]


def test_too_few_players_is_still_reported() -> None:
    with pytest.raises(ValidationError) as caught:
        Board.model_validate({"players": [{"id": "bob"}], "active_player": "bob"})
    assert _types(caught.value) == [(("players",), "too_short")]
    with pytest.raises(ValidationError) as caught:
        Board.model_validate({"players": [{"id": 5}], "active_player": "bob"})
    assert _types(caught.value) == [(("players", 0, "id"), "string_type"), (("players",), "too_short")]


def test_a_bad_card_type_is_reported_once_not_also_as_no_types() -> None:
    board = {
        "players": [{"id": "al"}, {"id": "bob"}],
        "active_player": "al",
        "permanents": [{"id": "x", "name": "X", "controller": "al", "types": ["kreature"], "power": 1, "toughness": 1}],
    }
    with pytest.raises(ValidationError) as caught:
        Board.model_validate(board)
    assert _types(caught.value) == [(("permanents", 0, "types", 0), "literal_error")]


def test_the_cli_reports_only_the_bad_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.json"
    path.write_text(
        '{"board": {"players": [{"id": 5}, {"id": "bob"}], "active_player": "bob"}, "declaration": {"kind": "attack"}}',
        encoding="utf-8",
    )
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "board.players[0].id" in err and "[string_type]" in err
    assert "too_short" not in err and "at least 2" not in err


def test_http_reports_only_the_bad_player() -> None:
    with TestClient(create_app()) as client:
        response = client.post("/check", json={"board": TWO_PLAYERS_ONE_BAD, "declaration": {"kind": "attack"}})
    assert response.status_code == 422
    assert [(d["path"], d["type"]) for d in response.json()["detail"]] == [("board.players[0].id", "string_type")]


def test_input_error_from_the_bad_player_has_one_item() -> None:
    with pytest.raises(ValidationError) as caught:
        Board.model_validate(TWO_PLAYERS_ONE_BAD)
    items = InputError.from_validation(caught.value, data=TWO_PLAYERS_ONE_BAD).items
    assert [(i.path, i.code) for i in items] == [("players[0].id", "string_type")]
