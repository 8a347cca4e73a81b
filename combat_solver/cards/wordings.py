"""The kinds' own wordings as the compiler's tables: each kind's ``keyword`` and ``phrases``
(``rules.phrase``), read from the classes of the registry."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..rules.phrase import Phrase, Place, Slot
from ..rules.registry import keyword_kinds, kind_phrases
from .compiled import AbilityData
from .readers import Readers, Unknown


@dataclass(frozen=True)
class _Wording:
    kind: str
    regex: re.Pattern[str]
    fields: Mapping[str, Any]

    def abilities(self, match: re.Match[str], readers: Readers) -> list[AbilityData]:
        """The abilities this wording gives for ``match`` (``Unknown`` if a slot can't be read)."""
        filled = {name: _filled(value, match, readers) for name, value in self.fields.items()}
        each = next((name for name, value in self.fields.items() if _reads(value) == "qualities"), None)
        if each is None:
            return [{"kind": self.kind, **filled}]
        return [{"kind": self.kind, **filled, each: one} for one in filled[each]]


class Wordings:
    """The keywords and phrases of ``phrases`` ((kind, phrase) pairs), by place."""

    def __init__(self, phrases: Sequence[tuple[str, Phrase]], keywords: Mapping[str, str]) -> None:
        self.keywords = dict(keywords)
        self._at: dict[Place, list[_Wording]] = {}
        for kind, phrase in sorted(phrases, key=lambda kp: _openness(kp[1].pattern)):
            wording = _Wording(kind, re.compile(phrase.pattern, re.I), phrase.fields)
            self._at.setdefault(phrase.place, []).append(wording)

    def read(self, place: Place, text: str, readers: Readers) -> list[AbilityData] | None:
        """The abilities of the first wording at ``place`` that ``text`` is; None if it is none."""
        for wording in self._at.get(place, ()):
            match = wording.regex.fullmatch(text)
            if match is None:
                continue
            try:
                return wording.abilities(match, readers)
            except Unknown:
                continue
        return None


@cache
def wordings() -> Wordings:
    """The wordings of every kind in the registry (imports every rules module)."""
    return Wordings(kind_phrases(), keyword_kinds())


def _openness(pattern: str) -> int:
    if re.compile(pattern).groups == 0:
        return 0
    return 2 if re.search(r"\(\.\+\??\)", pattern) else 1


def _reads(value: Any) -> str | None:
    return value.read if isinstance(value, Slot) else None


def _filled(value: Any, match: re.Match[str], readers: Readers) -> Any:
    if isinstance(value, Slot):
        return readers.read(value.read, match[value.group])
    if isinstance(value, Mapping):
        return {k: _filled(v, match, readers) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_filled(v, match, readers) for v in value]
    return value
