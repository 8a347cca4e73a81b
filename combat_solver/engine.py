"""Step-independent legality engine: the same two tiers for attacks and blocks (DESIGN §3).

A step is split into units that declare separately (each defending player, 802.4; a team,
805.10; the whole attack, 802.3a). Restrictions and obeyed requirements are evaluated in pure
Python; the solver runs only for the maximum number of obeyable requirements, and only when
the declaration doesn't already obey every requirement without breaking a restriction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from . import cpsat
from .deadline import Deadline
from .errors import ErrorItem, InputError
from .ir import Atom, Cmp, Payer, Problem, evaluate
from .payments import total_text
from .rules.base import Reason, Requirement, Restriction
from .rules.costs import CostTerm
from .verdict import CostReport, RequirementReport, Status, UnitReport, Violation

DEFAULT_TIME_LIMIT = 10.0
"""Seconds one command or API call may spend unless told otherwise (a ``Deadline``)."""


class Undetermined(RuntimeError):
    """The solver ran out of time before it could prove an answer."""


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
    def payers(self) -> tuple[Payer, ...]: ...

    def contains(self, atom: Atom) -> bool: ...

    def atom_reasons(self, atom: Atom) -> list[Reason]: ...


@dataclass(frozen=True)
class Assessment:
    status: Status
    violations: tuple[Violation, ...]
    units: tuple[UnitReport, ...]
    witness: frozenset[Atom] | None
    costs: tuple[CostReport, ...] = ()

    @property
    def obeyed(self) -> int:
        return sum(u.requirements_obeyed for u in self.units)

    @property
    def maximum(self) -> int | None:
        maxima = [u.requirements_maximum for u in self.units]
        return None if None in maxima else sum(m for m in maxima if m is not None)


def problem(unit: Unit) -> Problem:
    return Problem(
        variables=unit.allowed,
        definitions=unit.definitions,
        hard=tuple(r.cond for r in unit.restrictions),
        requirements=tuple(r.cond for r in unit.requirements),
        costs=tuple(t.units for t in unit.costs),
        payers=unit.payers,
    )


def assess(
    units: Sequence[Unit],
    chosen: frozenset[Atom],
    violations: list[Violation],
    *,
    requirement_rule: str,
    deadline: Deadline,
    also_tapped: frozenset[str] = frozenset(),
) -> Assessment:
    """Restrictions broken, requirements obeyed and the maximum, per unit; a witness reaching
    the maximum when the declaration is illegal only for too few requirements."""
    reports: list[UnitReport] = []
    cost_reports: list[CostReport] = []
    witness: set[Atom] = set()
    short = undetermined = False
    for unit in units:
        value_of = valuation(unit, chosen)
        broken = [
            Violation(
                rule=r.rule, kind=r.kind, objects=r.objects, message=r.detail(value_of) if r.detail else r.message
            )
            for r in unit.restrictions
            if not evaluate(r.cond, value_of)
        ]
        mine = frozenset(a for a in chosen if unit.contains(a))
        incurred = [(t, n) for t in unit.costs if (n := t.units.value(value_of)) > 0]
        if incurred:
            report, problem_found = _costs(unit, incurred, mine, deadline, also_tapped)
            cost_reports += report
            broken += problem_found
            undetermined = undetermined or any(r.payable is None for r in report)
        violations = violations + broken
        obeyed = [evaluate(r.cond, value_of) for r in unit.requirements]
        maximum: int | None = len(obeyed)
        witness |= mine
        restricted = bool(broken) or bool(incurred) or any(unit.atom_reasons(a) for a in mine)
        if obeyed and (restricted or not all(obeyed)):
            closeness: dict[Atom, int] = {a: (1 if a in mine else -1) for a in unit.allowed}
            outcome = cpsat.maximize(problem(unit), time_limit=deadline.remaining(), preference=closeness)
            maximum = outcome.requirements
            if maximum is None:
                undetermined = True
            elif sum(obeyed) < maximum:
                short = True
                assert outcome.chosen is not None
                witness = (witness - mine) | {a for a in outcome.chosen if unit.contains(a)}
                violations.append(
                    Violation(
                        rule=requirement_rule,
                        kind="too_few_requirements",
                        objects=tuple(sorted(unit.players)),
                        message=f"the declaration of {unit.name} obeys {sum(obeyed)} of a possible {maximum} requirements ({requirement_rule})",
                    )
                )
        reports.append(
            UnitReport(
                players=tuple(sorted(unit.players)),
                requirements_obeyed=sum(obeyed),
                requirements_maximum=maximum,
                requirements=tuple(
                    RequirementReport(
                        rule=r.rule,
                        kind=r.kind,
                        objects=r.objects,
                        description=r.description,
                        source=r.source,
                        obeyed=ok,
                    )
                    for r, ok in zip(unit.requirements, obeyed, strict=True)
                ),
            )
        )
    only_requirements = short and all(v.kind == "too_few_requirements" for v in violations)
    status: Status = "illegal" if violations else ("undetermined" if undetermined else "legal")
    return Assessment(
        status,
        tuple(violations),
        tuple(reports),
        frozenset(witness) if only_requirements else None,
        tuple(cost_reports),
    )


def _costs(
    unit: Unit,
    incurred: list[tuple[CostTerm, int]],
    mine: frozenset[Atom],
    deadline: Deadline,
    also_tapped: frozenset[str],
) -> tuple[list[CostReport], list[Violation]]:
    """The locked-in total per player (508.1h, 509.1d) and whether it can be paid in full (509.1f)."""
    payment = cpsat.pay(problem(unit), mine, time_limit=deadline.remaining(), also_tapped=also_tapped)
    reports: list[CostReport] = []
    violations: list[Violation] = []
    rule = "508.1j" if incurred[0][0].rule.startswith("508") else "509.1f"
    for player in sorted({t.payer for t, _ in incurred}):
        terms = [(t, n) for t, n in incurred if t.payer == player]
        total = total_text(terms)
        payable = None if payment.status == "undetermined" else payment.status == "paid"
        plan = payment.plan.get(player, ()) if payment.plan else ()
        reports.append(
            CostReport(
                player=player,
                items=tuple(f"{n} x {t.description}" if n > 1 else t.description for t, n in terms),
                total=total,
                payable=payable,
                payment=plan,
            )
        )
        if payable is False:
            violations.append(
                Violation(
                    rule=rule,
                    kind="unpayable_cost",
                    objects=(player,),
                    message=f"{player} can't pay the total cost {total} in full with the mana, life and permanents they have ({rule}: no partial payments)",
                )
            )
    return reports, violations


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


def solve(units: Sequence[Unit], preference: Mapping[Atom, int] | None, deadline: Deadline) -> frozenset[Atom] | None:
    """An optimal declaration for every unit (None if the solver timed out)."""
    chosen: set[Atom] = set()
    for unit in units:
        outcome = cpsat.maximize(problem(unit), time_limit=deadline.remaining(), preference=preference or None)
        if outcome.chosen is None:
            return None
        chosen |= outcome.chosen
    return frozenset(chosen)


def count(declarations: Iterator[object], limit: int | None) -> int:
    """How many declarations an enumeration yields, stopping at ``limit``."""
    n = 0
    for _ in declarations:
        n += 1
        if limit is not None and n >= limit:
            break
    return n


def enumerate_legal(units: Sequence[Unit], deadline: Deadline) -> Iterator[frozenset[Atom]]:
    """Every legal declaration, lazily, each once (raises ``Undetermined`` on a time-out)."""
    for parts in _product([_UnitSolutions(u, deadline) for u in units]):
        yield frozenset().union(*parts)


@dataclass(frozen=True)
class _UnitSolutions:
    unit: Unit
    deadline: Deadline

    def __call__(self) -> Iterator[frozenset[Atom]]:
        outcome = cpsat.maximize(problem(self.unit), time_limit=self.deadline.remaining())
        if outcome.requirements is None:
            raise Undetermined(f"the solver timed out on the declaration of {self.unit.name}")
        for chosen in cpsat.solutions(
            problem(self.unit), minimum=outcome.requirements, time_limit=self.deadline.remaining()
        ):
            if chosen is None:
                raise Undetermined(f"the solver timed out enumerating the declarations of {self.unit.name}")
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


def valuation(unit: Unit, chosen: frozenset[Atom]) -> Callable[[Atom], int]:
    """The 0/1 value of every atom of ``unit`` under a concrete declaration."""

    def value_of(atom: Atom) -> int:
        definition = unit.definitions.get(atom)
        if definition is not None:
            return int(evaluate(definition, value_of))
        return int(atom in chosen and unit.contains(atom))

    return value_of
