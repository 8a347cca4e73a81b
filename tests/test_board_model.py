"""The board model: immutable, unknown fields rejected, impossible states named by field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import Board, InputError, parse_scenario
from combat_solver.schemas import schema_text, schemas

BASE: dict[str, Any] = {
    "players": [{"id": "alice"}, {"id": "bob"}],
    "active_player": "alice",
    "permanents": [
        {"id": "a", "name": "Grizzly Bears", "controller": "alice", "types": ["creature"], "power": 2, "toughness": 2},
        {"id": "b", "name": "Hill Giant", "controller": "bob", "types": ["creature"], "power": 3, "toughness": 3},
        {"id": "pw", "name": "Jace Beleren", "controller": "bob", "types": ["planeswalker"]},
        {
            "id": "land",
            "name": "Island",
            "controller": "bob",
            "types": ["land"],
            "subtypes": ["Island"],
            "supertypes": ["basic"],
        },
    ],
    "combat": {"attackers": {"a": "bob"}},
}


def problem_paths(data: dict[str, Any]) -> list[str]:
    with pytest.raises(InputError) as info:
        parse_scenario(data)
    return [item.path for item in info.value.items]


def edited(path: list[str | int], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    target: Any = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return data


def test_valid_board_parses_and_is_frozen() -> None:
    board = Board.model_validate(BASE)
    with pytest.raises(ValidationError):
        board.active_player = "bob"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (["permanents", 0, "controller"], "carol", "board.permanents[0].controller"),
        (["permanents", 1, "id"], "a", "board.permanents[1].id"),
        (["permanents", 0, "power"], None, "board.permanents[0].power"),
        (["permanents", 0, "haste"], True, "board.permanents[0].haste"),
        (["active_player"], "carol", "board.active_player"),
        (["combat", "attackers"], {"land": "bob"}, "board.combat.attackers.land"),
        (["combat", "attackers"], {"a": "alice"}, "board.combat.attackers.a"),
        (["combat", "attackers"], {"b": "alice"}, "board.combat.attackers.b"),
        (["combat", "attackers"], {"a": "land"}, "board.combat.attackers.a"),
        (["combat", "attackers"], {"ghost": "bob"}, "board.combat.attackers.ghost"),
        (
            ["permanents", 0, "abilities"],
            [{"kind": "must_block", "attacker": "ghost"}],
            "board.permanents[0].abilities[0].attacker",
        ),
        (["permanents", 0, "abilities"], [{"kind": "teleport"}], "board.permanents[0].abilities[0]"),
        (["permanents", 0, "abilities"], [{"kind": "menace", "n": 2}], "board.permanents[0].abilities[0].n"),
        (["effects"], [{"source": "Stun", "ability": {"kind": "cant_block"}}], "board.effects[0].to"),
        (
            ["effects"],
            [{"source": "Stun", "to": {"ids": ["zz"]}, "ability": {"kind": "cant_block"}}],
            "board.effects[0].to.ids",
        ),
        (
            ["effects"],
            [{"source": "Arbiter", "to": {}, "ability": {"kind": "block_limit", "n": 1}}],
            "board.effects[0].to",
        ),
        (["permanents", 2, "protector"], "bob", "board.permanents[2].protector"),
        (["players"], [{"id": "alice"}], "board.players"),
    ],
)
def test_bad_board_names_the_field(path: list[str | int], value: Any, expected: str) -> None:
    assert expected in problem_paths(edited(path, value))


def test_battle_without_protector_is_rejected() -> None:
    data = edited(
        ["permanents", 2], {"id": "pw", "name": "Invasion of Zendikar", "controller": "bob", "types": ["battle"]}
    )
    assert "board.permanents[2].protector" in problem_paths(data)


def test_two_headed_giant_needs_teams() -> None:
    data = edited(["shared_team_turns"], True)
    assert "board.players[0].team" in problem_paths(data)


def test_grant_cannot_nest_a_grant() -> None:
    grant = {"kind": "grant", "to": {}, "ability": {"kind": "grant", "to": {}, "ability": {"kind": "flying"}}}
    assert any(
        p.startswith("board.permanents[0].abilities[0]")
        for p in problem_paths(edited(["permanents", 0, "abilities"], [grant]))
    )


def test_committed_schemas_match_the_models() -> None:
    """models/ is the published data contract; regenerate with `combat-solver schema --out models`."""
    folder = Path(__file__).resolve().parent.parent / "models"
    for name, schema in schemas().items():
        committed = (folder / f"{name}.schema.json").read_text(encoding="utf-8")
        assert committed == schema_text(schema), f"models/{name}.schema.json is stale"
    assert sorted(p.name for p in folder.glob("*.schema.json")) == sorted(f"{n}.schema.json" for n in schemas())
    assert json.loads((folder / "board.schema.json").read_text())["title"] == "Board"


def test_game_rules_are_not_granted() -> None:
    """A block limit is a rule of the game (509.1b), not an ability of each creature."""
    grant = {"kind": "grant", "to": {}, "ability": {"kind": "block_limit", "n": 1}}
    assert "board.permanents[0].abilities[0].ability" in problem_paths(edited(["permanents", 0, "abilities"], [grant]))


def test_a_copied_board_names_its_own_permanents() -> None:
    """Output names come from the copy's permanents, not from what the original worked out."""
    from combat_solver import check_blocks
    from combat_solver.board.model import Permanent

    board = Board.model_validate(BASE)
    assert check_blocks(board, {"blocks": {"b": ["a"]}}).status == "legal"
    assert board.labels["a"] == "Grizzly Bears"
    drake = Permanent.model_validate({**BASE["permanents"][0], "name": "Wind Drake", "abilities": [{"kind": "flying"}]})
    copied = board.model_copy(update={"permanents": (drake, *board.permanents[1:])})
    assert copied.labels["a"] == "Wind Drake"
    verdict = check_blocks(copied, {"blocks": {"b": ["a"]}})
    assert verdict.status == "illegal"
    assert "Wind Drake" in verdict.violations[0].message


def test_a_boards_dictionaries_refuse_changes_in_place() -> None:
    """A checked board's resolved game is kept for it, so nothing inside it may change."""
    data = edited(["permanents", 0, "counters"], {"+1/+1": 1})
    board = Board.model_validate(data)
    for change in (
        lambda: board.permanents[0].counters.__setitem__("+1/+1", 5),
        lambda: board.permanents[1].counters.update({"shield": 1}),
        lambda: board.combat.attackers.pop("a") if board.combat else None,
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert board.permanents[0].counters == {"+1/+1": 1}
    assert copy.deepcopy(board) == board


def test_a_dump_validates_again_under_the_names_it_was_read_with() -> None:
    """``not`` (a filter's negation) and ``from`` (protection, 702.16a) are read under those names,
    so a plain ``model_dump()`` writes them back under those names and validates again."""
    ward = {"kind": "cant_block", "attackers": {"not": {"colors": ["green"]}}}
    protection = {"kind": "protection", "from": {"colors": ["red"]}}
    data = edited(["permanents", 1, "abilities"], [ward, protection])
    board = Board.model_validate(data)
    dumped = board.model_dump()
    assert dumped["permanents"][1]["abilities"][0]["attackers"]["not"]["colors"] == ("green",)
    assert dumped["permanents"][1]["abilities"][1]["from"]["colors"] == ("red",)
    assert Board.model_validate(dumped) == board
    assert Board.model_validate_json(board.model_dump_json()) == board
