"""The card catalog's store: the SQLite index shipped (``combat_solver/cards/catalog.sqlite``)
against the gzip'd JSON it replaced and a name index with offsets into a compressed file (cards
in blocks of 64, each block zlib-compressed; the names and offsets a gzip'd JSON read at open).
In-process medians of opening, 30 lookups and name searches (p50/p99 over queries of every tier),
the size each adds to a wheel, then whole-process medians (wall clock and peak memory) of the
command line checking a board written out and the same board by card name (its cards compiled by
an earlier run and read from the store of compiled cards, and with that store empty), and of
``card "Grizzly Bears"``. Run:

    python benchmarks/bench_catalog.py [--repeat 11] [--queries 400]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from bisect import bisect_left
from collections.abc import Callable
from pathlib import Path
from typing import Any

from combat_solver.cards import index
from combat_solver.cards.card_record import CardRecord
from combat_solver.cards.catalog import BUNDLED, Catalog, fold, read_bundle
from combat_solver.cards.names import rank, search_key

ROOT = Path(__file__).resolve().parent.parent
SQLITE = ROOT / "combat_solver" / "cards" / BUNDLED
JSON_GZ = ROOT / "data" / "catalog.json.gz"
LOOKUPS = ["Juggernaut", "Grizzly Bears", "Serra Angel", "Lure", "Silent Arbiter", "Goblin Rabblemaster"] * 5
BLOCK = 64


def median_ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


class OffsetStore:
    """The alternative: names -> (block, position) in a JSON index, cards in compressed blocks."""

    def __init__(self, folder: Path) -> None:
        self.blocks = (folder / "cards.bin").open("rb")
        payload = json.loads(gzip.decompress((folder / "names.json.gz").read_bytes()))
        self.keys: dict[str, int] = payload["keys"]
        self.offsets: list[int] = payload["offsets"]
        self.names: list[str] = payload["names"]
        self.sorted_keys = sorted(search_key(n) for n in self.names)

    @staticmethod
    def write(records: list[CardRecord], folder: Path) -> int:
        offsets, keys, names = [0], {}, []
        with (folder / "cards.bin").open("wb") as out:
            for start in range(0, len(records), BLOCK):
                block = records[start : start + BLOCK]
                offsets.append(
                    offsets[-1] + out.write(zlib.compress(json.dumps([r.to_row() for r in block]).encode(), 9))
                )
                for i, r in enumerate(block):
                    keys.setdefault(fold(r.name), start + i)
                    names.append(r.name)
        data = json.dumps({"keys": keys, "offsets": offsets, "names": names}).encode()
        (folder / "names.json.gz").write_bytes(gzip.compress(data, 9))
        return (folder / "cards.bin").stat().st_size + (folder / "names.json.gz").stat().st_size

    def get(self, name: str) -> CardRecord:
        at = self.keys[fold(name)]
        block, i = divmod(at, BLOCK)
        self.blocks.seek(self.offsets[block])
        rows = json.loads(zlib.decompress(self.blocks.read(self.offsets[block + 1] - self.offsets[block])))
        return CardRecord.from_row(rows[i])

    def search(self, query: str, limit: int) -> list[str]:
        """No search index: the same ranking over every name (a prefix alone would bisect)."""
        return rank(query, self.names, limit)

    def prefix(self, query: str) -> int:
        return bisect_left(self.sorted_keys, search_key(query))


def queries(names: list[str], count: int) -> list[tuple[str, str]]:
    """(tier, query): exact names, prefixes, word starts, misspellings, with case and accents."""
    pick = random.Random(27)
    out: list[tuple[str, str]] = []
    for _ in range(count // 4):
        name = pick.choice(names)
        words = name.split()
        out.append(("exact", name.upper()))
        out.append(("prefix", name[: pick.randint(1, max(1, len(name) - 1))]))
        out.append(("word start", pick.choice(words[1:] or words)[:5]))
        at = pick.randrange(len(name))
        out.append(("close spelling", name[:at] + name[at + 1 :]))
    return out


def in_process(repeat: int, count: int) -> None:
    records, _ = read_bundle(JSON_GZ)
    catalog = Catalog.from_index(index.open_index(SQLITE))
    names = sorted({r.name for r in catalog})
    asked = queries(names, count)
    with tempfile.TemporaryDirectory() as folder:
        offset_bytes = OffsetStore.write(records, Path(folder))
        store = OffsetStore(Path(folder))
        print("| store | open | 30 lookups | search p50 | search p99 | adds to the wheel |")
        print("|---|---:|---:|---:|---:|---:|")
        wheel = len(zlib.compress(SQLITE.read_bytes(), 6))

        def sqlite_lookups() -> None:
            fresh = Catalog.from_index(index.open_index(SQLITE))
            for n in LOOKUPS:
                fresh.get(n)

        sqlite_search = [_timed(lambda q=q: catalog.search(q, 10)) for _, q in asked]
        print(
            f"| SQLite index (shipped) | {median_ms(lambda: Catalog.from_index(index.open_index(SQLITE)), repeat):.1f} ms "
            f"| {median_ms(sqlite_lookups, repeat):.1f} ms | {_pct(sqlite_search, 50)} | {_pct(sqlite_search, 99)} "
            f"| {wheel / 1e6:.1f} MB |"
        )
        offset_search = [_timed(lambda q=q: store.search(q, 10)) for _, q in asked[:40]]
        print(
            f"| name index + offsets into compressed blocks | {median_ms(lambda: OffsetStore(Path(folder)), repeat):.1f} ms "
            f"| {median_ms(lambda: [store.get(n) for n in LOOKUPS], repeat):.1f} ms "
            f"| {_pct(offset_search, 50)} | {_pct(offset_search, 99)} | {offset_bytes / 1e6:.1f} MB |"
        )

        def whole() -> None:
            payload = json.loads(gzip.decompress(JSON_GZ.read_bytes()))
            [CardRecord.from_row(r) for r in payload["cards"]]

        print(
            f"| gzip'd JSON read whole (before) | {median_ms(whole, max(3, repeat // 3)):.0f} ms | (in memory) | "
            f"| | {JSON_GZ.stat().st_size / 1e6:.1f} MB |"
        )
    print()
    print("| search tier (SQLite index) | queries | p50 | p99 |")
    print("|---|---:|---:|---:|")
    for tier in ("exact", "prefix", "word start", "close spelling"):
        times = [t for (k, _), t in zip(asked, sqlite_search, strict=True) if k == tier]
        print(f"| {tier} | {len(times)} | {_pct(times, 50)} | {_pct(times, 99)} |")
    print(f"| all | {len(sqlite_search)} | {_pct(sqlite_search, 50)} | {_pct(sqlite_search, 99)} |")


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _pct(times: list[float], p: int) -> str:
    ordered = sorted(times)
    return f"{ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] * 1000:.2f} ms"


BOARD = {
    "players": [{"id": "alice"}, {"id": "bob"}],
    "active_player": "alice",
    "combat": {"attackers": {"j": "bob"}},
}
WRITTEN = [
    {"id": "j", "name": "Juggernaut", "controller": "alice", "types": ["artifact", "creature"], "power": 5,
     "toughness": 3, "abilities": [{"kind": "must_attack"}, {"kind": "cant_be_blocked_by", "by": {"subtypes": ["Wall"]}}]},
    {"id": "g", "name": "Grizzly Bears", "controller": "bob", "types": ["creature"], "power": 2, "toughness": 2},
]  # fmt: skip
BY_NAME = [
    {"id": "j", "card": "Juggernaut", "controller": "alice"},
    {"id": "g", "card": "Grizzly Bears", "controller": "bob"},
]


LAUNCH = """import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status))
"""
"""Runs a command from a small process: a child forked from this one would count its memory."""


def run(command: list[str], repeat: int, cache: Path, *, cold: bool = False) -> tuple[float, float]:
    """Median wall seconds and peak memory (MB) of ``repeat`` runs, after one unmeasured run;
    ``cold``: each run with an empty cache folder (the cards compiled, not read from the store)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env["COMBAT_SOLVER_CACHE_DIR"] = str(cache)
    subprocess.run(command, env=env, capture_output=True, check=False)
    wall, peak = [], []
    for n in range(repeat):
        if cold:
            env["COMBAT_SOLVER_CACHE_DIR"] = str(cache / f"cold-{n}")
        out = subprocess.run([sys.executable, "-c", LAUNCH, *command], env=env, capture_output=True, text=True)
        seconds, megabytes, code = out.stdout.split()
        if code not in ("0", "1"):
            raise SystemExit(f"{command} failed")
        wall.append(float(seconds))
        peak.append(float(megabytes))
    return statistics.median(wall), statistics.median(peak)


