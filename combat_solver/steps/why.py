"""Why-not questions for judges, answered from the model and shrunk to a minimal set of reasons.

Questions (case-insensitive; creatures by id or by name, players by id; "can't" may be
written ``can't``, ``can’t``, ``cant``, ``cannot`` or ``can not``):

- ``why can't <creature> block [<attacker>]?``  - ``why can't <creature> attack [<target>]?``
- ``why must <creature> block?``                - ``why must <creature> attack?``
- ``why is no block illegal?``                  - ``why is no attack illegal?``

The attacker may be left out when only one creature attacks the blocker's controller (or only
one attacks at all).
"""

from __future__ import annotations

import re

from ..board.model import Board, Permanent
from ..io.coerce import BoardData, as_board
from ..io.render import describe
from ..model.deadline import DEFAULT_TIME_LIMIT, Deadline, DeadlinePassed, Undetermined, watching
from ..model.declarations import AttackDeclaration, BlockDeclaration, Declaration, FixedPairs
from ..model.errors import InputError
from ..model.ir import Attack, Cond, Lin, Pair, atoms_of
from ..model.records import WhyAnswer, WhyReason
from ..resolve.game import Game
from ..resolve.units import AttackUnit, BlockUnit, attack_unit, block_units, unit_of
from ..solve import engine, paths
from ..solve.result import Why
from .attacks import check_attacks
from .blocks import check_blocks

_CANT = r"(?:can['’]?t|can\s*not)"
_PATTERNS = (
    ("cant_block", re.compile(rf"^(?:why\s+)?{_CANT}\s+(?P<x>.+?)\s+block(?:\s+(?P<y>.+?))?\s*\??$", re.I)),
    ("cant_attack", re.compile(rf"^(?:why\s+)?{_CANT}\s+(?P<x>.+?)\s+attack(?:\s+(?P<y>.+?))?\s*\??$", re.I)),
    ("must", re.compile(r"^(?:why\s+)?must\s+(?P<x>.+?)\s+(?P<verb>block|attack)\s*\??$", re.I)),
    ("none", re.compile(r"^(?:why\s+)?is\s+no\s+(?P<verb>block|attack)(?:\s+at\s+all)?\s+illegal\s*\??$", re.I)),
)


def ask(board: Board | BoardData, question: str, *, time_limit: float | Deadline = DEFAULT_TIME_LIMIT) -> WhyAnswer:
    """Answer a why-not question about ``board`` (see the module docstring for the syntax);
    ``time_limit``: seconds for the whole answer (raises ``Undetermined`` when it runs out)."""
    deadline = Deadline.of(time_limit)
    board = as_board(board)
    with watching(deadline):
        try:
            return _ask(board, question, deadline)
        except DeadlinePassed:
            raise Undetermined("the time limit ran out before the question was answered") from None


def _ask(board: Board, question: str, deadline: Deadline) -> WhyAnswer:
    for kind, pattern in _PATTERNS:
        m = pattern.match(question.strip())
        if m is None:
            continue
        game = Game.of(board)
        if kind == "none":
            return _no_declaration(board, question, m["verb"].lower(), deadline)
        x = _creature(game, m["x"])
        if kind == "cant_block":
            y = _creature(game, m["y"]) if m["y"] else _only_attacker(game, x)
            return _cant_block(game, question, x, y, deadline)
        if kind == "cant_attack":
            return _cant_attack(game, question, x, _target(game, m["y"]) if m["y"] else None, deadline)
        return _must(game, question, x, m["verb"].lower(), deadline)
    raise InputError.one(
        ("question",),
        "unknown_question",
        'ask "why can\'t X block [Y]", "why can\'t X attack [T]", "why must X block|attack" or "why is no block|attack illegal"',
    )


