"""The creature-filter language used by every ability ("creatures with power 2 or less", "Walls", ...)."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

import json
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, Protocol

from pydantic import Field

from .base import Flag, Integer, NonNegative, ReadOnly, Strict

Color = Literal["white", "blue", "black", "red", "green"]
CardType = Literal["artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker"]


class PermanentView(Protocol):
    """A permanent as rules see it (the fields of ``board.Permanent``)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def controller(self) -> str: ...

    @property
    def types(self) -> tuple[str, ...]: ...

    @property
    def subtypes(self) -> tuple[str, ...]: ...

    @property
    def supertypes(self) -> tuple[str, ...]: ...

    @property
    def colors(self) -> tuple[str, ...]: ...

    @property
    def power(self) -> int | None: ...

    @property
    def toughness(self) -> int | None: ...

    @property
    def tapped(self) -> bool: ...

    @property
    def summoning_sick(self) -> bool: ...

    @property
    def protector(self) -> str | None: ...

    @property
    def owner_id(self) -> str: ...

    @property
    def is_creature(self) -> bool: ...

    @property
    def counters(self) -> dict[str, int]: ...

    @property
    def is_token(self) -> bool: ...

    @property
    def mana_cost(self) -> str | None: ...

    @property
    def mana_value(self) -> int: ...

    @property
    def entered_this_turn(self) -> bool: ...

    @property
    def attacked_last_turn(self) -> bool: ...

    @property
    def monstrous(self) -> bool: ...

    @property
    def renowned(self) -> bool: ...

    @property
    def saddled(self) -> bool: ...

    @property
    def kicked(self) -> bool: ...

    @property
    def commander(self) -> bool: ...

    @property
    def class_level(self) -> int: ...

    @property
    def ring_bearer(self) -> bool: ...

    @property
    def attached_to(self) -> str | None: ...


class FilterScope(Protocol):
    """What a filter needs to know besides the permanent itself."""

    def has_keyword(self, permanent_id: str, kind: str) -> bool: ...

    def has_ability(self, permanent_id: str, pattern: Mapping[str, Any]) -> bool:
        """Whether the permanent has an ability of ``pattern["kind"]`` whose fields named in the
        pattern equal the pattern's (a field's whole value; unset fields left out)."""
        ...

    def are_opponents(self, player_a: str, player_b: str) -> bool: ...

    def attacking_ids(self) -> tuple[str, ...]:
        """The creatures in the declared attack (the declare blockers step; empty before it)."""
        ...

    def attached(self, permanent_id: str) -> Sequence[PermanentView]:
        """The permanents (Auras, Equipment, ...) attached to the permanent."""
        ...


class Comparison(Strict):
    """A number test; every bound given must hold (``{le: 2}`` is "2 or less")."""

    lt: Integer | None = None
    le: Integer | None = None
    eq: Integer | None = None
    ge: Integer | None = None
    gt: Integer | None = None
    even: Flag | Literal["chosen"] | None = Field(
        None, description="true: an even number; false: an odd one; `chosen`: its permanent's chosen quality (607.2f)"
    )

    @property
    def parity(self) -> bool | None:
        """``even`` as read: true even, false odd (``chosen`` is written in with the permanent's
        choices before anything reads it, ``model.choices``)."""
        if self.even == "chosen":
            raise ValueError("`even: chosen` is read only once its permanent's choice is written in")
        return self.even

    def holds(self, value: int | None) -> bool:
        if value is None:
            return False
        if self.parity is not None and self.parity != (value % 2 == 0):
            return False
        return (
            (self.lt is None or value < self.lt)
            and (self.le is None or value <= self.le)
            and (self.eq is None or value == self.eq)
            and (self.ge is None or value >= self.ge)
            and (self.gt is None or value > self.gt)
        )

    def bounds(self) -> tuple[int | None, int | None]:
        """The same test as inclusive bounds (lo, hi); None: unbounded."""
        lows = [b for b in (self.ge, self.eq, None if self.gt is None else self.gt + 1) if b is not None]
        highs = [b for b in (self.le, self.eq, None if self.lt is None else self.lt - 1) if b is not None]
        return (max(lows) if lows else None), (min(highs) if highs else None)

    def describe(self) -> str:
        parts = []
        for name, text in (
            ("lt", "less than"),
            ("le", "at most"),
            ("eq", ""),
            ("ge", "at least"),
            ("gt", "greater than"),
        ):
            bound = getattr(self, name)
            if bound is not None:
                parts.append(f"{text} {bound}".strip())
        if self.even == "chosen":
            parts.append("of the chosen quality (odd or even)")
        elif self.even is not None:
            parts.append("even" if self.even else "odd")
        return " and ".join(parts)


