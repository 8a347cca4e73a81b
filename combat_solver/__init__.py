"""combat-solver: exact legality of attack and block declarations (CR 508.1, 509.1).

>>> from combat_solver import load_scenario, check_blocks

Public names are imported on first use (PEP 562), so ``import combat_solver`` and the command
line load only the modules a task needs (the solver, explanation and rendering modules stay
unloaded for a bare verdict).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_getattr

if TYPE_CHECKING:
    from .board.model import Board, Combat, Effect, Permanent, Player
    from .io import render
    from .io.scenario import Expectation, Scenario, load_declaration, load_scenario, parse_declaration, parse_scenario
    from .model.base import MAX_INTEGER
    from .model.deadline import DEFAULT_TIME_LIMIT, Deadline, Undetermined
    from .model.declarations import AttackDeclaration, BlockDeclaration, Declaration, FixedPairs
    from .model.errors import ErrorItem, InputError
    from .model.filters import Comparison, Count, Filter, Target
    from .model.records import RequirementReport, UnitReport, Verdict, Violation, WhyAnswer
    from .rules.registry import ABILITY_KINDS, Ability, Grant
    from .solve.engine import Impossible
    from .steps import why
    from .steps.attacks import check_attacks, count_legal_attacks, legal_attacks, solve_attacks
    from .steps.blocks import check_blocks, count_legal_blocks, legal_blocks, solve_blocks
    from .steps.why import ask

_HOMES: dict[str, tuple[str, ...]] = {
    "rules.registry": ("ABILITY_KINDS", "Ability", "Grant"),
    "steps.attacks": ("check_attacks", "count_legal_attacks", "legal_attacks", "solve_attacks"),
    "steps.blocks": ("check_blocks", "count_legal_blocks", "legal_blocks", "solve_blocks"),
    "board.model": ("Board", "Combat", "Effect", "Permanent", "Player"),
    "model.deadline": ("DEFAULT_TIME_LIMIT", "Deadline", "Undetermined"),
    "model.declarations": ("AttackDeclaration", "BlockDeclaration", "Declaration", "FixedPairs"),
    "solve.engine": ("Impossible",),
    "model.errors": ("ErrorItem", "InputError"),
    "model.filters": ("Comparison", "Count", "Filter", "Target"),
    "io.scenario": (
        "Expectation",
        "Scenario",
        "load_declaration",
        "load_scenario",
        "parse_declaration",
        "parse_scenario",
    ),
    "model.base": ("MAX_INTEGER",),
    "model.records": ("RequirementReport", "UnitReport", "Verdict", "Violation", "WhyAnswer"),
    "steps.why": ("ask",),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}
_SUBMODULES = {"render": "io.render", "why": "steps.why"}

__all__ = [
    "ABILITY_KINDS",
    "DEFAULT_TIME_LIMIT",
    "MAX_INTEGER",
    "Ability",
    "AttackDeclaration",
    "BlockDeclaration",
    "Board",
    "Combat",
    "Comparison",
    "Count",
    "Deadline",
    "Declaration",
    "Effect",
    "ErrorItem",
    "Expectation",
    "Filter",
    "FixedPairs",
    "Grant",
    "Impossible",
    "InputError",
    "Permanent",
    "Player",
    "RequirementReport",
    "Scenario",
    "Target",
    "Undetermined",
    "UnitReport",
    "Verdict",
    "Violation",
    "WhyAnswer",
    "ask",
    "check_attacks",
    "check_blocks",
    "count_legal_attacks",
    "count_legal_blocks",
    "legal_attacks",
    "legal_blocks",
    "load_declaration",
    "load_scenario",
    "parse_declaration",
    "parse_scenario",
    "render",
    "solve_attacks",
    "solve_blocks",
    "why",
]


__getattr__ = lazy_getattr(__name__, _MODULE_OF, globals(), _SUBMODULES)


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
