"""Exact branch-and-bound search over an ``ir.Problem`` in pure Python, for problems small enough
that CP-SAT's start-up and model building cost more than the search (docs/design.md §5).

It answers the same questions as ``cpsat.maximize`` — the requirement maximum over declarations
that incur no cost (508.1d, 509.1c) and, with a preference, the best declaration reaching it — for
problems whose declarations can't incur a cost (no side problem), and ``cpsat.solutions``' enumeration.
Conditions are evaluated three-valued on partial assignments: a branch is cut as soon as a hard
condition must fail or the requirements it can still obey can't beat the best found.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ..model.deadline import checkpoint
from ..model.ir import All, Any, Atom, Cmp, Cond, Lin, Parity, Problem, atoms_of, read_once

MAX_VARIABLES = 14
"""Up to this many decision atoms the search always decides; above it, it gets a node budget."""

LARGEST = 400
"""The search recurses once per decision atom: larger problems go to CP-SAT."""

WORK_PER_VARIABLE = 150
"""The budget of a larger problem, in terms of linear sums read, per decision atom: past it the
engine asks CP-SAT, whose model building costs about that much (see benchmarks/). Counted in work
done, not time, so the choice of path, and with it every answer, is repeatable."""

_NODES_PER_CLOCK_CHECK = 256


def fits(problem: Problem) -> bool:
    """Whether this search may decide ``problem`` (at most ``LARGEST`` atoms). It reads costs as
    restrictions (each incurred 0 times), so it decides the cost-free maximum; it enumerates only
    problems without a side problem (every legal declaration then pays nothing)."""
    return MAX_VARIABLES >= 0 and len(problem.variables) <= LARGEST


def budget(problem: Problem) -> int | None:
    """The work budget for finding an optimum or a first solution (None: unlimited)."""
    n = len(problem.variables)
    return None if n <= MAX_VARIABLES else WORK_PER_VARIABLE * n


def upper_bound(problem: Problem) -> int:
    """A bound on the requirement maximum from the capacities among the restrictions ("no more
    than N creatures can attack/block", one target per attacker, block capacities, 508.1c,
    509.1b): under a capacity ``sum of elements <= K`` (positive coefficients), a requirement
    each of whose ways to hold sets an element to 1 is obeyed only through one of at most K
    elements, so at most the K largest numbers of such requirements an element serves are. A
    requirement that no decision atom can make hold is never obeyed."""
    support = _Supports(problem.definitions)
    supports = [support.of(r) for r in problem.requirements]
    total = sum(1 for needed in supports if needed is None or needed)
    best = total
    charged: dict[Atom, list[tuple[int, Atom]]] = {}
    budgets: list[int] = []
    for cond in problem.hard:
        checkpoint()
        cap = _capacity(cond)
        if cap is None:
            continue
        elements, budget = cap
        c = len(budgets)
        budgets.append(max(budget, 0))
        for element in elements:
            for atom in support.charging(element):
                charged.setdefault(atom, []).append((c, element))
    if not budgets:
        return total
    capped: dict[int, int] = {}
    serves: dict[int, dict[Atom, int]] = {}
    for needed in supports:
        if not needed:
            continue
        caps: dict[int, set[Atom]] | None = None
        for atom in needed:
            here: dict[int, set[Atom]] = {}
            for c, element in charged.get(atom, ()):
                here.setdefault(c, set()).add(element)
            caps = here if caps is None else {c: caps[c] | e for c, e in here.items() if c in caps}
            if not caps:
                break
        for c, served in (caps or {}).items():
            capped[c] = capped.get(c, 0) + 1
            counts = serves.setdefault(c, {})
            for element in served:
                counts[element] = counts.get(element, 0) + 1
    for c, n in capped.items():
        top = sum(sorted(serves[c].values(), reverse=True)[: budgets[c]])
        best = min(best, total - n + min(n, top))
    return best


class _Supports:
    """Which decision atoms can make a condition hold, through the definitions of derived atoms."""

    def __init__(self, definitions: Mapping[Atom, Cmp]) -> None:
        self.definitions = definitions

    def of(self, cond: Cond) -> frozenset[Atom] | None:
        """Decision atoms one of which is 1 whenever ``cond`` holds (None: not known)."""
        if isinstance(cond, Cmp):
            lin = cond.lin
            if cond.lo is None or lin.const >= cond.lo or any(c < 0 for _, c in lin.terms):
                return None
            found: set[Atom] = set()
            for atom, coef in lin.terms:
                definition = self.definitions.get(atom)
                if coef == 0:
                    continue
                if definition is None:
                    found.add(atom)
                    continue
                inner = self.of(definition)
                if inner is None:
                    return None
                found |= inner
            return frozenset(found)
        if not isinstance(cond, All | Any):
            return None
        parts = [self.of(c) for c in cond.items]
        if isinstance(cond, All):
            return next((p for p in parts if p is not None), None)
        if any(p is None for p in parts):
            return None
        return frozenset().union(*(p for p in parts if p is not None))

    def charging(self, element: Atom) -> list[Atom]:
        """The decision atoms that set ``element`` to 1 when they are 1."""
        definition = self.definitions.get(element)
        if definition is None:
            return [element]
        lin = definition.lin
        if definition.hi is not None or any(c < 0 for _, c in lin.terms):
            return []
        out: list[Atom] = []
        for atom, coef in lin.terms:
            if definition.lo is None or lin.const + coef >= definition.lo:
                out += self.charging(atom)
        return out


def _capacity(cond: Cond) -> tuple[list[Atom], int] | None:
    """``cond`` as "sum of elements <= K" with every element's coefficient at least 1 (so at most
    K elements are 1), or None. "At most a or at most b" of one sum is at most the larger."""
    if isinstance(cond, Any) and cond.items and all(isinstance(c, Cmp) and c.lo is None for c in cond.items):
        cmps = [c for c in cond.items if isinstance(c, Cmp)]
        if any(c.hi is None or c.lin != cmps[0].lin for c in cmps):
            return None
        cond = Cmp(cmps[0].lin, None, max(c.hi for c in cmps if c.hi is not None))
    if not isinstance(cond, Cmp) or cond.hi is None:
        return None
    weights: dict[Atom, int] = {}
    for atom, coef in cond.lin.terms:
        weights[atom] = weights.get(atom, 0) + coef
    if any(c < 0 for c in weights.values()):
        return None
    return [a for a, c in weights.items() if c >= 1], cond.hi - cond.lin.const


class TimedOut(Exception):
    """The deadline passed before the search finished."""


class OverBudget(Exception):
    """The search did more work than its budget: let CP-SAT decide."""


@dataclass(frozen=True)
class Best:
    """The optimum found: obeyed requirements, preference weight, decision atoms set to 1."""

    requirements: int
    weight: int
    chosen: frozenset[Atom]


class _Search:
    """Depth-first assignment of the decision atoms in a fixed order (0 before 1 unless the
    atom helps a requirement or the preference), with three-valued pruning."""

    def __init__(self, problem: Problem, deadline: float, work_budget: int | None = None) -> None:
        self.problem = problem
        self.deadline = deadline
        self.work_budget = work_budget
        self.work = 0
        self.order = tuple(problem.variables)
        self.index = {a: i for i, a in enumerate(self.order)}
        self.values: list[int | None] = [None] * len(self.order)
        self.hard: tuple[Cond, ...] = (*problem.hard, *(Cmp(lin, None, 0) for lin in problem.costs))
        self.nodes = 0

    # -- three-valued evaluation ---------------------------------------------------------------
    def _atom_range(self, atom: Atom) -> tuple[int, int]:
        i = self.index.get(atom)
        if i is not None:
            v = self.values[i]
            return (0, 1) if v is None else (v, v)
        definition = self.problem.definitions.get(atom)
        if definition is None:
            return (0, 0)
        truth = self._truth(definition)
        return (0, 1) if truth is None else (int(truth), int(truth))

    def _lin_range(self, lin: Lin) -> tuple[int, int]:
        self.work += len(lin.terms)
        lo = hi = lin.const
        for atom, coef in lin.terms:
            a, b = self._atom_range(atom)
            if coef >= 0:
                lo += coef * a
                hi += coef * b
            else:
                lo += coef * b
                hi += coef * a
        return lo, hi

    def _truth(self, cond: Cond) -> bool | None:
        if isinstance(cond, Cmp):
            lo, hi = self._lin_range(cond.lin)
            if (cond.lo is not None and hi < cond.lo) or (cond.hi is not None and lo > cond.hi):
                return False
            if (cond.lo is None or lo >= cond.lo) and (cond.hi is None or hi <= cond.hi):
                return True
            return None
        if isinstance(cond, Parity):
            lo, hi = self._lin_range(cond.lin)
            return cond.holds(lo) if lo == hi else None
        unknown = False
        if isinstance(cond, All):
            for c in cond.items:
                t = self._truth(c)
                if t is False:
                    return False
                unknown = unknown or t is None
            return None if unknown else True
        for c in cond.items:
            t = self._truth(c)
            if t is True:
                return True
            unknown = unknown or t is None
        return None if unknown else False

    # -- search ------------------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.work_budget is not None and self.work > self.work_budget:
            raise OverBudget
        if self.nodes % _NODES_PER_CLOCK_CHECK == 1 and time.monotonic() > self.deadline:
            raise TimedOut

    def _depends(self, cond: Cond) -> set[int]:
        """The decision atoms (by index) whose values ``cond`` depends on, through definitions."""
        out: set[int] = set()
        pending = list(atoms_of(cond))
        seen: set[Atom] = set()
        while pending:
            atom = pending.pop()
            if atom in seen:
                continue
            seen.add(atom)
            if atom in self.index:
                out.add(self.index[atom])
            elif (definition := self.problem.definitions.get(atom)) is not None:
                pending += [a for a, _ in definition.lin.terms]
        return out

    def _prepare(self) -> bool:
        """Index conditions by the atoms they read; False when a restriction fails whatever is declared."""
        n = len(self.order)
        self.hard_of: list[list[Cond]] = [[] for _ in range(n)]
        self.requirements_of: list[list[int]] = [[] for _ in range(n)]
        for cond in self.hard:
            for i in self._depends(cond):
                self.hard_of[i].append(cond)
        requirements = self.problem.requirements
        for k, cond in enumerate(requirements):
            for i in self._depends(cond):
                self.requirements_of[i].append(k)
        self.failed = [self._truth(r) is False for r in requirements]
        self.bound = sum(1 for f in self.failed if not f)
        return all(self._truth(c) is not False for c in self.hard)

    def _assign(self, depth: int, value: int) -> list[int] | None:
        """Set atom ``depth``; None if a restriction must now fail, else the requirements that
        just became impossible (to undo with ``_unassign``)."""
        self.values[depth] = value
        if any(self._truth(c) is False for c in self.hard_of[depth]):
            return None
        lost = [
            k
            for k in self.requirements_of[depth]
            if not self.failed[k] and self._truth(self.problem.requirements[k]) is False
        ]
        for k in lost:
            self.failed[k] = True
        self.bound -= len(lost)
        return lost

    def _unassign(self, lost: list[int]) -> None:
        for k in lost:
            self.failed[k] = False
        self.bound += len(lost)

    def _chosen(self) -> frozenset[Atom]:
        return frozenset(a for a, v in zip(self.order, self.values, strict=True) if v)

    def leaves(self, minimum: int, eager: bool = False) -> Iterator[frozenset[Atom]]:
        """Every full assignment meeting the hard conditions and obeying at least ``minimum``
        requirements, each once, in a fixed order: 0 before 1, or (``eager``) 1 first for an
        atom that helps a requirement, which reaches one obeying more sooner."""
        if self._prepare() and self.bound >= minimum:
            values = [(0, 1)] * len(self.order)
            if eager:
                helps = self._helping()
                values = [(1, 0) if atom in helps else (0, 1) for atom in self.order]
            yield from self._leaves(0, minimum, values)

    def _helping(self) -> set[Atom]:
        return helping(self.problem)

    def _leaves(self, depth: int, minimum: int, values: list[tuple[int, int]]) -> Iterator[frozenset[Atom]]:
        self._tick()
        if depth == len(self.order):
            yield self._chosen()
            return
        for value in values[depth]:
            lost = self._assign(depth, value)
            if lost is not None:
                if self.bound >= minimum:
                    yield from self._leaves(depth + 1, minimum, values)
                self._unassign(lost)
        self.values[depth] = None

    def maximize(self, weights: Mapping[Atom, int]) -> Best | None:
        """The lexicographic optimum (requirements, then ``weights``), or None if no full
        assignment meets the hard conditions."""
        w = [weights.get(a, 0) for a in self.order]
        first = [1 if x > 0 else 0 for x in w]
        helping = self._helping()
        for i, atom in enumerate(self.order):
            if w[i] == 0 and atom in helping:
                first[i] = 1
        suffix = [0] * (len(self.order) + 1)
        for i in range(len(self.order) - 1, -1, -1):
            suffix[i] = suffix[i + 1] + max(w[i], 0)
        best: list[Best | None] = [None]
        cap = upper_bound(self.problem)

        def promising(depth: int, weight: int) -> bool:
            current = best[0]
            bound = min(self.bound, cap)
            return (
                current is None
                or bound > current.requirements
                or (bound == current.requirements and weight + suffix[depth] > current.weight)
            )

        def visit(depth: int, weight: int) -> None:
            self._tick()
            if depth == len(self.order):
                best[0] = Best(self.bound, weight, self._chosen())
                return
            for value in (first[depth], 1 - first[depth]):
                lost = self._assign(depth, value)
                if lost is not None:
                    if promising(depth + 1, weight + w[depth] * value):
                        visit(depth + 1, weight + w[depth] * value)
                    self._unassign(lost)
            self.values[depth] = None

        if self._prepare():
            visit(0, 0)
        return best[0]


def helping(problem: Problem) -> set[Atom]:
    """The decision atoms that help a requirement, directly or through a derived atom."""
    helps = {a for r in problem.requirements for a in _atoms(r)}
    definitions = problem.definitions
    through = {a for d in helps if (definition := definitions.get(d)) is not None for a, _ in definition.lin.terms}
    return {a for a in problem.variables if a in helps or a in through}


def obvious(problem: Problem, minimum: int) -> frozenset[Atom] | None:
    """The declaration of every decision atom that helps a requirement, when it meets the
    restrictions, incurs no cost and obeys at least ``minimum`` requirements, else None: a
    witness read without searching (Lure: every creature able to block the lured one does)."""
    chosen = frozenset(helping(problem))
    if not chosen:
        return None
    hard = (*problem.hard, *(Cmp(lin, None, 0) for lin in problem.costs))
    _, truths = read_once(problem.definitions, (*hard, *problem.requirements), chosen)
    if all(truths[: len(hard)]) and sum(truths[len(hard) :]) >= minimum:
        return chosen
    return None


def _atoms(cond: Cond) -> set[Atom]:
    if isinstance(cond, Cmp):
        return {a for a, c in cond.lin.terms if c > 0}
    if isinstance(cond, Parity):
        return {a for a, _ in cond.lin.terms}
    out: set[Atom] = set()
    for c in cond.items:
        out |= _atoms(c)
    return out


def maximize(
    problem: Problem, *, deadline: float, preference: Mapping[Atom, int] | None = None, limited: bool = True
) -> Best | None:
    """The requirement maximum and, among declarations reaching it, the best for ``preference``
    (``problem`` must ``fit``). None when no declaration meets the restrictions; raises
    ``TimedOut`` past ``deadline`` (a ``time.monotonic()`` value) and ``OverBudget`` past the
    problem's ``budget`` (unless not ``limited``)."""
    return _Search(problem, deadline, budget(problem) if limited else None).maximize(preference or {})


