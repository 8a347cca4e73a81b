"""Real mana abilities, by name, that pay costs to attack (508.1h-j; 605.1a): one mana of the
permanent's chosen color (607.2d), costs that remove counters from the permanent itself (602.1,
118.3: storage lands, charge counters, depletion lands), amounts that count (for each Elf you
control, for each charge counter on it) and what is still warned."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import AttackDeclaration, Board, check_attacks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.model.records import Verdict
from combat_solver.rules.mana import ManaAbility

Json = dict[str, Any]


def _card(pid: str, name: str, **more: Any) -> Json:
    return {"id": pid, "card": name, "controller": "alice", **more}


def _toll(mana: str, **more: Any) -> Json:
    """bob's "creatures can't attack you unless their controller pays <mana> for each" (508.1h)."""
    cost = {"mana": mana, **more}
    return {"id": "toll", "name": "Toll", "controller": "bob", "types": ["enchantment"],
            "abilities": [{"kind": "attack_tax", "cost": cost}]}  # fmt: skip


def _attack(permanents: list[Json], *, life: int = 20) -> Verdict:
    """alice attacks bob with her Grizzly Bears."""
    board = Board.model_validate(
        {
            "players": [{"id": "alice", "life": life}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": [_card("bears", "Grizzly Bears"), *permanents],
        },
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks={"bears": "bob"}))


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def _payment(verdict: Verdict) -> tuple[str, ...]:
    return next(c.payment for c in verdict.costs if c.player == "alice")


# ----- one mana of the chosen color (607.2d)


def test_607_2d_paradise_plume_makes_the_mana_of_its_chosen_color() -> None:
    """Paradise Plume: "As Paradise Plume enters, choose a color. {T}: Add one mana of the chosen
    color.": chosen blue, it pays {U}; chosen green, it doesn't."""
    assert _compiled("Paradise Plume").abilities == ({"kind": "mana", "produces": "chosen", "amount": 1},)
    blue = _attack([_card("plume", "Paradise Plume", chosen={"color": "blue"}), _toll("{U}")])
    assert blue.legal and _payment(blue) == ("Paradise Plume: {U}",)
    assert not _attack([_card("plume", "Paradise Plume", chosen={"color": "green"}), _toll("{U}")]).legal


def test_607_2d_a_chosen_color_the_board_leaves_out_is_a_warning_not_mana() -> None:
    verdict = _attack([_card("plume", "Paradise Plume"), _toll("{U}")])
    assert not verdict.legal
    assert any("the chosen color isn't on the board" in w for w in verdict.warnings)


def test_605_1a_thriving_bluff_makes_red_or_its_chosen_color_not_both() -> None:
    """Thriving Bluff: "{T}: Add {R} or one mana of the chosen color.": two abilities, one {T}."""
    assert _compiled("Thriving Bluff").abilities == (
        {"kind": "mana", "produces": "R", "amount": 1},
        {"kind": "mana", "produces": "chosen", "amount": 1},
    )
    bluff = _card("bluff", "Thriving Bluff", chosen={"color": "black"})
    assert _attack([bluff, _toll("{B}")]).legal
    assert _attack([bluff, _toll("{R}")]).legal
    assert not _attack([bluff, _toll("{R}{B}")]).legal
    assert _attack([bluff, _card("m", "Mountain"), _toll("{R}{B}")]).legal


# ----- counters removed from the permanent itself (602.1, 118.3)


def test_118_3_fungal_reaches_pays_its_1_with_its_own_colorless_and_removes_x_storage_counters() -> None:
    """Fungal Reaches: "{T}: Add {C}." and "{1}, Remove X storage counters from Fungal Reaches:
    Add X mana in any combination of {R} and/or {G}.": with three storage counters, {C} pays the
    {1} and three counters make {R}{G}{R}; with two, only two of them."""
    assert _compiled("Fungal Reaches").abilities[1] == {
        "kind": "mana", "tap": False, "cost": {"mana": "{1}"}, "remove_counters": {"kind": "storage", "n": "X"},
        "produces": "RG", "amount": 0, "mix": True, "per_counter": True,
    }  # fmt: skip
    three = _attack([_card("reaches", "Fungal Reaches", counters={"storage": 3}), _toll("{R}{G}{R}")])
    assert three.legal
    assert "activate Fungal Reaches ({1}, remove X storage counters from it)" in _payment(three)
    assert not _attack([_card("reaches", "Fungal Reaches", counters={"storage": 2}), _toll("{R}{G}{R}")]).legal


