"""Combat-specific wordings of issue #25 on real cards, by name through the compiler: "as though"
exceptions to evasion (509.1b, 702.14c, 702.28b), blocking restrictions comparing the blocker
with the attacker (509.1b), the source's own state in combat (506.5) and Auras on players (303.4)."""

from __future__ import annotations

from typing import Any

import pytest
from asserts import A, B, C, attack, block, creature, make_board
from pydantic import ValidationError

from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.nouns import Nouns


def abilities(name: str) -> list[dict[str, Any]]:
    catalog = bundled_catalog()
    compiled = catalog.compiler.compile(catalog.get(name))
    assert compiled.warnings == (), compiled.warnings
    return list(compiled.abilities)


def card(pid: str, name: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **fields}


def violations(board: Any, blocks: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v.rule, v.kind) for v in block(board, blocks).violations]


# ============================================================================ "as though" (509.1b)
def test_aetherflame_wall_blocks_shadow_as_though_it_had_none_702_28b() -> None:
    """Aetherflame Wall "can block creatures with shadow as though they didn't have shadow"; Wall
    of Wood can't block the Soltari (702.28b)."""
    assert abilities("Aetherflame Wall")[1] == {"kind": "block_as_though", "ignoring": ["shadow"]}
    board = make_board(
        [
            card("soltari", "Soltari Foot Soldier", A),
            card("wall", "Aetherflame Wall", B),
            card("wood", "Wall of Wood", B),
        ],
        {"soltari": B},
    )
    assert violations(board, {"wall": "soltari"}) == []
    assert violations(board, {"wood": "soltari"}) == [("702.28b", "shadow")]


def test_heartwood_dryad_blocks_shadow_as_though_it_had_shadow_702_28b() -> None:
    """Heartwood Dryad "can block creatures with shadow as though it had shadow": it blocks the
    Soltari, and, having no shadow, the Grizzly Bears too (702.28b)."""
    board = make_board(
        [
            card("soltari", "Soltari Foot Soldier", A),
            card("bears", "Grizzly Bears", A),
            card("dryad", "Heartwood Dryad", B),
        ],
        {"soltari": B, "bears": B},
    )
    assert violations(board, {"dryad": "soltari"}) == []
    assert violations(board, {"dryad": "bears"}) == []


def test_dragon_hunter_blocks_dragons_as_though_it_had_reach_702_9b() -> None:
    """Dragon Hunter "can block Dragons as though it had reach": a flying Dragon, not a flying Bird."""
    board = make_board(
        [card("dragon", "Shivan Dragon", A), card("hawk", "Suntail Hawk", A), card("hunter", "Dragon Hunter", B)],
        {"dragon": B, "hawk": B},
    )
    assert violations(board, {"hunter": "dragon"}) == []
    assert violations(board, {"hunter": "hawk"}) == [("702.9b", "flying")]


def test_aether_web_gives_reach_and_blocking_shadow_702_17b_702_28b() -> None:
    """Aether Web: "Enchanted creature gets +1/+1, has reach, and can block creatures with shadow as
    though they didn't have shadow"."""
    board = make_board(
        [
            card("soltari", "Soltari Foot Soldier", A),
            card("hawk", "Suntail Hawk", A),
            card("bears", "Grizzly Bears", B),
            card("web", "Aether Web", B, attached_to="bears"),
        ],
        {"soltari": B, "hawk": B},
    )
    assert violations(board, {"bears": "soltari"}) == []
    assert violations(board, {"bears": "hawk"}) == []


def test_deadfall_ignores_forestwalk_only_702_14c() -> None:
    """Deadfall: "Creatures with forestwalk can be blocked as though they didn't have forestwalk".
    A creature with forestwalk and islandwalk keeps its islandwalk (702.14c: each landwalk is its
    own ability)."""
    assert abilities("Deadfall") == [
        {
            "kind": "grant",
            "to": {},
            "ability": {"kind": "block_as_though", "ignoring": ["landwalk"], "landwalk": {"subtypes": ["Forest"]}},
        }
    ]
    walker = {
        "name": "Walker",
        "subtypes": ["Elemental"],
        "power": 2,
        "toughness": 2,
        "keywords": ["forestwalk", "islandwalk"],
    }
    base = [
        card("dryads", "Shanodin Dryads", A),
        {"id": "walker", "token": walker, "controller": A},
        card("forest", "Forest", B),
        card("bears", "Grizzly Bears", B),
        card("deadfall", "Deadfall", B),
    ]
    board = make_board(base, {"dryads": B, "walker": B})
    assert violations(board, {"bears": "dryads"}) == []
    assert violations(board, {"bears": "walker"}) == []
    with_island = make_board([*base, card("island", "Island", B)], {"dryads": B, "walker": B})
    assert violations(with_island, {"bears": "walker"}) == [("702.14c", "landwalk")]
    without = make_board(base[:-1], {"dryads": B})
    assert violations(without, {"bears": "dryads"}) == [("702.14c", "landwalk")]


def test_lord_magnus_ignores_plainswalk_and_forestwalk_702_14c() -> None:
    """Lord Magnus: both sentences, each for its own landwalk."""
    assert [a["ability"]["landwalk"] for a in abilities("Lord Magnus")] == [
        {"subtypes": ["Plains"]},
        {"subtypes": ["Forest"]},
    ]


def test_staff_of_the_ages_ignores_every_landwalk_702_14c() -> None:
    """Staff of the Ages: "Creatures with landwalk abilities can be blocked as though they didn't
    have those abilities": Bog Wraith is blocked though bob controls a Swamp."""
    base = [card("wraith", "Bog Wraith", A), card("swamp", "Swamp", B), card("bears", "Grizzly Bears", B)]
    assert violations(make_board(base, {"wraith": B}), {"bears": "wraith"}) == [("702.14c", "landwalk")]
    staff = card("staff", "Staff of the Ages", A)
    assert violations(make_board([*base, staff], {"wraith": B}), {"bears": "wraith"}) == []


def test_street_savvy_frees_only_the_enchanted_creature_702_14c() -> None:
    """Street Savvy: "Enchanted creature ... can block creatures with landwalk abilities as though
    they didn't have those abilities"."""
    board = make_board(
        [
            card("wraith", "Bog Wraith", A),
            card("swamp", "Swamp", B),
            card("bears", "Grizzly Bears", B),
            card("giant", "Hill Giant", B),
            card("savvy", "Street Savvy", B, attached_to="bears"),
        ],
        {"wraith": B},
    )
    assert violations(board, {"bears": "wraith"}) == []
    assert violations(board, {"giant": "wraith"}) == [("702.14c", "landwalk")]


