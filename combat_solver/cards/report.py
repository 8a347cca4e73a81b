"""A card's report: its compiled abilities for people (``combat-solver card NAME``) and as JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..model.errors import InputError
from ..rules.phrase import ATTACHED, CONTROLLER, POWER, SELF
from .card_record import CardRecord
from .compiled import Compiled

if TYPE_CHECKING:
    from .catalog import Catalog

PLACEHOLDERS = {
    SELF: "this permanent's id",
    ATTACHED: "the id of the permanent (or, for enchant player, the player) it is attached to (attached_to)",
    CONTROLLER: "its controller",
    POWER: "its current power",
}


def card_report(record: CardRecord, compiled: Compiled) -> dict[str, Any]:
    return {
        "name": record.name,
        "types": list(record.types),
        "subtypes": list(record.subtypes),
        "supertypes": list(record.supertypes),
        "colors": list(record.colors),
        "power": record.power,
        "toughness": record.toughness,
        "text": record.text,
        "abilities": list(compiled.abilities),
        "warnings": list(compiled.all_warnings),
        "levels": [
            {
                "counter": level.counter,
                "at_least": level.at_least,
                "at_most": level.at_most,
                "abilities": list(level.abilities),
                "power": level.power,
                "toughness": level.toughness,
                "creature": level.creature,
            }
            for level in compiled.levels
        ],
        "notes": list(compiled.notes),
        "choices": list(compiled.choices),
        "copy": None if compiled.copy is None else _copy_report(compiled),
    }


def _copy_report(compiled: Compiled) -> dict[str, Any]:
    """A copy effect's exceptions (707.9) as the labels write them (``labels.canonical_copy``)."""
    copy = compiled.copy
    assert copy is not None
    fields = {
        "types": list(copy.types),
        "subtypes": list(copy.subtypes),
        "supertypes": list(copy.supertypes),
        "not_legendary": copy.not_legendary,
        "keeps_name": copy.keeps_name,
        "keeps_colors": copy.keeps_colors,
        "power": copy.power,
        "toughness": copy.toughness,
        "abilities": list(copy.abilities),
    }
    return {k: v for k, v in fields.items() if v not in ([], False, None)}


def render_card(record: CardRecord, compiled: Compiled) -> str:
    stats = f" {record.power}/{record.toughness}" if record.power is not None else ""
    subtypes = f" — {' '.join(record.subtypes)}" if record.subtypes else ""
    kinds = " ".join([*record.supertypes, *record.types])
    lines = [
        f"{record.name} ({kinds}{subtypes}{stats}; {', '.join(record.colors) or 'colorless'})",
        *(f"  | {line}" for line in record.text.splitlines()),
        "Abilities:" if compiled.abilities else "Abilities: none in the combat vocabulary",
    ]
    lines += [f"  - {json.dumps(a, separators=(', ', ': '))}" for a in compiled.abilities]
    used = [f"{k} = {v}" for k, v in PLACEHOLDERS.items() if any(k in json.dumps(a) for a in compiled.abilities)]
    if used:
        lines.append("  (" + "; ".join(used) + ")")
    for level in compiled.levels:
        span = f"{level.at_least}+" if level.at_most is None else f"{level.at_least}-{level.at_most}"
        what = [json.dumps(a, separators=(", ", ": ")) for a in level.abilities]
        if level.power is not None:
            what.insert(0, f"base {level.power}/{level.toughness}")
        if level.creature:
            what.insert(0, "is a creature")
        lines.append(
            f"With {span} {level.counter} counters (from `counters`): {'; '.join(what) or 'nothing for combat'}"
        )
    if compiled.choices:
        lines.append(
            "Choices made as it enters (the board's `chosen`; without them a verdict warns): "
            + ", ".join(compiled.choices)
        )
    if compiled.copy is not None:
        exceptions = json.dumps(_copy_report(compiled), separators=(", ", ": "))
        lines.append(
            "Enters as a copy (707.2): it is the card the board's `copy_of` names (without it a verdict warns)"
            + (f"; its exceptions (707.9): {exceptions}" if exceptions != "{}" else "")
        )
    if compiled.all_warnings:
        lines.append("Not compiled (a verdict with this card carries these warnings):")
        lines += [f"  - {w}" for w in compiled.all_warnings]
    if compiled.notes:
        lines.append("Notes (give the result as an `effect` once it happens):")
        lines += [f"  - {n}" for n in compiled.notes]
    return "\n".join(lines)


def looked_up(catalog: Catalog, name: str, copy_of: Sequence[str] = ()) -> tuple[CardRecord, Compiled]:
    """The card ``name`` and its compiled abilities, as a copy of ``copy_of`` when given (707.2;
    a copy of a copy, 707.3): an unknown card is an ``InputError`` naming the argument."""
    from .catalog import UnknownCard

    try:
        record = catalog.get(name)
    except UnknownCard as e:
        raise InputError.one(("name",), "unknown_card", str(e)) from None
    compiled = catalog.compiled(record)
    if copy_of:
        from .resolve import CardError, as_copy

        try:
            record, compiled, _, _ = as_copy(record, compiled, list(copy_of), catalog, name)
        except CardError as e:
            index = e.field[1] if isinstance(e.field, tuple) else 0
            raise InputError.one(("--copy-of", index), e.code, str(e)) from None
    return record, compiled
