"""Step-independent legality engine: the same two tiers for attacks and blocks (docs/design.md §5).

A step is split into units that declare separately (each defending player, 802.4; a team,
805.10; the whole attack, 802.3a). Restrictions and obeyed requirements are evaluated in pure
Python; the solver runs only for the maximum number of obeyable requirements, and only when
the declaration doesn't already obey every requirement without breaking a restriction.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol
from weakref import WeakKeyDictionary

from ..model.deadline import Deadline, Undetermined
from ..model.declarations import FixedPairs
from ..model.errors import ErrorItem, InputError
from ..model.ir import Atom, Checker, Cmp, Cond, Lin, Problem, Side, atoms_of, compilable, evaluate, read_once
from ..model.records import CostReport, RequirementReport, Status, UnitReport, Violation, ViolationKind
from ..rules.kind import Reason, Requirement, Restriction
from . import paths

if TYPE_CHECKING:
    from ..model.cost_terms import CostTerm


class Impossible(ValueError):
    """No legal declaration meets the caller's extra conditions (fixed pairs)."""


class Unit(Protocol):
    """One separately declared part of a step."""

    @property
    def name(self) -> str: ...

    @property
    def players(self) -> frozenset[str]: ...

    @property
    def allowed(self) -> tuple[Atom, ...]: ...

    @property
    def definitions(self) -> Mapping[Atom, Cmp]: ...

    @property
    def restrictions(self) -> tuple[Restriction, ...]: ...

    @property
    def requirements(self) -> tuple[Requirement, ...]: ...

    @property
    def costs(self) -> tuple[CostTerm, ...]: ...

    @property
    def payment(self) -> Side | None: ...

    def contains(self, atom: Atom) -> bool: ...

    def atom_reasons(self, atom: Atom) -> list[Reason]: ...


@dataclass(frozen=True)
class Assessment:
    status: Status
    violations: tuple[Violation, ...]
    units: tuple[UnitReport, ...]
    witness: frozenset[Atom] | None
    costs: tuple[CostReport, ...] = ()
    witness_closest: bool | None = None

    @property
    def obeyed(self) -> int:
        return sum(u.requirements_obeyed for u in self.units)

    @property
    def maximum(self) -> int | None:
        maxima = [u.requirements_maximum for u in self.units]
        return None if None in maxima else sum(m for m in maxima if m is not None)


def problem(unit: Unit) -> Problem:
    return _memo(unit).problem(unit)


class _Memo:
    """What the engine derives from one unit once (a unit is fixed for its board): the problem,
    the checker of its restrictions and requirements, their reports, and what is known of its
    cost-free maximum. It holds nothing that refers to the unit (it is kept while the unit lives)."""

    def __init__(self, unit: Unit) -> None:
        self._problem: Problem | None = None
        self._definitions = unit.definitions
        self._conds = (*(r.cond for r in unit.restrictions), *(r.cond for r in unit.requirements))
        self._checker: Checker | None = None
        self._checks: int | None = 0
        self.at_least = 0
        self.maximum: int | None = None
        self.players = tuple(sorted(unit.players))
        self._violations: dict[int, Violation] = {}
        self._reports: dict[tuple[int, bool], RequirementReport] = {}
        self._unit_reports: dict[tuple[tuple[bool, ...], int | None, tuple[str, ...]], UnitReport] = {}

    def problem(self, unit: Unit) -> Problem:
        """The unit's problem, built when a search or a solver first needs it."""
        if self._problem is None:
            self._problem = Problem(
                variables=unit.allowed,
                definitions=self._definitions,
                hard=tuple(r.cond for r in unit.restrictions),
                requirements=tuple(r.cond for r in unit.requirements),
                costs=tuple(t.units for t in unit.costs),
                side=unit.payment,
            )
        return self._problem

    def truths(self, chosen: frozenset[Atom]) -> tuple[Callable[[Atom], int], list[bool]]:
        """The value of every atom, and the truth of each restriction then each requirement,
        under the declaration ``chosen``: read directly the first time, by a ``Checker`` compiled
        once the unit is checked again (compiling costs about two direct readings), unless a
        condition is of a kind the checker doesn't read."""
        if self._checks is not None:
            self._checks += 1
            if self._checker is None and self._checks > 1:
                if all(compilable(c) for c in self._conds):
                    self._checker = Checker(self._definitions, self._conds)
                else:
                    self._checks = None
        if self._checker is not None:
            return self._checker.truths(chosen)
        return read_once(self._definitions, self._conds, chosen)

    def violation(self, unit: Unit, k: int, value_of: Callable[[Atom], int]) -> Violation:
        """The violation of restriction ``k`` (worded for the declaration when it has ``detail``)."""
        r = unit.restrictions[k]
        if r.detail is not None:
            return violation(r.rule, r.kind, r.objects, r.detail(value_of))
        found = self._violations.get(k)
        if found is None:
            found = self._violations[k] = violation(r.rule, r.kind, r.objects, r.message)
        return found

    def report(self, unit: Unit, k: int, obeyed: bool) -> RequirementReport:
        """Requirement ``k`` as reported, obeyed or not."""
        found = self._reports.get((k, obeyed))
        if found is None:
            r = unit.requirements[k]
            found = self._reports[(k, obeyed)] = _requirement_report(
                r.rule, r.kind, r.objects, r.description, r.source, obeyed
            )
        return found

    def unit_report(
        self, unit: Unit, obeyed: tuple[bool, ...], maximum: int | None, paid_items: tuple[str, ...]
    ) -> UnitReport:
        """The unit's report for a declaration obeying ``obeyed``, shared by the declarations that
        read alike (records are frozen; the last ``UNIT_REPORTS_KEPT`` kinds are kept)."""
        key = (obeyed, maximum, paid_items)
        found = self._unit_reports.get(key)
        if found is None:
            if len(self._unit_reports) >= UNIT_REPORTS_KEPT:
                self._unit_reports.clear()
            found = self._unit_reports[key] = UnitReport(
                players=self.players,
                requirements_obeyed=sum(obeyed),
                requirements_maximum=maximum,
                paid_items=paid_items,
                requirements=tuple([self.report(unit, k, ok) for k, ok in enumerate(obeyed)]),
            )
        return found

    def exceeds(self, unit: Unit, obeyed: int, deadline: Deadline) -> bool | None:
        """``exceeds`` for a declaration that breaks no restriction, incurs no cost and obeys
        ``obeyed`` requirements (so the maximum is at least ``obeyed``), remembering the answer."""
        if self.maximum is not None:
            return obeyed < self.maximum
        if obeyed < self.at_least:
            return True
        more = paths.exceeds(self.problem(unit), obeyed, time_limit=deadline.remaining())
        if more:
            self.at_least = obeyed + 1
        elif more is False:
            self.maximum = obeyed
        return more


