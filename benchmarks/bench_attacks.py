"""Attack-step performance: medians of check and solve on growing four-player boards.

N attacking creatures (must-attack, goaded by two opponents, can't-attack-alone) against three
opponents with planeswalkers, a per-defender cap (Crawlspace) and a Ghostly Prison tax paid from
lands. Run:

    python benchmarks/bench_attacks.py [--sizes 4 8 16 24] [--repeat 5]
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from bench_blocks import median_seconds

from combat_solver import AttackDeclaration, Board, check_attacks, solve_attacks
from combat_solver.resolve.game import Game
from combat_solver.resolve.units import attack_unit
from combat_solver.solve.engine import problem as unit_problem


def board(n: int) -> Board:
    players = [{"id": p} for p in ("alice", "bob", "carol", "dave")]
    perms: list[dict[str, Any]] = []
    for i in range(n):
        abilities: list[dict[str, Any]] = []
        if i % 3 == 0:
            abilities.append({"kind": "must_attack"})
        if i % 4 == 1:
            abilities += [{"kind": "goad", "by": "bob"}, {"kind": "goad", "by": "carol"}]
        if i % 5 == 2:
            abilities.append({"kind": "cant_attack_alone"})
        perms.append(
            {
                "id": f"c{i}",
                "name": f"Creature {i}",
                "controller": "alice",
                "types": ["creature"],
                "power": 1 + i % 4,
                "toughness": 2,
                "abilities": abilities,
            }
        )
    for i in range(n // 2):
        perms.append(
            {
                "id": f"l{i}",
                "name": f"Plains {i}",
                "controller": "alice",
                "types": ["land"],
                "subtypes": ["Plains"],
                "abilities": [{"kind": "mana", "produces": "W"}],
            }
        )
    for p in ("bob", "carol", "dave"):
        perms.append({"id": f"pw-{p}", "name": f"Planeswalker of {p}", "controller": p, "types": ["planeswalker"]})
    perms.append(
        {
            "id": "crawl",
            "name": "Crawlspace",
            "controller": "carol",
            "types": ["artifact"],
            "abilities": [{"kind": "attack_limit", "n": 2, "defender": {"player": "you"}}],
        }
    )
    perms.append(
        {
            "id": "prison",
            "name": "Ghostly Prison",
            "controller": "dave",
            "types": ["enchantment"],
            "abilities": [{"kind": "attack_tax", "cost": {"mana": "{2}"}}],
        }
    )
    return Board.model_validate({"players": players, "active_player": "alice", "permanents": perms})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[4, 8, 16, 24])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    solve_attacks(board(2))
    print(
        "| attacking creatures | attack variables | requirements | check (no attack) median | check (optimal) median | solve median |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    for n in args.sizes:
        b = board(n)
        problem = unit_problem(attack_unit(Game(b)))
        optimal = solve_attacks(b).declaration
        empty = AttackDeclaration()
        t_empty = median_seconds(partial(check_attacks, b, empty), args.repeat)
        t_opt = median_seconds(partial(check_attacks, b, optimal), args.repeat)  # type: ignore[arg-type]
        t_solve = median_seconds(partial(solve_attacks, b), args.repeat)
        print(
            f"| {n} | {len(problem.variables)} | {len(problem.requirements)} | {t_empty * 1000:.0f} ms "
            f"| {t_opt * 1000:.0f} ms | {t_solve * 1000:.0f} ms |"
        )


if __name__ == "__main__":
    main()
