"""Plain data as the library's models, for the calls that take either (``check_blocks(board_dict,
...)``): a bare board, a declaration, fixed pairs and preference weights, with bad input located
at its field (``board.permanents[0].controller``, ``declaration.blocks.x``, ``fix.include``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from ..board.model import Board
from ..model.base import MAX_INTEGER
from ..model.declarations import AttackDeclaration, BlockDeclaration, Declaration, FixedPairs
from ..model.errors import ErrorItem, InputError
from .inputs import check_data

if TYPE_CHECKING:
    from ..cards.catalog import Catalog

D = TypeVar("D", BlockDeclaration, AttackDeclaration)
BoardData = Mapping[str, Any]
"""A board as plain data (what ``Board.model_validate`` takes)."""
DeclarationData = Mapping[str, Any]
"""A declaration as plain data; ``kind`` may be left out."""


def board_from(data: Any, *, source: str | None = None, catalog: Catalog | None = None) -> Board:
    """The board that checked plain ``data`` describes (errors located under ``board``);
    permanents given by ``card`` are read from ``catalog`` (default: the bundled one)."""
    try:
        return Board.model_validate(data, context={"catalog": catalog} if catalog is not None else None)
    except ValidationError as e:
        raise InputError.from_validation(e, prefix=("board",), source=source, data=data) from None


@cache
def _declarations() -> TypeAdapter[Declaration]:
    return TypeAdapter(Declaration)


def declaration_from(data: Any, *, source: str | None = None) -> Declaration:
    """The block or attack declaration that checked plain ``data`` describes (errors located
    under ``declaration``)."""
    try:
        return _declarations().validate_python(data)
    except ValidationError as e:
        raise InputError.from_validation(e, prefix=("declaration",), source=source, data=data) from None


def as_board(board: Board | BoardData) -> Board:
    """``board`` itself, or the board a mapping describes (``InputError`` if it is bad)."""
    if isinstance(board, Board):
        return board
    data = dict(board) if isinstance(board, Mapping) else board
    check_data(data)
    if not isinstance(data, dict):
        raise InputError.one(("board",), "not_a_mapping", "expected a mapping with a board")
    return board_from(data)


def as_declaration(declaration: D | DeclarationData, model: type[D]) -> D:
    """``declaration`` itself, or the ``model`` declaration a mapping describes."""
    if isinstance(declaration, model):
        return declaration
    data = dict(declaration) if isinstance(declaration, Mapping) else declaration
    if isinstance(data, dict):
        data.setdefault("kind", model.model_fields["kind"].default)
    check_data(data)
    parsed = declaration_from(data)
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
