"""What every declaration step shares (508.1, 509.1): check, solve, list and count, with the
step's own rules (who declares, what is checked alone, what follows) as hooks of one class."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..board.model import Board
from ..io.coerce import BoardData, DeclarationData, as_board, as_declaration, as_fix, as_preference
from ..model.deadline import Deadline, DeadlinePassed, Undetermined, watching
from ..model.declarations import AttackDeclaration, BlockDeclaration, FixedPairs
from ..model.ir import Atom
from ..model.records import CombatState, DeclarerReport, StepName, TriggerReport, Verdict, Violation
from ..resolve.game import Game
from ..rules.kind import Reason
from ..solve import engine
from ..solve.engine import Unit

D = TypeVar("D", AttackDeclaration, BlockDeclaration)

Preference = Mapping[tuple[str, str], int]
"""Weights on (id, id) pairs (attacker and target, or blocker and attacker): a secondary
objective among optimal declarations."""


@dataclass(frozen=True)
class Case:
    """A declaration as the engine judges it: the units that declare it, its atoms, what is
    wrong with it on its own, and what it taps besides its attackers."""

    units: Sequence[Unit]
    chosen: frozenset[Atom]
    violations: list[Violation]
    also_tapped: frozenset[str] = frozenset()


def restriction_violations(reasons: Iterable[Reason], objects: tuple[str, ...], cannot: str) -> list[Violation]:
    """A violation for each restriction that rules a pair out on its own (508.1c, 509.1b);
    ``cannot`` says what may not happen ("X can't block Y")."""
    return [engine.violation(r.rule, r.kind, objects, f"{cannot}: {r.message} ({r.rule})") for r in reasons]


class Step(ABC, Generic[D]):
    """One declaration step. Subclasses state the step's rules; the calls are the same."""

    name: StepName
    model: type[D]
    requirement_rule: str
    """The rule that counts requirements (508.1d, 509.1c)."""

    @abstractmethod
    def game(self, board: Board) -> Game:
        """The board resolved for rules, or ``InputError`` when the board is not at this step."""

    @abstractmethod
    def units(self, game: Game) -> tuple[Unit, ...]:
        """The parts of the step declared separately (802.4)."""

    @abstractmethod
    def known(self, board: Board) -> set[str]:
        """The ids a preference or a fixed pair may name."""

    @abstractmethod
    def atom(self, first: str, second: str) -> Atom:
        """The atom for an (id, id) pair of a preference or a fixed pair."""

    @abstractmethod
    def read(self, atoms: frozenset[Atom]) -> D:
        """The declaration that chooses ``atoms``."""

    @abstractmethod
    def case(self, game: Game, declaration: D) -> Case:
        """``declaration`` as the engine judges it (``InputError`` naming any unknown id)."""

    @abstractmethod
    def outcome(self, game: Game, declaration: D) -> tuple[CombatState, tuple[TriggerReport, ...]]:
        """The combat state after a legal ``declaration`` and what triggers on it."""

    @abstractmethod
    def declarer(self, game: Game, unit: Unit) -> DeclarerReport:
        """Who declares ``unit``'s part."""

    def tapped(self, game: Game, declaration: D, case: Case) -> tuple[str, ...]:
        """What a legal ``declaration`` taps."""
        return ()

    def check(
        self, board: Board | BoardData, declaration: D | DeclarationData, *, time_limit: float | Deadline, explain: bool
    ) -> Verdict:
        deadline = Deadline.of(time_limit)
        board = as_board(board)
        declaration = as_declaration(declaration, self.model)
        game = self.game(board)
        with watching(deadline):
            try:
                return self.judge(game, declaration, deadline=deadline, explain=explain)
            except DeadlinePassed:
                return self._undetermined(board, declaration)

    def _undetermined(self, board: Board, declaration: D) -> Verdict:
        """The deadline passed before the verdict was reached (a time-out is never a guess): nothing
        is counted, so no requirement count is given."""
        return Verdict(
            status="undetermined",
            step=self.name,
            declaration=declaration,
            requirements_obeyed=None,
            requirements_maximum=None,
            warnings=board.card_warnings,
        )

    def judge(
        self,
        game: Game,
        declaration: D,
        *,
        deadline: Deadline,
        explain: bool = True,
        maxima: Mapping[frozenset[str], int] | None = None,
    ) -> Verdict:
        case = self.case(game, declaration)
        result = engine.assess(
            case.units,
            case.chosen,
            case.violations,
            requirement_rule=self.requirement_rule,
            deadline=deadline,
            also_tapped=case.also_tapped,
            explain=explain,
            maxima=maxima,
        )
        legal = result.status == "legal"
        combat, triggers = self.outcome(game, declaration) if legal else (None, ())
        return Verdict(
            status=result.status,
            step=self.name,
            declaration=declaration,
            violations=result.violations,
            requirements_obeyed=result.obeyed,
            requirements_maximum=result.maximum,
            units=result.units,
            witness=None if result.witness is None else self.read(result.witness),
            witness_closest=result.witness_closest,
            tapped=self.tapped(game, declaration, case) if legal else (),
            costs=result.costs,
            combat=combat,
            triggers=triggers,
            warnings=game.warnings,
            declared_by=tuple([self.declarer(game, u) for u in case.units]),
        )

    def solve(
        self,
        board: Board | BoardData,
        *,
        prefer: Preference | None,
        fix: FixedPairs | Mapping[str, Any] | None,
        time_limit: float | Deadline,
    ) -> Verdict:
        deadline = Deadline.of(time_limit)
        board = as_board(board)
        game = self.game(board)
        known = self.known(board)
        weights = engine.preference_atoms(as_preference(prefer), known, self.atom)
        fixed = engine.fixed_conditions(as_fix(fix), known, self.atom)
        with watching(deadline):
            try:
                solution = engine.solve(self.units(game), weights, deadline, fixed)
                if solution is None:
                    return self._undetermined(board, self.model())
                return self.judge(game, self.read(solution.chosen), deadline=deadline, maxima=solution.maxima)
            except DeadlinePassed:
                return self._undetermined(board, self.model())

    def legal(self, board: Board | BoardData, *, time_limit: float | Deadline) -> Iterator[D]:
        deadline = Deadline.of(time_limit)
        return self._declarations(self.game(as_board(board)), deadline)

    def _declarations(self, game: Game, deadline: Deadline) -> Iterator[D]:
        """The legal declarations, each found under the watch of ``deadline`` (the watch is set
        and reset within each step of the iteration, so the caller's context is left as it was)."""
        found: Iterator[frozenset[Atom]] | None = None
        while True:
            with watching(deadline):
                try:
                    if found is None:
                        found = engine.enumerate_legal(self.units(game), deadline)
                    chosen = next(found, None)
                except DeadlinePassed:
                    raise Undetermined("the time limit ran out before the declarations were listed") from None
            if chosen is None:
                return
            yield self.read(chosen)

    def count(self, board: Board | BoardData, *, limit: int | None, time_limit: float | Deadline) -> int:
        deadline = Deadline.of(time_limit)
        units = self.units(self.game(as_board(board)))
        with watching(deadline):
            try:
                return engine.count_legal(units, deadline, limit)
            except DeadlinePassed:
                raise Undetermined("the time limit ran out before the declarations were counted") from None
