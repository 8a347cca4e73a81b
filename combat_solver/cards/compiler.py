"""The compiler: Oracle text -> abilities of the project's vocabulary (``combat_solver.ABILITY_KINDS``).

Each line is a keyword line, an activated ability, a triggered ability or static sentences.
A sentence that bears on attack or block legality (``phrases.bears_on_legality``) is either
compiled exactly or reported as a *warning*, never approximated. Text that matters only once an
ability is activated or a trigger resolves ("{1}: This creature gains flying until end of turn")
is reported as a *note*: the board states its result as an ``effect``. Abilities refer to the
permanent itself as ``$self`` and to what an Aura or Equipment is attached to as ``$attached``;
``resolve`` fills both in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .card_record import CardRecord
from .phrases import FILTER_KEYWORDS, Nouns, bears_on_legality, number

SELF = "$self"
ATTACHED = "$attached"
CONTROLLER = "$controller"
POWER = "$power"
_ONE_SHOT = re.compile(
    r"^(?:•|Target\b|Create\b|Goad\b|Put\b|Untap\b|Tap\b|Return\b|Exile\b|Destroy\b|Choose\b|Draw\b|You may\b|When you do\b)"
    r"|(?i:(?<!can't )(?<!or )\bgains?\b|\buntil end of turn\b|\buntil your next turn\b|\b(?:attacks|blocks) (?:this turn|this combat) if able)"
)
#: Keywords that are "Whenever this creature attacks, ..." triggers (702.105, 702.91, 702.86, 702.116, 702.121, 702.134).
_ATTACK_TRIGGER_KEYWORDS = r"mentor|battle cry|annihilator \d+|myriad|melee|dethrone"
Ability = dict[str, Any]
Result = tuple[list[Ability], str | None]


@dataclass(frozen=True)
class Level:
    """What a permanent has while it has ``at_least`` (up to ``at_most``) ``counter`` counters:
    leveler boxes (711.2a-b: base power/toughness and abilities), station thresholds (702.184:
    abilities, and "It's an artifact creature at N+"), unleash (702.98a: can't block with a
    +1/+1 counter)."""

    counter: str
    at_least: int
    at_most: int | None = None
    abilities: tuple[Ability, ...] = ()
    warnings: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    creature: bool = False

    def active(self, counters: int) -> bool:
        return counters >= self.at_least and (self.at_most is None or counters <= self.at_most)


@dataclass(frozen=True)
class Compiled:
    """What a card's text means for combat: ``abilities`` compiled exactly, ``warnings`` (text
    bearing on legality that couldn't be compiled) and ``notes`` (text that needs an effect on
    the board once used), each as "Card: sentence"."""

    card: str
    abilities: tuple[Ability, ...] = ()
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    relevant: bool = False
    uncompiled: tuple[str, ...] = field(default=(), compare=False)
    levels: tuple[Level, ...] = ()

    @property
    def all_warnings(self) -> tuple[str, ...]:
        """The warnings of the card at any number of counters."""
        return self.warnings + tuple(w for level in self.levels for w in level.warnings)


class _Unknown(Exception):
    """A sentence the compiler can't read exactly."""