# ============================================================================ the blocker against the attacker (509.1b)
def test_ant_man_cant_be_blocked_by_greater_power_its_current_power_509_1b() -> None:
    """Ant-Man, Elusive Avenger (1/2) "can't be blocked by creatures with greater power": the
    Grizzly Bears can't block it, Llanowar Elves can; with a +1/+1 counter (2/3) the Bears can.
    The comparison reads its power as the board states it."""
    base = [card("bears", "Grizzly Bears", B), card("elves", "Llanowar Elves", B)]
    board = make_board([card("ant", "Ant-Man, Elusive Avenger", A), *base], {"ant": B})
    assert violations(board, {"bears": "ant"}) == [("509.1b", "cant_be_blocked_by")]
    assert violations(board, {"elves": "ant"}) == []
    grown = make_board([card("ant", "Ant-Man, Elusive Avenger", A, counters={"+1/+1": 1}), *base], {"ant": B})
    assert violations(grown, {"bears": "ant"}) == []


def test_silumgar_assassin_creatures_with_greater_power_cant_block_it_509_1b() -> None:
    """Silumgar Assassin (2/1): "Creatures with power greater than this creature's power can't
    block it": Hill Giant (3) can't, Grizzly Bears (2) can."""
    board = make_board(
        [card("assassin", "Silumgar Assassin", A), card("giant", "Hill Giant", B), card("bears", "Grizzly Bears", B)],
        {"assassin": B},
    )
    assert violations(board, {"giant": "assassin"}) == [("509.1b", "cant_block")]
    assert violations(board, {"bears": "assassin"}) == []


def test_spitfire_handler_cant_block_greater_power_509_1b() -> None:
    """Spitfire Handler (1/1) "can't block creatures with power greater than this creature's power"."""
    board = make_board(
        [card("bears", "Grizzly Bears", A), card("elves", "Llanowar Elves", A), card("handler", "Spitfire Handler", B)],
        {"bears": B, "elves": B},
    )
    assert violations(board, {"handler": "bears"}) == [("509.1b", "cant_block")]
    assert violations(board, {"handler": "elves"}) == []


def test_sneaky_homunculus_cant_block_or_be_blocked_by_power_2_or_greater_509_1b() -> None:
    """Sneaky Homunculus: "can't block or be blocked by creatures with power 2 or greater": both."""
    assert abilities("Sneaky Homunculus") == [
        {"kind": "cant_block", "attackers": {"power": {"ge": 2}}},
        {"kind": "cant_be_blocked_by", "by": {"power": {"ge": 2}}},
    ]
    attacking = make_board(
        [card("sneaky", "Sneaky Homunculus", A), card("bears", "Grizzly Bears", B), card("elves", "Llanowar Elves", B)],
        {"sneaky": B},
    )
    assert violations(attacking, {"bears": "sneaky"}) == [("509.1b", "cant_be_blocked_by")]
    assert violations(attacking, {"elves": "sneaky"}) == []
    blocking = make_board([card("bears", "Grizzly Bears", A), card("sneaky", "Sneaky Homunculus", B)], {"bears": B})
    assert violations(blocking, {"sneaky": "bears"}) == [("509.1b", "cant_block")]


def test_tetsuko_umezawa_power_or_toughness_1_or_less_cant_be_blocked_509_1b() -> None:
    """Tetsuko Umezawa, Fugitive: "Creatures you control with power or toughness 1 or less can't
    be blocked": Goblin Piker (2/1) and Tetsuko (1/3) can't be, Grizzly Bears (2/2) can."""
    board = make_board(
        [
            card("tetsuko", "Tetsuko Umezawa, Fugitive", A),
            card("piker", "Goblin Piker", A),
            card("bears", "Grizzly Bears", A),
            card("giant", "Hill Giant", B),
        ],
        {"tetsuko": B, "piker": B, "bears": B},
    )
    assert violations(board, {"giant": "piker"}) == [("509.1b", "cant_be_blocked")]
    assert violations(board, {"giant": "tetsuko"}) == [("509.1b", "cant_be_blocked")]
    assert violations(board, {"giant": "bears"}) == []


def test_ensnaring_bridge_power_against_cards_in_hand_508_1c() -> None:
    """Ensnaring Bridge: "Creatures with power greater than the number of cards in your hand can't
    attack": bob holds 2 cards; Grizzly Bears (2) attack, Hill Giant (3) can't."""
    board = make_board(
        [card("bears", "Grizzly Bears", A), card("giant", "Hill Giant", A), card("bridge", "Ensnaring Bridge", B)],
        players=[{"id": A}, {"id": B, "hand": 2}],
    )
    assert attack(board, {"bears": B}).legal
    assert [(v.rule, v.kind) for v in attack(board, {"giant": B}).violations] == [("508.1c", "cant_attack")]


def test_kraken_of_the_straits_power_against_islands_you_control_509_1b() -> None:
    """Kraken of the Straits: "Creatures with power less than the number of Islands you control
    can't block this creature": with three Islands Grizzly Bears (2) can't block it, Hill Giant (3) can."""
    islands = [card(f"island{i}", "Island", A) for i in range(3)]
    board = make_board(
        [
            card("kraken", "Kraken of the Straits", A),
            *islands,
            card("bears", "Grizzly Bears", B),
            card("giant", "Hill Giant", B),
        ],
        {"kraken": B},
    )
    assert violations(board, {"bears": "kraken"}) == [("509.1b", "cant_block")]
    assert violations(board, {"giant": "kraken"}) == []
    two = make_board(
        [card("kraken", "Kraken of the Straits", A), *islands[:2], card("bears", "Grizzly Bears", B)], {"kraken": B}
    )
    assert violations(two, {"bears": "kraken"}) == []


# ============================================================================ the source's own state in combat (506.5)
def test_gutter_shortcut_unblockable_while_attacking_alone_506_5() -> None:
    """Gutter Shortcut: "Enchanted creature can't be blocked as long as it's attacking alone"
    ("it": the enchanted creature); Security Bypass says it with a leading "As long as" (506.5)."""
    for aura in ("Gutter Shortcut", "Security Bypass"):
        base = [
            card("bears", "Grizzly Bears", A),
            card("elves", "Llanowar Elves", A),
            card("aura", aura, A, attached_to="bears"),
            card("giant", "Hill Giant", B),
        ]
        alone = make_board(base, {"bears": B})
        assert violations(alone, {"giant": "bears"}) == [("509.1b", "cant_be_blocked")], aura
        together = make_board(base, {"bears": B, "elves": B})
        assert violations(together, {"giant": "bears"}) == [], aura


def test_the_masamune_must_be_blocked_while_attacking_509_1c() -> None:
    """The Masamune: "As long as equipped creature is attacking, it has first strike and must be
    blocked if able": an untapped Hill Giant able to block must block the Bears (509.1c)."""
    board = make_board(
        [
            card("bears", "Grizzly Bears", A),
            card("sword", "The Masamune", A, attached_to="bears"),
            card("giant", "Hill Giant", B),
        ],
        {"bears": B},
    )
    verdict = block(board, {})
    assert not verdict.legal and [v.rule for v in verdict.violations] == ["509.1c"]
    assert block(board, {"giant": "bears"}).legal


