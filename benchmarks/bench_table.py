"""combat-solver beside phase.rs on the same boards: the table of issue 14 and a growth plot.

Every case is a board of real cards (Viashino Runner, Night Market Guard, Lure, Grizzly Bears,
Silent Arbiter, Juggernaut, Mogg Flunkies) and one declaration. combat-solver checks it
in-process (median of --repeat runs after --warmup untimed ones, OR-Tools imported beforehand): the bare verdict
(``explain=False``, what phase.rs answers: valid or not) on one built board, as phase.rs is timed
on one loaded state, compared with phase.rs; the same check on a fresh board each run (nothing
derived from the board reused: layer 6, units, restrictions, requirements, the checker); and the
explained check a judge reads (the requirement maximum and a witness). When `phase-python` is
installed (the `bench` extra), the same board is set up in phase.rs with its debug actions (cards
moved from the decks to the battlefield, summoning sickness cleared, Lure attached, the attack
declared), the state is saved, and phase validates the same declaration: `apply` on the restored
snapshot, timed alone after the same number of untimed applications (restoring is not timed; an
illegal declaration leaves the state unchanged, a legal one is restored again before the next run). Enumeration on phase is brute force: every
candidate block applied to the snapshot. The larger boards of bench_blocks.py (Lure, menace,
flying, extra blockers; 100 and 300 a side) and bench_attacks.py (500 attacking creatures, four
players) run on combat-solver only. Run:

    python benchmarks/bench_table.py [--repeat 5] [--warmup 20] [--sizes 2 4 8 16 24 32 40] [--budget 60]
        [--no-large] [--no-phase] [--plot benchmarks/growth.png]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import bench_attacks
import bench_blocks
from bench_blocks import median_seconds

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    Permanent,
    check_attacks,
    check_blocks,
    legal_blocks,
    solve_attacks,
    solve_blocks,
)
from combat_solver.importers import phase as importer

T = TypeVar("T")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CARDS: dict[str, dict[str, Any]] = {
    "Viashino Runner": {
        "types": ["creature"],
        "subtypes": ["Lizard"],
        "colors": ["red"],
        "power": 3,
        "toughness": 2,
        "abilities": [{"kind": "menace"}],
    },
    "Night Market Guard": {
        "types": ["artifact", "creature"],
        "subtypes": ["Construct"],
        "power": 3,
        "toughness": 1,
        "abilities": [{"kind": "block_additional", "n": 1}],
    },
    "Grizzly Bears": {"types": ["creature"], "subtypes": ["Bear"], "colors": ["green"], "power": 2, "toughness": 2},
    "Silent Arbiter": {
        "types": ["artifact", "creature"],
        "subtypes": ["Construct"],
        "power": 1,
        "toughness": 5,
        "abilities": [{"kind": "attack_limit", "n": 1}, {"kind": "block_limit", "n": 1}],
    },
    "Juggernaut": {
        "types": ["artifact", "creature"],
        "subtypes": ["Juggernaut"],
        "power": 5,
        "toughness": 3,
        "abilities": [{"kind": "must_attack"}, {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Wall"]}}],
    },
    "Mogg Flunkies": {
        "types": ["creature"],
        "subtypes": ["Goblin"],
        "colors": ["red"],
        "power": 3,
        "toughness": 3,
        "abilities": [{"kind": "cant_attack_alone"}, {"kind": "cant_block_alone"}],
    },
}
"""The cards of the side-by-side boards in the board vocabulary (their Oracle text as phase reads it)."""
LURE = "Lure"
PADDING = "Forest"


@dataclass(frozen=True)
class Case:
    """One board of real cards and one declaration, at the declare attackers step (``attacking``
    empty) or the declare blockers step. Creature i of the active player is ``a{i}``, of the
    defending player ``d{i}``; Lure, when present, enchants ``a{lure_on}``."""

    row: str
    n: int
    active: tuple[str, ...]
    defending: tuple[str, ...]
    declaration: dict[str, Any]
    attacking: tuple[int, ...] = ()
    lure_on: int | None = None

    @property
    def step(self) -> str:
        return "block" if self.attacking else "attack"

    def board(self) -> Board:
        return Board.model_validate(self.data())

    def data(self) -> dict[str, Any]:
        """The board as plain data (what a file or a log holds)."""
        permanents = [_permanent(f"a{i}", name, "p0", i in self.attacking) for i, name in enumerate(self.active)]
        permanents += [_permanent(f"d{i}", name, "p1", False) for i, name in enumerate(self.defending)]
        if self.lure_on is not None:
            lure_grant = {"kind": "grant", "to": {"ids": [f"a{self.lure_on}"]}, "ability": {"kind": "lure"}}
            permanents.append(
                {
                    "id": "lure",
                    "name": LURE,
                    "controller": "p0",
                    "types": ["enchantment"],
                    "subtypes": ["Aura"],
                    "colors": ["green"],
                    "abilities": [lure_grant],
                }
            )
        board: dict[str, Any] = {
            "players": [{"id": "p0"}, {"id": "p1"}],
            "active_player": "p0",
            "permanents": permanents,
        }
        if self.attacking:
            board["combat"] = {"attackers": {f"a{i}": "p1" for i in self.attacking}}
        return board

    def check(self, board: Board, *, explain: bool) -> Callable[[], Any]:
        """The check of the declaration: the bare verdict (``explain`` False, what phase.rs gives)
        or with the requirement maximum and witness a judge reads."""
        if self.step == "block":
            return partial(check_blocks, board, BlockDeclaration.model_validate(self.declaration), explain=explain)
        return partial(check_attacks, board, AttackDeclaration.model_validate(self.declaration), explain=explain)


def _permanent(permanent_id: str, name: str, controller: str, attacking: bool) -> dict[str, Any]:
    return {"id": permanent_id, "name": name, "controller": controller, "tapped": attacking, **CARDS[name]}


def attack_mix(n: int) -> tuple[str, ...]:
    """Juggernauts, Mogg Flunkies and Grizzly Bears in turn."""
    cycle = ("Juggernaut", "Mogg Flunkies", "Grizzly Bears", "Grizzly Bears")
    return tuple(cycle[i % 4] for i in range(n))


def block(blocks: dict[str, list[str]]) -> dict[str, Any]:
    return {"kind": "block", "blocks": blocks}


def attack(attacks: dict[str, str]) -> dict[str, Any]:
    return {"kind": "attack", "attacks": attacks}


ROWS: dict[str, Callable[[int], Case]] = {
    "block check, a broken restriction: one creature blocks a menace attacker (Lure + Night Market Guard + menace)": (
        lambda n: Case(
            "menace",
            n,
            ("Viashino Runner",) * n,
            ("Night Market Guard",) * n,
            block({"d0": ["a1" if n > 1 else "a0"]}),
            tuple(range(n)),
            0,
        )
    ),
    'block check, "no blocks" where a Lure needs them (Lure + Night Market Guard + menace)': (
        lambda n: Case("lure", n, ("Viashino Runner",) * n, ("Night Market Guard",) * n, block({}), tuple(range(n)), 0)
    ),
    "block check, Silent Arbiter cap broken (one attacker, two of n blockers block it)": (
        lambda n: Case(
            "arbiter-block",
            n,
            ("Grizzly Bears",) * n,
            ("Silent Arbiter",) + ("Grizzly Bears",) * (n - 1),
            block({"d0": ["a0"], "d1": ["a0"]}),
            (0,),
        )
    ),
    "block check, requirement-free, every Grizzly Bears blocks (legal)": (
        lambda n: Case(
            "free",
            n,
            ("Grizzly Bears",) * n,
            ("Grizzly Bears",) * n,
            block({f"d{i}": [f"a{i}"] for i in range(n)}),
            tuple(range(n)),
        )
    ),
    "attack check, illegal: Mogg Flunkies attacks alone, Juggernauts stay home": (
        lambda n: Case("flunkies", n, attack_mix(n), (), attack({"a1": "p1"}))
    ),
    "attack check with Silent Arbiter, one Juggernaut attacks (legal)": (
        lambda n: Case("arbiter-attack", n, attack_mix(n), ("Silent Arbiter",), attack({"a0": "p1"}))
    ),
}
PLOT_LABELS = dict(
    zip(
        ROWS,
        (
            "menace broken",
            '"no blocks" vs Lure',
            "Silent Arbiter broken",
            "requirement-free, legal",
            "Mogg Flunkies alone",
            "Silent Arbiter, legal",
        ),
        strict=True,
    )
)
LURE_ROW_SIZES = (2, 4, 8, 10)
"""phase.rs's Lure search grows exponentially: beyond 10 a side one check takes seconds to minutes."""
ATTACK_EXTRA_SIZES = (80,)


