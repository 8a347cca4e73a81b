"""Real cards, by name, that samples 59 onward (held out, graded once) and audits of random draws
found read wrong or not read: a trigger's subject "other than <this>" (another one), "a
creature that's enchanted by an Aura you control", "<this> and other Knights you control",
"non-Gideon" (a subtype, not the card's name), "Artifact creatures and Dragons you control", a
player's protection (nothing for combat), the life a mana ability gains or loses under a condition,
attack triggers' intervening "if" about the attacked player, requirements once one of a kind
attacks (Magnetic Web, War's Toll), protection from the colors of permanents you control."""

from __future__ import annotations

from typing import Any

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.model.records import Verdict


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def test_508_1m_other_than_this_creature_is_another() -> None:
    """Rhuk, Hexgold Nabber: "Whenever an equipped creature you control other than Rhuk attacks or
    dies" triggers on another equipped creature's attack (508.1m), never on Rhuk's own."""
    rhuk = _compiled("Rhuk, Hexgold Nabber")
    assert {
        "kind": "attack_trigger",
        "who": {
            "attached": {"filter": {"subtypes": ["Equipment"]}, "at_least": 1},
            "not": {"ids": ["$self"]},
            "controller": "you",
        },
    } in rhuk.abilities
    assert not rhuk.warnings


def _attack(permanents: list[dict[str, Any]], attacks: dict[str, str], active: str = "alice") -> Verdict:
    board = Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": active, "permanents": permanents},
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks=attacks))


