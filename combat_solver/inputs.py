"""Reading board, declaration and preference files safely (README "Limits and guarantees").

JSON is read with the JSON parser, YAML with libyaml's parser where present. Both refuse
duplicate mapping keys; YAML aliases count as the nodes they expand to, so an alias bomb is
refused like any other oversized document. Every refusal is an ``InputError`` naming the file.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
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

from .errors import ErrorItem, InputError

STDIN = "-"
MAX_BYTES = 4 * 1024 * 1024
"""Largest input file (bytes)."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and lists."""
MAX_NODES = 500_000
"""Most values in one document, YAML aliases counted as the values they stand for."""

if yaml.__with_libyaml__:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]
else:  # pragma: no cover - PyYAML built without libyaml

    class _Parser(Reader, Scanner, Parser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)


class _Refused(Exception):
    def __init__(self, code: str, message: str, loc: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.item = ErrorItem(loc, code, message)


class _BoundedLoader(Composer, _Parser, SafeConstructor, Resolver):
    """libyaml's event parser under PyYAML's composer, with bounded depth and expansion and
    no duplicate keys (the C composer recurses without a limit and crashes on deep nesting)."""

    def __init__(self, text: str) -> None:
        _Parser.__init__(self, text)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.depth = 0
        self.nodes = 0
        self.expanded: dict[str, int] = {}

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()
        anchor: str | None = getattr(event, "anchor", None)
        self.nodes += 1
        if isinstance(event, AliasEvent) and anchor is not None:
            if anchor in self.anchors and anchor not in self.expanded:
                raise _Refused("recursive_alias", f"the alias *{anchor} refers to itself{_at(event)}")
            self.nodes += self.expanded.get(anchor, 0)
        if self.nodes > MAX_NODES:
            raise _Refused("too_many_values", f"more than {MAX_NODES} values (aliases expanded){_at(event)}")
        nested = isinstance(event, CollectionStartEvent)
        self.depth += nested
        if self.depth > MAX_DEPTH:
            raise _Refused("too_deep", f"nesting deeper than {MAX_DEPTH} levels{_at(event)}")
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
                raise _Refused("duplicate_key", f"the key {key!r} appears twice in one mapping{_at(key_node)}")
        return super().construct_mapping(node, deep=deep)


def _at(item: Any) -> str:
    mark = getattr(item, "start_mark", None) or getattr(item, "problem_mark", None)
    return f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""


def read_data(path: str | Path) -> Any:
    """Parse a YAML or JSON file (``-``: standard input) or raise ``InputError`` naming it."""
    name = str(path)
    try:
        return parse_text(_decode(_read_bytes(name)), name)
    except _Refused as e:
        raise InputError([e.item], source=display_name(name)) from None


def read_text(text: str, *, source: str, loc: tuple[str | int, ...] = ()) -> Any:
    """Parse YAML or JSON text as a file's (same limits) or raise ``InputError`` at ``loc``
    naming ``source``."""
    try:
        return parse_text(text, source)
    except _Refused as e:
        raise InputError([ErrorItem(loc + e.item.loc, e.item.code, e.item.message)], source=source) from None


def check_data(data: Any, *, source: str | None = None) -> None:
    """Refuse parsed data nested too deeply, too large, or with unwritable text."""
    try:
        _check_tree(data)
    except _Refused as e:
        raise InputError([e.item], source=source) from None


def parse_text(text: str, name: str = "<text>") -> Any:
    """Parse YAML or JSON text: with the JSON parser when the name ends in ``.json`` or the text
    starts with ``{`` or ``[``, unless it isn't JSON (then as YAML, of which JSON is a subset)."""
    if name.endswith(".json") or text.lstrip()[:1] in ("{", "["):
        try:
            data = json.loads(text, object_pairs_hook=_unique_keys)
        except json.JSONDecodeError:
            pass
        except RecursionError:
            raise _Refused("too_deep", f"nesting deeper than {MAX_DEPTH} levels") from None
        except ValueError as e:
            raise _Refused("syntax_error", f"not valid JSON: {e}") from None
        else:
            _check_tree(data)
            return data
    return _load_yaml(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused("duplicate_key", f"the key {key!r} appears twice in one mapping")
        out[key] = value
    return out


def _load_yaml(text: str) -> Any:
    loader = _BoundedLoader(text)
    try:
        data = loader.get_single_data()
    except yaml.YAMLError as e:
        problem = getattr(e, "problem", None) or "syntax error"
        raise _Refused("syntax_error", f"not valid YAML/JSON: {problem}{_at(e)}") from None
    except (ValueError, OverflowError) as e:
        raise _Refused("syntax_error", f"not valid YAML/JSON: {e}") from None
    finally:
        loader.dispose()
    _check_tree(data)
    return data


def _check_tree(data: Any) -> None:
    """Depth, size and text that can be written out (no lone UTF-16 surrogates)."""
    for count, (loc, value) in enumerate(_walk(data, ()), 1):
        if count > MAX_NODES:
            raise _Refused("too_many_values", f"more than {MAX_NODES} values")
        if len(loc) > MAX_DEPTH:
            raise _Refused("too_deep", f"nesting deeper than {MAX_DEPTH} levels", loc)
        if isinstance(value, str) and not _encodable(value):
            raise _Refused("lone_surrogate", "text with a lone UTF-16 surrogate (\\ud800-\\udfff)", loc)


def _walk(value: Any, loc: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    stack: list[tuple[tuple[str | int, ...], Any]] = [(loc, value)]
    while stack:
        loc, value = stack.pop()
        yield loc, value
        if len(loc) > MAX_DEPTH:
            continue
        if isinstance(value, dict):
            for k, v in value.items():
                yield (*loc, str(k)), k
                stack.append(((*loc, str(k)), v))
        elif isinstance(value, list | tuple):
            stack.extend(((*loc, i), v) for i, v in enumerate(value))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_bytes(name: str) -> bytes:
    try:
        if name == STDIN:
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(name, "rb") as f:
                raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise _Refused("unreadable_file", f"can't read it: {e.strerror or e}") from None
    if len(raw) > MAX_BYTES:
        raise _Refused("too_large", f"larger than {MAX_BYTES} bytes")
    return raw


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        hint = " (it looks like UTF-16)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise _Refused("not_utf8", f"not UTF-8 text{hint}: byte {e.start} is {raw[e.start : e.start + 1]!r}") from None


def display_name(path: str | Path) -> str:
    """How error messages name a file (``<stdin>`` for ``-``)."""
    return "<stdin>" if str(path) == STDIN else str(path)
