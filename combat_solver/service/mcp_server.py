"""MCP server over the handlers (the official ``mcp`` SDK, 2.x): one tool per handler, whose
input and output schemas are the request and response models' JSON Schemas (``models/``).

``combat-solver mcp`` serves stdio; ``combat-solver mcp --http PORT`` streamable HTTP on
127.0.0.1. Bad input is a tool error (``isError``) naming each offending field.
"""

from __future__ import annotations

import json
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools.base import Tool as SDKTool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict

from ..model.errors import InputError
from ..schemas import schemas
from .handlers import TOOLS, Service, Tool

INSTRUCTIONS = (
    "combat-solver decides Magic: The Gathering combat declarations exactly (Comprehensive Rules 508.1 declare "
    "attackers, 509.1 declare blockers). Give a `board` (players, permanents with their abilities; `combat` with "
    "the declared attackers for the blockers step, none for the attackers step; the `schema` tool returns the "
    "board's JSON Schema). `check` a declaration, `solve` for the optimal one (your `prefer` weights, `fix` pairs "
    "that must be in or out), `enumerate` the legal ones, `explain` why something can't or must happen. Answers "
    "are deterministic; 'undetermined' means the solver ran out of time, never a guess."
)


class _Arguments(ArgModelBase):
    """The call's arguments as sent: the handler's request model validates them, so a bad
    argument is reported by its path in the request (the same as the HTTP API and the CLI)."""

    model_config = ConfigDict(extra="allow")

    def model_dump_one_level(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


REQUEST_TIME_LIMIT = 30.0
"""Wall-clock seconds one tool call may take unless the server is told otherwise."""


def create_server(service: Service | None = None) -> MCPServer:
    service = service or Service(request_time_limit=REQUEST_TIME_LIMIT)
    published = schemas()
    return MCPServer(
        name="combat-solver",
        title="combat-solver: MTG attack and block legality",
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        tools=[_tool(service, tool, published) for tool in TOOLS],
    )


def _tool(service: Service, tool: Tool, published: dict[str, dict[str, Any]]) -> SDKTool:
    structured = {name for name, f in tool.request.model_fields.items() if f.annotation is not str}

    def call(**arguments: Any) -> BaseModel:
        unwrapped = {k: _json_text(v) if k in structured else v for k, v in arguments.items()}
        try:
            return service.call(tool, unwrapped)
        except InputError as e:
            raise ToolError("bad input: " + "; ".join(str(i) for i in e.items)) from None

    output_schema = published.get(f"{tool.name}-response") or published["verdict"]
    return SDKTool(
        fn=call,
        name=tool.name,
        title=tool.title,
        description=tool.description,
        parameters=published[f"{tool.name}-request"],
        fn_metadata=FuncMetadata(arg_model=_Arguments, output_model=tool.response, output_schema=output_schema),
        is_async=False,
        annotations=ToolAnnotations(
            title=tool.title, read_only_hint=True, idempotent_hint=True, destructive_hint=False, open_world_hint=False
        ),
    )


def _json_text(value: Any) -> Any:
    """An object or array some clients send as JSON text, parsed; anything else as it is."""
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def run(service: Service, *, http_port: int | None = None, host: str = "127.0.0.1") -> None:
    """Serve stdio, or streamable HTTP at ``http://host:port/mcp`` when ``http_port`` is given."""
    server = create_server(service)
    if http_port is None:
        server.run("stdio")
    else:
        server.run("streamable-http", host=host, port=http_port)
