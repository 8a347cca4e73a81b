"""Card catalog performance: medians of loading the bundled catalog, resolving a board by card
names, and compiling every permanent card (what `cards --coverage` does). Run:

    python benchmarks/bench_cards.py [--repeat 5]
"""

from __future__ import annotations

import argparse
from importlib import resources

from bench_blocks import median_seconds

from combat_solver import Board
from combat_solver.cards import index
from combat_solver.cards.catalog import BUNDLED, Catalog, bundled_catalog

NAMES = ["Juggernaut", "Silent Arbiter", "Grizzly Bears", "Lure", "Serra Angel", "Goblin Rabblemaster"]


def load() -> Catalog:
    with resources.as_file(resources.files("combat_solver.cards").joinpath(BUNDLED)) as path:
        return Catalog.from_index(index.open_index(path))


def resolve_board() -> Board:
    permanents = [{"id": f"p{i}", "card": n, "controller": "alice"} for i, n in enumerate(NAMES * 5)]
    return Board.model_validate(
        {"players": [{"id": "alice"}, {"id": "bob"}], "active_player": "alice", "permanents": permanents}
    )


def compile_all() -> int:
    catalog = load()
    return sum(1 for r in catalog if r.is_permanent and catalog.compiled(r) is not None)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    bundled_catalog()
    print("| step | median |")
    print("|---|---:|")
    for label, run in (
        ("open the bundled catalog", load),
        ("resolve a 30-permanent board by card names (catalog loaded)", resolve_board),
        ("compile every permanent card", compile_all),
    ):
        print(f"| {label} | {median_seconds(run, args.repeat) * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
