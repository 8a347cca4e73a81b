"""Predicates that change what a permanent is (613.1d, layer 4) or take abilities away (613.1f,
layer 6): "is a Knight in addition to its other types", "are every basic land type in addition to
their other types", "are Mountains", "is every creature type", "loses flying", "loses all
abilities". Read into ``type_change`` and ``lose_abilities`` (``rules/characteristics.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..model.creature_types import CREATURE_TYPES
from ..rules.characteristics import BASIC_LAND_TYPES
from .compiled import AbilityData
from .phrases import COLORS, Nouns
from .readers import Unknown

PREDICATE = re.compile(r"(?:is|are|loses?|lose)\b|isn't a creature$")
"""The verbs of these predicates."""
_CARD_TYPES = {"artifact": "artifact", "enchantment": "enchantment", "land": "land"}
_LIST = r",\s*(?:and\s+)?|\s+and\s+"


def characteristic(
    chunk: str, nouns: Nouns, keyword: Callable[[str], list[AbilityData]], *, creatures: bool = False
) -> tuple[list[AbilityData], bool]:
    """The abilities of one predicate, and whether it removes the abilities its subject has from
    other predicates of the same sentence too ("loses all other abilities": it comes first, so
    what the sentence gives is kept, 613.7). ``keyword`` reads one keyword into its abilities;
    ``creatures``: the subject names creatures only, so "is a Frog creature" keeps its card types
    (205.1b) and sets its creature types (205.1a), and a color before it sets its colors (105.3).
    A color alone ("is black", "are colorless", "is all colors") sets the colors (105.3, 613.1e).
    Raises ``Unknown`` for a wording it doesn't read exactly: colors added, base power and toughness,
    creature types that replace the old ones (205.1b), "the chosen type"."""
    if chunk == "isn't a creature":
        return [{"kind": "type_change", "not_creature": True}], False
    lose = re.fullmatch(r"loses? (.+)", chunk)
    if lose is not None:
        return _loses(lose[1], keyword)
    m = re.fullmatch(r"(?:is|are) (.+?)( in addition to (?:its|their) other (?:land |creature )?types)?", chunk)
    if m is None:
        raise Unknown(chunk)
    what, addition = m[1], m[2] is not None
    if what == "every creature type":
        return [{"kind": "type_change", "every_creature_type": True}], False
    if what == "every basic land type" and addition:
        return [{"kind": "type_change", "every_basic_land_type": True}], False
    if what == "all colors" and not addition:  # Transguild Courier, Darkest Hour's kin: 105.3, 613.1e
        return [{"kind": "type_change", "colors": list(COLORS)}], False
    types: list[str] = []
    subtypes: list[str] = []
    words = re.sub(r"^an? ", "", what).split()
    colors: list[str] | None = None
    while words and (words[0] in COLORS or words[0] in ("colorless", "and")):
        colors = (colors or []) + ([words[0]] if words[0] in COLORS else [])
        words = words[1:]
    if not words and colors is not None and not addition:  # "All creatures are black": colors set, 105.3
        return [{"kind": "type_change", "colors": colors}], False
    if creatures and words and words[-1] == "creature":
        words = words[:-1]  # 205.1b: "is a Frog creature": still a creature, its other card types kept
    for word in words:
        card_type = _CARD_TYPES.get(word.casefold().removesuffix("s"))
        subtype = nouns.subtype(word)
        if card_type is not None and card_type not in types:
            types.append(card_type)
        elif subtype is not None and card_type is None:
            subtypes.append(subtype)
        else:
            raise Unknown(chunk)
    if colors is not None and (addition or not creatures):
        raise Unknown(chunk)  # "in addition to its other colors", or the colors of a noncreature
    if not addition:
        if types or not subtypes:
            raise Unknown(chunk)
        if all(s in BASIC_LAND_TYPES for s in subtypes) and colors is None:
            return [{"kind": "type_change", "land_types": subtypes}], False
        if not creatures or not all(s.casefold() in CREATURE_TYPES for s in subtypes):
            raise Unknown(chunk)
        change: AbilityData = {"kind": "type_change", "creature_types": subtypes}
        if colors is not None:
            change["colors"] = colors
        return [change], False
    change = {"kind": "type_change"}
    if types:
        change["types"] = types
    if subtypes:
        change["subtypes"] = subtypes
    return [change], False


def _loses(what: str, keyword: Callable[[str], list[AbilityData]]) -> tuple[list[AbilityData], bool]:
    if what in ("all abilities", "all other abilities"):
        return [{"kind": "lose_abilities"}], what == "all other abilities"
    kinds: list[str] = []
    for part in re.split(_LIST, what):
        found = keyword(part.strip())
        if not found or any(set(a) != {"kind"} for a in found):
            raise Unknown(what)  # a keyword with parameters (islandwalk): losing the kind would lose them all
        kinds += [a["kind"] for a in found]
    return [{"kind": "lose_abilities", "kinds": kinds}], False
