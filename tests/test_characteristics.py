"""Type-changing effects (layer 4, 613.1d) and ability-removing effects (layer 6, 613.1f): the rules
text on hand-written boards (timestamps 613.7, dependencies 613.8a, land types 305.6-305.7) and real
cards through the compiler (Colossus Hammer, Silverskin Armor, Blood Moon, Conversion, Urborg)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from asserts import A, B, K, assert_illegal, assert_legal, attack, block, creature, effect, make_board, permanent
from pydantic import ValidationError

from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.compiled import Compiled
from combat_solver.model.errors import InputError
from combat_solver.resolve.game import Game

MOUNTAINWALK = K("landwalk", land={"subtypes": ["Mountain"]})


def card(pid: str, name: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **fields}


def compile_text(text: str) -> Compiled:
    """``text`` compiled as the Oracle text of an enchantment (Corrupted Zendikon's record)."""
    catalog = bundled_catalog()
    return catalog.compiler.compile(dataclasses.replace(catalog.get("Corrupted Zendikon"), text=text))


# ----------------------------------------------------------------------------- the rules text


def test_613_1f_an_equipment_that_removes_flying_lets_a_ground_creature_block() -> None:
    """613.1f: "Equipped creature loses flying": the flyer can be blocked by a creature without
    flying or reach (702.9b no longer applies)."""
    flyer = creature("f", "Flyer", A, 2, 2, K("flying"))
    bear = creature("g", "Bear", B)
    hammer = permanent(
        "h", "Hammer", A, ["artifact"], K("lose_abilities", to={"ids": ["f"]}, kinds=["flying"]), subtypes=["Equipment"]
    )
    assert_illegal(block(make_board([flyer, bear], {"f": B}), {"g": "f"}), "702.9b", "flying", ("g", "f"))
    assert_legal(block(make_board([flyer, hammer, bear], {"f": B}), {"g": "f"}))


def test_613_7_a_grant_later_than_the_removal_is_kept_an_earlier_one_is_lost() -> None:
    """613.7: within layer 6 effects apply in timestamp order (a permanent's place on the board): an
    Aura giving flying after "loses flying" leaves the creature flying; one before it doesn't."""
    ground = creature("f", "Bear", A)
    bear = creature("g", "Blocker", B)
    lose = permanent("h", "Hammer", A, ["artifact"], K("lose_abilities", to={"ids": ["f"]}, kinds=["flying"]))
    wings = permanent("w", "Wings", A, ["enchantment"], K("grant", to={"ids": ["f"]}, ability=K("flying")))
    later = make_board([ground, lose, wings, bear], {"f": B})
    assert_illegal(block(later, {"g": "f"}), "702.9b", "flying", ("g", "f"))
    earlier = make_board([ground, wings, lose, bear], {"f": B})
    assert_legal(block(earlier, {"g": "f"}))


def test_613_8a_losing_all_abilities_takes_away_the_grants_the_creature_gives() -> None:
    """613.8a: an effect that would remove the ability generating another applies first, whatever
    the timestamps: a lord that loses all abilities grants nothing (its earlier grant of flying to
    another creature is gone)."""
    lord = creature("l", "Lord", A, 2, 2, K("grant", to={"controller": "you"}, ability=K("flying")))
    other = creature("o", "Squire", A)
    bear = creature("g", "Blocker", B)
    humble = permanent("s", "Subdual", B, ["enchantment"], K("lose_abilities", to={"ids": ["l"]}))
    assert_illegal(block(make_board([lord, other, bear], {"o": B}), {"g": "o"}), "702.9b", "flying")
    assert_legal(block(make_board([lord, other, bear, humble], {"o": B}), {"g": "o"}))


def test_613_1f_an_aura_s_can_t_attack_is_its_own_effect_that_no_lost_ability_takes_away() -> None:
    """613.1f removes abilities an object has; "Enchanted creature can't attack or block" is
    Pacifism's effect, not an ability of the creature (613 changes characteristics only), so
    Frogify attached later still leaves Grizzly Bears unable to attack. A keyword Pacifism-like
    Aura gives ("has defender") is an ability the creature has: Frogify later takes it."""
    bears = card("bears", "Grizzly Bears", A)
    pacifism = card("pac", "Pacifism", B, attached_to="bears")
    frogify = card("frog", "Frogify", B, attached_to="bears")
    assert_illegal(attack(make_board([bears, pacifism, frogify]), {"bears": B}), "508.1c", "cant_attack")
    assert_illegal(attack(make_board([bears, frogify, pacifism]), {"bears": B}), "508.1c", "cant_attack")
    walled = permanent("aura", "Walling", B, ["enchantment"], K("grant", to={"ids": ["bears"]}, ability=K("defender")))
    frog = card("frog", "Frogify", B, attached_to="bears", timestamp=5)
    assert_legal(attack(make_board([bears, walled, frog]), {"bears": B}))
    assert_illegal(attack(make_board([bears, walled]), {"bears": B}), "702.3b", "defender")


def test_613_1f_a_grant_that_says_its_ability_is_gained_is_taken_by_a_later_removal() -> None:
    """A quoted ability ("Enchanted creature has 'This creature can't attack'") is one the
    creature has: ``gains: true``; a later "loses all abilities" takes it."""
    bears = card("bears", "Grizzly Bears", A)
    quoted = permanent(
        "aura", "Curse", B, ["enchantment"], K("grant", to={"ids": ["bears"]}, ability=K("cant_attack"), gains=True)
    )
    frog = card("frog", "Frogify", B, attached_to="bears", timestamp=5)
    assert_legal(attack(make_board([bears, quoted, frog]), {"bears": B}))
    assert_illegal(attack(make_board([bears, quoted]), {"bears": B}), "508.1c", "cant_attack")


def test_613_1d_a_subtype_added_by_an_aura_meets_can_t_be_blocked_except_by() -> None:
    """613.1d, 205.1b: "is a Dragon in addition to its other types" makes the enchanted creature a
    Dragon for "can't be blocked except by Dragons" (509.1b)."""
    attacker = creature("a", "Drake", A, 2, 2, K("cant_be_blocked_except_by", by={"subtypes": ["Dragon"]}))
    bear = creature("g", "Bear", B)
    aura = permanent("x", "Aura", B, ["enchantment"], K("type_change", to={"ids": ["g"]}, subtypes=["Dragon"]))
    assert block(make_board([attacker, bear], {"a": B}), {"g": "a"}).status == "illegal"
    assert_legal(block(make_board([attacker, bear, aura], {"a": B}), {"g": "a"}))


def test_205_3m_every_creature_type_is_each_one() -> None:
    """205.3m: "is every creature type" (Mistform Ultimus) is a Wall and a Dragon alike."""
    attacker = creature("a", "Drake", A, 2, 2, K("cant_be_blocked_except_by", by={"subtypes": ["Dragon"]}))
    mistform = creature("g", "Mistform", B, 3, 3, K("type_change", every_creature_type=True))
    assert_legal(block(make_board([attacker, mistform], {"a": B}), {"g": "a"}))


def test_305_7_nonbasic_lands_are_mountains_for_landwalk() -> None:
    """305.7, 702.14c: "Nonbasic lands are Mountains" (Blood Moon) makes the defender's Tundra a
    Mountain, so mountainwalk can't be blocked; a basic Plains stays a Plains."""
    walker = creature("w", "Goblin", A, 1, 1, MOUNTAINWALK)
    bear = creature("g", "Bear", B)
    moon = permanent(
        "m",
        "Moon",
        A,
        ["enchantment"],
        K("type_change", to={"types": ["land"], "not": {"supertypes": ["basic"]}}, land_types=["Mountain"]),
    )
    tundra = permanent("t", "Tundra", B, ["land"], subtypes=["Plains", "Island"])
    plains = permanent("p", "Plains", B, ["land"], subtypes=["Plains"], supertypes=["basic"])
    assert_legal(block(make_board([walker, bear, tundra, plains], {"w": B}), {"g": "w"}))
    moved = make_board([walker, bear, tundra, plains, moon], {"w": B})
    assert_illegal(block(moved, {"g": "w"}), "702.14c", "landwalk", ("g", "w"))
    game = Game.of(moved)
    assert game.permanent("t").subtypes == ("Mountain",)
    assert game.permanent("p").subtypes == ("Plains",)


def test_305_7_setting_land_types_removes_the_land_s_own_type_changing_ability() -> None:
    """305.7, 613.8a: a nonbasic land with "Each land is a Swamp in addition to its other land types"
    loses that ability to "Nonbasic lands are Mountains", which therefore applies first whatever the
    timestamps (Blood Moon and Urborg): the defender's basic Plains is no Swamp, so swampwalk can be
    blocked."""
    walker = creature("w", "Wraith", A, 1, 1, K("landwalk", land={"subtypes": ["Swamp"]}))
    bear = creature("g", "Bear", B)
    urborg = permanent("u", "Urborg", A, ["land"], K("type_change", to={"types": ["land"]}, subtypes=["Swamp"]))
    plains = permanent("p", "Plains", B, ["land"], subtypes=["Plains"], supertypes=["basic"])
    moon = permanent(
        "m",
        "Moon",
        A,
        ["enchantment"],
        K("type_change", to={"types": ["land"], "not": {"supertypes": ["basic"]}}, land_types=["Mountain"]),
    )
    assert block(make_board([urborg, walker, bear, plains], {"w": B}), {"g": "w"}).status == "illegal"
    assert_legal(block(make_board([urborg, walker, bear, plains, moon], {"w": B}), {"g": "w"}))


def test_305_6_a_land_that_gains_basic_land_types_gains_their_mana_abilities() -> None:
    """305.6: a land with a basic land type has its mana ability: under "Lands you control are
    every basic land type in addition to their other types" a typeless land pays {G} to block
    (509.1d)."""
    attacker = creature("a", "Bear", A)
    behemoth = creature("g", "Behemoth", B, 5, 5, K("block_cost", cost={"mana": "{G}"}))
    wastes = permanent("l", "Wastes", B, ["land"], supertypes=["basic"])
    omen = permanent(
        "o",
        "Omen",
        B,
        ["enchantment"],
        K("type_change", to={"types": ["land"], "controller": "you"}, every_basic_land_type=True),
    )
    assert block(make_board([attacker, behemoth, wastes], {"a": B}), {"g": "a"}).status == "illegal"
    assert_legal(block(make_board([attacker, behemoth, wastes, omen], {"a": B}), {"g": "a"}))


def test_613_1f_a_removal_by_a_resolved_effect_and_its_condition_on_the_creature() -> None:
    """613.1f: "target creature loses flying" as an effect; a condition on a removal is read on the
    creature it affects (Ray of Frost: only while it is red)."""
    flyer = creature("f", "Flyer", A, 2, 2, K("flying"), colors=["blue"])
    bear = creature("g", "Bear", B)
    frost = K("lose_abilities", to={"ids": ["f"]}, condition={"source": {"colors": ["red"]}})
    assert_illegal(
        block(make_board([flyer, bear], {"f": B}, effects=[effect("s", frost, controller=B)]), {"g": "f"}),
        "702.9b",
        "flying",
    )
    gone = K("lose_abilities", to={"ids": ["f"]}, kinds=["flying"])
    assert_legal(block(make_board([flyer, bear], {"f": B}, effects=[effect("s", gone, controller=B)]), {"g": "f"}))


# ----------------------------------------------------------------------------- real cards


def test_colossus_hammer_lets_grizzly_bears_block_serra_angel() -> None:
    """613.1f: Colossus Hammer's "Equipped creature ... loses flying" on Serra Angel: Grizzly Bears
    can block it (702.9b no longer applies)."""
    angel, bears = card("angel", "Serra Angel", A), card("bears", "Grizzly Bears", B)
    hammer = card("hammer", "Colossus Hammer", A, attached_to="angel")
    assert block(make_board([angel, bears], {"angel": B}), {"bears": "angel"}).status == "illegal"
    v = block(make_board([angel, hammer, bears], {"angel": B}), {"bears": "angel"})
    assert_legal(v)
    assert not v.warnings


def test_silverskin_armor_makes_the_blocker_an_artifact_that_can_block_fear() -> None:
    """613.1d, 702.36b: fear ("can't be blocked except by artifact creatures and/or black creatures"):
    Silverskin Armor's "Equipped creature ... is an artifact in addition to its other types" lets
    Grizzly Bears block Accursed Spirit (intimidate: artifact creatures too, 702.13b)."""
    spirit, bears = card("spirit", "Accursed Spirit", A), card("bears", "Grizzly Bears", B)
    armor = card("armor", "Silverskin Armor", B, attached_to="bears")
    assert block(make_board([spirit, bears], {"spirit": B}), {"bears": "spirit"}).status == "illegal"
    assert_legal(block(make_board([spirit, bears, armor], {"spirit": B}), {"bears": "spirit"}))


def test_blood_moon_and_conversion_make_tundra_a_plains_again() -> None:
    """613.8a: Conversion ("All Mountains are Plains") depends on Blood Moon ("Nonbasic lands are
    Mountains"), which applies first though later on the board: Tundra ends a Plains only, so
    Goblin Mountaineer's mountainwalk (702.14c) doesn't stop Grizzly Bears."""
    goblin, bears = card("goblin", "Goblin Mountaineer", A), card("bears", "Grizzly Bears", B)
    conversion, moon = card("conv", "Conversion", A), card("moon", "Blood Moon", A)
    tundra = card("tundra", "Tundra", B)
    moon_only = make_board([goblin, bears, tundra, moon], {"goblin": B})
    assert_illegal(block(moon_only, {"bears": "goblin"}), "702.14c", "landwalk")
    both = make_board([goblin, bears, tundra, conversion, moon], {"goblin": B})
    assert_legal(block(both, {"bears": "goblin"}))
    assert Game.of(both).permanent("tundra").subtypes == ("Plains",)


def test_urborg_makes_every_land_a_swamp_for_swampwalk() -> None:
    """613.1d, 702.14c: Urborg, Tomb of Yawgmoth ("Each land is a Swamp in addition to its other land
    types") gives swampwalk something to see on a defender with only a Plains."""
    wraith, bears = card("wraith", "Bog Wraith", A), card("bears", "Grizzly Bears", B)
    plains, urborg = card("plains", "Plains", B), card("urborg", "Urborg, Tomb of Yawgmoth", A)
    assert_legal(block(make_board([wraith, bears, plains], {"wraith": B}), {"bears": "wraith"}))
    assert_illegal(
        block(make_board([wraith, bears, plains, urborg], {"wraith": B}), {"bears": "wraith"}), "702.14c", "landwalk"
    )


def test_frogify_makes_a_black_creature_a_blue_frog_that_can_t_block_fear() -> None:
    """205.1a, 613.1e, 702.36b: Frogify ("loses all abilities and is a blue Frog creature") sets the
    enchanted creature's creature types and colors (layer 5 on what layer 4 changed, 613.6): Walking
    Corpse, black, could block Cateran Enforcer's fear; as a blue Frog it can't."""
    enforcer, corpse = card("enforcer", "Cateran Enforcer", A), card("corpse", "Walking Corpse", B)
    frogify = card("frog", "Frogify", A, attached_to="corpse")
    assert_legal(block(make_board([enforcer, corpse], {"enforcer": B}), {"corpse": "enforcer"}))
    frogged = make_board([enforcer, corpse, frogify], {"enforcer": B})
    assert_illegal(block(frogged, {"corpse": "enforcer"}), "702.36b", "fear")
    corpse_now = Game.of(frogged).permanent("corpse")
    assert (corpse_now.subtypes, corpse_now.colors) == (("Frog",), ("blue",))


def test_205_1a_frogify_makes_an_artifact_creature_no_artifact_so_it_can_t_block_fear() -> None:
    """205.1a: "is a blue Frog creature" sets its card types (Frogify's reminder: "It loses all
    other card types"): Ornithopter, an artifact creature, could block Cateran Enforcer's fear
    (702.36b); Frogified it is only a creature, and blue."""
    enforcer, thopter = card("enforcer", "Cateran Enforcer", A), card("thopter", "Ornithopter", B)
    assert_legal(block(make_board([enforcer, thopter], {"enforcer": B}), {"thopter": "enforcer"}))
    frogged = make_board([enforcer, thopter, card("frog", "Frogify", A, attached_to="thopter")], {"enforcer": B})
    assert_illegal(block(frogged, {"thopter": "enforcer"}), "702.36b", "fear")
    assert Game.of(frogged).permanent("thopter").types == ("creature",)


def test_205_1a_imprisoned_in_the_moon_and_sugar_coat_leave_no_creature_and_no_planeswalker() -> None:
    """205.1a, 506.4: "Enchanted permanent is a colorless land ... and loses all other card types"
    (Imprisoned in the Moon): the creature can't attack, the planeswalker can't be attacked (506.3);
    Sugar Coat's Food artifact can't block; the land taps for {C} (its ability given after the ones it
    loses, 613.7)."""
    bear, walker = card("bear", "Grizzly Bears", A), permanent("pw", "Walker", B, ["planeswalker"])
    moon = card("moon", "Imprisoned in the Moon", B, attached_to="bear")
    assert_legal(attack(make_board([bear, walker]), {"bear": "pw"}))
    assert_illegal(attack(make_board([bear, walker, moon]), {"bear": B}), "508.1a", "not_a_creature")
    jailed = make_board([bear, walker, {**moon, "attached_to": "pw"}])
    assert_illegal(attack(jailed, {"bear": "pw"}), "508.1b", "invalid_target")
    assert Game.of(jailed).permanent("pw").types == ("land",)
    blocker, coat = card("ogre", "Gray Ogre", B), card("coat", "Sugar Coat", A, attached_to="ogre")
    assert_legal(block(make_board([bear, blocker], {"bear": B}), {"ogre": "bear"}))
    assert_illegal(block(make_board([bear, blocker, coat], {"bear": B}), {"ogre": "bear"}), "509.1a", "not_a_creature")


def test_506_4_an_attacker_sugar_coated_was_removed_from_combat() -> None:
    """506.4: Sugar Coat flashed onto an attacking creature makes it a Food artifact, no creature:
    it was removed from combat, and a board with it still attacking is an error naming it (never a
    block of a non-creature judged legal)."""
    angel, coat = card("angel", "Serra Angel", A), card("coat", "Sugar Coat", B, attached_to="angel")
    board = make_board([angel, coat, card("bear", "Grizzly Bears", B)], {"angel": B})
    with pytest.raises(InputError) as caught:
        block(board, {"bear": "angel"})
    assert [(i.loc, i.code) for i in caught.value.items] == [
        (("board", "combat", "attackers", "angel"), "removed_from_combat")
    ]


def test_613_1d_a_vehicle_a_type_change_made_a_creature_is_attacking_at_declare_blockers() -> None:
    """613.1d, 506.3: the board's check of ``combat.attackers`` reads types after layer 4: a crewed
    Vehicle (a type-changing effect) or one an Aura animates attacks and can be blocked; one the
    effect leaves no creature is an error naming it (audit 2595: these were refused as no creatures)."""
    crewed = effect("Crew", {"kind": "type_change", "to": {"ids": ["v"]}, "types": ["creature"]}, controller=A)
    vehicle = permanent("v", "Cryptcaller Chariot", A, ["artifact"], subtypes=["Vehicle"], power=4, toughness=4)
    bear = creature("bear", "Grizzly Bears", B)
    assert_legal(block(make_board([vehicle, bear], {"v": B}, effects=[crewed]), {"bear": "v"}))
    aura = card("mod", "Aerial Modification", A, attached_to="v")
    angels = [card("angel", "Serra Angel", B), card("angel2", "Serra Angel", B)]
    board = make_board([card("v", "Cryptcaller Chariot", A), aura, *angels], {"v": B})
    assert_illegal(block(board, {"angel": "v"}), "702.111b", "menace")
    assert_legal(block(board, {"angel": "v", "angel2": "v"}))
    other = effect("Crew", {"kind": "type_change", "to": {"ids": ["bear"]}, "types": ["creature"]}, controller=A)
    with pytest.raises(InputError) as caught:
        block(make_board([vehicle, bear], {"v": B}, effects=[other]), {"bear": "v"})
    assert [(i.loc, i.code) for i in caught.value.items] == [
        (("board", "combat", "attackers", "v"), "removed_from_combat")
    ]
    with pytest.raises(ValidationError, match="not_a_creature"):
        make_board([vehicle, bear], {"v": B})


def test_the_compiler_reads_types_added_set_and_abilities_lost() -> None:
    """613.1d, 613.1f, 305.7: the wordings of docs/cards.md's table, and what stays warned."""
    catalog = bundled_catalog()

    def compiled(name: str) -> tuple[list[dict[str, Any]], tuple[str, ...]]:
        found = catalog.compiled(catalog.get(name))
        return list(found.abilities), found.warnings

    assert compiled("Dark Knight's Greatsword")[0] == [
        {"kind": "type_change", "subtypes": ["Knight"], "to": {"ids": ["$attached"]}}
    ]
    assert compiled("Mistform Ultimus")[0] == [{"kind": "type_change", "every_creature_type": True}]
    assert compiled("Blood Moon")[0] == [
        {"kind": "type_change", "land_types": ["Mountain"], "to": {"types": ["land"], "not": {"supertypes": ["basic"]}}}
    ]
    assert compiled("Prismatic Omen")[0] == [
        {"kind": "type_change", "every_basic_land_type": True, "to": {"types": ["land"], "controller": "you"}}
    ]
    assert compiled("Gravity Sphere")[0] == [
        {"kind": "lose_abilities", "kinds": ["flying"], "to": {"types": ["creature"]}}
    ]
    stasis = compiled("Stasis Field")[0]
    assert [a["kind"] for a in stasis] == ["lose_abilities", "grant"]  # "loses all other abilities" first
    assert compiled("Frogify")[0] == [
        {"kind": "lose_abilities", "to": {"ids": ["$attached"]}},
        {"kind": "type_change", "creature_types": ["Frog"], "types": ["creature"], "sets_types": True, "colors": ["blue"],
         "to": {"ids": ["$attached"]}},
    ]  # fmt: skip
    assert compiled("Imprisoned in the Moon")[0] == [
        {"kind": "lose_abilities", "to": {"ids": ["$attached"]}},
        {"kind": "type_change", "to": {"ids": ["$attached"]}, "types": ["land"], "sets_types": True, "colors": []},
        {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "mana", "produces": "C", "amount": 1}},
    ]
    assert compiled("Darksteel Mutation")[0][1] == {
        "kind": "type_change", "to": {"ids": ["$attached"]}, "types": ["artifact", "creature"], "sets_types": True,
        "creature_types": ["Insect"], "power": 0, "toughness": 1,
    }  # fmt: skip
    for warned in (
        "Witness Protection",
        "Realmwright",
        "Margle, Cousin of Yargle",
        "Archetype of Imagination",
    ):
        abilities, warnings = compiled(warned)
        assert warnings, warned
        assert not any(a["kind"] in ("type_change", "lose_abilities") for a in abilities), warned


