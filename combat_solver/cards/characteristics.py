"""Predicates that change what a permanent is (613.1d, layer 4) or take abilities away (613.1f,
layer 6): "is a Knight in addition to its other types", "are every basic land type in addition to
their other types", "are Mountains", "is every creature type", "loses flying", "loses all
abilities". Read into ``type_change`` and ``lose_abilities`` (``rules/characteristics.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..rules.characteristics import BASIC_LAND_TYPES
from .compiled import AbilityData
from .phrases import Nouns
from .readers import Unknown

PREDICATE = re.compile(r"(?:is|are|loses?|lose)\b")
"""The verbs of these predicates."""
_CARD_TYPES = {"artifact": "artifact", "enchantment": "enchantment", "land": "land"}
_LIST = r",\s*(?:and\s+)?|\s+and\s+"


def characteristic(
    chunk: str, nouns: Nouns, keyword: Callable[[str], list[AbilityData]]
) -> tuple[list[AbilityData], bool]:
    """The abilities of one predicate, and whether it removes the abilities its subject has from
    other predicates of the same sentence too ("loses all other abilities": it comes first, so
    what the sentence gives is kept, 613.7). ``keyword`` reads one keyword into its abilities.
    Raises ``Unknown`` for a wording it doesn't read exactly: colors, base power and toughness,
    creature types that replace the old ones (205.1b), "the chosen type"."""
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
    types: list[str] = []
    subtypes: list[str] = []
    for word in re.sub(r"^an? ", "", what).split():
        card_type = _CARD_TYPES.get(word.casefold().removesuffix("s"))
        subtype = nouns.subtype(word)
        if card_type is not None and card_type not in types:
            types.append(card_type)
        elif subtype is not None and card_type is None:
            subtypes.append(subtype)
        else:
            raise Unknown(chunk)
    if not addition:
        if types or not subtypes or any(s not in BASIC_LAND_TYPES for s in subtypes):
            raise Unknown(chunk)
        return [{"kind": "type_change", "land_types": subtypes}], False
    change: AbilityData = {"kind": "type_change"}
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
