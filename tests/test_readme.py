"""README.md stays a true front page and docs/ a true reference: README is short, its links and
the docs' links resolve, its Python snippet runs and shows its results, its example board is the
shipped file, its test command is the one `.ci/run` runs, and docs/examples.md lists every
shipped example with its verdict. (The shown commands and outputs: tests/test_docs_commands.py.)"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = (ROOT / "docs" / "examples.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_is_a_front_page() -> None:
    assert len(README.splitlines()) <= 300
    for page in ("board-format", "cards", "cli", "audit", "agents", "web-page", "performance", "testing", "limits"):
        assert f"(docs/{page}.md)" in README, f"README doesn't link docs/{page}.md"


def _anchors(text: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    headings = re.findall(r"^#+ (.+)$", re.sub(r"^```.*?^```", "", text, flags=re.S | re.M), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    broken = []
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://")):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        missing_anchor = (
            file.exists()
            and bool(anchor)
            and file.suffix == ".md"
            and anchor not in _anchors(file.read_text(encoding="utf-8"))
        )
        if not file.exists() or missing_anchor:
            broken.append(target)
    assert not broken, f"{page.name}: broken links {broken}"


def _snippet(text: str) -> str:
    return text.split("# Python API", 1)[1].split("```python", 1)[1].split("```", 1)[0]


def test_python_api_page_shows_the_readme_snippet() -> None:
    assert _snippet((ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")) == _snippet(README)


def test_python_snippet_runs_and_shows_its_results() -> None:
    """The Python API snippet runs, and every line ending in ``# <Python literal>`` evaluates to
    that literal (prose comments are not compared)."""
    block = _snippet(README)
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


def test_readme_board_is_the_shipped_example() -> None:
    """The YAML README shows is the board and declaration of the example whose check it shows."""
    command = re.search(r"\$ combat-solver check (examples/[\w.-]+\.yaml)", README)
    assert command is not None
    shown = yaml.safe_load(README.split("```yaml\n", 1)[1].split("```", 1)[0])
    shipped = yaml.safe_load((ROOT / command[1]).read_text(encoding="utf-8"))
    assert shown == {"board": shipped["board"], "declaration": shipped["declaration"]}


def test_every_example_is_listed_and_every_listed_file_exists() -> None:
    shipped = {p.name for p in (ROOT / "examples").glob("*.yaml")}
    listed = set(re.findall(r"^\| `([\w.-]+\.yaml)`", EXAMPLES, re.M))
    assert shipped <= listed, f"not in docs/examples.md: {sorted(shipped - listed)}"
    assert listed <= shipped, f"docs/examples.md names missing files: {sorted(listed - shipped)}"


def test_examples_page_gives_each_files_expected_verdict() -> None:
    rows = re.findall(r"^\| `([\w.-]+\.yaml)` \|.*\| (legal|illegal)\b[^|]*\|$", EXAMPLES, re.M)
    assert len(rows) == len(list((ROOT / "examples").glob("*.yaml")))
    for name, verdict in rows:
        expect = yaml.safe_load((ROOT / "examples" / name).read_text(encoding="utf-8"))["expect"]
        assert expect["status"] == verdict, f"docs/examples.md says {name} is {verdict}"


def test_ci_runs_the_readme_test_command() -> None:
    """`.ci/run` runs exactly the test command README gives, and README tells the quick loop apart."""
    command = re.search(r"Run the tests \(what `\.ci/run` runs[^\n]*\n\n```console\n\$ ([^\n]+)\n```", README)
    assert command is not None
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command[1] in ci and command[1] == "python -m pytest --long"
    assert [line for line in ci if line.startswith("python -m pytest")] == [command[1]]
    assert "`python -m pytest` alone is the quick loop" in README
