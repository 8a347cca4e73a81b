"""Differential tests: the CP-SAT solver against the independent brute-force references (tests/reference.py).

Each block property runs over many random boards from ``strategies.boards()`` (the whole block
vocabulary, multiplayer, battles, planeswalkers, shared team turns); each attack property over boards
from ``strategies.attack_boards()`` (the whole attack vocabulary). ``tests/campaign.py`` runs the same
properties on as many seeded boards of both steps as wanted.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from differential import ATTACK_SET_LIMIT, SET_LIMIT, check_attack_board, check_board, solver_maxima
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import AttackReference, Reference, attack_reference_covers, to_atoms, to_attack_declaration, to_pairs
from strategies import HypothesisChooser, attack_boards, boards, random_attack_declaration, random_declaration

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    check_attacks,
    check_blocks,
    count_legal_attacks,
    count_legal_blocks,
    legal_attacks,
    legal_blocks,
    load_scenario,
    solve_attacks,
    solve_blocks,
)

# Examples per property, chosen so the whole file runs in about 2 minutes on a 2-core machine when it passes
# (a failing run spends more: hypothesis shrinks the failure). tests/campaign.py runs many more boards.
BLOCK_EXAMPLES, BLOCK_COMBINED_EXAMPLES = 350, 450
ATTACK_EXAMPLES, ATTACK_COMBINED_EXAMPLES = 250, 350

CI = settings(
    max_examples=BLOCK_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


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
        run = subprocess.run(
            [sys.executable, "-c", script],
            cwd=Path(__file__).parent,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(run.stdout.strip())
    assert len(digests) == 1, digests


@settings(
    max_examples=BLOCK_COMBINED_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(boards(), st.data())
def test_all_properties_together(board: Board, data: st.DataObject) -> None:
    """The campaign's combined check (also counts requirements obeyed per unit)."""
    problems = check_board(board, HypothesisChooser(data.draw))
    assert not problems, "\n".join(map(str, problems))


# =================================================================================================
# The declare attackers step (508.1): the same properties on boards from ``strategies.attack_boards()``
# (the whole attack vocabulary, grants and effects, 3-4 players with planeswalkers and battles, shared
# team turns, attackable_players, attacked_this_turn), against ``reference.AttackReference``.
# =================================================================================================

# report_multiple_bugs=False: on a failure, shrink one example and stop (keeps a failing run short).
ATTACK_CI = settings(
    max_examples=ATTACK_EXAMPLES,
    deadline=None,
    derandomize=True,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)


@ATTACK_CI
@given(attack_boards())
def test_attack_requirement_maximum_matches_reference(board: Board) -> None:
    verdict = check_attacks(board, AttackDeclaration())
    assert verdict.step == "declare_attackers"
    ref = AttackReference(board).attack_maxima()
    got = solver_maxima(verdict)
    for unit in set(got) | set(ref):
        assert got.get(unit, 0) == ref.get(unit, 0), (unit, got, ref)


@ATTACK_CI
@given(attack_boards())
def test_solve_attacks_is_legal_for_reference(board: Board) -> None:
    verdict = solve_attacks(board)
    assert verdict.status == "legal"
    ref = AttackReference(board)
    atoms = to_atoms(verdict.declaration)
    assert ref.attack_is_legal(atoms), verdict.declaration
    assert sorted(verdict.tapped) == ref.tapped(atoms)  # 508.1f, 702.20b


@ATTACK_CI
@given(attack_boards(), st.data())
def test_check_attacks_agrees_on_proposed_declarations(board: Board, data: st.DataObject) -> None:
    ref = AttackReference(board)
    legal = sorted(ref.attack_legal_set(), key=sorted) if ref.attack_legal_count() <= ATTACK_SET_LIMIT else []
    chooser = HypothesisChooser(data.draw)
    for _ in range(4):
        declaration = random_attack_declaration(chooser, board, legal)
        verdict = check_attacks(board, declaration)
        atoms = to_atoms(declaration)
        assert verdict.legal == ref.attack_is_legal(atoms), (declaration, verdict.violations)
        assert verdict.legal != bool(verdict.violations)
        assert sorted(verdict.tapped) == (
            ref.tapped(atoms) if verdict.legal else []
        )  # 733: an illegal one taps nothing
        if verdict.witness is not None:
            assert ref.attack_is_legal(to_atoms(verdict.witness)), verdict.witness
        if ref.in_scope(atoms):
            assert verdict.requirements_obeyed == ref.attack_count_obeyed(atoms), (declaration, verdict.units)


@ATTACK_CI
@given(attack_boards())
def test_legal_attacks_equals_reference_set(board: Board) -> None:
    ref = AttackReference(board)
    if ref.attack_legal_count() <= ATTACK_SET_LIMIT:
        listed = [to_atoms(d) for d in legal_attacks(board)]
        assert len(listed) == len(set(listed))
        assert set(listed) == ref.attack_legal_set()
        assert count_legal_attacks(board) == ref.attack_legal_count()
    else:
        assert count_legal_attacks(board, limit=ATTACK_SET_LIMIT + 1) == ATTACK_SET_LIMIT + 1


@ATTACK_CI
@given(attack_boards())
def test_attack_repeated_runs_are_identical(board: Board) -> None:
    assert solve_attacks(board) == solve_attacks(board)
    declaration = solve_attacks(board).declaration
    assert isinstance(declaration, AttackDeclaration)
    assert check_attacks(board, declaration) == check_attacks(board, declaration)
    if AttackReference(board).attack_legal_count() <= ATTACK_SET_LIMIT:
        assert list(legal_attacks(board)) == list(legal_attacks(board))