@dataclass
class Line:
    case: str
    n: str
    ours: float | None
    theirs: float | None = None
    explained: float | None = None
    fresh: float | None = None
    from_data: float | None = None
    theirs_from_data: float | None = None
    note: str = ""
    runs: int = 0
    verdicts: tuple[str, ...] = field(default_factory=tuple)


def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    if seconds >= 1:
        return f"{seconds:.3g} s"
    return f"{seconds * 1000:.3g} ms"


def ratio(line: Line, ours: float | None = None, theirs: float | None = None) -> str:
    ours = line.ours if ours is None else ours
    theirs = line.theirs if theirs is None else theirs
    if ours is None or theirs is None or theirs == 0:
        return "—"
    value = ours / theirs
    return f"{value:.0f}×" if value >= 10 else f"{value:.1f}×" if value >= 1 else f"{value:.2f}×"


class Phase:
    """phase.rs boards built with debug actions, snapshots, and timed validation."""

    def __init__(self) -> None:
        from phase import Engine
        from phase_card_data import card_data_path

        self.card_data = card_data_path({*CARDS, LURE, PADDING})
        self.engine = Engine.from_path(str(self.card_data))

    def act(self, game: Any, seat: int, action: dict[str, Any]) -> None:
        from phase import GameAction

        game.apply(seat, GameAction.from_dict(action))

    def debug(self, game: Any, kind: str, **data: Any) -> None:
        self.act(game, 0, {"type": "Debug", "data": {"type": kind, "data": data}})

    def pass_until(self, game: Any, step: str) -> None:
        while game.waiting_for()["type"] == "Priority":
            self.act(game, game.priority_player(), {"type": "PassPriority"})
        if game.waiting_for()["type"] != step:
            raise RuntimeError(f"phase.rs waits for {game.waiting_for()['type']}, not {step}")

    def snapshot(self, case: Case) -> tuple[Any, dict[str, int]]:
        """phase.rs's state at the case's step and our permanent ids -> phase object ids."""
        active = [*case.active, *([LURE] if case.lure_on is not None else []), *[PADDING] * 20]
        game = self.engine.new_game(
            player=active, opponent=[*case.defending, *[PADDING] * 20], seed=1, first_player=0, format="Legacy"
        )
        while game.waiting_for()["type"] == "MulliganDecision":
            seat = game.waiting_for()["data"]["pending"][0]["player"]
            self.act(game, seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        state = game.state()
        state["state"]["debug_mode"] = True
        game = self.engine.load_game(state)
        objects = state["state"]["objects"]
        free = {
            (name, owner): sorted(int(i) for i, o in objects.items() if o["name"] == name and o["owner"] == owner)
            for name, owner in {(o["name"], o["owner"]) for o in objects.values()}
        }
        ids: dict[str, int] = {}
        for prefix, owner, names in (("a", 0, case.active), ("d", 1, case.defending)):
            for i, name in enumerate(names):
                ids[f"{prefix}{i}"] = free[(name, owner)].pop(0)
        for object_id in ids.values():
            self.debug(game, "MoveToZone", object_id=object_id, to_zone="Battlefield")
            self.debug(game, "SetSummoningSickness", object_id=object_id, sick=False)
        if case.lure_on is not None:
            ids["lure"] = free[(LURE, 0)].pop(0)
            self.debug(game, "MoveToZone", object_id=ids["lure"], to_zone="Battlefield")
            self.debug(game, "SetSummoningSickness", object_id=ids["lure"], sick=False)
            target = {"type": "Object", "data": ids[f"a{case.lure_on}"]}
            self.debug(game, "Attach", object_id=ids["lure"], target=target)
        self.pass_until(game, "DeclareAttackers")
        if case.attacking:
            attacks = [[ids[f"a{i}"], {"type": "Player", "data": 1}] for i in case.attacking]
            self.act(game, 0, {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}})
            self.pass_until(game, "DeclareBlockers")
        snapshot = game.state()
        snapshot["state"]["debug_mode"] = False
        return snapshot, ids

    @staticmethod
    def action(case: Case, ids: dict[str, int], declaration: dict[str, Any]) -> dict[str, Any]:
        if case.step == "block":
            pairs = [[ids[b], ids[a]] for b, attackers in declaration["blocks"].items() for a in attackers]
            return {"type": "DeclareBlockers", "data": {"assignments": pairs}}
        attacks = [[ids[a], {"type": "Player", "data": 1}] for a in declaration["attacks"]]
        return {"type": "DeclareAttackers", "data": {"attacks": attacks, "bands": []}}

    def validate(
        self, snapshot: Any, seat: int, action: dict[str, Any], repeat: int, warmup: int
    ) -> tuple[float, bool]:
        """Median seconds of phase.rs applying `action` to the snapshot (after ``warmup`` untimed
        applications), and whether it accepted it."""
        from phase import GameAction

        parsed = GameAction.from_dict(action)
        game = self.engine.load_game(snapshot)
        times = []
        accepted = False
        for run in range(warmup + repeat):
            if accepted:
                game = self.engine.load_game(snapshot)
            start = time.perf_counter()
            try:
                game.apply(seat, parsed)
                accepted = True
            except ValueError:
                accepted = False
            if run >= warmup:
                times.append(time.perf_counter() - start)
        return statistics.median(times), accepted

    def load_and_validate(self, snapshot: Any, seat: int, action: dict[str, Any], repeat: int, warmup: int) -> float:
        """Median seconds of phase.rs loading the snapshot into a new state and applying
        `action` to it (the counterpart of a new board read from its data and checked)."""
        from phase import GameAction

        parsed = GameAction.from_dict(action)
        times = []
        for run in range(warmup + repeat):
            start = time.perf_counter()
            game = self.engine.load_game(snapshot)
            with contextlib.suppress(ValueError):
                game.apply(seat, parsed)
            if run >= warmup:
                times.append(time.perf_counter() - start)
        return statistics.median(times)

    def enumerate_blocks(
        self, case: Case, snapshot: Any, ids: dict[str, int], budget: float
    ) -> tuple[float, int, bool]:
        """Brute force: every block (each blocker blocks nothing or one attacker) applied to the
        snapshot. Seconds, legal blocks found, and whether it finished within the budget."""
        from phase import GameAction

        attackers = [None, *(f"a{i}" for i in case.attacking)]
        blockers = [f"d{i}" for i in range(len(case.defending))]
        game = self.engine.load_game(snapshot)
        legal = 0
        start = time.perf_counter()
        for choice in itertools.product(attackers, repeat=len(blockers)):
            declaration = {b: [a] for b, a in zip(blockers, choice, strict=True) if a is not None}
            try:
                game.apply(1, GameAction.from_dict(self.action(case, ids, block(declaration))))
            except ValueError:
                continue
            legal += 1
            game = self.engine.load_game(snapshot)
            if time.perf_counter() - start > budget:
                return time.perf_counter() - start, legal, False
        return time.perf_counter() - start, legal, True


