"""The hostile-input fuzzer (``tests/fuzz.py``) at smoke size: every exit code documented (never
4), no traceback, bounded time per example and bounded memory. The long run is
``python tests/fuzz.py --examples 5000`` (docs/testing.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SMOKE_EXAMPLES = 60


@pytest.mark.long
def test_fuzzer_smoke_run_finds_no_crash() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "fuzz.py"), "--examples", str(SMOKE_EXAMPLES), "--seed", "11"],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert f"fuzz: {SMOKE_EXAMPLES} examples, seed 11, 0 failures" in result.stdout