@lru_cache(maxsize=4096)
def violation(rule: str, kind: ViolationKind, objects: tuple[str, ...], message: str) -> Violation:
    """A ``Violation`` record, built once and shared by every verdict that reports it (records
    are frozen): a fresh board's check reports the same violations without building them again."""
    return Violation(rule=rule, kind=kind, objects=objects, message=message)


@lru_cache(maxsize=4096)
def _requirement_report(
    rule: str, kind: str, objects: tuple[str, ...], description: str, source: str, obeyed: bool
) -> RequirementReport:
    return RequirementReport(
        rule=rule, kind=kind, objects=objects, description=description, source=source, obeyed=obeyed
    )


UNIT_REPORTS_KEPT = 256
"""Unit reports a unit keeps for the declarations checked on it, before it starts again."""

_MEMOS: WeakKeyDictionary[Unit, _Memo] = WeakKeyDictionary()


def _memo(unit: Unit) -> _Memo:
    memo = _MEMOS.get(unit)
    if memo is None:
        memo = _MEMOS[unit] = _Memo(unit)
    return memo


def assess(
    units: Sequence[Unit],
    chosen: frozenset[Atom],
    violations: list[Violation],
    *,
    requirement_rule: str,
    deadline: Deadline,
    also_tapped: frozenset[str] = frozenset(),
    explain: bool = True,
    maxima: Mapping[frozenset[str], int] | None = None,
) -> Assessment:
    """Restrictions broken, requirements obeyed and the maximum, per unit; when the declaration
    is illegal (a restriction broken, a cost it can't pay, or too few requirements), a witness:
    a declaration that breaks no restriction and reaches the maximum, closest to this one (each
    unit's part that is already right kept; the closeness search bounded by deterministic work, so
    the witness is the same whatever the time limit; ``witness_closest`` False when the clock cut
    that search short: the witness is then the one the maximum's proof found). The maximum is
    over the declarations that break no restriction and incur only the cost items this one pays,
    payable in full (docs/design.md §4.2: a creature whose cost is paid is able); the witness pays
    no more than this declaration either.

    ``explain`` False decides at the cost of deciding (docs/design.md §5): no solver when a
    restriction is already broken, and only "can a declaration obey more?" otherwise; the
    maximum is then reported only when that answer pins it down. ``maxima``: cost-free maxima
    already proven (by ``solve``), by the unit's players, for declarations that pay nothing."""
    reports: list[UnitReport] = []
    cost_reports: list[CostReport] = []
    witness: set[Atom] = set()
    undetermined = unrepaired = False
    closest = True
    for unit in units:
        memo = _memo(unit)
        mine = frozenset([a for a in chosen if unit.contains(a)])
        value_of, truths = memo.truths(mine)
        restrictions = unit.restrictions
        broken = [memo.violation(unit, k, value_of) for k, ok in enumerate(truths[: len(restrictions)]) if not ok]
        costs = unit.costs
        paid = tuple(t.units.value(value_of) for t in costs) if costs else ()
        incurred = [(t, n) for t, n in zip(costs, paid, strict=True) if n > 0] if costs else []
        if incurred:
            from .payment import settle

            report, problem_found = settle(
                problem(unit), incurred, mine, time_limit=deadline.remaining(), also_tapped=also_tapped
            )
            cost_reports += report
            broken += problem_found
            undetermined = undetermined or any(r.payable is None for r in report)
        violations = violations + broken
        obeyed = truths[len(restrictions) :]
        maximum: int | None = len(obeyed)
        witness |= mine
        ruled_out = bool(broken) or any(unit.atom_reasons(a) for a in mine)
        known = None if incurred else (maxima or {}).get(unit.players)
        if known is not None:
            maximum = known
            unrepaired = unrepaired or ruled_out or not all(obeyed)
        elif obeyed and not explain and (incurred or ruled_out or not all(obeyed)):
            maximum = len(obeyed) if all(obeyed) and not ruled_out else None
            if maximum is None and not ruled_out:
                more = (
                    paths.paid_maximum_exceeds(problem(unit), paid, sum(obeyed), time_limit=deadline.remaining())
                    if incurred
                    else memo.exceeds(unit, sum(obeyed), deadline)
                )
                undetermined = undetermined or more is None
                if more:
                    unrepaired = True
                    violations.append(
                        _too_few(
                            memo.players,
                            requirement_rule,
                            f"the declaration of {unit.name} obeys {sum(obeyed)} requirements; "
                            f"a declaration that breaks no restriction obeys more",
                        )
                    )
                elif more is False and not incurred:
                    maximum = sum(obeyed)
        elif (obeyed or explain) and (ruled_out or not all(obeyed)):
            closeness: dict[Atom, int] = {a: (1 if a in mine else -1) for a in unit.allowed}
            outcome = paths.maximize(
                problem(unit), time_limit=deadline.remaining(), preference=closeness, paid=paid, bounded_preference=True
            )
            maximum = outcome.requirements
            if maximum is not None and not incurred:
                memo.maximum = maximum
            if maximum is None or outcome.chosen is None:
                undetermined = True
                unrepaired = True
            else:
                witness = (witness - mine) | {a for a in outcome.chosen if unit.contains(a)}
                closest = closest and not outcome.preference_cut
            if maximum is not None and sum(obeyed) < maximum:
                violations.append(
                    _too_few(
                        memo.players,
                        requirement_rule,
                        f"the declaration of {unit.name} obeys {sum(obeyed)} of a possible {maximum} "
                        f"requirements{' with the costs it pays' if incurred else ''}",
                    )
                )
        elif ruled_out or (obeyed and not all(obeyed)):
            unrepaired = True
        reports.append(memo.unit_report(unit, tuple(obeyed), maximum, tuple([t.description for t, _ in incurred])))
    status: Status = "illegal" if violations else ("undetermined" if undetermined else "legal")
    repaired = status == "illegal" and not unrepaired and explain and witness != chosen
    return Assessment(
        status,
        tuple(violations),
        tuple(reports),
        frozenset(witness) if repaired else None,
        tuple(cost_reports),
        closest if repaired else None,
    )


