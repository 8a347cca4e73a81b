"""A time limit is one deadline for the whole command: the phases that take time on a large board
(building a unit's pairs, bounding, encoding for CP-SAT) look at it as they go, and a deadline that
passes in the middle of one is "undetermined" (never a guess), not a phase run to its end."""

from __future__ import annotations

import pytest

from benchmarks.bench_blocks import board
from combat_solver import BlockDeclaration, Deadline, check_blocks, solve_blocks
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
