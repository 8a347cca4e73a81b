"""Copy effects (707): reading a clone's "You may have this creature enter as a copy of any
creature on the battlefield, except ..." into a ``CopyEffect``, and the copiable values of a
permanent that copied a card (707.2), modified by the exceptions (707.9).

Which object a clone copied is a fact of the game, not of its card: the board states it as the
permanent's ``copy_of`` (a card name, or the chain of a copy of a copy, 707.3), as it states
counters and choices. Only the copy sentence itself is read here; what it may copy ("a creature
you control", "with power 4 or greater") was decided as it entered. An exception this module
can't state leaves the copy effect warned, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..model.creature_types import CREATURE_TYPES
from ..rules.phrase import SELF
from .card_record import CardRecord
from .compiled import CopyEffect, Found
from .keyword_lines import known_keyword
from .keywords import KEYWORDS

COPY_SENTENCE = re.compile(
    rf"(?:If [^,]+, y|Y)ou may have (?:\{SELF}|this (?:creature|artifact|enchantment|Equipment|land|permanent)) "
    r"enter(?: the battlefield)? as a copy of (?P<what>[^,\"]+?)(?:, except (?P<exceptions>.+))?"
    rf"|As \{SELF} enters, you may have it become a copy of (?P<until>[^,\"]+?) until end of turn(?:, except (?P<but>.+))?"
)
"""614.1c, 707.5: "You may have this creature enter as a copy of any creature on the battlefield"
(the "If ..." before it: Protean Raider's condition on entering, decided then); Cursed Mirror's
"As this artifact enters, you may have it become a copy of any creature on the battlefield until
end of turn": a copy the turn it entered, the board's ``copy_of`` then."""
COPY_CHOICE = re.compile(
    rf"As \{SELF} enters or is turned face up, you may choose another creature on the battlefield\."
)
"""The choice a face-up copy is made of (Vesuvan Shapeshifter): the board's ``copy_of``."""
FACE_UP_COPY = re.compile(
    rf"If you do, until \{SELF} is turned face down, it becomes a copy of (?P<what>that creature)"
    r"(?:, except (?P<exceptions>.+))?"
)
"""707.2, 708.8: Vesuvan Shapeshifter's copy chosen "as this creature enters or is turned face
up" (the choice before it: the board's ``copy_of``)."""
_MANY = re.compile(r"\b(?:X|two|three|different|random)\b")
"""It Came from Planet Glurg's "X different creatures" (a merged copy): not one card's values."""
_CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker")
_SUPERTYPES = ("legendary", "snow", "basic", "world")
_CLAUSE = re.compile(r"(?:,? and |, )(?=(?:it|its|his|he|is|has|the first letter)\b)")
"""Where the next exception begins: a new subject or verb ("it isn't legendary, is an artifact
..., and has myriad"), not an "and" inside a list ("haste and dethrone", "legendary and snow")."""

CompileLines = Callable[[list[str]], Found]


def read_copy(
    sentence: str, face: str, compile_lines: CompileLines, subtype: Callable[[str], str | None]
) -> CopyEffect | None:
    """The copy effect of one sentence of ``face`` (already read with ``$self``); None if it isn't
    a copy sentence this module knows. ``compile_lines`` compiles added abilities (707.9a),
    ``subtype`` knows the catalog's subtypes."""
    m = COPY_SENTENCE.fullmatch(sentence.removesuffix(".")) or FACE_UP_COPY.fullmatch(sentence.removesuffix("."))
    groups = {} if m is None else m.groupdict()
    what, listed = groups.get("what") or groups.get("until"), groups.get("exceptions") or groups.get("but")
    if what is None or _MANY.search(what):
        return None
    if listed is None:
        return CopyEffect()
    quoted: list[str] = []

    def hold(q: re.Match[str]) -> str:
        quoted.append(q[1])
        return f'"{len(quoted) - 1}"'

    effect = CopyEffect()
    exceptions, *conditional = re.split(r",? and, (?=if\b)", re.sub(r'"([^"]*)"', hold, listed), maxsplit=1)
    unread = conditional[0] if conditional else None  # Moritte: "and, if it's a creature, it ... has changeling"
    for clause in _CLAUSE.split(exceptions):  # each begins with a subject or a verb of its own
        read = _exception(clause.strip(), effect, quoted, subtype)
        if read is None:
            unread = unread or clause.strip()
            if clause.strip().startswith("if "):
                break  # Vizier of Many Faces: "if it was embalmed, ..." governs the clauses after it
            continue
        effect = read
    if effect.lines:
        found = compile_lines(list(effect.lines))
        effect = replace(effect, abilities=tuple(found.abilities), warnings=tuple(found.warnings))
    if unread is not None:  # what was read is kept: the copy with those, and a warning
        why = f"an exception to the copy that isn't read: {unread.replace(SELF, face)!r}"
        return replace(effect, warnings=(*effect.warnings, f"{face}: {sentence.replace(SELF, face)} ({why})"))
    return effect


def _exception(
    clause: str, effect: CopyEffect, quoted: list[str], subtype: Callable[[str], str | None]
) -> CopyEffect | None:
    """One exception (707.9) added to ``effect``; None if it isn't one this module states."""
    clause = re.sub(r"^(?:he|it)(?:'s| is)\b", "it's", clause)
    clause = re.sub(r"^(?:his|its) ", "its ", clause)
    if clause in ("it isn't legendary", "isn't legendary"):
        return replace(effect, not_legendary=True)
    if clause == f"its name is {SELF}":
        return replace(effect, keeps_name=True)
    if re.fullmatch(r"the first letter of its name is [A-Z]", clause):
        return effect  # The Cosplayzer (707.9c): its name is the board's ``name``
    if clause == "it doesn't copy that creature's color":
        return replace(effect, keeps_colors=True)
    stats = re.fullmatch(r"it's (\d+)/(\d+)", clause)
    if stats:
        return replace(effect, power=int(stats[1]), toughness=int(stats[2]))
    if re.fullmatch(
        r"it enters with (?:an|a|one|two|three|X) (?:additional )?[+\w/-]+ counters? on it(?: if .+)?", clause
    ):
        return effect  # counters aren't copiable values (707.2): they are the board's ``counters``
    types = re.fullmatch(
        r"(?:it's|is) (?:an? )?(?:(\d+)/(\d+) )?(.+) in addition to (?:its|his) other (creature )?types", clause
    )
    if types and types[1]:  # Superior Spider-Man: "he's a 4/4 Spider Human Hero in addition to his other types"
        effect = replace(effect, power=int(types[1]), toughness=int(types[2]))
    if types:
        return _types(effect, types[3], creature_only=bool(types[4]), subtype=subtype)
    has = re.fullmatch(r"(?:it )?has (.+)", clause)
    unless_copied = re.fullmatch(r"(([a-z]+)(?: \d+)?) if that creature doesn't have \2", has[1]) if has else None
    if unless_copied:  # Flesh Duplicate: "has vanishing 3 if that creature doesn't have vanishing" (707.9a)
        bearing = {k.name for k in KEYWORDS if k.reading != "none"}
        return None if unless_copied[2] in bearing else _abilities(effect, unless_copied[1], quoted)
    if has:
        return _abilities(effect, has[1], quoted)
    return None


def _types(
    effect: CopyEffect, words: str, creature_only: bool, subtype: Callable[[str], str | None]
) -> CopyEffect | None:
    """ "It's a Shapeshifter Rogue in addition to its other types", "an artifact creature",
    "legendary and snow" (707.9b; 707.9d: its characteristic-defining abilities stay copied)."""
    types, subtypes, supertypes = list(effect.types), list(effect.subtypes), list(effect.supertypes)
    for word in re.split(r" and | ", words):
        known = subtype(word)
        if word in _CARD_TYPES and not creature_only:
            types.append(word)
        elif word in _SUPERTYPES and not creature_only:
            supertypes.append(word)
        elif known is not None and (known.casefold() in CREATURE_TYPES or not creature_only):
            subtypes.append(known)
        else:
            return None
    return replace(effect, types=tuple(types), subtypes=tuple(subtypes), supertypes=tuple(supertypes))


def _abilities(effect: CopyEffect, what: str, quoted: list[str]) -> CopyEffect | None:
    """ "It has flying", "has haste and dethrone", "it has "<ability>"" (707.9a): lines of rules
    text the copy has; a word that isn't a keyword of 702 isn't read."""
    held = re.fullmatch(r'"(\d+)"', what)
    if held:
        return replace(effect, lines=(*effect.lines, quoted[int(held[1])]))
    words = re.split(r", (?:and )?| and ", what)
    if not all(re.fullmatch(r"[a-z][a-z -]*(?: \d+)?", w) and known_keyword(w) for w in words):
        return None
    return replace(effect, lines=(*effect.lines, ", ".join(words).capitalize()))


def copiable(copied: CardRecord, copier: CardRecord, effect: CopyEffect) -> CardRecord:
    """707.2, 707.9: the copiable values of ``copier`` once it copied ``copied`` (a card, or what
    an earlier copy made of one, 707.3): the copied values, modified by the exceptions, the
    abilities it adds written into its rules text (707.9a). The name stays the copied card's, for
    reading its text (201.5: the name means the object itself); ``keeps_name`` is the board's to
    apply."""
    supertypes = [s for s in copied.supertypes if not (effect.not_legendary and s == "legendary")]
    return replace(
        copied,
        types=_added(copied.types, effect.types),
        subtypes=_added(copied.subtypes, effect.subtypes),
        supertypes=_added(tuple(supertypes), effect.supertypes),
        power=copied.power if effect.power is None else str(effect.power),
        toughness=copied.toughness if effect.toughness is None else str(effect.toughness),
        colors=copier.colors if effect.keeps_colors else copied.colors,
        text="\n".join([copied.text, *(line.replace(SELF, "this permanent") for line in effect.lines)]).strip(),
    )


def _added(values: tuple[str, ...], more: tuple[str, ...]) -> tuple[str, ...]:
    return (*values, *(v for v in more if v not in values))
