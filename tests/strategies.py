"""Random small boards over the whole block vocabulary, for hypothesis and for the seeded campaign.

One board builder is written against a tiny ``Chooser`` interface; ``HypothesisChooser`` feeds it
from hypothesis draws (so failures shrink) and ``RandomChooser`` from a seeded ``random.Random``
(so a campaign is reproducible from its seed).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar, get_args

from hypothesis import strategies as st

from combat_solver import AttackDeclaration, BlockDeclaration, Board
from combat_solver.model.conditions import PlayerFact

T = TypeVar("T")
Json = dict[str, Any]

COLORS = ("white", "blue", "black", "red", "green")
CREATURE_SUBTYPES = ("Wall", "Eldrazi", "Human", "Goblin", "Forest")  # Forest: a land type (Dryad Arbor)
LAND_SUBTYPES = ("Island", "Swamp", "Forest", "Mountain", "Plains")
NAMES = ("Bear", "Ogre", "Sprite", "Knight")
TRIGGER_KINDS = (
    "attack_trigger",
    "block_trigger",
    "blocks_creature_trigger",
    "becomes_blocked_trigger",
    "blocked_by_creature_trigger",
    "unblocked_trigger",
    "rampage",
    "flanking",
    "bushido",
)
"""Triggered abilities never change legality and the references ignore them; random boards carry
some so that the differential tests check the engine ignores them too."""
KEYWORDS = ("flying", "reach", "shadow", "horsemanship", "menace", "lure", "block_additional")

ATTACKER_KINDS = (
    "flying",
    "flying",
    "shadow",
    "horsemanship",
    "fear",
    "intimidate",
    "skulk",
    "landwalk",
    "protection",
    "cant_be_blocked",
    "cant_be_blocked_by",
    "cant_be_blocked_except_by",
    "menace",
    "menace",
    "min_blockers",
    "max_blockers",
    "cant_be_blocked_unless_all_block",
    "lure",
    "lure",
    "must_be_blocked",
    "must_be_blocked",
)
BLOCKER_KINDS = (
    "flying",
    "reach",
    "reach",
    "shadow",
    "horsemanship",
    "cant_block",
    "can_block_only",
    "cant_block_alone",
    "cant_block_unless_others_block",
    "cant_block_unless_greater_power_blocks",
    "block_additional",
    "block_additional",
    "block_any_number",
    "block_while_tapped",
    "must_block",
    "must_block",
    "block_as_though",
)
EVASIONS = ("flying", "shadow", "horsemanship", "fear", "intimidate", "skulk", "landwalk")
PLAYER_WORDS = ("you", "opponent", "each_opponent", "defending_player", "active_player")
PLAYER_NUMBERS = get_args(PlayerFact)  # the numbers a player test reads (the data contract)
DESIGNATIONS = ("monarch", "initiative", "city's blessing", "ring-bearer")
MANA_SYMBOLS = ("{1}", "{2}", "{X}", "{W}", "{U}", "{B}", "{R}", "{G}", "{W/B}", "{2/R}", "{G/P}", "{C}")
GRAVEYARD_TYPES = ("artifact", "creature", "enchantment", "instant", "land", "sorcery")
GRAVEYARD_CARD_TYPES = (*GRAVEYARD_TYPES, "planeswalker", "battle", "kindred")
GRAVEYARD_SUBTYPES = ("Warrior", "Lesson", "Elf", "Aura")
GRAVEYARD_CARD_NAMES = ("Memnite", "Gray Slaad", "Changeling Outcast", "Lightning Bolt", "Forest")


class Chooser(Protocol):
    def integer(self, lo: int, hi: int) -> int: ...

    def chance(self, percent: int) -> bool: ...

    def choice(self, options: Sequence[T]) -> T: ...


class RandomChooser:
    """Choices from a seeded random generator (reproducible campaigns)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def chance(self, percent: int) -> bool:
        return self.rng.randrange(100) < percent

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]


class HypothesisChooser:
    """Choices from hypothesis draws; everything shrinks towards the first option / False / lo."""

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self.draw = draw

    def integer(self, lo: int, hi: int) -> int:
        return int(self.draw(st.integers(lo, hi)))

    def chance(self, percent: int) -> bool:
        return bool(self.draw(st.integers(0, 99)) >= 100 - percent)

    def choice(self, options: Sequence[T]) -> T:
        index: int = self.draw(st.integers(0, len(options) - 1))
        return options[index]


def subset(c: Chooser, options: Sequence[T], percent: int) -> list[T]:
    return [o for o in options if c.chance(percent)]


