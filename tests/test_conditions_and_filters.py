"""Conditions and filters as real cards use them: filters see what grants add (layer 6), every
"you" resolves to a player, "each turn" counts creatures, payment plans, one defending player's
declaration, conditions on any ability, on the board and on the declaration, and who declares.
Expected answers are worked out by hand from the Comprehensive Rules, September 25, 2026 edition and the cards' Oracle text, each test
naming its rule; none was obtained by running the engine.

Conventions: "alice" is the active player; "bob" and "carol" are opponents.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from asserts import A, B, C, K, attack, block, creature, make_board, permanent

from combat_solver import (
    InputError,
    solve_attacks,
)
from combat_solver.model.filters import Filter

Json = dict[str, Any]


BEARS = creature("bears", "Grizzly Bears")
FLIGHT = permanent(
    "flight", "Flight", A, ["enchantment"], K("grant", to={"ids": ["bears"]}, ability=K("flying")), attached_to="bears"
)
MOAT = permanent(
    "moat", "Moat", B, ["enchantment"], K("grant", to={"not": {"has": ["flying"]}}, ability=K("cant_attack"))
)


# ----------------------------------------------------------------------------- (a) filters see grants
def test_moat_lets_a_creature_with_flying_from_an_aura_attack_613_1f_611_3a():
    """613.1f: Flight's flying is added in layer 6; Moat applies to whatever lacks flying at that
    moment (611.3a) and, depending on Flight's result, applies after it (613.8a)."""
    assert attack(make_board([BEARS, FLIGHT, MOAT]), {"bears": B}).legal
    without_flight = attack(make_board([BEARS, MOAT]), {"bears": B})
    assert not without_flight.legal and [v.kind for v in without_flight.violations] == ["cant_attack"]


def test_order_of_the_permanents_doesnt_matter_613_8a():
    """Moat first or Flight first: the dependency, not the timestamp, decides (613.8a)."""
    assert attack(make_board([MOAT, FLIGHT, BEARS]), {"bears": B}).legal


def test_dense_canopy_binds_a_blocker_with_granted_flying_613_1f():
    """Dense Canopy: "Creatures with flying can block only creatures with flying." Griffin Guide
    gives the Bears flying, so the Canopy restricts them (611.3a)."""
    canopy = permanent(
        "canopy",
        "Dense Canopy",
        B,
        ["enchantment"],
        K("grant", to={"has": ["flying"]}, ability=K("can_block_only", attackers={"has": ["flying"]})),
    )
    guide = permanent(
        "guide",
        "Griffin Guide",
        B,
        ["enchantment"],
        K("grant", to={"ids": ["wall"]}, ability=K("flying")),
        attached_to="wall",
    )
    b = make_board(
        [creature("ogre", "Hill Giant"), creature("wall", "Grizzly Bears", B), canopy, guide],
        combat={"attackers": {"ogre": B}},
    )
    verdict = block(b, {"wall": ("ogre",)})
    assert not verdict.legal and [v.kind for v in verdict.violations] == ["can_block_only"]
    assert block(
        make_board(
            [creature("ogre", "Hill Giant"), creature("wall", "Grizzly Bears", B), canopy],
            combat={"attackers": {"ogre": B}},
        ),
        {"wall": ("ogre",)},
    ).legal


def test_sonorous_howlbonder_reads_menace_from_goblin_war_drums_613_8a():
    """Goblin War Drums: "Creatures you control have menace." Sonorous Howlbonder: "Each creature
    you control with menace can't be blocked except by three or more creatures." (702.111b, 509.1b)"""
    drums = permanent(
        "drums", "Goblin War Drums", A, ["enchantment"], K("grant", to={"controller": "you"}, ability=K("menace"))
    )
    howl = creature(
        "howl",
        "Sonorous Howlbonder",
        A,
        2,
        2,
        K("grant", to={"controller": "you", "has": ["menace"]}, ability=K("min_blockers", n=3)),
    )
    defenders = [creature(f"d{i}", f"Soldier {i}", B) for i in range(3)]
    b = make_board([howl, BEARS, drums, *defenders], combat={"attackers": {"bears": B}})
    two = block(b, {"d0": ("bears",), "d1": ("bears",)})
    assert not two.legal and {v.kind for v in two.violations} == {"min_blockers"}
    assert block(b, {"d0": ("bears",), "d1": ("bears",), "d2": ("bears",)}).legal


def test_goblin_locksmith_reads_defender_from_an_aura_613_1f():
    """Goblin Locksmith's trigger: "creatures with defender can't block this turn" (an effect);
    an Aura gives the blocker defender (702.3b)."""
    aura = permanent(
        "aura",
        "Guard Duty",
        B,
        ["enchantment"],
        K("grant", to={"ids": ["wall"]}, ability=K("defender")),
        attached_to="wall",
    )
    effect = {"source": "Goblin Locksmith", "controller": A, "to": {"has": ["defender"]}, "ability": K("cant_block")}
    b = make_board(
        [creature("lock", "Goblin Locksmith"), creature("wall", "Grizzly Bears", B), aura],
        effects=[effect],
        combat={"attackers": {"lock": B}},
    )
    verdict = block(b, {"wall": ("lock",)})
    assert not verdict.legal and [v.kind for v in verdict.violations] == ["cant_block"]


