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

import pytest
from campaign import engine_path
from differential import check_attack_board, check_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference import AttackReference, attack_reference_covers, to_atoms, to_attack_declaration
from sizes import examples
from strategies import HypothesisChooser, attack_boards, boards

from combat_solver import (
    AttackDeclaration,
    Board,
    check_attacks,
    legal_attacks,
    load_scenario,
    solve_attacks,
)

# Boards per step: a few dozen in the quick run, 250 and 200 under ``--long`` (CI; the file then runs in
# about a minute on a 2-core machine when it passes; a failing run spends more: hypothesis shrinks the
# failure). Each board gets every property of ``differential.check_board`` / ``check_attack_board``:
# the requirement maximum per unit, solve is legal, check agrees on proposed declarations, the legal
# set, determinism. Each step runs twice: with the automatic choice of engine path, and on CP-SAT only.
# ``tests/campaign.py`` runs the same properties on as many seeded boards as wanted;
# ``test_campaign_smoke`` runs it small.
BLOCK_BOARDS, ATTACK_BOARDS = examples(quick=40, ci=250), examples(quick=30, ci=200)
DETERMINISM_BOARDS, CAMPAIGN_BOARDS = examples(quick=15, ci=40), examples(quick=12, ci=30)
HASH_SEEDS = ("0", "1", "12345")[: examples(quick=2, ci=3)]


def test_same_answers_in_other_processes() -> None:
    """Same input, same output, whatever the interpreter's hash seed (docs/design.md §5): solve and
    the first legal declarations of block boards and attack boards (40 of each under ``--long``),
    in a process per hash seed (three under ``--long``)."""
    script = (
        "import random, hashlib; from strategies import RandomChooser, build_board, build_attack_board; "
        "from combat_solver import solve_blocks, legal_blocks, solve_attacks, legal_attacks, Undetermined\n"
        "h = hashlib.sha256()\n"
        f"for i in range({DETERMINISM_BOARDS}):\n"
        "    b = build_board(RandomChooser(random.Random(f'det:{i}')))\n"
        "    h.update(solve_blocks(b).model_dump_json().encode())\n"
        "    h.update(str([d.blocks for d in legal_blocks(b)][:40]).encode())\n"
        "    b = build_attack_board(RandomChooser(random.Random(f'det:{i}')))\n"
        "    try:\n"
        "        h.update(solve_attacks(b).model_dump_json().encode())\n"
        "        h.update(str([d.attacks for d in legal_attacks(b)][:40]).encode())\n"
        "    except Undetermined as e:\n"
        "        h.update(str(e).encode())\n"
        "print(h.hexdigest())"
    )
    digests = set()
    for seed in HASH_SEEDS:
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


@settings(max_examples=BLOCK_BOARDS, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_block_boards_agree_with_reference(board: Board, data: st.DataObject) -> None:
    """Every differential property of the declare blockers step (509.1) on one random board."""
    problems = check_board(board, HypothesisChooser(data.draw))
    assert not problems, "\n".join(map(str, problems))


# =================================================================================================
# The declare attackers step (508.1): the same properties on boards from ``strategies.attack_boards()``
# (the whole attack vocabulary, grants and effects, 3-4 players with planeswalkers and battles, shared
# team turns, attackable_players, attacked_this_turn), against ``reference.AttackReference``.
# =================================================================================================


@settings(
    max_examples=ATTACK_BOARDS,
    deadline=None,
    derandomize=True,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(attack_boards(), st.data())
def test_attack_boards_agree_with_reference(board: Board, data: st.DataObject) -> None:
    """Every differential property of the declare attackers step (508.1) on one random board."""
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


@pytest.mark.parametrize("requirement_first", [True, False])
def test_a_per_declaration_condition_waits_for_the_grant_it_reads_613_8a(requirement_first: bool) -> None:
    """ "a2 attacks each combat if able as long as a creature with flying attacks" and an effect
    giving a1 flying: the requirement depends on the flying effect (613.8a), so a1 attacking alone
    is a flier attacking and obeys 0 of 1 requirement (508.1d), whichever effect is older."""
    bears = [
        {"id": f"a{i}", "name": "Grizzly Bears", "controller": "p1", "types": ["creature"], "power": 2, "toughness": 2}
        for i in (1, 2)
    ]
    condition = {"attack": {"filter": {"has": ["flying"]}, "count": {"ge": 1}}}
    must = {
        "source": "s",
        "controller": "p2",
        "to": {"ids": ["a2"]},
        "ability": {"kind": "must_attack", "condition": condition},
    }
    flying = {"source": "t", "controller": "p1", "to": {"ids": ["a1"]}, "ability": {"kind": "flying"}}
    board = _minimal_attack_board(bears, effects=[must, flying] if requirement_first else [flying, must])
    assert not AttackReference(board).attack_is_legal(frozenset({("a1", "p2")}))
    _agrees_everywhere(board)


def test_campaign_smoke() -> None:
    """The campaign command itself, on a few seeded boards of every step (30 under ``--long``; the
    long run is ``python tests/campaign.py --boards N``)."""
    run = subprocess.run(
        [sys.executable, "campaign.py", "--boards", str(CAMPAIGN_BOARDS), "--seed", "2026", "--step", "all"],
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"checked {CAMPAIGN_BOARDS} boards" in run.stdout and "0 disagreements" in run.stdout


PATHS = ("cpsat", "flow")
"""The engine paths besides the automatic one (``campaign.engine_path``): CP-SAT deciding every
problem, and the min-cost flow deciding every flow-shaped problem however small."""


@pytest.mark.parametrize("path", PATHS)
@settings(max_examples=BLOCK_BOARDS, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(board=boards(), data=st.data())
def test_block_boards_agree_with_reference_on_each_path(path: str, board: Board, data: st.DataObject) -> None:
    """The same properties with the engine deciding by ``path`` (``PATHS``)."""
    with engine_path(path):
        problems = check_board(board, HypothesisChooser(data.draw))
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("path", PATHS)
@settings(max_examples=ATTACK_BOARDS, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(board=attack_boards(), data=st.data())
def test_attack_boards_agree_with_reference_on_each_path(path: str, board: Board, data: st.DataObject) -> None:
    """The same properties with the engine deciding by ``path`` (``PATHS``)."""
    with engine_path(path):
        problems = check_attack_board(board, HypothesisChooser(data.draw))
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize(
    "path", sorted((Path(__file__).parent / "fixtures" / "differential").glob("*.json")), ids=lambda p: p.stem
)
def test_boards_a_campaign_once_found_disagreeing_agree(path: Path) -> None:
    """Random boards on which engine and reference once disagreed: a creature made a noncreature
    by layer 4 (613.1d) kept its attack requirements in the reference; a blocker's `has` test read
    shadow given by another permanent's effect as removed by a later "loses all abilities" (613.1f)."""
    import random

    from strategies import RandomChooser

    board = Board.model_validate_json(path.read_text(encoding="utf-8"))
    c = RandomChooser(random.Random(path.stem))
    found = check_board(board, c) if board.combat is not None else check_attack_board(board, c)
    assert not found, found
