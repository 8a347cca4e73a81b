"""The per-board caches (``Game.of``, the engine's per-unit memo and its ``Checker``) never change
an answer: the same board object checked again and again, with different declarations, with and
without explanations, declared by one player (802.4), after a ``solve``, or from several threads at
once, gets the verdict a fresh copy of the board gets (508.1, 509.1)."""

from __future__ import annotations

import itertools
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from strategies import (
    RandomChooser,
    build_attack_board,
    build_board,
    random_attack_declaration,
    random_declaration,
)
from strategies_costs import build_cost_board

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    InputError,
    Verdict,
    check_attacks,
    check_blocks,
    legal_attacks,
    legal_blocks,
    solve_attacks,
    solve_blocks,
)
from combat_solver.solve import engine

Declaration = AttackDeclaration | BlockDeclaration


def _board(i: int) -> tuple[Board, list[Declaration]]:
    c = RandomChooser(random.Random(f"caches:{i}"))
    board = (build_board, build_attack_board, build_cost_board)[i % 3](c)
    declarations: list[Declaration] = []
    if board.combat is None:
        legal = [frozenset(d.attacks.items()) for d in itertools.islice(legal_attacks(board), 5)]
    else:
        legal = [frozenset(d.pairs) for d in itertools.islice(legal_blocks(board), 5)]
    for _ in range(4):
        if board.combat is None:
            declarations.append(random_attack_declaration(c, board, legal))
        else:
            d = random_declaration(c, board, legal)
            declarations += [d, BlockDeclaration(blocks=d.blocks, player=c.choice([p.id for p in board.players]))]
    return board, declarations


def _verdict(board: Board, declaration: Declaration, explain: bool) -> Any:
    check = check_attacks if isinstance(declaration, AttackDeclaration) else check_blocks
    try:
        v: Verdict = check(board, declaration, explain=explain)
    except InputError as e:
        return ("bad input", str(e))
    return (
        v.status,
        v.requirements_obeyed,
        v.requirements_maximum,
        sorted((x.rule, x.kind, x.message) for x in v.violations),
        [(c.player, c.total, c.payable) for c in v.costs],
        [u.model_dump() for u in v.units],
    )


@pytest.mark.parametrize("kept", [engine.UNIT_REPORTS_KEPT, 1], ids=["reports-kept", "one-report-kept"])
@pytest.mark.parametrize("i", range(24))
def test_a_board_checked_again_gets_the_verdict_of_a_fresh_copy(
    i: int, kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Also with one unit report kept per unit, so the shared reports are dropped and built again."""
    monkeypatch.setattr(engine, "UNIT_REPORTS_KEPT", kept)
    board, declarations = _board(i)
    rng = random.Random(i)
    for step in range(10):
        declaration = rng.choice(declarations)
        explain = rng.random() < 0.5
        if step == 5:
            (solve_attacks if board.combat is None else solve_blocks)(board)
        assert _verdict(board, declaration, explain) == _verdict(board.model_copy(), declaration, explain)


@pytest.mark.parametrize("i", range(0, 24, 4))
def test_threads_checking_one_board_get_the_sequential_verdicts(i: int) -> None:
    board, declarations = _board(i)
    expected = [_verdict(board.model_copy(), d, False) for d in declarations]
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda d: _verdict(board, d, False), declarations * 3))
    assert found == expected * 3
