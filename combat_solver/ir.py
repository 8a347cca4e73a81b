"""A small solver-neutral constraint language (CPMpy-style): rules describe conditions once; the
pure-Python evaluator checks them on a concrete declaration and ``cpsat`` encodes them.

Atoms are 0/1 facts of a declaration. Base atoms are decision variables; derived atoms are
defined exactly by a condition over other atoms (see ``Definitions``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass


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
class Attack:
    """Base atom: ``attacker`` attacks ``target`` (a player, planeswalker or battle; 508.1b)."""

    attacker: str
    target: str


@dataclass(frozen=True, slots=True, order=True)
class Attacking:
    """Derived atom: ``attacker`` attacks something."""

    attacker: str


Atom = Pair | Blocking | Attack | Attacking


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


def atoms_of(cond: Cond) -> set[Atom]:
    if isinstance(cond, Cmp):
        return {a for a, _ in cond.lin.terms}
    found: set[Atom] = set()
    for c in cond.items:
        found |= atoms_of(c)
    return found


@dataclass(frozen=True)
class Problem:
    """A declaration step for the solver: decision atoms (everything else is 0), exact
    definitions of derived atoms, hard restrictions, and requirements to maximize (508.1d/509.1c)."""

    variables: tuple[Atom, ...]
    definitions: Definitions
    hard: tuple[Cond, ...]
    requirements: tuple[Cond, ...]