def test_aces_baseball_bat_must_be_blocked_by_a_dalek_509_1c() -> None:
    """Ace's Baseball Bat: "... must be blocked by a Dalek if able": a Dalek must block, the Hill
    Giant needn't."""
    dalek = {"name": "Dalek", "subtypes": ["Dalek"], "power": 3, "toughness": 3}
    base = [
        card("bears", "Grizzly Bears", A),
        card("bat", "Ace's Baseball Bat", A, attached_to="bears"),
        card("giant", "Hill Giant", B),
    ]
    assert block(make_board(base, {"bears": B}), {}).legal
    with_dalek = make_board([*base, {"id": "dalek", "token": dalek, "controller": B}], {"bears": B})
    assert [v.rule for v in block(with_dalek, {}).violations] == ["509.1c"]
    assert block(with_dalek, {"dalek": "bears"}).legal


def test_archangel_of_tithes_taxes_blocks_only_while_attacking_509_1d() -> None:
    """Archangel of Tithes: "As long as Archangel of Tithes is attacking, creatures can't block
    unless their controller pays {1} for each of those creatures": bob, with no mana, can't block
    the attacking Archangel's companion; with a Plains he can, paying {1} (509.1d)."""
    base = [
        card("angel", "Archangel of Tithes", A),
        card("bears", "Grizzly Bears", A),
        card("giant", "Hill Giant", B),
    ]
    poor = make_board(base, {"angel": B, "bears": B})
    assert violations(poor, {"giant": "bears"}) == [("509.1f", "unpayable_cost")]
    assert block(make_board([*base, card("plains", "Plains", B)], {"angel": B, "bears": B}), {"giant": "bears"}).legal
    assert block(make_board(base, {"bears": B}), {"giant": "bears"}).legal


# ============================================================================ Auras on players (303.4)
def test_curse_of_the_nightly_hunt_on_a_player_508_1d() -> None:
    """Curse of the Nightly Hunt (enchant player, attached to alice: 303.4, 702.5): "Creatures
    enchanted player controls attack each combat if able": her Bears must attack; bob's needn't
    on his own turn."""
    curse = card("curse", "Curse of the Nightly Hunt", B, attached_to=A)
    board = make_board([card("bears", "Grizzly Bears", A), curse])
    verdict = attack(board, {})
    assert [(v.rule, v.kind) for v in verdict.violations] == [("508.1d", "too_few_requirements")], verdict.violations
    assert attack(board, {"bears": B}).legal
    bobs_turn = make_board([card("bears", "Grizzly Bears", B), curse], active_player=B)
    assert attack(bobs_turn, {}).legal


def test_an_aura_attached_to_no_such_player_or_permanent_is_bad_input() -> None:
    """attached_to names a permanent or a player (303.4); anything else is an unknown id."""
    with pytest.raises(ValidationError, match="no permanent or player 'zed'"):
        make_board([card("curse", "Curse of the Nightly Hunt", B, attached_to="zed")])


def test_an_aura_for_a_creature_attached_to_a_player_is_bad_input_303_4a() -> None:
    """Pacifism enchants a creature (303.4a): attached to a player, its grants name no permanent;
    the Curse attached to a creature names no player."""
    with pytest.raises(ValidationError, match=r"abilities\.0\.to\.ids\n  no permanent 'alice' \(a player\)"):
        make_board([card("pacifism", "Pacifism", B, attached_to=A), card("bears", "Grizzly Bears", A)])
    with pytest.raises(ValidationError, match="'bears' is not `you`, `opponent`, `team` or a player id"):
        make_board(
            [card("curse", "Curse of the Nightly Hunt", B, attached_to="bears"), card("bears", "Grizzly Bears", A)]
        )


# ============================================================================ exceptions to a restriction (508.1c)
def test_akron_legionnaire_leaves_out_its_namesakes_and_artifact_creatures_508_1c() -> None:
    """Akron Legionnaire: "Except for creatures named Akron Legionnaire and artifact creatures,
    creatures you control can't attack": the Bears can't; Akron Legionnaire and Ornithopter can."""
    board = make_board(
        [card("akron", "Akron Legionnaire", A), card("bears", "Grizzly Bears", A), card("thopter", "Ornithopter", A)]
    )
    assert attack(board, {"akron": B, "thopter": B}).legal
    assert [(v.rule, v.kind) for v in attack(board, {"bears": B}).violations] == [("508.1c", "cant_attack")]


# ============================================================================ the defending player, per attack target (802.2a)
def test_goblin_goon_attacks_only_a_player_with_fewer_creatures_508_1c_802_2a() -> None:
    """Goblin Goon: "can't attack unless you control more creatures than defending player": alice
    (Goon and Bears) may attack carol (one creature), not bob (two)."""
    board = make_board(
        [
            card("goon", "Goblin Goon", A),
            card("bears", "Grizzly Bears", A),
            card("b1", "Llanowar Elves", B),
            card("b2", "Llanowar Elves", B),
            card("c1", "Llanowar Elves", C),
        ],
        players=[{"id": A}, {"id": B}, {"id": C}],
    )
    assert attack(board, {"goon": C}).legal
    assert [(v.rule, v.kind) for v in attack(board, {"goon": B}).violations] == [("508.1c", "cant_attack")]


def test_crown_hunter_hireling_attacks_only_the_monarch_802_2a() -> None:
    """Crown-Hunter Hireling: "can't attack unless defending player is the monarch"."""
    board = make_board(
        [card("hireling", "Crown-Hunter Hireling", A)],
        players=[{"id": A}, {"id": B, "designations": ["monarch"]}, {"id": C}],
    )
    assert attack(board, {"hireling": B}).legal
    assert not attack(board, {"hireling": C}).legal


def test_glacial_crasher_needs_a_mountain_anywhere_508_1c() -> None:
    """Glacial Crasher: "can't attack unless there is a Mountain on the battlefield" (anyone's)."""
    crasher = card("crasher", "Glacial Crasher", A)
    assert not attack(make_board([crasher]), {"crasher": B}).legal
    assert attack(make_board([crasher, card("mountain", "Mountain", B)]), {"crasher": B}).legal


# ============================================================================ more of the source's and subjects' state
def test_modified_creatures_you_control_700_9() -> None:
    """Artillery Enthusiast: "Modified creatures you control have menace": modified is a counter
    on it, equipped, or enchanted by an Aura its controller controls (700.9); a Bears with a
    +1/+1 counter or alice's own Aura makes the Bears modified, bob's Aura doesn't."""

    def bears_board(*extra: dict[str, Any]) -> Any:
        return make_board(
            [card("artillery", "Artillery Enthusiast", A), card("giant", "Hill Giant", B), *extra],
            {"bears": B},
        )

    plain = bears_board(card("bears", "Grizzly Bears", A))
    assert violations(plain, {"giant": "bears"}) == []
    countered = bears_board(card("bears", "Grizzly Bears", A, counters={"+1/+1": 1}))
    assert violations(countered, {"giant": "bears"}) == [("702.111b", "menace")]
    hers = bears_board(card("bears", "Grizzly Bears", A), card("aura", "Holy Strength", A, attached_to="bears"))
    assert violations(hers, {"giant": "bears"}) == [("702.111b", "menace")]
    his = bears_board(card("bears", "Grizzly Bears", A), card("aura", "Holy Strength", B, attached_to="bears"))
    assert violations(his, {"giant": "bears"}) == []


