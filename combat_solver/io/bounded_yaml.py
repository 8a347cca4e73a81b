"""YAML read by libyaml's event parser (where present) under PyYAML's composer, with bounded
depth and alias expansion and no duplicate keys (``inputs`` imports it only for YAML text)."""

from __future__ import annotations

from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent, CollectionStartEvent
from yaml.nodes import MappingNode, Node
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from ..model.errors import ErrorCode

if yaml.__with_libyaml__:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]
else:  # pragma: no cover - PyYAML built without libyaml

    class _Parser(Reader, Scanner, Parser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)


class Refused(Exception):
    """A document refused: ``code`` says why (the message, where)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


class _BoundedLoader(Composer, _Parser, SafeConstructor, Resolver):
    """libyaml's event parser under PyYAML's composer, with bounded depth and expansion and
    no duplicate keys (the C composer recurses without a limit and crashes on deep nesting)."""

    def __init__(self, text: str, max_nodes: int, max_depth: int) -> None:
        _Parser.__init__(self, text)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.depth = 0
        self.nodes = 0
        self.expanded: dict[str, int] = {}

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()
        anchor: str | None = getattr(event, "anchor", None)
        self.nodes += 1
        if isinstance(event, AliasEvent) and anchor is not None:
            if anchor in self.anchors and anchor not in self.expanded:
                raise Refused("recursive_alias", f"the alias *{anchor} refers to itself{_at(event)}")
            self.nodes += self.expanded.get(anchor, 0)
        if self.nodes > self.max_nodes:
            raise Refused("too_many_values", f"more than {self.max_nodes} values (aliases expanded){_at(event)}")
        nested = isinstance(event, CollectionStartEvent)
        self.depth += nested
        if self.depth > self.max_depth:
            raise Refused("too_deep", f"nesting deeper than {self.max_depth} levels{_at(event)}")
        before = self.nodes
        node = super().compose_node(parent, index)
        self.depth -= nested
        if anchor is not None and not isinstance(event, AliasEvent):
            self.expanded[anchor] = self.nodes - before
        return node

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:
                continue
            if duplicate:
                raise Refused("duplicate_key", f"the key {key!r} appears twice in one mapping{_at(key_node)}")
        return super().construct_mapping(node, deep=deep)


def _at(item: Any) -> str:
    mark = getattr(item, "start_mark", None) or getattr(item, "problem_mark", None)
    return f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def load_yaml(text: str, *, max_nodes: int, max_depth: int) -> Any:
    """The document in ``text``, or ``Refused``."""
    loader = _BoundedLoader(text, max_nodes, max_depth)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as e:
        problem = getattr(e, "problem", None) or "syntax error"
        raise Refused("syntax_error", f"not valid YAML/JSON: {problem}{_at(e)}") from None
    except (ValueError, OverflowError) as e:
        raise Refused("syntax_error", f"not valid YAML/JSON: {e}") from None
    finally:
        loader.dispose()
