"""JSON Schemas of the data contract (``models/``), generated from the pydantic classes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .audit.records import AuditRecord, AuditResult
from .board.model import Board
from .io.scenario import Scenario
from .model.declarations import AttackDeclaration, BlockDeclaration, FixedPairs
from .model.records import Verdict
from .service.models import (
    CardRequest,
    CardResponse,
    CheckRequest,
    EnumerateRequest,
    EnumerateResponse,
    ExplainRequest,
    ExplainResponse,
    SchemaRequest,
    SchemaResponse,
    SolveRequest,
    SolveResponse,
)

SCHEMAS: dict[str, type[BaseModel]] = {
    "board": Board,
    "attack-declaration": AttackDeclaration,
    "block-declaration": BlockDeclaration,
    "scenario": Scenario,
    "verdict": Verdict,
    "fixed-pairs": FixedPairs,
    "check-request": CheckRequest,
    "solve-request": SolveRequest,
    "solve-response": SolveResponse,
    "enumerate-request": EnumerateRequest,
    "enumerate-response": EnumerateResponse,
    "explain-request": ExplainRequest,
    "explain-response": ExplainResponse,
    "schema-request": SchemaRequest,
    "schema-response": SchemaResponse,
    "card-request": CardRequest,
    "card-response": CardResponse,
    "audit-record": AuditRecord,
    "audit-result": AuditResult,
}
"""Every model of the data contract; the tools' requests and responses are the MCP tool schemas."""


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
