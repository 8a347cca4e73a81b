"""Layer-6 performance (docs/design.md §4.9): medians of resolving grants in dependency order.

The block family of ``bench_blocks.py`` (30 creatures a side) plus N grants, half of them with a
``has`` filter (so their order depends on the others, 613.8a). Run:

    python benchmarks/bench_layer6.py [--grants 4 8 12 24] [--repeat 5]
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from bench_blocks import board as block_board
from bench_blocks import median_seconds

from combat_solver import Board
from combat_solver.resolve.game import Game

KINDS = ("flying", "reach", "menace", "lure")


def board(grants: int) -> Board:
    data: dict[str, Any] = block_board(30).model_dump(by_alias=True, exclude_none=True)
    players = [p["id"] for p in data["players"]]
    data["permanents"] = [
        *data["permanents"],
        *(
            {
                "id": f"g{i}",
                "name": f"Anthem {i}",
                "controller": players[i % 2],
                "types": ["enchantment"],
                "abilities": [
                    {
                        "kind": "grant",
                        "to": {"has": [KINDS[(i + 1) % 4]]} if i % 2 else {},
                        "ability": {"kind": KINDS[i % 4]},
                    }
                ],
            }
            for i in range(grants)
        ),
    ]
    return Board.model_validate(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grants", type=int, nargs="+", default=[4, 8, 12, 24])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("| grants (half reading `has`) | resolve layer 6 (Game) median |")
    print("|---:|---:|")
    for n in args.grants:
        b = board(n)
        print(f"| {n} | {median_seconds(partial(Game, b), args.repeat) * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
