"""The noun phrases of Oracle text a phrase's slots read (``rules.phrase.Reader``): creatures
("creatures with flying"), counts ("two or more Walls"), permanents, qualities ("protection from
black", 702.16), the subject of a sentence and numbers."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..rules.phrase import ATTACHED, SELF, Reader
from .nouns import Nouns
from .phrases import CARD_TYPES, COLORS, MODIFIED, MULTICOLORED, number

SPELL_SUBTYPES = frozenset({"adventure", "arcane", "lesson", "omen", "trap"})
"""205.3k: the subtypes only instants and sorceries have (no permanent is one of them)."""


class Unknown(Exception):
    """A sentence the compiler can't read exactly."""


class Readers:
    """Reads noun phrases against the known ``subtypes`` (to read "Walls", "Goblins")."""

    def __init__(self, subtypes: frozenset[str]) -> None:
        self.nouns = Nouns(subtypes)
        self.side_notes: list[str] = []
        """Notes of the sentence being read that a board may make warnings (``compiled`` markers:
        Alexios's "can't be sacrificed", Goblin Goon's "attacking player")."""
        self.inert = False
        """Set when a sentence was read whole and means nothing for combat: only its condition
        names a combat keyword (Manor Gargoyle: "has indestructible as long as it has defender"),
        or it gives protection from instants or sorceries only."""
        self._face = ""

    def read(self, reader: Reader, words: str) -> Any:
        """The value of a slot's ``words`` read by ``reader`` (``Unknown`` if they aren't understood)."""
        readings: dict[str, Callable[[str], Any]] = {
            "number": self._n,
            "creatures": self._by,
            "count": self._count,
            "permanents": self._permanents,
            "yours": lambda words: {**self._permanents(words), "controller": "you"},
            "theirs": lambda words: {**self._permanents(words), "controller": "opponent"},
            "quality": self._quality,
            "qualities": self._protection,
            "lower": str.casefold,
            "title": str.capitalize,
            "colors": _mana_letters,
            "combos": _combinations,
        }
        return readings.get(reader, str)(words)

    def _protection(self, text: str) -> list[dict[str, Any]]:
        qualities: list[dict[str, Any]] = []
        for q in re.split(r",? and from |, from ", text.strip()):
            q = q.strip().removeprefix("from ").strip()
            if q.casefold() in ("everything",):
                qualities.append({})
            elif q.casefold() in ("all colors", "each color"):
                qualities.append({"colors": ["white", "blue", "black", "red", "green"]})
            elif q.casefold() in ("instants", "sorceries") or q.casefold() in SPELL_SUBTYPES:
                self.inert = True  # 702.16: no instant or sorcery blocks (Sword of Wealth and Power; Arcane, 205.3k)
            else:
                qualities.append(self._quality(q))
        return qualities

    def _quality(self, q: str) -> dict[str, Any]:
        c = q.strip().casefold()
        if c in ("the chosen color", "the chosen player"):
            choice = c.removeprefix("the chosen ")
            if choice not in self.nouns.chosen:
                raise Unknown(q)
            return {"colors": ["chosen"]} if choice == "color" else {"controller": "chosen"}
        if c == "each mana value of the chosen quality" and "parity" in self.nouns.chosen:  # Lavabrink (607.2f)
            return {"mana_value": {"even": "chosen"}}
        if c in COLORS:
            return {"colors": [c]}
        if c in ("ring-bearers", "ring-bearer"):  # Lord of the Nazgûl: "protection from Ring-bearers" (701.54a)
            return {"ring_bearer": True}
        mana_value = re.fullmatch(r"mana value (\d+) or (greater|less)", c)
        if mana_value:  # Mistmeadow Skulk (702.16): the mana value the board gives a blocker
            return {"mana_value": {"ge" if mana_value[2] == "greater" else "le": int(mana_value[1])}}
        if c == "colorless":
            return {"colorless": True}
        if c == "snow":
            return {"supertypes": ["snow"]}
        if c == "multicolored":
            return MULTICOLORED
        if c == "monocolored":
            return {"colorless": False, "not": MULTICOLORED}
        if c == "enemy-colored multicolored":  # Frenemy of the Guildpact: "anything that is two enemy colors"
            return {"any_of": [_exactly(pair) for pair in _ENEMY_PAIRS]}
        found = self.nouns.creatures(q)
        if found is None or (
            found.get("types")
            and not set(found["types"]) & {"creature", "artifact", "enchantment", "land", "planeswalker"}
        ):
            raise Unknown(q)
        return found

    def _holder(self, words: str, *, permanents: bool = False) -> dict[str, Any] | None:
        """Whom a subject names: {"self": True}, {"ids": [$attached]} or a filter (with "you"
        kept) of creatures, or with ``permanents`` of any permanents (its card types kept)."""
        w = words.strip()
        if w == SELF:
            return {"self": True}
        if (
            re.fullmatch(r"(?:enchanted|equipped) \w+", w, flags=re.I)
            and self.nouns.creatures(w.split(" ")[1]) is not None
        ):
            return {"ids": [ATTACHED]}
        w = re.sub(r"^(?:each|all)\s+", "", w, flags=re.I)
        other = re.match(r"(?:other|another)\s+", w, flags=re.I)
        w = w[other.end() :] if other else w
        whose = re.search(
            r"(?<!by an Aura)(?<!by Auras)(?<!by Equipment)\s+(you control but don't own|you control|you own|your opponents control"
            r"|your team controls|enchanted player controls)\b",
            w,
        )
        if whose:
            w = w[: whose.start()] + w[whose.end() :]
            w = re.sub(
                rf"^(\S+) and (\S+) {whose[1]}$", r"\1 and \2", w
            )  # "Goblins you control and Elementals you control"
        modified = re.match(r"modified\s+", w, flags=re.I)
        if modified:
            if whose is None or whose[1] != "you control":
                return None  # 700.9: an Aura its controller controls is "you" only for your creatures
            w = w[modified.end() :]
        named = re.fullmatch(r"(.+?) named (.+)", w)
        both = re.fullmatch(r"(\w+ creatures) and (\w+ creatures|[A-Z]\w+s)", w)
        if both and not (named or other or permanents):  # "White creatures and blue creatures", "Artifact
            either = [self.nouns.creatures(part) for part in both.groups()]  # creatures and Dragons": either
            owner = {"you control": "you", "your opponents control": "opponent"}.get(whose[1]) if whose else None
            if None in either or (whose and owner is None):
                return None
            return {"any_of": [_creatures(f) for f in either], **({"controller": owner} if owner else {})}
        found = self.nouns.creatures(named[1] if named else w)
        if found is None:
            return None
        found = dict(found)
        if not ({"types", "subtypes"} & set(found) or found.get("commander") or found.get("token") or permanents):
            return None
        if named:
            found["name"] = self._face if named[2] == SELF else named[2]
        if whose and whose[1] == "you own":
            found["owner"] = "you"  # 108.3: "Commander creatures you own"
        elif whose and whose[1] == "you control but don't own":
            if "not" in found:
                return None
            found["controller"], found["not"] = "you", {"owner": "you"}  # 108.3 (owner), 110.2 (controller): Don Andres
        elif whose:
            owners = {"you control": "you", "your opponents control": "opponent", "your team controls": "team"}
            found["controller"] = owners.get(whose[1], ATTACHED)  # a Curse's player (303.4)
        if other:
            found = other_than_self(found)
        if modified:
            if "any_of" in found:
                return None
            found["any_of"] = MODIFIED
        if permanents:
            named_kind = {"types", "subtypes", "not", "token", "commander"} & set(found)
            return found if named_kind or re.match(r"permanents?\b", w, flags=re.I) else None
        if found.get("types") not in (None, ["creature"]) and "creature" not in found.get("types", []):
            return None
        if found.get("types") == ["creature"]:
            del found["types"]
        return found

    def _by(self, phrase: str) -> dict[str, Any]:
        yours_not = re.fullmatch(r"(.+?) you own but don't control", phrase)
        if yours_not:  # Jon Irenicus (108.3): "a creature you own but don't control"
            found_theirs = self._by(yours_not[1])
            if "not" in found_theirs or "owner" in found_theirs:
                raise Unknown(phrase)
            return {**found_theirs, "owner": "you", "not": {"controller": "you"}}
        whose = re.fullmatch(r"(.+?)(?<!by an Aura)(?<!by Auras)(?<!by Equipment) (you|your opponents) control", phrase)
        modified = re.fullmatch(r"((?:an? |one or more )?)modified (.+)", whose[1]) if whose else None
        if whose and modified and whose[2] == "you":  # 700.9: Arna Kennerud's "a modified creature you control"
            creatures = self._by(modified[1] + modified[2])
            if "any_of" in creatures:
                raise Unknown(phrase)
            return {**creatures, "controller": "you", "any_of": MODIFIED}
        if whose:
            return {**self._by(whose[1]), "controller": "you" if whose[2] == "you" else "opponent"}
        other = re.match(r"(?:(?:a|an|all|each|the)\s+)?(?:other|another)\s+", phrase, flags=re.I)
        if other:  # Lulu, Vengeful Hollyphant: "one or more other creatures with flying"
            return other_than_self(self._by(phrase[other.end() :]))
        m = re.fullmatch(r"(.+?) (?:or|and/or) (.+)", phrase)
        if m and self.nouns.creatures(m[1]) is not None and self.nouns.creatures(m[2]) is not None:
            return {"any_of": [self.nouns.creatures(m[1]), self.nouns.creatures(m[2])]}
        found = self.nouns.creatures(phrase)
        if found is None:
            raise Unknown(phrase)
        found = dict(found)
        if found.get("types") == ["creature"]:
            del found["types"]
        return found

    def _count(self, phrase: str) -> dict[str, Any]:
        """ "two or more Walls", "another Ally", "at least three other creatures", "a creature
        named Advocate of the Beast", "an enchantment or an enchanted permanent" (either)."""
        types = re.fullmatch(r"an? (\w+) or (\w+)", phrase.strip())
        if types and {types[1], types[2]} <= set(CARD_TYPES):  # Flutterfox: "an artifact or enchantment"
            phrase = f"a {types[1]} or a {types[2]}"
        either = re.fullmatch(r"(an? .+?) or (an? .+)", phrase.strip())
        if either and " named " not in phrase:
            first, second = self._count(either[1]), self._count(either[2])
            return {"filter": {"any_of": [first["filter"], second["filter"]]}, "at_least": 1}
        m = re.fullmatch(r"(?:(a|an|another|(\w+) or more|at least (\w+))\s+)(other\s+)?(.+)", phrase.strip())
        if not m:
            raise Unknown(phrase)
        n = 1 if m[1] in ("a", "an", "another") else self._n(m[2] or m[3])
        owned = re.fullmatch(r"(.+?) you (don't )?own", m[5])
        if owned:  # Arvinox (108.3): "you control three or more permanents you don't own"
            counted = self._count(f"{m[1]} {m[4] or ''}{owned[1]}")
            if "not" in counted["filter"] or "owner" in counted["filter"]:
                raise Unknown(phrase)
            key, value = ("not", {"owner": "you"}) if owned[2] else ("owner", "you")
            return {**counted, "filter": {**counted["filter"], key: value}}
        named = re.fullmatch(r"(.+?) named (.+)", m[5])
        found = self.nouns.creatures(named[1] if named else m[5])
        if (
            found is None
            or (m[4] and m[1] in ("a", "an", "another"))
            or (named and SELF in named[2] and named[2] != SELF)
        ):
            raise Unknown(phrase)
        found = dict(found)
        if named:  # Phoenix Fleet Airship: "eight or more permanents named Phoenix Fleet Airship"
            found["name"] = self._face if named[2] == SELF else named[2]
        if m[1] == "another" or m[4]:
            found = other_than_self(found)
        return {"filter": found, "at_least": n}

    def _permanents(self, phrase: str) -> dict[str, Any]:
        other = re.match(r"other\s+", phrase)
        if other:  # Baldur's Gate: "the number of other Gates you control"
            return other_than_self(self._permanents(phrase[other.end() :]))
        named = re.fullmatch(r"(.+?) named (.+)", phrase)  # Powerstone Shard: "artifact you control named ..."
        either = re.fullmatch(r"(\w+) or (\w+)", phrase)
        if either and not named:  # Citanul Stalwart: "an untapped artifact or creature you control"
            each = [self.nouns.creatures(w) for w in either.groups()]
            if all(e is not None and set(e) == {"types"} for e in each):
                return {"any_of": each}
        found = self.nouns.creatures(named[1] if named else phrase)
        if found is None:
            raise Unknown(phrase)
        return {**found, "name": self._face if named[2] == SELF else named[2]} if named else found

    def _n(self, word: str) -> int:
        n = number(word)
        if n is None:
            raise Unknown(word)
        return n


