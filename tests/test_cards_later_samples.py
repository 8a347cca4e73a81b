"""Real cards, by name, that the later labelled samples (tests/cards/random_sample_5.yaml to
random_sample_8.yaml: held out and graded once, and the discovery sample 6) found read wrong or
not read: a quoted mana ability that permanents are given (605.1a), "a creature you control with
reach attacks" (508.1m), "Activate only if <condition>" on a mana ability (602.5b), a reflexive
trigger after making mana (603.12), "It" naming the enchanted creature in the next sentence, and
an Aura's "can't attack or block. It loses all abilities" (613.1f)."""

from __future__ import annotations

from typing import Any

import pytest

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.model.errors import InputError


def _board(permanents: list[dict[str, Any]], **extra: Any) -> Board:
    players = extra.pop("players", [{"id": "alice"}, {"id": "bob"}])
    return Board.model_validate(
        {"players": players, "active_player": "alice", "permanents": permanents, **extra},
        context={"catalog": bundled_catalog()},
    )


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def _attacks(permanents: list[dict[str, Any]], attacks: dict[str, str], **extra: Any) -> bool:
    return check_attacks(_board(permanents, **extra), AttackDeclaration(attacks=attacks)).legal


def test_605_1a_esikas_legendary_creatures_have_a_mana_ability_that_pays_propaganda() -> None:
    """ "Other legendary creatures you control have vigilance and '{T}: Add one mana of any
    color.'": a legendary creature's mana pays Propaganda's {2} with one Forest."""
    permanents = [
        {"id": "esika", "card": "Esika, God of the Tree", "controller": "alice", "tapped": True},
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "isamaru", "card": "Isamaru, Hound of Konda", "controller": "alice"},
        {"id": "forest", "card": "Forest", "controller": "alice"},
        {"id": "prop", "card": "Propaganda", "controller": "bob"},
    ]
    assert _attacks(permanents, {"bears": "bob"})
    assert not _attacks([p for p in permanents if p["id"] != "isamaru"], {"bears": "bob"})


def test_605_1a_joraga_treespeakers_level_five_gives_elves_a_mana_ability() -> None:
    compiled = _compiled("Joraga Treespeaker")
    top = next(level for level in compiled.levels if level.at_least == 5)
    granted = [a for a in top.abilities if a["kind"] == "grant"]
    assert granted and granted[0]["ability"] == {"kind": "mana", "produces": "G", "amount": 2}
    assert not compiled.all_warnings


def test_508_1m_tadeas_triggers_for_each_attacking_creature_of_yours_with_reach() -> None:
    permanents = [
        {"id": "t", "card": "Tadeas, Juniper Ascendant", "controller": "alice"},
        {"id": "spider", "card": "Giant Spider", "controller": "alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
    ]
    verdict = check_attacks(_board(permanents), AttackDeclaration(attacks={"spider": "bob", "bears": "bob"}))
    assert [t.count for t in verdict.triggers if t.holder == "t"] == [1]


def test_602_5b_spire_of_industrys_mana_of_any_color_only_while_you_control_an_artifact() -> None:
    """'{T}, Pay 1 life: Add one mana of any color. Activate only if you control an artifact.':
    with Norn's Annex ({W/P}) and alice at 1 life, the Spire's white mana pays only with an artifact."""
    permanents = [
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "spire", "card": "Spire of Industry", "controller": "alice"},
        {"id": "annex", "card": "Norn's Annex", "controller": "bob"},
    ]
    ornithopter = {"id": "orni", "card": "Ornithopter", "controller": "alice"}
    players = [{"id": "alice", "life": 2}, {"id": "bob"}]
    assert _attacks([*permanents, ornithopter], {"bears": "bob"}, players=players)
    assert not _attacks(permanents, {"bears": "bob"}, players=[{"id": "alice", "life": 1}, {"id": "bob"}])


def test_603_12_a_reflexive_trigger_after_making_mana_is_a_note() -> None:
    compiled = _compiled("Shaun & Rebecca, Agents")
    assert {"kind": "mana", "produces": "C", "amount": 1} in compiled.abilities and not compiled.all_warnings


def test_613_1d_it_in_the_next_sentence_names_the_enchanted_creature_draconic_destiny() -> None:
    """ "... and has flying, haste, and '{1}: ...' It's a Dragon in addition to its other types.":
    the Dragon type goes to the enchanted creature (613.1d), the activated ability is a note."""
    compiled = _compiled("Draconic Destiny")
    assert {"kind": "type_change", "to": {"ids": ["$attached"]}, "subtypes": ["Dragon"]} in compiled.abilities
    assert not compiled.all_warnings and compiled.notes


