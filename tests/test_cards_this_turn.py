"""Real cards, by name, whose combat text reads what happened this turn or a player's cards:
spells of a kind cast (601.2i), cards drawn (121.1), life lost (119.3), creatures that died
(700.4), an opponent's graveyard and hands (404, 402). Each is a restriction (508.1c, 509.1b) or
an evasion (509.1b) switched by a player fact the board states; facts of a kind never exceed the
spells they are among (202.1, 304.1, 307.1: ``exceeds_total``)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog


def _board(
    mine: list[str], facts: dict[str, Any], *, theirs: tuple[str, ...] = (), attacking: str | None = None
) -> Board:
    permanents = [{"id": f"a{i}", "card": n, "controller": "alice"} for i, n in enumerate(mine)]
    permanents += [{"id": f"b{i}", "card": n, "controller": "bob"} for i, n in enumerate(theirs)]
    data: dict[str, Any] = {
        "players": [{"id": "alice", **facts.get("alice", {})}, {"id": "bob", **facts.get("bob", {})}],
        "active_player": "alice",
        "permanents": permanents,
    }
    if attacking is not None:
        data["combat"] = {"attackers": {attacking: "bob"}}
    return Board.model_validate(data, context={"catalog": bundled_catalog()})


def _attacks(card: str, facts: dict[str, Any]) -> bool:
    board = _board([card], facts)
    assert not board.card_warnings, board.card_warnings
    return check_attacks(board, AttackDeclaration(attacks={"a0": "bob"})).legal


def _blockable(card: str, facts: dict[str, Any], blocker: str = "Grizzly Bears") -> bool:
    board = _board([card], facts, theirs=(blocker,), attacking="a0")
    assert not board.card_warnings, board.card_warnings
    return check_blocks(board, BlockDeclaration(blocks={"b0": ("a0",)})).legal


@pytest.mark.parametrize(
    ("card", "kind"),
    [
        ("Goblin Cohort", "creature_spells_cast_this_turn"),
        ("Silburlind Snapper", "noncreature_spells_cast_this_turn"),
    ],
)
def test_508_1c_cant_attack_unless_a_spell_of_a_kind_was_cast(card: str, kind: str) -> None:
    noncreature = {"noncreature_spells_cast_this_turn": 1} if kind.startswith("non") else {}
    cast = {"alice": {"spells_cast_this_turn": 1, kind: 1, **noncreature}}
    assert _attacks(card, cast)
    assert not _attacks(card, {"alice": {"spells_cast_this_turn": 1}})  # a spell, but not of that kind
    assert not _attacks(card, {})


def test_509_1b_haunting_figment_cant_be_blocked_after_an_instant_or_sorcery() -> None:
    instant = {"spells_cast_this_turn": 1, "noncreature_spells_cast_this_turn": 1}
    assert not _blockable("Haunting Figment", {"alice": {**instant, "instant_and_sorcery_spells_cast_this_turn": 1}})
    assert _blockable("Haunting Figment", {"alice": instant})  # an artifact spell, say


def test_509_1b_illvoi_infiltrator_counts_every_spell() -> None:
    assert _blockable("Illvoi Infiltrator", {"alice": {"spells_cast_this_turn": 1}})
    assert not _blockable("Illvoi Infiltrator", {"alice": {"spells_cast_this_turn": 2}})


def test_509_1b_tome_anima_after_two_cards_drawn() -> None:
    assert _blockable("Tome Anima", {"alice": {"cards_drawn_this_turn": 1}})
    assert not _blockable("Tome Anima", {"alice": {"cards_drawn_this_turn": 2}})


def test_702_9b_essence_channeler_flies_once_you_lost_life() -> None:
    assert _blockable("Essence Channeler", {})
    assert not _blockable("Essence Channeler", {"alice": {"life_lost_this_turn": 3}})
    assert _blockable("Essence Channeler", {"alice": {"life_lost_this_turn": 3}}, blocker="Giant Spider")


def test_508_1c_bontu_attacks_once_a_creature_of_yours_died() -> None:
    assert not _attacks("Bontu the Glorified", {"bob": {"creatures_died_this_turn": 1}})
    assert _attacks("Bontu the Glorified", {"alice": {"creatures_died_this_turn": 1}})


def test_508_1c_lupine_prototype_needs_a_player_without_cards_in_hand() -> None:
    assert not _attacks("Lupine Prototype", {"alice": {"hand": 2}, "bob": {"hand": 1}})
    assert _attacks("Lupine Prototype", {"alice": {"hand": 2}, "bob": {"hand": 0}})
    assert _attacks("Lupine Prototype", {"alice": {"hand": 0}, "bob": {"hand": 3}})


def test_508_1c_relic_golem_reads_an_opponents_graveyard() -> None:
    assert not _attacks("Relic Golem", {"alice": {"graveyard": 9}, "bob": {"graveyard": 7}})
    assert _attacks("Relic Golem", {"bob": {"graveyard": 8}})


@pytest.mark.parametrize(
    ("facts", "field"),
    [
        ({"creature_spells_cast_this_turn": 1}, "creature_spells_cast_this_turn"),
        ({"spells_cast_this_turn": 2, "creature_spells_cast_this_turn": 1, "noncreature_spells_cast_this_turn": 2},
         "noncreature_spells_cast_this_turn"),
        ({"spells_cast_this_turn": 1, "instant_and_sorcery_spells_cast_this_turn": 1},
         "instant_and_sorcery_spells_cast_this_turn"),
    ],
)  # fmt: skip
def test_spells_of_a_kind_never_exceed_the_spells_they_are_among(facts: dict[str, int], field: str) -> None:
    with pytest.raises(ValidationError) as refused:
        _board([], {"alice": facts})
    assert [(e["loc"], e["type"]) for e in refused.value.errors()] == [(("players", 0, field), "exceeds_total")]


def test_702_178a_gastal_raider_has_menace_only_at_max_speed() -> None:
    """702.178a, 702.179e: "Max speed — This creature gets +1/+1 and has menace": with its
    controller's speed 4 one blocker is too few (702.111b); at speed 3 one may block."""
    assert not _blockable("Gastal Raider", {"alice": {"speed": 4}})
    assert _blockable("Gastal Raider", {"alice": {"speed": 3}})


