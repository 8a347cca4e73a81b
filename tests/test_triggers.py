"""Triggered abilities on attackers and blockers being declared: what triggers, and how many times.

Every expected answer below was derived by hand from the Comprehensive Rules text
(Comprehensive Rules, September 25, 2026 edition: 508.1k-m, 508.3f, 509.1g-i, 509.2a, 509.3a-g and the 509.3f Example,
603.2c, 607.2h, 701.43d, 702.22h, 702.23a-c, 702.25a-b, 702.45a-b, 702.154a-b), never by running
the engine. Card names and wordings are the cards' Oracle text where a real card has them;
the docstring of each helper quotes the text the test relies on. A creature described as
"a test creature" has the quoted ability and nothing else worth noting.

How counts are read (603.2c: one trigger event with several occurrences triggers once per
occurrence; 509.3a-e say which trigger conditions are one event and which are many):

* "whenever X blocks" / "becomes blocked" / "attacks and isn't blocked" / "one or more ... attack"
  -> one report with ``count == 1``;
* "whenever X blocks a creature" -> once per attacking creature it blocks (509.3b);
* "whenever X becomes blocked by a creature" -> once per blocker (509.3d);
* "whenever a creature you control attacks" -> once per attacking creature (603.2c);
* each instance of rampage, flanking or bushido triggers separately (702.23c, 702.25b, 702.45b):
  one report per instance.

Conventions: "alice" is the active (attacking) player; "bob" defends. A board with ``combat`` is
at the declare blockers step, without it at the declare attackers step.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from asserts import (
    A,
    B,
    C,
    K,
    argivian_cavalier,
    assert_legal,
    attack,
    aura,
    bears,
    benalish_hero,
    block,
    creature,
    glorybringer,
    make_board,
    militia_rallier,
    palace_guard,
    permanent,
    planeswalker,
    serra_angel,
    soldier,
)

from combat_solver import BlockDeclaration, Board, Verdict, check_blocks, load_scenario
from combat_solver.cli import main
from combat_solver.model.records import TriggerReport


# ----------------------------------------------------------------------------- helpers
def reports(v: Verdict, holder: str | None, kind: str) -> list[TriggerReport]:
    """The trigger reports of abilities of ``holder`` of this kind (one per ability instance)."""
    return [t for t in v.triggers if t.holder == holder and t.kind == kind]


def one(v: Verdict, holder: str | None, kind: str) -> TriggerReport:
    found = reports(v, holder, kind)
    assert len(found) == 1, (holder, kind, v.triggers)
    return found[0]


def times(v: Verdict, holder: str | None, kind: str) -> int:
    """How many times abilities of ``holder`` of this kind trigger in all."""
    return sum(t.count for t in reports(v, holder, kind))


def assert_triggered(
    v: Verdict,
    holder: str,
    kind: str,
    count: int,
    *,
    rule: str | None = None,
    objects: tuple[str, ...] | set[str] | None = None,
    note: str | None = None,
) -> None:
    """The one ability of ``kind`` of ``holder`` triggers ``count`` times, and where given: citing ``rule``,
    for ``objects`` (a tuple: in that order; a set: in any order), with ``note``."""
    t = one(v, holder, kind)
    assert t.count == count
    if rule is not None:
        assert t.rule == rule
    if objects is not None:
        assert (t.objects if isinstance(objects, tuple) else set(t.objects)) == objects
    if note is not None:
        assert t.note == note


def watching_enchantment(controller: str, trigger: dict[str, Any]) -> dict[str, Any]:
    """A test enchantment with the triggered ability ``trigger``."""
    return permanent("watch", "Test Enchantment", controller, ["enchantment"], trigger)


# ----------------------------------------------------------------------------- cards
def guardian(id: str = "guardian", controller: str = B) -> dict[str, Any]:
    """Guardian of the Gateless: "Flying. This creature can block any number of creatures. Whenever this
    creature blocks, it gets +1/+1 until end of turn for each creature it's blocking." """
    return creature(
        id,
        "Guardian of the Gateless",
        controller,
        3,
        3,
        K("flying"),
        K("block_any_number"),
        K("block_trigger"),
        colors=["white"],
        subtypes=["Angel"],
    )


def wall_of_dust(id: str = "wall", controller: str = B, *extra: dict[str, Any]) -> dict[str, Any]:
    """Wall of Dust: 1/4, "Defender. Whenever this creature blocks a creature, that creature can't attack
    during its controller's next turn." """
    return creature(
        id,
        "Wall of Dust",
        controller,
        1,
        4,
        K("defender"),
        K("blocks_creature_trigger"),
        *extra,
        colors=["red"],
        subtypes=["Wall"],
    )


def entangler_on(target: str, id: str = "entangler", controller: str = B) -> dict[str, Any]:
    """Entangler (Aura): "Enchanted creature can block any number of creatures." """
    return aura(id, "Entangler", controller, target, K("block_any_number"))


def gustcloak_runner(id: str = "runner", controller: str = A) -> dict[str, Any]:
    """Gustcloak Runner: 1/1, "Whenever this creature becomes blocked, you may untap it and remove it from
    combat." """
    return creature(
        id,
        "Gustcloak Runner",
        controller,
        1,
        1,
        K("becomes_blocked_trigger"),
        colors=["white"],
        subtypes=["Human", "Soldier"],
    )


def blocked_by_creature(id: str, controller: str = A, **params: Any) -> dict[str, Any]:
    """A test creature: "Whenever this creature becomes blocked by a creature [with ``by``], ..." """
    return creature(id, "Test Creature", controller, 3, 3, K("blocked_by_creature_trigger", **params))


def blocked_by_at_least(id: str, n: int, controller: str = A) -> dict[str, Any]:
    """A test creature: "Whenever this creature becomes blocked by ``n`` or more creatures, ..." """
    return creature(id, "Test Creature", controller, 5, 5, K("becomes_blocked_trigger", by_at_least=n))


def unblocked_attacker(id: str = "sneak", controller: str = A) -> dict[str, Any]:
    """A test creature: "Whenever this creature attacks and isn't blocked, ..." """
    return creature(id, "Test Creature", controller, 2, 2, K("unblocked_trigger"))


def craw_giant(id: str = "giant", controller: str = A, *extra: dict[str, Any]) -> dict[str, Any]:
    """Craw Giant: 6/4, "Trample. Rampage 2." """
    return creature(id, "Craw Giant", controller, 6, 4, K("rampage", n=2), *extra, colors=["green"], subtypes=["Giant"])


def suqata_lancer(id: str = "lancer", controller: str = A) -> dict[str, Any]:
    """Suq'Ata Lancer: 2/2, "Haste. Flanking." """
    return creature(
        id, "Suq'Ata Lancer", controller, 2, 2, K("haste"), K("flanking"), colors=["red"], subtypes=["Human", "Knight"]
    )


