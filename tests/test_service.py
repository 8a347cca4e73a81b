"""The handler layer behind the HTTP API, the MCP server and the CLI: solve with preference
weights and fixed pairs (checked against the enumeration of every legal declaration), the
why-not answer when fixed pairs rule out every legal declaration (508.1d, 509.1a, 509.1c,
702.9b), bad input named by request field, the request time limit, and the CLI's ``--fix``."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from service_support import ATTACK_BOARD, BLOCK_BOARD, PROVOKE_BOARD

from combat_solver.cli import main
from combat_solver.model.declarations import BlockDeclaration
from combat_solver.model.errors import InputError
from combat_solver.schemas import SCHEMAS
from combat_solver.service.handlers import TOOL_BY_NAME, TOOLS, Service
from combat_solver.service.models import EnumerateResponse, SolveResponse

SERVICE = Service()
ROOT = Path(__file__).resolve().parent.parent


def call(tool: str, **arguments: Any) -> Any:
    return SERVICE.call(TOOL_BY_NAME[tool], arguments)


def pairs(declaration: Any) -> set[tuple[str, str]]:
    if isinstance(declaration, BlockDeclaration):
        return {(p.blocker, p.attacker) for p in declaration.pairs}
    return set(declaration.attacks.items())


def best_by_enumeration(board: dict[str, Any], prefer: dict[str, dict[str, int]], fix: dict[str, Any]) -> int | None:
    """The highest preference total among legal declarations respecting ``fix`` (None: none)."""
    listed: EnumerateResponse = call("enumerate", board=board, limit=10_000)
    assert listed.status == "complete" and not listed.limit_reached
    include = {tuple(p) for p in fix.get("include", [])}
    exclude = {tuple(p) for p in fix.get("exclude", [])}
    totals = [
        sum(prefer.get(a, {}).get(b, 0) for a, b in pairs(d))
        for d in listed.declarations
        if include <= pairs(d) and not exclude & pairs(d)
    ]
    return max(totals) if totals else None


CASES = [
    (BLOCK_BOARD, {"wall": {"ogre": 3}, "elves": {"bears": 1}}, {}),
    (BLOCK_BOARD, {"wall": {"ogre": 3}, "elves": {"bears": 1}}, {"exclude": [["wall", "ogre"]]}),
    (BLOCK_BOARD, {"elves": {"ogre": 2}}, {"include": [["wall", "ogre"]]}),
    (BLOCK_BOARD, {}, {"include": [["wall", "bears"], ["elves", "bears"]]}),
    (PROVOKE_BOARD, {"watchdog": {"runner": 5}}, {}),
    (ATTACK_BOARD, {"bears": {"carol": 3}, "juggernaut": {"bob": 1}}, {}),
    (ATTACK_BOARD, {"bears": {"carol": 3}}, {"include": [["bears", "bob"]], "exclude": [["juggernaut", "bob"]]}),
]


@pytest.mark.parametrize(("board", "prefer", "fix"), CASES)
def test_solve_is_legal_respects_fixed_pairs_and_maximizes_the_preference(
    board: dict[str, Any], prefer: dict[str, dict[str, int]], fix: dict[str, Any]
) -> None:
    """508.1d/509.1c first, then the weights: the answer is legal (checked again on its own),
    contains every included pair, no excluded one, and no legal declaration respecting the
    fixed pairs has a higher preference total."""
    solved: SolveResponse = call("solve", board=board, prefer=prefer, fix=fix)
    assert solved.status == "optimal" and solved.declaration is not None
    assert call("check", board=board, declaration=solved.declaration.model_dump()).status == "legal"
    chosen = pairs(solved.declaration)
    assert {tuple(p) for p in fix.get("include", [])} <= chosen
    assert not {tuple(p) for p in fix.get("exclude", [])} & chosen
    assert solved.preference_total == sum(prefer.get(a, {}).get(b, 0) for a, b in chosen)
    assert solved.preference_total == best_by_enumeration(board, prefer, fix)


@pytest.mark.parametrize(
    ("board", "fix", "rules"),
    [
        (BLOCK_BOARD, {"include": [["wall", "drake"]]}, {"702.9b"}),
        (BLOCK_BOARD, {"include": [["wall", "bears"], ["wall", "ogre"]]}, {"509.1a"}),
        (PROVOKE_BOARD, {"include": [["bears", "runner"]]}, {"509.1a", "509.1c"}),
        (PROVOKE_BOARD, {"exclude": [["bears", "deftblade"]]}, {"509.1c"}),
        (ATTACK_BOARD, {"exclude": [["juggernaut", "bob"], ["juggernaut", "carol"]]}, {"508.1d"}),
    ],
)
def test_impossible_fixed_pairs_are_explained_by_their_rules(
    board: dict[str, Any], fix: dict[str, Any], rules: set[str]
) -> None:
    """No legal declaration respects the fixed pairs (the enumeration agrees); the answer names
    the restrictions and the requirement maximum that rule them out."""
    solved: SolveResponse = call("solve", board=board, fix=fix)
    assert best_by_enumeration(board, {}, fix) is None
    assert solved.status == "impossible" and solved.declaration is None and solved.why is not None
    assert {r.rule for r in solved.why.reasons} == rules
    assert solved.message == solved.why.answer


def test_an_included_pair_of_a_creature_that_isnt_defending_is_impossible() -> None:
    """509.1a: only a defending player's creatures block."""
    solved: SolveResponse = call("solve", board=BLOCK_BOARD, fix={"include": [["bears", "ogre"]]})
    assert solved.status == "impossible" and solved.why is not None
    assert "509.1a" in solved.why.answer