_SIMPLE_KEYWORDS = {
    "flying": "flying",
    "reach": "reach",
    "shadow": "shadow",
    "horsemanship": "horsemanship",
    "fear": "fear",
    "intimidate": "intimidate",
    "skulk": "skulk",
    "menace": "menace",
    "defender": "defender",
    "haste": "haste",
    "vigilance": "vigilance",
    "banding": "banding",
    "flanking": "flanking",
    "enlist": "enlist",
}
_FIXED_PREDICATES: dict[str, list[Ability]] = {
    "can't attack or block alone": [{"kind": "cant_attack_alone"}, {"kind": "cant_block_alone"}],
    "can't attack alone": [{"kind": "cant_attack_alone"}],
    "can't block alone": [{"kind": "cant_block_alone"}],
    "can only attack alone": [{"kind": "can_only_attack_alone"}],
    "can't attack you or planeswalkers you control": [
        {"kind": "cant_attack", "target": {"player": "you", "planeswalkers": True}}
    ],
    "can't attack you": [{"kind": "cant_attack", "target": {"player": "you"}}],
    "can't attack its owner or planeswalkers its owner controls": [
        {"kind": "cant_attack", "target": {"player": "owner", "planeswalkers": True}}
    ],
    "can't attack its owner": [{"kind": "cant_attack", "target": {"player": "owner"}}],
    "can't attack or block": [{"kind": "cant_attack"}, {"kind": "cant_block"}],
    "can't attack": [{"kind": "cant_attack"}],
    "can't block": [{"kind": "cant_block"}],
    "can't be blocked": [{"kind": "cant_be_blocked"}],
    "can block an additional creature each combat": [{"kind": "block_additional"}],
    "can block any number of creatures": [{"kind": "block_any_number"}],
    "attacks or blocks each combat if able": [{"kind": "attacks_or_blocks"}],
    "must be blocked if able": [{"kind": "must_be_blocked"}],
    "must be blocked by exactly one creature if able": [{"kind": "must_be_blocked", "min": 1, "max": 1}],
    "can't attack unless a creature with greater power also attacks": [
        {"kind": "cant_attack_unless_greater_power_attacks"}
    ],
    "can't block unless a creature with greater power also blocks": [
        {"kind": "cant_block_unless_greater_power_blocks"}
    ],
    "can't be blocked unless all creatures defending player controls block it": [
        {"kind": "cant_be_blocked_unless_all_block"}
    ],
    "is goaded": [{"kind": "goad", "by": CONTROLLER}],
    "can't block it": [{"kind": "cant_block", "attackers": {"ids": [SELF]}}],
}
#: Words that make what follows hold only sometimes: never dropped, never compiled.
_CONDITION = re.compile(r"\b(?:as long as|unless|during|until|while|if|where|for each|except)\b", re.I)
_COLORS = ("white", "blue", "black", "red", "green")
#: Two or more colors: some pair of colors both present (105.4).
_MULTICOLORED: dict[str, Any] = {
    "any_of": [{"colors": [a], "any_of": [{"colors": [b]}]} for i, a in enumerate(_COLORS) for b in _COLORS[i + 1 :]]
}
_MANA = r"(?:\{[^}]+\})+"
_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_LIST = r",\s*(?:and\s+)?(?!from\b)|\s+and\s+(?!from\b)"
_LANDWALK = {"plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk", "desertwalk"}


