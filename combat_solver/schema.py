"""JSON Schemas of the data contract (``models/``), generated from the pydantic classes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .audit.records import AuditRecord, AuditResult
from .board import Board
from .declarations import AttackDeclaration, BlockDeclaration
from .scenario import Scenario
from .verdict import Verdict

SCHEMAS: dict[str, type[BaseModel]] = {
    "board": Board,
    "attack-declaration": AttackDeclaration,
    "block-declaration": BlockDeclaration,
    "scenario": Scenario,
    "verdict": Verdict,
    "audit-record": AuditRecord,
    "audit-result": AuditResult,
}


def schemas() -> dict[str, dict[str, Any]]:
    return {name: model.model_json_schema() for name, model in SCHEMAS.items()}


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write_schemas(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = directory / f"{name}.schema.json"
        path.write_text(schema_text(schema), encoding="utf-8")
        written.append(path)
    return written
