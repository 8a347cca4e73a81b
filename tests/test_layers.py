"""The package's tree is its architecture (docs/design.md, "Layout"): each layer imports only
from itself and the layers below it, so the spine reads top-down: front ends → steps → io →
resolve → solve → board → cards → rules → model."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "combat_solver"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("model", "lazy"),
    ("rules",),
    ("cards",),
    ("board",),
    ("solve",),
    ("resolve",),
    ("io",),
    ("steps",),
    ("cli", "service", "audit", "importers", "schemas", "__init__", "__main__"),
)
"""Bottom to top: a module may import from its own layer and from those listed before it."""

RANK = {part: rank for rank, parts in enumerate(LAYERS) for part in parts}


def _part(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


def _imported_parts(path: Path) -> set[str]:
    return imported_parts(path.read_text(encoding="utf-8"), path.relative_to(PACKAGE).with_suffix("").parts)


def imported_parts(source: str, here: tuple[str, ...]) -> set[str]:
    """The top-level parts of the package that the module at ``here`` (its path parts below
    the package, ``("model", "records")``) imports: every import, function-level and type-only
    ones included."""
    base = list(here[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level:
            anchor = base[: len(base) - (node.level - 1)] if node.level > 1 else base
            target = [*anchor, *(node.module.split(".") if node.module else [])]
            if target:
                found.add(target[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("combat_solver."):
            found.add(node.module.split(".")[1])  # type: ignore[union-attr]
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("combat_solver."))
    return found


def upward_imports() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        part = _part(path)
        assert part in RANK, f"{path.relative_to(PACKAGE)}: {part!r} is in no layer"
        for target in sorted(_imported_parts(path)):
            if target in RANK and RANK[target] > RANK[part]:
                out.append(f"{path.relative_to(PACKAGE)} ({part}) imports {target}")
    return out


def test_no_layer_imports_a_layer_above_it():
    assert upward_imports() == []


def test_every_part_of_the_package_is_in_a_layer():
    parts = {_part(p) for p in PACKAGE.rglob("*.py")}
    assert parts <= set(RANK)
    assert {p for p in parts if p not in ("__init__", "__main__")} == {
        p for p in RANK if p not in ("__init__", "__main__")
    }


def test_the_scan_sees_upward_imports_of_every_form():
    """The scan itself: relative, absolute, function-level and type-only imports are all seen."""
    source = """
from ..steps import check
from ...combat_solver import x
import combat_solver.io.render
from combat_solver.resolve.game import Game
if TYPE_CHECKING:
    from ..service.models import CheckRequest
def f():
    from .. import cli
"""
    found = imported_parts(source, ("model", "records"))
    assert {"steps", "io", "resolve", "service", "cli"} <= found
    assert imported_parts("from .ir import Atom\n", ("model", "records")) == {"model"}
    assert imported_parts("from . import engine\n", ("solve", "paths")) == {"solve"}