def test_508_1c_a_creature_enchanted_by_an_aura_you_control() -> None:
    """Eriette of the Charmed Apple: "Each creature that's enchanted by an Aura you control can't
    attack you": the Aura's controller is Eriette's (303.4b), not the creature's (508.1c)."""
    eriette = _compiled("Eriette of the Charmed Apple")
    assert not eriette.warnings
    board = [
        {"id": "eriette", "card": "Eriette of the Charmed Apple", "controller": "alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "flight", "card": "Spectral Flight", "controller": "alice", "attached_to": "bears"},
    ]
    assert not _attack(board, {"bears": "alice"}, active="bob").legal
    theirs = [*board[:2], {**board[2], "controller": "bob"}]
    assert _attack(theirs, {"bears": "alice"}, active="bob").legal


def test_611_3a_this_creature_and_other_knights_have_flying() -> None:
    """Dion, Bahamut's Dominant: "During your turn, Dion and other Knights you control have
    flying": Dion's own flying and the grant, each during its controller's turn only."""
    dion = _compiled("Dion, Bahamut's Dominant // Bahamut, Warden of Light")
    assert not dion.warnings
    assert {"kind": "flying", "condition": {"your_turn": True}} in dion.abilities
    assert {
        "kind": "grant",
        "to": {"subtypes": ["Knight"], "controller": "you", "not": {"ids": ["$self"]}},
        "ability": {"kind": "flying"},
        "condition": {"your_turn": True},
    } in dion.abilities


def test_205_3j_non_gideon_is_a_subtype_not_the_card_itself() -> None:
    """Gideon, the Oathsworn: "Whenever you attack with two or more non-Gideon creatures": the
    planeswalker type Gideon (205.3j), not the card's short name; two such attackers (508.3c)."""
    gideon = _compiled("Gideon, the Oathsworn")
    assert gideon.abilities == (
        {
            "kind": "attack_trigger",
            "who": {"not": {"subtypes": ["Gideon"]}, "controller": "you"},
            "once": True,
            "matching": {"ge": 2},
        },
    )


def test_508_1m_creatures_enchanted_by_an_aura_you_control_attack() -> None:
    """Killian, Decisive Mentor: "Whenever one or more creatures that are enchanted by an Aura you
    control attack": the Aura is yours, the creature anyone's (303.4b), once per attack (603.2c)."""
    killian = _compiled("Killian, Decisive Mentor")
    assert {
        "kind": "attack_trigger",
        "who": {"attached": {"filter": {"subtypes": ["Aura"], "controller": "you"}, "at_least": 1}},
        "once": True,
    } in killian.abilities


def test_702_16f_artifact_creatures_and_dragons_you_control() -> None:
    """Glorious Dragon-Kin: "Artifact creatures and Dragons you control have protection from the
    chosen color": either kind (205.2a), yours; blocked only by creatures not of that color."""
    kin = _compiled("Glorious Dragon-Kin")
    assert not kin.warnings
    assert {
        "kind": "grant",
        "to": {"any_of": [{"types": ["artifact", "creature"]}, {"subtypes": ["Dragon"]}], "controller": "you"},
        "ability": {"kind": "protection", "from": {"colors": ["chosen"]}},
    } in kin.abilities


def test_702_16_a_players_protection_restricts_no_attack_or_block() -> None:
    """Absolute Virtue, Runed Halo: "You have protection from ...": protection keeps a player from
    damage, Auras and targets (702.16b-e), never from being attacked; nothing to warn about."""
    assert _compiled("Absolute Virtue").abilities == ({"kind": "flying"},)
    assert not _compiled("Absolute Virtue").warnings
    assert not _compiled("Runed Halo").warnings


def test_508_3d_attack_with_one_or_more_creatures_is_attack() -> None:
    """Screaming Swarm: "Whenever you attack with one or more creatures" is "whenever you attack"
    (508.3d): once per declaration, spelled as Guide of Souls' trigger."""
    assert {"kind": "attack_trigger", "who": {"controller": "you"}, "once": True} in _compiled(
        "Screaming Swarm"
    ).abilities


def test_605_1a_life_gained_or_lost_with_the_mana_under_a_condition() -> None:
    """Avid Reclaimer: "{T}: Add {G} or {U}. If you control a Nissa planeswalker, you gain 2 life":
    the life comes with the mana only while the condition holds, two abilities of one {T} (as Tomb
    of Urami); Temur Elevator loses 1 life without the city's blessing (702.131); Cryptolith
    Fragment's "Each player loses 1 life" costs its controller 1 life (119.3)."""
    nissa = {
        "players": [
            {"who": "you", "controls": {"filter": {"types": ["planeswalker"], "subtypes": ["Nissa"]}, "at_least": 1}}
        ]
    }
    assert _compiled("Avid Reclaimer").abilities == (
        {"kind": "mana", "produces": "GU", "gains_life": 2, "condition": nissa},
        {"kind": "mana", "produces": "GU", "unless": nissa},
    )
    blessing = {"players": [{"who": "you", "designations": ["city's blessing"]}]}
    assert _compiled("Temur Elevator").abilities == (
        {"kind": "mana", "produces": "GUR", "damage_to_you": 1, "unless": blessing},
        {"kind": "mana", "produces": "GUR", "condition": blessing},
    )
    fragment = _compiled("Cryptolith Fragment // Aurora of Emrakul")
    assert fragment.abilities == ({"kind": "mana", "produces": "any", "amount": 1, "damage_to_you": 1},)
    assert not fragment.warnings


def _triggered(verdict: Verdict, card: str) -> int:
    return sum(t.count for t in verdict.triggers if t.source == card)


def _two_player(permanents: list[dict[str, Any]], attacks: dict[str, str], **players: Any) -> Verdict:
    board = Board.model_validate(
        {
            "players": [{"id": "alice", **players.get("alice", {})}, {"id": "bob", **players.get("bob", {})}],
            "active_player": "bob",
            "permanents": permanents,
        },
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks=attacks))


def test_603_4_two_or_more_of_those_creatures_attacking_you() -> None:
    """Mangara, the Diplomat: "Whenever an opponent attacks with creatures, if two or more of those
    creatures are attacking you and/or planeswalkers you control": once (603.2c), only with two
    attackers on you (603.4), never on one."""
    bears = [{"id": f"b{i}", "card": "Grizzly Bears", "controller": "bob"} for i in (1, 2)]
    board = [{"id": "mangara", "card": "Mangara, the Diplomat", "controller": "alice"}, *bears]
    assert _triggered(_two_player(board, {"b1": "alice", "b2": "alice"}), "Mangara, the Diplomat") == 1
    assert _triggered(_two_player(board, {"b1": "alice"}), "Mangara, the Diplomat") == 0


def test_603_4_defending_player_has_more_cards_in_hand() -> None:
    """Robber of the Rich: "Whenever this creature attacks, if defending player has more cards in
    hand than you": the attacked player's hand against its controller's (802.2a)."""
    board = [{"id": "robber", "card": "Robber of the Rich", "controller": "bob"}]
    more = _two_player(board, {"robber": "alice"}, alice={"hand": 3}, bob={"hand": 1})
    fewer = _two_player(board, {"robber": "alice"}, alice={"hand": 1}, bob={"hand": 3})
    assert _triggered(more, "Robber of the Rich") == 1 and _triggered(fewer, "Robber of the Rich") == 0