def test_613_1f_heliods_punishment_keeps_its_creature_from_attacking_after_it_loses_all_abilities() -> None:
    """ "Enchanted creature can't attack or block. It loses all abilities ...": the creature loses
    its haste (a summoning-sick Raging Goblin can't attack for that too) and Heliod's
    Punishment's own restriction stays: it is the Aura's effect, not an ability of the creature."""
    goblin = {"id": "g", "card": "Raging Goblin", "controller": "alice"}
    punished = [goblin, {"id": "h", "card": "Heliod's Punishment", "controller": "bob", "attached_to": "g"}]
    verdict = check_attacks(_board(punished), AttackDeclaration(attacks={"g": "bob"}))
    assert not verdict.legal and any(v.kind == "cant_attack" for v in verdict.violations)
    assert _attacks([goblin], {"g": "bob"})


def test_205_1a_arixmethes_is_only_a_land_while_it_has_a_slumber_counter() -> None:
    """The seventh sample: "As long as Arixmethes has a slumber counter on it, it's a land. (It's
    not a creature.)": with a counter it can't attack (508.1a: only creatures attack)."""
    arix = {"id": "x", "card": "Arixmethes, Slumbering Isle", "controller": "alice"}
    assert not _attacks([{**arix, "counters": {"slumber": 5}}], {"x": "bob"})
    assert _attacks([arix], {"x": "bob"})


def test_605_1b_a_triggered_mana_ability_is_read_or_warned_never_dropped() -> None:
    """Mana Flare: "Whenever a player taps a land for mana, that player adds one mana of any type that
    land produced" is a ``mana_trigger`` (106.12b); Barbflare Gremlin's, under "if $self is tapped"
    and with damage after, stays warned."""
    assert _compiled("Mana Flare").abilities == (
        {"kind": "mana_trigger", "tapped": {"types": ["land"]}, "by": "any", "same_type": True},
    )
    assert any("taps a land for mana" in w for w in _compiled("Barbflare Gremlin").all_warnings)


def test_603_4_frodos_trigger_needs_three_life_gained_this_turn() -> None:
    frodo = {"id": "f", "card": "Frodo, Adventurous Hobbit", "controller": "alice"}

    def times(gained: int) -> int:
        board = _board([frodo], players=[{"id": "alice", "life_gained_this_turn": gained}, {"id": "bob"}])
        verdict = check_attacks(board, AttackDeclaration(attacks={"f": "bob"}))
        return sum(t.count for t in verdict.triggers if t.holder == "f" and t.kind == "attack_trigger")

    assert (times(3), times(2)) == (1, 0)


def test_605_1a_birchlore_rangers_taps_two_elves_for_a_mana_that_pays_propaganda() -> None:
    """ "Tap two untapped Elves you control: Add one mana of any color": with a Forest, Propaganda's
    {2} for one attacker is paid by two Elves (the Rangers among them) and the Forest."""
    permanents = [
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "rangers", "card": "Birchlore Rangers", "controller": "alice"},
        {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "summoning_sick": True},
        {"id": "forest", "card": "Forest", "controller": "alice"},
        {"id": "prop", "card": "Propaganda", "controller": "bob"},
    ]
    assert _attacks(permanents, {"bears": "bob"})
    assert not _attacks([p for p in permanents if p["id"] != "elves"], {"bears": "bob"})


def test_700_2_a_mode_chosen_as_it_entered_is_warned_never_counted() -> None:
    """Hollowmurk Siege ("As this enchantment enters, choose Sultai or Abzan. • Abzan — Whenever
    you attack, ..."): the board doesn't say which mode it chose; a modal enters trigger's modes
    (Baleful Beholder's "choose one —") are one-shot effects, notes."""
    siege = _compiled("Hollowmurk Siege")
    assert not siege.abilities and any("mode chosen" in w for w in siege.all_warnings)
    assert not _compiled("Baleful Beholder").all_warnings


def test_702_1_a_keyword_known_only_by_a_reminder_bearing_on_attacks_is_warned() -> None:
    """Bear with Set's Mechanic: "Aggressive (... only creatures with aggressive may attack during
    it.)": no rule defines it, its reminder bears on who may attack."""
    assert any("aggressive" in w for w in _compiled("Bear with Set's Mechanic").all_warnings)
    assert not _compiled("Bog Wraith").all_warnings  # a landwalk's reminder: read as landwalk


def test_605_1a_a_side_effect_on_poison_counters_is_a_note() -> None:
    compiled = _compiled("Mox Poison")
    assert {"kind": "mana", "produces": "any", "amount": 1} in compiled.abilities and not compiled.all_warnings


def test_702_16b_protection_from_snow_and_from_instants() -> None:
    """Ronom Hulk: "Protection from snow" (no snow creature blocks it); Sword of Wealth and Power's
    "protection from instants and from sorceries" gives nothing for combat: no warning."""
    hulk = {"id": "h", "card": "Ronom Hulk", "controller": "alice"}
    snow = {"id": "s", "card": "Karplusan Yeti", "controller": "bob", "supertypes": ["snow"]}
    bears = {"id": "b", "card": "Grizzly Bears", "controller": "bob"}

    board = _board([hulk, snow, bears], combat={"attackers": {"h": "bob"}})
    assert not check_blocks(board, BlockDeclaration(blocks={"s": ("h",)})).legal
    assert check_blocks(board, BlockDeclaration(blocks={"b": ("h",)})).legal
    sword = _compiled("Sword of Wealth and Power")
    assert not sword.abilities and not sword.all_warnings


