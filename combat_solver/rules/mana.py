"""Mana abilities (605.1a) and triggered mana abilities (605.1b): what pays the costs to attack
and block (508.1i, 605.3a). Each kind owns its phrases; ``solve/mana.py`` pays with them."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from ..model.base import MAX_INTEGER, Flag, NonNegative, Positive, Strict
from ..model.chosen_word import CHOSEN, IDENTITY
from ..model.cost_terms import MANA_COLORS, Cost, Mana, total_text
from ..model.filters import Filter, PermanentView
from .kind import AbilityBase, Instance
from .phrase import ATTACHED, Phrase, Slot

_SYMBOLS = r"(?:\{(?:\d+|[WUBRGC]|[WUBRG]/[WUBRG])\})+"
"""A mana cost a mana ability's cost may have: generic, colored and hybrid symbols."""


class CounterCost(Strict):
    """602.1, 118.3: removing ``n`` counters of ``kind`` from the permanent itself as part of a
    mana ability's cost (``X``: any number, chosen as it is activated, 107.3). A +1/+1 or -1/-1
    counter is not among them: removing it changes the permanent's power and toughness (613.4c)."""

    kind: str = Field(min_length=1, description='the kind of counter: "charge", "storage", "depletion"')
    n: Positive | Literal["X"] = Field(1, description='how many are removed; "X": any number (storage lands)')

    @field_validator("kind")
    @classmethod
    def _not_power(cls, kind: str) -> str:
        if kind in ("+1/+1", "-1/-1"):
            raise ValueError("removing a +1/+1 or -1/-1 counter changes power and toughness (613.4c): not stated")
        return kind


def activatable(instances: Sequence[Instance]) -> list[tuple[int, Instance]]:
    """The mana abilities among one permanent's ``instances`` (with their index) that no ability
    of it forbids activating (602.5: Arrest's "its activated abilities can't be activated")."""
    mana = [(k, i) for k, i in enumerate(instances) if isinstance(i.ability, ManaAbility)]
    bans = [i.ability for i in instances if i.ability.forbids_activating(True)]
    return [(k, i) for k, i in mana if not any(b.forbids_activating(i.ability.tap) for b in bans)]  # type: ignore[attr-defined]


def _produced(text: str) -> str:
    """``produces``: "any", "chosen", "identity" or mana letters (upper case)."""
    if text in ("any", CHOSEN, IDENTITY):
        return text
    if not text or any(ch not in MANA_COLORS for ch in text.upper()):
        raise ValueError('produces is "any", "chosen", "identity" or letters among W, U, B, R, G, C')
    return text.upper()


