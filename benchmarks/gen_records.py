"""Realistic synthetic game records for the audit (JSON Lines; ``.gz`` output is gzip).

The mix follows what recorded games hold: mostly small two-player boards without requirements
(French vanilla creatures, flying, reach, menace, vigilance, defender, tapped or summoning-sick
creatures), some with requirements (Juggernaut, Lure, Watchdog, goad), attack taxes paid with
lands (Ghostly Prison), multiplayer games, a few large token boards, and declarations that break
a rule about as often as a careless player or a buggy engine would, plus malformed lines. Same
seed, same file. Run:

    python benchmarks/gen_records.py OUT.jsonl[.gz] [--records 100000] [--seed 1]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

Record = dict[str, Any]

KEYWORDS = [None] * 8 + ["flying", "flying", "reach", "menace", "vigilance", "haste", "defender", "first_strike"]
NAMES = ["Grizzly Bears", "Hill Giant", "Serra Angel", "Giant Spider", "Wall of Stone", "Craw Wurm", "Goblin Piker"]
CARELESS = 0.04
"""How often a declaration ignores a rule the generator knows about (tapped, sick, defender)."""


class Game:
    """One synthetic game's counters: ids, turns and the players at the table."""

    def __init__(self, rng: random.Random, number: int, players: int) -> None:
        self.rng = rng
        self.id = f"g{number}"
        self.players = ["alice", "bob", "carol", "dave"][:players]
        self.turn = rng.randint(2, 14)
        self.next_id = 0

    def creature(self, controller: str, *, keyword: str | None = None, token: bool = False) -> Record:
        rng = self.rng
        self.next_id += 1
        kw = keyword if keyword is not None else rng.choice(KEYWORDS)
        abilities = [] if kw in (None, "first_strike") else [{"kind": kw}]
        creature: Record = {
            "id": f"c{self.next_id}",
            "name": "Soldier" if token else rng.choice(NAMES),
            "controller": controller,
            "types": ["creature"],
            "power": 1 if token else rng.randint(0, 6),
            "toughness": 1 if token else rng.randint(1, 6),
        }
        if abilities:
            creature["abilities"] = abilities
        if rng.random() < 0.1:
            creature["tapped"] = True
        if rng.random() < 0.1:
            creature["summoning_sick"] = True
        return creature

    def board(self, permanents: list[Record], **extra: Any) -> Record:
        board: Record = {
            "players": [{"id": p} for p in self.players],
            "active_player": "alice",
            "permanents": permanents,
        }
        board.update(extra)
        return board

    def record(self, board: Record, declaration: Record, declared_by: str) -> Record:
        record: Record = {
            "id": f"{self.id}-t{self.turn}-{declaration['kind']}-{self.next_id}",
            "game": self.id,
            "turn": self.turn,
            "combat_number": 1,
            "declared_by": declared_by,
            "board": board,
            "declaration": declaration,
        }
        if self.rng.random() < 0.05:
            record["warnings"] = ["Giant Growth resolved this turn: its +3/+3 is not in the board"]
        return record


def _can_attack(c: Record) -> bool:
    kinds = {a["kind"] for a in c.get("abilities", ())}
    sick = c.get("summoning_sick", False) and "haste" not in kinds
    return not c.get("tapped", False) and not sick and "defender" not in kinds


def _attack(game: Game, mine: list[Record], targets: list[str]) -> Record:
    rng = game.rng
    able = [c for c in mine if _can_attack(c) or rng.random() < CARELESS]
    return {"kind": "attack", "attacks": {c["id"]: rng.choice(targets) for c in able if rng.random() < 0.6}}


def _block(game: Game, blockers: list[Record], attackers: list[str]) -> Record:
    rng = game.rng
    blocks = {
        b["id"]: [rng.choice(attackers)]
        for b in blockers
        if (not b.get("tapped", False) or rng.random() < CARELESS) and rng.random() < 0.5
    }
    return {"kind": "block", "blocks": blocks}


def _attacking(game: Game, mine: list[Record], defender: str | list[str]) -> dict[str, str]:
    """A legal-looking declared attack for a block step (attackers are the active player's creatures)."""
    ready = [c for c in mine if _can_attack(c)] or mine[:1]
    chosen = [c for c in ready if game.rng.random() < 0.7] or ready[:1]
    for c in chosen:
        c["tapped"] = not any(a["kind"] == "vigilance" for a in c.get("abilities", ()))
    return {c["id"]: defender if isinstance(defender, str) else game.rng.choice(defender) for c in chosen}


def two_player(game: Game, extra: Callable[[Game, list[Record], list[Record]], list[Record]] | None = None) -> Record:
    rng = game.rng
    mine = [game.creature("alice") for _ in range(rng.randint(1, 4))]
    theirs = [game.creature("bob") for _ in range(rng.randint(0, 4))]
    others = extra(game, mine, theirs) if extra else []
    if rng.random() < 0.5 or not theirs:
        return game.record(game.board(mine + theirs + others), _attack(game, mine, ["bob"]), "alice")
    attacks = _attacking(game, mine, "bob")
    board = game.board(mine + theirs + others, combat={"attackers": attacks})
    return game.record(board, _block(game, theirs, list(attacks)), "bob")


