"""The handlers behind every front end (HTTP, MCP, CLI): one request model in, one response
model out, bad input raised as ``InputError`` whose locations are request fields. Explanation,
rendering and schema modules are imported by the handlers that use them (CLI start-up).

Each request has one ``Deadline``: its own ``time_limit`` within the service's
(``Service.request_time_limit``), shared by every solver call it makes; an enumeration stops when
it has passed, and running out is answered "undetermined", never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from pydantic import BaseModel, ValidationError

from ..board.model import Board
from ..io.inputs import read_text
from ..io.scenario import parse_scenario
from ..model.deadline import Deadline, Undetermined
from ..model.declarations import BlockDeclaration, Declaration
from ..model.errors import InputError
from ..model.records import StepName, Verdict, WhyAnswer
from ..steps.attacks import legal_attacks
from ..steps.blocks import legal_blocks
from ..steps.check import check_declaration, solve_declaration
from .cards import CardCatalog
from .models import (
    CardRequest,
    CardResponse,
    CardSearchRequest,
    CardSearchResponse,
    CheckRequest,
    EnumerateRequest,
    EnumerateResponse,
    ExplainRequest,
    ExplainResponse,
    RenderedSection,
    RenderRequest,
    RenderResponse,
    ScenarioRequest,
    ScenarioResponse,
    SchemaRequest,
    SchemaResponse,
    SolveRequest,
    SolveResponse,
)


class Service:
    """The handlers, with the server's limits and (once installed) the card catalog.

    ``request_time_limit``: wall-clock seconds one request may take in all (None: no limit
    beyond each solver call's own ``time_limit``)."""

    def __init__(self, *, request_time_limit: float | None = None, cards: CardCatalog | None = None) -> None:
        if request_time_limit is not None and request_time_limit <= 0:
            raise InputError.one(("--time-limit",), "not_positive", "the time limit must be positive")
        self.request_time_limit = request_time_limit
        self.cards = cards

    def _deadline(self, asked: float) -> Deadline:
        """The request's one deadline: what it asked, within the service's limit."""
        limit = self.request_time_limit
        return Deadline(float(asked if limit is None else min(asked, limit)))

    def check(self, request: CheckRequest) -> Verdict:
        deadline = self._deadline(request.time_limit)
        return check_declaration(request.board, request.declaration, time_limit=deadline, explain=request.explain)

    def solve(self, request: SolveRequest) -> SolveResponse:
        deadline = self._deadline(request.time_limit)
        prefer = {(a, b): w for a, row in request.prefer.items() for b, w in row.items()}
        fix = request.fix if request.fix.include or request.fix.exclude else None
        try:
            verdict = solve_declaration(request.board, prefer=prefer, fix=fix, time_limit=deadline)
        except Undetermined as e:
            return SolveResponse(status="undetermined", message=str(e))
        if isinstance(verdict, WhyAnswer):
            return SolveResponse(status="impossible", why=verdict, message=verdict.answer)
        if verdict.status == "undetermined":
            return SolveResponse(
                status="undetermined", message="the solver timed out before proving an optimal declaration"
            )
        if verdict.status == "illegal":
            raise RuntimeError(f"the solver's declaration fails its own check: {verdict.violations}")
        total = sum(prefer.get(pair, 0) for pair in _pairs(verdict.declaration))
        return SolveResponse(
            status="optimal",
            declaration=verdict.declaration,
            preference_total=total,
            verdict=verdict,
            message=f"obeys {verdict.requirements_obeyed} of a possible {verdict.requirements_maximum} "
            f"requirements; preference total {total}",
        )

    def enumerate(self, request: EnumerateRequest) -> EnumerateResponse:
        deadline = self._deadline(request.time_limit)
        board = request.board
        step = _step(board)
        found: list[Declaration] = []
        count = 0
        declarations: Iterator[Declaration] = (
            legal_blocks(board, time_limit=deadline)
            if board.combat is not None
            else legal_attacks(board, time_limit=deadline)
        )
        try:
            for declaration in declarations:
                count += 1
                if not request.count_only:
                    found.append(declaration)
                if count >= request.limit:
                    break
                if not deadline.remaining():
                    raise Undetermined(f"the request's time limit ran out after {count} declarations")
        except Undetermined as e:
            return EnumerateResponse(
                status="undetermined",
                step=step,
                count=count,
                limit_reached=False,
                declarations=tuple(found),
                message=f"{e}; the count is a lower bound",
            )
        return EnumerateResponse(
            status="complete",
            step=step,
            count=count,
            limit_reached=count >= request.limit,
            declarations=tuple(found),
        )

    def explain(self, request: ExplainRequest) -> ExplainResponse:
        from ..steps.why import ask

        deadline = self._deadline(request.time_limit)
        try:
            answer = ask(request.board, request.question, time_limit=deadline)
        except Undetermined as e:
            return ExplainResponse(status="undetermined", message=str(e))
        return ExplainResponse(status="answered", answer=answer, message=answer.answer)

    def schema(self, request: SchemaRequest) -> SchemaResponse:
        from ..schemas import SCHEMAS

        model = SCHEMAS.get(request.name)
        if model is None:
            raise InputError.one(("name",), "unknown_schema", f"known schemas: {', '.join(sorted(SCHEMAS))}")
        return SchemaResponse(name=request.name, json_schema=model.model_json_schema())

    def card(self, request: CardRequest) -> CardResponse:
        if self.cards is None:
            return CardResponse(
                status="unavailable",
                name=request.name,
                message="no card catalog is installed in this server: spell abilities out on the board",
            )
        record = (
            self.cards.lookup(request.name, request.copy_of) if request.copy_of else self.cards.lookup(request.name)
        )
        if record is None:
            suggestions = tuple(self.cards.search(request.name, 5))
            hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
            return CardResponse(
                status="not_found",
                name=request.name,
                suggestions=suggestions,
                message=f"name: no card named {request.name!r} in the catalog{hint}",
            )
        return CardResponse(status="found", name=request.name, card=dict(record))

    def search_cards(self, request: CardSearchRequest) -> CardSearchResponse:
        if self.cards is None:
            return CardSearchResponse(status="unavailable", query=request.q)
        return CardSearchResponse(
            status="ok", query=request.q, names=tuple(self.cards.search(request.q, request.limit))
        )

    def render(self, request: RenderRequest) -> RenderResponse:
        """A verdict or a why-not answer worded as the command line words it."""
        from ..io.render import answer_sections, render_answer, render_markdown, render_text, sections

        if (request.verdict is None) == (request.answer is None):
            raise InputError.one(("verdict",), "one_of", "give either a verdict or an answer")
        if request.verdict is not None:
            headline, parts = sections(request.board, request.verdict)
            text = render_text(request.board, request.verdict)
            markdown = render_markdown(request.board, request.verdict)
        else:
            assert request.answer is not None
            answer = request.answer
            headline, parts = f"{answer.question}\n{answer.answer}", answer_sections(answer)
            text, markdown = render_answer(answer, "text"), render_answer(answer, "markdown")
        return RenderResponse(
            headline=headline,
            sections=tuple(RenderedSection(title=p.title, items=p.items) for p in parts),
            text=text,
            markdown=markdown,
        )

    def scenario(self, request: ScenarioRequest) -> ScenarioResponse:
        """Read a scenario file's text as the command line reads the file."""
        scenario = parse_scenario(read_text(request.text, source="the file", loc=("text",)))
        return ScenarioResponse(board=scenario.board, declaration=scenario.declaration)

    def call(self, tool: Tool, arguments: Any) -> BaseModel:
        """Validate raw ``arguments`` against the tool's request model and run it."""
        try:
            request = tool.request.model_validate(arguments)
        except ValidationError as e:
            raise InputError.from_validation(e) from None
        return tool.handler(self, request)


def _pairs(declaration: Declaration) -> frozenset[tuple[str, str]]:
    if isinstance(declaration, BlockDeclaration):
        return frozenset((p.blocker, p.attacker) for p in declaration.pairs)
    return frozenset(declaration.attacks.items())


def _step(board: Board) -> StepName:
    return "declare_blockers" if board.combat is not None else "declare_attackers"


def package_version() -> str:
    """The installed package's version (what servers report)."""
    try:
        return version("combat-solver")
    except PackageNotFoundError:
        return "0"


@dataclass(frozen=True)
class Tool:
    """One handler as both front ends publish it: MCP tool ``name``, HTTP ``POST /{name}``."""

    name: str
    title: str
    request: type[BaseModel]
    response: type[BaseModel]
    handler: Callable[[Service, Any], BaseModel]
    description: str
    undetermined: Callable[[Any, str], BaseModel] | None = None
    """The answer when the front end's wall-clock limit ran out (None: the tool never solves)."""


_STATES = (
    "Bad input (unknown field, unknown id, wrong type) is an error naming the field path, "
    "e.g. board.permanents[2].controller. Same input, same answer."
)

TOOLS: tuple[Tool, ...] = (
    Tool(
        name="check",
        title="Check an attack or block declaration",
        request=CheckRequest,
        response=Verdict,
        handler=Service.check,
        undetermined=lambda r, message: Verdict(
            status="undetermined",
            step="declare_blockers" if isinstance(r.declaration, BlockDeclaration) else "declare_attackers",
            declaration=r.declaration,
        ),
        description=(
            "Decide whether a proposed Magic: The Gathering attack (declaration.kind 'attack', CR 508.1) or block "
            "(declaration.kind 'block', CR 509.1) is legal on a board. A board with `combat` (the declared attack) "
            "is at the declare blockers step; without it, at declare attackers. Checks restrictions (508.1c, 509.1b: "
            "evasion, flying, menace, 'can't block', caps), requirements ('attacks/blocks if able', Lure, provoke, "
            "goad: the declaration must obey the maximum possible number, 508.1d, 509.1c), costs to attack or block "
            "and whether they can be paid (508.1h-j, 509.1d-f), bands (702.22) and multiplayer (802, 805). "
            "status: 'legal'; 'illegal' with `violations` (each names its rule) and, when only too few requirements "
            "are obeyed, a `witness` declaration reaching the maximum; 'undetermined' if the solver ran out of time "
            "(never a guess). A legal verdict also gives the resulting combat state and the abilities that trigger. "
            "`explain: false` answers the bare verdict at the least cost (no maximum or witness unless needed). "
            + _STATES
        ),
    ),
    Tool(
        name="solve",
        title="Find the optimal legal declaration",
        request=SolveRequest,
        response=SolveResponse,
        handler=Service.solve,
        undetermined=lambda r, message: SolveResponse(status="undetermined", message=message),
        description=(
            "Find a legal attack (board without `combat`) or block (board with `combat`) that obeys the maximum "
            "possible number of requirements (CR 508.1d, 509.1c) and can pay its costs; among those, the one with "
            "the highest total of your `prefer` weights ({blocker_id: {attacker_id: weight}} for blocks, "
            "{attacker_id: {target_id: weight}} for attacks; e.g. weight blocks that kill attackers). `fix` "
            "completes a partial declaration: pairs that must be in (`include`) and must stay out (`exclude`). "
            "Weights and fixed pairs never make an illegal declaration: the requirement maximum is the board's. "
            "status: 'optimal' with `declaration`, `preference_total` and its full `verdict`; 'impossible' when no "
            "legal declaration respects the fixed pairs, with `why` listing the rules (restrictions and the "
            "requirement maximum) that rule them out; 'undetermined' if the solver ran out of time. " + _STATES
        ),
    ),
    Tool(
        name="enumerate",
        title="List or count the legal declarations",
        request=EnumerateRequest,
        response=EnumerateResponse,
        handler=Service.enumerate,
        undetermined=lambda r, message: EnumerateResponse(
            status="undetermined", step=_step(r.board), count=0, limit_reached=False, message=message
        ),
        description=(
            "List every legal attack (board without `combat`) or block (board with `combat`), each exactly once, "
            "up to `limit`; `count_only` returns only how many. Legal means: no restriction broken (508.1c, "
            "509.1b), the maximum possible number of requirements obeyed (508.1d, 509.1c), costs payable. "
            "status: 'complete' (`count` exact, or `limit_reached`); 'undetermined' if time ran out (`count` is a "
            "lower bound). " + _STATES
        ),
    ),
    Tool(
        name="explain",
        title="Answer a why-not question",
        request=ExplainRequest,
        response=ExplainResponse,
        handler=Service.explain,
        undetermined=lambda r, message: ExplainResponse(status="undetermined", message=message),
        description=(
            "Answer a judge's why-not question about a board, with the rules behind it: \"why can't X block Y\", "
            '"why can\'t X attack [T]", "why must X block", "why must X attack", "why is no block illegal", '
            '"why is no attack illegal" (X, Y: permanent ids or card names). The reasons are a minimal set of '
            "restrictions (and the requirement maximum, 508.1d/509.1c) that rule the thing out, each with its rule "
            "number and the cards involved; when the answer is 'it can', an example legal declaration. status: "
            "'answered'; 'undetermined' if the solver ran out of time. " + _STATES
        ),
    ),
    Tool(
        name="schema",
        title="JSON Schema of a data-contract model",
        request=SchemaRequest,
        response=SchemaResponse,
        handler=Service.schema,
        description=(
            "Return the JSON Schema of one model by name: board, attack-declaration, block-declaration, scenario, "
            "verdict, or a tool's request/response (check-request, solve-request, solve-response, ...). Use it to "
            "build a valid board: permanents with id, name, controller, types, power, toughness and `abilities` "
            "(each a `kind` such as flying, menace, lure, must_attack, cant_block)."
        ),
    ),
    Tool(
        name="card",
        title="Look a card up by name",
        request=CardRequest,
        response=CardResponse,
        handler=Service.card,
        description=(
            "Look a Magic card up by its exact name in the server's card catalog. status: 'found' with the "
            "catalog's record; 'not_found' with `suggestions` (the closest names, best first); 'unavailable' when this server has no catalog installed (then spell "
            "the card's abilities out on the board)."
        ),
    ),
)

TOOL_BY_NAME: Mapping[str, Tool] = {t.name: t for t in TOOLS}
