"""Whole-process start-up: medians of N runs of the command line answering one requirement-free
check (start Python, import, read the board, check, print), next to the floors it can't go
below (Python itself, importing pydantic, and any pydantic program's first model). Wall clock and
CPU time (the CPU figure is the one to read on a shared machine: it doesn't count waiting for a
core). ``--phases`` adds where one check's CPU time goes, in the process (medians). Run:

    python benchmarks/bench_startup.py [--repeat 21] [--phases]

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
ONE_MODEL = "from pydantic import BaseModel\nclass One(BaseModel):\n    x: int\nOne(x=1)"


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


def measure(command: list[str], repeat: int, **extra: str) -> tuple[float, float]:
    """Median wall and CPU seconds of ``repeat`` runs with the environment variables ``extra``
    (after one unmeasured run that writes the bytecode caches)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        **extra,
    }
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


PHASES = r"""
import dataclasses, json, os, sys, time

os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "1")  # as the command line does

clock = time.process_time
marks = [("interpreter start", clock())]
import pydantic

marks.append(("import pydantic", clock()))
import pydantic._internal._model_construction as construction

spent = {"our model classes defined": 0.0, "our dataclasses defined": 0.0, "models built": 0.0}
counts = {key: 0 for key in spent}


def timed(key, function, ours=lambda *a: True):
    def run(*args, **kwargs):
        start = clock()
        try:
            return function(*args, **kwargs)
        finally:
            if ours(*args):
                spent[key] += clock() - start
                counts[key] += 1
    return run


def our_dataclass(cls, *args):
    return cls.__module__.startswith("combat_solver")


def our_model(metaclass, name, bases, namespace, *args):
    return namespace.get("__module__", "").startswith("combat_solver")


dataclasses._process_class = timed("our dataclasses defined", dataclasses._process_class, our_dataclass)
construction.ModelMetaclass.__new__ = timed("our model classes defined", construction.ModelMetaclass.__new__, our_model)
construction.complete_model_class = timed("models built", construction.complete_model_class)
from combat_solver.io.scenario import load_scenario
from combat_solver import cli
marks.append(("import the command line (modules, model classes, pydantic's model machinery)", clock()))
scenario = load_scenario(sys.argv[1])
marks.append(("read and validate the board (first model built here)", clock()))
from combat_solver.steps.check import check_declaration
import combat_solver.steps.blocks

marks.append(("import the block checker (game, engine steps)", clock()))
verdict = check_declaration(scenario.board, scenario.declaration, time_limit=10.0, explain=False)
marks.append(("check", clock()))
text = verdict.model_dump_json()
marks.append(("write the verdict (JSON)", clock()))
phases = {name: (t - marks[i - 1][1] if i else t) for i, (name, t) in enumerate(marks)}
print(json.dumps({"phases": phases, "spent": spent, "counts": counts}))
"""


def phases(path: Path, repeat: int) -> None:
    """Medians over ``repeat`` processes of each phase of one check, in CPU milliseconds; the
    class and build counters overlap the phases (they say what the phases spend)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = [
        json.loads(subprocess.run([sys.executable, "-c", PHASES, str(path)], env=env, capture_output=True,
                                  text=True, check=True).stdout)
        for _ in range(repeat + 1)
    ][1:]  # fmt: skip
    print("\n| phase of one check (in the process) | CPU |\n|---|---:|")
    for name in runs[0]["phases"]:
        print(f"| {name} | {statistics.median(r['phases'][name] for r in runs) * 1000:.1f} ms |")
    for name in runs[0]["spent"]:
        count = runs[0]["counts"][name]
        print(f"| of which: {name} ({count}) | {statistics.median(r['spent'][name] for r in runs) * 1000:.1f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--phases", action="store_true", help="also where one check's CPU time goes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "requirement-free-40.json"
        path.write_text(json.dumps(board(40)), encoding="utf-8")
        check = [sys.executable, "-m", "combat_solver", "check", str(path), "--verdict-only"]
        quiet = {"PYDANTIC_DISABLE_PLUGINS": "1"}
        rows = [
            ("python -c pass (the floor)", [sys.executable, "-c", "pass"], {}),
            ("python -c 'import pydantic'", [sys.executable, "-c", "import pydantic"], {}),
            ("python -c 'import pydantic' and one model built (any pydantic program)", [sys.executable, "-c", ONE_MODEL], {}),
            ("the same, PYDANTIC_DISABLE_PLUGINS=1 (as the command line runs)", [sys.executable, "-c", ONE_MODEL], quiet),
            ("python -c 'import combat_solver' (names load on first use)", [sys.executable, "-c", "import combat_solver"], {}),
            ("check --verdict-only --format json", [*check, "--format", "json"], {}),
            ("check --verdict-only (text)", check, {}),
        ]  # fmt: skip
        print(f"medians of {args.repeat} runs; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print("| command | wall | CPU |\n|---|---:|---:|")
        for label, command, extra in rows:
            wall, cpu = measure(command, args.repeat, **extra)
            print(f"| {label} | {wall * 1000:.0f} ms | {cpu * 1000:.0f} ms |", flush=True)
        if args.phases:
            phases(path, args.repeat)


if __name__ == "__main__":
    main()
