"""Every ability kind is one registered class with a test, a row in docs/board-format.md and a reference strategy."""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys
import typing
from functools import cache
from pathlib import Path

import pytest
from kind_coverage import covering_tests
from pydantic import TypeAdapter

from combat_solver import ABILITY_KINDS, Ability, rules
from combat_solver.rules.kind import KINDS, AbilityBase
from combat_solver.rules.registry import DECLARATION_KINDS, KIND_HOMES, ability_class, ability_classes

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def _readme_kinds() -> set[str]:
    text = (ROOT / "docs" / "board-format.md").read_text(encoding="utf-8")
    section = text[text.index("## Abilities (`kind`)") :]
    section = section[: section.index("\n## ")]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {k for row in rows for k in re.findall(r"`([a-z_]+)`", row.split("|")[1])}


def _quoted_in(paths: list[Path]) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def test_union_is_the_registry():
    classes = ability_classes()
    assert set(classes) == set(KINDS.values())
    assert tuple(c.model_fields["kind"].default for c in classes) == ABILITY_KINDS
    modules = {f"combat_solver.rules.{m}" for m in KIND_HOMES.values()} | {"combat_solver.rules.registry"}
    assert {c.__module__ for c in classes} <= modules


def test_every_kind_is_found_where_the_registry_says():
    """``KIND_HOMES`` names each kind's module (only the modules a board uses are imported)."""
    for module in pkgutil.iter_modules(rules.__path__):
        importlib.import_module(f"combat_solver.rules.{module.name}")
    defined = {k: c.__module__ for k, c in KINDS.items() if k != "grant"}
    assert defined == {k: f"combat_solver.rules.{m}" for k, m in KIND_HOMES.items()}


def test_a_board_imports_only_the_rules_modules_of_its_kinds():
    code = (
        "import sys; from combat_solver import Board; "
        "Board.model_validate({'players': [{'id': 'a'}, {'id': 'b'}], 'active_player': 'a', 'permanents': ["
        "{'id': 'x', 'name': 'Wind Drake', 'controller': 'a', 'types': ['creature'], 'power': 2, 'toughness': 2,"
        " 'abilities': [{'kind': 'flying'}]}]}); "
        "print(sorted(m for m in sys.modules if m.startswith('combat_solver.rules.')))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert eval(out) == [
        "combat_solver.rules.evasion",
        "combat_solver.rules.kind",
        "combat_solver.rules.phrase",
        "combat_solver.rules.registry",
    ]


def test_declaration_kinds_are_those_that_check_attack_choices():
    """508.1e, 508.1g: the kinds whose ``declaration_violations`` an attack check runs."""
    default = AbilityBase.declaration_violations.__func__  # type: ignore[attr-defined]
    overriding = {k for k in ABILITY_KINDS if ability_class(k).declaration_violations.__func__ is not default}
    assert overriding == set(DECLARATION_KINDS)


def test_ability_is_one_discriminated_union_in_json_schema():
    schema = TypeAdapter(Ability).json_schema()
    assert set(schema["discriminator"]["mapping"]) == set(ABILITY_KINDS)
    assert len(schema["oneOf"]) == len(ABILITY_KINDS)


def test_a_new_kind_joins_the_registry_when_defined():
    class _Probe(AbilityBase):
        kind: typing.Literal["probe_kind_for_test"] = "probe_kind_for_test"

    try:
        assert KINDS["probe_kind_for_test"] is _Probe
    finally:
        del KINDS["probe_kind_for_test"]


def test_a_kind_name_cant_be_defined_twice():
    with pytest.raises(TypeError, match="defined twice"):

        class _Flying(AbilityBase):
            kind: typing.Literal["flying"] = "flying"


@pytest.mark.parametrize("kind", ABILITY_KINDS)
def test_every_kind_has_a_readme_row(kind: str):
    assert kind in _readme_kinds()


@cache
def _covering() -> dict[str, list[str]]:
    sources = {
        p.stem: p.read_text(encoding="utf-8") for p in sorted(TESTS.glob("*.py")) if p.name != Path(__file__).name
    }
    return covering_tests(sources)


@pytest.mark.parametrize("kind", ABILITY_KINDS)
def test_every_kind_has_a_test(kind: str):
    """Some test validates a board with the kind and checks a verdict on it (see tests/kind_coverage.py)."""
    assert _covering().get(kind), f"no test checks a verdict on a board with {kind}"


_HELPERS = """
def K(kind, **params):
    return {"kind": kind, **params}

def flier():
    return {"id": "x", "abilities": [K("flying")]}
"""


def test_a_kind_counts_as_tested_only_where_a_verdict_is_checked():
    sources = {
        "helpers": _HELPERS,
        "test_a": (
            "from helpers import K, flier\n"
            "def test_checked():\n    assert check_blocks(board([flier()]), {}).legal\n"
            "def test_only_mentioned():\n    assert K('menace')\n"
            "def test_unasserted():\n    check_attacks(board([{'kind': 'haste'}]), {})\n"
            "def test_yaml():\n    assert_illegal(check_blocks(load('abilities: [{kind: reach}]'), {}), '702.17b', 'reach')\n"
        ),
    }
    covered = covering_tests(sources)
    assert covered == {"flying": ["test_a::test_checked"], "reach": ["test_a::test_yaml"]}


@pytest.mark.parametrize("kind", ABILITY_KINDS)
def test_every_kind_has_a_reference_strategy(kind: str):
    assert re.search(rf"[\"']{kind}[\"']", _quoted_in(sorted(TESTS.glob("strategies*.py"))))
