"""Command line: ``combat-solver check|solve|enumerate|explain|card|cards|schema``.

Exit codes: 0 legal (or success), 1 illegal, 2 bad input, 3 undetermined (solver time-out).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .attacks import check_attacks, legal_attacks, solve_attacks
from .blocks import check_blocks, legal_blocks, solve_blocks
from .board import Board
from .cards.catalog import Catalog, UnknownCard, bundled_catalog, load_catalog_file
from .cards.coverage import measure
from .cards.labels import compare_labels
from .cards.report import card_report, render_card
from .declarations import AttackDeclaration, BlockDeclaration, Declaration
from .engine import DEFAULT_TIME_LIMIT, Undetermined
from .errors import InputError
from .render import describe, render_answer, render_markdown, render_text
from .scenario import load_declaration, load_scenario, read_data
from .schema import schemas, write_schemas
from .verdict import Verdict
from .why import ask

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
        cards_option(sp)

    def cards_option(sp: argparse.ArgumentParser) -> None:
        sp.add_argument(
            "--cards",
            type=Path,
            metavar="FILE",
            help="card data for `card:` permanents: a Scryfall oracle-cards or MTGJSON AtomicCards file "
            "(default: the bundled catalog)",
        )

    check = sub.add_parser("check", help="is a proposed attack or block legal?")
    common(check)
    check.add_argument("--declaration", type=Path, help="declaration file (default: the scenario's `declaration`)")

    solve = sub.add_parser("solve", help="an optimal legal block (maximum requirements)")
    common(solve)
    solve.add_argument(
        "--prefer", type=Path, help="weights {blocker: {attacker: weight}} to maximize among optimal blocks"
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

    card = sub.add_parser("card", help="a card's abilities as compiled from its Oracle text")
    card.add_argument("name", help="card name (a face's name for split, adventure and double-faced cards)")
    card.add_argument("--format", choices=("text", "json"), default="text")
    cards_option(card)

    cards = sub.add_parser("cards", help="the card catalog: compiler coverage and labelled-set accuracy")
    cards.add_argument("--coverage", action="store_true", help="share of combat cards compiled with no warning")
    cards.add_argument("--top", type=int, default=30, help="uncompiled sentence shapes to list (default 30)")
    cards.add_argument("--labels", type=Path, metavar="FILE", help="compare with a hand-labelled set (tests/cards/)")
    cards_option(cards)

    schema = sub.add_parser("schema", help="print the JSON Schemas of board, declaration, scenario and verdict")
    schema.add_argument("--out", type=Path, help="write one <name>.schema.json file per model into this folder")
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
    if args.command == "schema":
        if args.out:
            for path in write_schemas(args.out):
                print(path)
        else:
            print(json.dumps(schemas(), indent=2, sort_keys=True))
        return 0
    if args.command in ("card", "cards"):
        return _run_cards(args)
    if args.time_limit <= 0:
        raise InputError.one(("--time-limit",), "not_positive", "the time limit must be positive")
    scenario = load_scenario(args.board, catalog=_catalog(args.cards))
    board = scenario.board
    if args.command == "explain":
        answer = ask(board, args.why, time_limit=args.time_limit)
        print(answer.model_dump_json(indent=2) if args.format == "json" else render_answer(answer, args.format))
        return 0
    if args.command == "check":
        declaration = load_declaration(args.declaration) if args.declaration else scenario.declaration
        if declaration is None:
            raise InputError.one(
                ("declaration",),
                "missing",
                "no declaration: give --declaration FILE or a `declaration` in the scenario",
            )
        verdict = _check(board, declaration, args.time_limit)
        _print_verdict(board, verdict, args.format)
        return _EXIT_OF[verdict.status]
    blocking = board.combat is not None
    if args.command == "solve":
        prefer = _load_preference(args.prefer) if args.prefer else None
        solve = solve_blocks if blocking else solve_attacks
        verdict = solve(board, prefer=prefer, time_limit=args.time_limit)
        if verdict.status == "undetermined":
            raise Undetermined("the solver timed out before proving an optimal declaration")
        _print_verdict(board, verdict, args.format)
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


def _check(board: Board, declaration: Declaration, time_limit: float) -> Verdict:
    if isinstance(declaration, BlockDeclaration):
        return check_blocks(board, declaration, time_limit=time_limit)
    assert isinstance(declaration, AttackDeclaration)
    return check_attacks(board, declaration, time_limit=time_limit)


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


def _load_preference(path: Path) -> dict[tuple[str, str], int]:
    data = read_data(path)
    if not isinstance(data, dict):
        raise InputError.one((), "not_a_mapping", f"{path}: expected {{id: {{id: weight}}}}")
    weights: dict[tuple[str, str], int] = {}
    for blocker, row in data.items():
        if not isinstance(row, dict):
            raise InputError.one((str(blocker),), "not_a_mapping", f"{path}: expected {{id: weight}}")
        for attacker, weight in row.items():
            if not isinstance(weight, int) or isinstance(weight, bool):
                raise InputError.one((str(blocker), str(attacker)), "not_an_integer", f"{path}: weights are integers")
            weights[(str(blocker), str(attacker))] = weight
    return weights


def _catalog(path: Path | None) -> Catalog | None:
    if path is None:
        return None
    try:
        return load_catalog_file(path)
    except OSError as e:
        raise InputError.one(("--cards",), "unreadable_file", f"can't read {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise InputError.one(("--cards",), "bad_card_file", f"{path}: {e}") from None


def _run_cards(args: argparse.Namespace) -> int:
    catalog = _catalog(args.cards) or bundled_catalog()
    if args.command == "card":
        try:
            record = catalog.get(args.name)
        except UnknownCard as e:
            raise InputError.one(("name",), "unknown_card", str(e)) from None
        compiled = catalog.compiled(record)
        print(
            json.dumps(card_report(record, compiled), indent=2)
            if args.format == "json"
            else render_card(record, compiled)
        )
        return 0
    if not args.coverage and args.labels is None:
        raise InputError.one(("cards",), "missing", "give --coverage and/or --labels FILE")
    if args.coverage:
        print(measure(catalog, args.top).render())
    if args.labels is not None:
        report = compare_labels(catalog, read_data(args.labels))
        print(report.render())
        return 0
    return 0
