"""Reliability (issue 11): no crash exits as "illegal", hostile input is refused fast with exit 2
naming the field, time limits are deadlines for a whole command or API call, and the small
things a newcomer hit."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from asserts import menace_board, two_defenders_board

import combat_solver
from combat_solver import (
    MAX_INTEGER,
    BlockDeclaration,
    Board,
    InputError,
    Verdict,
    ask,
    check_attacks,
    check_blocks,
    legal_blocks,
    solve_blocks,
)
from combat_solver.board.model import MAX_PERMANENTS
from combat_solver.cli import main
from combat_solver.io.inputs import MAX_BYTES, MAX_DEPTH
from combat_solver.io.render import render_answer, render_markdown, render_text
from combat_solver.model import deadline
from combat_solver.model.errors import ErrorItem
from combat_solver.model.ir import Cmp, Lin, Problem
from combat_solver.solve import cpsat, flows, result, search
from combat_solver.steps import blocks
from combat_solver.steps import check as checking

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "deftblade-provoke-and-menace-runner.yaml"

BOARD: dict[str, Any] = menace_board()
DECLARATION = {"kind": "block", "blocks": {"dog": ["runner"], "bears": ["runner"]}}


def example_board(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BOARD)
    data.update(changes)
    return data


def scenario_file(tmp_path: Path, data: Any, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True) if name.endswith(".yaml") else json.dumps(data))
    return path


def run(*args: str, stdin: bytes | None = None, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    """The CLI in a fresh interpreter, using this checkout's code."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "combat_solver", *args],
        input=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env=env,
        timeout=120,
        check=False,
    )


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], *expected: str) -> str:
    """Run ``main`` and check it exits 2 with every ``expected`` fragment in the error, no traceback."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert "Traceback" not in err
    for fragment in expected:
        assert fragment in err
    return err


# -- files that aren't UTF-8, oversized, nested, aliased, duplicated ---------------------------


@pytest.mark.parametrize("raw", [b"\xff", "players: []\n".encode("utf-16")], ids=["ff", "utf16"])
def test_a_file_that_is_not_utf8_exits_2_naming_it(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "board.yaml"
    path.write_bytes(raw)
    result = run("check", str(path))
    assert result.returncode == 2
    err = result.stderr.decode()
    assert str(path) in err and "not UTF-8" in err and "Traceback" not in err


def test_nesting_past_the_bound_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``any_of`` 300 deep crashed with RecursionError; ``[`` * 100000 crashes libyaml's composer."""
    nested: dict[str, Any] = {}
    for _ in range(300):
        nested = {"any_of": [nested]}
    deep = example_board()
    deep["permanents"][0]["abilities"] = [{"kind": "cant_be_blocked_by", "by": nested}]
    refused(capsys, ["check", str(scenario_file(tmp_path, deep, "deep.json"))], "too_deep")
    flow = tmp_path / "flow.yaml"
    flow.write_text("[" * 100_000)
    refused(capsys, ["check", str(flow)], "too_deep", str(flow))


def test_nesting_within_the_bound_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nested: dict[str, Any] = {"types": ["land"]}
    for _ in range(MAX_DEPTH // 2 - 8):
        nested = {"any_of": [nested]}
    data = example_board()
    data["permanents"][0]["abilities"] = [{"kind": "cant_be_blocked_by", "by": nested}]
    path = scenario_file(tmp_path, {"board": data, "declaration": DECLARATION})
    assert main(["check", str(path)]) == 0


def test_yaml_alias_bomb_and_recursive_alias_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\n")
    refused(capsys, ["check", str(bomb)], "too_many_values", "aliases expanded")
    loop = tmp_path / "loop.yaml"
    loop.write_text("players: &p [*p]\n")
    refused(capsys, ["check", str(loop)], "recursive_alias")


def test_an_alias_within_bounds_is_read(tmp_path: Path) -> None:
    path = tmp_path / "alias.yaml"
    path.write_text(
        "board:\n"
        "  players: [{id: alice}, {id: bob}]\n"
        "  active_player: alice\n"
        "  permanents:\n"
        "    - {id: runner, name: Runner, controller: alice, types: &creature [creature], power: 3, toughness: 2}\n"
        "    - {id: dog, name: Watchdog, controller: bob, types: *creature, power: 1, toughness: 2}\n"
        "  combat: {attackers: {runner: bob}}\n"
        "declaration: {kind: block, blocks: {dog: [runner]}}\n"
    )
    assert main(["check", str(path)]) == 0


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(example_board(filler="x" * (MAX_BYTES + 1))))
    refused(capsys, ["check", str(path)], "too_large", str(path))


