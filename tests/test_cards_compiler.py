"""The card compiler on real cards' Oracle text: nothing that bears on attack or block legality
is compiled wrongly in silence (each case a real card whose text was once dropped)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from asserts import A, B, attack, block, make_board

from combat_solver.cards.card_record import CardRecord
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.compiled import Compiled
from combat_solver.cards.compiler import otherwise, still_a_land
from combat_solver.cards.oracle_text import is_activated, selfify, sentences, strip_reminders
from combat_solver.cards.phrases import bears_on_legality


def compiled(name: str) -> Compiled:
    catalog = bundled_catalog()
    return catalog.compiler.compile(catalog.get(name))


def abilities(name: str) -> list[dict[str, Any]]:
    return list(compiled(name).abilities)


def test_vigilance_for_tokens_and_nontoken_creatures_is_granted() -> None:
    """702.20b: Intangible Virtue ("Creature tokens you control get +1/+1 and have vigilance")
    and Always Watching ("Nontoken creatures you control get +1/+1 and have vigilance")."""
    assert abilities("Intangible Virtue") == [
        {"kind": "grant", "to": {"token": True, "controller": "you"}, "ability": {"kind": "vigilance"}}
    ]
    assert abilities("Always Watching") == [
        {"kind": "grant", "to": {"token": False, "controller": "you"}, "ability": {"kind": "vigilance"}}
    ]


def test_vigilance_lets_an_attacker_tap_for_mana_to_pay_an_attack_tax() -> None:
    """508.1f: an attacker without vigilance taps, so Llanowar Elves can't also tap for {G}
    to pay Propaganda's {2} (508.1h); with Always Watching it stays untapped and can."""
    base = [
        {"id": "elves", "card": "Llanowar Elves", "controller": A},
        {"id": "forest", "card": "Forest", "controller": A},
        {"id": "prop", "card": "Propaganda", "controller": B},
    ]
    assert not attack(make_board(base), {"elves": B}).legal
    watching = make_board([*base, {"id": "watch", "card": "Always Watching", "controller": A}])
    assert attack(watching, {"elves": B}).legal


def test_one_shot_vigilance_gets_a_note() -> None:
    """Ajani Goldmane's "[-1]: ... Those creatures gain vigilance until end of turn" and Additive
    Evolution's trigger: once used, the vigilance is an effect to give (508.1f)."""
    for name in ("Ajani Goldmane", "Additive Evolution"):
        c = compiled(name)
        assert any("vigilance" in n for n in c.notes) and not c.warnings, name


@pytest.mark.parametrize("name", ["Blinkmoth Nexus", "Mishra's Factory", "Azorius Keyrune"])
def test_an_animation_gets_a_note(name: str) -> None:
    """ "{1}: This land becomes a 1/1 Blinkmoth artifact creature with flying until end of turn":
    once activated it is a creature that can attack or block (302.1): an effect to give."""
    c = compiled(name)
    assert c.relevant and any("becomes a" in n for n in c.notes) and not c.warnings


def test_bands_with_other_inside_a_sentence_is_granted() -> None:
    """702.22c: Adventurers' Guildhouse: Green legendary creatures you control have "bands with
    other legendary creatures."."""
    assert abilities("Adventurers' Guildhouse") == [
        {
            "kind": "grant",
            "to": {"supertypes": ["legendary"], "colors": ["green"], "controller": "you"},
            "ability": {"kind": "bands_with_other", "quality": {"types": ["creature"], "supertypes": ["legendary"]}},
        }
    ]


def test_living_metal_is_a_creature_during_its_controllers_turn() -> None:
    """702.161a: "During your turn, this permanent is an artifact creature in addition to its
    other types": Arcee attacks on alice's turn, and can't block on bob's."""
    mine = make_board([{"id": "arcee", "card": "Arcee, Acrobatic Coupe", "controller": A}])
    assert mine.permanent("arcee").types == ("artifact", "creature")
    assert attack(mine, {"arcee": B}).legal
    theirs = make_board(
        [
            {"id": "arcee", "card": "Arcee, Acrobatic Coupe", "controller": B},
            {"id": "bears", "card": "Grizzly Bears", "controller": A},
        ],
        {"bears": B},
    )
    assert not theirs.permanent("arcee").is_creature
    assert not block(theirs, {"arcee": "bears"}).legal


