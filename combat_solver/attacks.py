"""The declare attackers step (508.1): check an attack, solve for an optimal one, enumerate them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from . import engine
from .board import Board
from .deadline import Deadline
from .declarations import AttackDeclaration, FixedPairs
from .engine import DEFAULT_TIME_LIMIT
from .errors import ErrorItem, InputError
from .game import AttackUnit, Game
from .ir import Atom, Attack
from .outcome import after_attack
from .rules.base import KINDS, AbilityBase
from .scenario import BoardData, DeclarationData, as_board, as_declaration, as_preference
from .verdict import Verdict, Violation

Preference = Mapping[tuple[str, str], int]
"""Weights on (attacker id, target id) pairs: a secondary objective among optimal attacks."""


def check_attacks(
    board: Board | BoardData,
    declaration: AttackDeclaration | DeclarationData,
    *,
    time_limit: float | Deadline = DEFAULT_TIME_LIMIT,
    explain: bool = True,
) -> Verdict:
    """Is ``declaration`` a legal attack on ``board``? (508.1a-d, 508.1f, 802.3, 805.10b) ``board``
    and ``declaration`` may be models or plain mappings (validated; ``InputError`` if bad);
    ``time_limit``: seconds for the whole call. ``explain`` False gives the bare verdict at the
    least cost: the requirement maximum and the witness are left out (``requirements_maximum``
    is None unless the check pinned it down)."""
    deadline = Deadline.of(time_limit)
    board = as_board(board)
    declaration = as_declaration(declaration, AttackDeclaration)
    return _check(_unit(board), declaration, deadline=deadline, explain=explain)


def _check(
    unit: AttackUnit,
    declaration: AttackDeclaration,
    *,
    deadline: Deadline,
    explain: bool = True,
    maxima: Mapping[frozenset[str], int] | None = None,
) -> Verdict:
    _check_ids(unit.game, declaration)
    enlisted = frozenset(declaration.enlist.values())
    result = engine.assess(
        [unit],
        frozenset(declaration.atoms),
        _structural(unit, declaration) + _choice_violations(unit, declaration),
        requirement_rule="508.1d",
        deadline=deadline,
        also_tapped=enlisted,
        explain=explain,
        maxima=maxima,
    )
    game = unit.game
    legal = result.status == "legal"
    tapped = (
        tuple(sorted({a for a in declaration.attacks if game.taps_when_attacking(game.permanent(a))} | enlisted))
        if legal
        else ()
    )
    combat, triggers = after_attack(unit.game, declaration) if legal else (None, ())
    return Verdict(
        status=result.status,
        step="declare_attackers",
        declaration=declaration,
        violations=result.violations,
        requirements_obeyed=result.obeyed,
        requirements_maximum=result.maximum,
        units=result.units,
        witness=None if result.witness is None else _declaration(result.witness),
        tapped=tapped,
        costs=result.costs,
        combat=combat,
        triggers=triggers,
        warnings=game.warnings,
        declared_by=(game.declarer(unit.players, "chooses_attackers", unit.game.board.active_player),),
    )


def solve_attacks(
    board: Board | BoardData,
    *,
    prefer: Preference | None = None,
    fix: FixedPairs | None = None,
    time_limit: float | Deadline = DEFAULT_TIME_LIMIT,
) -> Verdict:
    """An optimal legal attack (maximum requirements; among those the highest ``prefer`` weight,
    within the time limit). Deterministic. Status "undetermined" if the solver timed out.
    ``fix``: pairs the attack must contain or leave out; raises ``Impossible`` if no legal attack
    respects them (``why.explain_fix`` says why)."""
    deadline = Deadline.of(time_limit)
    board = as_board(board)
    unit = _unit(board)
    known = {p.id for p in board.permanents} | {p.id for p in board.players}
    weights = engine.preference_atoms(as_preference(prefer), known, Attack)
    solution = engine.solve([unit], weights, deadline, engine.fixed_conditions(fix, known, Attack))
    if solution is None:
        return Verdict(
            status="undetermined",
            step="declare_attackers",
            declaration=AttackDeclaration(),
            warnings=board.card_warnings,
        )
    return _check(unit, _declaration(solution.chosen), deadline=deadline, maxima=solution.maxima)


def legal_attacks(
    board: Board | BoardData, *, time_limit: float | Deadline = DEFAULT_TIME_LIMIT
) -> Iterator[AttackDeclaration]:
    """Every legal attack, lazily, each exactly once (raises ``Undetermined`` when the time
    limit, counted from this call, runs out before the enumeration ends)."""
    unit = _unit(as_board(board))
    return _declarations(unit, Deadline.of(time_limit))


def _declarations(unit: AttackUnit, deadline: Deadline) -> Iterator[AttackDeclaration]:
    for chosen in engine.enumerate_legal([unit], deadline):
        yield _declaration(chosen)


def count_legal_attacks(
    board: Board | BoardData, *, limit: int | None = None, time_limit: float | Deadline = DEFAULT_TIME_LIMIT
) -> int:
    """How many legal attacks there are (stops counting at ``limit``)."""
    return engine.count_legal([_unit(as_board(board))], Deadline.of(time_limit), limit)


def _declaration(atoms: frozenset[Atom]) -> AttackDeclaration:
    return AttackDeclaration.from_atoms(a for a in atoms if isinstance(a, Attack))


def _unit(board: Board) -> AttackUnit:
    if board.combat is not None:
        raise InputError.one(
            ("combat",),
            "not_applicable",
            "this board is at the declare blockers step (it has combat); remove combat to check attacks",
        )
    return Game.of(board).attack_unit


def _check_ids(game: Game, declaration: AttackDeclaration) -> None:
    permanent = game.has_permanent
    items = [
        ErrorItem(("declaration", "attacks", a), "unknown_id", f"no permanent {a!r}")
        for a in declaration.attacks
        if not permanent(a)
    ]
    items += [
        ErrorItem(("declaration", "attacks", a), "unknown_id", f"no player or permanent {t!r}")
        for a, t in declaration.attacks.items()
        if not permanent(t) and not game.is_player(t)
    ]
    items += [
        ErrorItem(("declaration", "exert"), "unknown_id", f"no permanent {a!r}")
        for a in declaration.exert
        if not permanent(a)
    ]
    items += [
        ErrorItem(("declaration", "enlist", a), "unknown_id", f"no permanent {x!r}")
        for a, c in declaration.enlist.items()
        for x in (a, c)
        if not permanent(x)
    ]
    items += [
        ErrorItem(("declaration", "bands", i), "unknown_id", f"no permanent {m!r}")
        for i, band in enumerate(declaration.bands)
        for m in band
        if not permanent(m)
    ]
    if items:
        raise InputError(items)


def _choice_violations(unit: AttackUnit, declaration: AttackDeclaration) -> list[Violation]:
    """508.1e, 508.1g: exert, enlist and bands, each checked by the kind that governs it."""
    return [v for kind in _governing(len(KINDS)) for v in kind.declaration_violations(unit, declaration)]


@cache
def _governing(known: int) -> tuple[type[AbilityBase], ...]:
    """The kinds that check choices announced with an attack (of the first ``known`` kinds)."""
    default = getattr(AbilityBase.declaration_violations, "__func__", None)
    return tuple(
        k for k in list(KINDS.values())[:known] if getattr(k.declaration_violations, "__func__", None) is not default
    )


def _structural(unit: AttackUnit, declaration: AttackDeclaration) -> list[Violation]:
    """508.1a (who can attack), 508.1b (what can be attacked) and every restriction that rules
    out one attacker/target pair on its own."""
    game = unit.game
    out: list[Violation] = []
    if all(unit.allows(Attack(a, t)) for a, t in declaration.attacks.items()):
        return out
    for attacker_id, target in declaration.attacks.items():
        attacker = game.permanent(attacker_id)
        what = (
            unit.target_label(target)
            if target in unit.targets or unit.is_player(target)
            else game.label(game.permanent(target))
        )
        objects = (attacker_id, target)
        if not attacker.is_creature:
            out.append(
                Violation(
                    rule="508.1a",
                    kind="not_a_creature",
                    objects=objects,
                    message=f"{game.label(attacker)} is not a creature and can't attack (506.3, 508.1a)",
                )
            )
        elif attacker.controller not in unit.players:
            out.append(
                Violation(
                    rule="508.1a",
                    kind="not_attacking_player",
                    objects=objects,
                    message=f"{game.label(attacker)} is controlled by {attacker.controller}, not by the attacking player (508.1a)",
                )
            )
        elif target not in unit.targets:
            rule = "310.9b" if not unit.is_player(target) and "battle" in game.permanent(target).types else "508.1b"
            out.append(
                Violation(
                    rule=rule,
                    kind="invalid_target",
                    objects=objects,
                    message=f"{game.label(attacker)} can't attack {what}: it isn't a defending player, "
                    f"a planeswalker they control or a battle they protect ({rule})",
                )
            )
        else:
            out += [
                Violation(
                    rule=r.rule,
                    kind=r.kind,
                    objects=objects,
                    message=f"{game.label(attacker)} can't attack {what}: {r.message} ({r.rule})",
                )
                for r in unit.atom_reasons(Attack(attacker_id, target))
            ]
    return out
