"""Whole-process start-up: medians of N runs of the command line answering one requirement-free
check (start Python, import, read the board, check, print), next to the floors it can't go
below (Python itself, importing pydantic). Wall clock and CPU time (the CPU figure is the one to
read on a shared machine: it doesn't count waiting for a core). Run:

    python benchmarks/bench_startup.py [--repeat 21]

The board is the requirement-free row of ``bench_table.py`` (40 Grizzly Bears a side, each
blocks one; no card names, so the card catalog isn't loaded).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def board(n: int) -> dict[str, object]:
    def bears(prefix: str, controller: str) -> list[dict[str, object]]:
        return [
            {"id": f"{prefix}{i}", "name": "Grizzly Bears", "controller": controller, "types": ["creature"],
             "power": 2, "toughness": 2}
            for i in range(n)
        ]  # fmt: skip

    return {
        "board": {
            "players": [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": bears("a", "alice") + bears("b", "bob"),
            "combat": {"attackers": {f"a{i}": "bob" for i in range(n)}},
        },
        "declaration": {"kind": "block", "blocks": {f"b{i}": [f"a{i}"] for i in range(n)}},
    }


def measure(command: list[str], repeat: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``repeat`` runs (after one unmeasured run that writes the
    bytecode caches)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(command, env=env, capture_output=True, check=False)
    wall, cpu = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, env=env, capture_output=True, check=False)
        wall.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "requirement-free-40.json"
        path.write_text(json.dumps(board(40)), encoding="utf-8")
        check = [sys.executable, "-m", "combat_solver", "check", str(path), "--verdict-only"]
        rows = [
            ("python -c pass (the floor)", [sys.executable, "-c", "pass"]),
            ("python -c 'import pydantic'", [sys.executable, "-c", "import pydantic"]),
            ("python -c 'import combat_solver' (names load on first use)", [sys.executable, "-c", "import combat_solver"]),
            ("check --verdict-only --format json", [*check, "--format", "json"]),
            ("check --verdict-only (text)", check),
        ]  # fmt: skip
        print(f"medians of {args.repeat} runs; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print("| command | wall | CPU |\n|---|---:|---:|")
        for label, command in rows:
            wall, cpu = measure(command, args.repeat)
            print(f"| {label} | {wall * 1000:.0f} ms | {cpu * 1000:.0f} ms |", flush=True)


if __name__ == "__main__":
    main()
