"""Text the compiler can't read is warned, never noted or dropped. 707.2, 614.1c: a permanent that entered as a copy has the copied object's characteristics, so
its own card's text says nothing of its abilities on the battlefield: by card name without the
board's `copy_of` it is warned (never a one-shot note, never dropped)."""

from __future__ import annotations

import pytest

from combat_solver import Board
from combat_solver.cards.catalog import bundled_catalog


@pytest.mark.parametrize("name", ["Clone", "Moritte of the Frost", "Malleable Impostor", "Phantasmal Image"])
def test_entering_as_a_copy_is_warned_without_copy_of_707_2(name: str) -> None:
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get(name))
    assert compiled.copy is not None
    assert not any("as a copy of" in n for n in compiled.notes)
    board = Board.model_validate(
        {
            "players": [{"id": "a"}, {"id": "b"}],
            "active_player": "a",
            "permanents": [{"id": "x", "card": name, "controller": "a"}],
        }
    )
    assert any("as a copy of" in w for w in board.card_warnings), board.card_warnings


def test_an_exception_to_a_copy_it_cant_read_is_warned_on_the_card_707_9f() -> None:
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Moritte of the Frost"))
    assert any("an exception to the copy that isn't read" in w for w in compiled.warnings), compiled.warnings


@pytest.mark.parametrize(
    ("name", "others"), [("Giant Fire Beetles", [{"kind": "menace"}]), ("Kozilek, Compleated", [])]
)
def test_a_keyword_known_only_by_its_combat_trigger_reminder_is_read_by_it_508_1m(
    name: str, others: list[dict[str, str]]
) -> None:
    """A keyword that is neither a kind's nor one of CR 702 ("double team", a digital-only one;
    "annihinfect", an Un-card's), defined on the card only by reminder text that triggers on
    attacking (508.1m): read by that reminder, the card's only definition of it, with the line's
    other keywords."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get(name))
    assert [*others, {"kind": "attack_trigger"}] == list(compiled.abilities), compiled.abilities
    assert not compiled.warnings


def test_a_keyword_known_only_by_a_reminder_it_can_t_read_is_warned() -> None:
    """Aggressive (an Un-card's): its reminder, an extra combat phase, isn't read: warned, never dropped."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Bear with Set's Mechanic"))
    assert any("known only by its reminder text" in w for w in compiled.warnings), compiled.warnings


@pytest.mark.parametrize(
    "name", ["Brigid, Who's Seen Some Stuff", "Sliver of Hope", "Hish of the Snake Cult", "Toddler's Rage"]
)
def test_a_permanent_given_a_keyword_of_no_rules_is_warned(name: str) -> None:
    """ "Kithkin you control have thoughtweft.", "Snakes you control have daunt, ...": a keyword
    outside CR 702 and the vocabulary given to permanents may change combat: warned, never dropped."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get(name))
    assert compiled.warnings


def test_a_keyword_of_702_with_a_trigger_reminder_still_compiles_702_181() -> None:
    """Mobilize (702.181) has the same kind of reminder but is a keyword of CR 702: its attack
    trigger compiles (508.1m) and nothing is warned."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Reigning Victor"))
    assert {"kind": "attack_trigger"} in compiled.abilities and not compiled.warnings


@pytest.mark.parametrize("name", ["Leyline Tyrant", "Upwelling", "Kruphix, God of Horizons", "Omnath, Locus of Mana"])
def test_mana_kept_from_an_earlier_step_is_warned_106_4(name: str) -> None:
    """106.4: mana empties between steps; "You don't lose unspent red mana as steps and phases
    end" keeps some, which no board states (it may pay an attack or block cost): warned."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get(name))
    assert any("unspent" in w for w in compiled.warnings), compiled.warnings
