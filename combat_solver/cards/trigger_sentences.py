"""Keyword lines and triggered abilities' conditions as abilities (508.1m, 509.1i): a keyword
is read by the kinds' wordings (``keyword``), a trigger by its condition before the first comma
and an intervening "if" (603.4) after it. ``sentences.py`` reads the static sentences on top."""

from __future__ import annotations

import re

from ..rules.phrase import SELF
from .compiled import UNCOUNTED_TRIGGER, AbilityData, Result
from .conditions import Conditions
from .keyword_lines import KEYWORDS_OF_KINDS, joined_protections, known_keyword
from .phrases import bears_on_legality
from .readers import Unknown
from .wordings import Wordings, wordings

_NONCOMBAT_EVENTS = frozenset(
    {"enters", "enter", "enters the battlefield", "dies", "leaves the battlefield", "specializes"}
)
"""Events of "whenever $self enters or attacks" that no combat trigger reads."""

_ATTACKED_YOU = "if they attacked you and/or a planeswalker you control, "
"""Ever-Watching Threshold's intervening "if": the attack on you or yours it is about (508.3e)."""


class TriggerSentences(Conditions):
    """Reads keyword lines and triggered abilities' conditions (508.1m, 509.1i)."""

    def __init__(self, subtypes: frozenset[str], kinds: Wordings | None = None) -> None:
        """``kinds``: the kinds' wordings to read (default: those of every kind in the registry)."""
        super().__init__(subtypes)
        self._kinds = kinds
        self.granted = False
        """Set when a sentence read so far grants a quoted activated or triggered ability."""
        self.printed_types: tuple[str, ...] = ()
        """The card types of the card being read (what "it's a land" replaces)."""
        self._subject_words = ""
        """The subject of the sentence being read, as written."""

    @property
    def wordings(self) -> Wordings:
        return wordings() if self._kinds is None else self._kinds

    def _keyword_line(self, line: str) -> Result:
        if re.fullmatch(r"provoke", line, flags=re.I):
            return [
                {"kind": "attack_trigger"}
            ], "provoke: once it resolves, give the provoked creature's block as an effect"
        return self._keywords(line), None

    def _keywords(self, line: str) -> list[AbilityData]:
        out: list[AbilityData] = []
        for part in keyword_parts(line):
            out += self._keyword(part)
        return out

    def _keyword(self, part: str) -> list[AbilityData]:
        k = part.casefold()
        kind = self.wordings.keywords.get(k)
        if kind is not None:
            return [{"kind": kind}]
        if k in KEYWORDS_OF_KINDS:
            return [dict(a) for a in KEYWORDS_OF_KINDS[k]]
        found = self.wordings.read("keyword", part, self)
        if found is not None:
            return found
        if bears_on_legality(part):
            raise Unknown(part)
        return []

    def _listed_keyword(self, part: str) -> list[AbilityData]:
        """A keyword of a "has" list: one the vocabulary reads, or one of CR 702 that gives nothing
        for combat ("lifelink"); any other single word ("ratmanship", known only by its reminder
        text) is ``Unknown``, never dropped. Given to other permanents, devoid makes them colorless
        (702.114a: "This object is colorless", a static ability in layer 5 where it isn't printed,
        604.3a) and provoke is their attack trigger (702.39a)."""
        if part.casefold() == "devoid":
            return [{"kind": "type_change", "colors": []}]
        if part.casefold() == "provoke":
            self.granted = True  # the provoked creature's block: an effect once the trigger resolves
            return [{"kind": "attack_trigger"}]
        found = self._keyword(part)
        if (
            not found
            and re.fullmatch(r"[a-z]+|[A-Z][\w'-]*(?: [A-Z][\w'-]*)*", part)
            and not known_keyword(part.casefold())
        ):
            raise Unknown(part)  # a name left over ("has protection from Goblins and Elves") is no keyword
        return found

    def _trigger(self, line: str) -> Result:
        """A triggered ability (508.1m, 509.1i): its condition, before the first comma, read by the
        kinds' trigger wordings ("whenever $self attacks or blocks": both; "enters or attacks": the
        attack), and an intervening "if" clause after it (603.4) as the trigger's condition; a
        trigger whose "if" isn't read is left to the note, never counted without its condition."""
        note = "triggered ability: once it resolves, give its result as an effect"
        line = re.sub(r"^((?:When|Whenever)\b[^,→]*) → ", r"\1, ", line)  # Catch of the Day: "attacks → <its modes>"
        condition, rest = _split_at_condition_end(line)
        condition = re.sub(r"\b(non[\w-]+), (?=non)", r"\1 ", condition, flags=re.I)  # the kinds' slots read no comma
        if re.search(
            rf"(?<!\w)(?:this card|{re.escape(SELF)}) from your (?:graveyard|hand)\b", re.sub(r'"[^"]*"', "", rest)
        ) or re.match(rf"if (?:this card|{re.escape(SELF)}) is (?:in your graveyard|in exile|exiled)\b", rest):
            return [], note  # 113.6m: it moves the card out of that zone, or is about it there: it functions only there
        condition = re.sub(r"^When\b", "Whenever", condition)  # 603.2: each time the event happens
        condition = re.sub(  # Goldspan Dragon: "attacks or becomes the target of a spell": the attack, for combat
            r"\b(attacks|blocks) or (?:becomes the target of a spell(?: or ability)?(?: an opponent controls)?|specializes|dies)$",
            r"\1",
            condition,
        )
        condition = re.sub(  # Tadeas: "a creature you control with reach" is "a creature with reach you control"
            r"^(whenever (?:an?|one or more|another|\w+ or more) \w+(?: \w+)?) you control ((?:with |that)[^,]+?) (attacks?(?: a player)?|blocks|becomes? blocked)$",
            r"\1 \2 you control \3",
            condition,
            flags=re.I,
        )
        condition = re.sub(  # Rhuk: "an equipped creature you control other than Rhuk" is another one
            rf"^whenever (an?|one or more) (.+?) other than {re.escape(SELF)} (?=attacks?$|blocks?$|becomes? blocked$)",
            lambda m: f"whenever {'another' if m[1] != 'one or more' else 'one or more other'} {m[2]} ",
            condition,
            flags=re.I,
        )
        condition = re.sub(  # Screaming Swarm: "attack with one or more creatures" is "attack" (508.3d)
            r"^(whenever (?:you|a player|an opponent) attacks?) with one or more creatures$",
            r"\1",
            condition,
            flags=re.I,
        )
        with_them = re.fullmatch(
            r"whenever you attack( a player)? with (one|\w+) or more (?!creatures$)(.+)", condition, re.I
        )
        if with_them:  # 508.3c: the same as "whenever one or more <them> you control attack [a player]"
            condition = f"whenever {with_them[2]} or more {with_them[3]} you control attack{with_them[1] or ''}"
        attacked = re.fullmatch(  # Owlbear Cub, The Spear of Bashenga, Loot Dispute: the attacked player's state
            r"(whenever .+? attacks?) (?:a player who (controls .+)|(the monarch)|the player who has (the initiative))",
            condition,
            re.I,
        )
        if attacked and not rest.startswith("if "):  # a second "if" isn't joined to it: left unread
            state = attacked[2] or (f"is {attacked[3]}" if attacked[3] else f"has {attacked[4]}")
            condition, rest = f"{attacked[1]} a player", f"if defending player {state}, {rest}"
        if condition.casefold() == "whenever an opponent attacks" and rest.startswith(_ATTACKED_YOU):
            condition, rest = (
                f"{condition} you and/or one or more planeswalkers you control",
                rest[len(_ATTACKED_YOU) :],
            )
        attacking_while = re.fullmatch(
            rf"(whenever (?:{re.escape(SELF)}|an opponent) (?:attacks|blocks|attacks or blocks)(?: you)?) while (.+)",
            condition,
            re.I,
        )
        if attacking_while and not rest.startswith(
            "if "
        ):  # Courageous Goblin: "attacks while you control a creature with power 4 or greater"
            condition = attacking_while[1]
            state = attacking_while[2]  # "attacks while saddled" (702.171b): while it is saddled
            rest = f"if {f'{SELF} is {state}' if re.fullmatch(r'[a-z]+', state) else state}, {rest}"
        holders = re.fullmatch(
            rf"whenever {re.escape(SELF)} or ((?:enchanted|equipped) creature) (.+)", condition, re.I
        )
        if holders:  # bestow, reconfigure: "this creature or enchanted creature attacks", each its own event
            first, second = (self._event(f"whenever {who}", holders[2]) for who in (SELF, holders[1]))
            found = first + second if first and second else None
        else:
            found = self.wordings.read("trigger", condition, self)
        either = re.fullmatch(
            rf"(whenever (?:{re.escape(SELF)}|enchanted creature|equipped creature|an? [^,]+? you control|a creature|your commander)) (\w+(?: \w+){{0,2}}) or (\w+(?: \w+){{0,2}})",
            condition,
            re.I,
        )
        if found is None and either is not None:
            first, second = (self._event(either[1], e) for e in (either[2], either[3]))
            found = first + second if first is not None and second is not None and first + second else None
        both_ways = re.fullmatch(
            rf"(whenever (?:{re.escape(SELF)}|enchanted creature|equipped creature)) blocks or becomes blocked by (.+)",
            condition,
            re.I,
        )
        if found is None and both_ways is not None:  # 509.3b and 509.3d: "blocks <it> or becomes blocked by <it>"
            first, second = (
                self._event(both_ways[1], f"{verb} {both_ways[2]}") for verb in ("blocks", "becomes blocked by")
            )
            found = first + second if first and second else None
        if found is None and _COMBAT_EVENT.search(condition):  # noted, never passed over
            return [], f"a trigger on attacking or blocking whose condition isn't read: {UNCOUNTED_TRIGGER}"
        if not found:
            return [], note
        intervening = re.match(r"if ([^,]+), ", rest)
        if intervening is None:
            return found, note
        try:
            return self._intervening(found, intervening[1]), note
        except Unknown:  # 603.4: never counted without its condition
            return (
                [],
                f"a trigger on attacking or blocking whose intervening 'if' isn't read: {UNCOUNTED_TRIGGER}",
            )

    def _event(self, whenever: str, event: str) -> list[AbilityData] | None:
        """The trigger abilities of one event of "whenever $self X or Y"; [] for an event that has
        nothing to do with combat (entering, dying, leaving); None for one not read."""
        if event.casefold() in _NONCOMBAT_EVENTS:
            return []
        return self.wordings.read("trigger", f"{whenever} {event}", self)

    def _intervening(self, found: list[AbilityData], clause: str) -> list[AbilityData]:
        """603.4: "if <c>" checked as the ability triggers: the trigger's condition ("if you don't
        control X": its ``unless`` you control X)."""
        if re.fullmatch(rf"{re.escape(SELF)} is (?:in the command zone or )?on the battlefield", clause):
            return found  # eminence (Sidar Jabari): a permanent on the board is on the battlefield
        clause = re.sub(r"^(?:he|she)'s\b", "it's", clause)  # Whiplash: "if he's equipped"
        attacks = all(a["kind"] == "attack_trigger" for a in found)
        if (
            attacks and clause == f"{SELF} attacked this combat" and not any("condition" in a for a in found)
        ):  # Tolsimir: it is among the attackers (508.1a)
            return [{**a, "condition": {"attack": {"filter": {"ids": [SELF]}, "others": False}}} for a in found]
        if attacks:
            clause = re.sub(r"^that player is\b", "defending player is", clause)  # M'Baku: the attacked player
        if attacks and not any("target" in a for a in found):
            if clause == "it's attacking the player with the most life or tied for most life":
                return [{**a, "most_life": True} for a in found]  # Scourge of the Throne (802.2a)
            if clause == "you're the defending player":  # Kazuul (506.2): you, your planeswalkers or battles
                return [{**a, "target": {"player": "you", "planeswalkers": True, "battles": True}} for a in found]
            those = re.fullmatch(
                r"(\w+) or more of those creatures are attacking you and/or planeswalkers you control", clause
            )
            if those and all(a.get("once") and "matching" not in a for a in found):  # Mangara, Tomik
                mine = {"player": "you", "planeswalkers": True}
                return [{**a, "target": mine, "matching": {"ge": self._n(those[1])}} for a in found]
        count = re.fullmatch(r"you attacked with (exactly )?(\w+)( or more)? other creatures? this combat", clause)
        if count and (count[1] is None) != (count[3] is None) and all(set(a) == {"kind"} for a in found):
            others = self._n(count[2])  # Creepy Puppeteer (508.1a): it and that many others attack
            return [{**a, "attackers": {"eq" if count[1] else "ge": others + 1}} for a in found]
        pack = re.fullmatch(r"you attacked with creatures with total power (\w+) or greater this combat", clause)
        if pack and all(a["kind"] == "attack_trigger" and "attacking_power" not in a for a in found):
            power = {"ge": self._n(pack[1])}  # pack tactics (207.2c): the attack just declared
            return [{**a, "attacking_power": power} for a in found]
        negative = re.fullmatch(r"(you|an opponent|defending player) (?:don't|doesn't) control (.+)", clause)
        if negative:
            verb = "control" if negative[1] == "you" else "controls"
            return self.conditioned(found, self._clause(f"{negative[1]} {verb} {negative[2]}"), "unless")
        read = self._clause(clause)
        if read.says_it and any("who" in a for a in found):
            state = read.data.get("source") if set(read.data) == {"source"} else None
            if state and all("who" in a and not a.get("once") and not set(state) & set(a["who"]) for a in found):
                return [{**a, "who": {**a["who"], **state}} for a in found]  # Writ of Passage: "it", the attacker
            raise Unknown('whom the condition\'s "it" names')  # the attacker, not the trigger's source
        return self.conditioned(found, read, "condition")


