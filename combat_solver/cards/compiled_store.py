"""Compiled cards kept between runs, so a check by card name costs what a check written out costs.

What a card compiles to (``Compiled``) depends only on the compiler's sources (the ``model``,
``rules`` and ``cards`` packages), the card's record and the catalog's subtypes. The store keeps it
in an SQLite file in the user cache directory (``cache_dir()``) named after a digest of those
sources, keyed by a digest of the record and the subtypes: any change to the compiler is a new
file, so a stored result is never stale. A cache that can't be created, read or written is no
cache at all: the card is compiled as before, never an error.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import threading
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import asdict, fields
from functools import cache
from pathlib import Path
from typing import Any

from .card_record import CardRecord
from .compiled import Compiled, CopyEffect, Level

CACHE_VARIABLE = "COMBAT_SOLVER_CACHE_DIR"
KEPT_VERSIONS = 4
"""Files of earlier compiler versions kept beside the current one (the newest first)."""
_PACKAGE = Path(__file__).resolve().parent.parent
_SOURCES = ("model", "rules", "cards")


def cache_dir() -> Path:
    """The user cache directory: ``$COMBAT_SOLVER_CACHE_DIR``, else ``$XDG_CACHE_HOME/combat-solver``,
    else ``~/.cache/combat-solver``."""
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "combat-solver"


@cache
def compiler_digest() -> str:
    """A digest of every source the compiler reads, and of the Python version that ran it."""
    digest = hashlib.blake2b(f"{sys.version_info[:2]}".encode(), digest_size=12)
    for package in _SOURCES:
        for path in sorted((_PACKAGE / package).glob("*.py")):
            digest.update(f"{package}/{path.name}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def to_data(compiled: Compiled) -> dict[str, Any]:
    return asdict(compiled)


def from_data(data: dict[str, Any]) -> Compiled:
    """The ``Compiled`` that ``to_data`` wrote (its tuples were JSON lists)."""
    values = {f.name: _tuples(data[f.name]) for f in fields(Compiled)}
    values["levels"] = tuple(Level(**{k: _tuples(v) for k, v in level.items()}) for level in data["levels"])
    copy = data["copy"]
    values["copy"] = None if copy is None else CopyEffect(**{k: _tuples(v) for k, v in copy.items()})
    return Compiled(**values)


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples they were, an ability's own data (a mapping) left alone."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


class CompiledStore:
    """Compiled cards of one catalog (told apart by its ``subtypes``) in the cache file of the
    running compiler."""

    def __init__(self, subtypes: Iterable[str], folder: Path | None = None) -> None:
        self._folder = folder
        self._salt = json.dumps(sorted(subtypes)).encode()
        self._db: sqlite3.Connection | None = None
        self._broken = False
        self._lock = threading.Lock()

    def key(self, record: CardRecord) -> str:
        digest = hashlib.blake2b(self._salt, digest_size=16)
        digest.update(json.dumps(record.to_row(), ensure_ascii=False).encode())
        return digest.hexdigest()

    def get(self, record: CardRecord) -> Compiled | None:
        with self._lock:
            db = self._connection()
            if db is None:
                return None
            try:
                row = db.execute("SELECT data FROM compiled WHERE key = ?", (self.key(record),)).fetchone()
                return None if row is None else from_data(json.loads(row[0]))
            except (sqlite3.Error, ValueError, KeyError, TypeError):
                return None

    def put(self, record: CardRecord, compiled: Compiled) -> None:
        with self._lock:
            db = self._connection()
        if db is None:
            return
        data = json.dumps(to_data(compiled), ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            try:
                with db:
                    db.execute("INSERT OR REPLACE INTO compiled VALUES (?, ?)", (self.key(record), data))
            except sqlite3.Error:
                pass  # another process held the lock too long, or the disk is full: not kept

    def _connection(self) -> sqlite3.Connection | None:
        if self._db is None and not self._broken:
            folder = self._folder or cache_dir()
            path = folder / f"compiled-{compiler_digest()}.sqlite"
            self._db = _open(folder, path)
            if self._db is None and path.is_file():  # not a database: made again once
                with suppress(OSError):
                    path.unlink()
                    self._db = _open(folder, path)
            self._broken = self._db is None
        return self._db


def _open(folder: Path, path: Path) -> sqlite3.Connection | None:
    try:
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            _prune(folder)
        db = sqlite3.connect(path, timeout=2, check_same_thread=False)
    except (OSError, sqlite3.Error):
        return None
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")
        db.execute("CREATE TABLE IF NOT EXISTS compiled(key TEXT PRIMARY KEY, data TEXT NOT NULL) WITHOUT ROWID")
    except sqlite3.Error:
        db.close()
        return None
    return db


def _prune(folder: Path) -> None:
    """Keeps the files of the ``KEPT_VERSIONS`` compiler versions used last."""
    earlier = sorted(folder.glob("compiled-*.sqlite"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in earlier[KEPT_VERSIONS:]:
        for part in (old, old.with_name(old.name + "-wal"), old.with_name(old.name + "-shm")):
            part.unlink(missing_ok=True)
