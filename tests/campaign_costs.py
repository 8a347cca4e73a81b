"""Differential campaign for costs, optional costs and banding:
``python tests/campaign_costs.py --boards N [--seed S] [--new-primitives-only]``.

Board ``i`` is ``reference_costs.campaign_board(f"{S}:{i}")`` (either step, reproducible on its own). Prints
every disagreeing board (up to ``--max-report``) and a summary line; exits 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import sys
import time

from reference_costs import campaign_board  # tests/ is on sys.path: it holds this script
from strategies_costs import uses_new_cost_primitives


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--max-report", type=int, default=20, help="boards printed in full at most")
    parser.add_argument(
        "--avoid-known", action="store_true", help="leave out the boards of strategies_costs.KNOWN_DIVERGENCES"
    )
    parser.add_argument(
        "--new-primitives-only",
        action="store_true",
        help="check only boards with the cost primitives of issue #12 or non-id grants (--boards counts those)",
    )
    args = parser.parse_args(argv)
    only = uses_new_cost_primitives if args.new_primitives_only else None

    start = time.monotonic()
    checked = {"attack": 0, "block": 0}
    disagreeing = {"attack": 0, "block": 0}
    i = -1
    while sum(checked.values()) < args.boards:
        i += 1
        seed = f"{args.seed}:{i}"
        found = campaign_board(seed, known=not args.avoid_known, only=only)
        if found is None:
            continue
        step, problems = found
        checked[step] += 1
        if problems:
            disagreeing[step] += 1
            if sum(disagreeing.values()) <= args.max_report:
                print(f"board {i} ({step} step, campaign_board({seed!r})):")
                for p in problems:
                    print("  " + p)
        if sum(checked.values()) % 500 == 0:
            print(
                f"... {sum(checked.values())} boards, {sum(disagreeing.values())} disagreeing, {time.monotonic() - start:.0f}s",
                file=sys.stderr,
            )
    total = sum(disagreeing.values())
    print(
        f"checked {args.boards} boards (seed {args.seed}): {checked['attack']} attack boards "
        f"({disagreeing['attack']} disagreeing), {checked['block']} block boards ({disagreeing['block']} disagreeing); "
        f"{total} disagreements, {time.monotonic() - start:.1f}s"
    )
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
