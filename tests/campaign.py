"""Differential campaign: ``python tests/campaign.py --boards 100000 [--seed N] [--step all|both|block|attack|cost] [--path alternate|auto|cpsat]``.

Builds N boards from a seeded random generator (same seed, same boards): declare blockers boards
(``strategies.build_board``), declare attackers boards (``strategies.build_attack_board``) and boards
with costs, optional costs and bands (``strategies_costs``, checked by ``reference_costs``). ``all``
rotates the three, ``both`` alternates blocks and attacks, or ``--step`` picks one. Every differential
property runs on each board; it prints how many boards of each step were checked and how many
disagreed, and exits 1 on any disagreement, after printing each offending board.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import partial

from differential import Disagreement, check_attack_board, check_board  # tests/ is on sys.path: it holds this script
from reference_costs import campaign_board
from strategies import Chooser, RandomChooser, build_attack_board, build_board
from strategies_costs import uses_new_cost_primitives

from combat_solver import Board
from combat_solver.solve import flows, search

Step = tuple[str, Callable[[Chooser], Board], Callable[[Board, Chooser], list[Disagreement]]]
BLOCK: Step = ("block", partial(build_board, removed=True), check_board)
ATTACK: Step = ("attack", build_attack_board, check_attack_board)


NEW_PRIMITIVES = (
    '"condition"',
    '"unless"',
    '"attacked_this_turn":[',
    '"by":"you"',
    '"counters"',
    '"attached_to"',
    '"attacking_alone"',
    '"attacking"',
    '"token"',
    '"mana_value"',
    '"attached"',
    '"even"',
    '"blockers":',
    '"entered_this_turn"',
    '"monstrous"',
    '"renowned"',
    '"creatures_sharing_a_type"',
    '"your_turn"',
)
"""JSON fragments of the primitives of issue #12 (conditions, as-though, per-creature history,
goad by you, permanent facts, parity of attackers, creatures sharing a creature type, "during
your turn") and filters
that read granted abilities."""


def uses_new_primitives(board: Board) -> bool:
    stated = board.model_dump_json(by_alias=True, exclude_defaults=True)  # fields given, kinds left out
    kinds = board.model_dump_json(by_alias=True, exclude_none=True)
    return (
        any(f in stated for f in NEW_PRIMITIVES)
        or '"kind":"block_as_though"' in kinds
        or '"kind":"attack_as_though_haste"' in kinds
        or '"kind":"chooses_' in kinds
        or ('"kind":"grant"' in kinds and '"has"' in stated)
    )


def board_plan(i: int, step: str) -> tuple[Step, str]:
    """Which step board ``i`` is for and the seed suffix that makes it reproducible on its own."""
    if step == "block":
        return BLOCK, f"{i}"
    if step == "attack":
        return ATTACK, f"attack:{i}"
    # Alternate; block board k uses the same seed as board k of a blocks-only campaign.
    return (BLOCK, f"{i // 2}") if i % 2 == 0 else (ATTACK, f"attack:{i // 2}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--step", choices=("all", "both", "block", "attack", "cost"), default="all")
    parser.add_argument("--max-report", type=int, default=20, help="boards printed in full at most")
    parser.add_argument(
        "--path",
        choices=("alternate", "auto", "cpsat", "flow"),
        default="alternate",
        help="which engine path decides: the automatic choice (small problems by the pure-Python search), "
        "CP-SAT only, flow (every flow-shaped problem by a min-cost flow, the rest by CP-SAT), or the three "
        "in turn board by board (default)",
    )
    parser.add_argument(
        "--new-primitives-only",
        action="store_true",
        help="check only boards that use the primitives of issue #12 (cost boards: the cost primitives and "
        "non-id grants; --boards counts those)",
    )
    args = parser.parse_args(argv)

    start = time.monotonic()
    checked = {"block": 0, "attack": 0, "cost": 0}
    disagreeing = {"block": 0, "attack": 0, "cost": 0}
    new_primitives = 0
    i = -1
    while sum(checked.values()) < args.boards:
        i += 1
        if args.step == "cost" or (args.step == "all" and i % 3 == 2):
            name, board_json = "cost", f"rng {args.seed}:cost:{i}"
            only = uses_new_cost_primitives if args.new_primitives_only else None
            try:
                found = campaign_board(f"{args.seed}:cost:{i}", only=only)
                if found is None:
                    continue
                problems = found[1]
            except Exception as error:  # a crash is a disagreement too
                problems = [f"[exception] {type(error).__name__}: {error}"]
            report(i, name, problems, board_json, checked, disagreeing, args)
            continue
        (name, build, check), suffix = board_plan(
            i if args.step != "all" else i - i // 3, "both" if args.step == "all" else args.step
        )
        rng = random.Random(f"{args.seed}:{suffix}")  # board i is reproducible on its own
        chooser = RandomChooser(rng)
        board = build(chooser)
        board_json = board.model_dump_json(by_alias=True, exclude_none=True)
        uses_new = uses_new_primitives(board)
        if args.new_primitives_only and not uses_new:
            continue
        new_primitives += uses_new
        path = ("auto", "cpsat", "flow")[i % 3] if args.path == "alternate" else args.path
        try:
            with engine_path(path):
                problems = [str(p) for p in check(board, chooser)]
        except Exception as error:  # a crash is a disagreement too
            problems = [f"[exception] {type(error).__name__}: {error}"]
        report(
            i,
            name,
            problems,
            f"rng {args.seed}:{suffix}; board: " + board_json,
            checked,
            disagreeing,
            args,
        )
        if sum(checked.values()) % 1000 == 0:
            print(
                f"... {sum(checked.values())} boards, {sum(disagreeing.values())} disagreeing, "
                f"{time.monotonic() - start:.0f}s",
                file=sys.stderr,
            )
    total = sum(disagreeing.values())
    print(
        f"checked {args.boards} boards (seed {args.seed}): {checked['block']} block boards "
        f"({disagreeing['block']} disagreeing), {checked['attack']} attack boards ({disagreeing['attack']} disagreeing), "
        f"{checked['cost']} cost/band boards ({disagreeing['cost']} disagreeing); "
        f"{new_primitives} block/attack boards use the primitives of issue #12; "
        f"{total} disagreements, {time.monotonic() - start:.1f}s"
    )
    return 1 if total else 0


@contextmanager
def _deciding(max_variables: int, flows_enabled: bool) -> Iterator[None]:
    saved = search.MAX_VARIABLES, flows.ENABLED
    search.MAX_VARIABLES, flows.ENABLED = max_variables, flows_enabled
    try:
        yield
    finally:
        search.MAX_VARIABLES, flows.ENABLED = saved


def cpsat_only() -> AbstractContextManager[None]:
    """Decide every problem with CP-SAT, bypassing the pure-Python search for small problems and
    the min-cost flow for flow-shaped ones."""
    return _deciding(-1, False)


def flow_first() -> AbstractContextManager[None]:
    """Decide every flow-shaped problem by a min-cost flow, however small, and the rest by CP-SAT."""
    return _deciding(-1, True)


def engine_path(path: str) -> AbstractContextManager[None]:
    """The context that makes the engine decide by ``path`` ("auto", "cpsat" or "flow")."""
    return {"auto": nullcontext, "cpsat": cpsat_only, "flow": flow_first}[path]()


def report(
    i: int,
    name: str,
    problems: list[str],
    board: str,
    checked: dict[str, int],
    disagreeing: dict[str, int],
    args: argparse.Namespace,
) -> None:
    checked[name] += 1
    if problems:
        disagreeing[name] += 1
        if sum(disagreeing.values()) <= args.max_report:
            print(f"board {i} ({name} step, seed {args.seed}):")
            for p in problems:
                print("  " + p)
            print("  " + board)


if __name__ == "__main__":
    sys.exit(main())