def test_613_7c_a_keyword_counter_met_by_a_removal_is_warned() -> None:
    """613.7c: a counter's timestamp is when it was put on; the board doesn't say whether that was
    before or after the removal, so the verdict warns (flying taken as removed)."""
    flyer = creature("f", "Bear", A, 2, 2, counters={"flying": 1})
    bear = creature("g", "Blocker", B)
    grounded = permanent("h", "Grounded", A, ["enchantment"], K("lose_abilities", to={"ids": ["f"]}, kinds=["flying"]))
    v = block(make_board([flyer, grounded, bear], {"f": B}), {"g": "f"})
    assert_legal(v)
    assert any("613.7c" in w for w in v.warnings)
    assert not block(make_board([flyer, bear], {"f": B}), {"g": "f"}).warnings


def test_an_effect_that_changes_types_says_whom_in_its_ability() -> None:
    """A type change or removal names what it changes in its own ``to``; an effect's ``to`` beside it
    is bad input naming the field, and so is an id on no permanent."""
    bear = creature("g", "Bear", B)
    misplaced = {"source": "s", "controller": A, "to": {"ids": ["g"]}, "ability": K("type_change", subtypes=["Dragon"])}
    with pytest.raises(ValidationError, match=r"effects\.0\.to\n.*give `to` in the ability"):
        make_board([bear], effects=[misplaced])
    dangling = effect("s", K("lose_abilities", to={"ids": ["nobody"]}), controller=A)
    with pytest.raises(ValidationError, match=r"effects\.0\.ability\.to\n.*no permanent 'nobody'"):
        make_board([bear], effects=[dangling])


