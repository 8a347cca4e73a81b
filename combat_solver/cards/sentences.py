"""Sentences of Oracle text as abilities: keyword lines, triggered abilities' conditions and
static sentences (a subject and its predicates, "During your turn, ...", rules of the game). A
kind's own wordings (its ``keyword`` and ``phrases``) are read through ``wordings``; what is
read here is the grammar around them and the few sentences whose reading needs code."""

from __future__ import annotations

import re
from typing import Any

from ..rules.phrase import ATTACHED, PAIRED, SELF
from ..rules.registry import KIND_HOMES, ability_class
from .characteristics import PREDICATE as CHARACTERISTIC
from .characteristics import animation, characteristic, replaced_types
from .compiled import SACRIFICE_BARRED, AbilityData
from .conditions import BLOCK_TIME_HOMES, Clause
from .keyword_lines import joined_protections
from .mana_lines import read_mana
from .oracle_text import is_activated
from .phrases import COLORS, MANA_ABILITY, bears_on_legality
from .readers import Unknown
from .tax_sentences import TaxSentences

_COLORS = "|".join(COLORS)
_SUBTYPE_LIST = re.compile(
    r"\b(?:is|are) (?:an? )?[A-Z][\w'-]*(?:, [A-Z][\w'-]*)*,? and [A-Z][\w'-]*(?= in addition to|$)"
)
"""A list of subtypes added ("are Clerics, Rogues, Warriors, and Wizards in addition to their other
types") or set ("Enchanted land is a Mountain, Forest, and Plains": 305.7), read as one predicate."""
_GIVES_MANA = re.compile(r'ha(?:s|ve) "[^"]*: Add\b[^"]*"\.?')
"""A quoted mana ability given to permanents that may be no creatures ("Lands you control have
"{T}: Add one mana of any color.""): the grant's ``to`` names permanents (605.1a)."""
UNTAP_STEP = "doesn't untap during its controller's untap step"
"""502.3: what untaps is no part of a declaration; the board states whether a permanent is tapped."""
CONDITION = re.compile(r"\b(?:as long as|unless|during|until|while|if|where|for each|except)\b", re.I)
"""Words that make what follows hold only sometimes: never dropped, never compiled."""
_LIST = r",\s*(?:and\s+)?(?!from\b)|\s+and\s+(?!from\b)"