def test_702_3b_expedition_lookout_attacks_and_is_unblockable_with_eight_cards_in_a_graveyard() -> None:
    """ "..., this creature can attack as though it didn't have defender and it can't be blocked"."""
    lookout = {"id": "l", "card": "Expedition Lookout", "controller": "alice"}
    assert _attacks([lookout], {"l": "bob"}, players=[{"id": "alice"}, {"id": "bob", "graveyard": 8}])
    assert not _attacks([lookout], {"l": "bob"}, players=[{"id": "alice"}, {"id": "bob", "graveyard": 7}])


def test_603_4_eminence_is_on_the_battlefield_and_a_name_after_the() -> None:
    """Sidar Jabari's eminence "if Sidar Jabari is in the command zone or on the battlefield"
    holds for a permanent on the board; The Caffeinated Runner's Oracle text says "the The
    Caffeinated Runner"."""
    assert {"kind": "attack_trigger", "who": {"subtypes": ["Knight"], "controller": "you"}, "once": True} in (
        _compiled("Sidar Jabari of Zhalfir").abilities
    )
    assert {"kind": "attack_trigger"} in _compiled("The Caffeinated Runner").abilities


def test_721_2b_the_lines_after_a_station_threshold_are_in_its_box() -> None:
    """Infinite Guideline Station: "12+ | Flying" and, printed in the same box, "Whenever
    Infinite Guideline Station attacks, ...": the trigger is the 12+ level's."""
    compiled = _compiled("Infinite Guideline Station")
    assert {"kind": "attack_trigger"} not in compiled.abilities
    assert any({"kind": "attack_trigger"} in level.abilities for level in compiled.levels if level.at_least == 12)


def test_302_6_activating_abilities_as_though_they_had_haste_is_read() -> None:
    """Thousand-Year Elixir, Tyvar: a summoning-sick creature's {T} mana ability may pay a cost to
    attack or block (once a warning, now `activate_as_though_haste`)."""
    for name in ("Thousand-Year Elixir", "Tyvar, Jubilant Brawler"):
        read = _compiled(name)
        assert {"kind": "activate_as_though_haste", "to": {"controller": "you"}} in read.abilities, name
        assert not any("as though" in w for w in read.all_warnings), name


def test_605_1a_when_that_mana_is_spent_is_a_note_and_an_ability_word_may_hold_the_name() -> None:
    """Primal Wellspring's "When that mana is spent to cast an instant or sorcery spell, copy that
    spell" changes nothing its mana pays; Lizard, Connors's Curse's "Lizard, Connors's Curse
    Formula — When ... enters, ..." is an ability word before an enters trigger (a note)."""
    wellspring = _compiled("Primal Wellspring")
    assert {"kind": "mana", "produces": "any", "amount": 1} in wellspring.abilities and not wellspring.all_warnings
    lizard = _compiled("Lizard, Connors's Curse")
    assert not lizard.all_warnings and lizard.notes


def test_605_1a_leafkin_druid_adds_two_instead_while_you_control_four_creatures() -> None:
    """ "{T}: Add {G}. If you control four or more creatures, add {G}{G} instead.": Propaganda's
    {2} for one attacker is paid by the Druid alone with four creatures, not with three."""
    druid = {"id": "d", "card": "Leafkin Druid", "controller": "alice"}
    bears = [{"id": f"b{i}", "card": "Grizzly Bears", "controller": "alice"} for i in range(3)]
    prop = {"id": "prop", "card": "Propaganda", "controller": "bob"}
    assert _attacks([druid, *bears, prop], {"b0": "bob"})
    assert not _attacks([druid, *bears[:2], prop], {"b0": "bob"})


