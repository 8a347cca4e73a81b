"""Time limits as deadlines: one per command or API call, shared by every phase of it. The phases
that take time on a large board (resolving the board, building a unit's problem, bounding it,
encoding it for CP-SAT) call ``checkpoint`` in their loops: once the deadline ``watching``
installed has passed it raises ``DeadlinePassed``, which the step turns into "undetermined"."""

from __future__ import annotations

import math
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

    def __init__(self, seconds: float) -> None:
        if type(seconds) is not float or not 0 < seconds < math.inf:
            _check(seconds)
        self.seconds = float(seconds)
        self._end = clock() + self.seconds

    @classmethod
    def of(cls, time_limit: float | Deadline) -> Deadline:
        """``time_limit`` itself if it is a deadline already (a call made on behalf of another),
        else a new deadline that many seconds from now."""
        return time_limit if isinstance(time_limit, Deadline) else cls(time_limit)

    def remaining(self) -> float:
        """Seconds left (0 once it has passed)."""
        return max(self._end - clock(), 0.0)

    def passed(self) -> bool:
        return clock() >= self._end

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


def checkpoint() -> None:
    """Raise ``DeadlinePassed`` if the watched deadline has passed (cheap: a clock read)."""
    deadline = _watched.get()
    if deadline is not None and clock() >= deadline._end:
        raise DeadlinePassed


def _check(seconds: object) -> None:
    """``InputError`` unless ``seconds`` is a positive finite number."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise InputError.one(
            ("time_limit",), "not_a_number", f"the time limit must be a finite number, not {seconds!r}"
        )
    if seconds <= 0:
        raise InputError.one(("time_limit",), "not_positive", f"the time limit must be positive, not {seconds!r}")
