"""The choice of path (docs/design.md §5): which back-end answers each question the engine, the
cost settlement and the explanations ask. The pure-Python search first, within its work budget;
past it a min-cost flow when the problem is flow-shaped (``flows``), else CP-SAT (``cpsat``). The
only module that calls a back-end that needs OR-Tools.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator, Mapping
from typing import ParamSpec, TypeVar

from ..model.deadline import DeadlinePassed
from ..model.ir import Atom, Cond, Problem, evaluate
from .result import Outcome, Settlement, Why

_P = ParamSpec("_P")
_T = TypeVar("_T")


def _undetermined_past_deadline(
    undetermined: Callable[[], _T],
) -> Callable[[Callable[_P, _T]], Callable[_P, _T]]:
    """A question with no time left (``time_limit`` <= 0), or whose deadline passed while it was
    being prepared (``DeadlinePassed`` from a ``checkpoint``), gets ``undetermined()``: never a guess."""

    def decorate(question: Callable[_P, _T]) -> Callable[_P, _T]:
        @functools.wraps(question)
        def ask(*args: _P.args, **kwargs: _P.kwargs) -> _T:
            limit = kwargs.get("time_limit")
            if isinstance(limit, int | float) and limit <= 0:
                return undetermined()
            try:
                return question(*args, **kwargs)
            except DeadlinePassed:
                return undetermined()

        return ask

    return decorate


def _no_answer() -> bool | None:
    return None


@_undetermined_past_deadline(lambda: Outcome("undetermined"))
def maximize(
    problem: Problem,
    *,
    time_limit: float,
    preference: Mapping[Atom, int] | None = None,
    paid: tuple[int, ...] = (),
    bounded_preference: bool = False,
) -> Outcome:
    """The requirement maximum over declarations incurring only the cost items ``paid`` pays
    (docs/design.md §4.2), and a best declaration reaching it: by the pure-Python search when
    nothing is paid and the search finishes within its work budget, otherwise by a min-cost flow
    when the problem is flow-shaped (``flows``), else by CP-SAT (docs/design.md §5). Without
    requirements or preference, the empty declaration decides it when it is legal."""
    from . import cpsat, search

    if any(paid):
        return cpsat.maximize(
            problem, time_limit=time_limit, preference=preference, paid=paid, bounded_preference=bounded_preference
        )
    if not search.fits(problem):
        return _by_solver(problem, time_limit, preference, bounded_preference)
    if not problem.requirements and not preference and _empty_is_legal(problem):
        return Outcome("optimal", 0, frozenset())
    try:
        best = search.maximize(problem, deadline=time.monotonic() + time_limit, preference=preference)
    except search.TimedOut:
        return Outcome("undetermined")
    except search.OverBudget:
        return _by_solver(problem, time_limit, preference, bounded_preference)
    if best is None:
        return Outcome("undetermined")
    return Outcome("optimal", best.requirements, best.chosen)


def _by_solver(
    problem: Problem, time_limit: float, preference: Mapping[Atom, int] | None, bounded_preference: bool = False
) -> Outcome:
    """``maximize`` past the search: a min-cost flow when the problem is flow-shaped, else CP-SAT."""
    from . import cpsat

    flowed = _by_flow(problem, preference)
    if flowed is not None:
        return flowed
    return cpsat.maximize(problem, time_limit=time_limit, preference=preference, bounded_preference=bounded_preference)


@_undetermined_past_deadline(_no_answer)
def paid_maximum_exceeds(problem: Problem, paid: tuple[int, ...], obeyed: int, *, time_limit: float) -> bool | None:
    """Whether a declaration paying only the cost items ``paid`` pays obeys more than ``obeyed``."""
    from . import cpsat

    outcome = cpsat.maximize(problem, time_limit=time_limit, paid=paid)
    return None if outcome.requirements is None else outcome.requirements > obeyed


def _empty_is_legal(problem: Problem) -> bool:
    def value_of(atom: Atom) -> int:
        definition = problem.definitions.get(atom)
        return int(evaluate(definition, value_of)) if definition is not None else 0

    return all(evaluate(c, value_of) for c in problem.hard)


@_undetermined_past_deadline(_no_answer)
def exceeds(problem: Problem, obeyed: int, *, time_limit: float) -> bool | None:
    """Whether a declaration that breaks no restriction and incurs no cost obeys more than
    ``obeyed`` requirements (None: undetermined), without proving the maximum: first the
    obvious declaration (``search.obvious``), then the search, then a min-cost flow or CP-SAT."""
    from . import search

    if search.obvious(problem, obeyed + 1) is not None:
        return True
    if not search.fits(problem):
        return _exists_by_solver(problem, obeyed + 1, time_limit)
    try:
        found = search.first(problem, minimum=obeyed + 1, deadline=time.monotonic() + time_limit)
    except search.TimedOut:
        return None
    except search.OverBudget:
        return _exists_by_solver(problem, obeyed + 1, time_limit)
    return found is not None


def _by_flow(problem: Problem, preference: Mapping[Atom, int] | None = None) -> Outcome | None:
    """The maximum by a min-cost flow (with the best declaration for ``preference``), when the
    problem is flow-shaped (``flows``); else None."""
    from . import flows

    net = flows.network(problem, preference) if flows.ENABLED else None
    return None if net is None else flows.flow_maximize(net)


def _exists_by_solver(problem: Problem, minimum: int, time_limit: float) -> bool | None:
    """Whether a declaration that breaks no restriction obeys ``minimum`` requirements, past the
    search: by the maximum of a min-cost flow when the problem is flow-shaped, else by the
    capacity bound (``search.upper_bound``) or CP-SAT."""
    from . import cpsat, search

    flowed = _by_flow(problem)
    if flowed is not None:
        return flowed.requirements is not None and flowed.requirements >= minimum
    if search.upper_bound(problem) < minimum:
        return False
    return cpsat.exists(problem, minimum=minimum, time_limit=time_limit)


@_undetermined_past_deadline(lambda: Outcome("undetermined"))
def optimal(
    problem: Problem, *, time_limit: float, preference: Mapping[Atom, int] | None, extra: tuple[Cond, ...]
) -> Outcome:
    """The requirement maximum under the caller's extra conditions (fixed pairs) and, with
    ``preference``, the best declaration reaching it: CP-SAT."""
    from . import cpsat

    return cpsat.optimal(problem, time_limit=time_limit, preference=preference, extra=extra)


def solutions(problem: Problem, *, minimum: int, time_limit: float) -> Iterator[frozenset[Atom] | None]:
    """Every declaration obeying ``minimum`` requirements, each once (None: timed out), past the search."""
    from . import cpsat

    return cpsat.solutions(problem, minimum=minimum, time_limit=time_limit)


@_undetermined_past_deadline(lambda: Settlement("undetermined"))
def settle(problem: Problem, chosen: frozenset[Atom], *, time_limit: float, extra: tuple[Cond, ...] = ()) -> Settlement:
    """Whether and how ``chosen``'s costs can be paid (508.1h-j, 509.1d-f): CP-SAT on the side problem."""
    from . import cpsat

    return cpsat.settle(problem, chosen, time_limit=time_limit, extra=extra)


@_undetermined_past_deadline(lambda: Why("undetermined"))
def why_not(problem: Problem, extra: tuple[Cond, ...], *, minimum: int, time_limit: float) -> Why:
    """The restrictions and requirements that rule ``extra`` out at ``minimum`` requirements (a
    minimal core): CP-SAT."""
    from . import cpsat

    return cpsat.why_not(problem, extra, minimum=minimum, time_limit=time_limit)
