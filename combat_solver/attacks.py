"""The declare attackers step (508.1): check an attack, solve for an optimal one, enumerate them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from . import engine
from .board import Board
from .declarations import AttackDeclaration
from .engine import DEFAULT_TIME_LIMIT
from .errors import ErrorItem, InputError
from .game import AttackUnit, Game
from .ir import Atom, Attack
from .outcome import after_attack
from .rules.optional import BandsWithOther
from .verdict import Verdict, Violation

Preference = Mapping[tuple[str, str], int]
"""Weights on (attacker id, target id) pairs: a secondary objective among optimal attacks."""


def check_attacks(board: Board, declaration: AttackDeclaration, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
    """Is ``declaration`` a legal attack on ``board``? (508.1a-d, 508.1f, 802.3, 805.10b)"""
    unit = _unit(board)
    _check_ids(board, declaration)
    enlisted = frozenset(declaration.enlist.values())
    result = engine.assess(
        [unit],
        frozenset(declaration.atoms),
        _structural(unit, declaration) + _optional_costs(unit, declaration) + _bands(unit, declaration),
        requirement_rule="508.1d",
        time_limit=time_limit,
        also_tapped=enlisted,
    )
    tapped = tuple(sorted({a for a in declaration.attacks if not unit.game.has_keyword(a, "vigilance")} | enlisted))
    combat, triggers = after_attack(unit.game, declaration) if result.status == "legal" else (None, ())
    return Verdict(
        status=result.status,
        step="declare_attackers",
        declaration=declaration,
        violations=result.violations,
        requirements_obeyed=result.obeyed,
        requirements_maximum=result.maximum,
        units=result.units,
        witness=None if result.witness is None else _declaration(result.witness),
        tapped=tapped if result.status == "legal" else (),
        costs=result.costs,
        combat=combat,
        triggers=triggers,
        warnings=board.card_warnings,
    )


def solve_attacks(board: Board, *, prefer: Preference | None = None, time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
    """An optimal legal attack (maximum requirements; among those the highest ``prefer`` weight,
    within the time limit). Deterministic. Status "undetermined" if the solver timed out."""
    unit = _unit(board)
    weights = engine.preference_atoms(prefer, {p.id for p in board.permanents} | {p.id for p in board.players}, Attack)
    chosen = engine.solve([unit], weights, time_limit)
    if chosen is None:
        return Verdict(
            status="undetermined",
            step="declare_attackers",
            declaration=AttackDeclaration(),
            warnings=board.card_warnings,
        )
    return check_attacks(board, _declaration(chosen), time_limit=time_limit)


def legal_attacks(board: Board, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Iterator[AttackDeclaration]:
    """Every legal attack, lazily, each exactly once (raises ``Undetermined`` on a time-out)."""
    for chosen in engine.enumerate_legal([_unit(board)], time_limit):
        yield _declaration(chosen)


def count_legal_attacks(board: Board, *, limit: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT) -> int:
    """How many legal attacks there are (stops counting at ``limit``)."""
    return engine.count(legal_attacks(board, time_limit=time_limit), limit)


def _declaration(atoms: frozenset[Atom]) -> AttackDeclaration:
    return AttackDeclaration.from_atoms(a for a in atoms if isinstance(a, Attack))


def _unit(board: Board) -> AttackUnit:
    if board.combat is not None:
        raise InputError.one(
            ("combat",),
            "not_applicable",
            "this board is at the declare blockers step (it has combat); remove combat to check attacks",
        )
    return Game(board).attack_unit


def _check_ids(board: Board, declaration: AttackDeclaration) -> None:
    permanents = {p.id for p in board.permanents}
    known = permanents | {p.id for p in board.players}
    items = [
        ErrorItem(("attacks", a), "unknown_id", f"no permanent {a!r}")
        for a in declaration.attacks
        if a not in permanents
    ]
    items += [
        ErrorItem(("attacks", a), "unknown_id", f"no player or permanent {t!r}")
        for a, t in declaration.attacks.items()
        if t not in known
    ]
    items += [
        ErrorItem(("exert",), "unknown_id", f"no permanent {a!r}") for a in declaration.exert if a not in permanents
    ]
    items += [
        ErrorItem(("enlist", a), "unknown_id", f"no permanent {x!r}")
        for a, c in declaration.enlist.items()
        for x in (a, c)
        if x not in permanents
    ]
    items += [
        ErrorItem(("bands", i), "unknown_id", f"no permanent {m!r}")
        for i, band in enumerate(declaration.bands)
        for m in band
        if m not in permanents
    ]
    if items:
        raise InputError(items)


def _optional_costs(unit: AttackUnit, declaration: AttackDeclaration) -> list[Violation]:
    """508.1g: exert (701.43d) and enlist (702.154a) are chosen after requirements are checked."""
    game = unit.game
    out: list[Violation] = []

    def bad(rule: str, kind: str, objects: tuple[str, ...], message: str) -> None:
        out.append(Violation(rule=rule, kind=kind, objects=objects, message=message))

    for a in declaration.exert:
        if a not in declaration.attacks or not game.has_keyword(a, "exert"):
            bad(
                "508.1g",
                "cant_exert",
                (a,),
                f"{game.label(game.permanent(a))} can't be exerted: only an attacking creature "
                "with an exert ability can be (701.43d)",
            )
    used: dict[str, str] = {}
    for a, c in declaration.enlist.items():
        attacker, enlisted = game.permanent(a), game.permanent(c)
        reason = None
        if a not in declaration.attacks or not game.has_keyword(a, "enlist"):
            reason = f"{game.label(attacker)} isn't an attacking creature with enlist"
        elif a == c:
            reason = "a creature can't enlist itself (702.154c)"
        elif not enlisted.is_creature or enlisted.controller != attacker.controller:
            reason = f"{game.label(enlisted)} isn't a creature {attacker.controller} controls"
        elif c in declaration.attacks:
            reason = f"{game.label(enlisted)} was chosen to attack"
        elif enlisted.tapped:
            reason = f"{game.label(enlisted)} is tapped"
        elif enlisted.summoning_sick and not game.has_keyword(c, "haste"):
            reason = f"{game.label(enlisted)} has neither haste nor been controlled since the turn began"
        elif c in used:
            reason = f"{game.label(enlisted)} is already enlisted by {game.label(game.permanent(used[c]))}"
        used.setdefault(c, a)
        if reason:
            bad(
                "702.154a",
                "cant_enlist",
                (a, c),
                f"{game.label(attacker)} can't enlist {game.label(enlisted)}: {reason} (702.154a)",
            )
    return out


def _bands(unit: AttackUnit, declaration: AttackDeclaration) -> list[Violation]:
    """508.1e, 702.22c-d, 802.3b: who may band together, and a band attacks one target."""
    game = unit.game
    out: list[Violation] = []
    seen: set[str] = set()
    for band in declaration.bands:
        names = ", ".join(game.label(game.permanent(m)) for m in band)
        if len(band) < 2 or any(m not in declaration.attacks for m in band) or seen & set(band):
            out.append(
                Violation(
                    rule="702.22c",
                    kind="invalid_band",
                    objects=band,
                    message=f"the band {names} must be two or more attacking creatures, each in one band only (702.22c)",
                )
            )
        seen |= set(band)
        if not _may_band(game, band):
            out.append(
                Violation(
                    rule="702.22c",
                    kind="invalid_band",
                    objects=band,
                    message=f"{names} can't form a band: it needs creatures with banding and at most one without, "
                    'or creatures sharing the quality of a "bands with other" member (702.22c)',
                )
            )
        if len({declaration.attacks.get(m) for m in band}) > 1:
            out.append(
                Violation(
                    rule="702.22d",
                    kind="band_split",
                    objects=band,
                    message=f"the band {names} attacks different players, planeswalkers or battles (702.22d, 802.3b)",
                )
            )
    return out


def _may_band(game: Game, band: tuple[str, ...]) -> bool:
    members = [game.permanent(m) for m in band]
    with_banding = [m for m in members if game.has_keyword(m.id, "banding")]
    if with_banding and len(members) - len(with_banding) <= 1:
        return True
    for m in members:
        for inst in game.instances[m.id]:
            ability = inst.ability
            if isinstance(ability, BandsWithOther) and all(
                game.matches(ability.quality, x, inst.controller) for x in members
            ):
                return True
    return False


def _structural(unit: AttackUnit, declaration: AttackDeclaration) -> list[Violation]:
    """508.1a (who can attack), 508.1b (what can be attacked) and every restriction that rules
    out one attacker/target pair on its own."""
    game = unit.game
    out: list[Violation] = []
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
