"""Plain-text rendering of verdicts for judges (one screen, rule numbers cited)."""

from __future__ import annotations

from .board import Board
from .declarations import AttackDeclaration, BlockDeclaration, Declaration
from .verdict import Verdict


def _names(board: Board) -> dict[str, str]:
    counts: dict[str, int] = {}
    for p in board.permanents:
        counts[p.name] = counts.get(p.name, 0) + 1
    return {p.id: p.name if counts[p.name] == 1 else f"{p.name} ({p.id})" for p in board.permanents}


def describe(board: Board, declaration: Declaration) -> str:
    """ "Watchdog blocks Viashino Runner; ..." / "Juggernaut attacks bob" / "no blocks"."""
    names = _names(board)
    if isinstance(declaration, BlockDeclaration):
        if not declaration.blocks:
            return "no blocks"
        return "; ".join(
            f"{names.get(b, b)} blocks {' and '.join(names.get(a, a) for a in attackers)}"
            for b, attackers in declaration.blocks.items()
        )
    if not declaration.attacks:
        return "no attack"
    parts = [f"{names.get(a, a)} attacks {names.get(t, t)}" for a, t in declaration.attacks.items()]
    parts += [f"band: {', '.join(names.get(m, m) for m in band)}" for band in declaration.bands]
    parts += [f"{names.get(a, a)} is exerted" for a in declaration.exert]
    parts += [f"{names.get(a, a)} enlists {names.get(c, c)}" for a, c in declaration.enlist.items()]
    return "; ".join(parts)


def render_text(board: Board, verdict: Verdict) -> str:
    """The verdict on the first line, then violations, requirement counts and a witness."""
    attack = isinstance(verdict.declaration, AttackDeclaration)
    step, rule = ("declare attackers", "508.1") if attack else ("declare blockers", "509.1")
    lines = [f"{verdict.status.upper()}: {describe(board, verdict.declaration)} ({step}, {rule})"]
    if verdict.violations:
        lines.append("Violations:")
        lines += [f"  - {v.message}" for v in verdict.violations]
    requirement_rule = "508.1d" if attack else "509.1c"
    maximum = verdict.requirements_maximum
    if maximum is not None and verdict.requirements_obeyed > maximum:
        lines.append(
            f"Requirements: obeys {verdict.requirements_obeyed}; a declaration that pays no cost and breaks no "
            f"restriction obeys at most {maximum} ({requirement_rule})"
        )
    else:
        shown = "undetermined" if maximum is None else str(maximum)
        lines.append(f"Requirements: obeys {verdict.requirements_obeyed} of a possible {shown} ({requirement_rule})")
    for unit in verdict.units:
        if len(verdict.units) > 1:
            unit_max = "undetermined" if unit.requirements_maximum is None else unit.requirements_maximum
            lines.append(f"  {', '.join(unit.players)}: obeys {unit.requirements_obeyed} of a possible {unit_max}")
        lines += [f"  [{'x' if r.obeyed else ' '}] {r.description}" for r in unit.requirements]
    for cost in verdict.costs:
        lines.append(f"Cost for {cost.player} ({'508.1h' if attack else '509.1d'}): {cost.total}")
        lines += [f"  - {item}" for item in cost.items]
        if cost.payable:
            lines.append("  paid with: " + "; ".join(cost.payment))
        elif cost.payable is None:
            lines.append("  whether it can be paid is undetermined (solver time-out)")
    if verdict.tapped:
        names = _names(board)
        lines.append("Becomes tapped (508.1f): " + ", ".join(names.get(t, t) for t in verdict.tapped))
    if verdict.combat is not None and verdict.combat.blockers:
        names = _names(board)
        lines.append(
            "Blocked (509.1h): "
            + (", ".join(names.get(a, a) for a in verdict.combat.blocked) or "none")
            + "; unblocked: "
            + (", ".join(names.get(a, a) for a in verdict.combat.unblocked) or "none")
        )
    if verdict.triggers:
        names = _names(board)
        lines.append(f"Triggers ({'508.1m' if attack else '509.1i'}):")
        for t in verdict.triggers:
            holder = names.get(t.holder, t.holder) if t.holder else t.source
            times = "once" if t.count == 1 else f"{t.count} times"
            caused = ", ".join(names.get(o, o) for o in t.objects)
            note = f", {t.note}" if t.note else ""
            lines.append(f"  - {holder}: {t.kind.replace('_', ' ')} triggers {times} ({t.rule}; {caused}{note})")
    if verdict.witness is not None:
        noun = "An attack" if attack else "A block"
        lines.append(f"{noun} that obeys the maximum: {describe(board, verdict.witness)}")
    if verdict.status == "undetermined":
        lines.append("The solver ran out of time before proving the maximum; raise --time-limit.")
    return "\n".join(lines)