def other_than_self(found: dict[str, Any]) -> dict[str, Any]:
    """ "other <creatures>", "another <creature>": those of ``found`` but the source itself (a
    ``not`` already there joins it: "each other non-Aura enchantment" is neither an Aura nor it)."""
    itself = {"ids": [SELF]}
    if "not" not in found:
        return {**found, "not": itself}
    excluded = found["not"]["any_of"] if set(found["not"]) == {"any_of"} else [found["not"]]
    return {**found, "not": {"any_of": [*excluded, itself]}}


_ENEMY_PAIRS = (("white", "black"), ("white", "red"), ("blue", "red"), ("blue", "green"), ("black", "green"))
"""105.1: the color pairs opposite on the color wheel."""


def _exactly(pair: tuple[str, str]) -> dict[str, Any]:
    """A filter of objects that are exactly these two colors (105.2)."""
    first, second = pair
    others = [c for c in COLORS if c not in pair]
    return {"colors": [first], "any_of": [{"colors": [second]}], "not": {"colors": others}}


def _creatures(found: dict[str, Any] | None) -> dict[str, Any]:
    """A filter read from "<...> creatures", its implied ``types: [creature]`` left out."""
    return {k: v for k, v in (found or {}).items() if not (k == "types" and v == ["creature"])}


def _mana_letters(text: str) -> str:
    """ "{W}, {U}, or {B}" -> "WUB" (the colors one of which a mana ability makes, 106.1)."""
    return "".join(dict.fromkeys(re.findall(r"\{([WUBRGC])\}", text.upper())))


def _combinations(text: str) -> list[str]:
    """ "{W}{W}, {W}{U}, or {U}{U}" -> ["{W}{W}", "{W}{U}", "{U}{U}"]."""
    return [c.upper() for c in re.split(r",? or |, ", text.strip())]
