"""rules/TEMPLATE.py is a valid ability kind whose declarations the compiler, the importer and
the board checks read from the class, and docs/adding-an-ability-kind.md names every step."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from combat_solver.cards.card_record import CardRecord
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.compiler import Compiler
from combat_solver.cards.readers import Readers
from combat_solver.cards.wordings import Wordings
from combat_solver.importers.phase import keyword_kinds as phase_keywords
from combat_solver.rules import TEMPLATE
from combat_solver.rules.kind import KINDS, Instance, field_roles, has_hook, id_fields, player_fields
from combat_solver.rules.phrase import Role
from combat_solver.rules.registry import ABILITY_KINDS, KIND_HOMES, ability_classes, keyword_kinds, kind_phrases

ROOT = Path(__file__).resolve().parent.parent
Template = TEMPLATE.TemplateCantBlockCreaturesOf
KIND = "template_cant_block_creatures_of"


def _with_template() -> tuple[type, ...]:
    return (*ability_classes(), Template)


def test_the_template_is_kept_out_of_the_vocabulary():
    assert KIND not in KINDS
    assert KIND not in ABILITY_KINDS
    assert Template not in ability_classes()


def test_an_instance_of_the_template_validates():
    ability = Template.model_validate({"kind": KIND, "player": "p2", "except_for": "bear"})
    assert (ability.player, ability.except_for) == ("p2", "bear")
    with pytest.raises(ValueError, match="player"):
        Template.model_validate({"kind": KIND})


def test_a_registry_with_the_template_reads_its_keyword_and_phrases():
    assert keyword_kinds(_with_template())["templateward"] == KIND
    assert "templateward" not in keyword_kinds()
    assert [p for k, p in kind_phrases(_with_template()) if k == KIND] == list(Template.phrases)
    readers = Readers(frozenset())
    wordings = Wordings(kind_phrases((Template,)), keyword_kinds((Template,)))
    assert wordings.read("predicate", "can't block creatures controlled by P2", readers) == [
        {"kind": KIND, "player": "p2"}
    ]
    assert wordings.read("predicate", "can't block creatures", readers) is None


def test_a_compiler_with_the_template_compiles_a_card_into_it():
    everyone = Wordings(kind_phrases(_with_template()), keyword_kinds(_with_template()))
    compiler = Compiler(bundled_catalog().subtypes, everyone)
    card = CardRecord(
        name="Test Sentry",
        mana_cost="{1}{W}",
        types=("creature",),
        subtypes=(),
        supertypes=(),
        power="1",
        toughness="1",
        text="Flying, templateward\nTest Sentry can't block creatures you control.",
        layout="normal",
        colors=("white",),
    )
    assert compiler.compile(card).abilities == (
        {"kind": "flying"},
        {"kind": KIND},
        {"kind": KIND, "player": "you"},
    )


def test_the_template_field_roles_are_read_from_its_annotations():
    assert field_roles(Template) == {"player": Role.player, "except_for": Role.object}
    assert id_fields(Template) == {"player", "except_for"}
    assert player_fields(Template) == ("player",)
    ability = Template(player="p2", except_for="bear")
    assert ability.referenced_ids() == [("player", "p2"), ("except_for", "bear")]


def test_the_template_hook_forbids_blocking_per_509_1b():
    """509.1b: the template's restriction reads the attacker's controller."""

    class _Creature:
        def __init__(self, id: str, controller: str) -> None:
            self.id, self.controller = id, controller

    class _Unit:
        def label(self, permanent: object) -> str:
            return getattr(permanent, "id", "")

    ability = Template(player="you", except_for="bear")
    inst = Instance(ability, _Creature("wall", "p1"), "Test Sentry", "p1")  # type: ignore[arg-type]
    assert has_hook(ability, "forbids_blocking")
    reason = ability.forbids_blocking(_Unit(), inst, _Creature("ogre", "p1"))  # type: ignore[arg-type]
    assert reason is not None and reason.rule == "509.1b"
    assert ability.forbids_blocking(_Unit(), inst, _Creature("bear", "p1")) is None  # type: ignore[arg-type]
    assert ability.forbids_blocking(_Unit(), inst, _Creature("ogre", "p2")) is None  # type: ignore[arg-type]


def test_every_kind_keyword_is_a_phase_keyword():
    assert {kind for kind in keyword_kinds().values()} <= set(phase_keywords().values())
    assert phase_keywords()["Flying"] == "flying"


def _template_declarations() -> set[str]:
    tree = ast.parse((ROOT / "combat_solver" / "rules" / "TEMPLATE.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    names = {t.id for n in cls.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    names |= {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and n.target.id == "kind"}
    names |= {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    roles = {n.id for n in ast.walk(cls) if isinstance(n, ast.Name) and n.id in ("ObjectId", "PlayerId")}
    return names | roles | {"Phrase", "Slot"}


def test_the_checklist_names_every_declaration_of_the_template():
    page = (ROOT / "docs" / "adding-an-ability-kind.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([^`]+)`", page))
    assert _template_declarations() - named == set()
    assert {"KIND_HOMES", "rules/registry.py", "docs/board-format.md", "combat_solver/rules/TEMPLATE.py"} <= named
    assert {"keyword", "predicate", "trigger", "sentence"} <= named
    assert "test_every_kind_has_a_test" in named and "tests/strategies*.py" in named


def test_the_checklist_names_the_registry_module_of_every_family():
    page = (ROOT / "docs" / "adding-an-ability-kind.md").read_text(encoding="utf-8")
    assert {f"`{m}`" for m in KIND_HOMES.values()} <= set(re.findall(r"`[a-z_]+`", page))