def cavalry_master(id: str = "master", controller: str = A) -> dict[str, Any]:
    """Cavalry Master: 3/3, "Flanking. Other creatures you control with flanking have flanking." """
    return creature(
        id,
        "Cavalry Master",
        controller,
        3,
        3,
        K("flanking"),
        K("grant", to={"controller": "you", "has": ["flanking"], "not": {"ids": [id]}}, ability=K("flanking")),
        colors=["white"],
        subtypes=["Human", "Knight"],
    )


def devoted_retainer(id: str = "retainer", controller: str = A, n: int = 1) -> dict[str, Any]:
    """Devoted Retainer: 1/1, "Bushido 1." (``n`` other than 1: a test creature with bushido n)."""
    return creature(
        id, "Devoted Retainer", controller, 1, 1, K("bushido", n=n), colors=["white"], subtypes=["Human", "Samurai"]
    )


def brutal_hordechief(id: str = "chief", controller: str = A) -> dict[str, Any]:
    """Brutal Hordechief: 3/3, "Whenever a creature you control attacks, defending player loses 1 life and
    you gain 1 life." """
    return creature(
        id,
        "Brutal Hordechief",
        controller,
        3,
        3,
        K("attack_trigger", who={"controller": "you", "types": ["creature"]}),
        colors=["black"],
        subtypes=["Orc", "Warrior"],
    )


def raging_river(id: str = "river", controller: str = A) -> dict[str, Any]:
    """Raging River (Enchantment): "Whenever one or more creatures you control attack, ..." """
    return permanent(
        id,
        "Raging River",
        controller,
        ["enchantment"],
        K("attack_trigger", who={"controller": "you", "types": ["creature"]}, once=True),
    )


# ============================================================ 509.3a "whenever X blocks"
def test_509_3a_blocks_triggers_once_even_when_blocking_two_creatures() -> None:
    board = make_board([bears("a1"), bears("a2"), guardian()], attackers={"a1": B, "a2": B})
    v = assert_legal(block(board, {"guardian": ("a1", "a2")}))
    assert_triggered(v, "guardian", "block_trigger", 1, rule="509.3a", objects=("guardian",))


def test_509_3a_blocks_triggers_once_when_blocking_three_creatures() -> None:
    board = make_board([bears("a1"), bears("a2"), bears("a3"), guardian()], attackers={"a1": B, "a2": B, "a3": B})
    v = assert_legal(block(board, {"guardian": ("a1", "a2", "a3")}))
    assert times(v, "guardian", "block_trigger") == 1


def test_509_3a_blocks_doesnt_trigger_when_not_blocking() -> None:
    board = make_board([bears("a1"), guardian(), palace_guard()], attackers={"a1": B})
    v = assert_legal(block(board, {"pguard": "a1"}))
    assert reports(v, "guardian", "block_trigger") == []


def test_509_3a_a_creature_you_control_blocks_once_per_blocking_creature() -> None:
    """A test enchantment: "Whenever a creature you control blocks, ..." Two blockers, one of them
    blocking two attackers: two blocking creatures, so it triggers twice (603.2c), not three times."""
    watcher = watching_enchantment(B, K("block_trigger", who={"controller": "you", "types": ["creature"]}))
    board = make_board(
        [bears("a1"), bears("a2"), palace_guard(), bears("b1", B), watcher], attackers={"a1": B, "a2": B}
    )
    v = assert_legal(block(board, {"pguard": ("a1", "a2"), "b1": "a1"}))
    assert_triggered(v, "watch", "block_trigger", 2, objects={"pguard", "b1"})


def test_509_3a_a_creature_you_control_blocks_not_for_opponents_creatures() -> None:
    """The attacking player's "whenever a creature you control blocks" doesn't trigger on bob's blocks."""
    watcher = watching_enchantment(A, K("block_trigger", who={"controller": "you", "types": ["creature"]}))
    board = make_board([bears("a1"), bears("b1", B), watcher], attackers={"a1": B})
    v = assert_legal(block(board, {"b1": "a1"}))
    assert reports(v, "watch", "block_trigger") == []


# ============================================================ 509.3b "whenever X blocks a creature"
def test_509_3b_blocks_a_creature_once_per_attacker_blocked() -> None:
    """Wall of Dust enchanted with Entangler blocks three attackers: three triggers."""
    board = make_board(
        [bears("a1"), bears("a2"), bears("a3"), wall_of_dust(), entangler_on("wall")],
        attackers={"a1": B, "a2": B, "a3": B},
    )
    v = assert_legal(block(board, {"wall": ("a1", "a2", "a3")}))
    assert_triggered(v, "wall", "blocks_creature_trigger", 3, rule="509.3b", objects={"a1", "a2", "a3"})


def test_509_3b_blocks_a_creature_once_when_blocking_one() -> None:
    board = make_board([bears("a1"), bears("a2"), wall_of_dust(), entangler_on("wall")], attackers={"a1": B, "a2": B})
    v = assert_legal(block(board, {"wall": "a2"}))
    assert_triggered(v, "wall", "blocks_creature_trigger", 1, objects=("a2",))


def test_509_3b_blocks_a_creature_doesnt_trigger_without_blocking() -> None:
    board = make_board([bears("a1"), wall_of_dust(), bears("b1", B)], attackers={"a1": B})
    v = assert_legal(block(board, {"b1": "a1"}))
    assert reports(v, "wall", "blocks_creature_trigger") == []


def test_509_3a_and_509_3b_side_by_side() -> None:
    """Guardian of the Gateless (509.3a) and an Entangled Wall of Dust (509.3b) each block both attackers:
    the Guardian's ability triggers once, the Wall's twice."""
    board = make_board(
        [bears("a1"), bears("a2"), guardian(), wall_of_dust(), entangler_on("wall")], attackers={"a1": B, "a2": B}
    )
    v = assert_legal(block(board, {"guardian": ("a1", "a2"), "wall": ("a1", "a2")}))
    assert times(v, "guardian", "block_trigger") == 1
    assert times(v, "wall", "blocks_creature_trigger") == 2


# ============================================================ 509.3c "whenever X becomes blocked"
def test_509_3c_becomes_blocked_once_with_several_blockers() -> None:
    board = make_board([gustcloak_runner(), bears("b1", B), bears("b2", B), bears("b3", B)], attackers={"runner": B})
    v = assert_legal(block(board, {"b1": "runner", "b2": "runner", "b3": "runner"}))
    assert_triggered(v, "runner", "becomes_blocked_trigger", 1, rule="509.3c", objects={"b1", "b2", "b3"})


