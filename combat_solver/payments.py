"""From cost terms to payers (508.1h-j, 509.1d-f): what each player owes for a declaration, in
atoms, and what they can pay with: mana abilities (605), life (119.4), permanents, cards."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .filters import PermanentView
from .ir import Lin, ManaSource, ObjectDemand, Payer
from .rules.base import CostTerm, GameView, describe_total
from .rules.costs import mana_sources

InCombat = Callable[[PermanentView], Lin | None]


def build_payers(game: GameView, terms: Sequence[CostTerm], tapped: InCombat, in_combat: InCombat) -> tuple[Payer, ...]:
    """One payer per player who may owe something. ``tapped``: when the declaration taps a
    permanent (508.1f); ``in_combat``: when it attacks or blocks (it can't be sacrificed)."""
    payers = []
    for player in sorted({t.payer for t in terms}):
        mine = [t for t in terms if t.payer == player]
        merged: dict[str, ManaSource] = {}
        for p, ability in mana_sources(game, player):
            old = merged.get(p.id)
            colors = tuple(dict.fromkeys((*(old.colors if old else ()), *ability.colors())))
            merged[p.id] = ManaSource(p.id, game.label(p), colors, max(ability.amount, old.amount if old else 0))
        objects = []
        for t in mine:
            for action, spec in (("sacrifice", t.cost.sacrifice), ("tap", t.cost.tap)):
                if spec is None:
                    continue
                f, n = spec
                candidates = tuple(
                    (p.id, game.label(p))
                    for p in game.permanents_of(player)
                    if game.matches(f, p, player) and (action == "sacrifice" or not p.tapped)
                )
                objects.append(ObjectDemand(action, candidates, t.units.times(n), f"{n} {f.describe()}"))
        ids = set(merged) | {obj for d in objects for obj, _ in d.candidates}
        perms = [game.permanent(i) for i in sorted(ids)]
        info = game.player(player)
        payers.append(
            Payer(
                player=player,
                life=info.life,
                hand=info.hand,
                sources=tuple(merged[k] for k in sorted(merged)),
                generic=_sum(t.units.times(t.cost.generic) for t in mine),
                colored=_per_color(mine, phyrexian=False),
                phyrexian=_per_color(mine, phyrexian=True),
                life_cost=_sum(t.units.times(t.cost.life) for t in mine),
                discard=_sum(t.units.times(t.cost.discard) for t in mine),
                objects=tuple(objects),
                tapped={p.id: lin for p in perms if (lin := tapped(p)) is not None},
                in_combat={p.id: lin for p in perms if (lin := in_combat(p)) is not None},
            )
        )
    return tuple(payers)


def _sum(lins: Iterable[Lin]) -> Lin:
    total = Lin()
    for lin in lins:
        total = total + lin
    return total


def _per_color(terms: Sequence[CostTerm], *, phyrexian: bool) -> tuple[tuple[str, Lin], ...]:
    out: dict[str, Lin] = {}
    for t in terms:
        for color, n in t.cost.phyrexian if phyrexian else t.cost.colored:
            out[color] = out.get(color, Lin()) + t.units.times(n)
    return tuple(sorted(out.items()))


def total_text(terms: Sequence[tuple[CostTerm, int]]) -> str:
    """The locked-in total (508.1h) of terms incurred ``n`` times each, e.g. "{4}{W/P}, 2 life"."""
    generic = sum(t.cost.generic * n for t, n in terms)
    colored: dict[str, int] = {}
    phyrexian: dict[str, int] = {}
    for t, n in terms:
        for c, k in t.cost.colored:
            colored[c] = colored.get(c, 0) + k * n
        for c, k in t.cost.phyrexian:
            phyrexian[c] = phyrexian.get(c, 0) + k * n
    sacrifice = [(t.cost.sacrifice[0].describe(), t.cost.sacrifice[1] * n) for t, n in terms if t.cost.sacrifice]
    tap = [(t.cost.tap[0].describe(), t.cost.tap[1] * n) for t, n in terms if t.cost.tap]
    return describe_total(
        generic,
        colored,
        phyrexian,
        sum(t.cost.life * n for t, n in terms),
        sum(t.cost.discard * n for t, n in terms),
        sacrifice,
        tap,
    )
