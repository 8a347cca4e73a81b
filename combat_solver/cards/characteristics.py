"""Predicates that change what a permanent is (613.1d, layer 4) or take abilities away (613.1f,
layer 6): "is a Knight in addition to its other types", "are every basic land type in addition to
their other types", "are Mountains", "is every creature type", "loses flying", "loses all
abilities". Read into ``type_change`` and ``lose_abilities`` (``rules/characteristics.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..model.chosen_word import CHOSEN
from ..model.creature_types import CREATURE_TYPES
from ..rules.characteristics import BASIC_LAND_TYPES, LAND_TYPES
from .compiled import AbilityData
from .nouns import Nouns
from .phrases import COLORS
from .readers import Unknown

PREDICATE = re.compile(r"(?:is|are|loses?|lose)\b|isn't a creature$")
"""The verbs of these predicates."""
_CARD_TYPES = {"artifact": "artifact", "enchantment": "enchantment", "land": "land", "kindred": "kindred"}
_LIST = r",\s*(?:and\s+)?|\s+and\s+"


_ANIMATION = re.compile(
    r"(?:is|are) (?:an? )?(?:(?P<power>\d+)/(?P<toughness>\d+) )?(?P<what>(?:[\w'-]+ )*?)creatures?"
    r"(?: with (?P<keywords>[a-z ,]+?))?"
)
_STILL = re.compile(r" (?:that's still an? (?:land|planeswalker)|that are still lands)\b")
_ADDITION = re.compile(r" in addition to (?:its|their) other types$")
"""A permanent made a creature (613.1d): "Enchanted land is a 3/3 black Ooze creature that's
still a land", "All Forests are 1/1 creatures that are still lands", "Enchanted artifact is a
creature with base power and toughness 5/5 in addition to its other types", "this artifact is a
2/3 Gargoyle artifact creature with flying"."""


def animation(
    chunk: str,
    nouns: Nouns,
    keyword: Callable[[str], list[AbilityData]],
    base: tuple[int, int] | None,
    printed: tuple[str, ...] | None,
) -> list[AbilityData] | None:
    """A predicate that makes a noncreature a creature (613.1d), or None for another predicate:
    the creature type added, the card types and creature types it names, the colors it gives (a
    new color replaces the old ones, 105.3), the base power and toughness it sets (613.4b) and the
    keywords it has. It keeps its other types where it says so (205.1b: "in addition to its other
    types", "still a land", "an artifact creature": the creature types named replace the old
    ones) or where it names every type it had (``printed``: its own types, for "this artifact is a
    5/5 Golem artifact creature"); else it would lose them (205.1a), and that is ``Unknown``."""
    still, addition = _STILL.search(chunk) is not None, _ADDITION.search(chunk) is not None
    m = _ANIMATION.fullmatch(_ADDITION.sub("", _STILL.sub("", chunk)))
    if m is None:
        return None
    words = m["what"].split()
    colors: list[str] = []
    while words and (words[0] in COLORS or words[0] == "and"):
        colors += [words[0]] if words[0] in COLORS else []
        words = words[1:]
    types, subtypes = ["creature"], []
    for word in words:
        card_type = _CARD_TYPES.get(word)
        subtype = nouns.subtype(word)
        if card_type is not None:
            types.append(card_type)
        elif subtype is not None and subtype.casefold() in CREATURE_TYPES:
            subtypes.append(subtype)
        else:
            raise Unknown(chunk)
    artifact_creature = "artifact" in types
    keeps = still or addition or artifact_creature or (printed is not None and set(printed) <= set(types))
    if not keeps or (addition and colors):
        raise Unknown(chunk)  # 205.1a: its other card types replaced; "in addition to its other colors"
    change: AbilityData = {
        "kind": "type_change",
        "types": [t for t in types if t == "creature" or t not in (printed or ())],
    }
    if artifact_creature and subtypes and not (still or addition):
        change["creature_types"] = subtypes  # 205.1b: "[creature types] artifact creature"
    elif subtypes:
        change["subtypes"] = subtypes
    if colors:
        change["colors"] = colors
    stats = (int(m["power"]), int(m["toughness"])) if m["power"] is not None else base
    if stats is not None:
        change["power"], change["toughness"] = stats
    granted: list[AbilityData] = []
    for part in re.split(_LIST, m["keywords"] or ""):
        if part.strip():
            granted += keyword(part.strip())
    return [change, *granted]


