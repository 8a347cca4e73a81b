"""Boards by card name: the bundled Oracle catalog (``catalog``), the text compiler
(``compiler``, ``phrases``), resolving ``card:``/``token:`` permanents (``resolve``), and the
measurements (``coverage``, ``labels``)."""

from .catalog import Catalog, UnknownCard, bundled_catalog, load_catalog_file
from .compiler import Compiled

__all__ = ["Catalog", "Compiled", "UnknownCard", "bundled_catalog", "load_catalog_file"]
