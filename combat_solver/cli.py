"""Command line: ``combat-solver check|solve|enumerate|explain|card|cards|audit|schema|serve|mcp``.

Each command imports what it needs when it runs: a bare verdict loads neither the solver, nor
the explanation and rendering modules, nor the card catalog unless the board names cards.

Exit codes: 0 legal (or success), 1 illegal, 2 bad input, 3 undetermined (the time limit ran
out), 4 internal error (a bug: please report it), 5 the output couldn't be written.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from pydantic import ValidationError

from .audit import cli as audit_cli
from .io.inputs import STDIN, display_name, read_data
from .model.base import MAX_INTEGER
from .model.deadline import DEFAULT_TIME_LIMIT, Deadline, Undetermined
from .model.errors import InputError

if TYPE_CHECKING:
    from .board.model import Board
    from .cards.catalog import Catalog
    from .model.declarations import Declaration, FixedPairs
    from .model.records import Verdict, WhyAnswer

REQUEST_TIME_LIMIT = 30.0
"""Wall-clock seconds one server request may take unless told otherwise."""

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_UNDETERMINED, EXIT_INTERNAL_ERROR, EXIT_OUTPUT_ERROR = range(6)
_EXIT_OF = {"legal": EXIT_LEGAL, "illegal": EXIT_ILLEGAL, "undetermined": EXIT_UNDETERMINED}
EXIT_CODES = (
    "exit codes: 0 legal (check) or success, 1 illegal, 2 bad input or arguments, "
    "3 undetermined (the time limit ran out first), 4 internal error (a bug), 5 output not written (closed pipe, full disk)"
)
DEFAULT_LIMIT = 100


class OutputError(Exception):
    """Standard output can't be written (a closed pipe, a full disk)."""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the time limit must be a finite number of seconds above 0")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 0 or more")
    return value


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="combat-solver",
        description="Exact legality of Magic: The Gathering attack and block declarations (CR 508.1, 509.1). "
        "A board with `combat` (the declared attack) is at the declare blockers step; without it, at declare attackers. "
        "Files are YAML or JSON; `-` reads standard input.",
        epilog=EXIT_CODES + ".",
    )
    p.add_argument("--debug", action="store_true", help="print the traceback of an internal error")
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("board", help="board or scenario file (YAML or JSON; - for standard input)")
        sp.add_argument("--format", choices=("text", "markdown", "json"), default="text")
        sp.add_argument(
            "--time-limit",
            type=_seconds,
            default=DEFAULT_TIME_LIMIT,
            metavar="SECONDS",
            help=f"deadline for the whole command; past it the answer is undetermined, exit 3 (default {DEFAULT_TIME_LIMIT:g})",
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

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_text, description=help_text, epilog=EXIT_CODES + ".")

    check = add("check", "is a proposed attack or block legal? (exit 0 legal, 1 illegal)")
    common(check)
    check.add_argument(
        "--declaration",
        help="declaration file (YAML or JSON; - for standard input; default: the scenario's `declaration`)",
    )
    check.add_argument(
        "--verdict-only",
        action="store_true",
        help="decide legality at the least cost: no requirement maximum or witness unless the check needs them "
        "(for audits and agents)",
    )

    solve = add("solve", "an optimal legal attack (board without combat) or block (board with combat)")
    common(solve)
    solve.add_argument(
        "--prefer",
        help="weights to maximize among the optimal declarations: {blocker: {attacker: weight}} for blocks, "
        f"{{attacker: {{target: weight}}}} for attacks (integers, at most {MAX_INTEGER} in size)",
    )
    solve.add_argument(
        "--fix",
        help="pairs that must be in or stay out: {include: [[blocker, attacker], ...], exclude: [...]} "
        "([attacker, target] for attacks); when none is legal, the answer says why (exit 1)",
    )

    enum = add("enumerate", "list (or count) the legal attacks or blocks of a board, each once, as they are found")
    common(enum)
    enum.add_argument(
        "--limit",
        type=_count,
        metavar="N",
        help=f"stop after N declarations (0 = no limit; default {DEFAULT_LIMIT} when listing, no limit with --count)",
    )
    enum.add_argument("--count", action="store_true", help="print only how many there are (N+ if --limit stopped it)")

    why = add("explain", "answer a why-not question about a board")
    common(why)
    why.add_argument(
        "--why",
        required=True,
        metavar="QUESTION",
        help='"why can\'t X block [Y]", "why can\'t X attack [T]", "why must X block|attack", '
        '"why is no block|attack illegal" (X, Y: ids or card names; Y may be left out when one creature attacks)',
    )

    card = add("card", "a card's abilities as compiled from its Oracle text")
    card.add_argument("name", help="card name (a face's name for split, adventure and double-faced cards)")
    card.add_argument("--format", choices=("text", "json"), default="text")
    card.add_argument(
        "--copy-of",
        metavar="CARD",
        action="append",
        default=[],
        help="the card it entered as a copy of (707.2; repeat for a copy of a copy, 707.3): the copy's abilities",
    )
    cards_option(card)
    cards = add("cards", "the card catalog: name search, compiler coverage and labelled-set accuracy")
    cards.add_argument(
        "--search",
        metavar="QUERY",
        help="card names for QUERY, best first: exact, prefix, word start, containing, close spelling",
    )
    cards.add_argument("--limit", type=_count, default=10, metavar="N", help="names --search lists (default 10)")
    cards.add_argument("--coverage", action="store_true", help="share of combat cards compiled with no warning")
    cards.add_argument("--top", type=_count, default=30, help="uncompiled sentence shapes to list (default 30)")
    cards.add_argument("--labels", metavar="FILE", help="compare with a hand-labelled set (tests/cards/)")
    cards.add_argument(
        "--accuracy",
        metavar="FILE",
        help="grade the compiler on a labelled random sample (tests/cards/random_sample.yaml): "
        "exact / partial / wrong / unread with 95%% intervals",
    )
    cards_option(cards)

    audit_cli.add_parser(sub)
    schema = add("schema", "print the JSON Schemas of the data contract (boards, verdicts, requests, audit records)")
    schema.add_argument("--out", type=Path, help="write one <name>.schema.json file per model into this folder")

    def request_limit(sp: argparse.ArgumentParser) -> None:
        sp.add_argument(
            "--time-limit",
            type=_seconds,
            default=REQUEST_TIME_LIMIT,
            metavar="SECONDS",
            help=f"wall-clock limit of one request; past it the answer is 'undetermined' (default {REQUEST_TIME_LIMIT:g})",
        )

    serve = add("serve", "HTTP JSON API for agents and the judges' web page at / (extra: serve)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    request_limit(serve)
    mcp = add("mcp", "MCP server for AI agents, on stdio (extra: mcp)")
    mcp.add_argument("--http", type=int, metavar="PORT", help="serve streamable HTTP at http://127.0.0.1:PORT/mcp")
    request_limit(mcp)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns its exit code (see ``EXIT_CODES``). Never raises for any input."""
    return _main(_parser().parse_args(argv))


def _main(args: argparse.Namespace, *, whole_process: bool = False) -> int:
    """``main`` for parsed ``args``; ``whole_process``: the time limit counts from the process's
    start (the program's own run, ``entry``), not from this call."""
    if args.command not in ("serve", "mcp"):
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "1")  # start-up: no entry point scan
    try:
        return _run(args, whole_process)
    except InputError as e:
        _report(f"error: {e.source + ': ' if e.source else ''}bad input", *(f"  {item}" for item in e.items))
        return EXIT_BAD_INPUT
    except Undetermined as e:
        _report(f"undetermined: {e}")
        return EXIT_UNDETERMINED
    except OutputError as e:
        _silence_stdout()
        _report(f"error: the output couldn't be written: {e}")
        return EXIT_OUTPUT_ERROR
    except Exception as e:
        if args.debug:
            import traceback

            traceback.print_exc()
        _report(
            f"internal error: {type(e).__name__}: {_one_line(e)} (a bug in combat-solver; "
            "rerun with --debug for the traceback and please report it)"
        )
        return EXIT_INTERNAL_ERROR


DEADLINED = ("check", "solve", "enumerate", "explain")
"""The commands a ``--time-limit`` bounds, which write their answer to standard output only."""


def entry() -> NoReturn:
    """The ``combat-solver`` program (and ``python -m combat_solver``). Its time limit counts from
    the process's start, as the caller's clock does. A command of ``DEADLINED`` ends the process
    the moment its answer is flushed (``os._exit``): ending the interpreter the normal way frees
    every object and module (a large board's, OR-Tools', numpy's and pandas'), 0.1-0.2 s and more
    under load that would run past the time limit, and such a command leaves nothing else to
    finish (no thread, no file of its own, no ``atexit`` handler). The others (the audit's files
    and workers, the servers) end normally. Calls from the caller's own process (tests,
    embedding) use ``main``, which returns."""
    args = _parser().parse_args()
    code = _main(args, whole_process=True)
    if args.command not in DEADLINED:
        raise SystemExit(code)
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        code = EXIT_OUTPUT_ERROR
    _report()
    os._exit(code)


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text[:300] + ("..." if len(text) > 300 else "")


def _report(*lines: str) -> None:
    """Diagnostics on standard error (never fails: a closed stderr has nobody to tell)."""
    try:
        for line in lines:
            print(line.encode("utf-8", "backslashreplace").decode("utf-8"), file=sys.stderr)
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _emit(text: str) -> None:
    """One block of output on standard output, written in full and flushed now, so that a
    write error (or a short write to a closed pipe when unbuffered) is seen here."""
    try:
        sys.stdout.flush()
        binary = getattr(sys.stdout, "buffer", None)
        if binary is None:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
            return
        data = memoryview((text + "\n").encode(sys.stdout.encoding or "utf-8", "backslashreplace"))
        while data:
            written = binary.write(data)
            data = data[written if written is not None else 0 :]
        binary.flush()
    except OSError as e:
        raise OutputError(e.strerror or str(e)) from None


def _silence_stdout() -> None:
    """Point the real standard output at /dev/null so the unwritten rest fails no more at exit."""
    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _run(args: argparse.Namespace, whole_process: bool) -> int:
    if args.command == "schema":
        from .schemas import schemas, write_schemas

        if args.out:
            try:
                written = write_schemas(args.out)
            except OSError as e:
                raise InputError.one(
                    ("--out",), "unwritable", f"can't write into {args.out}: {e.strerror or e}"
                ) from None
            _emit("\n".join(str(path) for path in written))
        else:
            _emit(json.dumps(schemas(), indent=2, sort_keys=True))
        return EXIT_LEGAL
    if args.command in ("serve", "mcp"):
        return _serve(args)
    if args.command == "audit":
        return audit_cli.run(args)
    if args.command in ("card", "cards"):
        return _run_cards(args)
    deadline = Deadline(args.time_limit, from_process_start=whole_process)
    try:
        return _deadlined(args, deadline)
    except Undetermined as e:
        return _report_undetermined(args, None, str(e))


def _deadlined(args: argparse.Namespace, deadline: Deadline) -> int:
    """A command of ``DEADLINED``: the board read (if the deadline affords it), then answered."""
    catalog = _catalog(args.cards)
    if args.board == STDIN and STDIN in (getattr(args, "declaration", None), getattr(args, "prefer", None)):
        raise InputError.one(("-",), "stdin_twice", "standard input can be read for one file only")
    _afford_reading(args.board, deadline)
    from .io.scenario import load_scenario

    scenario = load_scenario(args.board, catalog=catalog)
    board = scenario.board
    if args.command == "check":
        return _check(args, board, scenario.declaration, deadline)
    from .model.records import WhyAnswer
    from .steps.check import solve_declaration

    if args.command == "explain":
        from .steps.why import ask

        _print_answer(ask(board, args.why, time_limit=deadline), args.format)
        return EXIT_LEGAL
    blocking = board.combat is not None
    if args.command == "solve":
        prefer = _load_preference(args.prefer) if args.prefer else {}
        solved = solve_declaration(
            board, prefer=prefer, fix=_load_fix(args.fix) if args.fix else None, time_limit=deadline
        )
        if isinstance(solved, WhyAnswer):
            _print_answer(solved, args.format)
            return EXIT_ILLEGAL
        _print_verdict(board, solved, args.format, solved=True)
        return EXIT_UNDETERMINED if solved.status == "undetermined" else EXIT_LEGAL
    noun = "block" if blocking else "attack"
    if args.count:
        return _count_legal(board, blocking, deadline, args, noun)
    from .steps.attacks import legal_attacks
    from .steps.blocks import legal_blocks

    found = legal_blocks(board, time_limit=deadline) if blocking else legal_attacks(board, time_limit=deadline)
    return _enumerate(board, found, args, noun)


READ_SECONDS_PER_BYTE = 2.5e-7
"""CPU seconds reading and validating a board file takes, per byte (300 a side, 286 kB: 0.07 s)."""


def _afford_reading(path: str, deadline: Deadline) -> None:
    """``Undetermined`` before the board is read when reading it, at the pace the command has
    gone so far (``Deadline.affords``), would end past the deadline: nothing interrupts it."""
    try:
        size = 0 if path == STDIN else os.stat(path).st_size
    except OSError:
        return
    if not deadline.affords(size * READ_SECONDS_PER_BYTE):
        raise Undetermined("the time limit ran out before the board was read")


def _check(args: argparse.Namespace, board: Board, declared: Declaration | None, deadline: Deadline) -> int:
    """``check``: the service's check without the rest of the service (start-up)."""
    from .io.scenario import load_declaration
    from .steps.check import check_declaration

    declaration = load_declaration(args.declaration) if args.declaration else declared
    if declaration is None:
        raise InputError.one(
            ("declaration",),
            "missing",
            "no declaration: give --declaration FILE or a `declaration` in the scenario",
        )
    try:
        verdict = check_declaration(board, declaration, time_limit=deadline, explain=not args.verdict_only)
    except InputError as e:
        raise e.located(display_name(args.declaration or args.board)) from None
    _print_verdict(board, verdict, args.format)
    return _EXIT_OF[verdict.status]


def _serve(args: argparse.Namespace) -> int:
    """Run the HTTP API (and the judges' page at /) or the MCP server until interrupted."""
    from .service.cards import installed_catalog
    from .service.handlers import Service

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
        _report(f"error: {e.name} is not installed: pip install 'combat-solver[{extra}]'")
        return EXIT_BAD_INPUT
    return EXIT_LEGAL


def _print_answer(answer: WhyAnswer, fmt: str) -> None:
    from .io.render import render_answer

    _emit(answer.model_dump_json(indent=2) if fmt == "json" else render_answer(answer, fmt))


def _print_verdict(board: Board, verdict: Verdict, fmt: str, *, solved: bool = False) -> None:
    """``verdict`` in ``fmt``; ``solved``: on the declaration ``solve`` found."""
    if fmt == "json":
        _emit(verdict.model_dump_json(indent=2))
    else:
        from .io.render import render_markdown, render_text

        render = render_markdown if fmt == "markdown" else render_text
        _emit(render(board, verdict, solved=solved))


def _count_legal(board: Board, blocking: bool, deadline: Deadline, args: argparse.Namespace, noun: str) -> int:
    """``--count``: counted without listing (parts of a unit that share no creature are counted
    apart and multiplied); one more than ``--limit`` is counted to know whether there are more."""
    from .steps.attacks import count_legal_attacks
    from .steps.blocks import count_legal_blocks

    limit = args.limit or 0
    count = count_legal_blocks if blocking else count_legal_attacks
    try:
        found = count(board, limit=limit + 1 if limit else None, time_limit=deadline)
    except Undetermined as e:
        return _report_undetermined(args, None, str(e))
    more = bool(limit) and found > limit
    _report_total(limit if more else found, more, limit, args, noun)
    return EXIT_LEGAL


def _enumerate(board: Board, found: Iterator[Declaration], args: argparse.Namespace, noun: str) -> int:
    """Text lists each declaration as soon as it is found; the total says ``N+`` only when
    there are more than the ``--limit`` shown (one more is looked for to know)."""
    from .io.render import describe

    limit = args.limit if args.limit is not None else DEFAULT_LIMIT
    shown: list[Declaration] = []
    more = False
    try:
        for declaration in found:
            if limit and len(shown) == limit:
                more = True
                break
            shown.append(declaration)
            if args.format != "json":
                _emit(f"{len(shown)}. {describe(board, declaration)}")
    except Undetermined as e:
        return _report_undetermined(args, (noun, shown), str(e))
    _report_total(len(shown), more, limit, args, noun, shown)
    return EXIT_LEGAL


def _report_undetermined(args: argparse.Namespace, listed: tuple[str, list[Declaration]] | None, why: str) -> int:
    """An answer the deadline cut short of a verdict (an enumeration, a count, an explanation, a
    board not read): the record on standard output (as ``check``'s and ``solve``'s undetermined
    verdicts are), exit 3; ``listed``: the noun and the declarations listed so far."""
    if args.format == "json":
        payload: dict[str, Any] = {"status": "undetermined", "message": why}
        if listed is not None:
            shown = listed[1]
            payload |= {"count": len(shown), "declarations": [d.model_dump(mode="json") for d in shown]}
        _emit(json.dumps(payload, indent=2))
    else:
        so_far = (
            "" if listed is None else f" after {len(listed[1])} legal {listed[0]}{'' if len(listed[1]) == 1 else 's'}"
        )
        _emit(f"UNDETERMINED{so_far}: {why}")
    return EXIT_UNDETERMINED


def _report_total(
    total: int,
    more: bool,
    limit: int,
    args: argparse.Namespace,
    noun: str,
    shown: list[Declaration] | None = None,
) -> None:
    if args.format == "json":
        payload: dict[str, Any] = {"status": "complete", "count": total, "limit_reached": more}
        if shown is not None:
            payload["declarations"] = [d.model_dump(mode="json") for d in shown]
        _emit(json.dumps(payload, indent=2))
        return
    plural = "s" if total != 1 or more else ""
    _emit(f"{total}{'+' if more else ''} legal {noun}{plural}" + (f" (stopped at --limit {limit})" if more else ""))


def _load_preference(path: str) -> dict[tuple[str, str], int]:
    data = read_data(path)
    source = display_name(path)
    if not isinstance(data, dict) or not all(isinstance(row, dict) for row in data.values()):
        raise InputError.one(("prefer",), "not_a_mapping", "expected {id: {id: weight}}").located(source)
    try:
        from .io.coerce import as_preference

        return as_preference({(str(a), str(b)): w for a, row in data.items() for b, w in row.items()})
    except InputError as e:
        raise e.located(source) from None


def _load_fix(path: str) -> FixedPairs:
    try:
        from .model.declarations import FixedPairs

        return FixedPairs.model_validate(read_data(path))
    except ValidationError as e:
        raise InputError.from_validation(e, prefix=("fix",), source=display_name(path)) from None


def _catalog(path: str | None) -> Catalog | None:
    if path is None:
        return None
    from .cards.catalog import load_catalog_file

    try:
        return load_catalog_file(path)
    except OSError as e:
        raise InputError.one(("--cards",), "unreadable_file", f"can't read {path}: {e.strerror or e}") from None
    except ValueError as e:
        raise InputError.one(("--cards",), "bad_card_file", f"{path}: {e}") from None


def _run_cards(args: argparse.Namespace) -> int:
    from .cards.catalog import bundled_catalog
    from .cards.coverage import measure
    from .cards.labels import compare_labels
    from .cards.report import card_report, looked_up, render_card

    catalog = _catalog(args.cards) or bundled_catalog()
    if args.command == "card":
        record, compiled = looked_up(catalog, args.name, args.copy_of)
        _emit(
            json.dumps(card_report(record, compiled), indent=2)
            if args.format == "json"
            else render_card(record, compiled)
        )
        return EXIT_LEGAL
    if not args.coverage and args.labels is None and args.accuracy is None and args.search is None:
        raise InputError.one(
            ("cards",), "missing", "give --search QUERY, --coverage, --labels FILE and/or --accuracy FILE"
        )
    if args.search is not None:
        names = catalog.search(args.search, args.limit)
        if names:
            _emit("\n".join(names))
        else:
            print(f"no card name matches {args.search!r}", file=sys.stderr)
    if args.coverage:
        _emit(measure(catalog, args.top).render())
    if args.labels is not None:
        _emit(compare_labels(catalog, read_data(args.labels)).render())
    if args.accuracy is not None:
        from .cards.accuracy import measure_accuracy

        try:
            report = measure_accuracy(catalog, read_data(args.accuracy))
        except InputError as e:
            raise e.located(display_name(args.accuracy)) from None
        _emit(report.render())
    return EXIT_LEGAL