def first(problem: Problem, *, minimum: int, deadline: float) -> frozenset[Atom] | None:
    """A declaration meeting the restrictions and obeying at least ``minimum`` requirements, or
    None if there is none (``TimedOut``, ``OverBudget`` as for ``maximize``)."""
    if upper_bound(problem) < minimum:
        return None
    return next(_Search(problem, deadline, budget(problem)).leaves(minimum, eager=True), None)


def solutions(problem: Problem, *, minimum: int, deadline: float) -> Iterator[frozenset[Atom]]:
    """Every declaration meeting the restrictions and obeying at least ``minimum`` requirements,
    each once (``problem`` must ``fit``); raises ``TimedOut`` past ``deadline``. No node budget:
    the enumeration is output-sensitive (it cuts every branch that must fail)."""
    return _Search(problem, deadline).leaves(minimum)


def components(problem: Problem) -> list[Problem]:
    """``problem`` (no costs, no side problem) split into parts that share no decision atom: its
    legal declarations are every combination of one legal declaration of each part, since a
    declaration reaches the maximum exactly when each part reaches its own (508.1d, 509.1c). A part
    without decision atoms holds the conditions that read none (their truth is fixed)."""
    definitions = problem.definitions
    variables = set(problem.variables)
    parent = {v: v for v in variables}

    def root(v: Atom) -> Atom:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    conds = [(c, True) for c in problem.hard] + [(c, False) for c in problem.requirements]
    read_by: list[tuple[set[Atom], set[Atom]]] = []
    for cond, _ in conds:
        derived = _derived(cond, definitions)
        through = (a for d in derived for a, _ in definitions[d].lin.terms)
        read = {a for a in (*atoms_of(cond), *through) if a in variables}
        read_by.append((read, derived))
        if read:
            first = root(next(iter(read)))
            for v in read:
                parent[root(v)] = first
    groups: dict[Atom | None, tuple[list[Atom], list[Cond], list[Cond], set[Atom]]] = {}
    for v in problem.variables:
        groups.setdefault(root(v), ([], [], [], set()))[0].append(v)
    for (cond, is_hard), (read, derived) in zip(conds, read_by, strict=True):
        _, restrictions, requirements, reads_derived = groups.setdefault(
            root(next(iter(read))) if read else None, ([], [], [], set())
        )
        (restrictions if is_hard else requirements).append(cond)
        reads_derived.update(derived)
    return [
        Problem(
            variables=tuple(decisions),
            definitions={a: definitions[a] for a in derived},
            hard=tuple(restrictions),
            requirements=tuple(requirements),
        )
        for decisions, restrictions, requirements, derived in groups.values()
    ]


def _derived(cond: Cond, definitions: Mapping[Atom, Cmp]) -> set[Atom]:
    """The derived atoms ``cond`` reads, directly or through other derived atoms."""
    out: set[Atom] = set()
    pending = [a for a in atoms_of(cond) if a in definitions]
    while pending:
        atom = pending.pop()
        if atom not in out:
            out.add(atom)
            pending += [a for a, _ in definitions[atom].lin.terms if a in definitions]
    return out
