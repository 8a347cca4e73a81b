"""The CP-SAT back-end's searches over an ``ir.Problem`` encoded by ``cpsat_encoder``: the
maximum (508.1d, 509.1c), a preferred legal declaration, feasibility, explanations, settlement
of a side problem and enumeration.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..model.ir import Atom, Cond, Problem, evaluate, valuation
from .cpsat_encoder import Encoder
from .result import Outcome, Paid, Settlement, Why

PREFERENCE_SETUP_SHARE = 1.5
"""Setting a preference's objective and a hint on every variable takes up to this share of the
time building the model took (0.7 s after 0.5 s of building, 300 a side beside two busy
processes): a preference search starts only if that much is left besides its search."""

PREFERENCE_EFFORT = 10.0
"""With a bounded preference, its search may spend this many times the deterministic time (a
machine-independent work measure, so answers stay repeatable) that proving the maximum took."""


def maximize(
    problem: Problem,
    *,
    time_limit: float,
    preference: Mapping[Atom, int] | None = None,
    paid: Paid = (),
    bounded_preference: bool = False,
) -> Outcome:
    """Maximum number of requirements obeyable by a declaration that breaks no restriction and
    incurs only the cost items ``paid`` pays, payable in full (508.1d, 509.1c, docs/design.md
    §4.2; with ``()``, the cost-free maximum), with such a declaration; with ``preference``, among
    those same declarations obeying that many, one maximizing the preference weights
    (``bounded_preference``: the best found within ``PREFERENCE_EFFORT``, for explanations). It
    pays no more than ``paid``, so the maximum it is held to is no higher: it is legal."""
    deadline = time.monotonic() + time_limit
    enc = Encoder(problem, paid=paid)
    total, has_live, constant = enc.requirement_sum()
    if has_live:
        enc.model.maximize(total)
    solver = enc.solver(deadline - time.monotonic())
    status = enc.solve(solver)
    if status != enc.cp.OPTIMAL:
        return Outcome("undetermined")
    best = round(solver.objective_value) if has_live else constant
    chosen = enc.chosen(solver)
    if not preference:
        return Outcome("optimal", best, chosen)
    if has_live:
        enc.model.add(total >= best)
    effort = max(PREFERENCE_EFFORT * solver.deterministic_time, 0.5) if bounded_preference else None
    found = _prefer(enc, preference, chosen, deadline, lambda _: True, effort)
    if not isinstance(found, tuple):
        return Outcome("optimal", best, chosen, preference_optimal=False, preference_cut=effort is not None)
    return Outcome("optimal", best, found[0], preference_optimal=found[1])


def optimal(
    problem: Problem,
    *,
    time_limit: float,
    preference: Mapping[Atom, int] | None = None,
    extra: tuple[Cond, ...] = (),
) -> Outcome:
    """A legal declaration (docs/design.md §4.2) with the most preference weight, and the
    cost-free maximum: a declaration that pays is a candidate only if it obeys the maximum over the
    declarations paying at most what it pays (each one short of it is cut off and the search goes
    on). ``extra``: the caller's hard conditions on the declaration (not on the maximum); status
    "impossible" when no legal declaration meets them."""
    deadline = time.monotonic() + time_limit
    best = maximize(problem, time_limit=time_limit)
    if best.requirements is None or best.chosen is None or (not preference and not extra):
        return best
    enc = Encoder(problem, paid=None)
    for cond in extra:
        enc.post(cond)
    total, has_live, _ = enc.requirement_sum()
    if has_live:
        enc.model.add(total >= best.requirements)
    limits = _PaidMaxima(problem, deadline)
    found = _prefer(enc, preference or {}, best.chosen, deadline, lambda chosen: limits.admits(enc, chosen))
    if found == "infeasible":
        return Outcome("impossible", best.requirements)
    if found is None:
        return (
            Outcome("undetermined", best.requirements)
            if extra
            else Outcome("optimal", best.requirements, best.chosen, preference_optimal=False)
        )
    assert isinstance(found, tuple)
    return Outcome("optimal", best.requirements, found[0], preference_optimal=found[1])


def _prefer(
    enc: Encoder,
    preference: Mapping[Atom, int],
    hint: frozenset[Atom],
    deadline: float,
    admits: Callable[[frozenset[Atom]], bool | None],
    effort: float | None = None,
) -> tuple[frozenset[Atom], bool] | Literal["infeasible"] | None:
    """The declaration of ``enc`` with the most preference weight that ``admits`` accepts (it cuts
    off the ones it rejects), and whether that is proven optimal; "infeasible" when there is none;
    None on a time-out. ``effort``: a deterministic-time cap on each solve; a solve the clock stops
    before it has spent ``effort`` is a time-out too (what it found depends on the machine and
    the time limit, so it is not reported)."""
    if enc.affordable(deadline - time.monotonic()) <= PREFERENCE_SETUP_SHARE * enc.built:
        return None  # setting its objective and hints would itself end past the deadline
    for atom, v in enc.vars.items():
        enc.model.add_hint(v, atom in hint)
    weights = [(enc.vars[a], w) for a, w in sorted(preference.items()) if a in enc.vars]
    enc.model.maximize(enc.cp.LinearExpr.weighted_sum([v for v, _ in weights], [w for _, w in weights]))
    while True:
        if enc.affordable(deadline - time.monotonic()) <= 0:
            return None  # a solve would end past the deadline before it searched at all
        solver = enc.solver(deadline - time.monotonic())
        if effort is not None:
            solver.parameters.max_deterministic_time = effort
        status = enc.solve(solver)
        if status == enc.cp.INFEASIBLE:
            return "infeasible"
        spent = effort is not None and solver.deterministic_time >= effort
        if status not in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
            return (hint, False) if spent else None
        if effort is not None and status != enc.cp.OPTIMAL and not spent:
            return None
        chosen = enc.chosen(solver)
        admitted = admits(chosen)
        if admitted is None:
            return None
        if admitted:
            return chosen, status == enc.cp.OPTIMAL


@dataclass
class _PaidMaxima:
    """docs/design.md §4.2 for searches over every payable declaration: one that pays is legal
    only if it obeys the maximum over the declarations paying at most the same cost items. The
    maximum only grows with what is paid, so a candidate short of it is cut off together with
    every declaration paying at least as much that obeys as few."""

    problem: Problem
    deadline: float
    maxima: dict[Paid, int] = field(default_factory=dict)

    def admits(self, enc: Encoder, chosen: frozenset[Atom], guard: Any | None = None) -> bool | None:
        """Does ``chosen`` obey its paid maximum? If not, add the cut (``guard``: only when
        assumed). None when the maximum timed out."""
        value_of = valuation(self.problem.definitions, chosen)
        paid = tuple(units.value(value_of) for units in self.problem.costs)
        if not any(paid):
            return True
        if paid not in self.maxima:
            outcome = maximize(self.problem, time_limit=self.deadline - time.monotonic(), paid=paid)
            if outcome.requirements is None:
                return None
            self.maxima[paid] = outcome.requirements
        need = self.maxima[paid]
        if sum(evaluate(r, value_of) for r in self.problem.requirements) >= need:
            return True
        enc.cut(paid, need, guard)
        return False


def exists(problem: Problem, *, minimum: int, time_limit: float) -> bool | None:
    """Whether a declaration that pays no cost meets the restrictions and obeys at least
    ``minimum`` requirements (None: the time limit ran out first). A feasibility question:
    cheaper than proving the maximum."""
    deadline = time.monotonic() + time_limit
    enc = Encoder(problem, paid=())
    total, has_live, constant = enc.requirement_sum()
    if not has_live:
        return bool(constant >= minimum)
    enc.model.add(total >= minimum)
    solver = enc.solver(deadline - time.monotonic())
    status = enc.solve(solver)
    if status in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
        return True
    return False if status == enc.cp.INFEASIBLE else None


def why_not(problem: Problem, extra: tuple[Cond, ...], *, minimum: int, time_limit: float) -> Why:
    """Is there a legal declaration (restrictions, at least ``minimum`` requirements or, when it
    pays, its paid maximum, payable costs) that also meets ``extra``? If not, a minimal set of
    restrictions (and whether the requirement maximum is needed) that rules it out: CP-SAT's
    assumption core, then shrunk by deletion since the core needn't be minimal."""
    deadline = time.monotonic() + time_limit
    enc = Encoder(problem, paid=None, guarded=True)
    for cond in extra:
        enc.post(cond)
    total, has_live, constant = enc.requirement_sum()
    maximum_guard = enc.model.new_bool_var("requirement maximum")
    if has_live:
        enc.model.add(total >= minimum).only_enforce_if(maximum_guard)
    elif constant < minimum:
        enc.model.add_bool_or([~maximum_guard])
    guards = [*enc.guards, maximum_guard]
    limits = _PaidMaxima(problem, deadline)

    def solve(assumed: list[Any]) -> tuple[Any, Any]:
        """Solve under ``assumed``; a declaration that pays is held to its paid maximum when the
        requirement maximum is assumed (one that breaks a restriction dropped for the trial is
        a witness that the restriction is needed, whatever it pays)."""
        while True:
            enc.model.clear_assumptions()
            enc.model.add_assumptions(assumed)
            solver = enc.solver(deadline - time.monotonic())
            status = enc.solve(solver)
            bound = any(g is maximum_guard for g in assumed)
            if status not in (enc.cp.OPTIMAL, enc.cp.FEASIBLE) or not bound:
                return status, solver
            chosen = enc.chosen(solver)
            value_of = valuation(problem.definitions, chosen)
            if not all(evaluate(h, value_of) for h in problem.hard):
                return status, solver
            admitted = limits.admits(enc, chosen, maximum_guard)
            if admitted is None:
                return enc.cp.UNKNOWN, solver
            if admitted:
                return status, solver

    status, solver = solve(guards)
    if status in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
        return Why("possible", example=enc.chosen(solver))
    if status != enc.cp.INFEASIBLE:
        return Why("undetermined")
    core_indices = set(solver.sufficient_assumptions_for_infeasibility())
    core = [g for g in guards if g.Index() in core_indices] or guards
    for g in list(core):
        trial = [x for x in core if x is not g]
        status, _ = solve(trial)
        if status == enc.cp.INFEASIBLE:
            core = trial
        elif status not in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
            return Why("undetermined")
    kept = {g.Index() for g in core}
    needs_maximum = maximum_guard.Index() in kept
    return Why(
        "impossible",
        restrictions=tuple(i for i, g in enumerate(enc.guards) if g.Index() in kept),
        needs_maximum=needs_maximum,
        paid_maxima=tuple(sorted(limits.maxima.items())) if needs_maximum else (),
    )


