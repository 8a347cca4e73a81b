"""The closing summary of an audit: counts by status and by violation kind, and the rate."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import Field

from ..model.base import Strict
from .check import Audited
from .records import AuditStatus

STATUSES: tuple[AuditStatus, ...] = ("legal", "illegal", "undetermined", "malformed")


class AuditSummary(Strict):
    """``records`` counts every result in the output (a resumed run's earlier ones included);
    ``audited`` only those this run checked, in ``seconds`` of wall clock."""

    records: int
    by_status: dict[AuditStatus, int]
    by_violation: dict[str, int] = Field(description="violation kind -> how many violations of that kind")
    audited: int
    seconds: float
    records_per_second: float
    engine: Literal["local", "dask"]
    jobs: int = Field(description="worker processes (local) or the Dask cluster's worker threads")
    scheduler: str | None = Field(None, description="the external Dask scheduler's address (none: this machine)")


class Tally:
    def __init__(self) -> None:
        self.statuses: Counter[AuditStatus] = Counter()
        self.violations: Counter[str] = Counter()
        self.audited = 0

    def add(self, result: Audited, *, audited: bool = True) -> None:
        self.statuses[result.status] += 1
        self.violations.update(result.violation_kinds)
        self.audited += audited

    def summary(
        self, seconds: float, engine: Literal["local", "dask"], jobs: int, scheduler: str | None = None
    ) -> AuditSummary:
        return AuditSummary(
            records=sum(self.statuses.values()),
            by_status={s: self.statuses[s] for s in STATUSES},
            by_violation=dict(sorted(self.violations.items(), key=lambda kv: (-kv[1], kv[0]))),
            audited=self.audited,
            seconds=round(seconds, 3),
            records_per_second=round(self.audited / seconds, 1) if seconds > 0 else 0.0,
            engine=engine,
            jobs=jobs,
            scheduler=scheduler,
        )


def render_summary(summary: AuditSummary) -> str:
    statuses = ", ".join(f"{n} {s}" for s, n in summary.by_status.items())
    lines = [f"audited {summary.records} records: {statuses}"]
    if summary.by_violation:
        lines.append("violations: " + ", ".join(f"{kind} {n}" for kind, n in summary.by_violation.items()))
    resumed = (
        f" ({summary.records - summary.audited} from before the resume)" if summary.audited < summary.records else ""
    )
    lines.append(
        f"{summary.audited} records in {summary.seconds:.2f} s: {summary.records_per_second:,.0f} records/s "
        f"({_where(summary)}){resumed}"
    )
    return "\n".join(lines)


def _where(summary: AuditSummary) -> str:
    """Who did the work: the local jobs, or the external scheduler's worker threads."""
    if summary.scheduler is not None:
        threads = f"{summary.jobs} worker thread{'s' if summary.jobs != 1 else ''}"
        return f"{summary.engine} on scheduler {summary.scheduler}, {threads}"
    return f"{summary.engine}, {summary.jobs} job{'s' if summary.jobs != 1 else ''}"