def test_509_3c_becomes_blocked_once_with_one_blocker() -> None:
    board = make_board([gustcloak_runner(), bears("b1", B)], attackers={"runner": B})
    v = assert_legal(block(board, {"b1": "runner"}))
    assert_triggered(v, "runner", "becomes_blocked_trigger", 1)


def test_509_3c_becomes_blocked_doesnt_trigger_unblocked() -> None:
    board = make_board([gustcloak_runner(), bears("a1"), bears("b1", B)], attackers={"runner": B, "a1": B})
    v = assert_legal(block(board, {"b1": "a1"}))
    assert reports(v, "runner", "becomes_blocked_trigger") == []


def test_509_3c_two_attackers_blocked_by_one_blocker_each_trigger_once() -> None:
    """Palace Guard blocks two Gustcloak Runners: each Runner becomes blocked, each ability triggers once."""
    board = make_board([gustcloak_runner("r1"), gustcloak_runner("r2"), palace_guard()], attackers={"r1": B, "r2": B})
    v = assert_legal(block(board, {"pguard": ("r1", "r2")}))
    assert_triggered(v, "r1", "becomes_blocked_trigger", 1)
    assert_triggered(v, "r2", "becomes_blocked_trigger", 1)
    assert one(v, "r1", "becomes_blocked_trigger").objects == ("pguard",)


# ============================================================ 509.3d "becomes blocked by a creature"
def test_509_3d_becomes_blocked_by_a_creature_once_per_blocker() -> None:
    board = make_board([blocked_by_creature("x"), bears("b1", B), bears("b2", B), bears("b3", B)], attackers={"x": B})
    v = assert_legal(block(board, {"b1": "x", "b2": "x", "b3": "x"}))
    assert_triggered(v, "x", "blocked_by_creature_trigger", 3, rule="509.3d", objects={"b1", "b2", "b3"})


def test_509_3d_one_blocker_once() -> None:
    board = make_board([blocked_by_creature("x"), bears("b1", B), bears("b2", B)], attackers={"x": B})
    v = assert_legal(block(board, {"b2": "x"}))
    assert_triggered(v, "x", "blocked_by_creature_trigger", 1, objects=("b2",))


def test_509_3d_blocker_of_two_attackers_counts_once_for_each() -> None:
    """Palace Guard blocks two attackers with "becomes blocked by a creature"; a Bear also blocks the first.
    First attacker: two blockers, two triggers; second: one."""
    board = make_board(
        [blocked_by_creature("x1"), blocked_by_creature("x2"), palace_guard(), bears("b1", B)],
        attackers={"x1": B, "x2": B},
    )
    v = assert_legal(block(board, {"pguard": ("x1", "x2"), "b1": "x1"}))
    assert times(v, "x1", "blocked_by_creature_trigger") == 2
    assert times(v, "x2", "blocked_by_creature_trigger") == 1


def test_509_3c_and_509_3d_on_the_same_attacker() -> None:
    """Two blockers: "becomes blocked" once, "becomes blocked by a creature" twice."""
    x = creature("x", "Test Creature", A, 3, 3, K("becomes_blocked_trigger"), K("blocked_by_creature_trigger"))
    board = make_board([x, bears("b1", B), bears("b2", B)], attackers={"x": B})
    v = assert_legal(block(board, {"b1": "x", "b2": "x"}))
    assert times(v, "x", "becomes_blocked_trigger") == 1
    assert times(v, "x", "blocked_by_creature_trigger") == 2


# ============================================================ 509.3e "blocked by N or more"
def test_509_3e_blocked_by_two_or_more_triggers_with_two() -> None:
    board = make_board([blocked_by_at_least("x", 2), bears("b1", B), bears("b2", B)], attackers={"x": B})
    v = assert_legal(block(board, {"b1": "x", "b2": "x"}))
    assert_triggered(v, "x", "becomes_blocked_trigger", 1, rule="509.3e")


def test_509_3e_blocked_by_two_or_more_not_with_one() -> None:
    board = make_board([blocked_by_at_least("x", 2), bears("b1", B), bears("b2", B)], attackers={"x": B})
    v = assert_legal(block(board, {"b1": "x"}))
    assert reports(v, "x", "becomes_blocked_trigger") == []


def test_509_3e_blocked_by_three_or_more_not_with_two_but_with_three_and_four() -> None:
    perms = [blocked_by_at_least("x", 3), *(bears(f"b{i}", B) for i in range(1, 5))]
    board = make_board(perms, attackers={"x": B})
    v2 = assert_legal(block(board, {"b1": "x", "b2": "x"}))
    assert reports(v2, "x", "becomes_blocked_trigger") == []
    v3 = assert_legal(block(board, {"b1": "x", "b2": "x", "b3": "x"}))
    assert times(v3, "x", "becomes_blocked_trigger") == 1
    v4 = assert_legal(block(board, {"b1": "x", "b2": "x", "b3": "x", "b4": "x"}))
    assert times(v4, "x", "becomes_blocked_trigger") == 1


def test_509_3e_a_blocker_of_several_counts_for_each_attacker() -> None:
    """Palace Guard and a Bear block two "blocked by two or more" attackers; the Guard blocks both, the Bear
    only the first: the first has two blockers (triggers), the second one (doesn't)."""
    board = make_board(
        [blocked_by_at_least("x1", 2), blocked_by_at_least("x2", 2), palace_guard(), bears("b1", B)],
        attackers={"x1": B, "x2": B},
    )
    v = assert_legal(block(board, {"pguard": ("x1", "x2"), "b1": "x1"}))
    assert times(v, "x1", "becomes_blocked_trigger") == 1
    assert reports(v, "x2", "becomes_blocked_trigger") == []


# ============================================================ 509.3f characteristics at declaration
def white_blocked_trigger(id: str = "x") -> dict[str, Any]:
    """509.3f Example: a test creature with "Whenever this creature becomes blocked by a white creature,
    destroy that creature at end of combat." """
    return blocked_by_creature(id, by={"colors": ["white"]})


def test_509_3f_example_black_blocker_doesnt_trigger() -> None:
    black = creature("black", "Test Black Creature", B, 2, 2, colors=["black"])
    board = make_board([white_blocked_trigger(), black], attackers={"x": B})
    v = assert_legal(block(board, {"black": "x"}))
    assert reports(v, "x", "blocked_by_creature_trigger") == []


def test_509_3f_example_white_blocker_triggers() -> None:
    white = creature("white", "Test White Creature", B, 2, 2, colors=["white"])
    board = make_board([white_blocked_trigger(), white], attackers={"x": B})
    v = assert_legal(block(board, {"white": "x"}))
    assert_triggered(v, "x", "blocked_by_creature_trigger", 1, rule="509.3f", objects=("white",))


