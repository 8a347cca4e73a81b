"""The declare blockers step (509.1): check a block, solve for an optimal one, enumerate them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from . import engine
from .board import Board
from .declarations import BlockDeclaration
from .engine import DEFAULT_TIME_LIMIT, Undetermined
from .errors import ErrorItem, InputError
from .game import Game
from .ir import Atom, Pair
from .outcome import after_block
from .verdict import Verdict, Violation

Preference = Mapping[tuple[str, str], int]
"""Weights on (blocker id, attacker id) pairs: a secondary objective among optimal blocks."""

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "Preference",
    "Undetermined",
    "check_blocks",
    "count_legal_blocks",
    "legal_blocks",
    "solve_blocks",
]


def check_blocks(board: Board, declaration: BlockDeclaration, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
    """Is ``declaration`` a legal block on ``board``? (509.1a-c, 802.4, 805.10d)"""
    game = _game(board)
    _check_ids(board, declaration)
    units = game.block_units
    pairs = declaration.pairs
    if declaration.player is not None:
        unit = game.unit_of(declaration.player)
        if unit is None:
            known = declaration.player in {p.id for p in board.players}
            message = "isn't a defending player (802.4)" if known else "no such player"
            raise InputError.one(
                ("player",), "not_defending" if known else "unknown_id", f"{declaration.player!r} {message}"
            )
        units = (unit,)
        pairs = frozenset(p for p in pairs if board.permanent(p.blocker).controller in unit.players)
    chosen: frozenset[Atom] = frozenset(pairs)
    result = engine.assess(
        units,
        chosen,
        _pair_violations(game, pairs),
        requirement_rule="509.1c",
        time_limit=time_limit,
    )
    combat, triggers = after_block(game, declaration) if result.status == "legal" else (None, ())
    return Verdict(
        status=result.status,
        step="declare_blockers",
        declaration=declaration,
        violations=result.violations,
        requirements_obeyed=result.obeyed,
        requirements_maximum=result.maximum,
        units=result.units,
        witness=None if result.witness is None else _declaration(result.witness),
        costs=result.costs,
        combat=combat,
        triggers=triggers,
        declared_by=tuple(game.declarer(u.players, "chooses_blockers", " and ".join(sorted(u.players))) for u in units),
    )


def solve_blocks(board: Board, *, prefer: Preference | None = None, time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
    """An optimal legal block: maximum requirements for every defending player or team; among
    those, the highest total ``prefer`` weight (within the time limit). Deterministic. The
    verdict's ``declaration`` is the block; status "undetermined" if the solver timed out."""
    game = _game(board)
    weights = engine.preference_atoms(prefer, {p.id for p in board.permanents}, Pair)
    chosen = engine.solve(game.block_units, weights, time_limit)
    if chosen is None:
        return Verdict(status="undetermined", step="declare_blockers", declaration=BlockDeclaration())
    return check_blocks(board, _declaration(chosen), time_limit=time_limit)


def legal_blocks(board: Board, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Iterator[BlockDeclaration]:
    """Every legal block, lazily, each exactly once (raises ``Undetermined`` on a time-out)."""
    for chosen in engine.enumerate_legal(_game(board).block_units, time_limit):
        yield _declaration(chosen)


def count_legal_blocks(board: Board, *, limit: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT) -> int:
    """How many legal blocks there are (stops counting at ``limit``)."""
    return engine.count(legal_blocks(board, time_limit=time_limit), limit)


def _declaration(atoms: frozenset[Atom]) -> BlockDeclaration:
    return BlockDeclaration.from_pairs(a for a in atoms if isinstance(a, Pair))


def _game(board: Board) -> Game:
    if board.combat is None or not board.combat.attackers:
        raise InputError.one(
            ("combat", "attackers"), "missing", "blocks need the declared attack: give combat.attackers"
        )
    return Game(board)


def _check_ids(board: Board, declaration: BlockDeclaration) -> None:
    known = {p.id for p in board.permanents}
    items = [
        ErrorItem(("blocks", b), "unknown_id", f"no permanent {b!r}") for b in declaration.blocks if b not in known
    ]
    items += [
        ErrorItem(("blocks", b), "unknown_id", f"no permanent {a!r}")
        for b, attackers in declaration.blocks.items()
        for a in attackers
        if a not in known
    ]
    if items:
        raise InputError(items)


def _pair_violations(game: Game, chosen: frozenset[Pair]) -> list[Violation]:
    """509.1a (who can block what, 802.4a) and every restriction that rules out a pair alone."""
    out: list[Violation] = []
    attacks = game.board.combat.attackers if game.board.combat else {}
    for blocker_id in sorted({p.blocker for p in chosen}):
        blocker = game.permanent(blocker_id)
        unit = game.unit_of(blocker.controller)
        if not blocker.is_creature:
            out.append(
                Violation(
                    rule="509.1a",
                    kind="not_a_creature",
                    objects=(blocker.id,),
                    message=f"{game.label(blocker)} is not a creature and can't block (506.3, 509.1a)",
                )
            )
            continue
        if unit is None:
            out.append(
                Violation(
                    rule="509.1a",
                    kind="not_defending",
                    objects=(blocker.id,),
                    message=f"{game.label(blocker)} is controlled by {blocker.controller}, who is not a defending player (509.1a)",
                )
            )
            continue
        for pair in sorted(p for p in chosen if p.blocker == blocker_id):
            attacker = game.permanent(pair.attacker)
            objects = (blocker.id, attacker.id)
            if attacker.id not in attacks:
                out.append(
                    Violation(
                        rule="509.1a",
                        kind="not_attacking",
                        objects=objects,
                        message=f"{game.label(blocker)} can't block {game.label(attacker)}: it isn't attacking (509.1a)",
                    )
                )
            elif not unit.contains(pair):
                out.append(
                    Violation(
                        rule="802.4a",
                        kind="other_defender",
                        objects=objects,
                        message=f"{game.label(blocker)} can't block {game.label(attacker)}: it isn't attacking {unit.name}, "
                        "their planeswalkers or battles they protect (802.4a)",
                    )
                )
            else:
                out += [
                    Violation(
                        rule=r.rule,
                        kind=r.kind,
                        objects=objects,
                        message=f"{game.label(blocker)} can't block {game.label(attacker)}: {r.message} ({r.rule})",
                    )
                    for r in unit.atom_reasons(pair)
                ]
    return out