def test_602_1_dwarven_hold_makes_one_red_for_each_storage_counter_removed() -> None:
    """Dwarven Hold: "{T}, Remove any number of storage counters from Dwarven Hold: Add {R} for
    each storage counter removed this way.": three counters pay {R}{R}{R}, not {R}{R}{R}{R}."""
    hold = _card("hold", "Dwarven Hold", counters={"storage": 3})
    assert _attack([hold, _toll("{R}{R}{R}")]).legal
    assert not _attack([hold, _toll("{R}{R}{R}{R}")]).legal


def test_602_1_black_mana_battery_adds_one_black_and_one_more_per_charge_counter() -> None:
    """Black Mana Battery: "{T}, Remove any number of charge counters from Black Mana Battery:
    Add {B}, then add an additional {B} for each charge counter removed this way.\""""
    assert _attack([_card("bat", "Black Mana Battery"), _toll("{B}")]).legal
    battery = _card("bat", "Black Mana Battery", counters={"charge": 2})
    assert _attack([battery, _toll("{B}{B}{B}")]).legal
    assert not _attack([battery, _toll("{B}{B}{B}{B}")]).legal


def test_118_3_pentad_prism_one_mana_for_each_charge_counter_it_has() -> None:
    """Pentad Prism: "Remove a charge counter from Pentad Prism: Add one mana of any color." (no
    {T}): two charge counters make two mana of different colors, never three."""
    prism = _card("prism", "Pentad Prism", counters={"charge": 2})
    assert _attack([prism, _toll("{R}{G}")]).legal
    assert not _attack([prism, _toll("{R}{G}{B}")]).legal
    assert not _attack([_card("prism", "Pentad Prism"), _toll("{R}")]).legal


def test_602_5b_mana_bloom_once_each_turn_whatever_its_charge_counters() -> None:
    bloom = _card("bloom", "Mana Bloom", counters={"charge": 3})
    assert _attack([bloom, _toll("{G}")]).legal
    assert not _attack([bloom, _toll("{G}{G}")]).legal


def test_602_1_vivid_crag_without_a_charge_counter_makes_only_red() -> None:
    assert _attack([_card("crag", "Vivid Crag", counters={"charge": 1}), _toll("{U}")]).legal
    assert not _attack([_card("crag", "Vivid Crag"), _toll("{U}")]).legal
    assert _attack([_card("crag", "Vivid Crag"), _toll("{R}")]).legal


def test_508_1j_saprazzan_skerry_sacrificed_with_its_last_depletion_counter_cant_pay_the_sacrifice() -> None:
    """Saprazzan Skerry: "{T}, Remove a depletion counter from Saprazzan Skerry: Add {U}{U}. If there
    are no depletion counters on Saprazzan Skerry, sacrifice it.": with its last counter it is gone
    once the mana is made (508.1i), so it can't be the land the total sacrifices (508.1j); with two
    it stays and can."""
    toll = _toll("{U}{U}", sacrifice={"filter": {"types": ["land"]}})
    assert not _attack([_card("sk", "Saprazzan Skerry", counters={"depletion": 1}), toll]).legal
    assert _attack([_card("sk", "Saprazzan Skerry", counters={"depletion": 2}), toll]).legal
    assert _attack([_card("sk", "Saprazzan Skerry", counters={"depletion": 1}), _card("f", "Forest"), toll]).legal


