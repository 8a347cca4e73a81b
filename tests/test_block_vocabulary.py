"""Block vocabulary: one legal and one illegal block per ability kind and per 509.1a basic.

Every expected answer below was derived by hand from the Comprehensive Rules text
(Comprehensive Rules, September 25, 2026 edition: 506.5, 509.1a-c, 702.x, 802.4a-b, 805.10d) and docs/design.md §4
(how requirements are counted), never by running the engine. Card names and wordings come
from the cards' Oracle text.

Conventions: player "alice" attacks, "bob" (and in multiplayer tests "carol") defends.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from asserts import (
    A,
    B,
    C,
    K,
    assert_illegal,
    assert_legal,
    assert_too_few,
    basic,
    block,
    block_declaration,
    blocks_set,
    creature,
    cyclops,
    effect,
    giant_spider,
    juggernaut,
    lure,
    make_board,
    palace_guard,
    permanent,
    planeswalker,
    sea_serpent,
    serra_angel,
    silent_arbiter,
    viashino_runner,
    watchdog,
)

import combat_solver
from combat_solver import (
    InputError,
    check_blocks,
    count_legal_blocks,
    legal_blocks,
    solve_blocks,
)


# ----------------------------------------------------------------------------- cards
def giant_turtle(id: str = "turtle", controller: str = B, **kw: Any) -> dict[str, Any]:
    return creature(id, "Giant Turtle", controller, 2, 4, colors=["green"], subtypes=["Turtle"], **kw)


def razorgrass_screen(id: str = "screen", controller: str = B) -> dict[str, Any]:
    return creature(
        id, "Razorgrass Screen", controller, 2, 1, K("must_block"), types=["artifact", "creature"], subtypes=["Wall"]
    )


def clockwork_steed(id: str = "steed", controller: str = B) -> dict[str, Any]:
    return creature(
        id,
        "Clockwork Steed",
        controller,
        4,
        3,
        K("cant_be_blocked_by", by={"types": ["artifact", "creature"]}),
        types=["artifact", "creature"],
        subtypes=["Horse"],
    )


def gaeas_protector(id: str = "protector", controller: str = A) -> dict[str, Any]:
    return creature(
        id,
        "Gaea's Protector",
        controller,
        4,
        2,
        K("must_be_blocked"),
        colors=["green"],
        subtypes=["Elemental", "Warrior"],
    )


def tromokratis(controller: str = A) -> dict[str, Any]:
    """Tromokratis: "can't be blocked unless all creatures defending player controls block it." """
    return creature(
        "tromo",
        "Tromokratis",
        controller,
        8,
        8,
        K("cant_be_blocked_unless_all_block"),
        colors=["blue"],
        supertypes=["legendary"],
    )


def mirri(controller: str = A) -> tuple[dict[str, Any], dict[str, Any]]:
    """Mirri, Weatherlight Duelist and the effect of its attack trigger: "each opponent can't block with
    more than one creature this combat"."""
    duelist = creature(
        "mirri", "Mirri, Weatherlight Duelist", controller, 3, 2, colors=["green", "white"], supertypes=["legendary"]
    )
    limit = effect("Mirri, Weatherlight Duelist", K("block_limit", n=1, opponents_only=True), controller=controller)
    return duelist, limit


def craven_hulk(controller: str = B) -> dict[str, Any]:
    """Craven Hulk: "This creature can't block alone." """
    return creature("hulk", "Craven Hulk", controller, 4, 4, K("cant_block_alone"), colors=["red"])


def elvish_bard() -> dict[str, Any]:
    """Elvish Bard: "All creatures able to block this creature do so." """
    return creature("bard", "Elvish Bard", A, 2, 4, K("lure"), colors=["green"])


def two_headed_giant_of_foriys() -> dict[str, Any]:
    """Two-Headed Giant of Foriys: "This creature can block an additional creature each combat." """
    return creature("giant", "Two-Headed Giant of Foriys", B, 4, 4, K("block_additional"), colors=["red"])


def nettling_imp() -> dict[str, Any]:
    return creature("imp", "Nettling Imp", B, 1, 1, colors=["black"])


def cloud_elemental(id: str = "flier", *abilities: dict[str, Any]) -> dict[str, Any]:
    return creature(id, "Cloud Elemental", B, 2, 3, K("flying"), *abilities, colors=["blue"])


PROVOKED_TURTLE = effect("Deftblade Elite", K("must_block", attacker="elite"), ids=["turtle"], controller=A)
"""Deftblade Elite provoked bob's Giant Turtle (702.39a): it blocks the Elite if able."""


# ============================================================================ coverage
def test_every_block_ability_kind_has_a_test_here():
    """Every kind of the block vocabulary (all kinds but the attack-only ones of
    rules/attacking.py and rules/attack_requirements.py, costs, mana abilities, optional costs, triggers, and the
    characteristics of rules/characteristics.py, tested in tests/test_characteristics.py) is named here."""
    from combat_solver.rules.registry import ability_classes

    attack_only = {
        "combat_solver.rules.attacking",
        "combat_solver.rules.attack_requirements",
        "combat_solver.rules.costs",
        "combat_solver.rules.mana",
        "combat_solver.rules.optional",
        "combat_solver.rules.triggers",
        "combat_solver.rules.characteristics",
    }
    block_kinds = [c.model_fields["kind"].default for c in ability_classes() if c.__module__ not in attack_only]
    names = " ".join(n for n in globals() if n.startswith("test_"))
    missing = [k for k in block_kinds if f"_{k}_" not in names]
    assert not missing, missing


# ============================================================================ 509.1a basics
def test_basic_509_1a_tapped_creature_cant_block():
    """509.1a: "The chosen creatures must be untapped"."""
    board = make_board([cyclops(), giant_turtle(tapped=True), sea_serpent()], {"cyclops": B})
    assert_illegal(block(board, {"turtle": "cyclops"}), "509.1a", "tapped_blocker", ("turtle",))
    assert_legal(block(board, {"serpent": "cyclops"}))
    assert_legal(block(board, {}))


def test_basic_509_1a_blocker_blocks_one_attacker():
    """509.1a: each blocker chooses "one creature for it to block"."""
    board = make_board([cyclops("c1"), cyclops("c2"), giant_turtle()], {"c1": B, "c2": B})
    assert_illegal(block(board, {"turtle": ("c1", "c2")}), "509.1a", "block_capacity", ("turtle",))
    assert_legal(block(board, {"turtle": "c1"}))
    assert_legal(block(board, {"turtle": "c2"}))


def test_basic_509_1a_only_creatures_attacking_you():
    """509.1a: the blocked creature must be attacking that player (here: one that isn't
    attacking at all), the blocker must be a defending player's creature, and only creatures block."""
    island = basic("island", "Island", B)
    board = make_board([cyclops("c1"), cyclops("c2"), giant_turtle(), island], {"c1": B})
    assert_illegal(block(board, {"turtle": "c2"}), "509.1a", "not_attacking", ("turtle", "c2"))
    # the attacking player's own creature can't block (it isn't a defending player's creature)
    assert_illegal(block(board, {"c2": "c1"}), "509.1a", "not_defending", ("c2",))
    # a land isn't a creature (506.3: only a creature can block)
    assert_illegal(block(board, {"island": "c1"}), "509.1a", "not_a_creature", ("island",))
    assert_legal(block(board, {"turtle": "c1"}))


def test_basic_509_1a_creature_attacking_your_planeswalker_can_be_blocked():
    """509.1a: a creature attacking a planeswalker the defending player controls can be blocked by them."""
    pw = planeswalker("nahiri", B)
    board = make_board([cyclops(), giant_turtle(), pw], {"cyclops": "nahiri"})
    assert_legal(block(board, {"turtle": "cyclops"}))
    # the attacking creature itself isn't a defending player's creature
    assert_illegal(block(board, {"cyclops": "cyclops"}), "509.1a", "not_defending", ("cyclops",))


