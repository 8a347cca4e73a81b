"""Golden scenarios: every tests/scenarios/*.yaml (CR examples and variants) and every
examples/*.yaml (real tricky boards) is checked against the expectation written in the file.

The expectations were worked out by hand from the Comprehensive Rules, not from the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_solver import AttackDeclaration, check_attacks, check_blocks, load_scenario, solve_attacks, solve_blocks
from combat_solver.resolve.game import Game
from combat_solver.solve import engine, flows, result, search
from combat_solver.steps.attacks import ATTACKS
from combat_solver.steps.blocks import BLOCKS

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "tests" / "scenarios").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))


def test_scenarios_exist() -> None:
    assert list((ROOT / "tests" / "scenarios").glob("*.yaml")), "no golden scenarios found"
    assert list((ROOT / "examples").glob("*.yaml")), "no examples found"


def _check(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.declaration is not None, f"{path.name} has no declaration"
    assert scenario.expect is not None, f"{path.name} has no expect"
    if isinstance(scenario.declaration, AttackDeclaration):
        verdict = check_attacks(scenario.board, scenario.declaration)
    else:
        verdict = check_blocks(scenario.board, scenario.declaration)
    expect = scenario.expect
    details = "\n".join(f"  {v.rule} {v.kind}: {v.message}" for v in verdict.violations)
    assert verdict.status == expect.status, f"status {verdict.status}, violations:\n{details}"
    if expect.requirements_maximum is not None:
        assert verdict.requirements_maximum == expect.requirements_maximum
    if expect.requirements_obeyed is not None:
        assert verdict.requirements_obeyed == expect.requirements_obeyed
    if expect.violated_rules is not None:
        assert sorted({v.rule for v in verdict.violations}) == sorted(expect.violated_rules), details


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_scenario(path: Path) -> None:
    _check(path)


def _flow_shaped(path: Path) -> bool:
    scenario = load_scenario(path)
    game = Game(scenario.board)
    step = ATTACKS if isinstance(scenario.declaration, AttackDeclaration) else BLOCKS
    return any(flows.network(engine.problem(unit)) is not None for unit in step.units(game))


FLOW_SHAPED = [p for p in FILES if _flow_shaped(p)]


def test_some_scenarios_are_flow_shaped() -> None:
    assert len(FLOW_SHAPED) >= 10


@pytest.mark.parametrize("path", FLOW_SHAPED, ids=[p.name for p in FLOW_SHAPED])
def test_flow_shaped_scenario_on_the_flow_path(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same expectation with every flow-shaped problem decided by a min-cost flow (docs/design.md §5)."""
    flowed: list[int] = []
    real = flows.flow_maximize

    def flow_maximize(net: flows.Network) -> result.Outcome:
        flowed.append(1)
        return real(net)

    monkeypatch.setattr(search, "MAX_VARIABLES", -1)
    monkeypatch.setattr(flows, "flow_maximize", flow_maximize)
    _check(path)
    scenario = load_scenario(path)
    solve = solve_attacks if isinstance(scenario.declaration, AttackDeclaration) else solve_blocks
    solved = solve(scenario.board)
    assert flowed
    assert solved.status == "legal"
    if scenario.expect is not None and scenario.expect.requirements_maximum is not None:
        assert solved.requirements_maximum == scenario.expect.requirements_maximum