def test_bothersome_quasit_sees_goad_from_an_effect_701_15b():
    """Bothersome Quasit: "Goaded creatures you don't control can't block"; the goad comes from an
    effect (701.15b), so the goaded creature can't block."""
    quasit = creature(
        "quasit",
        "Bothersome Quasit",
        A,
        2,
        2,
        K("grant", to={"controller": "opponent", "has": ["goad"]}, ability=K("cant_block")),
    )
    goaded = {
        "source": "Bothersome Quasit trigger",
        "controller": A,
        "to": {"ids": ["wall"]},
        "ability": K("goad", by="you"),
    }
    b = make_board(
        [quasit, creature("wall", "Grizzly Bears", B)], effects=[goaded], combat={"attackers": {"quasit": B}}
    )
    verdict = block(b, {"wall": ("quasit",)})
    assert not verdict.legal and [v.kind for v in verdict.violations] == ["cant_block"]


def test_a_grant_that_removes_its_own_trigger_applies_once_613_8b():
    """ "Creatures without flying have flying" applies to what lacks flying when it applies, and
    is locked in (613.8b): no oscillation, the Bears have flying."""
    self_ref = permanent(
        "odd", "Odd Anthem", B, ["enchantment"], K("grant", to={"not": {"has": ["flying"]}}, ability=K("flying"))
    )
    b = make_board(
        [BEARS, creature("spider", "Giant Spider", B, 2, 2, K("reach")), self_ref], combat={"attackers": {"bears": B}}
    )
    assert block(b, {"spider": ("bears",)}).legal
    no_reach = make_board([BEARS, creature("wall", "Wall", B), self_ref], combat={"attackers": {"bears": B}})
    assert block(no_reach, {"wall": ("bears",)}).legal  # both fly


# ----------------------------------------------------------------------------- (b) every "you" resolves
PSYCHIC_IMPETUS = permanent(
    "impetus",
    "Psychic Impetus",
    B,
    ["enchantment"],
    K("grant", to={"ids": ["bears"]}, ability=K("goad", by="you")),
    attached_to="bears",
)


def test_psychic_impetus_goad_by_you_is_its_controller_701_15b():
    """Psychic Impetus (Bob's Aura) goads the Bears: attack if able and attack a player other than
    Bob if able (701.15b). Attacking Bob obeys 1 of 2; attacking Carol obeys 2 of 2."""
    b = make_board([BEARS, PSYCHIC_IMPETUS], players=(A, B, C))
    at_bob = attack(b, {"bears": B})
    assert not at_bob.legal
    assert (at_bob.requirements_obeyed, at_bob.requirements_maximum) == (1, 2)
    assert attack(b, {"bears": C}).legal


def test_a_goader_goading_twice_adds_nothing_however_named_701_15d():
    """Goaded by "you" (Bob's Aura) and by "bob" (an effect): the same player, 2 requirements."""
    effect = {"source": "Disrupt Decorum", "controller": B, "to": {"ids": ["bears"]}, "ability": K("goad", by=B)}
    b = make_board([BEARS, PSYCHIC_IMPETUS], players=(A, B, C), effects=[effect])
    assert attack(b, {"bears": C}).requirements_maximum == 2


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        (K("goad", by="you"), "by"),
        (K("attacks_player_other_than", player="you"), "player"),
        (K("must_attack", target={"player": "you"}), "player"),
        (K("cant_attack", condition={"players": [{"who": "you", "life": {"le": 5}}]}), "who"),
    ],
)
def test_you_without_a_controller_is_rejected(ability: Json, field: str):
    """An effect without a controller has no "you": rejected at validation, naming the field."""
    with pytest.raises(ValueError, match=r"unresolved_player|`you` needs a controller") as error:
        make_board([BEARS], effects=[{"source": "Mystery", "to": {"ids": ["bears"]}, "ability": ability}])
    assert field in str(error.value)


def test_owner_on_a_rule_of_the_game_is_rejected():
    rule = permanent("rule", "Rule", B, ["enchantment"], K("attack_limit", n=1, defender={"player": "owner"}))
    with pytest.raises(ValueError, match="`owner` needs a creature"):
        make_board([BEARS, rule])


def test_goad_by_an_unknown_player_is_rejected():
    with pytest.raises(ValueError, match="no player 'zed'"):
        make_board([creature("bears", "Grizzly Bears", A, 2, 2, K("goad", by="zed"))])


