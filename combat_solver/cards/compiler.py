"""The compiler: Oracle text -> abilities of the project's vocabulary (``combat_solver.ABILITY_KINDS``).

Each line is a keyword line, an activated ability, a triggered ability or static sentences.
A sentence that bears on attack or block legality (``phrases.bears_on_legality``) is either
compiled exactly or reported as a *warning*, never approximated. Text that matters only once an
ability is activated or a trigger resolves ("{1}: This creature gains flying until end of turn")
is reported as a *note*: the board states its result as an ``effect``. Abilities refer to the
permanent itself as ``$self`` and to what an Aura or Equipment is attached to as ``$attached``;
``resolve`` fills both in. Each kind's wordings are its class's (``rules.phrase``); the modules
here read the text around them: ``oracle_text`` (lines, sentences, levels), ``sentences``
(keyword lines, triggers, static sentences), ``readers`` (noun phrases), ``wordings`` (the
kinds' tables) and ``compiled`` (what a card compiles to).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from ..rules.phrase import ATTACHED, CONTROLLER, POWER, SELF
from .card_record import CardRecord
from .choices import choices_made
from .compiled import (
    MANA_SIDE_EFFECTS,
    UNCOUNTED_TRIGGER,
    AbilityData,
    Compiled,
    Found,
    Level,
    Reading,
    Result,
)
from .conditions import Clause
from .copy_effects import COPY_CHOICE, read_copy
from .keyword_lines import (
    gives_unknown_keyword,
    keyword_defined_by_reminder,
    keyword_note,
    keyword_with_reminder,
    known_keyword,
)
from .mana_lines import read_mana, read_mana_trigger
from .oracle_text import (
    ONE_SHOT,
    is_activated,
    level_blocks,
    selfify,
    sentences,
    spoken,
    strip_reminders,
)
from .phrases import (
    ABILITIES_AS_THOUGH_HASTE,
    ABILITIES_OF_OTHERS,
    MANA_ABILITY,
    MANA_TRIGGER,
    bears_on_legality,
    gives_mana_ability,
)
from .readers import Unknown
from .sentences import Sentences
from .trigger_sentences import keyword_parts, triggers_on_combat

__all__ = ["ATTACHED", "CONTROLLER", "POWER", "SELF", "AbilityData", "Compiled", "Compiler", "Level"]

ABILITY_WORD = re.compile(
    r"^(?!Max speed\b|Solved\b|Exhaust\b|Boast\b|Forecast\b|Visit\b)(?:\$self |[A-Z])[\w' ,!-]*? — (?=[A-Z$]|\{[^:]*: )"
)
"""An ability word (207.2c) or flavor word (207.2d), no rules meaning, before its ability
("Metalcraft — {T}: Add ...", before an activated ability's cost only: "Commander Suspend 4 —
{B}{G}" is a keyword's cost); "Max speed —", "Solved —", "Exhaust —", "Boast —", "Forecast —"
and "Visit —" are keywords (702.178a: "as long as your speed is 4"; 702.169b-d: "as long as this
Case is solved"; 702.177a: "Activate only once"; 702.142a; 702.57a; 702.159a), kept so that their
ability is warned and never counted without its condition."""
MODE = re.compile(r"^• [A-Z][\w' -]* — ")
"""A mode of a permanent that chose one as it entered ("• Abzan — Whenever you attack, ..."): it
has that mode's ability only, and the board doesn't say which (700.2)."""
CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — ")
"""A Saga's chapter symbol (714.2a): the line is a chapter ability, a triggered ability (714.2b)."""

STILL_A_LAND = re.compile(r"\. (It's|They're) still (?:a land|lands)\.")
"""205.1b: "Enchanted land is a 3/3 black Ooze creature. It's still a land.": the second sentence
says the first keeps the land's types, and is read with it."""


MAX_SPEED = Clause({"players": [{"who": "you", "speed": {"ge": 4}}]})
"""702.178a, 702.179e: its controller has max speed (speed 4)."""


_HOLDER = r"(?P<holder>Enchanted creature|Equipped creature|\$self)"
_OTHERWISE = (
    (  # Bonds of Faith: "Enchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or block."
        re.compile(rf"^{_HOLDER} (?P<first>.+?) as long as (?P<condition>.+?)\. Otherwise, it (?P<other>.+)\.$"),
        "{holder} {first} as long as {condition}. {holder} {other} unless {condition}.",
    ),
    (  # Mishra's Domination: "As long as you control enchanted creature, it gets +2/+2. Otherwise, it can't block."
        re.compile(
            r"^As long as (?P<condition>.*?\b(?P<holder>enchanted creature|equipped creature)\b.*?), it (?P<first>.+?)\. "
            r"Otherwise, it (?P<other>.+)\.$"
        ),
        "As long as {condition}, it {first}. {Holder} {other} unless {condition}.",
    ),
    (  # Hunter's Blowgun: "Equipped creature has deathtouch during your turn. Otherwise, it has reach."
        re.compile(rf"^{_HOLDER} (?P<first>.+?) during your turn\. Otherwise, it (?P<other>.+)\.$"),
        "During your turn, {holder} {first}. During turns other than yours, {holder} {other}.",
    ),
)
"""A sentence's "Otherwise, it ..." (the same holder when the first's condition doesn't hold)."""


def otherwise(line: str) -> str:
    """ "Otherwise, it can't block." after a condition, said as its own sentence: "Enchanted
    creature can't block unless <condition>."; the line unchanged where it says no such thing."""
    for pattern, template in _OTHERWISE:
        m = pattern.match(line)
        if m is not None:
            fields = m.groupdict()
            return template.format(**fields, Holder=fields["holder"][0].upper() + fields["holder"][1:])
    return line


def still_a_land(line: str) -> str:
    """ "... is a 4/4 Elemental creature with reach and haste. It's still a land." as "... creature
    that's still a land with reach and haste." (205.1b), one sentence."""
    m = STILL_A_LAND.search(line)
    if m is None:
        return line
    head = line[: m.start()]
    creature = list(re.finditer(r"\bcreatures?\b", head))
    if not creature:
        return line
    at = creature[-1].end()
    still = " that are still lands" if m[1] == "They're" else " that's still a land"
    return head[:at] + still + head[at:] + "." + line[m.end() :]


def _chapter(_line: str) -> Result:
    return [], "chapter ability (714.2b): once it resolves, give its result as an effect"


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""305.6: the basic land types and the mana their intrinsic ability makes."""


COPY = re.compile(r"\benters?(?: the battlefield)? as a copy of\b", re.I)
"""707.2, 614.1c: a permanent that entered as a copy has the copied object's characteristics, not
its card's: its card text says nothing of its abilities on the battlefield (warned, never noted)."""


def _pronouns_named(found: list[str]) -> list[str]:
    """A line's sentences with "It" after a sentence about "Enchanted creature" or "Equipped
    creature" naming that creature (Draconic Destiny: "... It's a Dragon in addition to its other
    types.")."""
    out: list[str] = []
    for s in found:
        holder = re.match(r"(Enchanted|Equipped) creature\b", out[-1]) if out else None
        pronoun = re.match(r"It(?:'s|s| is)?\b", s)
        if holder and pronoun:
            verb = " is" if pronoun[0] in ("It's", "It is") else ""
            s = f"{holder[0]}{verb}{s[pronoun.end() :]}"
        out.append(s)
    return out


_DOUBLES_COMBAT_TRIGGERS = re.compile(
    r"\bIf (?:a creature (?:you control )?attacking causes a triggered ability\b|a triggered ability of (?!.*\bcauses\b))"
    r".*\btriggers? an additional time\b",
    re.I,
)
"""603.2d: an effect making attack and block triggers (among others) trigger an additional time."""
_STOPS_LIFE = re.compile(r"\bcan't gain life\b")
"""Erebos: what a mana ability's `gains_life` counts on (101.2); none draws (605.1a)."""


class Compiler(Sentences):
    """Compiles card records; ``subtypes`` are the known subtypes (to read "Walls", "Goblins")."""

    def compile(self, card: CardRecord) -> Compiled:
        face = card.name.split(" // ")[0]
        self._face = face
        self.from_graveyard: list[AbilityData] = []
        names = {face, face.removeprefix("A-")}  # an Alchemy rebalanced card's text has its own name
        if "legendary" in card.supertypes:
            names.add(re.split(r",| the | of ", face.removeprefix("A-"))[0])
            first = face.removeprefix("A-").split(" ")[0]
            if first != "The" and self.nouns.subtype(first) is None:
                names.add(first)
        self.nouns.chosen = choices_made(card.text, names)
        self.printed_types = tuple(card.permanent_types)
        base, blocks, levels = level_blocks(card.text, names)
        found = self._lines(base, names, face)
        for block in blocks:
            part = self._lines(block.lines, names, face)
            found.relevant = found.relevant or part.relevant
            found.notes += part.notes
            found.uncompiled += part.uncompiled
            if not block.source:
                found.readings += part.readings
            elif bears_on_legality(block.source):  # one sentence, read as a "counter on it" block
                found.readings.append((selfify(block.source, names), "warned" if part.warnings else "compiled"))
            if not part.abilities and not part.warnings and block.power is None:
                continue  # Chaos Imps' "has trample as long as it has a +1/+1 counter", a station's 1+ trigger: nothing for combat
            span = f"{block.at_least}+" if block.at_most is None else f"{block.at_least}-{block.at_most}"
            warned = tuple(f"{w} (with {span} {block.counter} counters)" for w in part.warnings)
            levels.append(
                Level(block.counter, block.at_least, block.at_most, tuple(part.abilities), warned,
                      block.power, block.toughness)
            )  # fmt: skip
        if re.search(r"(?m)^Unleash\b", card.text):
            found.readings.append(("Unleash", "compiled"))  # 702.98a-b: the level ``level_blocks`` made
        impending = re.search(r"(?m)^Impending\b", card.text)
        if impending and "creature" in card.types:
            why = (
                "not a creature while it has a time counter if its impending cost was paid (702.176a): write its types"
            )
            levels.append(Level("time", 1, warnings=(f"{face}: {why}",)))
        if any(b.counter == "charge" for b in blocks) and not any(lv.creature for lv in levels) and card.power:
            # 721.2b: the power/toughness box is part of a station symbol's static ability; in
            # Oracle text without reminder text it is the last (highest) one's
            levels.append(Level("charge", max(b.at_least for b in blocks if b.counter == "charge"), creature=True))
        if "Room" in card.subtypes and found.abilities:  # 709.5: a door's abilities only while it is unlocked
            read = "; ".join(s for s, o in found.readings if o == "compiled") or "its abilities"
            found.relevant = True
            found.warn(f"{face}: {read} (only while its door is unlocked, 709.5c: not on the board)", face)
            found.abilities = []
        intrinsic = "".join(BASIC_MANA[t] for t in BASIC_MANA if t in card.subtypes)
        if intrinsic and "land" in card.types:
            found.abilities.insert(0, {"kind": "mana", "produces": intrinsic})
        if found.copy is not None and found.copy_keeps_own:  # 707.9a: the copy has them too
            found.copy = replace(found.copy, abilities=(*found.copy.abilities, *found.abilities))
        return Compiled(
            card.name,
            tuple(found.abilities),
            tuple(found.warnings),
            tuple(found.notes),
            found.relevant or any(level.abilities for level in levels),
            tuple(found.uncompiled),
            tuple(levels),
            found.living_metal,
            tuple(found.readings),
            found.unattached_creature,
            found.riot,
            copy=found.copy,
            from_graveyard=tuple(self.from_graveyard),
        )

    def _lines(self, lines: list[str], names: set[str], face: str) -> Found:
        found = Found()
        level = 0
        modal = any(
            re.match(r"As .+ enters(?: the battlefield)?, choose (?!one\b|two\b|up to\b)", raw) for raw in lines
        )
        chosen_abilities = any(  # Ano'thr: "As ... enters, choose two abilities for it to gain —"
            re.match(r"As .+ enters(?: the battlefield)?, choose \w+ abilities for it to gain", raw) for raw in lines
        )
        for raw in lines:
            line = selfify(strip_reminders(raw).strip(), names)
            if not line:
                continue
            bar = re.fullmatch(r"(?:\{[^}]+\})+: Level (\d+)", line)
            if bar:
                level = int(bar[1])
                continue
            if level:
                self._at_level(found, self._lines([raw], names, face), level, line, face)
                continue
            if re.fullmatch(r"living metal", line, flags=re.I):
                found.relevant = found.living_metal = True  # 702.161a: read by ``resolve``
                found.readings.append((line, "compiled"))
                continue
            if re.fullmatch(r"riot", line, flags=re.I) and not found.riot:
                found.relevant = found.riot = True  # 702.136a: its choice is read by ``resolve``
                found.readings.append((line, "compiled"))
                continue
            if re.fullmatch(r"(?:reconfigure|bestow)\b.*", line, flags=re.I):
                found.unattached_creature = True  # 702.151b, 702.103b: read by ``resolve``
                continue
            unknown = keyword_defined_by_reminder(raw) or self._unread_keyword(raw)
            if unknown is not None:
                found.relevant = True
                defined = self._by_reminder(raw, unknown, names, face)
                if defined is not None:
                    found.abilities += defined.abilities
                    found.notes += defined.notes
                    found.readings += [*defined.readings, (line, "compiled")]
                    continue
                found.warn(f"{face}: {spoken(line, face)} ({unknown}: a keyword known only by its reminder text)", line)
                continue
            mode = MODE.match(line) if modal else re.match(r"• ", line) if chosen_abilities else None
            if mode is not None and self._means_anything(line[mode.end() :]):
                found.relevant = True  # Hollowmurk Siege, Ano'thr: which it chose isn't on the board
                why = "only in the mode chosen as it entered" if modal else "only if chosen as it entered"
                found.warn(f"{face}: {spoken(line, face)} ({why})", line)
                continue
            staged = re.match(r"Stage \d+ — |\d+ points?(?: each)? → ", line)
            if staged and any(self._means_anything(s.rstrip(".")) for s in sentences(line[staged.end() :])):
                found.relevant = True  # Loopy Lobster's stage, Built Bear's legacy circles: not on the board
                why = "only at that stage" if line.startswith("Stage") else "only if circled during deckbuilding"
                found.warn(f"{face}: {spoken(line, face)} ({why})", line)
                continue
            chapter = CHAPTER.match(line)
            line = ABILITY_WORD.sub("", line[chapter.end() :] if chapter else line)
            if not is_activated(line) and not re.match(r"(?:When|Whenever|At)\b", line):
                line = otherwise(still_a_land(line))
            first, *rest = sentences(line)
            if rest and COPY_CHOICE.fullmatch(first):
                first, *rest = rest
            own = re.search(rf"(?:, except| and) it has (?:{re.escape(SELF)}'s|its) other abilities(?=\.?$)", first)
            copied = first if own is None else first[: own.start()] + "."
            copy = read_copy(copied, face, partial(self._lines, names=names, face=face), self.nouns.subtype)
            if copy is not None and found.copy is None:
                found.copy_keeps_own = own is not None
                found.relevant, found.copy = True, copy  # 707.2: what it copied is the board's ``copy_of``
                found.warnings += copy.warnings
                found.uncompiled += [first] if copy.warnings else []
                found.readings.append((first, "warned" if copy.warnings else "compiled"))
                line = " ".join(rest)  # Wall of Stolen Identity: "When you do, tap the copied creature ..."
                if not line:
                    continue
            parts = self._parts(line) if chapter is None else [(line, _chapter)]
            for sentence, compile_one in parts:
                bears = (
                    bears_on_legality(sentence)
                    or keyword_note(sentence) is not None
                    or gives_unknown_keyword(sentence)
                    or ABILITIES_OF_OTHERS.search(sentence) is not None
                    or (compile_one == self._trigger and triggers_on_combat(sentence))
                    or compile_one == self._doubled_triggers
                    or _STOPS_LIFE.search(sentence) is not None
                    or (found.relevant and "to ignore this effect" in sentence)  # Lost in Thought (116.2d)
                )
                found.relevant = found.relevant or bears
                self.inert, self.side_notes = False, []
                try:
                    abilities, note = compile_one(sentence)
                except Unknown:
                    if bears:
                        found.warn(f"{face}: {spoken(sentence, face)}", sentence)
                    continue
                side = self.side_notes  # what the board may make a warning (``resolve.board_warnings``)
                bears = bears or bool(side)
                found.relevant = found.relevant or bears
                inert = self.inert
                if bears and not abilities and note is None and not side and not inert:
                    # never dropped: a sentence bearing on legality that gave nothing is warned
                    found.warn(f"{face}: {spoken(sentence, face)}", sentence)
                    continue
                found.abilities.extend(abilities)
                for told in [note] if note is not None and bears else []:
                    found.notes.append(f"{face}: {spoken(sentence, face)} ({told})")
                found.notes += [f"{face}: {spoken(sentence, face)} ({told})" for told in side]
                if bears:
                    noted = note is not None or side
                    outcome: Reading = "compiled" if abilities or inert else "noted" if noted else "dropped"
                    found.readings.append((sentence, outcome))
        return found

    def _at_max_speed(self, read: Callable[[str], Result], sentence: str) -> Result:
        """A max speed ability's ability (702.178a), each of its abilities only at max speed."""
        abilities, note = read(sentence)
        return self.conditioned(abilities, MAX_SPEED, "condition"), note

    def _at_level(self, found: Found, read: Found, level: int, line: str, face: str) -> None:
        """716.2a: "As long as this Class is level N or greater, it has [abilities]": what a line
        under a class level bar reads, each ability under the Class's `class_level` (a condition
        ``conditioned`` can't add is warned)."""
        found.relevant = found.relevant or read.relevant
        found.notes += read.notes
        found.warnings += read.warnings
        found.uncompiled += read.uncompiled
        try:
            found.abilities += self.conditioned(
                read.abilities, Clause({"source": {"class_level": {"ge": level}}}), "condition"
            )
        except Unknown:
            found.warn(f"{face}: {spoken(line, face)} (only at some class levels)", line)
            return
        found.readings += read.readings

    def _by_reminder(self, raw: str, keyword: str, names: set[str], face: str) -> Found | None:
        """A keyword line with a keyword outside CR 702 (Alchemy's "double team") read with the
        reminder text that defines it, the card's only definition of it: the line's other
        keywords and that reminder's sentences, or None where any of them isn't read exactly."""
        for head, reminder in re.findall(r"([^().]*)\(([^()]*)\)", raw):
            parts = [p.strip() for p in re.split(r"[,;] (?:and )?", head.strip())]
            if parts[-1].casefold() != keyword:
                continue
            others = ", ".join(p for p in parts[:-1] if p)
            sub = self._lines([others, reminder] if others else [reminder], names, face)
            return None if sub.uncompiled else sub
        return None

    def _unread_keyword(self, raw: str) -> str | None:
        """A keyword before a reminder bearing on legality that the kinds' wordings don't read
        ("Planeswalkerwalk", an Un-card's "Art rampage 2"): read by its reminder instead."""
        part = keyword_with_reminder(raw)
        if part is None or known_keyword(part):
            return None
        try:
            self._keyword_line(part)
        except Unknown:
            return part
        return None

    def _from_graveyard(self, sentence: str) -> Result:
        """113.6b: "As long as $self is in your graveyard [and <condition>], <sentence>": what it gives
        from the graveyard (``from_graveyard``), nothing on the battlefield."""
        m = re.fullmatch(rf"As long as {re.escape(SELF)} is in your graveyard(?: and (.+?))?, (.+)", sentence)
        if m is None:
            raise Unknown(sentence)
        found, note = self._sentence(f"As long as {m[1]}, {m[2]}" if m[1] else m[2])
        if note is not None or not found:
            raise Unknown(sentence)
        self.from_graveyard += found
        return self._inert(sentence)

    def _doubled_triggers(self, _sentence: str) -> Result:
        """603.2d: "If a creature attacking causes a triggered ability ... to trigger, that ability
        triggers an additional time" (Isshin; Clara Oswald's of a Doctor): no bearing on legality,
        but a verdict's trigger counts leave the additional times out."""
        return [], f"triggered abilities it makes trigger an additional time (603.2d): {UNCOUNTED_TRIGGER}"

    def _inert(self, _sentence: str) -> Result:
        """A sentence that says nothing of attacking or blocking by the permanent on the battlefield:
        113.6b, "As long as Wonder is in your graveyard ..." functions only from the graveyard; a
        Flagbearer's rule of choosing targets (Standard Bearer)."""
        self.inert = True
        return [], None

    def _means_anything(self, line: str) -> bool:
        """Whether ``line`` gives an ability or legality text it can't read (what a mode gives; a
        one-shot effect, a note, doesn't count)."""
        for sentence, compile_one in self._parts(line):
            try:
                if compile_one(sentence)[0]:
                    return True
            except Unknown:
                if bears_on_legality(sentence):
                    return True
        return False

    def _parts(self, line: str) -> list[tuple[str, Callable[[str], Result]]]:
        also = re.fullmatch(r"(([A-Z][^.]*?) (?:get|have) [^.]*\.) (As long as [^,]+, )they also have ([^.]+\.)", line)
        if also:  # Radiant Destiny: "they" are the first sentence's subject
            meant = f"{also[3]}{also[2][0].lower()}{also[2][1:]} have {also[4]}"
            return [*self._parts(also[1]), (line[len(also[1]) + 1 :], lambda _s: self._sentence(meant))]
        keyworded = re.match(r"(?:Exhaust|Boast|Forecast) — (.+)", line)
        if keyworded and is_activated(keyworded[1]) and not MANA_ABILITY.match(keyworded[1]):
            # 702.177a, 702.142a, 702.57a: an activated ability with a limit on when: its result an effect
            return [(line, lambda _s: ([], "activated ability: once activated, give its result as an effect"))]
        if re.match(r"(?:Other |Nontoken )?creatures you control enter(?: the battlefield)? as a copy of ", line, re.I):
            # The Inspector Inspector, Essence of the Wild (707.2): what entered so is the card it copied
            return [
                (
                    line,
                    lambda _s: ([], "a copy effect on other creatures: write each one as the card it copied (`card:`)"),
                )
            ]
        if re.match(
            r"(?:Each other|Each|Other) creatures? you control enters?\b.* as an? [A-Z]\w* in addition to its other types\.$",
            line,
        ):
            # Master Biomancer (614.1c): the creature that entered so is one; the board writes its subtypes
            return [(line, lambda _s: ([], "creatures entering under it get that type: write it in their `subtypes`"))]
        if re.match(r"Visit — ", line):  # 702.159a: what an Attraction does when visited, an effect once done
            return [(line, lambda _s: ([], "triggered ability: once it resolves, give its result as an effect"))]
        max_speed = re.match(r"Max speed — ", line)
        if max_speed:  # 702.178a: "As long as your speed is 4, this object has '[Ability]'"
            return [
                (sentence, partial(self._at_max_speed, read)) for sentence, read in self._parts(line[max_speed.end() :])
            ]
        note = keyword_note(line)
        if note is not None:
            return [(line, lambda _s: ([], note))]
        if re.match(rf"(?:[^:]*, )?(?:Exile|Discard|Reveal) {re.escape(SELF)} from your hand\b[^:]*: ", line):
            return [(line, self._inert)]  # 113.6m: Simian Spirit Guide's ability works only from the hand
        if MANA_ABILITY.match(line):
            return [(line, self._mana)]
        if MANA_TRIGGER.match(line):
            return [(line, self._mana_trigger)]
        if is_activated(line):
            return [(line, lambda _s: ([], "activated ability: once activated, give its result as an effect"))]
        entering = re.match(
            rf"(?:As|When) (?:(?:{re.escape(SELF)}|this creature) enters|you cast this spell) and whenever"
            rf" (?:it|{re.escape(SELF)}|this creature) attacks( while \w+)?, ",
            line,
        )
        if entering:  # Boomstacker (614.1c), Autarch Mammoth (603.6a): what it does as it enters, and an attack trigger
            return [(f"Whenever {SELF} attacks{entering[1] or ''}, {line[entering.end() :]}", self._trigger)]
        if re.fullmatch(r"(?:Other )?[^.,]+ you control have riot\.", line):  # 702.136a: each one's own choice
            return [(line, lambda _s: ([], "riot given to them: each one's choice is its `chosen.riot` (702.136a)"))]
        if _DOUBLES_COMBAT_TRIGGERS.search(line):
            return [(line, self._doubled_triggers)]
        if _STOPS_LIFE.search(line) and not re.match(r"(?:When|Whenever|At)\b", line):
            return [(line, lambda _s: ([], f"no life gained (101.2, 119.3): {MANA_SIDE_EFFECTS}"))]
        if re.match(r"^(When|Whenever|At)\b", line):
            return [(line, self._trigger)]
        if re.match(rf"As long as {re.escape(SELF)} is in your graveyard\b", line):
            return [(line, self._from_graveyard)]
        if re.match(r"While (?:an opponent is )?choosing targets as part of casting a spell\b.*\bFlagbearer", line):
            return [
                (line, self._inert)
            ]  # Standard Bearer: a rule of choosing targets (115.1), nothing of attacking or blocking
        if not line.endswith((".", '"', ")")) and '"' not in line:
            if not line.endswith(("—", ":")) and re.search(r"\b(?:gets|has|have|can't|attacks|blocks)\b", line):
                return self._parts(line + ".")  # Segovian Sword: a sentence without its period
            parts = keyword_parts(line)  # Emrakul, the World Anew: its flying read, its protection warned
            return [(part, self._noted_keyword) for part in parts] if len(parts) > 1 else [(line, self._keyword_line)]
        x_keyword = re.fullmatch(r"([A-Z][\w'-]*(?: [\w'-]+)? X), where X is [^.]+\.", line)
        if x_keyword:  # "Mobilize X, where X is ...": the keyword, its X read by no combat kind
            return [(line, lambda _s: self._keyword_line(x_keyword[1]))]
        written = sentences(line)
        return [
            (s, self._sentence if read == s else partial(self._named, read))
            for s, read in zip(written, _pronouns_named(written), strict=True)
        ]

    def _named(self, read: str, _written: str) -> Result:
        """A sentence whose "It" names the enchanted or equipped creature, read as written out."""
        return self._sentence(read)

    def _mana(self, line: str) -> Result:
        return read_mana(line, self.wordings, self)

    def _mana_trigger(self, line: str) -> Result:
        return read_mana_trigger(line, self.wordings, self)

    def _noted_keyword(self, part: str) -> Result:
        """One keyword of a line: a keyword whose result is an effect once used (backup) noted."""
        note = keyword_note(part)
        return ([], note) if note is not None else self._keyword_line(part)

    def _sentence(self, sentence: str) -> Result:
        """A static sentence, or a one-shot instruction (sagas, modes, "It gains haste until end
        of turn"): static abilities say "has" and "can't", one-shot effects "gains" and "this turn"."""
        self.granted = self.inert = False
        sentence = re.sub(  # Painter's Servant: of what it names, only permanents are on a board (110.1)
            r"^All cards that aren't on the battlefield, spells, and permanents are ", "All permanents are ", sentence
        )
        sentence = re.sub(  # Void Winnower: the creatures they would block with can't block (509.1a)
            r"^Your opponents can't block with creatures\b(.*)\.$",
            r"Creatures your opponents control\1 can't block.",
            sentence,
        )
        sentence = re.sub(  # Veteran Adventurer: "is also a Cleric, Rogue, Warrior, and Wizard" (205.3)
            rf"^({re.escape(SELF)} is) also (an? [A-Z][^.\"]*?)\.?$", r"\1 \2 in addition to its other types.", sentence
        )
        if self.nouns.chosen:  # 607.2d: "the last chosen [value]" reads the same choice
            sentence = sentence.replace("the last chosen ", "the chosen ")
        keyword = keyword_note(sentence)
        if keyword is not None:
            return [], keyword
        try:
            # Varchild: "Survivors your opponents control can't block, and they can't attack you": one subject
            found = self._static(re.sub(r", and (?:they|it) (?=can't\b|can\b|has\b|have\b)", ", and ", sentence))
            if self.granted:
                return found, "grants an activated or triggered ability: once used, give its result as an effect"
            return found, None
        except Unknown:
            quoted = re.findall(r'"([^"]*)"', sentence)
            plain = re.sub(r'"[^"]*"', '""', sentence).removeprefix(SELF)
            if sentence.startswith(("During", "As long as")):
                raise
            if COPY.search(plain) or ABILITIES_AS_THOUGH_HASTE.search(plain) or gives_mana_ability(sentence):
                raise  # Alpine Moon's static "they gain "{T}: Add ..."": no one-shot effect
            if re.search(r"\bactivate abilities of .+ as though you control(?:led)? them\b", plain):
                raise  # The Fearsome Flock's static permission: an opponent's mana abilities pay your costs
            if "to ignore this effect" in plain:
                raise  # Lost in Thought: a special action lifts its restrictions this turn (116.2d), not on the board
            static_gain = re.fullmatch(
                r"((?:Enchanted|Equipped) creature (?:gets [+-]\d+/[+-]\d+ and )?)gains (.+)", sentence
            )
            if static_gain and not ONE_SHOT.search(static_gain[2]):  # Taught by Surrak: an Aura's static "gains"
                return self._sentence(f"{static_gain[1]}has {static_gain[2]}")
            if re.match(r"Choose\b.*\b(?:keywords?|abilities) from among\b", plain):
                raise  # Your Favorite Character: chosen as it entered (614.12a), as Greymond's; no field records it
            if ONE_SHOT.search(plain):
                return [], "one-shot effect: once it happens, give its result as an effect"
            if quoted and all(is_activated(q) for q in quoted) and not bears_on_legality(sentence):
                return [], "grants an activated ability: once activated, give its result as an effect"
            raise

    def keyword(self, word: str) -> list[AbilityData]:
        """The abilities of one keyword ("flying", "protection from black"); [] if it isn't one
        the vocabulary has."""
        try:
            return self._keyword(word)
        except Unknown:
            return []