def test_613_1d_a_type_change_conditioned_on_an_ability_is_warned() -> None:
    """613.1d comes before 613.1f: a type change "as long as it has flying" is read on printed
    abilities only, which the rules leave unclear when layer 6 would change them: the verdict warns."""
    attacker = creature("a", "Drake", A, 2, 2, K("cant_be_blocked_except_by", by={"subtypes": ["Dragon"]}))
    has_flying = {"source": {"has": ["flying"]}}
    bear = creature("g", "Bear", B, 2, 2, K("flying"), K("type_change", subtypes=["Dragon"], condition=has_flying))
    v = block(make_board([attacker, bear], {"a": B}), {"g": "a"})
    assert_legal(v)
    assert any("613.1d" in w for w in v.warnings)


def test_613_7_timestamps_on_the_board_order_a_removal_and_a_grant() -> None:
    """613.7b, 613.7e: "target creature loses flying until end of turn" resolved before an Aura
    giving flying was attached: the Aura is later and wins. Without timestamps an effect is taken
    as later than every permanent, and the verdict says so."""
    ground = creature("f", "Bear", A)
    blocker = creature("g", "Blocker", B)
    wings = permanent("w", "Wings", A, ["enchantment"], K("grant", to={"ids": ["f"]}, ability=K("flying")))
    frost = effect("Frost", K("lose_abilities", to={"ids": ["f"]}, kinds=["flying"]), controller=B)
    guessed = block(make_board([ground, wings, blocker], {"f": B}, effects=[frost]), {"g": "f"})
    assert_legal(guessed)
    assert any("613.7" in w and "timestamp" in w for w in guessed.warnings)
    dated = make_board([ground, {**wings, "timestamp": 5}, blocker], {"f": B}, effects=[{**frost, "timestamp": 2}])
    stated = block(dated, {"g": "f"})
    assert_illegal(stated, "702.9b", "flying", ("g", "f"))
    assert not stated.warnings