# ----------------------------------------------------------------------------- (c) each turn counts creatures
ONE_PER_TURN = {"source": "Limit", "controller": B, "ability": K("attack_limit", n=1, per="turn")}


def test_a_creature_attacking_again_is_not_counted_twice_508_1c():
    """ "No more than one creature can attack each turn": the Bears attacked in the first combat;
    attacking again in a second combat, they are still one creature (508.1c)."""
    earlier = [{"creature": "bears", "target": B}]
    b = make_board([BEARS, creature("ogre", "Hill Giant")], effects=[ONE_PER_TURN], attacked_this_turn=earlier)
    assert attack(b, {"bears": B}).legal
    other = attack(b, {"ogre": B})
    assert not other.legal and [v.kind for v in other.violations] == ["attack_limit"]


def test_the_old_number_form_counts_anonymous_creatures_508_1c():
    b = make_board([BEARS], effects=[ONE_PER_TURN], attacked_this_turn=1)
    assert not attack(b, {"bears": B}).legal


def test_per_defender_each_turn_limit_counts_only_its_own_802_3a():
    """ "No more than one creature can attack you each turn" (Bob's): the Hill Giant attacked Carol
    earlier, so one creature may still attack Bob; the Bears attacked Bob, so a second may not."""
    bobs = permanent(
        "crawl", "Bob's Barrier", B, ["enchantment"], K("attack_limit", n=1, per="turn", defender={"player": "you"})
    )
    ogre = creature("ogre", "Hill Giant")
    at_carol = make_board(
        [BEARS, ogre, bobs], players=(A, B, C), attacked_this_turn=[{"creature": "ogre", "target": C}]
    )
    assert attack(at_carol, {"bears": B}).legal
    at_bob = make_board([BEARS, ogre, bobs], players=(A, B, C), attacked_this_turn=[{"creature": "ogre", "target": B}])
    assert not attack(at_bob, {"bears": B}).legal
    assert attack(at_bob, {"ogre": B}).legal


def test_an_earlier_target_must_exist():
    with pytest.raises(ValueError, match="no player, planeswalker or battle 'zed'"):
        make_board([BEARS], attacked_this_turn=[{"creature": "bears", "target": "zed"}])


# ----------------------------------------------------------------------------- (d) payment plans
def _plains(i: int) -> Json:
    return permanent(f"plains{i}", "Plains", A, ("land",), K("mana", produces="W"))


def _mana_symbols(text: str) -> int:
    return len(re.findall(r"\{[^}]+\}", text))


def test_norns_annex_two_plains_pays_once_508_1h():
    """Norn's Annex: {W/P} per attacker. With two Plains the shown plan pays that one symbol once,
    with mana rather than life (118.3, 107.4f), and activates no second Plains."""
    annex = permanent(
        "annex",
        "Norn's Annex",
        B,
        ("artifact",),
        K("attack_tax", cost={"mana": "{W/P}"}, target={"player": "you", "planeswalkers": True}),
    )
    verdict = attack(make_board([BEARS, _plains(1), _plains(2), annex]), {"bears": B})
    assert verdict.legal
    (cost,) = verdict.costs
    assert cost.total == "{W/P}"
    assert len(cost.payment) == _mana_symbols(cost.total) == 1
    assert re.fullmatch(r"Plains(?: \(plains\d\))?: \{W\}", cost.payment[0])


def test_a_plan_pays_life_only_where_mana_cant_508_1h():
    """Two Norn's Annex symbols, one Plains: one {W} from the Plains, 2 life for the other."""
    annex = permanent("annex", "Norn's Annex", B, ("artifact",), K("attack_tax", cost={"mana": "{W/P}{W/P}"}))
    verdict = attack(make_board([BEARS, _plains(1), annex]), {"bears": B})
    (cost,) = verdict.costs
    assert sorted(cost.payment) == ["2 life for each of {W/P}", "Plains: {W}"]


def test_a_plan_activates_only_what_the_total_spends_508_1i():
    """Ghostly Prison {2} with three Plains: two activations, not three."""
    prison = permanent("prison", "Ghostly Prison", B, ["enchantment"], K("attack_tax", cost={"mana": "{2}"}))
    verdict = attack(make_board([BEARS, _plains(1), _plains(2), _plains(3), prison]), {"bears": B})
    (cost,) = verdict.costs
    assert len(cost.payment) == 2


# ----------------------------------------------------------------------------- (e) one defending player
def test_one_defending_players_declaration_is_judged_alone_802_4():
    """Bob and Carol each declare separately (802.4). Carol's Watchdog must block if able; Bob's
    block is fine. Asked about Bob, the verdict is legal whatever Carol does; about Carol, illegal."""
    b = make_board(
        [
            creature("ogre", "Hill Giant"),
            creature("bears", "Grizzly Bears"),
            creature("wall", "Wall of Wood", B),
            creature("dog", "Watchdog", C, 2, 2, K("must_block")),
        ],
        players=(A, B, C),
        combat={"attackers": {"ogre": B, "bears": C}},
    )
    whole = block(b, {"wall": ("ogre",)})
    assert not whole.legal
    bobs = block(b, {"wall": ("ogre",)}, player=B)
    assert bobs.legal and [u.players for u in bobs.units] == [(B,)]
    carols = block(b, {"wall": ("ogre",)}, player=C)
    assert not carols.legal and [v.kind for v in carols.violations] == ["too_few_requirements"]
    assert block(b, {"dog": ("bears",)}, player=C).legal


