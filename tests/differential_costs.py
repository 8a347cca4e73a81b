"""The differential properties for costs, optional costs and banding, shared by
``test_differential_costs.py``, ``campaign_costs.py`` and ``reference_costs.campaign_board``.

``check_cost_board`` runs every property on one board (either step) and returns the disagreements
between the solver's public API and ``reference_costs.CostReference`` (empty when they agree).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference_costs import CostReference, RefVerdict, atoms_of
from strategies import Chooser
from strategies_costs import random_cost_declaration, random_paying_declaration, random_preference

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    Verdict,
    check_attacks,
    check_blocks,
    legal_attacks,
    legal_blocks,
    solve_attacks,
    solve_blocks,
)

# Compare whole legal sets up to this many declarations (the solver's enumeration slows with the number found).
SET_LIMIT = 150


@dataclass
class Disagreement:
    prop: str
    detail: str
    declaration: object = None

    def __str__(self) -> str:
        declared = self.declaration if isinstance(self.declaration, BlockDeclaration | AttackDeclaration) else None
        decl = f" declaration={declared.model_dump_json(exclude_defaults=True)}" if declared is not None else ""
        return f"[{self.prop}] {self.detail}{decl}"


def check(board: Board, declaration: AttackDeclaration | BlockDeclaration) -> Verdict:
    if isinstance(declaration, AttackDeclaration):
        return check_attacks(board, declaration)
    return check_blocks(board, declaration)


def solver_maxima(v: Verdict) -> dict[frozenset[str], int | None]:
    return {frozenset(u.players): u.requirements_maximum for u in v.units}


def solver_costs(v: Verdict) -> dict[str, bool | None]:
    return {c.player: c.payable for c in v.costs}


def compare(
    board: Board, ref: CostReference, declaration: AttackDeclaration | BlockDeclaration, verdict: Verdict | None = None
) -> list[Disagreement]:
    """Every per-declaration property: legal or not, violations present, requirements obeyed, the
    maximum it is held to (given the cost items it pays), who pays and whether they can, which
    creatures become tapped, the witness."""
    v = verdict if verdict is not None else check(board, declaration)
    r: RefVerdict = ref.verdict(declaration)
    out: list[Disagreement] = []
    if v.legal != r.legal:
        out.append(
            Disagreement(
                "check",
                f"solver={v.status} {[(x.rule, x.kind) for x in v.violations]} reference legal={r.legal} {r.reasons}",
                declaration,
            )
        )
    if v.legal == bool(v.violations):
        out.append(Disagreement("violations", f"status={v.status} but {len(v.violations)} violations", declaration))
    if r.obeyed is not None:
        got = {frozenset(u.players): u.requirements_obeyed for u in v.units}
        if any(got.get(k, 0) != r.obeyed.get(k, 0) for k in set(got) | set(r.obeyed)):
            out.append(Disagreement("obeyed", f"solver={_show(got)} reference={_show(r.obeyed)}", declaration))
    if r.held is not None:
        got_max = solver_maxima(v)
        if any(got_max.get(k, 0) != r.held.get(k, 0) for k in set(got_max) | set(r.held)):
            out.append(Disagreement("maximum_held", f"solver={_show(got_max)} reference={_show(r.held)}", declaration))
    if r.costs is not None:
        ref_costs = {p: ok for p, (_, ok) in r.costs.items()}
        if solver_costs(v) != ref_costs:
            totals = {p: str(t) for p, (t, _) in r.costs.items()}
            out.append(
                Disagreement(
                    "costs",
                    f"solver={[(c.player, c.total, c.payable) for c in v.costs]} "
                    f"reference payable={ref_costs} totals={totals}",
                    declaration,
                )
            )
    # 508.1f / 702.20b: attackers without vigilance, and the enlisted creatures (702.154a); 733: an illegal
    # declaration taps nothing.
    wrong_tapped = (v.legal and r.legal and sorted(v.tapped) != r.tapped) or (not v.legal and bool(v.tapped))
    if isinstance(declaration, AttackDeclaration) and wrong_tapped:
        out.append(Disagreement("tapped", f"solver={list(v.tapped)} reference={r.tapped}", declaration))
    if v.witness is not None and not ref.verdict(v.witness).legal:
        out.append(
            Disagreement(
                "witness",
                f"witness {v.witness} is illegal for the reference: {ref.verdict(v.witness).reasons}",
                declaration,
            )
        )
    return out


def _show(d: dict[frozenset[str], int] | dict[frozenset[str], int | None]) -> dict[str, int | None]:
    return {",".join(sorted(k)): v for k, v in d.items()}


def check_cost_board(board: Board, c: Chooser, proposals: int = 4) -> list[Disagreement]:
    """Every property on one board: maximum, empty declaration, solve, proposals, legal set."""
    ref = CostReference(board)
    attack = ref.step == "attack"
    empty: AttackDeclaration | BlockDeclaration = AttackDeclaration() if attack else BlockDeclaration()
    out: list[Disagreement] = []

    # 1. The requirement maximum of a declaration that pays nothing: over declarations that incur no cost
    # (508.1d / 509.1c last sentence).
    v_empty = check(board, empty)
    got, want = solver_maxima(v_empty), ref.maxima()
    if any(got.get(k, 0) != want.get(k, 0) for k in set(got) | set(want)):
        out.append(Disagreement("maximum", f"solver={_show(got)} reference={_show(want)}"))
    out += compare(board, ref, empty, v_empty)

    # 2. solve gives a declaration the reference calls legal.
    solved = solve_attacks(board) if attack else solve_blocks(board)
    if solved.status != "legal" or not ref.verdict(solved.declaration).legal:
        out.append(
            Disagreement(
                "solve",
                f"solver status={solved.status}, reference: {ref.verdict(solved.declaration).reasons}",
                solved.declaration,
            )
        )

    # 2b. with a preference (which may favour paying declarations), still legal (docs/design.md §4.2).
    prefer = random_preference(c, board)
    preferred = solve_attacks(board, prefer=prefer) if attack else solve_blocks(board, prefer=prefer)
    if preferred.status != "legal" or not ref.verdict(preferred.declaration).legal:
        out.append(
            Disagreement(
                "solve_prefer",
                f"prefer={prefer} solver status={preferred.status}, "
                f"reference: {ref.verdict(preferred.declaration).reasons}",
                preferred.declaration,
            )
        )

    # 3. check agrees on proposed declarations (mutated legal ones; bands, exert, enlist for attacks), and
    # on declarations that pay, often with the paid creature moved elsewhere (the maximum given what is paid).
    legal = ref.legal_set()
    legal_list = sorted(legal, key=sorted) if len(legal) <= SET_LIMIT else []
    for _ in range(proposals):
        out += compare(board, ref, random_cost_declaration(c, board, legal_list))
    paying = sorted(ref.paying(), key=sorted)
    for _ in range(proposals if paying else 0):
        out += compare(board, ref, random_paying_declaration(c, board, paying))

    # 4. The set of legal declarations (attack assignments / block pairs; no bands, exert or enlist).
    if len(legal) <= SET_LIMIT:
        listed = [atoms_of(d) for d in (legal_attacks(board) if attack else legal_blocks(board))]
        if len(listed) != len(set(listed)) or set(listed) != legal:
            extra = sorted(sorted(d) for d in set(listed) - legal)[:3]
            missing = sorted(sorted(d) for d in legal - set(listed))[:3]
            out.append(
                Disagreement(
                    "legal_set",
                    f"{len(listed)} listed ({len(set(listed))} distinct), reference "
                    f"{len(legal)}; extra={extra} missing={missing}",
                )
            )
    return out
