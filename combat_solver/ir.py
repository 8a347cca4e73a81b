"""A small solver-neutral constraint language (CPMpy-style): rules describe conditions once; the
pure-Python evaluator checks them on a concrete declaration and ``cpsat`` encodes them.

Atoms are 0/1 facts of a declaration. Base atoms are decision variables; derived atoms are
defined exactly by a condition over other atoms (see ``Definitions``). A ``Side`` problem adds
integer ``Choice`` atoms that must meet its conditions for the declaration to be made (paying
its costs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, order=True)
class Pair:
    """Base atom: ``blocker`` blocks ``attacker`` (509.1a)."""

    blocker: str
    attacker: str


@dataclass(frozen=True, slots=True, order=True)
class Blocking:
    """Derived atom: ``blocker`` blocks at least one creature."""

    blocker: str


@dataclass(frozen=True, slots=True, order=True)
class BlocksBand:
    """Derived atom: ``blocker`` blocks at least one of ``band``: an attacking band, whose every
    member it then blocks (702.22h), or the attackers a cost to block names (Heat Wave)."""

    blocker: str
    band: tuple[str, ...]


@dataclass(frozen=True, slots=True, order=True)
class Attack:
    """Base atom: ``attacker`` attacks ``target`` (a player, planeswalker or battle; 508.1b)."""

    attacker: str
    target: str


@dataclass(frozen=True, slots=True, order=True)
class Attacking:
    """Derived atom: ``attacker`` attacks something."""

    attacker: str


@dataclass(frozen=True, slots=True, order=True)
class Choice:
    """Side atom: an integer in ``0..hi`` chosen together with a declaration that is not a fact
    of it (how its costs are paid). It appears only in ``Side`` conditions. ``key`` tells it
    apart for the code that built it; ``shown`` words its value ``n`` in a shown solution ("":
    not shown)."""

    key: tuple[str, ...]
    hi: int = 1
    shown: str = field(default="", compare=False)


Atom = Pair | Blocking | BlocksBand | Attack | Attacking | Choice


@dataclass(frozen=True, slots=True)
class Lin:
    """A linear sum of atoms plus a constant."""

    terms: tuple[tuple[Atom, int], ...] = ()
    const: int = 0

    @staticmethod
    def of(atoms: Iterable[Atom]) -> Lin:
        return Lin(tuple((a, 1) for a in atoms))

    def __add__(self, other: Lin) -> Lin:
        return Lin(self.terms + other.terms, self.const + other.const)

    def at_least(self, k: int) -> Cmp:
        return Cmp(self, k, None)

    def at_most(self, k: int) -> Cmp:
        return Cmp(self, None, k)

    def equals(self, k: int) -> Cmp:
        return Cmp(self, k, k)

    def times(self, k: int) -> Lin:
        return Lin(tuple((a, c * k) for a, c in self.terms), self.const * k)

    def value(self, value_of: Callable[[Atom], int]) -> int:
        return self.const + sum(c * value_of(a) for a, c in self.terms)


@dataclass(frozen=True, slots=True)
class Cmp:
    """``lo <= lin <= hi`` (a missing bound is unbounded)."""

    lin: Lin
    lo: int | None
    hi: int | None


@dataclass(frozen=True, slots=True)
class All:
    items: tuple[Cond, ...]


@dataclass(frozen=True, slots=True)
class Any:
    items: tuple[Cond, ...]


Cond = Cmp | All | Any

TRUE: Cond = All(())
FALSE: Cond = Any(())


def all_of(*items: Cond) -> Cond:
    return All(tuple(items))


def any_of(*items: Cond) -> Cond:
    return Any(tuple(items))


def implies(premise: Cmp, conclusion: Cond) -> Cond:
    """``premise -> conclusion`` written as ``not premise or conclusion``."""
    return Any((*negate(premise), conclusion))


def negate(cmp: Cmp) -> tuple[Cmp, ...]:
    """The comparisons of which at least one holds exactly when ``cmp`` fails."""
    out = []
    if cmp.lo is not None:
        out.append(Cmp(cmp.lin, None, cmp.lo - 1))
    if cmp.hi is not None:
        out.append(Cmp(cmp.lin, cmp.hi + 1, None))
    return tuple(out)


Definitions = Mapping[Atom, Cmp]
"""For each derived atom, the condition it is equivalent to."""


def evaluate(cond: Cond, value_of: Callable[[Atom], int]) -> bool:
    """Truth of ``cond`` under a concrete assignment of atoms."""
    if isinstance(cond, Cmp):
        v = cond.lin.value(value_of)
        return (cond.lo is None or v >= cond.lo) and (cond.hi is None or v <= cond.hi)
    if isinstance(cond, All):
        return all(evaluate(c, value_of) for c in cond.items)
    return any(evaluate(c, value_of) for c in cond.items)


def valuation(definitions: Definitions, chosen: frozenset[Atom]) -> Callable[[Atom], int]:
    """The 0/1 value of every atom when the base atoms ``chosen`` are 1 and all others 0."""

    def value_of(atom: Atom) -> int:
        definition = definitions.get(atom)
        if definition is not None:
            return int(evaluate(definition, value_of))
        return int(atom in chosen)

    return value_of


def atoms_of(cond: Cond) -> set[Atom]:
    if isinstance(cond, Cmp):
        return {a for a, _ in cond.lin.terms}
    found: set[Atom] = set()
    for c in cond.items:
        found |= atoms_of(c)
    return found


@dataclass(frozen=True)
class Side:
    """A side problem of a declaration: ``choices`` that must meet the ``hard`` conditions (over
    them and the declaration's atoms) for the declaration to be made at all, and ``cleanup``, a
    sum to minimize when one solution is shown. Whenever no item of ``Problem.costs`` is incurred
    the conditions can be met, so a model that holds every item at 0 may leave them out. The
    costs of a declaration are one (``costs.payment``: 508.1i-j, 509.1e-f)."""

    choices: tuple[Choice, ...]
    hard: tuple[Cond, ...]
    cleanup: Lin = Lin()


@dataclass(frozen=True)
class Problem:
    """A declaration step for the solver: decision atoms (everything else is 0), exact
    definitions of derived atoms, hard restrictions, requirements to maximize (508.1d/509.1c),
    the amounts of cost each declaration incurs (one per cost item; the requirement maximum of
    a declaration allows only the items it pays, docs/design.md §4.2), and the side problem a
    declaration that incurs them must also solve (paying them)."""

    variables: tuple[Atom, ...]
    definitions: Definitions
    hard: tuple[Cond, ...]
    requirements: tuple[Cond, ...]
    costs: tuple[Lin, ...] = ()
    side: Side | None = None