def test_attack_same_answers_in_other_processes() -> None:
    """Same attack board, same output, whatever the interpreter's hash seed."""
    script = (
        "import random, hashlib; from strategies import RandomChooser, build_attack_board; "
        "from combat_solver import solve_attacks, legal_attacks, Undetermined; h = hashlib.sha256()\n"
        "for i in range(40):\n"
        "    b = build_attack_board(RandomChooser(random.Random(f'det:{i}')))\n"
        "    try:\n"
        "        h.update(solve_attacks(b).model_dump_json().encode())\n"
        "        h.update(str([d.attacks for d in legal_attacks(b)][:40]).encode())\n"
        "    except Undetermined as e:\n"
        "        h.update(str(e).encode())\n"
        "print(h.hexdigest())"
    )
    digests = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", script],
            cwd=Path(__file__).parent,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(run.stdout.strip())
    assert len(digests) == 1, digests


@settings(
    max_examples=ATTACK_COMBINED_EXAMPLES,
    deadline=None,
    derandomize=True,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(attack_boards(), st.data())
def test_all_attack_properties_together(board: Board, data: st.DataObject) -> None:
    """The campaign's combined check for attacks (also compares the requirements obeyed per unit)."""
    problems = check_attack_board(board, HypothesisChooser(data.draw))
    assert not problems, "\n".join(map(str, problems))


def test_attack_reference_agrees_with_hand_worked_examples() -> None:
    """The reference itself against every attack scenario whose answer was worked out by hand
    (examples/*.yaml, tests/scenarios) and that uses only what it models: status, maximum and
    requirements obeyed."""
    root = Path(__file__).resolve().parent.parent
    checked = 0
    for path in sorted(root.glob("examples/*.yaml")) + sorted(root.glob("tests/scenarios/*.yaml")):
        scenario = load_scenario(path)
        if not isinstance(scenario.declaration, AttackDeclaration) or scenario.expect is None:
            continue
        if not attack_reference_covers(scenario.board, scenario.declaration):
            continue  # costs, banding, exert, enlist: not modelled by the reference
        ref = AttackReference(scenario.board)
        atoms = to_atoms(scenario.declaration)
        expect = scenario.expect
        assert ("legal" if ref.attack_is_legal(atoms) else "illegal") == expect.status, path.name
        if expect.requirements_maximum is not None:
            assert ref.attack_maximum() == expect.requirements_maximum, path.name
        if expect.requirements_obeyed is not None:
            assert ref.attack_count_obeyed(atoms) == expect.requirements_obeyed, path.name
        checked += 1
    assert checked >= 10, checked


# ----- minimal boards of the disagreements the campaign found (solver vs reference) ------------------


def _minimal_attack_board(permanents: list[dict[str, object]], **extra: object) -> Board:
    return Board.model_validate(
        {"players": [{"id": "p1"}, {"id": "p2"}], "active_player": "p1", "permanents": permanents, **extra}
    )


def _agrees_everywhere(board: Board) -> None:
    ref = AttackReference(board)
    for atoms in [frozenset(), *ref.attack_legal_set()]:
        verdict = check_attacks(board, to_attack_declaration(atoms))
        assert verdict.legal == ref.attack_is_legal(atoms), (sorted(atoms), verdict.violations)
    assert ref.attack_is_legal(to_atoms(solve_attacks(board).declaration))
    assert {to_atoms(d) for d in legal_attacks(board)} == ref.attack_legal_set()


def test_attack_limit_per_turn_already_exceeded_still_allows_no_attack() -> None:
    """508.1c: "No more than one creature can attack each turn" after two creatures attacked in an
    earlier combat this turn: no creature can attack now, but declaring no attackers disobeys no
    restriction (508.1a: "which creatures ..., if any, will attack"), so the empty declaration is
    legal and is what solve_attacks must return."""
    board = _minimal_attack_board(
        [{"id": "a1", "name": "Grizzly Bears", "controller": "p1", "types": ["creature"], "power": 2, "toughness": 2}],
        effects=[{"source": "s", "controller": "p2", "ability": {"kind": "attack_limit", "n": 1, "per": "turn"}}],
        attacked_this_turn=2,
    )
    assert AttackReference(board).attack_legal_set() == {frozenset()}
    _agrees_everywhere(board)


def test_must_be_attacked_binds_each_attacking_player_with_shared_team_turns() -> None:
    """Trove of Temptation (p3): "Each opponent must attack you or a planeswalker you control with at
    least one creature each combat if able." With shared team turns both p1 and p2 are attacking
    players (805.10a) and opponents of p3: each must attack p3 with a creature they control, so the
    only legal attack is both Bears attacking p3 (2 of 2 requirements); {a1: p3} alone obeys 1 of 2.
    (reference.MUST_BE_ATTACKED_PER_PLAYER switches the reference to one requirement per team.)"""
    bears = [
        {
            "id": f"a{i}",
            "name": "Grizzly Bears",
            "controller": f"p{i}",
            "types": ["creature"],
            "power": 2,
            "toughness": 2,
        }
        for i in (1, 2)
    ]
    trove = {
        "id": "trove",
        "name": "Trove of Temptation",
        "controller": "p3",
        "types": ["enchantment"],
        "abilities": [{"kind": "must_be_attacked", "target": {"player": "you", "planeswalkers": True}}],
    }
    board = Board.model_validate(
        {
            "players": [
                {"id": "p1", "team": "A"},
                {"id": "p2", "team": "A"},
                {"id": "p3", "team": "B"},
                {"id": "p4", "team": "B"},
            ],
            "active_player": "p1",
            "shared_team_turns": True,
            "permanents": [*bears, trove],
        }
    )
    _agrees_everywhere(board)
    assert check_attacks(board, AttackDeclaration(attacks={"a1": "p3"})).legal == AttackReference(
        board
    ).attack_is_legal(frozenset({("a1", "p3")}))
