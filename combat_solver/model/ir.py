"""The intermediate representation (IR): a small solver-neutral constraint language (CPMpy-style).
Rules describe conditions once; the pure-Python evaluator checks them on a concrete declaration
and ``cpsat`` encodes them.

Atoms are 0/1 facts of a declaration. Base atoms are decision variables; derived atoms are
defined exactly by a condition over other atoms (see ``Definitions``). Atoms are named tuples:
hashing and comparing them is done in C (the search and the checker read them millions of
times). One declaration step uses only its own kinds, whose tuples never coincide (a ``Pair``
and a ``BlocksBand`` differ in their second field's type). A ``Side`` problem adds integer
``Choice`` atoms that must meet its conditions for the declaration to be made (paying its costs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import NamedTuple


class Pair(NamedTuple):
    """Base atom: ``blocker`` blocks ``attacker`` (509.1a)."""

    blocker: str
    attacker: str


class Blocking(NamedTuple):
    """Derived atom: ``blocker`` blocks at least one creature."""

    blocker: str


class BlocksBand(NamedTuple):
    """Derived atom: ``blocker`` blocks at least one of ``band``: an attacking band, whose every
    member it then blocks (702.22h), or the attackers a cost to block names (Heat Wave)."""

    blocker: str
    band: tuple[str, ...]


class Attack(NamedTuple):
    """Base atom: ``attacker`` attacks ``target`` (a player, planeswalker or battle; 508.1b)."""

    attacker: str
    target: str


class Attacking(NamedTuple):
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
        return Lin(tuple([(a, 1) for a in atoms]))

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
class Parity:
    """``lin`` is even (``even``) or odd: "You can't attack with an odd number of creatures"
    (Rule with an Even Hand, 508.1c)."""

    lin: Lin
    even: bool

    def holds(self, value: int) -> bool:
        return (value % 2 == 0) == self.even


@dataclass(frozen=True, slots=True)
class All:
    items: tuple[Cond, ...]


@dataclass(frozen=True, slots=True)
class Any:
    items: tuple[Cond, ...]


Cond = Cmp | Parity | All | Any
Test = Cmp | Parity
"""A condition on one linear sum."""

TRUE: Cond = All(())
FALSE: Cond = Any(())


def all_of(*items: Cond) -> Cond:
    return All(tuple(items))


def any_of(*items: Cond) -> Cond:
    return Any(tuple(items))


def implies(premise: Test, conclusion: Cond) -> Cond:
    """``premise -> conclusion`` written as ``not premise or conclusion``."""
    return Any((*negate(premise), conclusion))


def negate(cmp: Test) -> tuple[Test, ...]:
    """The tests of which at least one holds exactly when ``cmp`` fails."""
    if isinstance(cmp, Parity):
        return (Parity(cmp.lin, not cmp.even),)
    out: list[Test] = []
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
    if isinstance(cond, Parity):
        return cond.holds(cond.lin.value(value_of))
    if isinstance(cond, All):
        return all(evaluate(c, value_of) for c in cond.items)
    return any(evaluate(c, value_of) for c in cond.items)


def valuation(definitions: Definitions, chosen: AbstractSet[Atom]) -> Callable[[Atom], int]:
    """The 0/1 value of every atom when the base atoms ``chosen`` are 1 and all others 0."""
    return read_once(definitions, (), chosen)[0]


def read_once(
    definitions: Definitions, conds: Iterable[Cond], chosen: AbstractSet[Atom]
) -> tuple[Callable[[Atom], int], list[bool]]:
    """The value of every atom and the truth of each of ``conds`` when the base atoms ``chosen``
    are 1 and all others 0 (as ``evaluate`` gives it), read once without
    compiling: a sum counts its chosen atoms by set membership and reads only its derived atoms;
    a sum shared by several conditions (the same ``Lin``) is read once."""
    base = {a for a in chosen if a not in definitions}
    derived: dict[Atom, int] = {}

    def value_of(atom: Atom) -> int:
        definition = definitions.get(atom)
        if definition is None:
            return int(atom in base)
        value = derived.get(atom)
        if value is None:
            value = derived[atom] = int(holds(definition))
        return value

    sums: dict[int, int] = {}

    def total(lin: Lin) -> int:
        found = sums.get(id(lin))
        if found is not None:
            return found
        terms = lin.terms
        value = lin.const
        if base and definitions:
            value += sum([c if a in base else c * value_of(a) if a in definitions else 0 for a, c in terms])
        elif base:
            value += sum([c for a, c in terms if a in base])
        elif definitions:
            value += sum([c * value_of(a) for a, c in terms if a in definitions])
        sums[id(lin)] = value
        return value

    def holds(cond: Cond) -> bool:
        if isinstance(cond, Cmp):
            v = total(cond.lin)
            return (cond.lo is None or v >= cond.lo) and (cond.hi is None or v <= cond.hi)
        if isinstance(cond, Parity):
            return cond.holds(total(cond.lin))
        if isinstance(cond, All):
            return all(holds(c) for c in cond.items)
        return any(holds(c) for c in cond.items)

    return value_of, [holds(c) for c in conds]


def atoms_of(cond: Cond) -> set[Atom]:
    if isinstance(cond, Cmp | Parity):
        return {a for a, _ in cond.lin.terms}
    found: set[Atom] = set()
    for c in cond.items:
        found |= atoms_of(c)
    return found


Predicate = Callable[[AbstractSet[int]], bool]
"""A condition compiled to a test of the set of atom numbers that are 1 (every other atom is 0)."""


def _compiled(cond: Cond, number: dict[Atom, int], reads: set[int]) -> Predicate:
    """``cond`` as a ``Predicate``, its atoms replaced by their ``number`` (hashing an int is cheap;
    a new atom gets the next number); the numbers it reads are added to ``reads``."""
    if isinstance(cond, Cmp):
        weights = _numbered(cond.lin, number, reads)
        const, lo, hi = cond.lin.const, cond.lo, cond.hi
        if all(c == 1 for c in weights.values()):
            atoms = frozenset(weights)

            def counted(true: AbstractSet[int]) -> bool:
                v = const + len(atoms & true)
                return (lo is None or v >= lo) and (hi is None or v <= hi)

            return counted

        def weighed(true: AbstractSet[int]) -> bool:
            if len(true) < len(weights):
                v = const + sum([weights[a] for a in true if a in weights])
            else:
                v = const + sum([c for a, c in weights.items() if a in true])
            return (lo is None or v >= lo) and (hi is None or v <= hi)

        return weighed
    if isinstance(cond, Parity):
        parity_weights = _numbered(cond.lin, number, reads)
        holds, base = cond.holds, cond.lin.const
        return lambda true: holds(base + sum([c for a, c in parity_weights.items() if a in true]))
    items = tuple(_compiled(c, number, reads) for c in cond.items)
    if isinstance(cond, All):
        return lambda true: all(f(true) for f in items)
    return lambda true: any(f(true) for f in items)


def _numbered(lin: Lin, number: dict[Atom, int], reads: set[int]) -> dict[int, int]:
    """The coefficient of each atom of ``lin`` by the atom's number, added to ``reads``."""
    weights: dict[int, int] = {}
    for atom, coef in lin.terms:
        i = number.setdefault(atom, len(number))
        weights[i] = weights.get(i, 0) + coef
    reads.update(weights)
    return weights


