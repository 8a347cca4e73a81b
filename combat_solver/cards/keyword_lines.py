"""What a keyword line means besides its kinds' own keywords: keywords that mean abilities of
several kinds, keywords whose result the board states (a note), and a keyword known only by its
reminder text (warned)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from .compiled import AbilityData
from .keywords import KEYWORDS
from .phrases import bears_on_legality
from .wordings import wordings

KEYWORDS_OF_KINDS: dict[str, tuple[AbilityData, ...]] = {
    "decayed": ({"kind": "cant_block"}, {"kind": "attack_trigger"}),
}
"""Keywords that mean abilities of more than one kind (702.147a: decayed)."""
KEYWORD_NOTES: dict[str, str] = {
    r"(?:commander )?suspend\b.*": "suspend (702.62a): cast from suspend it gains haste; give haste as an effect",
    r"dash\b.*": "dash (702.109a): cast for its dash cost it has haste; give haste as an effect",
    r"blitz\b.*": "blitz (702.152a): cast for its blitz cost it has haste; give haste as an effect",
    r"unearth\b.*": "unearth (702.84a): returned by unearth it gains haste; give haste as an effect",
    r"encore\b.*": "encore (702.141a): its tokens gain haste and attack if able; give them as effects",
    r"prototype\b.*": "prototype (702.160a): cast prototyped it has other power, toughness and colors; write them",
    r"backup \d+": "backup (702.165a): once it resolves, give the abilities it grants as effects",
    r"crew \d+\.?": "crew (702.122a): once crewed it is an artifact creature; write its types",
    r"super haste\b.*": "an Un-card's super haste: put onto the battlefield attacking from the hand, it was never "
    "declared (508.4); give it as attacking",
}
"""Keyword lines whose meaning for combat depends on how the permanent was cast or what was
done with it: a note (the board states the result)."""


def keyword_note(line: str) -> str | None:
    """The note of a keyword line of ``KEYWORD_NOTES``; None if it is none of them."""
    return next((note for pattern, note in KEYWORD_NOTES.items() if re.fullmatch(pattern, line, flags=re.I)), None)


_COMBAT_REMINDER = re.compile(r"^(?:When|Whenever) this (?:creature|permanent) (?:attacks|blocks|becomes blocked)\b")


def _reminded_keywords(line: str) -> Iterator[tuple[str, str]]:
    """Each (keyword, reminder text) of a keyword line: the keyword is the last one before the
    parenthesis ("Art rampage 2 (Whenever ...)")."""
    for head, reminder in re.findall(r"([^().]*)\(([^()]*)\)", line):
        part = re.split(r"[,;] (?:and )?", head.strip())[-1].strip().casefold()
        if part:
            yield part, reminder


def _bare(line: str) -> str:
    return re.sub(r"\([^()]*\)", "", line).strip()


def _is_keywords_only(bare: str) -> bool:
    return '"' not in bare and not bare.endswith(".")


def keyword_with_reminder(line: str) -> str | None:
    """The keyword right before a reminder text bearing on legality in a keyword line ("Art
    rampage 2 (Whenever this creature becomes blocked ...)"), whatever the keyword; else None."""
    bare = _bare(line)
    if not _is_keywords_only(bare) or re.search(r"\b(?:gets|has|have|can't|can|is|are)\b", bare):
        return None  # a sentence (Segovian Sword's "Equipped creature gets +2/+2 and has skulk"), not keywords
    return next(
        (
            part
            for part, reminder in _reminded_keywords(line)
            if _COMBAT_REMINDER.match(reminder) or bears_on_legality(reminder)
        ),
        None,
    )


def keyword_defined_by_reminder(line: str) -> str | None:
    """A keyword that is neither an ability kind's nor one of CR 702 (a digital-only keyword such
    as "double team", an Un-card's "aggressive") in a keyword line, whose reminder text, its only
    definition on the card, is a trigger on attacking or blocking (508.1m, 509.1i) or bears on
    legality: returned (the compiler reads the line by that reminder, or warns it), else None."""
    keywords_only = _is_keywords_only(_bare(line))
    return next(
        (
            part
            for part, reminder in _reminded_keywords(line)
            if (_COMBAT_REMINDER.match(reminder) or (keywords_only and bears_on_legality(reminder)))
            and not known_keyword(part)
            and not bears_on_legality(part)  # "swampwalk": read elsewhere
        ),
        None,
    )


@cache
def _keyword_names() -> tuple[str, ...]:
    names = {k.name for k in KEYWORDS} | set(wordings().keywords) | set(KEYWORDS_OF_KINDS)
    return tuple(sorted(names, key=len, reverse=True))


def known_keyword(part: str) -> bool:
    return any(part == n or part.startswith((n + " ", n + "—", n + "-", n + "cycling")) for n in _keyword_names())


_GIVEN_WORDS = re.compile(
    r"^(?!(?:You|Players|Your opponents|Each player|Each opponent|Spells|It|This ability) )[A-Z][\w'$]*(?: [\w']+){0,4} "
    r"(?:gets [+-]\d+/[+-]\d+ and )?(?:has|have) ([a-z0-9 ,]+)\.$"
)
_NOT_A_KEYWORD = frozenset({"it", "them", "life", "no", "all", "a", "an", "that", "this", "the", "base"})


def gives_unknown_keyword(sentence: str) -> bool:
    """ "Kithkin you control have thoughtweft.", "Snakes you control have daunt, deathtouch, and
    poisonous 2.": a permanent given a keyword of neither CR 702 nor the vocabulary (an Un-card's
    or a digital card's, defined only by reminder text): what it does to combat is unknown, so it
    is warned."""
    m = _GIVEN_WORDS.match(sentence)
    if m is None:
        return False
    for words in re.split(r",? and |, ", m[1]):
        first, last = words.split()[0], re.sub(r" \d+$", "", words).split()[-1]
        if first in _NOT_A_KEYWORD or len(words.split()) > 3 or known_keyword(words) or known_keyword(last):
            continue
        if not bears_on_legality(words):
            return True
    return False


_LIST_SEPARATOR = re.compile(r"(,? and |, )")
_PREDICATE_START = re.compile(r"(?:has|have|gets?|can't|can|is|are|isn't|loses?|gains?|attacks?|blocks?|must|it|its)\b")


def joined_protections(text: str) -> str:
    """702.16g: "protection from Aliens, Birds, and Robots" is a protection from each: the list is
    read as "from Aliens and from Birds and from Robots", so no quality is left over to be read as
    a keyword of its own (and an unreadable one, "hybrid mana", warns the whole). A list item that
    is a keyword ("Protection from red, trample") or a predicate ("and can't block") ends it."""
    found = re.search(r"\bprotection from (?!the colors of\b)", text, flags=re.I)
    if found is None:
        return text
    head, rest = text[: found.end()], text[found.end() :]
    end = re.search(r'[.;"(]', rest)
    tail = rest[end.start() :] if end else ""
    body = rest[: end.start()] if end else rest
    pieces = _LIST_SEPARATOR.split(body)
    items, seps = pieces[0::2], pieces[1::2]
    joined = items[0]
    for at, (sep, item) in enumerate(zip(seps, items[1:], strict=True), start=1):
        word = item.strip().casefold()
        if word.startswith("from ") or not word:
            joined += sep + item
            continue
        if known_keyword(word) or _PREDICATE_START.match(word):
            leftover = "".join(p for pair in zip(seps[at - 1 :], items[at:], strict=True) for p in pair)
            return head + joined + joined_protections(leftover + tail)
        joined += " and from " + item
    return head + joined + tail
