"""Reading board, declaration and preference files safely (docs/limits.md).

JSON is read with the JSON parser, YAML with libyaml's parser where present (``bounded_yaml``,
imported only for YAML text). Both refuse duplicate mapping keys; YAML aliases count as the
nodes they expand to, so an alias bomb is refused like any other oversized document. Every
refusal is an ``InputError`` naming the file.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..model.errors import ErrorCode, ErrorItem, InputError

STDIN = "-"
MAX_BYTES = 4 * 1024 * 1024
"""Largest input file (bytes)."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and lists."""
MAX_NODES = 500_000
"""Most values in one document, YAML aliases counted as the values they stand for."""


class _Refused(Exception):
    def __init__(self, code: ErrorCode, message: str, loc: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.item = ErrorItem(loc, code, message)


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


def check_json_line(text: bytes | str) -> None:
    """The bounds of a file on one JSON text read by another parser (an audit record): no more
    than ``MAX_BYTES``, no duplicate key, no nesting deeper than the parser allows (``InputError``,
    located at the whole line). Text that isn't JSON passes: the validator says what is wrong."""
    if len(text) > MAX_BYTES:
        raise InputError.one((), "too_large", f"larger than {MAX_BYTES} bytes")
    try:
        json.loads(text, object_pairs_hook=_unique_keys)
    except _Refused as e:
        raise InputError([e.item]) from None
    except RecursionError:
        raise InputError.one((), "too_deep", "nesting deeper than the JSON parser allows") from None
    except ValueError:
        return


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused("duplicate_key", f"the key {key!r} appears twice in one mapping")
        out[key] = value
    return out


def _load_yaml(text: str) -> Any:
    from .bounded_yaml import Refused, load_yaml

    try:
        data = load_yaml(text, max_nodes=MAX_NODES, max_depth=MAX_DEPTH)
    except Refused as e:
        raise _Refused(e.code, str(e)) from None
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
