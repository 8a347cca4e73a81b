"""Permanents by card name: catalog fields, state on top (122.1 counters, 301.5/303.4 attachments),
tokens, hand-written abilities, warnings on verdicts, and the `card`/`cards`/`--cards` commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from asserts import make_board
from pydantic import ValidationError

from combat_solver import Board, InputError, check_attacks, check_blocks, parse_scenario
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cli import main
from combat_solver.io.render import render_text
from combat_solver.model.declarations import AttackDeclaration, BlockDeclaration

ROOT = Path(__file__).resolve().parent.parent


def kinds(b: Board, pid: str) -> list[str]:
    return [a.kind for a in b.permanent(pid).abilities]


def test_a_card_fills_name_types_colors_stats_and_abilities() -> None:
    p = make_board([{"id": "j", "card": "Juggernaut", "controller": "alice"}]).permanent("j")
    assert (p.name, p.types, p.subtypes, p.colors, p.power, p.toughness) == (
        "Juggernaut",
        ("artifact", "creature"),
        ("Juggernaut",),
        (),
        5,
        3,
    )
    assert [a.kind for a in p.abilities] == ["must_attack", "cant_be_blocked_by"]


def test_fields_on_the_permanent_win_and_power_is_the_current_value() -> None:
    """Written power/toughness are current values: +1/+1 counters don't add to them (122.1a)."""
    p = make_board(
        [{"id": "b", "card": "Grizzly Bears", "controller": "alice", "power": 5, "counters": {"+1/+1": 2}}]
    ).permanent("b")
    assert (p.power, p.toughness) == (5, 4)


def test_counters_change_printed_stats_and_keyword_counters_add_abilities() -> None:
    """122.1a: +1/+1 and -1/-1 counters; 122.1b: a flying counter gives flying."""
    b = make_board(
        [
            {
                "id": "b",
                "card": "Grizzly Bears",
                "controller": "alice",
                "counters": {"+1/+1": 3, "-1/-1": 1, "flying": 1, "charge": 2},
            }
        ]
    )
    p = b.permanent("b")
    assert (p.power, p.toughness) == (4, 4)
    assert kinds(b, "b") == ["flying"]


def test_level_counters_station_and_unleash_choose_what_the_card_has() -> None:
    """711.2a-b: level boxes set base P/T and abilities; 702.184: a Spacecraft is an artifact
    creature at its station threshold; 702.98a: unleashed, it can't block with a +1/+1 counter."""
    b = make_board(
        [
            {"id": "low", "card": "Kargan Dragonlord", "controller": "alice", "counters": {"level": 3}},
            {"id": "mid", "card": "Kargan Dragonlord", "controller": "alice", "counters": {"level": 5}},
            {"id": "ship", "card": "Exploration Broodship", "controller": "alice", "counters": {"charge": 8}},
            {"id": "dock", "card": "Exploration Broodship", "controller": "alice"},
            {"id": "thug", "card": "Splatter Thug", "controller": "alice", "counters": {"+1/+1": 1}},
        ]
    )
    low, mid, ship, dock, thug = (b.permanent(i) for i in ("low", "mid", "ship", "dock", "thug"))
    assert (low.power, kinds(b, "low")) == (2, [])
    assert (mid.power, mid.toughness, kinds(b, "mid")) == (4, 4, ["flying"])
    assert (ship.is_creature, ship.power, kinds(b, "ship")) == (True, 4, ["flying"])
    assert (dock.is_creature, kinds(b, "dock")) == (False, [])
    assert (thug.power, kinds(b, "thug")) == (3, ["cant_block"])
    walker = make_board(
        [
            {"id": "up", "card": "Lightwalker", "controller": "alice", "counters": {"+1/+1": 1}},
            {"id": "down", "card": "Lightwalker", "controller": "alice"},
        ]
    )
    assert (kinds(walker, "up"), kinds(walker, "down")) == (["flying"], [])


def test_a_changeling_is_a_wall_so_it_cannot_block_juggernaut() -> None:
    """702.73a: changeling is every creature type; Juggernaut can't be blocked by Walls (509.1b)."""
    b = make_board(
        [
            {"id": "jugg", "card": "Juggernaut", "controller": "alice"},
            {"id": "chang", "card": "Amoeboid Changeling", "controller": "bob"},
        ],
        combat={"attackers": {"jugg": "bob"}},
    )
    assert "Wall" in b.permanent("chang").subtypes
    assert not check_blocks(b, BlockDeclaration(blocks={"chang": ("jugg",)})).legal