# ============================================================================ evasion (D1-D11)
def test_flying_702_9b_only_flying_or_reach_blocks():
    """702.9b: Serra Angel can't be blocked except by creatures with flying and/or reach."""
    cloud = cloud_elemental("cloud", K("can_block_only", attackers={"has": ["flying"]}))
    board = make_board([serra_angel(), giant_turtle(), giant_spider(), cloud], {"serra": B})
    assert_illegal(block(board, {"turtle": "serra"}), "702.9b", "flying", ("turtle", "serra"))
    assert_legal(block(board, {"spider": "serra"}))
    assert_legal(block(board, {"cloud": "serra"}))


def test_reach_702_17b_blocks_fliers_but_is_not_flying():
    """702.17b: Giant Spider can block creatures with flying; reach isn't flying, so it can't block
    Treetop Rangers ("can't be blocked except by creatures with flying", D10)."""
    rangers = creature(
        "rangers", "Treetop Rangers", A, 2, 2, K("cant_be_blocked_except_by", by={"has": ["flying"]}), colors=["green"]
    )
    board = make_board([serra_angel(), rangers, giant_spider()], {"serra": B, "rangers": B})
    assert_legal(block(board, {"spider": "serra"}))
    assert_illegal(block(board, {"spider": "rangers"}), "509.1b", "cant_be_blocked_except_by", ("spider", "rangers"))


def test_shadow_702_28b_blocks_and_is_blocked_only_by_shadow():
    """702.28b: shadow creatures can block or be blocked by only creatures with shadow."""
    soldier = creature("soldier", "Soltari Foot Soldier", A, 1, 1, K("shadow"), colors=["white"])
    horror = creature(
        "horror",
        "Dauthi Horror",
        B,
        2,
        1,
        K("shadow"),
        K("cant_be_blocked_by", by={"colors": ["white"]}),
        colors=["black"],
    )
    board = make_board([soldier, cyclops(), giant_turtle(), horror], {"soldier": B, "cyclops": B})
    assert_illegal(block(board, {"turtle": "soldier"}), "702.28b", "shadow", ("turtle", "soldier"))
    assert_legal(block(board, {"horror": "soldier"}))
    # the shadow creature can't block a creature without shadow
    assert_illegal(block(board, {"horror": "cyclops"}), "702.28b", "shadow", ("horror", "cyclops"))
    assert_legal(block(board, {"turtle": "cyclops"}))


def test_shadow_and_flying_cumulative_509_1b_example():
    """509.1b example: an attacker with flying and shadow can't be blocked by a creature with
    flying but without shadow (evasion abilities are cumulative)."""
    att = creature("att", "Soltari Foot Soldier", A, 1, 1, K("shadow"), K("flying"), colors=["white"])
    flier = cloud_elemental()
    shade = creature("shade", "Dauthi Horror", B, 2, 1, K("shadow"), colors=["black"])
    both = creature("both", "Dauthi Horror", B, 2, 1, K("shadow"), K("flying"), colors=["black"])
    board = make_board([att, flier, shade, both], {"att": B})
    assert_illegal(block(board, {"flier": "att"}), "702.28b", "shadow")
    assert_illegal(block(board, {"shade": "att"}), "702.9b", "flying")
    assert_legal(block(board, {"both": "att"}))


def test_horsemanship_702_31b():
    """702.31b: Guan Yu can't be blocked except by creatures with horsemanship; horsemanship
    doesn't stop its holder from blocking creatures without it."""
    guan = creature(
        "guan", "Guan Yu, Sainted Warrior", A, 3, 5, K("horsemanship"), colors=["white"], supertypes=["legendary"]
    )
    rider = creature(
        "rider", "Guan Yu, Sainted Warrior", B, 3, 5, K("horsemanship"), colors=["white"], supertypes=["legendary"]
    )
    board = make_board([guan, cyclops(), giant_turtle(), rider], {"guan": B, "cyclops": B})
    assert_illegal(block(board, {"turtle": "guan"}), "702.31b", "horsemanship", ("turtle", "guan"))
    assert_legal(block(board, {"rider": "guan"}))
    assert_legal(block(board, {"rider": "cyclops"}))


def test_fear_702_36b_only_artifact_or_black():
    """702.36b: Severed Legion can't be blocked except by artifact creatures and/or black creatures."""
    legion = creature("legion", "Severed Legion", A, 2, 2, K("fear"), colors=["black"])
    black = nettling_imp()
    board = make_board([legion, giant_turtle(), black, clockwork_steed()], {"legion": B})
    assert_illegal(block(board, {"turtle": "legion"}), "702.36b", "fear", ("turtle", "legion"))
    assert_legal(block(board, {"imp": "legion", "steed": "legion"}))
    assert_legal(block(board, {"steed": "legion"}))
    assert_legal(block(board, {"imp": "legion"}))


def test_intimidate_702_13b_artifact_or_shared_color():
    """702.13b: Geth (black) can't be blocked except by artifact creatures and/or creatures that
    share a color with it."""
    geth = creature(
        "geth", "Geth, Lord of the Vault", A, 5, 5, K("intimidate"), colors=["black"], supertypes=["legendary"]
    )
    black = nettling_imp()
    board = make_board([geth, giant_turtle(), black, clockwork_steed(), sea_serpent()], {"geth": B})
    assert_illegal(block(board, {"turtle": "geth"}), "702.13b", "intimidate", ("turtle", "geth"))
    assert_illegal(block(board, {"serpent": "geth"}), "702.13b", "intimidate", ("serpent", "geth"))
    assert_legal(block(board, {"imp": "geth"}))
    assert_legal(block(board, {"steed": "geth"}))


def test_skulk_702_118b_no_greater_power():
    """702.118b: Forgotten Creation (power 3) can't be blocked by creatures with greater power;
    equal power may block."""
    fc = creature("fc", "Forgotten Creation", A, 3, 3, K("skulk"), colors=["black"])
    four = creature("four", "Okk", B, 4, 4, colors=["red"])
    three = creature("three", "Bloodrock Cyclops", B, 3, 3, colors=["red"])
    board = make_board([fc, four, three], {"fc": B})
    assert_illegal(block(board, {"four": "fc"}), "702.118b", "skulk", ("four", "fc"))
    assert_legal(block(board, {"three": "fc"}))


def test_landwalk_702_14c_swampwalk():
    """702.14c: Bog Wraith can't be blocked as long as the defending player controls a Swamp."""
    wraith = creature("wraith", "Bog Wraith", A, 3, 3, K("landwalk", land={"subtypes": ["Swamp"]}), colors=["black"])
    swamp = basic("swamp", "Swamp", B)
    forest = basic("forest", "Forest", B)
    with_swamp = make_board([wraith, giant_turtle(), swamp, forest], {"wraith": B})
    assert_illegal(block(with_swamp, {"turtle": "wraith"}), "702.14c", "landwalk", ("turtle", "wraith"))
    without = make_board([wraith, giant_turtle(), forest], {"wraith": B})
    assert_legal(block(without, {"turtle": "wraith"}))
    # the attacking player's Swamp doesn't matter
    own_swamp = basic("swamp", "Swamp", A)
    assert_legal(block(make_board([wraith, giant_turtle(), own_swamp], {"wraith": B}), {"turtle": "wraith"}))


def test_landwalk_702_14c_nonbasic_landwalk():
    """702.14c: Dryad Sophisticate (nonbasic landwalk) is blockable while the defender has only basics."""
    dryad = creature(
        "dryad", "Dryad Sophisticate", A, 2, 1, K("landwalk", land={"not": {"supertypes": ["basic"]}}), colors=["green"]
    )
    swamp = basic("swamp", "Swamp", B)
    halls = permanent("halls", "Halls of Mist", B, ["land"])
    assert_legal(block(make_board([dryad, giant_turtle(), swamp], {"dryad": B}), {"turtle": "dryad"}))
    assert_illegal(
        block(make_board([dryad, giant_turtle(), swamp, halls], {"dryad": B}), {"turtle": "dryad"}),
        "702.14c",
        "landwalk",
    )


def test_landwalk_702_14c_802_2a_checks_that_attackers_defending_player():
    """702.14c with 802.2a: landwalk looks at the player that creature attacks, not every defender."""
    wraith = creature("wraith", "Bog Wraith", A, 3, 3, K("landwalk", land={"subtypes": ["Swamp"]}), colors=["black"])
    swamp_b = basic("swamp", "Swamp", B)
    board = make_board([wraith, swamp_b, giant_turtle("t_c", C)], {"wraith": C}, players=(A, B, C))
    assert_legal(block(board, {"t_c": "wraith"}))
    board2 = make_board([wraith, swamp_b, giant_turtle("t_b", B)], {"wraith": B}, players=(A, B, C))
    assert_illegal(block(board2, {"t_b": "wraith"}), "702.14c", "landwalk")


