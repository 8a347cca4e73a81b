"""Every ability kind is one registered class with a test, a README row and a reference strategy."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from combat_solver import ABILITY_KINDS, Ability
from combat_solver.abilities import RULE_MODULES
from combat_solver.rules.base import KINDS, AbilityBase

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


def _readme_kinds() -> set[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Abilities (`kind`)") :]
    section = section[: section.index("\n## ")]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {k for row in rows for k in re.findall(r"`([a-z_]+)`", row.split("|")[1])}


def _quoted_in(paths: list[Path]) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def test_union_is_the_registry():
    union = typing.get_args(typing.get_args(Ability)[0])
    assert set(union) == set(KINDS.values())
    assert tuple(c.model_fields["kind"].default for c in union) == ABILITY_KINDS
    modules = {m.__name__ for m in RULE_MODULES} | {"combat_solver.abilities"}
    assert {c.__module__ for c in union} <= modules


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


@pytest.mark.parametrize("kind", ABILITY_KINDS)
def test_every_kind_has_a_test(kind: str):
    tests = [p for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name]
    assert re.search(rf"[\"' ]{kind}[\"']|kind: {kind}\b", _quoted_in(tests))


@pytest.mark.parametrize("kind", ABILITY_KINDS)
def test_every_kind_has_a_reference_strategy(kind: str):
    assert re.search(rf"[\"']{kind}[\"']", _quoted_in(sorted(TESTS.glob("strategies*.py"))))
