"""A mana ability's line (605.1a) read with the ``mana`` kind's phrases: its cost, what it makes and
what else it does; the same reading for a line of its own and a quoted ability a permanent gives
("Elves you control have \"{T}: Add {G}{G}.\"")."""

from __future__ import annotations

import re
from typing import Any

from ..rules.mana import ManaAbility
from ..rules.phrase import Place
from ..rules.registry import ability_class
from .compiled import MANA_FOR_ABILITIES, AbilityData, Result
from .oracle_text import sentences
from .readers import Readers, Unknown
from .wordings import Wordings

MANA_SIDE_EFFECT = re.compile(
    r"^(?:If that mana is spent\b|(?:When|If) you spend this mana\b|When that mana is spent\b|\$self deals \w+ damage to each opponent\.$"
    r"|Each opponent gains \w+ life\.$|\$self doesn't untap during your next untap step\.$"
    r"|Put (?:an?|two|three) [a-z]+ counters? on \$self\.$|Remove an? [a-z]+ counter from \$self\.$|When you do, |You get \w+ poison counters?\.$"
    r"|(?:When|If) this mana is spent to cast\b|When you next cast\b.* this turn, |Scry \w+\.$|Roll a d\d+\.$"
    r"|This mana can't be spent to cast (?:nonartifact spells|a nonartifact spell|spells from your hand)\.$"
    r"|Creature spells you spend this mana to cast have\b|During your next untap step, "
    r"|An opponent gains control of \$self at the beginning of the next end step\.$"
    r"|If this ability has been activated \w+ or more times this turn, sacrifice \$self at the beginning of the next end step\.$"
    r"|Draw a card at the beginning of the next turn's upkeep\.$|You may choose new targets for the copy\.$)"
)
"""605.1a: what a mana ability does besides making mana that changes nothing its mana can pay (its
controller's life, hand and permanents stay as they were: "Draw a card" is not among them); a
reflexive trigger ("When you do, mill two cards", 603.12) resolves only after the cost is paid;
what happens later (a spell cast with the mana, the next untap step or end step) or to the library
(scry) changes nothing now, and mana that only can't be spent on some spells pays a cost to attack
or block all the same (it is no spell)."""


_OUTPUT = (
    "produces",
    "makes",
    "mix",
    "amount",
    "per_counter",
    *ManaAbility.counted_by,
    "like",
    "like_type",
)
"""The fields that say what a mana ability makes (the rest: its cost and restrictions)."""


def _merged(into: AbilityData, part: AbilityData) -> None:
    """``part``'s fields added to ``into`` (the fields of ``cost`` one by one)."""
    for k, v in part.items():
        if k == "cost" and "cost" in into:
            into["cost"] = {**into["cost"], **v}
        elif k in into and k != "tap":
            raise Unknown(str(part))
        else:
            into[k] = v


def _plain(ability: AbilityData) -> AbilityData:
    """The ability as the vocabulary's simplest fields say it: {T} unwritten (the default), one
    combination of one color as ``produces`` and ``amount`` ("{C}{C}": ``C``, 2)."""
    out = {k: v for k, v in ability.items() if k != "tap" or not v}
    makes = out.get("makes")
    symbols = re.findall(r"[WUBRGC]", makes[0]) if makes is not None and len(makes) == 1 else []
    if symbols and len(set(symbols)) == 1:
        del out["makes"]
        out["produces"], out["amount"] = symbols[0], len(symbols)
    return out


_MOVES_A_LIBRARY_CARD = re.compile(
    r"\b(?:draws?|mills?) (?:a|an|one|two|three|four|five|X|that many|\d+) (?:\w+ )?cards?\b"
    r"|\bsearch (?:your|their|its owner's|that player's) library\b"
    r"|\b(?:into|on (?:the )?(?:top|bottom) of) (?:your|their|its owner's|that player's) library\b"
    r"|\b(?:exile|put|mill) the top (?:\w+ )?cards? of (?:your|their|that player's) library\b",
    re.I,
)
"""605.1a (September 25, 2026): an activated ability whose cost or effect moves a card to or from a
library (draws, mills, searches, puts a card into or on a library) is no mana ability, whatever
mana it adds (Chromatic Sphere, Sungrass Egg)."""


def _own_and_triggered(effect: str) -> tuple[list[str], list[str]]:
    """The sentences of an effect that act as it resolves, and those of a delayed or reflexive
    trigger it creates: its first "When" sentence and all after it (603.7: Codie's "When you next
    cast a spell this turn, exile cards ... Put each other card ...")."""
    said = sentences(effect)
    at = next((k for k, s in enumerate(said) if re.match(r"(?:When|Whenever)\b", s)), len(said))
    return said[:at], said[at:]