def test_a_board_past_the_permanent_limit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """15,000 creatures took 58 s (attacks) and over 7 GB (blocks) before any solver call."""
    data = example_board()
    data["permanents"] += [
        {"id": f"c{i}", "name": "Token", "controller": "bob", "types": ["creature"], "power": 1, "toughness": 1}
        for i in range(MAX_PERMANENTS + 1 - len(data["permanents"]))
    ]
    refused(capsys, ["check", str(scenario_file(tmp_path, data, "many.json"))], "board.permanents", "too_long")
    data["permanents"] = data["permanents"][:MAX_PERMANENTS]
    assert main(["check", str(scenario_file(tmp_path, {"board": data, "declaration": DECLARATION}, "most.json"))]) == 0


@pytest.mark.parametrize(
    "text",
    [
        "players: [{id: alice}, {id: bob}]\nactive_player: alice\nactive_player: bob\n",
        '{"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "active_player": "bob"}',
    ],
    ids=["yaml", "json"],
)
def test_duplicate_keys_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text(text)
    refused(capsys, ["check", str(path)], "duplicate_key", "'active_player'")


def test_a_blocker_listed_twice_in_blocks_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.yaml"
    body = yaml.safe_dump({"board": BOARD})
    path.write_text(body + "declaration:\n  kind: block\n  blocks:\n    dog: [runner]\n    dog: [runner]\n")
    refused(capsys, ["check", str(path)], "duplicate_key", "'dog'")


