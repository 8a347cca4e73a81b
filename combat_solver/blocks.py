"""The declare blockers step (509.1): check a block, solve for an optimal one, enumerate them.

Two tiers (DESIGN §3): restrictions and obeyed requirements are evaluated in pure Python; the
solver runs only to learn the maximum number of obeyable requirements, and only when the
declaration doesn't already obey every requirement that exists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from . import cpsat
from .board import Board
from .declarations import BlockDeclaration
from .errors import ErrorItem, InputError
from .ir import Atom, Blocking, Pair, Problem, evaluate
from .state import BlockUnit, Game
from .verdict import RequirementReport, UnitReport, Verdict, Violation

DEFAULT_TIME_LIMIT = 10.0

Preference = Mapping[tuple[str, str], int]
"""Weights on (blocker id, attacker id) pairs: a secondary objective among optimal blocks."""


class Undetermined(RuntimeError):
    """The solver ran out of time before it could prove an answer."""


def check_blocks(board: Board, declaration: BlockDeclaration, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
    """Is ``declaration`` a legal block on ``board``? (509.1a-c, 802.4, 805.10d)"""
    game = _game(board)
    _check_ids(board, declaration)
    chosen = declaration.pairs
    violations = _pair_violations(game, chosen)
    units: list[UnitReport] = []
    witness_pairs: set[Pair] = set()
    short = undetermined = False
    for unit in game.block_units:
        value_of = _valuation(unit, chosen)
        broken = [
            Violation(rule=r.rule, kind=r.kind, objects=r.objects, message=r.message)
            for r in unit.restrictions
            if not evaluate(r.cond, value_of)
        ]
        violations += broken
        obeyed = [evaluate(r.cond, value_of) for r in unit.requirements]
        maximum: int | None = len(obeyed)
        mine = {p for p in chosen if unit.contains(p)}
        witness_pairs |= mine
        restricted = bool(broken) or any(
            unit.reasons(game.permanent(p.blocker), game.permanent(p.attacker)) for p in mine
        )
        if obeyed and (restricted or not all(obeyed)):
            preference: dict[Atom, int] = {p: (1 if p in mine else -1) for p in unit.allowed_pairs}
            outcome = cpsat.maximize(_problem(unit), time_limit=time_limit, preference=preference)
            maximum = outcome.requirements
            if maximum is None:
                undetermined = True
            elif sum(obeyed) < maximum:
                short = True
                assert outcome.chosen is not None
                witness_pairs = (witness_pairs - mine) | {a for a in outcome.chosen if isinstance(a, Pair)}
                violations.append(
                    Violation(
                        rule="509.1c",
                        kind="too_few_requirements",
                        objects=tuple(sorted(unit.players)),
                        message=f"the block of {unit.name} obeys {sum(obeyed)} of a possible {maximum} requirements (509.1c)",
                    )
                )
        units.append(
            UnitReport(
                defenders=tuple(sorted(unit.players)),
                requirements_obeyed=sum(obeyed),
                requirements_maximum=maximum,
                requirements=tuple(
                    RequirementReport(
                        rule=r.rule,
                        kind=r.kind,
                        objects=r.objects,
                        description=r.description,
                        source=r.source,
                        obeyed=ok,
                    )
                    for r, ok in zip(unit.requirements, obeyed, strict=True)
                ),
            )
        )
    only_requirements = short and all(v.kind == "too_few_requirements" for v in violations)
    status = "illegal" if violations else ("undetermined" if undetermined else "legal")
    maxima = [u.requirements_maximum for u in units]
    return Verdict(
        status=status,
        declaration=declaration,
        violations=tuple(violations),
        requirements_obeyed=sum(u.requirements_obeyed for u in units),
        requirements_maximum=None if None in maxima else sum(m for m in maxima if m is not None),
        units=tuple(units),
        witness=BlockDeclaration.from_pairs(witness_pairs) if only_requirements else None,
    )


def solve_blocks(board: Board, *, prefer: Preference | None = None, time_limit: float = DEFAULT_TIME_LIMIT) -> Verdict:
    """An optimal legal block: maximum requirements for every defending player or team; among
    those, the highest total ``prefer`` weight. Deterministic. The verdict's ``declaration`` is
    the block; status "undetermined" if the solver timed out."""
    game = _game(board)
    known = {p.id for p in board.permanents}
    unknown = [
        ErrorItem(("prefer", f"{b}->{a}"), "unknown_id", f"no permanent {x!r}")
        for b, a in (prefer or {})
        for x in (b, a)
        if x not in known
    ]
    if unknown:
        raise InputError(unknown)
    pairs: set[Pair] = set()
    for unit in game.block_units:
        weights: dict[Atom, int] = {Pair(b, a): w for (b, a), w in (prefer or {}).items()}
        outcome = cpsat.maximize(_problem(unit), time_limit=time_limit, preference=weights or None)
        if outcome.chosen is None:
            return Verdict(status="undetermined", declaration=BlockDeclaration())
        pairs |= {a for a in outcome.chosen if isinstance(a, Pair)}
    return check_blocks(board, BlockDeclaration.from_pairs(pairs), time_limit=time_limit)


def legal_blocks(board: Board, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Iterator[BlockDeclaration]:
    """Every legal block, lazily, each exactly once (raises ``Undetermined`` on a time-out)."""
    game = _game(board)
    per_unit = [_unit_solutions(unit, time_limit) for unit in game.block_units]
    for parts in _product(per_unit):
        yield BlockDeclaration.from_pairs(p for part in parts for p in part)


def count_legal_blocks(board: Board, *, limit: int | None = None, time_limit: float = DEFAULT_TIME_LIMIT) -> int:
    """How many legal blocks there are (stops counting at ``limit``)."""
    n = 0
    for _ in legal_blocks(board, time_limit=time_limit):
        n += 1
        if limit is not None and n >= limit:
            break
    return n


# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _UnitSolutions:
    unit: BlockUnit
    time_limit: float

    def __call__(self) -> Iterator[frozenset[Pair]]:
        outcome = cpsat.maximize(_problem(self.unit), time_limit=self.time_limit)
        if outcome.requirements is None:
            raise Undetermined(f"the solver timed out on the block of {self.unit.name}")
        for chosen in cpsat.solutions(_problem(self.unit), minimum=outcome.requirements, time_limit=self.time_limit):
            if chosen is None:
                raise Undetermined(f"the solver timed out enumerating the blocks of {self.unit.name}")
            yield frozenset(a for a in chosen if isinstance(a, Pair))


def _unit_solutions(unit: BlockUnit, time_limit: float) -> Callable[[], Iterator[frozenset[Pair]]]:
    return _UnitSolutions(unit, time_limit)


def _product(factories: list[Callable[[], Iterator[frozenset[Pair]]]]) -> Iterator[tuple[frozenset[Pair], ...]]:
    """Lazy cartesian product that re-runs the inner enumerations instead of storing them."""
    if not factories:
        yield ()
        return
    first, rest = factories[0], factories[1:]
    for head in first():
        for tail in _product(rest):
            yield (head, *tail)


def _game(board: Board) -> Game:
    if board.combat is None or not board.combat.attackers:
        raise InputError.one(
            ("combat", "attackers"), "missing", "blocks need the declared attack: give combat.attackers"
        )
    return Game(board)


def _problem(unit: BlockUnit) -> Problem:
    return Problem(
        variables=unit.allowed_pairs,
        definitions=unit.definitions,
        hard=tuple(r.cond for r in unit.restrictions),
        requirements=tuple(r.cond for r in unit.requirements),
    )


def _valuation(unit: BlockUnit, chosen: frozenset[Pair]) -> Callable[[Atom], int]:
    def value_of(atom: Atom) -> int:
        if isinstance(atom, Blocking):
            return int(evaluate(unit.definitions[atom], value_of))
        return int(atom in chosen and unit.contains(atom))

    return value_of


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
            if attacker.id not in attacks:
                out.append(
                    Violation(
                        rule="509.1a",
                        kind="not_attacking",
                        objects=(blocker.id, attacker.id),
                        message=f"{game.label(blocker)} can't block {game.label(attacker)}: it isn't attacking (509.1a)",
                    )
                )
            elif not unit.contains(pair):
                out.append(
                    Violation(
                        rule="802.4a",
                        kind="other_defender",
                        objects=(blocker.id, attacker.id),
                        message=f"{game.label(blocker)} can't block {game.label(attacker)}: it isn't attacking {unit.name}, their planeswalkers or battles they protect (802.4a)",
                    )
                )
            else:
                out += [
                    Violation(
                        rule=r.rule,
                        kind=r.kind,
                        objects=(blocker.id, attacker.id),
                        message=f"{game.label(blocker)} can't block {game.label(attacker)}: {r.message} ({r.rule})",
                    )
                    for r in unit.reasons(blocker, attacker)
                ]
    return out
