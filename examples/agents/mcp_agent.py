"""An agent asking the MCP server for the optimal block with its own preference weights.

Starts ``combat-solver mcp`` on stdio through the official MCP client and calls ``solve``:

    python examples/agents/mcp_agent.py [BOARD]
"""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
import yaml
from mcp import Client, StdioServerParameters
from weights import kill_and_survive


async def main(board_file: Path) -> None:
    board = yaml.safe_load(board_file.read_text(encoding="utf-8"))
    server = StdioServerParameters(command=sys.executable, args=["-m", "combat_solver", "mcp"])
    async with Client(server) as client:
        result = await client.call_tool("solve", {"board": board, "prefer": kill_and_survive(board)})
    if result.is_error:
        sys.exit(f"the server refused the request: {result.content[0].text}")
    answer = result.structured_content or {}
    print(f"{answer['status']}: {answer['message']}")
    for blocker, attackers in (answer.get("declaration") or {}).get("blocks", {}).items():
        print(f"  {blocker} blocks {', '.join(attackers)}")


if __name__ == "__main__":
    anyio.run(main, Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("board.yaml"))