def test_613_1f_what_an_effect_gives_is_kept_whole_by_a_later_removal() -> None:
    """A grant of shadow said not to be an ability of theirs (``gains: false``) survives a later
    "loses all abilities" as a whole: the creature still has shadow for blocking (702.28b) as well
    as for being blocked, so two such creatures may block each other."""
    shade = K("grant", to={"power": {"le": 0}}, ability=K("shadow"), gains=False)
    attacker = creature("a", "Shade", A, 0, 2)
    blocker = creature("b", "Wisp", B, 0, 2)
    giver = permanent("g", "Veil", A, ["enchantment"], shade)
    dress = permanent("d", "Dress Down", B, ["enchantment"], K("lose_abilities", to={"types": ["creature"]}))
    assert_legal(block(make_board([attacker, blocker, giver, dress], {"a": B}), {"b": "a"}))
    plain = creature("p", "Bear", B, 2, 2)
    board = make_board([attacker, plain, giver, dress], {"a": B})
    assert_illegal(block(board, {"p": "a"}), "702.28b", "shadow")


# ----------------------------------------------------------------------------- permanents made creatures


def test_613_1d_corrupted_zendikon_makes_a_forest_a_3_3_black_ooze_land_that_attacks() -> None:
    """613.1d, 205.1b, 105.3, 613.4b: "Enchanted land is a 3/3 black Ooze creature. It's still a
    land." The Forest is a land creature (its types kept: "still a land"), an Ooze, black only, with
    base power and toughness 3/3; controlled since the turn began (302.6), it can attack."""
    forest, bears = card("forest", "Forest", A), card("bears", "Grizzly Bears", B)
    zendikon = card("zen", "Corrupted Zendikon", A, attached_to="forest")
    board = make_board([forest, zendikon, bears])
    land = Game.of(board).permanent("forest")
    assert set(land.types) == {"land", "creature"}
    assert (set(land.subtypes), land.colors, land.power, land.toughness) == ({"Forest", "Ooze"}, ("black",), 3, 3)
    assert_legal(attack(board, {"forest": B}))
    sick = make_board([{**forest, "summoning_sick": True}, zendikon, bears])
    assert_illegal(attack(sick, {"forest": B}), "302.6", "summoning_sick")


