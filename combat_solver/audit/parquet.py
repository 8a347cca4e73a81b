"""Parquet output (optional extra ``combat-solver[parquet]``): the results as one table, with
violations and errors as lists of structs, for DuckDB or Polars."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

ROWS_PER_GROUP = 50_000

_TEXTS = pa.list_(pa.string())
SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("source", pa.string()),
        ("line", pa.int64()),
        ("status", pa.string()),
        ("step", pa.string()),
        ("game", pa.string()),
        ("turn", pa.int64()),
        ("combat_number", pa.int64()),
        ("declared_by", pa.string()),
        (
            "violations",
            pa.list_(
                pa.struct([("rule", pa.string()), ("kind", pa.string()), ("objects", _TEXTS), ("message", pa.string())])
            ),
        ),
        ("requirements_obeyed", pa.int64()),
        ("requirements_maximum", pa.int64()),
        ("errors", pa.list_(pa.struct([("field", pa.string()), ("code", pa.string()), ("message", pa.string())]))),
        ("warnings", _TEXTS),
        ("seconds", pa.float64()),
    ]
)


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def jsonl_to_parquet(source: Path, target: Path) -> None:
    """The JSON Lines results in ``source`` as a Parquet file at ``target``."""
    rows = _rows(source)
    with pq.ParquetWriter(target, SCHEMA) as writer:
        while batch := list(islice(rows, ROWS_PER_GROUP)):
            writer.write_table(pa.Table.from_pylist(batch, schema=SCHEMA))
