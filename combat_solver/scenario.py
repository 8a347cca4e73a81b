"""Scenario files: a board, optionally a proposed declaration and the expected answer.

A file whose top level has a ``board`` key is a scenario; any other file is a bare board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from .board import Board
from .declarations import Declaration
from .errors import ErrorItem, InputError
from .strict import Strict
from .verdict import Status


class Expectation(Strict):
    """What a golden scenario asserts about the check of its declaration."""

    status: Status
    requirements_maximum: int | None = None
    requirements_obeyed: int | None = None
    violated_rules: tuple[str, ...] | None = None


class Scenario(Strict):
    title: str | None = None
    source: str | None = None
    rule: str | None = None
    notes: str | None = None
    board: Board
    declaration: Declaration | None = None
    expect: Expectation | None = None


def read_data(path: str | Path) -> Any:
    """Parse a YAML or JSON file (JSON is YAML) or raise ``InputError`` naming the file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise InputError.one((), "unreadable_file", f"can't read {p}: {e.strerror or e}") from None
    return parse_text(text, str(p))


def parse_text(text: str, source: str, loc: tuple[str | int, ...] = ()) -> Any:
    """Parse YAML or JSON text or raise ``InputError`` at ``loc`` naming ``source`` and the line."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        raise InputError.one(loc, "syntax_error", f"{source} is not valid YAML/JSON{where}") from None


def parse_scenario(data: Any, *, source: str | None = None) -> Scenario:
    """A scenario from parsed data; a bare board becomes a scenario without declaration."""
    if not isinstance(data, dict):
        raise InputError([ErrorItem((), "not_a_mapping", "expected a mapping with a board")], source=source)
    try:
        if "board" in data:
            return Scenario.model_validate(data)
        return Scenario(board=Board.model_validate(data))
    except ValidationError as e:
        prefix: tuple[str | int, ...] = () if "board" in data else ("board",)
        raise InputError.from_validation(e, prefix=prefix, source=source) from None


def load_scenario(path: str | Path) -> Scenario:
    try:
        return parse_scenario(read_data(path), source=str(path))
    except InputError as e:
        raise InputError(e.items, source=str(path)) from None


_DECLARATION: TypeAdapter[Declaration] = TypeAdapter(Declaration)


def load_declaration(path: str | Path) -> Declaration:
    data = read_data(path)
    try:
        return _DECLARATION.validate_python(data)
    except ValidationError as e:
        raise InputError.from_validation(e, source=str(path)) from None
