"""The min-cost flow path (flows.py) against the exact search on the same ``ir.Problem``: for every
flow-shaped problem, the same requirement maximum (508.1d, 509.1c) and the same preference
optimum, and a declaration that breaks no restriction (508.1c, 509.1b); problems that aren't
flow-shaped are refused rather than answered."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest
from strategies import RandomChooser, build_attack_board, build_board

from combat_solver import check_blocks, engine, flows, ortools_adapter, search, solve_blocks
from combat_solver.game import Game
from combat_solver.ir import (
    Any,
    Atom,
    Attack,
    Attacking,
    Blocking,
    Cond,
    Lin,
    Pair,
    Problem,
    evaluate,
)


def _value(problem: Problem, chosen: frozenset[Atom]) -> tuple[bool, int]:
    def value_of(atom: Atom) -> int:
        definition = problem.definitions.get(atom)
        return int(evaluate(definition, value_of)) if definition is not None else int(atom in chosen)

    legal = chosen <= set(problem.variables) and all(evaluate(c, value_of) for c in problem.hard)
    return legal, sum(evaluate(r, value_of) for r in problem.requirements)


def _random_problem(rng: random.Random) -> Problem:
    """A bipartite problem of capacities and "at least one of" requirements on single atoms,
    whole objects and unions of whole objects, some of them derived atoms; not always
    flow-shaped (unions may cross, a derived atom may sit in a cap of an object held to more than
    one atom), so refusals are exercised too."""
    attack = rng.random() < 0.4
    lefts = [f"l{i}" for i in range(rng.randint(1, 5))]
    rights = [f"r{i}" for i in range(rng.randint(1, 4))]
    make = Attack if attack else Pair
    derived_of = Attacking if attack else Blocking
    variables = tuple(make(a, b) for a in lefts for b in rights if rng.random() < 0.8)
    by_left = {a: [v for v in variables if v[0] == a] for a in lefts}
    by_right = {b: [v for v in variables if v[1] == b] for b in rights}
    definitions = {derived_of(a): Lin.of(atoms).at_least(1) for a, atoms in by_left.items() if atoms}

    def some(items: list[str]) -> list[str]:
        return [x for x in items if rng.random() < 0.5] or items[:1]

    def union(groups: dict[str, list[Atom]], keys: list[str]) -> Lin:
        return Lin.of([a for k in keys for a in groups[k]])

    hard: list[Cond] = []
    for atoms in by_left.values():
        if atoms and rng.random() < 0.7:
            hard.append(Lin.of(atoms).at_most(rng.choice([0, 1, 1, 1, 2, 3])))
    for atoms in by_right.values():
        if atoms and rng.random() < 0.4:
            hard.append(Lin.of(atoms).at_most(rng.randint(0, 3)))
    if rng.random() < 0.3:
        hard.append(union(by_right, some(rights)).at_most(rng.randint(0, 4)))
    if rng.random() < 0.3:
        blockers = [derived_of(a) for a in some(lefts) if by_left[a]]
        hard.append(Lin.of(blockers).at_most(rng.randint(0, 2)))
    if variables and rng.random() < 0.2:
        hard.append(Lin.of([rng.choice(variables)]).at_most(0))
    requirements: list[Cond] = []
    for _ in range(rng.randint(0, 6)):
        roll = rng.random()
        if roll < 0.35 and variables:
            requirements.append(Lin.of([rng.choice(variables)]).at_least(1))
        elif roll < 0.6:
            a = rng.choice(lefts)
            requirements.append(Lin.of([derived_of(a)] if by_left[a] else []).at_least(1))
        elif roll < 0.85:
            requirements.append(union(by_right, [rng.choice(rights)]).at_least(1))
        else:
            requirements.append(union(by_left, some(lefts)).at_least(1))
    return Problem(variables, definitions, tuple(hard), tuple(requirements))


RANDOM = [_random_problem(random.Random(f"flows:{i}")) for i in range(400)]


def _board_problems(count: int) -> Iterator[Problem]:
    for i in range(count):
        c = RandomChooser(random.Random(f"search:{i}"))
        board = build_board(c) if i % 2 == 0 else build_attack_board(c)
        game = Game(board)
        for unit in game.block_units if board.combat is not None else (game.attack_unit,):
            yield engine.problem(unit)


BOARDS = [p for p in _board_problems(300) if flows.network(p) is not None and search.fits(p)]


def test_most_random_problems_are_flow_shaped_and_some_are_not():
    shaped = sum(flows.network(p) is not None for p in RANDOM)
    assert 0.4 * len(RANDOM) < shaped < len(RANDOM)
    assert len(BOARDS) > 50


def _agrees(problem: Problem, seed: int) -> None:
    weights = {a: random.Random(seed * 7 + k).randint(-3, 3) for k, a in enumerate(problem.variables)}
    for preference in (None, weights):
        net = flows.network(problem, preference)
        assert net is not None
        found = ortools_adapter.flow_maximize(net)
        exact = search.maximize(problem, deadline=time.monotonic() + 10, preference=preference, limited=False)
        assert exact is not None and found.chosen is not None
        assert found.requirements == exact.requirements
        assert _value(problem, found.chosen) == (True, exact.requirements)
        if preference:
            assert sum(preference.get(a, 0) for a in found.chosen) == exact.weight


@pytest.mark.parametrize("i", [i for i, p in enumerate(RANDOM) if flows.network(p) is not None])
def test_random_flow_maximum_and_preference_match_the_search_508_1d_509_1c(i: int):
    _agrees(RANDOM[i], i)


@pytest.mark.parametrize("i", range(len(BOARDS)))
def test_board_flow_maximum_and_preference_match_the_search_508_1d_509_1c(i: int):
    _agrees(BOARDS[i], i)


B1, B2, A1, A2, A3 = "b1", "b2", "a1", "a2", "a3"
PAIRS = tuple(Pair(b, a) for b in (B1, B2) for a in (A1, A2, A3))


def _problem(hard: tuple[Cond, ...], requirements: tuple[Cond, ...] = ()) -> Problem:
    definitions = {Blocking(b): Lin.of([p for p in PAIRS if p.blocker == b]).at_least(1) for b in (B1, B2)}
    return Problem(PAIRS, definitions, hard, requirements)


def _attacker(*attackers: str) -> Lin:
    return Lin.of([p for p in PAIRS if p.attacker in attackers])


def test_crossing_unions_of_attackers_are_not_a_flow():
    """Two caps on {a1, a2} and {a2, a3} don't nest: no tree of capacities holds both."""
    assert flows.network(_problem((_attacker(A1, A2).at_most(1), _attacker(A2, A3).at_most(1)))) is None
    assert flows.network(_problem((_attacker(A1, A2).at_most(1), _attacker(A1, A2, A3).at_most(1)))) is not None


