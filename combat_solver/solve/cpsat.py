"""The CP-SAT back-end (OR-Tools, imported when a model is solved): encodes an ``ir.Problem`` into
CP-SAT and solves it.

Requirements are half-reified: a literal that implies its condition; the objective maximizes
their sum (508.1d, 509.1c). Hard restrictions are posted directly. Derived atoms are defined
exactly. A side problem's choices become integer variables and its conditions are posted like
restrictions (it knows nothing of what they mean). Solving is single-worker with a fixed seed, so
answers are repeatable.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from ..model.deadline import afford, checkpoint, watched_remaining
from ..model.ir import All, Atom, Choice, Cmp, Cond, Lin, Parity, Problem, Side, evaluate, negate, valuation
from .result import InvalidModel, Outcome, Paid, Settlement, Why

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

SEED = 20260925

IMPORT_SECONDS = 0.35
"""What importing OR-Tools' CP-SAT the first time costs on an idle machine (it imports numpy and
pandas: 0.25-0.31 s wall, 0.29-0.35 s CPU measured); nothing interrupts it, so a deadline that
can't afford it (``afford``) is undetermined before it starts, not after it ends."""


UNDO_SHARE = 0.15
"""What ending after a model takes, as a share of the time building it took: CP-SAT's overrun of
its own limit, freeing the model and its variables, the verdict after it (300 a side: 0.09 s
after 0.62 s of building, idle). A model stops being built, and its solves stop, that much before
the deadline, so what follows still ends in time; a share of measured time, it stretches with a
busy machine as the rest does. It can only turn an answer into "undetermined"."""


BUILD_SECONDS_PER_VARIABLE = 6e-6
"""CPU seconds building a model takes per decision atom (300 a side, 70,000 atoms: 0.41 s)."""


def _afford_import(problem: Problem) -> None:
    """Before CP-SAT is first imported: ``DeadlinePassed`` unless the deadline affords the import
    and building ``problem``'s model after it (an import with no time left to use it is wasted,
    and ends the command late by what it and undoing the part-built model take)."""
    if "ortools.sat.python.cp_model" not in sys.modules:
        afford(IMPORT_SECONDS + BUILD_SECONDS_PER_VARIABLE * len(problem.variables))


@cache
def _model_class() -> type[cp_model.CpModel]:
    from ortools.sat.python import cp_model

    class Model(cp_model.CpModel):
        """A CP-SAT model without the deprecated camelCase aliases OR-Tools adds to every new
        model (about 4 ms a model: more than most small solves take)."""

        def _add_pre_pep8_methods(self) -> None:
            pass

    return Model