def test_protection_702_16f_from_black():
    """702.16f: White Knight (protection from black) can't be blocked by black creatures."""
    knight = creature(
        "knight", "White Knight", A, 2, 2, K("protection", **{"from": {"colors": ["black"]}}), colors=["white"]
    )
    black = nettling_imp()
    board = make_board([knight, black, giant_turtle()], {"knight": B})
    assert_illegal(block(board, {"imp": "knight"}), "702.16f", "protection", ("imp", "knight"))
    assert_legal(block(board, {"turtle": "knight"}))


def test_cant_be_blocked_509_1b_phantom_warrior():
    """509.1b (D11): Phantom Warrior can't be blocked."""
    pw = creature("phantom", "Phantom Warrior", A, 2, 2, K("cant_be_blocked"), colors=["blue"])
    board = make_board([pw, cyclops(), giant_turtle()], {"phantom": B, "cyclops": B})
    assert_illegal(block(board, {"turtle": "phantom"}), "509.1b", "cant_be_blocked", ("turtle", "phantom"))
    assert_legal(block(board, {"turtle": "cyclops"}))
    assert_legal(block(board, {}))


def test_cant_be_blocked_by_509_1b_juggernaut_walls():
    """509.1b (D9): Juggernaut can't be blocked by Walls; Outland Boar by power 2 or less."""
    jugg = juggernaut()
    boar = creature(
        "boar", "Outland Boar", A, 4, 4, K("cant_be_blocked_by", by={"power": {"le": 2}}), colors=["red", "green"]
    )
    wall = creature("wall", "Wall of Stone", B, 0, 8, colors=["red"], subtypes=["Wall"])
    board = make_board([jugg, boar, wall, giant_turtle(), sea_serpent()], {"jugg": B, "boar": B})
    assert_illegal(block(board, {"wall": "jugg"}), "509.1b", "cant_be_blocked_by", ("wall", "jugg"))
    assert_legal(block(board, {"turtle": "jugg"}))
    assert_illegal(block(board, {"turtle": "boar"}), "509.1b", "cant_be_blocked_by", ("turtle", "boar"))
    assert_legal(block(board, {"serpent": "boar"}))


def test_cant_be_blocked_except_by_509_1b_treetop_rangers():
    """509.1b (D10): Treetop Rangers can't be blocked except by creatures with flying."""
    rangers = creature(
        "rangers", "Treetop Rangers", A, 2, 2, K("cant_be_blocked_except_by", by={"has": ["flying"]}), colors=["green"]
    )
    flier = cloud_elemental()
    board = make_board([rangers, flier, giant_turtle()], {"rangers": B})
    assert_illegal(block(board, {"turtle": "rangers"}), "509.1b", "cant_be_blocked_except_by", ("turtle", "rangers"))
    assert_legal(block(board, {"flier": "rangers"}))


# ============================================================================ block counts (D5, D12, D13)
def test_menace_702_111b_two_or_more_blockers():
    """702.111b: Viashino Runner can't be blocked except by two or more creatures."""
    board = make_board([viashino_runner(), giant_turtle(), sea_serpent()], {"runner": B})
    assert_illegal(block(board, {"turtle": "runner"}), "702.111b", "menace", ("runner",))
    assert_legal(block(board, {"turtle": "runner", "serpent": "runner"}))
    assert_legal(block(board, {}))


def test_min_blockers_509_1b_phyrexian_colossus_three():
    """509.1b (D5): Phyrexian Colossus can't be blocked except by three or more creatures."""
    colossus = creature(
        "colossus", "Phyrexian Colossus", A, 8, 8, K("min_blockers", n=3), types=["artifact", "creature"]
    )
    board = make_board([colossus, giant_turtle("t1"), giant_turtle("t2"), giant_turtle("t3")], {"colossus": B})
    assert_illegal(block(board, {"t1": "colossus", "t2": "colossus"}), "509.1b", "min_blockers", ("colossus",))
    assert_legal(block(board, {"t1": "colossus", "t2": "colossus", "t3": "colossus"}))


def test_max_blockers_509_1b_stalking_tiger():
    """509.1b (D12): Stalking Tiger can't be blocked by more than one creature."""
    tiger = creature("tiger", "Stalking Tiger", A, 3, 3, K("max_blockers", n=1), colors=["green"])
    board = make_board([tiger, giant_turtle(), sea_serpent()], {"tiger": B})
    assert_illegal(block(board, {"turtle": "tiger", "serpent": "tiger"}), "509.1b", "max_blockers", ("tiger",))
    assert_legal(block(board, {"serpent": "tiger"}))


def test_cant_be_blocked_unless_all_block_509_1b_tromokratis_all_untapped():
    """509.1b (D13): Tromokratis can't be blocked unless all creatures defending player controls
    block it; with every creature untapped, all of them blocking is legal, some of them is not."""
    board = make_board([tromokratis(), giant_turtle(), sea_serpent()], {"tromo": B})
    assert_legal(block(board, {"turtle": "tromo", "serpent": "tromo"}))
    assert_illegal(block(board, {"turtle": "tromo"}), "509.1b", "cant_be_blocked_unless_all_block", ("tromo",))
    assert_legal(block(board, {}))


def test_cant_be_blocked_unless_all_block_509_1b_tromokratis_tapped_defender_unblockable():
    """509.1b (D13) with 509.1a: a tapped creature of the defending player can't block, so not all
    of that player's creatures can block Tromokratis: it can't be blocked at all."""
    board = make_board([tromokratis(), giant_turtle(), sea_serpent(), giant_spider(tapped=True)], {"tromo": B})
    assert_illegal(block(board, {"turtle": "tromo", "serpent": "tromo"}), "509.1b", "cant_be_blocked_unless_all_block")
    assert_illegal(block(board, {"turtle": "tromo"}), "509.1b", "cant_be_blocked_unless_all_block")
    assert_legal(block(board, {}))
    assert blocks_set(legal_blocks(board)) == {frozenset()}


def test_cant_be_blocked_unless_all_block_802_4b_only_its_defending_player():
    """509.1b (D13) with 802.4b: "all creatures defending player controls" means the player it
    attacks; another defending player's creatures don't have to block it."""
    board = make_board(
        [tromokratis(), cyclops(), giant_turtle("t_b", B), giant_turtle("t_c", C)],
        {"tromo": B, "cyclops": C},
        players=(A, B, C),
    )
    assert_legal(block(board, {"t_b": "tromo"}))
    assert_legal(block(board, {"t_b": "tromo", "t_c": "cyclops"}))


# ============================================================================ blocker-side (D14-D19)
def test_cant_block_509_1b_spineless_thug_bedlam_stun():
    """509.1b (D14): Spineless Thug can't block; Bedlam: creatures can't block; Stun: target
    creature can't block this turn."""
    thug = creature("thug", "Spineless Thug", B, 2, 2, K("cant_block"), colors=["black"])
    board = make_board(
        [cyclops(), thug, giant_turtle(), sea_serpent()],
        {"cyclops": B},
        effects=[effect("Stun", K("cant_block"), ids=["serpent"], controller=A)],
    )
    assert_illegal(block(board, {"thug": "cyclops"}), "509.1b", "cant_block", ("thug", "cyclops"))
    assert_illegal(block(board, {"serpent": "cyclops"}), "509.1b", "cant_block", ("serpent", "cyclops"))
    assert_legal(block(board, {"turtle": "cyclops"}))
    bedlam = permanent("bedlam", "Bedlam", A, ["enchantment"], K("grant", to={}, ability=K("cant_block")))
    board2 = make_board([cyclops(), giant_turtle(), bedlam], {"cyclops": B})
    assert_illegal(block(board2, {"turtle": "cyclops"}), "509.1b", "cant_block")
    assert_legal(block(board2, {}))