def test_605_1a_petalmane_baku_stays_warned() -> None:
    """Petalmane Baku: "{1}, Remove X ki counters: Add X mana of any one color." without {T}: its
    own mana can pay a second activation for another color, which the payment model doesn't
    state; it stays a warning."""
    assert _compiled("Petalmane Baku").all_warnings


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"remove_counters": {"kind": "+1/+1"}}, "changes power and toughness"),
        ({"remove_counters": {"kind": "storage", "n": "X"}}, "per_counter and remove_counters"),
        ({"per_counter": True}, "per_counter and remove_counters"),
        ({"amount": 0}, "amount is 0 only with per_counter"),
        ({"sacrifice_when_none": True}, "sacrifice_when_none needs"),
        (
            {"tap": False, "remove_counters": {"kind": "ki", "n": "X"}, "per_counter": True, "amount": 0},
            "in any combination of its colors or of one color",
        ),
        (
            {"tap": False, "cost": {"mana": "{1}"}, "remove_counters": {"kind": "charge"}, "amount": 2},
            "makes no more mana than that cost",
        ),
    ],
)
def test_602_1_bad_counter_costs_are_refused(fields: Json, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        ManaAbility.model_validate({"kind": "mana", **fields})


# ----- amounts that count (608.2h: counted as the ability resolves)


def test_608_2h_gaeas_cradle_one_green_for_each_creature_you_control() -> None:
    """Gaea's Cradle: "{T}: Add {G} for each creature you control.": the attacking Bears and a
    tapped Llanowar Elves count (they are still creatures alice controls); bob's don't."""
    assert _compiled("Gaea's Cradle").abilities == (
        {"kind": "mana", "produces": "G", "for_each": {"types": ["creature"], "controller": "you"}},
    )
    board = [_card("cradle", "Gaea's Cradle"), _card("elves", "Llanowar Elves", tapped=True)]
    bobs = {"id": "bobs", "card": "Llanowar Elves", "controller": "bob"}
    assert _attack([*board, bobs, _toll("{G}{G}")]).legal
    assert not _attack([*board, bobs, _toll("{G}{G}{G}")]).legal


def test_608_2h_priest_of_titania_counts_every_elf_on_the_battlefield() -> None:
    """Priest of Titania: "{T}: Add {G} for each Elf on the battlefield.": bob's Elves count too."""
    board = [_card("priest", "Priest of Titania"), {"id": "bobs", "card": "Llanowar Elves", "controller": "bob"}]
    assert _attack([*board, _toll("{G}{G}")]).legal
    assert not _attack([*board, _toll("{G}{G}{G}")]).legal


def test_608_2h_tolarian_academy_counts_an_artifact_sacrificed_for_mana_when_tapped_first() -> None:
    """Tolarian Academy: "{T}: Add {U} for each artifact you control." with Lotus Petal (an
    artifact, "{T}, Sacrifice Lotus Petal: Add one mana of any color.") and Mind Stone ({C}):
    Academy tapped first counts the Petal ({U}{U}), then the Petal is sacrificed for a third {U}
    (605.3a: in any order)."""
    board = [_card("academy", "Tolarian Academy"), _card("petal", "Lotus Petal"), _card("stone", "Mind Stone")]
    assert _attack([*board, _toll("{1}{U}{U}{U}")]).legal
    assert not _attack([*board, _toll("{U}{U}{U}{U}")]).legal


def test_608_2h_everflowing_chalice_one_colorless_for_each_charge_counter() -> None:
    chalice = _card("chalice", "Everflowing Chalice", counters={"charge": 2})
    assert _attack([chalice, _toll("{2}")]).legal
    assert not _attack([chalice, _toll("{3}")]).legal
    assert not _attack([_card("chalice", "Everflowing Chalice"), _toll("{1}")]).legal


def test_608_2h_cabal_coffers_counts_the_swamps_that_paid_for_it() -> None:
    """Cabal Coffers: "{2}, {T}: Add {B} for each Swamp you control.": two Swamps pay the {2} and
    still count (tapped, not gone): three Swamps and the Coffers make {B}{B}{B}{B}."""
    swamps = [_card(f"s{i}", "Swamp") for i in range(3)]
    assert _attack([_card("c", "Cabal Coffers"), *swamps, _toll("{B}{B}{B}{B}")]).legal
    assert not _attack([_card("c", "Cabal Coffers"), *swamps, _toll("{B}{B}{B}{B}{B}")]).legal


def test_608_2h_a_count_that_can_lose_a_permanent_while_paying_is_warned() -> None:
    """Cabal Coffers beside Evendo Brushrazer ("{T}, Sacrifice a land: Add {R}{R}."): a Swamp
    sacrificed before the Coffers resolves isn't counted; that order isn't modelled: a warning."""
    board = [_card("c", "Cabal Coffers"), _card("s", "Swamp"), _card("e", "Evendo Brushrazer"), _toll("{B}")]
    assert any("what it counts (608.2h)" in w for w in _attack(board).warnings)


def test_605_1a_counted_amounts_stated_only_where_paying_cant_change_the_count() -> None:
    """A count of counters or of the life total with a mana cost depends on what was activated
    before it; Axebane Guardian's "creatures you control with defender" and "creature with power 4
    or greater" read more than the reader states: both stay warned."""
    with pytest.raises(ValidationError, match="with a mana cost depends on what was activated"):
        ManaAbility.model_validate({"kind": "mana", "cost": {"mana": "{2}"}, "for_each_counter": "charge"})
    with pytest.raises(ValidationError, match="reads what paying changes"):
        ManaAbility.model_validate({"kind": "mana", "for_each": {"types": ["creature"], "tapped": False}})
    with pytest.raises(ValidationError, match="reads what paying changes"):
        ManaAbility.model_validate({"kind": "mana", "for_each": {"not": {"has": ["flying"]}}})


# ----- other wordings


def test_605_1a_firemind_vessel_two_mana_of_different_colors() -> None:
    """Firemind Vessel: "{T}: Add two mana of different colors.": {R}{G}, never {G}{G}."""
    vessel = _card("vessel", "Firemind Vessel")
    assert _attack([vessel, _toll("{R}{G}")]).legal
    assert not _attack([vessel, _toll("{G}{G}")]).legal


def test_207_2c_mox_opal_metalcraft_is_an_ability_word_its_condition_is_read() -> None:
    """Mox Opal: "Metalcraft — {T}: Add one mana of any color. Activate only if you control three
    or more artifacts." (207.2c: the ability word has no rules meaning; 602.5b)."""
    mox = _card("mox", "Mox Opal")
    stones = [_card(f"s{i}", "Mind Stone", tapped=True) for i in range(2)]
    assert _attack([mox, *stones, _toll("{R}")]).legal
    assert not _attack([mox, stones[0], _toll("{R}")]).legal


def test_702_177a_exhaust_is_a_keyword_not_an_ability_word() -> None:
    """Loot, the Pathfinder: "Exhaust — {G}, {T}: Add three mana of any one color." can be
    activated only once (702.177a): the board doesn't say whether it was, so it stays warned."""
    assert _compiled("Loot, the Pathfinder").all_warnings


def test_602_5b_manaforge_cinder_no_more_than_three_times_each_turn() -> None:
    """Manaforge Cinder: "{1}: Add {B} or {R}. Activate no more than three times each turn.\""""
    assert {"kind": "mana", "tap": False, "cost": {"mana": "{1}"}, "produces": "BR", "per_turn": 3} in _compiled(
        "Manaforge Cinder"
    ).abilities


def test_602_5b_gathering_place_entered_this_turn_or_a_basic_land() -> None:
    """Gathering Place: "{T}: Add {G} or {W}. Activate only if this land entered this turn or if
    you control a basic land.": with a Plains (tapped) it makes {G}; alone and old, only {C}."""
    place = _card("place", "Gathering Place")
    assert _attack([place, _card("pl", "Plains", tapped=True), _toll("{G}")]).legal
    assert not _attack([place, _toll("{G}")]).legal
    assert _attack([_card("place", "Gathering Place", entered_this_turn=True), _toll("{G}")]).legal


def test_605_1a_lavinia_makes_mana_only_during_an_opponents_turn() -> None:
    """Lavinia, Foil to Conspiracy: "{T}: Add {C}{C}. Activate only during an opponent's turn.\""""
    assert {"kind": "mana", "condition": {"your_turn": False}, "produces": "C", "amount": 2} in _compiled(
        "Lavinia, Foil to Conspiracy"
    ).abilities


def test_605_1a_what_happens_later_with_the_mana_is_a_note() -> None:
    """Yuna, Grand Summoner: "Grand Summon — {T}: Add one mana of any color. When you next cast a
    creature spell this turn, ...": the delayed trigger changes nothing the mana pays now."""
    yuna = _compiled("Yuna, Grand Summoner")
    assert {"kind": "mana", "produces": "any", "amount": 1} in yuna.abilities and not yuna.all_warnings


def test_608_2h_sanctum_of_the_sun_x_is_the_life_total_before_the_total_takes_life() -> None:
    """Sanctum of the Sun: "{T}: Add X mana of any one color, where X is your life total.": at 3
    life it makes {R}{R}{R}, then the total's 1 life is paid from those 3 (508.1i before 508.1j)."""
    sanctum = _card("sanctum", "Sanctum of the Sun")
    assert _attack([sanctum, _toll("{R}{R}{R}", life=1)], life=3).legal
    assert not _attack([sanctum, _toll("{R}{R}{R}{R}")], life=3).legal
    assert not _attack([sanctum, _toll("{R}")], life=0).legal


def test_608_2h_kydele_one_colorless_for_each_card_drawn_this_turn() -> None:
    def legal(drawn: int, mana: str) -> bool:
        board = Board.model_validate(
            {
                "players": [{"id": "alice", "cards_drawn_this_turn": drawn}, {"id": "bob"}],
                "active_player": "alice",
                "permanents": [_card("bears", "Grizzly Bears"), _card("k", "Kydele, Chosen of Kruphix"), _toll(mana)],
            },
            context={"catalog": bundled_catalog()},
        )
        return check_attacks(board, AttackDeclaration(attacks={"bears": "bob"})).legal

    assert legal(2, "{2}")
    assert not legal(1, "{2}")


# ----- what other permanents could produce (106.7)


def test_106_7_exotic_orchard_the_rules_example() -> None:
    """106.7's example: Exotic Orchard ("{T}: Add one mana of any color that a land an opponent
    controls could produce.") makes nothing when the opponent controls no land or only Exotic
    Orchards; with a Forest of alice's and an Orchard of bob's, each Orchard could produce {G}."""
    orchard = _card("o", "Exotic Orchard")
    bobs = {"id": "o2", "card": "Exotic Orchard", "controller": "bob"}
    island = {"id": "i", "card": "Island", "controller": "bob"}
    assert not _attack([orchard, _toll("{G}")]).legal
    assert not _attack([orchard, bobs, _toll("{G}")]).legal
    assert _attack([orchard, bobs, _card("f", "Forest"), _toll("{G}{G}")]).legal
    assert _attack([orchard, island, _toll("{U}")]).legal
    assert not _attack([orchard, island, _toll("{G}")]).legal


def test_106_7_reflecting_pool_makes_colorless_too_but_not_from_another_pool() -> None:
    """Reflecting Pool: "{T}: Add one mana of any type that a land you control could produce.":
    a tapped Wastes still could produce {C} (106.7 ignores costs); two Pools alone make nothing."""
    pool = _card("pool", "Reflecting Pool")
    assert _attack([pool, _card("w", "Wastes", tapped=True), _toll("{C}")]).legal
    assert not _attack([pool, _card("pool2", "Reflecting Pool"), _toll("{C}")]).legal


def test_106_7_a_land_with_an_activation_restriction_is_warned_not_guessed() -> None:
    """Gathering Place's "Activate only if ..." ability could produce {G} or {W} whether or not it
    can be activated (106.7); the board reads it only where its condition holds, so Exotic
    Orchard beside it is warned."""
    place = {"id": "g", "card": "Gathering Place", "controller": "bob"}
    verdict = _attack([_card("o", "Exotic Orchard"), place, _toll("{C}")])
    assert any("could produce (106.7)" in w for w in verdict.warnings)


# ----- sacrificing another permanent (602.1)


def test_602_1_ashnods_altar_sacrifices_a_creature_that_isnt_attacking() -> None:
    """Ashnod's Altar: "Sacrifice a creature: Add {C}{C}.": Llanowar Elves tapped for {G} first,
    then sacrificed for {C}{C}, pays {3}; the attacking Bears can't be sacrificed (docs/design.md
    §4.2), so the Altar alone pays nothing."""
    altar, elves = _card("altar", "Ashnod's Altar"), _card("elves", "Llanowar Elves")
    paid = _attack([altar, elves, _toll("{3}")])
    assert paid.legal
    assert "sacrifice Llanowar Elves" in _payment(paid)
    assert not _attack([altar, elves, _toll("{4}")]).legal
    assert not _attack([altar, _toll("{2}")]).legal


def test_508_1j_a_creature_sacrificed_for_mana_cant_be_tapped_for_the_total() -> None:
    """Phyrexian Tower: "{T}, Sacrifice a creature: Add {B}{B}." A total asking {B} and an untapped
    creature tapped: the one creature can't be both (508.1i before 508.1j)."""
    toll = _toll("{B}{B}", tap={"filter": {"types": ["creature"]}})
    tower, elves = _card("tower", "Phyrexian Tower"), _card("elves", "Llanowar Elves")
    assert not _attack([tower, elves, toll]).legal
    assert _attack([tower, elves, _card("e2", "Llanowar Elves"), toll]).legal


def test_602_1_gilded_goose_sacrifices_a_food() -> None:
    food = {"id": "food", "name": "Food", "controller": "alice", "types": ["artifact"], "subtypes": ["Food"],
            "is_token": True}  # fmt: skip
    goose = _card("goose", "Gilded Goose")
    assert _attack([goose, food, _toll("{U}")]).legal
    assert not _attack([goose, _toll("{U}")]).legal


def test_602_1_sacrificing_a_permanent_whose_mana_ability_needs_mana_is_warned() -> None:
    """Krark-Clan Ironworks ("Sacrifice an artifact: Add {C}{C}.") beside Azorius Signet ({1},
    {T}: {W}{U}): the Signet must be activated before it is sacrificed, with mana made before it;
    that order isn't modelled, so the verdict warns."""
    verdict = _attack([_card("kci", "Krark-Clan Ironworks"), _card("sig", "Azorius Signet"), _toll("{1}")])
    assert any("sacrificing for mana (602.1)" in w for w in verdict.warnings)
    assert not _attack([_card("kci", "Krark-Clan Ironworks"), _toll("{2}")]).warnings


# ----- energy (107.14)


def _attack_with_energy(permanents: list[Json], energy: int) -> bool:
    board = Board.model_validate(
        {
            "players": [{"id": "alice", "energy": energy}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": [_card("bears", "Grizzly Bears"), *permanents],
        },
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks={"bears": "bob"})).legal


def test_107_14_aether_hub_pays_an_energy_counter_for_colored_mana() -> None:
    """Aether Hub: "{T}, Pay {E}: Add one mana of any color.": two Hubs make {R}{G} with two
    energy counters, not with one (the players' `energy`)."""
    hubs = [_card("h", "Aether Hub"), _card("h2", "Aether Hub")]
    assert _attack_with_energy([*hubs, _toll("{R}{G}")], 2)
    assert not _attack_with_energy([*hubs, _toll("{R}{G}")], 1)
    assert _attack_with_energy([*hubs, _toll("{R}{1}")], 1)
    assert not _attack_with_energy([hubs[0], _toll("{R}")], 0)


def test_602_5d_a_mana_ability_activated_only_as_a_sorcery_pays_no_cost_in_combat() -> None:
    """Grinning Ignus: "{R}, Return this creature to its owner's hand: Add {C}{C}{R}. Activate only
    as a sorcery.": a sorcery's timing is a main phase (602.5d), never the declare attackers or
    blockers step: a note, no mana ability and no warning."""
    ignus = _compiled("Grinning Ignus")
    assert not [a for a in ignus.abilities if a["kind"] == "mana"] and not ignus.all_warnings
    assert any(outcome == "noted" for _, outcome in ignus.readings)


@pytest.mark.parametrize("name", ["Metalworker", "Sacellum Godspeaker", "Meteor Crater", "Nexos"])
def test_605_1a_a_mana_ability_whose_effect_starts_otherwise_is_warned_never_dropped(name: str) -> None:
    """605.1a: "{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card
    revealed this way." is a mana ability (it could pay a cost to attack or block); one the
    vocabulary can't state is warned, as is mana spendable only "on costs that contain {X}"
    (an {X} cost to attack or block is one, 508.1h)."""
    catalog = bundled_catalog()
    assert catalog.compiled(catalog.get(name)).warnings


@pytest.mark.parametrize("name", ["Karametra's Acolyte", "Rasputin, the Oneiromancer"])
def test_605_1a_an_amount_the_vocabulary_cant_count_is_warned(name: str) -> None:
    """605.1a: "Add an amount of {G} equal to your devotion to green", "Add that much {C}": mana
    abilities, warned (never dropped) where the amount isn't stated."""
    catalog = bundled_catalog()
    assert catalog.compiled(catalog.get(name)).warnings


def test_605_1a_the_activated_abilities_of_other_permanents_are_warned() -> None:
    """605.1a: Vazal, the Compleat "has the activated abilities of all other permanents on the
    battlefield", mana abilities among them: what they are isn't read, so it is warned."""
    catalog = bundled_catalog()
    assert catalog.compiled(catalog.get("Vazal, the Compleat")).warnings


def test_605_1a_powerstone_shard_counts_the_artifacts_named_powerstone_shard_you_control() -> None:
    """605.1a, 201.2: "Add {C} for each artifact you control named Powerstone Shard"."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Powerstone Shard"))
    each = {"types": ["artifact"], "name": "Powerstone Shard", "controller": "you"}
    assert list(compiled.abilities) == [{"kind": "mana", "produces": "C", "for_each": each}]


@pytest.mark.parametrize("name", ["Celestial Dawn", "Chromatic Orrery"])
def test_508_1h_mana_spent_as_though_another_color_is_warned(name: str) -> None:
    """508.1h, 609.4b: "You may spend other mana only as though it were colorless mana" changes what
    pays a colored cost to attack or block: not read, so warned (a spell-only one, "to cast Case
    spells", is no cost to attack)."""
    catalog = bundled_catalog()
    assert any("spend" in w for w in catalog.compiled(catalog.get(name)).warnings)
    assert not any("spend" in w for w in catalog.compiled(catalog.get("Case File Auditor")).warnings)


def test_605_1a_mana_for_each_point_of_its_own_power() -> None:
    """Viridian Joiner: "{T}: Add an amount of {G} equal to this creature's power" — with two
    +1/+1 counters it makes {G}{G}{G}: one Propaganda tax of {2} paid, two ({4}) not."""

    def legal(counters: int, attackers: list[str]) -> bool:
        permanents = [
            {"id": "j", "card": "Viridian Joiner", "controller": "alice", "counters": {"+1/+1": counters}},
            {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "l", "card": "Savannah Lions", "controller": "alice"},
            {"id": "p", "card": "Propaganda", "controller": "bob"},
        ]
        return _alice_attacks_bob(permanents, attackers)

    assert legal(2, ["g"]) and not legal(2, ["g", "l"])
    assert not legal(0, ["g"])


def test_302_6_mana_abilities_of_summoning_sick_creatures_activated_as_though_they_had_haste() -> None:
    """Thousand-Year Elixir: two Llanowar Elves that came under alice's control this turn pay
    Propaganda's {2} for one attacker; without it they can't ({T} abilities need haste, 302.6).
    The same ability written out, for another player's creatures only: no help."""

    def legal(extra: list[dict[str, Any]]) -> bool:
        permanents = [
            {"id": "e1", "card": "Llanowar Elves", "controller": "alice", "summoning_sick": True},
            {"id": "e2", "card": "Llanowar Elves", "controller": "alice", "summoning_sick": True},
            {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "p", "card": "Propaganda", "controller": "bob"},
            *extra,
        ]
        return _alice_attacks_bob(permanents, ["g"])

    assert not legal([])
    assert legal([{"id": "x", "card": "Thousand-Year Elixir", "controller": "alice"}])
    theirs = {"kind": "activate_as_though_haste", "to": {"controller": "opponent"}}
    assert not legal(
        [{"id": "x", "name": "Elixir", "types": ["artifact"], "controller": "alice", "abilities": [theirs]}]
    )


def test_608_2h_mana_for_each_point_of_the_greatest_power_among_your_creatures() -> None:
    """Bighorner Rancher: "{T}: Add an amount of {G} equal to the greatest power among creatures
    you control" — with a 4/4 beside it, {G}{G}{G}{G}: two Propaganda taxes paid by the Rancher
    (which doesn't attack), three not."""

    def legal(attackers: list[str]) -> bool:
        permanents = [
            {"id": "r", "card": "Bighorner Rancher", "controller": "alice"},
            {"id": "o", "card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": 2}},
            {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "l", "card": "Savannah Lions", "controller": "alice"},
            {"id": "p", "card": "Propaganda", "controller": "bob"},
        ]
        return _alice_attacks_bob(permanents, attackers)

    assert legal(["g", "l"])
    assert not legal(["g", "l", "o"])


def _alice_attacks_bob(permanents: list[dict[str, Any]], attackers: list[str]) -> bool:
    """Whether Alice's ``attackers`` may all attack Bob on a board of ``permanents`` by card name."""
    board = Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents},
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks={a: "bob" for a in attackers})).legal


def test_605_1a_brood_astronomer_reads_twelve_charge_counters() -> None:
    """Brood Astronomer: "If you control a Planet with twelve or more charge counters on it, add
    three mana of any one color instead": number words past ten are read (the two abilities of one
    {T}, each under or unless the condition, as Urza's Tower)."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Brood Astronomer"))
    planet = {
        "players": [
            {
                "who": "you",
                "controls": {"filter": {"subtypes": ["Planet"], "counters": {"charge": {"ge": 12}}}, "at_least": 1},
            }
        ]
    }
    assert list(compiled.abilities) == [
        {"kind": "mana", "produces": "any", "amount": 1, "unless": planet},
        {"kind": "mana", "produces": "any", "amount": 3, "condition": planet},
    ]
    assert compiled.warnings == ()
