"""Real cards, by name, whose combat text reads the cards in a graveyard by kind (404.1; 110.4a
"permanent cards"; 205.3 subtypes; 702.73a a changeling card is every creature type there too)
or what the turn has seen (damage dealt to a player, 120.3; permanents sacrificed, 701.21a;
artifacts and nonland permanents that entered under a player's control; historic spells, 700.6;
crimes, 700.13). The listed graveyard is the whole graveyard (``exceeds_total`` when the numbers
say otherwise) and is needed whenever a condition counts its cards by kind (``missing``)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog

PERMANENT_CARDS = ["Grizzly Bears", "Ornithopter", "Forest", "Llanowar Elves"]
SPELL_CARDS = ["Lightning Bolt", "Shock", "Introduction to Annihilation"]


def _board(
    card: str,
    alice: dict[str, Any],
    *,
    sick: bool = False,
    blocker: str | None = None,
    bob: dict[str, Any] | None = None,
) -> Board:
    permanents: list[dict[str, Any]] = [{"id": "a0", "card": card, "controller": "alice", "summoning_sick": sick}]
    data: dict[str, Any] = {
        "players": [{"id": "alice", **alice}, {"id": "bob", **(bob or {})}],
        "active_player": "alice",
        "permanents": permanents,
    }
    if blocker is not None:
        permanents.append({"id": "b0", "card": blocker, "controller": "bob"})
        data["combat"] = {"attackers": {"a0": "bob"}}
    board = Board.model_validate(data, context={"catalog": bundled_catalog()})
    assert not board.card_warnings, board.card_warnings
    return board


def _attacks(card: str, alice: dict[str, Any], *, sick: bool = False, bob: dict[str, Any] | None = None) -> bool:
    return check_attacks(_board(card, alice, sick=sick, bob=bob), AttackDeclaration(attacks={"a0": "bob"})).legal


def _blockable(card: str, alice: dict[str, Any], blocker: str = "Grizzly Bears") -> bool:
    board = _board(card, alice, blocker=blocker)
    return check_blocks(board, BlockDeclaration(blocks={"b0": ("a0",)})).legal


def _graveyard(*cards: Any) -> dict[str, Any]:
    return {"graveyard_cards": list(cards)}


def test_702_111b_gray_slaad_has_menace_with_four_creature_cards_in_your_graveyard() -> None:
    """ "As long as there are four or more creature cards in your graveyard, this creature has
    menace": Ornithopter is an artifact creature card, Forest isn't a creature card."""
    assert _blockable("Gray Slaad", _graveyard("Grizzly Bears", "Ornithopter", "Llanowar Elves", "Forest"))
    four = _graveyard("Grizzly Bears", "Ornithopter", "Llanowar Elves", "Gray Slaad")
    assert not _blockable("Gray Slaad", four)


def test_110_4a_the_ancient_one_counts_permanent_cards_once_each() -> None:
    """ "can't attack or block unless there are eight or more permanent cards in your graveyard"
    (110.4a: artifact, battle, creature, enchantment, land or planeswalker cards): an artifact
    creature card is one permanent card; instants and sorceries aren't permanent cards."""
    seven = [*PERMANENT_CARDS, "Memnite", "Elite Vanguard", "Raging Goblin"]
    assert not _attacks("The Ancient One", _graveyard(*seven, *SPELL_CARDS))
    assert _attacks("The Ancient One", _graveyard(*seven, {"types": ["enchantment"]}))


def test_509_1b_didact_echo_flies_with_four_permanent_cards() -> None:
    assert _blockable("Didact Echo", _graveyard(*PERMANENT_CARDS[:3], *SPELL_CARDS))
    assert not _blockable("Didact Echo", _graveyard(*PERMANENT_CARDS))
    assert _blockable("Didact Echo", _graveyard(*PERMANENT_CARDS), blocker="Giant Spider")