def fresh_median(make: Callable[[], T], run: Callable[[T], Any], repeat: int, budget: float) -> tuple[float, int]:
    """Median seconds of ``run`` on a new ``Board`` (or its data) each time, made untimed: nothing
    derived from a board is reused. Fewer runs when the runs so far exceed the budget."""
    times: list[float] = []
    while len(times) < repeat and sum(times) <= budget:
        board = make()
        start = time.perf_counter()
        run(board)
        times.append(time.perf_counter() - start)
    return statistics.median(times), len(times)


def measure_case(case: Case, phase: Phase | None, repeat: int, label: str, warmup: int) -> Line:
    board = case.board()
    check = case.check(board, explain=False)
    verdict = check()
    for _ in range(warmup):
        check()
    explained = case.check(board, explain=True)
    if explained().status != verdict.status:
        raise RuntimeError(f"{label}, n={case.n}: the bare and the explained check disagree")
    line = Line(
        label,
        str(case.n),
        median_seconds(check, repeat),
        explained=median_seconds(explained, repeat),
        verdicts=(verdict.status,),
    )
    line.fresh, _ = fresh_median(case.board, lambda b: case.check(b, explain=False)(), repeat, float("inf"))
    line.from_data, _ = fresh_median(
        case.data, lambda data: case.check(Board.model_validate(data), explain=False)(), repeat, float("inf")
    )
    if phase is not None:
        snapshot, ids = phase.snapshot(case)
        seat = 1 if case.step == "block" else 0
        action = phase.action(case, ids, case.declaration)
        differences = board_differences(board, importer.record(snapshot, action, record_id=case.row)["board"], ids)
        if differences:
            raise RuntimeError(f"phase.rs's board is not the benchmark's: {differences}")
        line.theirs, accepted = phase.validate(snapshot, seat, action, repeat, warmup)
        line.theirs_from_data = phase.load_and_validate(snapshot, seat, action, repeat, warmup)
        line.verdicts += ("legal" if accepted else "illegal",)
        if line.verdicts[0] != line.verdicts[1]:
            line.note = f"disagree: combat-solver {line.verdicts[0]}, phase.rs {line.verdicts[1]}"
    return line