def compilable(cond: Cond) -> bool:
    """Whether a ``Checker`` can read ``cond`` (made of comparisons, parities, "all" and "any")."""
    if isinstance(cond, Cmp | Parity):
        return True
    return isinstance(cond, All | Any) and all(compilable(c) for c in cond.items)


class Checker:
    """The truth of fixed conditions under many declarations: each condition is read once with
    nothing declared, and again for a declaration only when it reads an atom the declaration
    sets or a derived atom depending on one (docs/design.md §5)."""

    def __init__(self, definitions: Definitions, conds: Iterable[Cond]) -> None:
        number: dict[Atom, int] = {derived: i for i, derived in enumerate(definitions)}
        self._number = number
        self._defined: dict[int, Predicate] = {}
        self._reads: dict[int, tuple[int, ...]] = {}
        self._users: dict[int, list[int]] = {}
        for derived, cmp in definitions.items():
            reads: set[int] = set()
            user = number[derived]
            self._defined[user] = _compiled(cmp, number, reads)
            self._reads[user] = tuple(reads)
            for i in reads:
                self._users.setdefault(i, []).append(user)
        self._flat = not any(i in self._reads for reads in self._reads.values() for i in reads)
        empty = valuation(definitions, frozenset())
        self._empty_true = frozenset(number[d] for d in definitions if empty(d))
        tests: list[Predicate] = []
        self._readers: dict[int, list[int]] = {}
        for k, cond in enumerate(conds):
            reads = set()
            tests.append(_compiled(cond, number, reads))
            for i in reads:
                self._readers.setdefault(i, []).append(k)
        self._tests = tuple(tests)
        self._empty = tuple(test(self._empty_true) for test in tests)

    def truths(self, chosen: AbstractSet[Atom]) -> tuple[Callable[[Atom], int], list[bool]]:
        """The value of every atom, and the truth of each condition, when the base atoms
        ``chosen`` are 1 and all other base atoms 0."""
        number = self._number
        base = [number[a] for a in chosen if a in number]
        touched: set[int] = set()
        pending = [u for i in base for u in self._users.get(i, ())]
        while pending:
            i = pending.pop()
            if i not in touched:
                touched.add(i)
                pending += self._users.get(i, ())
        true = set(base) | (self._empty_true - touched)
        if self._flat:
            defined = self._defined
            true.update([i for i in touched if defined[i](true)])
        else:
            settled: set[int] = set()

            def settle(i: int) -> None:
                for j in self._reads[i]:
                    if j in touched and j not in settled:
                        settle(j)
                settled.add(i)
                if self._defined[i](true):
                    true.add(i)

            for i in touched:
                if i not in settled:
                    settle(i)
        results = list(self._empty)
        readers = self._readers
        for k in {k for i in (*base, *touched) for k in readers.get(i, ())}:
            results[k] = self._tests[k](true)

        def value_of(atom: Atom) -> int:
            i = number.get(atom)
            return int(atom in chosen) if i is None else int(i in true)

        return value_of, results


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
