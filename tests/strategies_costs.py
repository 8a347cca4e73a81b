"""Random small boards with costs to attack / block, optional costs (exert, enlist) and banding.

Written against the ``Chooser`` interface of ``strategies.py`` (imported, not edited): feed it a
``RandomChooser(random.Random(seed))`` for a reproducible campaign board, or a ``HypothesisChooser`` (the
``cost_boards()`` strategy) so failures shrink. At most 4 creatures can attack (3 potential attackers and
an enlist candidate) and at most 3 creatures per defending player can block, so the reference's brute
force stays small; mana sources include creatures with mana abilities, with and without vigilance,
haste or summoning sickness, and requirements (attacks each combat, Lure, must be blocked, blocks if
able) make the maximum matter; proposals include declarations that pay (docs/design.md §4.2: a creature
whose cost is paid is able), often with the paid creature moved elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st
from strategies import Chooser, HypothesisChooser, subset

from combat_solver import AttackDeclaration, BlockDeclaration, Board

Json = dict[str, Any]

# Where the solver is known to differ from the reference (reported, not fixed): none is open, so no
# test is marked xfail. The hypothesis strategies build boards with ``known=True``: two-mana sources of
# several colors and players below 0 life, the cases of two divergences since fixed, stay in what the
# differential tests draw. ``known=False`` (``campaign_costs.py --avoid-known``) leaves them out;
# proposals never repeat a band member (the third, also fixed).
KNOWN_DIVERGENCES: tuple[str, ...] = ()
"""Solver disagreements still open. The three found so far (two-mana sources splitting colors,
payers below 0 life, bands listing a creature twice) are fixed and kept as regression tests."""

COLORS = ("white", "blue", "black", "red", "green")
BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
SUBTYPES = ("Wolf", "Knight", "Elf", "Wall")
MANA_COSTS = ("{1}", "{2}", "{2}", "{W}", "{G}", "{C}", "{1}{U}", "{W/P}", "{W/P}", "{G/P}", "{0}", "{3}", "{W/U}")
COST_FILTERS: tuple[Json, ...] = (
    {"types": ["land"]},
    {"subtypes": ["Island"]},
    {"types": ["creature"]},
    {},
    {"types": ["artifact"]},
    {"subtypes": ["Forest", "Plains"]},
    {"types": ["enchantment"]},
)
X_BATTLEFIELD_FILTERS: tuple[Json, ...] = (
    {"types": ["creature"]},
    {"types": ["land"]},
    {"types": ["creature"], "controller": "opponent"},
    {"types": ["creature"], "controller": "you"},
    {"has": ["flying"]},
)
ATTACKER_FILTERS: tuple[Json, ...] = (
    {"power": {"ge": 2}},
    {"not": {"colors": ["black"]}},
    {"has": ["flying"]},
    {"types": ["artifact"]},
    {"colors": ["green"]},
    {"subtypes": ["Wolf"]},
    {"counters": {"any": {"ge": 1}}},
    {"controller": "you"},
)
GRANT_FILTERS: tuple[Json, ...] = (
    {"colors": ["green"]},
    {"subtypes": ["Elf"]},
    {"has": ["flying"]},
    {"not": {"has": ["vigilance"]}},
    {"controller": "you"},
    {"types": ["artifact"]},
)
"""Filters of granted costs and grants that other grants can change (613.8: ``has`` tests)."""


def grants(c: Chooser, controllers: Sequence[str], cost_kind: str) -> tuple[list[Json], list[Json]]:
    """Layer-6 grants (613.1f) whose filters aren't ids: a cost (``cost_kind``), flying, vigilance or
    a mana ability (Cryptolith Rite) given to whatever creatures match, as a permanent's ``grant`` or
    an effect with ``to``. Returns (permanents, effects)."""
    perms: list[Json] = []
    effects: list[Json] = []
    for i in range(c.choice((0, 0, 0, 1, 1, 2))):
        roll = c.integer(0, 9)
        if roll <= 4:
            ability: Json = {"kind": cost_kind, "cost": cost(c)}
        elif roll <= 6:
            ability = {"kind": "flying"}
        elif roll <= 7:
            ability = {"kind": "vigilance"}
        else:
            ability = {"kind": "mana", "produces": c.choice(("G", "any"))}
        to = c.choice(GRANT_FILTERS)
        controller = c.choice(tuple(controllers))
        if c.chance(30):
            effects.append({"source": f"g{i}", "controller": controller, "to": to, "ability": ability})
        else:
            grant = {"kind": "grant", "to": to, "ability": ability}
            perms.append(
                {
                    "id": f"g{i + 1}",
                    "name": "Anthem",
                    "controller": controller,
                    "types": ["enchantment"],
                    "abilities": [grant],
                }
            )
    return perms, effects


def cost(c: Chooser, allow_x: bool = False) -> Json:
    """A cost: mostly mana, sometimes life, sacrifice, tap, return to hand or discard (rarely two of
    them); X counted by the controller's permanents, anyone's, domain or (Nils) the counters on the
    creature paid for."""
    out: Json = {}
    if allow_x and c.chance(25):
        out["mana"] = c.choice(("{X}", "{X}", "{1}{X}"))
        roll = c.integer(0, 11)
        if roll <= 5:
            out["x_count"] = c.choice(({"types": ["enchantment"]}, {"types": ["land"]}, {"types": ["creature"]}))
        elif roll <= 7:  # Whipgrass Entangler: "for each Cleric on the battlefield", anyone's
            out["x_battlefield"] = c.choice(X_BATTLEFIELD_FILTERS)
        elif roll <= 9:
            out["x_domain"] = True
        else:
            out["x_counters"] = True if c.chance(50) else c.choice(("+1/+1", "-1/-1"))
    elif c.chance(70):
        out["mana"] = c.choice(MANA_COSTS)
    if c.chance(15):
        out["life"] = c.integer(1, 3)
    if c.chance(14):
        out["sacrifice"] = {"filter": c.choice(COST_FILTERS), "n": c.choice((1, 1, 2))}
    if c.chance(14):
        out["tap"] = {"filter": c.choice(COST_FILTERS), "n": c.choice((1, 1, 2))}
    if c.chance(12):  # Floodtide Serpent: return an enchantment (or another permanent) to hand
        out["bounce"] = {"filter": c.choice(COST_FILTERS), "n": c.choice((1, 1, 2))}
    if c.chance(8):
        out["discard"] = c.integer(1, 2)
    if not out:
        out["mana"] = c.choice(MANA_COSTS)
    return out


def mana_ability(c: Chooser, known: bool) -> Json:
    """``{T}: Add <mana>``. With ``known`` False, ``amount: 2`` only on one-color abilities, where
    "two mana of one of its colors" and "two mana in any combination" agree (KNOWN_DIVERGENCES)."""
    out: Json = {"kind": "mana", "produces": c.choice(("G", "G", "W", "any", "WU", "C"))}
    if c.chance(15) and (known or len(out["produces"]) == 1):
        out["amount"] = 2
    return out


def creature(c: Chooser, pid: str, controller: str, tapped: int, sick: int) -> Json:
    """A creature, sometimes an artifact or enchantment creature (a permanent a cost may name while
    it attacks or blocks), sometimes with counters (Nils)."""
    out = {
        "id": pid,
        "name": c.choice(("Bear", "Knight", "Wolf", "Elf")),
        "controller": controller,
        "types": c.choice((["artifact", "creature"], ["enchantment", "creature"])) if c.chance(20) else ["creature"],
        "subtypes": [c.choice(SUBTYPES)] if c.chance(50) else [],
        "colors": subset(c, COLORS, 25),
        "power": c.integer(0, 4),
        "toughness": c.integer(1, 4),
        "tapped": c.chance(tapped),
        "summoning_sick": c.chance(sick),
        "abilities": [],
    }
    if c.chance(20):
        out["counters"] = {c.choice(("+1/+1", "-1/-1", "flying")): c.integer(1, 3)}
    return out


def mana_permanents(c: Chooser, controller: str, prefix: str, n: int, known: bool) -> list[Json]:
    """Lands (basic ones tap for their color), a land for any color, its chosen color or a color of its
    controller's commander's identity, a {C}{C} rock; some tapped."""
    out: list[Json] = []
    for i in range(n):
        pid = f"{prefix}{i + 1}"
        roll = c.integer(0, 9)
        if roll <= 6:
            kind = c.choice(tuple(BASICS))
            out.append(
                {
                    "id": pid,
                    "name": kind,
                    "controller": controller,
                    "types": ["land"],
                    "subtypes": [kind],
                    "supertypes": ["basic"],
                    "tapped": c.chance(20),
                    "abilities": [{"kind": "mana", "produces": BASICS[kind]}],
                }
            )
        elif roll <= 8:
            ability: Json = {"kind": "mana", "produces": "any"}
            if known and c.chance(20):
                ability["amount"] = 2  # Gilded Lotus: "Add three mana of any one color", with two
            city = {
                "id": pid,
                "name": "City",
                "controller": controller,
                "types": ["land"],
                "tapped": c.chance(20),
                "abilities": [ability],
            }
            if c.chance(20):  # Paradise Plume: "Add one mana of the chosen color" (607.2d)
                ability["produces"] = "chosen"
                city["chosen"] = {"color": c.choice(COLORS)}
            elif c.chance(35):  # Command Tower: a color of its controller's commander's identity (903.4)
                ability["produces"] = "identity"
            out.append(city)
        elif c.chance(
            30
        ):  # Exotic Orchard: with no land of an opponent it makes no mana, and triggers nothing (106.12a)
            like = {"kind": "mana", "like": {"types": ["land"], "controller": "opponent"}}
            out.append({"id": pid, "name": "Orchard", "controller": controller, "types": ["land"], "abilities": [like]})
        else:
            out.append(
                {
                    "id": pid,
                    "name": "Rock",
                    "controller": controller,
                    "types": ["artifact"],
                    "tapped": c.chance(20),
                    "abilities": [{"kind": "mana", "produces": "C", "amount": 2}],
                }
            )
        if c.chance(30):
            costly = c.choice(COSTLY_MANA)
            out[-1]["abilities"].append(costly)
            counted = costly.get("remove_counters", {}).get("kind") or costly.get("for_each_counter")
            if counted:
                out[-1]["counters"] = {counted: c.integer(0, 3)}
        elif c.chance(12):  # 508.1i: the life it gains pays a life cost
            out[-1]["abilities"].append(dict(c.choice(GAINING_MANA)))
        if c.chance(8):  # 602.5: Arrest or Suppression Bonds on it: its mana abilities can't be activated
            banned = {"kind": "cant_activate", **({"tap_only": True} if c.chance(40) else {})}
            if c.chance(50):
                out[-1]["abilities"].append(banned)
            else:
                out.append({"id": f"{pid}arrest", "name": "Arrest", "controller": c.choice((controller, "p2")),
                            "types": ["enchantment"], "subtypes": ["Aura"], "attached_to": pid,
                            "abilities": [{"kind": "grant", "to": {"ids": [pid]}, "ability": banned}]})  # fmt: skip
    return out


GAINING_MANA: tuple[Json, ...] = (
    {"kind": "mana", "gains_life": 1, "produces": "C"},  # Pristine Talisman
    {"kind": "mana", "gains_life": 2, "produces": "G", "amount": 2},  # The Great Henge
    {"kind": "mana", "sacrifice_self": True, "produces": "any", "gains_life": 1},
)
"""Mana abilities that gain life as they resolve, needing no mana (the order then never matters:
they come first). None draws: that is no mana ability (605.1a)."""


MANA_TRIGGERS: tuple[Json, ...] = (
    {"kind": "mana_trigger", "tapped": {"types": ["land"]}, "by": "any", "same_type": True},  # Mana Flare
    {"kind": "mana_trigger", "tapped": {"types": ["creature"]}, "produces": "G"},  # Leyline of Abundance
    {"kind": "mana_trigger", "tapped": {"subtypes": ["Swamp"]}, "produces": "B"},  # Crypt Ghast
    {"kind": "mana_trigger", "tapped": {"types": ["land"]}, "same_type": True},  # Zendikar Resurgent
    {"kind": "mana_trigger", "tapped": {"not": {"types": ["land"]}}, "same_type": True},  # Kinnan
    {"kind": "mana_trigger", "tapped": {"types": ["artifact"]}, "by": "any", "makes": ["{W}{U}", "{C}"]},
)
"""Triggered mana abilities (605.1b); an Aura's ("enchanted land", Wild Growth) is made by ``mana_triggers``."""


