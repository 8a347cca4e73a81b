"""Boards by card name: the bundled Oracle catalog (``catalog``), the text compiler
(``compiler``, ``phrases``), resolving ``card:``/``token:`` permanents (``resolve``), and the
measurements (``coverage``, ``labels``). Names are imported on first use (a board without card
names never loads the catalog or the compiler)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_getattr

if TYPE_CHECKING:
    from .catalog import Catalog, UnknownCard, bundled_catalog, load_catalog_file
    from .compiled import Compiled

_MODULE_OF = {
    "Catalog": "catalog",
    "Compiled": "compiler",
    "UnknownCard": "catalog",
    "bundled_catalog": "catalog",
    "load_catalog_file": "catalog",
}

__all__ = ["Catalog", "Compiled", "UnknownCard", "bundled_catalog", "load_catalog_file"]

__getattr__ = lazy_getattr(__name__, _MODULE_OF, globals())
