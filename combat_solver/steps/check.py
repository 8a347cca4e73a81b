"""The check every front end runs (508.1 for an attack, 509.1 for a block), with bad input
located at request fields (``board.permanents[2].controller``, ``declaration.blocks.x``).
Light to import: the command line's ``check`` needs nothing else of the service."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..board.model import Board
from ..model.deadline import Deadline
from ..model.declarations import AttackDeclaration, BlockDeclaration, Declaration
from ..model.errors import ErrorItem, InputError
from ..model.records import Verdict
from .attacks import check_attacks
from .blocks import check_blocks

_BOARD_FIELDS = frozenset(Board.model_fields)
_DECLARATION_FIELDS = frozenset(BlockDeclaration.model_fields) | frozenset(AttackDeclaration.model_fields)


def check_declaration(
    board: Board, declaration: Declaration, *, time_limit: float | Deadline, explain: bool
) -> Verdict:
    """The verdict on ``declaration`` (``explain`` False: the bare verdict)."""
    with request_fields():
        if isinstance(declaration, BlockDeclaration):
            return check_blocks(board, declaration, time_limit=time_limit, explain=explain)
        return check_attacks(board, declaration, time_limit=time_limit, explain=explain)


@contextmanager
def request_fields() -> Iterator[None]:
    """Re-raise the library's bad-input errors with request-field locations."""
    try:
        yield
    except InputError as e:
        raise InputError([ErrorItem(_request_loc(i.loc), i.code, i.message) for i in e.items]) from None


def _request_loc(loc: tuple[str | int, ...]) -> tuple[str | int, ...]:
    head = loc[0] if loc else None
    if head == "why":
        return ("question", *loc[1:])
    if head in _BOARD_FIELDS:
        return ("board", *loc)
    if head in _DECLARATION_FIELDS:
        return ("declaration", *loc)
    return loc
