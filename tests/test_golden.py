"""Golden renderings: a wording change fails here until the golden files are regenerated with
``UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`` (and reviewed in the diff)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from combat_solver import check_attacks, check_blocks, load_scenario
from combat_solver.io.render import render_answer, render_markdown, render_text
from combat_solver.model.declarations import AttackDeclaration
from combat_solver.steps.why import ask

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
QUESTIONS = [
    ("deftblade-provoke-and-menace-runner.yaml", "why can't Grizzly Bears block Viashino Runner?"),
    ("deftblade-provoke-and-menace-runner.yaml", "why must Grizzly Bears block?"),
    ("silent-arbiter-two-watchdogs-both-block.yaml", "why is no block illegal?"),
    ("tromokratis-with-tapped-defender.yaml", "why can't Grizzly Bears block Tromokratis?"),
    ("attack-juggernaut-silent-arbiter-bears-alone.yaml", "why can't Grizzly Bears attack?"),
    ("attack-juggernaut-silent-arbiter-bears-alone.yaml", "why must Juggernaut attack?"),
    ("costs-qal-sisma-behemoth-roar-of-challenge.yaml", "why can't Qal Sisma Behemoth block Hill Giant?"),
    ("attack-norns-annex-gideon-juggernaut-pays.yaml", "why can't Juggernaut attack bob?"),
]


def compare(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        before = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text + "\n", encoding="utf-8")
        if before != text + "\n":
            pytest.fail(f"{path.name} rewritten: review the diff, then rerun without UPDATE_GOLDEN")
    assert path.exists(), f"missing golden file {path.name}: run UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py"
    assert path.read_text(encoding="utf-8") == text + "\n", f"{path.name} changed: review, then regenerate"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_verdict_renderings(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.declaration is not None
    if isinstance(scenario.declaration, AttackDeclaration):
        verdict = check_attacks(scenario.board, scenario.declaration)
    else:
        verdict = check_blocks(scenario.board, scenario.declaration)
    compare(f"{path.stem}.txt", render_text(scenario.board, verdict))
    compare(f"{path.stem}.md", render_markdown(scenario.board, verdict))


@pytest.mark.parametrize(("example", "question"), QUESTIONS, ids=[f"{e}:{q}" for e, q in QUESTIONS])
def test_why_answers(example: str, question: str) -> None:
    board = load_scenario(ROOT / "examples" / example).board
    answer = ask(board, question)
    compare(_why_file(example, question), render_answer(answer, "text"))


def _why_file(example: str, question: str) -> str:
    slug = "".join(ch if ch.isalnum() else "-" for ch in question.lower()).strip("-")
    return f"why-{Path(example).stem}-{slug}.txt"


def test_no_stale_golden_files() -> None:
    expected = {f"{p.stem}.{ext}" for p in EXAMPLES for ext in ("txt", "md")}
    expected |= {_why_file(e, q) for e, q in QUESTIONS}
    assert {f.name for f in GOLDEN.iterdir()} <= expected
