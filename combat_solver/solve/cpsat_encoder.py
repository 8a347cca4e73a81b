"""The CP-SAT encoding of an ``ir.Problem`` (OR-Tools, imported when a model is built) and the
solver settings every search of ``cpsat`` shares.

Requirements are half-reified: a literal that implies its condition; the objective maximizes
their sum (508.1d, 509.1c). Hard restrictions are posted directly. Derived atoms are defined
exactly. A side problem's choices become integer variables and its conditions are posted like
restrictions (it knows nothing of what they mean). Solving is single-worker with a fixed seed, so
answers are repeatable.
"""

from __future__ import annotations

import sys
import time
from functools import cache
from typing import TYPE_CHECKING, Any

from ..model.deadline import afford, checkpoint, watched_remaining
from ..model.ir import All, Atom, Choice, Cmp, Cond, Lin, Parity, Problem, Side, negate
from .result import InvalidModel, Paid

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


def _caps(problem: Problem, paid: Paid) -> Paid:
    return tuple(paid[i] if i < len(paid) else 0 for i in range(len(problem.costs)))


class Encoder:
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