def test_judging_a_non_defending_player_is_bad_input():
    b = make_board(
        [creature("ogre", "Hill Giant"), creature("wall", "Wall", B)],
        players=(A, B, C),
        combat={"attackers": {"ogre": B}},
    )
    with pytest.raises(InputError, match="isn't a defending player"):
        block(b, {}, player=C)
    with pytest.raises(InputError, match="no such player"):
        block(b, {}, player="zed")


def test_solve_is_unchanged_by_the_new_fields():
    assert solve_attacks(make_board([BEARS, FLIGHT, MOAT])).status == "legal"


# ============================================================================= 1. conditions on any ability
def _players(*entries: Json) -> list[Json]:
    return list(entries)


def test_archangel_of_tithes_taxes_only_while_untapped_508_1h():
    """Archangel of Tithes: "As long as Archangel of Tithes is untapped, creatures can't attack you
    or planeswalkers you control unless their controller pays {1} for each of those creatures." """
    tithes = K(
        "attack_tax",
        cost={"mana": "{1}"},
        target={"player": "you", "planeswalkers": True},
        condition={"source": {"tapped": False}},
    )

    def archangel(tapped: bool) -> Json:
        return creature("angel", "Archangel of Tithes", B, 2, 2, tithes, K("flying"), tapped=tapped)

    untapped = attack(make_board([BEARS, archangel(False)]), {"bears": B})
    assert not untapped.legal and [v.rule for v in untapped.violations] == ["508.1j"]
    assert attack(make_board([BEARS, archangel(True)]), {"bears": B}).legal


def test_ensnaring_bridge_compares_power_with_cards_in_hand_508_1c():
    """Ensnaring Bridge: "Creatures with power greater than the number of cards in your hand can't
    attack." Bob has 2 cards: the 2-power Bears may attack, the 3-power Hill Giant may not."""
    bridge = permanent(
        "bridge",
        "Ensnaring Bridge",
        B,
        ("artifact",),
        K(
            "grant",
            ability=K(
                "cant_attack",
                condition={"compare": [{"left": {"of": "power"}, "op": "gt", "right": {"who": "you", "of": "hand"}}]},
            ),
        ),
    )
    b = make_board([BEARS, creature("giant", "Hill Giant", power=3), bridge], players=[{"id": A}, {"id": B, "hand": 2}])
    assert attack(b, {"bears": B}).legal
    assert [v.kind for v in attack(b, {"giant": B}).violations] == ["cant_attack"]


def test_dragons_rage_channeler_must_attack_with_delirium_508_1d():
    """Dragon's Rage Channeler: "Delirium — as long as there are four or more card types among
    cards in your graveyard, ... attacks each combat if able." """
    drc = creature(
        "drc",
        "Dragon's Rage Channeler",
        A,
        1,
        2,
        K("must_attack", condition={"players": [{"graveyard_card_types": {"ge": 4}}]}),
    )
    four = make_board(
        [drc],
        players=[{"id": A, "graveyard": 4, "graveyard_types": ["land", "instant", "sorcery", "creature"]}, {"id": B}],
    )
    three = make_board(
        [drc], players=[{"id": A, "graveyard": 3, "graveyard_types": ["land", "instant", "sorcery"]}, {"id": B}]
    )
    assert not attack(four).legal
    assert attack(four, {"drc": B}).legal
    assert attack(three).legal


def test_hazoret_can_attack_only_with_one_or_fewer_cards_508_1c():
    """Hazoret the Fervent: "can't attack or block unless you have one or fewer cards in hand." """
    unless = {"players": [{"hand": {"le": 1}}]}
    hazoret = creature(
        "hazoret", "Hazoret the Fervent", A, 5, 2, K("cant_attack", unless=unless), K("cant_block", unless=unless)
    )
    assert attack(make_board([hazoret], players=[{"id": A, "hand": 1}, {"id": B}]), {"hazoret": B}).legal
    assert not attack(make_board([hazoret], players=[{"id": A, "hand": 2}, {"id": B}]), {"hazoret": B}).legal


