"""Real cards, by name, whose attack triggers the compiler reads (508.1m, 508.3a, 508.3d): an
intervening "if" is the trigger's condition (603.4) and a trigger whose "if" isn't read is never
counted without it; "enters or attacks" triggers on the attack; "whenever you attack" once in
all; "whenever a creature attacks you or a planeswalker you control" on the attacks at you; a
subject filter ("a white creature you control"). Also two lines read whole: a keyword line's
list of protections ("from A, from B, and from C", 702.16g) and a mana ability's restriction
("Activate only if this permanent is a creature", 602.5b, 605.1a)."""

from __future__ import annotations

from typing import Any

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog


def _times(permanents: list[dict[str, Any]], attacks: dict[str, str], holder: str) -> int:
    """How many times ``holder``'s attack trigger triggers on a legal attack (alice attacks bob)."""
    board = Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents},
        context={"catalog": bundled_catalog()},
    )
    verdict = check_attacks(board, AttackDeclaration(attacks=attacks))
    assert verdict.legal, verdict
    return sum(t.count for t in verdict.triggers if t.holder == holder and t.kind == "attack_trigger")


def _abilities(name: str) -> tuple[dict[str, Any], ...]:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name)).abilities


def test_603_4_maestros_diabolist_triggers_unless_you_control_a_devil_token() -> None:
    diabolist = {"id": "m", "card": "Maestros Diabolist", "controller": "alice"}
    devil = {"id": "d", "token": {"name": "Devil", "types": ["creature"], "subtypes": ["Devil"], "power": 1,
                                  "toughness": 1}, "controller": "alice"}  # fmt: skip
    assert _times([diabolist], {"m": "bob"}, "m") == 1
    assert _times([diabolist, devil], {"m": "bob"}, "m") == 0


def test_603_4_an_intervening_if_not_read_leaves_no_trigger_counted_without_it() -> None:
    """Karlach, Fury of Avernus's "if it's the first combat phase of the turn" (no board field says
    which combat phase it is)."""
    assert not [a for a in _abilities("Karlach, Fury of Avernus") if a["kind"] == "attack_trigger"]


def test_207_2c_pack_tactics_counts_the_attackers_total_power() -> None:
    """Battle Cry Goblin: "if you attacked with creatures with total power 6 or greater this combat"."""
    goblin = {"id": "b", "card": "Battle Cry Goblin", "controller": "alice"}
    giant = {"id": "h", "card": "Hill Giant", "controller": "alice"}
    ogre = {"id": "o", "card": "Gray Ogre", "controller": "alice"}
    assert _times([goblin, giant], {"b": "bob", "h": "bob"}, "b") == 0  # 2 + 3
    assert _times([goblin, giant, ogre], {"b": "bob", "h": "bob", "o": "bob"}, "b") == 1  # 2 + 3 + 2


def test_508_3a_kroxa_and_kunoros_enters_or_attacks() -> None:
    assert {"kind": "attack_trigger"} in _abilities("Kroxa and Kunoros")
    kroxa = {"id": "k", "card": "Kroxa and Kunoros", "controller": "alice"}
    assert _times([kroxa], {"k": "bob"}, "k") == 1


