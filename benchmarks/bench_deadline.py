"""How far past its ``--time-limit`` a whole command runs, on boards too large to finish in time.

The boards are ``bench_blocks.board(N)`` (Lure, menace, flying, blockers of an additional
creature). Each command runs as a fresh process (Python start-up and imports included); the table
gives, per size, limit and command, the median wall time, the overshoot past the limit and the exit
codes (3: undetermined), idle and with ``--load`` busy processes running beside it, and the
worst overshoot of the runs; the load average before and after says how busy the machine was
besides. The target (docs/limits.md): within 10% of the limit or 0.25 s, whichever is larger. Run:

    python benchmarks/bench_deadline.py [--sizes 150 300] [--limits 1 3] [--repeat 3] [--load 2]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
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
COMMANDS = {
    "check": ["check", "{board}", "--declaration", "{none}"],
    "check --verdict-only": ["check", "{board}", "--declaration", "{none}", "--verdict-only"],
    "solve": ["solve", "{board}"],
    "enumerate": ["enumerate", "{board}"],
}


def _busy(stop: float) -> None:
    while time.monotonic() < stop:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[150, 300])
    parser.add_argument("--limits", type=float, nargs="+", default=[1.0, 3.0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--load", type=int, default=0, help="busy processes running beside each command")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    print(f"load: {args.load} busy processes; load average before: {os.getloadavg()[0]:.2f}")
    print("| size | --time-limit | command | median wall | overshoot | worst | within target | exit codes |")
    print("|---:|---:|---|---:|---:|---:|---|---|")
    with tempfile.TemporaryDirectory() as directory:
        none = Path(directory, "none.json")
        none.write_text(json.dumps({"kind": "block", "blocks": {}}))
        for size in args.sizes:
            path = Path(directory, f"board{size}.json")
            path.write_text(board(size).model_dump_json())
            for limit in args.limits:
                for name, argv in COMMANDS.items():
                    times, codes = [], set()
                    for _ in range(args.repeat):
                        words = [a.format(board=path, none=none) for a in argv]
                        stop = time.monotonic() + limit + 5
                        load = [multiprocessing.Process(target=_busy, args=(stop,)) for _ in range(args.load)]
                        for p in load:
                            p.start()
                        start = time.perf_counter()
                        done = subprocess.run(
                            [sys.executable, "-m", "combat_solver", *words, "--time-limit", str(limit)],
                            capture_output=True,
                            env=env,
                            check=False,
                        )
                        times.append(time.perf_counter() - start)
                        for p in load:
                            p.terminate()
                            p.join()
                        codes.add(done.returncode)
                    wall, worst = statistics.median(times), max(times)
                    within = sum(t - limit <= max(0.1 * limit, 0.25) for t in times)
                    print(
                        f"| {size} | {limit:g} s | {name} | {wall:.2f} s | {max(wall - limit, 0):+.2f} s "
                        f"| {max(worst - limit, 0):+.2f} s | {within}/{len(times)} "
                        f"| {', '.join(map(str, sorted(codes)))} |",
                        flush=True,
                    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
