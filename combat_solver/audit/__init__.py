"""Batch audit of recorded combat declarations (JSON Lines in, one result per record out).

Names are imported on first use (PEP 562): the command line reads the ``audit`` subcommand's
arguments without loading the audit."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .check import audit_line, check_record
    from .command import audit
    from .records import AuditRecord, AuditResult, AuditStatus, RecordError
    from .summary import AuditSummary

_MODULE_OF = {
    "AuditRecord": "records",
    "AuditResult": "records",
    "AuditStatus": "records",
    "AuditSummary": "summary",
    "RecordError": "records",
    "audit": "command",
    "audit_line": "check",
    "check_record": "check",
}

__all__ = [
    "AuditRecord",
    "AuditResult",
    "AuditStatus",
    "AuditSummary",
    "RecordError",
    "audit",
    "audit_line",
    "check_record",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
