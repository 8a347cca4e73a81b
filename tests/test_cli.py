"""The command line: formats, exit codes (0 legal, 1 illegal, 2 bad input, 3 undetermined)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from asserts import menace_board, two_defenders_board

from combat_solver.cli import main
from combat_solver.solve import paths, result

MENACE_BOARD = menace_board()


def write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def scenario(tmp_path: Path, blocks: dict[str, list[str]]) -> Path:
    return write(tmp_path, "s.yaml", {"board": MENACE_BOARD, "declaration": {"kind": "block", "blocks": blocks}})


def test_check_legal_exits_0_and_names_the_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """509.1c Example: both creatures block the menace attacker."""
    assert main(["check", str(scenario(tmp_path, {"dog": ["runner"], "bears": ["runner"]}))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("LEGAL")
    assert "obeys 1 of a possible 1" in out


def test_check_illegal_exits_1_with_rule_and_witness(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """509.1c Example: no block at all obeys 0 of a possible 1 requirements."""
    assert main(["check", str(scenario(tmp_path, {}))]) == 1
    out = capsys.readouterr().out
    assert out.startswith("ILLEGAL")
    assert "509.1c" in out
    assert "Watchdog blocks Viashino Runner" in out and "Grizzly Bears blocks Viashino Runner" in out


def test_check_json_is_a_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """702.111b: the blocks-if-able creature alone breaks menace."""
    assert main(["check", str(scenario(tmp_path, {"dog": ["runner"]})), "--format", "json"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["status"] == "illegal"
    assert [v["rule"] for v in verdict["violations"]] == ["702.111b"]


def test_separate_declaration_file_overrides_the_scenario(tmp_path: Path) -> None:
    path = scenario(tmp_path, {})
    declaration = write(tmp_path, "d.json", {"kind": "block", "blocks": {"dog": ["runner"], "bears": ["runner"]}})
    assert main(["check", str(path), "--declaration", str(declaration)]) == 0


def test_solve_prints_an_optimal_block(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(write(tmp_path, "b.yaml", MENACE_BOARD)), "--format", "json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["status"] == "legal"
    assert verdict["declaration"]["blocks"] == {"bears": ["runner"], "dog": ["runner"]}


def test_solve_preference_never_lowers_the_requirement_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """509.1c: a preference against blocking can't undo the maximum."""
    prefer = write(tmp_path, "p.yaml", {"dog": {"runner": -10}, "bears": {"runner": -10}})
    assert (
        main(["solve", str(write(tmp_path, "b.yaml", MENACE_BOARD)), "--prefer", str(prefer), "--format", "json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["requirements_obeyed"] == 1


def test_solve_reads_every_weight_of_a_preference_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two weights for one blocker: the higher one decides which attacker it blocks (509.1a, one block)."""
    vanilla = {"controller": "alice", "types": ["creature"], "power": 2, "toughness": 2}
    board = {
        "players": [{"id": "alice"}, {"id": "bob"}],
        "active_player": "alice",
        "permanents": [
            {"id": "a1", "name": "Ogre", **vanilla},
            {"id": "a2", "name": "Bear", **vanilla},
            {"id": "b", "name": "Wall", **vanilla, "controller": "bob"},
        ],
        "combat": {"attackers": {"a1": "bob", "a2": "bob"}},
    }
    prefer = write(tmp_path, "p.yaml", {"b": {"a1": 5, "a2": 1}})
    assert main(["solve", str(write(tmp_path, "b.yaml", board)), "--prefer", str(prefer), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["declaration"]["blocks"] == {"b": ["a1"]}


def test_enumerate_and_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = str(write(tmp_path, "b.yaml", MENACE_BOARD))
    assert main(["enumerate", board]) == 0
    out = capsys.readouterr().out
    assert "1 legal block" in out
    assert main(["enumerate", board, "--count", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"status": "complete", "count": 1, "limit_reached": False}
    assert main(["enumerate", board, "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert (listed["status"], listed["count"], len(listed["declarations"])) == ("complete", 1, 1)


def bears_a_side(n: int, lure: bool = False) -> dict[str, object]:
    """n attacking Grizzly Bears and n untapped ones to block them (Lure on the first attacker)."""

    def bears(prefix: str, controller: str) -> list[dict[str, object]]:
        return [
            {"id": f"{prefix}{i}", "name": "Grizzly Bears", "controller": controller, "types": ["creature"],
             "power": 2, "toughness": 2, "abilities": [{"kind": "lure"}] if lure and prefix == "a" and i == 0 else []}
            for i in range(n)
        ]  # fmt: skip

    return {
        "players": [{"id": "alice"}, {"id": "bob"}],
        "active_player": "alice",
        "permanents": bears("a", "alice") + bears("b", "bob"),
        "combat": {"attackers": {f"a{i}": "bob" for i in range(n)}},
    }


def test_count_multiplies_the_parts_that_share_no_creature(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """509.1a: with no requirement, each of 20 blockers blocks one of 20 attackers or none: 21^20
    blocks, counted (a listing would take longer than the universe's age), also under --limit."""
    board = str(write(tmp_path, "b.yaml", bears_a_side(20)))
    assert main(["enumerate", board, "--count", "--format", "json", "--time-limit", "20"]) == 0
    assert json.loads(capsys.readouterr().out) == {"status": "complete", "count": 21**20, "limit_reached": False}
    assert main(["enumerate", board, "--count", "--limit", "1000", "--time-limit", "20"]) == 0
    assert capsys.readouterr().out.strip() == "1000+ legal blocks (stopped at --limit 1000)"


def test_count_of_parts_that_share_a_requirement_is_not_a_product(tmp_path: Path) -> None:
    """509.1c: Lure on one attacker ties every blocker able to block it into one part: each blocker
    must block the lured attacker (the maximum), so there is exactly one legal block."""
    from combat_solver import count_legal_blocks, legal_blocks

    board = bears_a_side(4, lure=True)
    assert count_legal_blocks(board) == len(list(legal_blocks(board))) == 1


def test_enumerate_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    free = {**MENACE_BOARD, "permanents": [p for p in MENACE_BOARD["permanents"] if p["id"] != "dog"]}  # type: ignore[attr-defined]
    free["permanents"][0] = {**free["permanents"][0], "abilities": []}
    assert main(["enumerate", str(write(tmp_path, "b.yaml", free)), "--limit", "1", "--format", "json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["count"] == 1 and payload["limit_reached"] is True


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({**MENACE_BOARD, "colour": "red"}, "colour"),
        ({**MENACE_BOARD, "active_player": "zed"}, "active_player"),
        ({**MENACE_BOARD, "combat": {"attackers": {"runner": "nobody"}}}, "combat.attackers.runner"),
    ],
)
def test_bad_board_exits_2_naming_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, field: str
) -> None:
    assert main(["solve", str(write(tmp_path, "b.yaml", data))]) == 2
    err = capsys.readouterr().err
    assert field in err
    assert "Traceback" not in err


def test_unknown_blocker_in_declaration_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(scenario(tmp_path, {"ghost": ["runner"]}))]) == 2
    assert "blocks.ghost" in capsys.readouterr().err


def test_missing_declaration_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(write(tmp_path, "b.yaml", MENACE_BOARD))]) == 2
    assert "declaration" in capsys.readouterr().err


