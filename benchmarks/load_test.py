"""Load test of the HTTP API on loopback: N concurrent clients, bounded in requests and time.

Starts ``combat-solver serve`` on 127.0.0.1 (a free port), computes every request's answer
beforehand with the handlers, warms the server up (one of each, not counted), then lets N clients send a mix of check / solve / enumerate /
explain requests with malformed and oversized bodies among them. Reports p50/p99 latency of
the valid requests, throughput, errors (wrong status, wrong answer, transport failure) and lost
requests; stops by itself after ``--requests`` per client or ``--max-seconds``. Exits 1 on any
error or lost request. Run:

    python benchmarks/load_test.py [--clients 8] [--requests 25] [--max-seconds 120]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import yaml
from bench_blocks import board as block_board

from combat_solver.service.handlers import TOOL_BY_NAME, Service
from combat_solver.service.http import MAX_BODY_BYTES

ROOT = Path(__file__).resolve().parent.parent


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "examples" / name).read_text(encoding="utf-8"))
    return data


def valid_requests() -> list[tuple[str, dict[str, Any]]]:
    provoke = example("deftblade-provoke-and-menace-runner.yaml")
    goad = example("attack-goad-four-players.yaml")
    large = block_board(8).model_dump(mode="json")
    return [
        ("check", {"board": provoke["board"], "declaration": provoke["declaration"]}),
        ("solve", {"board": provoke["board"], "prefer": {"watchdog": {"runner": 2}}}),
        ("solve", {"board": provoke["board"], "fix": {"include": [["bears", "runner"]]}}),
        ("check", {"board": goad["board"], "declaration": goad["declaration"]}),
        ("solve", {"board": goad["board"], "prefer": {"bears": {"carol": 1}}}),
        ("enumerate", {"board": goad["board"], "count_only": True}),
        ("explain", {"board": provoke["board"], "question": "why must watchdog block?"}),
        ("solve", {"board": large, "prefer": {"b0": {"a1": 3}}}),
    ]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    answered: int = 0
    rejected_as_expected: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


async def client_loop(
    client: httpx.AsyncClient,
    number: int,
    requests: int,
    deadline: float,
    mix: list[tuple[str, bytes, int, Any]],
    tally: Tally,
) -> None:
    for i in range(requests):
        if time.monotonic() >= deadline:
            return
        path, body, status, expected = mix[(number * 7 + i) % len(mix)]
        tally.sent += 1
        started = time.perf_counter()
        try:
            response = await client.post(path, content=body, headers={"content-type": "application/json"})
        except httpx.HTTPError as e:
            tally.errors.append(f"{path}: {type(e).__name__}")
            continue
        elapsed = time.perf_counter() - started
        tally.answered += 1
        if response.status_code != status:
            tally.errors.append(f"{path}: status {response.status_code}, expected {status}")
        elif status != 200:
            tally.rejected_as_expected += 1
        elif response.json() != expected:
            tally.errors.append(f"{path}: a different answer than the handler's")
        else:
            tally.latencies.append(elapsed)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "combat_solver", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health").status_code == 200:
                return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not start")


async def load(url: str, clients: int, requests: int, max_seconds: float) -> Tally:
    service = Service()
    mix: list[tuple[str, bytes, int, Any]] = []
    for tool, body in valid_requests():
        answer = service.call(TOOL_BY_NAME[tool], body).model_dump(mode="json")
        mix.append((f"/{tool}", json.dumps(body).encode(), 200, answer))
    mix.insert(3, ("/solve", b'{"board": {"players": [', 422, None))
    mix.insert(7, ("/check", b" " * (MAX_BODY_BYTES + 1), 413, None))
    tally = Tally()
    deadline = time.monotonic() + max_seconds
    limits = httpx.Limits(max_connections=clients)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=max_seconds) as client:
        for path, body, _, _ in mix:
            await client.post(path, content=body, headers={"content-type": "application/json"})
        started = time.perf_counter()
        await asyncio.gather(*(client_loop(client, n, requests, deadline, mix, tally) for n in range(clients)))
        tally.seconds = time.perf_counter() - started
        health = await client.get("/health")
        if health.status_code != 200:
            tally.errors.append("the server stopped answering /health")
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--requests", type=int, default=25, help="requests per client (default 25)")
    parser.add_argument("--max-seconds", type=float, default=120.0, help="stop sending after this long (default 120)")
    args = parser.parse_args()
    if not 1 <= args.clients <= 256 or not 1 <= args.requests <= 10_000 or not 0 < args.max_seconds <= 3600:
        parser.error("clients 1-256, requests 1-10000, max-seconds (0, 3600]")
    port = free_port()
    server = start_server(port)
    try:
        tally = asyncio.run(load(f"http://127.0.0.1:{port}", args.clients, args.requests, args.max_seconds))
    finally:
        server.terminate()
        server.wait(timeout=30)
    ms = sorted(x * 1000 for x in tally.latencies)
    p50 = statistics.median(ms) if ms else float("nan")
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))] if ms else float("nan")
    lost = tally.sent - tally.answered
    print(f"{args.clients} clients x {args.requests} requests on loopback, {os.cpu_count()} cores")
    print(
        f"sent {tally.sent}, answered {tally.answered}, lost {lost}, in {tally.seconds:.1f} s ({tally.answered / tally.seconds:.0f}/s)"
    )
    print(f"valid answers {len(ms)}: p50 {p50:.0f} ms, p99 {p99:.0f} ms")
    print(f"malformed/oversized refused as expected (422/413): {tally.rejected_as_expected}")
    print(f"errors: {len(tally.errors)}")
    for error in sorted(set(tally.errors))[:10]:
        print(f"  {error}")
    return 1 if tally.errors or lost else 0


if __name__ == "__main__":
    sys.exit(main())
