"""The choices a card makes as it enters (607.2d, 614.12a), read from its text: what its "the
chosen ..." can read (a field of the board's ``chosen``)."""

from __future__ import annotations

import re

CHOICES = {
    "a color": "color",
    "a creature type": "creature_type",
    "a player": "player",
    "an opponent": "player",
    "odd or even": "parity",
}
"""What "As this creature enters, choose ..." makes a permanent choose (607.2d, 614.12a): the
choice its "the chosen ..." reads, a field of the board's ``chosen``."""
_CHOOSE = re.compile(
    r"(?im)^As (\S.*?) (?:enters(?: the battlefield)?|becomes attached to a creature), "
    r"choose (a color|a creature type|a player|an opponent|odd or even)\.(?: \([^)]*\))?$"
)


def choices_made(text: str, names: set[str]) -> frozenset[str]:
    """The choices a card's text makes as the card itself enters ("As this Aura enters, choose a
    color.", a sentence on its own line) or, an Equipment, as it becomes attached (Sanctuary Blade:
    its "last chosen" color is the one chosen for the creature it is on, 607.2d); not another
    object's ("As a creature enters")."""
    return frozenset(
        CHOICES[m[2].casefold()]
        for m in _CHOOSE.finditer(text)
        if m[1] in names or re.fullmatch(r"this [a-z]+", m[1], flags=re.I)
    )