def test_613_4c_counters_on_a_land_made_a_creature_add_to_the_base_power_it_is_given() -> None:
    """613.4b-c: a +1/+1 counter on a land Vastwood Zendikon makes a 6/4 gives a 7/5: the base
    power and toughness of the effect, then the counter."""
    forest = card("forest", "Forest", A, counters={"+1/+1": 1})
    board = make_board([forest, card("zen", "Vastwood Zendikon", A, attached_to="forest")])
    land = Game.of(board).permanent("forest")
    assert (land.power, land.toughness) == (7, 5)


def test_702_3b_guardian_zendikon_s_land_has_defender_and_can_t_attack() -> None:
    """702.3b: "Enchanted land is a 2/6 white Wall creature with defender": the land creature has
    the defender it is given (a grant, layer 6 after layer 4 made it a creature)."""
    forest, bears = card("forest", "Forest", A), card("bears", "Grizzly Bears", B)
    board = make_board([forest, card("zen", "Guardian Zendikon", A, attached_to="forest"), bears])
    assert_illegal(attack(board, {"forest": B}), "702.3b", "defender")


def test_702_14c_kormus_bell_s_swamps_are_creatures_that_can_t_block_a_swampwalker() -> None:
    """613.1d: Kormus Bell ("All Swamps are 1/1 black creatures that are still lands") makes the
    defender's Swamp a 1/1 creature; Bog Wraith's swampwalk (702.14c) still stops it blocking,
    while Living Lands' Forest (a 1/1 creature too) may block Grizzly Bears."""
    wraith, swamp = card("wraith", "Bog Wraith", A), card("swamp", "Swamp", B)
    bell = card("bell", "Kormus Bell", A)
    board = make_board([wraith, swamp, bell], {"wraith": B})
    assert Game.of(board).permanent("swamp").power == 1
    assert_illegal(block(board, {"swamp": "wraith"}), "702.14c", "landwalk")
    bears, forest, lands = card("bears", "Grizzly Bears", A), card("forest", "Forest", B), card("ll", "Living Lands", B)
    assert_legal(block(make_board([bears, forest, lands], {"bears": B}), {"forest": "bears"}))