def test_obstinate_gargoyle_flies_while_modified_702_9b() -> None:
    """Obstinate Gargoyle "has flying as long as it's modified" (700.9)."""
    bears = card("bears", "Grizzly Bears", B)
    plain = make_board([card("gargoyle", "Obstinate Gargoyle", A), bears], {"gargoyle": B})
    assert violations(plain, {"bears": "gargoyle"}) == []
    grown = make_board([card("gargoyle", "Obstinate Gargoyle", A, counters={"+1/+1": 1}), bears], {"gargoyle": B})
    assert violations(grown, {"bears": "gargoyle"}) == [("702.9b", "flying")]


def test_herald_of_secret_streams_creatures_with_counters_on_them_509_1b() -> None:
    """Herald of Secret Streams: "Creatures you control with +1/+1 counters on them can't be blocked"."""
    board = make_board(
        [
            card("herald", "Herald of Secret Streams", A),
            card("bears", "Grizzly Bears", A, counters={"+1/+1": 1}),
            card("elves", "Llanowar Elves", A),
            card("giant", "Hill Giant", B),
        ],
        {"bears": B, "elves": B},
    )
    assert violations(board, {"giant": "bears"}) == [("509.1b", "cant_be_blocked")]
    assert violations(board, {"giant": "elves"}) == []


def test_ichor_aberration_attacks_despite_defender_at_power_7_702_3b() -> None:
    """Ichor Aberration (3/3, defender): "As long as its power is 7 or greater, it can attack as
    though it didn't have defender": its current power decides."""
    assert not attack(make_board([card("ichor", "Ichor Aberration", A)]), {"ichor": B}).legal
    assert attack(make_board([card("ichor", "Ichor Aberration", A, power=7)]), {"ichor": B}).legal


def test_hobble_stops_blocking_only_a_black_creature_509_1b() -> None:
    """Hobble: "Enchanted creature can't block if it's black" ("it": the enchanted creature)."""

    def board(name: str) -> Any:
        return make_board(
            [
                card("bears", "Grizzly Bears", A),
                card("blocker", name, B),
                card("hobble", "Hobble", A, attached_to="blocker"),
            ],
            {"bears": B},
        )

    assert violations(board("Dusk Imp"), {"blocker": "bears"}) == [("509.1b", "cant_block")]
    assert violations(board("Hill Giant"), {"blocker": "bears"}) == []


def test_bound_by_moonsilver_cant_attack_or_block_508_1c_509_1b() -> None:
    """Bound by Moonsilver: "Enchanted creature can't attack, block, or transform" (transforming
    is no part of declaring)."""
    assert abilities("Bound by Moonsilver") == [
        {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "cant_attack"}},
        {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "cant_block"}},
    ]
    board = make_board([card("bears", "Grizzly Bears", A), card("aura", "Bound by Moonsilver", B, attached_to="bears")])
    assert [(v.rule, v.kind) for v in attack(board, {"bears": B}).violations] == [("508.1c", "cant_attack")]


def test_howlpack_wolf_needs_another_wolf_or_werewolf_509_1b() -> None:
    """Howlpack Wolf: "can't block unless you control another Wolf or Werewolf": either subtype."""
    base = [card("bears", "Grizzly Bears", A), card("wolf", "Howlpack Wolf", B)]
    assert violations(make_board(base, {"bears": B}), {"wolf": "bears"}) == [("509.1b", "cant_block")]
    werewolf = {"name": "Werewolf", "subtypes": ["Werewolf"], "power": 2, "toughness": 2}
    with_werewolf = make_board([*base, {"id": "ww", "token": werewolf, "controller": B}], {"bears": B})
    assert violations(with_werewolf, {"wolf": "bears"}) == []


def test_hexmark_destroyer_needs_six_blockers_509_1b() -> None:
    """Hexmark Destroyer: "can't be blocked except by six or more creatures"."""
    assert abilities("Hexmark Destroyer") == [{"kind": "min_blockers", "n": 6}]
    elves = [card(f"elf{i}", "Llanowar Elves", B) for i in range(6)]
    board = make_board([card("necron", "Hexmark Destroyer", A), *elves], {"necron": B})
    assert block(board, {f"elf{i}": "necron" for i in range(6)}).legal
    assert not block(board, {f"elf{i}": "necron" for i in range(5)}).legal


def test_hundred_handed_one_blocks_a_hundred_while_monstrous_509_1a() -> None:
    """Hundred-Handed One: "As long as it is monstrous, it has reach and can block an additional
    ninety-nine creatures each combat" (701.37b)."""
    attackers = [card(f"bears{i}", "Grizzly Bears", A) for i in range(3)]
    blocks = {"giant": tuple(f"bears{i}" for i in range(3))}
    monstrous = make_board(
        [*attackers, card("giant", "Hundred-Handed One", B, monstrous=True)],
        dict.fromkeys((f"bears{i}" for i in range(3)), B),
    )
    assert block(monstrous, blocks).legal
    plain = make_board(
        [*attackers, card("giant", "Hundred-Handed One", B)], dict.fromkeys((f"bears{i}" for i in range(3)), B)
    )
    assert not block(plain, blocks).legal


def test_ekundu_cyclops_attacks_if_another_of_yours_does_508_1d() -> None:
    """Ekundu Cyclops: "If a creature you control attacks, Ekundu Cyclops also attacks if able"."""
    board = make_board([card("cyclops", "Ekundu Cyclops", A), card("bears", "Grizzly Bears", A)])
    assert attack(board, {}).legal
    assert [v.rule for v in attack(board, {"bears": B}).violations] == ["508.1d"]
    assert attack(board, {"bears": B, "cyclops": B}).legal


def test_viashino_bey_brings_every_creature_once_it_attacks_508_1d() -> None:
    """Viashino Bey: "If this creature attacks, all creatures you control attack if able": no
    requirement while Bey stays home (508.1d), one on each other creature once it attacks."""
    board = make_board([card("bey", "Viashino Bey", A), card("bears", "Grizzly Bears", A)])
    assert attack(board, {}).legal
    assert attack(board, {"bears": B}).legal
    assert [v.rule for v in attack(board, {"bey": B}).violations] == ["508.1d"]
    assert attack(board, {"bey": B, "bears": B}).legal


