"""The mana abilities a payer can activate while paying a declaration's costs (508.1i, 605.3a):
each an ``Option`` (one mana ability, or the plain "{T}: Add" abilities of one permanent merged:
tapping it activates one of them), with how often it can be activated and what one activation
costs and makes (605.1a, 106.1, 118.3)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from ..model.base import MAX_INTEGER
from ..model.cost_terms import MANA_COLORS, Cost, UnitCost
from ..model.filters import PermanentView
from ..rules.mana import ManaAbility, ManaTrigger, activatable

if TYPE_CHECKING:
    from ..rules.kind import GameView, Instance


@dataclass(eq=False, slots=True)
class Option:
    """One way to make mana: ``combos`` (one of them per activation) or, with ``mix``, ``most``
    mana in any combination of ``colors``; ``tap``: {T} is part of its cost; ``cost``: the rest
    (None: none); ``hi``: the most activations (None: bounded only by the mana it is fed);
    ``damage``: what one activation deals its controller. Made once per side problem and never
    changed (slots, not frozen: a board has one per mana source, built for every declaring unit)."""

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
    per_color: dict[str, int] = field(default_factory=dict)
    """The most mana of each color one activation makes."""
    ones: bool = False
    """Each activation makes one mana (of one of ``colors``)."""
    energy: int = 0
    """The energy counters one activation pays (107.14)."""
    removes: tuple[str, int, int] | None = None
    """The counters it removes from its permanent (602.1): their kind, how many one activation
    removes (0: any number, X, and it makes ``base`` mana plus one for each) and ``base``."""
    gains: int = 0
    """The life one activation gains, before the total is paid."""

    @property
    def mana_cost(self) -> int:
        """How much mana one activation costs."""
        c = self.cost
        return 0 if c is None else c.generic + sum(n for _, n in (*c.colored, *c.hybrid))

    def most_of(self, color: str) -> int:
        """The most mana of ``color`` one activation makes."""
        return self.per_color.get(color, 0)


def _option(
    source: PermanentView,
    index: int,
    combos: tuple[tuple[tuple[str, int], ...], ...],
    mix: tuple[tuple[str, ...], int] | None,
    **rest: Any,
) -> Option:
    """An option that makes one of ``combos``, or with ``mix`` (colors, amount) that much mana in
    any combination of those colors."""
    if mix is not None:
        colors, most = mix
        per_color = dict.fromkeys(colors, most)
    else:
        per_color = {}
        for combo in combos:
            for c, n in combo:
                per_color[c] = max(per_color.get(c, 0), n)
        colors, most = tuple(per_color), max(sum(n for _, n in combo) for combo in combos)
    ones = most == 1
    return Option(source, index, colors, combos, mix is not None, most, per_color=per_color, ones=ones, **rest)


def mana_options(game: GameView, player: str) -> list[Option]:
    """The mana abilities of ``player``'s permanents that can be activated now (605, 302.6: a {T}
    ability of a creature needs it controlled since the turn began, 602.5b: none left this turn),
    by permanent id. Plain "{T}: Add" abilities of one permanent are one option (tapping it
    activates one of them: a {C}{C} ability and a one-mana "any color" one make {C}{C} or one
    colored mana, never two)."""
    info = game.player(player)
    out: list[Option] = []
    like = could_produce(game)
    triggers = _triggers(game, player)
    usable = {q.id: activatable(game.instances.get(q.id, ())) for q in game.permanents_of(player)}
    once = [
        m
        for found in usable.values()
        for _, i in found
        if isinstance(m := i.ability, ManaAbility) and (m.tap or m.sacrifice_self)
    ]  # each activated once at most: the life they can add to pay another's cost with
    hand, life = info.hand, info.life + sum(m.gains_life for m in once)
    for p in sorted(game.permanents_of(player), key=lambda q: q.id):
        found = []
        for k, i in usable[p.id]:
            if isinstance(i.ability, ManaAbility):
                a = _counted(game, player, p, i.ability, like.get((p.id, k), ()))
                if a is not None:  # one making no mana now taps for none and triggers nothing (106.12a)
                    found.append(a)
        if not found:
            continue
        untapped = not p.tapped and game.can_use_tap_abilities(p)
        abilities = [
            a
            for a in found
            if a.per_turn != 0 and (untapped or not a.tap) and _has_counters(p, a) and a.energy <= info.energy
        ]
        plain = [a for a in abilities if a.simple()]
        most: dict[str, int] = {}
        for a in plain:
            for color in a.colors():
                most[color] = max(most.get(color, 0), a.amount)
        if most:
            top = max(most.values())
            merged = tuple(((c, n),) for c, n in most.items())
            out.append(Option(p, 0, tuple(most), merged, False, top, True, None, False, 1, "{T}", 0, most, top == 1))
        for k, a in enumerate(a for a in abilities if a not in plain):
            removed = a.remove_counters
            have = p.counters.get(removed.kind, 0) if removed is not None else 0
            made = a.model_copy(update={"amount": a.amount + have}) if a.per_counter else a
            combos = () if a.mix else tuple(tuple(sorted(c.items())) for c in made.combinations())
            last = removed is not None and removed.n != "X" and have <= removed.n
            out.append(
                _option(
                    p,
                    k + 1,
                    combos,
                    (a.colors(), made.amount) if a.mix else None,
                    tap=a.tap,
                    cost=a.cost.resolve(game, player) if a.cost is not None else None,
                    sacrifice_self=a.sacrifice_self or (a.sacrifice_when_none and last),
                    hi=_most_activations(game, player, a, life, hand, have),
                    text=a.cost_text(),
                    damage=a.damage_to_you,
                    energy=a.energy,
                    gains=a.gains_life,
                    removes=None if removed is None else (removed.kind, 0 if removed.n == "X" else removed.n, a.amount),
                )
            )
    if triggers:
        out = _triggered(game, out, triggers)
    bounded = sum(o.hi * o.most for o in out if o.hi is not None)
    fed = min(MAX_INTEGER, bounded * (len(out) + 1))
    return [o if o.hi is not None else replace(o, hi=min(MAX_INTEGER, fed // max(o.mana_cost, 1))) for o in out]


def _triggers(game: GameView, player: str) -> list[tuple[str | None, ManaTrigger]]:
    """605.1b: the triggered mana abilities on the battlefield that ``player`` tapping a permanent
    for mana can trigger (their controller's, or any player's with ``by: any``), with their controller."""
    return [
        (i.controller, i.ability)
        for q in game.permanents
        for i in game.instances.get(q.id, ())
        if isinstance(i.ability, ManaTrigger) and (i.ability.by == "any" or i.controller == player)
    ]


def _triggered(game: GameView, options: list[Option], triggers: list[tuple[str | None, ManaTrigger]]) -> list[Option]:
    """605.1b, 605.4a: each {T} option (106.12a) with the mana the triggered mana abilities its
    permanent matches add to every activation (each ``same_type`` one of the types the activation
    made, 106.12b), in one combination with it (a ``mix`` made one combination at a time). An
    option removing X counters is left as it is (the board warns, ``resolve/mana_order.py``); one
    that makes nothing (no counter to remove) is dropped: it triggers nothing either (106.12a)."""
    out: list[Option] = []
    for o in options:
        hits = [
            t
            for you, t in triggers
            if o.tap and (o.removes is None or o.removes[1]) and game.matches(t.tapped, o.source, you)
        ]
        if not hits:
            if o.most:
                out.append(o)
            continue
        bases = o.combos
        if o.mix:
            bases = tuple(tuple(sorted(Counter(c).items())) for c in combinations_with_replacement(o.colors, o.most))
        combos: dict[tuple[tuple[str, int], ...], None] = {}
        for base in bases:
            made = [c for c, n in base if n]
            pools = [Counter(dict(base))]
            for t in hits:
                pools = [pool + Counter(more) for pool in pools for more in t.added(made) or ({},)]
            combos.update(dict.fromkeys(tuple(sorted(pool.items())) for pool in pools if pool))
        if combos:
            rest = {"tap": o.tap, "cost": o.cost, "sacrifice_self": o.sacrifice_self, "hi": o.hi, "text": o.text}
            more = {"damage": o.damage, "energy": o.energy, "removes": o.removes, "gains": o.gains}
            out.append(_option(o.source, o.index, tuple(combos), None, **rest, **more))
    return out


def could_produce(game: GameView) -> dict[tuple[str, int], tuple[str, ...]]:
    """106.7: the mana each ``like`` ability (by permanent id and instance index) can make: the
    types the permanents its filter matches could produce, what one of their mana abilities would
    make if it resolved now, costs ignored (an amount that counts none makes nothing); found from
    none up, so that abilities reading each other (two Reflecting Pools) make only what another
    ability gives them."""
    likes = [
        (p, k, i)
        for p in game.permanents
        for k, i in enumerate(game.instances.get(p.id, ()))
        if isinstance(i.ability, ManaAbility) and i.ability.like is not None
    ]
    found: dict[tuple[str, int], tuple[str, ...]] = {(p.id, k): () for p, k, _ in likes}
    changed = bool(likes)
    while changed:
        changed = False
        for p, k, i in likes:
            a = i.ability
            assert isinstance(a, ManaAbility) and a.like is not None
            types: set[str] = set()
            for q in game.permanents:
                if game.matches(a.like, q, i.controller):
                    for j, other in enumerate(game.instances.get(q.id, ())):
                        b = other.ability
                        if isinstance(b, ManaAbility):
                            types |= set(found.get((q.id, j), ()) if b.like is not None else _types(game, q, other))
            made = tuple(c for c in MANA_COLORS if c in types and (a.like_type or c != "C"))
            if made != found[p.id, k]:
                found[p.id, k], changed = made, True
    return found


def _types(game: GameView, q: PermanentView, i: Instance) -> tuple[str, ...]:
    """The types of mana a mana ability (not ``like``) would make if it resolved now (106.7)."""
    b = i.ability
    assert isinstance(b, ManaAbility)
    if i.controller is None:
        return ()
    return b.colors() if _counted(game, i.controller, q, b, ()) is not None else ()


def _counted(
    game: GameView, player: str, p: PermanentView, a: ManaAbility, like: tuple[str, ...]
) -> ManaAbility | None:
    """``a`` with a counted amount made that many times ``amount``, with ``like`` the types it reads
    (None: none to count or to make), counted on the board as it stands (608.2h): with no mana cost
    it can be activated first, when nothing has left or changed yet; with one (Cabal Coffers) the
    board warns where something it counts can leave first (``resolve/mana_order.py``)."""
    if a.like is not None:
        return a.model_copy(update={"produces": "".join(like), "like": None, "like_type": False}) if like else None
    if a.for_each is not None:
        n = sum(1 for q in game.permanents if game.matches(a.for_each, q, player))
    elif a.for_each_counter is not None:
        n = p.counters.get(a.for_each_counter, 0)
    elif a.for_player is not None:
        n = max(0, getattr(game.player(player), a.for_player))
    elif a.for_power == "self":
        n = max(0, p.power or 0)
    elif a.for_power == "greatest":
        powers = [q.power or 0 for q in game.permanents if q.is_creature and q.controller == player]
        n = max([0, *powers])
    else:
        return a
    return a.model_copy(update={**dict.fromkeys(a.counted_by), "amount": a.amount * n}) if n else None


def _has_counters(p: PermanentView, a: ManaAbility) -> bool:
    """The counters its cost removes are on its permanent (X: at least one, or it makes mana with none)."""
    removed = a.remove_counters
    if removed is None:
        return True
    have = p.counters.get(removed.kind, 0)
    return have >= removed.n if removed.n != "X" else have > 0 or a.amount > 0


def _most_activations(game: GameView, player: str, a: ManaAbility, life: int, hand: int, counters: int) -> int | None:
    """The most times ``a`` can be activated: once with {T} or a sacrifice of itself, else as
    often as ``per_turn``, the life (119.4), cards, untapped permanents, permanents to sacrifice
    and ``counters`` (its
    permanent's, of the kind it removes: one at least each time X of them are removed and it
    makes X mana) its cost takes allow; None if only the mana it is fed bounds it."""
    if a.tap or a.sacrifice_self:
        return 1
    bounds = [a.per_turn] if a.per_turn is not None else []
    if a.energy:
        bounds.append(game.player(player).energy // a.energy)
    if a.remove_counters is not None:
        n = a.remove_counters.n
        bounds.append(counters if n == "X" else counters // n)
    cost = a.cost or Cost()
    if cost.life:
        bounds.append(max(life, 0) // cost.life)
    if cost.discard:
        bounds.append(max(hand, 0) // cost.discard)
    if cost.tap is not None:
        f = cost.tap.filter
        untapped = [p for p in game.permanents_of(player) if not p.tapped and game.matches(f, p, player)]
        bounds.append(len(untapped) // cost.tap.n)
    if cost.sacrifice is not None:
        f = cost.sacrifice.filter
        bounds.append(sum(1 for p in game.permanents_of(player) if game.matches(f, p, player)) // cost.sacrifice.n)
    return min(bounds) if bounds else None


def all_colors(options: list[Option]) -> tuple[str, ...]:
    """The colors (and {C}) some option makes, in the order of 106.1."""
    return tuple(c for c in MANA_COLORS if any(c in o.colors for o in options))
