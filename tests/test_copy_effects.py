"""Copy effects on the board (707): a clone is what the board's ``copy_of`` says it copied
(707.2: the copiable values of that card, its abilities compiled from that card's text),
modified by its copy effect's exceptions (707.9), a copy of a copy through the chain (707.3),
under every other effect as any permanent (613.2a: copy effects are layer 1). Without
``copy_of`` a clone is itself, with a warning naming the field; an exception the compiler can't
state stays warned."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from asserts import A, B, K, assert_illegal, assert_legal, attack, block, effect, make_board
from pydantic import ValidationError

from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.compiled_store import from_data, to_data
from combat_solver.cli import main
from combat_solver.model.errors import InputError
from combat_solver.service.cards import installed_catalog
from combat_solver.service.handlers import Service
from combat_solver.service.models import CardRequest


def _card(pid: str, name: str, controller: str = A, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **fields}


def _errors(permanents: list[dict[str, Any]]) -> list[tuple[tuple[Any, ...], str]]:
    with pytest.raises(ValidationError) as caught:
        make_board(permanents)
    return [(tuple(e["loc"]), e["type"]) for e in caught.value.errors()]


# ----------------------------------------------------------------------------- 707.2


def test_707_2_clone_copying_serra_angel_has_its_copiable_values() -> None:
    """707.2: name, mana cost, color, types, rules text, power and toughness are Serra Angel's."""
    clone = make_board([_card("c", "Clone", copy_of="Serra Angel")]).permanent("c")
    assert (clone.name, clone.types, clone.subtypes, clone.colors) == (
        "Serra Angel",
        ("creature",),
        ("Angel",),
        ("white",),
    )
    assert (clone.power, clone.toughness, clone.mana_cost, clone.mana_value) == (4, 4, "{3}{W}{W}", 5)
    assert sorted(a.kind for a in clone.abilities) == ["flying", "vigilance"]
    assert clone.card_warnings == ()


def test_707_2_clone_copying_serra_angel_can_block_a_flier() -> None:
    """702.9b: a creature with flying can be blocked only by creatures with flying or reach:
    Clone as Serra Angel has flying; Clone copying nothing doesn't (and the verdict warns)."""
    copying = make_board([_card("drake", "Wind Drake"), _card("c", "Clone", B, copy_of="Serra Angel")], {"drake": B})
    assert_legal(block(copying, {"c": "drake"}))
    itself = make_board([_card("drake", "Wind Drake"), _card("c", "Clone", B, power=1)], {"drake": B})
    assert_illegal(block(itself, {"c": "drake"}), "702.9b", "flying")
    assert itself.card_warnings == (
        "Clone (c): what it entered as a copy of isn't on the board (707.2): give it as `copy_of: <card name>` "
        "(`copy_of: []` if it copied nothing); read as copying nothing",
    )


def test_707_2_a_clone_that_copied_nothing_is_itself_without_a_warning() -> None:
    clone = make_board([_card("c", "Clone", copy_of=[], power=1)]).permanent("c")
    assert (clone.name, clone.subtypes, clone.colors, clone.card_warnings) == (
        "Clone",
        ("Shapeshifter",),
        ("blue",),
        (),
    )


def test_707_2_counters_and_status_are_the_clones_own() -> None:
    """707.2: counters and status (tapped) aren't copied: the clone's own counters count (122.1a)."""
    clone = make_board([_card("c", "Clone", copy_of="Grizzly Bears", counters={"+1/+1": 1})]).permanent("c")
    assert (clone.name, clone.power, clone.toughness, clone.tapped) == ("Grizzly Bears", 3, 3, False)


def test_613_2a_other_effects_apply_to_the_copy_as_to_any_permanent() -> None:
    """613.2a: the copy effect is layer 1; an effect taking flying (layer 6) applies after it, so
    Clone as Serra Angel loses flying and can't block a flier."""
    lose = effect("Fly Swat", K("lose_abilities", kinds=["flying"], to={"ids": ["c"]}), controller=A)
    board = make_board(
        [_card("drake", "Wind Drake"), _card("c", "Clone", B, copy_of="Serra Angel")], {"drake": B}, effects=[lose]
    )
    assert_illegal(block(board, {"c": "drake"}), "702.9b", "flying")


# ----------------------------------------------------------------------------- 707.9


