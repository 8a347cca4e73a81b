"""The example agents' own taste in blocks: kill the attacker (2 points), survive (1 point)."""

from __future__ import annotations

from typing import Any


def kill_and_survive(board: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Preference weights {blocker_id: {attacker_id: weight}} for the defending creatures."""
    by_id = {p["id"]: p for p in board["permanents"]}
    attackers = [by_id[a] for a in board["combat"]["attackers"]]
    defending = set(board["combat"]["attackers"].values())
    blockers = [p for p in board["permanents"] if p["controller"] in defending and "creature" in p["types"]]
    return {
        b["id"]: {a["id"]: 2 * (b["power"] >= a["toughness"]) + (a["power"] < b["toughness"]) for a in attackers}
        for b in blockers
    }
