"""The card catalog's SQLite index: a card's record by folded name without reading the others, and
the candidates of a name search (``cards.names`` ranks them). Built once at development time for
the bundled catalog (``scripts/build_catalog.py``) and once per ``--cards`` file (cached by the
file's content hash, see ``cards.catalog``). A plain SQLite file: ``sqlite3 catalog.sqlite
"select name, text from cards where name like 'Jugg%'"``.

Tables: ``meta`` (format, source, the subtypes and creature types of every card), ``cards`` (one
row per record, its fields as columns, list fields as JSON), ``names`` (lookup keys: each name and
first face folded; ``missing_face`` 1 for a later face whose record isn't in the catalog),
``starts`` (each word start of each face's search key: prefix and word-start search) and ``grams``
(three-letter pieces of the search keys: containing and close spellings)."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from .card_record import CardRecord
from .names import faces, grams, search_key, tails

FORMAT = "1"
"""Bumped whenever the tables change: an index of another format is rebuilt (a cached one) or
refused (the bundled one, rebuilt by ``scripts/build_catalog.py``)."""

_FIELDS = "name, mana_cost, types, subtypes, supertypes, power, toughness, text, layout, colors"
_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE cards(id INTEGER PRIMARY KEY, name TEXT NOT NULL, mana_cost TEXT NOT NULL, types TEXT NOT NULL,
  subtypes TEXT NOT NULL, supertypes TEXT NOT NULL, power TEXT, toughness TEXT, text TEXT NOT NULL,
  layout TEXT NOT NULL, colors TEXT NOT NULL, permanent INTEGER NOT NULL);
CREATE TABLE names(key TEXT PRIMARY KEY, card INTEGER NOT NULL, missing_face INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE starts(tail TEXT NOT NULL, card INTEGER NOT NULL, pos INTEGER NOT NULL,
  PRIMARY KEY(tail, card, pos)) WITHOUT ROWID;
CREATE TABLE grams(gram TEXT NOT NULL, card INTEGER NOT NULL, PRIMARY KEY(gram, card)) WITHOUT ROWID;
"""
_CLOSE_CANDIDATES = 60
"""Names sharing the most three-letter pieces with a query that are compared with it."""

builds = 0
"""Indexes built in this process (the tests' proof that a cached one was reused)."""


