"""Paying the costs of a declaration (508.1h-j, 509.1d-f) as the ``ir.Side`` problem of its
declaring unit: which mana ability makes which mana (605, one color per activation), life paid
for Phyrexian symbols (119.4), permanents sacrificed, tapped (118.3) or returned to hand, cards
discarded. Amounts owed are sums of atoms, so the same side problem serves a fixed declaration and
the search over declarations; ``settle`` solves it for one declaration and words the verdict."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.base import MAX_INTEGER
from ..model.cost_terms import CostTerm, total_text
from ..model.filters import PermanentView
from ..model.ir import Atom, Choice, Cmp, Cond, Lin, Problem, Side
from ..model.records import CostReport, Violation
from .mana import Option, all_colors, mana_options

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
        """What ``player`` owes for the cost terms ``mine`` and how they can pay it: the mana of
        the mana abilities they activate (605.3a), life, cards and permanents (118.3). A permanent
        sacrificed to its own mana ability (508.1i) is gone when the total is paid (508.1j): it
        can't also be sacrificed, returned or tapped for it, and no more can one another mana
        ability sacrificed (602.1: Ashnod's Altar; the sacrificed permanent's own abilities, which
        then come first, need no mana: the board warns otherwise)."""
        info = game.player(player)
        options = mana_options(game, player)
        activations: dict[Option, Choice] = {}
        made: dict[Option, dict[str, Choice]] = {}
        for o in options:
            activations[o], made[o] = self._option(game.label(o.source), player, o)
        self._counters(options, activations, made)
        energy = _lin((activations[o], o.energy) for o in options if o.energy)
        if energy.terms:  # 107.14: paid from the energy counters the player has
            self.hard.append(energy.at_most(info.energy))
        demands = [(action, f, t.units.times(n)) for t in mine for action, f, n in t.cost.permanents()]
        declared = len(demands)
        demands += [
            (action, f, Lin.of([activations[o]]).times(n))
            for o in options
            if o.cost is not None
            for action, f, n in o.cost.permanents()
        ]
        candidates = [
            [p for p in game.permanents_of(player) if game.matches(f, p, player) and (action != "tap" or not p.tapped)]
            for action, f, _ in demands
        ]
        involved = {o.source.id for o in options} | {p.id for ps in candidates for p in ps}
        busy = {i: lin for i in involved if (lin := tapped(game.permanent(i))) is not None}
        fighting = {i: lin for i in involved if (lin := in_combat(game.permanent(i))) is not None}
        more_life = sum(o.gains * (o.hi or 0) for o in options)  # 508.1i: gained before the total is paid
        pool = _Pool(self, player, options, made, activations)
        need_total = _sum(t.units.times(t.cost.generic) for t in mine)
        colored = _per_color(mine, phyrexian=False)
        phyrexian = _per_color(mine, phyrexian=True)
        hybrid = pool.hybrid(("final",), _per_pair(mine))
        life_for_phyrexian: list[Choice] = []
        for color in sorted(set(colored) | set(phyrexian) | set(hybrid)):
            need = colored.get(color, Lin()) + hybrid.get(color, Lin())
            if color in phyrexian:
                most = max(info.life + more_life, 0) // 2
                z = self.choice(("phyrexian", player, color), most, f"2 life for each of {{{color}/P}}")
                self.hard.append((Lin.of([z]) + phyrexian[color].times(-1)).at_most(0))
                self.cleanup.append((z, LIFE_WEIGHT))
                life_for_phyrexian.append(z)
                need = need + phyrexian[color] + _lin([(z, -1)])
            self.hard.append((pool.left(color) + need.times(-1)).at_least(0))
            need_total = need_total + need
        self.hard.append((pool.left_total() + need_total.times(-1)).at_least(0))
        paid_by_activations = [(activations[o], o.cost) for o in options if o.cost is not None]
        life_cost = _sum(t.units.times(t.cost.life) for t in mine) + _lin((v, c.life) for v, c in paid_by_activations)
        discard = _sum(t.units.times(t.cost.discard) for t in mine) + _lin(
            (v, c.discard) for v, c in paid_by_activations
        )
        self._life(player, options, activations, life_cost + _lin((z, 2) for z in life_for_phyrexian), info.life)
        self.hard.append(discard.at_most(info.hand))
        for what, owed, bound in (
            ("life", life_cost, info.life + more_life),
            ("discard", discard, info.hand),
        ):
            if owed.terms or owed.const:
                template = "pay {n} life" if what == "life" else "discard {n} cards"
                v = self.choice((what, player), max(bound, 0), template)
                self.hard.append((Lin.of([v]) + owed.times(-1)).equals(0))
        picked: dict[tuple[str, str], list[Choice]] = {}
        tapped_for_total: dict[str, list[Choice]] = {}
        sacrificed_for_mana: dict[str, list[Choice]] = {}
        for i, ((action, _, owed_objects), found) in enumerate(zip(demands, candidates, strict=True)):
            picks = []
            for p in found:
                shown = f"{action} {game.label(p)}" + (" to its owner's hand" if action == "return" else "")
                v = self.choice((action, player, str(i), p.id), 1, shown)
                self.cleanup.append((v, LIFE_WEIGHT))
                picks.append(v)
                picked.setdefault((action, p.id), []).append(v)
                if action == "tap" and i < declared:
                    tapped_for_total.setdefault(p.id, []).append(v)
                if action == "sacrifice" and i >= declared:
                    sacrificed_for_mana.setdefault(p.id, []).append(v)
                conflict = fighting.get(p.id) if action in _LEAVES else busy.get(p.id)
                if conflict is not None:
                    self.hard.append((Lin.of([v]) + conflict).at_most(1))
            self.hard.append((Lin.of(picks) + owed_objects.times(-1)).at_least(0))
        for same in picked.values():
            self.hard.append(Lin.of(same).at_most(1))
        for pid, gone in sacrificed_for_mana.items():  # 508.1i before 508.1j: gone when the total is paid
            if pid in tapped_for_total:
                self.hard.append(Lin.of([*gone, *tapped_for_total[pid]]).at_most(1))
        for obj in dict.fromkeys(obj for action, obj in picked if action == "return"):
            if ("sacrifice", obj) in picked:
                self.hard.append(Lin.of([*picked["sacrifice", obj], *picked["return", obj]]).at_most(1))
        for o in options:
            if o.sacrifice_self:
                pid = o.source.id
                paid_later = [*picked.get(("sacrifice", pid), ()), *picked.get(("return", pid), ()),
                              *tapped_for_total.get(pid, ())]  # fmt: skip
                self.hard.append((Lin.of([activations[o], *paid_later]) + fighting.get(pid, Lin())).at_most(1))
        tapping: dict[str, list[Choice]] = {}
        for o in options:
            if o.tap:
                tapping.setdefault(o.source.id, []).append(activations[o])
        for pid, uses in tapping.items():
            taps = [*uses, *picked.get(("tap", pid), ())]
            if len(taps) > 1 or pid in busy:
                self.hard.append((Lin.of(taps) + busy.get(pid, Lin())).at_most(1))

    def _counters(
        self, options: list[Option], activations: dict[Option, Choice], made: dict[Option, dict[str, Choice]]
    ) -> None:
        """602.1, 118.3: the counters the mana abilities of a permanent remove from it are on it:
        ``n`` each activation, or (X) one for each mana made beyond the ``base`` of each activation."""
        removed: dict[tuple[str, str], Lin] = {}
        for o in options:
            if o.removes is None:
                continue
            kind, n, base = o.removes
            lin = _lin([(activations[o], n)]) if n else Lin.of(made[o].values()) + _lin([(activations[o], -base)])
            key = (o.source.id, kind)
            removed[key] = removed.get(key, Lin()) + lin
        for (pid, kind), lin in removed.items():
            have = next(o.source for o in options if o.source.id == pid).counters.get(kind, 0)
            self.hard.append(lin.at_most(have))

    def _life(
        self, player: str, options: list[Option], activations: dict[Option, Choice], owed: Lin, life: int
    ) -> None:
        """119.4: life is paid only up to the life total: the life the mana abilities' costs take
        (paid first) and, if the declaration's costs take life too, that and the damage the mana
        abilities deal their controller (Ancient Tomb, 120.3a: they resolve before the total is
        paid, 508.1i-j), less the life they gain (Pristine Talisman, activated first)."""
        damage = _lin((activations[o], o.damage) for o in options if o.damage)
        gained = _lin((activations[o], -o.gains) for o in options if o.gains)
        if not damage.terms and not gained.terms:
            self.hard.append(owed.at_most(max(life, 0)))
            return
        by_abilities = _lin((activations[o], o.cost.life) for o in options if o.cost is not None and o.cost.life)
        # what gains life needs no mana and comes first (the board warns otherwise); the abilities'
        # own life is paid before any damage; each payment only while the life total reaches it
        most = abs(life) + sum((o.damage + o.gains) * (o.hi or 0) for o in options) + 1
        declaration = owed + by_abilities.times(-1)
        for label, paid, checked in (
            ("abilities pay life", by_abilities, by_abilities),
            ("pays life", declaration, owed + damage),
        ):
            pays = self.choice((label, player))  # 0 life can always be paid; more only up to the total (119.4)
            self.hard.append((paid + _lin([(pays, -most)])).at_most(0))
            self.hard.append((checked + gained + _lin([(pays, most)])).at_most(life + most))

    def _option(self, label: str, player: str, o: Option) -> tuple[Choice, dict[str, Choice]]:
        """How many times ``o`` is activated (605.3a; named in the shown plan when it costs more
        than {T}) and the mana that makes, per color: one of its combinations each time (605.1a),
        or ``most`` in any combination of its colors (106.1)."""
        shown = "" if o.cost is None and not o.sacrifice_self and not o.energy else f"activate {label} ({o.text})"
        hi = o.hi or 0
        n = self.choice(("activate", player, o.source.id, str(o.index), "tap" if o.tap else ""), hi, shown)
        self.cleanup.append((n, SOURCE_WEIGHT))
        out = {
            c: self.choice(("mana", player, o.source.id, str(o.index), c), most * hi, f"{label}: {{{c}}}")
            for c, most in o.per_color.items()
        }
        self.cleanup += [(v, 1) for v in out.values()]
        if o.mix or o.ones:
            self.hard.append((Lin.of(out.values()) + _lin([(n, -o.most)])).at_most(0))
        elif len(o.combos) == 1:
            for c, k in o.combos[0]:
                self.hard.append(_lin([(out[c], 1), (n, -k)]).at_most(0))
        else:
            picks = [
                self.choice(("combo", player, o.source.id, str(o.index), str(a)), hi) for a in range(len(o.combos))
            ]
            self.hard.append((Lin.of(picks) + _lin([(n, -1)])).at_most(0))
            for c, v in out.items():
                self.hard.append(
                    _lin(
                        [(v, 1), *((p, -dict(combo).get(c, 0)) for p, combo in zip(picks, o.combos, strict=True))]
                    ).at_most(0)
                )
        return n, out


class _Pool:
    """Where mana goes (605.3a, 106.4): a mana ability whose cost includes mana is paid from
    the mana of the others (never from its own), in an order of activation (an ability only pays
    for those activated after it); what is left pays the declaration's costs. Without such
    abilities all mana goes to the declaration (no order is needed)."""

    def __init__(
        self,
        builder: _Builder,
        player: str,
        options: list[Option],
        made: dict[Option, dict[str, Choice]],
        activations: dict[Option, Choice],
    ) -> None:
        self.builder, self.player, self.made = builder, player, made
        self.colors = all_colors(options)
        self.spent: dict[str, list[Choice]] = {}
        paid = [o for o in options if o.mana_cost]
        sacrificed = {o.source.id for o in paid}
        ranked = paid + [o for o in options if o.sacrifice_self and not o.mana_cost and o.source.id in sacrificed]
        before: dict[tuple[Option, Option], Choice] = {}
        if len(ranked) > 1:
            before = {
                (i, j): builder.choice(("before", player, i.source.id, str(i.index), j.source.id, str(j.index)))
                for i in ranked
                for j in ranked
                if i is not j
            }
            for k, i in enumerate(ranked):
                for j in ranked[k + 1 :]:
                    builder.hard.append(Lin.of([before[i, j], before[j, i]]).at_most(1))
        if len(ranked) > 2:
            rank = {o: builder.choice(("rank", player, o.source.id, str(o.index)), len(ranked) - 1) for o in ranked}
            for (i, j), y in before.items():
                builder.hard.append(_lin([(rank[j], 1), (rank[i], -1), (y, -len(ranked))]).at_least(1 - len(ranked)))
        for s in ranked:
            if not s.sacrifice_self:
                continue
            for o in options:
                if o is not s and o.source.id == s.source.id and o in ranked:
                    used = self._used(o, activations[o])
                    builder.hard.append(_lin([(activations[s], 1), (used, 1), (before[o, s], -1)]).at_most(1))
        seeds = [o for o in options if o not in ranked]
        from_seeds: dict[str, list[Choice]] = {}
        for j in paid:
            cost = j.cost
            assert cost is not None
            n = activations[j]
            need = {c: Lin() for c in self.colors}
            for c, k in cost.colored:
                need.setdefault(c, Lin())
                need[c] = need[c] + _lin([(n, k)])
            for c, lin in self.hybrid(
                ("cost", j.source.id, str(j.index)), {p: _lin([(n, k)]) for p, k in cost.hybrid}
            ).items():
                need[c] = need.get(c, Lin()) + lin
            into: dict[str, list[Choice]] = {}
            for c in self.colors:
                bound = sum(s.most_of(c) * (s.hi or 0) for s in seeds)
                if bound:
                    q = builder.choice(
                        ("spend", player, "seeds", j.source.id, str(j.index), c), min(bound, MAX_INTEGER)
                    )
                    from_seeds.setdefault(c, []).append(q)
                    into.setdefault(c, []).append(q)
                for i in ranked:
                    if i is not j and (most := i.most_of(c) * (i.hi or 0)):
                        q = builder.choice(
                            ("spend", player, i.source.id, str(i.index), j.source.id, str(j.index), c), most
                        )
                        builder.hard.append(_lin([(q, 1), (before[i, j], -most)]).at_most(0))
                        self.spent.setdefault(f"{i.source.id}#{i.index}#{c}", []).append(q)
                        into.setdefault(c, []).append(q)
            for c, lin in need.items():
                builder.hard.append((Lin.of(into.get(c, [])) + lin.times(-1)).at_least(0))
            total = _lin([(n, j.mana_cost)])
            builder.hard.append((Lin.of([q for qs in into.values() for q in qs]) + total.times(-1)).at_least(0))
        for c, qs in from_seeds.items():
            seed_made = Lin.of([made[s][c] for s in seeds if c in made[s]])
            builder.hard.append((seed_made + Lin.of(qs).times(-1)).at_least(0))
        for i in ranked:
            for c, v in made[i].items():
                out = self.spent.get(f"{i.source.id}#{i.index}#{c}", [])
                if out:
                    builder.hard.append((Lin.of([v]) + Lin.of(out).times(-1)).at_least(0))
        self.consumed: dict[str, list[Choice]] = {c: [] for c in self.colors}
        for c, qs in from_seeds.items():
            self.consumed[c] += qs
        for key, qs in self.spent.items():
            self.consumed[key.rsplit("#", 1)[1]] += qs

    def _used(self, o: Option, n: Choice) -> Choice:
        """1 if ``o`` is activated at all."""
        if o.hi == 1:
            return n
        used = self.builder.choice(("used", self.player, o.source.id, str(o.index)))
        self.builder.hard.append(_lin([(n, 1), (used, -(o.hi or 0))]).at_most(0))
        return used

    def hybrid(self, key: tuple[str, ...], owed: dict[str, Lin]) -> dict[str, Lin]:
        """107.4e: each hybrid symbol paid with one of its two colors: the need per color."""
        out: dict[str, Lin] = {}
        for pair, lin in owed.items():
            hi = min(MAX_INTEGER, sum(o.most * (o.hi or 0) for o in self.made))
            split = [self.builder.choice(("hybrid", self.player, *key, pair, c), hi) for c in pair]
            self.builder.hard.append((Lin.of(split) + lin.times(-1)).equals(0))
            for c, v in zip(pair, split, strict=True):
                out[c] = out.get(c, Lin()) + Lin.of([v])
        return out

    def left(self, color: str) -> Lin:
        """The mana of ``color`` left for the declaration's costs."""
        return Lin.of([m[color] for m in self.made.values() if color in m]) + Lin.of(
            self.consumed.get(color, [])
        ).times(-1)

    def left_total(self) -> Lin:
        return _sum(self.left(c) for c in self.colors)


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


def _per_pair(terms: Sequence[CostTerm]) -> dict[str, Lin]:
    out: dict[str, Lin] = {}
    for t in terms:
        for pair, n in t.cost.hybrid:
            out[pair] = out.get(pair, Lin()) + t.units.times(n)
    return out


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
            if (c.key[0] == "activate" and c.key[4] == "tap" and c.key[2] in also_tapped)
            or (c.key[0] == "tap" and c.key[3] in also_tapped)
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