_COMBAT_EVENT = re.compile(r"\b(?:attacks?|blocks?|becomes? blocked|become blocked)\b", re.I)
"""The events of declaring attackers and blockers (508.1m, 509.1i) a trigger's condition may name."""


def keyword_parts(line: str) -> list[str]:
    """The keywords of a keyword line, each an ability of its own (702.1): "Flying, protection from
    red and from blue" is flying and one protection (702.16g); "Partner with" takes the rest of the
    line, as a name may hold commas (702.124j)."""
    line = joined_protections(re.sub(r"(?:^|[,;] )partner with .+$", "", line, flags=re.I))
    return [part.strip() for part in re.split(r"[,;] (?!(?:and )?from\b)(?:and )?", line) if part.strip()]


def triggers_on_combat(sentence: str) -> bool:
    """A triggered ability whose condition names attacking or blocking: what it triggers on is a
    combat fact the verdict reports (508.1m, 509.1i), so it is read, noted or warned."""
    return re.match(r"(?:When|Whenever)\b", sentence) is not None and bool(
        _COMBAT_EVENT.search(_split_at_condition_end(sentence)[0])
    )


def _split_at_condition_end(line: str) -> tuple[str, str]:
    """A trigger's condition and the rest, at the first comma that doesn't join two "non-"
    adjectives ("becomes blocked by a nonartifact, non-Dragon creature") or the names of a list
    ("Whenever an Insect, Leech, Slug, or Worm you control attacks")."""
    for comma in re.finditer(r", ", line):
        before, after = line[: comma.start()].split(" ")[-1], line[comma.end() :]
        if before.casefold().startswith("non") and after.casefold().startswith("non"):
            continue
        if before[:1].isupper() and re.match(r"(?:[A-Z][\w'-]*, )*(?:or|and) [A-Z]", after):
            continue
        return line[: comma.start()], after
    return line, ""
