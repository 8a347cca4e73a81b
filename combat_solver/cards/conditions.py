"""Conditions of Oracle text as the condition language (``model.conditions``): "as long as you
control an artifact", "unless there are five or more Islands on the battlefield", "as long as
this creature is equipped", "if you have no cards in hand". A condition clause is read whole or
not at all; the sentence it conditions is read by ``sentences`` and the condition put on each of
its abilities (docs/design.md §4.9)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..rules.kind import AbilityBase, attack_hooks
from ..rules.phrase import ATTACHED, SELF, Reader
from ..rules.registry import KIND_HOMES, ability_class, keyword_kinds
from .compiled import TEAM_ATTACKING_PLAYER
from .phrases import ATTACHED_STATES, COLORS, MODIFIED, number
from .readers import Readers, Unknown, other_than_self

BLOCK_TIME_HOMES = ("evasion", "block_counts", "block_requirements")
"""The rules modules whose kinds matter only once attackers are declared (what may block an
attacker, and what must block: 509.1b, 509.1c): a condition on the defending player or on the
attack itself is known for them."""
BLOCK_TIME_KINDS = ("block_tax", "blocked_tax", "block_cost")
"""Kinds of other modules that matter only then too (costs to block, 509.1d)."""

_STATES: dict[str, dict[str, Any]] = {
    "tapped": {"tapped": True},
    "untapped": {"tapped": False},
    "monstrous": {"monstrous": True},
    "renowned": {"renowned": True},
    "saddled": {"saddled": True},
    **{state: {"attached": attached} for state, attached in ATTACHED_STATES.items()},
    "modified": {"any_of": MODIFIED},
    "a creature": {"types": ["creature"]},
}
"""The source's own state (301.5a: equipped, 303.4b: enchanted, 701.37b: monstrous, 702.112b:
renowned, 702.171b: saddled, 700.9: modified, its controller being the ability's "you"; a creature: a Vehicle or
land while it is one, 302.1)."""


_SPELLS_OF_A_KIND = {
    "": "spells_cast_this_turn",
    "creature": "creature_spells_cast_this_turn",
    "noncreature": "noncreature_spells_cast_this_turn",
    "instant or sorcery": "instant_and_sorcery_spells_cast_this_turn",
    "instant and/or sorcery": "instant_and_sorcery_spells_cast_this_turn",
}
"""What "you've cast a [kind] spell this turn" counts (601.2i: a spell is cast once it becomes cast)."""


_TURN_FACTS: dict[str, tuple[str, str, dict[str, int]]] = {
    "an opponent has been dealt damage this turn": ("an opponent", "damage_taken_this_turn", {"ge": 1}),
    "you've sacrificed an artifact this turn": ("you", "artifacts_sacrificed_this_turn", {"ge": 1}),
    "you sacrificed an artifact this turn": ("you", "artifacts_sacrificed_this_turn", {"ge": 1}),
    "you've sacrificed a permanent this turn": ("you", "permanents_sacrificed_this_turn", {"ge": 1}),
    "you sacrificed a permanent this turn": ("you", "permanents_sacrificed_this_turn", {"ge": 1}),
    "an artifact entered the battlefield under your control this turn": (
        "you",
        "artifacts_entered_this_turn",
        {"ge": 1},
    ),
    "you've committed a crime this turn": ("you", "crimes_committed_this_turn", {"ge": 1}),
    "you've cast a historic spell this turn": ("you", "historic_spells_cast_this_turn", {"ge": 1}),
}
"""What the turn so far has seen, as players' facts: damage dealt to a player (120.3),
permanents sacrificed (701.21a), permanents that entered under a player's control,
crimes committed (700.13), historic spells cast (700.6)."""

_CARD_TYPE_WORDS = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
)


@dataclass(frozen=True)
class Clause:
    """A condition read: its data, whom "it" names in the conditioned sentence (``$self`` or
    "enchanted creature"), whether it is about what it names rather than the source (an Aura's
    "as long as enchanted creature is red"), and whether it is known only once attackers are
    declared (the defending player, "attacking")."""

    data: dict[str, Any]
    it: str = SELF
    on_holder: bool = False
    block_time: bool = False
    says_it: bool = False
    """The clause names its holder only as "it" (whom "it" is, the sentence says)."""
    attack_state: bool = False
    """It is about whether something attacks (not only about the defending player): known only
    once attackers are declared, even for a kind read per attack target."""


_ATTACKED_LIFE: dict[str, tuple[str, str, str]] = {
    "no opponent has more life than THEY": ("each_opponent", "le", "defending_player"),
    "THEY has more life than another of your opponents": ("defending_player", "gt", "opponent"),
}
"""Life compared with the attacked player's ("THEY": that player, defending player), as (left, op, right)."""