def test_603_4_conditions_of_attack_triggers_now_read() -> None:
    """Scourge of the Throne's "if it's attacking the player with the most life" (dethrone's
    quality, 702.105a), Kazuul's "if you're the defending player" (506.2: you, your planeswalkers,
    the battles you protect), Aurora Champion's "if your team controls another Warrior" (102.4)."""
    assert {"kind": "attack_trigger", "first_time_each_turn": True, "most_life": True} in _compiled(
        "Scourge of the Throne"
    ).abilities
    assert {
        "kind": "attack_trigger",
        "who": {"controller": "opponent"},
        "target": {"player": "you", "planeswalkers": True, "battles": True},
    } in _compiled("Kazuul, Tyrant of the Cliffs").abilities
    team = {"subtypes": ["Warrior"], "not": {"ids": ["$self"]}, "controller": "team"}
    assert _compiled("Aurora Champion").abilities == (
        {"kind": "attack_trigger", "condition": {"battlefield": {"filter": team, "at_least": 1}}},
    )


def test_603_4_an_unread_intervening_if_says_so_in_its_note() -> None:
    """A trigger whose intervening "if" isn't read is never counted without it (603.4), and its
    note says the verdict leaves it out (Karlach's "if it's the first combat phase of the turn")."""
    karlach = _compiled("Karlach, Fury of Avernus")
    assert not any(a["kind"] == "attack_trigger" for a in karlach.abilities)
    assert any("intervening 'if' isn't read" in n for n in karlach.notes)


def test_603_4_defending_player_controls_more_lands_than_you() -> None:
    """Aerial Surveyor: "Whenever this Vehicle attacks, if defending player controls more lands
    than you": the attacked player's lands against its controller's (802.2a)."""
    surveyor = {"id": "surveyor", "card": "Aerial Surveyor", "controller": "bob", "types": ["artifact", "creature"]}
    land = [{"id": f"p{i}", "card": "Plains", "controller": "alice"} for i in (1, 2)]
    assert _triggered(_two_player([surveyor, *land], {"surveyor": "alice"}), "Aerial Surveyor") == 1
    mine = [{**p, "controller": "bob"} for p in land]
    assert _triggered(_two_player([surveyor, *mine], {"surveyor": "alice"}), "Aerial Surveyor") == 0


def test_602_5e_a_mana_ability_activated_only_as_an_instant_pays_no_combat_cost() -> None:
    """Lion's Eye Diamond: "Activate only as an instant" needs priority (602.5e, 304.5), which no
    one has while the costs of attacking are paid (508.1g-h; the judges' Rules Tips on Lion's Eye
    Diamond): it pays nothing, so Propaganda's {2} can't be paid with it."""
    led = _compiled("Lion's Eye Diamond")
    assert led.abilities == () and not led.warnings and led.notes
    board = [
        {"id": "led", "card": "Lion's Eye Diamond", "controller": "bob"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "propaganda", "card": "Propaganda", "controller": "alice"},
    ]
    assert not _two_player(board, {"bears": "alice"}, bob={"hand": 2}).legal


def test_205_4_permanents_with_ice_counters_are_snow() -> None:
    """Rimefeather Owl: "Permanents with ice counters on them are snow" (205.4a, 613.1d): snow for
    "can't be blocked except by snow creatures" and snow landwalk; Overgrown Battlement's mana
    counts the creatures you control with defender (605.1a)."""
    assert {"kind": "type_change", "supertypes": ["snow"], "to": {"counters": {"ice": {"ge": 1}}}} in _compiled(
        "Rimefeather Owl"
    ).abilities
    assert {
        "kind": "mana",
        "produces": "G",
        "for_each": {"has": ["defender"], "types": ["creature"], "controller": "you"},
    } in _compiled("Overgrown Battlement").abilities


def test_508_1d_if_a_creature_with_a_magnet_counter_attacks_all_of_them_attack() -> None:
    """Magnetic Web: "If a creature with a magnet counter on it attacks, all creatures with magnet
    counters on them attack if able": no requirement until one of them attacks (508.1d), then one
    for each of the others."""
    web = {"id": "web", "card": "Magnetic Web", "controller": "alice"}
    bears = [{"id": f"b{i}", "card": "Grizzly Bears", "controller": "alice", "counters": {"magnet": 1}} for i in (1, 2)]
    assert _attack([web, *bears], {}).legal
    assert not _attack([web, *bears], {"b1": "bob"}).legal
    assert _attack([web, *bears], {"b1": "bob", "b2": "bob"}).legal


