"""An agent asking the HTTP API for the optimal block with its own preference weights.

Start the server first (``combat-solver serve``), then:

    python examples/agents/http_agent.py [BOARD] [--url http://127.0.0.1:8000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import httpx
import yaml
from weights import kill_and_survive


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("board", type=Path, nargs="?", default=Path(__file__).with_name("board.yaml"))
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    args = parser.parse_args()
    board = yaml.safe_load(args.board.read_text(encoding="utf-8"))
    response = httpx.post(f"{args.url}/solve", json={"board": board, "prefer": kill_and_survive(board)}, timeout=60)
    if response.status_code != 200:
        sys.exit(f"the server refused the request ({response.status_code}): {response.text}")
    answer = response.json()
    print(f"{answer['status']}: {answer['message']}")
    for blocker, attackers in (answer.get("declaration") or {}).get("blocks", {}).items():
        print(f"  {blocker} blocks {', '.join(attackers)}")


if __name__ == "__main__":
    main()