@pytest.mark.parametrize(
    ("tool", "arguments", "path"),
    [
        (
            "check",
            {"board": BLOCK_BOARD, "declaration": {"kind": "block", "blocks": {"ghost": ["ogre"]}}},
            "declaration.blocks.ghost",
        ),
        ("check", {"board": {**BLOCK_BOARD, "players": 3}, "declaration": {"kind": "block"}}, "board.players"),
        ("check", {"board": BLOCK_BOARD}, "declaration"),
        ("solve", {"board": BLOCK_BOARD, "fix": {"include": [["wall", "nobody"]]}}, "fix.include[0]"),
        ("solve", {"board": BLOCK_BOARD, "fix": {"include": [["wall", "ogre"]], "exclude": [["wall", "ogre"]]}}, "fix"),
        ("solve", {"board": BLOCK_BOARD, "prefer": {"wall": {"ogre": "lots"}}}, "prefer.wall.ogre"),
        ("solve", {"board": BLOCK_BOARD, "surprise": 1}, "surprise"),
        ("enumerate", {"board": BLOCK_BOARD, "limit": 0}, "limit"),
        ("explain", {"board": BLOCK_BOARD, "question": "why is the sky blue"}, "question"),
        ("explain", {"board": BLOCK_BOARD, "question": "why can't wall block ogre", "time_limit": -1}, "time_limit"),
        ("schema", {"name": "nothing"}, "name"),
        ("card", {"name": ""}, "name"),
    ],
)
def test_bad_input_names_the_request_field(tool: str, arguments: dict[str, Any], path: str) -> None:
    with pytest.raises(InputError) as raised:
        call(tool, **arguments)
    assert path in [item.path for item in raised.value.items]


def test_enumerate_lists_each_legal_declaration_once_and_counts_within_the_limit() -> None:
    listed: EnumerateResponse = call("enumerate", board=BLOCK_BOARD)
    assert listed.status == "complete" and listed.count == len(listed.declarations)
    assert len({d.model_dump_json() for d in listed.declarations}) == listed.count
    assert all(call("check", board=BLOCK_BOARD, declaration=d.model_dump()).legal for d in listed.declarations)
    counted: EnumerateResponse = call("enumerate", board=BLOCK_BOARD, count_only=True, limit=2)
    assert (counted.count, counted.limit_reached, counted.declarations) == (2, True, ())


def test_explain_answers_with_rules() -> None:
    explained = call("explain", board=BLOCK_BOARD, question="why can't wall block drake?")
    assert explained.status == "answered" and explained.answer is not None
    assert [r.rule for r in explained.answer.reasons] == ["702.9b"]


def test_schema_serves_every_published_model_and_each_tool_has_request_and_response() -> None:
    for name in SCHEMAS:
        assert call("schema", name=name).json_schema == SCHEMAS[name].model_json_schema()
    for tool in TOOLS:
        assert SCHEMAS[f"{tool.name}-request"] is tool.request
        assert SCHEMAS.get(f"{tool.name}-response", SCHEMAS["verdict"]) is tool.response


class Catalog:
    def lookup(self, name: str) -> dict[str, Any] | None:
        return {"name": "Lure", "abilities": [{"kind": "lure"}]} if name == "Lure" else None

    def search(self, query: str, limit: int) -> list[str]:
        return ["Lure"][:limit] if query.casefold() in "lure" else []


def test_card_lookup_uses_the_catalog_plugged_in() -> None:
    assert call("card", name="Lure").status == "unavailable"
    with_cards = Service(cards=Catalog())
    found = with_cards.call(TOOL_BY_NAME["card"], {"name": "Lure"})
    assert (found.status, found.card) == ("found", {"name": "Lure", "abilities": [{"kind": "lure"}]})
    assert with_cards.call(TOOL_BY_NAME["card"], {"name": "Lura"}).status == "not_found"


