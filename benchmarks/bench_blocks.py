"""Block-step performance: medians of check and solve on growing boards.

The board family follows DESIGN §1: a Lure attacker, evasive and menace attackers, and blockers
that can block an additional creature, N creatures a side. Run:

    python benchmarks/bench_blocks.py [--sizes 4 8 16 20 30] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial
from typing import Any

from combat_solver import BlockDeclaration, Board, check_blocks, solve_blocks
from combat_solver.resolve.game import Game
from combat_solver.resolve.units import block_units
from combat_solver.solve.engine import problem as unit_problem


def board(n: int) -> Board:
    perms: list[dict[str, Any]] = []
    attackers = {}
    for i in range(n):
        abilities: list[dict[str, Any]] = []
        if i == 0:
            abilities.append({"kind": "lure"})
        elif i % 3 == 1:
            abilities.append({"kind": "menace"})
        elif i % 3 == 2:
            abilities.append({"kind": "flying"})
        if i % 4 == 3:
            abilities.append({"kind": "must_be_blocked"})
        perms.append(
            {
                "id": f"a{i}",
                "name": f"Attacker {i}",
                "controller": "alice",
                "types": ["creature"],
                "power": 1 + i % 5,
                "toughness": 2,
                "abilities": abilities,
            }
        )
        attackers[f"a{i}"] = "bob"
    for i in range(n):
        abilities = [{"kind": "block_additional", "n": 1}]
        if i % 3 == 0:
            abilities.append({"kind": "reach"})
        if i % 5 == 4:
            abilities.append({"kind": "must_block"})
        perms.append(
            {
                "id": f"b{i}",
                "name": f"Blocker {i}",
                "controller": "bob",
                "types": ["creature"],
                "power": 1 + i % 4,
                "toughness": 3,
                "abilities": abilities,
            }
        )
    return Board.model_validate(
        {
            "players": [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": perms,
            "combat": {"attackers": attackers},
        }
    )


def flow_board(n: int) -> Board:
    """A board whose restrictions are only per-pair plus capacities (docs/design.md §5: decided by
    a min-cost flow past the search): N Grizzly Bears attack, one in seven lured (Lure), one in
    three a Charging Rhino (can't be blocked by more than one creature); N defenders, one in four
    a Night Market Guard (can block an additional creature), one in five a Watchdog (blocks each
    combat if able)."""
    perms: list[dict[str, Any]] = []
    for i in range(n):
        perms.append(
            {"id": f"a{i}", "card": "Charging Rhino" if i % 3 == 0 else "Grizzly Bears", "controller": "alice"}
        )
        defender = "Night Market Guard" if i % 4 == 0 else "Watchdog" if i % 5 == 0 else "Grizzly Bears"
        perms.append({"id": f"b{i}", "card": defender, "controller": "bob"})
    perms += [{"id": f"lure{i}", "card": "Lure", "controller": "alice", "attached_to": f"a{i}"} for i in range(0, n, 7)]
    return Board.model_validate(
        {
            "players": [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": perms,
            "combat": {"attackers": {f"a{i}": "bob" for i in range(n)}},
        }
    )


def median_seconds(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 8, 16, 20, 30])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    solve_blocks(board(2))  # import OR-Tools once, outside the measurements
    print(
        "| creatures a side | pair variables | requirements | check (no blocks) median | check (optimal) median | solve median |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    for n in args.sizes:
        b = board(n)
        unit = block_units(Game(b))[0]
        problem = unit_problem(unit)
        optimal = solve_blocks(b).declaration
        assert isinstance(optimal, BlockDeclaration)
        empty = BlockDeclaration()
        t_check_empty = median_seconds(partial(check_blocks, b, empty), args.repeat)
        t_check_opt = median_seconds(partial(check_blocks, b, optimal), args.repeat)
        t_solve = median_seconds(partial(solve_blocks, b), args.repeat)
        print(
            f"| {n} | {len(problem.variables)} | {len(problem.requirements)} | {t_check_empty * 1000:.0f} ms "
            f"| {t_check_opt * 1000:.0f} ms | {t_solve * 1000:.0f} ms |"
        )


if __name__ == "__main__":
    main()