def test_a_station_card_without_reminder_text_is_a_creature_at_its_last_threshold() -> None:
    """721.2b: Candela, Aegis of Adagia's Oracle text has no "It's an artifact creature at 8+";
    its power/toughness box is part of the 8+ symbol's ability."""
    at_8 = make_board([{"id": "c", "card": "Candela, Aegis of Adagia", "controller": A, "counters": {"charge": 8}}])
    at_7 = make_board([{"id": "c", "card": "Candela, Aegis of Adagia", "controller": A, "counters": {"charge": 7}}])
    assert at_8.permanent("c").is_creature and [a.kind for a in at_8.permanent("c").abilities] == ["flying"]
    assert not at_7.permanent("c").is_creature


def test_a_die_table_is_not_a_station_symbol() -> None:
    """706.2: Druid of the Emerald Grove's "20+ | ..." is a row of a d20 table, not 721.2."""
    assert compiled("Druid of the Emerald Grove").levels == ()


def _bearing_sentences(record: CardRecord, subtype: Callable[[str], str | None]) -> list[str]:
    """The sentences of a card's text that bear on legality, split here as a reader would: each
    line without reminder text, its station symbol (721.2) and ability word (207.2c) left out."""
    face = record.name.split(" // ")[0]
    names = {face, face.removeprefix("A-")}
    if "legendary" in record.supertypes:
        short = face.removeprefix("A-")
        names.add(re.split(r",| the | of ", short)[0])
        if short.split(" ")[0] != "The" and subtype(short.split(" ")[0]) is None:
            names.add(short.split(" ")[0])
    found = []
    for raw in record.text.split("\n"):
        line = re.sub(r"^\d+\+ \| ", "", selfify(strip_reminders(raw).strip(), names))
        line = (
            line
            if is_activated(line) or re.search(r"(?:^|— )(?:When|Whenever|At)\b", line)
            else otherwise(still_a_land(line))
        )
        for s in sentences(line):
            s = re.sub(
                r"^(?!Max speed\b|Solved\b|Exhaust\b|Boast\b|Forecast\b|Visit\b)[A-Z][\w' ,-]*? — (?=[A-Z$]|\{[^:]*: )",
                "",
                s,
            )
            if bears_on_legality(s):
                found.append(s)
    return found


def test_no_sentence_bearing_on_legality_is_dropped_anywhere_in_the_catalog() -> None:
    """Every sentence of every permanent card that matches the legality phrase list is compiled,
    warned or noted (never approximated, never dropped): a warned one is on the card's warnings."""
    catalog = bundled_catalog()
    dropped: list[tuple[str, str]] = []
    for record in catalog:
        if not record.is_permanent:
            continue
        c = catalog.compiled(record)
        read = [s for s, _ in c.readings]
        assert {outcome for _, outcome in c.readings} <= {"compiled", "warned", "noted"}
        warned = [s for s, outcome in c.readings if outcome == "warned"]
        assert len(c.all_warnings) >= len(warned), record.name
        for s in _bearing_sentences(record, catalog.compiler.nouns.subtype):
            if not any(s in r or r in s for r in read):
                dropped.append((record.name, s))
        if c.readings:
            assert c.relevant, record.name
    assert dropped == []


def _you_control(filter_: dict[str, Any]) -> dict[str, Any]:
    return {"players": [{"who": "you", "controls": {"filter": filter_, "at_least": 1}}]}


def test_board_state_conditions_are_read() -> None:
    """ "As long as you control an artifact, this creature gets +2/+0 and has flying" (Aerial
    Engineer), "can't block unless you control a Vampire" (Mindless Null), threshold (Frightcrawler)."""
    assert abilities("Aerial Engineer") == [{"kind": "flying", "condition": _you_control({"types": ["artifact"]})}]
    assert abilities("Mindless Null") == [{"kind": "cant_block", "unless": _you_control({"subtypes": ["Vampire"]})}]
    assert abilities("Frightcrawler")[1] == {
        "kind": "cant_block",
        "condition": {"players": [{"who": "you", "graveyard": {"ge": 7}}]},
    }