def board_differences(ours: Board, imported: dict[str, Any], ids: dict[str, int]) -> list[str]:
    """What differs between a benchmark board and phase.rs's state of it read back through the
    importer: each permanent's characteristics, abilities, tapped status and summoning sickness."""
    text = json.dumps(imported["permanents"])
    for our_id, phase_id in ids.items():
        text = text.replace(f'"{importer.slug(ours.permanent(our_id).name)}-{phase_id}"', f'"{our_id}"')
    differences = []
    for data in json.loads(text):
        if data["id"] not in ids:
            differences.append(f"{data['name']} ({data['id']}) is not on the benchmark board")
            continue
        theirs = Permanent.model_validate(data).model_dump(mode="json", exclude={"owner"})
        mine = ours.permanent(data["id"]).model_dump(mode="json", exclude={"owner"})
        differences += [
            f"{data['id']}.{key}: {mine[key]} here, {theirs[key]} in phase.rs"
            for key in mine
            if mine[key] != theirs[key]
        ]
    return differences


def timed_enumeration(board: Board, budget: float) -> tuple[float, int, bool]:
    start = time.perf_counter()
    found = 0
    for _ in legal_blocks(board):
        found += 1
        if time.perf_counter() - start > budget:
            return time.perf_counter() - start, found, False
    return time.perf_counter() - start, found, True


