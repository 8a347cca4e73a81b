"""The MCP server, through the SDK's own client: in-process (list tools, call each, bad input is
a tool error naming the field) and over stdio as ``combat-solver mcp`` starts it."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from service_support import ATTACK_BOARD, BLOCK_BOARD, PROVOKE_BOARD, free_port
from test_service import agent_expectation

from combat_solver.schemas import SCHEMAS
from combat_solver.service.handlers import TOOL_BY_NAME, TOOLS, Service
from combat_solver.service.mcp_server import create_server

ROOT = Path(__file__).resolve().parent.parent

CALLS = [
    ("check", {"board": PROVOKE_BOARD, "declaration": {"kind": "block", "blocks": {"bears": ["runner"]}}}),
    ("solve", {"board": BLOCK_BOARD, "prefer": {"wall": {"ogre": 2}}, "fix": {"include": [["elves", "bears"]]}}),
    ("solve", {"board": PROVOKE_BOARD, "fix": {"exclude": [["bears", "deftblade"]]}}),
    ("enumerate", {"board": ATTACK_BOARD, "count_only": True}),
    ("explain", {"board": BLOCK_BOARD, "question": "why can't wall block drake"}),
    ("schema", {"name": "board"}),
    ("card", {"name": "Lure"}),
]


@functools.cache
def server() -> Any:
    """One in-process server for the module (building it and its tools' schemas takes a second)."""
    return create_server()


def run(body: Any) -> Any:
    async def main() -> Any:
        async with Client(server()) as client:
            return await body(client)

    return anyio.run(main)


def test_tools_are_the_handlers_with_the_published_schemas() -> None:
    listed = run(lambda c: c.list_tools()).tools
    assert [t.name for t in listed] == [t.name for t in TOOLS]
    for tool in listed:
        assert tool.input_schema == SCHEMAS[f"{tool.name}-request"].model_json_schema()
        assert tool.output_schema == SCHEMAS.get(f"{tool.name}-response", SCHEMAS["verdict"]).model_json_schema()
        assert tool.annotations is not None and tool.annotations.read_only_hint
        assert len(tool.description or "") > 150


@pytest.mark.parametrize(("name", "arguments"), CALLS)
def test_each_tool_answers_what_the_handler_answers(name: str, arguments: dict[str, Any]) -> None:
    result = run(lambda c: c.call_tool(name, arguments))
    assert not result.is_error
    expected = Service().call(TOOL_BY_NAME[name], arguments)
    assert result.structured_content == expected.model_dump(mode="json")


def test_objects_sent_as_json_text_are_read_as_objects() -> None:
    """Some MCP clients send nested arguments as JSON strings."""
    arguments = {"board": json.dumps(PROVOKE_BOARD), "prefer": json.dumps({"watchdog": {"runner": 1}})}
    result = run(lambda c: c.call_tool("solve", arguments))
    expected = Service().call(TOOL_BY_NAME["solve"], {"board": PROVOKE_BOARD, "prefer": {"watchdog": {"runner": 1}}})
    assert result.structured_content == expected.model_dump(mode="json")


@pytest.mark.parametrize(
    ("name", "arguments", "path"),
    [
        (
            "check",
            {"board": BLOCK_BOARD, "declaration": {"kind": "block", "blocks": {"ghost": ["ogre"]}}},
            "declaration.blocks.ghost",
        ),
        ("check", {"board": BLOCK_BOARD}, "declaration"),
        ("solve", {"board": {**BLOCK_BOARD, "permanents": [{"id": "x"}]}}, "board.permanents[0].controller"),
        ("solve", {"board": BLOCK_BOARD, "fix": {"include": [["wall", "nobody"]]}}, "fix.include[0]"),
        ("enumerate", {"board": BLOCK_BOARD, "limit": -1}, "limit"),
        ("explain", {"board": BLOCK_BOARD, "question": "why?"}, "question"),
    ],
)
def test_bad_input_is_a_tool_error_naming_the_field(name: str, arguments: dict[str, Any], path: str) -> None:
    result = run(lambda c: c.call_tool(name, arguments))
    assert result.is_error
    text = result.content[0].text
    assert f"{path}:" in text and "Traceback" not in text


@pytest.mark.long
def test_the_mcp_command_serves_stdio() -> None:
    parameters = StdioServerParameters(
        command=sys.executable,
        args=["-m", "combat_solver", "mcp"],
        cwd=str(ROOT),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )

    async def main() -> Any:
        async with Client(parameters) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            solved = await client.call_tool("solve", {"board": PROVOKE_BOARD, "prefer": {"watchdog": {"runner": 1}}})
            return names, solved

    names, solved = anyio.run(main)
    assert names == [t.name for t in TOOLS]
    expected = Service().call(TOOL_BY_NAME["solve"], {"board": PROVOKE_BOARD, "prefer": {"watchdog": {"runner": 1}}})
    assert solved.structured_content == expected.model_dump(mode="json")


@pytest.mark.long
def test_the_example_agent_gets_its_block_from_the_mcp_command() -> None:
    agent = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "agents" / "mcp_agent.py")],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert agent.stdout.splitlines() == agent_expectation()


@pytest.mark.long
def test_the_mcp_command_serves_streamable_http() -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "combat_solver", "mcp", "--http", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    async def main() -> Any:
        for _ in range(300):
            try:
                async with Client(f"http://127.0.0.1:{port}/mcp") as client:
                    return await client.call_tool(
                        "explain", {"board": PROVOKE_BOARD, "question": "why must watchdog block"}
                    )
            except Exception:
                await anyio.sleep(0.1)
        pytest.fail("the MCP server did not start")

    try:
        explained = anyio.run(main)
    finally:
        server.terminate()
        server.wait(timeout=30)
    expected = Service().call(TOOL_BY_NAME["explain"], {"board": PROVOKE_BOARD, "question": "why must watchdog block"})
    assert explained.structured_content == expected.model_dump(mode="json")