def _only_attacker(game: Game, blocker: Permanent) -> Permanent:
    """The attacker a question about ``blocker`` means when it names none."""
    attackers = sorted(game.board.combat.attackers) if game.board.combat else []
    unit = unit_of(game, blocker.controller)
    facing = [a for a in attackers if unit is not None and unit.contains(Pair(blocker.id, a))]
    for candidates in (attackers, facing):
        if len(candidates) == 1:
            return game.permanent(candidates[0])
    if not attackers:
        raise InputError.one(("board", "combat"), "missing", "blocks need the declared attack: give combat.attackers")
    raise InputError.one(
        ("question",),
        "ambiguous_question",
        f'say which attacker: "why can\'t {blocker.id} block X" with X among {", ".join(facing or attackers)}',
    )


_QUOTES = "\"'“”‘’"


def _folded(text: str) -> str:
    """Names compare case-insensitively, with a typographic apostrophe equal to a plain one."""
    return text.replace("’", "'").casefold()


def _creature(game: Game, text: str) -> Permanent:
    text = text.strip().strip(_QUOTES)
    if text in {p.id for p in game.board.permanents}:
        return game.permanent(text)
    found = [p for p in game.board.permanents if _folded(p.name) == _folded(text)]
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError.one(
            ("question",), "ambiguous_name", f"{text!r} names {', '.join(p.id for p in found)}: use an id"
        )
    raise InputError.one(("question",), "unknown_name", f"no permanent named or with id {text!r}")


def _target(game: Game, text: str) -> str:
    text = text.strip().strip(_QUOTES)
    if text in {p.id for p in game.board.players}:
        return text
    return _creature(game, text).id


def _unit_reasons(unit: engine.Unit, outcome: Why, maximum: int, requirement_rule: str) -> list[WhyReason]:
    reasons = [
        WhyReason(rule=unit.restrictions[i].rule, message=unit.restrictions[i].message) for i in outcome.restrictions
    ]
    if outcome.needs_maximum and (maximum or not outcome.paid_maxima):
        wanted = "; ".join(r.description for r in unit.requirements)
        who = "a declaration that pays no cost" if outcome.paid_maxima else "the declaration"
        reasons.append(
            WhyReason(
                rule=requirement_rule,
                message=f"{who} must obey {_requirements(maximum)}, the most possible ({requirement_rule}): {wanted}",
            )
        )
    for paid, need in outcome.paid_maxima:
        items = "; ".join(t.description for t, n in zip(unit.costs, paid, strict=False) if n)
        reasons.append(
            WhyReason(
                rule=requirement_rule,
                message=f"a declaration that pays {items} must obey {_requirements(need)}, the most possible "
                f"with those costs paid ({requirement_rule}: a creature whose cost is paid is able)",
            )
        )
    return reasons


def _requirements(n: int) -> str:
    return f"{n} requirement{'s' if n != 1 else ''}"


def _search(unit: engine.Unit, extra: tuple[Cond, ...], deadline: Deadline) -> tuple[Why, int]:
    problem = engine.problem(unit)
    best = paths.maximize(problem, time_limit=deadline.remaining())
    if best.requirements is None:
        raise Undetermined("the solver timed out on the requirement maximum")
    outcome = paths.why_not(problem, extra, minimum=best.requirements, time_limit=deadline.remaining())
    if outcome.status == "undetermined":
        raise Undetermined("the solver timed out while explaining")
    return outcome, best.requirements