def test_crown_hunter_hireling_attacks_only_the_monarch_802_2a():
    """Crown-Hunter Hireling: "can't attack unless defending player is the monarch." Read per
    attack target: the defending player is the one attacked (802.2a)."""
    hireling = creature(
        "hire",
        "Crown-Hunter Hireling",
        A,
        4,
        2,
        K("cant_attack", unless={"players": [{"who": "defending_player", "designations": ["monarch"]}]}),
    )
    b = make_board([hireling], players=[{"id": A}, {"id": B, "designations": ["monarch"]}, {"id": C}])
    assert attack(b, {"hire": B}).legal
    assert [v.kind for v in attack(b, {"hire": C}).violations] == ["cant_attack"]


def test_goblin_goon_compares_creatures_with_defending_player_508_1c_509_1b():
    """Goblin Goon: "can't attack unless you control more creatures than defending player. can't
    block unless you control more creatures than attacking player." """
    goon_attack = K(
        "cant_attack",
        unless={
            "compare": [
                {
                    "left": {"filter": {"types": ["creature"]}},
                    "op": "gt",
                    "right": {"who": "defending_player", "filter": {"types": ["creature"]}},
                }
            ]
        },
    )
    goon = creature("goon", "Goblin Goon", A, 6, 2, goon_attack)
    b = make_board([goon, BEARS, creature("w1", "Wall", B)], players=(A, B, C))
    assert attack(b, {"goon": C}).legal  # 2 creatures against Carol's 0
    assert attack(b, {"goon": B}).legal  # 2 against 1
    crowded = make_board([goon, creature("w1", "Wall", B)], players=(A, B, C))
    assert not attack(crowded, {"goon": B}).legal  # 1 against 1


def test_champion_of_lambholt_compares_power_between_objects_509_1b():
    """Champion of Lambholt (power 4): "Creatures with power less than Champion of Lambholt's power
    can't block creatures you control." A 3-power blocker can't block; a 4-power one can."""
    champion = creature(
        "champ",
        "Champion of Lambholt",
        A,
        4,
        2,
        K(
            "grant",
            ability=K(
                "cant_block",
                attackers={"controller": "you"},
                condition={
                    "compare": [{"left": {"of": "power"}, "op": "lt", "right": {"of": "power", "permanent": "champ"}}]
                },
            ),
        ),
    )
    b = make_board(
        [champion, BEARS, creature("small", "Hill Giant", B, power=3), creature("big", "Ogre", B, power=4)],
        combat={"attackers": {"bears": B}},
    )
    assert [v.kind for v in block(b, {"small": ("bears",)}).violations] == ["cant_block"]
    assert block(b, {"big": ("bears",)}).legal


def test_training_drone_attacks_only_while_equipped_508_1c():
    """Training Drone: "can't attack or block unless it's equipped." An Aura isn't Equipment."""
    unless = {"source": {"attached": {"filter": {"subtypes": ["Equipment"]}}}}
    drone = creature("drone", "Training Drone", A, 2, 2, K("cant_attack", unless=unless))
    sword = permanent("sword", "Short Sword", A, ("artifact",), subtypes=["Equipment"], attached_to="drone")
    aura = permanent("aura", "Rancor", A, ["enchantment"], subtypes=["Aura"], attached_to="drone")
    assert attack(make_board([drone, sword]), {"drone": B}).legal
    assert not attack(make_board([drone, aura]), {"drone": B}).legal


def test_void_winnower_even_mana_values_cant_block_509_1b():
    """Void Winnower: "Your opponents can't block with creatures with even mana values." """
    winnower = permanent(
        "void",
        "Void Winnower",
        A,
        ("creature",),
        K("grant", to={"controller": "opponent", "mana_value": {"even": True}}, ability=K("cant_block")),
        power=11,
        toughness=9,
    )
    b = make_board(
        [
            winnower,
            BEARS,
            creature("two", "Grizzly Bears", B, mana_value=2),
            creature("three", "Hill Giant", B, mana_value=3),
        ],
        combat={"attackers": {"bears": B}},
    )
    assert not block(b, {"two": ("bears",)}).legal
    assert block(b, {"three": ("bears",)}).legal


def test_bontu_needs_a_creature_that_died_this_turn_508_1c():
    """Bontu the Glorified: "can't attack or block unless a creature you control died this turn." """
    bontu = creature(
        "bontu",
        "Bontu the Glorified",
        A,
        4,
        2,
        K("cant_attack", unless={"players": [{"creatures_died_this_turn": {"ge": 1}}]}),
    )
    assert attack(
        make_board([bontu], players=[{"id": A, "creatures_died_this_turn": 1}, {"id": B}]), {"bontu": B}
    ).legal
    assert not attack(make_board([bontu], players=[{"id": A}, {"id": B}]), {"bontu": B}).legal


def test_a_condition_about_tokens_and_counters_509_1b():
    """Rubblebelt Runner-like: "can't be blocked by tokens"; Nils-like counters read by a filter."""
    runner = creature("runner", "Rubblebelt Runner", A, 2, 2, K("cant_be_blocked_by", by={"token": True}))
    b = make_board(
        [runner, creature("tok", "Soldier", B, is_token=True), creature("grown", "Bears", B, counters={"+1/+1": 1})],
        combat={"attackers": {"runner": B}},
    )
    assert not block(b, {"tok": ("runner",)}).legal
    assert block(b, {"grown": ("runner",)}).legal