class _Builder:
    def __init__(self, c: Chooser) -> None:
        self.c = c
        self.players: list[Json] = []
        self.permanents: list[Json] = []
        self.effects: list[Json] = []
        self.attackers: dict[str, str] = {}
        self.keywords: Sequence[str] = KEYWORDS
        self.attack_step = False  # no declared attack yet: filters can't read it
        self.listed_graveyards = c.chance(50)  # graveyards as cards: conditions may count them by kind

    # ----- filters --------------------------------------------------------------------------

    def creature_ids(self) -> list[str]:
        return [p["id"] for p in self.permanents if "creature" in p["types"]]

    def atom(self, relative: bool) -> Json:
        c = self.c
        if c.chance(6):  # an ability with the fields that tell it apart (issue #12)
            return {
                "has": [
                    c.choice(
                        (
                            {"kind": "landwalk", "land": {"subtypes": [c.choice(LAND_SUBTYPES)]}},
                            {"kind": "protection", "from": {"colors": [c.choice(COLORS)]}},
                            {"kind": "protection", "from": {}},
                            {"kind": "block_additional", "n": c.integer(1, 2)},
                            {"kind": "min_blockers", "n": c.integer(1, 3)},
                            {"kind": "max_blockers", "n": 1},
                        )
                    )
                ]
            }
        if c.chance(12):  # counters, token, mana value, this turn, attachments, combat (issue #12)
            return c.choice(
                (
                    {"counters": {c.choice(("+1/+1", "-1/-1")): {c.choice(("ge", "le")): c.integer(0, 2)}}},
                    {"token": c.chance(50)},
                    {"mana_value": {c.choice(("le", "ge")): c.integer(0, 4)}},
                    {"entered_this_turn": c.chance(50)},
                    {"attacked_last_turn": c.chance(50)},
                    {"monstrous": c.chance(50)},
                    {"renowned": c.chance(50)},
                    {"saddled": c.chance(50)},
                    {"kicked": c.chance(50)},
                    {"commander": c.chance(50)},
                    {"ring_bearer": c.chance(50)},
                    {"class_level": {"ge": c.integer(1, 3)}},
                    {"owner": c.choice(("you", "opponent"))},
                    {
                        "attached": {
                            "filter": {"types": [c.choice(("enchantment", "artifact"))]},
                            "at_least": c.integer(0, 2),
                        }
                    },
                    {"mana_value": {"even": c.chance(50)}},
                    *(() if self.attack_step else ({"attacking": c.chance(50)}, {"attacking_alone": c.chance(50)})),
                )
            )
        kind = c.integer(0, 11 if relative else 9)
        if kind == 0:
            return {"colors": [c.choice(COLORS)]}
        if kind == 1:
            return {"types": ["artifact"]}
        if kind == 2:
            subtype = c.choice(CREATURE_SUBTYPES)
            return {"subtypes": [subtype.lower() if c.chance(20) else subtype]}
        if kind == 3:
            return {"power": {c.choice(("le", "ge", "lt", "gt", "eq")): c.integer(0, 4)}}
        if kind == 4:
            return {"has": [c.choice(self.keywords)]}
        if kind == 5:
            return {"tapped": c.chance(50)}
        if kind == 6:
            name = c.choice(NAMES)
            return {"name": name.upper() if c.chance(20) else name}
        if kind == 7:
            return {"colorless": c.chance(70)}
        if kind == 8:
            ids = self.creature_ids()
            return {"ids": sorted({c.choice(ids) for _ in range(c.integer(1, 2))})} if ids else {}
        if kind == 9:
            return {"controller": c.choice(self.players)["id"]}
        if kind == 10:
            return {"controller": c.choice(("you", "opponent", "team"))}
        return {"toughness": {c.choice(("le", "ge")): c.integer(1, 4)}}

    def filter(self, relative: bool = False, depth: int = 0) -> Json:
        c = self.c
        roll = c.integer(0, 9)
        if roll == 0:
            return {}
        if roll == 1 and depth == 0:
            return {"not": self.filter(relative, depth + 1)}
        if roll == 2 and depth == 0:
            return {"any_of": [self.filter(relative, depth + 1), self.filter(relative, depth + 1)]}
        f = self.atom(relative)
        if roll == 3:
            f = {**self.atom(relative), **f}
        return f

    # ----- abilities --------------------------------------------------------------------------

    def ability(self, kind: str) -> Json:
        c = self.c
        if kind == "landwalk":
            land = c.choice(
                (
                    {"subtypes": [c.choice(LAND_SUBTYPES)]},
                    {"not": {"supertypes": ["basic"]}},
                    {"supertypes": ["snow"]},
                    {"supertypes": ["snow"], "subtypes": [c.choice(LAND_SUBTYPES)]},
                    {"types": ["artifact"]},
                )
            )
            return {"kind": kind, "land": land}
        if kind == "protection":
            return {"kind": kind, "from": self.filter() if c.chance(80) else {}}
        if kind in ("cant_be_blocked_by", "cant_be_blocked_except_by"):
            return {"kind": kind, "by": self.filter()}
        if kind == "min_blockers":
            return {"kind": kind, "n": c.integer(1, 3)}
        if kind == "max_blockers":
            return {"kind": kind, "n": c.integer(1, 2)}
        if kind == "must_be_blocked":
            out: Json = {"kind": kind}
            if c.chance(35):
                out["by"] = self.filter(relative=c.chance(30))  # "you": the controller of its source
            if c.chance(35):
                out["min"] = c.integer(1, 3)
            if c.chance(30):
                out["max"] = c.integer(out.get("min", 1), 3)
            return out
        if kind == "cant_block":
            return {"kind": kind, "attackers": self.filter()} if c.chance(50) else {"kind": kind}
        if kind == "can_block_only":
            return {"kind": kind, "attackers": self.filter()}
        if kind == "cant_block_unless_others_block":
            return {"kind": kind, "n": c.integer(1, 2)}
        if kind == "block_additional":
            return {"kind": kind, "n": c.integer(1, 2)}
        if kind == "must_block":
            if c.chance(50):
                ids = list(self.attackers) if c.chance(85) else self.creature_ids()
                return {"kind": kind, "attacker": c.choice(ids)}
            return {"kind": kind}
        if kind == "block_limit":
            return {"kind": kind, "n": c.integer(0, 2), "opponents_only": c.chance(40)}
        if kind == "lure" and c.chance(25):  # Marble Priest: "All Walls able to block it do so"
            return {"kind": kind, "blockers": self.filter()}
        if kind == "block_as_though":
            out = {"kind": kind}
            if c.chance(60):
                out["had"] = sorted(
                    {c.choice(("flying", "reach", "shadow", "horsemanship")) for _ in range(c.integer(1, 2))}
                )
            if "had" not in out or c.chance(30):
                out["ignoring"] = sorted({c.choice(EVASIONS) for _ in range(c.integer(1, 2))})
            if "landwalk" in out.get("ignoring", ()) and c.chance(50):  # Deadfall: forestwalk only
                out["landwalk"] = {"subtypes": [c.choice(LAND_SUBTYPES)]}
            if c.chance(30):
                out["attackers"] = self.filter()
            return out
        return {"kind": kind}

    # ----- conditions (issue #12) ---------------------------------------------------------------

    def who(self, you: bool, defending: bool) -> str:
        words = [w for w in PLAYER_WORDS if (you or w not in ("you", "opponent", "each_opponent"))]
        if not defending:
            words.remove("defending_player")
        return self.c.choice(words) if self.c.chance(80) else self.c.choice(self.players)["id"]

    def condition(self, you: bool, defending: bool, depth: int = 0, attack: bool = False) -> Json:
        """A random condition; ``you``: "you" resolves; ``defending``: "defending player" may be
        named; ``attack``: it may test how many creatures attack."""
        c = self.c
        if attack and depth == 0 and c.chance(35):
            count: Json = {c.choice(("ge", "le", "eq")): c.integer(0, 2)}
            if c.chance(20):  # parity of the number of attackers (Rule with an Even Hand)
                count = {"even": c.chance(50)} if c.chance(60) else {**count, "even": c.chance(50)}
            test: Json = {"filter": self.filter(relative=you), "count": count}
            if c.chance(30):
                test["others"] = False
            out: Json = {"attack": test}
            if c.chance(30):
                out["source"] = self.filter(relative=you)
            return out
        roll = c.integer(0, 9)
        if roll == 0 and depth == 0:
            return {"not": self.condition(you, defending, 1)}
        if roll == 1 and depth == 0:
            return {"any_of": [self.condition(you, defending, 1), self.condition(you, defending, 1)]}
        if roll <= 3:
            return {"source": self.filter(relative=you)}
        if roll <= 6:
            test = {"who": self.who(you, defending)}
            read = (*PLAYER_NUMBERS, "designations", "controls", "creatures_sharing_a_type", "devotion")
            fact = "graveyard_cards" if self.listed_graveyards and c.chance(30) else c.choice(read)
            if fact == "graveyard_cards":  # Gray Slaad: {filter: {types: [creature]}, count: {ge: 4}}
                test[fact] = {"filter": self.card_filter(), "count": {c.choice(("ge", "le", "eq")): c.integer(0, 3)}}
            elif fact == "designations":
                test[fact] = [c.choice(DESIGNATIONS)]
            elif fact == "devotion":  # Theros gods: {colors: [black], count: {lt: 5}}
                test[fact] = {"colors": subset(c, COLORS, 40) or [c.choice(COLORS)],
                              "count": {c.choice(("lt", "ge")): c.integer(0, 4)}}  # fmt: skip
            elif fact == "creatures_sharing_a_type":  # Graxiplon: {ge: 3}
                test[fact] = {c.choice(("ge", "le", "eq")): c.integer(0, 3)}
            elif fact == "controls":
                test[fact] = {"filter": self.filter(relative=you), "at_least": c.integer(0, 2)}
            else:
                test[fact] = {c.choice(("le", "ge", "gt", "lt", "eq")): c.integer(0, 5 if fact != "life" else 21)}
                if c.chance(10):
                    test[fact] = {"even": c.chance(50)}
            return {"players": [test]}
        if roll == 7:
            if you and c.chance(35):  # "during your turn" (Daggersail Aeronaut)
                return {"your_turn": c.chance(70)}
            if c.chance(10):  # "during extra turns" (Medomai the Ageless, 500.7)
                return {"extra_turn": c.chance(70)}
            return {"battlefield": {"filter": self.filter(relative=you), "at_least": c.integer(0, 3)}}

        def side() -> Json:
            if c.chance(25):  # "this creature's power", or a named permanent's
                q: Json = {"of": c.choice(("power", "toughness"))}
                ids = self.creature_ids()
                if ids and c.chance(40):
                    q["permanent"] = c.choice(ids)
                return q
            q = {"who": self.who(you, defending), "of": c.choice(("permanents", "life", "hand", "graveyard"))}
            if q["of"] == "permanents" and c.chance(70):
                q["filter"] = self.filter(relative=you)
            return q

        return {"compare": [{"left": side(), "op": c.choice(("lt", "le", "eq", "ge", "gt")), "right": side()}]}

    def conditioned(self, ability: Json, you: bool, defending: bool, attack: bool) -> Json:
        """Sometimes an "as long as" or "unless" on the ability."""
        if self.c.chance(22):
            ability[self.c.choice(("condition", "unless"))] = self.condition(you, defending, attack=attack)
        return ability

    def card_filter(self) -> Json:
        """Which graveyard cards count: "creature cards", "permanent cards", "a Lesson card"."""
        c = self.c
        out: Json = {}
        if c.chance(50):
            out["types"] = subset(c, GRAVEYARD_CARD_TYPES, 25) or [c.choice(GRAVEYARD_CARD_TYPES)]
        if c.chance(30):
            out["subtypes"] = [c.choice(GRAVEYARD_SUBTYPES)]
        if c.chance(30):
            out["permanent"] = c.chance(60)
        return out

    def graveyard_cards(self) -> list[Json | str]:
        c = self.c
        cards: list[Json | str] = []
        for _ in range(c.integer(0, 6)):
            if c.chance(15):
                cards.append(c.choice(GRAVEYARD_CARD_NAMES))
                continue
            card: Json = {"types": subset(c, GRAVEYARD_CARD_TYPES, 20) or [c.choice(GRAVEYARD_CARD_TYPES)]}
            if c.chance(40):
                card["subtypes"] = subset(c, GRAVEYARD_SUBTYPES, 40)
            cards.append(card)
        return cards

    def player_facts(self) -> None:
        c = self.c
        for p in self.players:
            if not c.chance(40):
                continue
            p["life"] = c.integer(1, 22)
            p["poison"] = c.integer(0, 3)
            p["hand"] = c.integer(0, 4)
            if self.listed_graveyards:
                p["graveyard_cards"] = self.graveyard_cards()
            else:
                p["graveyard"] = c.integer(0, 8)
                p["graveyard_types"] = subset(c, GRAVEYARD_TYPES, 40)
            p["designations"] = subset(c, DESIGNATIONS, 20)
            for fact in (
                "cards_drawn_this_turn",
                "life_gained_this_turn",
                "life_lost_this_turn",
                "damage_dealt_this_turn",
                "creatures_died_this_turn",
                "damage_taken_this_turn",
                "artifacts_entered_this_turn",
                "nonland_permanents_entered_this_turn",
                "crimes_committed_this_turn",
            ):
                p[fact] = c.integer(0, 2)
            p["permanents_sacrificed_this_turn"] = sacrificed = c.integer(0, 2)
            p["artifacts_sacrificed_this_turn"] = c.integer(0, sacrificed)
            p["speed"] = c.integer(0, 4)
            p["spells_cast_this_turn"] = total = c.integer(0, 3)
            p["creature_spells_cast_this_turn"] = creature = c.integer(0, total)
            p["noncreature_spells_cast_this_turn"] = noncreature = c.integer(0, total - creature)
            p["instant_and_sorcery_spells_cast_this_turn"] = c.integer(0, noncreature)
            p["historic_spells_cast_this_turn"] = c.integer(0, total)

    def permanent_facts(self) -> None:
        c = self.c
        ids = [p["id"] for p in self.permanents]
        for p in self.permanents:
            if not c.chance(30):
                continue
            if c.chance(50):
                p["counters"] = {c.choice(("+1/+1", "-1/-1")): c.integer(1, 2)}
            p["is_token"] = c.chance(25)
            if c.chance(50):
                p["mana_cost"] = "".join(c.choice(MANA_SYMBOLS) for _ in range(c.integer(0, 4)))
            else:
                p["mana_value"] = c.integer(0, 5)
            p["entered_this_turn"] = c.chance(30)
            p["attacked_last_turn"] = c.chance(20)
            p["monstrous"] = c.chance(20)
            p["renowned"] = c.chance(20)
            p["saddled"] = c.chance(15)
            p["kicked"] = c.chance(15)
            p["commander"] = c.chance(10)
            p["ring_bearer"] = c.chance(10)
            p["class_level"] = c.integer(1, 3)
        for _ in range(c.choice((0, 0, 1, 2))):
            holder = c.choice(self.players)["id"]
            self.permanents.append(
                {
                    "id": f"aura{len(self.permanents) + 1}",
                    "name": "Aura",
                    "controller": holder,
                    "types": ["enchantment"] if c.chance(70) else ["artifact"],
                    # a Curse is attached to a player (303.4)
                    "attached_to": c.choice(ids) if ids and c.chance(90) else c.choice(self.players)["id"],
                }
            )

    def creature_ability(self) -> Json:
        return self.ability(self.c.choice(ATTACKER_KINDS + BLOCKER_KINDS))

    def grant(self) -> Json:
        """A grant; now and then one saying whether its creatures gain the ability as their own
        (613.1f: an ability-removing effect applied later takes only that)."""
        out = {"kind": "grant", "to": self.filter(relative=True), "ability": self.creature_ability()}
        if self.c.chance(15):
            out["gains"] = self.c.chance(50)
        return out

    lost_kinds: tuple[str, ...] = (*EVASIONS, "reach", "menace", "lure", "cant_block", "must_block", "grant")
    """The kinds a random ability-removing effect names."""

    def characteristic(self, on_itself: bool = False) -> Json:
        """A type-changing effect (613.1d) or an ability-removing one (613.1f), on ``to`` (a creature,
        a filter, lands) or, ``on_itself``, on the permanent that has it."""
        c = self.c
        ids = self.creature_ids()
        ability: Json
        if c.chance(50):
            change = c.choice(
                (
                    "subtypes",
                    "subtypes",
                    "every_creature_type",
                    "every_basic_land_type",
                    "land_types",
                    "types",
                    "creature_types",
                    "not_creature",
                    "colors",
                )
            )
            if change == "subtypes":
                ability = {
                    "kind": "type_change",
                    "subtypes": subset(self.c, CREATURE_SUBTYPES + LAND_SUBTYPES, 30) or ["Wall"],
                }
                if c.chance(30):  # 105.3: "a black Zombie in addition to its other colors and types"
                    ability["add_colors"] = subset(c, COLORS, 40) or ["black"]
                if c.chance(15):
                    ability["supertypes"] = ["legendary"]
            elif change == "creature_types":
                ability = {"kind": "type_change", "creature_types": subset(c, CREATURE_SUBTYPES[:4], 40)}
                if c.chance(60):
                    ability["colors"] = subset(c, COLORS, 30)
                if c.chance(40):  # 205.1a: Frogify's "is a blue Frog creature": an artifact creature no artifact
                    ability |= {"types": ["creature"], "sets_types": True, "power": 1, "toughness": 1}
            elif change == "land_types":
                ability = {"kind": "type_change", "land_types": [c.choice(LAND_SUBTYPES)]}
            elif change == "colors":  # 105.3, 613.1e: "All creatures are black", "$self is all colors"
                ability = {"kind": "type_change", "colors": subset(c, COLORS, 40)}
            elif change == "types":
                ability = {
                    "kind": "type_change",
                    "types": [c.choice(("artifact", "land"))],
                    "subtypes": subset(c, LAND_SUBTYPES, 20),
                }
                if c.chance(25):  # Imprisoned in the Moon, Sugar Coat: "loses all other card types" (205.1a)
                    ability["sets_types"] = True
                if c.chance(40):  # 613.1d, 613.4b: a land or artifact made a creature (Living Lands)
                    ability = {
                        "kind": "type_change",
                        "types": ["creature"],
                        "power": c.integer(0, 4),
                        "toughness": c.integer(1, 4),
                    }
                    if c.chance(50):
                        ability["subtypes"] = subset(c, CREATURE_SUBTYPES[:4], 40)
            else:
                ability = {"kind": "type_change", change: True}
        else:
            ability = {"kind": "lose_abilities"}
            if c.chance(70):
                ability["kinds"] = sorted(set(subset(c, self.lost_kinds, 25) or ["flying"]))
        if on_itself:
            return ability
        lands = {"types": ["land"]} if c.chance(50) else {"subtypes": [c.choice(LAND_SUBTYPES)]}
        roll = c.integer(0, 2)
        ability["to"] = (
            {"ids": [c.choice(ids)]} if roll == 0 and ids else (lands if roll == 1 else self.filter(relative=True))
        )
        return ability

    # ----- permanents -------------------------------------------------------------------------

    def creature(self, pid: str, controller: str, tapped_percent: int) -> Json:
        c = self.c
        types = ["artifact", "creature"] if c.chance(20) else ["creature"]
        return {
            "id": pid,
            "name": c.choice(NAMES),
            "controller": controller,
            "types": types,
            "subtypes": subset(c, CREATURE_SUBTYPES, 25) if c.chance(60) else [],
            "colors": subset(c, COLORS, 25),
            "power": c.integer(0, 4) if c.chance(95) else -1,
            "toughness": c.integer(1, 4),
            "tapped": c.chance(tapped_percent),
            "abilities": [],
        }

    def land(self, pid: str, controller: str) -> Json:
        c = self.c
        return {
            "id": pid,
            "name": "Land",
            "controller": controller,
            "types": ["artifact", "land"] if c.chance(15) else ["land"],
            "subtypes": [c.choice(LAND_SUBTYPES)] if c.chance(75) else [],
            "supertypes": subset(c, ("basic", "snow", "legendary"), 35),
        }


