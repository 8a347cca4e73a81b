"""Paying the costs of a declaration (508.1h-j, 509.1d-f) as the ``ir.Side`` problem of its
declaring unit: which mana ability makes which mana (605, one color per activation), life paid
for Phyrexian symbols (119.4), permanents sacrificed, tapped (118.3) or returned to hand, cards
discarded. Amounts owed are sums of atoms, so the same side problem serves a fixed declaration and
the search over declarations; ``settle`` solves it for one declaration and words the verdict."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.cost_terms import CostTerm, total_text
from ..model.filters import PermanentView
from ..model.ir import Atom, Choice, Cmp, Cond, Lin, Problem, Side
from ..model.records import CostReport, Violation

if TYPE_CHECKING:
    from ..rules.kind import GameView

InCombat = Callable[[PermanentView], Lin | None]

LIFE_WEIGHT = 10_000
SOURCE_WEIGHT = 100
"""Weights of ``Side.cleanup``: life paid for Phyrexian symbols and permanents sacrificed, tapped
or returned first, then mana abilities activated, then mana made (a shown plan pays no more than
the total, 508.1j)."""

_LEAVES = ("sacrifice", "return")
"""Actions that take a permanent off the battlefield: one permanent pays at most one of them."""


def _lin(weighted: Iterable[tuple[Atom, int]], const: int = 0) -> Lin:
    return Lin(tuple(weighted), const)


def _sum(lins: Iterable[Lin]) -> Lin:
    total = Lin()
    for lin in lins:
        total = total + lin
    return total


@dataclass
class _Builder:
    """The choices and conditions of the side problem, in the order the model gets them."""

    choices: list[Choice] = field(default_factory=list)
    hard: list[Cond] = field(default_factory=list)
    cleanup: list[tuple[Atom, int]] = field(default_factory=list)

    def choice(self, key: tuple[str, ...], hi: int = 1, shown: str = "") -> Choice:
        c = Choice(key, hi, shown)
        self.choices.append(c)
        return c

    def payer(
        self, game: GameView, player: str, mine: Sequence[CostTerm], tapped: InCombat, in_combat: InCombat
    ) -> None:
        """What ``player`` owes for the cost terms ``mine`` and how they can pay it."""
        sources = _mana_sources(game, player)
        demands = [(action, f, t.units.times(n)) for t in mine for action, f, n in t.cost.permanents()]
        candidates = [
            [p for p in game.permanents_of(player) if game.matches(f, p, player) and (action != "tap" or not p.tapped)]
            for action, f, _ in demands
        ]
        involved = {s.id for s, _, _ in sources} | {p.id for ps in candidates for p in ps}
        busy = {i: lin for i in involved if (lin := tapped(game.permanent(i))) is not None}
        fighting = {i: lin for i in involved if (lin := in_combat(game.permanent(i))) is not None}
        all_mana: list[Choice] = []
        by_color: dict[str, list[Choice]] = {}
        mana_use: dict[str, list[Choice]] = {}
        for src, made_of, amount in sources:
            label = game.label(src)
            one_color = [self.choice(("color", player, src.id, c)) for c, _ in made_of] if len(made_of) > 1 else []
            if one_color:
                self.hard.append(Lin.of(one_color).equals(1))
            uses = []
            for k, (color, most) in enumerate(made_of):
                v = self.choice(("mana", player, src.id, color), most, f"{label}: {{{color}}}")
                if one_color:
                    self.hard.append(_lin([(v, 1), (one_color[k], -most)]).at_most(0))
                by_color.setdefault(color, []).append(v)
                all_mana.append(v)
                uses.append(v)
            mana_use[src.id] = uses
            active = self.choice(("activate", player, src.id))
            self.hard.append(_lin([*((u, 1) for u in uses), (active, -amount)]).at_most(0))
            self.cleanup += [(active, SOURCE_WEIGHT), *((u, 1) for u in uses)]
            made = Lin.of(uses)
            self.hard.append((made + busy[src.id].times(amount) if src.id in busy else made).at_most(amount))
        need_total = _sum(t.units.times(t.cost.generic) for t in mine)
        colored = _per_color(mine, phyrexian=False)
        phyrexian = _per_color(mine, phyrexian=True)
        info = game.player(player)
        life_for_phyrexian: list[Choice] = []
        for color in sorted(set(colored) | set(phyrexian)):
            need = colored.get(color, Lin())
            if color in phyrexian:
                most = max(info.life, 0) // 2
                z = self.choice(("phyrexian", player, color), most, f"2 life for each of {{{color}/P}}")
                self.hard.append((Lin.of([z]) + phyrexian[color].times(-1)).at_most(0))
                self.cleanup.append((z, LIFE_WEIGHT))
                life_for_phyrexian.append(z)
                need = need + phyrexian[color] + _lin([(z, -1)])
            self.hard.append((Lin.of(by_color.get(color, [])) + need.times(-1)).at_least(0))
            need_total = need_total + need
        self.hard.append((Lin.of(all_mana) + need_total.times(-1)).at_least(0))
        life_cost = _sum(t.units.times(t.cost.life) for t in mine)
        discard = _sum(t.units.times(t.cost.discard) for t in mine)
        self.hard.append((life_cost + _lin((z, 2) for z in life_for_phyrexian)).at_most(max(info.life, 0)))
        self.hard.append(discard.at_most(info.hand))
        for what, owed, bound in (("life", life_cost, info.life), ("discard", discard, info.hand)):
            if owed.terms or owed.const:
                template = "pay {n} life" if what == "life" else "discard {n} cards"
                v = self.choice((what, player), max(bound, 0), template)
                self.hard.append((Lin.of([v]) + owed.times(-1)).equals(0))
        picked: dict[tuple[str, str], list[Choice]] = {}
        for i, ((action, _, owed_objects), found) in enumerate(zip(demands, candidates, strict=True)):
            picks = []
            for p in found:
                shown = f"{action} {game.label(p)}" + (" to its owner's hand" if action == "return" else "")
                v = self.choice((action, player, str(i), p.id), 1, shown)
                self.cleanup.append((v, LIFE_WEIGHT))
                picks.append(v)
                picked.setdefault((action, p.id), []).append(v)
                conflict = fighting.get(p.id) if action in _LEAVES else busy.get(p.id)
                if conflict is not None:
                    self.hard.append((Lin.of([v]) + conflict).at_most(1))
            self.hard.append((Lin.of(picks) + owed_objects.times(-1)).at_least(0))
        for (action, obj), same in picked.items():
            self.hard.append(Lin.of(same).at_most(1))
            if action == "tap":
                amount = next((a for s, _, a in sources if s.id == obj), 1)
                self.hard.append((Lin.of(mana_use.get(obj, [])) + Lin.of(same).times(amount)).at_most(amount))
        for obj in dict.fromkeys(obj for action, obj in picked if action == "return"):
            if ("sacrifice", obj) in picked:
                self.hard.append(Lin.of([*picked["sacrifice", obj], *picked["return", obj]]).at_most(1))


def payment_side(game: GameView, terms: Sequence[CostTerm], tapped: InCombat, in_combat: InCombat) -> Side | None:
    """The side problem of paying ``terms`` (None without any). ``tapped``: when the declaration
    itself taps a permanent (an attacker without vigilance, 508.1f, before mana abilities,
    508.1i); ``in_combat``: when it attacks or blocks (it can't be sacrificed or returned to pay,
    docs/design.md §4.2)."""
    if not terms:
        return None
    builder = _Builder()
    for player in sorted({t.payer for t in terms}):
        builder.payer(game, player, [t for t in terms if t.payer == player], tapped, in_combat)
    return Side(tuple(builder.choices), tuple(builder.hard), Lin(tuple(builder.cleanup)))


def _mana_sources(game: GameView, player: str) -> list[tuple[PermanentView, tuple[tuple[str, int], ...], int]]:
    """Untapped permanents of ``player`` whose mana abilities can be activated now (605, 302.6),
    each with the colors it can make, the most one activation makes of each (tapping it activates
    one of its mana abilities: a {C}{C} ability and a one-mana "any color" one make {C}{C} or one
    colored mana, never two), and the most of any."""
    out = []
    for p in game.permanents_of(player):
        if p.tapped or game.is_summoning_sick(p):
            continue
        most: dict[str, int] = {}
        for i in game.instances.get(p.id, []):
            made = i.ability.mana_made()
            if made is not None:
                for color in made[0]:
                    most[color] = max(most.get(color, 0), made[1])
        if most:
            out.append((p, tuple(most.items()), max(most.values())))
    return sorted(out, key=lambda s: s[0].id)


def _per_color(terms: Sequence[CostTerm], *, phyrexian: bool) -> dict[str, Lin]:
    out: dict[str, Lin] = {}
    for t in terms:
        for color, n in t.cost.phyrexian if phyrexian else t.cost.colored:
            out[color] = out.get(color, Lin()) + t.units.times(n)
    return out


def settle(
    problem: Problem,
    incurred: Sequence[tuple[CostTerm, int]],
    chosen: frozenset[Atom],
    *,
    time_limit: float,
    also_tapped: frozenset[str] = frozenset(),
) -> tuple[list[CostReport], list[Violation]]:
    """The locked-in total per player of the cost terms a declaration incurs (``n`` times each,
    508.1h, 509.1d), whether each can be paid in full (508.1j, 509.1f: no partial payments) and,
    if so, how (the plan pays no more than the total: mana before life for Phyrexian symbols,
    no permanent beyond what is owed, then as few mana abilities and as little mana as it can).
    ``also_tapped``: permanents the declaration taps otherwise (enlisted creatures, 702.154a)."""
    side = problem.side
    unavailable: tuple[Cond, ...] = ()
    if side is not None and also_tapped:
        unavailable = tuple(
            Cmp(Lin.of([c]), None, 0)
            for c in side.choices
            if (c.key[0] == "mana" and c.key[2] in also_tapped) or (c.key[0] == "tap" and c.key[3] in also_tapped)
        )
    from . import paths

    settlement = paths.settle(problem, chosen, time_limit=time_limit, extra=unavailable)
    plan: dict[str, list[str]] = {}
    for c in side.choices if side is not None and settlement.values else ():
        n = (settlement.values or {}).get(c, 0)
        if n and c.shown:
            line = c.shown.format(n=n) if "{n}" in c.shown else (c.shown if n == 1 else f"{c.shown} x{n}")
            plan.setdefault(c.key[1], []).append(line)
    reports: list[CostReport] = []
    violations: list[Violation] = []
    rule = "508.1j" if incurred[0][0].rule.startswith("508") else "509.1f"
    payable = None if settlement.status == "undetermined" else settlement.status == "solved"
    for player in sorted({t.payer for t, _ in incurred}):
        terms = [(t, n) for t, n in incurred if t.payer == player]
        total = total_text([(t.cost, n) for t, n in terms])
        reports.append(
            CostReport(
                player=player,
                items=tuple(f"{n} x {t.description}" if n > 1 else t.description for t, n in terms),
                total=total,
                payable=payable,
                payment=tuple(plan.get(player, ())),
            )
        )
        if payable is False:
            violations.append(
                Violation(
                    rule=rule,
                    kind="unpayable_cost",
                    objects=(player,),
                    message=f"{player} can't pay the total cost {total} in full with the mana, life and permanents they have ({rule}: no partial payments)",
                )
            )
    return reports, violations
