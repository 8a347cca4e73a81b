"""Checking one record, and a chunk of raw lines (the unit of work sent to a worker)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from pydantic import ValidationError

from ..io.inputs import check_json_line
from ..model.errors import ErrorItem, InputError
from ..model.records import Verdict, Violation
from ..steps.check import check_declaration
from .quick import surely_legal
from .reading import Line
from .records import AuditRecord, AuditResult, AuditStatus, RecordError


def check_record(record: AuditRecord, *, time_limit: float) -> Verdict:
    """The verdict on the record's declaration (508.1 or 509.1, by its kind)."""
    return check_declaration(record.board, record.declaration, time_limit=time_limit, explain=False)


def audit_line(source: str, line: int, text: bytes | str, *, time_limit: float) -> AuditResult:
    """The result for one line: never raises for bad input (it is ``malformed``, naming the field)."""
    start = time.perf_counter()
    try:
        check_json_line(text)
    except InputError as e:
        return _malformed(source, line, _readable_id(text), e.items, start)
    try:
        record = AuditRecord.model_validate_json(text)
    except ValidationError as e:
        record_id, items = _diagnose(text, e)
        return _malformed(source, line, record_id, items, start)
    if surely_legal(record.board, record.declaration):
        return _result(source, line, record, start, "legal", (), 0, 0)
    try:
        verdict = check_record(record, time_limit=time_limit)
    except InputError as e:
        return _malformed(source, line, record.id, list(e.items), start)
    except Exception as e:  # a bug in the checker must not stop an audit of many records
        error = RecordError(field="", code="internal_error", message=f"the check failed: {type(e).__name__}: {e}")
        return AuditResult(
            id=record.id, source=source, line=line, status="undetermined", errors=(error,), seconds=_since(start)
        )
    return _result(
        source,
        line,
        record,
        start,
        verdict.status,
        verdict.violations,
        verdict.requirements_obeyed,
        verdict.requirements_maximum,
    )


def _result(
    source: str,
    line: int,
    record: AuditRecord,
    start: float,
    status: AuditStatus,
    violations: tuple[Violation, ...],
    obeyed: int | None,
    maximum: int | None,
) -> AuditResult:
    return AuditResult(
        id=record.id,
        source=source,
        line=line,
        status=status,
        step=record.step,
        game=record.game,
        turn=record.turn,
        combat_number=record.combat_number,
        declared_by=record.declared_by,
        violations=violations,
        requirements_obeyed=obeyed,
        requirements_maximum=maximum,
        warnings=record.warnings,
        seconds=_since(start),
    )


class Audited(NamedTuple):
    """A result as its line of JSON, with what the summary counts."""

    json: str
    status: AuditStatus
    violation_kinds: tuple[str, ...]

    @classmethod
    def of(cls, result: AuditResult) -> Audited:
        return cls(result.model_dump_json(), result.status, tuple(v.kind for v in result.violations))


def audit_chunk(lines: Sequence[Line], time_limit: float) -> list[Audited]:
    """Each line's result, in order (the job of a worker process or a Dask task)."""
    return [Audited.of(audit_line(*raw, time_limit=time_limit)) for raw in lines]


def _readable_id(text: bytes | str) -> Any:
    """The record's id when the line parses as a JSON object (a duplicated key: its last value)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return data.get("id") if isinstance(data, dict) else None


def _diagnose(text: bytes | str, error: ValidationError) -> tuple[Any, Sequence[ErrorItem]]:
    """The id (if readable) and the problems of a line that isn't a valid record, worded for
    people: bad JSON, not UTF-8, not an object, or the fields that are wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return None, [ErrorItem((), "json_invalid", f"not valid JSON: {e.msg} at column {e.colno}")]
    except RecursionError:
        return None, [_TOO_DEEP]
    except UnicodeDecodeError as e:
        return None, [ErrorItem((), "not_utf8", f"not UTF-8 text: {e.reason}")]
    if not isinstance(data, dict):
        return None, [ErrorItem((), "not_an_object", "a record is a JSON object")]
    if any(e["type"] == "json_invalid" and "recursion limit" in e["msg"] for e in error.errors()):
        return data.get("id"), [_TOO_DEEP]
    return data.get("id"), InputError.from_validation(error).items


_TOO_DEEP = ErrorItem((), "too_deep", "nesting deeper than the JSON parser allows")


def _malformed(source: str, line: int, record_id: Any, items: Sequence[ErrorItem], start: float) -> AuditResult:
    return AuditResult(
        id=record_id if isinstance(record_id, str) and record_id else None,
        source=source,
        line=line,
        status="malformed",
        errors=tuple(RecordError(field=i.path if i.loc else "", code=i.code, message=i.message) for i in items),
        seconds=_since(start),
    )


def _since(start: float) -> float:
    return round(time.perf_counter() - start, 6)