def mana_triggers(c: Chooser, perms: list[Json], players: Sequence[str]) -> list[Json]:
    """Up to two permanents with a triggered mana ability (605.1b): one of ``MANA_TRIGGERS``, or an
    Aura on one of ``perms`` adding {G}, one mana of any color or two in any combination (Wild
    Growth, Fertile Ground, Dawn's Reflection). A {T} ability removing X counters loses that cost
    where one is added (the solver warns there and leaves the added mana out)."""
    out: list[Json] = []
    for k in range(c.choice((0, 0, 0, 1, 1, 2))):
        pid = f"trig{k + 1}"
        if perms and c.chance(50):
            host = c.choice(perms)
            added = c.choice(({"produces": "G"}, {"produces": "any"}, {"produces": "any", "amount": 2, "mix": True}))
            ability = {"kind": "mana_trigger", "tapped": {"ids": [host["id"]]}, "by": "any", **added}
            aura = {"id": pid, "name": "Growth", "controller": host["controller"], "types": ["enchantment"],
                    "subtypes": ["Aura"], "attached_to": host["id"], "abilities": [ability]}  # fmt: skip
            out.append(aura)
        else:
            ability = dict(c.choice(MANA_TRIGGERS))
            out.append({"id": pid, "name": "Flare", "controller": c.choice(tuple(players)),
                        "types": ["enchantment"], "abilities": [ability]})  # fmt: skip
    if out:
        for p in perms:
            p["abilities"] = [
                a for a in p.get("abilities", ())
                if not (a["kind"] == "mana" and a.get("tap", True) and a.get("remove_counters", {}).get("n") == "X")
            ]  # fmt: skip
    return out


