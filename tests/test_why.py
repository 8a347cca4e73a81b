"""Why-not questions: answers come from the model and name a minimal set of rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from asserts import A, B, K, bears, craw_wurm, creature, juggernaut, make_board, serra_angel, silent_arbiter, watchdog

from combat_solver import InputError, check_attacks, check_blocks, load_scenario
from combat_solver.io.render import render_text
from combat_solver.model.declarations import AttackDeclaration
from combat_solver.steps.why import ask

ROOT = Path(__file__).resolve().parent.parent
RULE = re.compile(r"\b[1-9]\d{2}\.\d+[a-z]?\b")


def test_cant_block_names_only_the_restrictions_that_matter() -> None:
    """509.1b + 509.1c: Silent Arbiter and Watchdog's requirement keep the Bears out; the
    unrelated Craven Hulk and Stalking Tiger restrictions are not reasons."""
    b = make_board(
        [
            craw_wurm(),
            creature("tiger", "Stalking Tiger", A, 3, 4, K("max_blockers", n=1)),
            watchdog("dog"),
            bears("bears", B),
            creature("hulk", "Craven Hulk", B, 4, 4, K("cant_block_alone")),
            silent_arbiter("arb", tapped=True),
        ],
        {"wurm": B, "tiger": B},
    )
    answer = ask(b, "why can't Grizzly Bears block Craw Wurm?")
    assert answer.answer.startswith("No legal block")
    rules = sorted(r.rule for r in answer.reasons)
    assert rules == ["509.1b", "509.1c"]
    assert "Silent Arbiter" in answer.reasons[0].message or "Silent Arbiter" in answer.reasons[1].message


def test_cant_block_local_reason_is_named() -> None:
    """702.9b: a flier can't be blocked by a creature without flying or reach."""
    b = make_board([serra_angel("angel"), bears("bears", B)], {"angel": B})
    answer = ask(b, "why can't bears block angel")
    assert [r.rule for r in answer.reasons] == ["702.9b"]


def test_can_block_gives_a_legal_example() -> None:
    """509.1a: nothing stops the Bears; the example is a legal block."""
    b = make_board([craw_wurm(), bears("bears", B)], {"wurm": B})
    answer = ask(b, "why can't Grizzly Bears block Craw Wurm?")
    assert answer.example is not None and not answer.reasons
    assert check_blocks(b, answer.example).legal  # type: ignore[arg-type]


def test_must_attack_and_need_not_attack() -> None:
    """508.1d: Juggernaut must attack; the vanilla creature need not."""
    b = make_board([juggernaut("jug"), bears()])
    must = ask(b, "why must Juggernaut attack?")
    assert must.answer.startswith("Juggernaut must attack") and [r.rule for r in must.reasons] == ["508.1d"]
    free = ask(b, "why must Grizzly Bears attack?")
    assert "doesn't have to attack" in free.answer
    assert isinstance(free.example, AttackDeclaration) and "bears" not in free.example.attacks
    assert check_attacks(b, free.example).legal


def test_bad_questions_are_input_errors() -> None:
    b = make_board([craw_wurm(), bears("bears", B)], {"wurm": B})
    with pytest.raises(InputError):
        ask(b, "is this legal?")
    with pytest.raises(InputError):
        ask(b, "why can't Nobody block Craw Wurm")


def _expected_illegal(path: Path) -> bool:
    """The example's own expectation (its ``expect: status:``) says illegal; read from the file's
    text, so collecting builds no board."""
    expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}
    return expect.get("status") == "illegal"


ILLEGAL_EXAMPLES = [p for p in sorted((ROOT / "examples").glob("*.yaml")) if _expected_illegal(p)]


def test_some_examples_are_illegal() -> None:
    assert len(ILLEGAL_EXAMPLES) >= 10


@pytest.mark.parametrize("path", ILLEGAL_EXAMPLES, ids=lambda p: p.name)
def test_every_illegal_example_is_explained_with_rules(path: Path) -> None:
    """Issue 7: every violation of every illegal example is a sentence citing its rule, and the
    text names the cards involved."""
    scenario = load_scenario(path)
    declaration = scenario.declaration
    assert declaration is not None
    if isinstance(declaration, AttackDeclaration):
        verdict = check_attacks(scenario.board, declaration)
    else:
        verdict = check_blocks(scenario.board, declaration)
    assert verdict.status == "illegal", verdict
    text = render_text(scenario.board, verdict)
    for v in verdict.violations:
        assert RULE.search(v.message), v.message
        assert v.message in text
    names = {p.name for p in scenario.board.permanents if p.id in {o for v in verdict.violations for o in v.objects}}
    assert all(name in text for name in names)
