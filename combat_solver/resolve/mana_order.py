"""Where the order in which mana abilities are activated (605.3a, 508.1i) changes what they make
and the payment (``solve/payment.py``, which takes some of them as activated first) can't say so:
the verdict warns instead of guessing (docs/design.md, "Mana abilities with costs"). Loaded only
for a board with a mana ability that reads others, counts or sacrifices another permanent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from ..board.model import Board, Permanent
from ..model.cost_terms import Mana
from ..model.filters import Filter, PermanentView
from ..rules.kind import Instance
from ..rules.mana import ManaAbility, ManaTrigger, activatable
from ..rules.registry import Grant
from .effects import is_removal, is_type_change


class Game(Protocol):
    """What the warnings read of the resolved game (``resolve.game.Game``)."""

    @property
    def board(self) -> Board: ...

    @property
    def instances(self) -> Mapping[str, Sequence[Instance]]: ...

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool: ...


def order_warnings(game: Game) -> tuple[str, ...]:
    return _could_produce(game) + _sacrifices(game) + _counts(game) + _triggered_x(game) + _life_gains(game)


def _mana(game: Game, pid: str) -> list[ManaAbility]:
    return [i.ability for _, i in activatable(game.instances.get(pid, ())) if isinstance(i.ability, ManaAbility)]


def _needs_mana(a: ManaAbility) -> bool:
    """Its cost includes mana (it can't always be activated first)."""
    return a.cost is not None and Mana.parse(a.cost.mana).count() > 0


def _order_bound(a: ManaAbility) -> bool:
    """It needs mana and what it can do may change once a permanent has left: its condition, or
    the permanents its cost taps."""
    return _needs_mana(a) and (
        a.condition is not None or a.unless is not None or (a.cost is not None and a.cost.tap is not None)
    )


def _could_produce(game: Game) -> tuple[str, ...]:
    """106.7: what a permanent could produce counts an ability whatever its activation
    restriction ("Activate only if ..."), but a mana ability under a condition is on the board
    only where the condition holds: a ``like`` ability beside one is warned, not guessed."""
    likes = [
        i.source
        for found in game.instances.values()
        for i in found
        if isinstance(i.ability, ManaAbility) and i.ability.like is not None
    ]
    if not likes:
        return ()
    given = [a for p in game.board.permanents for a in p.abilities] + [e.ability for e in game.board.effects]
    conditional = [a.condition or a.unless for a in given if isinstance(a, ManaAbility)] + [
        a.condition or a.unless or a.ability.condition or a.ability.unless
        for a in given
        if isinstance(a, Grant) and isinstance(a.ability, ManaAbility)
    ]
    if not any(conditional):
        return ()
    return tuple(
        f"{name}: what lands could produce (106.7) counts mana abilities under a condition that is false now;"
        " it is read from those that apply"
        for name in dict.fromkeys(likes)
    )


def _sacrifices(game: Game) -> tuple[str, ...]:
    """602.1: a mana ability that sacrifices another permanent (Ashnod's Altar) is paid as if the
    sacrificed permanent's own mana abilities came first, which they can when they need no mana
    and its leaving takes no ability from another and gives none back; and as if the abilities
    read as the board stands came first too, which they can when they need no mana. Where that
    doesn't hold the order matters and the verdict warns."""
    out: list[str] = []
    for p in game.board.permanents:
        for i in game.instances.get(p.id, ()):
            a = i.ability
            if not isinstance(a, ManaAbility) or a.cost is None or a.cost.sacrifice is None:
                continue
            f, you = a.cost.sacrifice.filter, i.controller
            mine = [q for q in game.board.permanents if q.controller == you]
            risky = [q.name for q in mine if game.matches(f, q, you) and _leaving_changes_mana(game, q)]
            risky += [q.name for q in mine for b in _mana(game, q.id) if b is not a and _order_bound(b)]
            if risky:
                out.append(
                    f"{p.name}: sacrificing for mana (602.1) before {', '.join(dict.fromkeys(risky))}'s mana"
                    " abilities changes what they make or need; the order isn't modelled"
                )
    return tuple(dict.fromkeys(out))


def _leaving_changes_mana(game: Game, q: Permanent) -> bool:
    """Whether ``q`` leaving the battlefield changes what mana abilities can be activated beyond
    its own that need no mana: it has one that needs mana, gives mana abilities, or takes
    abilities away or changes types (613.1d, 613.1f)."""
    gives = any(
        (isinstance(a, Grant) and isinstance(a.ability, ManaAbility)) or is_removal(a) or is_type_change(a)
        for a in q.abilities
    )
    return gives or any(_needs_mana(a) for a in _mana(game, q.id))


def _counts(game: Game) -> tuple[str, ...]:
    """608.2h: a counted amount whose ability needs mana (Cabal Coffers) counts as it resolves,
    after the abilities that paid for it: where a permanent it counts can leave while paying
    (sacrificed to its own or another mana ability, or with its last depletion counter), the
    count depends on the order and the verdict warns."""
    out: list[str] = []
    for p in game.board.permanents:
        for i in game.instances.get(p.id, ()):
            a, you = i.ability, i.controller
            if not isinstance(a, ManaAbility) or a.for_each is None or not _needs_mana(a):
                continue
            mine = [q for q in game.board.permanents if q.controller == you]
            sacrificed = [
                b.cost.sacrifice.filter for q in mine for b in _mana(game, q.id) if b.cost and b.cost.sacrifice
            ]
            leaving = [
                q for q in mine
                if any(b.sacrifice_self or b.sacrifice_when_none for b in _mana(game, q.id))
                or any(game.matches(f, q, you) for f in sacrificed)
            ]  # fmt: skip
            if any(game.matches(a.for_each, q, you) for q in leaving):
                out.append(
                    f"{p.name}: what it counts (608.2h) can leave while its cost is paid; the count is taken"
                    " as the board stands"
                )
    return tuple(dict.fromkeys(out))


def _triggered_x(game: Game) -> tuple[str, ...]:
    """605.1b: a triggered mana ability on a {T} ability removing X counters (storage lands): the
    payment reads the counters removed from the mana made, which the added mana would confuse; it
    is paid without the added mana and the verdict warns."""
    triggers = [(i.controller, i.ability) for found in game.instances.values() for i in found
                if isinstance(i.ability, ManaTrigger)]  # fmt: skip
    out = [
        f"{p.name}: the mana a triggered mana ability adds when it is tapped removing X counters (605.1b)"
        " is not counted"
        for p in game.board.permanents
        for a in _mana(game, p.id)
        if a.tap and a.remove_counters is not None and a.remove_counters.n == "X"
        and any(game.matches(t.tapped, p, you) for you, t in triggers)
    ]  # fmt: skip
    return tuple(dict.fromkeys(out))


def _life_gains(game: Game) -> tuple[str, ...]:
    """508.1i-j: the life a mana ability gains is the payment's, taken as if it were activated
    before the mana abilities that pay life for their own cost; it can be where its own cost takes
    nothing but {T} and itself. Where it needs mana and another of its controller's mana abilities
    pays life (Mana Confluence), the order matters and the verdict warns."""
    out: list[str] = []
    for p in game.board.permanents:
        for a in _mana(game, p.id):
            if not a.gains_life or not (_needs_mana(a) or (a.cost and a.cost.life)):
                continue
            risky = [
                q.name
                for q in game.board.permanents
                if q.controller == p.controller
                for b in _mana(game, q.id)
                if b is not a and b.cost is not None and b.cost.life
            ]
            if risky:
                out.append(
                    f"{p.name}: the life it gains (508.1i) is counted as if it were activated before "
                    f"{', '.join(dict.fromkeys(risky))}'s mana abilities, whose costs it could then pay; the order isn't modelled"
                )
    return tuple(dict.fromkeys(out))
