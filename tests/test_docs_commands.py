"""Every command README.md and docs/*.md show is run, and what they show it printing is what it prints.

The convention (docs/index.md): a fenced ``console`` block holds commands as lines starting with
``$ ``, each followed by its output; a command that exits with a code other than 0 ends in a
``# exit N`` comment. The commands of one block run in order in one scratch folder that sees the
repository's top-level files (so a command may write ``results.parquet`` and the next may read
it). Long-running commands are checked without running them to the end: servers are started and
must answer, the suite's own pytest commands are collected, and the scripts that take minutes
must answer ``--help``. Any other shell block (``sh``, ``bash``, ``shell``) must be marked
``<!-- not run: REASON -->`` on the line above it: install commands that need network, commands
for other machines.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUN_ELSEWHERE = {ROOT / "docs" / "errors.md"}
"""Pages whose commands another test runs with the inputs the page shows beside them
(docs/errors.md: tests/test_error_codes.py runs each code's example command on its example input)."""
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p not in RUN_ELSEWHERE)]
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^\1```$", re.S | re.M)
NOT_RUN = re.compile(r"<!-- not run: [^>]*\S[^>]* -->\n *$")
EXIT = re.compile(r"#.*\bexit (\d)\b")
NETWORK = re.compile(r"\b(pip install|apt-get|curl|wget|git clone)\b")

# Commands that take minutes (or run until stopped) are checked by a variant: (pattern, how).
SCRIPT = re.compile(r"^python ((?:benchmarks/(?!gen_records)|tests/)\w+\.py)\b")
"""Scripts that take minutes (benchmarks, campaigns, the fuzzer); writing records takes seconds."""
PYTEST = re.compile(r"^(?:\w+=\S+ )*python -m pytest\b")
SERVE = re.compile(r"^combat-solver serve\b")
MCP = re.compile(r"^combat-solver mcp\b")
HTTP_AGENT = re.compile(r"^python examples/agents/http_agent\.py\b")
SLOW = re.compile(r"cards --coverage|mcp_agent\.py|--records 100000|phase_records")
"""Run in full, but only under ``--long`` (each takes several seconds)."""

TIMING = re.compile(r"\d+ records in [\d.]+ s: [\d,]+ records/s \((\w+), \d+ jobs?\)")


@dataclass(frozen=True)
class Command:
    line: str
    shown: str
    exit_code: int


@dataclass(frozen=True)
class Block:
    page: str
    line: int
    commands: tuple[Command, ...]

    @property
    def slow(self) -> bool:
        return any(
            SLOW.search(c.line)
            or SERVE.search(c.line)
            or MCP.search(c.line)
            or HTTP_AGENT.search(c.line)
            or PYTEST.search(c.line)
            for c in self.commands
        )


def _fences(page: Path) -> list[tuple[int, str, str, str]]:
    """(line number, language, body, the text before the fence) of every fenced block."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m[2], m[3], text[: m.start()]) for m in FENCE.finditer(text)]


def _commands(body: str) -> tuple[Command, ...]:
    commands: list[Command] = []
    line: str | None = None
    shown: list[str] = []
    for row in body.splitlines():
        if row.startswith("$ "):
            if line is not None:
                commands.append(_command(line, shown))
            line, shown = row[2:], []
        else:
            assert line is not None, f"console output before any command: {row!r}"
            shown.append(row)
    assert line is not None, "a console block without a command"
    commands.append(_command(line, shown))
    return tuple(commands)


def _command(line: str, shown: list[str]) -> Command:
    found = EXIT.search(line)
    return Command(line, "".join(f"{r}\n" for r in shown), int(found[1]) if found else 0)


BLOCKS = [
    Block(str(page.relative_to(ROOT)), n, _commands(body))
    for page in PAGES
    for n, lang, body, _ in _fences(page)
    if lang == "console"
]


def test_the_pages_show_commands() -> None:
    assert sum(len(b.commands) for b in BLOCKS) >= 20
    assert {b.page for b in BLOCKS} >= {"README.md", "docs/cli.md", "docs/audit.md", "docs/agents.md"}


def test_every_shell_block_is_run_or_says_why_not() -> None:
    unmarked = [
        f"{page.relative_to(ROOT)}:{n}"
        for page in PAGES
        for n, lang, _, before in _fences(page)
        if lang in {"sh", "bash", "shell", "shell-session"} and not NOT_RUN.search(before)
    ]
    assert not unmarked, f"shell blocks neither `console` (run) nor marked `<!-- not run: ... -->`: {unmarked}"


def test_no_runnable_command_needs_the_network() -> None:
    networked = [c.line for b in BLOCKS for c in b.commands if NETWORK.search(c.line.split("#")[0])]
    assert not networked


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0", "COLUMNS": "100"}


def _scratch(tmp_path: Path) -> Path:
    """A folder whose entries are the repository's top-level files, so outputs land in it."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    return tmp_path


def _bare(line: str) -> str:
    return line.split(" #", 1)[0].strip()


def _run(command: str, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            "bash",
            "-c",
            command.replace("python ", f"{sys.executable} ", 1) if command.startswith("python ") else command,
        ],
        cwd=cwd,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def _wait_for_http(url: str, process: subprocess.Popen[bytes]) -> None:
    import httpx

    for _ in range(300):
        assert process.poll() is None, f"the server exited with {process.returncode}"
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    pytest.fail(f"no answer from {url}")


def _check_server(command: str, cwd: Path) -> None:
    port = _free_port()
    process = subprocess.Popen(["bash", "-c", f"exec {_bare(command)} --port {port}"], cwd=cwd, env=_env())
    try:
        _wait_for_http(f"http://127.0.0.1:{port}/health", process)
    finally:
        process.terminate()
        process.wait(timeout=30)


def _check_mcp(command: str, cwd: Path) -> None:
    """The stdio server answers an MCP ``initialize`` request."""
    process = subprocess.Popen(
        ["bash", "-c", f"exec {_bare(command)}"],
        cwd=cwd,
        env=_env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "docs", "version": "0"}},
    }
    try:
        process.stdin.write((json.dumps(request) + "\n").encode())
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        assert answer["id"] == 1 and "serverInfo" in answer["result"], answer
    finally:
        process.stdin.close()
        process.terminate()
        process.wait(timeout=30)


def _check_http_agent(command: Command, cwd: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "combat_solver", "serve", "--port", str(port)], cwd=cwd, env=_env()
    )
    try:
        _wait_for_http(f"http://127.0.0.1:{port}/health", server)
        done = _run(_bare(command.line).replace("http://127.0.0.1:8000", f"http://127.0.0.1:{port}"), cwd)
        assert (done.returncode, done.stdout) == (command.exit_code, command.shown), done.stderr
    finally:
        server.terminate()
        server.wait(timeout=30)


def _normalized(text: str) -> str:
    return TIMING.sub(r"<time> (\1, <jobs>)", text)


def _check(command: Command, cwd: Path) -> None:
    line = _bare(command.line)
    if SERVE.search(line):
        assert not command.shown
        _check_server(line, cwd)
    elif MCP.search(line):
        assert not command.shown
        _check_mcp(line, cwd)
    elif HTTP_AGENT.search(line):
        _check_http_agent(command, cwd)
    elif PYTEST.search(line):
        assert not command.shown, "a pytest command's output isn't compared"
        done = _run(f"{line} --collect-only -q", ROOT)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    elif found := SCRIPT.search(line):
        assert not command.shown, "a long-running script's output isn't compared"
        done = _run(f"python {found[1]} --help", cwd)
        assert done.returncode == 0 and "usage:" in done.stdout, done.stderr
    else:
        done = _run(line, cwd)
        assert done.returncode == command.exit_code, (
            f"{line!r} exited {done.returncode}, the docs say {command.exit_code}\n{done.stdout}\n{done.stderr}"
        )
        if command.shown:
            assert _normalized(done.stdout + done.stderr) == _normalized(command.shown), (
                f"the output of {line!r} is stale"
            )


@pytest.mark.parametrize(
    "block",
    [
        pytest.param(b, id=f"{b.page}:{b.line}:{_bare(b.commands[0].line)}", marks=[pytest.mark.long] if b.slow else [])
        for b in BLOCKS
    ],
)
def test_shown_commands_run_as_shown(block: Block, tmp_path: Path) -> None:
    cwd = _scratch(tmp_path)
    for command in block.commands:
        _check(command, cwd)