def _too_few(players: tuple[str, ...], rule: str, message: str) -> Violation:
    """508.1d / 509.1c: a declaration that obeys fewer requirements than it could."""
    return Violation(rule=rule, kind="too_few_requirements", objects=players, message=f"{message} ({rule})")


def preference_atoms(
    prefer: Mapping[tuple[str, str], int] | None, known: set[str], atom: Callable[[str, str], Atom]
) -> dict[Atom, int]:
    """The caller's weights on (id, id) pairs as atoms; an unknown id is bad input."""
    unknown = [
        ErrorItem(("prefer", f"{a}->{b}"), "unknown_id", f"no permanent or player {x!r}")
        for a, b in (prefer or {})
        for x in (a, b)
        if x not in known
    ]
    if unknown:
        raise InputError(unknown)
    return {atom(a, b): w for (a, b), w in (prefer or {}).items()}


def fixed_conditions(fix: FixedPairs | None, known: set[str], atom: Callable[[str, str], Atom]) -> tuple[Cond, ...]:
    """The caller's fixed pairs as hard conditions (an included pair is 1, an excluded pair 0)."""
    if fix is None:
        return ()
    unknown = [
        ErrorItem(("fix", side, i), "unknown_id", f"no permanent or player {x!r}")
        for side, pairs in (("include", fix.include), ("exclude", fix.exclude))
        for i, pair in enumerate(pairs)
        for x in pair
        if x not in known
    ]
    if unknown:
        raise InputError(unknown)
    return tuple(Lin.of([atom(a, b)]).equals(1) for a, b in fix.include) + tuple(
        Lin.of([atom(a, b)]).equals(0) for a, b in fix.exclude
    )