def _cant_block(game: Game, question: str, x: Permanent, y: Permanent, deadline: Deadline) -> WhyAnswer:
    if game.board.combat is None:
        raise InputError.one(("board", "combat"), "missing", "blocks need the declared attack: give combat.attackers")
    unit = unit_of(game, x.controller)
    pair = Pair(x.id, y.id)
    label_x, label_y = game.label(x), game.label(y)
    if unit is None or not x.is_creature or not unit.contains(pair):
        return WhyAnswer(
            question=question,
            answer=f"{label_x} can't block {label_y}: only a creature of a defending "
            "player can block, and only creatures attacking that player, their planeswalkers or battles (509.1a, 802.4a)",
        )
    local = unit.atom_reasons(pair)
    if local:
        return WhyAnswer(
            question=question,
            answer=f"{label_x} can't block {label_y}, whatever else blocks.",
            reasons=tuple(WhyReason(rule=r.rule, message=r.message) for r in local),
        )
    outcome, maximum = _search(unit, (unit.pair(x, y).at_least(1),), deadline)
    if outcome.status == "possible":
        assert outcome.example is not None
        example = BlockDeclaration.from_pairs(a for a in outcome.example if isinstance(a, Pair))
        return WhyAnswer(
            question=question,
            answer=f"{label_x} can block {label_y}, for example: {describe(game.board, example)}.",
            example=example,
        )
    return WhyAnswer(
        question=question,
        answer=f"No legal block has {label_x} blocking {label_y}.",
        reasons=tuple(_unit_reasons(unit, outcome, maximum, "509.1c")),
    )


def _cant_attack(game: Game, question: str, x: Permanent, target: str | None, deadline: Deadline) -> WhyAnswer:
    if game.board.combat is not None:
        raise InputError.one(("board", "combat"), "not_applicable", "this board is at the declare blockers step")
    unit = attack_unit(game)
    label_x = game.label(x)
    targets = [target] if target is not None else list(unit.targets)
    whom = f" {unit.target_label(target)}" if target is not None and target in unit.targets else ""
    if x.id not in {c.id for c in unit.attackers} or (target is not None and target not in unit.targets):
        return WhyAnswer(
            question=question,
            answer=f"{label_x} can't attack{whom or (' ' + (target or ''))}: only creatures of the "
            "attacking player attack, and only defending players, their planeswalkers or battles they protect (508.1a-b)",
        )
    local = [r for t in targets for r in unit.atom_reasons(Attack(x.id, t))]
    if all(unit.atom_reasons(Attack(x.id, t)) for t in targets):
        unique = {(r.rule, r.message): r for r in local}
        return WhyAnswer(
            question=question,
            answer=f"{label_x} can't attack{whom}, whatever else attacks.",
            reasons=tuple(WhyReason(rule=r.rule, message=r.message) for r in unique.values()),
        )
    outcome, maximum = _search(unit, (unit.attacks_on(targets, [x]).at_least(1),), deadline)
    if outcome.status == "possible":
        assert outcome.example is not None
        example = AttackDeclaration.from_atoms(a for a in outcome.example if isinstance(a, Attack))
        return WhyAnswer(
            question=question,
            answer=f"{label_x} can attack{whom}, for example: {describe(game.board, example)}.",
            example=example,
        )
    return WhyAnswer(
        question=question,
        answer=f"No legal attack has {label_x} attacking{whom}.",
        reasons=tuple(_unit_reasons(unit, outcome, maximum, "508.1d")),
    )


def _must(game: Game, question: str, x: Permanent, verb: str, deadline: Deadline) -> WhyAnswer:
    label_x = game.label(x)
    unit: AttackUnit | BlockUnit | None
    if verb == "attack":
        if game.board.combat is not None:
            raise InputError.one(("board", "combat"), "not_applicable", "this board is at the declare blockers step")
        unit = attack_unit(game)
        doing: Lin = unit.attacking(x) if x.id in {c.id for c in unit.attackers} else Lin()
        rule = "508.1d"
    else:
        if game.board.combat is None:
            raise InputError.one(
                ("board", "combat"), "missing", "blocks need the declared attack: give combat.attackers"
            )
        unit = unit_of(game, x.controller)
        doing = unit.attackers_blocked_by(x) if unit is not None else Lin()
        rule = "509.1c"
    if unit is None or not doing.terms:
        return WhyAnswer(question=question, answer=f"{label_x} doesn't have to {verb}: it can't {verb} at all here.")
    outcome, maximum = _search(unit, (doing.at_most(0),), deadline)
    if outcome.status == "possible":
        assert outcome.example is not None
        example: Declaration = (
            AttackDeclaration.from_atoms(a for a in outcome.example if isinstance(a, Attack))
            if verb == "attack"
            else BlockDeclaration.from_pairs(a for a in outcome.example if isinstance(a, Pair))
        )
        return WhyAnswer(
            question=question,
            answer=f"{label_x} doesn't have to {verb}; for example this is legal: {describe(game.board, example)}.",
            example=example,
        )
    mine = [r.description for r in unit.requirements if x.id in r.objects]
    reasons = _unit_reasons(unit, outcome, maximum, rule)
    answer = f"{label_x} must {verb}: every legal declaration has it {verb}ing"
    if mine:
        answer += f" (its requirements: {'; '.join(mine)})"
    return WhyAnswer(question=question, answer=answer + ".", reasons=tuple(reasons))