PER_TARGET_KINDS = ("cant_attack", "cant_attack_unless", "cant_attack_if")
# Kinds whose effect while attackers are declared may depend on the attack itself (``attack`` tests).
ATTACK_GATED_KINDS = (
    *PER_TARGET_KINDS,
    "defender",
    "cant_attack_alone",
    "can_only_attack_alone",
    "cant_attack_unless_others_attack",
    "cant_attack_unless_greater_power_attacks",
    "attack_limit",
    "must_attack",
    "attacks_player_other_than",
    "goad",
    "must_be_attacked",
    "attacks_or_blocks",
)


def add_characteristics(b: _Builder, creatures: list[Json]) -> None:
    """Types changed and abilities lost (613.1d, 613.1f): on a creature itself, from an Aura-like
    enchantment, or as a resolved effect."""
    c = b.c
    for _ in range(c.choice((0, 0, 0, 0, 1, 1, 2))):
        where = c.integer(0, 2)
        if where == 0 and creatures:
            c.choice(creatures)["abilities"].append(b.characteristic(on_itself=c.chance(50)))
        elif where == 1:
            b.permanents.append(
                {
                    "id": f"x{len(b.permanents) + 1}",
                    "name": "Mutation",
                    "controller": c.choice(b.players)["id"],
                    "types": ["enchantment"],
                    "abilities": [b.characteristic()],
                }
            )
        else:
            b.effects.append(
                {"source": f"m{len(b.effects)}", "controller": c.choice(b.players)["id"], "ability": b.characteristic()}
            )


