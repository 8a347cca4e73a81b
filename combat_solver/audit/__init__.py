"""Batch audit of recorded combat declarations (JSON Lines in, one result per record out)."""

from .check import audit_line, check_record
from .command import audit
from .records import AuditRecord, AuditResult, AuditStatus, RecordError
from .summary import AuditSummary

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