def test_a_spent_request_budget_stops_an_enumeration_as_undetermined() -> None:
    """Past the service's wall-clock limit the answer is 'undetermined' with a lower bound."""
    hurried = Service(request_time_limit=1e-9)
    listed = hurried.call(TOOL_BY_NAME["enumerate"], {"board": BLOCK_BOARD})
    assert listed.status == "undetermined" and listed.count == len(listed.declarations) < 9
    assert "lower bound" in listed.message


def test_answers_are_deterministic() -> None:
    arguments = {"board": BLOCK_BOARD, "prefer": {"elves": {"ogre": 1}}}
    first = call("solve", **arguments).model_dump_json()
    assert all(call("solve", **arguments).model_dump_json() == first for _ in range(3))


def write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_cli_solve_fix_returns_the_best_declaration_respecting_the_pairs(tmp_path: Path, capsys: Any) -> None:
    board = write(tmp_path, "board.yaml", BLOCK_BOARD)
    fix = write(tmp_path, "fix.yaml", {"include": [["wall", "ogre"]], "exclude": [["elves", "bears"]]})
    prefer = write(tmp_path, "prefer.yaml", {"elves": {"bears": 5, "ogre": 1}})
    assert main(["solve", str(board), "--fix", str(fix), "--prefer", str(prefer), "--format", "json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["status"] == "legal"
    assert verdict["declaration"]["blocks"] == {"elves": ["ogre"], "wall": ["ogre"]}


def test_cli_solve_fix_impossible_says_why_and_exits_1(tmp_path: Path, capsys: Any) -> None:
    board = write(tmp_path, "board.yaml", PROVOKE_BOARD)
    fix = write(tmp_path, "fix.yaml", {"include": [["bears", "runner"]]})
    assert main(["solve", str(board), "--fix", str(fix)]) == 1
    out = capsys.readouterr().out
    assert "No legal block has Grizzly Bears blocking Viashino Runner" in out
    assert "(509.1c)" in out and "(509.1a)" in out


def test_cli_solve_fix_bad_file_names_the_field(tmp_path: Path, capsys: Any) -> None:
    board = write(tmp_path, "board.yaml", BLOCK_BOARD)
    fix = write(tmp_path, "fix.yaml", {"include": [["wall"]]})
    assert main(["solve", str(board), "--fix", str(fix)]) == 2
    err = capsys.readouterr().err
    assert "include[0]" in err and "Traceback" not in err


def agent_expectation() -> list[str]:
    """What the example agents print: the handler's optimal block under their own weights."""
    sys.path.insert(0, str(ROOT / "examples" / "agents"))
    from weights import kill_and_survive

    board = yaml.safe_load((ROOT / "examples" / "agents" / "board.yaml").read_text(encoding="utf-8"))
    solved: SolveResponse = call("solve", board=board, prefer=kill_and_survive(board))
    assert isinstance(solved.declaration, BlockDeclaration)
    lines = [f"{solved.status}: {solved.message}"]
    return lines + [f"  {b} blocks {', '.join(a)}" for b, a in solved.declaration.blocks.items()]


def test_the_example_agents_block_is_the_best_for_their_weights() -> None:
    """The example board has several legal blocks; the agents' weights pick one of the best."""
    sys.path.insert(0, str(ROOT / "examples" / "agents"))
    from weights import kill_and_survive

    board = yaml.safe_load((ROOT / "examples" / "agents" / "board.yaml").read_text(encoding="utf-8"))
    weights = kill_and_survive(board)
    assert call("enumerate", board=board).count > 1
    best = best_by_enumeration(board, weights, {})
    assert agent_expectation()[0] == f"optimal: obeys 1 of a possible 1 requirements; preference total {best}"


def test_docs_show_what_the_example_agents_print() -> None:
    page = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    for agent in ("mcp_agent.py", "http_agent.py"):
        assert re.search(
            rf"\$ python examples/agents/{agent}[^\n]*\n" + re.escape("\n".join(agent_expectation())) + "\n```", page
        )


def test_python_api_takes_fixed_pairs_as_a_mapping_and_names_a_bad_field() -> None:
    """``fix`` given as plain data works like ``FixedPairs``; bad data is an ``InputError`` at ``fix``."""
    from combat_solver import solve_blocks
    from combat_solver.model.declarations import FixedPairs

    fix = {"include": [["wall", "bears"]]}
    assert solve_blocks(BLOCK_BOARD, fix=fix) == solve_blocks(BLOCK_BOARD, fix=FixedPairs.model_validate(fix))
    assert ("wall", "bears") in pairs(solve_blocks(BLOCK_BOARD, fix=fix).declaration)
    with pytest.raises(InputError) as info:
        solve_blocks(BLOCK_BOARD, fix={"include": [["wall"]], "other": 1})
    assert {item.path.split(".")[0] for item in info.value.items} == {"fix"}
    assert len(info.value.items) == 2
