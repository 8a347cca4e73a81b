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
