"""Time limits as deadlines: one per command or API call, shared by all of its solver calls."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

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

    def __repr__(self) -> str:
        return f"Deadline({self.seconds:g} s, {self.remaining():.3f} s left)"


def _check(seconds: object) -> None:
    """``InputError`` unless ``seconds`` is a positive finite number."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise InputError.one(
            ("time_limit",), "not_a_number", f"the time limit must be a finite number, not {seconds!r}"
        )
    if seconds <= 0:
        raise InputError.one(("time_limit",), "not_positive", f"the time limit must be positive, not {seconds!r}")
