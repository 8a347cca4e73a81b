"""Boards by card name: the bundled Oracle catalog (``catalog``), the text compiler
(``compiler``, ``phrases``), resolving ``card:``/``token:`` permanents (``resolve``), and the
measurements (``coverage``, ``labels``, ``accuracy``). Names are imported on first use (a board without card
names never loads the catalog or the compiler)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_getattr

if TYPE_CHECKING:
    from .accuracy import AccuracyReport, measure_accuracy, read_sample
    from .catalog import Catalog, UnknownCard, bundled_catalog, load_catalog_file
    from .compiled import Compiled

_MODULE_OF = {
    "AccuracyReport": "accuracy",
    "Catalog": "catalog",
    "Compiled": "compiler",
    "UnknownCard": "catalog",
    "bundled_catalog": "catalog",
    "load_catalog_file": "catalog",
    "measure_accuracy": "accuracy",
    "read_sample": "accuracy",
}

__all__ = [
    "AccuracyReport",
    "Catalog",
    "Compiled",
    "UnknownCard",
    "bundled_catalog",
    "load_catalog_file",
    "measure_accuracy",
    "read_sample",
]

__getattr__ = lazy_getattr(__name__, _MODULE_OF, globals())