def test_cant_block_509_1b_ironclaw_orcs_power_two_or_greater():
    """509.1b (D16): Ironclaw Orcs can't block creatures with power 2 or greater."""
    orcs = creature("orcs", "Ironclaw Orcs", B, 2, 2, K("cant_block", attackers={"power": {"ge": 2}}), colors=["red"])
    small = creature("sprite", "Cloud Sprite", A, 1, 1, colors=["blue"])
    board = make_board([cyclops(), small, orcs], {"cyclops": B, "sprite": B})
    assert_illegal(block(board, {"orcs": "cyclops"}), "509.1b", "cant_block", ("orcs", "cyclops"))
    assert_legal(block(board, {"orcs": "sprite"}))


def test_can_block_only_509_1b_cloud_sprite():
    """509.1b (D15): Cloud Sprite can block only creatures with flying."""
    sprite = creature(
        "sprite",
        "Cloud Sprite",
        B,
        1,
        1,
        K("flying"),
        K("can_block_only", attackers={"has": ["flying"]}),
        colors=["blue"],
    )
    board = make_board([serra_angel(), cyclops(), sprite], {"serra": B, "cyclops": B})
    assert_illegal(block(board, {"sprite": "cyclops"}), "509.1b", "can_block_only", ("sprite", "cyclops"))
    assert_legal(block(board, {"sprite": "serra"}))


def test_cant_block_alone_506_5_craven_hulk():
    """506.5 / 509.1b (D17): Craven Hulk can't block alone; another blocker (of any attacker)
    makes it not alone."""
    hulk = craven_hulk()
    board = make_board([cyclops("c1"), cyclops("c2"), hulk, giant_turtle()], {"c1": B, "c2": B})
    assert_illegal(block(board, {"hulk": "c1"}), "506.5", "cant_block_alone", ("hulk",))
    assert_legal(block(board, {"hulk": "c1", "turtle": "c2"}))
    assert_legal(block(board, {"hulk": "c1", "turtle": "c1"}))


def test_cant_block_unless_others_block_509_1b_orcish_conscripts():
    """509.1b (D17): Orcish Conscripts can't block unless at least two other creatures block."""
    orc = creature("orc", "Orcish Conscripts", B, 2, 2, K("cant_block_unless_others_block", n=2), colors=["red"])
    board = make_board([cyclops(), orc, giant_turtle(), sea_serpent()], {"cyclops": B})
    assert_illegal(
        block(board, {"orc": "cyclops", "turtle": "cyclops"}), "509.1b", "cant_block_unless_others_block", ("orc",)
    )
    assert_legal(block(board, {"orc": "cyclops", "turtle": "cyclops", "serpent": "cyclops"}))
    assert_legal(block(board, {"turtle": "cyclops"}))


def test_cant_block_unless_greater_power_blocks_509_1b_okk():
    """509.1b (D17): Okk (power 4) can't block unless a creature with greater power also blocks."""
    okk = creature("okk", "Okk", B, 4, 4, K("cant_block_unless_greater_power_blocks"), colors=["red"])
    board = make_board([cyclops(), okk, giant_turtle(), sea_serpent()], {"cyclops": B})
    assert_illegal(
        block(board, {"okk": "cyclops", "turtle": "cyclops"}),
        "509.1b",
        "cant_block_unless_greater_power_blocks",
        ("okk",),
    )
    assert_illegal(block(board, {"okk": "cyclops"}), "509.1b", "cant_block_unless_greater_power_blocks")
    assert_legal(block(board, {"okk": "cyclops", "serpent": "cyclops"}))


def test_block_additional_509_1a_two_headed_giant_of_foriys():
    """509.1a exception (G1): Two-Headed Giant of Foriys can block an additional creature: two
    attackers yes, three no."""
    giant = two_headed_giant_of_foriys()
    board = make_board([cyclops("c1"), cyclops("c2"), cyclops("c3"), giant], {"c1": B, "c2": B, "c3": B})
    assert_legal(block(board, {"giant": ("c1", "c2")}))
    assert_illegal(block(board, {"giant": ("c1", "c2", "c3")}), "509.1a", "block_capacity", ("giant",))


def test_block_additional_509_1a_high_ground_grant():
    """509.1a exception (G1) through a grant: High Ground gives each creature you control an
    additional block; an opponent's creature doesn't get it."""
    high = permanent(
        "high", "High Ground", B, ["enchantment"], K("grant", to={"controller": "you"}, ability=K("block_additional"))
    )
    board = make_board([cyclops("c1"), cyclops("c2"), giant_turtle(), high], {"c1": B, "c2": B})
    assert_legal(block(board, {"turtle": ("c1", "c2")}))
    board2 = make_board([cyclops("c1"), cyclops("c2"), giant_turtle(), {**high, "controller": A}], {"c1": B, "c2": B})
    assert_illegal(block(board2, {"turtle": ("c1", "c2")}), "509.1a", "block_capacity")


def test_block_any_number_509_1a_palace_guard():
    """509.1a exception (G3): Palace Guard can block any number of creatures; others still one."""
    guard = palace_guard("guard")
    board = make_board(
        [cyclops("c1"), cyclops("c2"), cyclops("c3"), guard, giant_turtle()], {"c1": B, "c2": B, "c3": B}
    )
    assert_legal(block(board, {"guard": ("c1", "c2", "c3")}))
    assert_illegal(block(board, {"turtle": ("c1", "c2")}), "509.1a", "block_capacity", ("turtle",))


def test_block_any_number_509_1a_still_subject_to_evasion():
    """509.1a exception (G3) with 702.9b: Palace Guard can block any number, but not a flier."""
    guard = palace_guard("guard")
    board = make_board([cyclops("c1"), serra_angel(), guard], {"c1": B, "serra": B})
    assert_illegal(block(board, {"guard": ("c1", "serra")}), "702.9b", "flying")


def test_block_while_tapped_509_1a_masako():
    """509.1a exception (D19): Masako the Humorless: tapped creatures you control can block as
    though they were untapped. Without Masako a tapped creature can't block."""
    masako = creature(
        "masako",
        "Masako the Humorless",
        B,
        2,
        1,
        K("grant", to={"controller": "you"}, ability=K("block_while_tapped")),
        colors=["white"],
        supertypes=["legendary"],
    )
    board = make_board([cyclops(), giant_turtle(tapped=True), masako], {"cyclops": B})
    assert_legal(block(board, {"turtle": "cyclops"}))
    board2 = make_board([cyclops(), giant_turtle(tapped=True)], {"cyclops": B})
    assert_illegal(block(board2, {"turtle": "cyclops"}), "509.1a", "tapped_blocker")


def test_block_limit_509_1b_silent_arbiter(controller=A):
    """509.1b (D18): Silent Arbiter: no more than one creature can block each combat."""
    board = make_board(
        [cyclops("c1"), cyclops("c2"), silent_arbiter(controller=A), giant_turtle(), sea_serpent()], {"c1": B, "c2": B}
    )
    assert_illegal(block(board, {"turtle": "c1", "serpent": "c2"}), "509.1b", "block_limit")
    assert_legal(block(board, {"turtle": "c1"}))


def test_block_limit_509_1b_counts_creatures_not_blocks():
    """509.1b (D18) with 509.1a (G3): one Palace Guard blocking two attackers is one creature blocking."""
    guard = palace_guard("guard")
    board = make_board(
        [cyclops("c1"), cyclops("c2"), silent_arbiter(controller=A), guard, giant_turtle()], {"c1": B, "c2": B}
    )
    assert_legal(block(board, {"guard": ("c1", "c2")}))
    assert_illegal(block(board, {"guard": "c1", "turtle": "c1"}), "509.1b", "block_limit")


def test_block_limit_509_1b_mirri_each_opponent_one_creature():
    """509.1b (D18): Mirri, Weatherlight Duelist: each opponent can't block with more than one creature."""
    duelist, limit = mirri()
    board = make_board([duelist, giant_turtle(), sea_serpent()], {"mirri": B}, effects=[limit])
    assert_illegal(block(board, {"turtle": "mirri", "serpent": "mirri"}), "509.1b", "block_limit")
    assert_legal(block(board, {"turtle": "mirri"}))


