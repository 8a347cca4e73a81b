"""Error codes and violation kinds are closed vocabularies (``ErrorCode``, ``PydanticErrorCode``,
``ViolationKind``) tied to docs/errors.md: every member has a section there and every section is
a member; each documented example really produces its code or kind; the package raises no code
outside the vocabulary. And a bad item in a list with a minimum length is reported once, not
also as a missing item."""

from __future__ import annotations

import ast
import json
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

import combat_solver
from combat_solver import Board
from combat_solver.audit import check as audit_check
from combat_solver.cli import main
from combat_solver.model.errors import ErrorCode, InputError, PydanticErrorCode
from combat_solver.model.records import ViolationKind
from combat_solver.resolve.game import Game
from combat_solver.service.handlers import Service
from combat_solver.service.http import create_app
from combat_solver.service.models import RenderRequest
from combat_solver.steps.attacks import ATTACKS

ROOT = Path(__file__).resolve().parent.parent
DOCS = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")

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


# --- docs/errors.md: one section per member, examples that produce their code -----------------


def _sections(part: str) -> dict[str, str]:
    """``### name`` sections of the docs part headed ``## part``."""
    start = DOCS.index(f"\n## {part}\n")
    end = DOCS.find("\n## ", start + 1)
    text = DOCS[start : end if end != -1 else len(DOCS)]
    pieces = re.split(r"^### (\S+)\n", text, flags=re.M)
    return dict(zip(pieces[1::2], pieces[2::2], strict=True))


CODE_SECTIONS = _sections("Error codes")
KIND_SECTIONS = _sections("Violation kinds")
FILE_BLOCK = re.compile(r'^```\w+ title="([^"]+)"\n(.*?)^```$', re.M | re.S)
CONSOLE_BLOCK = re.compile(r"^```console\n(.*?)^```$", re.M | re.S)


def test_every_error_code_has_a_section_and_every_section_is_a_code() -> None:
    assert sorted(CODE_SECTIONS) == sorted(get_args(ErrorCode))


def test_every_violation_kind_has_a_section_and_every_section_is_a_kind() -> None:
    assert sorted(KIND_SECTIONS) == sorted(get_args(ViolationKind))


@pytest.mark.parametrize("name", sorted({**CODE_SECTIONS, **KIND_SECTIONS}))
def test_a_section_says_what_it_means_the_rule_an_example_and_the_fix(name: str) -> None:
    for body in (CODE_SECTIONS.get(name), KIND_SECTIONS.get(name)):
        if body is not None:
            assert "**Rule:** " in body and "**Example:**" in body and "**Fix:** " in body, name
            assert body.strip().splitlines()[0].strip(), name


def test_violation_sections_cite_a_rule_number() -> None:
    for name, body in KIND_SECTIONS.items():
        assert re.search(r"\*\*Rule:\*\* \d{3}\.\d+[a-z]?", body), name


def test_pydantic_error_types_are_documented_as_a_group_with_the_link() -> None:
    assert "https://docs.pydantic.dev/latest/errors/validation_errors/" in DOCS
    assert {"missing", "extra_forbidden", "union_tag_invalid"} <= set(get_args(PydanticErrorCode))
    assert "`extra_forbidden`" in DOCS and "`union_tag_invalid`" in DOCS


