"""Plain-text rendering of verdicts for judges (one screen, rule numbers cited)."""

from __future__ import annotations

from .board import Board
from .declarations import BlockDeclaration
from .verdict import Verdict


def _names(board: Board) -> dict[str, str]:
    counts: dict[str, int] = {}
    for p in board.permanents:
        counts[p.name] = counts.get(p.name, 0) + 1
    return {p.id: p.name if counts[p.name] == 1 else f"{p.name} ({p.id})" for p in board.permanents}


def describe_blocks(board: Board, declaration: BlockDeclaration) -> str:
    """ "Watchdog blocks Viashino Runner; Grizzly Bears blocks Viashino Runner" or "no blocks"."""
    if not declaration.blocks:
        return "no blocks"
    names = _names(board)
    return "; ".join(
        f"{names.get(b, b)} blocks {' and '.join(names.get(a, a) for a in attackers)}"
        for b, attackers in declaration.blocks.items()
    )


def render_text(board: Board, verdict: Verdict) -> str:
    """The verdict on the first line, then violations, requirement counts and a witness."""
    lines = [f"{verdict.status.upper()}: {describe_blocks(board, verdict.declaration)} (declare blockers, 509.1)"]
    if verdict.violations:
        lines.append("Violations:")
        lines += [f"  - {v.message}" for v in verdict.violations]
    maximum = "undetermined" if verdict.requirements_maximum is None else str(verdict.requirements_maximum)
    lines.append(f"Requirements: obeys {verdict.requirements_obeyed} of a possible {maximum} (509.1c)")
    for unit in verdict.units:
        if len(verdict.units) > 1:
            unit_max = "undetermined" if unit.requirements_maximum is None else unit.requirements_maximum
            lines.append(f"  {', '.join(unit.players)}: obeys {unit.requirements_obeyed} of a possible {unit_max}")
        lines += [f"  [{'x' if r.obeyed else ' '}] {r.description}" for r in unit.requirements]
    if verdict.witness is not None:
        lines.append(f"A block that obeys the maximum: {describe_blocks(board, verdict.witness)}")
    if verdict.status == "undetermined":
        lines.append("The solver ran out of time before proving the maximum; raise --time-limit.")
    return "\n".join(lines)