def test_508_3a_linden_counts_each_white_creature_of_yours_that_attacks() -> None:
    permanents = [
        {"id": "l", "card": "Linden, the Steadfast Queen", "controller": "alice"},
        {"id": "w", "card": "Savannah Lions", "controller": "alice"},
        {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
    ]
    assert _times(permanents, {"w": "bob", "g": "bob", "l": "bob"}, "l") == 2


def test_508_3a_isperia_triggers_on_creatures_attacking_her_controller() -> None:
    permanents = [
        {"id": "i", "card": "Isperia, Supreme Judge", "controller": "bob"},
        {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "s", "card": "Savannah Lions", "controller": "alice"},
    ]
    assert _times(permanents, {"g": "bob", "s": "bob"}, "i") == 2


def test_508_3d_whenever_you_attack_triggers_once() -> None:
    found = [a for a in _abilities("Caesar, Legion's Emperor") if a["kind"] == "attack_trigger"]
    assert found == [{"kind": "attack_trigger", "who": {"controller": "you"}, "once": True}]


def test_702_16g_every_protection_of_a_list_with_a_final_and() -> None:
    protections = [a["from"] for a in _abilities("Elite Inquisitor") if a["kind"] == "protection"]
    assert protections == [{"subtypes": ["Vampire"]}, {"subtypes": ["Werewolf"]}, {"subtypes": ["Zombie"]}]
    colors = [a["from"] for a in _abilities("Oversoul of Dusk") if a["kind"] == "protection"]
    assert colors == [{"colors": ["blue"]}, {"colors": ["black"]}, {"colors": ["red"]}]


def test_605_1a_a_mana_ability_active_only_while_a_creature_pays_an_attack_tax() -> None:
    """508.1h: Propaganda's {2}; Flywheel Racer's mana counts only while it is a creature."""
    assert {"kind": "mana", "produces": "any", "amount": 1, "condition": {"source": {"types": ["creature"]}}} in (
        _abilities("Flywheel Racer")
    )
    catalog = bundled_catalog()

    def attack(racer: dict[str, Any]) -> bool:
        permanents = [
            {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "f", "card": "Forest", "controller": "alice"},
            {"id": "p", "card": "Propaganda", "controller": "bob"},
            {"id": "r", "card": "Flywheel Racer", "controller": "alice", **racer},
        ]
        board = Board.model_validate(
            {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents},
            context={"catalog": catalog},
        )
        return check_attacks(board, AttackDeclaration(attacks={"g": "bob"})).legal

    assert not attack({})
    assert attack({"types": ["artifact", "creature"], "subtypes": ["Vehicle"], "power": 3, "toughness": 3})


def test_508_3c_whenever_you_attack_with_one_or_more_of_them_triggers_once() -> None:
    found = [a for a in _abilities("Witch-king, Sky Scourge") if a["kind"] == "attack_trigger"]
    assert found == [{"kind": "attack_trigger", "who": {"subtypes": ["Wraith"], "controller": "you"}, "once": True}]


def _warnings(name: str) -> tuple[str, ...]:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name)).warnings


def test_605_1a_508_1h_a_mana_ability_not_stated_exactly_is_warned_never_dropped() -> None:
    """Its mana could pay a cost to attack (508.1h): a cost or an amount the vocabulary can't state
    (a count the reader can't state, the mana a sacrificed land could produce) is warned. Mana spendable only on
    spells (106.6) pays no such cost: nothing to warn."""
    assert _warnings("Axebane Guardian") == (
        "Axebane Guardian: {T}: Add X mana in any combination of colors, where X is the number of creatures you"
        " control with defender.",
    )
    assert _warnings("Squandered Resources") == (
        "Squandered Resources: Sacrifice a land: Add one mana of any type the sacrificed land could produce.",
    )
    assert _warnings("Skirge Familiar") == ()
    assert _warnings("Lord of the Forsaken") == ()
    assert _warnings("Llanowar Elves") == ()


def test_302_1_a_permanent_that_is_a_creature_under_a_condition_is_read_under_it() -> None:
    """302.1, 205.1b, 613.1d: "As long as you control eight or more permanents named Phoenix Fleet
    Airship, this Vehicle is an artifact creature": a type change adding creature under that count;
    "isn't a creature unless you control three or more permanents you don't own" (Arvinox, 108.3)
    removes it unless the count holds."""
    catalog = bundled_catalog()
    eight = {"players": [{"who": "you", "controls": {"filter": {"name": "Phoenix Fleet Airship"}, "at_least": 8}}]}
    airship = catalog.compiled(catalog.get("Phoenix Fleet Airship"))
    assert {"kind": "type_change", "types": ["creature"], "condition": eight} in airship.abilities
    assert not airship.warnings
    arvinox = catalog.compiled(catalog.get("Arvinox, the Mind Flail"))
    three = {"players": [{"who": "you", "controls": {"filter": {"not": {"owner": "you"}}, "at_least": 3}}]}
    assert arvinox.abilities == ({"kind": "type_change", "not_creature": True, "unless": three},)
    assert not arvinox.warnings