COSTLY_MANA: tuple[Json, ...] = (
    {"kind": "mana", "makes": ["{G}{U}"]},  # Simic Growth Chamber
    {"kind": "mana", "cost": {"mana": "{1}"}, "makes": ["{W}{U}"]},  # Azorius Signet
    {"kind": "mana", "cost": {"mana": "{W/U}"}, "makes": ["{W}{W}", "{W}{U}", "{U}{U}"]},  # Mystic Gate
    {"kind": "mana", "cost": {"mana": "{2}"}, "produces": "any"},  # Celestial Prism
    {"kind": "mana", "cost": {"life": 1}, "produces": "any"},  # Mana Confluence
    {"kind": "mana", "sacrifice_self": True, "produces": "any"},  # Lotus Petal
    {"kind": "mana", "tap": False, "cost": {"discard": 1}, "produces": "B"},  # Skirge Familiar
    {"kind": "mana", "tap": False, "cost": {"mana": "{1}"}, "produces": "WBG", "per_turn": 1},  # Abzan Devotee
    {"kind": "mana", "damage_to_you": 2, "produces": "C", "amount": 2},  # Ancient Tomb
    {"kind": "mana", "cost": {"tap": {"filter": {"types": ["creature"]}}}, "produces": "any"},  # Springleaf Drum
    {"kind": "mana", "produces": "RG", "amount": 2, "mix": True},
    {"kind": "mana", "tap": False, "sacrifice_self": True, "cost": {"mana": "{1}"}, "makes": ["{B}{B}"]},
    {"kind": "mana", "remove_counters": {"kind": "charge"}, "produces": "any"},  # Vivid Crag
    {"kind": "mana", "tap": False, "remove_counters": {"kind": "charge"}, "produces": "any"},  # Pentad Prism
    {"kind": "mana", "tap": False, "cost": {"mana": "{1}"}, "remove_counters": {"kind": "storage", "n": "X"},
     "produces": "RG", "amount": 0, "mix": True, "per_counter": True},  # Fungal Reaches
    {"kind": "mana", "remove_counters": {"kind": "storage", "n": "X"}, "produces": "G", "amount": 0,
     "per_counter": True},  # Dwarven Hold
    {"kind": "mana", "remove_counters": {"kind": "charge", "n": "X"}, "produces": "B", "per_counter": True},  # Black Mana Battery
    {"kind": "mana", "remove_counters": {"kind": "depletion"}, "sacrifice_when_none": True, "makes": ["{U}{U}"]},  # Saprazzan Skerry
    {"kind": "mana", "produces": "G", "for_each": {"types": ["creature"], "controller": "you"}},  # Gaea's Cradle
    {"kind": "mana", "produces": "U", "for_each": {"types": ["artifact"]}},
    {"kind": "mana", "produces": "any", "mix": True, "for_each": {"types": ["land"], "controller": "you"}},
    {"kind": "mana", "produces": "C", "for_each_counter": "charge"},  # Everflowing Chalice
    {"kind": "mana", "produces": "any", "for_player": "life"},  # Sanctum of the Sun
    {"kind": "mana", "produces": "G", "for_power": "self"},  # Viridian Joiner
    {"kind": "mana", "produces": "any", "for_power": "greatest"},  # Avatar Kyoshi
    {"kind": "mana", "like": {"types": ["land"], "controller": "you"}, "like_type": True},  # Reflecting Pool
    {"kind": "mana", "like": {"types": ["land"], "controller": "opponent"}},  # Exotic Orchard
    {"kind": "mana", "tap": False, "cost": {"sacrifice": {"filter": {"types": ["creature"]}}}, "produces": "C",
     "amount": 2},  # Ashnod's Altar
    {"kind": "mana", "cost": {"sacrifice": {"filter": {"types": ["creature"]}}}, "produces": "B", "amount": 2},  # Phyrexian Tower
    {"kind": "mana", "cost": {"mana": "{1}"}, "produces": "B", "for_each": {"types": ["planeswalker"]}},  # Cabal Coffers-like
    {"kind": "mana", "energy": 1, "produces": "any"},  # Aether Hub
    {"kind": "mana", "tap": False, "energy": 1, "produces": "R"},
    {"kind": "mana", "sacrifice_self": True, "produces": "any", "for_each_counter": "charge"},  # Shrine-like, any one color
)  # fmt: skip
"""Mana abilities with a cost besides {T} or more than one color's mana (605.1a), as cards word them."""