class _Encoder:
    def __init__(
        self,
        problem: Problem,
        *,
        paid: Paid | None,
        fixed: frozenset[Atom] | None = None,
        guarded: bool = False,
    ) -> None:
        """``paid`` None: any costs, their side problem solved (509.1f); else each cost term
        incurred at most that often, the side problem solved (all 0: no cost at all; the
        requirement maximum of docs/design.md §4.2). ``fixed``: a concrete declaration (only the
        side problem is then searched). ``guarded``: each restriction holds only when its literal
        in ``guards`` is assumed (for explanations)."""
        _afford_import(problem)
        from ortools.sat.python import cp_model

        self._started = time.monotonic()
        self.built = 0.0
        self.overhead = 0.0
        """The longest a solve of this model took beyond CP-SAT's own search (handing the model
        over, and taking it down): what the next solve's time limit can't cover."""
        self.cp = cp_model
        self.model = _model_class()()
        self.problem = problem
        self.fixed = fixed
        self._checkpoint()
        self.vars = {}
        if fixed is None:
            new = self.model.new_bool_var
            for i, a in enumerate(problem.variables):
                if not i % 4096:
                    self._checkpoint()
                self.vars[a] = new("")
        self._derived: dict[Atom, Any] = {}
        self.choices: dict[Choice, Any] = {}
        self.guards: list[Any] = []
        if fixed is None:
            for cond in problem.hard:
                self._checkpoint()
                guard = self.model.new_bool_var("restriction") if guarded else None
                if guard is not None:
                    self.guards.append(guard)
                self.post(cond, guard)
            self.requirement_lits = []
            for requirement in problem.requirements:
                self._checkpoint()
                self.requirement_lits.append(self.lit(requirement))
        if paid is not None:
            for units, cap in zip(problem.costs, _caps(problem, paid), strict=True):
                self.post(units.at_most(cap))
        if problem.side is not None and (paid is None or any(paid)):
            self._post_side(problem.side)
        self.built = time.monotonic() - self._started

    def _checkpoint(self) -> None:
        """``checkpoint``, keeping back what undoing the model built so far takes (``UNDO_SHARE``)."""
        checkpoint(UNDO_SHARE * (time.monotonic() - self._started))

    # -- atoms and sums ------------------------------------------------------------------
    def atom(self, atom: Atom) -> Any:
        if atom in self.vars:
            return self.vars[atom]
        if atom in self._derived:
            return self._derived[atom]
        definition = self.problem.definitions.get(atom)
        if definition is None:
            if isinstance(atom, Choice):
                return self.choices[atom]
            return int(self.fixed is not None and atom in self.fixed)
        variables, _, const = self.linear(definition.lin)
        value: Any
        if not variables:
            value = int(self._constant_truth(definition, const))
        else:
            value = self.model.new_bool_var("")
            self._enforce(definition, value)
            self.model.add_bool_or([value, *[self._lit_or_const(c) for c in negate(definition)]])
        self._derived[atom] = value
        return value

    def _lit_or_const(self, cond: Cond) -> Any:
        v = self.lit(cond)
        if isinstance(v, bool):
            return self.model.new_constant(int(v))
        return v

    def linear(self, lin: Lin) -> tuple[list[Any], list[int], int]:
        variables: list[Any] = []
        coefs: list[int] = []
        const = lin.const
        for atom, coef in lin.terms:
            v = self.atom(atom)
            if isinstance(v, int):
                const += coef * v
            else:
                variables.append(v)
                coefs.append(coef)
        return variables, coefs, const

    def _constant_truth(self, cmp: Cmp, value: int) -> bool:
        return (cmp.lo is None or value >= cmp.lo) and (cmp.hi is None or value <= cmp.hi)

    # -- conditions ------------------------------------------------------------------------
    def _enforce(self, cmp: Cmp, literal: Any | None) -> None:
        variables, coefs, const = self.linear(cmp.lin)
        expr = self.cp.LinearExpr.weighted_sum(variables, coefs) + const
        for bound in (
            (expr >= cmp.lo) if cmp.lo is not None else None,
            (expr <= cmp.hi) if cmp.hi is not None else None,
        ):
            if bound is not None:
                ct = self.model.add(bound)
                if literal is not None:
                    ct.only_enforce_if(literal)

    def _enforce_parity(self, parity: Parity, literal: Any | None) -> bool | None:
        """``sum == 2k`` (even) or ``2k + 1`` (odd) with a fresh integer ``k``, when ``literal``
        holds; the truth value instead when the sum is constant."""
        variables, coefs, const = self.linear(parity.lin)
        if not variables:
            return parity.holds(const)
        lo = const + sum(min(c, 0) for c in coefs)
        hi = const + sum(max(c, 0) for c in coefs)
        half = self.model.new_int_var((lo - 1) // 2, hi // 2 + 1, "")
        expr = self.cp.LinearExpr.weighted_sum(variables, coefs) + const
        ct = self.model.add(expr == 2 * half + (0 if parity.even else 1))
        if literal is not None:
            ct.only_enforce_if(literal)
        return None

    def post(self, cond: Cond, guard: Any | None = None) -> None:
        """Add ``cond`` as a hard constraint, or one that holds when ``guard`` is true."""
        if isinstance(cond, Parity):
            if self._enforce_parity(cond, guard) is False:
                self.model.add_bool_or([] if guard is None else [~guard])
        elif isinstance(cond, Cmp):
            variables, _, const = self.linear(cond.lin)
            if not variables:
                if not self._constant_truth(cond, const):
                    self.model.add_bool_or([] if guard is None else [~guard])
                return
            self._enforce(cond, guard)
        elif isinstance(cond, All):
            for c in cond.items:
                self.post(c, guard)
        else:
            lits = [self.lit(c) for c in cond.items]
            if any(v is True for v in lits):
                return
            live = [v for v in lits if not isinstance(v, bool)]
            self.model.add_bool_or(live if guard is None else [~guard, *live])

    def lit(self, cond: Cond) -> Any:
        """A literal that implies ``cond`` (or a bool when ``cond`` is constant)."""
        if isinstance(cond, Cmp):
            variables, coefs, const = self.linear(cond.lin)
            if not variables:
                return self._constant_truth(cond, const)
            if len(variables) == 1 and coefs == [1] and const == 0 and cond.lo == 1 and cond.hi in (None, 1):
                return variables[0]
            y = self.model.new_bool_var("")
            self._enforce(cond, y)
            return y
        if isinstance(cond, Parity):
            variables, _, const = self.linear(cond.lin)
            if not variables:
                return cond.holds(const)
            y = self.model.new_bool_var("")
            self._enforce_parity(cond, y)
            return y
        children = [self.lit(c) for c in cond.items]
        if isinstance(cond, All):
            if any(v is False for v in children):
                return False
            live = [v for v in children if not isinstance(v, bool)]
            if not live:
                return True
            if len(live) == 1:
                return live[0]
            y = self.model.new_bool_var("")
            for v in live:
                self.model.add_implication(y, v)
            return y
        if any(v is True for v in children):
            return True
        live = [v for v in children if not isinstance(v, bool)]
        if not live:
            return False
        if len(live) == 1:
            return live[0]
        y = self.model.new_bool_var("")
        self.model.add_bool_or([~y, *live])
        return y

    def expr(self, lin: Lin) -> Any:
        variables, coefs, const = self.linear(lin)
        return self.cp.LinearExpr.weighted_sum(variables, coefs) + const

    def _post_side(self, side: Side) -> None:
        """Each choice an integer variable; each comparison one linear constraint, the rest as ``post``."""
        for choice in side.choices:
            self.choices[choice] = (
                self.model.new_bool_var("") if choice.hi == 1 else self.model.new_int_var(0, choice.hi, "")
            )
        for cond in side.hard:
            if isinstance(cond, Cmp):
                variables, coefs, const = self.linear(cond.lin)
                lo = self.cp.INT_MIN if cond.lo is None else cond.lo - const
                hi = self.cp.INT_MAX if cond.hi is None else cond.hi - const
                self.model.add_linear_constraint(self.cp.LinearExpr.weighted_sum(variables, coefs), lo, hi)
            else:
                self.post(cond)

    def cut(self, paid: Paid, need: int, guard: Any | None = None) -> None:
        """Every declaration incurring at least ``paid`` obeys at least ``need`` requirements
        (or, with ``guard``, only when it is assumed)."""
        escapes = [~guard] if guard is not None else []
        for units, n in zip(self.problem.costs, paid, strict=False):
            if n:
                less = self.lit(units.at_most(n - 1))
                if less is True:
                    return
                if less is not False:
                    escapes.append(less)
        total, has_live, constant = self.requirement_sum()
        if has_live:
            enough = self.model.new_bool_var("paid maximum")
            self.model.add(total >= need).only_enforce_if(enough)
            escapes.append(enough)
        elif constant >= need:
            return
        self.model.add_bool_or(escapes)

    def requirement_sum(self) -> Any:
        constant = sum(1 for v in self.requirement_lits if v is True)
        live = [v for v in self.requirement_lits if not isinstance(v, bool)]
        return sum(live) + constant, bool(live), constant

    # -- solving --------------------------------------------------------------------------
    def solver(self, time_limit: float) -> cp_model.CpSolver:
        s = self.cp.CpSolver()
        s.parameters.num_workers = 1
        s.parameters.random_seed = SEED
        s.parameters.linearization_level = 2
        s.parameters.cp_model_presolve = False
        s.parameters.max_time_in_seconds = self.affordable(time_limit)
        return s

    def affordable(self, time_limit: float) -> float:
        """The search time a solve may take: what is left, less what undoing the model and a
        solve's own overhead take (so a solve never starts that can only end late)."""
        left = min(time_limit, watched_remaining())
        return max(left - UNDO_SHARE * self.built - self.overhead, 0.0)

    def solve(self, solver: cp_model.CpSolver) -> Any:
        """The solver's status; a model CP-SAT refuses is a bug here, never a time-out."""
        started = time.monotonic()
        status = solver.solve(self.model)
        self.overhead = max(self.overhead, time.monotonic() - started - solver.wall_time)
        if status == self.cp.MODEL_INVALID:
            raise InvalidModel(self.model.validate() or "CP-SAT refused the model")
        return status

    def chosen(self, solver: cp_model.CpSolver) -> frozenset[Atom]:
        return frozenset(a for a, v in self.vars.items() if solver.boolean_value(v))


PREFERENCE_SETUP_SHARE = 1.5
"""Setting a preference's objective and a hint on every variable takes up to this share of the
time building the model took (0.7 s after 0.5 s of building, 300 a side beside two busy
processes): a preference search starts only if that much is left besides its search."""

PREFERENCE_EFFORT = 10.0
"""With a bounded preference, its search may spend this many times the deterministic time (a
machine-independent work measure, so answers stay repeatable) that proving the maximum took."""


def _caps(problem: Problem, paid: Paid) -> Paid:
    return tuple(paid[i] if i < len(paid) else 0 for i in range(len(problem.costs)))


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
    enc = _Encoder(problem, paid=paid)
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
    enc = _Encoder(problem, paid=None)
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
    enc: _Encoder,
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

    def admits(self, enc: _Encoder, chosen: frozenset[Atom], guard: Any | None = None) -> bool | None:
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
    enc = _Encoder(problem, paid=())
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
    enc = _Encoder(problem, paid=None, guarded=True)
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
    enc = _Encoder(problem, paid=None, fixed=chosen)
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
    enc = _Encoder(problem, paid=None)
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
