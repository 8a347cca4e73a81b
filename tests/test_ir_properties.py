"""Properties of the engine's shortcuts on random ``ir.Problem``s, against plain evaluation over
every declaration: the ``Checker``'s incremental truths equal a direct reading (derived atoms
defined over other derived atoms, parities, "all"/"any"), and ``search.upper_bound`` is never
below the requirement maximum (508.1d, 509.1c), whatever the shape of the capacities."""

from __future__ import annotations

import itertools
import random

import pytest

from combat_solver.model.ir import (
    All,
    Any,
    Atom,
    Blocking,
    Checker,
    Cmp,
    Cond,
    Lin,
    Pair,
    Parity,
    Problem,
    evaluate,
    valuation,
)
from combat_solver.solve import search

BASE = tuple(Pair(f"b{i}", f"a{i % 3}") for i in range(7))


def _lin(rng: random.Random, atoms: list[Atom], negative: bool) -> Lin:
    picked = rng.sample(atoms, rng.randint(1, min(4, len(atoms))))
    low = -2 if negative else 1
    return Lin(tuple((a, rng.choice([c for c in range(low, 3) if c])) for a in picked), rng.randint(-1, 1))


def _test(rng: random.Random, atoms: list[Atom]) -> Cond:
    lin = _lin(rng, atoms, negative=rng.random() < 0.2)
    if rng.random() < 0.15:
        return Parity(lin, rng.random() < 0.5)
    lo = rng.choice([None, rng.randint(0, 2)])
    hi = rng.choice([None, rng.randint(0, 3)]) if lo is not None else rng.randint(0, 3)
    return Cmp(lin, lo, hi)


def _capacity(rng: random.Random, atoms: list[Atom]) -> Cond:
    """ "At most k of these" (what ``upper_bound`` reads), sometimes as "at most a or at most b"."""
    lin = _lin(rng, atoms, negative=False)
    if rng.random() < 0.2:
        return Any(tuple(Cmp(lin, None, rng.randint(0, 2)) for _ in range(2)))
    return Cmp(lin, None, rng.randint(0, 2))


def _needs(rng: random.Random, atoms: list[Atom]) -> Cond:
    """ "At least one of these" (a requirement ``upper_bound`` can charge to a capacity)."""
    return Cmp(_lin(rng, atoms, negative=False), rng.randint(1, 2), None)


def _cond(rng: random.Random, atoms: list[Atom], depth: int = 0) -> Cond:
    if depth < 2 and rng.random() < 0.3:
        items = tuple(_cond(rng, atoms, depth + 1) for _ in range(rng.randint(1, 3)))
        return All(items) if rng.random() < 0.5 else Any(items)
    return _test(rng, atoms)


def _problem(seed: int) -> Problem:
    rng = random.Random(f"ir:{seed}")
    variables = list(BASE[: rng.randint(3, len(BASE))])
    atoms: list[Atom] = list(variables)
    definitions: dict[Atom, Cmp] = {}
    for k in range(rng.randint(0, 4)):
        derived = Blocking(f"d{k}")
        lin = _lin(rng, atoms, negative=rng.random() < 0.2)
        lo = rng.choice([None, 1, 2])
        definitions[derived] = Cmp(lin, lo, None if lo is not None else rng.randint(0, 1))
        atoms.append(derived)
    return Problem(
        variables=tuple(variables),
        definitions=definitions,
        hard=tuple((_capacity if rng.random() < 0.5 else _cond)(rng, atoms) for _ in range(rng.randint(0, 3))),
        requirements=tuple((_needs if rng.random() < 0.5 else _cond)(rng, atoms) for _ in range(rng.randint(1, 6))),
    )


def _declarations(problem: Problem) -> list[frozenset[Atom]]:
    v = problem.variables
    return [
        frozenset(a for a, on in zip(v, bits, strict=True) if on) for bits in itertools.product((0, 1), repeat=len(v))
    ]


@pytest.mark.parametrize("seed", range(150))
def test_the_checker_reads_every_declaration_as_a_direct_evaluation_does(seed: int):
    problem = _problem(seed)
    conds = (*problem.hard, *problem.requirements)
    checker = Checker(problem.definitions, conds)
    for chosen in _declarations(problem):
        value_of, truths = checker.truths(chosen)
        direct = valuation(problem.definitions, chosen)
        assert truths == [evaluate(c, direct) for c in conds]
        assert all(value_of(a) == direct(a) for a in (*problem.variables, *problem.definitions))


@pytest.mark.parametrize("seed", range(300))
def test_the_capacity_bound_is_never_below_the_brute_force_maximum(seed: int):
    problem = _problem(seed)
    best = -1
    for chosen in _declarations(problem):
        value_of = valuation(problem.definitions, chosen)
        if all(evaluate(c, value_of) for c in problem.hard):
            best = max(best, sum(evaluate(r, value_of) for r in problem.requirements))
    assert search.upper_bound(problem) >= best
