"""Earlier choices (607.2d: "the chosen [value]" refers only to the choice the permanent's own
ability made as it entered, 614.12a) and riot (702.136a): the board's ``chosen``, the word
``chosen`` in abilities, the compiler's wordings, and a choice missing from the board (a
warning naming the permanent and the field, never a guess)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from asserts import A, B, C, K, assert_illegal, assert_legal, attack, block, creature, make_board
from pydantic import ValidationError

from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cli import main


def _card(pid: str, name: str, controller: str = A, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **fields}


def _errors(permanents: list[dict[str, Any]], **options: Any) -> list[tuple[tuple[Any, ...], str]]:
    with pytest.raises(ValidationError) as caught:
        make_board(permanents, **options)
    return [(tuple(e["loc"]), e["type"]) for e in caught.value.errors()]


# ----------------------------------------------------------------------------- the board field


def test_an_unknown_creature_type_is_an_error_naming_the_field() -> None:
    """205.3m: a creature type is one of the list."""
    assert _errors([creature("x", "X", A, chosen={"creature_type": "Elff"})]) == [
        (("permanents", 0, "chosen", "creature_type"), "unknown_creature_type")
    ]


def test_an_unknown_color_is_an_error_naming_the_field() -> None:
    """105.4: a color chosen is one of the five colors."""
    assert _errors([creature("x", "X", A, chosen={"color": "colorless"})]) == [
        (("permanents", 0, "chosen", "color"), "literal_error")
    ]


def test_an_unknown_chosen_player_is_an_error_naming_the_field() -> None:
    assert _errors([creature("x", "X", A, chosen={"player": "zed"})]) == [
        (("permanents", 0, "chosen", "player"), "unknown_id")
    ]


def test_a_hand_written_chosen_without_the_choice_is_an_error_naming_the_field() -> None:
    """607.2d: "the chosen color" needs the permanent's own choice."""
    ability = K("protection", **{"from": {"colors": ["chosen"]}})
    assert _errors([creature("x", "X", A, 2, 2, ability)]) == [(("permanents", 0, "chosen", "color"), "missing")]


def test_an_effect_has_no_choice_to_read() -> None:
    """607.2d: only a permanent's own ability made a choice; an effect writes the value itself."""
    effect = {"source": "spell", "controller": A, "to": {"subtypes": ["chosen"]}, "ability": K("flying")}
    assert _errors([creature("x", "X", A)], effects=[effect]) == [(("effects", 0), "not_applicable")]


def test_hand_written_chosen_reads_the_permanents_own_choice() -> None:
    """607.2d, 702.16f: two permanents, two choices: each protection reads its own."""
    red = creature("red", "Red", A, 2, 2, K("protection", **{"from": {"colors": ["chosen"]}}), chosen={"color": "red"})
    blue = creature(
        "blue", "Blue", A, 2, 2, K("protection", **{"from": {"colors": ["chosen"]}}), chosen={"color": "blue"}
    )
    board = make_board([red, blue, _card("dragon", "Shivan Dragon", B)], {"red": B, "blue": B})
    assert_illegal(block(board, {"dragon": "red"}), "702.16f", "protection")
    assert_legal(block(board, {"dragon": "blue"}))


# ----------------------------------------------------------------------------- cards


def test_voice_of_all_has_protection_from_the_chosen_color() -> None:
    """607.2d, 702.16f: "As this creature enters, choose a color." + "This creature has protection
    from the chosen color.": a red creature can't block it, a white one can."""
    voice = _card("voice", "Voice of All", chosen={"color": "red"})
    board = make_board([voice, _card("dragon", "Shivan Dragon", B), _card("angel", "Serra Angel", B)], {"voice": B})
    assert board.card_warnings == ()
    assert_illegal(block(board, {"dragon": "voice"}), "702.16f", "protection")
    assert_legal(block(board, {"angel": "voice"}))


def test_an_auras_chosen_color_protects_the_enchanted_creature() -> None:
    """607.2d: the Aura chose; 702.16f: "Enchanted creature has protection from the chosen color"."""
    board = make_board(
        [
            _card("bears", "Grizzly Bears"),
            _card("blessing", "Benevolent Blessing", attached_to="bears", chosen={"color": "black"}),
            _card("imp", "Dusk Imp", B),
            _card("goblin", "Goblin Piker", B),
        ],
        {"bears": B},
    )
    assert_illegal(block(board, {"imp": "bears"}), "702.16f", "protection")
    assert_legal(block(board, {"goblin": "bears"}))