def whole_process(repeat: int) -> None:
    """The commands alternated run by run would be fairer; each is run ``repeat`` times in a row
    (medians), with its own cache folder: kept between runs, or empty for each (``cold``)."""
    cli = [sys.executable, "-m", "combat_solver"]
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "cache"
        rows = []
        boards = {}
        for label, permanents in (("written", WRITTEN), ("by name", BY_NAME)):
            path = boards[label] = Path(folder) / f"{label.replace(' ', '-')}.json"
            scenario = {"board": {**BOARD, "permanents": permanents}, "declaration": {"kind": "block", "blocks": {}}}
            path.write_text(json.dumps(scenario), encoding="utf-8")
        rows.append(("check, permanents written out", *run([*cli, "check", str(boards["written"])], repeat, cache)))
        rows.append(("check, by card name", *run([*cli, "check", str(boards["by name"])], repeat, cache)))
        rows.append(
            (
                "check, by card name, nothing compiled yet (empty cache)",
                *run([*cli, "check", str(boards["by name"])], repeat, cache, cold=True),
            )
        )
        rows.append(('card "Grizzly Bears"', *run([*cli, "card", "Grizzly Bears"], repeat, cache)))
        rows.append(('cards --search "runner"', *run([*cli, "cards", "--search", "runner"], repeat, cache)))
    print()
    print("| whole process | wall median | peak memory median |")
    print("|---|---:|---:|")
    for label, wall, peak in rows:
        print(f"| {label} | {wall * 1000:.0f} ms | {peak:.0f} MB |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--queries", type=int, default=400)
    args = parser.parse_args()
    whole_process(args.repeat)
    in_process(args.repeat, args.queries)


if __name__ == "__main__":
    main()