def test_unreadable_and_malformed_files_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(tmp_path / "missing.yaml")]) == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    assert "line" in capsys.readouterr().err


def test_timeout_is_undetermined_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A time-out is never a guess: an unproven maximum makes the verdict undetermined."""
    monkeypatch.setattr(paths, "maximize", lambda *a, **k: result.Outcome("undetermined"))
    assert main(["check", str(scenario(tmp_path, {}))]) == 3
    assert capsys.readouterr().out.startswith("UNDETERMINED")
    assert main(["solve", str(scenario(tmp_path, {}))]) == 3
    assert main(["enumerate", str(scenario(tmp_path, {}))]) == 3


def test_restriction_violation_stays_illegal_even_if_the_maximum_is_unknown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """702.111b: a broken restriction is illegal whatever the requirement maximum is."""
    monkeypatch.setattr(paths, "maximize", lambda *a, **k: result.Outcome("undetermined"))
    assert main(["check", str(scenario(tmp_path, {"bears": ["runner"]}))]) == 1


def test_module_entry_point(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "combat_solver", "check", str(scenario(tmp_path, {}))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stdout.startswith("ILLEGAL")


def test_preference_with_unknown_ids_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prefer = write(tmp_path, "p.yaml", {"ghost": {"runner": 1}})
    assert main(["solve", str(write(tmp_path, "b.yaml", MENACE_BOARD)), "--prefer", str(prefer)]) == 2
    assert "prefer" in capsys.readouterr().err


def test_markdown_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """509.1c: the Markdown rendering carries the verdict, the count and the witness diff."""
    assert main(["check", str(scenario(tmp_path, {})), "--format", "markdown"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("**ILLEGAL")
    assert "obeys 0 of a possible 1 (509.1c)" in out
    assert "`+ Watchdog blocks Viashino Runner`" in out


def test_explain_why_not(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """702.111b + 509.1c: Grizzly Bears can't block alone, but can with Watchdog."""
    board = str(write(tmp_path, "b.yaml", MENACE_BOARD))
    assert main(["explain", board, "--why", "why must Watchdog block?"]) == 0
    out = capsys.readouterr().out
    assert "Watchdog must block" in out and "509.1c" in out
    assert main(["explain", board, "--why", "why can't bears block runner", "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["example"]["blocks"] == {"bears": ["runner"], "dog": ["runner"]}
    assert main(["explain", board, "--why", "why can't Nobody block runner"]) == 2
    assert "unknown_name" in capsys.readouterr().err


def test_check_one_defending_players_block_802_4(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`player` in the declaration judges only that defending player's part (802.4): Bob's Watchdog
    blocks as it must, Carol's doesn't; each verdict is about its own player alone."""
    for player, blocks, code in (("bob", {"bob_dog": ["giant"]}, 0), ("carol", {"bob_dog": ["giant"]}, 1)):
        declaration = {"kind": "block", "blocks": blocks, "player": player}
        path = write(tmp_path, f"{player}.yaml", {"board": two_defenders_board(), "declaration": declaration})
        assert main(["check", str(path), "--format", "json"]) == code
        verdict = json.loads(capsys.readouterr().out)
        assert [u["players"] for u in verdict["units"]] == [[player]]
    path = write(
        tmp_path, "dave.yaml", {"board": two_defenders_board(), "declaration": {"kind": "block", "player": "alice"}}
    )
    assert main(["check", str(path)]) == 2
    assert "player: 'alice' isn't a defending player (802.4)" in capsys.readouterr().err


def test_check_says_who_declares(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Master Warcraft (chooses_blockers): the rendering names the declarer; legality unchanged."""
    board = two_defenders_board()
    board["effects"] = [{"source": "Master Warcraft", "controller": "alice", "ability": {"kind": "chooses_blockers"}}]
    path = write(
        tmp_path,
        "mw.yaml",
        {"board": board, "declaration": {"kind": "block", "blocks": {"carol_dog": ["bears"], "bob_dog": ["giant"]}}},
    )
    assert main(["check", str(path)]) == 0
    assert "alice declares for carol (Master Warcraft)" in capsys.readouterr().out