def _no_declaration(board: Board, question: str, verb: str, deadline: Deadline) -> WhyAnswer:
    if verb == "block":
        verdict = check_blocks(board, BlockDeclaration(), time_limit=deadline)
    else:
        verdict = check_attacks(board, AttackDeclaration(), time_limit=deadline)
    if verdict.status == "legal":
        return WhyAnswer(question=question, answer=f"No {verb} at all is legal here.")
    if verdict.status == "undetermined":
        raise Undetermined("the solver timed out on the requirement maximum")
    answer = f"No {verb} at all is illegal: it obeys {verdict.requirements_obeyed} of a possible {verdict.requirements_maximum} requirements"
    if verdict.witness is not None:
        answer += f"; this obeys the maximum: {describe(board, verdict.witness)}"
    missed = [r for u in verdict.units for r in u.requirements if not r.obeyed]
    return WhyAnswer(
        question=question,
        answer=answer + ".",
        example=verdict.witness,
        reasons=tuple(WhyReason(rule=r.rule, message=r.description) for r in missed),
    )


def explain_fix(board: Board, fix: FixedPairs, *, time_limit: float | Deadline = DEFAULT_TIME_LIMIT) -> WhyAnswer:
    """Why no legal declaration contains every ``fix.include`` pair and no ``fix.exclude`` pair:
    an included pair that no legal declaration has, with its own reasons; otherwise the minimal
    set of restrictions (and the requirement maximum, 508.1d/509.1c) that rules the set out."""
    deadline = Deadline.of(time_limit)
    game = Game.of(board)
    blocking = board.combat is not None
    verb = "block" if blocking else "attack"
    wanted = _fix_text(game, fix, verb)
    question = f"why does no legal {verb} have {wanted}?"
    known = {p.id for p in board.permanents} | {p.id for p in board.players}
    conditions = engine.fixed_conditions(fix, known, Pair if blocking else Attack)
    for x, y in fix.include:
        if blocking:
            alone = _cant_block(game, question, game.permanent(x), game.permanent(y), deadline)
        else:
            alone = _cant_attack(game, question, game.permanent(x), y, deadline)
        if alone.example is None:
            return alone
    units: tuple[engine.Unit, ...] = block_units(game) if blocking else (attack_unit(game),)
    for unit in units:
        mine = tuple(c for c in conditions if all(unit.contains(a) for a in atoms_of(c)))
        if not mine:
            continue
        outcome, maximum = _search(unit, mine, deadline)
        if outcome.status == "impossible":
            return WhyAnswer(
                question=question,
                answer=f"No legal {verb} of {unit.name} has {wanted}.",
                reasons=tuple(_unit_reasons(unit, outcome, maximum, "509.1c" if blocking else "508.1d")),
            )
    return WhyAnswer(question=question, answer=f"A legal {verb} with {wanted} exists.")


def _fix_text(game: Game, fix: FixedPairs, verb: str) -> str:
    def name(object_id: str) -> str:
        return game.label(game.permanent(object_id)) if not game.is_player(object_id) else object_id

    pairs = [f"{name(x)} {verb}ing {name(y)}" for x, y in fix.include]
    pairs += [f"{name(x)} not {verb}ing {name(y)}" for x, y in fix.exclude]
    return " and ".join(pairs) or f"any {verb}"