def test_205_1b_rusted_relic_is_a_creature_only_with_metalcraft() -> None:
    """205.1b, 613.1d: Rusted Relic "is a 5/5 Golem artifact creature as long as you control three
    or more artifacts": with three it attacks; with fewer it is not a creature."""
    relic, bears = card("relic", "Rusted Relic", A), card("bears", "Grizzly Bears", B)
    others = [card(f"a{i}", "Sol Ring", A) for i in range(2)]
    board = make_board([relic, *others, bears])
    assert (Game.of(board).permanent("relic").power, Game.of(board).permanent("relic").subtypes) == (5, ("Golem",))
    assert_legal(attack(board, {"relic": B}))
    assert not Game.of(make_board([relic, others[0], bears])).permanent("relic").is_creature


def test_warden_of_the_wall_is_a_flying_creature_only_on_other_players_turns() -> None:
    """613.1d: "During turns other than yours, this artifact is a 2/3 Gargoyle artifact creature
    with flying": on its controller's opponent's turn it blocks Serra Angel (702.9b); on its own
    turn it is no creature."""
    angel, warden = card("angel", "Serra Angel", A), card("warden", "Warden of the Wall", B)
    assert_legal(block(make_board([angel, warden], {"angel": B}), {"warden": "angel"}))
    assert not Game.of(make_board([warden], active=B)).permanent("warden").is_creature


def test_613_1d_a_permanent_made_a_creature_without_power_is_an_input_error() -> None:
    """A type change that makes a permanent a creature and sets no power and toughness (the board
    must give them, 208.3): the error names the permanent's field, never a guess."""
    forest = card("forest", "Forest", A, abilities=[{"kind": "type_change", "types": ["creature"]}])
    with pytest.raises(InputError) as caught:
        attack(make_board([forest, card("bears", "Grizzly Bears", B)]), {"forest": B})
    assert caught.value.items[0].loc == ("board", "permanents", 0, "power")
    assert caught.value.items[0].code == "missing"


def test_613_4b_base_power_is_set_only_by_a_type_change_that_adds_creature() -> None:
    with pytest.raises(ValidationError, match="only with types"):
        make_board(
            [
                card(
                    "f",
                    "Forest",
                    A,
                    abilities=[{"kind": "type_change", "subtypes": ["Ooze"], "power": 1, "toughness": 1}],
                )
            ]
        )
    with pytest.raises(ValidationError, match="both power and toughness"):
        make_board([card("f", "Forest", A, abilities=[{"kind": "type_change", "types": ["creature"], "power": 1}])])


@pytest.mark.parametrize(
    ("text", "change"),
    [
        (
            "Enchanted land is a 4/4 Elemental creature with reach and haste. It's still a land.",
            {
                "types": ["creature"],
                "subtypes": ["Elemental"],
                "power": 4,
                "toughness": 4,
                "to": {"ids": ["$attached"]},
            },
        ),
        (
            "Enchanted artifact is a creature with base power and toughness 5/5 in addition to its other types.",
            {"types": ["creature"], "power": 5, "toughness": 5, "to": {"ids": ["$attached"]}},
        ),
        (
            "Forests you control are 1/1 green Elf creatures that are still lands.",
            {
                "types": ["creature"],
                "subtypes": ["Elf"],
                "colors": ["green"],
                "power": 1,
                "toughness": 1,
                "to": {"subtypes": ["Forest"], "controller": "you"},
            },
        ),
    ],
)
def test_205_1b_the_compiler_reads_a_permanent_made_a_creature(text: str, change: dict[str, Any]) -> None:
    compiled = compile_text(text)
    assert not compiled.warnings
    assert {"kind": "type_change", **change} in compiled.abilities