def test_702_179e_hazoret_godseeker_attacks_only_at_max_speed() -> None:
    """702.179e-f: "can't attack or block unless you have max speed"; a player with no speed has 0."""
    assert _attacks("Hazoret, Godseeker", {"alice": {"speed": 4}})
    assert not _attacks("Hazoret, Godseeker", {})


def test_702_179_a_speed_above_4_is_refused() -> None:
    with pytest.raises(ValidationError, match="speed"):
        _board(["Grizzly Bears"], {"alice": {"speed": 5}})


def test_702_33e_pouncing_wurm_kicked_has_haste_and_attacks_the_turn_it_entered() -> None:
    """702.33d-e, 302.6: "If this creature was kicked, it enters with three +1/+1 counters on it and
    with haste": a Wurm cast kicked this turn attacks; one cast unkicked is summoning sick."""

    def attacks(kicked: bool) -> bool:
        wurm = {"id": "w", "card": "Pouncing Wurm", "controller": "alice", "summoning_sick": True, "kicked": kicked}
        data = {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": [wurm]}
        board = Board.model_validate(data, context={"catalog": bundled_catalog()})
        assert not board.card_warnings
        return check_attacks(board, AttackDeclaration(attacks={"w": "bob"})).legal

    assert attacks(True) and not attacks(False)


def test_702_95b_wingcrafter_gives_flying_to_the_creature_it_is_paired_with() -> None:
    """702.95b: "As long as this creature is paired with another creature, both creatures have
    flying": Grizzly Bears paired with Wingcrafter blocks Serra Angel (702.9b); unpaired it can't."""

    def blocks(paired: bool) -> bool:
        wing = {"id": "w", "card": "Wingcrafter", "controller": "bob", **({"paired_with": "b"} if paired else {})}
        permanents = [{"id": "s", "card": "Serra Angel", "controller": "alice"}, wing]
        permanents.append(
            {"id": "b", "card": "Grizzly Bears", "controller": "bob", **({"paired_with": "w"} if paired else {})}
        )
        data = {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents}
        board = Board.model_validate(
            {**data, "combat": {"attackers": {"s": "bob"}}}, context={"catalog": bundled_catalog()}
        )
        return check_blocks(board, BlockDeclaration(blocks={"b": ("s",)})).legal

    assert blocks(True) and not blocks(False)


@pytest.mark.parametrize(
    ("paired_with", "code"),
    [("nobody", "unknown_id"), ("s", "not_applicable"), ("w", "not_applicable"), ("b", "missing")],
)
def test_702_95b_a_pair_names_another_creature_of_the_same_controller(paired_with: str, code: str) -> None:
    """702.95b, 702.95d: a pair is two creatures of one controller, written on both (a pair written
    on the partner alone would leave the soulbond creature's "both creatures" unread)."""
    permanents = [
        {"id": "s", "card": "Serra Angel", "controller": "alice"},
        {"id": "w", "card": "Wingcrafter", "controller": "bob", "paired_with": paired_with},
        {"id": "b", "card": "Grizzly Bears", "controller": "bob"},
    ]
    data = {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents}
    with pytest.raises(ValidationError) as caught:
        Board.model_validate(data, context={"catalog": bundled_catalog()})
    error = caught.value.errors()[0]
    assert (error["loc"][-1], error["type"]) == ("paired_with", code)


def test_903_3_bloodsworn_steward_gives_haste_to_a_commander_you_control() -> None:
    """903.3, 302.6: "Commander creatures you control get +2/+2 and have haste": a summoning-sick
    commander attacks; a summoning-sick creature that isn't a commander doesn't."""

    def attacks(commander: bool) -> bool:
        steward = {"id": "s", "card": "Bloodsworn Steward", "controller": "alice"}
        bears = {"id": "b", "card": "Grizzly Bears", "controller": "alice", "summoning_sick": True}
        data = {
            "players": [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": [steward, {**bears, "commander": commander}],
        }
        board = Board.model_validate(data, context={"catalog": bundled_catalog()})
        return check_attacks(board, AttackDeclaration(attacks={"b": "bob"})).legal

    assert attacks(True) and not attacks(False)


def test_903_3_angelic_field_marshal_gives_vigilance_while_you_control_your_commander() -> None:
    """903.3: "As long as you control your commander, this creature gets +2/+2 and creatures you
    control have vigilance" (two subjects in one sentence, the condition on both): the grant holds
    while you control a commander you own (108.3); the +2/+2 is power, written on the board."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Angelic Field Marshal"))
    assert not compiled.warnings
    yours = {"players": [{"who": "you", "controls": {"filter": {"commander": True, "owner": "you"}, "at_least": 1}}]}
    assert {"kind": "grant", "to": {"controller": "you"}, "ability": {"kind": "vigilance"}, "condition": yours} in (
        compiled.abilities
    )


def test_802_2a_vantress_gargoyle_attacks_only_a_player_with_seven_cards_in_their_graveyard() -> None:
    """508.1c, 802.2a: "can't attack unless defending player has seven or more cards in their
    graveyard" is read per attack target: with two opponents it may attack the one with seven
    cards in their graveyard, not the other (an "opponent" test would let it attack both)."""
    gargoyle = {"id": "g", "card": "Vantress Gargoyle", "controller": "alice"}
    players = [{"id": "alice"}, {"id": "bob", "graveyard": 7}, {"id": "carol", "graveyard": 2}]
    data = {"players": players, "active_player": "alice", "permanents": [gargoyle]}
    board = Board.model_validate(data, context={"catalog": bundled_catalog()})
    assert check_attacks(board, AttackDeclaration(attacks={"g": "bob"})).legal
    assert not check_attacks(board, AttackDeclaration(attacks={"g": "carol"})).legal


def test_508_1h_phyrexian_marauder_costs_1_for_each_plus_one_counter_on_it_to_attack() -> None:
    """508.1h, 122.1: "can't attack unless you pay {1} for each +1/+1 counter on it": with three
    +1/+1 counters and a charge counter it costs {3} (only the +1/+1 counters count); three
    Plains pay it, two don't."""

    def attacks(lands: int) -> bool:
        marauder = {"id": "m", "card": "Phyrexian Marauder", "controller": "alice"}
        marauder["counters"] = {"+1/+1": 3, "charge": 1}
        plains = [{"id": f"p{i}", "card": "Plains", "controller": "alice"} for i in range(lands)]
        data = {
            "players": [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": [marauder, *plains],
        }
        board = Board.model_validate(data, context={"catalog": bundled_catalog()})
        assert not board.card_warnings
        return check_attacks(board, AttackDeclaration(attacks={"m": "bob"})).legal

    assert attacks(3) and not attacks(2)


def test_508_1m_skyhunter_strike_force_gives_melee_only_while_you_control_your_commander() -> None:
    """508.1m, 903.3: lieutenant's "As long as you control your commander, other creatures you
    control have melee" is a grant of an attack trigger under that condition (never dropped)."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Skyhunter Strike Force"))
    yours = {"players": [{"who": "you", "controls": {"filter": {"commander": True, "owner": "you"}, "at_least": 1}}]}
    grant = {
        "kind": "grant",
        "to": {"controller": "you", "not": {"ids": ["$self"]}, "types": ["creature"]},
        "ability": {"kind": "attack_trigger"},
    }
    assert {**grant, "condition": yours} in compiled.abilities and not compiled.warnings


def test_716_2a_barbarian_class_gives_haste_only_at_level_3() -> None:
    """716.2a, 716.2d, 302.6: "{2}{R}: Level 3 — Creatures you control have haste": a Class at
    level 3 lets a summoning-sick creature attack; at level 2 (or with no level given: 1) it can't."""

    def attacks(level: int | None) -> bool:
        barbarian = {
            "id": "c",
            "card": "Barbarian Class",
            "controller": "alice",
            **({"class_level": level} if level else {}),
        }
        bears = {"id": "b", "card": "Grizzly Bears", "controller": "alice", "summoning_sick": True}
        data = {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": [barbarian, bears]}
        board = Board.model_validate(data, context={"catalog": bundled_catalog()})
        return check_attacks(board, AttackDeclaration(attacks={"b": "bob"})).legal

    assert attacks(3) and not attacks(2) and not attacks(None)


def test_716_2_a_class_level_is_at_least_1() -> None:
    """716.2a: levels start at 1; a level 0 is refused at its field."""
    permanents = [{"id": "c", "card": "Barbarian Class", "controller": "alice", "class_level": 0}]
    data = {"players": [{"id": "alice"}], "active_player": "alice", "permanents": permanents}
    with pytest.raises(ValidationError, match="class_level"):
        Board.model_validate(data, context={"catalog": bundled_catalog()})
