"""The differential properties, shared by ``test_differential.py`` and ``campaign.py``.

``check_board`` (declare blockers step) and ``check_attack_board`` (declare attackers step) run every
property on one board and return the disagreements found (empty when the solver and the reference agree).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference import AttackReference, Reference, RemovedFromCombat, to_atoms, to_pairs
from strategies import Chooser, random_attack_declaration, random_declaration

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    Verdict,
    check_attacks,
    check_blocks,
    count_legal_attacks,
    count_legal_blocks,
    legal_attacks,
    legal_blocks,
    solve_attacks,
    solve_blocks,
)
from combat_solver.model.errors import InputError

# Above this many legal declarations, compare counts instead of whole sets. Lower for attacks: the
# solver's enumeration slows down with the number found (about 7 s for 400 on a 4-attacker board).
SET_LIMIT = 400
ATTACK_SET_LIMIT = 150


@dataclass
class Disagreement:
    prop: str
    detail: str
    declaration: object = None

    def __str__(self) -> str:
        declared = self.declaration if isinstance(self.declaration, BlockDeclaration | AttackDeclaration) else None
        decl = f" declaration={declared.model_dump_json()}" if declared is not None else ""
        return f"[{self.prop}] {self.detail}{decl}"


def solver_maxima(v: Verdict) -> dict[frozenset[str], int | None]:
    return {frozenset(u.players): u.requirements_maximum for u in v.units}


def _maxima_differ(solver: dict[frozenset[str], int | None], ref: dict[frozenset[str], int]) -> bool:
    # A defending unit the solver doesn't list has nothing to declare: its maximum is 0.
    return any(solver.get(k, 0) != ref.get(k, 0) for k in set(solver) | set(ref))


def _bare_disagrees(full: Verdict, bare: Verdict) -> list[Disagreement]:
    """The verdict-only check (``explain=False``) gives the same status; a maximum it reports is right."""
    if bare.status != full.status or bare.requirements_maximum not in (None, full.requirements_maximum):
        return [
            Disagreement(
                "verdict-only",
                f"explain=False: {bare.status}, max {bare.requirements_maximum}; "
                f"full: {full.status}, max {full.requirements_maximum}",
                full.declaration,
            )
        ]
    return []


def _fresh_disagrees(cached: Verdict, fresh: Verdict) -> list[Disagreement]:
    """A check on a fresh ``Board`` object (nothing derived from the board reused) gives the
    verdict the same check gives on the board already resolved."""
    if fresh != cached:
        return [
            Disagreement(
                "fresh-board",
                f"fresh board: {fresh.status} {[v.kind for v in fresh.violations]}; "
                f"resolved board: {cached.status} {[v.kind for v in cached.violations]}",
                cached.declaration,
            )
        ]
    return []


def check_board(board: Board, c: Chooser, proposals: int = 4) -> list[Disagreement]:
    try:
        ref = Reference(board)
    except RemovedFromCombat as removed:  # 506.4: the engine refuses the board, naming the attacker
        try:
            check_blocks(board, BlockDeclaration())
        except InputError as error:
            where = [(i.loc, i.code) for i in error.items]
            if where == [(("board", "combat", "attackers", str(removed)), "removed_from_combat")]:
                return []
            return [Disagreement("removed_from_combat", f"the engine refused it otherwise: {error}")]
        return [Disagreement("removed_from_combat", f"the reference removed {removed} from combat (506.4)")]
    out: list[Disagreement] = []
    ref_max = ref.maxima()

    # 1. The maximum number of requirements, per defending unit.
    empty = check_blocks(board, BlockDeclaration())
    if _maxima_differ(solver_maxima(empty), ref_max):
        out.append(Disagreement("maximum", f"solver={solver_maxima(empty)} reference={ref_max}"))
    if empty.legal != ref.is_legal(frozenset()):
        out.append(
            Disagreement("check", f"solver={empty.status} reference={ref.is_legal(frozenset())}", empty.declaration)
        )
    declarers = {d.players: d.declarer for d in empty.declared_by}
    expected_declarers = {
        tuple(sorted(u.players)): ref.declarer("chooses_blockers", " and ".join(sorted(u.players))) for u in ref.units
    }
    if declarers != expected_declarers:
        out.append(Disagreement("declarer", f"solver={declarers} reference={expected_declarers}"))

    # 2. solve_blocks gives a declaration the reference calls legal.
    solved = solve_blocks(board)
    if solved.status != "legal" or not ref.is_legal(to_pairs(solved.declaration)):
        out.append(
            Disagreement(
                "solve",
                f"solver status={solved.status}, reference legal={ref.is_legal(to_pairs(solved.declaration))}",
                solved.declaration,
            )
        )

    # 3. check_blocks agrees on proposed declarations (mutated legal ones and random pairs).
    legal_list = sorted(ref.legal_set(), key=sorted) if ref.legal_count() <= SET_LIMIT else []
    for _ in range(proposals):
        decl = random_declaration(c, board, legal_list)
        verdict = check_blocks(board, decl)
        bare = check_blocks(board, decl, explain=False)
        out += _bare_disagrees(verdict, bare)
        out += _fresh_disagrees(bare, check_blocks(board.model_copy(), decl, explain=False))
        out += _fresh_disagrees(verdict, check_blocks(board.model_copy(), decl))
        expected = ref.is_legal(to_pairs(decl))
        if verdict.legal != expected:
            out.append(
                Disagreement(
                    "check",
                    f"solver={verdict.status} {[v.kind for v in verdict.violations]} reference legal={expected}",
                    decl,
                )
            )
        if verdict.legal == bool(verdict.violations):
            out.append(Disagreement("violations", f"status={verdict.status} but violations={verdict.violations}", decl))
        if verdict.witness is not None and not ref.is_legal(to_pairs(verdict.witness)):
            out.append(Disagreement("witness", f"witness {verdict.witness} is illegal for the reference", decl))
        elif ref.split(to_pairs(decl)) is not None:
            obeyed = {frozenset(u.players): u.requirements_obeyed for u in verdict.units}
            ref_obeyed = ref.obeyed_per_unit(to_pairs(decl))
            if any(obeyed.get(k, 0) != ref_obeyed.get(k, 0) for k in set(obeyed) | set(ref_obeyed)):
                out.append(Disagreement("obeyed", f"solver={obeyed} reference={ref_obeyed}", decl))

    # 4. The set of legal declarations.
    if ref.legal_count() <= SET_LIMIT:
        got = [to_pairs(d) for d in legal_blocks(board)]
        counted = count_legal_blocks(board)
        if len(got) != len(set(got)) or set(got) != ref.legal_set() or counted != ref.legal_count():
            extra = set(got) - ref.legal_set()
            missing = ref.legal_set() - set(got)
            out.append(
                Disagreement(
                    "legal_set",
                    f"{len(got)} listed ({len(set(got))} distinct, {counted} counted), reference "
                    f"{ref.legal_count()}; extra={[sorted(d) for d in extra][:3]} "
                    f"missing={[sorted(d) for d in missing][:3]}",
                )
            )
    else:
        counted = count_legal_blocks(board, limit=SET_LIMIT + 1)
        if counted != SET_LIMIT + 1:
            out.append(Disagreement("legal_count", f"solver counted {counted}, reference has {ref.legal_count()}"))

    # 5. Determinism: the same input gives the same output.
    if solve_blocks(board) != solved or check_blocks(board, BlockDeclaration()) != empty:
        out.append(Disagreement("determinism", "a repeated call gave a different verdict"))
    return out


# ----- the declare attackers step ------------------------------------------------------------------


def check_attack_board(board: Board, c: Chooser, proposals: int = 4) -> list[Disagreement]:
    """Every property on one board at the declare attackers step (508.1)."""
    ref = AttackReference(board)
    out: list[Disagreement] = []
    ref_max = ref.attack_maxima()
    small = ref.attack_legal_count() <= ATTACK_SET_LIMIT

    # 1. The maximum number of requirements of the attacking unit (508.1d).
    empty = check_attacks(board, AttackDeclaration())
    if _maxima_differ(solver_maxima(empty), ref_max):
        out.append(Disagreement("maximum", f"solver={solver_maxima(empty)} reference={ref_max}"))
    if [d.declarer for d in empty.declared_by] != [ref.declarer("chooses_attackers", board.active_player)]:
        out.append(
            Disagreement(
                "declarer",
                f"solver={empty.declared_by} reference={ref.declarer('chooses_attackers', board.active_player)}",
            )
        )
    if empty.legal != ref.attack_is_legal(frozenset()):
        out.append(
            Disagreement(
                "check", f"solver={empty.status} reference={ref.attack_is_legal(frozenset())}", empty.declaration
            )
        )

    # 2. solve_attacks gives a declaration the reference calls legal, tapping what 508.1f taps.
    solved = solve_attacks(board)
    solved_atoms = to_atoms(solved.declaration)
    if solved.status != "legal" or not ref.attack_is_legal(solved_atoms):
        out.append(
            Disagreement(
                "solve",
                f"solver status={solved.status}, reference legal={ref.attack_is_legal(solved_atoms)}",
                solved.declaration,
            )
        )
    elif sorted(solved.tapped) != ref.tapped(solved_atoms):
        out.append(
            Disagreement("tapped", f"solver={solved.tapped} reference={ref.tapped(solved_atoms)}", solved.declaration)
        )

    # 3. check_attacks agrees on proposed declarations (mutated legal ones, anyone's creatures, any target).
    legal_list = sorted(ref.attack_legal_set(), key=sorted) if small else []
    for _ in range(proposals):
        decl = random_attack_declaration(c, board, legal_list)
        atoms = to_atoms(decl)
        verdict = check_attacks(board, decl)
        bare = check_attacks(board, decl, explain=False)
        out += _bare_disagrees(verdict, bare)
        out += _fresh_disagrees(bare, check_attacks(board.model_copy(), decl, explain=False))
        out += _fresh_disagrees(verdict, check_attacks(board.model_copy(), decl))
        expected = ref.attack_is_legal(atoms)
        if verdict.legal != expected:
            out.append(
                Disagreement(
                    "check",
                    f"solver={verdict.status} {[v.kind for v in verdict.violations]} reference legal={expected}",
                    decl,
                )
            )
        if verdict.legal == bool(verdict.violations):
            out.append(Disagreement("violations", f"status={verdict.status} but violations={verdict.violations}", decl))
        expected_tapped = ref.tapped(atoms) if verdict.legal else []
        if sorted(verdict.tapped) != expected_tapped:
            out.append(Disagreement("tapped", f"solver={verdict.tapped} reference={expected_tapped}", decl))
        if verdict.witness is not None and not ref.attack_is_legal(to_atoms(verdict.witness)):
            out.append(Disagreement("witness", f"witness {verdict.witness} is illegal for the reference", decl))
        elif ref.in_scope(atoms):
            obeyed = {frozenset(u.players): u.requirements_obeyed for u in verdict.units}
            ref_obeyed = {frozenset(ref.attacking_players): ref.attack_count_obeyed(atoms)}
            if any(obeyed.get(k, 0) != ref_obeyed.get(k, 0) for k in set(obeyed) | set(ref_obeyed)):
                out.append(Disagreement("obeyed", f"solver={obeyed} reference={ref_obeyed}", decl))

    # 4. The set of legal declarations.
    if small:
        got = [to_atoms(d) for d in legal_attacks(board)]
        counted = count_legal_attacks(board)
        if len(got) != len(set(got)) or set(got) != ref.attack_legal_set() or counted != ref.attack_legal_count():
            extra = set(got) - ref.attack_legal_set()
            missing = ref.attack_legal_set() - set(got)
            out.append(
                Disagreement(
                    "legal_set",
                    f"{len(got)} listed ({len(set(got))} distinct, {counted} counted), "
                    f"reference {ref.attack_legal_count()}; extra={[sorted(d) for d in extra][:3]} "
                    f"missing={[sorted(d) for d in missing][:3]}",
                )
            )
    else:
        counted = count_legal_attacks(board, limit=ATTACK_SET_LIMIT + 1)
        if counted != ATTACK_SET_LIMIT + 1:
            out.append(
                Disagreement("legal_count", f"solver counted {counted}, reference has {ref.attack_legal_count()}")
            )

    # 5. Determinism: the same input gives the same output.
    if solve_attacks(board) != solved or check_attacks(board, AttackDeclaration()) != empty:
        out.append(Disagreement("determinism", "a repeated call gave a different verdict"))
    return out