def settle(problem: Problem, chosen: frozenset[Atom], *, time_limit: float, extra: tuple[Cond, ...] = ()) -> Settlement:
    """Can the side problem of the declaration ``chosen`` be solved (with the conditions
    ``extra`` too)? If so, a solution with the least ``Side.cleanup``."""
    deadline = time.monotonic() + time_limit
    enc = Encoder(problem, paid=None, fixed=chosen)
    for cond in extra:
        enc.post(cond)
    if problem.side is not None and problem.side.cleanup.terms:
        enc.model.minimize(enc.expr(problem.side.cleanup))
    solver = enc.solver(deadline - time.monotonic())
    status = enc.solve(solver)
    if status == enc.cp.INFEASIBLE:
        return Settlement("infeasible")
    if status not in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
        return Settlement("undetermined")
    values = {c: n for c, v in enc.choices.items() if (n := solver.value(v))}
    return Settlement("solved", values)


def solutions(problem: Problem, *, minimum: int, time_limit: float) -> Iterator[frozenset[Atom] | None]:
    """Every assignment of the decision atoms that meets the restrictions, obeys at least
    ``minimum`` requirements (the cost-free maximum) and, when it pays, its paid maximum (docs/design.md
    §4.2), and can pay its costs, one solve each (a no-good excludes each one found, a cut each
    one short of its paid maximum). Yields None and stops if a solve runs out of time."""
    deadline = time.monotonic() + time_limit
    enc = Encoder(problem, paid=None)
    limits = _PaidMaxima(problem, deadline)
    total, has_live, constant = enc.requirement_sum()
    if has_live:
        enc.model.add(total >= minimum)
    elif constant < minimum:
        return
    while True:
        solver = enc.solver(deadline - time.monotonic())
        status = enc.solve(solver)
        if status == enc.cp.INFEASIBLE:
            return
        if status not in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
            yield None
            return
        chosen = enc.chosen(solver)
        admitted = limits.admits(enc, chosen)
        if admitted is None:
            yield None
            return
        if not admitted:
            continue
        yield chosen
        if not enc.vars:
            return
        enc.model.add_bool_or([~v if a in chosen else v for a, v in enc.vars.items()])
