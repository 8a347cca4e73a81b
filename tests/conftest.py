"""The ``--long`` option: the tests marked ``long`` (minutes of work: the combined differential
property, the whole card catalog, audit kill/resume and Dask, servers in subprocesses, the
browser, the fuzzer) run only with it, and the randomized tests run at CI size (``sizes.py``).
``python -m pytest`` is the quick loop; ``python -m pytest --long`` is what CI runs.

Also the ``served`` fixture: one ``combat-solver serve`` process for the whole run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import httpx
import pytest
import sizes
from service_support import free_port

from combat_solver.cards.compiled_store import CACHE_VARIABLE

ROOT = Path(__file__).resolve().parent.parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        default=False,
        help="also run the tests marked long, and the randomized tests at CI size (what .ci/run runs)",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Also gives the run its own cache directory (compiled cards, indexes of ``--cards`` files),
    shared by the processes the tests start, unless one is set."""
    sizes.LONG = bool(config.getoption("--long"))
    if not os.environ.get(CACHE_VARIABLE):
        os.environ[CACHE_VARIABLE] = tempfile.mkdtemp(prefix="combat-solver-tests-")
        config.add_cleanup(partial(shutil.rmtree, os.environ[CACHE_VARIABLE], ignore_errors=True))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``--long``, the tests marked long are deselected (counted as such in the summary)
    unless one is named on the command line by its node id."""
    if config.getoption("--long"):
        return
    named = [arg for arg in config.args if "::" in arg]
    left_out = [
        item
        for item in items
        if item.get_closest_marker("long") is not None and not any(n in item.nodeid for n in named)
    ]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        ids = {item.nodeid for item in left_out}
        items[:] = [item for item in items if item.nodeid not in ids]


@dataclass(frozen=True)
class Served:
    """A ``combat-solver serve`` process: where it answers and the file its stderr goes to."""

    url: str
    stderr: Path


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``combat-solver serve`` started once for the run (this checkout's code), stopped at the end."""
    port = free_port()
    stderr = tmp_path_factory.mktemp("serve") / "stderr.txt"
    with stderr.open("wb") as err:
        server = subprocess.Popen(
            [sys.executable, "-m", "combat_solver", "serve", "--port", str(port)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if server.poll() is not None:
                pytest.fail(f"combat-solver serve exited: {stderr.read_text()}")
            try:
                if httpx.get(f"{url}/health").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            pytest.fail(f"combat-solver serve did not start: {stderr.read_text()}")
        yield Served(url, stderr)
    finally:
        server.terminate()
        server.wait(timeout=30)
