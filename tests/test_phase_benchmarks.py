"""The phase.rs tooling in benchmarks/ without phase itself: card data fields derived from the
oracle corpus (202.2, 202.3), the self-play decks, and the side-by-side boards' verdicts."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import bench_table
import phase_card_data
import phase_selfplay


@pytest.mark.parametrize(
    ("mana_cost", "colors"),
    [("{1}{G}{G}", ["G"]), ("{3}", []), (None, []), ("{W/U}{B}", ["W", "U", "B"]), ("{2/R}{G/P}", ["R", "G"])],
)
def test_colors_come_from_the_mana_cost_202_2(mana_cost: str | None, colors: list[str]) -> None:
    assert phase_card_data.colors(mana_cost) == colors


@pytest.mark.parametrize(
    ("mana_cost", "value"),
    [("{1}{G}{G}", 3), ("{X}{R}", 1), ("{2/W}{2/W}", 4), ("{W/U}{W/P}", 2), ("{10}", 10), (None, 0), ("{C}", 1)],
)
def test_mana_value_202_3(mana_cost: str | None, value: int) -> None:
    assert phase_card_data.mana_value(mana_cost) == value


def test_atomic_card_has_the_fields_phase_gen_requires_and_no_nulls() -> None:
    corpus_card = {
        "name": "Night Market Guard",
        "manaCost": "{3}",
        "types": ["Artifact", "Creature"],
        "keywords": None,
        "power": "3",
        "toughness": "1",
        "loyalty": None,
        "layout": "normal",
        "colorIdentity": [],
    }
    atomic = phase_card_data.atomic_card(corpus_card)
    assert {"colors": [], "manaValue": 3, "identifiers": {}}.items() <= atomic.items()
    assert None not in atomic.values()


def test_selfplay_decks_have_eight_basics_beyond_the_opening_hand() -> None:
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    for deck in phase_selfplay.DECKS:
        assert sum(copies for name, copies in deck.items() if name in basics) - 7 >= 8
        assert len(phase_selfplay.deck_list(deck)) == sum(deck.values())


BROKEN_RULES = {
    "menace": {"702.111b"},
    "lure": {"509.1c"},
    "arbiter-block": {"509.1b"},
    "free": set(),
    "flunkies": {"506.5", "508.1d"},
    "arbiter-attack": set(),
}


@pytest.mark.parametrize("row", list(bench_table.ROWS))
@pytest.mark.parametrize("n", [2, 9])
def test_side_by_side_boards_break_the_rules_their_row_names(row: str, n: int) -> None:
    """702.111b, 509.1c, 509.1b, 506.5 and 508.1d: each benchmark row measures the declaration it
    says it does (a legal row breaks nothing)."""
    case = bench_table.ROWS[row](n)
    verdict = case.check(case.board(), explain=True)()
    assert {v.rule for v in verdict.violations} >= BROKEN_RULES[case.row]
    assert verdict.status == ("illegal" if BROKEN_RULES[case.row] else "legal")