def test_serpent_of_yawning_depths_sea_creatures_block_each_other_509_1b() -> None:
    """Serpent of Yawning Depths: "Krakens, Leviathans, Octopuses, and Serpents you control can't be
    blocked except by Krakens, Leviathans, Octopuses, and Serpents": a list of blockers (509.1b)."""
    octopus = {"name": "Octopus", "subtypes": ["Octopus"], "power": 1, "toughness": 1}
    kraken = {"name": "Kraken", "subtypes": ["Kraken"], "power": 1, "toughness": 1}
    pieces = [card("serpent", "Serpent of Yawning Depths", A), card("bears", "Grizzly Bears", B)]
    board = make_board(
        [
            *pieces,
            {"id": "octo", "token": octopus, "controller": A},
            {"id": "kraken", "token": kraken, "controller": B},
        ],
        {"serpent": B, "octo": B},
    )
    assert violations(board, {"bears": "octo"}) == [("509.1b", "cant_be_blocked_except_by")]
    assert violations(board, {"bears": "serpent"}) == [("509.1b", "cant_be_blocked_except_by")]
    assert violations(board, {"kraken": "octo"}) == []


def test_lithoform_blight_land_loses_its_land_types_and_gains_mana_abilities_305_6() -> None:
    """Lithoform Blight: "Enchanted land loses all land types and abilities and has "{T}: Add {C}"
    and "{T}, Pay 1 life: Add one mana of any color."": the Island is no Island for islandwalk
    (702.14c), its {U} ability gone (305.6, 613.1f), the two quoted ones its own."""
    blight = bundled_catalog().compiled(bundled_catalog().get("Lithoform Blight")).abilities
    assert {"kind": "type_change", "land_types": [], "to": {"ids": ["$attached"]}} in blight
    assert {"kind": "lose_abilities", "to": {"ids": ["$attached"]}} in blight
    granted = [a["ability"] for a in blight if a["kind"] == "grant"]
    assert granted == [
        {"kind": "mana", "produces": "C", "amount": 1},
        {"kind": "mana", "cost": {"life": 1}, "produces": "any", "amount": 1},
    ]
    pieces = [card("djinn", "Benthic Behemoth", A), card("bears", "Grizzly Bears", B), card("isle", "Island", B)]
    assert violations(make_board(pieces, {"djinn": B}), {"bears": "djinn"}) == [("702.14c", "landwalk")]
    blighted = [*pieces, card("blight", "Lithoform Blight", A, attached_to="isle")]
    assert violations(make_board(blighted, {"djinn": B}), {"bears": "djinn"}) == []


def test_goblin_goon_blocks_only_outnumbering_the_attacking_player_506_2() -> None:
    """Goblin Goon: "can't block unless you control more creatures than attacking player": the
    active player (506.2) — with two creatures to bob's two it can't block, with three it can; with
    shared team turns that player is the blocked attacker's controller (805.10c): warned."""
    base = [card("bears", "Grizzly Bears", A), card("elf", "Llanowar Elves", A), card("goon", "Goblin Goon", B)]
    even = make_board([*base, card("b1", "Grizzly Bears", B)], {"bears": B})
    assert violations(even, {"goon": "bears"}) == [("509.1b", "cant_block")]
    more = make_board([*base, card("b1", "Grizzly Bears", B), card("b2", "Grizzly Bears", B)], {"bears": B})
    assert violations(more, {"goon": "bears"}) == []
    assert more.card_warnings == ()
    teams = {A: "t1", C: "t1", B: "t2", "dan": "t2"}
    team = make_board(base, {"bears": B}, players=(A, C, B, "dan"), teams=teams, shared=True)
    assert [w for w in team.card_warnings if "805.10c" in w] != []


def test_mana_spendable_on_abilities_is_warned_beside_a_mana_ability_with_a_mana_cost_106_6() -> None:
    """Fabrication Foundry: "Spend this mana only to cast an artifact spell or activate an ability of
    an artifact source" pays no cost to attack itself (106.6), but can pay Azorius Signet's {1}
    (605.3a), which the payment doesn't model: warned only where its controller has such a Signet."""
    prison = card("prison", "Ghostly Prison", B)
    pieces = [card("foundry", "Fabrication Foundry", A), card("goblin", "Raging Goblin", A), prison]
    assert make_board(pieces).card_warnings == ()
    signet = make_board([*pieces, card("signet", "Azorius Signet", A)])
    assert [w for w in signet.card_warnings if w.startswith("Fabrication Foundry")] != []
    theirs = make_board([*pieces, card("signet", "Azorius Signet", B)])
    assert theirs.card_warnings == ()
    assert attack(signet, {"goblin": B}).warnings != ()


def test_zhao_makes_nonbasic_lands_mountains_while_it_has_a_conqueror_counter_305_7() -> None:
    """Zhao, the Moon Slayer: "As long as Zhao has a conqueror counter on him, nonbasic lands are
    Mountains" (305.7): its own counter, read as a count of it; then bob's Adarkar Wastes is a
    Mountain and Goblin Mountaineer's mountainwalk holds (702.14c)."""
    pieces = [
        card("goblin", "Goblin Mountaineer", A),
        card("bears", "Grizzly Bears", B),
        card("wastes", "Adarkar Wastes", B),
    ]
    zhao = card("zhao", "Zhao, the Moon Slayer", A)
    idle = make_board([*pieces, zhao], {"goblin": B})
    assert violations(idle, {"bears": "goblin"}) == []
    conquering = make_board([*pieces, {**zhao, "counters": {"conqueror": 1}}], {"goblin": B})
    assert violations(conquering, {"bears": "goblin"}) == [("702.14c", "landwalk")]


def test_no_life_gained_is_warned_beside_a_mana_ability_that_gains_life_101_2() -> None:
    """Erebos's "Your opponents can't gain life" stops what Pristine Talisman's life would give
    toward a cost (101.2, 119.3): warned where such a mana ability is on the board, nothing
    otherwise. Omen Machine's "Players can't draw cards" stops nothing a cost is paid with: no mana
    ability draws (605.1a: Chromatic Sphere's ability is none), so it neither warns nor is noted."""
    pieces = [card("lock", "Erebos, God of the Dead", B), card("goblin", "Raging Goblin", A)]
    assert make_board(pieces).card_warnings == ()
    warned = make_board([*pieces, card("helper", "Pristine Talisman", A)]).card_warnings
    assert [w for w in warned if w.startswith("Erebos")] != [], warned
    omen = [card("lock", "Omen Machine", B), card("goblin", "Raging Goblin", A), card("cs", "Chromatic Sphere", A)]
    assert make_board(omen).card_warnings == ()


def test_cant_be_sacrificed_is_warned_beside_a_cost_that_sacrifices_701_21a() -> None:
    """Alexios's and Hithlain Rope's "can't be sacrificed" (701.21a): no cost takes them, which the
    payment doesn't model: warned where a cost sacrifices (Ashnod's Altar), nothing otherwise."""
    for name in ("Alexios, Deimos of Kosmos", "Hithlain Rope"):
        pieces = [card("held", name, A), card("goblin", "Raging Goblin", A)]
        assert make_board(pieces).card_warnings == ()
        warned = make_board([*pieces, card("altar", "Ashnod's Altar", A)]).card_warnings
        assert [w for w in warned if "can't be sacrificed" in w] != [], warned


