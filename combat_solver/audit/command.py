"""``combat-solver audit``: check every record of game record files, in order, resumably."""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Sequence
from contextlib import nullcontext
from itertools import islice
from pathlib import Path
from typing import Any

from ..model.deadline import DEFAULT_TIME_LIMIT
from ..model.errors import InputError
from .check import Audited
from .engines import Engine, require_engine, running
from .output import FileResults, StdoutResults, is_parquet, require_parquet
from .reading import CHUNK_SIZE, DEFAULT_CONNECT_TIMEOUT, check_inputs, chunks, count_records, input_identity, records
from .summary import AuditSummary, Tally


def audit(
    inputs: Sequence[str | Path],
    output: str | Path | None = None,
    *,
    jobs: int = 1,
    engine: Engine = "local",
    scheduler: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    resume: bool = False,
    chunk_size: int | None = None,
    progress: bool = False,
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT,
) -> AuditSummary:
    """Audit every record of ``inputs`` (JSON Lines, gzip or not, ``-`` for stdin) into
    ``output`` (JSON Lines, or Parquet for ``.parquet``; None: stdout), one result per record in
    input order. ``resume`` continues a killed run of the same audit into the same output;
    ``chunk_size``: records per task (None: the engine's ``CHUNK_SIZE``); ``connect_timeout``:
    seconds allowed to reach the Dask ``scheduler``."""
    names = [str(i) for i in inputs]
    _check_options(names, output, jobs, engine, scheduler, time_limit, resume, chunk_size, connect_timeout)
    fingerprint = _fingerprint(names, output, time_limit)
    start = time.perf_counter()
    with running(
        engine, jobs=jobs, scheduler=scheduler, time_limit=time_limit, connect_timeout=connect_timeout
    ) as runner:
        results = FileResults(Path(output), fingerprint, resume=resume) if output is not None else StdoutResults()
        tally = Tally()
        for line in results.committed_results():
            result = json.loads(line)
            tally.add(Audited(line, result["status"], tuple(v["kind"] for v in result["violations"])), audited=False)
        pending = chunks(islice(records(names), results.committed, None), chunk_size or CHUNK_SIZE[engine])
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
    return tally.summary(time.perf_counter() - start, engine, runner.workers, scheduler if engine == "dask" else None)


def _check_options(
    names: list[str],
    output: str | Path | None,
    jobs: int,
    engine: Engine,
    scheduler: str | None,
    time_limit: float,
    resume: bool,
    chunk_size: int | None,
    connect_timeout: float,
) -> None:
    if not names:
        raise InputError.one(("RECORDS",), "missing", "give at least one records file (or - for stdin)")
    if not math.isfinite(time_limit):
        raise InputError.one(("--time-limit",), "not_a_number", "the time limit must be a finite number")
    if time_limit <= 0:
        raise InputError.one(("--time-limit",), "not_positive", "the time limit must be positive")
    if jobs < 1:
        raise InputError.one(("--jobs",), "not_positive", "--jobs must be at least 1")
    if chunk_size is not None and chunk_size < 1:
        raise InputError.one(("--chunk-size",), "not_positive", "--chunk-size must be at least 1")
    if not connect_timeout > 0:
        raise InputError.one(("--connect-timeout",), "not_positive", "--connect-timeout must be positive")
    if not math.isfinite(connect_timeout):
        raise InputError.one(
            ("--connect-timeout",), "not_a_number", "--connect-timeout must be a finite number of seconds"
        )
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