def test_509_3f_example_only_white_blockers_count() -> None:
    """A white, a black and a white-black blocker: the white and the white-black one are white (2 triggers)."""
    perms = [
        white_blocked_trigger(),
        creature("w", "Test White Creature", B, 2, 2, colors=["white"]),
        creature("k", "Test Black Creature", B, 2, 2, colors=["black"]),
        creature("wk", "Test White-Black Creature", B, 2, 2, colors=["white", "black"]),
    ]
    board = make_board(perms, attackers={"x": B})
    v = assert_legal(block(board, {"w": "x", "k": "x", "wk": "x"}))
    assert_triggered(v, "x", "blocked_by_creature_trigger", 2, objects={"w", "wk"})


def test_509_3f_creature_with_characteristic_blocks() -> None:
    """509.3f first sentence: a test enchantment "Whenever a white creature you control blocks": the white
    Palace Guard blocking triggers it, the green Bear blocking doesn't."""
    watcher = watching_enchantment(B, K("block_trigger", who={"controller": "you", "colors": ["white"]}))
    board = make_board(
        [bears("a1"), bears("a2"), palace_guard(), bears("b1", B), watcher], attackers={"a1": B, "a2": B}
    )
    v = assert_legal(block(board, {"pguard": "a1", "b1": "a2"}))
    assert_triggered(v, "watch", "block_trigger", 1, objects=("pguard",))
    v2 = assert_legal(block(board, {"b1": "a2"}))
    assert reports(v2, "watch", "block_trigger") == []


# ============================================================ 509.3g "attacks and isn't blocked"
def test_509_3g_unblocked_triggers_with_no_blockers() -> None:
    board = make_board([unblocked_attacker(), bears("b1", B)], attackers={"sneak": B})
    v = assert_legal(block(board, {}))
    assert_triggered(v, "sneak", "unblocked_trigger", 1, rule="509.3g", objects=("sneak",))


def test_509_3g_unblocked_doesnt_trigger_with_one_blocker() -> None:
    board = make_board([unblocked_attacker(), bears("b1", B)], attackers={"sneak": B})
    v = assert_legal(block(board, {"b1": "sneak"}))
    assert reports(v, "sneak", "unblocked_trigger") == []


def test_509_3g_unblocked_when_blockers_block_another_attacker() -> None:
    board = make_board([unblocked_attacker(), bears("a1"), bears("b1", B)], attackers={"sneak": B, "a1": B})
    v = assert_legal(block(board, {"b1": "a1"}))
    assert_triggered(v, "sneak", "unblocked_trigger", 1)


def test_509_3g_nonattacking_creature_doesnt_trigger() -> None:
    board = make_board([unblocked_attacker(), bears("a1"), bears("b1", B)], attackers={"a1": B})
    v = assert_legal(block(board, {}))
    assert reports(v, "sneak", "unblocked_trigger") == []


def test_508_3f_unblocked_trigger_not_in_declare_attackers_step() -> None:
    """508.3f: "attacks and isn't blocked" triggers in the declare blockers step, not when attacking."""
    board = make_board([unblocked_attacker()])
    v = assert_legal(attack(board, {"sneak": B}))
    assert reports(v, "sneak", "unblocked_trigger") == []


def test_509_3g_two_unblocked_attackers_each_once() -> None:
    board = make_board(
        [unblocked_attacker("s1"), unblocked_attacker("s2"), bears("b1", B)], attackers={"s1": B, "s2": B}
    )
    v = assert_legal(block(board, {}))
    assert times(v, "s1", "unblocked_trigger") == 1
    assert times(v, "s2", "unblocked_trigger") == 1


# ============================================================ attack triggers (508.1m, 603.2c)
def test_508_1m_whenever_a_creature_you_control_attacks_once_per_attacker() -> None:
    """Brutal Hordechief and two Bears attack: three creatures attack, three triggers (603.2c)."""
    board = make_board([brutal_hordechief(), bears("a1"), bears("a2")])
    v = assert_legal(attack(board, {"chief": B, "a1": B, "a2": B}))
    assert_triggered(v, "chief", "attack_trigger", 3, rule="508.1m", objects={"chief", "a1", "a2"})


def test_508_1m_whenever_a_creature_you_control_attacks_holder_staying_home() -> None:
    """Hordechief doesn't attack; the two Bears do: two triggers."""
    board = make_board([brutal_hordechief(), bears("a1"), bears("a2")])
    v = assert_legal(attack(board, {"a1": B, "a2": B}))
    assert_triggered(v, "chief", "attack_trigger", 2, objects={"a1", "a2"})


def test_508_1m_opponents_hordechief_doesnt_trigger_on_my_attack() -> None:
    board = make_board([brutal_hordechief("chief", B), bears("a1")])
    v = assert_legal(attack(board, {"a1": B}))
    assert reports(v, "chief", "attack_trigger") == []


def test_603_2c_one_or_more_creatures_attack_once() -> None:
    """Raging River: "Whenever one or more creatures you control attack": three attackers, one trigger."""
    board = make_board([raging_river(), bears("a1"), bears("a2"), bears("a3")])
    v = assert_legal(attack(board, {"a1": B, "a2": B, "a3": B}))
    assert_triggered(v, "river", "attack_trigger", 1, objects={"a1", "a2", "a3"})


def test_603_2c_one_or_more_vs_each_side_by_side() -> None:
    board = make_board([raging_river(), brutal_hordechief(), bears("a1"), bears("a2")])
    v = assert_legal(attack(board, {"a1": B, "a2": B}))
    assert times(v, "river", "attack_trigger") == 1
    assert times(v, "chief", "attack_trigger") == 2


def test_603_2c_no_attack_no_trigger() -> None:
    board = make_board([raging_river(), brutal_hordechief(), bears("a1")])
    v = assert_legal(attack(board, {}))
    assert reports(v, "river", "attack_trigger") == []
    assert reports(v, "chief", "attack_trigger") == []


def test_508_1m_whenever_this_creature_attacks() -> None:
    board = make_board([militia_rallier(), bears("a1")])
    v = assert_legal(attack(board, {"rallier": B, "a1": B}))
    assert_triggered(v, "rallier", "attack_trigger", 1, objects=("rallier",))
    v2 = assert_legal(attack(board, {"a1": B}))
    assert reports(v2, "rallier", "attack_trigger") == []


def attacks_planeswalker(id: str = "x") -> dict[str, Any]:
    """A test creature: "Whenever this creature attacks a planeswalker, ..." """
    return creature(
        id, "Test Creature", A, 3, 3, K("attack_trigger", target={"include_player": False, "planeswalkers": True})
    )


