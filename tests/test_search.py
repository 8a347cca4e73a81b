"""The pure-Python branch-and-bound search (search.py) against CP-SAT (cpsat.py) on the same
``ir.Problem``: the same requirement maximum (508.1d, 509.1c), the same preference optimum, the
same set of legal declarations, and an honest time-out."""

from __future__ import annotations

import functools
import itertools
import random
import time

import pytest
from asserts import A, B, K, creature, juggernaut, make_board
from ir_reading import declaration_value
from strategies import RandomChooser, build_attack_board, build_board

from combat_solver import Board, check_attacks, check_blocks
from combat_solver.model.ir import Atom, Pair, Problem
from combat_solver.resolve.game import Game
from combat_solver.resolve.units import attack_unit, block_units
from combat_solver.solve import cpsat, engine, paths, search

SIZE = 185
"""How many random problems the comparisons run over: the first ``SIZE`` that fit the search, from
the random boards seeded "search:0", "search:1", ... (built when a test first asks, not while
collecting)."""


@functools.cache
def _fitting() -> tuple[tuple[Problem, ...], int]:
    """The first ``SIZE`` problems that fit the search, and how many boards gave them."""
    out: list[Problem] = []
    boards = 0
    while len(out) < SIZE:
        c = RandomChooser(random.Random(f"search:{boards}"))
        board = build_board(c) if boards % 2 == 0 else build_attack_board(c)
        game = Game(board)
        units = block_units(game) if board.combat is not None else (attack_unit(game),)
        out += [p for u in units if search.fits(p := engine.problem(u))]
        boards += 1
    return tuple(out[:SIZE]), boards


def _problem(i: int) -> Problem:
    return _fitting()[0][i]


def test_most_random_problems_fit_the_search():
    """More than 100 problems that fit for every 160 random boards."""
    problems, boards = _fitting()
    assert len(problems) / boards > 100 / 160


@pytest.mark.parametrize("i", range(SIZE))
def test_maximum_and_preference_optimum_match_cpsat(i: int):
    problem = _problem(i)
    weights = {a: random.Random(i * 7 + k).randint(-3, 3) for k, a in enumerate(problem.variables)}
    found = search.maximize(problem, deadline=time.monotonic() + 10, preference=weights, limited=False)
    expected = cpsat.maximize(problem, time_limit=10, preference=weights)
    assert found is not None and expected.chosen is not None
    assert found.requirements == expected.requirements
    assert declaration_value(problem, found.chosen) == (True, found.requirements)
    assert found.weight == sum(weights.get(a, 0) for a in found.chosen)
    assert found.weight == sum(weights.get(a, 0) for a in expected.chosen)


@pytest.mark.parametrize("i", range(0, SIZE, 4))
def test_solutions_match_cpsat(i: int):
    problem = _problem(i)
    best = search.maximize(problem, deadline=time.monotonic() + 10, limited=False)
    assert best is not None
    mine = list(search.solutions(problem, minimum=best.requirements, deadline=time.monotonic() + 10))
    theirs = list(cpsat.solutions(problem, minimum=best.requirements, time_limit=10))
    assert len(mine) == len(set(mine))
    assert set(mine) == set(theirs)


@pytest.mark.parametrize("i", range(0, SIZE, 2))
def test_the_parts_of_a_problem_combine_into_exactly_its_legal_declarations_508_1d_509_1c(i: int):
    """A legal declaration obeys the maximum; parts sharing no decision atom reach it exactly
    when each reaches its own, so the legal declarations are the combinations of the parts'."""
    problem = _problem(i)
    assert not problem.costs, "the random boards' problems have no costs: the parts combine only without them"
    parts = search.components(problem)
    assert sorted(a for p in parts for a in p.variables) == sorted(problem.variables)
    assert sum(len(p.hard) for p in parts) == len(problem.hard)
    assert sum(len(p.requirements) for p in parts) == len(problem.requirements)

    def legal(p: Problem) -> set[frozenset[Atom]]:
        best = search.maximize(p, deadline=time.monotonic() + 10, limited=False)
        return (
            set()
            if best is None
            else set(search.solutions(p, minimum=best.requirements, deadline=time.monotonic() + 10))
        )

    combined = {frozenset().union(*choice) for choice in itertools.product(*(legal(p) for p in parts))}
    assert combined == legal(problem)


