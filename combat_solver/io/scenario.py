"""Scenario files: a board, optionally a proposed declaration and the expected answer.

A file whose top level has a ``board`` key is a scenario; any other file is a bare board.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..board.model import Board
from ..model.base import NonNegative, Strict
from ..model.declarations import Declaration
from ..model.errors import ErrorItem, InputError
from ..model.records import Status
from .coerce import board_from, declaration_from
from .inputs import check_data, display_name, read_data

if TYPE_CHECKING:
    from ..cards.catalog import Catalog


class Expectation(Strict):
    """What a golden scenario asserts about the check of its declaration."""

    status: Status
    requirements_maximum: NonNegative | None = None
    requirements_obeyed: NonNegative | None = None
    violated_rules: tuple[str, ...] | None = None


class Scenario(Strict):
    title: str | None = None
    source: str | None = None
    rule: str | None = None
    notes: str | None = None
    board: Board
    declaration: Declaration | None = None
    expect: Expectation | None = None


def parse_scenario(data: Any, *, source: str | None = None, catalog: Catalog | None = None) -> Scenario:
    """A scenario from parsed data; a bare board becomes a scenario without declaration.
    Permanents given by ``card`` are read from ``catalog`` (default: the bundled one)."""
    check_data(data, source=source)
    return _scenario(data, source, catalog)


def _scenario(data: Any, source: str | None, catalog: Catalog | None) -> Scenario:
    if not isinstance(data, dict):
        raise InputError([ErrorItem((), "not_a_mapping", "expected a mapping with a board")], source=source)
    if "board" not in data:
        return Scenario(board=board_from(data, source=source, catalog=catalog))
    try:
        context = {"catalog": catalog} if catalog is not None else None
        return Scenario.model_validate(data, context=context)
    except ValidationError as e:
        raise InputError.from_validation(e, source=source, data=data) from None


def load_scenario(path: str | Path, *, catalog: Catalog | None = None) -> Scenario:
    """The scenario (or bare board) in a YAML or JSON file; ``-`` reads standard input."""
    return _scenario(read_data(path), display_name(path), catalog)  # read_data checked the data


def parse_declaration(data: Any, *, source: str | None = None) -> Declaration:
    """A block or attack declaration from parsed data (errors located under ``declaration``)."""
    check_data(data, source=source)
    return declaration_from(data, source=source)


def load_declaration(path: str | Path) -> Declaration:
    """The declaration in a YAML or JSON file; ``-`` reads standard input."""
    return declaration_from(read_data(path), source=display_name(path))  # read_data checked the data