class Sentences(TaxSentences):
    """Static sentences (a subject and its predicates, rules of the game), over keyword lines and triggers."""

    def _static(self, sentence: str) -> list[AbilityData]:
        sentence = re.sub(  # Detainment Spell: "Enchanted creature's activated abilities can't be activated"
            r"^((?:Enchanted|Equipped) (?:creature|permanent|artifact|land))'s (activated abilities)",
            r"\1 its \2",
            sentence,
        )
        sentence = re.sub(  # Woolly Razorback: the damage prevented bears on no declaration (615.1)
            r", prevent all combat damage it would deal and (?=it has\b)", ", ", sentence
        )
        replaced = replaced_types(sentence, self.nouns, self._given_quoted, self._listed_keyword)
        if replaced is not None:
            return replaced
        listed = re.fullmatch(
            r"Activated abilities of ((?:artifacts|creatures|planeswalkers|lands|enchantments)"
            r"(?:,? (?:and )?(?:artifacts|creatures|planeswalkers|lands|enchantments))+) can't be activated\.?",
            sentence,
        )
        if listed:  # Clarion Conqueror: each card type's permanents (602.5)
            kinds = [
                {"types": [t]} for t in re.findall(r"\b(artifact|creature|planeswalker|land|enchantment)s\b", listed[1])
            ]
            return [{"kind": "grant", "to": {"any_of": kinds}, "ability": {"kind": "cant_activate"}}]
        sentence = re.sub(  # Null Rod, Stony Silence, Cursed Totem: "Activated abilities of artifacts can't be activated"
            r"^Activated abilities of (.+?) (can't be activated\.?)$",
            lambda m: f"{m[1][0].upper()}{m[1][1:]} its activated abilities {m[2]}",
            sentence,
        )
        try:
            return self._unconditional(sentence)
        except Unknown:
            found = self._conditional(sentence.rstrip(".").strip())
            if found is None:
                raise
            return found

    def _conditional(self, s: str) -> list[AbilityData] | None:
        """ "As long as <condition>, <sentence>", "<sentence> as long as <condition>", "<...
        can't ...> unless <condition>", "<... can't ...> if <condition>" and "<... if able> unless
        <condition>": the sentence read with the condition on each of its abilities; None if it is
        none of these."""
        each = self._each_conditioned(s)
        if each is not None:
            return each
        m = re.fullmatch(r"As long as (.+?), (.+)", s)
        if m:
            condition, rest, field = m[1], m[2], "condition"
        elif m := re.fullmatch(r"(.+?) as long as (.+)", s):
            rest, condition, field = m[1], m[2], "condition"
        elif (
            (m := re.fullmatch(r"(.+?) (unless|if) (.+)", s))
            and (
                "can't" in m[1]
                or (m[2] == "unless" and re.search(r"\bcan (?:attack|block)\b|\bisn't a creature$", m[1]))
            )
            and not m[3].startswith("able")
        ):  # Chaos Lord: "can attack as though it had haste unless it entered this turn"
            rest, condition, field = m[1], m[3], "unless" if m[2] == "unless" else "condition"
        elif m := re.fullmatch(r"(.+? if able) unless (.+)", s):  # "attacks each combat if able unless ..."
            rest, condition, field = m[1], m[2], "unless"
        else:
            return None
        leading = s.startswith("As long as")
        if leading and condition == f"{SELF} is on the battlefield":  # Awakened Skyclave: on the board, it is
            return self._unconditional(re.sub(r"^it(?:'s| is)\b", f"{SELF} is", rest))
        holder = re.match(r"(?:enchanted|equipped) creature\b", rest, flags=re.I)
        try:
            clause = self._clause(condition)
        except Unknown:
            if leading or holder is None:
                raise
            clause = Clause({}, says_it=True)  # Hobble: "can't block if it's black"
        if clause.says_it and not leading and holder is not None:  # Gutter Shortcut: "it" is what it enchants
            named = holder[0].lower()
            clause = self._clause(re.sub(r"^it(?:'s| is)\b", f"{named} is", re.sub(r"^its\b", f"{named}'s", condition)))
        if clause.says_it and (leading or not rest.startswith(SELF + " ")):
            raise Unknown('whom the condition\'s "it" names')  # another sentence's "it", or each of many
        bearing = bears_on_legality(rest)
        if pronoun := re.match(r"(?:it|they)\b", rest, flags=re.I):
            if not leading or clause.says_it:
                raise Unknown('whom "it" names')
            rest = clause.it + re.sub(r"^'s\b", " is", rest[pronoun.end() :])
        body = self._unconditional(rest)
        self.inert = not body and not bearing and bears_on_legality(condition)
        return self.conditioned(body, clause, field)

    def _each_conditioned(self, s: str) -> list[AbilityData] | None:
        """ "<subject> has trample as long as you control a Beast, haste as long as you control a
        Goblin, ..." (Tribal Golem, Tek, Multiclass Baldric): each predicate with its own condition;
        None if the sentence isn't such a list."""
        m = re.fullmatch(rf"({re.escape(SELF)}|Equipped creature|Enchanted creature) (.+)", s)
        if m is None:
            return None
        parts = re.split(r",? and |, ", re.sub(r'"[^"]*"', lambda q: q[0].replace(",", ";"), m[2]))
        read = [re.fullmatch(r"(?:(has|gets) )?(.+?) (as long as|if) (.+)", part) for part in parts]
        if len(parts) < 2 or None in read:
            return None
        out: list[AbilityData] = []
        verb = None
        for found in read:
            assert found is not None
            verb = found[1] or verb
            words = found[2].replace(";", ",")
            if verb == "gets" and re.fullmatch(r"[+-]\d+/[+-]\d+", words):
                continue
            if verb != "has":
                raise Unknown(s)
            clause = self._clause(found[4])
            if clause.says_it:
                raise Unknown('whom the condition\'s "it" names')
            out += self.conditioned(self._unconditional(f"{m[1]} has {words}"), clause, "condition")
        return out

    def _unconditional(self, sentence: str) -> list[AbilityData]:
        s = sentence.rstrip(".").strip()
        if re.fullmatch(r"You have (?:protection from|hexproof|shroud)\b.*", s):
            self.inert = True  # 702.16b-e, 702.11d, 702.18: a player's protection restricts no attack or block
            return []
        you_and = re.fullmatch(
            r"You and ((?:creatures|permanents) you control) have ((?:protection from|hexproof).*)", s
        )
        if you_and is not None:  # Gor Muldrak: what the creatures have; the player's part restricts nothing
            return self._static(f"Creatures you control have {you_and[2]}")  # 702.16f: only a creature's matters
        during = re.match(r"During (your turn|turns other than yours), ", s)
        if during:
            return self._during_your_turn(self._static(s[during.end() :]), during[1] == "your turn")
        extra = re.fullmatch(r"(.+) during extra turns", s)
        if extra:  # Medomai the Ageless (500.7)
            return self._during(self._static(extra[1]), {"extra_turn": True})
        found = self.wordings.read("sentence", s, self) or self._game_rule(s)
        if found is not None:
            return found
        compared = self._power_compared(s)
        if compared is not None:
            return compared
        along = self.attacking_along(s)
        if along is not None:
            return along
        paired = re.fullmatch(
            rf"As long as {re.escape(SELF)} is paired with another creature, (?:both creatures|each of those creatures) "
            r"(?:have|has) (.+)",
            s,
        )
        if paired is not None:  # 702.95b: both creatures of the pair, while the board pairs them (paired_with)
            gained = self._predicates(f"has {paired[1]}", {"self": True})
            if any("condition" in a or "unless" in a or ability_class(a["kind"]).scope == "game" for a in gained):
                raise Unknown(s)
            return [{"kind": "grant", "to": {"ids": [SELF, PAIRED]}, "ability": a} for a in gained]
        if re.fullmatch(
            rf"For each basic land type among lands you control, {re.escape(SELF)} has landwalk of that type", s
        ):
            return [  # Magnigoth Treefolk (702.14c): each basic land type's landwalk while you control one
                {
                    "kind": "landwalk",
                    "land": {"subtypes": [t]},
                    "condition": {
                        "players": [{"who": "you", "controls": {"filter": {"subtypes": [t]}, "at_least": 1}}]
                    },
                }
                for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")
            ]
        by_color = re.fullmatch(r"Each creature you control has (.+)", s)
        parts = re.split(r",? and |, ", by_color[1]) if by_color else []
        if len(parts) > 1 and all(re.fullmatch(rf"[a-z ]+ if it's (?:{_COLORS})", p) for p in parts):
            out: list[AbilityData] = []  # Scion of Draco: "vigilance if it's white, hexproof if it's blue, ..."
            for part in parts:
                keyword, _, color = part.rpartition(" if it's ")
                out += [
                    {"kind": "grant", "to": {"controller": "you", "colors": [color]}, "ability": a}
                    for a in self._listed_keyword(keyword)
                ]
            return out
        kicked = re.fullmatch(
            rf"If {re.escape(SELF)} was kicked, it enters with (?:.+? counters? on it and )?with (.+)", s
        )
        if kicked is not None:  # 702.33e: counters are the board's; what it has entering kicked, kept
            quoted = re.fullmatch(rf'"({re.escape(SELF)} [^"]*)"\.?', kicked[1])  # Prison Barricade's own ability
            gained = self._static(quoted[1]) if quoted else self._predicates(f"has {kicked[1]}", {"self": True})
            if not gained:
                raise Unknown(s)
            return self.conditioned(gained, Clause({"source": {"kicked": True}}), "condition")
        if re.fullmatch(
            r"As long as enchanted artifact isn't a creature, it's an artifact creature with power and .+ mana value", s
        ):
            s = "Enchanted artifact is a creature in addition to its other types"  # Animate Artifact: it stays one
        colors_of = re.fullmatch(r"(.+? (?:has|have)) protection from the colors of permanents you control", s)
        if colors_of:  # Pledge of Loyalty, Empty-Shrine Kannushi (702.16a, 105.2): each color while you control one
            each = [f"As long as you control a {c} permanent, {colors_of[1]} protection from {c}" for c in COLORS]
            return [a for sentence in each for a in self._static(sentence)]
        with_others = re.fullmatch(rf"{re.escape(SELF)} and (other .+?) (have|get) (.+)", s)
        if with_others is not None:  # Dion: "Dion and other Knights you control have flying": each its own
            own = {"have": "has", "get": "gets"}[with_others[2]]
            return [*self._static(f"{SELF} {own} {with_others[3]}"), *self._static(" ".join(with_others.groups()))]
        excepted = re.fullmatch(r"Except for (.+?), (.+)", s)
        if excepted is not None:
            return self._except_for(excepted[1], excepted[2])
        subject, predicate = self._subject(s)
        if subject is None:
            if bears_on_legality(s) or re.match(r"As long as\b", s):
                raise Unknown(s)  # "As long as ..., other creatures you control have melee": read with its condition
            return []
        abilities = self._predicates(predicate, subject)
        return abilities

    def _power_compared(self, s: str) -> list[AbilityData] | None:
        """Ensnaring Bridge: "Creatures with power greater than the number of cards in your hand
        can't attack"; Kraken of the Straits: "Creatures with power less than the number of Islands
        you control can't block $self" (508.1c, 509.1b): granted to every creature, each applying
        while its own power compares so."""
        m = re.fullmatch(r"Creatures with power (greater|less) than the number of (.+?) (can't .+)", s)
        if m is None:
            return None
        if m[2] == "cards in your hand":
            right: dict[str, Any] = {"who": "you", "of": "hand"}
        elif (mine := re.fullmatch(r"(.+?) you control", m[2])) and (found := self.nouns.creatures(mine[1])):
            right = {"who": "you", "of": "permanents", "filter": found}
        else:
            raise Unknown(s)
        compare = {"left": {"of": "power"}, "op": "gt" if m[1] == "greater" else "lt", "right": right}
        out = self._predicates(m[3], {})
        for grant in out:
            if "condition" in grant["ability"] or "unless" in grant["ability"]:
                raise Unknown(s)
            grant["ability"] = {**grant["ability"], "condition": {"compare": [compare]}}
        return out

    def _except_for(self, exceptions: str, rest: str) -> list[AbilityData]:
        """Akron Legionnaire: "Except for creatures named Akron Legionnaire and artifact creatures,
        creatures you control can't attack": the sentence's grants go to none of the exceptions."""
        left_out = []
        for words in re.split(r",? and |, ", exceptions):
            found = self._holder(words)
            if found is None or "self" in found or "ids" in found:
                raise Unknown(exceptions)
            left_out.append(found)
        out = self._unconditional(rest)
        if not out or any(a["kind"] != "grant" or "not" in a["to"] for a in out):
            raise Unknown(rest)
        excluded = left_out[0] if len(left_out) == 1 else {"any_of": left_out}
        return [{**a, "to": {**a["to"], "not": excluded}} for a in out]

    @classmethod
    def _during_your_turn(cls, abilities: list[AbilityData], yours: bool = True) -> list[AbilityData]:
        """ "During your turn, <static ability>": each ability (a grant: the grant itself, whose
        "you" is its source's controller) applies only on its controller's turn (805.4a: their
        team's, with shared team turns); "During turns other than yours": only on the others."""
        return cls._during(abilities, {"your_turn": yours})

    @staticmethod
    def _during(abilities: list[AbilityData], condition: dict[str, bool]) -> list[AbilityData]:
        """Each ability applying only during the turns ``condition`` says."""
        if any("condition" in a or "unless" in a for a in abilities):
            raise Unknown("a second condition")
        return [{**a, "condition": condition} for a in abilities]

    def _game_rule(self, s: str) -> list[AbilityData] | None:
        """Rules of the game a permanent states beyond the kinds' wordings: taxes (508.1h,
        509.1d) and "All creatures able to block X do so" (a lure for each X, 509.1c)."""
        tax = self._attack_tax(s) or self._block_tax(s)
        if tax is not None:
            return tax
        walk = self._blockable_as_though(s)
        if walk is not None:
            return walk
        m = re.fullmatch(r"[Aa]ll (.+?) able to block (.+?) do so", s)
        if m:
            lure: AbilityData = {"kind": "lure"}
            if m[1] != "creatures":  # Marble Priest: "All Walls able to block it do so"
                lure["blockers"] = self.read("creatures", m[1])
            out: list[AbilityData] = []
            for words in m[2].split(" or "):
                holder = self._holder(words)
                if holder is None:
                    raise Unknown(s)
                out += self._give(holder, [dict(lure)])
            return out
        return None

    def _blockable_as_though(self, s: str) -> list[AbilityData] | None:
        """Deadfall: "Creatures with forestwalk can be blocked as though they didn't have
        forestwalk"; Staff of the Ages: "Creatures with landwalk abilities can be blocked as though
        they didn't have those abilities" (702.14c): every creature may block them so (509.1b)."""
        m = re.fullmatch(
            r"Creatures with (\S+walk|landwalk abilities) can be blocked as though they didn't have (\1|those abilities)",
            s,
        )
        if m is None or (m[2] == "those abilities") != (m[1] == "landwalk abilities"):
            return None
        ignoring: AbilityData = {"kind": "block_as_though", "ignoring": ["landwalk"]}
        if m[1] != "landwalk abilities":
            walk = self.wordings.read("keyword", m[1], self)
            if not walk or walk[0]["kind"] != "landwalk":
                raise Unknown(s)
            ignoring["landwalk"] = walk[0]["land"]
        return [{"kind": "grant", "to": {}, "ability": ignoring}]

    def _subject(self, s: str) -> tuple[dict[str, Any] | None, str]:
        verbs = (
            r"(?:can't|can|has|have|gets|get|attacks|attack|blocks|block|must|(?:is|are) goaded|loses|lose|assigns?"
            r"|its activated abilities|doesn't untap)\b"
            r"|is (?:an?|every|the chosen) |(?:is|are) (?:legendary|snow)\b|are (?:every |the chosen |artifacts\b|enchantments\b|lands\b|[A-Z]|\d+/\d+ )"
            r"|isn't a creature$"
            r"|(?:is|are) (?:all colors|colorless|white|blue|black|red|green)\b"
        )
        m = re.match(rf"^(.+?)(?<!\bthat)\s+(?={verbs})(.*)$", s)  # not "creatures that are Zombies"
        if not m:
            return None, s
        self._subject_words = m[1]
        holder = self._holder(m[1])
        animated = re.match(r"(?:is|are) (?:an? )?(?:\d+/\d+ )?[\w' -]*?\bcreatures?\b", m[2]) is not None
        characteristic_change = (
            CHARACTERISTIC.match(m[2]) or _GIVES_MANA.fullmatch(m[2]) or m[2].startswith("its activated abilities")
        )
        if (holder is None or (animated and not {"ids", "self"} & set(holder))) and characteristic_change:
            found = self._holder(m[1], permanents=True)
            if found is not None and "creature" not in found.get("types", ()):
                holder = {"permanents": found}
            elif holder is None:
                holder = None if found is None else {"permanents": found}
        return holder, m[2]

    def _give(self, holder: dict[str, Any], abilities: list[AbilityData]) -> list[AbilityData]:
        """The abilities for ``holder``: its own, granted to it, or (types and abilities lost,
        613.1d, 613.1f) an effect on the permanents it names (``to``); to "attacking creatures" only
        what matters once attackers are declared (``BLOCK_TIME_HOMES``: evasion, blocker counts)."""
        if holder.get("self"):
            return abilities
        out = []
        for a in abilities:
            if a["kind"] in ("type_change", "lose_abilities"):
                to = holder.get("permanents") or self._holder(self._subject_words, permanents=True)
                if to is None:
                    raise Unknown(self._subject_words)
                added = [t for t in a.get("types", ()) if t not in to.get("types", ())]
                if (
                    a.get("types") and added
                ):  # March of the Machines: "Each noncreature artifact is an artifact creature"
                    a = {**a, "types": added}
                out.append({**a, "to": to})
            elif ability_class(a["kind"]).given_to_any_permanent and "permanents" in holder:  # Jaheira's mana, Null Rod
                out.append({"kind": "grant", "to": holder["permanents"], "ability": a})
            elif ability_class(a["kind"]).scope == "game":
                raise Unknown(a["kind"])
            elif "permanents" in holder:  # "Lands you control are 2/2 creatures with first strike": those creatures
                if not any(x["kind"] == "type_change" and "creature" in x.get("types", ()) for x in abilities):
                    raise Unknown(a["kind"])
                out.append({"kind": "grant", "to": holder["permanents"], "ability": a})
            elif "attacking" in holder and KIND_HOMES.get(a["kind"]) not in BLOCK_TIME_HOMES:
                raise Unknown(f"{a['kind']} granted to attacking creatures")
            elif (
                ability_class(a["kind"]).given_to_any_permanent
                and not {"ids", "types"} & set(holder)
                and re.search(r"\bcreatures?\b", self._subject_words, re.I)
            ):  # 605.1a: what any permanent may be given goes to "creatures" only: Cryptolith Rite, Cursed Totem
                out.append({"kind": "grant", "to": {"types": ["creature"], **holder}, "ability": a})
            else:
                out.append({"kind": "grant", "to": holder, "ability": a})
        return out

    def _predicates(self, predicate: str, holder: dict[str, Any]) -> list[AbilityData]:
        """ "gets +2/+2, has vigilance, and can't attack you": predicates joined by commas and
        "and" (never split inside a quoted ability); a chunk that isn't a predicate continues the
        keyword list of a "has"."""
        out: list[AbilityData] = []
        after_has = after_loses = False
        others: list[AbilityData] = []
        base_stats = re.search(r" with base power and toughness (-?\d+)/(-?\d+)", predicate)
        base = (int(base_stats[1]), int(base_stats[2])) if base_stats else None
        predicate = re.sub(r" with base power and toughness -?\d+/-?\d+", "", predicate)  # layer 7b: written
        predicate = re.sub(  # Archon of the Wild Rose: "have base power and toughness 4/4 and have flying"
            r"^(?:has|have) base power and toughness -?\d+/-?\d+(?:,? and (?=(?:has|have)\b)|$)", "", predicate
        )
        predicate = re.sub(  # Opalescence, March of the Machines: 613.4b, the board writes each one's
            r",? (?:and (?:has|have) |with )(?:base )?power and (?:base )?toughness each equal to (?:its|their) mana value",
            "",
            predicate,
        )
        predicate = _SUBTYPE_LIST.sub(lambda m: re.sub(r",? and |, ", " ", m[0]), predicate)
        predicate = re.sub(r"\b(non[\w-]+), (?=non)", r"\1 ", predicate, flags=re.I)  # "nonartifact, nonblack"
        predicate = predicate.replace("other colors and types", "other colors_and_types")  # one phrase, 105.3
        predicate = joined_protections(predicate)  # "protection from white, blue, and red": from each (702.16g)
        # Bound by Moonsilver, Intercessor's Arrest: transforming and crewing aren't declared in combat
        predicate = re.sub(
            r"^can't attack, block, or (?:transform|crew Vehicles)\b", "can't attack or block", predicate
        )
        predicate = predicate.replace("all land types and abilities", "all land types\0and\0abilities")
        predicate = re.sub(  # Serpent of Yawning Depths: one list of blockers, not predicates
            r"(?<=except by )(?:[A-Z][\w'-]*,? )+(?:and|or) [A-Z][\w'-]*$",
            lambda m: m[0].replace(" ", "\0").replace(",", "\1"),
            predicate,
        )
        quoted = iter(re.findall(r'"[^"]*"', predicate))
        for masked in re.split(_LIST, re.sub(r'"[^"]*"', '"Q"', predicate.strip())):
            if holder.get("self"):  # "..., and it can't be blocked" (Expedition Lookout)
                masked = re.sub(r"^it (?=can't|can|has|gets)", "", masked.removeprefix(SELF + " "))
            chunk = re.sub(r'"Q"', lambda _m: next(quoted), masked).replace("\0", " ").replace("\1", ",")
            if after_loses and not re.match(r"(?:can't|can|has|have|gets?|attacks?|blocks?|must|is|are)\b", chunk):
                out[-1] = {**out[-1], "kinds": [*out[-1]["kinds"], *(a["kind"] for a in self._lost(chunk))]}
                continue
            after_loses = False
            if re.fullmatch(
                r"assigns? combat damage equal to (?:its|their) toughness rather than (?:its|their) power", chunk
            ):
                continue  # Arcades (510.1a): how combat damage is dealt, nothing of who attacks or blocks
            if chunk == "can't be sacrificed":
                self.side_notes.append(f"it can't be sacrificed (701.21a): {SACRIFICE_BARRED}")
                continue
            if re.match(r"can't (?:have|gain)\b", chunk):
                raise Unknown(chunk)  # 613.1f: an ability it can't have or gain (not in the vocabulary)
            if CHARACTERISTIC.match(chunk) and not re.match(r"(?:is|are) goaded\b", chunk):
                creatures = (
                    self._subject_words.casefold().endswith("creature")
                    if holder.get("ids") == [ATTACHED]
                    else not {"self", "permanents"} & set(holder)
                )
                made = None
                if holder.get("self") and re.fullmatch(r"is an? land", chunk) and self.printed_types == ("creature",):
                    found, first = [{"kind": "type_change", "types": ["land"], "not_creature": True}], False
                elif not creatures and (
                    made := animation(
                        chunk,
                        self.nouns,
                        self._listed_keyword,
                        base,
                        self.printed_types if holder.get("self") else None,
                    )
                ):
                    found, first = made, False
                else:  # Arixmethes: a creature card that "is a land" is only a land (205.1a, 305.1)
                    found, first = characteristic(chunk, self.nouns, self._keyword, creatures=creatures)
                out = [*found, *out] if first else [*out, *found]
                after_has, after_loses = made is not None and " with " in chunk, "kinds" in found[0]
            elif re.match(r"(?:can't|can|has|have|gets?|attacks?|blocks?|must|(?:is|are) goaded)\b", chunk):
                try:
                    out += self._predicate(chunk)
                except Unknown:
                    if bears_on_legality(chunk) or chunk.startswith(("has ", "have ")):
                        raise
                after_has = chunk.startswith(("has ", "have "))
            elif chunk.startswith(("its activated abilities", "their activated abilities")) and not chunk.endswith(
                "unless they're mana abilities"
            ):  # 602.5: Arrest's "its activated abilities can't be activated": its mana abilities too
                banned = self.wordings.read("predicate", re.sub(r"^their\b", "its", chunk), self)
                if banned is None:
                    raise Unknown(chunk)
                out += banned
            elif chunk.startswith(("its activated abilities", "where X is")) or chunk == UNTAP_STEP:
                continue
            elif after_has and masked == '"Q"':
                out += self._has(chunk)
            elif CONDITION.search(masked):
                raise Unknown(chunk)
            elif chunk == "all creatures able to block it do so" and not holder.get("self"):
                out.append({"kind": "lure"})  # Indrik Umbra: "..., and all creatures able to block it do so" (509.1c)
            elif after_has and not re.match(r"(?:is|are|isn't|loses?|gains?|becomes?)\b", chunk):
                out += self._listed_keyword(chunk)
            else:
                others += self._another_subject(chunk)
        return self._give(holder, out) + others

    def _another_subject(self, chunk: str) -> list[AbilityData]:
        """ "$self gets +2/+2 and creatures you control have vigilance" (Angelic Field Marshal): a
        predicate list's chunk with a subject of its own, read as a sentence of its own."""
        words = self._subject_words
        holder, predicate = self._subject(chunk)
        try:
            if holder is None or predicate == chunk or holder.get("self"):
                raise Unknown(chunk)
            return self._predicates(predicate, holder)
        finally:
            self._subject_words = words

    def _lost(self, chunk: str) -> list[AbilityData]:
        """A keyword continuing a "loses" list ("loses flying and first strike"): one kind, no fields."""
        found = self._keyword(chunk)
        if not found or any(set(a) != {"kind"} for a in found):
            raise Unknown(chunk)
        return found

    def _predicate(self, p: str) -> list[AbilityData]:
        """One predicate: "gets +N/+N" (nothing for combat), "can't attack or block <rest>"
        (each of both), "has <keywords>", or a kind's wording."""
        if re.fullmatch(r"gets? [+-]\d+/[+-]\d+", p):
            return []
        both = re.fullmatch(r"can't attack or block( .+)?", p, flags=re.I)
        if both is not None:
            rest = both[1] or ""
            return self._predicate(f"can't attack{rest}") + self._predicate(f"can't block{rest}")
        split = re.fullmatch(r"can't attack (.+?) or block (.+)", p, flags=re.I)
        if split is not None:  # Storm, Windrider: "can't attack you or block creatures you control"
            try:
                return self._predicate(f"can't attack {split[1]}") + self._predicate(f"can't block {split[2]}")
            except Unknown:
                pass
        either = re.fullmatch(r"can't block or be blocked by (.+)", p, flags=re.I)
        if either is not None:  # Sneaky Homunculus
            return self._predicate(f"can't block {either[1]}") + self._predicate(f"can't be blocked by {either[1]}")
        found = self.wordings.read("predicate", p, self)
        if found is not None:
            return found
        has = re.fullmatch(r"(?:has|have) (.+)", p, flags=re.I)
        if has is not None:
            try:
                return self._has(has[1])
            except Unknown:
                pass
        raise Unknown(p)

    def _given_quoted(self, inner: str) -> list[AbilityData]:
        """A quoted ability a type-setting sentence gives: a mana ability read (605.1a), an activated
        one left to the note (Sugar Coat's Food ability)."""
        if MANA_ABILITY.match(inner):
            found, note = read_mana(inner, self.wordings, self)
            self.granted = self.granted or note is not None
            return found
        if is_activated(inner):
            self.granted = True
            return []
        raise Unknown(inner)

    def _has(self, words: str) -> list[AbilityData]:
        """ "has flying and haste"; a quoted ability is read like a keyword ("bands with other
        legendary creatures") or, activated or triggered, left to a note (``granted``)."""
        quoted = re.findall(r'"([^"]*)"', words)
        plain = re.sub(r'"[^"]*"', '"Q"', words)
        if CONDITION.search(plain):
            raise Unknown(words)
        parts = [w.strip() for w in re.split(_LIST, plain) if w.strip()]
        out: list[AbilityData] = []
        for part in parts:
            if part != '"Q"':
                out += self._listed_keyword(part)
                continue
            inner = quoted.pop(0)
            if MANA_ABILITY.match(inner):  # Esika: a mana ability they have (605.1a), paying costs
                found, note = read_mana(inner.rstrip(".") + ".", self.wordings, self)  # '"{T}: Add {C}" and "..."'
                self.granted = self.granted or note is not None
                out += found
                continue
            own = re.match(r"(?:When|Whenever) (?:this creature|\$self) (?:attacks|blocks|becomes blocked)\b", inner)
            if own:  # White Mage's Staff: 'has "Whenever this creature attacks, ..."': its own trigger (508.1m)
                self.granted = True
                # an intervening "if" (Sword Coast Sailor) reads its holder's controller (603.3a), as the engine does
                out += self._trigger(re.sub(r"^(When(?:ever)?) this creature\b", rf"\1 {SELF}", inner))[0]
                continue
            if is_activated(inner) or re.match(r"(?:When|Whenever|At)\b", inner):
                self.granted = True
                continue
            if re.search(r"[.:]", inner.rstrip(".")):
                raise Unknown(inner)
            out += self._keyword(inner.rstrip("."))
        return out
