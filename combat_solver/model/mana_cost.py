"""Mana costs as printed ("{2}{W}{W}", "{G/U}", "{2/R}", "{B/P}"): their symbols (107.4), the mana
value they give (202.3) and what they count toward a player's devotion (700.5)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .filters import Color

MANA_COST_PATTERN = r"^(?:\{(?:\d+|[WUBRGCSXYZ]|[WUBRGC]/[WUBRGP]|2/[WUBRG]|C/[WUBRG]|[WUBRG]/[WUBRG]/P)\})*$"
"""A mana cost: mana symbols only (107.4): generic, colored, colorless, snow, X, hybrid, monocolored
hybrid, colorless hybrid and Phyrexian."""
COLOR_LETTER: dict[str, str] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
"""Each color's mana symbol letter (105.1, 107.4a)."""


def symbols(cost: str) -> list[str]:
    """The symbols of a mana cost, braces removed: ``["2", "W", "W"]``."""
    return re.findall(r"\{([^{}]+)\}", cost)


def mana_value(cost: str) -> int:
    """202.3: the total amount of mana in the cost, colors ignored; X is 0 (202.3e); a hybrid
    symbol counts its largest part (202.3f: {2/W} is 2), a Phyrexian symbol 1 (202.3g)."""
    total = 0
    for symbol in symbols(cost):
        parts = symbol.split("/")
        total += max(int(p) if p.isdigit() else 0 if p in "XYZ" else 1 for p in parts if p != "P")
    return total


def devotion(costs: Iterable[str], colors: Iterable[Color]) -> int:
    """700.5: the mana symbols among ``costs`` that are of any of ``colors`` ("[color 1], [color 2],
    or both colors": a hybrid symbol of two of them counts once)."""
    letters = {COLOR_LETTER[c] for c in colors}
    return sum(1 for cost in costs for symbol in symbols(cost) if letters & set(symbol.split("/")))