def add_timestamps(b: _Builder) -> None:
    """613.7: some boards state when some permanents and effects began to apply (the others keep
    their place in the board)."""
    c = b.c
    if not c.chance(20):
        return
    for obj in [*b.permanents, *b.effects]:
        if c.chance(40):
            obj["timestamp"] = c.integer(0, 12)


def add_conditions(b: _Builder, attack_step: bool) -> None:
    """Give some abilities an "as long as" or "unless" condition (issue #12), naming only players
    that resolve: "you" needs a controller; before attackers are declared, "defending player" is
    allowed only on restrictions on attacking read per target."""

    def visit(ability: Json, you: bool) -> None:
        if ability["kind"] == "grant":
            visit(ability["ability"], you)
        defending = not attack_step or ability["kind"] in PER_TARGET_KINDS
        attack = not attack_step or ability["kind"] in ATTACK_GATED_KINDS
        b.conditioned(ability, you, defending, attack)

    for p in b.permanents:
        for ability in p.get("abilities", []):
            visit(ability, True)
    for e in b.effects:
        visit(e["ability"], e.get("controller") is not None)


CHOSEN_TYPES = ("Wall", "Eldrazi", "Human", "Goblin")  # creature types (205.3m) of CREATURE_SUBTYPES


def add_choices(b: _Builder) -> None:
    """Give some permanents the choices they made as they entered (607.2d) and let some of the
    values in their abilities read them: a filter's color or subtype, a controller or a player
    becomes ``chosen``."""
    c = b.c
    players = [p["id"] for p in b.players]

    def visit(value: Any) -> Any:
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                if key == "devotion":
                    out[key] = item  # 700.5 counts mana symbols
                elif key in ("colors", "add_colors", "subtypes") and isinstance(item, list):  # Alloy Golem (607.2d)
                    out[key] = ["chosen" if c.chance(30) else v for v in item]
                elif (key in ("controller", "player") and isinstance(item, str) and c.chance(20)) or (
                    key == "even" and c.chance(40)
                ):
                    out[key] = "chosen"
                else:
                    out[key] = visit(item)
            return out
        if isinstance(value, list):
            return [visit(v) for v in value]
        return value

    for p in b.permanents:
        if not p.get("abilities") or not c.chance(25):
            continue
        p["chosen"] = {
            "color": c.choice(COLORS),
            "creature_type": c.choice(CHOSEN_TYPES),
            "player": c.choice(players),
            "parity": c.choice(("odd", "even")),
        }
        p["abilities"] = visit(p["abilities"])


