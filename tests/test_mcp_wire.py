"""``combat-solver mcp`` on stdio answers every line: one that isn't JSON, nests too deep or
holds an integer too long to read gets a JSON-RPC error (parse error -32700, invalid request
-32600, with the request's id when it can be read), never silence; ``initialize`` reports the
package's version."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from service_support import PROVOKE_BOARD

from combat_solver.service.handlers import package_version

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}},
}
HUGE = "9" * 5000


def _exchange(lines: list[str], answers: int) -> list[dict[str, Any]]:
    """The server's first ``answers`` answers to the lines (stdin kept open until they came, or a
    minute has passed: then whatever came). A thread reads the answers: ``select`` on the pipe
    would not see lines already taken into the reader's buffer."""
    server = subprocess.Popen(
        [sys.executable, "-m", "combat_solver", "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=ENV,
    )
    assert server.stdin is not None and server.stdout is not None
    received: queue.Queue[bytes] = queue.Queue()
    stdout = server.stdout
    threading.Thread(target=lambda: [received.put(line) for line in iter(stdout.readline, b"")], daemon=True).start()
    server.stdin.write("".join(line + "\n" for line in lines).encode())
    server.stdin.flush()
    got: list[dict[str, Any]] = []
    give_up = time.monotonic() + 60
    while len(got) < answers:
        try:
            got.append(json.loads(received.get(timeout=max(give_up - time.monotonic(), 0.01))))
        except queue.Empty:
            break
    server.stdin.close()
    server.wait(timeout=30)
    return got


def test_every_line_gets_an_answer() -> None:
    answers = _exchange(
        [
            json.dumps(INITIALIZE),
            '{"jsonrpc": "2.0", "method": "notifications/initialized"}',
            "not json",
            "[" * 2000 + "]" * 2000,
            '{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "check", "arguments": {"board": '
            + HUGE
            + "}}}",
            '{"jsonrpc": "2.0", "id": "four"}',
            "[1, 2]",
            '{"jsonrpc": "2.0", "id": 5, "method": "ping"}',
        ],
        answers=7,
    )
    by_id: dict[Any, list[dict[str, Any]]] = {}
    for answer in answers:
        by_id.setdefault(answer.get("id"), []).append(answer)
    assert by_id[1][0]["result"]["serverInfo"]["version"] == package_version() != ""
    assert by_id[5] == [{"jsonrpc": "2.0", "id": 5, "result": {}}]
    assert by_id[3][0]["error"]["code"] == -32700
    assert "params.arguments.board" in by_id[3][0]["error"]["message"]
    assert "5000 digits" in by_id[3][0]["error"]["message"]
    assert by_id["four"][0]["error"]["code"] == -32600 and "method" in by_id["four"][0]["error"]["message"]
    unnamed = sorted((a["error"]["code"], a["error"]["message"]) for a in by_id[None])
    assert [code for code, _ in unnamed] == [-32700, -32700, -32600], unnamed
    assert any("not valid JSON" in m for _, m in unnamed) and any("nesting deeper" in m for _, m in unnamed)
    assert len(answers) == 7


def test_the_sdk_client_gets_an_error_not_silence() -> None:
    parameters = StdioServerParameters(command=sys.executable, args=["-m", "combat_solver", "mcp"], env=ENV)

    async def main() -> tuple[str, str, Any]:
        async with Client(parameters) as client:
            with anyio.fail_after(60):  # an unanswered request would wait for ever
                with pytest.raises(Exception) as refused:
                    await client.call_tool("check", {"board": int(HUGE[:4000]) * 10**1000})
                fine = await client.call_tool(
                    "check", {"board": PROVOKE_BOARD, "declaration": {"kind": "block", "blocks": {}}}
                )
            return client.server_info.version, str(refused.value), fine

    served_version, refused, fine = anyio.run(main)
    assert served_version == package_version()
    assert "board" in refused and "digits" in refused
    assert fine.structured_content["status"] in ("legal", "illegal")
