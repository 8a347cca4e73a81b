"""The one ranked card-name search: what ``combat-solver cards --search``, ``GET /cards``, the
page's autocomplete and every "did you mean" answer with.

A query and a name are compared by their search keys (case, accents and apostrophes folded, other
punctuation read as a space). Names rank by tier: the exact name, then names starting with the
query, then names with a word starting with it ("runner" finds Viashino Runner), then names
containing it, then close spellings ("Juggernat" finds Juggernaut); within a tier by the text
matched, then the name (a close spelling: the closest first). The catalog's index
(``cards.index``) only narrows the names this module ranks."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

CLOSE = 0.8
"""How close a spelling must be (``difflib`` ratio of the search keys) to be suggested."""

EXACT, PREFIX, WORD_START, CONTAINS, CLOSE_SPELLING = range(5)


def search_key(text: str) -> str:
    """Folded for searching: "Khârn, the Betrayer's" -> "kharn the betrayers"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()
    plain = re.sub(r"['’‘`]", "", plain)
    return " ".join(re.split(r"[^a-z0-9]+", plain)).strip()


def faces(name: str) -> list[str]:
    """The name, then each face's name of a split, adventure or double-faced card."""
    parts = name.split(" // ")
    return [name, *parts] if len(parts) > 1 else [name]


def tails(key: str) -> list[tuple[int, str]]:
    """(word position, the key from that word on) for each word of a search key."""
    words = key.split(" ")
    return [(i, " ".join(words[i:])) for i in range(len(words)) if words[i]]


def grams(key: str) -> set[str]:
    """The key's three-letter pieces (what finds candidates for containing and close spellings)."""
    return {key[i : i + 3] for i in range(len(key) - 2)}


def match(query: str, name: str) -> tuple[int, str, float] | None:
    """(tier, text matched, closeness) of a name for a query's search key, or None."""
    best: tuple[int, str, float] | None = None
    for face in faces(name):
        key = search_key(face)
        found: tuple[int, str, float] | None = None
        if key == query:
            found = (EXACT, key, 1.0)
        elif key.startswith(query):
            found = (PREFIX, key, 1.0)
        else:
            starts = sorted(tail for pos, tail in tails(key) if pos and tail.startswith(query))
            if starts:
                found = (WORD_START, starts[0], 1.0)
            elif len(query) >= 3 and query in key:
                found = (CONTAINS, key, 1.0)
            else:
                ratio = closeness(query, key)
                if ratio >= CLOSE:
                    found = (CLOSE_SPELLING, "", -ratio)
        if found is not None and (best is None or found < best):
            best = found
    return best


def closeness(query: str, key: str) -> float:
    matcher = difflib.SequenceMatcher(None, query, key)
    if matcher.real_quick_ratio() < CLOSE or matcher.quick_ratio() < CLOSE:
        return 0.0
    return matcher.ratio()


def rank(query: str, names: Iterable[str], limit: int) -> list[str]:
    """Up to ``limit`` of ``names`` matching ``query``, best first."""
    key = search_key(query)
    if not key or limit <= 0:
        return []
    ranked = []
    for name in set(names):
        found = match(key, name)
        if found is not None:
            ranked.append((found, search_key(name), name))
    return [name for _, _, name in sorted(ranked)[:limit]]