def attacks_player(id: str = "y") -> dict[str, Any]:
    """A test creature: "Whenever this creature attacks a player, ..." """
    return creature(id, "Test Creature", A, 3, 3, K("attack_trigger", target={}))


def test_508_1m_attacks_a_planeswalker_triggers_on_planeswalker() -> None:
    board = make_board([attacks_planeswalker(), planeswalker()])
    v = assert_legal(attack(board, {"x": "pw"}))
    assert_triggered(v, "x", "attack_trigger", 1, objects=("x",))


def test_508_1m_attacks_a_planeswalker_not_on_player() -> None:
    board = make_board([attacks_planeswalker(), planeswalker()])
    v = assert_legal(attack(board, {"x": B}))
    assert reports(v, "x", "attack_trigger") == []


def test_508_1m_attacks_a_player_on_player_not_on_planeswalker() -> None:
    board = make_board([attacks_player(), planeswalker()])
    v = assert_legal(attack(board, {"y": B}))
    assert_triggered(v, "y", "attack_trigger", 1)
    v2 = assert_legal(attack(board, {"y": "pw"}))
    assert reports(v2, "y", "attack_trigger") == []


def test_508_1m_a_creature_you_control_attacks_a_player_counts_only_those() -> None:
    """A test enchantment: "Whenever a creature you control attacks a player": two Bears attack bob, one
    attacks bob's planeswalker: two triggers."""
    watcher = watching_enchantment(A, K("attack_trigger", who={"controller": "you", "types": ["creature"]}, target={}))
    board = make_board([watcher, bears("a1"), bears("a2"), bears("a3"), planeswalker()])
    v = assert_legal(attack(board, {"a1": B, "a2": B, "a3": "pw"}))
    assert_triggered(v, "watch", "attack_trigger", 2, objects={"a1", "a2"})


def test_508_1m_one_or_more_attack_a_planeswalker_once() -> None:
    watcher = watching_enchantment(
        A,
        K(
            "attack_trigger",
            who={"controller": "you", "types": ["creature"]},
            once=True,
            target={"include_player": False, "planeswalkers": True},
        ),
    )
    board = make_board([watcher, bears("a1"), bears("a2"), bears("a3"), planeswalker()])
    v = assert_legal(attack(board, {"a1": "pw", "a2": "pw", "a3": B}))
    assert_triggered(v, "watch", "attack_trigger", 1, objects={"a1", "a2"})
    v2 = assert_legal(attack(board, {"a3": B}))
    assert reports(v2, "watch", "attack_trigger") == []


def test_508_1m_a_creature_attacks_you_counts_only_attackers_of_you() -> None:
    """Three players. bob's test enchantment: "Whenever a creature attacks you or a planeswalker you
    control, ...". alice attacks bob with two Bears, bob's planeswalker with one, carol with one: three
    triggers, all for bob's ability; nothing for carol's creatures of alice's."""
    watcher = watching_enchantment(
        B, K("attack_trigger", who={"types": ["creature"]}, target={"player": "you", "planeswalkers": True})
    )
    perms = [watcher, bears("a1"), bears("a2"), bears("a3"), bears("a4"), planeswalker("pw", B)]
    board = make_board(perms, players=(A, B, C))
    v = assert_legal(attack(board, {"a1": B, "a2": B, "a3": "pw", "a4": C}))
    assert_triggered(v, "watch", "attack_trigger", 3, objects={"a1", "a2", "a3"})


def test_509_1i_attack_triggers_dont_trigger_again_on_blocks() -> None:
    """508.1m vs 509.1i: at the declare blockers step, "whenever this creature attacks" doesn't trigger."""
    board = make_board([militia_rallier(), brutal_hordechief(), bears("b1", B)], attackers={"rallier": B, "chief": B})
    v = assert_legal(block(board, {"b1": "rallier"}))
    assert [t for t in v.triggers if t.kind == "attack_trigger"] == []


# ============================================================ rampage (702.23)
def test_702_23a_rampage_bonus_for_each_blocker_beyond_the_first() -> None:
    """Craw Giant (rampage 2) blocked by three creatures: one trigger, +4/+4 (2 x (3 - 1))."""
    board = make_board([craw_giant(), bears("b1", B), bears("b2", B), bears("b3", B)], attackers={"giant": B})
    v = assert_legal(block(board, {"b1": "giant", "b2": "giant", "b3": "giant"}))
    assert_triggered(v, "giant", "rampage", 1, rule="702.23a", note="+4/+4")


def test_702_23a_rampage_one_blocker_triggers_with_no_bonus() -> None:
    """Rampage is a "becomes blocked" trigger (509.3c): it triggers with one blocker; the bonus is +0/+0."""
    board = make_board([craw_giant(), bears("b1", B)], attackers={"giant": B})
    v = assert_legal(block(board, {"b1": "giant"}))
    assert_triggered(v, "giant", "rampage", 1, note="+0/+0")


def test_702_23a_rampage_two_blockers() -> None:
    board = make_board([craw_giant(), bears("b1", B), palace_guard()], attackers={"giant": B})
    v = assert_legal(block(board, {"b1": "giant", "pguard": "giant"}))
    assert one(v, "giant", "rampage").note == "+2/+2"


def test_702_23a_rampage_unblocked_doesnt_trigger() -> None:
    board = make_board([craw_giant(), bears("b1", B)], attackers={"giant": B})
    v = assert_legal(block(board, {}))
    assert reports(v, "giant", "rampage") == []


def test_702_23c_two_rampage_instances_trigger_separately() -> None:
    """A Craw Giant that also has rampage 1: two instances, two triggers; blocked by three:
    +4/+4 and +2/+2."""
    board = make_board(
        [craw_giant("giant", A, K("rampage", n=1)), bears("b1", B), bears("b2", B), bears("b3", B)],
        attackers={"giant": B},
    )
    v = assert_legal(block(board, {"b1": "giant", "b2": "giant", "b3": "giant"}))
    found = reports(v, "giant", "rampage")
    assert len(found) == 2
    assert all(t.count == 1 for t in found)
    assert sorted(t.note for t in found) == ["+2/+2", "+4/+4"]


# ============================================================ flanking (702.25)
def test_702_25a_flanking_once_per_blocker_without_flanking() -> None:
    board = make_board([suqata_lancer(), bears("b1", B), bears("b2", B)], attackers={"lancer": B})
    v = assert_legal(block(board, {"b1": "lancer", "b2": "lancer"}))
    assert_triggered(v, "lancer", "flanking", 2, rule="702.25a", objects={"b1", "b2"})


