"""``combat-solver audit``'s worker processes end with it, however it ends: ``kill -9`` of the
command alone (not its process group) and a plain ``kill`` (SIGTERM) leave no worker running."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.gen_records import write_records

ROOT = Path(__file__).resolve().parent.parent


def _children(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


@pytest.fixture(scope="module")
def many_records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("workers") / "records.jsonl"
    write_records(path, 4000, seed=5)
    return path


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "kill"])
def test_no_worker_outlives_the_audit(stop: signal.Signals, many_records: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "combat_solver", "audit", str(many_records), "-o", str(out)]
    log = tmp_path / "stderr.txt"
    with log.open("wb") as stderr:  # a file, not a pipe: a surviving worker would hold a pipe open
        process = subprocess.Popen(
            [*command, "--jobs", "2", "--chunk-size", "10"], env=env, stderr=stderr, start_new_session=True
        )
    try:
        checkpoint = out.with_name("out.jsonl.checkpoint.json")
        while not checkpoint.exists() or not json.loads(checkpoint.read_text() or "{}").get("records"):
            assert process.poll() is None, "the audit ended before it could be stopped"
            time.sleep(0.02)
        workers = _children(process.pid)
        assert len(workers) >= 2, workers
        os.kill(process.pid, stop)  # the command alone, not its process group
        process.wait(timeout=60)
        err = log.read_text()
        assert process.returncode == (-signal.SIGKILL if stop == signal.SIGKILL else 143), err
        if stop == signal.SIGTERM:
            assert "terminated: rerun with --resume" in err
        give_up = time.monotonic() + 20
        while any(_alive(w) for w in workers) and time.monotonic() < give_up:
            time.sleep(0.05)
        assert not [w for w in workers if _alive(w)], "workers outlived the audit"
    finally:
        with contextlib.suppress(ProcessLookupError):  # whatever is left of the test's own process group
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