def test_508_1d_if_a_creature_an_opponent_controls_attacks_all_of_theirs_attack() -> None:
    """War's Toll: "If a creature an opponent controls attacks, all creatures that opponent controls
    attack if able": only the active player attacks (506.2), so "that opponent" is any of them."""
    toll = _compiled("War's Toll")
    assert {
        "kind": "grant",
        "to": {"controller": "opponent"},
        "ability": {"kind": "must_attack", "condition": {"attack": {"filter": {"controller": "opponent"}}}},
    } in toll.abilities


def test_603_4_if_this_creature_attacked_this_combat() -> None:
    """Tolsimir, Midnight's Light: "Whenever a Wolf you control attacks, if Tolsimir attacked this
    combat": only while Tolsimir is among the attackers (508.1a, 603.4)."""
    assert {
        "kind": "attack_trigger",
        "who": {"subtypes": ["Wolf"], "controller": "you"},
        "condition": {"attack": {"filter": {"ids": ["$self"]}, "others": False}},
    } in _compiled("Tolsimir, Midnight's Light").abilities


def test_119_4_players_cant_pay_life_or_sacrifice_creatures_is_warned() -> None:
    """Angel of Jubilation: "Players can't pay life or sacrifice creatures to cast spells or
    activate abilities": it stops mana abilities with those costs paying (605.1a); warned."""
    assert any("sacrifice creatures" in w for w in _compiled("Angel of Jubilation").warnings)


def test_702_16a_protection_from_the_colors_of_permanents_you_control() -> None:
    """Pledge of Loyalty: "Enchanted creature has protection from the colors of permanents you
    control": from each color while you control a permanent of it (105.2, 702.16a); blocked by a
    red creature only while you control no red permanent (702.16f)."""
    pledge = _compiled("Pledge of Loyalty")
    assert not pledge.warnings and len(pledge.abilities) == 5
    board = [
        {"id": "knight", "card": "Savannah Lions", "controller": "alice"},
        {"id": "pledge", "card": "Pledge of Loyalty", "controller": "alice", "attached_to": "knight"},
        {"id": "ogre", "card": "Gray Ogre", "controller": "bob"},
    ]

    def block(permanents: list[dict[str, Any]]) -> bool:
        return _block(permanents, {"knight": "bob"}, {"ogre": ["knight"]}).legal

    assert block(board)
    assert not block([*board, {"id": "goblin", "card": "Raging Goblin", "controller": "alice"}])