def test_702_25a_flanking_blocker_doesnt_trigger_it() -> None:
    """A Suq'Ata Lancer of bob's (it has flanking) and a Bear block alice's Lancer: only the Bear counts."""
    board = make_board([suqata_lancer(), suqata_lancer("blancer", B), bears("b1", B)], attackers={"lancer": B})
    v = assert_legal(block(board, {"blancer": "lancer", "b1": "lancer"}))
    assert_triggered(v, "lancer", "flanking", 1, objects=("b1",))


def test_702_25a_only_flanking_blocker_no_trigger() -> None:
    board = make_board([suqata_lancer(), suqata_lancer("blancer", B)], attackers={"lancer": B})
    v = assert_legal(block(board, {"blancer": "lancer"}))
    assert reports(v, "lancer", "flanking") == []


def test_702_25a_flanking_on_blocker_does_nothing_when_blocking() -> None:
    """Flanking triggers on this creature becoming blocked, not on it blocking."""
    board = make_board([bears("a1"), suqata_lancer("blancer", B)], attackers={"a1": B})
    v = assert_legal(block(board, {"blancer": "a1"}))
    assert reports(v, "blancer", "flanking") == []


def test_702_25b_two_instances_trigger_separately() -> None:
    """Cavalry Master gives alice's Suq'Ata Lancer a second flanking. Two Bears block the Lancer: each
    instance triggers twice, four triggers in all (each Bear gets -2/-2)."""
    board = make_board(
        [suqata_lancer(), cavalry_master(), bears("b1", B), bears("b2", B)], attackers={"lancer": B, "master": B}
    )
    v = assert_legal(block(board, {"b1": "lancer", "b2": "lancer"}))
    found = reports(v, "lancer", "flanking")
    assert len(found) == 2
    assert [t.count for t in found] == [2, 2]
    assert times(v, "lancer", "flanking") == 4
    # Cavalry Master has only its own flanking ("other creatures") and isn't blocked
    assert reports(v, "master", "flanking") == []


def test_702_25b_two_instances_one_flanking_blocker() -> None:
    """Same, but one blocker has flanking: each instance triggers once, for the Bear only."""
    board = make_board(
        [suqata_lancer(), cavalry_master(), suqata_lancer("blancer", B), bears("b1", B)],
        attackers={"lancer": B, "master": B},
    )
    v = assert_legal(block(board, {"blancer": "lancer", "b1": "lancer"}))
    found = reports(v, "lancer", "flanking")
    assert len(found) == 2
    assert all(t.count == 1 and t.objects == ("b1",) for t in found)


# ============================================================ bushido (702.45)
def test_702_45a_bushido_when_blocking() -> None:
    board = make_board([bears("a1"), devoted_retainer("retainer", B)], attackers={"a1": B})
    v = assert_legal(block(board, {"retainer": "a1"}))
    assert_triggered(v, "retainer", "bushido", 1, rule="702.45a", note="+1/+1")


def test_702_45a_bushido_when_blocked_by_two_once() -> None:
    board = make_board([devoted_retainer(), bears("b1", B), bears("b2", B)], attackers={"retainer": B})
    v = assert_legal(block(board, {"b1": "retainer", "b2": "retainer"}))
    assert_triggered(v, "retainer", "bushido", 1, note="+1/+1")


def test_702_45a_bushido_blocking_two_creatures_once() -> None:
    """A bushido 2 test creature enchanted with Entangler blocks two attackers: "blocks" triggers once."""
    board = make_board(
        [bears("a1"), bears("a2"), devoted_retainer("samurai", B, n=2), entangler_on("samurai")],
        attackers={"a1": B, "a2": B},
    )
    v = assert_legal(block(board, {"samurai": ("a1", "a2")}))
    assert_triggered(v, "samurai", "bushido", 1, note="+2/+2")


def test_702_45a_bushido_unblocked_or_not_blocking_doesnt_trigger() -> None:
    board = make_board(
        [devoted_retainer(), devoted_retainer("bret", B), bears("a1"), bears("b1", B)],
        attackers={"retainer": B, "a1": B},
    )
    v = assert_legal(block(board, {"b1": "a1"}))
    assert reports(v, "retainer", "bushido") == []
    assert reports(v, "bret", "bushido") == []


def test_702_45b_two_bushido_instances_trigger_separately() -> None:
    samurai = creature("samurai", "Test Samurai", A, 2, 2, K("bushido", n=1), K("bushido", n=2))
    board = make_board([samurai, bears("b1", B)], attackers={"samurai": B})
    v = assert_legal(block(board, {"b1": "samurai"}))
    found = reports(v, "samurai", "bushido")
    assert len(found) == 2
    assert sorted(t.note for t in found) == ["+1/+1", "+2/+2"]


# ============================================================ exert / enlist linked triggers (607.2h)
def test_607_2h_exert_linked_trigger_when_exerted() -> None:
    board = make_board([glorybringer()])
    v = assert_legal(attack(board, {"glory": B}, exert=("glory",)))
    assert_triggered(v, "glory", "exert_linked_trigger", 1, rule="607.2h", objects=("glory",))


def test_607_2h_exert_linked_trigger_not_without_exerting() -> None:
    board = make_board([glorybringer()])
    v = assert_legal(attack(board, {"glory": B}))
    assert reports(v, "glory", "exert_linked_trigger") == []


def test_607_2h_exert_only_the_exerted_one_triggers() -> None:
    board = make_board([glorybringer("g1"), glorybringer("g2")])
    v = assert_legal(attack(board, {"g1": B, "g2": B}, exert=("g2",)))
    assert reports(v, "g1", "exert_linked_trigger") == []
    assert_triggered(v, "g2", "exert_linked_trigger", 1)


def test_702_154b_enlist_linked_trigger() -> None:
    """Argivian Cavalier enlists a 1/1 Soldier: "When you do, this creature gets +X/+0", X = 1."""
    board = make_board([argivian_cavalier(), soldier()])
    v = assert_legal(attack(board, {"cavalier": B}, enlist={"cavalier": "soldier"}))
    assert_triggered(v, "cavalier", "enlist_linked_trigger", 1, rule="702.154b", objects=("soldier",), note="+1/+0")


def test_702_154b_enlist_bonus_is_enlisted_creatures_power() -> None:
    board = make_board([argivian_cavalier(), bears("b3", power=3)])
    v = assert_legal(attack(board, {"cavalier": B}, enlist={"cavalier": "b3"}))
    assert one(v, "cavalier", "enlist_linked_trigger").note == "+3/+0"


def test_702_154b_no_enlist_no_trigger() -> None:
    board = make_board([argivian_cavalier(), soldier()])
    v = assert_legal(attack(board, {"cavalier": B}))
    assert reports(v, "cavalier", "enlist_linked_trigger") == []