class Compiler:
    """Compiles card records; ``subtypes`` are the known subtypes (to read "Walls", "Goblins")."""

    def __init__(self, subtypes: frozenset[str]) -> None:
        self.nouns = Nouns(subtypes)
        self._face = ""

    def compile(self, card: CardRecord) -> Compiled:
        face = card.name.split(" // ")[0]
        self._face = face
        names = {face}
        if "legendary" in card.supertypes:
            names.add(re.split(r",| the | of ", face)[0])
            first = face.split(" ")[0]
            if first != "The" and self.nouns.subtype(first) is None:
                names.add(first)
        base, blocks, levels = _level_blocks(card.text, names)
        found = self._lines(base, names, face)
        for block in blocks:
            part = self._lines(block.lines, names, face)
            found.relevant = found.relevant or part.relevant
            found.notes += part.notes
            found.uncompiled += part.uncompiled
            span = f"{block.at_least}+" if block.at_most is None else f"{block.at_least}-{block.at_most}"
            warned = tuple(f"{w} (with {span} {block.counter} counters)" for w in part.warnings)
            levels.append(
                Level(block.counter, block.at_least, block.at_most, tuple(part.abilities), warned,
                      block.power, block.toughness)
            )  # fmt: skip
        intrinsic = "".join(_BASIC_MANA[t] for t in _BASIC_MANA if t in card.subtypes)
        if intrinsic and "land" in card.types:
            found.abilities.insert(0, {"kind": "mana", "produces": intrinsic})
        return Compiled(
            card.name,
            tuple(found.abilities),
            tuple(found.warnings),
            tuple(found.notes),
            found.relevant or any(level.abilities for level in levels),
            tuple(found.uncompiled),
            tuple(levels),
        )

    def _lines(self, lines: list[str], names: set[str], face: str) -> _Found:
        found = _Found()
        leveled = False
        for raw in lines:
            line = _selfify(_strip_reminders(raw).strip(), names)
            if not line:
                continue
            if re.fullmatch(r"(?:\{[^}]+\})+: Level \d+", line):
                leveled = True
                continue
            if leveled:
                if bears_on_legality(line):
                    found.relevant = True
                    found.warnings.append(f"{face}: {line.replace(SELF, face)} (only at some class levels)")
                    found.uncompiled.append(line)
                continue
            line = re.sub(r"^[A-Z][\w' ,-]*? — (?=[A-Z$])", "", line)
            for sentence, compile_one in self._parts(line):
                bears = bears_on_legality(sentence)
                found.relevant = found.relevant or bears
                try:
                    abilities, note = compile_one(sentence)
                except _Unknown:
                    if bears:
                        found.warnings.append(f"{face}: {sentence.replace(SELF, face)}")
                        found.uncompiled.append(sentence)
                    continue
                found.abilities.extend(abilities)
                if note is not None and bears:
                    found.notes.append(f"{face}: {sentence.replace(SELF, face)} ({note})")
        return found

    def _parts(self, line: str) -> list[tuple[str, Callable[[str], Result]]]:
        if re.match(r"\{T\}: Add ", line):
            return [(line, lambda s: (_mana_ability(s), None))]
        if _is_activated(line):
            return [(line, lambda _s: ([], "activated ability: once activated, give its result as an effect"))]
        if re.match(r"^(When|Whenever|At)\b", line):
            return [(line, self._trigger)]
        if not line.endswith((".", '"', ")")) and '"' not in line:
            return [(line, self._keyword_line)]
        return [(s, self._sentence) for s in _sentences(line)]

    def _sentence(self, sentence: str) -> Result:
        """A static sentence, or a one-shot instruction (sagas, modes, "It gains haste until end
        of turn"): static abilities say "has" and "can't", one-shot effects "gains" and "this turn"."""
        try:
            return self._static(sentence), None
        except _Unknown:
            quoted = re.findall(r'"([^"]*)"', sentence)
            plain = re.sub(r'"[^"]*"', '""', sentence).removeprefix(SELF)
            if sentence.startswith(("During", "As long as")):
                raise
            if _ONE_SHOT.search(plain):
                return [], "one-shot effect: once it happens, give its result as an effect"
            if quoted and all(_is_activated(q) for q in quoted) and not bears_on_legality(plain):
                return [], "grants an activated ability: once activated, give its result as an effect"
            raise

    def keyword(self, word: str) -> list[Ability]:
        """The abilities of one keyword ("flying", "protection from black"); [] if it isn't one
        the vocabulary has."""
        try:
            return self._keyword(word)
        except _Unknown:
            return []

    # Keyword lines ------------------------------------------------------------------------

    def _keyword_line(self, line: str) -> Result:
        if re.fullmatch(r"provoke", line, flags=re.I):
            return [
                {"kind": "attack_trigger"}
            ], "provoke: once it resolves, give the provoked creature's block as an effect"
        return self._keywords(line), None

    def _keywords(self, line: str) -> list[Ability]:
        out: list[Ability] = []
        for part in re.split(r"[,;] (?:and )?(?!from\b)", line):
            out += self._keyword(part.strip())
        return out

    def _keyword(self, part: str) -> list[Ability]:
        k = part.casefold()
        if k in _SIMPLE_KEYWORDS:
            return [{"kind": _SIMPLE_KEYWORDS[k]}]
        if re.fullmatch(_ATTACK_TRIGGER_KEYWORDS, k):
            return [{"kind": "attack_trigger"}]
        if re.fullmatch(r"afflict \d+", k):
            return [{"kind": "becomes_blocked_trigger"}]
        if k == "decayed":
            return [{"kind": "cant_block"}, {"kind": "attack_trigger"}]
        if k in _LANDWALK:
            return [{"kind": "landwalk", "land": {"subtypes": [part[: -len("walk")].capitalize()]}}]
        m = re.fullmatch(r"(nonbasic|legendary|snow|artifact) landwalk", k)
        if m:
            land = {"nonbasic": {"not": {"supertypes": ["basic"]}}, "artifact": {"types": ["artifact"]}}.get(
                m[1], {"supertypes": [m[1]]}
            )
            return [{"kind": "landwalk", "land": land}]
        m = re.fullmatch(r"(rampage|bushido) (\d+)", k)
        if m:
            return [{"kind": m[1], "n": int(m[2])}]
        if k.startswith("protection from"):
            return [{"kind": "protection", "from": q} for q in self._protection(part[len("protection from") :])]
        m = re.fullmatch(r"bands with other (.+)", part, flags=re.I)
        if m:
            quality = self._quality(m[1])
            return [{"kind": "bands_with_other", "quality": quality}]
        if bears_on_legality(part):
            raise _Unknown(part)
        return []

    def _protection(self, text: str) -> list[dict[str, Any]]:
        qualities: list[dict[str, Any]] = []
        for q in re.split(r",? and from |, from ", text.strip()):
            q = q.strip().removeprefix("from ").strip()
            if q.casefold() in ("everything",):
                qualities.append({})
            elif q.casefold() in ("all colors", "each color"):
                qualities.append({"colors": ["white", "blue", "black", "red", "green"]})
            else:
                qualities.append(self._quality(q))
        return qualities

    def _quality(self, q: str) -> dict[str, Any]:
        c = q.strip().casefold()
        if c in _COLORS:
            return {"colors": [c]}
        if c == "colorless":
            return {"colorless": True}
        if c == "multicolored":
            return _MULTICOLORED
        if c == "monocolored":
            return {"colorless": False, "not": _MULTICOLORED}
        found = self.nouns.creatures(q)
        if found is None or (
            found.get("types") and not set(found["types"]) & {"creature", "artifact", "enchantment", "land"}
        ):
            raise _Unknown(q)
        return found

    # Triggered abilities -------------------------------------------------------------------

    def _trigger(self, line: str) -> Result:
        condition = line.partition(", ")[0]
        c = condition.casefold()
        self_ = SELF.casefold()
        kinds: dict[str, list[Ability]] = {
            f"whenever {self_} attacks": [{"kind": "attack_trigger"}],
            f"whenever {self_} blocks": [{"kind": "block_trigger"}],
            f"whenever {self_} attacks or blocks": [{"kind": "attack_trigger"}, {"kind": "block_trigger"}],
            f"whenever {self_} blocks or becomes blocked": [
                {"kind": "block_trigger"},
                {"kind": "becomes_blocked_trigger"},
            ],
            f"whenever {self_} becomes blocked": [{"kind": "becomes_blocked_trigger"}],
            f"whenever {self_} becomes blocked by a creature": [{"kind": "blocked_by_creature_trigger"}],
            f"whenever {self_} blocks a creature": [{"kind": "blocks_creature_trigger"}],
            f"whenever {self_} attacks and isn't blocked": [{"kind": "unblocked_trigger"}],
            "whenever enchanted creature attacks": [{"kind": "attack_trigger", "who": {"ids": [ATTACHED]}}],
            "whenever equipped creature attacks": [{"kind": "attack_trigger", "who": {"ids": [ATTACHED]}}],
            "whenever a creature you control attacks": [{"kind": "attack_trigger", "who": {"controller": "you"}}],
            "whenever one or more creatures you control attack": [
                {"kind": "attack_trigger", "who": {"controller": "you"}, "once": True}
            ],
        }
        return kinds.get(c, []), "triggered ability: once it resolves, give its result as an effect"

    # Static sentences ----------------------------------------------------------------------

    def _static(self, sentence: str) -> list[Ability]:
        s = sentence.rstrip(".").strip()
        during = re.match(r"During your turn, ", s)
        if during:
            return self._during_your_turn(self._static(s[during.end() :]))
        if re.fullmatch(rf"You may exert {re.escape(SELF)} as (?:it|he|she|they) attacks?", s):
            return [{"kind": "exert"}]
        found = self._game_rule(s)
        if found is not None:
            return found
        subject, predicate = self._subject(s)
        if subject is None:
            if bears_on_legality(s):
                raise _Unknown(s)
            return []
        abilities = self._predicates(predicate, subject)
        return abilities

    @staticmethod
    def _during_your_turn(abilities: list[Ability]) -> list[Ability]:
        """ "During your turn, <static ability>": each ability (a grant: the grant itself, whose
        "you" is its source's controller) applies only on its controller's turn (805.4a: their
        team's, with shared team turns)."""
        if any("condition" in a or "unless" in a for a in abilities):
            raise _Unknown("a second condition")
        return [{**a, "condition": {"your_turn": True}} for a in abilities]

    def _game_rule(self, s: str) -> list[Ability] | None:
        m = re.fullmatch(
            r"No more than (\w+) creatures? can (attack|block)( you| " + re.escape(SELF) + r")? each (combat|turn)", s
        )
        if m:
            n = number(m[1])
            if n is None:
                raise _Unknown(s)
            if m[2] == "block":
                if m[3] or m[4] != "combat":
                    raise _Unknown(s)
                return [{"kind": "block_limit", "n": n}]
            rule: Ability = {"kind": "attack_limit", "n": n}
            if m[4] == "turn":
                rule["per"] = "turn"
            if m[3] == " you":
                rule["defender"] = {"player": "you"}
            elif m[3]:
                rule["defender"] = {"ids": [SELF]}
            return [rule]
        tax = self._attack_tax(s) or self._block_tax(s)
        if tax is not None:
            return tax
        if re.fullmatch(
            r"Each opponent must attack you or a planeswalker you control with at least one creature each combat if able",
            s,
        ):
            return [{"kind": "must_be_attacked", "target": {"player": "you", "planeswalkers": True}}]
        if re.fullmatch(r"Each opponent must attack you with at least one creature each combat if able", s):
            return [{"kind": "must_be_attacked", "target": {"player": "you"}}]
        if re.fullmatch(r"Each opponent must attack with at least one creature each combat if able", s):
            return [{"kind": "must_be_attacked"}]
        m = re.fullmatch(r"All creatures able to block (.+?) do so", s)
        if m:
            out: list[Ability] = []
            for words in m[1].split(" or "):
                holder = self._holder(words)
                if holder is None:
                    raise _Unknown(s)
                out += self._give(holder, [{"kind": "lure"}])
            return out
        return None

    def _attack_tax(self, s: str) -> list[Ability] | None:
        """C1/C2: "<Creatures> can't attack you [or planeswalkers you control] unless their
        controller pays {N} for each ..." (``{X}`` with "where X is the number of ...")."""
        m = re.fullmatch(
            rf"(.+?) can't attack (you|you or planeswalkers you control|planeswalkers you control) unless their "
            rf"controller pays ({_MANA}) for each (?:creature they control that's attacking "
            rf"(?:you|a planeswalker you control)|of those creatures)(?:, where X is (.+))?",
            s,
        )
        if m is None:
            return self._counters_tax(s)
        cost: dict[str, Any] = {"mana": m[3]}
        if m[4] is not None or "{X}" in m[3]:
            if m[4] == "the number of basic land types among lands you control":
                cost["x_domain"] = True
            else:
                counted = re.fullmatch(r"the number of (.+?) you control", m[4] or "")
                found = self.nouns.creatures(counted[1]) if counted else None
                if found is None:
                    raise _Unknown(s)
                cost["x_count"] = found
        target: dict[str, Any] = {"player": "you"}
        if "planeswalkers" in m[2]:
            target["planeswalkers"] = True
        if not m[2].startswith("you"):
            target["include_player"] = False
        tax: Ability = {"kind": "attack_tax", "cost": cost, "target": target}
        if m[1] != "Creatures":
            attackers = self._holder(m[1])
            if attackers is None or "self" in attackers or "controller" in attackers:
                raise _Unknown(s)
            tax["attackers"] = attackers
        return [tax]

    def _counters_tax(self, s: str) -> list[Ability] | None:
        """Nils, Discipline Enforcer: "Each creature with one or more counters on it can't attack
        you or planeswalkers you control unless its controller pays {X}, where X is the number of
        counters on that creature" (508.1h: X per creature)."""
        m = re.fullmatch(
            r"Each creature with one or more counters on it can't attack (you|you or planeswalkers you control) "
            r"unless its controller pays \{X\}(?: for that creature)?, where X is the number of counters on that creature",
            s,
        )
        if m is None:
            return None
        target: dict[str, Any] = {"player": "you"}
        if "planeswalkers" in m[1]:
            target["planeswalkers"] = True
        cost = {"mana": "{X}", "x_counters": True}
        return [{"kind": "attack_tax", "cost": cost, "target": target, "attackers": {"counters": {"any": {"ge": 1}}}}]

    def _block_tax(self, s: str) -> list[Ability] | None:
        """Heat Wave: "<Creatures> can't block creatures you control unless their controller pays
        <cost> for each blocking creature they control" (509.1d)."""
        m = re.fullmatch(
            rf"(.+?) can't block (creatures you control) unless their controller pays ({_MANA}|\d+ life) "
            rf"for each blocking creature they control",
            s,
        )
        if m is None:
            return None
        blockers = self._holder(m[1]) if m[1] != "Creatures" else {}
        if blockers is None or "self" in blockers or "controller" in blockers:
            raise _Unknown(s)
        life = re.fullmatch(r"(\d+) life", m[3])
        cost: dict[str, Any] = {"life": int(life[1])} if life else {"mana": m[3]}
        tax: Ability = {"kind": "block_tax", "cost": cost, "attackers": {"controller": "you"}}
        if blockers:
            tax["blockers"] = blockers
        return [tax]

    def _holder(self, words: str) -> dict[str, Any] | None:
        """Whom a subject names: {"self": True}, {"ids": [$attached]} or a filter (with "you" kept)."""
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
        whose = re.search(r"\s+(you control|your opponents control)\b", w)
        if whose:
            w = w[: whose.start()] + w[whose.end() :]
        named = re.fullmatch(r"(.+?) named (.+)", w)
        found = self.nouns.creatures(named[1] if named else w)
        if found is None:
            return None
        found = dict(found)
        if "types" not in found and "subtypes" not in found:
            return None
        if named:
            found["name"] = self._face if named[2] == SELF else named[2]
        if whose:
            found["controller"] = "you" if whose[1] == "you control" else "opponent"
        if other:
            if "not" in found:
                return None
            found["not"] = {"ids": [SELF]}
        if found.get("types") not in (None, ["creature"]) and "creature" not in found.get("types", []):
            return None
        if found.get("types") == ["creature"]:
            del found["types"]
        return found

    def _subject(self, s: str) -> tuple[dict[str, Any] | None, str]:
        verbs = r"(?:can't|can|has|have|gets|get|attacks|attack|blocks|block|must|is goaded)\b"
        m = re.match(rf"^(.+?)\s+(?={verbs})(.*)$", s)
        if not m:
            return None, s
        holder = self._holder(m[1])
        return holder, m[2]

    def _give(self, holder: dict[str, Any], abilities: list[Ability]) -> list[Ability]:
        if holder.get("self"):
            return abilities
        out = []
        for a in abilities:
            if a["kind"] in ("attack_limit", "block_limit", "attack_tax", "must_be_attacked"):
                raise _Unknown(a["kind"])
            out.append({"kind": "grant", "to": holder, "ability": a})
        return out

    def _predicates(self, predicate: str, holder: dict[str, Any]) -> list[Ability]:
        """ "gets +2/+2, has vigilance, and can't attack you": predicates joined by commas and
        "and"; a chunk that isn't a predicate continues the keyword list of a "has"."""
        out: list[Ability] = []
        after_has = False
        for chunk in re.split(_LIST, predicate.strip()):
            chunk = chunk.removeprefix(SELF + " ") if holder.get("self") else chunk
            if re.match(r"(?:can't|can|has|have|gets?|attacks?|blocks?|must|is goaded)\b", chunk):
                try:
                    out += self._predicate(chunk)
                except _Unknown:
                    if bears_on_legality(chunk) or chunk.startswith(("has ", "have ")):
                        raise
                after_has = chunk.startswith(("has ", "have "))
            elif chunk.startswith(("its activated abilities", "where X is")):
                continue
            elif _CONDITION.search(chunk):
                raise _Unknown(chunk)
            elif after_has and not re.match(r"(?:is|are|isn't|loses?|gains?|becomes?)\b", chunk):
                out += self._keyword(chunk)
            else:
                raise _Unknown(chunk)
        return self._give(holder, out)

    def _predicate(self, p: str) -> list[Ability]:
        fixed = _FIXED_PREDICATES.get(p.casefold())
        if fixed is not None:
            return [dict(a) for a in fixed]
        table: list[tuple[str, Callable[[re.Match[str]], list[Ability]]]] = [
            (r"gets? [+-]\d+/[+-]\d+", lambda m: []),
            (
                r"can't be blocked except by (two|three|four) or more creatures",
                lambda m: [{"kind": "menace"} if number(m[1]) == 2 else {"kind": "min_blockers", "n": number(m[1])}],
            ),
            (
                r"can't be blocked by more than (one|two|three) creatures?",
                lambda m: [{"kind": "max_blockers", "n": number(m[1])}],
            ),
            (
                r"can't be blocked except by (.+?)",
                lambda m: [{"kind": "cant_be_blocked_except_by", "by": self._by(m[1])}],
            ),
            (r"can't be blocked by (.+?)", lambda m: [{"kind": "cant_be_blocked_by", "by": self._by(m[1])}]),
            (r"can block only (.+?)", lambda m: [{"kind": "can_block_only", "attackers": self._by(m[1])}]),
            (r"can't block (.+?)", lambda m: [{"kind": "cant_block", "attackers": self._by(m[1])}]),
            (
                r"can block an additional (\w+) creatures each combat",
                lambda m: [{"kind": "block_additional", "n": self._n(m[1])}],
            ),
            (r"attacks? each combat if able", lambda m: [{"kind": "must_attack"}]),
            (r"blocks? each combat if able", lambda m: [{"kind": "must_block"}]),
            (r"must be blocked by (an? .+?) if able", lambda m: [{"kind": "must_be_blocked", "by": self._by(m[1])}]),
            (
                r"must be blocked by (two|three) or more creatures if able",
                lambda m: [{"kind": "must_be_blocked", "min": self._n(m[1])}],
            ),
            (
                r"can attack as though (?:it|they) didn't have defender",
                lambda m: [{"kind": "attack_despite_defender"}],
            ),
            (
                r"can block as though (?:it were|they were) untapped",
                lambda m: [{"kind": "block_while_tapped"}],
            ),
            (
                r"can't attack unless at least (\w+) other creatures attack",
                lambda m: [{"kind": "cant_attack_unless_others_attack", "n": self._n(m[1])}],
            ),
            (
                r"can't block unless at least (\w+) other creatures block",
                lambda m: [{"kind": "cant_block_unless_others_block", "n": self._n(m[1])}],
            ),
            (
                r"can't attack unless defending player controls (.+?)",
                lambda m: [{"kind": "cant_attack_unless", "defending_player_controls": self._count(m[1])}],
            ),
            (
                r"can't be blocked unless defending player controls (\w+) or more creatures that share a creature type",
                lambda m: [
                    {
                        "kind": "cant_be_blocked",
                        "unless": {
                            "players": [{"who": "defending_player", "creatures_sharing_a_type": {"ge": self._n(m[1])}}]
                        },
                    }
                ],
            ),
            (
                r"can't attack if defending player controls (.+?)",
                lambda m: [{"kind": "cant_attack_if", "defending_player_controls": self._count(m[1])}],
            ),
            (
                r"can't attack unless you control (.+?)",
                lambda m: [{"kind": "cant_attack_unless", "you_control": self._count(m[1])}],
            ),
            (
                r"can't (attack|block|attack or block) unless (?:its controller pays|you pay) ((?:\{[^}]+\})+)(?: for each creature)?",
                lambda m: self._unless_paid(m),
            ),
            (
                rf"can't be blocked unless defending player pays ({_MANA}) for each creature they control that's blocking it",
                lambda m: [{"kind": "blocked_tax", "cost": {"mana": m[1]}}],
            ),
            (
                rf"can't block (.+?) unless you pay ({_MANA})",
                lambda m: [{"kind": "block_cost", "cost": {"mana": m[2]}, "attackers": self._by(m[1])}],
            ),
            (
                r"can't attack unless you return (\w+) (.+?) you control to its owner's hand",
                lambda m: [
                    {
                        "kind": "attack_cost",
                        "cost": {"bounce": {"filter": self._permanents(m[2]), "n": self._n(m[1])}},
                    }
                ],
            ),
            (
                r"can't attack unless you sacrifice (\w+) (.+)",
                lambda m: [
                    {
                        "kind": "attack_cost",
                        "cost": {"sacrifice": {"filter": self._permanents(m[2]), "n": self._n(m[1])}},
                    }
                ],
            ),
            (r"(?:has|have) (.+)", lambda m: self._has(m[1])),
        ]
        for pattern, build in table:
            m = re.fullmatch(pattern, p, flags=re.I)
            if m is not None:
                try:
                    return build(m)
                except _Unknown:
                    continue
        raise _Unknown(p)

    def _unless_paid(self, m: re.Match[str]) -> list[Ability]:
        if "for each" in m[0]:
            raise _Unknown(m[0])
        out: list[Ability] = []
        if "attack" in m[1]:
            out.append({"kind": "attack_cost", "cost": {"mana": m[2]}})
        if "block" in m[1]:
            out.append({"kind": "block_cost", "cost": {"mana": m[2]}})
        return out

    def _has(self, words: str) -> list[Ability]:
        if '"' in words:
            raise _Unknown(words)
        if _CONDITION.search(words):
            raise _Unknown(words)
        parts = [w.strip() for w in re.split(_LIST, words) if w.strip()]
        out: list[Ability] = []
        for part in parts:
            out += self._keyword(part)
        return out

    def _by(self, phrase: str) -> dict[str, Any]:
        whose = re.fullmatch(r"(.+?) (you|your opponents) control", phrase)
        if whose:
            return {**self._by(whose[1]), "controller": "you" if whose[2] == "you" else "opponent"}
        m = re.fullmatch(r"(.+?) (?:or|and/or) (.+)", phrase)
        if m and self.nouns.creatures(m[1]) is not None and self.nouns.creatures(m[2]) is not None:
            return {"any_of": [self.nouns.creatures(m[1]), self.nouns.creatures(m[2])]}
        found = self.nouns.creatures(phrase)
        if found is None:
            raise _Unknown(phrase)
        found = dict(found)
        if found.get("types") == ["creature"]:
            del found["types"]
        return found

    def _count(self, phrase: str) -> dict[str, Any]:
        m = re.fullmatch(r"(?:(a|an|another|(\w+) or more)\s+)(.+)", phrase.strip())
        if not m:
            raise _Unknown(phrase)
        n = 1 if m[1] in ("a", "an", "another") else self._n(m[2])
        found = self.nouns.creatures(m[3])
        if found is None:
            raise _Unknown(phrase)
        found = dict(found)
        if m[1] == "another":
            if "not" in found:
                raise _Unknown(phrase)
            found["not"] = {"ids": [SELF]}
        return {"filter": found, "at_least": n}

    def _permanents(self, phrase: str) -> dict[str, Any]:
        found = self.nouns.creatures(phrase)
        if found is None:
            raise _Unknown(phrase)
        return found

    def _n(self, word: str) -> int:
        n = number(word)
        if n is None:
            raise _Unknown(word)
        return n


