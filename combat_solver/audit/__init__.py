"""Batch audit of recorded combat declarations (JSON Lines in, one result per record out)."""

from .records import AuditRecord, AuditResult, AuditStatus, RecordError

__all__ = ["AuditRecord", "AuditResult", "AuditStatus", "RecordError"]
