"""HTTP JSON API over the handlers (FastAPI on uvicorn): ``POST /check``, ``/solve``,
``/enumerate``, ``/explain``, ``/card``, ``GET /schema/{name}``, ``GET /health``, OpenAPI at
``/openapi.json`` (no interactive docs page: it would load its scripts from a CDN). Static files
(the judges' page) can be mounted at ``/``, with its icon at ``/favicon.ico`` too.

Bad input answers 422 with each field's path (a body nested too deep or holding an integer too
long to read too); bodies over ``max_body_bytes`` answer 413; an unknown path 404, a known path
with the wrong method 405; a request that runs past the service's time limit answers 200 with
status "undetermined".
"""

from __future__ import annotations

import inspect
import math
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import anyio
import anyio.to_thread
from fastapi import FastAPI, Query
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from ..io.json_text import refusal
from ..model.errors import ErrorItem, InputError
from . import models
from .handlers import TOOLS, Service, Tool, package_version

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
REQUEST_TIME_LIMIT = 30.0
"""Wall-clock seconds one request may take unless the server is told otherwise."""
MAX_BODY_BYTES = 1_000_000
"""Requests with a larger body are refused (413) before they are parsed."""
STATIC_DIR = Path(__file__).resolve().parent / "static"
"""The judges' page (plain HTML, CSS and JavaScript; the CR excerpts it shows on hover)."""


def create_app(
    service: Service | None = None,
    *,
    max_body_bytes: int = MAX_BODY_BYTES,
    workers: int | None = None,
    static_dir: Path | None = None,
) -> FastAPI:
    """The API app. ``workers``: how many requests are solved at once, one per core by default
    (the rest wait their turn);
    ``static_dir``: files served at ``/`` beneath the API routes."""
    service = service or Service(request_time_limit=REQUEST_TIME_LIMIT)
    app = FastAPI(
        title="combat-solver",
        version=package_version(),
        description="Exact legality of Magic: The Gathering attack and block declarations (CR 508.1, 509.1): "
        "check, solve, enumerate and explain. Same input, same answer.",
        max_body_size=max_body_bytes,
        docs_url=None,
        redoc_url=None,
    )
    app.router.route_class = _Route
    limiter = anyio.CapacityLimiter(workers or os.cpu_count() or 1)
    for tool in TOOLS:
        if tool.name == "schema":
            continue
        app.add_api_route(
            f"/{tool.name}",
            _endpoint(service, tool, limiter),
            methods=["POST"],
            response_model=tool.response,
            summary=tool.title,
            description=tool.description,
            responses={
                422: {"model": models.ErrorResponse, "description": "bad input: every offending field by its path"}
            },
            operation_id=tool.name,
        )

    @app.get("/schema", summary="Names of the JSON Schemas")
    async def schema_names() -> list[str]:
        from ..schemas import SCHEMAS

        return sorted(SCHEMAS)

    @app.get(
        "/schema/{name}",
        response_model=models.SchemaResponse,
        summary="JSON Schema of a data-contract model",
        responses={422: {"model": models.ErrorResponse}},
    )
    async def schema(name: str) -> models.SchemaResponse:
        return service.schema(models.SchemaRequest(name=name))

    @app.get("/cards", response_model=models.CardSearchResponse, summary="Card names for autocomplete")
    async def cards(query: Annotated[models.CardSearchRequest, Query()]) -> models.CardSearchResponse:
        return service.search_cards(query)

    @app.post(
        "/render",
        response_model=models.RenderResponse,
        summary="Word a verdict or a why-not answer for a judge",
        description="The wording of `combat-solver check`/`explain` (rules cited by number) for a verdict "
        "returned by /check or /solve, or a why-not answer returned by /explain or an impossible /solve.",
        responses={422: {"model": models.ErrorResponse}},
    )
    async def render(body: models.RenderRequest) -> models.RenderResponse:
        return service.render(body)

    @app.post(
        "/scenario",
        response_model=models.ScenarioResponse,
        summary="Read a scenario file",
        description="The board and declaration of a scenario or board file's YAML/JSON text, validated as "
        "`combat-solver check FILE` reads it (bad input: 422 naming each field).",
        responses={422: {"model": models.ErrorResponse}},
        response_model_exclude_none=True,
    )
    async def scenario(body: models.ScenarioRequest) -> models.ScenarioResponse:
        return service.scenario(body)

    @app.get("/health", response_model=models.Health, summary="Liveness and limits")
    async def health() -> models.Health:
        return models.Health(
            version=package_version(),
            tools=tuple(t.name for t in TOOLS),
            request_time_limit=service.request_time_limit,
            max_body_bytes=max_body_bytes,
        )

    @app.exception_handler(InputError)
    async def bad_input(_: Request, error: InputError) -> JSONResponse:
        return _unprocessable(error.items)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, error: RequestValidationError) -> JSONResponse:
        items = [_item(e) for e in error.errors()]
        return _unprocessable(items)

    if static_dir is not None:
        icon = static_dir / "favicon.svg"
        if icon.is_file():

            @app.get("/favicon.ico", include_in_schema=False)
            async def favicon() -> FileResponse:
                """What browsers ask for before reading the page's ``<link rel="icon">``."""
                return FileResponse(icon, media_type="image/svg+xml")

        methods: dict[str, set[str]] = {}
        for route in app.routes:
            if isinstance(route, APIRoute):
                methods.setdefault(route.path, set()).update(route.methods or ())
        app.mount("/", _Static(methods, directory=static_dir, html=True), name="static")
    return app