def test_creatures_of_the_chosen_type_have_fear() -> None:
    """Cover of Darkness (607.2d, 702.36b): Elves have fear; a green Bear can't block the Elf."""
    board = make_board(
        [
            _card("cover", "Cover of Darkness", chosen={"creature_type": "Elf"}),
            _card("elves", "Llanowar Elves"),
            _card("goblin", "Goblin Piker"),
            _card("bears", "Grizzly Bears", B),
        ],
        {"elves": B, "goblin": B},
    )
    assert_illegal(block(board, {"bears": "elves"}), "702.36b", "fear")
    assert_legal(block(board, {"bears": "goblin"}))


def test_teferis_moat_stops_creatures_of_the_chosen_color_without_flying() -> None:
    """Teferi's Moat (607.2d, 508.1c): red creatures without flying can't attack its controller."""
    board = make_board(
        [
            _card("moat", "Teferi's Moat", B, chosen={"color": "red"}),
            _card("goblin", "Raging Goblin"),
            _card("bears", "Grizzly Bears"),
            _card("dragon", "Shivan Dragon"),
        ]
    )
    assert_illegal(attack(board, {"goblin": B}), "508.1c", "cant_attack")
    assert_legal(attack(board, {"bears": B, "dragon": B}))


def test_true_name_nemesis_has_protection_from_the_chosen_player() -> None:
    """702.16k: "protection from [a player]": creatures that player controls can't block it."""
    board = make_board(
        [
            _card("nemesis", "True-Name Nemesis", chosen={"player": B}),
            _card("bob_bears", "Grizzly Bears", B),
            _card("carol_bears", "Grizzly Bears", C),
        ],
        {"nemesis": B},
        players=(A, B, C),
    )
    assert_illegal(block(board, {"bob_bears": "nemesis"}), "702.16f", "protection")
    nemesis_at_carol = make_board(
        [_card("nemesis", "True-Name Nemesis", chosen={"player": B}), _card("carol_bears", "Grizzly Bears", C)],
        {"nemesis": C},
        players=(A, B, C),
    )
    assert_legal(block(nemesis_at_carol, {"carol_bears": "nemesis"}))


def test_riders_of_gavony_protect_humans_from_creatures_of_the_chosen_type() -> None:
    """Riders of Gavony (607.2d, 702.16f): Humans you control have protection from Goblins."""
    board = make_board(
        [
            _card("riders", "Riders of Gavony", chosen={"creature_type": "Goblin"}),
            _card("vanguard", "Elite Vanguard"),
            _card("goblin", "Goblin Piker", B),
            _card("bears", "Grizzly Bears", B),
        ],
        {"vanguard": B},
    )
    assert_illegal(block(board, {"goblin": "vanguard"}), "702.16f", "protection")
    assert_legal(block(board, {"bears": "vanguard"}))


def test_alloy_golem_is_the_chosen_color() -> None:
    """607.2d, 105.3: "This creature is the chosen color": a red Golem can't block a creature with
    protection from red (702.16f), a green one can."""
    warded = creature("knight", "Knight", A, 2, 2, K("protection", **{"from": {"colors": ["red"]}}))
    for color, legal in (("red", False), ("green", True)):
        board = make_board([warded, _card("golem", "Alloy Golem", B, chosen={"color": color})], {"knight": B})
        assert block(board, {"golem": "knight"}).legal is legal


def test_painters_servant_adds_the_chosen_color_to_every_permanent() -> None:
    """Painter's Servant (607.2d, 105.3): "... and permanents are the chosen color in addition to
    their other colors": a colorless Myr chosen blue can't block a creature with protection from
    blue (702.16f); without the Servant it can."""
    warded = creature("knight", "Knight", A, 2, 2, K("protection", **{"from": {"colors": ["blue"]}}))
    myr = _card("myr", "Alpha Myr", B)
    servant = _card("servant", "Painter's Servant", B, chosen={"color": "blue"})
    assert_illegal(block(make_board([warded, myr, servant], {"knight": B}), {"myr": "knight"}), "702.16f", "protection")
    assert_legal(block(make_board([warded, myr], {"knight": B}), {"myr": "knight"}))


