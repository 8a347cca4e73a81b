"""MCP server over the handlers (the official ``mcp`` SDK, 2.x): one tool per handler, whose
input and output schemas are the request and response models' JSON Schemas (``models/``).

``combat-solver mcp`` serves stdio; ``combat-solver mcp --http PORT`` streamable HTTP on
127.0.0.1. Bad input is a tool error (``isError``) naming each offending field; on stdio a line
that can't be read as a JSON-RPC message is answered too (parse error -32700, invalid request
-32600, with the message's ``id`` when one can be read), never left unanswered.
"""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator
from io import TextIOWrapper
from typing import Any, cast

import anyio
import mcp_types as types
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools.base import Tool as SDKTool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict, ValidationError

from ..io.json_text import message_id, refusal
from ..model.errors import InputError
from ..schemas import schemas
from .handlers import TOOLS, Service, Tool, package_version

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
        version=package_version(),
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
        anyio.run(serve_stdio, server)
    else:
        server.run("streamable-http", host=host, port=http_port)


async def serve_stdio(server: MCPServer) -> None:
    """The SDK's stdio transport, with every line checked first: one that isn't a JSON-RPC
    message gets its error answer here (the SDK would drop it and leave the caller waiting)."""
    send_error, errors = anyio.create_memory_object_stream[SessionMessage](16)
    lines = _checked_lines(
        anyio.wrap_file(TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")), send_error
    )
    async with stdio_server(stdin=cast(Any, lines)) as (read_stream, write_stream), anyio.create_task_group() as group:

        async def answer_errors() -> None:
            async with errors:
                async for message in errors:
                    await write_stream.send(message)

        group.start_soon(answer_errors)
        lowlevel = server._lowlevel_server
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
        group.cancel_scope.cancel()


async def _checked_lines(
    source: anyio.AsyncFile[str], errors: MemoryObjectSendStream[SessionMessage]
) -> AsyncIterator[str]:
    async with errors:
        async for line in source:
            if not line.strip():
                continue
            answer = line_error(line)
            if answer is None:
                yield line
            else:
                await errors.send(SessionMessage(answer))


def line_error(line: str) -> types.JSONRPCError | None:
    """The JSON-RPC error answering a line that isn't a message the server can read, else None."""
    problem = refusal(line)
    if problem is not None:
        where = f" at {problem.path}" if problem.loc else ""
        return _error(message_id(line), types.PARSE_ERROR, f"parse error{where}: {problem.message}")
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValidationError as e:
        data = json.loads(line)
        if not isinstance(data, dict):
            return _error(None, types.INVALID_REQUEST, "invalid request: a JSON-RPC message is one JSON object")
        fields = dict.fromkeys(f"{'.'.join(str(p) for p in err['loc'][1:])}: {err['msg']}" for err in e.errors())
        ident = data.get("id")
        ident = ident if isinstance(ident, int | str) and not isinstance(ident, bool) else None
        return _error(ident, types.INVALID_REQUEST, "invalid request: " + "; ".join(list(fields)[:4]))
    return None


def _error(ident: int | str | None, code: int, message: str) -> types.JSONRPCError:
    return types.JSONRPCError(jsonrpc="2.0", id=ident, error=types.ErrorData(code=code, message=message))