# ============================================================================ requirements (E1-E5)
def test_lure_509_1c_every_able_creature_blocks():
    """509.1c (E1): Lure: all creatures able to block enchanted creature do so; one requirement
    per potential blocker (docs/design.md §4.1)."""
    board = make_board([cyclops(), lure("lure", "cyclops"), giant_turtle(), sea_serpent()], {"cyclops": B})
    assert_legal(block(board, {"turtle": "cyclops", "serpent": "cyclops"}), 2, 2)
    assert_too_few(block(board, {"turtle": "cyclops"}), "509.1c", 1, 2)
    assert_too_few(block(board, {}), "509.1c", 0, 2)


def test_lure_509_1c_elvish_bard_and_a_second_attacker():
    """509.1c (E1): Elvish Bard has the Lure ability; a creature able to block it must block it
    rather than the other attacker."""
    bard = elvish_bard()
    board = make_board([bard, cyclops(), giant_turtle()], {"bard": B, "cyclops": B})
    assert_legal(block(board, {"turtle": "bard"}))
    assert_too_few(block(board, {"turtle": "cyclops"}), "509.1c", 0, 1)


def test_lure_509_1c_menace_attacker_one_blocker():
    """509.1c with 702.111b: Lure on a menace attacker, one potential blocker: it can't block alone,
    so it isn't able to; no block is the legal declaration (maximum 0)."""
    board = make_board([viashino_runner(), lure("lure", "runner"), giant_turtle()], {"runner": B})
    assert_legal(block(board, {}), maximum=0)
    assert_illegal(block(board, {"turtle": "runner"}), "702.111b", "menace")


def test_lure_509_1c_menace_attacker_two_blockers():
    """509.1c with 702.111b: Lure on a menace attacker, two potential blockers: both must block."""
    board = make_board([viashino_runner(), lure("lure", "runner"), giant_turtle(), sea_serpent()], {"runner": B})
    assert_legal(block(board, {"turtle": "runner", "serpent": "runner"}), 2, 2)
    assert_too_few(block(board, {}), "509.1c", 0, 2)
    assert_illegal(block(board, {"turtle": "runner"}), "702.111b", "menace")


def test_must_be_blocked_509_1c_gaeas_protector():
    """509.1c (E2): Gaea's Protector must be blocked if able: one requirement on the block."""
    board = make_board([gaeas_protector(), giant_turtle(), sea_serpent()], {"protector": B})
    assert_too_few(block(board, {}), "509.1c", 0, 1)
    assert_legal(block(board, {"turtle": "protector"}), 1, 1)
    assert_legal(block(board, {"turtle": "protector", "serpent": "protector"}))


def test_must_be_blocked_509_1c_two_attackers_one_blocker():
    """509.1c (E2): two "must be blocked" attackers, one blocker: either single block is legal,
    no block is illegal; the maximum is 1 (the blocker can block only one, 509.1a)."""
    scourge = creature("scourge", "Hinterland Scourge", A, 3, 2, K("must_be_blocked"), colors=["red"])
    board = make_board([gaeas_protector(), scourge, giant_turtle()], {"protector": B, "scourge": B})
    for target in ("protector", "scourge"):
        assert_legal(block(board, {"turtle": target}), 1, 1)
    assert_too_few(block(board, {}), "509.1c", 0, 1)


def test_must_be_blocked_509_1c_irresistible_prey_effect():
    """509.1c (E2): Irresistible Prey: target creature must be blocked this turn if able."""
    board = make_board(
        [cyclops(), giant_turtle()],
        {"cyclops": B},
        effects=[effect("Irresistible Prey", K("must_be_blocked"), ids=["cyclops"], controller=A)],
    )
    assert_too_few(block(board, {}), "509.1c", 0, 1)
    assert_legal(block(board, {"turtle": "cyclops"}))


def test_must_be_blocked_509_1c_nacatl_exactly_one():
    """509.1c (E3): Nacatl War-Pride must be blocked by exactly one creature if able: two blockers
    obey no requirement while one would obey it."""
    nacatl = creature("nacatl", "Nacatl War-Pride", A, 3, 3, K("must_be_blocked", min=1, max=1), colors=["green"])
    board = make_board([nacatl, giant_turtle(), sea_serpent()], {"nacatl": B})
    assert_legal(block(board, {"serpent": "nacatl"}))
    assert_too_few(block(board, {"turtle": "nacatl", "serpent": "nacatl"}), "509.1c", 0, 1)


def test_must_be_blocked_509_1c_by_filter_slayers_cleaver():
    """509.1c (E3): Slayer's Cleaver: equipped creature must be blocked by an Eldrazi if able."""
    cleaver = permanent(
        "cleaver",
        "Slayer's Cleaver",
        A,
        ["artifact"],
        K("grant", to={"ids": ["cyclops"]}, ability=K("must_be_blocked", by={"subtypes": ["Eldrazi"]})),
        subtypes=["Equipment"],
    )
    eldrazi = creature("eldrazi", "Eldrazi Spawn", B, 0, 1, subtypes=["Eldrazi", "Spawn"])
    board = make_board([cyclops(), cleaver, eldrazi, giant_turtle()], {"cyclops": B})
    assert_too_few(block(board, {"turtle": "cyclops"}), "509.1c", 0, 1)
    assert_legal(block(board, {"eldrazi": "cyclops"}))


def test_must_block_509_1c_watchdog_blocks_each_combat():
    """509.1c (E4): Watchdog blocks each combat if able."""
    board = make_board([cyclops(), watchdog(), giant_turtle()], {"cyclops": B})
    assert_too_few(block(board, {}), "509.1c", 0, 1)
    assert_too_few(block(board, {"turtle": "cyclops"}), "509.1c", 0, 1)
    assert_legal(block(board, {"watchdog": "cyclops"}))


def test_must_block_509_1c_example_menace_needs_both():
    """509.1c example: a "blocks if able" creature and a vanilla creature facing a menace attacker
    must both block; only the first violates menace; neither violates the requirement."""
    board = make_board([viashino_runner(), watchdog(), giant_turtle()], {"runner": B})
    assert_legal(block(board, {"watchdog": "runner", "turtle": "runner"}))
    assert_illegal(block(board, {"watchdog": "runner"}), "702.111b", "menace")
    v = block(board, {"turtle": "runner"})
    assert_illegal(v, "702.111b", "menace")
    assert v.requirements_obeyed == 0
    assert_too_few(block(board, {}), "509.1c", 0, 1)


def test_must_block_509_1c_facing_only_fliers_no_block_is_legal():
    """509.1c with 702.9b: Watchdog blocks each combat if able, but only Serra Angel attacks;
    it can't block, so the maximum is 0 and not blocking is legal."""
    board = make_board([serra_angel(), watchdog()], {"serra": B})
    assert_legal(block(board, {}), 0, 0)
    assert_illegal(block(board, {"watchdog": "serra"}), "702.9b", "flying")


def test_must_block_509_1c_provoke_702_39a_against_menace_alone():
    """702.39a provoke (509.1c) against a menace attacker: the provoked creature alone can't block
    it (702.111b), so no block is legal."""
    elite = creature("elite", "Deftblade Elite", A, 1, 1, K("menace"), colors=["white"])
    board = make_board(
        [elite, giant_turtle()],
        {"elite": B},
        effects=[PROVOKED_TURTLE],
    )
    assert_legal(block(board, {}), maximum=0)
    assert_illegal(block(board, {"turtle": "elite"}), "702.111b", "menace")


def test_must_block_509_1c_provoke_702_39a_against_menace_with_second_creature():
    """702.39a provoke with a second creature: both must block the menace attacker."""
    elite = creature("elite", "Deftblade Elite", A, 1, 1, K("menace"), colors=["white"])
    board = make_board(
        [elite, giant_turtle(), sea_serpent()],
        {"elite": B},
        effects=[PROVOKED_TURTLE],
    )
    assert_legal(block(board, {"turtle": "elite", "serpent": "elite"}), 1, 1)
    assert_too_few(block(board, {}), "509.1c", 0, 1)
    assert_illegal(block(board, {"turtle": "elite"}), "702.111b", "menace")