def players(c: Chooser, three: int, known: bool) -> list[Json]:
    """Two or three players; small life totals (0 and, with ``known``, -1: a player who can't lose the game)."""
    out: list[Json] = [{"id": "p1"}, {"id": "p2"}] + ([{"id": "p3"}] if c.chance(three) else [])
    for p in out:
        p["life"] = c.choice((20, 20, 5, 3, 2, 1, 0, -1) if known else (20, 20, 5, 3, 2, 1, 0))
        p["hand"] = c.choice((0, 0, 1, 2))
        p["energy"] = c.choice((0, 0, 1, 2))
        p["commander_identity"] = [k for k in COLORS if c.chance(35)]  # [] a colorless commander: no mana (903.4f)
    return out


# ============================================================================ declare attackers


def build_cost_attack_board(c: Chooser, known: bool = True) -> Board:
    """A board at the declare attackers step: p1 attacks; taxes, own attack costs, exert, enlist, banding."""
    ps = players(c, 30, known)
    opponents = [p["id"] for p in ps[1:]]
    perms: list[Json] = []
    for o in opponents:
        if c.chance(25):
            perms.append({"id": f"w{o[1:]}", "name": "Walker", "controller": o, "types": ["planeswalker"]})
        perms += mana_permanents(c, o, f"l{o[1:]}", c.choice((0, 0, 1, 2)), known)

    mine = [creature(c, f"a{i + 1}", "p1", 10, 25) for i in range(c.integer(1, 3))]
    if c.chance(45):  # someone to enlist, or a defender that can't attack but could pay
        extra = creature(c, "e1", "p1", 10, 30)
        if c.chance(30):
            extra["abilities"].append({"kind": "defender"})
        mine.append(extra)
    for p in mine:
        a = p["abilities"]
        for kind, percent in (
            ("haste", 20),
            ("vigilance", 30),
            ("must_attack", 35),
            ("exert", 20),
            ("enlist", 25),
            ("banding", 30),
            ("flying", 10),
            ("cant_attack_alone", 4),
        ):
            if c.chance(percent):
                a.append({"kind": kind})
        if c.chance(30):
            a.append(mana_ability(c, known))
        if c.chance(10):
            a.append({"kind": "bands_with_other", "quality": c.choice(({"subtypes": ["Wolf"]}, {"name": "Wolf"}))})
        if c.chance(18):
            a.append({"kind": "attack_cost", "cost": cost(c)})
    if c.chance(12):  # Thousand-Year Elixir: the summoning-sick creatures' mana abilities pay too (302.6)
        other = c.chance(50)
        mine[0]["abilities"].append(
            {
                "kind": "activate_as_though_haste",
                "to": {"controller": "you", **({"not": {"ids": ["a1"]}} if other else {})},
            }
        )
    perms += mine
    perms += mana_permanents(c, "p1", "m", c.choice((0, 1, 1, 2, 3)), known)
    if c.chance(25):
        perms.append({"id": "x1", "name": "Relic", "controller": "p1", "types": ["enchantment"]})
    effects: list[Json] = []

    # Taxes: Ghostly Prison and friends (their controller's "you"), War Tax-like ones on every attacker.
    for i in range(c.choice((0, 1, 1, 1, 2))):
        tax: Json = {"kind": "attack_tax", "cost": cost(c, allow_x=True)}
        roll = c.integer(0, 9)
        if roll <= 4:
            pass  # default: {player: you}
        elif roll <= 6:
            tax["target"] = {"player": "you", "planeswalkers": True}
        elif roll <= 8:
            tax["target"] = None
        else:
            tax["target"] = {"player": "you", "include_player": False, "planeswalkers": True}
        if c.chance(25):
            tax["attackers"] = c.choice(ATTACKER_FILTERS)
        if c.chance(8):  # Nils, Discipline Enforcer: {X} = the counters on each creature with any
            tax = {
                "kind": "attack_tax",
                "cost": {"mana": "{X}", "x_counters": True},
                "target": {"player": "you", "planeswalkers": True},
                "attackers": {"counters": {"any": {"ge": 1}}},
            }
        controller = c.choice(opponents) if c.chance(85) else "p1"
        if c.chance(15):  # a resolved spell's effect for the turn, without ``to``
            effects.append({"source": f"s{i}", "controller": controller, "ability": tax})
        else:
            perms.append(
                {
                    "id": f"t{i + 1}",
                    "name": "Prison",
                    "controller": controller,
                    "types": ["enchantment"],
                    "abilities": [tax],
                }
            )
    if c.chance(10):  # Brainwash: "enchanted creature can't attack unless its controller pays {3}"
        target = c.choice(mine)["id"]
        perms.append(
            {
                "id": "aura",
                "name": "Brainwash",
                "controller": c.choice(opponents),
                "types": ["enchantment"],
                "subtypes": ["Aura"],
                "abilities": [
                    {"kind": "grant", "to": {"ids": [target]}, "ability": {"kind": "attack_cost", "cost": cost(c)}}
                ],
            }
        )
    granted, granted_effects = grants(c, ["p1", *opponents], "attack_cost")
    perms += granted
    effects += granted_effects
    if c.chance(15):  # a restriction that makes the maximum a real choice
        perms.append(
            {
                "id": "arb",
                "name": "Arbiter",
                "controller": c.choice(opponents),
                "types": ["artifact"],
                "abilities": [{"kind": "attack_limit", "n": c.integer(1, 2)}],
            }
        )
    perms += mana_triggers(c, perms, [p["id"] for p in ps])
    board: Json = {"players": ps, "active_player": "p1", "permanents": perms, "effects": effects}
    return Board.model_validate(board)