def build_board(c: Chooser, removed: bool = False) -> Board:
    """A random valid board with an attack already declared; an attacker its type-changing effects
    leave no creature, or that attacks what they leave no planeswalker or battle, was removed from
    combat (506.4) and is left out of it, unless ``removed`` (the engine refuses such a board)."""
    b = _Builder(c)
    mode = c.choice(("two", "two", "multi", "multi", "team", "allies"))
    if mode == "two":
        b.players = [{"id": "p1"}, {"id": "p2"}]
    elif mode == "multi":
        b.players = [{"id": f"p{i}"} for i in range(1, c.integer(3, 4) + 1)]
    elif mode == "allies":  # teams, but each player declares separately (no shared team turns)
        b.players = [
            {"id": "p1", "team": "A"},
            {"id": "p2", "team": "A"},
            {"id": "p3", "team": "B"},
            {"id": "p4", "team": "C"},
        ]
    else:
        n = c.integer(3, 4)
        split = 1 if n == 3 and c.chance(50) else 2
        b.players = [{"id": f"p{i}", "team": "A" if i <= split else "B"} for i in range(1, n + 1)]
    team = {p["id"]: p.get("team", p["id"]) for p in b.players}
    active = "p1" if mode != "team" or c.chance(70) else c.choice([p["id"] for p in b.players if team[p["id"]] == "A"])
    attacking_side = [p["id"] for p in b.players if team[p["id"]] == team[active]]
    opponents = [p["id"] for p in b.players if team[p["id"]] != team[active]]
    if mode != "team" or c.chance(50):
        attacking_side = [active]  # 508.1a: only the active player attacks, unless teams share turns (805.10b)

    # Attack targets: opponents, their planeswalkers, battles they protect.
    targets: list[str] = []
    for o in opponents:
        targets.append(o)
        if c.chance(25):
            pw = f"w{len(b.permanents) + 1}"
            b.permanents.append({"id": pw, "name": "Walker", "controller": o, "types": ["planeswalker"]})
            targets.append(pw)
        if c.chance(20):
            bt = f"t{len(b.permanents) + 1}"
            controller = c.choice([active, o])
            b.permanents.append(
                {
                    "id": bt,
                    "name": "Siege",
                    "controller": controller,
                    "types": ["battle"],
                    "subtypes": ["Siege"],
                    "protector": o,
                }
            )
            targets.append(bt)

    # Defending creatures: at most 4 per defending unit.
    per_player_cap = 4 if mode == "two" else (2 if mode == "team" else 3)
    defenders: list[Json] = []
    for o in opponents:
        for _ in range(c.integer(0, per_player_cap)):
            pid = f"b{len(defenders) + 1}"
            defenders.append(b.creature(pid, o, 20))
        for _ in range(c.integer(0, 2)):
            b.permanents.append(b.land(f"l{len(b.permanents) + 1}", o))
        if c.chance(5):  # a creature that is also a battle can't block (509.1a)
            fake = b.creature(f"bc{len(b.permanents) + 1}", o, 0)
            fake.update(types=["battle", "creature"], protector=o)
            b.permanents.append(fake)
    # Attacking creatures: at most 4 attacking.
    attack_side: list[Json] = []
    n_attackers = c.integer(1, 4)
    for i in range(n_attackers):
        pid = f"a{i + 1}"
        attack_side.append(b.creature(pid, c.choice(attacking_side), 0))
        b.attackers[pid] = c.choice(targets)
    if c.chance(25):
        attack_side.append(b.creature("h1", active, 50))
    b.permanents += attack_side + defenders

    # Printed abilities, chosen after every id exists so filters can name them.
    for p in attack_side:
        for _ in range(c.choice((0, 1, 1, 1, 2, 2, 3))):
            p["abilities"].append(b.ability(c.choice(ATTACKER_KINDS)))
    for p in defenders:
        for _ in range(c.choice((0, 0, 1, 1, 2))):
            p["abilities"].append(b.ability(c.choice(BLOCKER_KINDS)))
    creatures = attack_side + defenders
    if c.chance(15):
        c.choice(creatures)["abilities"].append({"kind": c.choice(TRIGGER_KINDS)})
    # Requirements are what make 509.1c hard: add some more of them.
    for _ in range(c.choice((0, 0, 1, 2))):
        if attack_side and c.chance(50):
            c.choice(attack_side)["abilities"].append(b.ability(c.choice(("lure", "must_be_blocked"))))
        elif defenders:
            c.choice(defenders)["abilities"].append(b.ability("must_block"))
    if creatures and c.chance(25):
        c.choice(creatures)["abilities"].append(b.grant())
    if c.chance(20):
        b.permanents.append(
            {
                "id": "e1",
                "name": "Anthem",
                "controller": c.choice(b.players)["id"],
                "types": ["enchantment"],
                "abilities": [b.grant() for _ in range(c.integer(1, 2))],
            }
        )
    add_characteristics(b, creatures)
    if c.chance(6):  # Master Warcraft: someone else declares the blocks (legality is the same)
        b.permanents.append(
            {
                "id": "mw",
                "name": "Master Warcraft",
                "controller": c.choice(b.players)["id"],
                "types": ["enchantment"],
                "abilities": [{"kind": "chooses_blockers"}],
            }
        )
    if c.chance(12):
        holder = c.choice(creatures) if creatures and c.chance(50) else None
        if holder is not None:
            holder["abilities"].append(b.ability("block_limit"))
        else:
            b.permanents.append(
                {
                    "id": "e2",
                    "name": "Arbiter",
                    "controller": c.choice(b.players)["id"],
                    "types": ["enchantment"],
                    "abilities": [b.ability("block_limit")],
                }
            )
    for i in range(c.choice((0, 0, 0, 1, 1, 2))):
        controller = c.choice(b.players)["id"] if c.chance(85) else None
        if c.chance(10):
            b.effects.append(
                {"source": f"s{i}", "controller": controller or active, "ability": b.ability("block_limit")}
            )
            continue
        ids = b.creature_ids()
        to = {"ids": [c.choice(ids)]} if ids and c.chance(60) else b.filter(relative=True)
        effect: Json = {"source": f"s{i}", "to": to, "ability": b.creature_ability()}
        if controller is not None:
            effect["controller"] = controller
        b.effects.append(effect)

    for e in b.effects:  # an effect whose ability says "you" (or "opponent") has a controller
        if "controller" not in e and re.search(r'"(you|opponent)"', json.dumps(e["ability"])):
            e["controller"] = active
    b.player_facts()
    b.permanent_facts()
    add_timestamps(b)
    add_conditions(b, attack_step=False)
    add_choices(b)
    board: Json = {
        "players": b.players,
        "active_player": active,
        "shared_team_turns": mode == "team",
        "extra_turn": c.chance(15),
        "permanents": b.permanents,
        "effects": b.effects,
        "combat": {"attackers": b.attackers},
    }
    from reference import Reference, RemovedFromCombat

    while True:
        built = Board.model_validate(board)
        try:
            if not removed:
                Reference(built)
            return built
        except RemovedFromCombat as gone:
            del b.attackers[str(gone)]