def test_302_6_ghitu_lavarunner_has_haste_with_two_instant_and_or_sorcery_cards() -> None:
    assert not _attacks("Ghitu Lavarunner", _graveyard("Lightning Bolt", "Grizzly Bears"), sick=True)
    assert _attacks("Ghitu Lavarunner", _graveyard("Lightning Bolt", "Introduction to Annihilation"), sick=True)


def test_509_1b_windwright_mage_flies_while_an_artifact_card_is_in_your_graveyard() -> None:
    assert _blockable("Windwright Mage", _graveyard("Grizzly Bears"))
    assert not _blockable("Windwright Mage", _graveyard("Ornithopter"))


def test_702_3b_platypus_bear_attacks_with_a_lesson_card_in_your_graveyard() -> None:
    """ "As long as there is a Lesson card in your graveyard, this creature can attack as though
    it didn't have defender" (205.3k: Lesson is a sorcery subtype)."""
    assert not _attacks("Platypus-Bear", _graveyard("Lightning Bolt"))
    assert _attacks("Platypus-Bear", _graveyard("Introduction to Annihilation"))


def test_508_1c_the_lion_turtle_needs_three_lesson_cards() -> None:
    lessons = ["Introduction to Annihilation", "Environmental Sciences", "Expanded Anatomy"]
    assert not _attacks("The Lion-Turtle", _graveyard(*lessons[:2], "Lightning Bolt"))
    assert _attacks("The Lion-Turtle", _graveyard(*lessons))


def test_702_73a_a_changeling_card_in_a_graveyard_is_a_warrior_card() -> None:
    """Vengeful Firebrand "has haste as long as a Warrior card is in your graveyard": changeling
    works in every zone (702.73a, 604.3), so Changeling Outcast is a Warrior card there."""
    assert not _attacks("Vengeful Firebrand", _graveyard("Grizzly Bears"), sick=True)
    assert _attacks("Vengeful Firebrand", _graveyard("Changeling Outcast"), sick=True)
    assert _attacks("Vengeful Firebrand", _graveyard({"types": ["creature"], "subtypes": ["Warrior"]}), sick=True)


def test_404_1_an_opponents_graveyard_doesnt_count_as_yours() -> None:
    assert _blockable("Windwright Mage", {}, blocker="Grizzly Bears")
    board = _board("Windwright Mage", {}, blocker="Grizzly Bears", bob=_graveyard("Ornithopter"))
    assert check_blocks(board, BlockDeclaration(blocks={"b0": ("a0",)})).legal


def test_the_listed_cards_give_graveyard_and_graveyard_types() -> None:
    board = _board("Grizzly Bears", _graveyard("Ornithopter", "Lightning Bolt"))
    alice = board.players[0]
    assert (alice.graveyard, alice.graveyard_types) == (2, ("artifact", "creature", "instant"))


@pytest.mark.parametrize(
    ("alice", "field"),
    [
        ({"graveyard": 3, **_graveyard("Ornithopter")}, "graveyard_cards"),
        ({"graveyard": 0, **_graveyard("Ornithopter")}, "graveyard_cards"),
        ({"graveyard_types": ["creature"], **_graveyard("Ornithopter")}, "graveyard_types"),
        ({"permanents_sacrificed_this_turn": 1, "artifacts_sacrificed_this_turn": 2}, "artifacts_sacrificed_this_turn"),
        ({"spells_cast_this_turn": 1, "historic_spells_cast_this_turn": 2}, "historic_spells_cast_this_turn"),
    ],
)
def test_listed_cards_and_counts_among_others_agree_with_their_totals(alice: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationError) as refused:
        _board("Grizzly Bears", alice)
    assert [(e["loc"], e["type"]) for e in refused.value.errors()] == [(("players", 0, field), "exceeds_total")]


