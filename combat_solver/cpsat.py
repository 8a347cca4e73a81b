"""The only module that imports OR-Tools (lazily): encodes an ``ir.Problem`` into CP-SAT.

Requirements are half-reified: a literal that implies its condition; the objective maximizes
their sum (508.1d, 509.1c). Hard restrictions are posted directly. Derived atoms are defined
exactly. Solving is single-worker with a fixed seed, so answers are repeatable.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .ir import All, Atom, Cmp, Cond, Lin, Payer, Problem, negate

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

SEED = 20260925

_LIFE_WEIGHT = 10_000
_SOURCE_WEIGHT = 100
"""Weights of the cleanup objective of a shown payment: life paid for Phyrexian symbols and
permanents sacrificed or tapped first, then mana abilities activated, then mana made."""


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
    def __init__(
        self,
        problem: Problem,
        *,
        paying: bool,
        fixed: frozenset[Atom] | None = None,
        also_tapped: frozenset[str] = frozenset(),
        guarded: bool = False,
    ) -> None:
        """``paying`` False: no declaration may incur a cost (the requirement maximum,
        docs/design.md §4.2); True: costs must be payable in full (509.1f). ``fixed``: a concrete declaration
        (only the payment is then searched). ``guarded``: each restriction holds only when its
        literal in ``guards`` is assumed (for explanations)."""
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.model = cp_model.CpModel()
        self.problem = problem
        self.fixed = fixed
        self.also_tapped = also_tapped
        self.vars = {} if fixed is not None else {a: self.model.new_bool_var(repr(a)) for a in problem.variables}
        self._derived: dict[Atom, Any] = {}
        self.payment: list[tuple[str, str, Any]] = []
        self.overpayment: list[tuple[int, Any]] = []
        self.guards: list[Any] = []
        if fixed is None:
            for cond in problem.hard:
                guard = self.model.new_bool_var("restriction") if guarded else None
                if guard is not None:
                    self.guards.append(guard)
                self.post(cond, guard)
            self.requirement_lits = [self.lit(c) for c in problem.requirements]
        if not paying:
            for units in problem.costs:
                self.post(units.at_most(0))
        else:
            for payer in problem.payers:
                self._post_payer(payer)

    # -- atoms and sums ------------------------------------------------------------------
    def atom(self, atom: Atom) -> Any:
        if atom in self.vars:
            return self.vars[atom]
        if atom in self._derived:
            return self._derived[atom]
        definition = self.problem.definitions.get(atom)
        if definition is None:
            return int(self.fixed is not None and atom in self.fixed)
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

    def post(self, cond: Cond, guard: Any | None = None) -> None:
        """Add ``cond`` as a hard constraint, or one that holds when ``guard`` is true."""
        if isinstance(cond, Cmp):
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

    def _post_payer(self, payer: Payer) -> None:
        """Which source pays which symbol, which permanents are sacrificed or tapped (508.1i-j)."""
        m = self.model
        all_mana: list[Any] = []
        by_color: dict[str, list[Any]] = {}
        mana_use: dict[str, list[Any]] = {}
        for src in payer.sources:
            uses = []
            one_color = [m.new_bool_var(f"{src.id} makes {c}") for c in src.colors] if len(src.colors) > 1 else []
            if one_color:
                m.add_exactly_one(one_color)
            for k, color in enumerate(src.colors):
                v = m.new_int_var(0, src.amount, f"{src.id}:{color}")
                if one_color:
                    m.add(v <= src.amount * one_color[k])
                self.payment.append((payer.player, f"{src.label}: {{{color}}}", v))
                by_color.setdefault(color, []).append(v)
                all_mana.append(v)
                uses.append(v)
            mana_use[src.id] = uses
            active = m.new_bool_var(f"{src.id} activated")
            m.add(sum(uses) <= src.amount * active)
            self.overpayment.append((_SOURCE_WEIGHT, active))
            self.overpayment += [(1, v) for v in uses]
            busy = payer.tapped.get(src.id)
            if src.id in self.also_tapped:
                m.add(sum(uses) == 0)
            m.add(sum(uses) + (src.amount * self.expr(busy) if busy is not None else 0) <= src.amount)
        need_total = self.expr(payer.generic)
        life_for_phyrexian: list[Any] = []
        colors = {c for c, _ in payer.colored} | {c for c, _ in payer.phyrexian}
        colored = dict(payer.colored)
        phyrexian = dict(payer.phyrexian)
        for color in sorted(colors):
            need = self.expr(colored[color]) if color in colored else 0
            if color in phyrexian:
                z = m.new_int_var(0, 1000, f"life for {{{color}/P}}")
                m.add(z <= self.expr(phyrexian[color]))
                self.payment.append((payer.player, f"2 life for each of {{{color}/P}}", z))
                self.overpayment.append((_LIFE_WEIGHT, z))
                life_for_phyrexian.append(z)
                need = need + self.expr(phyrexian[color]) - z
            m.add(sum(by_color.get(color, [])) >= need)
            need_total = need_total + need
        m.add(sum(all_mana) >= need_total)
        m.add(self.expr(payer.life_cost) + 2 * sum(life_for_phyrexian) <= max(payer.life, 0))
        m.add(self.expr(payer.discard) <= payer.hand)
        for template, owed, bound in (
            ("pay {n} life", payer.life_cost, payer.life),
            ("discard {n} cards", payer.discard, payer.hand),
        ):
            if owed.terms or owed.const:
                v = m.new_int_var(0, max(bound, 0), template)
                m.add(v == self.expr(owed))
                self.payment.append((payer.player, template, v))
        chosen_objects: dict[tuple[str, str], list[Any]] = {}
        for demand in payer.objects:
            picks = []
            for obj, label in demand.candidates:
                v = m.new_bool_var(f"{demand.action} {obj}")
                self.payment.append((payer.player, f"{demand.action} {label}", v))
                self.overpayment.append((_LIFE_WEIGHT, v))
                picks.append(v)
                chosen_objects.setdefault((demand.action, obj), []).append(v)
                if demand.action == "sacrifice":
                    in_combat = payer.in_combat.get(obj)
                    if in_combat is not None:
                        m.add(v + self.expr(in_combat) <= 1)
                else:
                    tapped = payer.tapped.get(obj)
                    if tapped is not None:
                        m.add(v + self.expr(tapped) <= 1)
                    if obj in self.also_tapped:
                        m.add(v == 0)
            m.add(sum(picks) >= self.expr(demand.amount))
        for (action, obj), vs in chosen_objects.items():
            m.add(sum(vs) <= 1)
            if action == "tap":
                amount = next((s.amount for s in payer.sources if s.id == obj), 1)
                m.add(sum(mana_use.get(obj, [])) + amount * sum(vs) <= amount)

    def payment_plan(self, solver: cp_model.CpSolver) -> dict[str, tuple[str, ...]]:
        plan: dict[str, list[str]] = {}
        for player, what, v in self.payment:
            n = solver.value(v)
            if n:
                line = what.format(n=n) if "{n}" in what else (what if n == 1 else f"{what} x{n}")
                plan.setdefault(player, []).append(line)
        return {p: tuple(lines) for p, lines in plan.items()}

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
    """Maximum number of requirements obeyable by a declaration that pays no cost (508.1d,
    509.1c), with such a declaration; with ``preference``, among all legal declarations (paying
    ones included) that obey at least that many, one maximizing the preference weights."""
    import time

    deadline = time.monotonic() + time_limit
    enc = _Encoder(problem, paying=False)
    total, has_live, constant = enc.requirement_sum()
    if has_live:
        enc.model.maximize(total)
    solver = enc.solver(time_limit)
    status = solver.solve(enc.model)
    if status != enc.cp.OPTIMAL:
        return Outcome("undetermined")
    best = round(solver.objective_value) if has_live else constant
    chosen = enc.chosen(solver)
    if not preference:
        return Outcome("optimal", best, chosen)
    enc = _Encoder(problem, paying=True)
    total, has_live, _ = enc.requirement_sum()
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


@dataclass(frozen=True)
class Why:
    """``status`` "possible": ``example`` is a legal declaration meeting the extra conditions;
    "impossible": ``restrictions`` (indices into ``Problem.hard``) together with the requirement
    maximum when ``needs_maximum`` form a minimal set of reasons; "undetermined": time-out."""

    status: Literal["possible", "impossible", "undetermined"]
    example: frozenset[Atom] | None = None
    restrictions: tuple[int, ...] = ()
    needs_maximum: bool = False


def why_not(problem: Problem, extra: tuple[Cond, ...], *, minimum: int, time_limit: float) -> Why:
    """Is there a legal declaration (restrictions, at least ``minimum`` requirements, payable
    costs) that also meets ``extra``? If not, a minimal set of restrictions (and whether the
    requirement maximum is needed) that rules it out: CP-SAT's assumption core, then shrunk by
    deletion since the core needn't be minimal."""
    enc = _Encoder(problem, paying=True, guarded=True)
    for cond in extra:
        enc.post(cond)
    total, has_live, constant = enc.requirement_sum()
    maximum_guard = enc.model.new_bool_var("requirement maximum")
    if has_live:
        enc.model.add(total >= minimum).only_enforce_if(maximum_guard)
    elif constant < minimum:
        enc.model.add_bool_or([~maximum_guard])
    guards = [*enc.guards, maximum_guard]

    def solve(assumed: list[Any]) -> tuple[Any, Any]:
        enc.model.clear_assumptions()
        enc.model.add_assumptions(assumed)
        solver = enc.solver(time_limit)
        return solver.solve(enc.model), solver

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
    return Why(
        "impossible",
        restrictions=tuple(i for i, g in enumerate(enc.guards) if g.Index() in kept),
        needs_maximum=maximum_guard.Index() in kept,
    )