def test_a_cap_on_blocking_creatures_is_a_flow_only_when_each_blocks_one_509_1b():
    """Silent Arbiter's "no more than one creature can block" counts creatures, not pairs: it is
    a cap on pairs only when each creature blocks at most one attacker (509.1a)."""
    arbiter = Lin.of([Blocking(B1), Blocking(B2)]).at_most(1)
    one_each = tuple(Lin.of([p for p in PAIRS if p.blocker == b]).at_most(1) for b in (B1, B2))
    assert flows.network(_problem((arbiter,))) is None
    assert flows.network(_problem((arbiter, *one_each))) is not None
    assert flows.network(_problem((arbiter, one_each[0]))) is None


def test_menace_requirements_of_two_and_weighted_caps_are_not_a_flow_702_111b():
    menace = Any((_attacker(A1).at_most(0), _attacker(A1).at_least(2)))
    assert flows.network(_problem((menace,))) is None
    assert flows.network(_problem((), (_attacker(A1).at_least(2),))) is None
    assert flows.network(_problem((_attacker(A1).times(2).at_most(2),))) is None
    assert flows.network(_problem((), (_attacker(A1).at_least(1),))) is not None


def test_costs_are_not_a_flow():
    problem = _problem((), (_attacker(A1).at_least(1),))
    assert flows.network(Problem(PAIRS, problem.definitions, (), problem.requirements, costs=(_attacker(A2),))) is None


