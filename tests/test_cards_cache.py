"""Compiled cards kept between runs (``cards.compiled_store``): a stored result is the compiler's
own, a check by card name in a later process reads it without importing the compiler, a change
of compiler or of card text never reads a stale result, and a cache that is damaged or can't be
written is no cache at all, never an error. Also: what a card compiles to doesn't depend on the
process's hash seed (a store would keep whichever reading a run made)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from combat_solver.cards import compiled_store
from combat_solver.cards.catalog import Catalog, bundled_catalog
from combat_solver.cards.compiled_store import CompiledStore, from_data, to_data

ROOT = Path(__file__).resolve().parent.parent
BY_NAME = {
    "board": {
        "players": [{"id": "alice"}, {"id": "bob"}],
        "active_player": "alice",
        "combat": {"attackers": {"j": "bob"}},
        "permanents": [
            {"id": "j", "card": "Juggernaut", "controller": "alice"},
            {"id": "w", "card": "Wall of Stone", "controller": "bob"},
            {"id": "g", "card": "Grizzly Bears", "controller": "bob"},
        ],
    },
    "declaration": {"kind": "block", "blocks": {"w": ["j"]}},
}
CHECK_AND_REPORT = """import json, sys
from combat_solver.cli import main
try:
    code = main(["check", sys.argv[1], "--format", "json"])
except SystemExit as e:
    code = e.code
print(json.dumps({"compiler": "combat_solver.cards.compiler" in sys.modules, "code": code}), file=sys.stderr)
"""


def _check(board: Path, cache: Path) -> tuple[dict[str, object], bool, object]:
    env = {**os.environ, "COMBAT_SOLVER_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", CHECK_AND_REPORT, str(board)], env=env, capture_output=True, text=True, timeout=120
    )
    report = json.loads(out.stderr.strip().splitlines()[-1])
    return json.loads(out.stdout), bool(report["compiler"]), report["code"]


def test_a_later_check_by_name_reads_the_store_without_the_compiler(tmp_path: Path) -> None:
    board = tmp_path / "board.json"
    board.write_text(json.dumps(BY_NAME), encoding="utf-8")
    first, compiled_first, code_first = _check(board, tmp_path / "cache")
    second, compiled_second, code_second = _check(board, tmp_path / "cache")
    assert compiled_first and not compiled_second
    assert first == second and code_first == code_second == 1  # 509.1b: a Wall can't block Juggernaut
    assert list((tmp_path / "cache").glob("compiled-*.sqlite"))


def test_a_stored_result_is_what_the_compiler_gives(tmp_path: Path) -> None:
    catalog = bundled_catalog()
    permanents = [r for r in catalog if r.is_permanent]
    chosen = random.Random(7).sample(permanents, 400)
    chosen += [catalog.get(n) for n in ("Joraga Treespeaker", "Student of Warfare", "Juggernaut")]  # levels
    store = CompiledStore(catalog.subtypes, tmp_path)
    for record in chosen:
        fresh = catalog.compiler.compile(record)
        assert from_data(json.loads(json.dumps(to_data(fresh)))) == fresh
        store.put(record, fresh)
        kept = store.get(record)
        assert kept is not None and to_data(kept) == to_data(fresh), record.name


def test_other_card_text_or_another_compiler_is_never_read_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = bundled_catalog()
    bears = catalog.get("Grizzly Bears")
    store = CompiledStore(catalog.subtypes, tmp_path)
    store.put(bears, catalog.compiler.compile(bears))
    flying = replace(bears, text="Flying")
    assert store.get(flying) is None
    assert CompiledStore(["Elf"], tmp_path).get(bears) is None  # another catalog's subtypes
    monkeypatch.setattr(compiled_store, "compiler_digest", lambda: "another-compiler")
    assert CompiledStore(catalog.subtypes, tmp_path).get(bears) is None
    assert (tmp_path / "compiled-another-compiler.sqlite").is_file()


def test_a_damaged_or_unwritable_cache_is_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = bundled_catalog()
    bears = catalog.get("Grizzly Bears")
    expected = catalog.compiler.compile(bears)
    (tmp_path / f"compiled-{compiled_store.compiler_digest()}.sqlite").write_bytes(b"not a database" * 100)
    store = CompiledStore(catalog.subtypes, tmp_path)
    assert store.get(bears) is None
    store.put(bears, expected)
    assert store.get(bears) == expected  # made again
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("COMBAT_SOLVER_CACHE_DIR", str(blocked / "cache"))
    fresh = Catalog([bears], "test")
    assert fresh.compiled(bears) == expected


def test_only_the_newest_compiler_versions_are_kept(tmp_path: Path) -> None:
    for n in range(7):
        old = tmp_path / f"compiled-old{n}.sqlite"
        old.write_bytes(b"")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    CompiledStore(["Elf"], tmp_path).get(bundled_catalog().get("Grizzly Bears"))
    kept = sorted(p.name for p in tmp_path.glob("compiled-*.sqlite"))
    assert len(kept) == compiled_store.KEPT_VERSIONS + 1
    assert "compiled-old6.sqlite" in kept and "compiled-old0.sqlite" not in kept


@pytest.mark.parametrize("seed", ["0", "1", "2", "3"])
def test_a_plural_subtype_reads_the_same_whatever_the_hash_seed(seed: str) -> None:
    """205.3m: "protection from Elves" is protection from Elf (a card's odd subtype "Elves" must
    not win by set order)."""
    code = (
        "from combat_solver.cards.catalog import bundled_catalog\n"
        "c = bundled_catalog()\n"
        'print(c.compiler.compile(c.get("Nath\'s Buffoon")).abilities)'
    )
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "({'kind': 'protection', 'from': {'subtypes': ['Elf']}},)"