def test_empty_and_unparseable_conditions():
    with pytest.raises(ValueError, match="only be at the top"):
        make_board([creature("x", "X", A, 2, 2, K("must_attack", condition={"not": {"attack": {}}}))])


# ============================================================================= 2. block-side board conditions
def test_oketra_cant_block_unless_three_other_creatures_509_1b():
    """Oketra the True: "can't attack or block unless you control at least three other creatures." """
    others = {"players": [{"controls": {"filter": {"types": ["creature"], "not": {"ids": ["oketra"]}}, "at_least": 3}}]}
    oketra = creature("oketra", "Oketra the True", B, 3, 2, K("cant_block", unless=others))
    soldiers = [creature(f"s{i}", f"Soldier {i}", B) for i in range(3)]
    attacking = {"combat": {"attackers": {"bears": B}}}
    assert block(make_board([BEARS, oketra, *soldiers], **attacking), {"oketra": ("bears",)}).legal
    verdict = block(make_board([BEARS, oketra, *soldiers[:2]], **attacking), {"oketra": ("bears",)})
    assert [v.kind for v in verdict.violations] == ["cant_block"]


def test_marauding_boneslasher_needs_another_zombie_509_1b():
    """Marauding Boneslasher: "can't block unless you control another Zombie." """
    unless = {"players": [{"controls": {"filter": {"subtypes": ["Zombie"], "not": {"ids": ["bone"]}}}}]}
    bone = creature("bone", "Marauding Boneslasher", B, 3, 2, K("cant_block", unless=unless), subtypes=["Zombie"])
    zombie = creature("z", "Walking Corpse", B, subtypes=["Zombie"])
    assert block(make_board([BEARS, bone, zombie], combat={"attackers": {"bears": B}}), {"bone": ("bears",)}).legal
    assert not block(make_board([BEARS, bone], combat={"attackers": {"bears": B}}), {"bone": ("bears",)}).legal


# ============================================================================= 4. evasion on board state
def test_neurok_spy_cant_be_blocked_while_defender_controls_an_artifact_509_1b():
    """Neurok Spy: "can't be blocked as long as defending player controls an artifact." """
    spy = creature(
        "spy",
        "Neurok Spy",
        A,
        2,
        2,
        K(
            "cant_be_blocked",
            condition={"players": [{"who": "defending_player", "controls": {"filter": {"types": ["artifact"]}}}]},
        ),
    )
    wall = creature("wall", "Wall", B)
    relic = permanent("relic", "Relic", B, ("artifact",))
    assert not block(make_board([spy, wall, relic], combat={"attackers": {"spy": B}}), {"wall": ("spy",)}).legal
    assert block(make_board([spy, wall], combat={"attackers": {"spy": B}}), {"wall": ("spy",)}).legal


def test_jeskai_infiltrator_unblockable_while_alone_509_1b():
    """Jeskai Infiltrator: "can't be blocked as long as you control no other creatures." """
    alone = {"players": [{"controls": {"filter": {"types": ["creature"], "not": {"ids": ["jeskai"]}}, "at_least": 1}}]}
    jeskai = creature("jeskai", "Jeskai Infiltrator", A, 2, 2, K("cant_be_blocked", unless=alone))
    wall = creature("wall", "Wall", B)
    assert not block(make_board([jeskai, wall], combat={"attackers": {"jeskai": B}}), {"wall": ("jeskai",)}).legal
    assert block(make_board([jeskai, BEARS, wall], combat={"attackers": {"jeskai": B}}), {"wall": ("jeskai",)}).legal


# ============================================================================= 5. requirements with "unless"
def test_reckless_cohort_attacks_unless_another_ally_508_1d():
    """Reckless Cohort: "attacks each combat if able unless you control another Ally." """
    unless = {"players": [{"controls": {"filter": {"subtypes": ["Ally"], "not": {"ids": ["cohort"]}}}}]}
    cohort = creature("cohort", "Reckless Cohort", A, 2, 2, K("must_attack", unless=unless), subtypes=["Ally"])
    ally = creature("ally", "Kor Ally", A, subtypes=["Ally"], tapped=True)
    assert not attack(make_board([cohort])).legal
    assert attack(make_board([cohort, ally])).legal


def test_marauding_maulhorn_unless_advocate_508_1d():
    """Marauding Maulhorn: "attacks each combat if able unless you control a creature named
    Advocate of the Beast." """
    unless = {"players": [{"controls": {"filter": {"name": "Advocate of the Beast"}}}]}
    maul = creature("maul", "Marauding Maulhorn", A, 5, 2, K("must_attack", unless=unless))
    advocate = creature("adv", "Advocate of the Beast", A, tapped=True)
    assert attack(make_board([maul, advocate])).legal
    verdict = attack(make_board([maul]))
    assert (verdict.requirements_obeyed, verdict.requirements_maximum) == (0, 1)


