"""Scenario files: a board, optionally a proposed declaration and the expected answer.

A file whose top level has a ``board`` key is a scenario; any other file is a bare board.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from ..board.model import Board
from ..model.base import MAX_INTEGER, NonNegative, Strict
from ..model.declarations import AttackDeclaration, BlockDeclaration, Declaration, FixedPairs
from ..model.errors import ErrorItem, InputError
from ..model.records import Status
from .inputs import check_data, display_name, read_data

if TYPE_CHECKING:
    from ..cards.catalog import Catalog

D = TypeVar("D", BlockDeclaration, AttackDeclaration)
BoardData = Mapping[str, Any]
"""A board as plain data (what ``Board.model_validate`` takes)."""
DeclarationData = Mapping[str, Any]
"""A declaration as plain data; ``kind`` may be left out."""


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
    try:
        context = {"catalog": catalog} if catalog is not None else None
        if "board" in data:
            return Scenario.model_validate(data, context=context)
        return Scenario(board=Board.model_validate(data, context=context))
    except ValidationError as e:
        prefix: tuple[str | int, ...] = () if "board" in data else ("board",)
        raise InputError.from_validation(e, prefix=prefix, source=source, data=data) from None


def load_scenario(path: str | Path, *, catalog: Catalog | None = None) -> Scenario:
    """The scenario (or bare board) in a YAML or JSON file; ``-`` reads standard input."""
    return _scenario(read_data(path), display_name(path), catalog)  # read_data checked the data


@cache
def _declarations() -> TypeAdapter[Declaration]:
    return TypeAdapter(Declaration)


def parse_declaration(data: Any, *, source: str | None = None) -> Declaration:
    """A block or attack declaration from parsed data (errors located under ``declaration``)."""
    check_data(data, source=source)
    return _declaration(data, source)


def _declaration(data: Any, source: str | None) -> Declaration:
    try:
        return _declarations().validate_python(data)
    except ValidationError as e:
        raise InputError.from_validation(e, prefix=("declaration",), source=source, data=data) from None


def load_declaration(path: str | Path) -> Declaration:
    """The declaration in a YAML or JSON file; ``-`` reads standard input."""
    return _declaration(read_data(path), display_name(path))  # read_data checked the data


def as_board(board: Board | BoardData) -> Board:
    """``board`` itself, or the board a mapping describes (``InputError`` if it is bad)."""
    if isinstance(board, Board):
        return board
    return parse_scenario(dict(board) if isinstance(board, Mapping) else board).board


def as_declaration(declaration: D | DeclarationData, model: type[D]) -> D:
    """``declaration`` itself, or the ``model`` declaration a mapping describes."""
    if isinstance(declaration, model):
        return declaration
    data = dict(declaration) if isinstance(declaration, Mapping) else declaration
    if isinstance(data, dict):
        data.setdefault("kind", model.model_fields["kind"].default)
    parsed = parse_declaration(data)
    if not isinstance(parsed, model):
        kind = model.model_fields["kind"].default
        raise InputError.one(("declaration", "kind"), "wrong_kind", f"expected a declaration of kind {kind!r}")
    return parsed


def as_fix(fix: FixedPairs | Mapping[str, Any] | None) -> FixedPairs | None:
    """``fix`` itself, or the fixed pairs a mapping describes (``{include: [[a, b]], exclude: []}``)."""
    if fix is None or isinstance(fix, FixedPairs):
        return fix
    check_data(fix)
    try:
        return FixedPairs.model_validate(dict(fix) if isinstance(fix, Mapping) else fix)
    except ValidationError as e:
        raise InputError.from_validation(e, prefix=("fix",), data=fix) from None


def as_preference(prefer: Mapping[tuple[str, str], int] | None) -> dict[tuple[str, str], int]:
    """Preference weights checked: integers (not booleans) of at most ``MAX_INTEGER`` in size."""
    bad = [
        ErrorItem(
            ("prefer", f"{a}->{b}"),
            "not_an_integer",
            f"weights are whole numbers from -{MAX_INTEGER} to {MAX_INTEGER}, not {w!r}",
        )
        for (a, b), w in (prefer or {}).items()
        if isinstance(w, bool) or not isinstance(w, int) or abs(w) > MAX_INTEGER
    ]
    if bad:
        raise InputError(bad)
    return dict(prefer or {})
