"""Golden scenarios: every tests/scenarios/*.yaml (CR examples and variants) and every
examples/*.yaml (real tricky boards) is checked against the expectation written in the file.

The expectations were worked out by hand from the Comprehensive Rules, not from the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_solver import AttackDeclaration, check_attacks, check_blocks, load_scenario

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "tests" / "scenarios").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))


def test_scenarios_exist() -> None:
    assert list((ROOT / "tests" / "scenarios").glob("*.yaml")), "no golden scenarios found"
    assert list((ROOT / "examples").glob("*.yaml")), "no examples found"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_scenario(path: Path) -> None:
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
