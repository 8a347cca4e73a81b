"""The compiler against the hand-labelled set in tests/cards/: each card's abilities, field by
field, and whether it warns (a wrong compile is worse than a warning)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.labels import compare_labels

LABELS: dict[str, Any] = yaml.safe_load(
    (Path(__file__).resolve().parent / "cards" / "labelled.yaml").read_text(encoding="utf-8")
)


def test_the_labelled_set_has_at_least_300_cards() -> None:
    assert len(LABELS) >= 300


@pytest.mark.parametrize("name", sorted(LABELS))
def test_card_compiles_as_labelled(name: str) -> None:
    report = compare_labels(bundled_catalog(), {name: LABELS[name]})
    assert report.all_correct, report.render()


def test_a_wrong_label_is_reported_field_by_field() -> None:
    wrong = {
        "Juggernaut": {
            "abilities": [{"kind": "must_attack"}, {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Elf"]}}]
        }
    }
    report = compare_labels(bundled_catalog(), wrong)
    assert not report.all_correct and (report.abilities, report.abilities_correct) == (2, 1)
    assert '"Elf"' in report.mismatches[0].missing[0] and '"Wall"' in report.mismatches[0].unexpected[0]