def test_must_block_509_1c_provoke_named_attacker_not_another():
    """702.39a / 509.1c (E5): the provoked creature must block that attacker, not another one."""
    elite = creature("elite", "Deftblade Elite", A, 1, 1, colors=["white"])
    board = make_board(
        [elite, cyclops(), giant_turtle()],
        {"elite": B, "cyclops": B},
        effects=[PROVOKED_TURTLE],
    )
    assert_legal(block(board, {"turtle": "elite"}))
    assert_too_few(block(board, {"turtle": "cyclops"}), "509.1c", 0, 1)


def test_block_additional_509_1a_with_two_lure_attackers_must_block_both():
    """509.1a (G1) with 509.1c (E1): Two-Headed Giant of Foriys facing two Lure attackers must
    block both (two requirements, both obeyable)."""
    bard = elvish_bard()
    quarry = creature("quarry", "Noble Quarry", A, 1, 1, K("lure"), types=["enchantment", "creature"], colors=["green"])
    giant = two_headed_giant_of_foriys()
    board = make_board([bard, quarry, giant], {"bard": B, "quarry": B})
    assert_legal(block(board, {"giant": ("bard", "quarry")}), 2, 2)
    assert_too_few(block(board, {"giant": "bard"}), "509.1c", 1, 2)
    assert_too_few(block(board, {}), "509.1c", 0, 2)


def test_block_limit_509_1b_silent_arbiter_two_must_block_creatures_exactly_one():
    """509.1b (D18) with 509.1c (E4): Silent Arbiter and two "blocks each combat if able" creatures:
    exactly one of them blocks (maximum 1)."""
    board = make_board([cyclops(), silent_arbiter(controller=A), watchdog(), razorgrass_screen()], {"cyclops": B})
    for blocker in ("watchdog", "screen"):
        assert_legal(block(board, {blocker: "cyclops"}), 1, 1)
    assert_illegal(block(board, {"watchdog": "cyclops", "screen": "cyclops"}), "509.1b", "block_limit")
    assert_too_few(block(board, {}), "509.1c", 0, 1)
    assert blocks_set(legal_blocks(board)) == {
        frozenset({("watchdog", "cyclops")}),
        frozenset({("screen", "cyclops")}),
    }


def test_lure_509_1c_with_block_limit_one_requirement_obeyable():
    """509.1c (E1) with 509.1b (D18): Lure makes two requirements, Silent Arbiter lets only one be obeyed."""
    board = make_board(
        [cyclops(), lure("lure", "cyclops"), silent_arbiter(controller=A), giant_turtle(), sea_serpent()],
        {"cyclops": B},
    )
    assert_legal(block(board, {"turtle": "cyclops"}), 1, 1)
    assert_too_few(block(board, {}), "509.1c", 0, 1)


# ============================================================================ grant
def test_grant_max_blockers_509_1b_familiar_ground_applies_to_your_creatures():
    """Grant (509.1b, D12): Familiar Ground: each creature you control can't be blocked by more
    than one creature; "you" is Familiar Ground's controller."""
    ground = permanent(
        "ground",
        "Familiar Ground",
        A,
        ["enchantment"],
        K("grant", to={"controller": "you"}, ability=K("max_blockers", n=1)),
    )
    board = make_board([cyclops(), ground, giant_turtle(), sea_serpent()], {"cyclops": B})
    assert_illegal(block(board, {"turtle": "cyclops", "serpent": "cyclops"}), "509.1b", "max_blockers", ("cyclops",))
    assert_legal(block(board, {"turtle": "cyclops"}))
    theirs = make_board([cyclops(), {**ground, "controller": B}, giant_turtle(), sea_serpent()], {"cyclops": B})
    assert_legal(block(theirs, {"turtle": "cyclops", "serpent": "cyclops"}))


def test_grant_max_blockers_509_1b_challenger_troll_power_filter():
    """Grant (509.1b, D12): Challenger Troll: each creature you control with power 4 or greater
    can't be blocked by more than one creature."""
    troll = creature(
        "troll",
        "Challenger Troll",
        A,
        6,
        5,
        K("grant", to={"controller": "you", "power": {"ge": 4}}, ability=K("max_blockers", n=1)),
        colors=["green"],
    )
    board = make_board(
        [troll, cyclops(), giant_turtle("t1"), giant_turtle("t2"), giant_turtle("t3"), giant_turtle("t4")],
        {"troll": B, "cyclops": B},
    )
    assert_illegal(block(board, {"t1": "troll", "t2": "troll"}), "509.1b", "max_blockers", ("troll",))
    assert_legal(block(board, {"t1": "troll", "t3": "cyclops", "t4": "cyclops"}))


# ============================================================================ multiplayer (802.4, 805.10d)
def _three_player(*extra: dict[str, Any], effects=(), attackers=None):
    perms = [cyclops("to_b"), cyclops("to_c"), giant_turtle("t_b", B), giant_turtle("t_c", C), *extra]
    return make_board(perms, attackers or {"to_b": B, "to_c": C}, players=(A, B, C), effects=effects)


def test_multiplayer_802_4a_cant_block_creature_attacking_another_player():
    """802.4a: a defending player's creatures can block only creatures attacking that player."""
    board = _three_player()
    assert_illegal(block(board, {"t_c": "to_b"}), "802.4a", "other_defender", ("t_c", "to_b"))
    assert_legal(block(board, {"t_b": "to_b", "t_c": "to_c"}))


def test_multiplayer_802_4a_requirements_of_one_defender_dont_count_the_others():
    """802.4a/b with 509.1c: Lure on a creature attacking bob requires only bob's creatures;
    carol's creature needn't (and can't) block it."""
    board = _three_player(lure("lure", "to_b"))
    v = assert_legal(block(board, {"t_b": "to_b"}), 1, 1)
    by_player = {u.players: u for u in v.units}
    assert by_player[(B,)].requirements_maximum == 1
    assert by_player[(C,)].requirements_maximum == 0
    v2 = block(board, {"t_c": "to_c"})
    assert_too_few(v2, "509.1c", 0, 1)
    assert v2.units and {u.players: u for u in v2.units}[(C,)].requirements_obeyed == 0


def test_multiplayer_802_4b_block_limit_counts_per_defending_player():
    """802.4b with 509.1b (D18): Silent Arbiter's limit is checked per defending player, ignoring
    the other player's blockers: bob and carol may each block with one creature."""
    board = _three_player(silent_arbiter(controller=A), sea_serpent("s_b", B))
    assert_legal(block(board, {"t_b": "to_b", "t_c": "to_c"}))
    assert_illegal(block(board, {"t_b": "to_b", "s_b": "to_b"}), "509.1b", "block_limit")


def test_multiplayer_802_4b_cant_block_alone_ignores_other_players_blockers():
    """802.4b with 506.5: bob's Craven Hulk blocking while only carol's creature also blocks is
    blocking alone as far as bob's declaration is concerned."""
    hulk = craven_hulk()
    board = _three_player(hulk)
    assert_illegal(block(board, {"hulk": "to_b", "t_c": "to_c"}), "506.5", "cant_block_alone", ("hulk",))
    assert_legal(block(board, {"hulk": "to_b", "t_b": "to_b"}))


def _two_headed_giant(*extra: dict[str, Any], attackers: dict[str, str], effects=()):
    teams = {"a1": "T1", "a2": "T1", "b1": "T2", "b2": "T2"}
    return make_board(
        list(extra), attackers, players=("a1", "a2", "b1", "b2"), teams=teams, shared=True, active="a1", effects=effects
    )


def test_two_headed_giant_805_10d_teammate_can_block_creature_attacking_other_teammate():
    """805.10d: creatures controlled by the defending players can block creatures attacking any
    player on the defending team."""
    board = _two_headed_giant(
        cyclops("x", "a1"),
        cyclops("y", "a2"),
        giant_turtle("t1", "b1"),
        giant_turtle("t2", "b2"),
        attackers={"x": "b1", "y": "b1"},
    )
    assert_legal(block(board, {"t2": "x"}))
    assert_legal(block(board, {"t1": "x", "t2": "y"}))
    # the attacking team's creatures still can't block (509.1a)
    assert_illegal(block(board, {"y": "x"}), "509.1a", "not_defending")


