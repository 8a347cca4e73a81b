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
    from . import render, why
    from .abilities import ABILITY_KINDS, Ability, Grant
    from .attacks import check_attacks, count_legal_attacks, legal_attacks, solve_attacks
    from .blocks import check_blocks, count_legal_blocks, legal_blocks, solve_blocks
    from .board import Board, Combat, Effect, Permanent, Player
    from .deadline import Deadline
    from .declarations import AttackDeclaration, BlockDeclaration, Declaration, FixedPairs
    from .engine import DEFAULT_TIME_LIMIT, Impossible, Undetermined
    from .errors import ErrorItem, InputError
    from .filters import Comparison, Count, Filter, Target
    from .scenario import Expectation, Scenario, load_declaration, load_scenario, parse_declaration, parse_scenario
    from .strict import MAX_INTEGER
    from .verdict import RequirementReport, UnitReport, Verdict, Violation, WhyAnswer
    from .why import ask

_HOMES: dict[str, tuple[str, ...]] = {
    "abilities": ("ABILITY_KINDS", "Ability", "Grant"),
    "attacks": ("check_attacks", "count_legal_attacks", "legal_attacks", "solve_attacks"),
    "blocks": ("check_blocks", "count_legal_blocks", "legal_blocks", "solve_blocks"),
    "board": ("Board", "Combat", "Effect", "Permanent", "Player"),
    "deadline": ("Deadline",),
    "declarations": ("AttackDeclaration", "BlockDeclaration", "Declaration", "FixedPairs"),
    "engine": ("DEFAULT_TIME_LIMIT", "Impossible", "Undetermined"),
    "errors": ("ErrorItem", "InputError"),
    "filters": ("Comparison", "Count", "Filter", "Target"),
    "scenario": ("Expectation", "Scenario", "load_declaration", "load_scenario", "parse_declaration", "parse_scenario"),
    "strict": ("MAX_INTEGER",),
    "verdict": ("RequirementReport", "UnitReport", "Verdict", "Violation", "WhyAnswer"),
    "why": ("ask",),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}
_SUBMODULES = ("render", "why")

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
