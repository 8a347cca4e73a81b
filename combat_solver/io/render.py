"""Rendering for judges: verdicts and why-answers as text or Markdown (one screen, rules cited)."""

from __future__ import annotations

from dataclasses import dataclass

from ..board.model import Board
from ..model.declarations import AttackDeclaration, BlockDeclaration, Declaration
from ..model.records import STEP_RULES, Verdict, WhyAnswer


def describe(board: Board, declaration: Declaration) -> str:
    """ "Watchdog blocks Viashino Runner; ..." / "Juggernaut attacks bob" / "no blocks"."""
    names = board.labels
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


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple[str, ...] = ()


def _pairs(board: Board, declaration: Declaration) -> list[str]:
    names = board.labels
    if isinstance(declaration, BlockDeclaration):
        return [
            f"{names.get(b, b)} blocks {names.get(a, a)}"
            for b, attackers in declaration.blocks.items()
            for a in attackers
        ]
    return [f"{names.get(a, a)} attacks {names.get(t, t)}" for a, t in declaration.attacks.items()]


def diff(board: Board, proposed: Declaration, witness: Declaration) -> list[str]:
    """The witness against the proposal: ``+`` what it adds, ``-`` what it drops."""
    before, after = _pairs(board, proposed), _pairs(board, witness)
    return [f"- {p}" for p in before if p not in after] + [f"+ {p}" for p in after if p not in before]


def sections(board: Board, verdict: Verdict, *, solved: bool = False) -> tuple[str, list[Section]]:
    """The headline and the sections every rendering shows. ``solved``: the verdict on the
    declaration ``solve`` found (an undetermined one before anything was counted names none)."""
    names = board.labels
    attack = isinstance(verdict.declaration, AttackDeclaration)
    rules = STEP_RULES["declare_attackers" if attack else "declare_blockers"]
    obeyed = verdict.requirements_obeyed
    subject = (
        f"no optimal {'attack' if attack else 'block'} proven"
        if solved and obeyed is None
        else describe(board, verdict.declaration)
    )
    headline = f"{verdict.status.upper()}: {subject} ({rules.words}, {rules.declaration})"
    out: list[Section] = []
    if verdict.violations:
        out.append(Section("Violations", tuple(v.message for v in verdict.violations)))
    if obeyed is not None:
        out.append(_requirements(verdict, obeyed, rules.requirements))
    for cost in verdict.costs:
        lines = list(cost.items)
        if cost.payable:
            lines.append("paid with: " + "; ".join(cost.payment))
        elif cost.payable is None:
            lines.append("whether it can be paid is undetermined (solver time-out)")
        out.append(Section(f"Cost for {cost.player} ({rules.costs}): {cost.total}", tuple(lines)))
    if verdict.tapped:
        out.append(Section("Becomes tapped (508.1f): " + ", ".join(names.get(t, t) for t in verdict.tapped)))
    if verdict.combat is not None and not attack:
        blocked = ", ".join(names.get(a, a) for a in verdict.combat.blocked) or "none"
        unblocked = ", ".join(names.get(a, a) for a in verdict.combat.unblocked) or "none"
        out.append(Section(f"Blocked (509.1h): {blocked}; unblocked: {unblocked}"))
    if verdict.triggers:
        printed = {p.id: p.name for p in board.permanents}
        repeats: dict[str, int] = {}
        for t in verdict.triggers:
            holder = names.get(t.holder, t.holder) if t.holder else t.source
            times = "once" if t.count == 1 else f"{t.count} times"
            caused = ", ".join(names.get(o, o) for o in t.objects)
            note = f", {t.note}" if t.note else ""
            given = f", from {t.source}" if t.holder and t.source != printed.get(t.holder) else ""
            line = f"{holder}: {t.kind.replace('_', ' ')} triggers {times} ({t.rule}; {caused}{note}{given})"
            repeats[line] = repeats.get(line, 0) + 1
        out.append(
            Section(
                f"Triggers ({rules.triggers})",
                tuple(line if n == 1 else f"{line} - {n} such abilities, each triggers" for line, n in repeats.items()),
            )
        )
    if verdict.witness is not None:
        noun = "An attack" if attack else "A block"
        out.append(
            Section(
                f"{noun} that obeys the maximum: {describe(board, verdict.witness)}"
                f"{' (the time limit cut the search for the closest one)' if verdict.witness_closest is False else ''}",
                tuple(diff(board, verdict.declaration, verdict.witness)),
            )
        )
    if verdict.warnings:
        out.append(Section("Card text not compiled (this verdict ignores it)", verdict.warnings))
    chosen_by = [d for d in verdict.declared_by if d.source is not None]
    if chosen_by:
        declared = tuple(f"{d.declarer} declares for {', '.join(d.players)} ({d.source})" for d in chosen_by)
        out.append(Section("Declared by another player (legality is the same)", declared))
    if verdict.status == "undetermined":
        out.append(Section(_undetermined(obeyed is not None, solved)))
    return headline, out


