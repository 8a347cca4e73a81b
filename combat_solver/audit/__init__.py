"""Batch audit of recorded combat declarations (JSON Lines in, one result per record out).

Names are imported on first use (PEP 562): the command line reads the ``audit`` subcommand's
arguments without loading the audit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_getattr

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


__getattr__ = lazy_getattr(__name__, _MODULE_OF, globals())