def test_samples_24_and_25_misses() -> None:
    """Alchemy's double team with no reminder text is its attack trigger (Champions of Tyr); a
    sentence printed without its period is read (Segovian Sword's skulk, 702.118a); a station
    threshold that gives nothing for combat is no level (Inspirit: 721.2b); "each creature you
    control but don't own" (Don Andres, 108.3)."""
    assert {"kind": "attack_trigger"} in _compiled("Champions of Tyr").abilities
    sword = _compiled("Segovian Sword")
    assert sword.abilities == ({"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "skulk"}},)
    assert not sword.warnings
    inspirit = _compiled("Inspirit, Flagship Vessel")
    assert {lv.at_least for lv in inspirit.levels} == {8}
    andres = _compiled("Don Andres, the Renegade").abilities
    theirs = {"controller": "you", "not": {"owner": "you"}}
    assert {"kind": "grant", "to": theirs, "ability": {"kind": "menace"}} in andres


def test_sample_27_misses() -> None:
    """Protection from Arcane gives nothing (205.3k: a spell type, never a permanent's; Kitsune
    Riftwalker keeps protection from Spirits); "You may choose new targets for the copy" after a
    mana ability's delayed copy is a side effect (Magus Lucea Kane)."""
    assert _compiled("Kitsune Riftwalker").abilities == ({"kind": "protection", "from": {"subtypes": ["Spirit"]}},)
    magus = _compiled("Magus Lucea Kane")
    assert {"kind": "mana", "produces": "C", "amount": 2} in magus.abilities and not magus.warnings


def test_sample_26_misses() -> None:
    """Sab-Sunen: "can't attack or block unless it has an even number of counters on it" (all
    its counters together; 0 is even); Tomb of Urami: "{T}: Add {B}. This land deals 1 damage to you
    if you don't control an Ogre" — two abilities, the damage only while you control no Ogre."""
    board_counters = {"counters": {"any": {"even": True}}}
    assert {"kind": "cant_attack", "unless": {"source": board_counters}} in _compiled(
        "Sab-Sunen, Luxa Embodied"
    ).abilities
    ogre = {"players": [{"who": "you", "controls": {"filter": {"subtypes": ["Ogre"]}, "at_least": 1}}]}
    tomb = _compiled("Tomb of Urami").abilities
    assert {"kind": "mana", "damage_to_you": 1, "unless": ogre, "produces": "B", "amount": 1} in tomb
    assert {"kind": "mana", "condition": ogre, "produces": "B", "amount": 1} in tomb
    sab = {"id": "s", "card": "Sab-Sunen, Luxa Embodied", "controller": "alice"}
    assert _attacks([sab], {"s": "bob"})
    assert not _attacks([{**sab, "counters": {"+1/+1": 1}}], {"s": "bob"})
    assert _attacks([{**sab, "counters": {"+1/+1": 1, "charge": 1}}], {"s": "bob"})


def test_samples_28_and_29_misses() -> None:
    """605.1a: a mana ability granted to "creatures" goes to creatures only, since a grant of a mana
    ability reaches any permanent (Cryptolith Rite; Insidious Roots' creature tokens, not Treasures;
    Foods stay Foods); "{T}, Remove X charge counters: Add an amount of {C} equal to X plus one"
    (Kyren Toy); a copy that "has this card's other abilities" (707.9a: Sakashima, none for combat);
    "{T}: If you're at least 100% cool, add ..., draw a card" no mana ability since it draws (Rainbow
    Dash, an Un-card; 605.1a of the September 2026 edition): noted, no warning."""
    rite = _compiled("Cryptolith Rite").abilities
    assert rite == (
        {
            "kind": "grant",
            "to": {"types": ["creature"], "controller": "you"},
            "ability": {"kind": "mana", "produces": "any", "amount": 1},
        },
    )
    foods = _compiled("Night of the Sweets' Revenge").abilities
    assert any(a["kind"] == "grant" and a["to"] == {"subtypes": ["Food"], "controller": "you"} for a in foods)
    toy = {
        "kind": "mana",
        "remove_counters": {"kind": "charge", "n": "X"},
        "produces": "C",
        "amount": 1,
        "per_counter": True,
    }
    assert toy in _compiled("Kyren Toy").abilities
    sakashima = _compiled("Sakashima of a Thousand Faces")
    assert sakashima.copy is not None and not sakashima.all_warnings
    dash = _compiled("Rainbow Dash")
    assert not dash.warnings and any("100% cool" in n and "605.1a" in n for n in dash.notes)
    treasure = {
        "id": "t",
        "token": {"name": "Treasure", "types": ["artifact"], "subtypes": ["Treasure"]},
        "controller": "alice",
    }
    propaganda = {"id": "p", "card": "Propaganda", "controller": "bob"}
    rite_on_board = {"id": "r", "card": "Cryptolith Rite", "controller": "alice", "tapped": False}
    bears = {"id": "g", "card": "Grizzly Bears", "controller": "alice"}
    # the Treasure gains no "{T}: Add one mana of any color" (only its own sacrifice ability): one
    # Treasure pays {1} of Propaganda's {2} (the Rite, an enchantment, gains nothing either)
    assert not _attacks([rite_on_board, bears, treasure, propaganda], {"g": "bob"})


def test_audit_1515_keywords_read_by_their_reminder_and_legacy_circles() -> None:
    """A keyword no kind's wording reads is read by its reminder text (Plain Walker's
    "Planeswalkerwalk": can't be blocked while defending player controls a planeswalker; an
    Un-card's "Art rampage 2": its trigger); Built Bear's legacy abilities exist only if circled
    during deckbuilding, which no board states: warned, never compiled as if circled."""
    walker = _compiled("Plain Walker")
    planeswalker = {
        "players": [{"who": "defending_player", "controls": {"filter": {"types": ["planeswalker"]}, "at_least": 1}}]
    }
    assert {"kind": "cant_be_blocked", "condition": planeswalker} in walker.abilities and not walker.warnings
    bear = _compiled("Built Bear")
    assert bear.abilities == () and any("circled" in w for w in bear.warnings)


def test_122_1b_a_choice_of_keyword_counters_as_it_enters_is_the_board_s_counters() -> None:
    """Grimdancer: "enters with your choice of two different counters on it from among menace,
    deathtouch, and lifelink" — the counters it has are the board's `counters` (no warning)."""
    grimdancer = _compiled("Grimdancer")
    assert not grimdancer.warnings
    dancer = {"id": "d", "card": "Grimdancer", "controller": "alice", "counters": {"menace": 1}}
    board = _board(
        [dancer, {"id": "b", "card": "Grizzly Bears", "controller": "bob"}], combat={"attackers": {"d": "bob"}}
    )

    assert not check_blocks(board, BlockDeclaration(blocks={"b": ["d"]})).legal  # menace (702.111b)


def test_sample_30_misses() -> None:
    """Baeloth Barrityl: "Creatures your opponents control with power less than Baeloth's power
    are goaded" (701.15b: goaded by its controller); "this Spacecraft" is the card itself."""
    baeloth = _compiled("Baeloth Barrityl, Entertainer")
    weaker = {"power": {"lt": "$power"}, "controller": "opponent"}
    assert {"kind": "grant", "to": weaker, "ability": {"kind": "goad", "by": "$controller"}} in baeloth.abilities
    cruiser = _compiled("Entropic Battlecruiser")
    assert any({"kind": "attack_trigger"} in lv.abilities for lv in cruiser.levels)


def test_508_1h_flooded_woodlands_a_land_sacrificed_for_each_green_attacker() -> None:
    """ "Green creatures can't attack unless their controller sacrifices a land of their choice
    for each green creature they control that's attacking" (audit 1515): one green attacker
    with one land, yes; two with one land, no; a nongreen one needs none."""
    woodlands = {"id": "w", "card": "Flooded Woodlands", "controller": "bob"}
    bears = {"id": "g", "card": "Grizzly Bears", "controller": "alice"}
    cub = {"id": "c", "card": "Grizzly Bears", "controller": "alice"}
    forest = {"id": "f", "card": "Forest", "controller": "alice"}
    lions = {"id": "l", "card": "Savannah Lions", "controller": "alice"}
    assert _attacks([woodlands, bears, forest], {"g": "bob"})
    assert not _attacks([woodlands, bears, cub, forest], {"g": "bob", "c": "bob"})
    assert not _attacks([woodlands, bears], {"g": "bob"})
    assert _attacks([woodlands, lions], {"l": "bob"})


def test_sample_33_misses() -> None:
    """Rashka the Slayer: "Whenever Rashka blocks one or more black creatures" — once (603.2c);
    Idol of False Gods: "As long as it has eight or more +1/+1 counters on it, it's a 0/0 creature
    in addition to its other types and it has annihilator 2" — a level at 8 counters; The
    Inspector Inspector's copies are each the card it copied, by `card:` (a note, 707.2)."""
    rashka = {"kind": "blocks_creature_trigger", "blocked": {"colors": ["black"]}, "once": True}
    assert rashka in _compiled("Rashka the Slayer").abilities
    idol = _compiled("Idol of False Gods")
    assert [lv.at_least for lv in idol.levels] == [8] and {"kind": "attack_trigger"} in idol.levels[0].abilities
    inspector = _compiled("The Inspector Inspector")
    assert not inspector.warnings and any("`card:`" in n for n in inspector.notes)


def test_samples_34_and_35_misses() -> None:
    """709.5c: a Room's door abilities apply only while that door is unlocked, which the board
    doesn't state: warned, never compiled as if unlocked (Greenhouse); ", and they can't attack
    you" keeps the subject (Varchild); a copy that "has vanishing 3 if that creature doesn't have
    vanishing" (707.9a: Flesh Duplicate, nothing for combat)."""
    greenhouse = _compiled("Greenhouse // Rickety Gazebo")
    assert greenhouse.abilities == () and any("unlocked" in w for w in greenhouse.warnings)
    survivors = {"subtypes": ["Survivor"], "controller": "opponent"}
    varchild = _compiled("Varchild, Betrayer of Kjeldor").abilities
    assert {"kind": "grant", "to": survivors, "ability": {"kind": "cant_block"}} in varchild
    flesh = _compiled("Flesh Duplicate")
    assert flesh.copy is not None and not flesh.all_warnings


def test_205_4_enchanted_land_is_snow() -> None:
    """Glittering Frost: "Enchanted land is snow" — a supertype added (205.4), which snow
    landwalk reads (702.14c)."""
    assert {"kind": "type_change", "supertypes": ["snow"], "to": {"ids": ["$attached"]}} in _compiled(
        "Glittering Frost"
    ).abilities


def _block_triggers(permanents: list[dict[str, Any]], blocks: dict[str, list[str]]) -> list[tuple[str, int]]:
    verdict = check_blocks(_board(permanents, combat={"attackers": {"d": "bob"}}), BlockDeclaration(blocks=blocks))
    assert verdict.legal, verdict
    return [(t.kind, t.count) for t in verdict.triggers]


def test_509_3d_catacomb_dragon_blocked_by_a_nonartifact_non_dragon_creature() -> None:
    """ "Whenever this creature becomes blocked by a nonartifact, non-Dragon creature" (samples
    38-40): the comma joins two "non-" words, both holding (neither an artifact nor a Dragon), and
    doesn't end the trigger's condition; it triggers for a Giant Spider's block, not a Shivan
    Dragon's."""
    dragon = {"id": "d", "card": "Catacomb Dragon", "controller": "alice"}
    bears = {"id": "g", "card": "Giant Spider", "controller": "bob"}
    shivan = {"id": "s", "card": "Shivan Dragon", "controller": "bob"}
    assert ("blocked_by_creature_trigger", 1) in _block_triggers([dragon, bears, shivan], {"g": ["d"]})
    assert not any(
        k == "blocked_by_creature_trigger" for k, _ in _block_triggers([dragon, bears, shivan], {"s": ["d"]})
    )
    neither = {"not": {"any_of": [{"types": ["artifact"]}, {"colors": ["black"]}]}, "controller": "you"}
    terror_kin = _compiled_text("Nonartifact, nonblack creatures you control have flying.")
    assert terror_kin == [{"kind": "grant", "to": neither, "ability": {"kind": "flying"}}]
    evasive = _compiled_text("This creature can't be blocked except by nonartifact, nonblack creatures.")
    assert evasive == [{"kind": "cant_be_blocked_except_by", "by": {"not": neither["not"]}}]


def _compiled_text(text: str) -> list[dict[str, Any]]:
    import dataclasses

    catalog = bundled_catalog()
    found = catalog.compiler.compile(dataclasses.replace(catalog.get("Glorious Anthem"), text=text))
    assert not found.warnings, found.warnings
    return list(found.abilities)


def test_samples_38_to_40_misses() -> None:
    """ "Partner with Ukkima, Stalking Shadow" names a card (702.124j), not shadow; The Fearsome
    Flock's "activate abilities of artifacts your opponents control as though you control them"
    (their mana abilities would pay your costs) and Ano'thr's abilities chosen as it enters are
    warned, never dropped; Moritte of the Frost's copy keeps the exceptions it reads (legendary,
    snow, 707.9b) and warns of the one it doesn't; The Misty Stepper keeps its name and its other
    abilities (707.9c, 707.9a)."""
    cazur = _compiled("Cazur, Ruthless Stalker")
    assert not cazur.warnings and not cazur.abilities
    assert any("as though you control them" in w for w in _compiled("The Fearsome Flock").all_warnings)
    assert any("only if chosen as it entered" in w for w in _compiled("Ano'thr, Equipment Commander").warnings)
    moritte = _compiled("Moritte of the Frost")
    assert moritte.copy is not None and moritte.copy.supertypes == ("legendary", "snow")
    assert any("changeling" in w for w in moritte.copy.warnings)
    stepper = _compiled("The Misty Stepper")
    assert stepper.copy is not None and stepper.copy.keeps_name and not stepper.all_warnings
    assert stepper.copy.abilities == ({"kind": "cant_be_blocked"},)


def test_613_1d_arvinox_is_a_creature_only_with_three_permanents_you_don_t_own() -> None:
    """ "Arvinox isn't a creature unless you control three or more permanents you don't own"
    (108.3, 613.1d): with two stolen permanents it can't attack; with three it can."""
    arvinox = {"id": "a", "card": "Arvinox, the Mind Flail", "controller": "alice"}
    stolen = [{"id": f"s{i}", "card": "Forest", "controller": "alice", "owner": "bob"} for i in range(3)]
    assert not _attacks([arvinox, *stolen[:2]], {"a": "bob"})
    assert _attacks([arvinox, *stolen], {"a": "bob"})


def test_613_4b_opalescence_makes_enchantments_creatures_whose_power_the_board_gives() -> None:
    """ "Each other non-Aura enchantment is a creature ... and has base power and base toughness
    each equal to its mana value": Glorious Anthem attacks as a creature once the board writes its
    2/2 (its mana value 3 on the card: the board states the values, 613.4b); without them the board
    is refused, naming the power; Opalescence itself and Auras are not creatures."""
    opalescence = {"id": "o", "card": "Opalescence", "controller": "alice"}
    anthem = {"id": "x", "card": "Glorious Anthem", "controller": "alice", "power": 3, "toughness": 3}
    assert _attacks([opalescence, anthem], {"x": "bob"})
    assert not _attacks([opalescence, anthem], {"o": "bob"})
    with pytest.raises(InputError, match="power"):  # 613.1d made it a creature: its power is asked for
        _attacks([opalescence, {**anthem, "power": None, "toughness": None}], {"x": "bob"})


def test_205_3i_the_tron_lands_read_land_types_and_pay_propaganda_together() -> None:
    """ "If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead": both
    lands, each one with both its land types (205.3i; judges' rules tip "Spreading Seas vs. the
    Urza's lands", 2013). With all three (7 mana) three attackers pay Propaganda's {2} each; with
    the Mine and the Tower alone (2 mana), one. "{T}, Exert this creature: Add two mana" (Oasis
    Ritualist): exerting is always payable (701.43b)."""
    propaganda = {"id": "p", "card": "Propaganda", "controller": "bob"}
    tron = [
        {"id": "mine", "card": "Urza's Mine", "controller": "alice"},
        {"id": "tower", "card": "Urza's Tower", "controller": "alice"},
        {"id": "plant", "card": "Urza's Power Plant", "controller": "alice"},
    ]
    bears = [{"id": f"b{i}", "card": "Grizzly Bears", "controller": "alice"} for i in range(3)]
    three = {b["id"]: "bob" for b in bears}
    assert _attacks([propaganda, *tron, *bears], three)
    assert not _attacks([propaganda, *tron[:2], *bears], {"b0": "bob", "b1": "bob"})
    assert _attacks([propaganda, *tron[:2], *bears], {"b0": "bob"})
    ritualist = {"kind": "mana", "produces": "any", "amount": 2}
    assert ritualist in _compiled("Oasis Ritualist").abilities and not _compiled("Oasis Ritualist").warnings


def test_samples_41_to_43_misses() -> None:
    """Arcades: "assigns combat damage equal to its toughness" says nothing of who attacks or
    blocks (510.1a), and beside it "can attack as though it didn't have defender" is read (702.3b);
    Awakened Skyclave: "As long as it is on the battlefield, it's a land in addition to its other
    types" holds on the board (613.1d); Master Biomancer's creatures enter as Mutants (614.1c): a
    note, the board writes their subtypes."""
    walls = {
        "kind": "grant",
        "to": {"has": ["defender"], "controller": "you"},
        "ability": {"kind": "attack_despite_defender"},
    }
    arcades = _compiled("Arcades, the Strategist")
    assert walls in arcades.abilities and not arcades.warnings
    skyclave = _compiled("Awakened Skyclave")
    assert {"kind": "type_change", "types": ["land"]} in skyclave.abilities and not skyclave.warnings
    biomancer = _compiled("Master Biomancer")
    assert not biomancer.warnings and any("subtypes" in n for n in biomancer.notes)
    wall = {"id": "w", "card": "Wall of Stone", "controller": "alice"}
    assert _attacks([{"id": "a", "card": "Arcades, the Strategist", "controller": "alice"}, wall], {"w": "bob"})
    assert not _attacks([wall], {"w": "bob"})


def test_samples_44_to_46_misses() -> None:
    """Vengeful Ancestor's "Whenever a goaded creature attacks" (anyone's, 701.15a); Sunbird
    Effigy's "{T}: For each color among ..., add one mana of that color" is a mana ability it can't
    read: warned, never passed over (605.1a); Astral Cornucopia's "Choose a color. Add one mana of
    that color for each charge counter" (all one color, 106.1); Vexing Puzzlebox's "Roll a d20"
    beside its mana; Timber Paladin's "enchanted by exactly two Auras" (303.4b); Baldur's Gate's
    "the number of other Gates you control"."""
    ancestor = _compiled("Vengeful Ancestor")
    assert {"kind": "attack_trigger", "who": {"has": ["goad"]}} in ancestor.abilities
    effigy = _compiled("Sunbird Effigy")
    assert any("For each color among the exiled cards" in w for w in effigy.warnings)
    assert _compiled("Astral Cornucopia").abilities == (
        {"kind": "mana", "produces": "any", "for_each_counter": "charge"},
    )
    puzzlebox = _compiled("Vexing Puzzlebox")
    assert {"kind": "mana", "produces": "any", "amount": 1} in puzzlebox.abilities and not puzzlebox.warnings
    two = {"source": {"attached": {"filter": {"subtypes": ["Aura"]}, "at_least": 2}}}
    paladin = _compiled("Timber Paladin")
    assert {
        "kind": "vigilance",
        "condition": {**two, "not": {"source": {"attached": {"filter": {"subtypes": ["Aura"]}, "at_least": 3}}}},
    } in paladin.abilities
    assert not paladin.warnings
    gates = {"subtypes": ["Gate"], "not": {"ids": ["$self"]}, "controller": "you"}
    assert {"kind": "mana", "cost": {"mana": "{2}"}, "produces": "any", "for_each": gates} in _compiled(
        "Baldur's Gate"
    ).abilities


def test_audit_1616_activated_changes_of_what_a_permanent_is_are_noted() -> None:
    """An activated ability that makes its permanent an Aura (Enraging Licid, 205.1a), a copy
    (Shifting Woodland, 707.2) or another color (Scuttlemutt, 105.3) is noted: the board writes
    its result."""
    for name, words in (("Enraging Licid", "Aura"), ("Shifting Woodland", "copy"), ("Scuttlemutt", "color")):
        assert any(words in n and "activated ability" in n for n in _compiled(name).notes), name


def test_samples_47_to_49_misses() -> None:
    """Reaper of Night: "if defending player has two or fewer cards in hand" (802.2a, for each
    attacker); Tezzeret's "The first activated ability of an artifact you activate each turn costs
    {2} less" lowers what an artifact's mana ability costs (605.3a): warned; Frenemy of the
    Guildpact's protection from "enemy-colored multicolored": each pair of enemy colors, exactly
    (105.1, its reminder text)."""
    reaper = _compiled("Reaper of Night // Harvest Fear")
    hand = {"players": [{"who": "defending_player", "hand": {"le": 2}}]}
    assert {"kind": "attack_trigger", "condition": hand} in reaper.abilities
    assert any("costs {2} less" in w for w in _compiled("Tezzeret, Betrayer of Flesh").warnings)
    frenemy = _compiled("Frenemy of the Guildpact")
    pairs = frenemy.abilities[0]["from"]["any_of"]
    assert (
        len(pairs) == 5
        and {"colors": ["white"], "any_of": [{"colors": ["black"]}], "not": {"colors": ["blue", "red", "green"]}}
        in pairs
    )
    assert not frenemy.warnings


def _blocks(permanents: list[dict[str, Any]], attacks: dict[str, str], blocks: dict[str, str]) -> bool:
    board = _board(permanents, combat={"attackers": attacks})
    return check_blocks(board, BlockDeclaration(blocks={b: (a,) for b, a in blocks.items()})).legal


def test_509_1a_siege_elemental_tapped_creatures_can_block_untapped_ones_cant() -> None:
    """Sample 75's miss. Siege Elemental: "Untapped creatures can't block. Tapped creatures can
    block." (509.1a: a tapped creature can't block unless an effect allows it; a permission to
    block is only that one, as "can't" beats "can", 101.2)."""
    permanents = [
        {"id": "siege", "card": "Siege Elemental", "controller": "alice"},
        {"id": "giant", "card": "Hill Giant", "controller": "alice"},
        {"id": "tapped", "card": "Grizzly Bears", "controller": "bob", "tapped": True},
        {"id": "untapped", "card": "Grizzly Bears", "controller": "bob"},
    ]
    assert _blocks(permanents, {"giant": "bob"}, {"tapped": "giant"})
    assert not _blocks(permanents, {"giant": "bob"}, {"untapped": "giant"})
    assert not _compiled("Siege Elemental").warnings


def test_508_1m_a_combat_trigger_not_read_is_a_warning_of_the_verdict_not_of_the_card() -> None:
    """Audits 1434 and 1545: Master of Cruelties' "Whenever this creature attacks a player and
    isn't blocked" (no trigger kind says "a player", 509.3g) and Fearless Swashbuckler's
    intervening "if a Pirate and a Vehicle attacked this combat" (603.4) aren't counted among the
    verdict's triggers (508.1m): the card notes it, and the verdict says so among its warnings."""
    for name, sentence in (
        ("Master of Cruelties", "attacks a player and isn't blocked"),
        ("Fearless Swashbuckler", "if a Pirate and a Vehicle attacked this combat"),
    ):
        compiled = _compiled(name)
        assert not compiled.warnings and any(sentence in n for n in compiled.uncounted_triggers), name
        board = _board([{"id": "x", "card": name, "controller": "alice"}])
        verdict = check_attacks(board, AttackDeclaration(attacks={"x": "bob"}))
        assert verdict.legal and any(sentence in w for w in verdict.warnings), name


def test_302_6_rankle_has_haste_while_one_opponent_of_two_controls_no_creatures() -> None:
    """Sample 74's miss. Rankle, Pitiless Trickster: "has lifelink and haste as long as an
    opponent controls no creatures": some opponent without a creature, not every one (302.6:
    without haste a creature that came under its controller's control this turn can't attack)."""
    players = [{"id": "alice"}, {"id": "bob"}, {"id": "carol"}]
    rankle = {"id": "rankle", "card": "Rankle, Pitiless Trickster", "controller": "alice", "summoning_sick": True}
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "carol"}
    assert _attacks([rankle, bears], {"rankle": "bob"}, players=players)
    carols_and_bobs = [rankle, bears, {**bears, "id": "bobs", "controller": "bob"}]
    assert not _attacks(carols_and_bobs, {"rankle": "bob"}, players=players)


def test_701_66a_earthbend_is_noted_as_a_land_made_a_creature_with_haste() -> None:
    """Audit 1545: Aang, Destined Savior's "At the beginning of combat on your turn, earthbend 2"
    makes a land a 0/0 land creature with haste (701.66a) before attackers are declared: a note
    (the board writes the land creature), though its reminder text is read off; "whenever you
    ... earthbend" (Avatar Aang) is an event, no animation."""
    assert any("earthbend 2" in n and "triggered ability" in n for n in _compiled("Aang, Destined Savior").notes)
    assert not any("earthbend" in n for n in _compiled("Avatar Aang // Aang, Master of Elements").notes)