def test_707_9b_phantasmal_image_copying_a_legendary_creature_is_legendary_and_an_illusion() -> None:
    """707.9b: "it's an Illusion in addition to its other types"; legendary is copied (707.2)."""
    image = make_board([_card("i", "Phantasmal Image", copy_of="Isamaru, Hound of Konda")]).permanent("i")
    assert (image.name, image.supertypes, image.subtypes) == (
        "Isamaru, Hound of Konda",
        ("legendary",),
        ("Dog", "Illusion"),
    )
    assert (image.power, image.toughness, image.colors, image.card_warnings) == (2, 2, ("white",), ())


def test_707_9b_quicksilver_gargantuan_is_7_7() -> None:
    """707.9b (its example): "except it's 7/7"."""
    giant = make_board([_card("q", "Quicksilver Gargantuan", copy_of="Grizzly Bears")]).permanent("q")
    assert (giant.name, giant.power, giant.toughness) == ("Grizzly Bears", 7, 7)


def test_707_9a_an_ability_gained_by_copying_is_the_copys_haste() -> None:
    """707.9a: Dack's Duplicate copying Grizzly Bears has haste and dethrone: summoning sick, it
    may attack (302.6); a Clone copying Grizzly Bears may not."""
    dack = make_board([_card("d", "Dack's Duplicate", copy_of="Grizzly Bears", summoning_sick=True)])
    assert {a.kind for a in dack.permanent("d").abilities} == {"haste", "attack_trigger"}
    assert_legal(attack(dack, {"d": B}))
    clone = make_board([_card("d", "Clone", copy_of="Grizzly Bears", summoning_sick=True)])
    assert_illegal(attack(clone, {"d": B}), "302.6", "summoning_sick")


def test_707_9a_wall_of_stolen_identity_has_defender() -> None:
    """707.9a, 702.3b: "it's a Wall in addition to its other types and has defender"."""
    wall = make_board([_card("w", "Wall of Stolen Identity", copy_of="Grizzly Bears")])
    assert wall.permanent("w").subtypes == ("Bear", "Wall")
    assert_illegal(attack(wall, {"w": B}), "702.3b", "defender")


def test_707_9c_sakashima_keeps_its_name_and_vesuvan_its_color() -> None:
    """707.9c: "its name is Sakashima the Impostor"; "it doesn't copy that creature's color"."""
    board = make_board(
        [
            _card("s", "Sakashima the Impostor", copy_of="Serra Angel"),
            _card("v", "Vesuvan Doppelganger", copy_of="Serra Angel"),
        ]
    )
    assert (board.permanent("s").name, board.permanent("s").supertypes) == ("Sakashima the Impostor", ("legendary",))
    assert (board.permanent("v").name, board.permanent("v").colors) == ("Serra Angel", ("blue",))


def test_707_2_vesuvan_shapeshifter_chosen_as_it_entered_or_turned_face_up_can_block_a_flier() -> None:
    """707.2, 707.9a: "As this creature enters or is turned face up, you may choose another
    creature ... it becomes a copy of that creature, except it has <an upkeep trigger>": the
    choice is the board's ``copy_of``; the added trigger has no bearing on combat."""
    board = make_board(
        [_card("drake", "Wind Drake"), _card("v", "Vesuvan Shapeshifter", B, copy_of="Serra Angel")], {"drake": B}
    )
    shifter = board.permanent("v")
    assert (shifter.name, shifter.power, sorted(a.kind for a in shifter.abilities)) == (
        "Serra Angel",
        4,
        ["flying", "vigilance"],
    )
    assert shifter.card_warnings == ()
    assert_legal(block(board, {"v": "drake"}))


def test_707_9c_the_cosplayzers_first_letter_is_a_name_the_board_gives() -> None:
    """Sample 74: The Cosplayzer's "except it has "<a copying trigger>" and the first letter of
    its name is Z": both read, neither bears on combat (707.9a, 707.9c), so nothing is warned."""
    board = make_board([_card("z", "The Cosplayzer", copy_of="Serra Angel")])
    cosplayzer = board.permanent("z")
    assert sorted(a.kind for a in cosplayzer.abilities) == ["flying", "vigilance"]
    assert cosplayzer.card_warnings == ()