_IDS_ONLY = frozenset({"ids"})
"""The fields of a filter that names its permanents and nothing else (every other field is None)."""


class Filter(Strict):
    """A conjunction of tests on a permanent; an empty filter matches everything.

    ``controller`` is ``"you"`` / ``"opponent"`` / ``"team"`` (you or a teammate, 102.4; relative
    to the controller of the effect that
    uses the filter) or a player id. ``colors`` and ``subtypes`` match when the permanent has *any*
    of the listed values; ``types``, ``supertypes`` and ``has`` need *all* of them.
    """

    ids: tuple[str, ...] | None = None
    name: str | None = None
    controller: str | None = None
    owner: str | None = Field(None, description="`you`, `opponent`, `team` or a player id, as `controller` (108.3)")
    commander: Flag | None = Field(None, description="a commander (903.3)")
    ring_bearer: Flag | None = Field(None, description="its controller's Ring-bearer (701.54a)")
    colors: tuple[Color | Literal["chosen"], ...] | None = Field(
        None, description="any of these colors; `chosen`: the color its permanent chose (607.2d)"
    )
    colorless: Flag | None = None
    types: tuple[CardType, ...] | None = None
    subtypes: tuple[str, ...] | None = Field(
        None, description="any of these subtypes; `chosen`: the creature type its permanent chose (607.2d)"
    )
    supertypes: tuple[str, ...] | None = None
    power: Comparison | None = None
    toughness: Comparison | None = None
    has: tuple[str | dict[str, Any], ...] | None = Field(
        None,
        description="abilities it must have: a kind (flying), or a kind with fields that tell abilities "
        "apart ({kind: landwalk, land: {subtypes: [Island]}}, {kind: protection, from: {colors: [black]}})",
    )
    tapped: Flag | None = None
    counters: Annotated[dict[str, Comparison], ReadOnly] | None = Field(
        None, description='counters by kind, e.g. {+1/+1: {ge: 1}}; "any": all its counters together'
    )
    token: Flag | None = None
    mana_value: Comparison | None = None
    class_level: Comparison | None = Field(None, description="its level (716.2: a Class's; 1 without one, 716.2d)")
    entered_this_turn: Flag | None = None
    attacked_last_turn: Flag | None = Field(
        None, description="it attacked during its controller's last turn (Giant Turtle, Halls of Mist)"
    )
    monstrous: Flag | None = None
    renowned: Flag | None = None
    saddled: Flag | None = Field(None, description="saddled this turn (702.171b)")
    kicked: Flag | None = Field(None, description="it was cast kicked (702.33d)")
    attached: "Count | None" = Field(
        None, description="at least N permanents matching the filter attached to it (equipped: {subtypes: [Equipment]})"
    )
    attacking: bool | None = Field(None, description="in the declared attack (declare blockers step)")
    attacking_alone: bool | None = Field(None, description="the only creature in the declared attack (506.5)")
    not_: "Filter | None" = Field(None, alias="not")
    any_of: "tuple[Filter, ...] | None" = None

    def matches(self, permanent: PermanentView, scope: FilterScope, you: str | None) -> bool:
        p = permanent
        if self.model_fields_set <= _IDS_ONLY:
            return self.ids is None or p.id in self.ids
        if self.attached is not None:
            found = [a for a in scope.attached(p.id) if self.attached.filter.matches(a, scope, you)]
            if len(found) < self.attached.at_least:
                return False
        if self.ids is not None and p.id not in self.ids:
            return False
        if self.name is not None and p.name.casefold() != self.name.casefold():
            return False
        if self.controller is not None and not _controller_matches(self.controller, p.controller, scope, you):
            return False
        if self.owner is not None and not _controller_matches(self.owner, p.owner_id, scope, you):
            return False
        if self.colors is not None and not set(self.colors) & set(p.colors):
            return False
        if self.colorless is not None and self.colorless != (not p.colors):
            return False
        if self.types is not None and not set(self.types) <= set(p.types):
            return False
        if self.subtypes is not None and not _folded(self.subtypes) & _folded(p.subtypes):
            return False
        if self.supertypes is not None and not _folded(self.supertypes) <= _folded(p.supertypes):
            return False
        if self.power is not None and not self.power.holds(p.power):
            return False
        if self.toughness is not None and not self.toughness.holds(p.toughness):
            return False
        if self.has is not None and not all(
            scope.has_keyword(p.id, k) if isinstance(k, str) else scope.has_ability(p.id, k) for k in self.has
        ):
            return False
        if self.tapped is not None and self.tapped != p.tapped:
            return False
        if not self._state_matches(p, scope):
            return False
        if self.not_ is not None and self.not_.matches(p, scope, you):
            return False
        return self.any_of is None or any(f.matches(p, scope, you) for f in self.any_of)

    def _state_matches(self, p: PermanentView, scope: FilterScope) -> bool:
        """Counters, token, mana value, this turn, monstrous, renowned, attachments, combat (613, 506.5)."""
        if self.counters is not None and not all(
            t.holds(sum(p.counters.values()) if k == "any" else p.counters.get(k, 0)) for k, t in self.counters.items()
        ):
            return False
        for name, fact in (
            ("token", "is_token"),
            ("entered_this_turn", "entered_this_turn"),
            ("attacked_last_turn", "attacked_last_turn"),
            ("monstrous", "monstrous"),
            ("renowned", "renowned"),
            ("saddled", "saddled"),
            ("kicked", "kicked"),
            ("commander", "commander"),
            ("ring_bearer", "ring_bearer"),
        ):
            wanted = getattr(self, name)
            if wanted is not None and wanted != getattr(p, fact):
                return False
        if self.mana_value is not None and not self.mana_value.holds(p.mana_value):
            return False
        if self.class_level is not None and not self.class_level.holds(p.class_level):
            return False
        attacking = scope.attacking_ids()
        if self.attacking is not None and self.attacking != (p.id in attacking):
            return False
        return self.attacking_alone is None or self.attacking_alone == (attacking == (p.id,))

    def referenced_ids(self) -> list[str]:
        found = list(self.ids or ())
        if self.attached is not None:
            found += self.attached.filter.referenced_ids()
        if self.not_ is not None:
            found += self.not_.referenced_ids()
        for f in self.any_of or ():
            found += f.referenced_ids()
        return found

    def describe(self, noun: str = "creatures") -> str:
        """Plain English, e.g. "black creatures", "artifacts", "creatures with power at most 2";
        ``noun`` names what a filter with no card type matches: creatures among attackers or
        blockers (506.4), permanents where it counts what a player controls."""
        words: list[str] = []
        if self.tapped is not None:
            words.append("tapped" if self.tapped else "untapped")
        if self.attacking_alone:
            words.append("lone attacking")
        elif self.attacking is not None:
            words.append("attacking" if self.attacking else "nonattacking")
        if self.token is not None:
            words.append("token" if self.token else "nontoken")
        if self.colors:
            words.append("/".join(self.colors))
        if self.colorless:
            words.append("colorless")
        if self.supertypes:
            words.extend(self.supertypes)
        types = [t for t in self.types or () if t != "creature"]
        if self.subtypes:
            words.extend(types)
            noun = "/".join(self.subtypes)
        elif "creature" in (self.types or ()):
            words.extend(types)
            noun = "creatures"
        elif types:
            words.extend(types[:-1])
            noun = types[-1] if types[-1] == "kindred" else types[-1] + "s"
        text = " ".join(w for w in (*words, noun) if w)
        extras = []
        if self.name:
            extras.append(f"named {self.name}")
        if self.power:
            extras.append(f"with power {self.power.describe()}")
        if self.toughness:
            extras.append(f"with toughness {self.toughness.describe()}")
        if self.has:
            extras.append("with " + " and ".join(describe_pattern(k) for k in self.has))
        if self.counters:
            extras += [f"with {t.describe()} {'' if k == 'any' else k + ' '}counters" for k, t in self.counters.items()]
        if self.mana_value:
            extras.append(f"with mana value {self.mana_value.describe()}")
        if self.attached:
            extras.append(
                f"with at least {self.attached.at_least} {self.attached.filter.describe('permanents')} attached"
            )
        if self.entered_this_turn is not None:
            extras.append("that entered this turn" if self.entered_this_turn else "that didn't enter this turn")
        if self.attacked_last_turn is not None:
            verb = "attacked" if self.attacked_last_turn else "didn't attack"
            extras.append(f"that {verb} during their controller's last turn")
        if self.monstrous is not None:
            extras.append("that are monstrous" if self.monstrous else "that aren't monstrous")
        if self.renowned is not None:
            extras.append("that are renowned" if self.renowned else "that aren't renowned")
        if self.saddled is not None:
            extras.append("that are saddled" if self.saddled else "that aren't saddled")
        if self.kicked is not None:
            extras.append("that were kicked" if self.kicked else "that weren't kicked")
        if self.commander is not None:
            extras.append("that are commanders" if self.commander else "that aren't commanders")
        if self.ring_bearer is not None:
            extras.append("that are Ring-bearers" if self.ring_bearer else "that aren't Ring-bearers")
        if self.class_level is not None:
            extras.append(f"of level {self.class_level.describe()}")
        if self.owner is not None:
            extras.append(f"owned by {self.owner}")
        if self.controller:
            extras.append(
                {"you": "you control", "opponent": "your opponents control", "team": "your team controls"}.get(
                    self.controller, f"controlled by {self.controller}"
                )
            )
        if self.ids:
            extras.append("among " + ", ".join(self.ids))
        if self.not_ is not None:
            extras.append(f"other than {self.not_.describe(noun)}")
        if self.any_of:
            extras.append("that are " + " or ".join(f.describe(noun) for f in self.any_of))
        return " ".join([text, *extras])


