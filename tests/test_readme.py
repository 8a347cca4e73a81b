"""README.md stays true: its Python snippet runs, its example commands name shipped files, and
every shipped example is listed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_python_snippet_runs(monkeypatch: object) -> None:
    block = README.split("## Python API", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    import os

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(block.replace("    ...", "    pass"), "README.md", "exec"), {})
    finally:
        os.chdir(cwd)


def test_every_example_is_listed_and_every_listed_file_exists() -> None:
    shipped = {p.name for p in (ROOT / "examples").glob("*.yaml")}
    listed = set(re.findall(r"`([\w.-]+\.yaml)`", README)) | {Path(m).name for m in re.findall(r"examples/([\w.-]+\.yaml)", README)}
    assert shipped <= listed, f"not in README: {sorted(shipped - listed)}"
    assert listed <= shipped, f"README names missing files: {sorted(listed - shipped)}"