def test_707_9b_superior_spider_man_is_a_4_4_spider_human_hero_named_himself() -> None:
    """Superior Spider-Man: "except his name is Superior Spider-Man and he's a 4/4 Spider Human
    Hero in addition to his other types": the copied Serra Angel's flying and vigilance, his own
    name, 4/4 and the three subtypes added (707.9b)."""
    board = make_board([_card("s", "Superior Spider-Man", copy_of="Serra Angel")])
    spidey = board.permanent("s")
    assert (spidey.name, spidey.power, spidey.toughness) == ("Superior Spider-Man", 4, 4)
    assert spidey.subtypes == ("Angel", "Spider", "Human", "Hero")
    assert sorted(a.kind for a in spidey.abilities) == ["flying", "vigilance"]
    assert spidey.card_warnings == ()


def test_707_2_cursed_mirror_is_a_copy_with_haste_the_turn_it_entered() -> None:
    """Cursed Mirror: "As this artifact enters, you may have it become a copy of any creature on
    the battlefield until end of turn, except it has haste" (707.2, 707.9a): its `copy_of` that turn."""
    mirror = make_board([_card("m", "Cursed Mirror", copy_of="Grizzly Bears")]).permanent("m")
    assert (mirror.name, mirror.types, mirror.power) == ("Grizzly Bears", ("creature",), 2)
    assert [a.kind for a in mirror.abilities] == ["haste"]
    assert mirror.card_warnings == ()


def test_707_9_spark_double_isnt_legendary() -> None:
    """707.9b: "and it isn't legendary" (its +1/+1 counter is the board's `counters`)."""
    double = make_board([_card("s", "Spark Double", copy_of="Isamaru, Hound of Konda")]).permanent("s")
    assert (double.supertypes, double.card_warnings) == ((), ())


def test_707_9f_an_exception_it_cant_state_stays_warned() -> None:
    """707.9f: Moritte's "if it's a creature, ..." isn't read: the copy is Serra Angel's values
    with the warning, never a guess at the exceptions."""
    moritte = make_board([_card("m", "Moritte of the Frost", copy_of="Serra Angel")]).permanent("m")
    assert moritte.name == "Serra Angel"
    assert len(moritte.card_warnings) == 1 and "an exception to the copy that isn't read" in moritte.card_warnings[0]


# ----------------------------------------------------------------------------- 707.3


def test_707_3_clone_copying_a_vesuvan_doppelganger_copying_runeclaw_bear() -> None:
    """707.3 (its example): the Clone is a 2/2 blue Bear named Runeclaw Bear."""
    clone = make_board([_card("c", "Clone", copy_of=["Vesuvan Doppelganger", "Runeclaw Bear"])]).permanent("c")
    assert (clone.name, clone.power, clone.toughness, clone.colors, clone.subtypes) == (
        "Runeclaw Bear", 2, 2, ("blue",), ("Bear",)
    )  # fmt: skip


def test_707_3_a_copy_of_a_phantasmal_image_is_an_illusion_too() -> None:
    """707.3: the Image's exception is part of its copiable values, so a Clone copying it has it."""
    clone = make_board([_card("c", "Clone", copy_of=["Phantasmal Image", "Serra Angel"])]).permanent("c")
    assert (clone.name, clone.subtypes) == ("Serra Angel", ("Angel", "Illusion"))
    assert sorted(a.kind for a in clone.abilities) == ["flying", "vigilance"]


# ----------------------------------------------------------------------------- bad input


def test_copy_of_an_unknown_card_is_an_error_naming_the_field() -> None:
    assert _errors([_card("c", "Clone", copy_of="Sera Angel")]) == [(("permanents", 0, "copy_of", 0), "unknown_card")]
    assert _errors([_card("c", "Clone", copy_of=["Phantasmal Image", "Nope Nopeson"])]) == [
        (("permanents", 0, "copy_of", 1), "unknown_card")
    ]


def test_copy_of_a_spell_is_not_a_permanent() -> None:
    """707.2, 110.4: what a permanent copied is a permanent card."""
    assert _errors([_card("c", "Clone", copy_of="Lightning Bolt")]) == [
        (("permanents", 0, "copy_of", 0), "not_a_permanent")
    ]