def describe_pattern(pattern: str | Mapping[str, Any]) -> str:
    if isinstance(pattern, str):
        return pattern
    fields = ", ".join(f"{k} {json.dumps(v, sort_keys=True)}" for k, v in sorted(pattern.items()) if k != "kind")
    return f"{pattern.get('kind')} ({fields})" if fields else str(pattern.get("kind"))


def same_fields(pattern: Mapping[str, Any], stated: Mapping[str, Any]) -> bool:
    """Whether every field of ``pattern`` but ``kind`` equals ``stated``'s, compared as JSON."""
    return all(
        json.dumps(v, sort_keys=True) == json.dumps(stated.get(k), sort_keys=True)
        for k, v in json.loads(json.dumps(dict(pattern))).items()
        if k != "kind"
    )


def _folded(values: tuple[str, ...]) -> set[str]:
    return {v.casefold() for v in values}


def _controller_matches(wanted: str, controller: str, scope: FilterScope, you: str | None) -> bool:
    if wanted == "you":
        return you is not None and controller == you
    if wanted == "opponent":
        return you is not None and scope.are_opponents(you, controller)
    if wanted == "team":
        return you is not None and (controller == you or not scope.are_opponents(you, controller))
    return controller == wanted


class Target(Strict):
    """Which players, planeswalkers and battles an ability is about. ``player`` is ``"you"``
    (the controller of the ability's source), ``"owner"`` (the creature's owner), ``"opponent"``
    (any opponent of the ability's controller, 102.3), a player id, or
    None for any player; ``include_player`` covers that player, ``planeswalkers`` the planeswalkers
    they control, ``battles`` the battles they protect; ``ids`` names objects directly."""

    player: str | None = None
    include_player: Flag = True
    planeswalkers: Flag = False
    battles: Flag = False
    ids: tuple[str, ...] | None = None

    def referenced_ids(self) -> list[str]:
        named = [self.player] if self.player not in (None, "you", "owner", "chosen", "opponent") else []
        return [*named, *(self.ids or ())]

    def describe(self) -> str:
        if self.ids:
            return " or ".join(self.ids)
        who = {
            "you": "you",
            "owner": "its owner",
            "chosen": "the chosen player",
            "opponent": "an opponent",
            None: "a player",
        }.get(self.player, self.player or "")
        parts = [who] if self.include_player else []
        if self.planeswalkers:
            parts.append("planeswalkers " + ("you control" if self.player == "you" else f"{who} controls"))
        if self.battles:
            parts.append("battles " + ("you protect" if self.player == "you" else f"{who} protects"))
        return " or ".join(parts) or "nothing"


class Count(Strict):
    """At least ``at_least`` permanents matching ``filter``."""

    filter: Filter = Field(default_factory=Filter)
    at_least: NonNegative = 1

    def referenced_ids(self) -> list[str]:
        return self.filter.referenced_ids()
