"""Differential campaign: ``python tests/campaign.py --boards 100000 [--seed N]``.

Builds N boards from a seeded random generator (same seed, same boards), runs every differential
property of ``differential.check_board`` on each and prints how many boards were checked and how many
disagreed. Exits 1 on any disagreement, after printing each offending board as JSON.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from differential import check_board  # tests/ is on sys.path: it holds this script
from strategies import RandomChooser, build_board


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-report", type=int, default=20, help="boards printed in full at most")
    args = parser.parse_args(argv)

    start = time.monotonic()
    disagreeing = 0
    for i in range(args.boards):
        rng = random.Random(f"{args.seed}:{i}")  # board i is reproducible on its own
        chooser = RandomChooser(rng)
        board = build_board(chooser)
        try:
            problems = [str(p) for p in check_board(board, chooser)]
        except Exception as error:  # a crash is a disagreement too
            problems = [f"[exception] {type(error).__name__}: {error}"]
        if problems:
            disagreeing += 1
            if disagreeing <= args.max_report:
                print(f"board {i} (seed {args.seed}):")
                for p in problems:
                    print("  " + p)
                print("  board: " + board.model_dump_json(by_alias=True, exclude_none=True))
        if (i + 1) % 1000 == 0:
            print(f"... {i + 1} boards, {disagreeing} disagreeing, {time.monotonic() - start:.0f}s", file=sys.stderr)
    print(f"checked {args.boards} boards (seed {args.seed}): {disagreeing} disagreements, "
          f"{time.monotonic() - start:.1f}s")
    return 1 if disagreeing else 0


if __name__ == "__main__":
    sys.exit(main())