def test_two_headed_giant_805_10d_one_combined_block_checked_as_a_whole():
    """805.10d: one combined block, legal as a whole: Silent Arbiter allows one blocking creature
    for the whole defending team, and Craven Hulk isn't alone if its teammate's creature blocks."""
    hulk = craven_hulk("b1")
    board = _two_headed_giant(
        cyclops("x", "a1"),
        cyclops("y", "a2"),
        silent_arbiter("arb", "a1"),
        giant_turtle("t1", "b1"),
        giant_turtle("t2", "b2"),
        attackers={"x": "b1", "y": "b2"},
    )
    assert_illegal(block(board, {"t1": "x", "t2": "y"}), "509.1b", "block_limit")
    assert_legal(block(board, {"t2": "x"}))
    board2 = _two_headed_giant(
        cyclops("x", "a1"), cyclops("y", "a2"), hulk, giant_turtle("t2", "b2"), attackers={"x": "b1", "y": "b2"}
    )
    assert_legal(block(board2, {"hulk": "x", "t2": "y"}))
    assert_illegal(block(board2, {"hulk": "x"}), "506.5", "cant_block_alone")


def test_two_headed_giant_805_10d_lure_counts_the_whole_team():
    """805.10d with 509.1c (E1): Lure on a creature attacking b1: both defending players' creatures
    are able to block it, so the combined block must use both (one report for the team)."""
    board = _two_headed_giant(
        cyclops("x", "a1"),
        lure("lure", "x", "a1"),
        giant_turtle("t1", "b1"),
        giant_turtle("t2", "b2"),
        attackers={"x": "b1"},
    )
    v = assert_legal(block(board, {"t1": "x", "t2": "x"}), 2, 2)
    assert [u.players for u in v.units] == [("b1", "b2")]
    assert_too_few(block(board, {"t1": "x"}), "509.1c", 1, 2)


# ============================================================================ solve / enumerate / witness / input
def test_solve_blocks_509_1c_returns_legal_block_reaching_the_maximum():
    """509.1c: solve_blocks returns a legal declaration obeying the maximum number of requirements
    (Lure on a menace attacker with two potential blockers: both block)."""
    board = make_board([viashino_runner(), lure("lure", "runner"), giant_turtle(), sea_serpent()], {"runner": B})
    v = solve_blocks(board)
    assert v.status == "legal"
    assert v.requirements_obeyed == v.requirements_maximum == 2
    assert v.declaration == block_declaration({"turtle": "runner", "serpent": "runner"})
    assert check_blocks(board, v.declaration).status == "legal"


def test_solve_blocks_509_1b_509_1c_silent_arbiter_watchdogs():
    """509.1b/509.1c: with Silent Arbiter and two "blocks if able" creatures, the solved block
    has exactly one blocker and obeys one requirement."""
    board = make_board([cyclops(), silent_arbiter(controller=A), watchdog(), razorgrass_screen()], {"cyclops": B})
    v = solve_blocks(board)
    assert v.status == "legal"
    assert v.requirements_obeyed == v.requirements_maximum == 1
    assert len(v.declaration.blocks) == 1


def test_legal_blocks_509_1_enumerates_exactly_the_legal_set():
    """509.1a/b (702.9b, 702.17b, 702.111b): attackers Serra Angel (flying) and Viashino Runner
    (menace); blockers Giant Spider (reach) and Giant Turtle. By hand: spider in {none, angel,
    runner}, turtle in {none, runner}; the runner needs 0 or 2 blockers. Legal: no block; spider
    blocks angel; both block runner."""
    board = make_board([serra_angel(), viashino_runner(), giant_spider(), giant_turtle()], {"serra": B, "runner": B})
    expected = {
        frozenset(),
        frozenset({("spider", "serra")}),
        frozenset({("spider", "runner"), ("turtle", "runner")}),
    }
    found = list(legal_blocks(board))
    assert len(found) == len(expected)  # each exactly once
    assert blocks_set(found) == expected
    assert count_legal_blocks(board) == 3
    for d in found:
        assert check_blocks(board, d).status == "legal"


def test_legal_blocks_509_1c_only_maximum_requirement_blocks():
    """509.1c: with Gaea's Protector (must be blocked) and Giant Turtle + Sea Serpent as blockers,
    exactly the blocks that block it are legal: turtle, serpent, or both (3 declarations); the
    empty block obeys 0 of a possible 1 requirement."""
    board = make_board([gaeas_protector(), giant_turtle(), sea_serpent()], {"protector": B})
    expected = {
        frozenset({("turtle", "protector")}),
        frozenset({("serpent", "protector")}),
        frozenset({("turtle", "protector"), ("serpent", "protector")}),
    }
    assert blocks_set(legal_blocks(board)) == expected
    assert count_legal_blocks(board) == 3
    assert count_legal_blocks(board, limit=2) == 2


def test_witness_509_1c_too_few_requirements_witness_is_legal():
    """509.1c: a declaration illegal only because it obeys too few requirements carries a witness
    that is itself legal and reaches the maximum."""
    board = make_board([viashino_runner(), lure("lure", "runner"), giant_turtle(), sea_serpent()], {"runner": B})
    v = block(board, {})
    assert_too_few(v, "509.1c", 0, 2)
    assert v.witness is not None
    w = check_blocks(board, v.witness)
    assert w.status == "legal"
    assert w.requirements_obeyed == 2
    assert v.witness == block_declaration({"turtle": "runner", "serpent": "runner"})


def test_witness_509_1c_when_a_restriction_is_broken():
    """509.1b/c, issue 26: a declaration that breaks a restriction gets the closest legal
    declaration obeying the maximum (the turtle kept, the watchdog added: menace satisfied)."""
    board = make_board([viashino_runner(), watchdog(), giant_turtle()], {"runner": B})
    v = block(board, {"turtle": "runner"})
    assert_illegal(v, "702.111b", "menace")
    assert v.witness == block_declaration({"turtle": "runner", "watchdog": "runner"})
    assert v.witness_closest is True


def test_check_509_1_never_mutates_the_board():
    """509.1: checking, solving and enumerating leave the board unchanged."""
    board = make_board(
        [viashino_runner(), lure("lure", "runner"), giant_turtle(), sea_serpent(), silent_arbiter(controller=A)],
        {"runner": B},
        effects=[effect("Irresistible Prey", K("must_be_blocked"), ids=["runner"], controller=A)],
    )
    before = copy.deepcopy(board.model_dump(mode="json", by_alias=True))
    frozen = board.model_copy(deep=True)
    block(board, {"turtle": "runner"})
    block(board, {})
    solve_blocks(board)
    list(legal_blocks(board))
    assert board.model_dump(mode="json", by_alias=True) == before
    assert board == frozen


def test_input_error_509_1a_unknown_blocker_id_names_the_field():
    """509.1a input: an unknown blocker id raises InputError naming the blocks field and the id."""
    board = make_board([cyclops(), giant_turtle()], {"cyclops": B})
    with pytest.raises(InputError) as info:
        block(board, {"ghost": "cyclops"})
    err = info.value
    assert isinstance(err, combat_solver.InputError)
    assert isinstance(err, ValueError)
    assert any(item.loc[:2] == ("declaration", "blocks") and "ghost" in item.loc for item in err.items), err.items
    assert any(item.code == "unknown_id" for item in err.items)
    assert "blocks" in str(err) and "ghost" in str(err)


def test_input_error_509_1a_unknown_attacker_id_names_the_field():
    """509.1a input: an unknown attacker id in a block raises InputError naming the field."""
    board = make_board([cyclops(), giant_turtle()], {"cyclops": B})
    with pytest.raises(InputError) as info:
        block(board, {"turtle": "ghost"})
    assert any(item.loc[:2] == ("declaration", "blocks") for item in info.value.items)
    assert "ghost" in str(info.value)


# ============================================================================ more 509.1a / 805.10d cases
def test_basic_509_1a_creature_attacking_a_battle_its_protector_blocks():
    """509.1a / 310.8: a creature attacking a battle the defending player protects can be blocked
    by that player's creatures."""
    siege = {
        "id": "siege",
        "name": "Invasion of Ergamon",
        "controller": A,
        "types": ["battle"],
        "subtypes": ["Siege"],
        "protector": B,
    }
    board = make_board([cyclops(), giant_turtle(), siege], {"cyclops": "siege"})
    assert_legal(block(board, {"turtle": "cyclops"}))
    assert_illegal(block(board, {"cyclops": "cyclops"}), "509.1a", "not_defending")