# ============================================================================ declare blockers


def build_cost_block_board(c: Chooser, known: bool = True) -> Board:
    """A board at the declare blockers step: block taxes, blocked taxes, own block costs, banded attackers."""
    ps = players(c, 20, known)
    defenders = [p["id"] for p in ps[1:]]
    perms: list[Json] = []
    targets: list[str] = list(defenders)
    if c.chance(20):
        perms.append({"id": "w2", "name": "Walker", "controller": "p2", "types": ["planeswalker"]})
        targets.append("w2")
    attackers: dict[str, str] = {}
    mine: list[Json] = []
    for i in range(c.integer(1, 3)):
        p = creature(c, f"a{i + 1}", "p1", 0, 0)
        a = p["abilities"]
        for kind, percent in (("flying", 25), ("menace", 12), ("lure", 30), ("banding", 25)):
            if c.chance(percent):
                a.append({"kind": kind})
        if c.chance(20):
            mbb: Json = {"kind": "must_be_blocked"}
            if c.chance(30):
                mbb["min"] = 2
            a.append(mbb)
        if c.chance(15):
            a.append({"kind": "blocked_tax", "cost": cost(c)})
        mine.append(p)
        attackers[p["id"]] = targets[0] if c.chance(70) else c.choice(targets)
    perms += mine
    # A band of attackers with the same target (702.22c-d): all but at most one get banding.
    bands: list[list[str]] = []
    by_target: dict[str, list[str]] = {}
    for a_id, t in attackers.items():
        by_target.setdefault(t, []).append(a_id)
    groups = [g for g in by_target.values() if len(g) >= 2]
    if groups and c.chance(55):
        group = c.choice(groups)
        band = group if len(group) == 2 or c.chance(50) else group[:2]
        bands.append(band)
        without = c.choice(band)
        for p in mine:
            if p["id"] in band and p["id"] != without and not any(x["kind"] == "banding" for x in p["abilities"]):
                p["abilities"].append({"kind": "banding"})

    for d in defenders:
        n = c.integer(1, 3) if d == "p2" else c.integer(0, 2)
        for i in range(n):
            p = creature(c, f"b{d[1:]}{i + 1}", d, 10, 25)
            a = p["abilities"]
            for kind, percent in (("reach", 20), ("flying", 8), ("haste", 10), ("must_block", 20), ("cant_block", 4)):
                if c.chance(percent):
                    a.append({"kind": kind})
            if c.chance(30):
                a.append(mana_ability(c, known))
            if c.chance(15):
                a.append({"kind": "must_block", "attacker": c.choice(list(attackers))})
            filtered = False
            if c.chance(20):
                bc: Json = {"kind": "block_cost", "cost": cost(c)}
                if c.chance(40):
                    bc["attackers"] = c.choice(ATTACKER_FILTERS)
                    filtered = True
                a.append(bc)
            if not filtered and c.chance(12):
                a.append({"kind": "block_additional", "n": 1})
            perms.append(p)
        perms += mana_permanents(c, d, f"l{d[1:]}", c.choice((0, 1, 1, 2, 3)), known)
        if c.chance(20):
            perms.append({"id": f"x{d[1:]}", "name": "Relic", "controller": d, "types": ["enchantment"]})

    effects: list[Json] = []
    for i in range(c.choice((0, 0, 1, 1, 2))):
        tax: Json = {"kind": "block_tax", "cost": cost(c, allow_x=True)}
        if c.chance(25):
            tax["blockers"] = c.choice(({"not": {"colors": ["blue"]}}, {"power": {"le": 2}}, {"has": ["reach"]}))
        if c.chance(30):  # Heat Wave: "can't block creatures you control unless ..."
            tax["attackers"] = c.choice(ATTACKER_FILTERS)
        controller = "p1" if c.chance(70) else c.choice(defenders)
        if c.chance(50):  # War Cadence resolved: an effect without ``to``
            effects.append({"source": f"s{i}", "controller": controller, "ability": tax})
        else:
            perms.append(
                {
                    "id": f"t{i + 1}",
                    "name": "Cadence",
                    "controller": controller,
                    "types": ["enchantment"],
                    "abilities": [tax],
                }
            )
    granted, granted_effects = grants(c, ["p1", *defenders], "block_cost")
    perms += granted
    effects += granted_effects
    if c.chance(10):  # Awesome Presence on an attacker
        perms.append(
            {
                "id": "aura",
                "name": "Awesome Presence",
                "controller": "p1",
                "types": ["enchantment"],
                "subtypes": ["Aura"],
                "abilities": [
                    {
                        "kind": "grant",
                        "to": {"ids": [c.choice(list(attackers))]},
                        "ability": {"kind": "blocked_tax", "cost": cost(c)},
                    }
                ],
            }
        )
    perms += mana_triggers(c, perms, [p["id"] for p in ps])
    board: Json = {
        "players": ps,
        "active_player": "p1",
        "permanents": perms,
        "effects": effects,
        "combat": {"attackers": attackers, "bands": bands},
    }
    return Board.model_validate(board)