def test_506_1_aurelia_triggers_only_the_first_time_she_attacks_each_turn() -> None:
    """ "Whenever Aurelia attacks for the first time each turn": not in a second combat after
    she attacked in the first (the board's `attacked_this_turn`); with only a number of earlier
    attackers, the report says it depends on whether she was one."""
    aurelia = {"id": "a", "card": "Aurelia, the Warleader", "controller": "alice"}

    def reports(earlier: Any) -> list[tuple[int, str]]:
        board = Board.model_validate(
            {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": [aurelia],
             "attacked_this_turn": earlier},
            context={"catalog": bundled_catalog()},
        )  # fmt: skip
        verdict = check_attacks(board, AttackDeclaration(attacks={"a": "bob"}))
        return [(t.count, t.note) for t in verdict.triggers if t.kind == "attack_trigger"]

    assert reports([]) == [(1, "")]
    assert reports([{"creature": "a", "target": "bob"}]) == []
    assert [count for count, note in reports(1) if "earlier combat" in note] == [1]


def test_508_3c_lulu_triggers_on_other_creatures_with_flying_only() -> None:
    """ "Whenever you attack with one or more other creatures with flying": Lulu attacking alone
    (she has flying) doesn't trigger it; another flyer does, once (603.2c)."""
    lulu = {"id": "l", "card": "Lulu, Vengeful Hollyphant", "controller": "alice"}
    angel = {"id": "s", "card": "Serra Angel", "controller": "alice"}
    assert _times([lulu, angel], {"l": "bob"}, "l") == 0
    assert _times([lulu, angel], {"l": "bob", "s": "bob"}, "l") == 1


def test_508_3a_glory_bearers_counts_each_other_creature_of_yours_that_attacks() -> None:
    """ "Whenever another creature you control attacks": not when Glory Bearers itself attacks."""
    permanents = [
        {"id": "gb", "card": "Glory Bearers", "controller": "alice"},
        {"id": "w", "card": "Savannah Lions", "controller": "alice"},
        {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
    ]
    assert _times(permanents, {"gb": "bob"}, "gb") == 0
    assert _times(permanents, {"gb": "bob", "w": "bob", "g": "bob"}, "gb") == 2


def test_603_2_when_triggers_as_whenever_does() -> None:
    """ "When this creature attacks or blocks" (Ceremonial Guard) triggers each time, as "whenever"
    does; "when enchanted creature attacks or blocks" (Cunning) on the enchanted creature."""
    assert _abilities("Ceremonial Guard") == ({"kind": "attack_trigger"}, {"kind": "block_trigger"})
    guard = {"id": "c", "card": "Ceremonial Guard", "controller": "alice"}
    assert _times([guard], {"c": "bob"}, "c") == 1
    attached = {"who": {"ids": ["$attached"]}}
    assert _abilities("Cunning") == (
        {"kind": "attack_trigger", **attached},
        {"kind": "block_trigger", **attached},
    )
    bears = {"id": "g", "card": "Grizzly Bears", "controller": "alice"}
    cunning = {"id": "cu", "card": "Cunning", "controller": "alice", "attached_to": "g"}
    assert _times([bears, cunning], {"g": "bob"}, "cu") == 1


def test_508_3a_enters_the_battlefield_or_attacks_and_a_name_of_two() -> None:
    """ "When Wingsteed Trainer enters the battlefield or attacks"; "Whenever Aang and La attack"."""
    assert {"kind": "attack_trigger"} in _abilities("Wingsteed Trainer")
    assert {"kind": "attack_trigger"} in _abilities("Aang and La, Ocean's Fury")
    trainer = {"id": "t", "card": "Wingsteed Trainer", "controller": "alice"}
    assert _times([trainer], {"t": "bob"}, "t") == 1


def test_508_3a_a_trigger_keyword_with_x_is_its_attack_trigger() -> None:
    """ "Mobilize X, where X is ..." (702.181a), "Firebending X" (702.189a), "annihilator X"
    (702.86a): "Whenever this creature attacks" whatever X is; once dropped in silence. Bushido X
    (702.45a) needs its N: warned."""
    for name in ("Avenger of the Fallen", "Firebending Student", "That Which Was Compleated", "Ulamog, the Defiler"):
        assert {"kind": "attack_trigger"} in _abilities(name), name
    shield = {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "attack_trigger"}}
    assert shield in _abilities("Infantry Shield")
    avenger = {"id": "a", "card": "Avenger of the Fallen", "controller": "alice"}
    assert _times([avenger], {"a": "bob"}, "a") == 1
    assert _warnings("Fumiko the Lowblood") == (
        "Fumiko the Lowblood: Fumiko the Lowblood has bushido X, where X is the number of attacking creatures.",
    )