def test_copy_of_on_a_card_without_a_copy_effect_is_refused() -> None:
    assert _errors([_card("g", "Grizzly Bears", copy_of="Serra Angel")]) == [
        (("permanents", 0, "copy_of"), "not_a_copy")
    ]
    assert _errors([_card("c", "Clone", copy_of=["Grizzly Bears", "Serra Angel"])]) == [
        (("permanents", 0, "copy_of", 0), "not_a_copy")
    ]


def test_copy_of_is_a_name_or_a_list_of_names() -> None:
    assert ("permanents", 0, "copy_of") in [loc for loc, _ in _errors([_card("c", "Clone", copy_of=5)])]


# ----------------------------------------------------------------------------- the compiler and the reach


def test_the_compiler_reads_the_copy_sentence_and_its_exceptions() -> None:
    """614.1c, 707.9: the copy effect is read (no warning) and its exceptions kept."""
    catalog = bundled_catalog()
    image = catalog.compiled(catalog.get("Phantasmal Image"))
    assert image.copy is not None and image.copy.subtypes == ("Illusion",) and image.warnings == ()
    dack = catalog.compiled(catalog.get("Dack's Duplicate"))
    assert dack.copy is not None and dack.copy.abilities == (
        {"kind": "haste"},
        {"kind": "attack_trigger", "most_life": True},
    )
    effigy = catalog.compiled(catalog.get("Machine God's Effigy"))
    assert effigy.copy is not None and effigy.copy.warnings == effigy.warnings[:1] != ()
    glurg = catalog.compiled(catalog.get("It Came from Planet Glurg"))
    assert glurg.copy is None and glurg.warnings != ()
    assert catalog.compiled(catalog.get("Serra Angel")).copy is None


def test_a_copy_effect_survives_the_compiled_store() -> None:
    catalog = bundled_catalog()
    image = catalog.compiled(catalog.get("Phantasmal Image"))
    assert from_data(to_data(image)) == image


def test_the_catalog_keeps_a_copys_values_apart_from_the_card_of_that_name() -> None:
    """707.2: a copy's values are a record under the copied card's name; the card itself stays."""
    catalog = bundled_catalog()
    angel = catalog.get("Serra Angel")
    seven = replace(angel, power="7", toughness="7")
    catalog.compiled(seven)
    assert catalog.compiled(angel) is catalog.compiled(angel) and catalog.get("Serra Angel").power == "4"


def test_the_card_command_shows_the_copy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Phantasmal Image", "--copy-of", "Serra Angel"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Serra Angel (creature — Angel Illusion 4/4; white)") and '{"kind": "flying"}' in out
    assert main(["card", "Phantasmal Image"]) == 0
    assert 'its exceptions (707.9): {"subtypes": ["Illusion"]}' in capsys.readouterr().out
    assert main(["card", "Clone", "--copy-of", "Sera Angel"]) == 2
    assert "--copy-of[0]" in capsys.readouterr().err


def test_the_card_lookup_of_the_page_and_mcp_takes_copy_of() -> None:
    service = Service(cards=installed_catalog())
    found = service.card(CardRequest(name="Phantasmal Image", copy_of=("Serra Angel",)))
    assert found.card is not None and (found.card["name"], found.card["subtypes"]) == (
        "Serra Angel",
        ["Angel", "Illusion"],
    )
    assert service.card(CardRequest(name="Clone")).card["copies"] is True  # type: ignore[index]
    with pytest.raises(InputError) as caught:
        service.card(CardRequest(name="Clone", copy_of=("Sera Angel",)))
    assert [(i.loc, i.code) for i in caught.value.items] == [(("copy_of", 0), "unknown_card")]


def test_copy_of_on_a_permanent_written_out_is_refused() -> None:
    """707.2: only a card's copy effect copies; a permanent written out states its values itself."""
    written = {"id": "x", "name": "X", "controller": A, "types": ["creature"], "power": 1, "toughness": 1}
    assert _errors([{**written, "copy_of": "Serra Angel"}]) == [(("permanents", 0, "copy_of"), "not_a_copy")]


def test_a_resolved_copy_validates_again_to_the_same_board() -> None:
    """Resolving is idempotent: a dumped board with a copy reads back as the same board."""
    board = make_board([_card("c", "Phantasmal Image", copy_of=["Vesuvan Doppelganger", "Serra Angel"])])
    assert type(board).model_validate(board.model_dump(mode="json", by_alias=True)) == board
