"""The HTTP JSON API: every endpoint answers what the handlers answer, bad input is a 422 naming
each field's path, bodies over the size limit are refused (413), a request past the time limit
is "undetermined", the server keeps answering after malformed and oversized requests, and
``combat-solver serve`` binds 127.0.0.1 by default."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import Served
from fastapi.testclient import TestClient
from service_support import ATTACK_BOARD, BLOCK_BOARD, PROVOKE_BOARD
from test_service import agent_expectation

from combat_solver.cli import _parser
from combat_solver.schemas import SCHEMAS
from combat_solver.service.handlers import TOOL_BY_NAME, Service
from combat_solver.service.http import create_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(max_body_bytes=20_000)) as c:
        yield c


REQUESTS = [
    ("check", {"board": BLOCK_BOARD, "declaration": {"kind": "block", "blocks": {"wall": ["ogre"]}}}),
    ("check", {"board": PROVOKE_BOARD, "declaration": {"kind": "block", "blocks": {"bears": ["runner"]}}}),
    ("solve", {"board": BLOCK_BOARD, "prefer": {"wall": {"ogre": 2}}, "fix": {"exclude": [["elves", "bears"]]}}),
    ("solve", {"board": PROVOKE_BOARD, "fix": {"include": [["bears", "runner"]]}}),
    ("solve", {"board": ATTACK_BOARD, "prefer": {"bears": {"carol": 1}}}),
    ("enumerate", {"board": ATTACK_BOARD}),
    ("enumerate", {"board": BLOCK_BOARD, "count_only": True, "limit": 3}),
    ("explain", {"board": PROVOKE_BOARD, "question": "why must watchdog block?"}),
    ("card", {"name": "Lure"}),
]


@pytest.mark.parametrize(("tool", "body"), REQUESTS)
def test_each_endpoint_answers_what_the_handler_answers(client: TestClient, tool: str, body: dict[str, Any]) -> None:
    response = client.post(f"/{tool}", json=body)
    assert response.status_code == 200
    expected = Service().call(TOOL_BY_NAME[tool], body)
    assert response.json() == expected.model_dump(mode="json")
    assert TOOL_BY_NAME[tool].response.model_validate(response.json()) == expected


def test_schema_health_and_openapi(client: TestClient) -> None:
    assert client.get("/schema").json() == sorted(SCHEMAS)
    assert client.get("/schema/solve-request").json() == {
        "name": "solve-request",
        "json_schema": SCHEMAS["solve-request"].model_json_schema(),
    }
    assert client.get("/schema/nothing").status_code == 422
    health = client.get("/health").json()
    assert health["status"] == "ok" and health["max_body_bytes"] == 20_000
    assert set(health["tools"]) == set(TOOL_BY_NAME)
    openapi = client.get("/openapi.json").json()
    assert {"/check", "/solve", "/enumerate", "/explain", "/card", "/schema/{name}", "/health"} <= set(openapi["paths"])
    solve = openapi["paths"]["/solve"]["post"]
    assert solve["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/SolveRequest")
    assert solve["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorResponse")
    assert "fixed pairs" in solve["description"]


@pytest.mark.parametrize(
    ("tool", "body", "path"),
    [
        (
            "check",
            {"board": BLOCK_BOARD, "declaration": {"kind": "block", "blocks": {"ghost": ["ogre"]}}},
            "declaration.blocks.ghost",
        ),
        (
            "check",
            {"board": {**BLOCK_BOARD, "active_player": 7}, "declaration": {"kind": "block"}},
            "board.active_player",
        ),
        ("solve", {"board": BLOCK_BOARD, "fix": {"include": [["wall", "nobody"]]}}, "fix.include[0]"),
        ("solve", {"board": BLOCK_BOARD, "extra": True}, "extra"),
        ("enumerate", {"board": BLOCK_BOARD, "limit": 10**9}, "limit"),
        ("explain", {"board": BLOCK_BOARD, "question": "what?"}, "question"),
    ],
)
def test_bad_input_is_422_with_the_field_path(client: TestClient, tool: str, body: dict[str, Any], path: str) -> None:
    response = client.post(f"/{tool}", json=body)
    assert response.status_code == 422
    assert path in [d["path"] for d in response.json()["detail"]]


def test_malformed_and_oversized_requests_are_refused_and_the_server_keeps_answering(client: TestClient) -> None:
    malformed = client.post("/check", content=b'{"board": ', headers={"content-type": "application/json"})
    assert malformed.status_code == 422 and malformed.json()["detail"][0]["type"] == "json_invalid"
    oversized = client.post("/check", content=b" " * 30_000, headers={"content-type": "application/json"})
    assert oversized.status_code == 413

    def chunks() -> Iterator[bytes]:
        for _ in range(30):
            yield b" " * 1000

    streamed = client.post("/solve", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413
    assert client.get("/health").status_code == 200
    assert client.post("/solve", json={"board": PROVOKE_BOARD}).json()["status"] == "optimal"


def test_a_request_past_the_time_limit_is_undetermined() -> None:
    """The server's wall-clock limit per request: the answer is 'undetermined', never a guess."""
    with TestClient(create_app(Service(request_time_limit=1e-9))) as hurried:
        for tool, body in REQUESTS[:8]:
            answer = hurried.post(f"/{tool}", json=body)
            assert answer.status_code == 200
            assert answer.json()["status"] == "undetermined"