# ============================================================ banding (702.22h)
def band_board(*extra: dict[str, Any], members: Iterable[dict[str, Any]] = ()) -> Board:
    """Benalish Hero (banding) bands with a Gustcloak Runner ("becomes blocked"), both attacking bob."""
    perms = [benalish_hero(), gustcloak_runner(), *members, *extra]
    return make_board(perms, attackers={"hero": B, "runner": B}, bands=[("hero", "runner")])


def test_702_22h_blocker_of_one_member_blocks_the_band_and_runner_becomes_blocked() -> None:
    v = assert_legal(block(band_board(bears("b1", B)), {"b1": "hero"}))
    assert_triggered(v, "runner", "becomes_blocked_trigger", 1, objects=("b1",))
    assert v.combat is not None
    assert set(v.combat.blockers["b1"]) == {"hero", "runner"}
    assert set(v.combat.blocked) == {"hero", "runner"}
    assert v.combat.unblocked == ()


def test_702_22h_each_members_becomes_blocked_triggers() -> None:
    """Two test creatures with banding and "whenever this creature becomes blocked" attack as a band (two
    Gustcloak Runners couldn't: at most one member may lack banding, 702.22c). A Bear blocks one: both
    become blocked (702.22h), each ability triggers once (509.3c)."""
    m1 = creature("m1", "Test Bander", A, 1, 1, K("banding"), K("becomes_blocked_trigger"))
    m2 = creature("m2", "Test Bander", A, 1, 1, K("banding"), K("becomes_blocked_trigger"))
    board = make_board([m1, m2, bears("b1", B)], attackers={"m1": B, "m2": B}, bands=[("m1", "m2")])
    v = assert_legal(block(board, {"b1": "m2"}))
    assert_triggered(v, "m1", "becomes_blocked_trigger", 1)
    assert_triggered(v, "m2", "becomes_blocked_trigger", 1)


def test_702_22h_blocks_a_creature_counts_every_band_member() -> None:
    """Wall of Dust declared as a blocker of the Hero also blocks the Runner (702.22h): it blocks two
    attacking creatures, so "blocks a creature" triggers twice (509.3b)."""
    v = assert_legal(block(band_board(wall_of_dust()), {"wall": "hero"}))
    assert_triggered(v, "wall", "blocks_creature_trigger", 2, objects={"hero", "runner"})


def test_702_22h_blocker_declared_for_both_members_blocks_each_once() -> None:
    """An Entangled Wall of Dust declared as a blocker of both band members blocks two attacking creatures,
    not four: "blocks a creature" twice; the Runner is blocked by one creature."""
    v = assert_legal(block(band_board(wall_of_dust(), entangler_on("wall")), {"wall": ("hero", "runner")}))
    assert times(v, "wall", "blocks_creature_trigger") == 2
    assert one(v, "runner", "becomes_blocked_trigger").objects == ("wall",)
    assert v.combat is not None
    assert sorted(v.combat.blockers["wall"]) == ["hero", "runner"]


def test_702_22h_blocked_by_a_creature_declared_for_both_members_once() -> None:
    """A blocker declared for both members of the band is one creature blocking the test creature:
    "becomes blocked by a creature" triggers once (509.3d), not twice."""
    x = blocked_by_creature("x")
    board = make_board([benalish_hero(), x, palace_guard()], attackers={"hero": B, "x": B}, bands=[("hero", "x")])
    v = assert_legal(block(board, {"pguard": ("hero", "x")}))
    assert times(v, "x", "blocked_by_creature_trigger") == 1


def test_702_22h_blocks_trigger_once_for_band() -> None:
    """Guardian of the Gateless blocking a band member: "whenever this creature blocks" once."""
    v = assert_legal(block(band_board(guardian()), {"guardian": "hero"}))
    assert times(v, "guardian", "block_trigger") == 1


def test_702_22h_two_blockers_of_different_members_block_each() -> None:
    """A band of a Hero and a "becomes blocked by a creature" test creature; one Bear blocks each member.
    Each member is blocked by both Bears: the ability triggers twice."""
    x = blocked_by_creature("x")
    board = make_board(
        [benalish_hero(), x, bears("b1", B), bears("b2", B)], attackers={"hero": B, "x": B}, bands=[("hero", "x")]
    )
    v = assert_legal(block(board, {"b1": "hero", "b2": "x"}))
    assert_triggered(v, "x", "blocked_by_creature_trigger", 2, objects={"b1", "b2"})
    assert v.combat is not None
    assert set(v.combat.blockers["b1"]) == {"hero", "x"}
    assert set(v.combat.blockers["b2"]) == {"hero", "x"}


def test_702_22h_rampage_band_member_counts_blockers_of_the_band() -> None:
    """Craw Giant bands with a Benalish Hero; two Bears block the Hero. Both block the Giant too:
    rampage 2 gives +2/+2."""
    board = make_board(
        [benalish_hero(), craw_giant(), bears("b1", B), bears("b2", B)],
        attackers={"hero": B, "giant": B},
        bands=[("hero", "giant")],
    )
    v = assert_legal(block(board, {"b1": "hero", "b2": "hero"}))
    assert_triggered(v, "giant", "rampage", 1, note="+2/+2")


def test_702_22h_unblocked_trigger_not_for_band_member_of_blocked() -> None:
    """The band member nobody declared as a blocker for is still blocked (702.22h): no 509.3g trigger."""
    sneak = creature("sneak", "Test Creature", A, 2, 2, K("unblocked_trigger"))
    board = make_board(
        [benalish_hero(), sneak, bears("b1", B)], attackers={"hero": B, "sneak": B}, bands=[("hero", "sneak")]
    )
    v = assert_legal(block(board, {"b1": "hero"}))
    assert reports(v, "sneak", "unblocked_trigger") == []


def test_702_22h_flanking_band_member() -> None:
    """Suq'Ata Lancer bands with a Benalish Hero; a Bear blocks the Hero and so the Lancer: flanking once."""
    board = make_board(
        [benalish_hero(), suqata_lancer(), bears("b1", B)],
        attackers={"hero": B, "lancer": B},
        bands=[("hero", "lancer")],
    )
    v = assert_legal(block(board, {"b1": "hero"}))
    assert_triggered(v, "lancer", "flanking", 1, objects=("b1",))


# ============================================================ combat state (508.1k, 509.1g-h)
def test_508_1k_attack_state_and_tapped_with_vigilance() -> None:
    """508.1f: attackers tap, except Serra Angel (vigilance, 702.20b); no blocks yet."""
    board = make_board([serra_angel(), bears("a1"), bears("a2"), planeswalker()])
    v = assert_legal(attack(board, {"serra": B, "a1": "pw", "a2": B}))
    assert v.combat is not None
    assert v.combat.attackers == {"a1": "pw", "a2": B, "serra": B}
    assert v.combat.blockers == {}
    assert v.combat.blocked == ()
    assert v.combat.unblocked == ()
    assert set(v.tapped) == {"a1", "a2"}


