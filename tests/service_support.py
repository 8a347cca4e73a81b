"""Boards and helpers shared by the service tests (handlers, HTTP API, MCP server)."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import yaml


def creature(pid: str, name: str, controller: str, power: int, *abilities: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": pid,
        "name": name,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": power,
        "abilities": list(abilities),
    }


BLOCK_BOARD: dict[str, Any] = {
    "players": [{"id": "alice"}, {"id": "bob"}],
    "active_player": "alice",
    "permanents": [
        creature("bears", "Grizzly Bears", "alice", 2),
        creature("ogre", "Gray Ogre", "alice", 3),
        creature("drake", "Wind Drake", "alice", 2, {"kind": "flying"}),
        creature("wall", "Wall of Stone", "bob", 0),
        creature("elves", "Llanowar Elves", "bob", 1),
    ],
    "combat": {"attackers": {"bears": "bob", "ogre": "bob", "drake": "bob"}},
}
"""Three attackers (one flier), two blockers without requirements: many legal blocks."""

PROVOKE_BOARD: dict[str, Any] = yaml.safe_load(
    (Path(__file__).resolve().parent.parent / "examples" / "deftblade-provoke-and-menace-runner.yaml").read_text()
)["board"]
"""Provoke (Bears must block Deftblade Elite), Watchdog blocks if able, a menace attacker (509.1c)."""

ATTACK_BOARD: dict[str, Any] = {
    "players": [{"id": "alice"}, {"id": "bob"}, {"id": "carol"}],
    "active_player": "alice",
    "permanents": [
        creature("juggernaut", "Juggernaut", "alice", 5, {"kind": "must_attack"}),
        creature("bears", "Grizzly Bears", "alice", 2),
    ],
}
"""Three players; Juggernaut attacks each combat if able (508.1d)."""


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
