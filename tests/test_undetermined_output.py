""" "Undetermined" is the record on standard output, exit 3, for every command that can run out
of time (check, solve, enumerate, enumerate --count): nothing on standard error, so a script reads
every answer in one place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.bench_blocks import board
from combat_solver.cli import main


@pytest.fixture(scope="module")
def big_board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "board.json"
    path.write_text(board(150).model_dump_json())
    (path.parent / "none.json").write_text('{"kind": "block", "blocks": {}}')
    return path


@pytest.mark.parametrize(
    "command",
    [["check", "--declaration", "none.json"], ["check", "--verdict-only", "--declaration", "none.json"], ["solve"],
     ["enumerate"], ["enumerate", "--count"]],
    ids=["check", "check-verdict-only", "solve", "enumerate", "count"],
)  # fmt: skip
def test_a_passed_deadline_is_undetermined_on_stdout_exit_3(
    command: list[str], big_board: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command[0], str(big_board), *[str(big_board.parent / a) if a.endswith(".json") else a for a in command[1:]]]
    assert main([*argv, "--time-limit", "0.001"]) == 3
    out, err = capsys.readouterr()
    assert out.startswith("UNDETERMINED") and err == ""
    assert main([*argv, "--time-limit", "0.001", "--format", "json"]) == 3
    out, err = capsys.readouterr()
    assert json.loads(out)["status"] == "undetermined" and err == ""


@pytest.mark.parametrize(
    ("example", "said"),
    [
        ("attack-juggernaut-silent-arbiter-bears-alone.yaml", "the maximum possible wasn't counted (508.1d)"),
        ("attack-goad-four-players.yaml", None),
    ],
)
def test_a_verdict_alone_never_says_time_out(
    example: str, said: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """508.1d: `check --verdict-only` leaves the maximum uncounted where the verdict doesn't need it;
    that isn't a solver time-out, and the text says which."""
    root = Path(__file__).resolve().parent.parent / "examples"
    main(["check", "--verdict-only", str(root / example)])
    out = capsys.readouterr().out
    assert "time-out" not in out
    if said is not None:
        assert said in out
