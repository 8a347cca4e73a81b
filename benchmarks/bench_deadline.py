"""How far past its ``--time-limit`` a whole command runs, on a board too large to finish in time.

The board is ``bench_blocks.board(N)`` (Lure, menace, flying, blockers of an additional
creature). Each command runs as a fresh process (Python start-up and imports included), and the
table gives the median wall time and the exit code (3: undetermined). Run:

    python benchmarks/bench_deadline.py [--size 120] [--time-limit 3] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_blocks import board

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=120)
    parser.add_argument("--time-limit", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as directory:
        board_path = Path(directory, "board.json")
        board_path.write_text(board(args.size).model_dump_json())
        declaration = Path(directory, "no-blocks.json")
        declaration.write_text(json.dumps({"kind": "block", "blocks": {}}))
        commands = {
            "check (no blocks)": ["check", str(board_path), "--declaration", str(declaration)],
            "solve": ["solve", str(board_path)],
            "enumerate --limit 0": ["enumerate", str(board_path), "--limit", "0"],
        }
        print(f"| command ({args.size} a side, --time-limit {args.time_limit:g}) | median wall time | exit code |")
        print("|---|---:|---:|")
        for name, argv in commands.items():
            times, codes = [], set()
            for _ in range(args.repeat):
                start = time.perf_counter()
                done = subprocess.run(
                    [sys.executable, "-m", "combat_solver", *argv, "--time-limit", str(args.time_limit)],
                    capture_output=True,
                    env=env,
                    check=False,
                )
                times.append(time.perf_counter() - start)
                codes.add(done.returncode)
            print(f"| {name} | {statistics.median(times):.1f} s | {', '.join(map(str, sorted(codes)))} |")


if __name__ == "__main__":
    main()