@dataclass
class _Found:
    abilities: list[Ability] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    uncompiled: list[str] = field(default_factory=list)
    relevant: bool = False


@dataclass
class _Block:
    counter: str
    at_least: int
    at_most: int | None
    lines: list[str] = field(default_factory=list)
    power: int | None = None
    toughness: int | None = None


def _level_blocks(text: str, names: set[str]) -> tuple[list[str], list[_Block], list[Level]]:
    """The card's lines split into those that always apply and counter-dependent blocks:
    "LEVEL 2-6" / "LEVEL 7+" boxes with their P/T line (711.2), station "8+ | Flying" lines
    (702.184), "As long as this creature has a +1/+1 counter on it, it ...", and the levels of
    unleash and of "It's an artifact creature at 8+"."""
    me = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    counted = rf"(?:this creature|{me}) has (a|an|one|two|three|four|five)(?: or more)? \+1/\+1 counters? on it"
    base: list[str] = []
    blocks: list[_Block] = []
    levels: list[Level] = []
    current: _Block | None = None
    for line in text.split("\n"):
        bare = _strip_reminders(line).strip()
        leveler = re.fullmatch(r"LEVEL (\d+)(?:-(\d+)|\+)", line.strip())
        station = re.fullmatch(r"(\d+)\+ \| (.*)", line.strip())
        stats = re.fullmatch(r"(\d+)/(\d+)", line.strip())
        if leveler:
            current = _Block("level", int(leveler[1]), int(leveler[2]) if leveler[2] else None)
            blocks.append(current)
        elif station:
            blocks.append(_Block("charge", int(station[1]), None, [station[2]]))
        elif current is not None and stats and current.power is None and not current.lines:
            current.power, current.toughness = int(stats[1]), int(stats[2])
        elif current is not None:
            current.lines.append(line)
        elif m := re.fullmatch(rf"As long as {counted}, (?:it|this creature|{me}) (.+)", bare):
            blocks.append(_Block("+1/+1", number(m[1]) or 1, None, [f"This creature {m[2]}"]))
        elif m := re.fullmatch(
            rf"(this creature|{me}) (has [^.]+?) as long as it has (a|an|one|two|three|four|five)(?: or more)? \+1/\+1 counters? on it\.",
            bare,
            flags=re.I,
        ):
            blocks.append(_Block("+1/+1", number(m[3]) or 1, None, [f"This creature {m[2]}."]))
        elif re.fullmatch(r"Unleash\b.*", line):
            levels.append(Level("+1/+1", 1, abilities=({"kind": "cant_block"},)))
        else:
            base.append(line)
        creature_at = re.search(r"It's an artifact creature at (\d+)\+", line)
        if creature_at:
            levels.append(Level("charge", int(creature_at[1]), creature=True))
    return base, blocks, levels