def test_instill_energy_attacks_as_though_it_had_haste_302_6() -> None:
    """Instill Energy: "Enchanted creature can attack as though it had haste" (302.6)."""
    sick = card("bears", "Grizzly Bears", A, summoning_sick=True)
    assert not attack(make_board([sick]), {"bears": B}).legal
    aura = card("energy", "Instill Energy", A, attached_to="bears")
    assert attack(make_board([sick, aura]), {"bears": B}).legal


def test_stormtide_leviathan_only_fliers_and_islandwalkers_attack_508_1c() -> None:
    """Stormtide Leviathan: "Creatures without flying or islandwalk can't attack"."""
    board = make_board(
        [
            card("leviathan", "Stormtide Leviathan", B),
            card("bears", "Grizzly Bears", A),
            card("hawk", "Suntail Hawk", A),
            {
                "id": "lord",
                "token": {"name": "Merfolk", "power": 1, "toughness": 1, "keywords": ["islandwalk"]},
                "controller": A,
            },
        ]
    )
    assert attack(board, {"hawk": B, "lord": B}).legal
    assert [(v.rule, v.kind) for v in attack(board, {"bears": B}).violations] == [("508.1c", "cant_attack")]


def test_reckless_cohort_attacks_unless_you_control_another_ally_508_1d() -> None:
    """Reckless Cohort: "attacks each combat if able unless you control another Ally"."""
    cohort = card("cohort", "Reckless Cohort", A)
    assert [v.rule for v in attack(make_board([cohort]), {}).violations] == ["508.1d"]
    ally = {"name": "Ally", "subtypes": ["Ally"], "power": 1, "toughness": 1}
    assert attack(make_board([cohort, {"id": "ally", "token": ally, "controller": A}]), {}).legal


def test_marble_priest_walls_able_to_block_it_do_so_509_1c() -> None:
    """Marble Priest: "All Walls able to block this creature do so": Wall of Wood must block it,
    Grizzly Bears needn't; Talruum Piper: "All creatures with flying able to block it do so"."""
    board = make_board(
        [card("priest", "Marble Priest", A), card("wood", "Wall of Wood", B), card("bears", "Grizzly Bears", B)],
        {"priest": B},
    )
    assert [v.rule for v in block(board, {}).violations] == ["509.1c"]
    assert block(board, {"wood": "priest"}).legal
    piper = make_board(
        [card("piper", "Talruum Piper", A), card("hawk", "Suntail Hawk", B), card("bears", "Grizzly Bears", B)],
        {"piper": B},
    )
    assert [v.rule for v in block(piper, {"bears": "piper"}).violations] == ["509.1c"]
    assert block(piper, {"hawk": "piper"}).legal


def test_scarred_puma_attacks_only_with_a_black_or_green_creature_508_1c() -> None:
    """Scarred Puma: "can't attack unless a black or green creature also attacks"."""
    board = make_board(
        [card("puma", "Scarred Puma", A), card("elves", "Llanowar Elves", A), card("piker", "Goblin Piker", A)]
    )
    assert attack(board, {"puma": B, "elves": B}).legal
    assert not attack(board, {"puma": B, "piker": B}).legal
    assert attack(board, {"piker": B}).legal


def test_tanglewalker_reads_each_attackers_defending_player_802_2a() -> None:
    """Tanglewalker: "Each creature you control can't be blocked as long as defending player
    controls an artifact land": bob has Seat of the Synod, carol none."""
    board = make_board(
        [
            card("walker", "Tanglewalker", A),
            card("bears", "Grizzly Bears", A),
            card("seat", "Seat of the Synod", B),
            card("bgiant", "Hill Giant", B),
            card("cgiant", "Hill Giant", C),
        ],
        {"walker": B, "bears": C},
        players=[{"id": A}, {"id": B}, {"id": C}],
    )
    assert violations(board, {"bgiant": "walker"}) == [("509.1b", "cant_be_blocked")]
    assert violations(board, {"cgiant": "bears"}) == []


def test_thieves_tools_unblockable_while_its_power_is_3_or_less_509_1b() -> None:
    """Thieves' Tools: "Equipped creature can't be blocked as long as its power is 3 or less"."""

    def board(power: int) -> Any:
        return make_board(
            [
                card("bears", "Grizzly Bears", A, power=power),
                card("tools", "Thieves' Tools", A, attached_to="bears"),
                card("giant", "Hill Giant", B),
            ],
            {"bears": B},
        )

    assert violations(board(3), {"giant": "bears"}) == [("509.1b", "cant_be_blocked")]
    assert violations(board(4), {"giant": "bears"}) == []


def test_quest_compleated_beast_cant_be_blocked_by_tokens_509_1b() -> None:
    """Quest Compleated Beast: "can't be blocked by tokens"."""
    goblin = {"name": "Goblin", "subtypes": ["Goblin"], "power": 1, "toughness": 1}
    board = make_board(
        [
            card("beast", "Quest Compleated Beast", A),
            {"id": "gob", "token": goblin, "controller": B},
            card("b1", "Grizzly Bears", B),
            card("b2", "Grizzly Bears", B),
        ],
        {"beast": B},
    )
    assert ("509.1b", "cant_be_blocked_by") in violations(board, {"gob": "beast", "b1": "beast"})
    assert violations(board, {"b1": "beast", "b2": "beast"}) == []


def test_novice_knight_attacks_while_enchanted_or_equipped_702_3b() -> None:
    """Novice Knight: "As long as it is enchanted or equipped, it can attack as though it didn't
    have defender"."""
    knight = card("knight", "Novice Knight", A)
    assert not attack(make_board([knight]), {"knight": B}).legal
    equipped = make_board([knight, card("axe", "Bonesplitter", A, attached_to="knight")])
    assert attack(equipped, {"knight": B}).legal


def test_shauku_cant_attack_if_another_creature_is_on_the_battlefield_508_1c() -> None:
    """Shauku, Endbringer: "can't attack if there's another creature on the battlefield"."""
    shauku = card("shauku", "Shauku, Endbringer", A)
    assert attack(make_board([shauku]), {"shauku": B}).legal
    assert not attack(make_board([shauku, card("bears", "Grizzly Bears", B)]), {"shauku": B}).legal


def test_oketra_needs_three_other_creatures_508_1c() -> None:
    """Oketra the True: "can't attack or block unless you control at least three other creatures"."""
    others = [card(f"elf{i}", "Llanowar Elves", A) for i in range(3)]
    oketra = card("oketra", "Oketra the True", A)
    assert attack(make_board([oketra, *others]), {"oketra": B}).legal
    assert not attack(make_board([oketra, *others[:2]]), {"oketra": B}).legal


