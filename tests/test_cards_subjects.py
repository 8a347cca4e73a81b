"""The compiler's subjects, lists and conditions on real cards (issue #25): "Skeletons and Zombies
you control", "creatures you control with +1/+1 counters on them", "another Wolf or Werewolf",
"snow swampwalk", and the text that only looks like legality text (a spell's cost, deck building)."""

from __future__ import annotations

from typing import Any

import pytest
from asserts import A, B, attack, block, make_board

from combat_solver.cards.card_record import CardRecord
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.compiled import Compiled
from combat_solver.cards.nouns import Nouns
from combat_solver.cards.phrases import bears_on_legality


def compiled(name: str) -> Compiled:
    catalog = bundled_catalog()
    return catalog.compiler.compile(catalog.get(name))


def text(oracle: str) -> Compiled:
    """A test card with this Oracle text."""
    record = CardRecord(
        name="Test Card", mana_cost="", types=("enchantment",), subtypes=(), supertypes=(),
        power=None, toughness=None, text=oracle, layout="normal", colors=(),
    )  # fmt: skip
    return bundled_catalog().compiler.compile(record)


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
        "$self gets +1/+1 for each other creature on the battlefield with flying.",  # Pride of the Clouds
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


def test_a_quoted_ability_is_never_split_at_its_commas() -> None:
    """A granted triggered ability with commas and "if" inside its quotes (The Knight of Land
    Drops) or "until" (Fallen Ideal) is a note; the keywords beside it compile (702.10, 702.9)."""
    knight = compiled("The Knight of Land Drops")
    assert list(knight.abilities) == [
        {"kind": "grant", "to": {"subtypes": ["Knight"], "controller": "you"}, "ability": {"kind": "haste"}}
    ]
    assert knight.warnings == () and any("grants an activated or triggered ability" in n for n in knight.notes)
    assert abilities("Fallen Ideal") == [{"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "flying"}}]


EQUIPPED = {"filter": {"subtypes": ["Equipment"]}, "at_least": 1}
ENCHANTED = {"filter": {"subtypes": ["Aura"]}, "at_least": 1}


def test_equipped_and_enchanted_subjects() -> None:
    """301.5a, 303.4b: "Equipped creatures you control have haste" (Firion), "Creatures that are
    enchanted can't attack or block" (Song of Serenity), "can't be blocked by enchanted creatures
    or enchantment creatures" (Temple Thief)."""
    assert abilities("Firion, Wild Rose Warrior") == [
        {"kind": "grant", "to": {"controller": "you", "attached": EQUIPPED}, "ability": {"kind": "haste"}}
    ]
    assert abilities("Song of Serenity") == [
        {"kind": "grant", "to": {"attached": ENCHANTED}, "ability": {"kind": k}} for k in ("cant_attack", "cant_block")
    ]
    assert abilities("Temple Thief") == [
        {
            "kind": "cant_be_blocked_by",
            "by": {"any_of": [{"types": ["creature"], "attached": ENCHANTED}, {"types": ["creature", "enchantment"]}]},
        }
    ]


def test_firion_gives_haste_only_to_an_equipped_creature() -> None:
    """302.6, 702.10b: a summoning-sick Grizzly Bears attacks under Firion only while equipped."""

    def board(equipped: bool) -> Any:
        sword = {"id": "sword", "card": "Short Sword", "controller": A}
        return make_board(
            [
                {"id": "firion", "card": "Firion, Wild Rose Warrior", "controller": A},
                {"id": "bears", "card": "Grizzly Bears", "controller": A, "summoning_sick": True},
                {**sword, "attached_to": "bears"} if equipped else sword,
            ]
        )

    assert not attack(board(False), {"bears": B}).legal
    assert attack(board(True), {"bears": B}).legal


def test_relative_clauses_and_lists_of_creatures() -> None:
    """ "Each creature that's a Barbarian, a Warrior, or a Berserker" (Lovisa Coldeyes), "that are
    Zombies and/or tokens" (On Wings of Gold), "White creatures and blue creatures" (Magistrate's
    Veto), "without flying or islandwalk" (Stormtide Leviathan, 702.14a)."""
    assert abilities("Lovisa Coldeyes")[0]["to"] == {"subtypes": ["Barbarian", "Warrior", "Berserker"]}
    assert abilities("On Wings of Gold")[0]["to"] == {
        "any_of": [{"subtypes": ["Zombie"]}, {"token": True}],
        "controller": "you",
    }
    assert abilities("Magistrate's Veto") == [
        {
            "kind": "grant",
            "to": {"any_of": [{"colors": ["white"]}, {"colors": ["blue"]}]},
            "ability": {"kind": "cant_block"},
        }
    ]
    island = {"kind": "landwalk", "land": {"subtypes": ["Island"]}}
    stormtide = compiled("Stormtide Leviathan").abilities
    assert stormtide[-1] == {
        "kind": "grant",
        "to": {"not": {"any_of": [{"has": ["flying"]}, {"has": [island]}]}},
        "ability": {"kind": "cant_attack"},
    }


def test_a_grant_to_attacking_creatures_is_only_what_matters_once_they_attack() -> None:
    """506.4, 509.1: "Attacking creatures you control have menace" (Gruul War Chant) compiles; a
    grant to attacking creatures of what matters while attackers are declared (haste, 302.6) isn't
    known then, so it stays a warning."""
    assert abilities("Gruul War Chant") == [
        {"kind": "grant", "to": {"attacking": True, "controller": "you"}, "ability": {"kind": "menace"}}
    ]
    warned = text("Attacking creatures you control have haste.")
    assert warned.abilities == () and len(warned.warnings) == 1


def _you_control(filter_: dict[str, Any], at_least: int = 1) -> dict[str, Any]:
    return {"players": [{"who": "you", "controls": {"filter": filter_, "at_least": at_least}}]}


OTHER = {"not": {"ids": ["$self"]}}


def test_board_state_conditions_of_requirements_and_restrictions() -> None:
    """508.1c-d, 509.1b-c: "attacks each combat if able unless you control another Ally" (Reckless
    Cohort), "unless you control a creature named Advocate of the Beast" (Marauding Maulhorn),
    "unless you control at least three other creatures" (Oketra the True), "unless defending player
    controls an enchantment or an enchanted permanent" (Godhunter Octopus)."""
    assert abilities("Reckless Cohort") == [
        {"kind": "must_attack", "unless": _you_control({"subtypes": ["Ally"], **OTHER})}
    ]
    assert abilities("Marauding Maulhorn") == [
        {"kind": "must_attack", "unless": _you_control({"types": ["creature"], "name": "Advocate of the Beast"})}
    ]
    three_others = _you_control({"types": ["creature"], **OTHER}, 3)
    assert abilities("Oketra the True") == [{"kind": k, "unless": three_others} for k in ("cant_attack", "cant_block")]
    assert abilities("Godhunter Octopus") == [
        {
            "kind": "cant_attack_unless",
            "defending_player_controls": {
                "filter": {"any_of": [{"types": ["enchantment"]}, {"attached": ENCHANTED}]},
                "at_least": 1,
            },
        }
    ]


def test_conditions_on_the_battlefield_and_on_opponents() -> None:
    """ "unless there is a Mountain on the battlefield" (Glacial Crasher), "if there's another
    creature on the battlefield" (Shauku), "if an enchantment is on the battlefield" (Wirecat), "as
    long as a creature has a -1/-1 counter on it" (Tenacious Hunter), "as long as no opponent
    controls a white or blue creature" (Kavu Runner)."""
    assert abilities("Glacial Crasher") == [
        {"kind": "cant_attack", "unless": {"battlefield": {"filter": {"subtypes": ["Mountain"]}, "at_least": 1}}}
    ]
    assert abilities("Shauku, Endbringer")[1] == {
        "kind": "cant_attack",
        "condition": {"battlefield": {"filter": {"types": ["creature"], **OTHER}, "at_least": 1}},
    }
    enchantment = {"battlefield": {"filter": {"types": ["enchantment"]}, "at_least": 1}}
    assert abilities("Wirecat") == [{"kind": k, "condition": enchantment} for k in ("cant_attack", "cant_block")]
    assert abilities("Tenacious Hunter") == [
        {
            "kind": "vigilance",
            "condition": {
                "battlefield": {"filter": {"types": ["creature"], "counters": {"-1/-1": {"ge": 1}}}, "at_least": 1}
            },
        }
    ]
    white_or_blue = {"filter": {"types": ["creature"], "colors": ["white", "blue"]}, "at_least": 1}
    assert abilities("Kavu Runner") == [
        {"kind": "haste", "condition": {"not": {"players": [{"who": "opponent", "controls": white_or_blue}]}}}
    ]


def test_glacial_crasher_attacks_only_with_a_mountain_on_the_battlefield() -> None:
    """508.1c: any player's Mountain will do; without one it can't attack."""
    crasher = {"id": "crasher", "card": "Glacial Crasher", "controller": A}
    assert not attack(make_board([crasher]), {"crasher": B}).legal
    mountain = {"id": "m", "card": "Mountain", "controller": B}
    assert attack(make_board([crasher, mountain]), {"crasher": B}).legal


def test_the_sources_own_counters_power_and_modified_state() -> None:
    """122.1: "as long as it has no shell counters on it" (Roc Hatchling), "unless he has a +1/+1
    counter on him" (Pipsqueak); "unless its power is 6 or greater" (Technodrome); 700.9: "as long
    as it's modified" (Skyward Spider), "Modified creatures you control" (Artillery Enthusiast)."""
    assert abilities("Roc Hatchling") == [
        {"kind": "flying", "condition": {"source": {"counters": {"shell": {"eq": 0}}}}}
    ]
    assert abilities("Pipsqueak, Rebel Strongarm") == [
        {"kind": "cant_attack_alone", "unless": {"source": {"counters": {"+1/+1": {"ge": 1}}}}}
    ]
    six = {"source": {"power": {"ge": 6}}}
    assert abilities("Technodrome")[1:] == [{"kind": k, "unless": six} for k in ("cant_attack", "cant_block")]
    modified = [
        {"counters": {"any": {"ge": 1}}},
        {"attached": EQUIPPED},
        {"attached": {"filter": {"subtypes": ["Aura"], "controller": "you"}, "at_least": 1}},
    ]
    assert abilities("Skyward Spider") == [{"kind": "flying", "condition": {"source": {"any_of": modified}}}]
    assert abilities("Artillery Enthusiast")[0]["to"] == {"any_of": modified, "controller": "you"}


def test_modified_creatures_of_anyone_are_not_read() -> None:
    """700.9: "an Aura controlled by that permanent's controller" is the ability's "you" only for
    creatures you control; "Modified creatures have haste" stays a warning."""
    warned = text("Modified creatures have haste.")
    assert warned.abilities == () and len(warned.warnings) == 1


def test_roc_hatchling_flies_only_without_shell_counters() -> None:
    """702.9b: a Roc Hatchling with a shell counter can be blocked by Grizzly Bears; without one it
    flies and can't."""

    def blocked(counters: dict[str, int]) -> bool:
        board = make_board(
            [
                {"id": "roc", "card": "Roc Hatchling", "controller": A, "counters": counters},
                {"id": "bears", "card": "Grizzly Bears", "controller": B},
            ],
            attackers={"roc": B},
        )
        return block(board, {"bears": "roc"}).legal

    assert blocked({"shell": 1})
    assert not blocked({})


def test_skyward_spider_flies_while_equipped() -> None:
    """700.9, 702.9b: an Equipment attached makes it modified, so it flies."""

    def blocked(equipped: bool) -> bool:
        sword = {"id": "sword", "card": "Short Sword", "controller": A}
        board = make_board(
            [
                {"id": "spider", "card": "Skyward Spider", "controller": A},
                {"id": "bears", "card": "Grizzly Bears", "controller": B},
                {**sword, "attached_to": "spider"} if equipped else sword,
            ],
            attackers={"spider": B},
        )
        return block(board, {"bears": "spider"}).legal

    assert blocked(False)
    assert not blocked(True)


def test_hundred_handed_one_blocks_a_hundred_while_monstrous() -> None:
    """509.1a: "can block an additional ninety-nine creatures each combat" (a hyphenated number)."""
    assert abilities("Hundred-Handed One")[1:] == [
        {"kind": "reach", "condition": {"source": {"monstrous": True}}},
        {"kind": "block_additional", "n": 99, "condition": {"source": {"monstrous": True}}},
    ]


def test_goblin_glory_chaser_has_menace_while_renowned() -> None:
    """702.112b, 702.111b: a renowned Goblin Glory Chaser (the board's `renowned`) can't be blocked
    by one creature alone; before it is renowned it can."""
    assert abilities("Goblin Glory Chaser")[-1] == {"kind": "menace", "condition": {"source": {"renowned": True}}}

    def blocked(renowned: bool) -> bool:
        board = make_board(
            [
                {"id": "chaser", "card": "Goblin Glory Chaser", "controller": A, "renowned": renowned},
                {"id": "bears", "card": "Grizzly Bears", "controller": B},
            ],
            attackers={"chaser": B},
        )
        return block(board, {"bears": "chaser"}).legal

    assert blocked(False)
    assert not blocked(True)


def test_knights_your_team_controls_include_a_teammates() -> None:
    """102.4, 805.10b: Khorvath Brightflame's "Knights your team controls have haste" reaches
    andy's summoning-sick White Knight when alice (his teammate) controls Khorvath, not when dana
    (an opponent) does; without teams "your team" is just you."""
    assert abilities("Khorvath Brightflame")[2]["to"] == {"subtypes": ["Knight"], "controller": "team"}

    def board(khorvath_controller: str) -> Any:
        return make_board(
            [
                {"id": "khorvath", "card": "Khorvath Brightflame", "controller": khorvath_controller},
                {"id": "knight", "card": "White Knight", "controller": "andy", "summoning_sick": True},
            ],
            players=(A, "andy", "dana", "dave"),
            teams={A: "A", "andy": "A", "dana": "D", "dave": "D"},
            shared=True,
        )

    assert attack(board(A), {"knight": "dana"}).legal
    assert not attack(board("dana"), {"knight": "dana"}).legal


def test_goblin_goon_compares_creatures_with_the_player_it_would_attack() -> None:
    """508.1c, 802.2a: "can't attack unless you control more creatures than defending player" is
    read per attack target (the defending player is the one it would attack); its block half's
    "attacking player" is the active player (506.2; with shared team turns a verdict warning, 805.10c)."""
    goon = compiled("Goblin Goon")
    creatures = {"types": ["creature"]}
    assert list(goon.abilities) == [
        {
            "kind": "cant_attack",
            "unless": {
                "compare": [
                    {
                        "left": {"filter": creatures},
                        "op": "gt",
                        "right": {"who": "defending_player", "filter": creatures},
                    }
                ]
            },
        },
        {
            "kind": "cant_block",
            "unless": {
                "compare": [
                    {"left": {"filter": creatures}, "op": "gt", "right": {"who": "active_player", "filter": creatures}}
                ]
            },
        },
    ]
    assert goon.warnings == ()
    board = make_board(
        [
            {"id": "goon", "card": "Goblin Goon", "controller": A},
            {"id": "bears", "card": "Grizzly Bears", "controller": A},
            {"id": "b1", "card": "Grizzly Bears", "controller": B},
            {"id": "c1", "card": "Grizzly Bears", "controller": "carol"},
            {"id": "c2", "card": "Grizzly Bears", "controller": "carol"},
        ],
        players=(A, B, "carol"),
    )
    assert attack(board, {"goon": B}).legal
    assert not attack(board, {"goon": "carol"}).legal


def test_an_intervening_its_power_names_the_attacker_not_the_aura() -> None:
    """603.4: Writ of Passage's "Whenever enchanted creature attacks, if its power is 2 or less" is
    about the enchanted creature, the attacker that triggers it (its ``who``); a condition on the
    Aura (the trigger's source) would be wrong. Angelic Sell-Sword's "if its power is 6 or greater"
    is its own."""
    writ = compiled("Writ of Passage")
    assert writ.abilities == ({"kind": "attack_trigger", "who": {"ids": ["$attached"], "power": {"le": 2}}},)
    assert writ.warnings == ()
    assert abilities("Angelic Sell-Sword")[2] == {
        "kind": "attack_trigger",
        "condition": {"source": {"power": {"ge": 6}}},
    }


def test_each_half_of_cant_attack_you_or_block_and_power_or_toughness() -> None:
    """508.1c, 509.1b: Storm, Windrider's "Creatures with flying can't attack you or block creatures
    you control" is two restrictions; Tetsuko Umezawa's "Creatures you control with power or
    toughness 1 or less can't be blocked" reaches a creature meeting either bound."""
    flying = {"has": ["flying"]}
    assert abilities("Storm, Windrider")[1:] == [
        {"kind": "grant", "to": flying, "ability": {"kind": "cant_attack", "target": {"player": "you"}}},
        {"kind": "grant", "to": flying, "ability": {"kind": "cant_block", "attackers": {"controller": "you"}}},
    ]
    small = {"any_of": [{"power": {"le": 1}}, {"toughness": {"le": 1}}], "controller": "you"}
    assert abilities("Tetsuko Umezawa, Fugitive")[0]["to"] == small
    board = make_board(
        [
            {"id": "tetsuko", "card": "Tetsuko Umezawa, Fugitive", "controller": A},
            {"id": "bears", "card": "Grizzly Bears", "controller": A},
            {"id": "wall", "card": "Wall of Wood", "controller": B},
        ],
        attackers={"tetsuko": B, "bears": B},
    )
    assert not block(board, {"wall": "tetsuko"}).legal
    assert block(board, {"wall": "bears"}).legal


def test_each_keyword_with_its_own_condition() -> None:
    """702.9b, 702.10b: Tribal Golem "has trample as long as you control a Beast, haste as long as
    you control a Goblin, ... flying as long as you control a Wizard"; Multiclass Baldric's
    "Equipped creature has ... haste if you control a Warrior, and flying if you control a Wizard":
    each keyword its own condition (the regeneration quoted is a note)."""

    def you_control(subtype: str) -> dict[str, Any]:
        return _you_control({"subtypes": [subtype]})

    golem = compiled("Tribal Golem")
    assert list(golem.abilities) == [
        {"kind": "haste", "condition": you_control("Goblin")},
        {"kind": "flying", "condition": you_control("Wizard")},
    ]
    assert golem.warnings == () and golem.notes
    assert abilities("Multiclass Baldric") == [
        {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": k}, "condition": you_control(s)}
        for k, s in (("haste", "Warrior"), ("flying", "Wizard"))
    ]
    board = make_board(
        [
            {"id": "golem", "card": "Tribal Golem", "controller": A},
            {"id": "bears", "card": "Grizzly Bears", "controller": B},
            {"id": "wizard", "card": "Prodigal Sorcerer", "controller": A},
        ],
        attackers={"golem": B},
    )
    assert not block(board, {"bears": "golem"}).legal


def test_an_unknown_word_in_a_has_list_is_warned_never_dropped() -> None:
    """702.1: a word that is no keyword the rules define can't be read as one: Mister Cheddar's
    "have ratmanship" (an evasion known only by its reminder text) is warned ("protection from
    white, blue, and red" is a protection from each, 702.16: tests/test_cards_combat_wordings.py)."""
    assert compiled("Mister Cheddar, Cheese Sliver").warnings
    quiet = text("Creatures you control have flying and lifelink.")  # lifelink: CR 702, nothing for combat
    assert quiet.warnings == ()
    assert quiet.abilities == ({"kind": "grant", "to": {"controller": "you"}, "ability": {"kind": "flying"}},)


def test_509_1b_jeskai_infiltrator_unblockable_only_while_you_control_no_other_creature() -> None:
    """ "can't be blocked as long as you control no other creatures": the Infiltrator itself
    doesn't count (once read as "no creatures", never true while it is on the battlefield)."""

    def board(*others: dict[str, Any]) -> Any:
        jeskai = {"id": "jeskai", "card": "Jeskai Infiltrator", "controller": A}
        wall = {"id": "wall", "card": "Wall of Wood", "controller": B}
        return make_board([jeskai, wall, *others], attackers={"jeskai": B})

    assert not block(board(), {"wall": "jeskai"}).legal
    assert block(board({"id": "bears", "card": "Grizzly Bears", "controller": A}), {"wall": "jeskai"}).legal


def test_509_1b_flutterfox_flies_with_an_artifact_or_an_enchantment() -> None:
    """ "As long as you control an artifact or enchantment": either one (once read as a
    permanent that is both, an artifact enchantment)."""

    def board(*others: dict[str, Any]) -> Any:
        fox = {"id": "fox", "card": "Flutterfox", "controller": A}
        bears = {"id": "bears", "card": "Grizzly Bears", "controller": B}
        return make_board([fox, bears, *others], attackers={"fox": B})

    assert block(board(), {"bears": "fox"}).legal
    assert not block(board({"id": "o", "card": "Ornithopter", "controller": A}), {"bears": "fox"}).legal
    assert not block(board({"id": "p", "card": "Propaganda", "controller": A}), {"bears": "fox"}).legal


def test_702_16_a_list_joining_unlike_words_is_warned_never_read_as_one_filter() -> None:
    """ "You and permanents you control have protection from Salamanders" once gave protection to
    creatures of a subtype "You": it gives it to the creatures you control (the player's protection
    restricts no attack or block, 702.16f); "artifact or enchantment" is either, never both (205.2a)."""
    nouns = Nouns(frozenset({"You", "Wolf", "Werewolf"}))
    assert nouns.creatures("artifact or enchantment") is None
    assert nouns.creatures("You and permanents") is None
    assert nouns.creatures("white, blue, or red creatures") == {
        "types": ["creature"],
        "colors": ["white", "blue", "red"],
    }
    assert nouns.creatures("other creatures") is None  # "other" is its reader's: not: {ids: [$self]}
    gor = compiled("Gor Muldrak, Amphinologist")  # the player's protection restricts nothing (702.16b-f)
    assert gor.abilities == (
        {
            "kind": "grant",
            "to": {"controller": "you"},
            "ability": {"kind": "protection", "from": {"subtypes": ["Salamander"]}},
        },
    )
    assert not gor.warnings


def test_radiant_destinys_they_also_are_the_first_sentences_creatures_702_131() -> None:
    """Radiant Destiny: "Creatures you control of the chosen type get +1/+1. As long as you have
    the city's blessing, they also have vigilance": "they" are those creatures (607.2d, 702.131c)."""
    destiny = compiled("Radiant Destiny")
    blessed = {"players": [{"who": "you", "designations": ["city's blessing"]}]}
    vigilance = {"kind": "vigilance"}
    assert list(destiny.abilities) == [
        {
            "kind": "grant",
            "to": {"subtypes": ["chosen"], "controller": "you"},
            "ability": vigilance,
            "condition": blessed,
        }
    ]
    assert destiny.warnings == ()


def test_205_3_veteran_adventurer_is_also_every_party_type() -> None:
    """Veteran Adventurer: "is also a Cleric, Rogue, Warrior, and Wizard": those subtypes added (205.3)."""
    assert compiled("Veteran Adventurer").abilities[0] == {
        "kind": "type_change",
        "subtypes": ["Cleric", "Rogue", "Warrior", "Wizard"],
    }


def test_701_35a_701_60c_detain_and_suspect_bear_on_legality() -> None:
    """701.35a: a detained permanent can't attack or block; 701.60c: a suspected one has menace and
    can't block. The actions bear on legality (a note of what resolves: audit 2595 found Soulsworn
    Spirit's detain with neither note nor warning); "suspected" alone and suspect counters don't."""
    assert bears_on_legality("When $self enters, detain target creature an opponent controls.")
    assert bears_on_legality("Otherwise, suspect it.")
    assert not bears_on_legality("If the sacrificed creature was suspected, draw two cards instead.")
    assert not bears_on_legality("{2}, {T}, Remove a suspect counter from $self: Draw a card.")
    catalog = bundled_catalog()
    for name, word in (("Soulsworn Spirit", "detain"), ("Barbed Servitor", "suspect it")):
        compiled = catalog.compiled(catalog.get(name))
        assert any(word in n and "once it resolves" in n for n in compiled.notes), compiled.notes