# ============================================================================= 6. conditions on the declaration
def test_ekundu_cyclops_attacks_if_another_creature_does_508_1d():
    """Ekundu Cyclops: "If a creature you control attacks, Ekundu Cyclops also attacks if able."
    The condition is about the declaration itself: no attack is legal; the Bears alone isn't."""
    cyclops = creature(
        "cyc", "Ekundu Cyclops", A, 3, 2, K("must_attack", condition={"attack": {"filter": {"controller": "you"}}})
    )
    b = make_board([cyclops, BEARS])
    assert attack(b).legal
    alone = attack(b, {"bears": B})
    assert not alone.legal and (alone.requirements_obeyed, alone.requirements_maximum) == (0, 1)
    assert attack(b, {"bears": B, "cyc": B}).legal
    assert solve_attacks(b).legal


def test_scarred_puma_needs_a_black_or_green_attacker_508_1c():
    """Scarred Puma: "can't attack unless a black or green creature also attacks." """
    puma = creature(
        "puma",
        "Scarred Puma",
        A,
        2,
        2,
        K("cant_attack", unless={"attack": {"filter": {"colors": ["black", "green"]}}}),
        colors=["red"],
    )
    elf = creature("elf", "Llanowar Elves", A, colors=["green"])
    b = make_board([puma, elf])
    assert [v.kind for v in attack(b, {"puma": B}).violations] == ["cant_attack"]
    assert attack(b, {"puma": B, "elf": B}).legal


def test_dream_prowler_unblockable_attacking_alone_506_5():
    """Dream Prowler: "can't be blocked as long as it's attacking alone" (506.5)."""
    prowler = creature(
        "prowler", "Dream Prowler", A, 2, 2, K("cant_be_blocked", condition={"source": {"attacking_alone": True}})
    )
    wall = creature("wall", "Wall", B)
    assert not block(make_board([prowler, wall], combat={"attackers": {"prowler": B}}), {"wall": ("prowler",)}).legal
    with_bears = make_board([prowler, BEARS, wall], combat={"attackers": {"prowler": B, "bears": B}})
    assert block(with_bears, {"wall": ("prowler",)}).legal


def test_attacking_filters_need_a_declared_attack_506_5():
    """Before attackers are declared nothing is attacking yet: "as long as it's attacking alone"
    must be said with an `attack` test, so `attacking_alone` is rejected there."""
    with pytest.raises(ValueError, match="reads the declared attack"):
        make_board([creature("x", "X", A, 2, 2, K("must_attack", condition={"source": {"attacking_alone": True}}))])


def test_an_attack_condition_on_haste_is_not_modelled():
    with pytest.raises(ValueError, match="only restrictions and requirements on attacking"):
        make_board([creature("x", "X", A, 2, 2, K("haste", condition={"attack": {}}))])


# ============================================================================= 7. haste for attacking only
def test_instill_energy_attack_as_though_haste_but_no_mana_302_6():
    """Instill Energy: "Enchanted creature can attack as though it had haste." The Elves may attack
    the turn they arrived, but their {T}: Add {G} still can't help pay Ghostly Prison for the
    Bears (302.6); with haste they could (702.10b)."""
    assert attack(
        make_board([creature("elf", "Llanowar Elves", A, 2, 2, K("attack_as_though_haste"), sick=True)]), {"elf": B}
    ).legal
    assert not attack(make_board([creature("elf", "Llanowar Elves", A, sick=True)]), {"elf": B}).legal
    prison = permanent("prison", "Ghostly Prison", B, ["enchantment"], K("attack_tax", cost={"mana": "{1}"}))

    def elves(*extra: Json) -> Json:
        return creature("elf", "Llanowar Elves", A, 1, 2, *extra, K("mana", produces="G"), sick=True)

    assert not attack(make_board([BEARS, elves(K("attack_as_though_haste")), prison]), {"bears": B}).legal
    assert attack(make_board([BEARS, elves(K("haste")), prison]), {"bears": B}).legal


def test_cost_tap_an_untapped_creature_you_control_508_1h():
    """ "can't attack unless its controller taps an untapped creature they control": the attacker
    itself is already tapped by attacking (508.1f), so another untapped creature is needed (508.1j)."""
    tapper = creature(
        "tapper", "Grizzly Bears", A, 2, 2, K("attack_cost", cost={"tap": {"filter": {"types": ["creature"]}, "n": 1}})
    )
    assert attack(make_board([tapper, creature("helper", "Llanowar Elves", A)]), {"tapper": B}).legal
    alone = attack(make_board([tapper, creature("helper", "Llanowar Elves", A, tapped=True)]), {"tapper": B})
    assert not alone.legal and [v.rule for v in alone.violations] == ["508.1j"]


