"""Time limits as deadlines: one per command or API call, shared by every phase of it. The phases
that take time on a large board (resolving the board, building a unit's problem, bounding it,
encoding it for CP-SAT) call ``checkpoint`` in their loops: once the deadline ``watching``
installed has passed it raises ``DeadlinePassed``, which the step turns into "undetermined".
Before a chunk nothing can interrupt (reading the board, importing OR-Tools) ``afford`` raises it
too when the chunk can't end in time at the pace the work has gone so far (``Deadline.slowdown``).
``Deadline.affords`` is the same test for a caller that holds the deadline."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import InputError

clock: Callable[[], float] = time.monotonic
"""The clock deadlines read (a monotonic one; tests may replace it)."""


class Deadline:
    """The moment by which a whole command or API call must be answered. Each solver call gets
    the seconds that are left (``remaining``); when none are left the answer is undetermined."""

    def __init__(self, seconds: float, *, from_process_start: bool = False) -> None:
        """``seconds`` from now or, for a whole command-line run, from the process's start
        (Python's start-up and the package's imports counted, as the caller's clock counts them)."""
        if type(seconds) is not float or not 0 < seconds < math.inf:
            _check(seconds)
        self.seconds = float(seconds)
        now = clock()
        start = now - (process_age() if from_process_start else 0.0)
        self._end = start + self.seconds
        self._paces = ((now, time.process_time()),) + (((start, 0.0),) if from_process_start else ())

    @classmethod
    def of(cls, time_limit: float | Deadline) -> Deadline:
        """``time_limit`` itself if it is a deadline already (a call made on behalf of another),
        else a new deadline that many seconds from now."""
        return time_limit if isinstance(time_limit, Deadline) else cls(time_limit)

    def remaining(self) -> float:
        """Seconds left (0 once it has passed)."""
        return max(self._end - clock(), 0.0)

    def slowdown(self) -> float:
        """Wall seconds per second of the process's CPU time (at least 1): how much the machine's
        other work stretches any fixed amount of this work. Measured since the deadline was made
        (the work itself) or, until that has had ``SLOWDOWN_SAMPLE`` of CPU, since the process
        started (a command line's start-up: its reading and waking are slower than the work)."""
        for wall, cpu in self._paces:
            used = time.process_time() - cpu
            if used >= SLOWDOWN_SAMPLE:
                return max((clock() - wall) / used, 1.0)
        return 1.0

    def affords(self, cpu_seconds: float) -> bool:
        """Whether ``cpu_seconds`` of work, stretched by ``slowdown``, ends before the deadline."""
        return cpu_seconds * self.slowdown() < self.remaining()

    def __repr__(self) -> str:
        return f"Deadline({self.seconds:g} s, {self.remaining():.3f} s left)"


class DeadlinePassed(Exception):
    """The deadline being watched passed in the middle of a phase (the answer is undetermined)."""


_watched: ContextVar[Deadline | None] = ContextVar("deadline", default=None)


@contextmanager
def watching(deadline: Deadline) -> Iterator[None]:
    """Let ``checkpoint`` read ``deadline`` for the work done inside (per thread and task)."""
    token = _watched.set(deadline)
    try:
        yield
    finally:
        _watched.reset(token)


def checkpoint(reserve: float = 0.0) -> None:
    """Raise ``DeadlinePassed`` if the watched deadline has passed, or is less than ``reserve``
    seconds away (what undoing the work so far takes; cheap: a clock read)."""
    deadline = _watched.get()
    if deadline is not None and clock() + reserve >= deadline._end:
        raise DeadlinePassed


def watched_remaining() -> float:
    """Seconds left before the watched deadline (infinite when none is watched): a solver's limit
    is never more, whatever the seconds it was handed before the work leading up to it."""
    deadline = _watched.get()
    return math.inf if deadline is None else deadline.remaining()


def afford(cpu_seconds: float) -> None:
    """Raise ``DeadlinePassed`` unless the watched deadline ``affords`` ``cpu_seconds`` of work
    that nothing can interrupt (before starting it: a chunk begun too late would end late)."""
    deadline = _watched.get()
    if deadline is not None and not deadline.affords(cpu_seconds):
        raise DeadlinePassed


SLOWDOWN_SAMPLE = 0.05
"""CPU seconds of work before ``Deadline.slowdown`` trusts its measure (below it, 1)."""


def process_age() -> float:
    """Seconds since this process started (Linux: ``/proc/self/stat``, to the kernel's clock
    tick; elsewhere 0, so a deadline counts from its creation)."""
    try:
        with open("/proc/self/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(time.clock_gettime(time.CLOCK_BOOTTIME) - started, 0.0)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def _check(seconds: object) -> None:
    """``InputError`` unless ``seconds`` is a positive finite number."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise InputError.one(
            ("time_limit",), "not_a_number", f"the time limit must be a finite number, not {seconds!r}"
        )
    if seconds <= 0:
        raise InputError.one(("time_limit",), "not_positive", f"the time limit must be positive, not {seconds!r}")


DEFAULT_TIME_LIMIT = 10.0
"""Seconds one command or API call may spend unless told otherwise (a ``Deadline``)."""


class Undetermined(RuntimeError):
    """The solver ran out of time before it could prove an answer."""