def lookup_key(name: str) -> str:
    """The lookup key: case, accents, curly apostrophes and spacing don't matter."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().casefold()


def _rows(record: CardRecord, card: int) -> tuple[Any, ...]:
    lists = (record.types, record.subtypes, record.supertypes)
    types, subtypes, supertypes = (json.dumps(list(x), ensure_ascii=False) for x in lists)
    colors = json.dumps(list(record.colors))
    return (card, record.name, record.mana_cost, types, subtypes, supertypes, record.power, record.toughness,
            record.text, record.layout, colors, int(record.is_permanent))  # fmt: skip


def build(
    records: Iterable[CardRecord],
    source: str,
    target: str | Path = ":memory:",
    progress: Callable[[Iterable[CardRecord]], Iterable[CardRecord]] | None = None,
) -> sqlite3.Connection:
    """Index ``records`` as the catalog reads them (the first record of a name wins; a first face's
    name finds its card) into ``target`` (written whole, then moved into place) and open it."""
    global builds
    by_key: dict[str, CardRecord] = {}
    for record in records:
        by_key.setdefault(lookup_key(record.name), record)
    kept = list(by_key.values())
    card_of = {r.name: i for i, r in enumerate(kept)}
    missing: dict[str, int] = {}
    for record in kept:
        first, *others = record.name.split(" // ")
        if others:
            by_key.setdefault(lookup_key(first), record)
            for other in others:
                missing.setdefault(lookup_key(other), card_of[record.name])
    names = [(k, card_of[r.name], 0) for k, r in by_key.items()]
    names += [(k, card, 1) for k, card in missing.items() if k not in by_key]
    starts: set[tuple[str, int, int]] = set()
    pieces: set[tuple[str, int]] = set()
    for record in progress(kept) if progress else kept:
        card = card_of[record.name]
        for face in faces(record.name):
            key = search_key(face)
            starts.update((tail, card, pos) for pos, tail in tails(key))
            pieces.update((g, card) for g in grams(key))
    subtypes = sorted({s for r in kept for s in r.subtypes})
    creature_types = sorted({s for r in kept if {"creature", "kindred"} & set(r.types) for s in r.subtypes})
    meta = {"format": FORMAT, "source": source, "subtypes": json.dumps(subtypes),
            "creature_types": json.dumps(creature_types), "cards": str(len(kept))}  # fmt: skip

    temporary = None if str(target) == ":memory:" else Path(f"{target}.{os.getpid()}.partial")
    db = sqlite3.connect(temporary or ":memory:", check_same_thread=False)
    try:
        db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + _SCHEMA)
        db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        db.executemany(f"INSERT INTO cards VALUES ({', '.join('?' * 12)})", [_rows(r, i) for i, r in enumerate(kept)])
        db.executemany("INSERT INTO names VALUES (?, ?, ?)", sorted(names))
        db.executemany("INSERT INTO starts VALUES (?, ?, ?)", sorted(starts))
        db.executemany("INSERT INTO grams VALUES (?, ?)", sorted(pieces))
        db.commit()
        builds += 1
        if temporary is None:
            return db
        db.execute("VACUUM")
        db.close()
        os.replace(temporary, target)
    finally:
        if temporary is not None:
            db.close()
            temporary.unlink(missing_ok=True)
    return open_index(target)


def open_index(path: str | Path) -> sqlite3.Connection:
    """Open an index read-only (a file that may be read-only itself, shared by threads); an index
    of another format, or not an index, is a ``ValueError``."""
    uri = Path(path).resolve().as_uri() + "?mode=ro&immutable=1"
    db = sqlite3.connect(uri, uri=True, check_same_thread=False)
    try:
        found = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except sqlite3.DatabaseError:
        found = None
    if found is None or found[0] != FORMAT:
        db.close()
        raise ValueError(f"{path} is not a card index of format {FORMAT}")
    return db


class CardIndex:
    """Queries on an open index (one connection, shared by threads under a lock)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._lock = threading.Lock()
        self.meta = dict(self._query("SELECT key, value FROM meta"))

    def _query(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, tuple(args)).fetchall()

    @property
    def source(self) -> str:
        return str(self.meta["source"])

    def __len__(self) -> int:
        return int(self.meta["cards"])

    def meta_list(self, key: str) -> list[str]:
        return list(json.loads(self.meta[key]))

    def find(self, key: str) -> tuple[CardRecord, bool] | None:
        """The record a lookup key names, and whether the key is a face the catalog lacks."""
        rows = self._query(
            f"SELECT {_FIELDS}, missing_face FROM names JOIN cards ON cards.id = names.card WHERE key = ?", (key,)
        )
        return (_record(rows[0][:-1]), bool(rows[0][-1])) if rows else None

    def __iter__(self) -> Iterator[CardRecord]:
        with self._lock:
            rows = self._db.execute(f"SELECT {_FIELDS} FROM cards ORDER BY id").fetchall()
        return (_record(row) for row in rows)

    def candidates(self, key: str, limit: int, permanents: bool) -> list[str]:
        """Names a search for ``key`` may return: the first by name start and by word start,
        and, when those are fewer than ``limit``, the names sharing the most of its pieces."""
        only = "AND permanent = 1" if permanents else ""
        starts = (
            f"SELECT DISTINCT name FROM (SELECT name FROM starts JOIN cards ON cards.id = starts.card "
            f"WHERE tail >= ? AND tail < ? AND pos {{}} {only} ORDER BY tail LIMIT ?)"
        )
        found: list[str] = []
        for pos in ("= 0", "> 0"):
            if len(set(found)) < limit:
                found += [n for (n,) in self._query(starts.format(pos), (key, key + "\x7f", 4 * limit))]
        pieces = sorted(grams(key))
        if len(set(found)) < limit and pieces:
            marks = ", ".join("?" * len(pieces))
            join = "JOIN cards ON cards.id = grams.card" if permanents else ""
            found += [n for (n,) in self._query(
                f"SELECT name FROM (SELECT grams.card AS card, count(*) AS shared FROM grams {join} "
                f"WHERE gram IN ({marks}) {only} GROUP BY grams.card ORDER BY shared DESC LIMIT ?) "
                "JOIN cards ON cards.id = card",
                (*pieces, _CLOSE_CANDIDATES + limit),
            )]  # fmt: skip
        return found


def _record(row: tuple[Any, ...]) -> CardRecord:
    name, cost, types, subtypes, supertypes, power, toughness, text, layout, colors = row
    return CardRecord(name, cost, tuple(json.loads(types)), tuple(json.loads(subtypes)),
                      tuple(json.loads(supertypes)), power, toughness, text, layout, tuple(json.loads(colors)))  # fmt: skip