def test_basic_509_1a_battle_creature_cant_block():
    """509.1a: "The chosen creatures ... can't also be battles"."""
    odd = {
        "id": "odd",
        "name": "Invasion of Ergamon",
        "controller": B,
        "types": ["battle", "creature"],
        "power": 2,
        "toughness": 2,
        "protector": A,
    }
    board = make_board([cyclops(), giant_turtle(), odd], {"cyclops": B})
    assert_illegal(block(board, {"odd": "cyclops"}), "509.1a", "not_a_creature", ("odd",))
    assert_legal(block(board, {"turtle": "cyclops"}))


def test_two_headed_giant_805_10d_menace_blocked_by_one_creature_of_each_teammate():
    """805.10d with 702.111b: one creature from each defending teammate blocking a menace attacker
    makes two blockers in the combined block."""
    board = _two_headed_giant(
        viashino_runner("r", "a1"), giant_turtle("t1", "b1"), giant_turtle("t2", "b2"), attackers={"r": "b2"}
    )
    assert_legal(block(board, {"t1": "r", "t2": "r"}))
    assert_illegal(block(board, {"t1": "r"}), "702.111b", "menace")


def test_two_headed_giant_805_10e_tromokratis_all_creatures_of_the_attacked_player():
    """805.10e with 509.1b (D13): Tromokratis's "defending player" is the player it attacks; all of
    that player's creatures blocking it suffices, the teammate's creatures needn't."""
    board = _two_headed_giant(
        tromokratis("a1"),
        giant_turtle("t1", "b1"),
        giant_turtle("t2", "b2"),
        sea_serpent("s1", "b1"),
        attackers={"tromo": "b1"},
    )
    assert_legal(block(board, {"t1": "tromo", "s1": "tromo"}))
    assert_legal(block(board, {"t1": "tromo", "s1": "tromo", "t2": "tromo"}))
    assert_illegal(block(board, {"t1": "tromo", "t2": "tromo"}), "509.1b", "cant_be_blocked_unless_all_block")


def test_two_headed_giant_805_10d_block_limit_mirri_each_opponent_separately():
    """805.10d with 509.1b (D18): Mirri's "each opponent can't block with more than one creature"
    limits each defending player, so each teammate may block with one creature."""
    duelist, limit = mirri("a1")
    board = _two_headed_giant(
        duelist,
        giant_turtle("t1", "b1"),
        sea_serpent("s1", "b1"),
        giant_turtle("t2", "b2"),
        attackers={"mirri": "b1"},
        effects=[limit],
    )
    assert_legal(block(board, {"t1": "mirri", "t2": "mirri"}))
    assert_illegal(block(board, {"t1": "mirri", "s1": "mirri"}), "509.1b", "block_limit")


def test_lure_509_1c_craven_hulk_is_able_with_company():
    """509.1c (E1) with 506.5: Craven Hulk can block the Lure creature as long as another creature
    also blocks, so both creatures must block (maximum 2)."""
    hulk = craven_hulk()
    board = make_board([cyclops(), lure("lure", "cyclops"), hulk, giant_turtle()], {"cyclops": B})
    assert_legal(block(board, {"hulk": "cyclops", "turtle": "cyclops"}), 2, 2)
    assert_too_few(block(board, {"turtle": "cyclops"}), "509.1c", 1, 2)


# ============================================================================ block_as_though (509.1b exceptions)
def test_wall_of_diffusion_block_as_though_it_had_shadow_702_28b():
    """Wall of Diffusion: "can block creatures with shadow as though Wall of Diffusion had shadow."
    It blocks the Soltari (shadow, 702.28b) and, not really having shadow, the Grizzly Bears too."""
    wall = creature("wall", "Wall of Diffusion", B, 0, 5, K("defender"), K("block_as_though", had=["shadow"]))
    plain = creature("plain", "Wall of Wood", B, 0, 3, K("defender"))
    soltari = creature("soltari", "Soltari Foot Soldier", A, 1, 1, K("shadow"))
    bears = creature("bears", "Grizzly Bears", A)
    board = make_board([soltari, bears, wall, plain], {"soltari": B, "bears": B})
    assert_legal(block(board, {"wall": "soltari"}))
    assert_legal(block(board, {"wall": "bears"}))
    assert_illegal(block(board, {"plain": "soltari"}), "702.28b", "shadow", ("plain", "soltari"))


def test_dragon_hunter_block_as_though_reach_only_for_dragons_702_9b():
    """Dragon Hunter: "can block Dragons as though it had reach." A flying Dragon yes, a flying
    Bird no (702.9b)."""
    hunter = creature(
        "hunter", "Dragon Hunter", B, 2, 1, K("block_as_though", had=["reach"], attackers={"subtypes": ["Dragon"]})
    )
    dragon = creature("dragon", "Shivan Dragon", A, 5, 5, K("flying"), subtypes=["Dragon"])
    bird = creature("bird", "Suntail Hawk", A, 1, 1, K("flying"), subtypes=["Bird"])
    board = make_board([dragon, bird, hunter], {"dragon": B, "bird": B})
    assert_legal(block(board, {"hunter": "dragon"}))
    assert_illegal(block(board, {"hunter": "bird"}), "702.9b", "flying", ("hunter", "bird"))


def test_street_savvy_block_as_though_no_landwalk_702_14c():
    """Street Savvy: "Enchanted creature can block creatures with landwalk abilities as though they
    didn't have those abilities." Only the enchanted creature is freed (702.14c)."""
    savvy = permanent(
        "savvy",
        "Street Savvy",
        B,
        ["enchantment"],
        K("grant", to={"ids": ["bears"]}, ability=K("block_as_though", ignoring=["landwalk"])),
    )
    wraith = creature("wraith", "Bog Wraith", A, 3, 3, K("landwalk", land={"subtypes": ["Swamp"]}))
    swamp = permanent("swamp", "Swamp", B, ["land"], subtypes=["Swamp"], supertypes=["basic"])
    bears = creature("bears", "Grizzly Bears", B)
    other = creature("other", "Hill Giant", B, 3, 3)
    board = make_board([wraith, swamp, bears, other, savvy], {"wraith": B})
    assert_legal(block(board, {"bears": "wraith"}))
    assert_illegal(block(board, {"other": "wraith"}), "702.14c", "landwalk", ("other", "wraith"))


def test_block_as_though_needs_had_or_ignoring():
    with pytest.raises(ValueError, match="give `had` or `ignoring`"):
        make_board([creature("x", "X", B, 1, 1, K("block_as_though"))], {})


def test_chooses_blockers_changes_who_declares_not_what_is_legal_509_1():
    """Odric, Master Tactician's trigger: "you choose which creatures block this combat and how
    those creatures block" (an effect). The Watchdog still must block if able (509.1c); Alice declares."""
    odric = creature("odric", "Odric, Master Tactician", A, 3, 4)
    dog = creature("dog", "Watchdog", B, 1, 2, K("must_block"))
    board = make_board(
        [odric, dog], {"odric": B}, effects=[effect("Odric, Master Tactician", K("chooses_blockers"), controller=A)]
    )
    assert_illegal(block(board, {}), "509.1c", "too_few_requirements")
    verdict = block(board, {"dog": "odric"})
    assert_legal(verdict)
    assert [(d.players, d.declarer, d.source) for d in verdict.declared_by] == [((B,), A, "Odric, Master Tactician")]


def test_lure_limited_to_walls_marble_priest_509_1c():
    """Marble Priest: "All Walls able to block Marble Priest do so." The Wall must block it (509.1c);
    the Grizzly Bears needn't."""
    priest = creature(
        "priest", "Marble Priest", A, 3, 3, K("lure", blockers={"subtypes": ["Wall"]}), types=["artifact", "creature"]
    )
    wall = creature("wall", "Wall of Stone", B, 0, 8, K("defender"), subtypes=["Wall"])
    bears = creature("bears", "Grizzly Bears", B)
    board = make_board([priest, wall, bears], {"priest": B})
    assert_legal(block(board, {"wall": "priest"}))
    assert_illegal(block(board, {}), "509.1c", "too_few_requirements")
    verdict = block(board, {"wall": "priest"})
    assert (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 1)
