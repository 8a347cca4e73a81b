"""The only module that imports OR-Tools (lazily): encodes an ``ir.Problem`` into CP-SAT.

Requirements are half-reified: a literal that implies its condition; the objective maximizes
their sum (508.1d, 509.1c). Hard restrictions are posted directly. Derived atoms are defined
exactly. Solving is single-worker with a fixed seed, so answers are repeatable.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .ir import All, Atom, Cmp, Cond, Lin, Problem, negate

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

SEED = 20260925


@dataclass(frozen=True)
class Outcome:
    """``status`` "optimal": ``requirements`` is the proven maximum and ``chosen`` the decision
    atoms set to 1 in a declaration reaching it; "undetermined": the time limit ran out first.
    ``preference_optimal`` is False when the secondary objective ran out of time (``chosen`` is
    then the best declaration found, still reaching the maximum)."""

    status: Literal["optimal", "undetermined"]
    requirements: int | None = None
    chosen: frozenset[Atom] | None = None
    preference_optimal: bool = True


class _Encoder:
    def __init__(self, problem: Problem) -> None:
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.model = cp_model.CpModel()
        self.problem = problem
        self.vars = {a: self.model.new_bool_var(repr(a)) for a in problem.variables}
        self._derived: dict[Atom, Any] = {}
        for cond in problem.hard:
            self.post(cond)
        self.requirement_lits = [self.lit(c) for c in problem.requirements]

    # -- atoms and sums ------------------------------------------------------------------
    def atom(self, atom: Atom) -> Any:
        if atom in self.vars:
            return self.vars[atom]
        if atom in self._derived:
            return self._derived[atom]
        definition = self.problem.definitions.get(atom)
        if definition is None:
            return 0
        variables, _, const = self.linear(definition.lin)
        value: Any
        if not variables:
            value = int(self._constant_truth(definition, const))
        else:
            value = self.model.new_bool_var(repr(atom))
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

    def post(self, cond: Cond) -> None:
        """Add ``cond`` as a hard constraint."""
        if isinstance(cond, Cmp):
            variables, _, const = self.linear(cond.lin)
            if not variables:
                if not self._constant_truth(cond, const):
                    self.model.add_bool_or([])
                return
            self._enforce(cond, None)
        elif isinstance(cond, All):
            for c in cond.items:
                self.post(c)
        else:
            lits = [self.lit(c) for c in cond.items]
            if any(v is True for v in lits):
                return
            self.model.add_bool_or([v for v in lits if not isinstance(v, bool)])

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
        s.parameters.max_time_in_seconds = max(time_limit, 0.001)
        return s

    def chosen(self, solver: cp_model.CpSolver) -> frozenset[Atom]:
        return frozenset(a for a, v in self.vars.items() if solver.boolean_value(v))


def maximize(problem: Problem, *, time_limit: float, preference: Mapping[Atom, int] | None = None) -> Outcome:
    """Maximum number of requirements obeyable (and an optimal declaration); with
    ``preference``, among those optimal declarations one maximizing the preference weights."""
    import time

    deadline = time.monotonic() + time_limit
    enc = _Encoder(problem)
    total, has_live, constant = enc.requirement_sum()
    if has_live:
        enc.model.maximize(total)
    solver = enc.solver(time_limit)
    status = solver.solve(enc.model)
    if status != enc.cp.OPTIMAL:
        return Outcome("undetermined")
    best = round(solver.objective_value) if has_live else constant
    chosen = enc.chosen(solver)
    if preference:
        for atom, v in enc.vars.items():
            enc.model.add_hint(v, atom in chosen)
        if has_live:
            enc.model.add(total >= best)
        weights = [(enc.vars[a], w) for a, w in sorted(preference.items(), key=lambda kv: repr(kv[0])) if a in enc.vars]
        enc.model.maximize(sum(w * v for v, w in weights))
        solver = enc.solver(deadline - time.monotonic())
        status = solver.solve(enc.model)
        if status in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
            chosen = enc.chosen(solver)
        return Outcome("optimal", best, chosen, preference_optimal=status == enc.cp.OPTIMAL)
    return Outcome("optimal", best, chosen)


def solutions(problem: Problem, *, minimum: int, time_limit: float) -> Iterator[frozenset[Atom] | None]:
    """Every assignment of the decision atoms that meets the restrictions and obeys at least
    ``minimum`` requirements, one solve each (a no-good excludes each one found). Yields None
    and stops if a solve runs out of time."""
    enc = _Encoder(problem)
    total, has_live, constant = enc.requirement_sum()
    if has_live:
        enc.model.add(total >= minimum)
    elif constant < minimum:
        return
    while True:
        solver = enc.solver(time_limit)
        status = solver.solve(enc.model)
        if status == enc.cp.INFEASIBLE:
            return
        if status not in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
            yield None
            return
        chosen = enc.chosen(solver)
        yield chosen
        if not enc.vars:
            return
        enc.model.add_bool_or([~v if a in chosen else v for a, v in enc.vars.items()])