def _lure_board(n: int, *, menace: bool = False) -> dict[str, object]:
    """``n`` Grizzly Bears (or menace Viashino Runners) attack, Lure on the first two; ``n``
    defenders, every third a Night Market Guard (it can block an additional creature); a Charging
    Rhino (it can't be blocked by more than one creature) attacks too. Each defender must block
    both lured attackers if able; only the Guards can: the maximum is ``n + n // 3`` (rounded up)."""
    permanents: list[dict[str, object]] = [
        {"id": "rhino", "card": "Charging Rhino", "controller": "alice"},
        {"id": "lure0", "card": "Lure", "controller": "alice", "attached_to": "a0"},
        {"id": "lure1", "card": "Lure", "controller": "alice", "attached_to": "a1"},
    ]
    permanents += [
        {"id": f"a{i}", "card": "Viashino Runner" if menace else "Grizzly Bears", "controller": "alice"}
        for i in range(n)
    ]
    permanents += [
        {"id": f"d{i}", "card": "Night Market Guard" if i % 3 == 0 else "Grizzly Bears", "controller": "bob"}
        for i in range(n)
    ]
    attackers = {f"a{i}": "bob" for i in range(n)} | {"rhino": "bob"}
    return {
        "players": [{"id": "alice"}, {"id": "bob"}],
        "active_player": "alice",
        "permanents": permanents,
        "combat": {"attackers": attackers},
    }


def _most(n: int, short: int = 0) -> dict[str, object]:
    """Every defender blocks the first lured attacker and each Guard the second too (but ``short``
    Guards)."""
    guards = [i for i in range(n) if i % 3 == 0][short:]
    return {"kind": "block", "blocks": {f"d{i}": ["a0", "a1"] if i in guards else ["a0"] for i in range(n)}}


def test_a_large_lure_board_is_decided_by_the_flow_not_cp_sat_509_1c(monkeypatch: pytest.MonkeyPatch):
    """With 30 defenders, 960 pairs are past the search; the board's restrictions are per-pair
    plus capacities (one attacker per defender, two per Guard; one blocker for the Rhino), so the
    flow proves the maximum of 40 and CP-SAT is never asked."""
    for name in ("maximize", "exists", "optimal"):
        monkeypatch.setattr(ortools_adapter, name, _refuse)
    board = _lure_board(30)
    verdict = check_blocks(board, _most(30))
    assert verdict.status == "legal"
    assert verdict.requirements_maximum == verdict.requirements_obeyed == 40
    short = check_blocks(board, _most(30, short=1), explain=False)
    assert short.status == "illegal"
    assert [v.rule for v in short.violations] == ["509.1c"]
    assert solve_blocks(board).requirements_maximum == 40


def test_a_large_menace_board_still_goes_to_cp_sat_702_111b(monkeypatch: pytest.MonkeyPatch):
    """Menace (can't be blocked except by two or more creatures) is not a capacity: the flow
    refuses the problem and CP-SAT proves the maximum."""
    asked: list[str] = []
    for name in ("maximize", "exists"):
        real = getattr(ortools_adapter, name)

        def recording(*args: object, _real: object = real, **kwargs: object) -> object:
            asked.append("cp-sat")
            return _real(*args, **kwargs)  # type: ignore[operator]

        monkeypatch.setattr(ortools_adapter, name, recording)
    monkeypatch.setattr(ortools_adapter, "flow_maximize", _refuse)
    verdict = check_blocks(_lure_board(30, menace=True), _most(30))
    assert verdict.status == "legal" and verdict.requirements_maximum == 40
    assert asked


def _refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError("this path must not be taken")
