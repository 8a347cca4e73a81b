"""Audit throughput: records/s on the synthetic mix (``gen_records.py``) with 1 and 2 local jobs
and on a Dask local cluster, plus where one record's time goes. Run:

    python benchmarks/bench_audit.py [--records 100000] [--repeat 3] [--seed 1]

The records file is generated once (``--records-file``, default in the temp folder) and reused.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gen_records import write_records

from combat_solver.audit import AuditRecord, audit, check_record
from combat_solver.audit.check import audit_line
from combat_solver.audit.quick import surely_legal
from combat_solver.audit.reading import records
from combat_solver.io.inputs import check_json_line


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (worker processes, Dask's nannies)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def throughput(path: Path, out: Path, repeat: int, **options: Any) -> tuple[float, float]:
    """Median records/s (wall clock) of ``repeat`` whole runs, and their median CPU milliseconds
    per record over every process taking part (startup included)."""
    rates, cpu = [], []
    for _ in range(repeat):
        before = cpu_seconds()
        summary = audit([path], out, **options)
        cpu.append((cpu_seconds() - before) / summary.records * 1000)
        rates.append(summary.records / summary.seconds)
    return statistics.median(rates), statistics.median(cpu)


def breakdown(path: Path, sample: int) -> dict[str, float]:
    """Mean milliseconds per record of each stage, in this process (OR-Tools imported and every
    stage run once on the first records before measuring; parsed records are not kept while
    parsing is timed, as the audit doesn't keep them)."""
    import ortools.sat.python.cp_model  # noqa: F401

    lines = [text for _, _, text in records([str(path)])][:sample]
    for i, text in enumerate(lines[:500], 1):
        audit_line("warm-up", i, text, time_limit=10)
    parsed: list[AuditRecord] = []
    for text in lines:
        with contextlib.suppress(ValueError):
            parsed.append(AuditRecord.model_validate_json(text))

    def parse() -> None:
        for text in lines:
            with contextlib.suppress(ValueError):
                check_json_line(text)
                AuditRecord.model_validate_json(text)

    def check() -> None:
        for record in parsed:
            if not surely_legal(record.board, record.declaration):
                with contextlib.suppress(ValueError):
                    check_record(record, time_limit=10)

    def whole() -> None:
        for i, text in enumerate(lines, 1):
            audit_line("bench", i, text, time_limit=10).model_dump_json()

    stages: dict[str, Callable[[], None]] = {"parse+validate": parse, "check": check, "whole record": whole}
    out = {name: _ms_per_record(run, len(lines)) for name, run in stages.items()}
    quick = sum(surely_legal(r.board, r.declaration) for r in parsed) / len(parsed)
    return {**out, "share decided by the quick path": quick}


def _ms_per_record(run: Callable[[], None], n: int) -> float:
    start = time.process_time()
    run()
    return (time.process_time() - start) / n * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--records-file", type=Path)
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args()
    folder = Path(tempfile.gettempdir())
    path = args.records_file or folder / f"audit-bench-{args.records}-{args.seed}.jsonl"
    if not path.exists():
        write_records(path, args.records, args.seed)
    out = folder / "audit-bench-results.jsonl"
    print(f"{args.records} records from {path}; medians of {args.repeat} runs")
    print("| engine | jobs | records/s (wall) | CPU ms per record (all processes) | records/s per CPU-second |")
    print("|---|---:|---:|---:|---:|")
    runs: list[tuple[str, int]] = [("local", 1), ("local", 2)] + ([] if args.no_dask else [("dask", 2)])
    for engine, jobs in runs:
        rate, cpu_ms = throughput(path, out, args.repeat, jobs=jobs, engine=engine)
        print(f"| {engine} | {jobs} | {rate:,.0f} | {cpu_ms:.3f} | {1000 / cpu_ms:,.0f} |", flush=True)
    print(f"\nload average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("CPU ms per record by stage (one process, first 5,000 records):")
    for stage, value in breakdown(path, 5000).items():
        print(f"  {stage}: {value:.0%}" if stage.startswith("share") else f"  {stage}: {value:.3f}")


if __name__ == "__main__":
    main()