def test_json_is_read_by_the_json_parser_and_emoji_escapes_render(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``json.dumps`` writes 💥 as the surrogate pair ``\\ud83d\\udca5``; text and Markdown
    output crashed with UnicodeEncodeError."""
    data = example_board()
    data["permanents"][1]["name"] = "Watchdog 💥"
    path = scenario_file(tmp_path, {"board": data, "declaration": DECLARATION}, "emoji.json")
    assert "\\ud83d\\udca5" in path.read_text()
    for fmt in ("text", "markdown"):
        assert main(["check", str(path), "--format", fmt]) == 0
        assert "Watchdog 💥" in capsys.readouterr().out
    assert main(["explain", str(path), "--why", "why can't Watchdog 💥 block?", "--format", "json"]) == 0
    assert "Watchdog 💥" in json.loads(capsys.readouterr().out)["answer"]


def test_a_lone_surrogate_is_refused_naming_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lone.json"
    path.write_text(json.dumps(example_board()).replace('"Watchdog"', '"Watchdog \\ud83d"'))
    refused(capsys, ["check", str(path)], "permanents[1].name", "lone_surrogate")


# -- integers: bounded so that CP-SAT never overflows ------------------------------------------


def _with_ability(ability: dict[str, Any]) -> dict[str, Any]:
    data = example_board()
    data["permanents"][0]["abilities"] = [ability]
    return data


def _with(path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    data = example_board()
    target: Any = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return data


def _attack_board(**changes: Any) -> dict[str, Any]:
    data = example_board(**changes)
    del data["combat"]
    return data


HUGE_FIELDS = {
    "min_blockers n": (_with_ability({"kind": "min_blockers", "n": 2**63}), "abilities[0].n"),
    "max_blockers n": (_with_ability({"kind": "max_blockers", "n": 2**63}), "abilities[0].n"),
    "block_limit n": (_with_ability({"kind": "block_limit", "n": 2**63}), "abilities[0].n"),
    "must_be_blocked min": (_with_ability({"kind": "must_be_blocked", "min": 2**63}), "abilities[0].min"),
    "must_be_blocked max": (_with_ability({"kind": "must_be_blocked", "max": 2**62}), "abilities[0].max"),
    "life": (_with(("players", 1, "life"), 2**63), "players[1].life"),
    "hand": (_with(("players", 1, "hand"), 2**63), "players[1].hand"),
    "power": (_with(("permanents", 0, "power"), -(2**63)), "permanents[0].power"),
    "mana amount": (_with_ability({"kind": "mana", "amount": 2**62}), "abilities[0].amount"),
    "{N} cost": (_with_ability({"kind": "blocked_tax", "cost": {"mana": "{9223372036854775808}"}}), "cost.mana"),
    "repeated {N}": (_with_ability({"kind": "blocked_tax", "cost": {"mana": "{999999}{999999}"}}), "cost.mana"),
    "sacrifice n": (
        _with_ability({"kind": "blocked_tax", "cost": {"sacrifice": {"n": 2**63}}}),
        "cost.sacrifice.n",
    ),
    "attacked_this_turn": (_attack_board(attacked_this_turn=2**63), "attacked_this_turn"),
    "comparison": (
        _with_ability({"kind": "cant_be_blocked_by", "by": {"power": {"le": 2**63}}}),
        "by.power.le",
    ),
}


@pytest.mark.parametrize("name", HUGE_FIELDS)
def test_integers_past_the_bound_exit_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    data, field = HUGE_FIELDS[name]
    path = scenario_file(tmp_path, data)
    command = "solve" if "combat" not in data else "enumerate"
    refused(capsys, [command, str(path)], field)


def test_integers_at_the_bound_are_accepted_and_solved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _with(("players", 1, "life"), MAX_INTEGER)
    data["permanents"][0]["abilities"] = [{"kind": "blocked_tax", "cost": {"mana": f"{{{MAX_INTEGER}}}"}}]
    data["permanents"].append(
        {
            "id": "land",
            "name": "Gilded Land",
            "controller": "bob",
            "types": ["land"],
            "abilities": [{"kind": "mana", "amount": MAX_INTEGER}],
        }
    )
    assert main(["solve", str(scenario_file(tmp_path, data))]) == 0
    assert "blocks" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("path", "value", "code"),
    [
        (("permanents", 0, "power"), "3", "int_type"),
        (("permanents", 0, "power"), True, "int_type"),
        (("permanents", 0, "power"), 3.0, "int_type"),
        (("permanents", 1, "tapped"), "on", "bool_type"),
        (("permanents", 1, "tapped"), 1, "bool_type"),
        (("players", 0, "life"), "20", "int_type"),
    ],
)
def test_models_are_as_strict_as_their_schemas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], path: tuple[str | int, ...], value: Any, code: str
) -> None:
    where = ErrorItem(("board", *path), code, "").path
    refused(
        capsys,
        ["check", str(scenario_file(tmp_path, {"board": _with(path, value), "declaration": DECLARATION}))],
        where,
        code,
    )


def test_unknown_ability_kind_in_has_and_unknown_controller_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _with_ability({"kind": "cant_be_blocked_by", "by": {"has": ["flyng"], "controller": "carl"}})
    err = refused(capsys, ["enumerate", str(scenario_file(tmp_path, data))], "unknown_kind", "'flyng'", "'carl'")
    assert "abilities[0].by.has[0]" in err and "abilities[0].by.controller" in err


def test_a_model_cp_sat_refuses_is_an_internal_error_not_a_time_out() -> None:
    atom = "a"
    problem = Problem(
        variables=(atom,),  # type: ignore[arg-type]
        definitions={},
        hard=(Cmp(Lin(((atom, 2**62), (atom, 2**62))), 1, None),),  # type: ignore[arg-type]
        requirements=(),
        costs=(),
    )
    with pytest.raises(result.InvalidModel):
        cpsat.maximize(problem, time_limit=5)


# -- --prefer, --time-limit, time_limit ----------------------------------------------------------


@pytest.mark.parametrize("weight", [2**62, 10**29, 1e29, True, "3"])
def test_preference_weights_must_be_bounded_integers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], weight: Any
) -> None:
    board_path = scenario_file(tmp_path, BOARD)
    prefer = tmp_path / "prefer.yaml"
    prefer.write_text(yaml.safe_dump({"dog": {"runner": weight}}))
    refused(capsys, ["solve", str(board_path), "--prefer", str(prefer)], "not_an_integer", str(prefer))
    with pytest.raises(InputError, match="not_an_integer"):
        solve_blocks(BOARD, prefer={("dog", "runner"): weight})


@pytest.mark.parametrize("limit", ["nan", "inf", "-inf", "0", "-1", "soon"])
def test_time_limit_must_be_a_positive_finite_number(capsys: pytest.CaptureFixture[str], limit: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["check", str(EXAMPLE), f"--time-limit={limit}"])
    assert stop.value.code == 2
    assert "--time-limit" in capsys.readouterr().err


@pytest.mark.parametrize("limit", [0, -1, float("nan"), float("inf"), True])
def test_api_time_limit_must_be_a_positive_finite_number(limit: Any) -> None:
    with pytest.raises(InputError, match="time_limit"):
        check_blocks(BOARD, DECLARATION, time_limit=limit)


class FakeClock:
    """Advances one second every time a deadline reads it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def time_limits_given_to(monkeypatch: pytest.MonkeyPatch, function: str) -> list[float]:
    """The ``time_limit`` of every call of ``cpsat.<function>`` from now on (every problem decided
    by CP-SAT, not by the pure-Python search for small problems)."""
    monkeypatch.setattr(search, "MAX_VARIABLES", -1)
    monkeypatch.setattr(flows, "ENABLED", False)
    given: list[float] = []
    real = getattr(cpsat, function)

    def recording(*args: Any, time_limit: float, **kwargs: Any) -> Any:
        given.append(time_limit)
        return real(*args, time_limit=time_limit, **kwargs)

    monkeypatch.setattr(cpsat, function, recording)
    return given


def test_the_time_limit_is_one_deadline_shared_by_every_solver_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """A per-call limit gave each solver call the full time (120-a-side boards took 14-22 s
    under --time-limit 3); now each call gets what is left of the whole call's deadline."""
    monkeypatch.setattr(deadline, "clock", FakeClock())
    given = time_limits_given_to(monkeypatch, "maximize")
    assert solve_blocks(two_defenders_board(), time_limit=100).status == "legal"
    assert len(given) >= 2
    assert given == sorted(given, reverse=True) and len(set(given)) == len(given)
    assert given[0] < 100
    given.clear()
    assert check_blocks(two_defenders_board(), {"blocks": {}}, time_limit=100).status == "illegal"
    assert len(given) == 2 and given[1] < given[0] < 100


def test_a_passed_deadline_is_undetermined_exit_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = FakeClock()
    monkeypatch.setattr(deadline, "clock", lambda: clock() * 1000)
    lure = _with_ability({"kind": "lure"})
    path = scenario_file(tmp_path, {"board": lure, "declaration": {"kind": "block", "blocks": {}}})
    assert main(["check", str(path), "--time-limit", "5"]) == 3
    out = capsys.readouterr().out
    assert "UNDETERMINED" in out and "of a possible undetermined" not in out


def test_enumeration_shares_the_deadline_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deadline, "clock", FakeClock())
    seen = time_limits_given_to(monkeypatch, "solutions")
    assert len(list(legal_blocks(BOARD, time_limit=1000))) >= 1
    assert seen and all(t < 1000 for t in seen)


