"""Start-up: a command loads only what its answer needs (the figures are in
benchmarks/bench_startup.py and docs/performance.md "Start-up"; no timing here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from asserts import A, B, K, bears, board_data

ROOT = Path(__file__).resolve().parent.parent

_LOADED_BY_CHECK = """
import json, os, sys
from combat_solver.cli import main
code = main(sys.argv[1:])
report = {"exit": code, "modules": sorted(sys.modules), "plugins": os.environ.get("PYDANTIC_DISABLE_PLUGINS")}
print(json.dumps(report), file=sys.stderr)
"""


def run_check(tmp_path: Path, data: object, *args: str, **env: str) -> dict[str, Any]:
    """``combat-solver check`` on ``data`` in a fresh process with ``env`` added: its exit code,
    the modules it loaded and the pydantic plugin setting it ran with (by ``main``, which returns:
    the program's ``entry`` ends the process once it has answered)."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    environ = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    result = subprocess.run(
        [sys.executable, "-c", _LOADED_BY_CHECK, "check", str(path), *args],
        capture_output=True, env={**environ, "PYTHONPATH": str(ROOT), **env}, check=False, timeout=120, text=True,
    )  # fmt: skip
    report: dict[str, Any] = json.loads(result.stderr.strip().splitlines()[-1])
    return report


def loaded_by(tmp_path: Path, data: object, *args: str) -> tuple[int, set[str]]:
    """The exit code of ``combat-solver check`` on ``data`` and the modules it loaded."""
    report = run_check(tmp_path, data, *args)
    return report["exit"], set(report["modules"])


def bears_blocking_bears(n: int, *abilities: dict[str, object]) -> dict[str, object]:
    """``n`` Grizzly Bears a side, each blocking one attacker: no requirement (509.1c)."""
    attackers = [bears(f"a{i}", A, *abilities) for i in range(n)]
    blockers = [bears(f"b{i}", B, *abilities) for i in range(n)]
    board = board_data(attackers + blockers, {f"a{i}": B for i in range(n)})
    return {"board": board, "declaration": {"kind": "block", "blocks": {f"b{i}": [f"a{i}"] for i in range(n)}}}


def rules_modules(modules: set[str]) -> set[str]:
    return {m.rsplit(".", 1)[1] for m in modules if m.startswith("combat_solver.rules.")}


def test_a_bare_requirement_free_verdict_loads_no_solver_no_explanation_no_unused_rules(tmp_path: Path) -> None:
    """509.1c: nothing to maximize, so no solver; a bare verdict renders nothing."""
    code, modules = loaded_by(tmp_path, bears_blocking_bears(5), "--verdict-only", "--format", "json")
    assert code == 0
    assert not {m for m in modules if m.split(".")[0] == "ortools"}
    assert not {"combat_solver.io.render", "combat_solver.steps.why", "combat_solver.cards.catalog"} & modules
    assert (
        not {
            "combat_solver.solve.cpsat",
            "combat_solver.solve.cpsat_encoder",
            "combat_solver.solve.search",
            "combat_solver.solve.payment",
        }
        & modules
    )
    assert rules_modules(modules) == {"kind", "phrase", "registry"}


def test_the_command_line_skips_the_pydantic_plugin_scan_unless_told_otherwise(tmp_path: Path) -> None:
    """``PYDANTIC_DISABLE_PLUGINS=1`` unless the caller set it (an empty value lets plugins load)."""
    data = bears_blocking_bears(2)
    assert run_check(tmp_path, data, "--verdict-only")["plugins"] == "1"
    allowed = run_check(tmp_path, data, "--verdict-only", PYDANTIC_DISABLE_PLUGINS="")
    assert allowed["plugins"] == ""
    assert allowed["exit"] == 0


def test_a_check_loads_the_rules_modules_of_the_kinds_on_its_board(tmp_path: Path) -> None:
    """702.9b: flying is an evasion ability; only its module joins the check."""
    code, modules = loaded_by(tmp_path, bears_blocking_bears(2, K("flying")), "--verdict-only", "--format", "json")
    assert code == 0
    assert rules_modules(modules) - {"blocking"} == {"kind", "phrase", "registry", "evasion"}