def test_702_169c_a_solved_trigger_is_never_counted_without_its_case_solved() -> None:
    """ "Solved — Whenever you attack ..." triggers only if the Case is solved, which the board
    doesn't say: left out (once read as an ability word, 207.2c, and counted unsolved); a solved
    static animation stays warned (702.169b)."""
    assert not [a for a in _abilities("Case of the Market Melee") if a["kind"] == "attack_trigger"]
    assert not [a for a in _abilities("Case of the Trampled Garden") if a["kind"] == "attack_trigger"]
    assert _warnings("Case of the Gorgon's Kiss") == (
        "Case of the Gorgon's Kiss: Solved — This Case is a 4/4 Gorgon creature with deathtouch and lifelink "
        "in addition to its other types.",
    )


def test_509_3b_509_3d_blocks_or_becomes_blocked_by_a_creature_is_both_per_creature() -> None:
    """Ashmouth Hound: "Whenever this creature blocks or becomes blocked by a creature": once per
    attacker it blocks (509.3b) and once per creature blocking it (509.3d); with a quality
    (Cockatrice: "a non-Wall creature", 509.3f) both halves test it."""
    assert _abilities("Ashmouth Hound") == (
        {"kind": "blocks_creature_trigger"},
        {"kind": "blocked_by_creature_trigger"},
    )
    non_wall = {"not": {"subtypes": ["Wall"]}}
    assert {"kind": "blocks_creature_trigger", "blocked": non_wall} in _abilities("Cockatrice")
    assert {"kind": "blocked_by_creature_trigger", "by": non_wall} in _abilities("Cockatrice")
    permanents = [
        {"id": "h", "card": "Ashmouth Hound", "controller": "alice"},
        {"id": "g", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "s", "card": "Savannah Lions", "controller": "bob"},
    ]
    board = Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents,
         "combat": {"attackers": {"h": "bob"}}},
        context={"catalog": bundled_catalog()},
    )  # fmt: skip
    verdict = check_blocks(board, BlockDeclaration(blocks={"g": ["h"], "s": ["h"]}))
    assert verdict.legal, verdict
    assert sum(t.count for t in verdict.triggers if t.holder == "h" and t.kind == "blocked_by_creature_trigger") == 2


def test_508_3a_windreader_sphinx_triggers_for_each_attacker_with_flying() -> None:
    permanents = [
        {"id": "s", "card": "Windreader Sphinx", "controller": "bob"},
        {"id": "f", "card": "Wild Griffin", "controller": "alice"},
        {"id": "g", "card": "Grizzly Bears", "controller": "alice"},
    ]
    assert _times(permanents, {"f": "bob", "g": "bob"}, "s") == 1


