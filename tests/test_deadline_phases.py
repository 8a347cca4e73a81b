"""A time limit is one deadline for the whole command: the phases that take time on a large board
(building a unit's pairs, bounding, encoding for CP-SAT) look at it as they go, and a deadline that
passes in the middle of one is "undetermined" (never a guess), not a phase run to its end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.bench_blocks import board
from combat_solver import BlockDeclaration, Board, Deadline, check_blocks, solve_blocks
from combat_solver.cli import main
from combat_solver.model import deadline as deadline_module
from combat_solver.model.deadline import DeadlinePassed, afford, checkpoint, process_age, watching
from combat_solver.resolve.block_unit import BlockUnit
from combat_solver.resolve.game import Game
from combat_solver.resolve.units import block_units
from combat_solver.solve import cpsat_encoder
from combat_solver.solve.engine import problem


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


ROOT = Path(__file__).resolve().parents[1]


def test_a_command_lines_deadline_counts_from_the_process_start() -> None:
    """The caller's clock started with the process: Python's start-up and the imports count."""
    age = process_age()
    assert age > 0
    assert Deadline(1000.0, from_process_start=True).remaining() <= 1000.0 - age
    assert Deadline(1000.0).remaining() > 1000.0 - age


def _burn(cpu_seconds: float) -> None:
    end = time.process_time() + cpu_seconds
    while time.process_time() < end:
        pass


def test_work_nothing_interrupts_is_refused_when_at_the_pace_so_far_it_would_end_late(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``afford`` scales a chunk's idle cost by the measured slowdown (wall per CPU second): 0.06 s
    of CPU took 6 s of the clock, so 1 s of work would take about 100 s: more than the 94 left."""
    clock = SteppedClock()
    monkeypatch.setattr(deadline_module, "clock", clock)
    deadline = Deadline(100.0)
    with watching(deadline):
        afford(50.0)
        _burn(0.06)
        clock.now = 6.0
        assert deadline.slowdown() > 50
        afford(0.5)
        with pytest.raises(DeadlinePassed):
            afford(1.0)


def test_cp_sat_is_not_imported_when_the_deadline_cannot_afford_the_import_509_1c() -> None:
    """509.1c needs the maximum, which takes CP-SAT on this board; when importing it can't end in
    time the check is undetermined before the import, and OR-Tools stays unloaded."""
    script = (
        "import sys\n"
        "from benchmarks.bench_blocks import board\n"
        "from combat_solver import BlockDeclaration, check_blocks\n"
        "from combat_solver.solve import cpsat_encoder\n"
        "cpsat_encoder.IMPORT_SECONDS = float(sys.argv[1])\n"
        "verdict = check_blocks(board(8), BlockDeclaration(), time_limit=60.0)\n"
        "print(verdict.status, 'ortools.sat.python.cp_model' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def run(import_seconds: float) -> str:
        done = subprocess.run(
            [sys.executable, "-c", script, str(import_seconds)], capture_output=True, text=True, env=env, check=True
        )
        return done.stdout.strip()

    assert run(1e6) == "undetermined False"
    assert run(cpsat_encoder.IMPORT_SECONDS) == "illegal True"


def test_a_solvers_limit_is_never_more_than_the_watched_deadline_leaves() -> None:
    """A solve handed the seconds left before the work that led up to it still stops in time."""
    unit = _block_unit(board(4))
    encoder = cpsat_encoder.Encoder(problem(unit), paid=())
    with watching(Deadline(0.5)):
        assert encoder.solver(100.0).parameters.max_time_in_seconds <= 0.5
    assert encoder.solver(100.0).parameters.max_time_in_seconds > 99.0


def _block_unit(b: Board) -> BlockUnit:
    (unit,) = block_units(Game.of(b))
    assert isinstance(unit, BlockUnit)
    return unit


def test_an_explanation_the_deadline_cuts_is_undetermined_509_1a(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """509.1a-b: a why-not question reads the pairs; the deadline passes during the reading: the
    answer is the undetermined record on standard output, exit 3."""
    path = _write(tmp_path, board(40).model_dump(mode="json"))
    _reading_pairs_takes_forever(monkeypatch)
    assert main(["explain", path, "--why", "why can't b1 block a0"]) == 3
    assert capsys.readouterr().out.startswith("UNDETERMINED: ")


def test_a_board_the_deadline_cannot_afford_to_read_is_undetermined_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading and validating a board can't be interrupted: one that can't be read in time isn't."""
    from combat_solver import cli

    path = _write(tmp_path, board(4).model_dump(mode="json"))
    monkeypatch.setattr(cli, "READ_SECONDS_PER_BYTE", 1.0)
    assert main(["solve", path, "--format", "json"]) == 3
    assert json.loads(capsys.readouterr().out) == {
        "status": "undetermined",
        "message": "the time limit ran out before the board was read",
    }


def test_the_program_writes_its_whole_answer_before_it_ends_at_once(tmp_path: Path) -> None:
    """``combat-solver`` ends with ``os._exit`` once answered: the answer through a pipe is whole
    and the exit code is the verdict's (509.1c: 1, illegal: the Lure attacker must be blocked)."""
    path = _write(tmp_path, board(20).model_dump(mode="json"))
    none = tmp_path / "none.json"
    none.write_text(json.dumps({"kind": "block", "blocks": {}}))
    done = subprocess.run(
        [sys.executable, "-m", "combat_solver", "check", path, "--declaration", str(none), "--format", "json"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 1
    assert json.loads(done.stdout)["status"] == "illegal"