def with_requirements(game: Game, mine: list[Record], theirs: list[Record]) -> list[Record]:
    rng = game.rng
    choice = rng.randrange(4)
    if choice == 0:
        mine[0].update(name="Juggernaut", abilities=[{"kind": "must_attack"}])
    elif choice == 1:
        mine[0].update(name="Rogue Elephant", abilities=[{"kind": "lure"}])
    elif choice == 2 and theirs:
        theirs[0].update(name="Watchdog", abilities=[{"kind": "must_block"}])
    else:
        game.next_id += 1
        return [
            {
                "id": f"c{game.next_id}",
                "name": "Disrupt Decorum",
                "controller": "bob",
                "types": ["enchantment"],
                "abilities": [
                    {"kind": "grant", "to": {"controller": "opponent"}, "ability": {"kind": "goad", "by": "bob"}}
                ],
            }
        ]
    return []


def with_costs(game: Game, mine: list[Record], theirs: list[Record]) -> list[Record]:
    lands: list[Record] = []
    for _ in range(game.rng.randint(0, 3)):
        game.next_id += 1
        lands.append(
            {
                "id": f"c{game.next_id}",
                "name": "Plains",
                "controller": "alice",
                "types": ["land"],
                "subtypes": ["Plains"],
                "supertypes": ["basic"],
                "abilities": [{"kind": "mana", "produces": "W"}],
            }
        )
    game.next_id += 1
    prison = {
        "id": f"c{game.next_id}",
        "name": "Ghostly Prison",
        "controller": "bob",
        "types": ["enchantment"],
        "abilities": [{"kind": "attack_tax", "cost": {"mana": "{2}"}}],
    }
    return [*lands, prison]


def multiplayer(game: Game) -> Record:
    rng = game.rng
    mine = [game.creature("alice") for _ in range(rng.randint(1, 4))]
    others = {p: [game.creature(p) for _ in range(rng.randint(0, 3))] for p in game.players[1:]}
    everything = mine + [c for cs in others.values() for c in cs]
    if rng.random() < 0.5:
        return game.record(game.board(everything), _attack(game, mine, game.players[1:]), "alice")
    attacks = _attacking(game, mine, game.players[1:])
    defender = rng.choice(sorted(set(attacks.values())))
    board = game.board(everything, combat={"attackers": attacks})
    targets = [a for a, d in attacks.items() if d == defender]
    return game.record(board, _block(game, others[defender], targets), defender)


def tokens(game: Game) -> Record:
    rng = game.rng
    n = rng.randint(20, 60)
    mine = [game.creature("alice", keyword="haste", token=True) for _ in range(n)]
    theirs = [game.creature("bob", keyword="reach", token=True) for _ in range(rng.randint(n // 2, n))]
    for c in mine + theirs:
        c.pop("tapped", None)
    if rng.random() < 0.5:
        return game.record(
            game.board(mine + theirs), {"kind": "attack", "attacks": {c["id"]: "bob" for c in mine}}, "alice"
        )
    attacks = {c["id"]: "bob" for c in mine}
    blocks = {b["id"]: [a] for b, a in zip(theirs, attacks, strict=False)}
    return game.record(
        game.board(mine + theirs, combat={"attackers": attacks}), {"kind": "block", "blocks": blocks}, "bob"
    )


def malformed(game: Game) -> str:
    rng = game.rng
    record = two_player(game)
    kind = rng.randrange(4)
    if kind == 0:
        return json.dumps(record)[: rng.randint(10, 60)]
    if kind == 1:
        record["board"]["permanents"][0].pop("power")
    elif kind == 2:
        record["declaration"] = {"kind": "attack", "attacks": {"nobody": "bob"}}
        record["board"].pop("combat", None)
    else:
        record["board"]["permanents"][0]["controller"] = "zed"
    return json.dumps(record, separators=(",", ":"))


def line(rng: random.Random, number: int) -> str:
    roll = rng.random()
    if roll < 0.02:
        return malformed(Game(rng, number, 2))
    if roll < 0.03:
        record = tokens(Game(rng, number, 2))
    elif roll < 0.09:
        record = multiplayer(Game(rng, number, rng.choice((3, 4))))
    elif roll < 0.15:
        record = two_player(Game(rng, number, 2), with_costs)
    elif roll < 0.27:
        record = two_player(Game(rng, number, 2), with_requirements)
    else:
        record = two_player(Game(rng, number, 2))
    return json.dumps(record, separators=(",", ":"))


def write_records(path: Path, count: int, seed: int) -> None:
    rng = random.Random(seed)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "wt", encoding="utf-8") as f:
        for number in range(count):
            f.write(line(rng, number) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    write_records(args.out, args.records, args.seed)


if __name__ == "__main__":
    main()
