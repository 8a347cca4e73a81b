"""Real cards, by name, that samples 50-55 (held out, graded once) and audits of random draws
(seeds 1717-2020) found read wrong or not read: each keyword of a keyword line read on its own
(702.1), card types set (205.1a), a special action that lifts a restriction (116.2d), a trigger
written "attacks → <modes>", a cost "Tap an untapped artifact or creature", a list of card types
whose activated abilities can't be activated (602.5), increases of activated abilities' costs
(601.2f, 605.3a), the attacked opponent's life compared with another's (802.2a)."""

from __future__ import annotations

from typing import Any

import pytest

from combat_solver import AttackDeclaration, Board, check_attacks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.model.records import Verdict


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def _attack(permanents: list[dict[str, Any]], attackers: list[str]) -> Verdict:
    board = Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents},
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks=dict.fromkeys(attackers, "bob")))


def _card(pid: str, name: str, controller: str = "alice", **more: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **more}


def test_702_1_each_keyword_of_a_line_is_read_on_its_own() -> None:
    """Emrakul, the World Anew's "Flying, protection from spells and from permanents that were cast
    this turn": flying is read (702.9b), the protection no filter states is warned alone; backup
    repeated on one line is a note for each (702.165a), never a warning."""
    emrakul = _compiled("Emrakul, the World Anew")
    assert emrakul.abilities == ({"kind": "flying"},)
    assert [w.split(": ", 1)[1] for w in emrakul.warnings] == [
        "protection from spells and from permanents that were cast this turn"
    ]
    captain = _compiled("Conclave Sledge-Captain")
    assert not captain.warnings and len(captain.notes) == 3


def test_116_2d_a_special_action_that_lifts_a_restriction_is_warned() -> None:
    """Lost in Thought: "Its controller may exile three cards from their graveyard for that player
    to ignore this effect until end of turn": whether they did is no fact of the board, so the
    sentence warns beside the restrictions read (508.1c, 509.1b); Leonin Arbiter's, about
    searching libraries, bears on nothing."""
    thought = _compiled("Lost in Thought")
    assert {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "cant_attack"}} in thought.abilities
    assert any("ignore this effect" in w for w in thought.warnings)
    assert not _compiled("Leonin Arbiter").warnings


def test_508_1m_catch_of_the_day_triggers_whichever_mode_it_chose() -> None:
    """"Whenever this creature attacks → Scry 2; goad ...; or tap ...": the mode is what it does."""
    assert {"kind": "attack_trigger"} in _compiled("Catch of the Day").abilities


def test_702_3b_woolly_razorback_has_defender_while_it_has_an_ice_counter() -> None:
    """"As long as this creature has an ice counter on it, prevent all combat damage it would deal
    and it has defender": the damage prevented bears on no declaration; the defender does (508.1c)."""
    assert not _attack([_card("boar", "Woolly Razorback", counters={"ice": 1})], ["boar"]).legal
    assert _attack([_card("boar", "Woolly Razorback")], ["boar"]).legal


def test_605_1a_citanul_stalwart_taps_an_artifact_or_a_creature() -> None:
    assert {
        "kind": "mana",
        "cost": {"tap": {"filter": {"any_of": [{"types": ["artifact"]}, {"types": ["creature"]}]}}},
        "produces": "any",
        "amount": 1,
    } in _compiled("Citanul Stalwart").abilities


def test_602_5_clarion_conqueror_stops_the_mana_abilities_of_creatures() -> None:
    """"Activated abilities of artifacts, creatures, and planeswalkers can't be activated": Llanowar
    Elves make no mana for Propaganda's {2} (605.1a, 508.1h)."""
    board = [_card("pr", "Propaganda", "bob"), _card("e1", "Llanowar Elves"), _card("e2", "Llanowar Elves"),
             _card("bear", "Grizzly Bears")]  # fmt: skip
    assert _attack(board, ["bear"]).legal
    assert not _attack([*board, _card("cc", "Clarion Conqueror", "bob")], ["bear"]).legal


@pytest.mark.parametrize("name", ["Oppressive Rays", "Gloom", "Skyseer's Chariot"])
def test_601_2f_an_increase_of_activated_abilities_costs_is_warned(name: str) -> None:
    """It reaches mana abilities (605.3a), whose cost then pays an attack or block cost otherwise."""
    assert any("more to activate" in w for w in _compiled(name).warnings)


def test_603_4_breena_compares_the_attacked_opponents_life_with_another_opponents() -> None:
    compare = {"left": {"who": "defending_player", "of": "life"}, "op": "gt", "right": {"who": "opponent", "of": "life"}}
    assert {"kind": "attack_trigger", "who": {}, "once": True, "target": {"player": "opponent"},
            "condition": {"compare": [compare]}} in _compiled("Breena, the Demagogue").abilities  # fmt: skip


def test_603_4_a_condition_names_a_permanent_by_a_cards_name() -> None:
    """Brave Falconhawk: "Whenever this creature attacks, if you control a Contested Game Ball": a
    card's name no noun reads (201.2); Must Be Knights' "an Enchanting Tale", which no card is named
    (a bonus sheet's label), stays a note: its trigger isn't counted without its condition."""
    named = {"players": [{"who": "you", "controls": {"filter": {"name": "Contested Game Ball"}, "at_least": 1}}]}
    assert {"kind": "attack_trigger", "condition": named} in _compiled("Brave Falconhawk").abilities
    assert not any(a["kind"] == "attack_trigger" for a in _compiled("Must Be Knights").abilities)


def test_605_1a_natures_embrace_gives_its_mana_ability_only_to_a_land() -> None:
    """"As long as enchanted permanent is a land, it has "{T}: Add two mana of any one color."": the
    condition on the enchanted permanent's card type (as Careful Cultivation's creature)."""
    given = {"kind": "mana", "produces": "any", "amount": 2, "condition": {"source": {"types": ["land"]}}}
    assert {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": given} in _compiled("Nature's Embrace").abilities


def test_106_6_battery_bearers_mana_pays_a_cost_that_is_no_spell() -> None:
    """"Creatures you control have "{T}: Add {C}. This mana can't be spent to cast a nonartifact
    spell."": an attack tax is no spell, so two of them pay Ghostly Prison's {2} for a third (508.1h)."""
    board = [_card("gp", "Ghostly Prison", "bob"), _card("bb", "Battery Bearer"), _card("b1", "Grizzly Bears"),
             _card("b2", "Grizzly Bears")]  # fmt: skip
    assert _attack(board, ["b2"]).legal
    assert not _attack(board[:1] + board[2:], ["b2"]).legal