def test_michelangelo_creatures_with_a_counter_on_it_509_1b() -> None:
    """Michelangelo, Mutant BFF: "Each creature you control with a counter on it can't be blocked
    by more than one creature"."""
    board = make_board(
        [
            card("mike", "Michelangelo, Mutant BFF", A),
            card("bears", "Grizzly Bears", A, counters={"+1/+1": 1}),
            card("g1", "Hill Giant", B),
            card("g2", "Hill Giant", B),
        ],
        {"bears": B},
    )
    assert not block(board, {"g1": "bears", "g2": "bears"}).legal
    assert block(board, {"g1": "bears"}).legal


def test_runadi_three_or_more_counters_give_haste_702_10b() -> None:
    """Runadi, Behemoth Caller: "Creatures you control with three or more +1/+1 counters on them
    have haste"."""

    def board(n: int) -> Any:
        return make_board(
            [
                card("runadi", "Runadi, Behemoth Caller", A),
                card("bears", "Grizzly Bears", A, summoning_sick=True, counters={"+1/+1": n}),
            ]
        )

    assert attack(board(3), {"bears": B}).legal
    assert not attack(board(2), {"bears": B}).legal


def test_storm_windrider_fliers_cant_attack_you_or_block_yours_508_1c_509_1b() -> None:
    """Storm, Windrider: "Creatures with flying can't attack you or block creatures you control"."""
    storm = card("storm", "Storm, Windrider", B)
    attacking = make_board([storm, card("hawk", "Suntail Hawk", A), card("bears", "Grizzly Bears", A)])
    assert [(v.rule, v.kind) for v in attack(attacking, {"hawk": B}).violations] == [("508.1c", "cant_attack")]
    assert attack(attacking, {"bears": B}).legal
    blocking = make_board(
        [storm, card("bears", "Grizzly Bears", B), card("hawk", "Suntail Hawk", A)], {"bears": A}, active_player=B
    )
    assert violations(blocking, {"hawk": "bears"}) == [("509.1b", "cant_block")]


def test_elves_are_elf_creatures_whatever_the_hash_seed_205_3m() -> None:
    """Nath's Buffoon: "Protection from Elves": the plural of the creature type Elf (205.3m), not
    the Un-card subtype "Elves" the catalog also knows, so Llanowar Elves can't block it (702.16f)."""
    assert Nouns(frozenset({"Elves", "Elf", "LaIR", "Lair"})).subtype("elves") == "Elf"
    assert Nouns(frozenset({"LaIR", "Lair"})).subtype("lairs") == "Lair"
    board = make_board([card("buffoon", "Nath's Buffoon", A), card("elves", "Llanowar Elves", B)], {"buffoon": B})
    assert violations(board, {"elves": "buffoon"}) == [("702.16f", "protection")]


def test_rime_dryad_snow_forestwalk_needs_a_snow_forest_702_14c() -> None:
    """Rime Dryad: "Snow forestwalk": unblockable only while the defending player controls a snow
    Forest (702.14c); a basic Forest isn't one."""
    base = [card("dryad", "Rime Dryad", A), card("bears", "Grizzly Bears", B)]
    assert violations(make_board([*base, card("forest", "Forest", B)], {"dryad": B}), {"bears": "dryad"}) == []
    snowy = make_board([*base, card("forest", "Snow-Covered Forest", B)], {"dryad": B})
    assert violations(snowy, {"bears": "dryad"}) == [("702.14c", "landwalk")]


# ============================================================================ the source's state: a creature, entered, what its holder has
def test_foriysian_totem_blocks_an_additional_creature_only_while_it_is_a_creature_509_1a_302_1() -> None:
    """'As long as this artifact is a creature, it can block an additional creature each combat.'"""
    animated = {"types": ["artifact", "creature"], "subtypes": ["Giant"], "power": 4, "toughness": 4}
    attackers = [card("g1", "Grizzly Bears", A), card("g2", "Grizzly Bears", A)]
    board = make_board([*attackers, card("totem", "Foriysian Totem", B, **animated)], {"g1": B, "g2": B})
    assert block(board, {"totem": ("g1", "g2")}).legal
    plain = make_board([*attackers, card("totem", "Foriysian Totem", B), card("wall", "Wall of Stone", B)], {"g1": B})
    assert not block(plain, {"totem": ("g1",)}).legal


def test_keldon_strike_team_gives_haste_the_turn_it_entered_302_6() -> None:
    """'As long as this creature entered this turn, creatures you control have haste.'"""
    bears = card("bears", "Grizzly Bears", A, summoning_sick=True)
    team = card("team", "Keldon Strike Team", A, summoning_sick=True)
    assert attack(make_board([bears, {**team, "entered_this_turn": True}]), {"bears": B}).legal
    assert not attack(make_board([bears, team]), {"bears": B}).legal


def test_warmongers_chariot_lets_an_equipped_defender_attack_702_3b() -> None:
    """'As long as equipped creature has defender, it can attack as though it didn't have defender.'"""
    wall = card("wall", "Wall of Stone", A)
    chariot = card("chariot", "Warmonger's Chariot", A, attached_to="wall")
    assert attack(make_board([wall, chariot]), {"wall": B}).legal
    assert not attack(make_board([wall]), {"wall": B}).legal


def test_outlaws_are_assassins_mercenaries_pirates_rogues_and_warlocks_700_12() -> None:
    """Hellspur Posse Boss: "Other outlaws you control have haste": a summoning-sick Rogue may
    attack, a summoning-sick Bear may not."""
    boss = card("boss", "Hellspur Posse Boss", A)
    rogue = card("rogue", "Fencing Ace", A, subtypes=["Human", "Rogue"], summoning_sick=True)
    bears = card("bears", "Grizzly Bears", A, summoning_sick=True)
    board = make_board([boss, rogue, bears])
    assert attack(board, {"rogue": B}).legal
    assert not attack(board, {"bears": B}).legal


def test_a_sagas_chapter_ability_is_a_note_not_a_warning_714_2b() -> None:
    """Summon: Kujata's "II — Ice — Up to three target creatures can't block this turn" is a
    triggered ability (714.2b): once it resolves, its result is an effect on the board."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Summon: Kujata"))
    assert not compiled.all_warnings
    assert any("can't block this turn" in n and "714.2b" in n for n in compiled.notes)


@pytest.mark.parametrize(("plural", "subtype"), [("Oxen", "Ox"), ("Mice", "Mouse"), ("Fungi", "Fungus")])
def test_205_3m_an_irregular_plural_names_its_creature_type(plural: str, subtype: str) -> None:
    """205.3m: "can't be blocked by Oxen" (Ox Drover) names Oxes, as "Elves" names Elves."""
    assert Nouns(frozenset({"Ox", "Mouse", "Fungus"})).subtype(plural) == subtype
    if plural == "Oxen":
        assert {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Ox"]}} in abilities("Ox Drover")


def test_205_3_eldrazi_scions_are_creatures_with_both_subtypes() -> None:
    """205.3m: "can't be blocked by Eldrazi Scions" (Kor Castigator): an Eldrazi Scion token can't
    block it, an Eldrazi that isn't a Scion can; Scion, printed on no card, is still a creature type."""
    castigator = card("k", "Kor Castigator", A)
    scion = creature("s", "Eldrazi Scion", B, 1, 1, subtypes=["Eldrazi", "Scion"])
    eldrazi = creature("e", "Eldrazi", B, 1, 1, subtypes=["Eldrazi"])
    assert not block(make_board([castigator, scion], {"k": B}), {"s": "k"}).legal
    assert block(make_board([castigator, eldrazi], {"k": B}), {"e": "k"}).legal


