"""Blocks, the declare blockers step (509.1): check one, solve for an optimal one, list and count them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..board.model import Board
from ..io.coerce import BoardData, DeclarationData
from ..model.deadline import DEFAULT_TIME_LIMIT, Deadline, Undetermined
from ..model.declarations import BlockDeclaration, FixedPairs
from ..model.errors import ErrorItem, InputError
from ..model.ir import Atom, Pair
from ..model.records import STEP_RULES, CombatState, DeclarerReport, TriggerReport, Verdict, Violation
from ..resolve.consequences import after_block
from ..resolve.game import Game
from ..resolve.units import block_units, unit_of
from ..solve.engine import Impossible, Unit
from .core import Case, Preference, Step, restriction_violations

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "Impossible",
    "Preference",
    "Undetermined",
    "check_blocks",
    "count_legal_blocks",
    "legal_blocks",
    "solve_blocks",
]


def check_blocks(
    board: Board | BoardData,
    declaration: BlockDeclaration | DeclarationData,
    *,
    time_limit: float | Deadline = DEFAULT_TIME_LIMIT,
    explain: bool = True,
) -> Verdict:
    """Is ``declaration`` a legal block on ``board``? (509.1a-c, 802.4, 805.10d) ``board`` and
    ``declaration`` may be models or plain mappings (validated; ``InputError`` if bad);
    ``time_limit``: seconds for the whole call. ``explain`` False gives the bare verdict at the
    least cost: the requirement maximum and the witness are left out (``requirements_maximum``
    is None unless the check pinned it down)."""
    return BLOCKS.check(board, declaration, time_limit=time_limit, explain=explain)


def solve_blocks(
    board: Board | BoardData,
    *,
    prefer: Preference | None = None,
    fix: FixedPairs | Mapping[str, Any] | None = None,
    time_limit: float | Deadline = DEFAULT_TIME_LIMIT,
) -> Verdict:
    """An optimal legal block: maximum requirements for every defending player or team; among
    those, the highest total ``prefer`` weight (within the time limit). Deterministic. The
    verdict's ``declaration`` is the block; status "undetermined" if the solver timed out.
    ``fix``: pairs the block must contain or leave out (a ``FixedPairs`` or its mapping); raises ``Impossible`` if no legal block
    respects them (``why.explain_fix`` says why)."""
    return BLOCKS.solve(board, prefer=prefer, fix=fix, time_limit=time_limit)


def legal_blocks(
    board: Board | BoardData, *, time_limit: float | Deadline = DEFAULT_TIME_LIMIT
) -> Iterator[BlockDeclaration]:
    """Every legal block, lazily, each exactly once (raises ``Undetermined`` when the time
    limit, counted from this call, runs out before the enumeration ends)."""
    return BLOCKS.legal(board, time_limit=time_limit)


def count_legal_blocks(
    board: Board | BoardData, *, limit: int | None = None, time_limit: float | Deadline = DEFAULT_TIME_LIMIT
) -> int:
    """How many legal blocks there are (stops counting at ``limit``)."""
    return BLOCKS.count(board, limit=limit, time_limit=time_limit)


class _Blocks(Step[BlockDeclaration]):
    """509.1: each defending player (or team, 805.10d) declares its own part of the block (802.4)."""

    name = "declare_blockers"
    model = BlockDeclaration
    requirement_rule = STEP_RULES["declare_blockers"].requirements

    def game(self, board: Board) -> Game:
        if board.combat is None or not board.combat.attackers:
            raise InputError.one(
                ("board", "combat", "attackers"), "missing", "blocks need the declared attack: give combat.attackers"
            )
        return Game.of(board)

    def units(self, game: Game) -> tuple[Unit, ...]:
        return block_units(game)

    def known(self, board: Board) -> set[str]:
        return {p.id for p in board.permanents}

    def atom(self, first: str, second: str) -> Atom:
        return Pair(first, second)

    def read(self, atoms: frozenset[Atom]) -> BlockDeclaration:
        return BlockDeclaration.from_pairs(a for a in atoms if isinstance(a, Pair))

    def case(self, game: Game, declaration: BlockDeclaration) -> Case:
        """A declaration naming ``player`` is that player's part alone: the others' blockers are left out."""
        board = game.board
        _check_ids(game, declaration)
        units: tuple[Unit, ...] = block_units(game)
        pairs = declaration.pairs
        if declaration.player is not None:
            unit = unit_of(game, declaration.player)
            if unit is None:
                known = declaration.player in {p.id for p in board.players}
                message = "isn't a defending player (802.4)" if known else "no such player"
                raise InputError.one(
                    ("declaration", "player"),
                    "not_defending" if known else "unknown_id",
                    f"{declaration.player!r} {message}",
                )
            units = (unit,)
            pairs = frozenset(p for p in pairs if board.permanent(p.blocker).controller in unit.players)
        return Case(units=units, chosen=frozenset(pairs), violations=_pair_violations(game, pairs))

    def outcome(self, game: Game, declaration: BlockDeclaration) -> tuple[CombatState, tuple[TriggerReport, ...]]:
        return after_block(game, declaration)

    def declarer(self, game: Game, unit: Unit) -> DeclarerReport:
        return game.declarer(unit.players, "chooses_blockers", " and ".join(sorted(unit.players)))


BLOCKS = _Blocks()
"""The declare blockers step."""


def _check_ids(game: Game, declaration: BlockDeclaration) -> None:
    known = game.has_permanent
    if all(known(b) and all(map(known, attackers)) for b, attackers in declaration.blocks.items()):
        return
    items = [
        ErrorItem(("declaration", "blocks", b), "unknown_id", f"no permanent {b!r}")
        for b in declaration.blocks
        if not known(b)
    ]
    items += [
        ErrorItem(("declaration", "blocks", b), "unknown_id", f"no permanent {a!r}")
        for b, attackers in declaration.blocks.items()
        for a in attackers
        if not known(a)
    ]
    if items:
        raise InputError(items)


def _pair_violations(game: Game, chosen: frozenset[Pair]) -> list[Violation]:
    """509.1a (who can block what, 802.4a) and every restriction that rules out a pair alone."""
    out: list[Violation] = []
    if all(any(unit.allows(p) for unit in block_units(game)) for p in chosen):
        return out
    attacks = game.board.combat.attackers if game.board.combat else {}
    for blocker_id in sorted({p.blocker for p in chosen}):
        blocker = game.permanent(blocker_id)
        unit = unit_of(game, blocker.controller)
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
                out += restriction_violations(
                    unit.atom_reasons(pair), objects, f"{game.label(blocker)} can't block {game.label(attacker)}"
                )
    return out
