"""The mana abilities a payer can activate while paying a declaration's costs (508.1i, 605.3a):
each an ``Option`` (one mana ability, or the plain "{T}: Add" abilities of one permanent merged:
tapping it activates one of them), with how often it can be activated and what one activation
costs and makes (605.1a, 106.1, 118.3)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..model.base import MAX_INTEGER
from ..model.cost_terms import MANA_COLORS, Cost, UnitCost
from ..model.filters import PermanentView
from ..rules.costs import ManaAbility

if TYPE_CHECKING:
    from ..rules.kind import GameView


@dataclass(frozen=True, eq=False)
class Option:
    """One way to make mana: ``combos`` (one of them per activation) or, with ``mix``, ``most``
    mana in any combination of ``colors``; ``tap``: {T} is part of its cost; ``cost``: the rest
    (None: none); ``hi``: the most activations (None: bounded only by the mana it is fed);
    ``damage``: what one activation deals its controller."""

    source: PermanentView
    index: int
    colors: tuple[str, ...]
    combos: tuple[tuple[tuple[str, int], ...], ...]
    mix: bool
    most: int
    tap: bool
    cost: UnitCost | None
    sacrifice_self: bool
    hi: int | None
    text: str
    damage: int = 0

    @property
    def mana_cost(self) -> int:
        """How much mana one activation costs."""
        c = self.cost
        return 0 if c is None else c.generic + sum(n for _, n in (*c.colored, *c.hybrid))

    def most_of(self, color: str) -> int:
        """The most mana of ``color`` one activation makes."""
        if self.mix:
            return self.most if color in self.colors else 0
        return max(dict(combo).get(color, 0) for combo in self.combos)


def mana_options(game: GameView, player: str) -> list[Option]:
    """The mana abilities of ``player``'s permanents that can be activated now (605, 302.6: a {T}
    ability of a creature needs it controlled since the turn began, 602.5b: none left this turn),
    by permanent id. Plain "{T}: Add" abilities of one permanent are one option (tapping it
    activates one of them: a {C}{C} ability and a one-mana "any color" one make {C}{C} or one
    colored mana, never two)."""
    info = game.player(player)
    out: list[Option] = []
    for p in sorted(game.permanents_of(player), key=lambda q: q.id):
        untapped = not p.tapped and not game.is_summoning_sick(p)
        abilities = [
            i.ability
            for i in game.instances.get(p.id, [])
            if isinstance(i.ability, ManaAbility) and i.ability.per_turn != 0 and (untapped or not i.ability.tap)
        ]
        most: dict[str, int] = {}
        for a in abilities:
            if a.simple():
                for color in a.colors():
                    most[color] = max(most.get(color, 0), a.amount)
        if most:
            merged = tuple(((c, n),) for c, n in most.items())
            out.append(Option(p, 0, tuple(most), merged, False, max(most.values()), True, None, False, 1, "{T}"))
        for k, a in enumerate(a for a in abilities if not a.simple()):
            cost = a.cost.resolve(game, player) if a.cost is not None else None
            combos: tuple[tuple[tuple[str, int], ...], ...] = (
                () if a.mix else tuple(tuple(sorted(c.items())) for c in a.combinations())
            )
            hi = _most_activations(game, player, a, info.life, info.hand)
            out.append(Option(p, k + 1, a.colors(), combos, a.mix, a.most(), a.tap, cost, a.sacrifice_self, hi,
                              a.cost_text(), a.damage_to_you))  # fmt: skip
    bounded = sum(o.hi * o.most for o in out if o.hi is not None)
    fed = min(MAX_INTEGER, bounded * (len(out) + 1))
    return [o if o.hi is not None else replace(o, hi=min(MAX_INTEGER, fed // max(o.mana_cost, 1))) for o in out]


def _most_activations(game: GameView, player: str, a: ManaAbility, life: int, hand: int) -> int | None:
    """The most times ``a`` can be activated: once with {T} or a sacrifice of itself, else as
    often as ``per_turn``, the life (119.4), cards and untapped permanents its cost takes allow;
    None if only the mana it is fed bounds it."""
    if a.tap or a.sacrifice_self:
        return 1
    bounds = [a.per_turn] if a.per_turn is not None else []
    cost = a.cost or Cost()
    if cost.life:
        bounds.append(max(life, 0) // cost.life)
    if cost.discard:
        bounds.append(max(hand, 0) // cost.discard)
    if cost.tap is not None:
        f = cost.tap.filter
        untapped = [p for p in game.permanents_of(player) if not p.tapped and game.matches(f, p, player)]
        bounds.append(len(untapped) // cost.tap.n)
    return min(bounds) if bounds else None


def all_colors(options: list[Option]) -> tuple[str, ...]:
    """The colors (and {C}) some option makes, in the order of 106.1."""
    return tuple(c for c in MANA_COLORS if any(c in o.colors for o in options))
