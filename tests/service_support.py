"""Boards and helpers shared by the service tests (handlers, HTTP API, MCP server)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import yaml
from asserts import A, B, C, K, board_data, creature

BLOCK_BOARD: dict[str, Any] = board_data(
    [
        creature("bears", "Grizzly Bears", A, 2, 2),
        creature("ogre", "Gray Ogre", A, 3, 3),
        creature("drake", "Wind Drake", A, 2, 2, K("flying")),
        creature("wall", "Wall of Stone", B, 0, 0),
        creature("elves", "Llanowar Elves", B, 1, 1),
    ],
    {"bears": B, "ogre": B, "drake": B},
)
"""Three attackers (one flier), two blockers without requirements: many legal blocks."""

PROVOKE_BOARD: dict[str, Any] = yaml.safe_load(
    (Path(__file__).resolve().parent.parent / "examples" / "deftblade-provoke-and-menace-runner.yaml").read_text()
)["board"]
"""Provoke (Bears must block Deftblade Elite), Watchdog blocks if able, a menace attacker (509.1c)."""

ATTACK_BOARD: dict[str, Any] = board_data(
    [creature("juggernaut", "Juggernaut", A, 5, 5, K("must_attack")), creature("bears", "Grizzly Bears", A, 2, 2)],
    players=(A, B, C),
)
"""Three players; Juggernaut attacks each combat if able (508.1d)."""


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
