"""Public names imported on first use (PEP 562), so that importing a package loads only what a
task needs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_getattr(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any], submodules: Mapping[str, str] | None = None
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: ``name`` comes from the submodule
    ``homes[name]`` (kept in ``namespace`` once imported); a name in ``submodules`` is the
    submodule it maps to."""
    modules = dict(submodules or {})

    def __getattr__(name: str) -> Any:
        if name in modules:
            return import_module(f".{modules[name]}", package)
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home}", package), name)
        namespace[name] = value
        return value

    return __getattr__