_SIDE_NOTE = "mana ability: what it does besides making mana, once used, give as an effect"
NOT_A_MANA_ABILITY = (
    "no mana ability: it moves a card to or from a library (605.1a), so it can't be activated while a cost "
    "to attack or block is paid (508.1g), and its mana is gone before then (500.4)"
)


def read_mana(line: str, wordings: Wordings, readers: Readers) -> Result:
    """605.1a: a mana ability, read with the ``mana`` kind's phrases: each part of its cost
    ("{1}", "{T}", "Pay 1 life", "Sacrifice $self") and each sentence of its effect ("Add
    {G}{U}.", "Activate only once each turn.", "$self deals 2 damage to you."); a sentence that
    changes nothing it can pay ("If that mana is spent on a creature spell, it gains haste")
    is a note; "If <condition>, add <mana> instead." makes two abilities, each under the condition
    or unless it (Urza's Tower); "Add <mana> or one mana of the chosen color." makes two
    abilities with one cost (activating it is activating one of them, 605.1a). Mana spendable
    only on spells or abilities pays no cost to attack or block (106.6), and neither does one
    activated only as a sorcery (602.5d: in a main phase, never while attackers or blockers are
    declared) or only as an instant (602.5e, 304.5: with priority, which no one has while those
    costs are paid): a note. Anything else is ``Unknown``."""
    head, _, effect = line.partition(": ")
    effect = re.sub(  # Yurlok, Valleymaker, Victory Chimes: its controller may be that player; the others'
        r"^(?:Each player adds|Choose a player\. That player adds|A player of your choice adds) (.+?)(?: they choose)?\.",
        r"Add \1.",  # mana pays nothing in this declaration: only the declaring player pays (508.1g, 509.1d)
        effect,
    )
    effect = re.sub(r"for each (\w+) you control named ([^.]+)\.", r"for each \1 named \2 you control.", effect)
    effect = re.sub(
        r"for each (\w+) you control (with [^.]+)\.", r"for each \1 \2 you control.", effect
    )  # Overgrown Battlement
    effect = re.sub(  # Astral Cornucopia: all of the one color chosen (106.1)
        r"^Choose a color\. Add one mana of that color for each ([a-z+/\d-]+) counter on \$self\.",
        r"Add X mana of any one color, where X is the number of \1 counters on $self.",
        effect,
    )
    if "Spend this mana only on costs that contain {X}" in effect:
        raise Unknown(line)  # Nexos: an {X} cost to attack or block (508.1h: War Cadence's) contains {X}
    if "Spend this mana only" in effect and re.search(r"Spend this mana only[^.]*\babilit", effect):
        return (
            [],
            f"mana spendable only on spells or abilities: it pays no cost to attack or block (106.6); {MANA_FOR_ABILITIES}",
        )
    if "Spend this mana only" in effect:
        return [], "mana spendable only on spells or abilities: it pays no cost to attack or block (106.6)"
    own, triggered = _own_and_triggered(effect)
    now = [sentence for sentence in own if "at the beginning of" not in sentence.casefold()]  # Astrolabe's later draw
    if any(_MOVES_A_LIBRARY_CARD.search(part) for part in [head, *now]):
        return [], NOT_A_MANA_ABILITY
    if "Activate only as a sorcery." in sentences(effect):
        return [], "activated only as a sorcery: never in a combat step, it pays no cost to attack or block (602.5d)"
    if "Activate only as an instant." in sentences(effect):  # Lion's Eye Diamond: not while costs are paid (508.1g)
        return (
            [],
            "activated only as an instant: only with priority, it pays no cost to attack or block (602.5e, 304.5)",
        )
    ability: AbilityData = {"kind": "mana", "tap": False}
    for part in head.split(", "):
        _merged(ability, _part(wordings, readers, "mana_cost", part, line))
    if triggered and not MANA_SIDE_EFFECT.match(triggered[0]):
        raise Unknown(line)
    note = _SIDE_NOTE if triggered else None
    instead: tuple[Any, AbilityData, str] | None = None
    alternative: AbilityData | None = None
    for k, sentence in enumerate(own):
        either = re.fullmatch(r"Add (.+) or (one mana of the chosen color)\.", sentence) if k == 0 else None
        if either:  # Paradise Plume: "{W} or one mana of the chosen color", either of two abilities
            alternative = _part(wordings, readers, "mana_effect", f"Add {either[2]}.", line)
            sentence = f"Add {either[1]}."
        hurts = (
            re.fullmatch(r"\$self deals (\d+) damage to you if you don't control (.+)\.", sentence) if k == 1 else None
        )
        if hurts:  # Tomb of Urami: the damage only while you control no Ogre (two abilities, one at a time)
            condition = readers.read("condition", f"you control {hurts[2]}")
            instead = (condition, {"damage_to_you": int(hurts[1])}, "unless")
            continue
        side = re.fullmatch(r"If (.+?), ((?:you gain|you lose|\$self deals) \w+ (?:life|damage to you)\.)", sentence)
        if side and k == 1:  # Avid Reclaimer, Temur Elevator: the life gained or lost only while a condition holds
            holds = re.sub(r"^you don't have\b", "you have", side[1])
            output = _part(wordings, readers, "mana_effect", side[2][0].upper() + side[2][1:], line)
            instead = (readers.read("condition", holds), output, "with" if holds == side[1] else "unless")
            continue
        otherwise = re.fullmatch(r"If (.+), (?:add (.+) instead|instead add (.+))\.", sentence) if k == 1 else None
        if otherwise:  # Urza's Tower, Ilysian Caryatid, Gemstone Caverns: another output while a condition holds
            output = _part(wordings, readers, "mana_effect", f"Add {otherwise[2] or otherwise[3]}.", line)
            instead = (readers.read("condition", otherwise[1]), output, "instead")
            continue
        if k and MANA_SIDE_EFFECT.match(sentence):
            note = _SIDE_NOTE
            continue
        found = _part(wordings, readers, "mana_effect", sentence, line)
        if (k == 0) != any(output in found for output in ("produces", "makes", "like")):
            raise Unknown(line)
        _merged(ability, found)
    abilities = [ability]
    if alternative is not None:
        if instead is not None or "per_turn" in ability:
            raise Unknown(line)
        base = {k: v for k, v in ability.items() if k not in _OUTPUT}
        abilities.append({**base, **alternative})
    if instead is not None:
        condition, output, mode = instead
        if "condition" in ability or (mode != "instead" and set(output) & set(ability)):
            raise Unknown(line)
        if mode == "with":  # the life gained or lost comes with the mana while the condition holds
            abilities = [{**ability, **output, "condition": condition}, {**ability, "unless": condition}]
        elif mode == "unless":  # the damage or life lost comes with the mana unless the condition holds
            abilities = [{**ability, **output, "unless": condition}, {**ability, "condition": condition}]
        else:
            base = {k: v for k, v in ability.items() if k not in _OUTPUT}
            abilities = [{**ability, "unless": condition}, {**base, **output, "condition": condition}]
    for a in abilities:
        try:
            ability_class("mana").model_validate(a)
        except ValueError as e:
            raise Unknown(line) from e
    return [_plain(a) for a in abilities], note