def enumeration_line(attackers: int, blockers: int, phase: Phase | None, budget: float) -> Line:
    """Every legal block of `attackers` Grizzly Bears against `blockers` ((attackers + 1) ** blockers
    blocks, all legal). A run stopped by the budget is extrapolated from its rate and marked."""
    case = Case(
        "enumerate",
        attackers,
        ("Grizzly Bears",) * attackers,
        ("Grizzly Bears",) * blockers,
        block({}),
        tuple(range(attackers)),
    )
    total = (attackers + 1) ** blockers
    line = Line(f"enumerate every legal block, Grizzly Bears ({total} blocks)", f"{attackers} × {blockers}", None)
    notes = []
    runs = [("combat-solver", timed_enumeration(case.board(), budget))]
    if phase is not None:
        snapshot, ids = phase.snapshot(case)
        runs.append(("phase.rs", phase.enumerate_blocks(case, snapshot, ids, budget)))
    for who, (seconds, found, finished) in runs:
        estimate = seconds if finished else seconds / max(found, 1) * total
        if who == "combat-solver":
            line.ours = estimate
        else:
            line.theirs = estimate
        rate = f"{found / seconds:,.0f} blocks/s"
        notes.append(
            f"{who} {rate}"
            + ("" if finished else f" (stopped after {found} blocks in {seconds:.0f} s: time extrapolated)")
        )
    line.note = "; ".join(notes)
    return line