def characteristic(
    chunk: str, nouns: Nouns, keyword: Callable[[str], list[AbilityData]], *, creatures: bool = False
) -> tuple[list[AbilityData], bool]:
    """The abilities of one predicate, and whether it removes the abilities its subject has from
    other predicates of the same sentence too ("loses all other abilities": it comes first, so
    what the sentence gives is kept, 613.7). ``keyword`` reads one keyword into its abilities;
    ``creatures``: the subject names creatures only, so "is a Frog creature" sets its card types
    and its creature types (205.1a: an artifact creature Frogified is no artifact), and a color
    before it sets its colors (105.3).
    A color alone ("is black", "are colorless", "is all colors") sets the colors (105.3, 613.1e).
    Raises ``Unknown`` for a wording it doesn't read exactly: colors added, base power and toughness,
    creature types that replace the old ones (205.1b), "the chosen type" of a land type."""
    if chunk == "isn't a creature":
        return [{"kind": "type_change", "not_creature": True}], False
    lose = re.fullmatch(r"loses? (.+)", chunk)
    if lose is not None:
        return _loses(lose[1], keyword)
    m = re.fullmatch(
        r"(?:is|are) (.+?)( in addition to (?:its|their) other (?:(?:(colors_and_)|land |creature )?types|colors))?",
        chunk,
    )
    if m is None:
        raise Unknown(chunk)
    what, addition, colors_too = m[1], m[2] is not None, m[3] is not None
    if what in ("legendary", "snow"):  # On Serra's Wings: "is legendary"; Glittering Frost: "is snow" (205.4)
        return [{"kind": "type_change", "supertypes": [what]}], False
    if what in ("the chosen type", "the chosen creature type") and addition and "creature_type" in nouns.chosen:
        return [{"kind": "type_change", "subtypes": [CHOSEN]}], False  # Metallic Mimic (607.2d)
    if what == "the chosen color" and "color" in nouns.chosen:  # Alloy Golem, Shifting Sky (607.2d, 105.3)
        return [{"kind": "type_change", "add_colors" if addition else "colors": [CHOSEN]}], False
    if what in ("every creature type", "all creature types"):  # 205.3m
        return [{"kind": "type_change", "every_creature_type": True}], False
    if what == "every basic land type" and addition:
        return [{"kind": "type_change", "every_basic_land_type": True}], False
    if what in ("every land type", "every nonbasic land type"):  # Omo, Planar Nexus: 205.3i's list
        nonbasic = [t for t in LAND_TYPES if t not in BASIC_LAND_TYPES]
        every = {"every_basic_land_type": True} if what == "every land type" else {}  # its land types kept (305.7)
        return [{"kind": "type_change", "subtypes": nonbasic, **every}], False
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
    supertypes = [w for w in words if w in ("legendary", "snow")] if addition else []
    words = [w for w in words if w not in supertypes]
    named_creature = creatures and bool(words) and words[-1] == "creature"
    if named_creature:
        words = words[:-1]  # "is a Frog creature": a creature, its other card types replaced (205.1a)
    for word in words:
        card_type = _CARD_TYPES.get(word.casefold().removesuffix("s"))
        subtype = nouns.subtype(word)
        if card_type is not None and card_type not in types:
            types.append(card_type)
        elif subtype is not None and card_type is None:
            subtypes.append(subtype)
        else:
            raise Unknown(chunk)
    if colors is not None and not colors_too and (addition or not creatures):
        raise Unknown(chunk)  # the colors of a noncreature, set
    if not addition:
        if types or not subtypes:
            raise Unknown(chunk)
        if all(s in BASIC_LAND_TYPES for s in subtypes) and colors is None:
            return [{"kind": "type_change", "land_types": subtypes}], False
        if not creatures or not all(s.casefold() in CREATURE_TYPES for s in subtypes):
            raise Unknown(chunk)
        change: AbilityData = {"kind": "type_change", "creature_types": subtypes}
        if named_creature:
            change |= {"types": ["creature"], "sets_types": True}
        if colors is not None:
            change["colors"] = colors
        return [change], False
    change = {"kind": "type_change"}
    if types:
        change["types"] = types
    if subtypes:
        change["subtypes"] = subtypes
    if colors:  # 105.3: "a black Zombie in addition to its other colors and types"
        change["add_colors"] = colors
    if supertypes:
        change["supertypes"] = supertypes
    return [change], False


