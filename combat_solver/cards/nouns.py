"""Noun phrases of Oracle text as creature filters ("creatures without flying", "an untapped
creature with power 2 or less", "Walls", "black or green creatures")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..model.creature_types import CREATURE_TYPES
from .phrases import (
    ATTACHED_STATES,
    CARD_TYPES,
    COLORS,
    HISTORIC,
    MULTICOLORED,
    SUPERTYPES,
    filter_keywords,
    number,
)

OUTLAWS = ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")
"""700.12: an outlaw is an Assassin, a Mercenary, a Pirate, a Rogue or a Warlock."""


class Nouns:
    """Reads noun phrases against the known subtypes (singular forms, any case)."""

    def __init__(self, subtypes: frozenset[str]) -> None:
        """A word names the subtype it is a form of. Where two subtypes share a form ("Elves": Elf's
        plural and an odd card's subtype), a creature type of CR 205.3m wins, then one spelt as the
        rules spell subtypes (a capital first letter only), then the first in the alphabet: the
        reading never depends on set order."""
        self.card_named: Callable[[str], bool] = lambda _name: False
        """Whether a card of the catalog has this name (set by the catalog: "a Contested Game Ball")."""
        self.chosen: frozenset[str] = frozenset()
        """The choices the card being read makes as it enters (``CHOICES``): "the chosen color"
        reads only a color the card itself chose (607.2d)."""
        self._subtype: dict[str, str] = {}
        for s in sorted(subtypes, key=_preference):
            for form in _plurals(s):
                self._subtype.setdefault(form.casefold(), s)

    def subtype(self, word: str) -> str | None:
        return self._subtype.get(word.casefold())

    def creatures(self, phrase: str) -> dict[str, Any] | None:
        """A filter for a phrase naming creatures or permanents; None if it isn't understood,
        and None for "other ..." or "another ...": "other" excludes an object the phrase doesn't
        know of (the source), so its reader says whom (``not: {ids: [$self]}``)."""
        p = phrase.strip()
        p = re.sub(r"^(?:a|an|all|each|any|the)\s+", "", p, flags=re.I)
        if re.match(r"(?:other|another)\b", p, flags=re.I):
            return None
        return self._phrase(p)

    def _phrase(self, p: str) -> dict[str, Any] | None:
        out: dict[str, Any] = {}
        m = re.match(r"^(\d+)/(\d+)\s+(.*)$", p)
        if m:
            out = {"power": {"eq": int(m[1])}, "toughness": {"eq": int(m[2])}}
            p = m[3]
        for split, read in ((_split_that, self._that), (_split_tail, self._qualifier)):
            p, clause = split(p)
            if clause is not None:
                extra = read(clause)
                if extra is None:
                    return None
                out.update(extra)
        of_chosen = re.fullmatch(r"(.+?) of the chosen (color|type|creature type)", p)
        if of_chosen:
            choice = "color" if of_chosen[2] == "color" else "creature_type"
            if choice not in self.chosen:
                return None
            out["colors" if choice == "color" else "subtypes"] = ["chosen"]
            p = of_chosen[1]
        either = self._subtype_list(p)
        if either is not None:
            return {**out, "subtypes": either}
        if " " in p and (spaced := self.subtype(p)) is not None:  # TARDIS: "a Time Lord" (205.3m)
            return {**out, "subtypes": [spaced]}
        words = p.split()
        if not words:
            return None
        noun = words[-1]
        head = words[:-1]
        if noun.casefold() in ("commander", "commanders"):
            return self._adjectives(head, {**out, "commander": True})  # 903.3: "Commanders you control"
        if noun.casefold() in ("token", "tokens") and not head:
            return {**out, "token": True}  # Quest Compleated Beast: "can't be blocked by tokens"
        if noun.casefold() in ("token", "tokens") and head:
            out["token"] = True
            last = head[-1]
            if _noun_type(last) is None and self.subtype(last) is None and last.casefold() not in ("outlaw", "outlaws"):
                return self._adjectives(head, out)  # Starry-Eyed Skyrider: "attacking tokens you control"
            noun, head = last, head[:-1]
        noun_types = _noun_type(noun)
        if noun_types is not None:
            if noun_types:
                out["types"] = noun_types
        elif noun.casefold() in ("outlaw", "outlaws"):
            out["subtypes"] = list(OUTLAWS)
        else:
            sub = self.subtype(noun)
            if sub is None:
                return None
            out["subtypes"] = [sub]
        return self._adjectives(head, out)

    def _that(self, clause: str) -> dict[str, Any] | None:
        """ "that are enchanted", "that's a Cat, Elemental, or Beast", "that are Zombies and/or
        tokens", "that attacked during their controller's last turn" (Halls of Mist): what a relative
        clause adds to a noun phrase; None if it isn't understood."""
        if clause.strip() == "attacked during their controller's last turn":
            return {"attacked_last_turn": True}
        if re.fullmatch(r"entered(?: the battlefield)? this turn", clause.strip()):
            return {"entered_this_turn": True}  # Whirlwind: "creatures you control that entered this turn"
        m = re.fullmatch(r"(?:are|is|'s) (.+)", clause.strip())
        if m is None:
            return None
        state = m[1].casefold()
        if state in ATTACHED_STATES:
            return {"attached": ATTACHED_STATES[state]}
        yours = re.fullmatch(r"(enchanted|equipped) by (?:auras|an aura|(?:an )?equipment) you control", state)
        if yours:  # Archon of the Wild Rose, Eriette: "that are enchanted by Auras / an Aura you control"
            attached = ATTACHED_STATES[yours[1]]
            return {"attached": {**attached, "filter": {**attached["filter"], "controller": "you"}}}
        if state == "enchanted or equipped":  # Reyav: "a creature you control that's enchanted or equipped"
            return {"any_of": [{"attached": ATTACHED_STATES["enchanted"]}, {"attached": ATTACHED_STATES["equipped"]}]}
        if state in ("tapped", "untapped"):
            return {"tapped": state == "tapped"}
        either = re.fullmatch(r"(\w+) and/or tokens", m[1])
        if either is not None and self.subtype(either[1]) is not None:
            return {"any_of": [{"subtypes": [self.subtype(either[1])]}, {"token": True}]}
        listed = self._subtype_list(re.sub(r"\ban? ", "", m[1]))
        return {"subtypes": listed} if listed is not None else None

    def _subtype_list(self, p: str) -> list[str] | None:
        """ "Wolf or Werewolf", "Elves and Warriors", "Krakens, Leviathans, Octopuses, and
        Serpents": creatures of any of the subtypes (205.3); None if ``p`` is no such list."""
        words = re.split(r",? (?:and/or|or|and) |, ", p)
        if len(words) < 2:
            return None
        found = [self.subtype(w) for w in words]
        return [s for s in found if s is not None] if all(found) else None

    def _adjectives(self, words: list[str], out: dict[str, Any]) -> dict[str, Any] | None:
        if not self._joins_alike(words, out):
            return None
        named_by_noun = "subtypes" in out
        colors: list[str] = []
        nons: list[dict[str, Any]] = []
        i = 0
        while i < len(words):
            w = words[i].casefold().rstrip(",")
            if w in ("or", "and", "and/or"):
                i += 1
                continue
            if w in COLORS:
                colors.append(w)
            elif w == "colorless":
                out["colorless"] = True
            elif w in ("multicolored", "historic") and "any_of" not in out:
                out["any_of"] = MULTICOLORED["any_of"] if w == "multicolored" else HISTORIC
            elif w in ("tapped", "untapped"):
                out["tapped"] = w == "tapped"
            elif w in ATTACHED_STATES and "attached" not in out:
                out["attached"] = ATTACHED_STATES[w]
            elif w == "attacking":
                out["attacking"] = True
            elif w == "goaded" and "has" not in out:  # 701.15a: a creature with a goad effect on it
                out["has"] = ["goad"]
            elif w in ("token", "nontoken"):
                out["token"] = w == "token"
            elif w == "commander":  # 903.3: "Commander creatures you control"
                out["commander"] = True
            elif w in CARD_TYPES:
                out["types"] = sorted({*out.get("types", []), w}, key=CARD_TYPES.index)
            elif w in SUPERTYPES:
                out.setdefault("supertypes", []).append(w)
            elif w.startswith("non") and (non := self._non(w[3:].lstrip("-"))) is not None:
                nons.append(non)
            elif self.subtype(words[i]) is not None and "subtypes" not in out:
                out["subtypes"] = [self.subtype(words[i])]
            elif self.subtype(words[i]) is not None and words[i + 1 :] == ["or"] and len(out["subtypes"]) == 1:
                out["subtypes"] = [self.subtype(words[i]), *out["subtypes"]]  # "a Wolf or Werewolf": either
            elif (
                self.subtype(words[i]) is not None
                and len(out["subtypes"]) == 1
                and "any_of" not in out
                and not {"or", "and", "and/or"} & {x.casefold() for x in words}
            ):  # "Eldrazi Scions", "Elf Warrior creatures": both subtypes (205.3), the first in `subtypes`
                if named_by_noun:
                    out["any_of"], out["subtypes"] = [{"subtypes": out["subtypes"]}], [self.subtype(words[i])]
                else:
                    out["any_of"] = [{"subtypes": [self.subtype(words[i])]}]
            else:
                return None
            i += 1
        if colors:
            out["colors"] = colors
        if nons:  # "a nonartifact, non-Dragon creature": neither an artifact nor a Dragon
            if "not" in out:  # "non-Human creatures without flying": neither that nor this
                nons.append(out["not"])
            out["not"] = nons[0] if len(nons) == 1 else {"any_of": nons}
        return out

    def _joins_alike(self, words: list[str], out: dict[str, Any]) -> bool:
        """Whether every "and", "or", "and/or" or comma among ``words`` joins colors ("white or
        black", "black and/or red": any of them, 105.2) or two subtypes ("Wolf or Werewolf"):
        never card types or unlike words ("artifact or enchantment" isn't an artifact
        enchantment; "You and permanents you control" names a player)."""
        for i, word in enumerate(words):
            w = word.casefold()
            joins = w in ("or", "and", "and/or")
            if not joins and not w.endswith(","):
                continue
            before = (words[i - 1] if joins and i else word).casefold().rstrip(",")
            after = words[i + 1].casefold().rstrip(",") if i + 1 < len(words) else None
            if after is not None and after in ("or", "and", "and/or"):
                after = words[i + 2].casefold().rstrip(",") if i + 2 < len(words) else None
            if before in COLORS and after in COLORS:
                continue
            if not joins and before.startswith("non") and after is not None and after.startswith("non"):
                continue  # "nonartifact, nonblack": both (Terror)
            if joins and after is None and self.subtype(before) is not None and out.get("subtypes"):
                continue
            return False
        return True

    def _non(self, word: str) -> dict[str, Any] | None:
        if word in COLORS:
            return {"colors": [word]}
        if word in CARD_TYPES:
            return {"types": [word]}
        if word in SUPERTYPES:
            return {"supertypes": [word]}
        sub = self.subtype(word)
        return {"subtypes": [sub]} if sub else None

    def _qualifier(self, tail: str) -> dict[str, Any] | None:
        t = tail.strip().casefold()
        m = re.fullmatch(r"with power (\d+) or (less|greater)", t)
        if m:
            return {"power": {"le" if m[2] == "less" else "ge": int(m[1])}}
        m = re.fullmatch(r"with power or toughness (\d+) or (less|greater)", t)
        if m:
            bound = {"le" if m[2] == "less" else "ge": int(m[1])}
            return {"any_of": [{"power": bound}, {"toughness": bound}]}
        m = re.fullmatch(r"with toughness (\d+) or (less|greater)", t)
        if m:
            return {"toughness": {"le" if m[2] == "less" else "ge": int(m[1])}}
        m = re.fullmatch(r"with (?:(an?|one or more)|(\w+) or more)? ?(?:(\S+) )?counters? on (?:it|them)", t)
        if m and (m[2] is None or number(m[2]) is not None) and (m[3] is None or _counter_kind(m[3])):
            return {"counters": {m[3] or "any": {"ge": number(m[2]) if m[2] else 1}}}
        m = re.fullmatch(r"with power greater than (\d+)", t)
        if m:
            return {"power": {"gt": int(m[1])}}
        m = re.fullmatch(r"with power (less|greater) than \$self's power", t)
        if m:
            return {"power": {"lt" if m[1] == "less" else "gt": "$power"}}
        m = re.fullmatch(r"with mana value (\d+) or (less|greater)|with (even|odd) mana values?", t)
        if m:  # Void Winnower (202.3: the board gives each permanent's mana value)
            return {"mana_value": {"le" if m[2] == "less" else "ge": int(m[1])} if m[1] else {"even": m[3] == "even"}}
        m = re.fullmatch(r"with power less than (\d+)", t)
        if m:
            return {"power": {"lt": int(m[1])}}
        m = re.fullmatch(r"(with|without) ([a-z]+)(?: (and|or|and/or) ([a-z]+))?", t)
        if m and _has_item(m[2]) is not None and (m[4] is None or _has_item(m[4]) is not None):
            kinds = [_has_item(m[2])] + ([_has_item(m[4])] if m[4] else [])
            if m[1] == "with":
                if m[3] in ("or", "and/or"):
                    return {"any_of": [{"has": [k]} for k in kinds]}
                return {"has": kinds}
            if m[3] in ("or", None):
                return {"not": {"any_of": [{"has": [k]} for k in kinds]}} if len(kinds) > 1 else {"not": {"has": kinds}}
        return None


def _has_item(word: str) -> str | dict[str, Any] | None:
    """What "with <word>" asks a creature to have: a kind by its keyword ("flying") or a landwalk
    of a basic land type ("islandwalk": ``{kind: landwalk, land: {subtypes: [Island]}}``, 702.14a)."""
    named = filter_keywords()
    if word in named:
        return named[word]
    walk = re.fullmatch(r"(plains|island|swamp|mountain|forest)walk", word)
    return {"kind": "landwalk", "land": {"subtypes": [walk[1].title()]}} if walk else None


def _counter_kind(word: str) -> bool:
    """A kind of counter ("+1/+1", "flying", "everything"), not a number or "no"."""
    return word != "no" and number(word) is None


def _split_that(p: str) -> tuple[str, str | None]:
    m = re.match(
        r"^(.*?)\s+that((?:'s| are| is)\s.*| attacked during their controller's last turn| entered(?: the battlefield)? this turn)$",
        p,
        flags=re.I,
    )
    if m:
        return m[1], m[2]
    return p, None


def _split_tail(p: str) -> tuple[str, str | None]:
    m = re.match(r"^(.*?)\s+(with(?:out)?\s.*)$", p, flags=re.I)
    if m:
        return m[1], m[2]
    return p, None


def _noun_type(word: str) -> list[str] | None:
    w = word.casefold()
    if w in ("creature", "creatures"):
        return ["creature"]
    if w in ("permanent", "permanents"):
        return []
    for t in CARD_TYPES:
        if w in (t, t + "s"):
            return [t]
    return None


def _preference(subtype: str) -> tuple[bool, bool, str]:
    return subtype not in CREATURE_TYPES, subtype != subtype[:1] + subtype[1:].lower(), subtype


_IRREGULAR_PLURALS = {
    "Ox": "Oxen",
    "Mouse": "Mice",
    "Fungus": "Fungi",
    "Homunculus": "Homunculi",
    "Cyclops": "Cyclopes",
    "Thalakos": "Thalakoi",
    "Djinn": "Djinni",
}
"""Plurals English doesn't make with -s ("can't be blocked by Oxen": Ox Drover)."""


def _plurals(s: str) -> set[str]:
    forms = {s, s + "s", s + "es"} | ({_IRREGULAR_PLURALS[s]} if s in _IRREGULAR_PLURALS else set())
    if s.endswith("y"):
        forms.add(s[:-1] + "ies")
    if s.endswith("f"):
        forms.add(s[:-1] + "ves")
    if s.endswith("fe"):
        forms.add(s[:-2] + "ves")
    if s.endswith("man"):
        forms.add(s[:-3] + "men")
    return forms