class _Route(APIRoute):
    """A body the JSON parser gives up on (nesting past its recursion limit, an integer longer
    than Python reads) is bad input at a path, 422, like any other, not a bare 400."""

    def get_route_handler(self) -> Any:
        handle = super().get_route_handler()

        async def handler(request: Request) -> Response:
            try:
                response: Response = await handle(request)
            except HTTPException as e:
                problem = refusal(await request.body()) if e.status_code == 400 else None
                if problem is None:
                    raise
                return _unprocessable([problem])
            return response

        return handler


class _Static(StaticFiles):
    """The page's files beneath the API: a request for an API path reaching here used the wrong
    method (405, with the methods it takes); any other method than GET or HEAD is for a path that
    doesn't exist (404)."""

    def __init__(self, api_methods: dict[str, set[str]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.api_methods = api_methods

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            allowed = self.api_methods.get(scope["path"])
            if allowed is not None:
                response = JSONResponse(
                    {"detail": "Method Not Allowed"}, status_code=405, headers={"Allow": ", ".join(sorted(allowed))}
                )
                return await response(scope, receive, send)
            if scope["method"] not in ("GET", "HEAD"):
                return await JSONResponse({"detail": "Not Found"}, status_code=404)(scope, receive, send)
        await super().__call__(scope, receive, send)


def _endpoint(service: Service, tool: Tool, limiter: anyio.CapacityLimiter) -> Any:
    """``POST /{tool.name}``: the handler on a worker thread, bounded by the service's time limit."""

    async def endpoint(body: BaseModel) -> BaseModel:
        with anyio.move_on_after(service.request_time_limit or math.inf):
            return await anyio.to_thread.run_sync(tool.handler, service, body, limiter=limiter, abandon_on_cancel=True)
        assert tool.undetermined is not None
        return tool.undetermined(body, f"the request ran past the server's time limit ({service.request_time_limit} s)")

    endpoint.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("body", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=tool.request)],
        return_annotation=tool.response,
    )
    endpoint.__name__ = tool.name
    return endpoint


def _item(error: Any) -> ErrorItem:
    """A FastAPI validation error as a request field (a JSON syntax error is at the root)."""
    loc = tuple(error["loc"])
    if error["type"] == "json_invalid":
        return ErrorItem((), "json_invalid", f"{error['msg']} at character {loc[-1]}")
    return ErrorItem(loc[1:] if loc[:1] == ("body",) else loc, error["type"], error["msg"])


def _unprocessable(items: list[ErrorItem] | tuple[ErrorItem, ...]) -> JSONResponse:
    detail = [models.ErrorDetail(loc=i.loc, path=i.path, msg=i.message, type=i.code) for i in items]
    return JSONResponse(models.ErrorResponse(detail=tuple(detail)).model_dump(mode="json"), status_code=422)


def serve(service: Service, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
    """Run the API with uvicorn until interrupted."""
    import uvicorn

    print(
        f"combat-solver on http://{host}:{port}: the judges' page at /, OpenAPI at /openapi.json; Ctrl-C stops it",
        file=sys.stderr,
    )
    uvicorn.run(create_app(service, static_dir=STATIC_DIR), host=host, port=port, log_level="warning")