def test_508_1k_attack_state_with_band_and_enlist() -> None:
    board = make_board([benalish_hero(), bears("a1"), argivian_cavalier(), soldier()])
    v = assert_legal(
        attack(board, {"hero": B, "a1": B, "cavalier": B}, bands=(("hero", "a1"),), enlist={"cavalier": "soldier"})
    )
    assert v.combat is not None
    assert v.combat.bands == (("a1", "hero"),)
    assert set(v.combat.attackers) == {"hero", "a1", "cavalier"}
    # 508.1f attackers tap; 702.154a the enlisted Soldier taps as the cost is paid
    assert set(v.tapped) == {"hero", "a1", "cavalier", "soldier"}


def test_509_1g_h_block_state() -> None:
    """Palace Guard blocks a1 and a2, a Bear blocks a2; a3 is unblocked."""
    board = make_board(
        [bears("a1"), bears("a2"), bears("a3"), palace_guard(), bears("b1", B)], attackers={"a1": B, "a2": B, "a3": B}
    )
    v = assert_legal(block(board, {"pguard": ("a1", "a2"), "b1": "a2"}))
    c = v.combat
    assert c is not None
    assert c.attackers == {"a1": B, "a2": B, "a3": B}
    assert {k: set(x) for k, x in c.blockers.items()} == {"pguard": {"a1", "a2"}, "b1": {"a2"}}
    assert set(c.blocked) == {"a1", "a2"}
    assert c.unblocked == ("a3",)


def test_509_1h_no_blocks_all_unblocked() -> None:
    board = make_board([bears("a1"), bears("a2"), bears("b1", B)], attackers={"a1": B, "a2": B})
    v = assert_legal(block(board, {}))
    assert v.combat is not None
    assert v.combat.blockers == {}
    assert v.combat.blocked == ()
    assert set(v.combat.unblocked) == {"a1", "a2"}


def test_509_1h_block_step_taps_nothing() -> None:
    board = make_board([bears("a1"), bears("b1", B)], attackers={"a1": B})
    v = assert_legal(block(board, {"b1": "a1"}))
    assert v.tapped == ()


# ============================================================ illegal declarations report nothing
def test_illegal_block_has_no_triggers_and_no_combat() -> None:
    """A Bear can't block Glorybringer (flying, 702.9b): illegal, so nothing triggers though Wall of Dust's
    and Guardian's abilities would have."""
    board = make_board(
        [glorybringer(), bears("a1"), bears("b1", B), guardian(), wall_of_dust()], attackers={"glory": B, "a1": B}
    )
    v = block(board, {"b1": "glory", "guardian": ("glory", "a1"), "wall": "a1"})
    assert v.status == "illegal"
    assert v.triggers == ()
    assert v.combat is None


def test_illegal_attack_has_no_triggers_and_no_combat() -> None:
    """Wall of Dust has defender (702.3b): it can't attack; Hordechief would have triggered."""
    board = make_board([brutal_hordechief(), wall_of_dust("wall", A), glorybringer()])
    v = attack(board, {"chief": B, "wall": B}, exert=("glory",))
    assert v.status == "illegal"
    assert v.triggers == ()
    assert v.combat is None


def test_illegal_exert_of_nonattacker_has_no_triggers() -> None:
    board = make_board([glorybringer(), bears("a1")])
    v = attack(board, {"a1": B}, exert=("glory",))
    assert v.status == "illegal"
    assert v.triggers == ()
    assert v.combat is None


# ============================================================ CLI
def _scenario_file(tmp_path: Path) -> Path:
    data = {
        "board": {
            "players": [{"id": A}, {"id": B}],
            "active_player": A,
            "permanents": [
                craw_giant(),
                bears("a1"),
                guardian(),
                palace_guard(),
            ],
            "combat": {"attackers": {"giant": B, "a1": B}},
        },
        "declaration": {"kind": "block", "blocks": {"guardian": ["giant", "a1"], "pguard": ["giant"]}},
    }
    path = tmp_path / "triggers.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_cli_json_verdict_has_triggers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Guardian blocks the Giant and the Bear, Palace Guard the Giant: Guardian's 509.3a trigger once,
    rampage 2 once with +2/+2."""
    assert main(["check", str(_scenario_file(tmp_path)), "--format", "json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["status"] == "legal"
    assert "triggers" in verdict
    got = {(t["holder"], t["kind"]): t for t in verdict["triggers"]}
    assert got[("guardian", "block_trigger")]["count"] == 1
    assert got[("giant", "rampage")]["count"] == 1
    assert got[("giant", "rampage")]["note"] == "+2/+2"
    assert len(verdict["triggers"]) == 2
    assert set(verdict["combat"]["blocked"]) == {"giant", "a1"}


def test_cli_text_lists_triggers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(_scenario_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("LEGAL")
    assert "Triggers (509.1i)" in out
    assert "Guardian of the Gateless: block trigger triggers once" in out
    assert "Craw Giant: rampage triggers once" in out


# ============================================================ the example board
def test_example_guardian_flanking_rampage_six_triggers() -> None:
    """examples/triggers-counting-guardian-gateless-flanking-rampage.yaml, counted by hand in its notes:
    Guardian 509.3a once; Sidar Kondo's two flanking instances once each; Cavalry Master's flanking twice;
    Craw Giant's rampage 2 once, +2/+2. Six in all."""
    path = (
        Path(__file__).resolve().parent.parent
        / "examples"
        / "triggers-counting-guardian-gateless-flanking-rampage.yaml"
    )
    scenario = load_scenario(path)
    assert isinstance(scenario.declaration, BlockDeclaration)
    v = check_blocks(scenario.board, scenario.declaration)
    assert_legal(v)
    assert times(v, "guardian", "block_trigger") == 1
    kondo = reports(v, "kondo", "flanking")
    assert len(kondo) == 2 and all(t.count == 1 and t.objects == ("guardian",) for t in kondo)
    master = one(v, "master", "flanking")
    assert master.count == 2 and set(master.objects) == {"guardian", "pguard"}
    rampage = one(v, "giant", "rampage")
    assert rampage.count == 1 and rampage.note == "+2/+2"
    assert sum(t.count for t in v.triggers) == 6
    assert v.combat is not None
    assert set(v.combat.blocked) == {"kondo", "master", "giant"}
    assert v.combat.unblocked == ()