def test_a_graveyard_counted_by_kind_must_be_listed() -> None:
    """Gray Slaad reads the kinds of cards in a graveyard: seven unlisted cards leave that
    unknown, so the board is refused rather than guessed at."""
    with pytest.raises(ValidationError) as refused:
        _board("Gray Slaad", {"graveyard": 7})
    assert [(e["loc"], e["type"]) for e in refused.value.errors()] == [(("players", 0, "graveyard_cards"), "missing")]
    assert _board("Grizzly Bears", {"graveyard": 7}).players[0].graveyard == 7  # no card reads their kinds
    assert _blockable("Gray Slaad", {})  # an empty graveyard is known


@pytest.mark.parametrize(
    ("card", "rule"),
    [("Fire // Ice", "709.4"), ("Insectile Aberration", "712.8a"), ("No Such Card Anywhere", "catalog")],
)
def test_709_4_712_8a_a_card_named_in_a_graveyard_has_the_characteristics_it_has_there(card: str, rule: str) -> None:
    with pytest.raises(ValidationError) as refused:
        _board("Grizzly Bears", _graveyard(card))
    (error,) = refused.value.errors()
    assert error["loc"] == ("players", 0, "graveyard_cards", 0, "card")
    assert rule in error["msg"]


def test_715_4_an_adventurer_card_in_a_graveyard_is_its_creature() -> None:
    board = _board("Grizzly Bears", _graveyard("Bonecrusher Giant"))
    assert board.players[0].graveyard_types == ("creature",)


def test_508_1c_bloodcrazed_goblin_attacks_once_an_opponent_was_dealt_damage() -> None:
    """ "can't attack unless an opponent has been dealt damage this turn" (120.3): damage dealt
    to its controller, or by its controller's sources, doesn't do."""
    assert not _attacks("Bloodcrazed Goblin", {"damage_taken_this_turn": 3, "damage_dealt_this_turn": 2})
    assert _attacks("Bloodcrazed Goblin", {}, bob={"damage_taken_this_turn": 1})


@pytest.mark.parametrize(
    ("card", "facts", "short"),
    [
        ("Furtive Courier", {"permanents_sacrificed_this_turn": 1, "artifacts_sacrificed_this_turn": 1},
         {"permanents_sacrificed_this_turn": 1}),
        ("Fugitive Droid", {"artifacts_entered_this_turn": 1}, {"nonland_permanents_entered_this_turn": 2}),
        ("Nimble Brigand", {"crimes_committed_this_turn": 1}, {"damage_dealt_this_turn": 1}),
        ("Relic Runner", {"spells_cast_this_turn": 1, "historic_spells_cast_this_turn": 1},
         {"spells_cast_this_turn": 1}),
    ],
)  # fmt: skip
def test_509_1b_cant_be_blocked_after_an_event_this_turn(
    card: str, facts: dict[str, Any], short: dict[str, Any]
) -> None:
    """Furtive Courier (701.21a: an artifact sacrificed), Fugitive Droid (an artifact entered
    under your control), Nimble Brigand (700.13: a crime), Relic Runner (700.6: a historic spell)."""
    assert not _blockable(card, facts)
    assert _blockable(card, short)


def test_702_111b_goblin_blast_runner_has_menace_after_a_sacrifice() -> None:
    assert _blockable("Goblin Blast-Runner", {})
    assert not _blockable("Goblin Blast-Runner", {"permanents_sacrificed_this_turn": 1})


def test_702_3b_shipwreck_sentry_attacks_after_an_artifact_entered() -> None:
    assert not _attacks("Shipwreck Sentry", {"nonland_permanents_entered_this_turn": 1})
    assert _attacks("Shipwreck Sentry", {"artifacts_entered_this_turn": 1})


def _attack_board(card: str, facts: dict[str, Any], **board: Any) -> Board:
    data: dict[str, Any] = {
        "players": [{"id": "alice"}, {"id": "bob"}],
        "active_player": "alice",
        "permanents": [{"id": "a0", "card": card, "controller": "alice", **facts}],
        **board,
    }
    found = Board.model_validate(data, context={"catalog": bundled_catalog()})
    assert not found.card_warnings, found.card_warnings
    return found