def _loses(what: str, keyword: Callable[[str], list[AbilityData]]) -> tuple[list[AbilityData], bool]:
    if what in ("all abilities", "all other abilities"):
        return [{"kind": "lose_abilities"}], what == "all other abilities"
    if what == "all land types and abilities":  # Lithoform Blight: no land type, no mana ability of one (305.6)
        return [{"kind": "type_change", "land_types": []}, {"kind": "lose_abilities"}], False
    kinds: list[str] = []
    for part in re.split(_LIST, what):
        found = keyword(part.strip())
        if not found or any(set(a) != {"kind"} for a in found):
            raise Unknown(what)  # a keyword with parameters (islandwalk): losing the kind would lose them all
        kinds += [a["kind"] for a in found]
    return [{"kind": "lose_abilities", "kinds": kinds}], False


_REPLACED = re.compile(
    r"Enchanted (?:permanent|creature) is an? (?P<colorless>colorless )?(?P<color>(?:white|blue|black|red|green) )?"
    r"(?P<subtypes>(?:[A-Z][\w'-]* )*)(?P<types>(?:(?:artifact|enchantment|land) )*(?:artifact|enchantment|land|creature))"
    r"(?: with base power and toughness (?P<power>\d+)/(?P<toughness>\d+))?(?: with \"(?P<quoted>[^\"]*?),?\",?)?"
    r"(?: with (?P<keyword>[a-z]+(?: \d+)?))?"
    r"(?: and has (?P<keywords>[a-z ,]+?),?)? and (?:it )?loses all other (?P<lost>[a-z, ]+?)\.?"
)
"""Imprisoned in the Moon, Sugar Coat, One with the Stars, Darksteel Mutation, Minimus Containment."""


def replaced_types(
    sentence: str, nouns: Nouns, quoted: Callable[[str], list[AbilityData]], keyword: Callable[[str], list[AbilityData]]
) -> list[AbilityData] | None:
    """ "Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types
    and abilities": its card types set (205.1a; "[creature types] artifact creature" keeps the others,
    205.1b, unless it says it loses them), with its subtypes of the lost types (205.3d), its colors
    (105.3), the abilities it loses first and then what the sentence gives it (613.7: "all other");
    ``quoted`` reads the quoted ability given, ``keyword`` a keyword it has. None for another sentence."""
    m = _REPLACED.fullmatch(sentence)
    if m is None:
        return None
    types = m["types"].split()
    lost = m["lost"]
    if "card types" not in lost and "creature" in types and len(types) > 1:
        raise Unknown(sentence)  # 205.1b: "an Insect artifact creature" keeps its other card types
    if not re.fullmatch(
        r"(?:card types|abilities)(?:,? and (?:card types|abilities|creature types))*"
        r"|abilities, card types, and creature types",
        lost,
    ):
        raise Unknown(sentence)
    change: AbilityData = {"kind": "type_change", "to": {"ids": ["$attached"]}, "types": types, "sets_types": True}
    named = [nouns.subtype(w) for w in m["subtypes"].split()]
    if None in named:
        raise Unknown(sentence)
    creature_types = [s for s in named if s is not None and s.casefold() in CREATURE_TYPES]
    others = [s for s in named if s is not None and s.casefold() not in CREATURE_TYPES]
    if creature_types and "creature" not in types:
        raise Unknown(sentence)
    if creature_types:
        change["creature_types"] = creature_types  # 205.1a: named ones replace the old; none named, kept
    if others:
        change["subtypes"] = others
    if m["colorless"] or m["color"]:
        change["colors"] = [m["color"].strip()] if m["color"] else []
    if m["power"] is not None and "creature" in types:
        change["power"], change["toughness"] = int(m["power"]), int(m["toughness"])
    out: list[AbilityData] = [{"kind": "lose_abilities", "to": {"ids": ["$attached"]}}] if "abilities" in lost else []
    out.append(change)
    given = quoted(m["quoted"].rstrip(".") + ".") if m["quoted"] else []
    for part in [m["keyword"] or "", *re.split(_LIST, m["keywords"] or "")]:
        given += keyword(part.strip()) if part.strip() else []
    return out + [{"kind": "grant", "to": {"ids": ["$attached"]}, "ability": a} for a in given]