def test_protection_from_multicolored_stops_only_multicolored_blockers() -> None:
    """702.16f with 105.4: Soldier of the Pantheon can't be blocked by a two-color creature."""
    b = make_board(
        [
            {"id": "soldier", "card": "Soldier of the Pantheon", "controller": "alice"},
            {"id": "reckoner", "card": "Boros Reckoner", "controller": "bob"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
        ],
        combat={"attackers": {"soldier": "bob"}},
    )
    assert not check_blocks(b, BlockDeclaration(blocks={"reckoner": ("soldier",)})).legal
    assert check_blocks(b, BlockDeclaration(blocks={"bears": ("soldier",)})).legal


def test_relative_power_reads_the_current_power() -> None:
    """Champion of Lambholt: "Creatures with power less than this creature's power can't block
    creatures you control" — with its current power, 3 (509.1b)."""
    b = make_board(
        [
            {"id": "champ", "card": "Champion of Lambholt", "controller": "alice", "counters": {"+1/+1": 2}},
            {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "elf", "card": "Llanowar Elves", "controller": "bob"},
            {"id": "ogre", "card": "Hill Giant", "controller": "bob"},
        ],
        combat={"attackers": {"bears": "bob"}},
    )
    assert not check_blocks(b, BlockDeclaration(blocks={"elf": ("bears",)})).legal
    assert check_blocks(b, BlockDeclaration(blocks={"ogre": ("bears",)})).legal


def test_lure_enchanting_a_creature_gives_it_the_lure_requirement() -> None:
    """Lure: "All creatures able to block enchanted creature do so" (509.1c) binds the blockers."""
    b = make_board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "lure", "card": "Lure", "controller": "alice", "attached_to": "bears"},
            {"id": "elf", "card": "Llanowar Elves", "controller": "bob"},
        ],
        combat={"attackers": {"bears": "bob"}},
    )
    no_block = check_blocks(b, BlockDeclaration(blocks={}))
    assert no_block.status == "illegal" and no_block.requirements_maximum == 1
    assert check_blocks(b, BlockDeclaration(blocks={"elf": ("bears",)})).legal


def test_flight_on_the_bears_gives_flying() -> None:
    """Flight: "Enchanted creature has flying" — 702.9b then stops a ground blocker."""
    b = make_board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "flight", "card": "Flight", "controller": "alice", "attached_to": "bears"},
            {"id": "elf", "card": "Llanowar Elves", "controller": "bob"},
        ],
        combat={"attackers": {"bears": "bob"}},
    )
    verdict = check_blocks(b, BlockDeclaration(blocks={"elf": ("bears",)}))
    assert not verdict.legal and verdict.violations[0].rule == "702.9b"


def test_an_unattached_equipment_grants_nothing() -> None:
    p = make_board([{"id": "boots", "card": "Zephyr Boots", "controller": "alice"}]).permanent("boots")
    assert p.abilities == ()


def test_attached_to_must_name_a_permanent() -> None:
    with pytest.raises(ValidationError, match="no permanent 'ghost'"):
        make_board([{"id": "lure", "card": "Lure", "controller": "alice", "attached_to": "ghost"}])


def test_a_token_by_description() -> None:
    b = make_board([{
            "id": "t",
            "token": {"name": "Goblin", "subtypes": ["Goblin"], "colors": ["red"], "power": 1, "toughness": 1,
                      "keywords": ["haste"], "text": "This creature can't block."},
            "controller": "alice",
        }])  # fmt: skip
    p = b.permanent("t")
    assert (p.name, p.types, p.colors, p.power) == ("Goblin", ("creature",), ("red",), 1)
    assert kinds(b, "t") == ["haste", "cant_block"]


def test_hand_written_abilities_add_or_with_card_text_false_replace() -> None:
    added = make_board([{"id": "w", "card": "Watchdog", "controller": "bob", "abilities": [{"kind": "reach"}]}])
    assert kinds(added, "w") == ["must_block", "reach"]
    warned = make_board([{"id": "g", "card": "Angelic Arbiter", "controller": "bob"}])
    assert warned.permanent("g").card_warnings != ()
    replaced = make_board([{"id": "g", "card": "Angelic Arbiter", "controller": "bob", "card_text": False,
         "abilities": [{"kind": "cant_block"}]}])  # fmt: skip
    assert kinds(replaced, "g") == ["cant_block"] and replaced.permanent("g").card_warnings == ()


def test_resolving_twice_changes_nothing() -> None:
    first = make_board(
        [
            {"id": "b", "card": "Grizzly Bears", "controller": "alice", "counters": {"+1/+1": 1, "flying": 1}},
            {"id": "s", "card": "Stormtide Leviathan", "controller": "bob"},
        ]
    )
    again = Board.model_validate(first.model_dump(by_alias=True))
    assert again == first


def test_bad_card_names_the_field() -> None:
    data = {
        "players": [{"id": "alice"}, {"id": "bob"}],
        "active_player": "alice",
        "permanents": [{"id": "j", "card": "Juggernat", "controller": "alice"},
                       {"id": "b", "card": "Lightning Bolt", "controller": "alice"}],
    }  # fmt: skip
    with pytest.raises(InputError) as caught:
        parse_scenario(data)
    found = {(i.path, i.code) for i in caught.value.items}
    assert found == {("board.permanents[0].card", "unknown_card"), ("board.permanents[1].card", "not_a_permanent")}


