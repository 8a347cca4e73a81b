"""The witness of an illegal declaration: a legal one reaching the requirement maximum, closest to
the proposal, whatever broke (a restriction, a cost, too few requirements), and the same whatever
the time limit: the closeness search is bounded by deterministic work, and when the clock cuts it
the verdict says so (``witness_closest`` false) and shows the declaration the maximum's proof
found instead of whatever the search had reached."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.bench_blocks import board
from combat_solver import check_attacks, check_blocks, load_scenario
from combat_solver.cli import main
from combat_solver.solve import cpsat_encoder

ROOT = Path(__file__).resolve().parent.parent
OKK = ROOT / "examples" / "attack-okk-beside-serra-angel.yaml"
TROMOKRATIS = ROOT / "examples" / "tromokratis-with-tapped-defender.yaml"


def test_a_broken_restriction_gets_a_legal_witness_closest_to_the_proposal() -> None:
    scenario = load_scenario(OKK)
    assert scenario.declaration is not None
    verdict = check_attacks(scenario.board, scenario.declaration)
    assert verdict.status == "illegal" and verdict.violations[0].kind != "too_few_requirements"
    assert verdict.witness is not None and verdict.witness_closest is True
    proposed = dict(scenario.declaration.attacks)  # type: ignore[union-attr]
    assert verdict.witness.attacks == {k: v for k, v in proposed.items() if k != "okk"}  # type: ignore[union-attr]
    assert check_attacks(scenario.board, verdict.witness).status == "legal"


def test_the_cli_shows_the_witness_of_a_broken_restriction(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(TROMOKRATIS), "--format", "json"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["witness"] == {"kind": "block", "blocks": {}, "player": None}
    assert verdict["witness_closest"] is True
    assert main(["check", str(TROMOKRATIS)]) == 1
    assert "A block that obeys the maximum: no blocks" in capsys.readouterr().out


def test_verdict_only_computes_no_witness() -> None:
    scenario = load_scenario(OKK)
    assert scenario.declaration is not None
    verdict = check_attacks(scenario.board, scenario.declaration, explain=False)
    assert verdict.witness is None and verdict.witness_closest is None


def _clock_cuts_the_closeness_search(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The closeness search (the solve with a deterministic-time cap) stopped by the clock at
    once, as a time limit about to pass would; returns the caps seen."""
    real = cpsat_encoder.Encoder.solve
    caps: list[float] = []

    def solve(self: Any, solver: Any) -> Any:
        if solver.parameters.max_deterministic_time < sys.float_info.max:
            caps.append(solver.parameters.max_deterministic_time)
            solver.parameters.max_time_in_seconds = 0.0
        return real(self, solver)

    monkeypatch.setattr(cpsat_encoder.Encoder, "solve", solve)
    return caps


def test_the_witness_does_not_depend_on_the_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = board(40)
    full = [check_blocks(blocks, {"blocks": {}}, time_limit=limit) for limit in (5, 60)]
    assert full[0] == full[1] and full[0].witness is not None and full[0].witness_closest is True
    assert full[0].requirements_maximum == 58
    caps = _clock_cuts_the_closeness_search(monkeypatch)
    cut = [check_blocks(blocks, {"blocks": {}}, time_limit=limit) for limit in (5, 60)]
    assert caps, "the closeness search ran"
    assert cut[0] == cut[1], "a cut search gives the same witness whatever the limit"
    assert cut[0].witness_closest is False and cut[0].witness is not None
    assert cut[0].status == full[0].status and cut[0].requirements_maximum == full[0].requirements_maximum
    assert check_blocks(blocks, cut[0].witness).status == "legal"
