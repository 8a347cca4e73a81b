"""The word ``chosen`` in an ability and the choices it reads (607.2d): which field's ``chosen``
stands for which of a permanent's choices. Plain data, read by the card compiler without
building the board's models (``model/choices.py`` holds the board's ``chosen`` field)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

CHOSEN = "chosen"
"""The word an ability uses for its permanent's choice (607.2d)."""

Choice = Literal["color", "creature_type", "player", "parity", "riot"]

LIST_FIELDS: Mapping[str, Choice] = {"colors": "color", "add_colors": "color", "subtypes": "creature_type"}
"""Fields whose lists may hold ``chosen`` (a filter's, a type change's), and the choice it stands for there."""
PLAYER_FIELDS = frozenset({"controller", "player"})
"""Fields naming one player that may be ``chosen`` (a filter's controller, a target's player,
a kind's player field): the chosen player."""
COLOR_LETTER_FIELDS = frozenset({"produces"})
"""Fields of color letters that may be ``chosen`` (a mana ability's ``produces``): the chosen color."""
IDENTITY = "identity"
"""A mana ability's ``produces``: any color of its controller's commander's color identity (903.4:
Command Tower, Arcane Signet), the player's ``commander_identity``."""


def references(value: Any) -> set[Choice]:
    """The choices the JSON form of an ability (or filter) reads through ``chosen``."""
    found: set[Choice] = set()
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key in LIST_FIELDS and isinstance(item, list | tuple) and CHOSEN in item:
                found.add(LIST_FIELDS[key])
            elif key in PLAYER_FIELDS and item == CHOSEN:
                found.add("player")
            elif key in COLOR_LETTER_FIELDS and item == CHOSEN:
                found.add("color")
            elif key == "even" and item == CHOSEN:
                found.add("parity")
            else:
                found |= references(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= references(item)
    return found