def test_a_verdict_on_a_board_with_uncompiled_text_carries_warnings() -> None:
    b = make_board(
        [
            {"id": "s", "card": "Angelic Arbiter", "controller": "alice"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
        ]
    )
    verdict = check_attacks(b, AttackDeclaration(attacks={"s": "bob"}))
    assert verdict.warnings == (
        "Angelic Arbiter: Each opponent who cast a spell this turn can't attack with creatures.",
    )
    assert "Card text not compiled" in render_text(b, verdict)
    assert json.loads(verdict.model_dump_json())["warnings"] == list(verdict.warnings)
    clean = check_attacks(
        make_board([{"id": "bears", "card": "Grizzly Bears", "controller": "alice"}]), AttackDeclaration()
    )
    assert clean.warnings == ()


def test_every_example_with_real_cards_names_them() -> None:
    catalog = bundled_catalog()
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        for p in yaml.safe_load(path.read_text(encoding="utf-8"))["board"].get("permanents", []):
            if "name" in p:
                with pytest.raises(LookupError):
                    catalog.get(p["name"])


def test_card_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Vow of Duty"]) == 0
    out = capsys.readouterr().out
    assert '"kind": "cant_attack", "target": {"player": "you", "planeswalkers": true}' in out
    assert "$attached = " in out
    assert main(["card", "Angelic Arbiter", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["warnings"] == [
        "Angelic Arbiter: Each opponent who cast a spell this turn can't attack with creatures."
    ]
    assert main(["card", "Juggernat"]) == 2
    assert "did you mean 'Juggernaut'" in capsys.readouterr().err


def _scryfall_card(name: str, type_line: str, text: str, power: str, toughness: str) -> dict[str, Any]:
    return {"name": name, "mana_cost": "{3}", "type_line": type_line, "oracle_text": text,
            "power": power, "toughness": toughness, "colors": [], "layout": "normal"}  # fmt: skip


def test_cards_command_counts_coverage_and_label_accuracy_of_the_catalog_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Four cards: three bear on combat, one of them in words the vocabulary can't state."""
    cards = [
        _scryfall_card("Juggernaut", "Artifact Creature — Juggernaut",
                       "This creature attacks each combat if able.\nThis creature can't be blocked by Walls.", "5", "3"),
        _scryfall_card("Wall of Stone", "Creature — Wall", "Defender (This creature can't attack.)", "0", "8"),
        _scryfall_card("Grizzly Bears", "Creature — Bear", "", "2", "2"),
        _scryfall_card("Picky Blocker", "Creature — Bear",
                       "This creature can block only creatures whose owner has exactly seven cards in hand.", "2", "2"),
    ]  # fmt: skip
    (tmp_path / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    labels = {
        "Juggernaut": {
            "abilities": [{"kind": "must_attack"}, {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Wall"]}}]
        }
    }
    (tmp_path / "labels.yaml").write_text(yaml.safe_dump(labels), encoding="utf-8")
    args = ["cards", "--coverage", "--top", "3", "--cards", str(tmp_path / "cards.json")]
    assert main([*args, "--labels", str(tmp_path / "labels.yaml")]) == 0
    out = capsys.readouterr().out
    assert "cards whose text bears on attack or block legality: 3" in out
    assert "compiled with no warning: 2 (66.7%)" in out
    assert "1 most frequent uncompiled sentence shapes" in out
    assert "CARDNAME can block only creatures whose owner has exactly seven cards in hand." in out
    assert "labelled cards: 1; compiled exactly as labelled: 1 (100.0%)" in out
    assert main(["cards"]) == 2


def test_cards_option_reads_a_newer_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = [{"name": "Juggernaut", "mana_cost": "{4}", "type_line": "Artifact Creature — Juggernaut",
              "oracle_text": "Flying", "power": "5", "toughness": "3", "colors": [], "layout": "normal"}]  # fmt: skip
    (tmp_path / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    scenario = {
        "board": {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice",
                  "permanents": [{"id": "j", "card": "Juggernaut", "controller": "alice"}]},
        "declaration": {"kind": "attack", "attacks": {}},
    }  # fmt: skip
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(scenario), encoding="utf-8")
    assert main(["check", str(tmp_path / "s.yaml")]) == 1  # bundled Juggernaut attacks each combat (508.1d)
    assert main(["check", str(tmp_path / "s.yaml"), "--cards", str(tmp_path / "cards.json")]) == 0
    assert main(["check", str(tmp_path / "s.yaml"), "--cards", str(tmp_path / "missing.json")]) == 2
    capsys.readouterr()