@dataclass(frozen=True)
class Payment:
    """``status`` "paid": ``plan`` gives, per player, one way to pay; "unpayable": no way exists;
    "undetermined": the time limit ran out."""

    status: Literal["paid", "unpayable", "undetermined"]
    plan: Mapping[str, tuple[str, ...]] | None = None


def pay(
    problem: Problem, chosen: frozenset[Atom], *, time_limit: float, also_tapped: frozenset[str] = frozenset()
) -> Payment:
    """Can the costs of the declaration ``chosen`` be paid in full (509.1f)? If so, how: the
    shown plan pays no more than the total. It prefers mana to life for Phyrexian symbols and
    sacrifices or taps no permanent beyond what is owed, then activates as few mana abilities
    and makes as little mana as it can (a source whose mana isn't spent isn't activated).
    ``also_tapped``: permanents the declaration taps otherwise (enlisted creatures)."""
    enc = _Encoder(problem, paying=True, fixed=chosen, also_tapped=also_tapped)
    if enc.overpayment:
        enc.model.minimize(sum(w * v for w, v in enc.overpayment))
    solver = enc.solver(time_limit)
    status = solver.solve(enc.model)
    if status == enc.cp.INFEASIBLE:
        return Payment("unpayable")
    if status not in (enc.cp.OPTIMAL, enc.cp.FEASIBLE):
        return Payment("undetermined")
    return Payment("paid", enc.payment_plan(solver))


def solutions(problem: Problem, *, minimum: int, time_limit: float) -> Iterator[frozenset[Atom] | None]:
    """Every assignment of the decision atoms that meets the restrictions and obeys at least
    ``minimum`` requirements and can pay its costs, one solve each (a no-good excludes each one
    found). Yields None and stops if a solve runs out of time."""
    enc = _Encoder(problem, paying=True)
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