@pytest.mark.parametrize(
    "text",
    [
        "Enchanted land is a 3/3 black Ooze creature.",  # 205.1a: its card types replaced, not kept
        "Enchanted artifact is a blue creature in addition to its other types.",  # colors in addition
        "Enchanted land is a 2/2 creature with blorptweft. It's still a land.",
    ],
)
def test_205_1a_a_creature_made_of_a_permanent_that_would_lose_its_types_is_warned(text: str) -> None:
    assert compile_text(text).warnings


def test_607_2d_metallic_mimic_and_arcane_adaptation_add_the_creature_type_each_chose() -> None:
    """607.2d, 613.1d: Metallic Mimic "is the chosen type in addition to its other types" and
    Arcane Adaptation makes creatures you control the chosen type: each its own choice; with no
    choice on the board the card's warning says so; a chosen land type (Realmwright) stays warned."""
    mimic = card("mimic", "Metallic Mimic", B, chosen={"creature_type": "Wall"})
    board = make_board([mimic, card("x", "Arcane Adaptation", B, chosen={"creature_type": "Elf"})])
    assert set(Game.of(board).permanent("mimic").subtypes) == {"Shapeshifter", "Wall", "Elf"}
    unchosen = make_board([card("mimic", "Metallic Mimic", B)])
    assert any("chosen creature type" in w for w in unchosen.permanents[0].card_warnings)
    assert compile_text("Lands you control are the chosen type in addition to their other types.").warnings


def test_105_3_darkest_hour_makes_every_creature_black_so_grizzly_bears_can_block_fear() -> None:
    """105.3, 613.1e, 702.36b: Darkest Hour's "All creatures are black" sets every creature's colors:
    green Grizzly Bears, now black, can block Severed Legion's fear."""
    legion, bears = card("legion", "Severed Legion", A), card("bears", "Grizzly Bears", B)
    assert_illegal(block(make_board([legion, bears], {"legion": B}), {"bears": "legion"}), "702.36b", "fear")
    dark = make_board([legion, bears, card("hour", "Darkest Hour", B)], {"legion": B})
    assert_legal(block(dark, {"bears": "legion"}))
    assert Game.of(dark).permanent("bears").colors == ("black",)


def test_613_3_transguild_courier_is_all_colors_first_then_darkest_hour_makes_it_black() -> None:
    """604.3, 613.3: Transguild Courier's "is all colors" is a characteristic-defining ability: it is
    white, so it can't block Black Knight (protection from white, 702.16f); with Darkest Hour the
    Courier's own ability applies first within layer 5 and "All creatures are black" after it,
    though Darkest Hour is earlier on the board: the Courier is black only and blocks."""
    knight, courier = card("knight", "Black Knight", A), card("courier", "Transguild Courier", B)
    alone = make_board([knight, courier], {"knight": B})
    assert_illegal(block(alone, {"courier": "knight"}), "702.16f", "protection")
    assert set(Game.of(alone).permanent("courier").colors) == {"white", "blue", "black", "red", "green"}
    dark = make_board([card("hour", "Darkest Hour", B), knight, courier], {"knight": B})
    assert_legal(block(dark, {"courier": "knight"}))
    assert Game.of(dark).permanent("courier").colors == ("black",)


def test_305_7_lush_growth_sets_three_land_types_for_landwalk() -> None:
    """305.7, 702.14c: Lush Growth's "Enchanted land is a Mountain, Forest, and Plains" sets the
    Island's land types: Goblin Mountaineer's mountainwalk now sees a Mountain, Lord of Atlantis'
    islandwalk no Island."""
    goblin, bears, island = (
        card("goblin", "Goblin Mountaineer", A),
        card("bears", "Grizzly Bears", B),
        card("island", "Island", B),
    )
    growth = card("growth", "Lush Growth", A, attached_to="island")
    assert_legal(block(make_board([goblin, bears, island], {"goblin": B}), {"bears": "goblin"}))
    grown = make_board([goblin, bears, island, growth], {"goblin": B})
    assert_illegal(block(grown, {"bears": "goblin"}), "702.14c", "landwalk")
    assert Game.of(grown).permanent("island").subtypes == ("Mountain", "Forest", "Plains")


def test_613_1e_colors_set_are_compiled_colors_added_and_other_changes_are_warned() -> None:
    """105.3, 613.1d-e: issue #25's audit (seed 888): color and type changes no phrase saw were
    dropped in silence. A color set ("is black", "are colorless", "is all colors") is a
    ``type_change`` with ``colors``; a color added ("in addition to its other colors"), a card
    that becomes another permanent (Darksteel Mutation, Minimus Containment, Swift
    Reconfiguration, Ensoul Ring) and every nonbasic land type (Planar Nexus) are warned."""
    catalog = bundled_catalog()

    def compiled(name: str) -> tuple[list[dict[str, Any]], tuple[str, ...]]:
        found = catalog.compiled(catalog.get(name))
        return list(found.abilities), found.warnings

    every = ["white", "blue", "black", "red", "green"]
    assert compiled("Sinister Strength") == (
        [{"kind": "type_change", "colors": ["black"], "to": {"ids": ["$attached"]}}],
        (),
    )
    assert compiled("Ghostflame Sliver") == (
        [{"kind": "type_change", "colors": [], "to": {"subtypes": ["Sliver"]}}],
        (),
    )
    assert compiled("Sphinx of the Guildpact")[0][0] == {"kind": "type_change", "colors": every}
    assert compiled("Dralnu's Crusade") == (
        [
            {"kind": "type_change", "colors": ["black"], "to": {"subtypes": ["Goblin"]}},
            {"kind": "type_change", "subtypes": ["Zombie"], "to": {"subtypes": ["Goblin"]}},
        ],
        (),
    )
    assert compiled("Thran Lens") == ([{"kind": "type_change", "colors": [], "to": {}}], ())  # "All permanents"
    threshold = {"players": [{"who": "you", "graveyard": {"ge": 7}}]}
    assert {"kind": "type_change", "colors": ["black"], "condition": threshold} in compiled("Possessed Aven")[0]
    assert compiled("Mycosynth Lattice")[0][1] == {"kind": "type_change", "colors": [], "to": {}}  # only permanents
    for warned in (
        "Ensoul Ring",
        "Hish of the Snake Cult",
        "Ruff, Underdog Champ",
    ):
        abilities, warnings = compiled(warned)
        assert warnings, warned
        assert not any(a["kind"] == "type_change" and "colors" in a for a in abilities), warned