def test_shifting_sky_makes_every_nonland_permanent_the_chosen_color() -> None:
    """Shifting Sky (607.2d, 105.3): with black chosen, a green Bear may block a creature with fear
    (702.36b); with white chosen it can't."""
    dread = creature("dread", "Dread", A, 2, 2, K("fear"))
    for color, legal in (("black", True), ("white", False)):
        sky = _card("sky", "Shifting Sky", B, chosen={"color": color})
        board = make_board([dread, sky, _card("bears", "Grizzly Bears", B)], {"dread": B})
        assert block(board, {"bears": "dread"}).legal is legal


def test_sanctuary_blades_last_chosen_color_is_the_one_chosen_as_it_became_attached() -> None:
    """Sanctuary Blade: "As this Equipment becomes attached to a creature, choose a color" and
    "protection from the last chosen color" are linked (607.2d): the board's `chosen` is that choice."""
    board = make_board(
        [
            _card("bears", "Grizzly Bears"),
            _card("blade", "Sanctuary Blade", attached_to="bears", chosen={"color": "red"}),
            _card("goblin", "Goblin Piker", B),
            _card("elves", "Llanowar Elves", B),
        ],
        {"bears": B},
    )
    assert_illegal(block(board, {"goblin": "bears"}), "702.16f", "protection")
    assert_legal(block(board, {"elves": "bears"}))


def test_a_missing_choice_is_a_warning_naming_the_permanent_and_the_field_never_a_guess() -> None:
    """607.2d: without its choice on the board Voice of All's protection isn't applied (a red
    creature may block it) and the verdict says which field to fill in."""
    board = make_board(
        [_card("voice", "Voice of All"), _card("dragon", "Shivan Dragon", B)],
        {"voice": B},
    )
    verdict = assert_legal(block(board, {"dragon": "voice"}))
    assert verdict.warnings == (
        "Voice of All (voice): the chosen color isn't on the board: give it as `chosen: {color: ...}`",
    )


def test_riot_haste_lets_a_summoning_sick_creature_attack() -> None:
    """702.136a: riot gives haste if no +1/+1 counter was chosen; 302.6: without haste a
    creature that came under its controller's control this turn can't attack."""
    haste = make_board([_card("slasher", "Arcbound Slasher", summoning_sick=True, chosen={"riot": "haste"})])
    assert haste.card_warnings == ()
    assert_legal(attack(haste, {"slasher": B}))
    counter = make_board(
        [_card("slasher", "Arcbound Slasher", summoning_sick=True, chosen={"riot": "counter"}, counters={"+1/+1": 5})]
    )
    assert counter.permanent("slasher").power == 5  # a 0/0 with modular 4 and riot's counter
    assert_illegal(attack(counter, {"slasher": B}), "302.6", "summoning_sick")


def test_riot_without_its_choice_warns_naming_the_field() -> None:
    """702.136a: the counter or haste is chosen as it enters; the board must say which."""
    board = make_board([_card("wurm", "Ravager Wurm", summoning_sick=True)])
    assert board.card_warnings == (
        "Ravager Wurm (wurm): riot's choice (702.136a) isn't on the board: give it as `chosen: {riot: ...}` "
        "(haste, or counter with the +1/+1 counter in `counters`)",
    )
    assert_illegal(attack(board, {"wurm": B}), "302.6", "summoning_sick")


# ----------------------------------------------------------------------------- the compiler


