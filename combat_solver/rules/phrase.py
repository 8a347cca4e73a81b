"""What a kind declares about its wording and its fields: the Oracle sentences the card
compiler reads into it (``Phrase``, with ``Slot``s for the words it reads into fields) and the
roles of fields that name an object or a player (``ObjectId``, ``PlayerId``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Any, Literal

SELF = "$self"
"""The permanent whose text it is (its id once placed on a board)."""
ATTACHED = "$attached"
"""What an Aura or Equipment is attached to."""
PAIRED = "$paired"
"""The creature a creature with soulbond is paired with (702.95b)."""
CONTROLLER = "$controller"
"""The controller of the permanent whose text it is."""
POWER = "$power"
"""The power of the permanent whose text it is."""

Reader = Literal[
    "number",
    "creatures",
    "count",
    "permanents",
    "yours",
    "theirs",
    "quality",
    "qualities",
    "text",
    "lower",
    "title",
    "colors",
    "combos",
    "condition",
]
"""How a slot's words are read: ``number`` ("two" -> 2), ``creatures`` (a creature filter:
"creatures with flying"), ``count`` ("two or more Walls": a filter and at least how many),
``permanents`` (a permanent filter), ``yours`` and ``theirs`` (a permanent filter, "you
control" / "an opponent controls" read off: the controller's, an opponent's), ``quality`` (a color or creature quality: "bands with
other Wolves"), ``qualities`` ("protection from black and from red": one ability per quality,
702.16), ``text`` (the words as written), ``lower`` and ``title`` (casefolded, capitalized), ``colors``
("{W}, {U}, or {B}": the letters ``"WUB"``), ``combos`` ("{W}{W}, {W}{U}, or {U}{U}": the list
of those combinations of mana) and ``condition`` ("you control an artifact": the condition
language, read as the ability's own state when it applies)."""

Place = Literal["keyword", "predicate", "trigger", "sentence", "mana_cost", "mana_effect", "mana_trigger"]
"""Where a phrase stands: a part of a keyword line ("rampage 2"), a predicate after its subject
("can't block creatures with flying"), a trigger condition ("whenever $self attacks", before its
comma) or a whole sentence ("No more than two creatures can attack each combat"); in a mana ability
(605.1a), one part of its cost ("{T}", "Pay 1 life") or one sentence of its effect ("Add {G}{U}.")."""


@dataclass(frozen=True)
class Slot:
    """The words of ``group`` (of the phrase's pattern) read by ``read`` into a field."""

    group: int
    read: Reader = "text"


@dataclass(frozen=True)
class Phrase:
    """An Oracle wording of a kind: ``pattern`` (a regular expression matched whole and in any
    case; ``\\$self`` matches the permanent itself, ``MANA`` a mana cost) at ``place``; ``fields``
    the ability's fields besides ``kind``, any value of which may be a ``Slot`` (also inside lists
    and mappings). Wordings without slots are tried first, then those whose slots read one word,
    then those with an open-ended slot (``(.+?)``), each in registry order."""

    pattern: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    place: Place = "predicate"


class Role(Enum):
    """What the string of an id field names (dangling-id checks, player-word checks)."""

    object = "object"
    player = "player"


ObjectId = Annotated[str, Role.object]
"""A field naming a permanent by its id."""
PlayerId = Annotated[str, Role.player]
"""A field naming a player by its id, or ``you`` / ``owner``."""

MANA = r"(?:\{[^}]+\})+"
"""A mana cost in a phrase's pattern ("{2}{W}")."""