def test_otherwise_bonds_of_faith_can_t_attack_or_block_unless_it_is_a_human() -> None:
    """ "Enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or
    block." (508.1c, 509.1b): a non-Human enchanted by Bonds of Faith can't attack; a Human can."""
    bears, human = card("bears", "Grizzly Bears", A), card("knight", "Knight of the Holy Nimbus", A)
    for holder, legal in ((bears, False), (human, True)):
        bonds = card("bonds", "Bonds of Faith", B, attached_to=holder["id"])
        verdict = attack(make_board([holder, bonds, card("b", "Grizzly Bears", B)]), {holder["id"]: B})
        assert verdict.legal is legal, holder["card"]


def test_otherwise_hunter_s_blowgun_gives_reach_on_other_players_turns() -> None:
    """ "Equipped creature has deathtouch during your turn. Otherwise, it has reach.": reach while
    it isn't its controller's turn, so the equipped Grizzly Bears blocks Serra Angel then."""
    angel, bears = card("angel", "Serra Angel", A), card("bears", "Grizzly Bears", B)
    blowgun = card("gun", "Hunter's Blowgun", B, attached_to="bears")
    assert_legal(block(make_board([angel, bears, blowgun], {"angel": B}), {"bears": "angel"}))


def test_105_3_ghoulflesh_adds_black_so_the_enchanted_bears_block_fear() -> None:
    """105.3, 613.1e, 702.36b: Ghoulflesh's "is a black Zombie in addition to its other colors and
    types" adds black to green Grizzly Bears (a green and black Bear Zombie), which may then block
    Cateran Enforcer's fear."""
    enforcer, bears = card("enforcer", "Cateran Enforcer", A), card("bears", "Grizzly Bears", B)
    assert_illegal(block(make_board([enforcer, bears], {"enforcer": B}), {"bears": "enforcer"}), "702.36b", "fear")
    board = make_board([enforcer, bears, card("g", "Ghoulflesh", A, attached_to="bears")], {"enforcer": B})
    assert_legal(block(board, {"bears": "enforcer"}))
    zombie = Game.of(board).permanent("bears")
    assert (set(zombie.colors), set(zombie.subtypes)) == ({"green", "black"}, {"Bear", "Zombie"})


def test_205_4_on_serra_s_wings_makes_the_creature_legendary() -> None:
    """205.4: "Enchanted creature is legendary": a supertype added, as filters read it."""
    board = make_board([card("bears", "Grizzly Bears", B), card("w", "On Serra's Wings", B, attached_to="bears")])
    assert "legendary" in Game.of(board).permanent("bears").supertypes


def test_105_3_leyline_of_the_guildpact_makes_nonland_permanents_all_colors() -> None:
    """105.3, 613.1e: "Each nonland permanent you control is all colors" sets their colors."""
    compiled = compile_text("Each nonland permanent you control is all colors.")
    every = ["white", "blue", "black", "red", "green"]
    assert compiled.abilities == (
        {"kind": "type_change", "colors": every, "to": {"not": {"types": ["land"]}, "controller": "you"}},
    )


def test_205_3d_a_land_made_a_dragon_gains_no_creature_type() -> None:
    """205.3d: "Each permanent is a Dragon in addition to its other types" makes creatures Dragons
    but not a land: a subtype goes only with its card type (a creature type with creature, 205.3m)."""
    attacker = creature("a", "Drake", A, 2, 2, K("cant_be_blocked_except_by", by={"subtypes": ["Dragon"]}))
    bear = creature("g", "Bear", B)
    forest = permanent("f", "Forest", B, ["land"], subtypes=["Forest"])
    dragons = permanent("x", "Omen", A, ["enchantment"], K("type_change", to={}, subtypes=["Dragon", "Desert"]))
    board = make_board([attacker, bear, forest, dragons], {"a": B})
    assert_legal(block(board, {"g": "a"}))
    game = Game.of(board)
    assert game.permanent("g").subtypes == ("Dragon",)  # a land type goes only to a land
    assert game.permanent("f").subtypes == ("Forest", "Desert")  # a creature type only to a creature


def test_205_3d_real_cards_undercover_skrull_blood_tokens_and_enchanted_evening() -> None:
    """205.3m, 205.3g, 613.1d: "is all creature types" (Undercover Skrull), "Blood tokens you
    control are Equipment" (Arterial Alchemy: Blood is an artifact type only tokens have), "All
    permanents are enchantments" (Enchanted Evening)."""
    catalog = bundled_catalog()

    def compiled(name: str) -> list[dict[str, Any]]:
        found = catalog.compiled(catalog.get(name))
        assert found.warnings == (), found.warnings
        return [a for a in found.abilities if a["kind"] == "type_change"]

    graveyard = {"who": "you", "graveyard_cards": {"filter": {"types": ["creature"]}, "count": {"ge": 2}}}
    assert compiled("Undercover Skrull") == [
        {"kind": "type_change", "every_creature_type": True, "condition": {"players": [graveyard]}}
    ]
    assert compiled("Arterial Alchemy") == [
        {
            "kind": "type_change",
            "subtypes": ["Equipment"],
            "to": {"token": True, "subtypes": ["Blood"], "controller": "you"},
        }
    ]
    assert compiled("Enchanted Evening") == [{"kind": "type_change", "types": ["enchantment"], "to": {}}]