def _requirements(verdict: Verdict, obeyed: int, rule: str) -> Section:
    """The requirement count against the maximum (508.1d, 509.1c), and each requirement."""
    maximum = verdict.requirements_maximum
    pays = any(unit.paid_items for unit in verdict.units)
    if maximum is not None and obeyed > maximum:
        alternatives = "pays no more than this one" if pays else "pays no cost"
        title = (
            f"Requirements: obeys {obeyed}; a declaration that {alternatives} and breaks no "
            f"restriction obeys at most {maximum} ({rule})"
        )
    elif maximum is None and verdict.status == "legal":  # a legal declaration obeys the most possible
        title = f"Requirements: obeys {obeyed}, the most possible ({rule})"
    elif maximum is None and verdict.status == "illegal":  # the verdict alone (``--verdict-only``)
        title = f"Requirements: obeys {obeyed}; the maximum possible wasn't counted ({rule})"
    elif maximum is None:
        title = f"Requirements: obeys {obeyed}; the maximum possible is undetermined (solver time-out) ({rule})"
    else:
        title = f"Requirements: obeys {obeyed} of a possible {maximum} ({rule})"
    items: list[str] = []
    for unit in verdict.units:
        prefix = f"{', '.join(unit.players)}: " if len(verdict.units) > 1 else ""
        items += [f"{prefix}[{'x' if r.obeyed else ' '}] {r.description}" for r in unit.requirements]
        if unit.paid_items and unit.requirements and unit.requirements_maximum is not None:
            m = unit.requirements_maximum
            items.append(
                f"{prefix}with the costs this declaration pays, {m} {'is' if m == 1 else 'are'} possible "
                "(a creature whose cost is paid is able)"
            )
    return Section(title, tuple(items))


def _undetermined(counted: bool, solved: bool) -> str:
    """What an undetermined verdict lacks."""
    if counted:
        return "The solver ran out of time before proving the maximum; raise --time-limit."
    missing = "an optimal declaration was proven" if solved else "the declaration was judged"
    return f"The time limit ran out before {missing}; raise --time-limit."


def render_text(board: Board, verdict: Verdict, *, solved: bool = False) -> str:
    """The verdict on the first line, then violations, requirements, costs, triggers, witness."""
    headline, parts = sections(board, verdict, solved=solved)
    return _text(headline, parts)


def render_markdown(board: Board, verdict: Verdict, *, solved: bool = False) -> str:
    """The same as ``render_text`` as Markdown (headline in bold, one list per section)."""
    headline, parts = sections(board, verdict, solved=solved)
    return _markdown(headline, parts)


def render_answer(answer: WhyAnswer, fmt: str) -> str:
    """A why-not answer as text or Markdown."""
    parts = answer_sections(answer)
    if fmt == "text":
        return _text(f"Q: {answer.question}\nA: {answer.answer}", parts)
    return _markdown(answer.question, parts, lead=answer.answer)


def answer_sections(answer: WhyAnswer) -> list[Section]:
    """The reasons of a why-not answer, each with its rule."""
    reasons = tuple(f"{r.message} ({r.rule})" if r.rule not in r.message else r.message for r in answer.reasons)
    return [Section("Because", reasons)] if reasons else []


def _text(headline: str, parts: list[Section]) -> str:
    lines = [headline]
    for part in parts:
        lines.append(part.title + (":" if part.items and not part.title.endswith(")") else ""))
        lines += [f"  {item}" if item[:2] in ("+ ", "- ") else f"  - {item}" for item in part.items]
    return "\n".join(lines)


def _markdown(headline: str, parts: list[Section], lead: str = "") -> str:
    lines = [f"**{headline}**"] + (["", lead] if lead else [])
    for part in parts:
        lines += ["", f"#### {part.title}"]
        if part.items:
            lines.append("")
            lines += [f"- `{item}`" if item[:2] in ("+ ", "- ") else f"- {item}" for item in part.items]
    return "\n".join(lines)