def large_lines(repeat: int, budget: float) -> Iterator[Line]:
    """One command's work on a large board: each run on a fresh board (a single check or solve)."""
    boards = (
        (bench_blocks.board, "block check, no blocks, Lure + menace + extra blockers (bench_blocks board)"),
        (
            bench_blocks.flow_board,
            "block check, no blocks, Lure + Charging Rhino + Night Market Guard + Watchdog (min-cost flow)",
        ),
    )
    for board, label in boards:
        for n in (100, 300):
            make = partial(board, n)
            seconds, runs = fresh_median(make, lambda b: check_blocks(b, BlockDeclaration()), repeat, budget)
            yield Line(label, f"{n} a side", seconds, runs=runs, fresh=seconds)
            seconds, runs = fresh_median(make, solve_blocks, repeat, budget)
            yield Line("block solve, same board", f"{n} a side", seconds, runs=runs, fresh=seconds)
    make = partial(bench_attacks.board, 500)
    label = "attack check, no attack, 500 creatures, four players (bench_attacks board)"
    seconds, runs = fresh_median(make, lambda b: check_attacks(b, AttackDeclaration()), repeat, budget)
    yield Line(label, "500", seconds, runs=runs, fresh=seconds)
    seconds, runs = fresh_median(make, solve_attacks, repeat, budget)
    yield Line("attack solve, same board", "500", seconds, runs=runs, fresh=seconds)


def process_line(phase: Phase | None, repeat: int) -> Line:
    """Whole process: start Python, load, one requirement-free block check (40 a side)."""
    case = ROWS["block check, requirement-free, every Grizzly Bears blocks (legal)"](40)
    with tempfile.TemporaryDirectory() as tmp:
        scenario = Path(tmp) / "board.json"
        scenario.write_text(
            json.dumps({"board": case.board().model_dump(mode="json", by_alias=True), "declaration": case.declaration})
        )
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        ours = median_seconds(
            partial(
                subprocess.run,
                [sys.executable, "-m", "combat_solver", "check", str(scenario), "--verdict-only"],
                env=env,
                check=True,
                capture_output=True,
            ),
            repeat,
        )
        line = Line("whole process: start, load, one requirement-free block check", "40", ours)
        if phase is not None:
            snapshot, ids = phase.snapshot(case)
            state = Path(tmp) / "state.json"
            state.write_text(json.dumps(snapshot))
            program = (
                "import json, sys\nfrom phase import Engine, GameAction\n"
                "engine = Engine.from_path(sys.argv[1])\ngame = engine.load_game(json.load(open(sys.argv[2])))\n"
                "game.apply(1, GameAction.from_dict(json.loads(sys.argv[3])))\n"
            )
            action = json.dumps(phase.action(case, ids, case.declaration))
            command = [sys.executable, "-c", program, str(phase.card_data), str(state), action]
            line.theirs = median_seconds(partial(subprocess.run, command, check=True, capture_output=True), repeat)
    return line


