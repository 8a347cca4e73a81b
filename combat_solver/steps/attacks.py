"""Attacks, the declare attackers step (508.1): check one, solve for an optimal one, list and count them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..board.model import Board
from ..io.coerce import BoardData, DeclarationData
from ..model.deadline import DEFAULT_TIME_LIMIT, Deadline
from ..model.declarations import AttackDeclaration, FixedPairs
from ..model.errors import ErrorItem, InputError
from ..model.ir import Atom, Attack
from ..model.records import STEP_RULES, CombatState, DeclarerReport, TriggerReport, Verdict, Violation
from ..resolve.consequences import after_attack
from ..resolve.game import Game
from ..resolve.units import AttackUnit, attack_unit
from ..rules.registry import DECLARATION_KINDS, ability_class
from ..solve.engine import Unit
from .core import Case, Preference, Step, restriction_violations


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
    return ATTACKS.check(board, declaration, time_limit=time_limit, explain=explain)


def solve_attacks(
    board: Board | BoardData,
    *,
    prefer: Preference | None = None,
    fix: FixedPairs | Mapping[str, Any] | None = None,
    time_limit: float | Deadline = DEFAULT_TIME_LIMIT,
) -> Verdict:
    """An optimal legal attack (maximum requirements; among those the highest ``prefer`` weight,
    within the time limit). Deterministic. Status "undetermined" if the solver timed out.
    ``fix``: pairs the attack must contain or leave out (a ``FixedPairs`` or its mapping); raises ``Impossible`` if no legal attack
    respects them (``why.explain_fix`` says why)."""
    return ATTACKS.solve(board, prefer=prefer, fix=fix, time_limit=time_limit)


def legal_attacks(
    board: Board | BoardData, *, time_limit: float | Deadline = DEFAULT_TIME_LIMIT
) -> Iterator[AttackDeclaration]:
    """Every legal attack, lazily, each exactly once (raises ``Undetermined`` when the time
    limit, counted from this call, runs out before the enumeration ends)."""
    return ATTACKS.legal(board, time_limit=time_limit)


def count_legal_attacks(
    board: Board | BoardData, *, limit: int | None = None, time_limit: float | Deadline = DEFAULT_TIME_LIMIT
) -> int:
    """How many legal attacks there are (stops counting at ``limit``)."""
    return ATTACKS.count(board, limit=limit, time_limit=time_limit)


class _Attacks(Step[AttackDeclaration]):
    """508.1: the active player (or their team, 805.10b) declares one attack."""

    name = "declare_attackers"
    model = AttackDeclaration
    requirement_rule = STEP_RULES["declare_attackers"].requirements

    def game(self, board: Board) -> Game:
        if board.combat is not None:
            raise InputError.one(
                ("board", "combat"),
                "not_applicable",
                "this board is at the declare blockers step (it has combat); remove combat to check attacks",
            )
        return Game.of(board)

    def units(self, game: Game) -> tuple[Unit, ...]:
        return (attack_unit(game),)

    def known(self, board: Board) -> set[str]:
        return {p.id for p in board.permanents} | {p.id for p in board.players}

    def atom(self, first: str, second: str) -> Atom:
        return Attack(first, second)

    def read(self, atoms: frozenset[Atom]) -> AttackDeclaration:
        return AttackDeclaration.from_atoms(a for a in atoms if isinstance(a, Attack))

    def case(self, game: Game, declaration: AttackDeclaration) -> Case:
        _check_ids(game, declaration)
        unit = attack_unit(game)
        return Case(
            units=(unit,),
            chosen=frozenset(declaration.atoms),
            violations=_structural(unit, declaration) + _choice_violations(unit, declaration),
            also_tapped=frozenset(declaration.enlist.values()),
        )

    def outcome(self, game: Game, declaration: AttackDeclaration) -> tuple[CombatState, tuple[TriggerReport, ...]]:
        return after_attack(game, declaration)

    def declarer(self, game: Game, unit: Unit) -> DeclarerReport:
        return game.declarer(unit.players, "chooses_attackers", game.board.active_player)

    def tapped(self, game: Game, declaration: AttackDeclaration, case: Case) -> tuple[str, ...]:
        """508.1f: attackers without vigilance, and the creatures they enlist (702.154a)."""
        attackers = {a for a in declaration.attacks if game.taps_when_attacking(game.permanent(a))}
        return tuple(sorted(attackers | case.also_tapped))


ATTACKS = _Attacks()
"""The declare attackers step."""


def _check_ids(game: Game, declaration: AttackDeclaration) -> None:
    permanent = game.has_permanent
    if not (declaration.exert or declaration.enlist or declaration.bands) and all(
        permanent(a) and (permanent(t) or game.is_player(t)) for a, t in declaration.attacks.items()
    ):
        return
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
    if not (declaration.exert or declaration.enlist or declaration.bands):
        return []
    return [v for kind in DECLARATION_KINDS for v in ability_class(kind).declaration_violations(unit, declaration)]


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
            out += restriction_violations(
                unit.atom_reasons(Attack(attacker_id, target)), objects, f"{game.label(attacker)} can't attack {what}"
            )
    return out