def _part(wordings: Wordings, readers: Readers, place: Place, text: str, line: str) -> AbilityData:
    found = wordings.read(place, text, readers)
    if found is None:
        raise Unknown(line)
    return {k: v for k, v in found[0].items() if k != "kind"}


_TRIGGER = re.compile(
    r"(Whenever .+? for mana, (?:its controller adds|that player adds|add)(?: an additional)?) (.+?)\."
)
"""605.1b: a triggered mana ability's trigger and the mana it adds."""

MANA_TRIGGER_NOTE = re.compile(r"^That land doesn't untap during its controller's next untap step\.$")
"""What a triggered mana ability does besides adding mana that changes nothing its mana pays for now
(the next untap step: Winter's Night)."""


def read_mana_trigger(line: str, wordings: Wordings, readers: Readers) -> Result:
    """605.1b, 106.12: "Whenever enchanted land is tapped for mana, its controller adds an additional
    {G}" read with the ``mana_trigger`` kind's phrases (the trigger, and "one mana of any type that
    land produced") and the mana it adds with the ``mana`` kind's ("{G}{G}", "one mana of any color",
    "two mana in any combination of colors", "one mana of the chosen color"); a later sentence that
    changes nothing now (Winter's Night's untap step) is a note; anything else is ``Unknown``
    (Overabundance's damage, Snowfall's "may ... instead")."""
    first, *rest = sentences(line)
    found = _TRIGGER.fullmatch(first)
    if found is None or any(not MANA_TRIGGER_NOTE.match(s) for s in rest):
        raise Unknown(line)
    trigger = _part(wordings, readers, "mana_trigger", found[1], line)
    same = wordings.read("mana_trigger", found[2], readers)
    if same is not None:
        output = {k: v for k, v in same[0].items() if k != "kind"}
    else:
        made = _part(wordings, readers, "mana_effect", f"Add {found[2]}.", line)
        if set(made) - {"produces", "amount", "mix", "makes"}:
            raise Unknown(line)
        output = _plain(made)
    ability = {"kind": "mana_trigger", **trigger, **output}
    try:
        ability_class("mana_trigger").model_validate(ability)
    except ValueError as e:
        raise Unknown(line) from e
    note = "triggered mana ability: what it does besides adding mana happens later (not stated)" if rest else None
    return [ability], note
