"""What the back-ends answer (the pure-Python search, the min-cost flow and CP-SAT): ``Outcome`` for a
maximum, ``Why`` for an explanation, ``Settlement`` for paying costs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..model.ir import Atom, Choice

Paid = tuple[int, ...]
"""Per term of ``Problem.costs``, how many units a declaration incurs (the cost items it pays);
missing trailing terms count as 0, so ``()`` is "pays nothing"."""


class InvalidModel(RuntimeError):
    """CP-SAT refused a model (an internal error: inputs are bounded so that this can't happen)."""


@dataclass(frozen=True)
class Outcome:
    """``status`` "optimal": ``requirements`` is the proven maximum and ``chosen`` the decision
    atoms set to 1 in a declaration reaching it; "impossible": no legal declaration meets the
    caller's extra conditions; "undetermined": the time limit ran out first.
    ``preference_optimal`` is False when the secondary objective ran out of time (``chosen`` is
    then the best declaration found, still reaching the maximum). ``preference_cut``: the clock,
    not the search's deterministic work budget, stopped the secondary objective; ``chosen`` is then
    the declaration the proof of the maximum found (the same whatever the time limit), not the best."""

    status: Literal["optimal", "impossible", "undetermined"]
    requirements: int | None = None
    chosen: frozenset[Atom] | None = None
    preference_optimal: bool = True
    preference_cut: bool = False


@dataclass(frozen=True)
class Why:
    """``status`` "possible": ``example`` is a legal declaration meeting the extra conditions;
    "impossible": ``restrictions`` (indices into ``Problem.hard``) together with the requirement
    maximum when ``needs_maximum`` form a minimal set of reasons; "undetermined": time-out.
    ``paid_maxima``: the maxima (docs/design.md §4.2) that declarations paying those cost items were
    found to be held to, part of the requirement maximum."""

    status: Literal["possible", "impossible", "undetermined"]
    example: frozenset[Atom] | None = None
    restrictions: tuple[int, ...] = ()
    needs_maximum: bool = False
    paid_maxima: tuple[tuple[Paid, int], ...] = ()


@dataclass(frozen=True)
class Settlement:
    """``status`` "solved": ``values`` gives one solution of the side problem (the choices not
    at 0); "infeasible": it has none; "undetermined": the time limit ran out."""

    status: Literal["solved", "infeasible", "undetermined"]
    values: Mapping[Choice, int] | None = None