def plot(lines: list[Line], path: Path) -> None:
    """Median check time against board size, blocks and attacks side by side, log-log."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import ScalarFormatter

    fig, axes = plt.subplots(1, 2, figsize=(13, 6.5), sharey=True)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for color, row in zip(colors, ROWS, strict=False):
        ax = axes[0] if row.startswith("block") else axes[1]
        points = [(int(line.n), line) for line in lines if line.case == row and line.ours is not None]
        ours = [(n, line.ours * 1000) for n, line in points if line.ours is not None]
        ax.plot(*zip(*ours, strict=True), "-o", color=color, label=f"combat-solver: {PLOT_LABELS[row]}")
        fresh = [(n, line.fresh * 1000) for n, line in points if line.fresh is not None]
        if fresh:
            ax.plot(*zip(*fresh, strict=True), ":^", color=color, alpha=0.6, label=f"fresh board: {PLOT_LABELS[row]}")
        theirs = [(n, line.theirs * 1000) for n, line in points if line.theirs is not None]
        if theirs:
            ax.plot(*zip(*theirs, strict=True), "--s", color=color, alpha=0.7, label=f"phase.rs: {PLOT_LABELS[row]}")
    for ax, title in zip(axes, ("block checks", "attack checks"), strict=True):
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.xaxis.set_major_formatter(ScalarFormatter())
        ax.set_xticks(sorted({int(x) for plotted in ax.get_lines() for x in plotted.get_xdata()}))
        ax.set_xlabel("creatures a side (n)")
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8, loc="upper left")
    axes[0].set_ylabel("median time of one check (ms, log scale)")
    fig.suptitle(
        "One declaration checked in-process: combat-solver (solid; dotted: first check of a fresh board) "
        "and phase.rs 0.103.0 (dashed)"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def print_table(lines: list[Line], with_phase: bool) -> None:
    if with_phase:
        print(
            "| case | n | combat-solver | phase.rs | ratio (combat-solver / phase.rs) "
            "| combat-solver, fresh board | ratio, fresh board | combat-solver, from data | phase.rs, from its state "
            "| ratio, from data | combat-solver, explained | verdict | note |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    else:
        print(
            "| case | n | combat-solver | combat-solver, fresh board | combat-solver, from data "
            "| combat-solver, explained | verdict | note |"
        )
        print("|---|---:|---:|---:|---:|---:|---|---|")
    for line in lines:
        runs = f" ({line.runs} runs)" if line.runs and line.runs < 5 else ""
        verdict = line.verdicts[0] if line.verdicts else ""
        if with_phase:
            print(
                f"| {line.case} | {line.n} | {fmt(line.ours)}{runs} | {fmt(line.theirs)} | {ratio(line)} "
                f"| {fmt(line.fresh)} | {ratio(line, line.fresh)} | {fmt(line.from_data)} "
                f"| {fmt(line.theirs_from_data)} "
                f"| {ratio(line, line.from_data, line.theirs_from_data) if line.from_data else '—'} "
                f"| {fmt(line.explained)} | {verdict} | {line.note} |"
            )
        else:
            print(
                f"| {line.case} | {line.n} | {fmt(line.ours)}{runs} | {fmt(line.fresh)} | {fmt(line.from_data)} "
                f"| {fmt(line.explained)} | {verdict} | {line.note} |"
            )
        sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--warmup",
        type=int,
        default=20,
        help="untimed runs of each engine's check before the timed ones (default 20): Python 3.11 "
        "specializes a function's bytecode after it has run a few times",
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[2, 4, 8, 16, 24, 32, 40])
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per enumeration and per large row")
    parser.add_argument("--no-large", action="store_true", help="skip the 100/300 a side and 500-creature rows")
    parser.add_argument("--no-phase", action="store_true", help="combat-solver only, even if phase-python is installed")
    parser.add_argument("--plot", type=Path, default=HERE / "growth.png")
    args = parser.parse_args()
    phase = None
    if not args.no_phase:
        try:
            phase = Phase()
        except ImportError:
            print("phase-python is not installed (pip install -e '.[bench]'): combat-solver only\n")
    import ortools.sat.python.cp_model  # noqa: F401  (imported once, outside the measurements)

    solve_blocks(bench_blocks.board(2))
    lines: list[Line] = []
    for row, make in ROWS.items():
        sizes = list(args.sizes)
        if "Lure needs" in row:
            sizes = [n for n in LURE_ROW_SIZES if n <= max(args.sizes)]
        if row.startswith("attack"):
            sizes += [n for n in ATTACK_EXTRA_SIZES if n not in sizes]
        for n in sizes:
            lines.append(measure_case(make(n), phase, args.repeat, row, args.warmup))
            print(f"measured {PLOT_LABELS[row]}, n={n}", file=sys.stderr)
    lines.append(enumeration_line(5, 4, phase, args.budget))
    lines.append(enumeration_line(6, 5, phase, args.budget))
    if not args.no_large:
        lines.extend(large_lines(args.repeat, args.budget))
    lines.append(process_line(phase, args.repeat))
    print_table(lines, phase is not None)
    plot(lines, args.plot)
    print(f"\nGrowth plot: {args.plot}")


if __name__ == "__main__":
    main()