@pytest.mark.parametrize(
    ("card", "abilities", "choices"),
    [
        ("Order of the Stars", [K("defender"), K("protection", **{"from": {"colors": ["chosen"]}})], ("color",)),
        (
            "Ward Sliver",
            [K("grant", to={"subtypes": ["Sliver"]}, ability=K("protection", **{"from": {"colors": ["chosen"]}}))],
            ("color",),
        ),
        ("Cover of Darkness", [K("grant", to={"subtypes": ["chosen"]}, ability=K("fear"))], ("creature_type",)),
        ("True-Name Nemesis", [K("protection", **{"from": {"controller": "chosen"}})], ("player",)),
        ("Arcbound Slasher", [], ("riot",)),
        ("Alloy Golem", [K("type_change", colors=["chosen"])], ("color",)),
        ("Shifting Sky", [K("type_change", colors=["chosen"], to={"not": {"types": ["land"]}})], ("color",)),
        ("Painter's Servant", [K("type_change", add_colors=["chosen"], to={})], ("color",)),
    ],
)
def test_the_compiler_reads_a_choice_and_the_chosen_value(
    card: str, abilities: list[dict[str, Any]], choices: tuple[str, ...]
) -> None:
    """607.2d: "As this [permanent] enters, choose a color / creature type / player" with "the
    chosen color", "of the chosen type", "the chosen player"; 702.136a riot."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get(card))
    assert (list(compiled.abilities), compiled.warnings, compiled.choices) == (abilities, (), choices)


@pytest.mark.parametrize(
    "card",
    [
        "Realmwright",  # "Lands you control are the chosen type": a basic land type
        "Camato Scout",  # a basic land type chosen at random: not a creature type
        "Traveler's Cloak",  # a land type
        "Tyrannical Pitlord",  # a chosen creature
        "Faceless One",  # a color chosen before the game only if it is a commander
    ],
)
def test_what_the_choices_dont_state_stays_warned(card: str) -> None:
    """607.2d: "the chosen ..." is read only with its own choice of a color, creature type or player."""
    catalog = bundled_catalog()
    assert catalog.compiled(catalog.get(card)).warnings


def test_a_chosen_parity_reads_odd_or_even_mana_values() -> None:
    """607.2f ("choose odd or even"), 702.16h: Lavabrink Venturer by hand, odd chosen:
    protection from each odd mana value; a mana value 5 creature can't block it, a 4 can."""
    venturer = creature(
        "venturer", "Lavabrink Venturer", A, 3, 3, K("protection", **{"from": {"mana_value": {"even": "chosen"}}}),
        chosen={"parity": "odd"},
    )  # fmt: skip
    board = make_board(
        [venturer, creature("five", "Five", B, mana_value=5), creature("four", "Four", B, mana_value=4)],
        {"venturer": B},
    )
    assert_illegal(block(board, {"five": "venturer"}), "702.16f", "protection")
    assert_legal(block(board, {"four": "venturer"}))


def test_lavabrink_venturer_has_protection_from_each_mana_value_of_the_chosen_quality() -> None:
    """607.2f: "choose odd or even" + "protection from each mana value of the chosen quality": with
    odd chosen, Llanowar Elves (mana value 1, 202.3) can't block it (702.16f), Grizzly Bears (2) can."""
    board = make_board(
        [
            _card("venturer", "Lavabrink Venturer", chosen={"parity": "odd"}),
            _card("elves", "Llanowar Elves", B),
            _card("bears", "Grizzly Bears", B),
        ],
        {"venturer": B},
    )
    assert board.card_warnings == ()
    assert_illegal(block(board, {"elves": "venturer"}), "702.16f", "protection")
    assert_legal(block(board, {"bears": "venturer"}))


def test_the_cli_names_the_missing_choice_and_the_card_command_lists_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """607.2d: `combat-solver check` on a board without Voice of All's choice carries the warning
    naming the permanent and the field; `combat-solver card` lists the choices the card reads."""
    scenario = {
        "board": {
            "players": [{"id": A}, {"id": B}],
            "active_player": A,
            "permanents": [_card("voice", "Voice of All"), _card("dragon", "Shivan Dragon", B)],
            "combat": {"attackers": {"voice": B}},
        },
        "declaration": {"kind": "block", "blocks": {"dragon": ["voice"]}},
    }
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(scenario), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert "Voice of All (voice): the chosen color isn't on the board: give it as `chosen: {color: ...}`" in (
        capsys.readouterr().out
    )
    assert main(["card", "Voice of All", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["choices"] == ["color"]
    assert main(["card", "Arcbound Slasher"]) == 0
    assert "Choices made as it enters (the board's `chosen`; without them a verdict warns): riot" in (
        capsys.readouterr().out
    )
