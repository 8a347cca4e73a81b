"""What every back-end answers (the pure-Python search, the min-cost flow and CP-SAT): ``Outcome``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..model.ir import Atom


class InvalidModel(RuntimeError):
    """CP-SAT refused a model (an internal error: inputs are bounded so that this can't happen)."""


@dataclass(frozen=True)
class Outcome:
    """``status`` "optimal": ``requirements`` is the proven maximum and ``chosen`` the decision
    atoms set to 1 in a declaration reaching it; "impossible": no legal declaration meets the
    caller's extra conditions; "undetermined": the time limit ran out first.
    ``preference_optimal`` is False when the secondary objective ran out of time (``chosen`` is
    then the best declaration found, still reaching the maximum)."""

    status: Literal["optimal", "impossible", "undetermined"]
    requirements: int | None = None
    chosen: frozenset[Atom] | None = None
    preference_optimal: bool = True
