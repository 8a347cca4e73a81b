"""The card catalog as the servers see it: a card's record by name (``lookup``) and names for
autocomplete (``search``). ``CatalogCards`` adapts the bundled Oracle catalog
(``combat_solver.cards``) when that package is installed."""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

PLACEHOLDERS = ("$self", "$attached", "$controller", "$power")
"""What compiled abilities may name instead of ids: the permanent itself, what it is attached
to, its controller, its power; the page fills them in."""


class CardCatalog(Protocol):
    """What the ``card`` handler and ``GET /cards`` need: a card's record by name (None when
    there is no such card) and up to ``limit`` card names matching ``query``."""

    def lookup(self, name: str) -> Mapping[str, Any] | None: ...

    def search(self, query: str, limit: int) -> Sequence[str]: ...


def fold(text: str) -> str:
    """Case, accents, curly apostrophes and spacing don't matter."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"\s+", " ", plain.replace("’", "'")).strip().casefold()


def search_names(names: Iterable[str], query: str, limit: int) -> list[str]:
    """Names starting with ``query`` first, then names with a word starting with it, then any
    containing it; alphabetical within each group."""
    key = fold(query)
    if not key:
        return []
    ranked: list[tuple[int, str]] = []
    for name in names:
        folded = fold(name)
        if folded.startswith(key):
            ranked.append((0, name))
        elif f" {key}" in folded:
            ranked.append((1, name))
        elif key in folded:
            ranked.append((2, name))
    return [name for _, name in sorted(ranked)[:limit]]


def _stat(value: str | None) -> int | None:
    return int(value) if value is not None and re.fullmatch(r"-?\d+", value) else None


class CatalogCards:
    """``CardCatalog`` over a ``combat_solver.cards.Catalog``: a record is the card's Oracle
    fields with its compiled ``abilities``, ``warnings`` (combat text not compiled) and ``notes``
    (text to give as an effect once used)."""

    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog
        self._names = sorted({record.name for record in catalog if record.is_permanent})

    def lookup(self, name: str) -> Mapping[str, Any] | None:
        try:
            record = self.catalog.get(name)
        except LookupError:
            return None
        compiled = self.catalog.compiled(record)
        return {
            "name": record.name.split(" // ")[0],
            "mana_cost": record.mana_cost,
            "types": list(record.permanent_types),
            "subtypes": list(record.subtypes),
            "supertypes": list(record.supertypes),
            "colors": list(record.colors),
            "power": _stat(record.power),
            "toughness": _stat(record.toughness),
            "printed_power": record.power,
            "printed_toughness": record.toughness,
            "text": record.text,
            "abilities": list(compiled.abilities),
            "warnings": list(compiled.all_warnings),
            "notes": list(compiled.notes),
        }

    def search(self, query: str, limit: int) -> Sequence[str]:
        return search_names(self._names, query, limit)


def installed_catalog() -> CatalogCards | None:
    """The bundled Oracle catalog when ``combat_solver.cards`` is installed, else None."""
    try:
        cards = importlib.import_module("combat_solver.cards")
    except ImportError:
        return None
    return CatalogCards(cards.bundled_catalog())