@st.composite
def boards(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Board:
    return build_board(HypothesisChooser(draw))


def random_declaration(c: Chooser, board: Board, legal: Sequence[frozenset[tuple[str, str]]]) -> BlockDeclaration:
    """A proposed declaration: often a mutated legal one, else random pairs (any creature, any attacker)."""
    attackers = sorted(board.combat.attackers) if board.combat is not None else []
    creatures = [p.id for p in board.permanents if "creature" in p.types and p.id not in attackers]
    pairs: set[tuple[str, str]] = set(c.choice(legal)) if legal and c.chance(60) else set()
    if attackers and creatures:
        for _ in range(c.choice((0, 1, 1, 2, 3))):
            pair = (c.choice(creatures), c.choice(attackers))
            if pair in pairs:
                pairs.discard(pair)
            else:
                pairs.add(pair)
    if pairs and c.chance(20):
        pairs.discard(c.choice(sorted(pairs)))
    blocks: dict[str, list[str]] = {}
    for blocker, attacker in sorted(pairs):
        blocks.setdefault(blocker, []).append(attacker)
    return BlockDeclaration(blocks={k: tuple(v) for k, v in blocks.items()})


# =================================================================================================
# Attack boards (declare attackers step: no ``combat``)
# =================================================================================================

ATTACK_KEYWORDS = ("flying", "haste", "vigilance", "defender", "must_attack", "menace", "goad")
# "*_target" are the same kinds with a ``target``.
CREATURE_ATTACK_KINDS = (
    "haste",
    "haste",
    "attack_as_though_haste",
    "vigilance",
    "vigilance",
    "defender",
    "attack_despite_defender",
    "cant_attack",
    "cant_attack_target",
    "cant_attack_target",
    "cant_attack_unless",
    "cant_attack_unless",
    "cant_attack_if",
    "cant_attack_if",
    "cant_attack_alone",
    "can_only_attack_alone",
    "cant_attack_unless_others_attack",
    "cant_attack_unless_greater_power_attacks",
    "must_attack",
    "must_attack",
    "must_attack_target",
    "must_attack_target",
    "attacks_player_other_than",
    "goad",
    "goad",
    "attacks_or_blocks",
    "flying",
    "menace",
)
ATTACK_REQUIREMENT_KINDS = (
    "must_attack",
    "must_attack_target",
    "attacks_player_other_than",
    "goad",
    "attacks_or_blocks",
)


class _AttackBuilder(_Builder):
    lost_kinds = ("haste", "vigilance", "defender", "cant_attack", "must_attack", "attack_limit", "goad", "grant")

    def __init__(self, c: Chooser) -> None:
        super().__init__(c)
        self.keywords = ATTACK_KEYWORDS
        self.attack_step = True

    def atom(self, relative: bool) -> Json:
        c = self.c
        if c.chance(20):  # counts look at every permanent, not only creatures
            return c.choice(
                (
                    {"types": [c.choice(("land", "creature", "planeswalker", "battle", "enchantment"))]},
                    {"subtypes": [c.choice(LAND_SUBTYPES)]},
                    {"supertypes": ["basic"]},
                    {"has": [c.choice(self.keywords)]},
                )
            )
        return super().atom(relative)

    def target(self, game: bool = False) -> Json:
        c = self.c
        kind = c.integer(0, 10)
        if kind in (3, 10) and game:  # "owner" and "opponent" need the ability's creature or controller
            kind = 1
        pid = c.choice(self.players)["id"]
        walkers = [p["id"] for p in self.permanents if "planeswalker" in p["types"] or "battle" in p["types"]]
        if kind == 0:
            return {"player": "you"}
        if kind == 1:
            return {"player": "you", "planeswalkers": True}
        if kind == 2:
            return {"player": "you", "planeswalkers": True, "battles": True}
        if kind == 3:
            return {"player": "owner", "planeswalkers": c.chance(50)}
        if kind == 4:
            return {"player": pid}
        if kind == 5:
            return {"player": pid, "include_player": False, "planeswalkers": True, "battles": c.chance(50)}
        if kind == 6 and walkers:
            return {"ids": sorted({c.choice(walkers) for _ in range(c.integer(1, 2))})}
        if kind == 8:
            return {"planeswalkers": True}
        if kind == 9:
            return {"include_player": c.chance(30), "battles": True}
        if kind == 10:  # 102.3: any opponent of its controller (Vow of Duty's cousins, "attacks an opponent")
            return {"player": "opponent", "planeswalkers": c.chance(50)}
        return {}

    def count(self) -> Json:
        return {"filter": self.filter(relative=True), "at_least": self.c.choice((0, 1, 1, 1, 2))}

    def ability(self, kind: str) -> Json:
        c = self.c
        if kind == "cant_attack_target":
            return {"kind": "cant_attack", "target": self.target()}
        if kind == "must_attack_target":
            return {"kind": "must_attack", "target": self.target()}
        if kind in ("cant_attack_unless", "cant_attack_if"):
            fields = ["defending_player_controls", "you_control", "battlefield_has"]
            chosen = subset(c, fields, 20) or [c.choice(fields)]
            return {"kind": kind, **{f: self.count() for f in chosen}}
        if kind == "cant_attack_unless_others_attack":
            return {"kind": kind, "n": c.integer(1, 2)}
        if kind == "attacks_player_other_than":
            return {"kind": kind, "player": "you" if c.chance(60) else c.choice(self.players)["id"]}
        if kind == "goad":
            return {"kind": kind, "by": "you" if c.chance(30) else c.choice(self.players)["id"]}
        if kind == "attack_limit":
            out: Json = {"kind": kind, "n": c.integer(0, 3)}
            if c.chance(30):
                out["per"] = "turn"
            if c.chance(40):
                out["defender"] = self.target(game=True)
            return out
        if kind == "must_be_attacked":
            return {"kind": kind, "target": self.target(game=True)} if c.chance(60) else {"kind": kind}
        return super().ability(kind)

    def creature_ability(self) -> Json:
        return self.ability(self.c.choice(CREATURE_ATTACK_KINDS))


def build_attack_board(c: Chooser) -> Board:
    """A random valid board at the declare attackers step (at most 4 creatures can attack)."""
    b = _AttackBuilder(c)
    mode = c.choice(("two", "two", "multi", "multi", "team", "allies"))
    if mode == "two":
        b.players = [{"id": "p1"}, {"id": "p2"}]
    elif mode == "multi":
        b.players = [{"id": f"p{i}"} for i in range(1, c.integer(3, 4) + 1)]
    elif mode == "allies":  # teams, but only the active player attacks (no shared team turns)
        b.players = [
            {"id": "p1", "team": "A"},
            {"id": "p2", "team": "A"},
            {"id": "p3", "team": "B"},
            {"id": "p4", "team": "C"},
        ]
    else:
        n = c.integer(3, 4)
        split = 1 if n == 3 and c.chance(50) else 2
        b.players = [{"id": f"p{i}", "team": "A" if i <= split else "B"} for i in range(1, n + 1)]
    ids = [p["id"] for p in b.players]
    team = {p["id"]: p.get("team", p["id"]) for p in b.players}
    active = "p1" if mode != "team" or c.chance(70) else c.choice([p for p in ids if team[p] == "A"])
    unit = [p for p in ids if team[p] == team[active]] if mode == "team" else [active]
    opponents = [p for p in ids if team[p] != team[active]]
    others = [p for p in ids if p not in unit]

    # Planeswalkers and battles: attackable ones (an opponent's; protected by an opponent) and others.
    for o in opponents:
        if c.chance(30) and len(b.permanents) < 3:
            b.permanents.append(
                {
                    "id": f"w{len(b.permanents) + 1}",
                    "name": "Walker",
                    "controller": o,
                    "types": ["planeswalker"],
                    "abilities": [],
                }
            )
        if c.chance(20) and len(b.permanents) < 3:
            b.permanents.append(
                {
                    "id": f"t{len(b.permanents) + 1}",
                    "name": "Siege",
                    "controller": c.choice([active, o, *ids]),
                    "types": ["battle"],
                    "subtypes": ["Siege"],
                    "protector": o,
                    "abilities": [],
                }
            )
    if c.chance(10):  # the attacking player's own planeswalker, or a teammate's
        b.permanents.append({"id": "w9", "name": "Walker", "controller": c.choice(unit), "types": ["planeswalker"]})
    if c.chance(8) and opponents:  # a Siege an opponent controls and the attacking player protects (310.9b)
        b.permanents.append(
            {
                "id": "t9",
                "name": "Siege",
                "controller": c.choice(opponents),
                "types": ["battle"],
                "subtypes": ["Siege"],
                "protector": c.choice(unit),
            }
        )
    for _ in range(c.choice((0, 0, 1, 2, 3))):
        b.permanents.append(b.land(f"l{len(b.permanents) + 1}", c.choice(ids)))

    # Creatures: up to 4 that the attacking unit controls, up to 2 others.
    attack_side: list[Json] = []
    for i in range(c.integer(1, 4)):
        p = b.creature(f"a{i + 1}", c.choice(unit), 12)
        p["summoning_sick"] = c.chance(20)
        if c.chance(6):
            p["owner"] = c.choice(ids)
        attack_side.append(p)
    if c.chance(4) and opponents:  # a battle that is also a creature can't attack (508.1a)
        fake = b.creature("ac9", c.choice(unit), 0)
        fake.update(types=["battle", "creature"], protector=c.choice(opponents))
        attack_side.append(fake)
    bystanders = [b.creature(f"o{i + 1}", c.choice(others), 20) for i in range(c.choice((0, 0, 1, 2)))]
    b.permanents += attack_side + bystanders

    for p in attack_side:
        for _ in range(c.choice((0, 1, 1, 1, 2, 2, 3))):
            p["abilities"].append(b.creature_ability())
    for p in bystanders:
        if c.chance(40):
            p["abilities"].append(b.creature_ability())
    for _ in range(c.choice((0, 0, 1, 2))):  # requirements are what make 508.1d hard
        c.choice(attack_side)["abilities"].append(b.ability(c.choice(ATTACK_REQUIREMENT_KINDS)))
    creatures = attack_side + bystanders
    if c.chance(15):
        c.choice(creatures)["abilities"].append({"kind": c.choice(TRIGGER_KINDS)})
    if c.chance(25):
        c.choice(creatures)["abilities"].append(b.grant())
    add_characteristics(b, creatures)
    if c.chance(20):
        b.permanents.append(
            {
                "id": "e1",
                "name": "Anthem",
                "controller": c.choice(ids),
                "types": ["enchantment"],
                "abilities": [b.grant() for _ in range(c.integer(1, 2))],
            }
        )
        if c.chance(30):  # 102.3: "opponent" is the Anthem's controller's, not the attacker's
            kind = c.choice(("cant_attack", "must_attack"))
            target = {"player": "opponent", "planeswalkers": c.chance(50)}
            b.permanents[-1]["abilities"].append(
                {"kind": "grant", "to": b.filter(relative=True), "ability": {"kind": kind, "target": target}}
            )
    # Rules of the game: printed on any permanent, or effects without ``to``.
    for kind, percent in (("attack_limit", 20), ("must_be_attacked", 20), ("chooses_attackers", 6)):
        if not c.chance(percent):
            continue
        holders = [p for p in b.permanents if "abilities" in p]
        if holders and c.chance(50):
            c.choice(holders)["abilities"].append(b.ability(kind))
        else:
            b.permanents.append(
                {
                    "id": f"e{len(b.permanents) + 2}",
                    "name": "Rule",
                    "controller": c.choice(ids),
                    "types": ["enchantment"],
                    "abilities": [b.ability(kind)],
                }
            )
    for i in range(c.choice((0, 0, 0, 1, 1, 2))):
        controller = c.choice(opponents) if c.chance(60) else c.choice(ids)
        if c.chance(15):
            b.effects.append(
                {
                    "source": f"s{i}",
                    "controller": controller,
                    "ability": b.ability(c.choice(("attack_limit", "must_be_attacked"))),
                }
            )
            continue
        cids = b.creature_ids()
        to = {"ids": [c.choice(cids)]} if c.chance(60) else b.filter(relative=True)
        kind = c.choice(ATTACK_REQUIREMENT_KINDS) if c.chance(60) else c.choice(CREATURE_ATTACK_KINDS)
        b.effects.append({"source": f"s{i}", "controller": controller, "to": to, "ability": b.ability(kind)})

    if c.chance(5):  # Rule with an Even Hand: "You can't attack with an odd number of creatures."
        parity = {"others": False, "filter": {"controller": "you"}, "count": {"even": c.chance(80)}}
        b.effects.append(
            {
                "source": "Rule with an Even Hand",
                "controller": active if c.chance(80) else c.choice(ids),
                "to": {"controller": "you"},
                "ability": {"kind": "cant_attack", "unless": {"attack": parity}},
            }
        )

    b.player_facts()
    b.permanent_facts()
    add_timestamps(b)
    add_conditions(b, attack_step=True)
    add_choices(b)
    board: Json = {
        "players": b.players,
        "active_player": active,
        "shared_team_turns": mode == "team",
        "extra_turn": c.chance(15),
        "permanents": b.permanents,
        "effects": b.effects,
    }
    if c.chance(12):
        board["attackable_players"] = subset(c, opponents, 50)
    if c.chance(10):
        board["attacked_this_turn"] = c.integer(1, 2)
    elif c.chance(25):
        # Creatures that attacked in an earlier combat, some of them the ones here (508.1c counts creatures).
        targets = opponents + [p["id"] for p in b.permanents if {"planeswalker", "battle"} & set(p["types"])]
        board["attacked_this_turn"] = [
            {"creature": c.choice([*b.creature_ids(), "gone1"]), "target": c.choice(targets)}
            for _ in range(c.integer(1, 3))
        ]
    return Board.model_validate(board)


@st.composite
def attack_boards(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Board:
    return build_attack_board(HypothesisChooser(draw))


def random_attack_declaration(
    c: Chooser, board: Board, legal: Sequence[frozenset[tuple[str, str]]]
) -> AttackDeclaration:
    """A proposed attack: often a mutated legal one; mutations may use any creature (anyone's, tapped,
    sick...) and any player, planeswalker or battle (own, a teammate's, unattackable), rarely a
    non-creature attacker or a creature as the target."""
    creatures = [p.id for p in board.permanents if "creature" in p.types]
    noncreatures = [p.id for p in board.permanents if "creature" not in p.types]
    targets = [p.id for p in board.players] + [
        p.id for p in board.permanents if "planeswalker" in p.types or "battle" in p.types
    ]
    attacks: dict[str, str] = dict(c.choice(legal)) if legal and c.chance(60) else {}
    for _ in range(c.choice((0, 1, 1, 2, 3))):
        attacker = c.choice(noncreatures) if noncreatures and c.chance(4) else c.choice(creatures)
        if attacker in attacks and c.chance(50):
            del attacks[attacker]
            continue
        attacks[attacker] = c.choice(creatures) if c.chance(4) else c.choice(targets)
    return AttackDeclaration(attacks=attacks)
