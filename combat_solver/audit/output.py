"""Where results go, and how a killed run resumes with every record exactly once.

Results are appended, in input order, to a JSON Lines working file: OUT itself, or for Parquet
output ``OUT.partial.jsonl``, turned into OUT (row groups written to a temporary file, then
renamed) once every record is in. After results are flushed to disk, a checkpoint beside OUT
(``OUT.checkpoint.json``, replaced atomically) records how many records and bytes are final. A
resumed run truncates the working file to those bytes, dropping a partly written tail, and
skips that many records of the input. The checkpoint also holds the run's fingerprint (inputs,
sizes, time limit, format) so a resume never mixes different audits. It is deleted when OUT is
complete.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ..model.errors import InputError
from .check import Audited

COMMIT_EVERY = 0.5
"""Seconds between checkpoints (and at the end): a kill loses at most this much work."""


def is_parquet(path: Path) -> bool:
    return path.suffix.lower() == ".parquet"


def require_parquet() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise InputError.one(
            ("--output",), "missing_extra", "Parquet output needs pyarrow: pip install 'combat-solver[parquet]'"
        ) from None


def checkpoint_path(out: Path) -> Path:
    return out.with_name(out.name + ".checkpoint.json")


class StdoutResults:
    """Results printed as JSON Lines (nothing to resume)."""

    committed = 0

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout

    def committed_results(self) -> Iterator[str]:
        return iter(())

    def write(self, results: list[Audited]) -> None:
        self.stream.write("".join(r.json + "\n" for r in results))

    def close(self) -> None:
        self.stream.flush()

    def finish(self) -> None:
        self.stream.flush()


class FileResults:
    """Results in OUT, with the checkpoint protocol described in this module's docstring."""

    def __init__(self, out: Path, fingerprint: dict[str, Any], *, resume: bool) -> None:
        if out.suffix.lower() == ".gz":
            raise InputError.one(("--output",), "unsupported_format", "write .jsonl or .parquet (compress afterwards)")
        self.out = out
        self.parquet = is_parquet(out)
        self.working = out.with_name(out.name + ".partial.jsonl") if self.parquet else out
        self.checkpoint = checkpoint_path(out)
        self.fingerprint = fingerprint
        self.committed = 0
        self.pending = 0
        self.resumed = resume and self.checkpoint.exists()
        offset = self._resume_offset() if self.resumed else 0
        out.parent.mkdir(parents=True, exist_ok=True)
        self.stream = open(self.working, "r+b" if self.resumed else "wb")  # noqa: SIM115
        self.stream.truncate(offset)
        self.stream.seek(offset)
        self.last_commit = time.monotonic()
        if not self.resumed:
            self._write_checkpoint(0)

    def _resume_offset(self) -> int:
        try:
            saved = json.loads(self.checkpoint.read_text(encoding="utf-8"))
            records, offset, fingerprint = int(saved["records"]), int(saved["bytes"]), saved["fingerprint"]
        except (OSError, ValueError, KeyError, TypeError):
            raise InputError.one(
                ("--resume",), "bad_checkpoint", f"{self.checkpoint} is unreadable: rerun without --resume"
            ) from None
        if fingerprint != self.fingerprint:
            raise InputError.one(
                ("--resume",),
                "other_audit",
                f"{self.checkpoint} belongs to an audit of other inputs or options: rerun without --resume",
            )
        if not self.working.exists() or self.working.stat().st_size < offset:
            raise InputError.one(
                ("--resume",),
                "bad_checkpoint",
                f"{self.working} is shorter than its checkpoint: rerun without --resume",
            )
        self.committed = records
        return offset

    def committed_results(self) -> Iterator[str]:
        """The results already final when resuming (for the summary)."""
        if not self.resumed:
            return
        self.stream.seek(0)
        for _ in range(self.committed):
            yield self.stream.readline().decode("utf-8")
        self.stream.seek(0, os.SEEK_END)

    def write(self, results: list[Audited]) -> None:
        self.stream.write("".join(r.json + "\n" for r in results).encode("utf-8"))
        self.pending += len(results)
        if time.monotonic() - self.last_commit >= COMMIT_EVERY:
            self.commit()

    def commit(self) -> None:
        self.stream.flush()
        os.fsync(self.stream.fileno())
        self.committed += self.pending
        self.pending = 0
        self._write_checkpoint(self.stream.tell())
        self.last_commit = time.monotonic()

    def _write_checkpoint(self, offset: int) -> None:
        temporary = self.checkpoint.with_name(self.checkpoint.name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump({"fingerprint": self.fingerprint, "records": self.committed, "bytes": offset}, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, self.checkpoint)

    def close(self) -> None:
        """Stop when interrupted: the last checkpoint stands; a resume drops what follows it."""
        self.stream.close()

    def finish(self) -> None:
        self.commit()
        self.stream.close()
        if self.parquet:
            from .parquet import jsonl_to_parquet

            temporary = self.out.with_name(self.out.name + ".tmp")
            jsonl_to_parquet(self.working, temporary)
            os.replace(temporary, self.out)
            self.working.unlink()
        self.checkpoint.unlink()
