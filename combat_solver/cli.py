"""Command line: ``combat-solver check|solve|enumerate|explain|schema|serve|mcp``.

Exit codes: 0 legal (or success), 1 illegal, 2 bad input, 3 undetermined (solver time-out).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .attacks import legal_attacks
from .blocks import legal_blocks
from .board import Board
from .declarations import Declaration, FixedPairs
from .engine import DEFAULT_TIME_LIMIT, Undetermined
from .errors import InputError
from .render import describe, render_answer, render_markdown, render_text
from .scenario import load_declaration, load_scenario, read_data
from .schema import schemas, write_schemas
from .service.cards import installed_catalog
from .service.handlers import Service
from .service.models import CheckRequest, ExplainRequest, SolveRequest
from .verdict import Verdict, WhyAnswer

REQUEST_TIME_LIMIT = 30.0
"""Wall-clock seconds one server request may take unless told otherwise."""

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_UNDETERMINED = 0, 1, 2, 3
_EXIT_OF = {"legal": EXIT_LEGAL, "illegal": EXIT_ILLEGAL, "undetermined": EXIT_UNDETERMINED}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="combat-solver",
        description="Exact legality of Magic: The Gathering attack and block declarations (CR 508.1, 509.1). "
        "A board with `combat` (the declared attack) is at the declare blockers step; without it, at declare attackers.",
        epilog="Exit codes: 0 legal/success, 1 illegal, 2 bad input, 3 undetermined (solver time-out).",
    )
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("board", type=Path, help="board or scenario file (YAML or JSON)")
        sp.add_argument("--format", choices=("text", "markdown", "json"), default="text")
        sp.add_argument(
            "--time-limit",
            type=float,
            default=DEFAULT_TIME_LIMIT,
            metavar="SECONDS",
            help=f"solver time limit per defending player (default {DEFAULT_TIME_LIMIT:g})",
        )

    check = sub.add_parser("check", help="is a proposed attack or block legal?")
    common(check)
    check.add_argument("--declaration", type=Path, help="declaration file (default: the scenario's `declaration`)")
    check.add_argument(
        "--verdict-only",
        action="store_true",
        help="decide legality at the least cost: no requirement maximum or witness unless the check needs them "
        "(for audits and agents)",
    )

    solve = sub.add_parser(
        "solve", help="an optimal legal declaration (maximum requirements; then --prefer weights; --fix pairs)"
    )
    common(solve)
    solve.add_argument(
        "--prefer", type=Path, help="weights {blocker: {attacker: weight}} to maximize among optimal blocks"
    )
    solve.add_argument(
        "--fix",
        type=Path,
        help="pairs that must be in or stay out: {include: [[blocker, attacker], ...], exclude: [...]} "
        "([attacker, target] for attacks)",
    )

    enum = sub.add_parser("enumerate", help="list (or count) legal blocks")
    common(enum)
    enum.add_argument("--limit", type=int, default=100, help="stop after N declarations (default 100; 0 = no limit)")
    enum.add_argument("--count", action="store_true", help="print only how many there are (up to --limit)")

    why = sub.add_parser("explain", help="answer a why-not question about a board")
    common(why)
    why.add_argument(
        "--why",
        required=True,
        metavar="QUESTION",
        help='"why can\'t X block Y", "why can\'t X attack [T]", "why must X block|attack", '
        '"why is no block|attack illegal" (X, Y: ids or card names)',
    )

    schema = sub.add_parser("schema", help="print the JSON Schemas of the data contract (boards, verdicts, requests)")
    schema.add_argument("--out", type=Path, help="write one <name>.schema.json file per model into this folder")

    def request_limit(sp: argparse.ArgumentParser) -> None:
        sp.add_argument(
            "--time-limit",
            type=float,
            default=REQUEST_TIME_LIMIT,
            metavar="SECONDS",
            help=f"wall-clock limit of one request; past it the answer is 'undetermined' (default {REQUEST_TIME_LIMIT:g})",
        )

    serve = sub.add_parser("serve", help="HTTP JSON API for agents (extra: serve)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    request_limit(serve)
    mcp = sub.add_parser("mcp", help="MCP server for AI agents, on stdio (extra: mcp)")
    mcp.add_argument("--http", type=int, metavar="PORT", help="serve streamable HTTP at http://127.0.0.1:PORT/mcp")
    request_limit(mcp)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except InputError as e:
        print(f"error: {e.source + ': ' if e.source else ''}bad input", file=sys.stderr)
        for item in e.items:
            print(f"  {item}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Undetermined as e:
        print(f"undetermined: {e}", file=sys.stderr)
        return EXIT_UNDETERMINED
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace) -> int:
    if args.command in ("serve", "mcp"):
        return _serve(args)
    if args.command == "schema":
        if args.out:
            for path in write_schemas(args.out):
                print(path)
        else:
            print(json.dumps(schemas(), indent=2, sort_keys=True))
        return 0
    if args.time_limit <= 0:
        raise InputError.one(("--time-limit",), "not_positive", "the time limit must be positive")
    scenario = load_scenario(args.board)
    board = scenario.board
    service = Service()
    if args.command == "explain":
        explained = service.explain(
            _request(ExplainRequest, board=board, question=args.why, time_limit=args.time_limit)
        )
        if explained.answer is None:
            raise Undetermined(explained.message)
        _print_answer(explained.answer, args.format)
        return 0
    if args.command == "check":
        declaration = load_declaration(args.declaration) if args.declaration else scenario.declaration
        if declaration is None:
            raise InputError.one(
                ("declaration",),
                "missing",
                "no declaration: give --declaration FILE or a `declaration` in the scenario",
            )
        verdict = service.check(
            _request(
                CheckRequest,
                board=board,
                declaration=declaration,
                time_limit=args.time_limit,
                explain=not args.verdict_only,
            )
        )
        _print_verdict(board, verdict, args.format)
        return _EXIT_OF[verdict.status]
    blocking = board.combat is not None
    if args.command == "solve":
        solved = service.solve(
            _request(
                SolveRequest,
                board=board,
                prefer=_load_preference(args.prefer) if args.prefer else {},
                fix=_load_fix(args.fix) if args.fix else FixedPairs(),
                time_limit=args.time_limit,
            )
        )
        if solved.why is not None:
            _print_answer(solved.why, args.format)
            return EXIT_ILLEGAL
        if solved.verdict is None:
            raise Undetermined(solved.message)
        _print_verdict(board, solved.verdict, args.format)
        return 0
    if args.limit < 0:
        raise InputError.one(("--limit",), "negative", "the limit can't be negative")
    found: list[Declaration] = []
    for declaration in (
        legal_blocks(board, time_limit=args.time_limit)
        if blocking
        else legal_attacks(board, time_limit=args.time_limit)
    ):
        found.append(declaration)
        if args.limit and len(found) >= args.limit:
            break
    _print_enumeration(board, found, args, "block" if blocking else "attack")
    return 0


def _serve(args: argparse.Namespace) -> int:
    """Run the HTTP API or the MCP server until interrupted (their extras installed)."""
    service = Service(request_time_limit=args.time_limit, cards=installed_catalog())
    try:
        if args.command == "serve":
            from .service.http import serve

            serve(service, host=args.host, port=args.port)
        else:
            from .service.mcp_server import run

            run(service, http_port=args.http)
    except ImportError as e:
        extra = "serve" if args.command == "serve" else "mcp"
        print(f"error: {e.name} is not installed: pip install 'combat-solver[{extra}]'", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


_Request = TypeVar("_Request", bound=BaseModel)


def _request(model: type[_Request], **fields: Any) -> _Request:
    try:
        return model(**fields)
    except ValidationError as e:
        raise InputError.from_validation(e) from None


def _print_answer(answer: WhyAnswer, fmt: str) -> None:
    print(answer.model_dump_json(indent=2) if fmt == "json" else render_answer(answer, fmt))


def _print_verdict(board: Board, verdict: Verdict, fmt: str) -> None:
    if fmt == "json":
        print(verdict.model_dump_json(indent=2))
    else:
        print(render_markdown(board, verdict) if fmt == "markdown" else render_text(board, verdict))


def _print_enumeration(board: Board, found: list[Declaration], args: argparse.Namespace, noun: str) -> None:
    capped = bool(args.limit) and len(found) >= args.limit
    if args.format == "json":
        payload: dict[str, Any] = {"count": len(found), "limit_reached": capped}
        if not args.count:
            payload["declarations"] = [d.model_dump(mode="json") for d in found]
        print(json.dumps(payload, indent=2))
        return
    if not args.count:
        for i, d in enumerate(found, 1):
            print(f"{i}. {describe(board, d)}")
    print(
        f"{len(found)}{'+' if capped else ''} legal {noun}{'s' if len(found) != 1 else ''}"
        + (f" (stopped at --limit {args.limit})" if capped else "")
    )


def _load_preference(path: Path) -> dict[str, dict[str, int]]:
    data = read_data(path)
    if not isinstance(data, dict):
        raise InputError.one((), "not_a_mapping", f"{path}: expected {{id: {{id: weight}}}}")
    weights: dict[str, dict[str, int]] = {}
    for blocker, row in data.items():
        if not isinstance(row, dict):
            raise InputError.one((str(blocker),), "not_a_mapping", f"{path}: expected {{id: weight}}")
        for attacker, weight in row.items():
            if not isinstance(weight, int) or isinstance(weight, bool):
                raise InputError.one((str(blocker), str(attacker)), "not_an_integer", f"{path}: weights are integers")
            weights.setdefault(str(blocker), {})[str(attacker)] = weight
    return weights


def _load_fix(path: Path) -> FixedPairs:
    try:
        return FixedPairs.model_validate(read_data(path))
    except ValidationError as e:
        raise InputError.from_validation(e, source=str(path)) from None