def test_a_board_state_condition_decides_a_block() -> None:
    """702.9b: Aerial Engineer has flying only while alice controls an artifact (Sol Ring)."""
    base = [
        {"id": "eng", "card": "Aerial Engineer", "controller": A},
        {"id": "bears", "card": "Grizzly Bears", "controller": B},
    ]
    ring = {"id": "ring", "card": "Sol Ring", "controller": A}
    assert not block(make_board([*base, ring], {"eng": B}), {"bears": "eng"}).legal
    assert block(make_board(base, {"eng": B}), {"bears": "eng"}).legal


def test_the_defending_players_permanents_decide_evasion() -> None:
    """509.1b: Scrapdiver Serpent can't be blocked as long as defending player controls an artifact."""
    base = [
        {"id": "serpent", "card": "Scrapdiver Serpent", "controller": A},
        {"id": "bears", "card": "Grizzly Bears", "controller": B},
    ]
    ring = {"id": "ring", "card": "Sol Ring", "controller": B}
    assert not block(make_board([*base, ring], {"serpent": B}), {"bears": "serpent"}).legal
    assert block(make_board(base, {"serpent": B}), {"bears": "serpent"}).legal


def test_the_sources_own_state_and_what_an_aura_enchants() -> None:
    """301.5c: Armed Assailant has menace as long as it's equipped; Favor of the Overbeing gives
    vigilance as long as enchanted creature is green; 506.5: Gutter Skulker can't be blocked as
    long as it's attacking alone."""
    assert abilities("Armed Assailant")[0] == {
        "kind": "menace",
        "condition": {"source": {"attached": {"filter": {"subtypes": ["Equipment"]}, "at_least": 1}}},
    }
    assert abilities("Favor of the Overbeing")[0] == {
        "kind": "grant",
        "to": {"ids": ["$attached"]},
        "ability": {"kind": "vigilance", "condition": {"source": {"colors": ["green"]}}},
    }
    assert abilities("Gutter Skulker") == [
        {"kind": "cant_be_blocked", "condition": {"source": {"attacking_alone": True}}}
    ]


def test_an_it_after_a_sentence_about_the_enchanted_creature_names_that_creature() -> None:
    """Gutter Shortcut: "Enchanted creature gets +3/+0. It can't be blocked as long as it's
    attacking alone": Oracle text names an Aura itself "this Aura", so "It" after a sentence about
    the enchanted creature is that creature (506.5: attacking alone)."""
    c = compiled("A-Gutter Shortcut")
    granted = {"kind": "cant_be_blocked", "condition": {"source": {"attacking_alone": True}}}
    assert c.abilities == ({"kind": "grant", "to": {"ids": ["$attached"]}, "ability": granted},)
    assert not c.warnings


def test_a_subject_with_a_counter_on_it() -> None:
    """122.1: Abzan Falconer: "Each creature you control with a +1/+1 counter on it has flying"."""
    assert abilities("Abzan Falconer") == [
        {"kind": "grant", "to": {"counters": {"+1/+1": {"ge": 1}}, "controller": "you"}, "ability": {"kind": "flying"}}
    ]


def test_an_alchemy_card_names_itself_without_its_prefix() -> None:
    """A-Gutter Skulker's text says "Gutter Skulker can't be blocked as long as it's attacking alone"."""
    assert abilities("A-Gutter Skulker") == [
        {"kind": "cant_be_blocked", "condition": {"source": {"attacking_alone": True}}}
    ]


def test_as_long_as_enchanted_permanent_is_a_creature() -> None:
    """Rune of Speed: "As long as enchanted permanent is a creature, it gets +1/+0 and has haste";
    its Equipment sentence grants a quoted static ability: a warning."""
    c = compiled("Rune of Speed")
    assert list(c.abilities) == [
        {
            "kind": "grant",
            "to": {"ids": ["$attached"]},
            "ability": {"kind": "haste", "condition": {"source": {"types": ["creature"]}}},
        }
    ]
    assert len(c.warnings) == 1