def test_a_passed_deadline_is_a_time_out_never_a_guess():
    problem = max(_fitting()[0], key=lambda p: len(p.variables))
    with pytest.raises(search.TimedOut):
        search.maximize(problem, deadline=time.monotonic() - 1)
    assert paths.maximize(problem, time_limit=-1).status == "undetermined"


def test_past_its_work_budget_the_engine_asks_cpsat(monkeypatch: pytest.MonkeyPatch):
    """A larger problem gets a work budget; past it the answer comes from CP-SAT, and it is the same."""
    problem = max(_fitting()[0], key=lambda p: len(p.variables))
    assert search.budget(problem) is not None
    expected = cpsat.maximize(problem, time_limit=10)
    monkeypatch.setattr(search, "WORK_PER_VARIABLE", 0)
    with pytest.raises(search.OverBudget):
        search.maximize(problem, deadline=time.monotonic() + 10)
    assert paths.maximize(problem, time_limit=10).requirements == expected.requirements


@pytest.mark.parametrize("i", range(SIZE))
def test_the_capacity_bound_is_never_below_the_maximum(i: int):
    problem = _problem(i)
    expected = cpsat.maximize(problem, time_limit=10).requirements
    assert expected is not None
    assert search.upper_bound(problem) >= expected


@pytest.mark.parametrize("i", range(SIZE))
def test_the_obvious_witness_is_legal_and_exceeds_agrees_with_cpsat_508_1d_509_1c(i: int):
    """The declaration found without searching (``search.obvious``) meets every restriction,
    incurs no cost and obeys as many requirements as it claims; "can a declaration obey more
    than k?" (``paths.exceeds``, which tries it first) agrees with CP-SAT's maximum at every k."""
    problem = _problem(i)
    maximum = cpsat.maximize(problem, time_limit=10).requirements
    assert maximum is not None
    for k in range(maximum + 2):
        witness = search.obvious(problem, k)
        if witness is not None:
            legal, obeyed = declaration_value(problem, witness)
            assert legal and obeyed >= k
        assert paths.exceeds(problem, k - 1, time_limit=10) is (maximum > k - 1)


def test_every_creature_able_to_block_the_lured_menace_attacker_is_the_obvious_witness_509_1c():
    """Lure on a menace attacker (702.111b): no single blocker obeys a requirement, and blocking
    it with every creature obeys them all, found without a search."""
    lured = creature("lured", "Viashino Runner", A, 3, 2, K("menace"), K("lure"))
    guards = [creature(f"g{i}", "Night Market Guard", B, 3, 1) for i in range(3)]
    board = make_board([lured, *guards], attackers={"lured": B})
    problem = engine.problem(block_units(Game(board))[0])
    assert search.obvious(problem, 3) == frozenset(Pair(f"g{i}", "lured") for i in range(3))
    assert check_blocks(board, {"blocks": {}}, explain=False).status == "illegal"


def _arbiter_board(juggernauts: int, attack_limit: int) -> Board:
    creatures = [juggernaut(f"jugg{i}") for i in range(juggernauts)]
    arbiter = creature("arbiter", "Silent Arbiter", B, 1, 5, K("attack_limit", n=attack_limit))
    return make_board([*creatures, arbiter])


@pytest.mark.parametrize("limit", [0, 1, 3])
def test_silent_arbiter_caps_the_juggernauts_requirements_508_1c_508_1d(limit: int):
    """508.1c caps the attack; 508.1d then asks only for as many must-attack Juggernauts as the cap
    lets attack: the bound from the capacity is exactly that, and a check needs no search."""
    board = _arbiter_board(6, limit)
    problem = engine.problem(attack_unit(Game(board)))
    assert search.upper_bound(problem) == limit == cpsat.maximize(problem, time_limit=10).requirements
    verdict = check_attacks(board, {"attacks": {f"jugg{i}": B for i in range(limit)}}, explain=False)
    assert verdict.status == "legal" and verdict.requirements_maximum == limit