def test_509_1c_indrik_umbra_s_lure_in_a_predicate_list() -> None:
    """509.1c: "Enchanted creature gets +4/+4 and has first strike, and all creatures able to block
    it do so": the lure is the enchanted creature's, read inside the list."""
    assert abilities("Indrik Umbra") == [{"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "lure"}}]


def test_702_16_protection_from_a_list_of_colors_is_protection_from_each() -> None:
    """702.16: "has protection from white, blue, and red" (an Un-card's wording) is a protection
    from each of the three colors."""
    granted = [a["ability"] for a in abilities("Sword of Fire and Ice and War and Peace")]
    assert granted == [{"kind": "protection", "from": {"colors": [c]}} for c in ("white", "blue", "red")]


def test_702_3_mistform_wall_has_defender_only_while_it_is_a_wall() -> None:
    """702.3b, 205.3: "This creature has defender as long as it's a Wall": made another creature type
    (its subtypes on the board), it may attack."""
    assert abilities("Mistform Wall") == [{"kind": "defender", "condition": {"source": {"subtypes": ["Wall"]}}}]
    wall = card("w", "Mistform Wall", A)
    assert not attack(make_board([wall, card("b", "Grizzly Bears", B)]), {"w": B}).legal
    bird = {**wall, "subtypes": ["Bird"]}
    assert attack(make_board([bird, card("b", "Grizzly Bears", B)]), {"w": B}).legal


def test_702_114a_slivers_given_devoid_are_colorless_and_provoke_is_an_attack_trigger() -> None:
    """702.114a, 604.3a: devoid given to other creatures ("Slivers you control have devoid") makes
    them colorless in layer 5 (not printed, so no characteristic-defining ability, but a static
    "This object is colorless"); 702.39a: provoke given is each one's attack trigger."""
    slivers = {"subtypes": ["Sliver"], "controller": "you"}
    compiled = abilities("Slivdrazi Monstrosity")
    assert {"kind": "type_change", "colors": [], "to": slivers} in compiled
    assert {
        "kind": "grant",
        "to": {"subtypes": ["Sliver"], "types": ["creature"]},
        "ability": {"kind": "attack_trigger"},
    } in abilities("Hunter Sliver")


def test_700_9_arna_kennerud_triggers_on_a_modified_creature_you_control() -> None:
    """700.9, 508.1m: "Whenever a modified creature you control attacks" counts each attacker
    with a counter, an Equipment, or an Aura its controller controls."""
    trigger = next(a for a in abilities("Arna Kennerüd, Skycaptain") if a["kind"] == "attack_trigger")
    assert trigger["who"]["controller"] == "you" and len(trigger["who"]["any_of"]) == 3


def test_702_16_mistmeadow_skulk_has_protection_from_mana_value_3_or_greater() -> None:
    """702.16b: a blocker with mana value 3 or greater can't block it; one with 2 can."""
    skulk = card("s", "Mistmeadow Skulk", A)
    three = creature("t", "Three", B, mana_value=3)
    two = creature("w", "Two", B, mana_value=2)
    assert not block(make_board([skulk, three], {"s": B}), {"t": "s"}).legal
    assert block(make_board([skulk, two], {"s": B}), {"w": "s"}).legal


def test_702_14c_magnigoth_treefolk_has_the_landwalk_of_each_basic_land_type_you_control() -> None:
    """702.14c: "For each basic land type among lands you control, this creature has landwalk of
    that type": with a Forest, forestwalk, so a defender with a Forest can't block it."""
    treefolk = card("t", "Magnigoth Treefolk", A)
    forest, their_forest, bears = card("f", "Forest", A), card("g", "Forest", B), card("b", "Grizzly Bears", B)
    assert not block(make_board([treefolk, forest, their_forest, bears], {"t": B}), {"b": "t"}).legal
    assert block(make_board([treefolk, their_forest, bears], {"t": B}), {"b": "t"}).legal


def test_701_54a_frodo_must_be_blocked_while_he_is_your_ring_bearer() -> None:
    """701.54a, 509.1c: "As long as Frodo Baggins is your Ring-bearer, it must be blocked if able":
    the board's `ring_bearer` switches the requirement; Lord of the Nazgûl's Wraiths have
    protection from Ring-bearers (702.16)."""
    assert abilities("Frodo Baggins") == [{"kind": "must_be_blocked", "condition": {"source": {"ring_bearer": True}}}]
    frodo, bears = card("f", "Frodo Baggins", A, ring_bearer=True), card("b", "Grizzly Bears", B)
    assert not block(make_board([frodo, bears], {"f": B}), {}).legal
    assert block(make_board([{**frodo, "ring_bearer": False}, bears], {"f": B}), {}).legal
    wraiths = {"subtypes": ["Wraith"], "controller": "you"}
    assert {
        "kind": "grant",
        "to": wraiths,
        "ability": {"kind": "protection", "from": {"ring_bearer": True}},
    } in abilities("Lord of the Nazgûl")


def test_105_2_scion_of_draco_gives_each_keyword_to_the_creatures_of_its_color() -> None:
    """105.2, 702.20: "Each creature you control has vigilance if it's white, hexproof if it's
    blue, ...": vigilance to your white creatures (the others' keywords have no bearing)."""
    white = {"controller": "you", "colors": ["white"]}
    assert {"kind": "grant", "to": white, "ability": {"kind": "vigilance"}} in abilities("Scion of Draco")


@pytest.mark.parametrize("name", ["Coalition Honor Guard", "Enroll in the Coalition"])
def test_a_flagbearer_s_targeting_rule_is_nothing_for_combat(name: str) -> None:
    """115.1 (targets are chosen as a spell is cast or an ability activated): "must choose at least
    one Flagbearer" says nothing of attacking or blocking: no ability, no warning."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get(name))
    assert not compiled.warnings
    assert not any(a["kind"] not in ("flying", "vigilance") for a in compiled.abilities)


def test_702_177a_exhaust_and_702_159a_visit_abilities_are_notes() -> None:
    """702.177a: "Exhaust — [cost]: [effect]" is an activated ability; 702.159a: "Visit — [effect]"
    a triggered one: each a note (its result an effect once used), never a warning."""
    catalog = bundled_catalog()
    for name in ("Spire Mechcycle", "Bumper Cars"):
        compiled = catalog.compiled(catalog.get(name))
        assert not compiled.warnings and compiled.notes, name
