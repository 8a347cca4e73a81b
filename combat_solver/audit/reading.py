"""Reading records: JSON Lines files, gzip-compressed or not (detected by content), ``-`` for stdin."""

from __future__ import annotations

import gzip
import io
import sys
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..model.errors import InputError

Line = tuple[str, int, bytes]
"""A raw record: its source name, its 1-based line number there, and the line (UTF-8 JSON)."""

CHUNK_SIZE = {"local": 200, "dask": 1000}
"""Records per task by engine: most take well under a millisecond, so a local task is tens of
milliseconds; a Dask task also costs its scheduler about a millisecond, so it takes more."""

DEFAULT_CONNECT_TIMEOUT = 10.0
"""Seconds allowed to reach a Dask scheduler."""

STDIN = "-"
_GZIP_MAGIC = b"\x1f\x8b"


def check_inputs(inputs: Sequence[str]) -> None:
    """Every input file exists and can be read (before any work starts)."""
    for name in inputs:
        if name == STDIN:
            continue
        try:
            with open(name, "rb"):
                pass
        except OSError as e:
            raise InputError.one((), "unreadable_file", f"can't read {name}: {e.strerror or e}") from None
    if list(inputs).count(STDIN) > 1:
        raise InputError.one((), "stdin_twice", "standard input (-) can be read only once")


def _open(name: str) -> io.BufferedIOBase:
    raw = sys.stdin.buffer if name == STDIN else open(name, "rb")  # noqa: SIM115
    buffered = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[type-var]
    if buffered.peek(2)[:2] == _GZIP_MAGIC:
        return gzip.GzipFile(fileobj=buffered, mode="rb")
    return buffered


def records(inputs: Sequence[str]) -> Iterator[Line]:
    """Every record (non-blank line) of the inputs in order, as raw bytes with its place."""
    for name in inputs:
        stream = _open(name)
        number = 0
        try:
            for number, text in enumerate(stream, 1):
                if text.strip():
                    yield name, number, text
        except (OSError, EOFError, zlib.error) as e:
            raise InputError.one((), "unreadable_file", f"{name}: can't read past line {number}: {e}") from None
        finally:
            if name != STDIN:
                stream.close()


def chunks(lines: Iterator[Line], size: int) -> Iterator[list[Line]]:
    chunk: list[Line] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def count_records(inputs: Sequence[str]) -> int | None:
    """How many records the inputs hold (None when one is stdin: it can't be read twice)."""
    if STDIN in inputs:
        return None
    return sum(1 for _ in records(inputs))


def input_identity(name: str) -> tuple[str, int | None]:
    """What a checkpoint remembers of an input to refuse resuming on different data."""
    if name == STDIN:
        return name, None
    path = Path(name)
    return str(path.resolve()), path.stat().st_size