def build_cost_board(c: Chooser, known: bool = True) -> Board:
    """Either step, half and half."""
    return build_cost_attack_board(c, known) if c.chance(50) else build_cost_block_board(c, known)


@st.composite
def cost_attack_boards(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Board:
    return build_cost_attack_board(HypothesisChooser(draw), known=True)


@st.composite
def cost_block_boards(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Board:
    return build_cost_block_board(HypothesisChooser(draw), known=True)


# ============================================================================ proposed declarations


def random_cost_attack(c: Chooser, board: Board, legal: Sequence[frozenset[tuple[str, str]]]) -> AttackDeclaration:
    """A proposed attack: often a legal assignment, mutated; then bands, exert and enlist choices, mostly
    plausible (attacking creatures, p1's creatures), sometimes not."""
    creatures = [p.id for p in board.permanents if "creature" in p.types]
    mine = [p.id for p in board.permanents if "creature" in p.types and p.controller == board.active_player]
    targets = [p.id for p in board.players if p.id != board.active_player]
    targets += [p.id for p in board.permanents if "planeswalker" in p.types]
    attacks: dict[str, str] = dict(c.choice(legal)) if legal and c.chance(65) else {}
    for _ in range(c.choice((0, 0, 1, 1, 2))):
        a = c.choice(mine) if mine and c.chance(90) else c.choice(creatures)
        if a in attacks and c.chance(50):
            del attacks[a]
        else:
            attacks[a] = c.choice(targets) if c.chance(95) else board.active_player
    attacking = sorted(attacks)

    def printed(pid: str, *kinds: str) -> bool:
        return any(a.kind in kinds for a in board.permanent(pid).abilities)

    bands: list[tuple[str, ...]] = []
    if len(attacking) >= 2 and c.chance(40):
        members = [a for a in attacking if c.chance(75 if printed(a, "banding", "bands_with_other") else 35)]
        if c.chance(10):  # maybe a creature that doesn't attack (never a repeated member: see KNOWN_DIVERGENCES)
            extra = c.choice(mine)
            if extra not in members:
                members.append(extra)
        if len(members) >= 2 or c.chance(10):
            bands.append(tuple(members))
    exert = [a for a in attacking if c.chance(60 if printed(a, "exert") else 5)]
    if c.chance(5):
        exert.append(c.choice(creatures))
    enlist: dict[str, str] = {}
    home = [x for x in mine if x not in attacks]
    for a in attacking:
        if c.chance(60 if printed(a, "enlist") else 5):
            enlist[a] = c.choice(home) if home and c.chance(85) else c.choice(creatures)
    return AttackDeclaration(attacks=attacks, bands=tuple(bands), exert=tuple(exert), enlist=enlist)


def random_cost_block(c: Chooser, board: Board, legal: Sequence[frozenset[tuple[str, str]]]) -> BlockDeclaration:
    """A proposed block: often a legal one, mutated by adding / removing (creature, attacker) pairs."""
    attackers = sorted(board.combat.attackers) if board.combat is not None else []
    creatures = [p.id for p in board.permanents if "creature" in p.types and p.id not in attackers]
    pairs: set[tuple[str, str]] = set(c.choice(legal)) if legal and c.chance(65) else set()
    if attackers and creatures:
        for _ in range(c.choice((0, 1, 1, 2, 3))):
            pair = (c.choice(creatures), c.choice(attackers))
            if pair in pairs:
                pairs.discard(pair)
            else:
                pairs.add(pair)
    blocks: dict[str, list[str]] = {}
    for b, a in sorted(pairs):
        blocks.setdefault(b, []).append(a)
    return BlockDeclaration(blocks={k: tuple(v) for k, v in blocks.items()})


def random_cost_declaration(
    c: Chooser, board: Board, legal: Sequence[frozenset[tuple[str, str]]]
) -> AttackDeclaration | BlockDeclaration:
    if board.combat is None:
        return random_cost_attack(c, board, legal)
    return random_cost_block(c, board, legal)


def random_paying_declaration(
    c: Chooser, board: Board, paying: Sequence[frozenset[tuple[str, str]]]
) -> AttackDeclaration | BlockDeclaration:
    """A declaration that pays (one of ``paying``), often with one creature moved to another
    attacker or target: the player pays for a creature, then uses it elsewhere (docs/design.md §4.2)."""
    atoms = dict(c.choice(paying)) if board.combat is None else None
    if atoms is not None:
        targets = [p.id for p in board.players if p.id != board.active_player]
        targets += [p.id for p in board.permanents if "planeswalker" in p.types]
        if atoms and c.chance(60):
            atoms[c.choice(sorted(atoms))] = c.choice(targets)
        return AttackDeclaration(attacks=atoms)
    pairs = set(c.choice(paying))
    attackers = sorted(board.combat.attackers) if board.combat is not None else []
    if pairs and c.chance(60):
        b, a = c.choice(sorted(pairs))
        pairs = (pairs - {(b, a)}) | {(b, c.choice(attackers))}
    blocks: dict[str, list[str]] = {}
    for b, a in sorted(pairs):
        blocks.setdefault(b, []).append(a)
    return BlockDeclaration(blocks={k: tuple(v) for k, v in blocks.items()})


def random_preference(c: Chooser, board: Board) -> dict[tuple[str, str], int]:
    """Weights for ``solve_*(prefer=...)`` on a few (creature, attacker or target) pairs, so a
    preferred declaration may pay."""
    creatures = [p.id for p in board.permanents if "creature" in p.types]
    if board.combat is None:
        others = [p.id for p in board.players if p.id != board.active_player]
        others += [p.id for p in board.permanents if "planeswalker" in p.types]
    else:
        others = sorted(board.combat.attackers)
    return {(c.choice(creatures), c.choice(others)): c.integer(-3, 5) for _ in range(c.integer(1, 3))}


def uses_new_cost_primitives(board: Board) -> bool:
    """Whether ``board`` uses a cost primitive of issue #12 item 7 (a block tax with an attackers
    filter, a return-to-hand cost, X per creature, X over anyone's permanents) or a layer-6 grant whose filter isn't ids."""
    stated = board.model_dump_json(by_alias=True, exclude_none=True)
    taxes = [a for p in board.permanents for a in p.abilities] + [e.ability for e in board.effects]
    return (
        '"bounce":{' in stated
        or '"x_counters":true' in stated
        or '"x_counters":"' in stated
        or '"x_battlefield":{' in stated
        or any(a.kind == "block_tax" and a.attackers is not None for a in taxes)
        or any(a.kind == "grant" and a.to.ids is None for a in taxes)
        or any(e.to is not None and e.to.ids is None for e in board.effects)
    )