def test_508_1m_najeela_triggers_on_any_warrior_s_attack() -> None:
    """508.1m: "Whenever a Warrior attacks" counts every attacking Warrior, whoever controls it."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Najeela, the Blade-Blossom"))
    assert {"kind": "attack_trigger", "who": {"subtypes": ["Warrior"]}} in compiled.abilities


def test_508_1m_a_quoted_attack_trigger_given_is_the_holder_s_own() -> None:
    """508.1m: White Mage's Staff's 'Equipped creature ... has "Whenever this creature attacks,
    you gain 1 life,"' gives the equipped creature an attack trigger of its own (its life gain an
    effect once it resolves, a note)."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("White Mage's Staff"))
    assert {"kind": "grant", "to": {"ids": ["$attached"]}, "ability": {"kind": "attack_trigger"}} in compiled.abilities
    assert compiled.notes


def test_603_3a_a_given_trigger_s_intervening_if_reads_its_holder_s_controller() -> None:
    """603.3a, 603.4: Nerd Rage's 'Enchanted creature has "Whenever this creature attacks, if you
    have ten or more cards in hand, ..."': the trigger is the enchanted creature's, controlled by
    its controller, so "you" is that player (alice, attacking), not Nerd Rage's controller (bob)."""
    board: list[dict[str, Any]] = [
        {"id": "bear", "card": "Grizzly Bears", "controller": "alice"},
        {"id": "rage", "card": "Nerd Rage", "controller": "bob", "attached_to": "bear"},
    ]

    def times(alice: int, bob: int) -> int:
        players = [{"id": "alice", "hand": alice}, {"id": "bob", "hand": bob}]
        found = Board.model_validate(
            {"players": players, "active_player": "alice", "permanents": board}, context={"catalog": bundled_catalog()}
        )
        verdict = check_attacks(found, AttackDeclaration(attacks={"bear": "bob"}))
        return sum(t.count for t in verdict.triggers if t.holder == "bear" and t.kind == "attack_trigger")

    assert (times(10, 0), times(0, 10)) == (1, 0)


def test_603_3a_sword_coast_sailor_gives_a_trigger_on_attacking_a_player_with_the_most_life() -> None:
    """Sword Coast Sailor: commanders you own have "Whenever this creature attacks a player, if no
    opponent has more life than that player, ..." (603.4, 802.2a: the attacked player)."""
    assert {"kind": "grant", "to": {"types": ["creature"], "commander": True, "owner": "you"}, "ability": {
        "kind": "attack_trigger", "target": {}, "condition": {"compare": [{"left": {"who": "each_opponent", "of": "life"},
        "op": "le", "right": {"who": "defending_player", "of": "life"}}]}}} in _abilities("Sword Coast Sailor")  # fmt: skip


def test_508_1m_attack_and_block_triggers_of_the_last_samples() -> None:
    """508.1m, 509.3d, 603.4: "Whenever this creature attacks while you control a creature with
    power 4 or greater" (its condition), "Whenever a creature with power 4 or greater attacks you",
    "Whenever a creature you own but don't control attacks" (108.3), an ability word with "!"
    ("Tunnel Snakes Rule! — Whenever ..."), "Whenever this creature becomes blocked by a Wall"."""
    catalog = bundled_catalog()

    def read(name: str) -> list[dict[str, Any]]:
        return list(catalog.compiled(catalog.get(name)).abilities)

    four = {
        "players": [{"who": "you", "controls": {"filter": {"power": {"ge": 4}, "types": ["creature"]}, "at_least": 1}}]
    }
    assert {"kind": "attack_trigger", "condition": four} in read("Courageous Goblin")
    assert {"kind": "attack_trigger", "who": {"power": {"ge": 4}}, "target": {"player": "you"}} in read(
        "MacCready, Lamplight Mayor"
    )
    assert {"kind": "attack_trigger", "who": {"owner": "you", "not": {"controller": "you"}}} in read(
        "Jon Irenicus, Shattered One"
    )
    assert {"kind": "attack_trigger"} in read("Butch DeLoria, Tunnel Snake")
    assert {"kind": "blocked_by_creature_trigger", "by": {"subtypes": ["Wall"]}} in read("Battering Ram")
