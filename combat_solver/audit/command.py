"""``combat-solver audit``: check every record of game record files, in order, resumably."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from itertools import islice
from pathlib import Path
from typing import Any

from ..engine import DEFAULT_TIME_LIMIT
from ..errors import InputError
from .check import Audited
from .engines import Engine, require_engine, running
from .output import FileResults, StdoutResults, checkpoint_path, is_parquet, require_parquet
from .reading import check_inputs, chunks, count_records, input_identity, records
from .records import AuditStatus
from .summary import AuditSummary, Tally, render_summary

CHUNK_SIZE = 200
"""Records per task: most take well under a millisecond, so a task is tens of milliseconds."""

EXIT_INTERRUPTED = 130


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def audit(
    inputs: Sequence[str | Path],
    output: str | Path | None = None,
    *,
    jobs: int = 1,
    engine: Engine = "local",
    scheduler: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    resume: bool = False,
    chunk_size: int = CHUNK_SIZE,
    progress: bool = False,
) -> AuditSummary:
    """Audit every record of ``inputs`` (JSON Lines, gzip or not, ``-`` for stdin) into
    ``output`` (JSON Lines, or Parquet for ``.parquet``; None: stdout), one result per record in
    input order. ``resume`` continues a killed run of the same audit into the same output."""
    names = [str(i) for i in inputs]
    _check_options(names, output, jobs, engine, scheduler, time_limit, resume, chunk_size)
    fingerprint = _fingerprint(names, output, time_limit)
    start = time.perf_counter()
    with running(engine, jobs=jobs, scheduler=scheduler, time_limit=time_limit) as runner:
        results = FileResults(Path(output), fingerprint, resume=resume) if output is not None else StdoutResults()
        tally = Tally()
        for line in results.committed_results():
            result = json.loads(line)
            tally.add(Audited(line, result["status"], tuple(v["kind"] for v in result["violations"])), audited=False)
        pending = chunks(islice(records(names), results.committed, None), chunk_size)
        try:
            with _progress_bar(names, results.committed) if progress else nullcontext(None) as bar:
                for audited in runner.run(pending):
                    results.write(audited)
                    for result in audited:
                        tally.add(result)
                    if bar is not None:
                        bar.update(len(audited))
        except BaseException:
            results.close()
            raise
        results.finish()
    return tally.summary(time.perf_counter() - start, engine, runner.workers)


def _check_options(
    names: list[str],
    output: str | Path | None,
    jobs: int,
    engine: Engine,
    scheduler: str | None,
    time_limit: float,
    resume: bool,
    chunk_size: int,
) -> None:
    if not names:
        raise InputError.one(("RECORDS",), "missing", "give at least one records file (or - for stdin)")
    if time_limit <= 0:
        raise InputError.one(("--time-limit",), "not_positive", "the time limit must be positive")
    if jobs < 1:
        raise InputError.one(("--jobs",), "not_positive", "--jobs must be at least 1")
    if chunk_size < 1:
        raise InputError.one(("--chunk-size",), "not_positive", "--chunk-size must be at least 1")
    if scheduler is not None and engine != "dask":
        raise InputError.one(("--scheduler",), "not_applicable", "--scheduler needs --engine dask")
    if resume and output is None:
        raise InputError.one(("--resume",), "needs_output", "--resume needs -o OUT (results on stdout can't resume)")
    check_inputs(names)
    if output is not None and any(n != "-" and Path(n).resolve() == Path(output).resolve() for n in names):
        raise InputError.one(("--output",), "overwrites_input", f"{output} is also an input: write elsewhere")
    require_engine(engine)
    if output is not None and is_parquet(Path(output)):
        require_parquet()


def _fingerprint(names: list[str], output: str | Path | None, time_limit: float) -> dict[str, Any]:
    """What must not change between a run and its resume (not --jobs or the engine: results don't
    depend on them)."""
    fingerprint = {
        "inputs": [input_identity(n) for n in names],
        "time_limit": time_limit,
        "format": "parquet" if output is not None and is_parquet(Path(output)) else "jsonl",
    }
    normalized: dict[str, Any] = json.loads(json.dumps(fingerprint))
    return normalized


def _progress_bar(names: list[str], done: int) -> Any:
    from tqdm import tqdm

    tqdm.monitor_interval = 0
    return tqdm(total=count_records(names), initial=done, unit=" records", file=sys.stderr, dynamic_ncols=True)


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
    p.add_argument("--resume", action="store_true", help="finish a killed or interrupted run into the same -o OUT")
    p.add_argument(
        "--time-limit",
        type=float,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"solver time limit per record's solver call (default {DEFAULT_TIME_LIMIT:g}); a time-out is undetermined",
    )
    p.add_argument(
        "--chunk-size", type=int, default=CHUNK_SIZE, metavar="N", help=f"records per task (default {CHUNK_SIZE})"
    )
    p.add_argument("--summary", type=Path, metavar="FILE", help="also write the summary as JSON")


def run(args: argparse.Namespace) -> int:
    """Run ``audit`` from parsed arguments; the summary goes to stderr."""
    if args.resume and args.output and not checkpoint_path(args.output).exists():
        print(f"note: no checkpoint for {args.output}: auditing from the beginning", file=sys.stderr)
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
        )
    except KeyboardInterrupt:
        again = f" rerun with --resume to finish {args.output}" if args.output else ""
        print(f"interrupted:{again}", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(render_summary(summary), file=sys.stderr)
    if args.summary:
        args.summary.write_text(summary.model_dump_json(indent=2) + "\n", encoding="utf-8")
    return exit_code(summary)
