"""The compiler's subjects, lists and conditions on real cards (issue #25): "Skeletons and Zombies
you control", "creatures you control with +1/+1 counters on them", "another Wolf or Werewolf",
"snow swampwalk", and the text that only looks like legality text (a spell's cost, deck building)."""

from __future__ import annotations

from typing import Any

import pytest
from asserts import A, B, block, make_board

from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.compiled import Compiled
from combat_solver.cards.phrases import Nouns, bears_on_legality


def compiled(name: str) -> Compiled:
    catalog = bundled_catalog()
    return catalog.compiler.compile(catalog.get(name))


def abilities(name: str) -> list[dict[str, Any]]:
    c = compiled(name)
    assert c.warnings == (), c.warnings
    return list(c.abilities)


@pytest.mark.parametrize(
    "sentence",
    [
        "Creature spells you cast with banding cost {2} less to cast.",  # Chatzuk, Mighty Guitarist
        "The first non-Lemur creature spell with flying you cast during each of your turns costs {1} less to cast.",
        "$self can't be your Commander unless your deck is 100 cards and originally built out of no more than "
        "36 booster packs, plus basic lands.",  # The Beleaguered Boxer (903.3: deck construction)
        "You can cast spells only during your turn and you can cast no more than two spells each turn.",
        "Activate no more than twice each turn.",
        "When $self enters, search your library for a creature card with deathtouch, hexproof, reach, or trample.",
        "Whenever $self deals combat damage to a player or planeswalker, planeswalk.",  # 901.8: planar die
    ],
)
def test_text_about_spells_cards_decks_or_planes_does_not_bear_on_legality(sentence: str) -> None:
    """508.1, 509.1 read the creatures on the battlefield: a keyword that selects spells or cards,
    a deck-building or activation limit, and planeswalking (901.8) decide no declaration."""
    assert not bears_on_legality(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "No more than two creatures can attack each combat.",  # 506.5-style limits (Silent Arbiter)
        "No more than one creature can block each combat.",
        "Creature spells you cast have riot.",
        "Creature spells you cast with banding have flying.",
        "Planeswalkerwalk",
        "Creatures with flying can't block.",
    ],
)
def test_legality_text_next_to_such_words_still_bears_on_legality(sentence: str) -> None:
    """The narrowing removes only the selection: what else the sentence says is still read."""
    assert bears_on_legality(sentence)


def test_snow_swampwalk_names_a_snow_swamp() -> None:
    """702.14a: landwalk of "any combination of land types, card types, and/or supertypes" (Legions
    of Lim-Dûl's snow swampwalk): unblockable only while the defending player controls a snow Swamp."""
    assert abilities("Legions of Lim-Dûl") == [
        {"kind": "landwalk", "land": {"subtypes": ["Swamp"], "supertypes": ["snow"]}}
    ]
    legions = {"id": "legions", "card": "Legions of Lim-Dûl", "controller": A}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": B}
    plain = [legions, bears, {"id": "swamp", "card": "Swamp", "controller": B}]
    snowy = [legions, bears, {"id": "swamp", "card": "Snow-Covered Swamp", "controller": B}]
    assert block(make_board(plain, attackers={"legions": B}), {"bears": "legions"}).legal
    assert not block(make_board(snowy, attackers={"legions": B}), {"bears": "legions"}).legal


def test_a_subject_with_counters_on_them() -> None:
    """122.1: "Creatures you control with +1/+1 counters on them have reach" (Sphere Grid), "with
    counters on them" (any kind: Tesak), "with three or more +1/+1 counters on them" (Runadi)."""
    assert abilities("Sphere Grid") == [
        {"kind": "grant", "to": {"controller": "you", "counters": {"+1/+1": {"ge": 1}}}, "ability": {"kind": "reach"}}
    ]
    assert abilities("Kulrath Knight")[1:] == [
        {"kind": "grant", "to": {"controller": "opponent", "counters": {"any": {"ge": 1}}}, "ability": {"kind": k}}
        for k in ("cant_attack", "cant_block")
    ]
    runadi = abilities("Runadi, Behemoth Caller")[0]
    assert runadi["to"] == {"controller": "you", "counters": {"+1/+1": {"ge": 3}}}


def test_a_counter_count_is_not_a_kind_of_counter() -> None:
    """ "with two counters on it" (exactly two) and "with no counters" are no "one or more" test."""
    nouns = Nouns(frozenset({"Wolf"}))
    assert nouns.creatures("creatures with no counters on them") is None
    assert nouns.creatures("creature with two counters on it") is None


def test_herald_of_secret_streams_makes_a_creature_with_a_counter_unblockable() -> None:
    """509.1b: Herald of Secret Streams' grant reaches the Bears only with a +1/+1 counter."""

    def board(counters: dict[str, int]) -> Any:
        return make_board(
            [
                {"id": "herald", "card": "Herald of Secret Streams", "controller": A},
                {"id": "bears", "card": "Grizzly Bears", "controller": A, "counters": counters},
                {"id": "wall", "card": "Wall of Wood", "controller": B},
            ],
            attackers={"bears": B},
        )

    assert block(board({}), {"wall": "bears"}).legal
    assert not block(board({"+1/+1": 1}), {"wall": "bears"}).legal


def test_lists_of_subtypes_are_any_of_them() -> None:
    """205.3: "Skeletons and Zombies you control" (Gisa), "Goblins you control and Elementals you
    control" (Caterwauling Boggart), "Other Orcs and Goblins" (Warg Rider), "another Wolf or
    Werewolf" (Howlpack Wolf) name creatures with any of the subtypes."""
    assert abilities("Gisa, the Hellraiser") == [
        {
            "kind": "grant",
            "to": {"subtypes": ["Skeleton", "Zombie"], "controller": "you"},
            "ability": {"kind": "menace"},
        }
    ]
    assert abilities("Caterwauling Boggart")[0]["to"] == {"subtypes": ["Goblin", "Elemental"], "controller": "you"}
    assert abilities("Warg Rider")[1]["to"] == {
        "subtypes": ["Orc", "Goblin"],
        "controller": "you",
        "not": {"ids": ["$self"]},
    }
    wolf = {"filter": {"subtypes": ["Wolf", "Werewolf"], "not": {"ids": ["$self"]}}, "at_least": 1}
    assert abilities("Howlpack Wolf") == [
        {"kind": "cant_block", "unless": {"players": [{"who": "you", "controls": wolf}]}}
    ]


def test_howlpack_wolf_blocks_only_beside_another_wolf_or_werewolf() -> None:
    """509.1a: Howlpack Wolf can't block unless bob controls another Wolf or Werewolf (itself
    doesn't count)."""
    base = [
        {"id": "bears", "card": "Grizzly Bears", "controller": A},
        {"id": "howl", "card": "Howlpack Wolf", "controller": B},
    ]
    alone = make_board(base, attackers={"bears": B})
    assert not block(alone, {"howl": "bears"}).legal
    werewolf = {"id": "ww", "card": "Village Ironsmith", "controller": B}
    assert block(make_board([*base, werewolf], attackers={"bears": B}), {"howl": "bears"}).legal


def test_a_plural_names_the_real_subtype() -> None:
    """ "Elves" is Elf's plural (205.3m) even with an Un-card's "Elves" subtype in the catalog;
    the reading doesn't depend on the order of a set."""
    for order in (("Elves", "Elf", "Warrior"), ("Elf", "Warrior", "Elves")):
        nouns = Nouns(frozenset(order))
        assert nouns.creatures("Elves and Warriors") == {"subtypes": ["Elf", "Warrior"]}
