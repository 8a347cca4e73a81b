"""A time limit is one deadline for the whole command: the phases that take time on a large board
(building a unit's pairs, bounding, encoding for CP-SAT) look at it as they go, and a deadline that
passes in the middle of one is "undetermined" (never a guess), not a phase run to its end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.bench_blocks import board
from combat_solver import BlockDeclaration, Deadline, check_blocks, solve_blocks
from combat_solver.cli import main
from combat_solver.model import deadline as deadline_module
from combat_solver.model.deadline import DeadlinePassed, checkpoint, watching
from combat_solver.resolve.block_unit import BlockUnit


class SteppedClock:
    """A clock that reads ``now``; tests move it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_checkpoint_raises_only_once_the_watched_deadline_has_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = SteppedClock()
    monkeypatch.setattr(deadline_module, "clock", clock)
    deadline = Deadline(5.0)
    checkpoint()  # nothing watched: never raises
    with watching(deadline):
        checkpoint()
        clock.now = 5.0
        with pytest.raises(DeadlinePassed):
            checkpoint()
    checkpoint()  # the watch ended with its block


def test_a_deadline_passing_while_pairs_are_read_stops_the_reading_509_1c(monkeypatch: pytest.MonkeyPatch) -> None:
    """509.1c needs the maximum; the deadline passes after the first blocker's pairs: the check is
    undetermined and the other 39 blockers' pairs are never read."""
    big = board(40)
    clock = SteppedClock()
    monkeypatch.setattr(deadline_module, "clock", clock)
    real = BlockUnit.reasons
    read: list[str] = []

    def reasons(self: BlockUnit, blocker: object, attacker: object) -> object:
        read.append(blocker.id)  # type: ignore[attr-defined]
        clock.now += 100.0
        return real(self, blocker, attacker)  # type: ignore[arg-type]

    monkeypatch.setattr(BlockUnit, "reasons", reasons)
    verdict = check_blocks(big, BlockDeclaration(), time_limit=10.0)
    assert verdict.status == "undetermined"
    assert 0 < len(set(read)) < 40
    assert solve_blocks(board(40), time_limit=Deadline(10.0)).status == "undetermined"


def _write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    return str(path)


def _reading_pairs_takes_forever(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pair of a blocker and an attacker read (509.1a-b) moves the deadlines' clock 100 s on."""
    clock = SteppedClock()
    monkeypatch.setattr(deadline_module, "clock", clock)
    real = BlockUnit.reasons

    def reasons(self: BlockUnit, blocker: object, attacker: object) -> object:
        clock.now += 100.0
        return real(self, blocker, attacker)  # type: ignore[arg-type]

    monkeypatch.setattr(BlockUnit, "reasons", reasons)


def test_an_undetermined_solve_names_no_declaration_and_counts_no_requirement_509_1c(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """509.1c: a solve whose deadline passes before the maximum is proven has no declaration to
    show and has counted nothing: the text says so, the JSON gives no counts (null), exit 3."""
    path = _write(tmp_path, board(40).model_dump(mode="json"))
    _reading_pairs_takes_forever(monkeypatch)
    assert main(["solve", path]) == 3
    text = capsys.readouterr().out
    assert text.startswith("UNDETERMINED: no optimal block proven (declare blockers, 509.1)")
    assert "obeys" not in text and "possible" not in text
    assert main(["solve", path, "--format", "json"]) == 3
    verdict = json.loads(capsys.readouterr().out)
    assert (verdict["status"], verdict["requirements_obeyed"], verdict["requirements_maximum"]) == (
        "undetermined",
        None,
        None,
    )


def test_an_enumeration_the_deadline_cuts_while_pairs_are_read_is_undetermined_509_1a(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """509.1a: listing the blocks reads every blocker's pairs first; the deadline passes during
    that reading and the listing stops there (exit 3, none listed), not after the whole board."""
    path = _write(tmp_path, board(40).model_dump(mode="json"))
    read: list[object] = []
    _reading_pairs_takes_forever(monkeypatch)
    counted = BlockUnit.reasons

    def reasons(self: BlockUnit, blocker: object, attacker: object) -> object:
        read.append(blocker.id)  # type: ignore[attr-defined]
        return counted(self, blocker, attacker)  # type: ignore[arg-type]

    monkeypatch.setattr(BlockUnit, "reasons", reasons)
    assert main(["enumerate", path, "--format", "json"]) == 3
    payload = json.loads(capsys.readouterr().out)
    assert (payload["status"], payload["count"]) == ("undetermined", 0)
    assert 0 < len(set(read)) < 40