def _combos(combos: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """``makes``: at least one combination of mana symbols (upper case)."""
    if combos is None:
        return None
    if not combos:
        raise ValueError("makes lists at least one combination of mana")
    for combo in combos:
        if not re.fullmatch(r"(?:\{[WUBRGC]\})+", combo.upper()) or len(combo) // 3 > MAX_INTEGER:
            raise ValueError(f"{combo!r} is not mana like {{G}}{{U}} (symbols among W, U, B, R, G, C)")
    return tuple(c.upper() for c in combos)


Produces = Annotated[str, AfterValidator(_produced)]
"""The colors a mana ability makes or a triggered one adds."""
Makes = Annotated[tuple[str, ...] | None, AfterValidator(_combos)]
"""The fixed combinations of mana one may make."""


class ManaAbility(AbilityBase):
    """605.1a: a mana ability. What one activation makes: ``amount`` mana all of one color among ``produces`` (``"G"``,
    ``"WU"``, ``"C"``, ``"any"``; Gilded Lotus: three of any one color; ``"chosen"``: its permanent's chosen color,
    607.2d, read before it is activated; ``"identity"``: a color of its controller's commander's color identity,
    903.4, their ``commander_identity``); with ``mix``, ``amount`` mana in any combination of those colors (106.1);
    or one of the fixed combinations of ``makes`` (Simic Growth Chamber ``["{G}{U}"]``, Mystic Gate ``["{W}{W}",
    "{W}{U}", "{U}{U}"]``). What one activation costs (118.3, 602.1): {T} unless ``tap`` is false (302.6: a
    creature's needs it controlled since the turn began), ``cost`` (mana, hybrid included, life, untapped permanents
    to tap, other permanents to sacrifice, cards to discard) and, with ``sacrifice_self``, the permanent itself;
    ``energy``: energy counters its controller pays (107.14). ``damage_to_you``: the damage it deals its controller
    (Ancient Tomb), which lowers the life left to pay life with (119.4, 120.3a). ``remove_counters``: counters
    removed from the permanent itself as part of the cost (a charge counter; storage lands: X storage counters), as
    many as it has at most; with ``per_counter`` it makes one more mana for each counter removed (storage lands:
    ``amount: 0``, X mana; "Add {B}, then add an additional {B} for each charge counter removed this way": ``amount:
    1``); ``sacrifice_when_none``: "If there are no <kind> counters on $self, sacrifice it" (depletion lands: gone
    once its last counter is removed, 508.1j). ``for_each``: it makes ``amount`` for each permanent on the
    battlefield matching the filter (Gaea's Cradle: creatures you control, ``controller: you``),
    ``for_each_counter``: for each counter of that kind on it (Everflowing Chalice), ``for_player``: for each point
    of its controller's life total, cards drawn or life gained this turn (Sanctum of the Sun), ``for_power``: for
    each point of its own power or the greatest power among its controller's creatures (Viridian Joiner, Bighorner
    Rancher: "where X is this creature's power"). ``like``: one mana of any color that a permanent matching the
    filter could produce (106.7: what one of its mana abilities would make if it resolved now, costs ignored; Exotic
    Orchard: lands an opponent controls), ``like_type`` of any type, {C} too (Reflecting Pool); the count is taken
    as it resolves (608.2h), and with no mana cost it can be activated before any other, when no permanent has left
    and no counter was removed yet (``for_each`` with a mana cost, Cabal Coffers: the board warns where a permanent
    it counts can leave while paying): the filter reads nothing that paying changes (tapped, power, toughness,
    counters, attacking, a ``not`` beyond ``ids``). ``per_turn``: how many more times it can be activated this turn
    ("Activate only once each turn": 1, 602.5b). Life: 0 can always be paid, more only up to the life total (119.4).
    ``gains_life``: the life its controller gains as it resolves (Pristine Talisman), before the total is paid
    (508.1i-j): life to pay for it; a board where the order of activation decides it is warned
    (``resolve/mana_order.py``). No mana ability draws a card: one whose cost or effect moves a card to or from
    a library is no mana ability (605.1a, September 25, 2026: Chromatic Sphere)."""

    kind: Literal["mana"] = "mana"
    given_to_any_permanent: ClassVar[bool] = True
    counted_by: ClassVar[tuple[str, ...]] = ("for_each", "for_each_counter", "for_player", "for_power")
    """The fields that make ``amount`` mana for each of something counted as it resolves (608.2h)."""
    rule = "605.1a"
    produces: Produces = "any"
    amount: NonNegative = Field(1, description="how much mana one activation makes (0 only with per_counter)")
    mix: Flag = Field(False, description="`amount` mana in any combination of the colors of `produces` (106.1)")
    makes: Makes = Field(
        None,
        description='the fixed combinations one activation may make, e.g. ["{G}{U}"] or ["{W}{W}", "{W}{U}", "{U}{U}"]',
    )
    tap: Flag = Field(True, description="{T} is part of its cost (false: it can be activated again and again)")
    cost: Cost | None = Field(
        None, description="the rest of its cost: mana (hybrid included), life, tap (other permanents), discard"
    )
    sacrifice_self: Flag = Field(False, description="sacrificing the permanent itself is part of its cost")
    energy: NonNegative = Field(0, description="energy counters ({E}) its controller pays (107.14: Aether Hub)")
    remove_counters: CounterCost | None = Field(
        None, description="counters removed from the permanent itself as part of its cost"
    )
    per_counter: Flag = Field(False, description="one more mana for each counter removed (remove_counters with n: X)")
    for_each: Filter | None = Field(
        None, description="`amount` mana for each permanent on the battlefield matching it (Gaea's Cradle)"
    )
    for_each_counter: str | None = Field(
        None, description="`amount` mana for each counter of this kind on the permanent itself (Everflowing Chalice)"
    )
    for_player: Literal["life", "cards_drawn_this_turn", "life_gained_this_turn"] | None = Field(
        None, description="`amount` mana for each point of this fact of its controller's (Sanctum of the Sun: life)"
    )
    for_power: Literal["self", "greatest"] | None = Field(
        None,
        description="`amount` mana for each point of power: its own (`self`: Viridian Joiner) or the greatest among "
        "creatures its controller controls (`greatest`: Bighorner Rancher)",
    )
    like: Filter | None = Field(
        None, description="one mana of any color a permanent matching it could produce (106.7; Exotic Orchard)"
    )
    like_type: Flag = Field(False, description="with like: of any type, colorless included (Reflecting Pool)")
    sacrifice_when_none: Flag = Field(
        False, description="it is sacrificed once no counters of that kind are left on it (depletion lands)"
    )
    per_turn: NonNegative | None = Field(
        None, description="how many more times it can be activated this turn (Activate only once each turn: 1)"
    )
    damage_to_you: NonNegative = Field(
        0,
        description="the damage it deals its controller once activated, or the life they lose (Ancient Tomb: 2; 119.3)",
    )
    gains_life: NonNegative = Field(
        0, description="the life its controller gains as it resolves (Pristine Talisman: 1)"
    )
    phrases = (
        Phrase(r"\{T\}", {"tap": True}, "mana_cost"),
        Phrase(r"(" + _SYMBOLS + ")", {"cost": {"mana": Slot(1)}}, "mana_cost"),
        Phrase(r"Pay (\w+) life", {"cost": {"life": Slot(1, "number")}}, "mana_cost"),
        Phrase(r"Sacrifice \$self", {"sacrifice_self": True}, "mana_cost"),
        Phrase(r"Exert \$self", {}, "mana_cost"),  # 701.43b: always payable; it only stays tapped next turn
        Phrase(r"Discard a card", {"cost": {"discard": 1}}, "mana_cost"),
        Phrase(r"Pay \{E\}", {"energy": 1}, "mana_cost"),
        Phrase(r"Pay \{E\}\{E\}", {"energy": 2}, "mana_cost"),
        Phrase(r"Pay \{E\}\{E\}\{E\}", {"energy": 3}, "mana_cost"),
        Phrase(
            r"Sacrifice (an?|two|three) (.+)",
            {"cost": {"sacrifice": {"filter": Slot(2, "permanents"), "n": Slot(1, "number")}}},
            "mana_cost",
        ),
        Phrase(
            r"Remove (an?|two|three|four|five) ([a-z]+) counters? from \$self",
            {"remove_counters": {"kind": Slot(2), "n": Slot(1, "number")}},
            "mana_cost",
        ),
        Phrase(
            r"Remove (?:X|any number of) ([a-z]+) counters from \$self",
            {"remove_counters": {"kind": Slot(1), "n": "X"}},
            "mana_cost",
        ),
        Phrase(r"Tap an untapped (.+?) you control", {"cost": {"tap": {"filter": Slot(1, "permanents")}}}, "mana_cost"),
        Phrase(
            r"Tap (two|three|four|five) untapped (.+?) you control",
            {"cost": {"tap": {"filter": Slot(2, "permanents"), "n": Slot(1, "number")}}},
            "mana_cost",
        ),
        Phrase(r"Add one mana of any color\.", {"produces": "any", "amount": 1}, "mana_effect"),
        Phrase(r"Add one mana of the chosen color\.", {"produces": "chosen", "amount": 1}, "mana_effect"),
        Phrase(
            r"Add one mana of any color in your commander's color identity\.", {"produces": IDENTITY}, "mana_effect"
        ),
        Phrase(
            r"Add (one|two|three|four|five) mana of any one color\.",
            {"produces": "any", "amount": Slot(1, "number")},
            "mana_effect",
        ),
        Phrase(
            r"Add (two|three|four|five) mana in any combination of colors\.",
            {"produces": "any", "amount": Slot(1, "number"), "mix": True},
            "mana_effect",
        ),
        Phrase(
            r"Add (two|three|four|five) mana in any combination of ((?:\{[WUBRGC]\}, )*\{[WUBRGC]\},? and/or \{[WUBRGC]\})\.",
            {"produces": Slot(2, "colors"), "amount": Slot(1, "number"), "mix": True},
            "mana_effect",
        ),
        Phrase(
            r"Add (\{[WUBRGC]\}(?:, \{[WUBRGC]\})*,? or \{[WUBRGC]\})\.", {"produces": Slot(1, "colors")}, "mana_effect"
        ),
        Phrase(r"Add ((?:\{[WUBRGC]\})+)\.", {"makes": [Slot(1)]}, "mana_effect"),
        Phrase(
            r"Add ((?:\{[WUBRGC]\})+(?:, (?:\{[WUBRGC]\})+)*,? or (?:\{[WUBRGC]\})+)\.",
            {"makes": Slot(1, "combos")},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana in any combination of (\{[WUBRGC]\} and/or \{[WUBRGC]\})\.",
            {"produces": Slot(1, "colors"), "amount": 0, "mix": True, "per_counter": True},
            "mana_effect",
        ),
        Phrase(r"Add X mana of any one color\.", {"produces": "any", "amount": 0, "per_counter": True}, "mana_effect"),
        Phrase(
            r"Add (\{[WUBRGC]\}) for each [a-z]+ counter removed this way\.",
            {"produces": Slot(1, "colors"), "amount": 0, "per_counter": True},
            "mana_effect",
        ),
        Phrase(
            r"Add an amount of (\{[WUBRGC]\}) equal to X plus one\.",
            {"produces": Slot(1, "colors"), "amount": 1, "per_counter": True},
            "mana_effect",
        ),
        Phrase(
            r"Add (\{[WUBRGC]\}), then add an additional \1 for each [a-z]+ counter removed this way\.",
            {"produces": Slot(1, "colors"), "amount": 1, "per_counter": True},
            "mana_effect",
        ),
        Phrase(
            r"If there are no [a-z]+ counters on \$self, sacrifice it\.",
            {"sacrifice_when_none": True},
            "mana_effect",
        ),
        Phrase(
            r"Add (\{[WUBRGC]\}) for each (.+?) you control\.",
            {"produces": Slot(1, "colors"), "for_each": Slot(2, "yours")},
            "mana_effect",
        ),
        Phrase(
            r"Add (\{[WUBRGC]\}) for each (.+?) on the battlefield\.",
            {"produces": Slot(1, "colors"), "for_each": Slot(2, "permanents")},
            "mana_effect",
        ),
        Phrase(  # Everflowing Chalice; Rotating Fireplace: "an amount of {C} equal to the number of time counters"
            r"Add (?:an amount of )?(\{[WUBRGC]\}) (?:for each|equal to the number of) ([a-z+/\d-]+) counters? on \$self\.",
            {"produces": Slot(1, "colors"), "for_each_counter": Slot(2)},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana of any one color, where X is the number of (.+?) you control\.",
            {"produces": "any", "for_each": Slot(1, "yours")},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana of any one color, where X is the number of (.+?) on the battlefield\.",
            {"produces": "any", "for_each": Slot(1, "permanents")},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana of any one color, where X is the number of ([a-z+/\d-]+) counters on \$self\.",
            {"produces": "any", "for_each_counter": Slot(1)},
            "mana_effect",
        ),
        Phrase(
            r"Add one mana of any color that an? (.+?) an opponent controls could produce\.",
            {"like": Slot(1, "theirs")},
            "mana_effect",
        ),
        Phrase(
            r"Add one mana of any color that an? (.+?) you control could produce\.",
            {"like": Slot(1, "yours")},
            "mana_effect",
        ),
        Phrase(
            r"Add one mana of any type that an? (.+?) you control could produce\.",
            {"like": Slot(1, "yours"), "like_type": True},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana of any one color, where X is your life total\.",
            {"produces": "any", "for_player": "life"},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana of any one color, where X is the amount of life you gained this turn\.",
            {"produces": "any", "for_player": "life_gained_this_turn"},
            "mana_effect",
        ),
        Phrase(
            r"Add (\{[WUBRGC]\}) for each card you've drawn this turn\.",
            {"produces": Slot(1, "colors"), "for_player": "cards_drawn_this_turn"},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana of any one color, where X is \$self's power\.",
            {"produces": "any", "for_power": "self"},
            "mana_effect",
        ),
        Phrase(
            r"Add an amount of (\{[WUBRGC]\}) equal to \$self's power\.",
            {"produces": Slot(1, "colors"), "for_power": "self"},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana in any combination of (\{[WUBRG]\} and/or \{[WUBRG]\}), where X is \$self's power\.",
            {"produces": Slot(1, "colors"), "mix": True, "for_power": "self"},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana of any one color, where X is the greatest power among creatures you control\.",
            {"produces": "any", "for_power": "greatest"},
            "mana_effect",
        ),
        Phrase(
            r"Add an amount of (\{[WUBRGC]\}) equal to the greatest power among creatures you control\.",
            {"produces": Slot(1, "colors"), "for_power": "greatest"},
            "mana_effect",
        ),
        Phrase(
            r"Add X mana in any combination of colors, where X is the number of (.+?) you control\.",
            {"produces": "any", "mix": True, "for_each": Slot(1, "yours")},
            "mana_effect",
        ),
        Phrase(
            r"Add two mana of different colors\.",
            {
                "makes": [
                    "{W}{U}",
                    "{W}{B}",
                    "{W}{R}",
                    "{W}{G}",
                    "{U}{B}",
                    "{U}{R}",
                    "{U}{G}",
                    "{B}{R}",
                    "{B}{G}",
                    "{R}{G}",
                ]
            },
            "mana_effect",
        ),
        Phrase(r"Activate only once each turn\.", {"per_turn": 1}, "mana_effect"),
        Phrase(
            r"Activate no more than (two|three|four|five) times each turn\.",
            {"per_turn": Slot(1, "number")},
            "mana_effect",
        ),
        Phrase(r"Activate only during an opponent's turn\.", {"condition": {"your_turn": False}}, "mana_effect"),
        Phrase(
            r"Activate only if (.+?) or if (.+)\.",
            {"condition": {"any_of": [Slot(1, "condition"), Slot(2, "condition")]}},
            "mana_effect",
        ),
        Phrase(r"\$self deals (\w+) damage to you\.", {"damage_to_you": Slot(1, "number")}, "mana_effect"),
        Phrase(r"(?:You|Each player) loses? (\w+) life\.", {"damage_to_you": Slot(1, "number")}, "mana_effect"),
        Phrase(r"You gain (\w+) life\.", {"gains_life": Slot(1, "number")}, "mana_effect"),
        Phrase(r"Activate only if (.+)\.", {"condition": Slot(1, "condition")}, "mana_effect"),
        Phrase(r"Activate only during your turn\.", {"condition": {"your_turn": True}}, "mana_effect"),
    )
    """602.5b: a restriction on activating it is its condition (``condition``) or ``per_turn``."""

    @model_validator(mode="after")
    def _one_way(self) -> ManaAbility:
        if self.makes is not None and {"produces", "amount", "mix"} & self.model_fields_set:
            raise ValueError("makes states the mana itself: give it without produces, amount or mix")
        if self.cost is not None:
            mana = Mana.parse(self.cost.mana)
            if mana.x or mana.phyrexian or self.cost.x_count or self.cost.x_domain or self.cost.x_counters:
                raise ValueError("a mana ability's cost has no {X} and no Phyrexian mana")
            if self.cost.x_battlefield is not None or self.cost.bounce:
                raise ValueError("a mana ability's cost returns no permanent and has no X")
        if self.like_type and self.like is None:
            raise ValueError("like_type says which mana like makes: give like")
        counts = [f for f in (*self.counted_by, "like") if getattr(self, f) is not None]
        if counts:
            if len(counts) > 1:
                raise ValueError(f"{', '.join(self.counted_by)} and like: one of them")
            if self.like is not None and ("produces" in self.model_fields_set or self.mix or self.amount != 1):
                raise ValueError("like makes one mana of what it reads: no produces, amount or mix")
            if self.makes is not None or self.per_counter or self.remove_counters:
                raise ValueError("a counted amount makes produces: no makes, per_counter or counters removed")
            if self.sacrifice_self and self.for_each is not None:
                raise ValueError("for_each with sacrifice_self counts without the permanent itself: not stated")
            if self.cost is not None and Mana.parse(self.cost.mana).count() and self.for_each is None:
                raise ValueError(
                    "a counted amount with a mana cost depends on what was activated before it: not stated"
                )
            if self.for_each is not None and _changes_while_paying(self.for_each.model_dump(exclude_none=True)):
                raise ValueError(
                    "for_each reads what paying changes (tapped, power, toughness, counters, attacking, not): not stated"
                )
        removed = self.remove_counters
        if self.per_counter != (removed is not None and removed.n == "X"):
            raise ValueError('per_counter and remove_counters with n: "X" go together: X is the counters removed')
        if self.per_counter and self.makes is not None:
            raise ValueError("per_counter makes more of produces: give it without makes")
        if self.amount == 0 and not self.per_counter:
            raise ValueError("amount is 0 only with per_counter (X mana, X the counters removed)")
        if self.per_counter and not self.tap and self.amount:
            raise ValueError("per_counter without {T} makes X mana only (amount: 0)")
        if self.sacrifice_when_none and (removed is None or removed.n == "X" or not self.tap):
            raise ValueError("sacrifice_when_none needs {T} and a fixed number of counters removed")
        if not self.tap and not self.sacrifice_self:
            cost = self.cost or Cost()
            spent = Mana.parse(cost.mana).count()
            if removed is None and not (
                cost.life or cost.discard or cost.tap or cost.sacrifice or spent or self.energy
            ):
                raise ValueError(
                    "a mana ability without {T} has a cost (mana, life, tap, sacrifice, discard, remove_counters"
                    " or sacrifice_self)"
                )
            if self.per_counter and not (self.mix or len(self.colors()) == 1):
                raise ValueError(
                    "per_counter without {T} makes X mana in any combination of its colors or of one color"
                    " (one activation removing them all then makes the most)"
                )
            if (
                not self.per_counter
                and not (cost.life or cost.discard or cost.tap or cost.sacrifice or self.energy)
                and (removed is None or spent)
                and spent < self.most()
            ):
                raise ValueError("a mana ability without {T} whose only cost is mana makes no more mana than that cost")
        return self

    def colors(self) -> tuple[str, ...]:
        """The colors (and {C}) it makes: none for a chosen color or an identity not read in (607.2d, 903.4)."""
        if self.makes is not None:
            return tuple(dict.fromkeys(c for combo in self.combinations() for c in combo))
        if self.produces in (CHOSEN, IDENTITY):
            return ()
        return MANA_COLORS[:5] if self.produces == "any" else tuple(dict.fromkeys(self.produces))

    def combinations(self) -> tuple[dict[str, int], ...]:
        """What one activation may make, each a count per color (``mix``: not listed, see ``most``)."""
        if self.makes is not None:
            return tuple(Counter(re.findall(r"[WUBRGC]", combo)) for combo in self.makes)
        return tuple({c: self.amount} for c in self.colors())

    def most(self) -> int:
        """The most mana one activation makes."""
        return self.amount if self.makes is None else max(len(combo) // 3 for combo in self.makes)

    def simple(self) -> bool:
        """ "{T}: Add <one color of produces>" with no other cost, as many times as {T} allows."""
        return (
            self.makes is None
            and not self.mix
            and self.tap
            and self.cost is None
            and not self.sacrifice_self
            and not self.damage_to_you
            and self.remove_counters is None
            and not self.energy
            and not self.gains_life
        )

    def cost_text(self) -> str:
        """Its cost as Oracle text words it ("{1}, {T}", "{T}, Pay 1 life", "Sacrifice it")."""
        unit = (self.cost or Cost()).resolve(_NoBoard(), None)
        mana = total_text([(replace(unit, life=0, tap=None, discard=0, sacrifice=None), 1)])
        rest = total_text([(replace(unit, generic=0, colored=(), hybrid=()), 1)])
        parts = [mana] if mana != "{0}" else []
        parts += ["{T}"] if self.tap else []
        parts += [rest] if rest != "{0}" else []
        parts += ["sacrifice it"] if self.sacrifice_self else []
        parts += ["pay " + "{E}" * self.energy] if self.energy else []
        if self.remove_counters is not None:
            n, kind = self.remove_counters.n, self.remove_counters.kind
            parts.append(f"remove {'a' if n == 1 else n} {kind} counter{'' if n == 1 else 's'} from it")
        return ", ".join(parts)


class ManaTrigger(AbilityBase):
    """605.1b, 106.12: a triggered mana ability, "Whenever <a permanent> is tapped for mana, <its
    controller> adds an additional <mana>". It triggers on a mana ability with {T} in its cost
    (106.12a) of a permanent matching ``tapped`` ("enchanted land": ``{ids: [$attached]}``;
    "a Swamp", "a land", "a creature"), activated by its own controller (``by: you``: "Whenever you
    tap ...") or by any player (``by: any``: "Whenever a player taps ...", "its controller adds").
    It resolves at once (605.4a), so its mana pays the same cost as the ability's (605.3a, 508.1i):
    ``amount`` mana of one color among ``produces`` (``mix``: in any combination of them), one of
    the combinations ``makes``, or with ``same_type`` one mana of any type the ability just made
    (106.12b: "one mana of any type that land produced", Mana Flare)."""

    kind: Literal["mana_trigger"] = "mana_trigger"
    rule = "605.1b"
    tapped: Filter = Field(description="the permanents whose {T} mana abilities trigger it (106.12a)")
    by: Literal["you", "any"] = Field(
        "you", description='whose tapping counts: "you", its controller, or "any" player (Mana Flare)'
    )
    produces: Produces = Field("any", description='the colors of the additional mana: "G", "WU", "any", "chosen"')
    amount: Positive = Field(1, description="how much additional mana it adds")
    mix: Flag = Field(False, description="`amount` mana in any combination of the colors of `produces` (106.1)")
    makes: Makes = Field(None, description='the fixed combinations it may add, e.g. ["{G}{G}"]')
    same_type: Flag = Field(
        False, description="one mana of any type the ability just made (106.12b: that land produced)"
    )
    phrases = (
        Phrase(
            r"Whenever enchanted land is tapped for mana, its controller adds(?: an additional)?",
            {"tapped": {"ids": [ATTACHED]}, "by": "any"},
            "mana_trigger",
        ),
        Phrase(
            r"Whenever enchanted (Plains|Island|Swamp|Mountain|Forest) is tapped for mana, its controller adds"
            r"(?: an additional)?",
            {"tapped": {"ids": [ATTACHED], "subtypes": [Slot(1)]}, "by": "any"},
            "mana_trigger",
        ),
        Phrase(
            r"Whenever you tap an? (.+?) for mana, add(?: an additional)?",
            {"tapped": Slot(1, "permanents"), "by": "you"},
            "mana_trigger",
        ),
        Phrase(
            r"Whenever an? (.+?) is tapped for mana, its controller adds(?: an additional)?",
            {"tapped": Slot(1, "permanents"), "by": "any"},
            "mana_trigger",
        ),
        Phrase(
            r"Whenever a player taps an? (.+?) for mana, that player adds(?: an additional)?",
            {"tapped": Slot(1, "permanents"), "by": "any"},
            "mana_trigger",
        ),
        Phrase(
            r"one mana of any type that (?:land|permanent|artifact token) produced",
            {"same_type": True},
            "mana_trigger",
        ),
    )
    """The trigger ("Whenever ... adds an additional") and "one mana of any type that land produced";
    the rest of what it adds is read with the ``mana`` kind's phrases ("{G}", "one mana of any color")."""

    @model_validator(mode="after")
    def _one_output(self) -> ManaTrigger:
        given = {"produces", "amount", "mix"} & self.model_fields_set
        if self.makes is not None and given:
            raise ValueError("makes states the mana itself: give it without produces, amount or mix")
        if self.same_type and (given or self.makes is not None):
            raise ValueError("same_type adds one mana of the type just made: no produces, amount, mix or makes")
        return self

    def added(self, made: Iterable[str]) -> tuple[dict[str, int], ...]:
        """What it may add once a {T} mana ability made the mana types ``made``, each a count per
        color (``mix``: every combination, 106.1; a chosen color not read in: nothing, 607.2d)."""
        if self.same_type:
            return tuple({c: 1} for c in MANA_COLORS if c in set(made))
        if self.makes is not None:
            return tuple(Counter(re.findall(r"[WUBRGC]", combo)) for combo in self.makes)
        if self.produces in (CHOSEN, IDENTITY):
            return ()
        colors = MANA_COLORS[:5] if self.produces == "any" else tuple(dict.fromkeys(self.produces))
        if self.mix:
            return tuple(Counter(c) for c in combinations_with_replacement(colors, self.amount))
        return tuple({c: self.amount} for c in colors)


_CHANGING = frozenset({"tapped", "power", "toughness", "counters", "attacking", "attacking_alone"})
"""Filter fields that may read otherwise once mana abilities are activated (118.3, 508.1f, 508.1k)."""


def _changes_while_paying(f: dict[str, object]) -> bool:
    """Whether the dumped filter ``f`` reads something paying changes (a ``not`` other than ``ids``
    may count more once a permanent has left)."""
    if _CHANGING & set(f):
        return True
    other = f.get("not")
    if isinstance(other, dict) and set(other) - {"ids"}:
        return True
    parts = f.get("any_of")
    return isinstance(parts, list | tuple) and any(isinstance(p, dict) and _changes_while_paying(p) for p in parts)


class _NoBoard:
    """Resolving a cost without X reads no board."""

    permanents: tuple[PermanentView, ...] = ()

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool:
        return False
