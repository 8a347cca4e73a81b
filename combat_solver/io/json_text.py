"""Why a JSON text sent over a wire (an MCP line, an HTTP body) can't be read, as one error
item naming where: nesting past ``MAX_DEPTH``, an integer longer than Python reads
(``sys.get_int_max_str_digits``), or a syntax error; and the ``id`` of a JSON-RPC message that
can't be read, so that its answer reaches the caller waiting for it."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

from ..model.errors import ErrorItem
from .inputs import MAX_DEPTH

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_ID = re.compile(r'\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*[,}]')


def refusal(text: str | bytes) -> ErrorItem | None:
    """None if ``text`` reads as JSON nested no deeper than ``MAX_DEPTH``, else why not."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            return ErrorItem((), "not_utf8", f"not UTF-8 text (byte {e.start})")
    depth = nesting(text)
    if depth > MAX_DEPTH:
        return ErrorItem((), "too_deep", f"nesting deeper than {MAX_DEPTH} levels ({depth})")
    try:
        data = json.loads(text, parse_int=_integer)
    except ValueError as e:
        return ErrorItem((), "json_invalid", f"not valid JSON: {e}")
    for loc, value in _walk(data, ()):
        if isinstance(value, _Long):
            return ErrorItem(
                loc,
                "json_invalid",
                f"an integer of {len(value.lstrip('-'))} digits (at most {_max_digits()} are read)",
            )
    return None


def nesting(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text`` (strings skipped; no recursion)."""
    bare = _STRING.sub('""', text)
    depth = deepest = 0
    for char in bare:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def message_id(text: str) -> int | str | None:
    """The top-level ``"id"`` of a JSON-RPC message however broken the rest is (None if there is
    no readable one)."""
    depth = 0
    position = 0
    while position < len(text):
        char = text[position]
        if char == '"':
            string = _STRING.match(text, position)
            if string is None:
                return None
            position = string.end()
            if depth == 1 and string.group() == '"id"' and (value := _ID.match(text, position)) is not None:
                return json.loads(value.group(1)) if value.group(1).startswith('"') else int(value.group(1))
            continue
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        position += 1
    return None


class _Long(str):
    """The digits of an integer too long to read."""


def _max_digits() -> int:
    return sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300


def _integer(digits: str) -> Any:
    return _Long(digits) if len(digits.lstrip("-")) > _max_digits() else int(digits)


def _walk(value: Any, loc: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    stack: list[tuple[tuple[str | int, ...], Any]] = [(loc, value)]
    while stack:
        loc, value = stack.pop()
        yield loc, value
        if isinstance(value, dict):
            stack.extend(((*loc, str(k)), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(((*loc, i), v) for i, v in enumerate(value))
