"""The audit's data contract: one game record in, one result out (``models/audit-*.schema.json``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..board.model import Board
from ..model.base import Strict
from ..model.declarations import AttackDeclaration, Declaration
from ..model.errors import CodeField, Problem, validation_error
from ..model.records import StepName, Violation

AuditStatus = Literal["legal", "illegal", "undetermined", "malformed"]


class AuditRecord(Strict):
    """One combat declaration made in a recorded game: the board and the declaration exactly as
    ``combat-solver check`` reads them (a board with ``combat`` is at the declare blockers step),
    plus where in the game it was made. ``warnings``: what the recorder couldn't carry into the
    board (e.g. effects of resolved spells it doesn't model)."""

    id: str = Field(min_length=1, description="unique within the audit")
    board: Board
    declaration: Declaration
    game: str | None = Field(None, description="the game the declaration was made in")
    turn: int | None = Field(None, ge=1)
    combat_number: int | None = Field(None, ge=1, description="which combat phase of the turn (1 for the first)")
    declared_by: str | None = Field(None, description="the player who made the declaration")
    warnings: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> AuditRecord:
        problems = _problems(self)
        if problems:
            raise validation_error("AuditRecord", problems)
        return self

    @property
    def step(self) -> StepName:
        return "declare_attackers" if isinstance(self.declaration, AttackDeclaration) else "declare_blockers"


def _problems(record: AuditRecord) -> list[Problem]:
    """The declaration must fit the board's step (508.1 without combat, 509.1 with it)."""
    out: list[Problem] = []
    combat = record.board.combat
    if isinstance(record.declaration, AttackDeclaration):
        if combat is not None:
            out.append(
                (
                    ("declaration", "kind"),
                    "wrong_step",
                    "an attack needs a board at the declare attackers step (without combat)",
                )
            )
    elif combat is None or not combat.attackers:
        out.append(
            (("declaration", "kind"), "wrong_step", "a block needs the declared attack in board.combat.attackers")
        )
    if record.declared_by is not None and record.declared_by not in {p.id for p in record.board.players}:
        out.append((("declared_by",), "unknown_id", f"no player {record.declared_by!r}"))
    return out


class RecordError(Strict):
    """Why a record is malformed: the offending field (``board.permanents[2].controller``; empty
    for the whole line), a stable code and a sentence."""

    field: str
    code: CodeField
    message: str


class AuditResult(Strict):
    """The audit of one record. Every field but ``seconds`` depends only on the record and the
    time limit. ``line``: the record's line number in ``source`` (1-based; ``-`` is stdin)."""

    id: str | None = Field(description="the record's id (None when it has none that can be read)")
    source: str
    line: int = Field(ge=1)
    status: AuditStatus
    step: StepName | None = None
    game: str | None = None
    turn: int | None = None
    combat_number: int | None = None
    declared_by: str | None = None
    violations: tuple[Violation, ...] = ()
    requirements_obeyed: int | None = None
    requirements_maximum: int | None = Field(
        None,
        description="the most requirements a declaration could obey, when the bare verdict pinned it down "
        "(audits decide at the cost of deciding: a declaration that breaks a restriction or obeys too few "
        "gets null); None when undetermined or malformed",
    )
    errors: tuple[RecordError, ...] = Field(
        (), description="why the record is malformed (or, code internal_error, why its check failed)"
    )
    warnings: tuple[str, ...] = ()
    seconds: float = Field(ge=0, description="time spent reading and checking the record")
