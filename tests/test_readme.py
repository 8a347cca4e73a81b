"""README.md stays true: its Python snippet runs, its example commands name shipped files, and
every shipped example is listed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_python_snippet_runs_and_shows_its_results() -> None:
    """The Python API snippet runs, and every line ending in ``# <Python literal>`` evaluates to
    that literal (prose comments are not compared)."""
    import ast
    import os

    block = README.split("## Python API", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    namespace: dict[str, object] = {}
    compared = 0
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(block.replace("    ...", "    pass"), "README.md", "exec"), namespace)
        for line in block.splitlines():
            code, _, comment = line.partition("  # ")
            shown = comment.strip().split(" (")[0] if comment.strip().startswith(("'", "(", "[")) else ""
            if not shown or "=" in code.split("(")[0] or code.startswith(("for ", "from ", " ")):
                continue
            value = eval(compile(code.strip(), "README.md", "eval"), namespace)
            assert value == ast.literal_eval(shown), f"README shows {shown} for {code.strip()!r}, got {value!r}"
            compared += 1
    finally:
        os.chdir(cwd)
    assert compared >= 5


def test_every_example_is_listed_and_every_listed_file_exists() -> None:
    shipped = {p.name for p in (ROOT / "examples").glob("*.yaml")}
    listed = set(re.findall(r"`([\w.-]+\.yaml)`", README)) | {
        Path(m).name for m in re.findall(r"examples/([\w.-]+\.yaml)", README)
    }
    assert shipped <= listed, f"not in README: {sorted(shipped - listed)}"
    assert listed <= shipped, f"README names missing files: {sorted(listed - shipped)}"


SHOWN = re.findall(r"```\n\$ (combat-solver [^\n]+)\n(.*?)```", README, re.S)
"""Every ``$ combat-solver ...`` block of README and the output it shows."""


def test_readme_shows_command_outputs() -> None:
    assert len(SHOWN) >= 3


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        pytest.param(
            command,
            shown,
            id=command,
            marks=[pytest.mark.long] if command.startswith("combat-solver cards --coverage") else [],
        )
        for command, shown in SHOWN
    ],
)
def test_shown_output_matches_the_cli(command: str, shown: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The command prints exactly what README shows (the whole catalog's coverage: under ``--long``)."""
    import os
    import shlex

    from combat_solver.cli import main

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        main(shlex.split(command)[1:])
    finally:
        os.chdir(cwd)
    assert capsys.readouterr().out == shown, f"README output of {command!r} is stale"


def test_first_example_output_is_current(capsys: object) -> None:
    import os

    from combat_solver.cli import main

    command = re.search(r"```sh\n(combat-solver check examples/[\w.-]+\.yaml)\n```\n\n```\n(.*?)```", README, re.S)
    assert command is not None
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        main(command[1].split()[1:])
    finally:
        os.chdir(cwd)
    assert capsys.readouterr().out == command[2]  # type: ignore[attr-defined]


def test_ci_runs_the_readme_test_command() -> None:
    """`.ci/run` runs exactly the test command README gives, and README tells the quick loop apart."""
    command = re.search(r"Run the tests \(what `\.ci/run` runs[^\n]*\n\n```sh\n([^\n]+)\n```", README)
    assert command is not None
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command[1] in ci and command[1] == "python -m pytest --long"
    assert [line for line in ci if line.startswith("python -m pytest")] == [command[1]]
