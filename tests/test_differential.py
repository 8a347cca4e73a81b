"""Differential tests: the CP-SAT solver against the independent brute-force reference (tests/reference.py).

Each property runs over many random boards from ``strategies.boards()`` (the whole block vocabulary,
multiplayer, battles, planeswalkers, shared team turns). ``tests/campaign.py`` runs the same
properties on as many seeded boards as wanted.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from differential import SET_LIMIT, check_board, solver_maxima
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import Reference, to_pairs
from strategies import HypothesisChooser, boards, random_declaration

from combat_solver import BlockDeclaration, Board, check_blocks, count_legal_blocks, legal_blocks, solve_blocks

CI = settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@CI
@given(boards())
def test_requirement_maximum_matches_reference(board: Board) -> None:
    verdict = check_blocks(board, BlockDeclaration())
    ref = Reference(board).maxima()
    got = solver_maxima(verdict)
    for unit in set(got) | set(ref):
        assert got.get(unit, 0) == ref.get(unit, 0), (unit, got, ref)


@CI
@given(boards())
def test_solve_blocks_is_legal_for_reference(board: Board) -> None:
    verdict = solve_blocks(board)
    assert verdict.status == "legal"
    assert Reference(board).is_legal(to_pairs(verdict.declaration)), verdict.declaration


@CI
@given(boards(), st.data())
def test_check_blocks_agrees_on_proposed_declarations(board: Board, data: st.DataObject) -> None:
    ref = Reference(board)
    legal = sorted(ref.legal_set(), key=sorted) if ref.legal_count() <= SET_LIMIT else []
    chooser = HypothesisChooser(data.draw)
    for _ in range(4):
        declaration = random_declaration(chooser, board, legal)
        verdict = check_blocks(board, declaration)
        assert verdict.legal == ref.is_legal(to_pairs(declaration)), (declaration, verdict.violations)
        assert verdict.legal != bool(verdict.violations)
        if verdict.witness is not None:  # a better declaration offered to the judge must itself be legal
            assert ref.is_legal(to_pairs(verdict.witness)), verdict.witness


@CI
@given(boards())
def test_legal_blocks_equals_reference_set(board: Board) -> None:
    ref = Reference(board)
    if ref.legal_count() <= SET_LIMIT:
        listed = [to_pairs(d) for d in legal_blocks(board)]
        assert len(listed) == len(set(listed))
        assert set(listed) == ref.legal_set()
        assert count_legal_blocks(board) == ref.legal_count()
    else:
        assert count_legal_blocks(board, limit=SET_LIMIT + 1) == SET_LIMIT + 1


@CI
@given(boards())
def test_repeated_runs_are_identical(board: Board) -> None:
    assert solve_blocks(board) == solve_blocks(board)
    declaration = solve_blocks(board).declaration
    assert isinstance(declaration, BlockDeclaration)
    assert check_blocks(board, declaration) == check_blocks(board, declaration)
    if Reference(board).legal_count() <= SET_LIMIT:
        assert list(legal_blocks(board)) == list(legal_blocks(board))


def test_same_answers_in_other_processes() -> None:
    """Same input, same output, whatever the interpreter's hash seed (DESIGN: deterministic)."""
    script = (
        "import random, hashlib; from strategies import RandomChooser, build_board; "
        "from combat_solver import solve_blocks, legal_blocks; h = hashlib.sha256()\n"
        "for i in range(40):\n"
        "    b = build_board(RandomChooser(random.Random(f'det:{i}')))\n"
        "    h.update(solve_blocks(b).model_dump_json().encode())\n"
        "    h.update(str([d.blocks for d in legal_blocks(b)][:40]).encode())\n"
        "print(h.hexdigest())"
    )
    digests = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).parent, env=env,
                             capture_output=True, text=True, check=True)
        digests.add(run.stdout.strip())
    assert len(digests) == 1, digests


@settings(max_examples=800, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_all_properties_together(board: Board, data: st.DataObject) -> None:
    """The campaign's combined check (also counts requirements obeyed per unit)."""
    problems = check_board(board, HypothesisChooser(data.draw))
    assert not problems, "\n".join(map(str, problems))
