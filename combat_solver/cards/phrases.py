"""The words of Oracle text that make a sentence bear on attack or block legality, the keyword and
number words, and the fixed filters the rules define (multicolored, historic, modified)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

COLORS = ("white", "blue", "black", "red", "green")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker")
SUPERTYPES = ("legendary", "basic", "snow")
MULTICOLORED: dict[str, Any] = {
    "any_of": [{"colors": [a], "any_of": [{"colors": [b]}]} for i, a in enumerate(COLORS) for b in COLORS[i + 1 :]]
}
"""Two or more colors: some pair of colors both present (105.4)."""
HISTORIC = [{"types": ["artifact"]}, {"supertypes": ["legendary"]}, {"subtypes": ["Saga"]}]
"""Artifacts, legendaries and Sagas (700.6)."""
ATTACHED_STATES: dict[str, dict[str, Any]] = {
    "equipped": {"filter": {"subtypes": ["Equipment"]}, "at_least": 1},
    "enchanted": {"filter": {"subtypes": ["Aura"]}, "at_least": 1},
}
"""A permanent an Equipment is attached to is equipped (301.5a), one an Aura is attached to
enchanted (303.4b)."""

MODIFIED: list[dict[str, Any]] = [
    {"counters": {"any": {"ge": 1}}},
    {"attached": ATTACHED_STATES["equipped"]},
    {"attached": {"filter": {"subtypes": ["Aura"], "controller": "you"}, "at_least": 1}},
]
"""700.9: modified — a counter on it, equipped, or enchanted by an Aura its controller controls (exact
only where that controller is the ability's "you": "modified creatures you control")."""

KEYWORD_WORDS = (
    "protection from",
    "bands with other",
    "exert",
    "decayed",
    "provoke",
    "goad",
    "bushido",
    "rampage",
    "unleash",
    "riot",
    "living metal",
)
"""Words that bear on attack or block legality besides the kinds' own keywords (508.1, 509.1)."""


@cache
def filter_keywords() -> dict[str, str]:
    """The kinds a filter's ``has`` can name, by their keyword ("creatures with flying")."""
    from ..rules.registry import keyword_kinds

    return keyword_kinds()


@cache
def legality_keywords() -> tuple[str, ...]:
    """Keywords and phrases that make text bear on attack or block legality (508.1, 509.1)."""
    from ..rules.registry import ability_classes

    kinds = tuple(cls.keyword for cls in ability_classes() if cls.keyword is not None and cls.bears_on_legality)
    return (*kinds, *KEYWORD_WORDS)


LEGALITY_PHRASES = (
    "are mono and continuous",  # Orb of Origin (an Un-card): an added {T} on mana abilities, abilities lost
    "can't attack",
    "can't block",
    "can't be blocked",
    "can block",
    "can attack",
    "can only attack",
    "may attack",
    "attack only",
    "can't be attacked",
    "attacks each combat",
    "attack each combat",
    "blocks each combat",
    "block each combat",
    "if able",
    "able to block",
    "must be blocked",
    "must attack",
    "as though it were untapped",
    "as though they were untapped",
    "as though it didn't have defender",
    "as though they didn't have defender",
    "blocked as though",
    "as though it had haste",
    "as though they had haste",
    "blocks it this",
    "as though you control them",  # The Fearsome Flock: an opponent's mana abilities pay (605.3a)
    # characteristics the rules read (types, abilities): changed here, written on the board
    "lose all abilities",
    "loses all abilities",
    "every creature type",
    "all creature types",
    "all land types",
    "lose unspent",  # 106.4: mana kept from an earlier step, which no board states (Leyline Tyrant, Kruphix)
    "in addition to its other types",
    "in addition to their other types",
    "isn't a creature",
    # 602.5: its mana abilities can't be activated to pay (Arrest); Angel of Jubilation's costs (119.4, 701.21)
    "abilities can't be activated.",
    "sacrifice creatures to cast spells or activate abilities",
    "abilities with {t} in their costs can't be activated.",
    # what an activated ability makes of a permanent: the board writes its result (a note)
    "becomes a copy of",
    "becomes an aura",
    "becomes the color",
)
_TYPE_CHANGE = re.compile(
    r"\b(?:are|becomes?) (?:an? )?(?:islands?|swamps?|mountains?|forests?|plains)\b"
    r"|\bbecomes? the (?:basic land|creature) type\b|\bbecome the land types\b"
)
"""A land made a basic land type, a permanent a creature type (Pixie Illusionist, Mistform Dreamer):
landwalk, filters and conditions read them (305.7, 702.14c): compiled, or a note for an ability."""

_EARTHBEND = re.compile(r"\bearthbend (?:\d+|x)\b")
_COMBAT_ACTIONS = re.compile(r"\b(?:detain|suspect)s?\b(?! counters?\b)")
"""Keyword actions whose result bears on attacking and blocking: a detained permanent can't attack or
block (701.35a), a suspected one has menace and can't block (701.60c); "suspected" alone is a state."""
"""701.66a: "earthbend N" makes a land a 0/0 land creature with haste (its reminder text is read off)."""

_WORD_NUMBERS = {"a": 1, "an": 1, "ninety-nine": 99} | {
    w: n for n, w in enumerate(re.findall(r"\w+", "one two three four five six seven eight nine ten eleven twelve"), 1)
}


def number(word: str) -> int | None:
    """ "two" -> 2, "3" -> 3; None for anything else."""
    w = word.casefold()
    if w.isdigit():
        return int(w)
    return _WORD_NUMBERS.get(w)


def bears_on_legality(sentence: str) -> bool:
    """Does this sentence bear on attack or block legality? (keywords and phrases above, an
    animation: what becomes a creature can attack and block, 302.1, 506.4; and entering as a copy:
    the permanent then has the copied object's characteristics, not its card's, 707.2)"""
    s = sentence.casefold()
    if any(p in s for p in LEGALITY_PHRASES) or _COPY.search(s) or _TYPE_CHANGE.search(s) or _EARTHBEND.search(s):
        return True
    if _COMBAT_ACTIONS.search(s):
        return True
    if _ANIMATION.search(sentence) or _IS_A_CREATURE.search(sentence) or MANA_ABILITY.match(sentence):
        return True
    if MANA_TRIGGER.match(sentence) or gives_mana_ability(sentence):
        return True
    if _CHARACTERISTICS.search(_CONDITION_CLAUSE.sub("", sentence)):
        return True
    if ABILITIES_AS_THOUGH_HASTE.search(sentence) or _ABILITY_COST_REDUCTION.search(sentence):
        return True
    if re.match(r"Activated abilities of [^.]+ can't be activated\.?$", sentence):  # Null Rod (602.5)
        return True
    if _ENTERS_WITH.search(s):
        return False
    s = _SELECTING.sub(" ", _PARTNER_WITH.sub(" ", s))
    return re.search(r"(?<!planes)walk\b", s) is not None or any(
        re.search(rf"\b{re.escape(k)}", s) for k in legality_keywords()
    )


_COPY = re.compile(r"\benters?(?: the battlefield)? as a copy of\b")
_ABILITY_COST_REDUCTION = re.compile(
    r"^(?:The first )?(?:(?:activated|mana) abilit(?:y|ies) (?:of (?!(?:\w+ )?cards?\b)(?:(?!\btargets?\b|\bin your graveyard\b)[^.])*?)?"
    r"|(?:Enchanted|Equipped) \w+'s activated abilities )costs? (?:\{\w+\} (?:less|more)|an additional [^.]+?) to activate"
    r"(?! unless they're mana)",
    re.I,
)
"""601.2f, 605.3a: a change of activated abilities' costs reaches mana abilities: a reduction those
with a mana cost (Tezzeret's "The first activated ability of an artifact you activate each turn",
Training Grounds, Power Artifact), an increase every one (Oppressive Rays' "Activated abilities of
enchanted creature cost {3} more", Gloom): what pays a cost to attack or block changes, which no
kind states (warned). Not those that exclude mana abilities (Suppression Field) or only reach
abilities with a target (605.1a: a mana ability has none) or cards in a graveyard."""


def gives_mana_ability(sentence: str) -> bool:
    """A static sentence that gives a quoted mana ability ("Tokens you control have "{T}: Add
    {G}."", "Enchanted permanent is a colorless land with "{T}: Add {C}""): the mana pays costs to
    attack or block (605.1a, 508.1h), so it bears on legality; not a trigger's or an activated
    ability's result (a token made, a land given it until end of turn: the board states them)."""
    if re.match(r"(?:When|Whenever|At|It|It's|They|He|She|Those|That|Create|Until|For as long as)\b|•", sentence):
        return False  # a trigger, or the next sentence of one or of an activated ability (its token)
    if re.match(r'[^"]*: ', sentence):
        return False
    return any(MANA_ABILITY.match(q) for q in re.findall(r'"([^"]*)"', sentence))


_COLOR_WORDS = r"(?:white|blue|black|red|green)"
_CHARACTERISTICS = re.compile(
    r"\bin addition to (?:its|their) other (?:creature |land )?(?:colors|types)\b"
    r"|\b(?:is|are) (?:all colors|colorless)\b(?! (?:creatures?|permanents?|spells?|cards?|artifacts?|sources?)\b)"
    rf"|\b(?:is|are|becomes?) {_COLOR_WORDS}(?:(?:,|,? and|,? or) {_COLOR_WORDS})*(?:\.|,| and (?:is|are|has|have|gets?)\b| until\b)"
    r"|\b(?:is|are) every (?:nonbasic )?land type\b"
    r"|\blands? (?:is|are) (?:an? )?(?:Plains|Island|Swamp|Mountain|Forest)\b"
    r"|^(?:Enchanted|Equipped) (?:creature|permanent|artifact|land) is an? (?:colorless |[a-z]+ )*?(?:[A-Z]|land\b|copy of\b)"
    r"|^Enchanted (?:creature|permanent) is an? [^.]*\bloses all other\b"
    r"|\bare [A-Z][a-z]+s\.$"
    r"|\b(?:is|are) (?:snow|legendary)\.$"
    r"|\b(?:is|are|becomes?) the (?:last |first |second )?chosen (?:colou?r|(?:basic land |creature )?type)\b"
    r"|\bare no longer snow\b|\b(?:is|are) basic\.$|\b(?:is|are) tokens?\.$"
    r"|\b(?:becomes your choice of|enters as) an? (?:\d+|X)/(?:\d+|X) creature\b|\bcan be attacked\b"
    r"|\bha(?:s|ve) the chosen name, types\b|\bcreature types of\b|\bis a copy of\b"
    r"|\b(?:is|it's) an? [A-Z][\w'-]*(?: [A-Z][\w'-]*)* with base power and toughness\b"
)
"""Text that changes the colors or types the rules read (613.1d-e: "All creatures are black",
"$self is all colors", "is a black Zombie in addition to its other colors and types", "Enchanted
land is a Mountain, Forest, and Plains", "This land is every nonbasic land type"): protection,
fear, landwalk and filters read them, so it is compiled exactly or warned."""
_CONDITION_CLAUSE = re.compile(r"\b(?i:if|as long as|while|unless) [^,.]+(?:, |\.$|$)")
#: "As long as you control eight or more permanents named Phoenix Fleet Airship, $self is an
#: artifact creature": a permanent that is a creature while a condition holds (302.1, 506.4).
#: "{T}: Add {G}{U}.", "Discard a card: Add {B}.", "{T}: Add {G} for each Elf on the battlefield.": a
#: mana ability (605.1a: an activated ability that adds mana and is no loyalty ability; one with a
#: target is read as none of the vocabulary's, so warned) can pay costs to attack or block (508.1h,
#: 509.1d, 605.3a): compiled exactly or warned.
ABILITIES_AS_THOUGH_HASTE = re.compile(r"\bactivate abilities of [^.]+ as though [^.]+ had haste\b", re.I)
"""302.6: "You may activate abilities of creatures you control as though those creatures had haste"
(Thousand-Year Elixir): a summoning-sick creature's {T} mana ability may then pay a cost to attack
or block, so the sentence bears on legality: read by ``activate_as_though_haste``'s phrases
(rules/attacking.py), any other wording of it warned."""
MANA_TRIGGER = re.compile(
    r"^Whenever [^,]*\b(?:taps?|is tapped|are tapped) [^,]*for (?:mana|\{[WUBRGCS]\}|one or more mana), [^.]*\badds?\b"
)
"""605.1b: a triggered mana ability ("Whenever a player taps a land for mana, that player adds
..."): more mana to pay costs to attack or block with, which the vocabulary doesn't state (warned)."""
ABILITIES_OF_OTHERS = re.compile(
    r"\bha(?:s|ve) (?:all )?(?:the )?(?:activated )?abilities of\b|\bha(?:s|ve) the (?:full )?text(?: box)? of\b|\bspend (?:[\w-]+ )*?mana (?:only )?as though (?:it|they) were [\w ]*?mana(?: of any (?:color|type))?\.?$",
    re.I,
)
"""Vazal, the Compleat: "has the activated abilities of all other permanents on the battlefield":
mana abilities among them pay costs to attack or block (605.1a); Celestial Dawn's "You may spend
other mana only as though it were colorless mana" changes what pays a colored cost to attack
(508.1h): neither is read (warned)."""
MANA_ABILITY = re.compile(
    r"^(?!\[)[^:\"]+: (?:(?:(?!\btarget\b)[^\"])*?\. |(?:If|For each) [^,\"]+, )?(?:[Aa]dd|(?:Each|That|A) player"
    r"(?: of your choice)? adds) (?:[\w'/-]+ ){0,8}?(?:\{|mana\b)"
)
"""605.1a: an activated ability that could add mana, with no target (Metalworker's "{T}: Reveal
any number of artifact cards in your hand. Add {C}{C} for each card revealed this way." too; Rainbow
Dash's "{T}: If you're at least 100% cool, add ..."; Sunbird Effigy's "{T}: For each color among ...,
add one mana of that color")."""
_IS_A_CREATURE = re.compile(
    r"(?:^|, )(?:\$self is|it's) an? (?:artifact |enchantment |land )*creature(?: with power and toughness .+)?\.?$"
    r"|(?:^|, )(?:\$self is|it's) an? (?:artifact |enchantment )*land\.?$"
)

#: "creatures with flying", "creature spells you cast with banding", "a creature card with flying":
#: a keyword that only selects creatures, spells or cards gives or takes nothing ("bands with other"
#: is a keyword, not a selection).
_SELECTING = re.compile(
    r"\b(?!bands\b)(?:creatures?|permanents?|tokens?|spells?|cards?|[a-z]+s)"
    r"(?: you control| your opponents control| you cast| on the battlefield)? with(?:out)? "
    r"[a-z]+(?:(?:,| and/or| or| and) [a-z]+)*"
)
_PARTNER_WITH = re.compile(r"\bpartner with .+$")
"""702.124j: "Partner with [name]", a name that may hold a keyword ("Ukkima, Stalking Shadow")."""
#: "enters with a flying counter on it", "your choice of two different counters on it from among
#: menace, ...": the board states the counters it has (122.1b).
_ENTERS_WITH = re.compile(r"^[^.]*\benters? with\b[^.]*\bcounters? on (?:it|them)(?: from among [^.]+)?\.?$")
#: "becomes a 3/3 creature", "become 1/1 Elemental creatures", "is a 2/2 artifact creature": a
#: permanent that becomes a creature (or is one with a size); words between are the creature's
#: colors and types.
_ANIMATION = re.compile(
    r"\b(?:(?i:becomes?)(?: an?)?(?: (?:\d+|X)/(?:\d+|X))?|(?i:is|are|it's|they're|he's|she's) (?:an? |all )?(?:\d+|X)/(?:\d+|X))"
    r"(?: (?:[A-Z][\w'-]*|white|blue|black|red|green|colorless|legendary|artifact|enchantment|land|and|,))*"
    r" creatures?\b(?! cards?\b| spells?\b)"
)