def _block(permanents: list[dict[str, Any]], attacks: dict[str, str], blocks: dict[str, list[str]]) -> Verdict:
    board = Board.model_validate(
        {
            "players": [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": permanents,
            "combat": {"attackers": attacks},
        },
        context={"catalog": bundled_catalog()},
    )
    return check_blocks(board, BlockDeclaration(blocks=blocks))


def test_205_3i_every_land_type_is_each_of_the_list() -> None:
    """Omo, Queen of Vesuva: "Each land with an everything counter on it is every land type in
    addition to its other types" (205.3i: the basic ones and Cave ... Urza's): a Swamp with the
    counter is an Island, so an islandwalker can't be blocked (702.14c); Planar Nexus is every
    nonbasic land type (a Desert)."""
    assert not _compiled("Omo, Queen of Vesuva").warnings and not _compiled("Planar Nexus").warnings
    walker = {
        "id": "walker", "name": "Walker", "controller": "alice", "types": ["creature"], "power": 2, "toughness": 2,
        "abilities": [{"kind": "landwalk", "land": {"subtypes": ["Island"]}}],
    }  # fmt: skip
    board = [
        walker,
        {"id": "omo", "card": "Omo, Queen of Vesuva", "controller": "alice"},
        {"id": "swamp", "card": "Swamp", "controller": "bob", "counters": {"everything": 1}},
        {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
    ]
    assert not _block(board, {"walker": "bob"}, {"bears": ["walker"]}).legal
    assert _block(board[:1] + board[2:], {"walker": "bob"}, {"bears": ["walker"]}).legal
    desert = {**walker, "abilities": [{"kind": "landwalk", "land": {"subtypes": ["Desert"]}}]}
    nexus = {"id": "nexus", "card": "Planar Nexus", "controller": "bob"}
    assert not _block([desert, nexus, board[3]], {"walker": "bob"}, {"bears": ["walker"]}).legal


def test_508_1m_an_attack_triggers_if_reads_the_attack_just_declared() -> None:
    """Tolsimir, Midnight's Light: "Whenever a Wolf you control attacks, if Tolsimir attacked this
    combat": it triggers for the Wolf only when Tolsimir attacks too (603.4, 508.1m). Creepy
    Puppeteer: "if you attacked with exactly one other creature this combat": with two attackers."""
    wolf = {"id": "wolf", "name": "Wolf", "controller": "alice", "types": ["creature"], "subtypes": ["Wolf"]}
    wolf |= {"power": 2, "toughness": 2}
    tolsimir = {"id": "tol", "card": "Tolsimir, Midnight's Light", "controller": "alice"}
    both = _attack([tolsimir, wolf], {"tol": "bob", "wolf": "bob"})
    assert [(t.holder, t.objects) for t in both.triggers] == [("tol", ("wolf",))]
    assert _attack([tolsimir, wolf], {"wolf": "bob"}).triggers == ()
    puppeteer = {"id": "pup", "card": "Creepy Puppeteer", "controller": "alice"}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "alice"}
    elves = {"id": "elves", "card": "Llanowar Elves", "controller": "alice"}
    board = [puppeteer, bears, elves]
    assert [t.holder for t in _attack(board, {"pup": "bob", "bears": "bob"}).triggers] == ["pup"]
    assert _attack(board, {"pup": "bob"}).triggers == ()
    assert _attack(board, {"pup": "bob", "bears": "bob", "elves": "bob"}).triggers == ()


def test_509_1a_your_opponents_cant_block_with_creatures_with_even_mana_values() -> None:
    """Void Winnower: Grizzly Bears (mana value 2, even) can't block; Llanowar Elves (1) can (202.3)."""
    board = [
        {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "elves", "card": "Llanowar Elves", "controller": "bob"},
        {"id": "ogre", "card": "Gray Ogre", "controller": "alice"},
        {"id": "winnower", "card": "Void Winnower", "controller": "alice"},
    ]
    assert not _compiled("Void Winnower").warnings
    assert not _block(board, {"ogre": "bob"}, {"bears": ["ogre"]}).legal
    assert _block(board, {"ogre": "bob"}, {"elves": ["ogre"]}).legal


def test_109_5_as_long_as_you_control_this_always_holds() -> None:
    """The Goblin Mastermind: "As long as you control The Goblin Mastermind or it's your commander,
    permanents you control are Kindred Goblins in addition to their other types": its controller is
    its "you" (109.5), so always; Grizzly Bears is then a Goblin, and can't block a creature with
    protection from Goblins (702.16f)."""
    warded = {"id": "knight", "name": "Knight", "controller": "alice", "types": ["creature"], "power": 2}
    warded |= {"toughness": 2, "abilities": [{"kind": "protection", "from": {"subtypes": ["Goblin"]}}]}
    board = [
        warded,
        {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "mastermind", "card": "The Goblin Mastermind", "controller": "bob"},
    ]
    assert not _compiled("The Goblin Mastermind").warnings
    assert not _block(board, {"knight": "bob"}, {"bears": ["knight"]}).legal
    assert _block(board[:2], {"knight": "bob"}, {"bears": ["knight"]}).legal


def test_702_33e_kicked_it_enters_with_a_quoted_ability_of_its_own() -> None:
    """Prison Barricade: "If this creature was kicked, it enters with a +1/+1 counter on it and with
    "This creature can attack as though it didn't have defender."": kicked, the Wall attacks (702.3b);
    "Face-down creatures you control enter with a flying counter on them" (Veiled Ascension) is the
    board's counters (122.1b), no warning."""
    barricade = {"id": "wall", "card": "Prison Barricade", "controller": "alice"}
    assert _attack([{**barricade, "kicked": True}], {"wall": "bob"}).legal
    assert not _attack([barricade], {"wall": "bob"}).legal
    veiled = _compiled("Veiled Ascension")
    assert veiled.relevant and not veiled.warnings and not veiled.abilities


def test_613_1d_types_and_copies_the_board_cant_state_warn_never_drop() -> None:
    """Samples 90-93 and a sweep of the sentences dropped as of no bearing: a chosen basic land type
    or creature type (Convincing Mirage, Conspiracy; 305.7, 205.1b), a copy effect on what an Aura
    enchants (Metamorphic Alteration, 707.1), "is a colorless Forest land" (Song of the Dryads:
    no longer a creature, 205.1a), "he's a 7/7 Dragon God creature" (Grand Master of Flowers, 306.4
    made a creature), a borrowed text box (Do-It-Yourself Seraph): none can be stated, so each
    warns and no verdict treats it as absent."""
    for name in (
        "Convincing Mirage",
        "Conspiracy",
        "Metamorphic Alteration",
        "Song of the Dryads",
        "Grand Master of Flowers",
        "Do-It-Yourself Seraph",
        "Illusionary Terrain",  # "Basic lands of the first chosen type are the second chosen type" (305.7)
        "Melting",  # "All lands are no longer snow": snow landwalk and snow filters read it (205.4g)
        "Rootpath Purifier",  # "lands you control ... are basic": nonbasic filters read it (205.4c)
        "Intangible Vibes",  # "All creatures are tokens": token filters read it (111.1)
        "Corrupted Shapeshifter",  # its choice as it enters of flying, vigilance or defender (614.12)
        "Molten Sentry",  # a coin flip as it enters: haste or defender
    ):
        assert _compiled(name).warnings, name


def test_201_5a_a_quoted_ability_names_the_object_that_has_it_not_the_card() -> None:
    """201.5a: Mzed's token has "This creature can't block."; a note that wrote the card's name
    there would say Mzed can't block. Inside quotes the card's "this creature" is "this permanent"."""
    (note,) = [n for n in _compiled("Mzed, Mercenary Leader").notes if "token" in n]
    assert '"This permanent can\'t block."' in note and "Mzed, Mercenary Leader can't block" not in note


def test_122_1_ten_or_more_counters_and_an_attack_beside_another_legendary_creature_508_1m() -> None:
    """Hero of Bretagard: "As long as this creature has ten or more counters on it, it ... is a God
    in addition to its other types" (a count beyond five read, 122.1); Merry, Esquire of Rohan:
    "Whenever you attack with Merry and another legendary creature" triggers only beside another
    legendary attacker (508.1m)."""
    hero = _compiled("Hero of Bretagard")
    assert {
        "kind": "type_change",
        "subtypes": ["God"],
        "condition": {"source": {"counters": {"any": {"ge": 10}}}},
    } in hero.abilities and not hero.warnings
    merry = _compiled("Merry, Esquire of Rohan")
    assert {"kind": "attack_trigger", "condition": {"attack": {"filter": {"supertypes": ["legendary"]}}}} in (
        merry.abilities
    )

    def merry_and(other: dict[str, Any]) -> Verdict:
        merry_card = {"id": "merry", "card": "Merry, Esquire of Rohan", "controller": "alice"}
        return _attack([merry_card, {**other, "controller": "alice"}], {"merry": "bob", other["id"]: "bob"})

    legend = {
        "id": "leg",
        "name": "Legend",
        "types": ["creature"],
        "supertypes": ["legendary"],
        "power": 2,
        "toughness": 2,
    }
    bear = {"id": "bear", "name": "Bear", "types": ["creature"], "power": 2, "toughness": 2}
    assert [t.source for t in merry_and(legend).triggers] == ["Merry, Esquire of Rohan"]
    assert not merry_and(bear).triggers


def test_707_2_creatures_entering_as_a_copy_and_a_color_made_are_noted() -> None:
    """Essence of the Wild's "Creatures you control enter as a copy of ..." (capitalized, 707.2):
    what entered so is the card it copied, written by `card:` (the board refuses a `copy_of` on a
    card with no copy effect); Cloudchaser Kestrel's "{W}: Target permanent becomes white until
    end of turn" changes a color protection and fear read (105.3): a note, never nothing."""
    essence = _compiled("Essence of the Wild")
    assert not essence.warnings and any("`card:`" in n for n in essence.notes)
    assert any("becomes white" in n for n in _compiled("Cloudchaser Kestrel").notes)


def test_509_3c_creatures_you_control_fight_or_become_blocked_triggers_once() -> None:
    """Neyith of the Dire Hunt: "Whenever one or more creatures you control fight or become
    blocked, draw a card": in combat it triggers once when any of them becomes blocked (509.3c,
    603.2c)."""
    neyith = _compiled("Neyith of the Dire Hunt")
    assert {"kind": "becomes_blocked_trigger", "who": {"controller": "you"}, "once": True} in neyith.abilities
