"""Real cards, by name, that the fourth labelled sample (tests/cards/random_sample_4.yaml, held
out and graded once) found read wrong or not read: a corrupted attack trigger's intervening "if"
(603.4, 122.1f), a card whose name is plural ("Whenever Raph & Mikey attack", 508.1m), dethrone
(702.105a: it triggers only on an attack on a player with the most life), an Aura's static "gains haste" (604.1, 702.10b), protection from planeswalkers (702.16b), a condition
on a keyword the source has ("as long as it has defender"), and a counter level graded alike
with the same abilities under a counter condition (122.1)."""

from __future__ import annotations

from typing import Any

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.accuracy import SampleCard, as_conditions, grade_card
from combat_solver.cards.catalog import bundled_catalog


def _board(permanents: list[dict[str, Any]], players: list[dict[str, Any]] | None = None, **extra: Any) -> Board:
    return Board.model_validate(
        {
            "players": players or [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": permanents,
            **extra,
        },
        context={"catalog": bundled_catalog()},
    )


def _triggers(board: Board, attacks: dict[str, str], holder: str) -> int:
    verdict = check_attacks(board, AttackDeclaration(attacks=attacks))
    assert verdict.legal, verdict
    return sum(t.count for t in verdict.triggers if t.holder == holder and t.kind == "attack_trigger")


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def test_603_4_122_1f_incisor_gliders_corrupted_trigger_needs_an_opponent_with_three_poison() -> None:
    glider = {"id": "g", "card": "Incisor Glider", "controller": "alice"}
    poisoned = _board([glider], [{"id": "alice"}, {"id": "bob", "poison": 3}])
    clean = _board([glider], [{"id": "alice"}, {"id": "bob", "poison": 2}])
    assert _triggers(poisoned, {"g": "bob"}, "g") == 1
    assert _triggers(clean, {"g": "bob"}, "g") == 0
    assert not _compiled("Incisor Glider").all_warnings


def test_508_1m_a_plural_name_attacks_raph_and_mikey() -> None:
    raph = {"id": "r", "card": "Raph & Mikey, Troublemakers", "controller": "alice"}
    assert _triggers(_board([raph]), {"r": "bob"}, "r") == 1


def test_702_105a_dethrone_triggers_only_on_an_attack_on_a_player_with_the_most_life() -> None:
    """Park Heights Maverick (dethrone): it triggers attacking bob (20 life, tied with alice),
    not carol (15), nor a planeswalker of bob's; never counted whoever it attacks."""
    maverick = {"id": "m", "card": "Park Heights Maverick", "controller": "alice"}
    walker = {"id": "pw", "name": "Walker", "types": ["planeswalker"], "controller": "bob"}
    players = [{"id": "alice"}, {"id": "bob"}, {"id": "carol", "life": 15}]
    board = _board([maverick, walker], players)
    assert _triggers(board, {"m": "bob"}, "m") == 1
    assert _triggers(board, {"m": "carol"}, "m") == 0
    assert _triggers(board, {"m": "pw"}, "m") == 0
    assert {"kind": "attack_trigger", "most_life": True} in _compiled("Treasonous Ogre").abilities


def test_604_1_702_10b_an_auras_static_gains_haste_lets_a_summoning_sick_creature_attack() -> None:
    """Taught by Surrak: "Enchanted creature gets +2/+2 and gains haste" is a static ability of
    the Aura (no trigger, no duration), not a one-shot effect."""
    permanents = [
        {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "summoning_sick": True},
        {"id": "aura", "card": "Taught by Surrak", "controller": "alice", "attached_to": "bears"},
    ]
    assert check_attacks(_board(permanents), AttackDeclaration(attacks={"bears": "bob"})).legal
    assert not check_attacks(_board(permanents[:1]), AttackDeclaration(attacks={"bears": "bob"})).legal


def test_702_16b_protection_from_planeswalkers_stops_an_animated_planeswalker_blocking() -> None:
    """Sparkhunter Masticore can't be blocked by a planeswalker that is a creature (Gideon
    animated: both types); a creature that is no planeswalker may block it."""
    masticore = {"id": "m", "card": "Sparkhunter Masticore", "controller": "alice"}
    gideon = {"id": "gid", "name": "Gideon", "types": ["planeswalker", "creature"], "controller": "bob",
              "power": 5, "toughness": 5}  # fmt: skip
    bears = {"id": "bears", "card": "Grizzly Bears", "controller": "bob"}
    board = _board([masticore, gideon, bears], combat={"attackers": {"m": "bob"}})
    assert not check_blocks(board, BlockDeclaration(blocks={"gid": ("m",)})).legal
    assert check_blocks(board, BlockDeclaration(blocks={"bears": ("m",)})).legal


def test_702_3b_manor_gargoyles_indestructible_while_it_has_defender_means_nothing_for_combat() -> None:
    """The sentence is read whole (its condition: the keyword it has) and gives no combat
    ability, so it is no warning; its defender still keeps it from attacking (702.3b)."""
    compiled = _compiled("Manor Gargoyle")
    assert [a["kind"] for a in compiled.abilities] == ["defender"] and not compiled.all_warnings
    gargoyle = {"id": "g", "card": "Manor Gargoyle", "controller": "alice"}
    assert not check_attacks(_board([gargoyle]), AttackDeclaration(attacks={"g": "bob"})).legal


def test_122_1_a_counter_level_grades_alike_with_its_abilities_under_a_counter_condition() -> None:
    """Faithbound Judge: "As long as this creature has three or more judgment counters on it, it
    can attack as though it didn't have defender", labelled as a level or as a condition."""
    level = {"counter": "judgment", "at_least": 3, "abilities": [{"kind": "attack_despite_defender"}]}
    condition = {"source": {"counters": {"judgment": {"ge": 3}}}}
    assert as_conditions(level) == [{"kind": "attack_despite_defender", "condition": condition}]
    assert as_conditions({**level, "power": 4, "toughness": 4}) is None
    keywords = [{"kind": "defender"}, {"kind": "flying"}, {"kind": "vigilance"}]
    for label in (
        {"abilities": keywords, "levels": [level]},
        {"abilities": [*keywords, {"kind": "attack_despite_defender", "condition": condition}]},
    ):
        card = SampleCard("Faithbound Judge", "text", label["abilities"], tuple(label.get("levels", ())))
        assert grade_card(bundled_catalog(), card).grade == "exact"
    judge = {"id": "j", "card": "Faithbound Judge", "controller": "alice"}
    assert not check_attacks(_board([judge]), AttackDeclaration(attacks={"j": "bob"})).legal
    charged = {**judge, "counters": {"judgment": 3}}
    assert check_attacks(_board([charged]), AttackDeclaration(attacks={"j": "bob"})).legal
