"""Which test functions check a verdict on a board with a given ability kind: an AST reading of
the test modules, for ``test_every_kind_has_a_test``.

A test function covers a kind when the kind is written as ``K("<kind>", ...)``, as a dict
literal ``{"kind": "<kind>", ...}`` or as ``kind: <kind>`` in YAML text, in the function itself
or in a helper it calls (defined in the same module or imported from another test module, to
any depth), and the function both calls a check (``VERDICT_CALLS``) and asserts.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

VERDICT_CALLS = frozenset(
    {
        "check_attacks",
        "check_blocks",
        "check",
        "attack",
        "block",
        "verdict",
        "legal_attacks",
        "legal_blocks",
        "legal_set",
        "legal_count",
        "count_legal_blocks",
        "count_legal_attacks",
        "solve",
        "solve_attacks",
        "solve_blocks",
        "assert_legal",
        "assert_illegal",
        "assert_too_few",
    }
)
"""Calls that give a verdict (or a set of legal declarations) on a board."""


def _called(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _written_kinds(node: ast.AST) -> set[str]:
    found: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and _called(n) == "K" and n.args:
            first = n.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
        elif isinstance(n, ast.Dict):
            for key, value in zip(n.keys, n.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "kind" and isinstance(value, ast.Constant):
                    found.add(str(value.value))
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            found |= set(re.findall(r"\bkind: ([a-z_]+)", n.value))
    return found


class _Modules:
    def __init__(self, sources: Mapping[str, str]) -> None:
        self.functions: dict[tuple[str, str], ast.FunctionDef] = {}
        self.imported: dict[str, dict[str, str]] = {}
        for module, source in sources.items():
            tree = ast.parse(source)
            for n in ast.walk(tree):
                if isinstance(n, ast.FunctionDef):
                    self.functions.setdefault((module, n.name), n)
            self.imported[module] = {
                alias.asname or alias.name: n.module
                for n in tree.body
                if isinstance(n, ast.ImportFrom) and n.module in sources
                for alias in n.names
            }
        self._kinds: dict[tuple[str, str], frozenset[str]] = {}

    def kinds(self, module: str, name: str) -> frozenset[str]:
        """The kinds written in function ``name`` of ``module`` and in the helpers it calls."""
        key = (module, name)
        if key in self._kinds:
            return self._kinds[key]
        self._kinds[key] = frozenset()
        node = self.functions.get(key)
        if node is None:
            home = self.imported.get(module, {}).get(name)
            found = self.kinds(home, name) if home is not None else frozenset()
        else:
            calls = [n.func.id for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
            found = frozenset(_written_kinds(node).union(*(self.kinds(module, c) for c in calls)))
        self._kinds[key] = found
        return found


def covering_tests(sources: Mapping[str, str]) -> dict[str, list[str]]:
    """Each kind -> the test functions ("module::name") of ``sources`` (module name -> source)
    that check a verdict on a board with it."""
    modules = _Modules(sources)
    out: dict[str, list[str]] = {}
    for (module, name), node in modules.functions.items():
        if not (module.startswith("test_") and name.startswith("test_")):
            continue
        calls = {_called(n) for n in ast.walk(node) if isinstance(n, ast.Call)}
        asserts = any(isinstance(n, ast.Assert) for n in ast.walk(node)) or any(
            c is not None and c.startswith("assert_") for c in calls
        )
        if asserts and calls & VERDICT_CALLS:
            for kind in modules.kinds(module, name):
                out.setdefault(kind, []).append(f"{module}::{name}")
    return out