class Conditions(Readers):
    """Reads condition clauses."""

    def read(self, reader: Reader, words: str) -> Any:
        """As ``Readers.read``, and ``condition``: a condition known whenever it is read (not one
        about the attack, nor of an Aura's holder)."""
        if reader != "condition":
            return super().read(reader, words)
        clause = self._clause(words)
        if clause.on_holder or clause.says_it or clause.block_time or clause.attack_state:
            raise Unknown(words)
        return clause.data

    def _clause(self, text: str) -> Clause:
        """One condition, or several joined by "and" (``Unknown`` if any part isn't read)."""
        t = text.strip().rstrip(".")
        try:
            return self._one(t)
        except Unknown:
            either = re.split(r" or if | or (?=there (?:is|are) |you (?:control|have) )", t)
            if len(either) > 1:  # Hidden Lair: "if this land entered this turn or if you control a basic land"
                read = [self._clause(p) for p in either]
                if len({(c.it, c.on_holder, c.says_it, c.block_time, c.attack_state) for c in read}) > 1:
                    raise
                first = read[0]
                return Clause(
                    {"any_of": [c.data for c in read]},
                    first.it,
                    first.on_holder,
                    block_time=first.block_time,
                    says_it=first.says_it,
                    attack_state=first.attack_state,
                )
            parts = t.split(" and ")
            if len(parts) < 2:
                raise
        read = [self._one(p) for p in parts]
        if len({(c.it, c.on_holder) for c in read}) > 1:
            raise Unknown(text)
        merged: dict[str, Any] = {}
        for c in read:
            for key, value in c.data.items():
                if key in merged:
                    if key != "players":
                        raise Unknown(text)
                    merged[key] = [*merged[key], *value]
                else:
                    merged[key] = value
        return Clause(
            merged,
            read[0].it,
            read[0].on_holder,
            block_time=any(c.block_time for c in read),
            says_it=any(c.says_it for c in read),
            attack_state=any(c.attack_state for c in read),
        )

    def _one(self, t: str) -> Clause:
        whose = re.fullmatch(r"(you|another player|an opponent) controls? (enchanted|equipped) creature", t)
        if whose:  # Dog Umbra, Mishra's Domination: who controls what it is attached to (303.4e: not always you)
            controller = {
                "you": {"controller": "you"},
                "another player": {"not": {"controller": "you"}},
                "an opponent": {"controller": "opponent"},
            }[whose[1]]
            return Clause({"source": controller}, it=f"{whose[2]} creature", on_holder=True)
        if re.fullmatch(r"(\$self|it) is your Ring-bearer", t):  # 701.54a: Frodo Baggins
            return Clause({"source": {"ring_bearer": True}}, says_it=not t.startswith(SELF))
        if re.fullmatch(rf"you control {re.escape(SELF)}(?: or it's your commander)?", t):
            return Clause({})  # The Goblin Mastermind: its controller is its "you" (109.5): always
        if t == "you control your commander":  # 903.3: a commander you own, on the battlefield under your control
            yours = {"filter": {"commander": True, "owner": "you"}, "at_least": 1}
            return Clause({"players": [{"who": "you", "controls": yours}]})
        m = re.fullmatch(r"you control more (.+?) than (defending|attacking) player", t)
        if m:  # Goblin Goon, Mogg Toady: the player it would attack (802.2a), the active player (506.2)
            found = self.nouns.creatures(m[1])  # with shared team turns a verdict warning (805.10c, ``resolve``)
            if found is None:
                raise Unknown(t)
            who = "defending_player" if m[2] == "defending" else "active_player"
            if who == "active_player":
                self.side_notes.append(f"'attacking player' read as the active player (506.2): {TEAM_ATTACKING_PLAYER}")
            left, right = {"filter": found}, {"who": who, "filter": found}
            return Clause({"compare": [{"left": left, "op": "gt", "right": right}]}, block_time=m[2] == "defending")
        m = re.fullmatch(r"defending player controls more (.+?) than you", t)
        if m:  # Aerial Surveyor: the attacked player's (802.2a) against yours
            found = self.nouns.creatures(m[1])
            if found is None:
                raise Unknown(t)
            theirs: dict[str, Any] = {"who": "defending_player", "filter": found}
            return Clause({"compare": [{"left": theirs, "op": "gt", "right": {"filter": found}}]}, block_time=True)
        m = re.fullmatch(r"defending player has more cards in hand than you", t)
        if m:  # Robber of the Rich (802.2a)
            compare = {
                "left": {"who": "defending_player", "of": "hand"},
                "op": "gt",
                "right": {"who": "you", "of": "hand"},
            }
            return Clause({"compare": [compare]}, block_time=True)
        m = re.fullmatch(r"your team controls (another .+|an? .+)", t)
        if m:  # Aurora Champion: you or a teammate (102.4, 810.2)
            count = self.read("count", m[1])
            return Clause({"battlefield": {**count, "filter": {**count["filter"], "controller": "team"}}})
        m = re.fullmatch(r"you have (more|less|fewer) (cards in hand|life) than (each opponent|an opponent)", t)
        if m:  # Secretkeeper: "more cards in hand than each opponent" (every opponent: each_opponent)
            of = "hand" if m[2] == "cards in hand" else "life"
            who = "each_opponent" if m[3] == "each opponent" else "opponent"
            compare = {
                "left": {"who": "you", "of": of},
                "op": "gt" if m[1] == "more" else "lt",
                "right": {"who": who, "of": of},
            }
            return Clause({"compare": [compare]})
        lives = _ATTACKED_LIFE.get(re.sub(r"\b(?:that|defending) (?:player|opponent)\b", "THEY", t))
        if lives is not None:  # Sword Coast Sailor, Breena: the attacked player's life (802.2a)
            first, op, second = lives
            compare = {"left": {"who": first, "of": "life"}, "op": op, "right": {"who": second, "of": "life"}}
            return Clause({"compare": [compare]}, block_time=True)
        m = re.fullmatch(r"an? (.+?) also attacks", t)
        if m and (found := self.nouns.creatures(m[1])) is not None:  # Scarred Puma (508.1c)
            found = {k: v for k, v in found.items() if not (k == "types" and v == ["creature"])}
            return Clause({"attack": {"filter": found}}, attack_state=True)
        m = re.fullmatch(r"(you|an opponent|defending player) controls? (.+)", t)
        if m:
            who = {"you": "you", "an opponent": "opponent", "defending player": "defending_player"}[m[1]]
            defending = who == "defending_player"
            return Clause(self._controls(who, m[2]), block_time=defending)
        m = re.fullmatch(r"no opponent controls (.+)", t)
        if m:
            return Clause({"not": self._controls("opponent", m[1])})
        m = re.fullmatch(r"(?:there(?:'s| is) (an?|another) (.+?)|(an?|another) (.+?) is) on the battlefield", t)
        if m:
            return Clause({"battlefield": self.read("count", f"{m[1] or m[3]} {m[2] or m[4]}")})
        m = re.fullmatch(r"an? (.+?) has (an?|one or more) (\S+) counters? on it", t)
        if m:
            found = self.nouns.creatures(f"{m[1]} with a {m[3]} counter on it")
            if found is None:
                raise Unknown(t)
            return Clause({"battlefield": {"filter": found, "at_least": 1}})
        m = re.fullmatch(
            r"(you|an opponent) (?:has|have) (no|\w+ or (?:more|fewer|less)|exactly \w+) cards? in (?:hand|your hand|their hand)",
            t,
        )
        if m:
            return Clause(self._player(m[1], "hand", self._amount(m[2])))
        m = re.fullmatch(r"(you|an opponent) (?:has|have) (no|\w+ or more) poison counters?", t)
        if m:  # corrupted (Incisor Glider): 122.1f
            return Clause(self._player(m[1], "poison", self._amount(m[2])))
        m = re.fullmatch(r"(you|an opponent) (?:has|have) (\w+ or (?:more|less|fewer)) life", t)
        if m:
            return Clause(self._player(m[1], "life", self._amount(m[2])))
        m = re.fullmatch(
            r"you(?:'ve| have) cast (an?|\w+ or more) (creature |noncreature |instant or sorcery |instant and/or sorcery )?spells? this turn",
            t,
        )
        if m:
            spells = _SPELLS_OF_A_KIND[(m[2] or "").strip()]
            return Clause(self._player("you", spells, {"ge": 1} if m[1] in ("a", "an") else self._amount(m[1])))
        m = re.fullmatch(r"you(?:'ve| have) drawn (a|\w+ or more) cards? this turn", t)
        if m:
            return Clause(
                self._player("you", "cards_drawn_this_turn", {"ge": 1} if m[1] == "a" else self._amount(m[1]))
            )
        m = re.fullmatch(r"you(?:'ve| have)? gained (\w+ or more|\w+) life this turn", t)
        if m:  # Frodo, Adventurous Hobbit
            if " or " not in m[1]:
                raise Unknown(t)
            return Clause(self._player("you", "life_gained_this_turn", self._amount(m[1])))
        if t in ("you've lost life this turn", "you lost life this turn"):
            return Clause(self._player("you", "life_lost_this_turn", {"ge": 1}))
        if t in ("a creature died under your control this turn", "a creature you controlled died this turn"):
            return Clause(self._player("you", "creatures_died_this_turn", {"ge": 1}))
        happened = _TURN_FACTS.get(t)
        if happened is not None:
            return Clause(self._player(*happened))
        m = re.fullmatch(r"(\w+) or more nonland permanents entered the battlefield under your control this turn", t)
        if m:  # Goddric, Cloaked Reveler
            return Clause(self._player("you", "nonland_permanents_entered_this_turn", self._amount(f"{m[1]} or more")))
        m = re.fullmatch(r"an opponent has (\w+ or more) cards in their graveyard", t)
        if m:
            return Clause(self._player("an opponent", "graveyard", self._amount(m[1])))
        m = re.fullmatch(r"your devotion to (\w+)(?: and (\w+))? is (less than|at least|greater than) (\w+)", t)
        if m and all(c in COLORS for c in filter(None, (m[1], m[2]))):
            test = {"less than": "lt", "at least": "ge", "greater than": "gt"}[m[3]]
            devotion = {"colors": [c for c in (m[1], m[2]) if c], "count": {test: self._n(m[4])}}
            return Clause({"players": [{"who": "you", "devotion": devotion}]})
        if t == "you have max speed":  # 702.179e
            return Clause(self._player("you", "speed", {"ge": 4}))
        m = re.fullmatch(r"your speed is (\w+) or (?:higher|greater)", t)
        if m and self._n(m[1]) is not None:  # 702.179f
            return Clause(self._player("you", "speed", {"ge": self._n(m[1])}))
        if t == "a player has no cards in hand":
            return Clause({"any_of": [self._player(who, "hand", {"eq": 0}) for who in ("you", "an opponent")]})
        m = re.fullmatch(
            r"(?:there (?:are|is)|there's) (an?|\w+ or more) (.+?) cards? in your graveyard"
            r"|(an?) (.+?) card is in your graveyard",
            t,
        )
        if m and (kind := self._card_kind(m[2] or m[4])) is not None:  # Gray Slaad, Vengeful Firebrand
            amount = m[1] or m[3]
            count = {"ge": 1} if amount in ("a", "an") else self._amount(amount)
            return Clause({"players": [{"who": "you", "graveyard_cards": {"filter": kind, "count": count}}]})
        m = re.fullmatch(r"there are (\w+ or more|no|fewer than \w+) cards in your graveyard", t)
        if m:
            return Clause(self._player("you", "graveyard", self._amount(m[1])))
        m = re.fullmatch(r"there are (\w+ or more) card types among cards in your graveyard", t)
        if m:
            return Clause(self._player("you", "graveyard_card_types", self._amount(m[1])))
        m = re.fullmatch(r"(?:there are (\w+ or more) (.+?)|(\w+ or more) (.+?) are) on the battlefield", t)
        if m:
            amount, what = (m[1], m[2]) if m[1] else (m[3], m[4])
            found = self.nouns.creatures(what)
            if found is None:
                raise Unknown(t)
            return Clause({"battlefield": {"filter": found, "at_least": self._amount(amount)["ge"]}})
        designation = {"you're the monarch": "monarch", "you have the city's blessing": "city's blessing",
                       "you have the initiative": "initiative"}.get(t)  # fmt: skip
        if designation:
            return Clause({"players": [{"who": "you", "designations": [designation]}]})
        m = re.fullmatch(r"defending player (?:is|has) (the monarch|poisoned|the initiative)", t)
        if m:  # Crown-Hunter Hireling, Chained Throatseeker, Loot Dispute (802.2a: the player it would attack)
            fact: dict[str, Any] = {"poison": {"ge": 1}} if m[1] == "poisoned" else {"designations": [m[1][4:]]}
            return Clause({"players": [{"who": "defending_player", **fact}]}, block_time=True)
        m = re.fullmatch(
            r"defending player has (\w+ or (?:more|fewer)|no|fewer than \w+) cards in (?:their )?(graveyard|hand)", t
        )
        if m:  # Vantress Gargoyle (802.2a: the player it would attack)
            return Clause(self._player("defending_player", m[2], self._amount(m[1])), block_time=True)
        m = re.fullmatch(r"there(?: is|'s) (an?|another) (.+?) on the battlefield", t)
        if m and (found := self.nouns.creatures(m[2])) is not None:  # Glacial Crasher
            if m[1] == "another":
                found = other_than_self(found)
            return Clause({"battlefield": {"filter": found, "at_least": 1}})
        m = re.fullmatch(r"no opponent controls (.+)", t)
        if m:  # "as long as no opponent controls a white or blue creature": none of them does
            tests = self._controls("opponent", m[1])
            return Clause({"not": tests})
        if t in ("it's your turn", "it's not your turn", "it isn't your turn"):
            return Clause({"your_turn": t == "it's your turn"})
        return self._state(t)

    def _state(self, t: str) -> Clause:
        """The source's state ("$self is untapped", "it's attacking alone", "it has a counter on
        it") or, for an Aura or Equipment, what it is attached to ("enchanted creature is red")."""
        entered = re.fullmatch(r"(\$self|it) entered(?: the battlefield)? this turn", t)
        if entered:  # Ashaya's... "as long as this creature entered this turn"
            return Clause({"source": {"entered_this_turn": True}}, says_it=entered[1] != SELF)
        attacked = re.fullmatch(r"(\$self|it) attacked during your last turn", t)
        if attacked:  # Giant Turtle: its controller's most recent turn before this one
            return Clause({"source": {"attacked_last_turn": True}}, says_it=attacked[1] != SELF)
        holder_has = re.fullmatch(r"(enchanted|equipped) creature has ([a-z]+(?: [a-z]+)?)", t)
        if holder_has and (kind := keyword_kinds().get(holder_has[2])) is not None:
            named = f"{holder_has[1]} creature"  # Stonewall's-like "as long as equipped creature has defender"
            return Clause({"source": {"has": [kind]}}, it=named, on_holder=True)
        card_type = re.fullmatch(r"enchanted permanent is an? (creature|land|artifact)", t)
        if card_type:  # Careful Cultivation, Nature's Embrace
            return Clause({"source": {"types": [card_type[1]]}}, it="enchanted permanent", on_holder=True)
        vehicle = re.fullmatch(r"enchanted permanent is an? (Vehicle|Equipment)", t)
        if vehicle:  # Aerial Modification, Rune of Flight
            return Clause({"source": {"subtypes": [vehicle[1]]}}, it="enchanted permanent", on_holder=True)
        m = re.fullmatch(
            r"(\$self|it|(?:enchanted|equipped) creature)(?: is|'s|(?<=it)s(?= (?:power|toughness) )) (.+)", t
        )
        if m is None:
            return self._has_state(t)
        holder, state = m[1], m[2]
        on_holder = holder.startswith(("enchanted", "equipped"))
        it = holder if on_holder else SELF
        says_it = holder == "it"
        if state in _STATES and not on_holder:
            return Clause({"source": dict(_STATES[state])}, says_it=says_it)
        by = re.fullmatch(r"(enchanted|equipped) by (exactly (\w+)|(\w+) or more) (?:Auras?|Equipment)", state)
        if by and not on_holder:  # Timber Paladin: "enchanted by exactly two Auras" (303.4b)
            attached = ATTACHED_STATES[by[1]]["filter"]
            n = self._n(by[3] or by[4])
            fact: dict[str, Any] = {"source": {"attached": {"filter": attached, "at_least": n}}}
            if by[3] is not None:
                fact["not"] = {"source": {"attached": {"filter": attached, "at_least": n + 1}}}
            return Clause(fact, says_it=says_it)
        stat = re.fullmatch(r"(power|toughness) is (\w+) or (greater|less)", state)
        if stat:  # Ichor Aberration: "as long as its power is 7 or greater"
            bound = {"ge" if stat[3] == "greater" else "le": self._n(stat[2])}
            return Clause({"source": {stat[1]: bound}}, it=it, on_holder=on_holder, says_it=says_it)
        if state == "enchanted or equipped" and not on_holder:  # Novice Knight
            either = [dict(_STATES["enchanted"]), dict(_STATES["equipped"])]
            return Clause({"source": {"any_of": either}}, says_it=says_it)
        if state in ("attacking", "attacking alone"):
            key = "attacking" if state == "attacking" else "attacking_alone"
            return Clause(
                {"source": {key: True}}, it=it, on_holder=on_holder, block_time=True, says_it=says_it, attack_state=True
            )
        kind_of = re.fullmatch(r"an? (\w+)", state)
        if kind_of and not on_holder and (sub := self.nouns.subtype(kind_of[1])) is not None:
            return Clause({"source": {"subtypes": [sub]}}, says_it=says_it)  # Mistform Wall: "as long as it's a Wall"
        if on_holder and re.fullmatch(r"an? \w+(?: or an? \w+)+", state):
            kinds = [self.nouns.subtype(w) for w in re.findall(r"an? (\w+)", state)]
            if all(kinds):
                return Clause({"source": {"subtypes": kinds}}, it=it, on_holder=True)
        if on_holder:
            found = self.nouns.creatures(f"{state.removeprefix('a ').removeprefix('an ')} creature")
            if found is not None and state not in _STATES:
                found = {k: v for k, v in found.items() if k != "types"}
                if found:
                    block_time = "attacking" in found
                    return Clause({"source": found}, it=it, on_holder=True, block_time=block_time)
        raise Unknown(t)

    def _has_state(self, t: str) -> Clause:
        """ "it has a +1/+1 counter on it", "$self has no shell counters on it", "he has a +1/+1
        counter on him" (122.1), "it has defender" (a keyword it has), "its power is 6 or greater",
        "her power is 1 or less"."""
        m = re.fullmatch(
            r"(\$self|it|he|she) has (no|\w+)(?: or more)? ?(\S+)? counters? on (?:it|him|her)",
            t,
        )
        if m is not None and (m[2] == "no" or number(m[2]) is not None):
            kind = "any" if m[3] in (None, "") else m[3]
            test = {"eq": 0} if m[2] == "no" else {"ge": number(m[2]) or 1}
            return Clause({"source": {"counters": {kind: test}}}, says_it=m[1] != SELF)
        m = re.fullmatch(r"(\$self|it) has an (even|odd) number of counters on it", t)
        if m is not None:  # Sab-Sunen: all its counters together (0 is even)
            return Clause({"source": {"counters": {"any": {"even": m[2] == "even"}}}}, says_it=m[1] != SELF)
        m = re.fullmatch(r"(\$self|it) has ([a-z]+(?: [a-z]+)?)", t)
        if m is not None and (kind := keyword_kinds().get(m[2])) is not None:  # Manor Gargoyle
            return Clause({"source": {"has": [kind]}}, says_it=m[1] != SELF)
        m = re.fullmatch(r"(its|his|her|\$self's) power is (\d+) or (less|greater)", t)
        if m is not None:
            test = {"le" if m[3] == "less" else "ge": int(m[2])}
            return Clause({"source": {"power": test}}, says_it=m[1] != SELF + "'s")
        raise Unknown(t)

    def _controls(self, who: str, phrase: str) -> dict[str, Any]:
        """ "an artifact", "two or more Islands", "another Knight", "a Knight or a Soldier", "a
        Forest and an Island" (both), "no untapped lands": what ``who`` controls, as player tests."""
        p = phrase.strip()
        if p.startswith("no "):
            other = p.startswith("no other ")  # Jeskai Infiltrator: "you control no other creatures"
            found = self.nouns.creatures(p.removeprefix("no other " if other else "no "))
            if found is None:
                raise Unknown(p)
            if other:
                found = other_than_self(found)
            every = {"opponent": "each_opponent", "each_opponent": "opponent"}.get(who, who)
            # Rankle: "an opponent controls no creatures" is some opponent without one, so not every one with one
            return {"not": {"players": [{"who": every, "controls": {"filter": found, "at_least": 1}}]}}
        both = re.split(r",? and (?=an? )", p)
        if len(both) > 1 and " or " not in p:  # the Tron lands: "an Urza's Mine and an Urza's Tower", each
            return {"players": [{"who": who, "controls": self.read("count", b)} for b in both]}
        alternatives = re.split(r",? or (?=an? |another )", p)
        counts = [self._named_or_counted(a) for a in alternatives]
        tests = [{"players": [{"who": who, "controls": c}]} for c in counts]
        return tests[0] if len(tests) == 1 else {"any_of": tests}

    def _named_or_counted(self, phrase: str) -> dict[str, Any]:
        """ "a Contested Game Ball": a permanent by the name of a card of the catalog that no noun
        reads (Brave Falconhawk's token, 201.2); else what ``count`` reads ("two or more Islands")."""
        try:
            counted: dict[str, Any] = self.read("count", phrase)
            return counted
        except Unknown:
            name = re.fullmatch(r"an? ([A-Z][\w'-]*(?: [\w'-]+)*)", phrase)
            if name is None or not self.nouns.card_named(name[1]):
                raise
            return {"filter": {"name": name[1]}, "at_least": 1}

    def _card_kind(self, words: str) -> dict[str, Any] | None:
        """Which cards "creature cards", "permanent cards", "instant and/or sorcery cards", "a
        Lesson card" name (110.4a: a permanent card; 205.3: a subtype), or None."""
        if words == "permanent":
            return {"permanent": True}
        either = re.fullmatch(r"(\w+) (?:and/or|or) (\w+)", words)
        kinds = [either[1], either[2]] if either else [words]
        if all(k in _CARD_TYPE_WORDS for k in kinds):
            return {"types": kinds}
        if not either and (found := self.nouns.subtype(words)) is not None:
            return {"subtypes": [found]}
        return None

    def _player(self, who: str, fact: str, test: dict[str, int]) -> dict[str, Any]:
        return {"players": [{"who": who if who in ("you", "defending_player") else "opponent", fact: test}]}

    def _amount(self, words: str) -> dict[str, int]:
        if words == "no":
            return {"eq": 0}
        m = re.fullmatch(r"(\w+) or (more|fewer|less)", words)
        if m:
            n = self._n(m[1])
            return {"ge": n} if m[2] == "more" else {"le": n}
        m = re.fullmatch(r"(?:fewer|less) than (\w+)", words)
        if m:
            return {"lt": self._n(m[1])}
        m = re.fullmatch(r"exactly (\w+)", words)
        if m:
            return {"eq": self._n(m[1])}
        raise Unknown(words)

    def attacking_along(self, s: str) -> list[dict[str, Any]] | None:
        """Requirements once a creature attacks (508.1d), obeyed while it doesn't: Ekundu Cyclops'
        "if a creature you control attacks, $self also attacks if able"; Magnetic Web, War's Toll and
        Viashino Bey's "if <one> attacks, all <them> attack if able"."""
        along = re.fullmatch(rf"If (an? .+?) attacks, {re.escape(SELF)} also attacks if able", s)
        if along is not None:  # Ekundu Cyclops (508.1d): a requirement only if another creature attacks
            others = self._holder(re.sub(r"^an? ", "", along[1]))
            if others is None or "self" in others or "ids" in others:
                raise Unknown(s)
            return [{"kind": "must_attack", "condition": {"attack": {"filter": others}}}]
        together = re.fullmatch(rf"If (an? .+?|{re.escape(SELF)}) attacks, all (.+?) attack if able", s)
        if together is not None:  # Magnetic Web, War's Toll, Viashino Bey (508.1d): each, once one attacks
            parts = [
                re.sub(r" (?:an|that) opponent controls$", " your opponents control", p) for p in together.groups()
            ]
            own = parts[0] == SELF
            first = {"ids": [SELF]} if own else self._holder(re.sub(r"^an? ", "", parts[0]))
            them = self._holder(parts[1])
            if first is None or them is None or {"self", "ids"} & {*them, *({} if own else first)}:
                raise Unknown(s)
            attack = {"filter": first, "others": False} if own else {"filter": first}
            must = {"kind": "must_attack", "condition": {"attack": attack}}
            return [{"kind": "grant", "to": them, "ability": must}]
        return None

    def conditioned(self, abilities: list[dict[str, Any]], clause: Clause, field: str) -> list[dict[str, Any]]:
        """``abilities`` applying only while (``condition``) or unless (``unless``) the clause holds."""
        if not clause.data:  # a clause that always holds
            return abilities if field == "condition" else []
        out = []
        for a in abilities:
            target, data = a, clause.data
            if a["kind"] == "grant":
                if clause.attack_state and not clause.on_holder:
                    raise Unknown("a grant's condition known only once attackers are declared")
                if clause.on_holder or clause.block_time:
                    # what the grant goes to, or (Tanglewalker: "Each creature you control can't be
                    # blocked as long as defending player controls an artifact land") each one's
                    # own defending player (802.2a)
                    target = a["ability"] = dict(a["ability"])
            elif a["kind"] in ("type_change", "lose_abilities"):
                # read for each permanent it changes ("this": that permanent), docs/design.md §4.10:
                # its source's own state (Zhao's "as long as Zhao has a conqueror counter") a count of it
                others = "to" in a and a["to"] != {"ids": [ATTACHED]}
                if others and set(data) == {"source"} and not clause.on_holder:
                    data = {"battlefield": {"filter": {"ids": [SELF], **data["source"]}}}
                if others and (clause.on_holder or _reads_source(data)):
                    raise Unknown("a condition on an effect on other permanents")
                if not others and clause.on_holder != ("to" in a):
                    raise Unknown("a condition on an effect on other permanents")
            elif clause.on_holder:
                raise Unknown("a condition on what it is attached to")
            kind = target["kind"]
            if "attack" in data and not (_read_once_attacking(kind) or _gated(kind)):
                raise Unknown(f"{kind} applies before the attack it would depend on is declared")
            if (
                clause.block_time
                and KIND_HOMES.get(kind) not in BLOCK_TIME_HOMES
                and kind not in BLOCK_TIME_KINDS
                and (clause.attack_state or not ability_class(kind).per_target_condition)
            ):  # a kind read per attack target knows its defending player (802.2a)
                raise Unknown(f"{kind} with a condition known only once attackers are declared")
            earlier = target.get("condition")
            if field == "condition" and earlier is not None and "unless" not in target and not set(earlier) & set(data):
                target[field] = {**earlier, **data}  # a conjunction (Blacksmith's Talent: level 3, during your turn)
                out.append(a)
                continue
            if "condition" in target or "unless" in target:
                raise Unknown("a second condition")
            target[field] = data
            out.append(a)
        return out


def _reads_source(data: Any) -> bool:
    """Whether a condition reads the permanent it is on (``source``), at any depth."""
    if isinstance(data, dict):
        return "source" in data or any(_reads_source(v) for v in data.values())
    return isinstance(data, list) and any(_reads_source(v) for v in data)


def _read_once_attacking(kind: str) -> bool:
    """Whether ``kind`` matters only once attackers are declared (509.1)."""
    return KIND_HOMES.get(kind) in BLOCK_TIME_HOMES or kind in BLOCK_TIME_KINDS


def _gated(kind: str) -> bool:
    """Whether ``kind``'s effect while attackers are declared can depend on the declaration
    (restrictions and requirements, 508.1c-d; not costs, haste or vigilance)."""
    cls = ability_class(kind)
    overrides = {
        h for h in (*attack_hooks("gated"), *attack_hooks("ungated")) if getattr(cls, h) is not getattr(AbilityBase, h)
    }
    return bool(overrides) and overrides <= set(attack_hooks("gated"))
