"""The ``audit`` subcommand's arguments and exit code; the audit itself (``command.audit``) and
everything it needs are imported only when the subcommand runs."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.deadline import DEFAULT_TIME_LIMIT
from .reading import CHUNK_SIZE, DEFAULT_CONNECT_TIMEOUT

if TYPE_CHECKING:
    from .records import AuditStatus
    from .summary import AuditSummary

EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


class Terminated(KeyboardInterrupt):
    """SIGTERM (a plain ``kill``), stopped like Ctrl-C: workers stopped, the checkpoint kept."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def exit_code(summary: AuditSummary) -> int:
    """1 if any record is illegal, else 2 if any is malformed, else 3 if any is undetermined."""
    worst: tuple[tuple[AuditStatus, int], ...] = (("illegal", 1), ("malformed", 2), ("undetermined", 3))
    for status, code in worst:
        if summary.by_status[status]:
            return code
    return 0


def add_parser(sub: Any) -> None:
    """The ``audit`` subcommand's arguments."""
    p: argparse.ArgumentParser = sub.add_parser(
        "audit",
        help="check every declaration in game record files (JSON Lines)",
        description="Check every record (one JSON object a line: id, board, declaration) and write one result per "
        "record in input order. Exit 1 if any is illegal, else 2 if any is malformed, else 3 if any is undetermined.",
    )
    p.add_argument("records", nargs="+", metavar="RECORDS", help="JSON Lines files, gzip or not; - for stdin")
    p.add_argument(
        "-o", "--output", type=Path, help="results file: .parquet for Parquet, else JSON Lines (default stdout)"
    )
    p.add_argument(
        "--jobs", type=int, default=default_jobs(), help="worker processes or Dask workers (default: all cores)"
    )
    p.add_argument("--engine", choices=("local", "dask"), default="local", help="local processes or a Dask cluster")
    p.add_argument(
        "--scheduler", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://10.0.0.5:8786 (default: a local cluster)"
    )
    p.add_argument(
        "--connect-timeout",
        type=float,
        default=DEFAULT_CONNECT_TIMEOUT,
        metavar="SECONDS",
        help=f"how long reaching the Dask scheduler may take (default {DEFAULT_CONNECT_TIMEOUT:g})",
    )
    p.add_argument("--resume", action="store_true", help="finish a killed or interrupted run into the same -o OUT")
    p.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"seconds each record's check may take in all, one deadline (default {DEFAULT_TIME_LIMIT:g}); a time-out is undetermined",
    )
    p.add_argument(
        "--chunk-size",
        type=int,
        metavar="N",
        help=f"records per task (default {CHUNK_SIZE['local']}, on Dask {CHUNK_SIZE['dask']})",
    )
    p.add_argument("--summary", type=Path, metavar="FILE", help="also write the summary as JSON")


def run(args: argparse.Namespace) -> int:
    """Run ``audit`` from parsed arguments; the summary goes to stderr."""
    from .command import audit
    from .output import checkpoint_path
    from .summary import render_summary

    if args.resume and args.output and not checkpoint_path(args.output).exists():
        print(f"note: no checkpoint for {args.output}: auditing from the beginning", file=sys.stderr)
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        summary = audit(
            args.records,
            args.output,
            jobs=args.jobs,
            engine=args.engine,
            scheduler=args.scheduler,
            time_limit=args.time_limit,
            resume=args.resume,
            chunk_size=args.chunk_size,
            progress=sys.stderr.isatty(),
            connect_timeout=args.connect_timeout,
        )
    except KeyboardInterrupt as stop:
        again = f" rerun with --resume to finish {args.output}" if args.output else ""
        terminated = isinstance(stop, Terminated)
        print(f"{'terminated' if terminated else 'interrupted'}:{again}", file=sys.stderr)
        return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous)
    print(render_summary(summary), file=sys.stderr)
    if args.summary:
        args.summary.write_text(summary.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return exit_code(summary)
