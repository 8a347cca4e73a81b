"""The card catalog as the servers see it: a card's record by name (``lookup``) and names for
autocomplete (``search``). ``CatalogCards`` adapts the bundled Oracle catalog
(``combat_solver.cards``) when that package is installed."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from ..cards.names import rank
from ..model.errors import InputError

PLACEHOLDERS = ("$self", "$attached", "$controller", "$power")
"""What compiled abilities may name instead of ids: the permanent itself, what it is attached
to, its controller, its power; the page fills them in."""


class CardCatalog(Protocol):
    """What the ``card`` handler and ``GET /cards`` need: a card's record by name (None when
    there is no such card; with ``copy_of``, the record of that card entered as a copy of those,
    707.2) and up to ``limit`` card names for ``query``, best first (also the suggestions for an
    unknown name)."""

    def lookup(self, name: str, copy_of: Sequence[str] = ()) -> Mapping[str, Any] | None: ...

    def search(self, query: str, limit: int) -> Sequence[str]: ...


def search_names(names: Iterable[str], query: str, limit: int) -> list[str]:
    """Up to ``limit`` of ``names`` for ``query``, ranked as the catalog ranks (``cards.names``:
    exact, prefix, word start, containing, close spelling)."""
    return rank(query, names, limit)


def _stat(value: str | None) -> int | None:
    return int(value) if value is not None and re.fullmatch(r"-?\d+", value) else None


class CatalogCards:
    """``CardCatalog`` over a ``combat_solver.cards.Catalog``: a record is the card's Oracle
    fields with its compiled ``abilities``, ``warnings`` (combat text not compiled), ``notes``
    (text to give as an effect once used), ``choices`` (what it chose as it entered, 607.2d:
    the page asks for them) and ``copies`` (it may have entered as a copy, 707.2: the page asks
    what of, and looks the card up again with ``copy_of``)."""

    def __init__(self, catalog: Any) -> None:
        self.catalog = catalog

    def lookup(self, name: str, copy_of: Sequence[str] = ()) -> Mapping[str, Any] | None:
        try:
            record = self.catalog.get(name)
        except LookupError:
            return None
        compiled = self.catalog.compiled(record)
        copies = compiled.copy is not None
        face = record.name.split(" // ")[0]
        if copy_of:
            from ..cards.resolve import CardError, as_copy

            try:
                record, compiled, face, _ = as_copy(record, compiled, tuple(copy_of), self.catalog, face)
            except CardError as e:
                loc = e.field if isinstance(e.field, tuple) else (e.field,)
                raise InputError.one(loc, e.code, str(e)) from None
        return {
            "name": face,
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
            "choices": list(compiled.choices),
            "copies": copies,
            "copy_of": list(copy_of),
        }

    def search(self, query: str, limit: int) -> Sequence[str]:
        return list(self.catalog.search(query, limit, permanents=True))


def installed_catalog() -> CatalogCards | None:
    """The bundled Oracle catalog when ``combat_solver.cards`` is installed, else None."""
    try:
        cards = importlib.import_module("combat_solver.cards")
    except ImportError:
        return None
    return CatalogCards(cards.bundled_catalog())