# -- crashes and output errors -------------------------------------------------------------------


def test_an_unexpected_exception_exits_4_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Verdict:
        raise RuntimeError("something\nwent wrong")

    monkeypatch.setattr(checking, "check_blocks", broken)
    assert main(["check", str(EXAMPLE)]) == 4
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("internal error: RuntimeError: something went wrong")
    assert "Traceback" not in err
    assert main(["--debug", "check", str(EXAMPLE)]) == 4
    assert "Traceback" in capsys.readouterr().err


def test_a_full_disk_is_an_output_error_exit_5() -> None:
    with open("/dev/full", "wb") as full:
        result = run("check", str(EXAMPLE), stdout=full)
    assert result.returncode == 5
    err = result.stderr.decode()
    assert "output couldn't be written" in err and "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_a_closed_pipe_is_an_output_error_exit_5(unbuffered: str) -> None:
    """``schema | head -1``: the reader goes away before the output is written (exit 0 with
    PYTHONUNBUFFERED=1, 120 and a BrokenPipeError message without it, before)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": unbuffered}
    with subprocess.Popen(
        [sys.executable, "-m", "combat_solver", "schema"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()
        err = process.stderr.read().decode()
        assert process.wait(timeout=120) == 5
    assert "Traceback" not in err and "Exception ignored" not in err


@pytest.mark.parametrize("kind", ["existing file", "missing parent in /proc"])
def test_schema_out_that_cannot_be_written_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    target = tmp_path / "file" if kind == "existing file" else Path("/proc/no/such/dir")
    if kind == "existing file":
        target.write_text("x")
    refused(capsys, ["schema", "--out", str(target)], "--out", "unwritable")


# -- small things a newcomer hit ------------------------------------------------------------------


def test_help_texts_speak_of_attacks_and_blocks_and_list_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("solve", "enumerate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        assert "attack" in out and "block" in out
        assert "4 internal error" in " ".join(out.split())
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "5 output not written" in " ".join(capsys.readouterr().out.split())


def _many_blocks_board() -> dict[str, Any]:
    """Two vanilla attackers and five vanilla blockers: 3^5 = 243 legal blocks."""
    data = example_board()
    data["permanents"] = [
        {
            "id": f"a{i}",
            "name": f"Attacker {i}",
            "controller": "alice",
            "types": ["creature"],
            "power": 1,
            "toughness": 1,
        }
        for i in range(2)
    ] + [
        {"id": f"b{i}", "name": f"Blocker {i}", "controller": "bob", "types": ["creature"], "power": 1, "toughness": 1}
        for i in range(5)
    ]
    data["combat"] = {"attackers": {"a0": "bob", "a1": "bob"}}
    return data


def test_enumerate_count_counts_everything_unless_limited(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = scenario_file(tmp_path, _many_blocks_board())
    assert main(["enumerate", str(path), "--count"]) == 0
    assert capsys.readouterr().out.strip() == "243 legal blocks"
    assert main(["enumerate", str(path), "--count", "--limit", "10"]) == 0
    assert capsys.readouterr().out.strip() == "10+ legal blocks (stopped at --limit 10)"


def test_enumerate_limit_says_plus_only_when_more_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _attack_board()
    data["permanents"] = data["permanents"][:1]
    path = scenario_file(tmp_path, data)  # the runner attacks bob, or doesn't: 2 legal attacks
    assert main(["enumerate", str(path), "--limit", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 legal attacks"
    assert main(["enumerate", str(path), "--limit", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1+ legal attacks (stopped at --limit 1)"
    assert main(["enumerate", str(path), "--limit", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["limit_reached"] is True


def test_enumerate_streams_each_declaration_as_it_is_found(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    printed_before: list[str] = []

    def watching(board: Board, **kwargs: Any) -> Iterator[BlockDeclaration]:
        for i, declaration in enumerate(legal_blocks(board, **kwargs)):
            if i:
                printed_before.append(capsys.readouterr().out)
            yield declaration

    monkeypatch.setattr(blocks, "legal_blocks", watching)
    assert main(["enumerate", str(EXAMPLE), "--limit", "0"]) == 0
    assert all(text.startswith(f"{i + 1}. ") for i, text in enumerate(printed_before))


def test_explain_takes_a_typographic_apostrophe_and_an_implied_attacker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load(EXAMPLE.read_text())
    data["board"]["combat"]["attackers"] = {"runner": "bob"}
    path = scenario_file(tmp_path, data)
    assert main(["explain", str(path), "--why", "why can’t Watchdog block?"]) == 0
    out = capsys.readouterr().out
    assert "Watchdog" in out and "Viashino Runner" in out
    assert main(["explain", str(path), "--why", "Why cannot Grizzly Bears block Viashino Runner?"]) == 0
    assert main(["explain", str(EXAMPLE), "--why", "why can't Watchdog block"]) == 2
    assert "say which attacker" in capsys.readouterr().err


def test_markdown_answer_bold_never_spans_a_blank_line() -> None:
    answer = ask(load_board(EXAMPLE), "why must Watchdog block?")
    text = render_answer(answer, "markdown")
    for paragraph in text.split("\n\n"):
        assert paragraph.count("**") % 2 == 0


def load_board(path: Path) -> Board:
    return combat_solver.load_scenario(path).board


def test_undetermined_maximum_is_worded_as_such() -> None:
    b = load_board(EXAMPLE)
    verdict = Verdict(status="undetermined", requirements_obeyed=0, requirements_maximum=None)
    for text in (render_text(b, verdict), render_markdown(b, verdict)):
        assert "of a possible undetermined" not in text
        assert "the maximum possible is undetermined" in text


def test_identical_triggers_render_as_one_line_with_their_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = example_board()
    data["permanents"][0]["abilities"] = [{"kind": "bushido", "n": 1}, {"kind": "bushido", "n": 1}]
    path = scenario_file(tmp_path, {"board": data, "declaration": {"kind": "block", "blocks": {"dog": ["runner"]}}})
    assert main(["check", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(set(lines))
    assert any("2 such abilities" in line for line in lines)


def test_declaration_file_errors_name_the_file_and_the_declaration(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    declaration = tmp_path / "decl.yaml"
    declaration.write_text("kind: block\nblocks: {dog: runner}\n")
    refused(
        capsys,
        ["check", str(scenario_file(tmp_path, BOARD)), "--declaration", str(declaration)],
        str(declaration),
        "declaration.blocks.dog",
    )
    declaration.write_text("kind: block\nblocks: {ghost: [runner]}\n")
    refused(
        capsys,
        ["check", str(scenario_file(tmp_path, BOARD)), "--declaration", str(declaration)],
        f"error: {declaration}: bad input",
        "declaration.blocks.ghost: no permanent 'ghost'",
    )


def test_standard_input_is_read_for_the_board_and_the_declaration(tmp_path: Path) -> None:
    scenario = yaml.safe_dump({"board": BOARD, "declaration": DECLARATION}).encode()
    assert run("check", "-", stdin=scenario).returncode == 0
    board_path = scenario_file(tmp_path, BOARD)
    result = run("check", str(board_path), "--declaration", "-", stdin=json.dumps(DECLARATION).encode())
    assert result.returncode == 0
    bad = run("check", "-", stdin=b"players: [")
    assert bad.returncode == 2 and b"<stdin>" in bad.stderr


def test_import_combat_solver_gives_why_and_render() -> None:
    code = "import combat_solver; print(combat_solver.why.ask.__name__, combat_solver.render.render_text.__name__)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, check=True, timeout=120)
    assert out.stdout.decode().split() == ["ask", "render_text"]


def test_api_functions_take_plain_mappings() -> None:
    assert check_blocks(BOARD, DECLARATION).status == "legal"
    assert check_blocks(BOARD, {"blocks": {"dog": ["runner"]}}).status == "illegal"
    attack = _attack_board()
    assert check_attacks(attack, {"attacks": {"runner": "bob"}}).status == "legal"
    assert ask(BOARD, "why can't dog block runner").answer
    with pytest.raises(InputError) as bad:
        check_blocks(_with(("permanents", 0, "power"), "3"), DECLARATION)
    assert bad.value.items[0].path == "board.permanents[0].power"
    with pytest.raises(InputError) as wrong:
        check_blocks(BOARD, {"kind": "attack", "attacks": {}})
    assert wrong.value.items[0].path == "declaration.kind"