def test_serve_binds_loopback_by_default() -> None:
    args = _parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)


def test_the_serve_command_answers_over_http(served: Served) -> None:
    solved = httpx.post(f"{served.url}/solve", json={"board": PROVOKE_BOARD, "prefer": {"watchdog": {"runner": 1}}})
    assert solved.status_code == 200
    assert solved.json() == json.loads(
        Service()
        .call(TOOL_BY_NAME["solve"], {"board": PROVOKE_BOARD, "prefer": {"watchdog": {"runner": 1}}})
        .model_dump_json()
    )


@pytest.mark.long
def test_the_example_agent_gets_its_block_from_the_serve_command(served: Served) -> None:
    agent = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "agents" / "http_agent.py"), "--url", served.url],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert agent.stdout.splitlines() == agent_expectation()


def test_static_files_are_served_at_the_root_beneath_the_api(tmp_path: Path) -> None:
    """The judges' page can be mounted at / without shadowing the API."""
    (tmp_path / "index.html").write_text("<h1>combat-solver</h1>", encoding="utf-8")
    with TestClient(create_app(static_dir=tmp_path)) as app:
        assert app.get("/").text == "<h1>combat-solver</h1>"
        assert app.get("/health").json()["status"] == "ok"
        assert app.post("/solve", json={"board": PROVOKE_BOARD}).json()["status"] == "optimal"


@pytest.mark.parametrize("static", [False, True], ids=["api", "api-and-page"])
def test_unreadable_json_wrong_paths_and_methods_are_answered_as_documented(static: bool) -> None:
    from combat_solver.service.http import STATIC_DIR

    with TestClient(create_app(static_dir=STATIC_DIR if static else None)) as c:
        json_type = {"content-type": "application/json"}
        deep = c.post("/check", content=b"[" * 1200 + b"]" * 1200, headers=json_type)
        assert deep.status_code == 422 and deep.json()["detail"][0]["type"] == "too_deep"
        long = c.post("/check", content=b'{"board": ' + b"9" * 4301 + b"}", headers=json_type)
        assert long.status_code == 422 and long.json()["detail"][0]["path"] == "board"
        assert "4301 digits" in long.json()["detail"][0]["msg"]
        nan = c.post("/check", content=b'{"board": {}, "declaration": {}, "time_limit": NaN}', headers=json_type)
        assert nan.status_code == 422
        assert {"path": "time_limit", "msg": "Input should be a finite number"}.items() <= next(
            d for d in nan.json()["detail"] if d["path"] == "time_limit"
        ).items()
        assert c.post("/nope", json={}).status_code == 404
        wrong = c.get("/check")
        assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"
        assert c.get("/docs").status_code == 404  # no page that loads its scripts from a CDN
        assert c.get("/openapi.json").status_code == 200
