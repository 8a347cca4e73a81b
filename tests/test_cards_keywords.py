"""The keyword table of CR 702 (combat_solver/cards/keywords.py): every keyword of 702.2-702.192
has a row, and each row is what the compiler does: the kinds it compiles to, a note, a warning,
a reading outside the abilities (types, levels, colors) or an explicit "no bearing: why"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from asserts import A, make_board

from combat_solver.cards.card_record import CardRecord
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.compiled import Compiled
from combat_solver.cards.keywords import KEYWORDS, Keyword
from combat_solver.rules.registry import keyword_kinds


def line(text: str) -> Compiled:
    record = CardRecord(
        name="Test Creature", mana_cost="", types=("creature",), subtypes=(), supertypes=(),
        power="2", toughness="2", text=text, layout="normal", colors=(),
    )  # fmt: skip
    return bundled_catalog().compiler.compile(record)


def test_every_rule_of_702_has_a_row_in_order() -> None:
    numbers = [int(k.rule.split(".")[1]) for k in KEYWORDS]
    assert sorted(set(numbers)) == list(range(2, 193)) and numbers == sorted(numbers)
    assert all(k.why or k.reading == "kinds" for k in KEYWORDS)


def test_every_keyword_of_a_kind_is_in_the_table() -> None:
    """A kind that has a keyword (rules/kind.py ``keyword``) is listed as that keyword's kind."""
    listed = {kind for k in KEYWORDS for kind in k.kinds}
    assert set(keyword_kinds().values()) <= listed


@pytest.mark.parametrize("row", [k for k in KEYWORDS if k.reading == "kinds"], ids=lambda k: k.name)
def test_a_keyword_compiles_to_its_kinds(row: Keyword) -> None:
    c = line(row.example)
    assert [a["kind"] for a in c.abilities] == list(row.kinds) and not c.all_warnings, row.rule


@pytest.mark.parametrize("row", [k for k in KEYWORDS if k.reading == "noted"], ids=lambda k: k.name)
def test_a_keyword_whose_result_is_an_effect_is_noted(row: Keyword) -> None:
    c = line(row.example)
    assert c.notes and not c.all_warnings and c.relevant, row.rule


@pytest.mark.parametrize("row", [k for k in KEYWORDS if k.reading == "warned"], ids=lambda k: k.name)
def test_a_keyword_the_board_cannot_state_is_warned(row: Keyword) -> None:
    assert line(row.example).all_warnings, row.rule


def _attached(card: str) -> tuple[bool, bool]:
    """Whether ``card`` is a creature attached to Grizzly Bears, and unattached."""
    b = make_board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": A},
            {"id": "on", "card": card, "controller": A, "attached_to": "bears"},
            {"id": "off", "card": card, "controller": A},
        ]
    )
    return b.permanent("on").is_creature, b.permanent("off").is_creature


def _compiled(name: str) -> Compiled:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def _impending_warns() -> bool:
    b = make_board([{"id": "o", "card": "Overlord of the Hauntwoods", "controller": A, "counters": {"time": 4}}])
    clean = make_board([{"id": "o", "card": "Overlord of the Hauntwoods", "controller": A}])
    return any("702.176a" in w for w in b.card_warnings) and not clean.card_warnings


READ: dict[str, Callable[[], bool]] = {
    "changeling": lambda: (
        "Wall" in make_board([{"id": "c", "card": "Amoeboid Changeling", "controller": A}]).permanent("c").subtypes
    ),
    "level up": lambda: len(_compiled("Kargan Dragonlord").levels) >= 2,
    "unleash": lambda: any(lv.abilities == ({"kind": "cant_block"},) for lv in _compiled("Splatter Thug").levels),
    "bestow": lambda: _attached("Nyxborn Rollicker") == (False, True),
    "devoid": lambda: bundled_catalog().get("Barrage Tyrant").colors == (),
    "reconfigure": lambda: _attached("Lion Sash") == (False, True),
    "living metal": lambda: _compiled("Arcee, Acrobatic Coupe").creature_during_your_turn,
    "impending": _impending_warns,
    "station": lambda: any(lv.creature for lv in _compiled("Exploration Broodship").levels),
    "riot": lambda: _compiled("Arcbound Slasher").riot,
}


@pytest.mark.parametrize("row", [k for k in KEYWORDS if k.reading == "read"], ids=lambda k: k.name)
def test_a_keyword_read_outside_the_abilities(row: Keyword) -> None:
    """702.73a, 711.2, 702.98a, 702.103b, 702.114a, 702.136a, 702.151b, 702.161a, 702.176a, 721.2b."""
    assert READ[row.name](), row.rule


def test_a_protection_list_of_creature_types_is_a_protection_from_each_702_16g() -> None:
    """702.16g: "protection from Aliens, Birds, and Robots" is one protection per quality; every
    listed type is compiled, none read as a keyword of its own and dropped (Tinfoil Helm's list had
    only its first type compiled). An item no filter states (Tinfoil Helm's "hybrid mana") warns."""

    def froms(text: str) -> list[object]:
        return [a["from"] for a in line(text).abilities if a["kind"] == "protection"]

    assert froms("Protection from Aliens, Birds, and Robots") == [
        {"subtypes": ["Alien"]},
        {"subtypes": ["Bird"]},
        {"subtypes": ["Robot"]},
    ]
    assert froms("Test Creature has protection from Goblins and Elves.") == [
        {"subtypes": ["Goblin"]},
        {"subtypes": ["Elf"]},
    ]
    assert [a["kind"] for a in line("Flying, protection from red, and haste").abilities] == [
        "flying",
        "protection",
        "haste",
    ]
    helm = bundled_catalog().compiled(bundled_catalog().get("Tinfoil Helm"))
    assert helm.warnings and not helm.abilities