def _mana_ability(line: str) -> list[Ability]:
    """605.1a: "{T}: Add {G}." / "{T}: Add {R} or {G}." / "{T}: Add {G}{G}." / "{T}: Add one
    mana of any color."; other mana abilities aren't in the vocabulary."""
    effect = line.removeprefix("{T}: Add ").rstrip(".")
    m = re.fullmatch(r"(one|two|three) mana of any (?:one )?color", effect)
    if m:
        return [{"kind": "mana", "produces": "any", "amount": number(m[1])}]
    symbols = re.findall(r"\{([WUBRGC])\}", effect)
    if re.fullmatch(r"(?:\{[WUBRGC]\})+", effect) and len(set(symbols)) == 1:
        return [{"kind": "mana", "produces": symbols[0], "amount": len(symbols)}]
    if re.fullmatch(r"\{[WUBRGC]\}(?:, \{[WUBRGC]\})*,? or \{[WUBRGC]\}", effect):
        return [{"kind": "mana", "produces": "".join(dict.fromkeys(symbols))}]
    return []


def _strip_reminders(text: str) -> str:
    return re.sub(r"\s*\([^()]*\)", "", text)


def _selfify(line: str, names: set[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        line = re.sub(rf"\b{re.escape(name)}\b(?!')", SELF, line)
        line = re.sub(rf"\b{re.escape(name)}'s\b", SELF + "'s", line)
    return re.sub(r"\b[Tt]his (creature|permanent|land|artifact|enchantment|Vehicle|card)\b", SELF, line)


def _is_activated(line: str) -> bool:
    head, colon, _ = line.partition(": ")
    return (
        bool(colon)
        and '"' not in head
        and ("{" in head or head.startswith(("[", "Sacrifice", "Tap", "Discard", "Remove", "Pay", "Exile", "Return")))
    )


def _sentences(line: str) -> list[str]:
    out, depth, start = [], False, 0
    for i, ch in enumerate(line):
        if ch == '"':
            depth = not depth
        elif ch == "." and not depth and (i + 1 == len(line) or line[i + 1] == " "):
            out.append(line[start : i + 1].strip())
            start = i + 1
    tail = line[start:].strip()
    if tail:
        out.append(tail)
    return [s for s in out if s]


def keywords_of(abilities: tuple[Ability, ...]) -> set[str]:
    return {a["kind"] for a in abilities if a["kind"] in FILTER_KEYWORDS.values()}