# ============================================================================= 8. filters tell abilities apart
def test_undertow_islandwalk_but_not_swampwalk_702_14c():
    """Undertow: "Creatures with islandwalk can be blocked as though they didn't have islandwalk."
    A `has` pattern tells islandwalk from swampwalk."""
    islandwalk = {"kind": "landwalk", "land": {"subtypes": ["Island"]}}
    undertow = permanent(
        "undertow",
        "Undertow",
        B,
        ["enchantment"],
        K("grant", ability=K("block_as_though", ignoring=["landwalk"], attackers={"has": [islandwalk]})),
    )
    serpent = creature("serpent", "Lord of Atlantis", A, 2, 2, K("landwalk", land={"subtypes": ["Island"]}))
    wraith = creature("wraith", "Bog Wraith", A, 2, 2, K("landwalk", land={"subtypes": ["Swamp"]}))
    lands = [permanent(f"l{t}", t, B, ("land",), subtypes=[t]) for t in ("Island", "Swamp")]
    b = make_board(
        [serpent, wraith, creature("wall", "Wall", B), undertow, *lands],
        combat={"attackers": {"serpent": B, "wraith": B}},
    )
    assert block(b, {"wall": ("serpent",)}).legal
    assert [v.kind for v in block(b, {"wall": ("wraith",)}).violations] == ["landwalk"]


def test_protection_qualities_are_told_apart_702_16():
    """A grant to creatures with protection from black, not from white."""
    from_black = {"kind": "protection", "from": {"colors": ["black"]}}
    rule = permanent("rule", "Rule", B, ["enchantment"], K("grant", to={"has": [from_black]}, ability=K("cant_attack")))
    knight = creature("knight", "White Knight", A, 2, 2, K("protection", **{"from": {"colors": ["black"]}}))
    black = creature("black", "Black Knight", A, 2, 2, K("protection", **{"from": {"colors": ["white"]}}))
    b = make_board([knight, black, rule])
    assert not attack(b, {"knight": B}).legal
    assert attack(b, {"black": B}).legal


def test_a_has_pattern_names_a_real_kind_and_field():
    with pytest.raises(ValueError, match="no ability kind 'landwalking'"):
        make_board(
            [
                permanent(
                    "r",
                    "R",
                    B,
                    ["enchantment"],
                    K("grant", to={"has": [{"kind": "landwalking"}]}, ability=K("cant_attack")),
                )
            ]
        )


# ============================================================================= 9. who declares
def test_master_warcraft_records_who_declares_508_1_509_1():
    """Master Warcraft: "You choose which creatures attack this turn. You choose which creatures
    block this turn and how those creatures block." Legality is unchanged; the verdict says who
    declares."""
    warcraft = {"source": "Master Warcraft", "controller": B, "ability": K("chooses_attackers")}
    verdict = attack(make_board([BEARS], effects=[warcraft]), {"bears": B})
    assert verdict.legal and [(d.declarer, d.source) for d in verdict.declared_by] == [(B, "Master Warcraft")]
    plain = attack(make_board([BEARS]), {"bears": B})
    assert [(d.declarer, d.source) for d in plain.declared_by] == [(A, None)]
    blocks = {"source": "Master Warcraft", "controller": A, "ability": K("chooses_blockers")}
    b = make_board(
        [BEARS, creature("wall", "Wall", B, 2, 2, K("must_block"))],
        effects=[blocks],
        combat={"attackers": {"bears": B}},
    )
    blocked = block(b, {})
    assert not blocked.legal  # the Wall still must block if able (509.1c), whoever declares
    assert [(d.declarer, d.source) for d in blocked.declared_by] == [(A, "Master Warcraft")]


# ----------------------------------------------------------------------------- (z) filters in words
def test_a_violation_names_the_permanents_a_filter_counts_not_creatures_508_1c():
    """Whimwader: "can't attack unless defending player controls a blue permanent" (508.1c). The
    filter counts permanents, so the message must not say "blue creatures" (Bob's blue permanent
    here could be an enchantment); an artifact filter reads "artifacts", a snow land walk "snow lands"."""
    whimwader = creature(
        "whimwader",
        "Whimwader",
        A,
        6,
        4,
        K("cant_attack_unless", defending_player_controls={"filter": {"colors": ["blue"]}, "at_least": 1}),
    )
    verdict = attack(make_board([whimwader]), {"whimwader": B})
    assert not verdict.legal
    (message,) = [v.message for v in verdict.violations]
    assert "blue permanents" in message and "creatures" not in message
    assert Filter(types=("artifact",)).describe() == "artifacts"
    assert Filter.model_validate({"types": ["land"], "supertypes": ["snow"]}).describe("lands") == "snow lands"
    assert Filter.model_validate({"colors": ["green"]}).describe("") == "green"