def test_508_1c_giant_turtle_cant_attack_if_it_attacked_during_your_last_turn() -> None:
    attack = AttackDeclaration(attacks={"a0": "bob"})
    assert not check_attacks(_attack_board("Giant Turtle", {"attacked_last_turn": True}), attack).legal
    assert check_attacks(_attack_board("Giant Turtle", {}), attack).legal


def test_508_1c_halls_of_mist_stops_creatures_that_attacked_during_their_controllers_last_turn() -> None:
    def legal(attacked: bool) -> bool:
        bears = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "attacked_last_turn": attacked}
        board = _attack_board("Halls of Mist", {"controller": "bob"}, permanents=[
            {"id": "a0", "card": "Halls of Mist", "controller": "bob"}, bears])  # fmt: skip
        return check_attacks(board, AttackDeclaration(attacks={"bears": "bob"})).legal

    assert not legal(True)
    assert legal(False)


def test_500_7_medomai_the_ageless_cant_attack_during_extra_turns() -> None:
    attack = AttackDeclaration(attacks={"a0": "bob"})
    assert not check_attacks(_attack_board("Medomai the Ageless", {}, extra_turn=True), attack).legal
    assert check_attacks(_attack_board("Medomai the Ageless", {}), attack).legal


def _judgment_board(graveyard: list[str], lands: list[str]) -> Board:
    permanents = [
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "wall", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "swamp", "card": "Swamp", "controller": "bob"},
        *({"id": f"land{i}", "card": land, "controller": "alice"} for i, land in enumerate(lands)),
    ]
    data = {
        "players": [{"id": "alice", "graveyard_cards": graveyard}, {"id": "bob"}],
        "active_player": "alice",
        "permanents": permanents,
        "combat": {"attackers": {"bears": "bob"}},
    }
    return Board.model_validate(data, context={"catalog": bundled_catalog()})


@pytest.mark.parametrize(
    ("graveyard", "lands", "blockable"),
    [
        (["Wonder"], ["Island"], False),  # "... and you control an Island, creatures you control have flying"
        (["Wonder"], ["Forest"], True),
        (["Filth"], ["Swamp"], False),  # swampwalk: bob controls a Swamp (702.14c)
        (["Filth"], [], True),
        (["Grizzly Bears"], ["Island"], True),
    ],
)
def test_113_6b_wonder_and_filth_work_from_their_owners_graveyard(
    graveyard: list[str], lands: list[str], blockable: bool
) -> None:
    """113.6b: "As long as this card is in your graveyard and you control an Island, creatures you
    control have flying": the card in alice's `graveyard_cards` gives the effect, nothing on the
    battlefield does."""
    board = _judgment_board(graveyard, lands)
    assert check_blocks(board, BlockDeclaration(blocks={"wall": ("bears",)})).legal is blockable


def test_702_136a_riot_given_by_rhythm_of_the_wild_is_each_creatures_choice() -> None:
    """Rhythm of the Wild: "Nontoken creatures you control have riot": nothing on the Rhythm, each
    creature's choice is its own `chosen.riot` (702.136a): haste lets a summoning-sick one attack."""
    catalog = bundled_catalog()
    assert catalog.compiled(catalog.get("Rhythm of the Wild")).warnings == ()
    for riot, legal in (("haste", True), ("counter", False)):
        permanents = [
            {"id": "rhythm", "card": "Rhythm of the Wild", "controller": "alice"},
            {
                "id": "a0",
                "card": "Grizzly Bears",
                "controller": "alice",
                "summoning_sick": True,
                "chosen": {"riot": riot},
            },
        ]
        data = {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents}
        board = Board.model_validate(data, context={"catalog": catalog})
        assert check_attacks(board, AttackDeclaration(attacks={"a0": "bob"})).legal is legal
