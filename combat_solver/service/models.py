"""Requests and responses of the handlers: frozen, no unknown fields; their JSON Schemas are the
tool schemas (``models/*-request.schema.json``, ``models/*-response.schema.json``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from ..board.model import Board
from ..model.base import Strict
from ..model.deadline import DEFAULT_TIME_LIMIT
from ..model.declarations import Declaration, FixedPairs
from ..model.errors import CodeField
from ..model.records import StepName, Verdict, WhyAnswer


class Message(Strict):
    """A request or a response, built when defined: FastAPI reads these when the app is made (a
    model built on first use would be built where FastAPI's parameter metadata makes pydantic warn)."""

    model_config = ConfigDict(**Strict.model_config | {"defer_build": False})


MAX_TIME_LIMIT = 3600.0
"""The largest solver time limit a request may ask for (seconds); servers cap whole requests lower."""

MAX_DECLARATIONS = 10_000
"""The most declarations one enumerate request may list or count."""

TimeLimit = Annotated[
    float,
    Field(
        gt=0,
        le=MAX_TIME_LIMIT,
        allow_inf_nan=False,
        description="seconds the whole request may take, one deadline for all of its work (a server may cap it lower). "
        "Running out of time gives status 'undetermined', never a guess",
    ),
]

Weights = Annotated[
    dict[str, dict[str, int]],
    Field(
        description="preference weights among optimal declarations: {blocker_id: {attacker_id: weight}} for "
        "blocks, {attacker_id: {target_id: weight}} for attacks (target: a player, planeswalker or battle). "
        "Never lowers the number of requirements obeyed"
    ),
]


class CheckRequest(Message):
    """Is this attack or block legal on this board? (508.1, 509.1)"""

    board: Board
    declaration: Declaration
    time_limit: TimeLimit = DEFAULT_TIME_LIMIT
    explain: bool = Field(
        True,
        description="false: the bare verdict at the least cost (no requirement maximum or witness unless the "
        "check needs them; requirements_maximum is then null)",
    )


class SolveRequest(Message):
    """An optimal legal declaration for the board's step, respecting fixed pairs."""

    board: Board
    prefer: Weights = Field(default_factory=dict)
    fix: FixedPairs = Field(
        default_factory=FixedPairs,
        description="pairs the declaration must contain (include) or leave out (exclude): "
        "[blocker_id, attacker_id] for blocks, [attacker_id, target_id] for attacks",
    )
    time_limit: TimeLimit = DEFAULT_TIME_LIMIT


class SolveResponse(Message):
    """``status``: "optimal" — ``declaration`` is legal, obeys the most requirements possible
    (508.1d, 509.1c) and, among those, has the highest ``preference_total``; "impossible" — no
    legal declaration respects the fixed pairs, ``why`` gives the rules; "undetermined" — the
    time limit ran out first (never a guess)."""

    status: Literal["optimal", "impossible", "undetermined"]
    declaration: Declaration | None = None
    preference_total: int = 0
    verdict: Verdict | None = Field(
        None, description="the check of the declaration: requirement counts, costs and how to pay them, triggers"
    )
    why: WhyAnswer | None = None
    message: str = ""


class EnumerateRequest(Message):
    """Every legal declaration of the board's step, each once, up to ``limit``."""

    board: Board
    limit: int = Field(100, ge=1, le=MAX_DECLARATIONS, description="stop after this many declarations")
    count_only: bool = Field(False, description="return only how many there are (up to limit)")
    time_limit: TimeLimit = DEFAULT_TIME_LIMIT


class EnumerateResponse(Message):
    """``status`` "complete": ``count`` is exact (or ``limit_reached``); "undetermined": the time
    limit ran out, ``count`` is a lower bound."""

    status: Literal["complete", "undetermined"]
    step: StepName
    count: int
    limit_reached: bool
    declarations: tuple[Declaration, ...] = ()
    message: str = ""


class ExplainRequest(Message):
    """A judge's why-not question about a board."""

    board: Board
    question: str = Field(
        max_length=500,
        description='"why can\'t X block Y", "why can\'t X attack [T]", "why must X block|attack", '
        '"why is no block|attack illegal" (X, Y: permanent ids or card names; T: a player or permanent)',
    )
    time_limit: TimeLimit = DEFAULT_TIME_LIMIT


class ExplainResponse(Message):
    """``status`` "answered": ``answer`` has the sentence, the rules behind it and an example;
    "undetermined": the time limit ran out."""

    status: Literal["answered", "undetermined"]
    answer: WhyAnswer | None = None
    message: str = ""


class SchemaRequest(Message):
    """The JSON Schema of one data-contract model, by name (see ``combat-solver schema``)."""

    name: str = Field(description="e.g. board, block-declaration, verdict, solve-request")


class SchemaResponse(Message):
    name: str
    json_schema: dict[str, Any]


class CardRequest(Message):
    """Look a card up by name in the card catalog; with ``copy_of``, a card that entered as a
    copy (Clone): the record of the copy (707.2), as a board's ``copy_of`` reads it."""

    name: str = Field(min_length=1, max_length=200)
    copy_of: tuple[Annotated[str, Field(min_length=1, max_length=200)], ...] = Field(
        (), max_length=20, description="what it copied, then what that one copied (707.3); none: the card itself"
    )


class CardResponse(Message):
    """``status`` "found": ``card`` is the catalog's record; "not_found": no card of that name
    (``suggestions``: the closest names, best first, as ``GET /cards`` ranks them; ``message``
    names the field); "unavailable": no catalog is installed in this server."""

    status: Literal["found", "not_found", "unavailable"]
    name: str
    card: dict[str, Any] | None = None
    suggestions: tuple[str, ...] = ()
    message: str = ""


class ErrorDetail(Message):
    """One bad field: ``loc`` its location in the request, ``path`` the same as text."""

    loc: tuple[str | int, ...]
    path: str
    msg: str
    type: CodeField


class ErrorResponse(Message):
    """Bad input (HTTP 422): every offending field, named by its path in the request."""

    detail: tuple[ErrorDetail, ...]


class Health(Message):
    status: Literal["ok"] = "ok"
    version: str
    tools: tuple[str, ...]
    request_time_limit: float | None
    max_body_bytes: int


class CardSearchRequest(Message):
    """Card names for autocomplete."""

    q: str = Field(
        max_length=200,
        description="part of a card's name, or a close spelling (case, accents and apostrophes don't matter)",
    )
    limit: int = Field(10, ge=1, le=100)


class CardSearchResponse(Message):
    """``status`` "ok": ``names`` for the query, best first: the exact name, names starting with
    it, names with a word starting with it, names containing it, close spellings (case, accents
    and apostrophes don't matter; each face of a multi-faced card by its own name);
    "unavailable": no catalog is installed in this server."""

    status: Literal["ok", "unavailable"]
    query: str
    names: tuple[str, ...] = ()


class RenderRequest(Message):
    """A verdict (from check or solve) or a why-not answer (from explain or an impossible solve)
    to word for a judge, as the command line does."""

    board: Board
    verdict: Verdict | None = None
    answer: WhyAnswer | None = None


class RenderedSection(Message):
    title: str
    items: tuple[str, ...] = ()


class RenderResponse(Message):
    """The same wording as ``combat-solver check``/``explain``: ``headline`` and ``sections``
    (each rule cited by number), and the whole as ``text`` and ``markdown``."""

    headline: str
    sections: tuple[RenderedSection, ...]
    text: str
    markdown: str


class ScenarioRequest(Message):
    """A scenario or board file's text (YAML or JSON), as ``combat-solver check FILE`` reads it."""

    text: str = Field(max_length=900_000)


class ScenarioResponse(Message):
    """The file's board and its declaration (if any), validated."""

    board: Board
    declaration: Declaration | None = None