def test_the_pydantic_group_example_gives_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The example before the sections: a pydantic error type, located at its field."""
    intro = DOCS[: DOCS.index("\n## Error codes\n")]
    output, shown = _run_example(intro, tmp_path, monkeypatch, capsys, [])
    assert shown and all(line in output for line in shown)


def _run_example(
    body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> tuple[str, list[str]]:
    """Write the section's file blocks, run its ``$ combat-solver`` line; the output and the
    output lines the section shows."""
    monkeypatch.chdir(tmp_path)
    for name, text in FILE_BLOCK.findall(body):
        (tmp_path / name).write_text(text, encoding="utf-8")
    (console,) = CONSOLE_BLOCK.findall(body)
    command, *shown = console.rstrip("\n").split("\n")
    assert command.startswith("$ combat-solver ")
    capsys.readouterr()
    main(shlex.split(command[2:])[1:] + extra)
    out = capsys.readouterr()
    return out.out + out.err, shown


RUN_CODES = sorted(n for n, b in CODE_SECTIONS.items() if CONSOLE_BLOCK.search(b))
RUN_KINDS = sorted(n for n, b in KIND_SECTIONS.items() if CONSOLE_BLOCK.search(b))


@pytest.mark.parametrize("code", RUN_CODES)
def test_the_documented_example_produces_the_code(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    output, shown = _run_example(CODE_SECTIONS[code], tmp_path, monkeypatch, capsys, [])
    assert f"[{code}]" in output or f'"code":"{code}"' in output.replace(" ", ""), output
    for line in shown:
        assert line.strip() in output, line


@pytest.mark.parametrize("kind", RUN_KINDS)
def test_the_documented_example_produces_the_violation(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    output, shown = _run_example(KIND_SECTIONS[kind], tmp_path, monkeypatch, capsys, [])
    for line in shown:
        assert line.strip() in output, line
    output, _ = _run_example(KIND_SECTIONS[kind], tmp_path, monkeypatch, capsys, ["--format", "json"])
    assert kind in [v["kind"] for v in json.loads(output)["violations"]]


# --- the examples this page can't run: an input of the test's own for each -------------------

RECORD = {
    "id": "r1",
    "board": {
        "players": [{"id": "alice"}, {"id": "bob"}],
        "active_player": "alice",
        "permanents": [
            {"id": "a", "name": "A", "controller": "alice", "types": ["creature"], "power": 2, "toughness": 2}
        ],
    },
    "declaration": {"kind": "attack", "attacks": {"a": "bob"}},
}


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    main(argv)
    out = capsys.readouterr()
    return out.out + out.err


def _internal_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(audit_check, "check_record", broken)
    monkeypatch.setattr(audit_check, "surely_legal", lambda board, declaration: False)
    result = audit_check.audit_line("records.jsonl", 1, json.dumps(RECORD), time_limit=5)
    return "".join(f"[{e.code}]" for e in result.errors)


def _missing_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setitem(sys.modules, "distributed", None)
    (tmp_path / "records.jsonl").write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    return _cli(["audit", "--engine", "dask", str(tmp_path / "records.jsonl")], capsys)


def _not_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    (tmp_path / "scenario.yaml").write_bytes(b"board: \xff\n")
    return _cli(["check", str(tmp_path / "scenario.yaml")], capsys)


def _one_of(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(InputError) as caught:
        Service().render(RenderRequest(board=Board.model_validate(RECORD["board"])))
    return str(caught.value)


def _other_audit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    records, results = tmp_path / "records.jsonl", tmp_path / "results.jsonl"
    records.write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    results.write_text("", encoding="utf-8")
    checkpoint = {"records": 0, "bytes": 0, "fingerprint": {"inputs": "another audit"}}
    (tmp_path / "results.jsonl.checkpoint.json").write_text(json.dumps(checkpoint), encoding="utf-8")
    return _cli(["audit", "-o", str(results), "--resume", str(records)], capsys)


def _too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    (tmp_path / "huge.yaml").write_text("#" * (4 * 1024 * 1024 + 1), encoding="utf-8")
    return _cli(["check", str(tmp_path / "huge.yaml")], capsys)


def _unknown_schema(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    with TestClient(create_app()) as client:
        response = client.get("/schema/nothing")
    assert response.status_code == 422
    return "".join(f"[{d['type']}]" for d in response.json()["detail"])


def _unreachable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    pytest.importorskip("distributed")
    (tmp_path / "records.jsonl").write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    argv = ["audit", "--engine", "dask", "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", "0.5"]
    return _cli([*argv, str(tmp_path / "records.jsonl")], capsys)


def _wrong_kind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(InputError) as caught:
        combat_solver.check_attacks(RECORD["board"], {"kind": "block"})
    return str(caught.value)


DEDICATED: dict[str, Callable[[Path, pytest.MonkeyPatch, pytest.CaptureFixture[str]], str]] = {
    "internal_error": _internal_error,
    "missing_extra": _missing_extra,
    "not_utf8": _not_utf8,
    "one_of": _one_of,
    "other_audit": _other_audit,
    "too_large": _too_large,
    "unknown_schema": _unknown_schema,
    "unreachable": _unreachable,
    "wrong_kind": _wrong_kind,
}


def test_every_code_without_a_runnable_example_has_an_input_of_its_own() -> None:
    assert sorted(DEDICATED) == sorted(set(CODE_SECTIONS) - set(RUN_CODES))
    for code in DEDICATED:
        assert "Not run from this page" in CODE_SECTIONS[code], code


@pytest.mark.parametrize("code", sorted(DEDICATED))
def test_the_code_without_a_runnable_example_is_produced(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert f"[{code}]" in DEDICATED[code](tmp_path, monkeypatch, capsys)


def test_one_target_is_the_restriction_stated_when_an_attacker_has_targets_to_choose() -> None:
    """508.1b: each attacker attacks one player, planeswalker or battle; a declaration can't say
    two, so only the restriction (what solve, enumerate and explain obey) carries the kind."""
    assert set(KIND_SECTIONS) - set(RUN_KINDS) == {"one_target"}
    board = Board.model_validate({**RECORD["board"], "players": [{"id": "alice"}, {"id": "bob"}, {"id": "carol"}]})
    kinds = {r.kind for unit in ATTACKS.units(Game(board)) for r in unit.restrictions}
    assert "one_target" in kinds


# --- the package raises no code or kind outside the vocabularies -----------------------------

CODE_POSITION = {"one": 1, "ErrorItem": 1, "CardError": 1, "Refused": 0, "_Refused": 0, "PydanticCustomError": 0}
KIND_POSITION = {"Reason": 1, "Restriction": 1, "with_others": 1, "with_everyone": 1, "violation": 1}


def _literals() -> tuple[set[str], set[str]]:
    codes: set[str] = set()
    kinds: set[str] = set()
    for path in (ROOT / "combat_solver").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            for table, found, keyword in ((CODE_POSITION, codes, "code"), (KIND_POSITION, kinds, "kind")):
                args = [a for i, a in enumerate(node.args) if table.get(name) == i]
                args += [
                    k.value for k in node.keywords if k.arg == keyword and name in (*table, "Violation", "RecordError")
                ]
                for arg in args:
                    values = [arg] if not isinstance(arg, ast.IfExp) else [arg.body, arg.orelse]
                    found |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
    return codes, kinds


def test_the_package_raises_no_code_and_states_no_kind_outside_the_vocabularies() -> None:
    codes, kinds = _literals()
    assert len(codes) > 40 and len(kinds) > 10  # the scan finds the raise sites
    assert codes - set(get_args(ErrorCode)) == set()
    assert kinds - set(get_args(ViolationKind)) == set()