@dataclass(frozen=True)
class Solution:
    """An optimal declaration for every unit, and each unit's proven maximum (by its players)."""

    chosen: frozenset[Atom]
    maxima: Mapping[frozenset[str], int]


def solve(
    units: Sequence[Unit], preference: Mapping[Atom, int] | None, deadline: Deadline, extra: Sequence[Cond] = ()
) -> Solution | None:
    """An optimal declaration for every unit (None if the solver timed out). ``extra``: the
    caller's hard conditions, each applied to the unit that holds all its atoms; raises
    ``Impossible`` when no legal declaration of that unit meets them."""
    held = [c for c in extra if any(all(u.contains(a) for a in atoms_of(c)) for u in units)]
    if any(not evaluate(c, lambda _: 0) for c in extra if c not in held):
        raise Impossible("a fixed pair that no legal declaration can contain")
    chosen: set[Atom] = set()
    maxima: dict[frozenset[str], int] = {}
    for unit in units:
        mine = tuple(c for c in extra if all(unit.contains(a) for a in atoms_of(c)))
        p = problem(unit)
        if mine or (preference and p.side):
            outcome = paths.optimal(p, time_limit=deadline.remaining(), preference=preference or None, extra=mine)
        else:
            outcome = paths.maximize(p, time_limit=deadline.remaining(), preference=preference or None)
        if outcome.status == "impossible":
            raise Impossible(unit.name)
        if outcome.chosen is None or outcome.requirements is None:
            return None
        chosen |= outcome.chosen
        maxima[unit.players] = outcome.requirements
    return Solution(frozenset(chosen), maxima)


def count_legal(units: Sequence[Unit], deadline: Deadline, limit: int | None) -> int:
    """How many legal declarations there are (at most ``limit``): the product of each unit's
    count, since units declare independently (802.4), and within a unit without costs the product
    of the counts of its parts that share no creature (``search.components``): each part's
    declarations are enumerated, never their combinations (raises ``Undetermined`` on a time-out)."""
    from . import search

    total = 1
    for unit in units:
        p = problem(unit)
        parts = search.components(p) if not p.costs and p.side is None else [p]
        for part in parts:
            n = 0
            for _ in _Solutions(part, unit.name, deadline)():
                n += 1
                if limit is not None and n >= limit:
                    break
            total *= n
            if total == 0:
                return 0
    return total if limit is None else min(total, limit)


def enumerate_legal(units: Sequence[Unit], deadline: Deadline) -> Iterator[frozenset[Atom]]:
    """Every legal declaration, lazily, each once (raises ``Undetermined`` on a time-out)."""
    for parts in _product([_Solutions(problem(u), u.name, deadline) for u in units]):
        yield frozenset().union(*parts)


@dataclass(frozen=True)
class _Solutions:
    """Every legal declaration of ``problem`` (the declaration of ``name``), each once."""

    problem: Problem
    name: str
    deadline: Deadline

    def __call__(self) -> Iterator[frozenset[Atom]]:
        from . import search

        p = self.problem
        outcome = paths.maximize(p, time_limit=self.deadline.remaining())
        if outcome.requirements is None:
            raise Undetermined(f"the solver timed out on the declaration of {self.name}")
        if search.fits(p) and not p.side:
            try:
                yield from search.solutions(
                    p, minimum=outcome.requirements, deadline=time.monotonic() + self.deadline.remaining()
                )
            except search.TimedOut:
                raise Undetermined(f"the search timed out enumerating the declarations of {self.name}") from None
            return
        for chosen in paths.solutions(p, minimum=outcome.requirements, time_limit=self.deadline.remaining()):
            if chosen is None:
                raise Undetermined(f"the solver timed out enumerating the declarations of {self.name}")
            yield chosen


def _product(factories: list[Callable[[], Iterator[frozenset[Atom]]]]) -> Iterator[tuple[frozenset[Atom], ...]]:
    """Lazy cartesian product that re-runs the inner enumerations instead of storing them."""
    if not factories:
        yield ()
        return
    first, rest = factories[0], factories[1:]
    for head in first():
        for tail in _product(rest):
            yield (head, *tail)
