"""The entries every front end calls (the command line, HTTP, MCP, the audit): check a declaration
(508.1 for an attack, 509.1 for a block) and solve for an optimal one (508.1d, 509.1c) or say why
fixed pairs rule every one out; why questions are ``steps.why.ask``. Bad input is located at
request fields (``board.permanents[2].controller``, ``declaration.blocks.x``) where it is raised.
Light to import: a bare check loads nothing of the solver or the explanations."""

from __future__ import annotations

from collections.abc import Mapping

from ..board.model import Board
from ..model.deadline import Deadline
from ..model.declarations import BlockDeclaration, Declaration, FixedPairs
from ..model.records import Verdict, WhyAnswer
from .attacks import check_attacks, solve_attacks
from .blocks import check_blocks, solve_blocks


def check_declaration(
    board: Board, declaration: Declaration, *, time_limit: float | Deadline, explain: bool
) -> Verdict:
    """The verdict on ``declaration`` (``explain`` False: the bare verdict)."""
    if isinstance(declaration, BlockDeclaration):
        return check_blocks(board, declaration, time_limit=time_limit, explain=explain)
    return check_attacks(board, declaration, time_limit=time_limit, explain=explain)


def solve_declaration(
    board: Board,
    *,
    prefer: Mapping[tuple[str, str], int] | None,
    fix: FixedPairs | None,
    time_limit: float | Deadline,
) -> Verdict | WhyAnswer:
    """An optimal declaration (its verdict; "undetermined" on a time-out) or, when the fixed
    pairs rule out every legal declaration, the answer saying why."""
    from ..solve.engine import Impossible

    deadline = Deadline.of(time_limit)
    try:
        if board.combat is not None:
            return solve_blocks(board, prefer=prefer, fix=fix, time_limit=deadline)
        return solve_attacks(board, prefer=prefer, fix=fix, time_limit=deadline)
    except Impossible:
        from .why import explain_fix

        return explain_fix(board, fix or FixedPairs(), time_limit=deadline)
