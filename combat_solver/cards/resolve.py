"""A permanent given by card name or token description, with its state on top, turned into the
fields the rules read (name, types, colors, power, toughness, abilities).

Precedence: fields written on the permanent win over the card's. ``power``/``toughness`` written
on the permanent are its current values (every effect and counter included); otherwise they are
the printed values plus power/toughness counters (122.1a). Keyword counters add their ability
(122.1b). Hand-written ``abilities`` are added to the compiled ones; with ``card_text: false``
they are the complete list (no compiled abilities, no keyword counters, no warnings: the board
states its abilities). A resolved permanent has ``card_text: false``, so resolving is idempotent.
The catalog and the compiler are imported when a permanent names a card, a token or counters.
A permanent that entered as a copy has the copiable values of its ``copy_of`` card (707.2).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pydantic import Field

from ..model.base import Strict, pt_counter
from ..model.errors import ErrorCode
from ..model.mana_cost import MANA_COST_PATTERN, symbols
from .compiled import MANA_FOR_ABILITIES, MANA_SIDE_EFFECTS, SACRIFICE_BARRED, TEAM_ATTACKING_PLAYER

if TYPE_CHECKING:
    from .card_record import CardRecord
    from .catalog import Catalog
    from .compiled import Compiled, Level

#: 122.1b: counters that give their keyword ability to the permanent they're on.
KEYWORD_COUNTERS = (
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "decayed",
    "exalted",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "shadow",
    "trample",
    "vigilance",
)


class Token(Strict):
    """A token by description: ``{name: Goblin, subtypes: [Goblin], colors: [red], power: 1,
    toughness: 1, keywords: [haste]}``; ``text`` is compiled like a card's Oracle text."""

    name: str = Field(min_length=1)
    types: tuple[str, ...] = ("creature",)
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    text: str = ""

    def record(self) -> CardRecord:
        from .card_record import CardRecord

        text = "\n".join([", ".join(self.keywords), self.text] if self.keywords else [self.text])
        return CardRecord(
            name=self.name,
            mana_cost="",
            types=self.types,
            subtypes=self.subtypes,
            supertypes=self.supertypes,
            power=None if self.power is None else str(self.power),
            toughness=None if self.toughness is None else str(self.toughness),
            text=text,
            layout="token",
            colors=self.colors,
        )


class CardError(ValueError):
    """A ``card``, ``token`` or ``copy_of`` that can't be resolved; ``field`` names the key at
    fault (with the index of a ``copy_of`` list's card)."""

    def __init__(self, field: str | tuple[str, int], code: ErrorCode, message: str) -> None:
        self.field = field
        self.code = code
        super().__init__(message)


def catalog_of(context: Any) -> Catalog:
    """The catalog passed as validation context (``{"catalog": ...}``), else the bundled one."""
    from .catalog import Catalog, bundled_catalog

    found = context.get("catalog") if isinstance(context, Mapping) else None
    return found if isinstance(found, Catalog) else bundled_catalog()


def resolve(data: Mapping[str, Any], context: Any) -> dict[str, Any]:
    """The permanent's fields with the card or token filled in (``data`` itself is not changed)."""
    out = dict(data)
    catalog = catalog_of(context)
    record, compiled = _source(out, context)
    use_text = out.get("card_text", True)
    printed: set[str] = set()
    found: list[Any] = []
    if record is None and out.get("copy_of") is not None:
        raise CardError(
            "copy_of", "not_a_copy", "a permanent written out copies nothing: name its card (`card: Clone`)"
        )
    if record is not None and compiled is not None:
        who = f"{record.name.split(' // ')[0]} ({out.get('id')})"
        record, compiled, name, copy_warnings = as_copy(record, compiled, out.get("copy_of"), catalog, who)
        out.setdefault("name", name)
        if use_text:
            out = _warned(out, copy_warnings)
        if _CHANGELING.search(record.text):
            out.setdefault("subtypes", list(catalog.creature_types))
        levels = _active_levels(compiled, out.get("counters")) if use_text else []
        if any(level.creature for level in levels):
            out.setdefault("types", [*record.permanent_types, "creature"])
        for level in levels:
            if level.power is not None and out.get("power") is None:
                out["power"], out["toughness"] = level.power, level.toughness
                printed |= {"power", "toughness"}
        if use_text and compiled.creature_unless_attached and out.get("attached_to") is not None:
            # 702.151b (reconfigure), 702.103b (bestowed: an Aura enchantment): not a creature
            out.setdefault("types", [t for t in record.permanent_types if t != "creature"])
        printed |= _fill(out, record)
        if use_text:
            found = [*compiled.abilities, *(a for level in levels for a in level.abilities)]
            warned = [
                *compiled.warnings,
                *(w for level in levels for w in level.warnings),
                *compiled.uncounted_triggers,
            ]
            found, missing = _as_chosen(found, compiled, out, catalog)
            out = _warned(out, [*warned, *missing])
    counters = out.get("counters") or {}
    if isinstance(counters, Mapping) and use_text:
        found += _apply_counters(out, counters, printed, catalog)
    if found:
        out["abilities"] = [*_placed(tuple(found), out), *out.get("abilities", ())]
    out["card_text"] = False
    return out


def graveyard_card(name: str, context: Any) -> dict[str, Any]:
    """The characteristics a card named ``name`` has in a graveyard: its types and subtypes (a
    changeling has every creature type: 702.73a, a characteristic-defining ability works in
    every zone, 604.3). A double-faced card has its front face's (712.8a), an adventurer card its
    normal ones (715.4); a split card has both halves' combined (709.4), which the catalog's
    first half doesn't give: such a card is given by its types instead."""
    from .catalog import UnknownCard

    catalog = catalog_of(context)
    try:
        record = catalog.get(name)
    except UnknownCard as e:
        raise CardError("card", "unknown_card", str(e)) from None
    if record.layout in ("split", "aftermath"):
        raise CardError(
            "card",
            "not_applicable",
            f"{record.name} is a split card: in a graveyard it has both halves' characteristics (709.4); "
            "give its `types` and `subtypes` instead",
        )
    if record.layout in ("transform", "modal_dfc", "meld") and " // " not in record.name:
        raise CardError(
            "card",
            "not_applicable",
            f"{record.name} is the back face of a double-faced card: in a graveyard the card has its "
            "front face's characteristics (712.8a); name the front face",
        )
    subtypes = list(record.subtypes)
    if _CHANGELING.search(record.text):
        from ..model.creature_types import CREATURE_TYPES

        have = {s.casefold() for s in subtypes}
        subtypes += [t for t in catalog.creature_types if t.casefold() in CREATURE_TYPES - have]
    return {"card": record.name, "types": list(record.types), "subtypes": subtypes}


def on_turn(permanents: Any, turn_players: frozenset[str], context: Any) -> Any:
    """The permanents of a board with living metal read (702.161a: "During your turn, this
    permanent is an artifact creature in addition to its other types"): a permanent by card or
    token whose controller's turn it is (``turn_players``: the active player, or the active
    team with shared team turns, 805.4a) and whose types aren't written gets them. Anything it
    can't read is left to ``resolve`` to report."""
    if not isinstance(permanents, list | tuple):
        return permanents
    out = []
    for data in permanents:
        if (
            isinstance(data, Mapping)
            and (data.get("card") is not None or data.get("token") is not None)
            and "types" not in data
            and data.get("card_text", True)
            and isinstance(data.get("controller"), str)
            and data["controller"] in turn_players
        ):
            try:
                record, compiled = _source(dict(data), context)
                if record is not None and compiled is not None:
                    record, compiled, _, _ = as_copy(record, compiled, data.get("copy_of"), catalog_of(context), "")
            except (CardError, ValueError):
                record, compiled = None, None
            if record is not None and compiled is not None and compiled.creature_during_your_turn:
                types = list(record.permanent_types)
                types += [t for t in ("artifact", "creature") if t not in types]
                data = {**data, "types": types}
        out.append(data)
    return out


def graveyard_effects(players: Any, context: Any) -> list[dict[str, Any]]:
    """113.6b: the effects of the cards a player's ``graveyard_cards`` names that function from
    the graveyard (Wonder, Filth, Anger, Riftstone Portal): each the card's, controlled by the
    player (its owner, 108.3); a grant as an effect on what it grants to, its condition on the
    ability it gives."""
    out: list[dict[str, Any]] = []
    for player in players if isinstance(players, list | tuple) else ():
        entries = _field(player, "graveyard_cards")
        for entry in entries if isinstance(entries, list | tuple) else ():
            name = entry if isinstance(entry, str) else _field(entry, "card")
            try:
                catalog = catalog_of(context)
                compiled = catalog.compiled(catalog.get(name)) if isinstance(name, str) else None
            except (CardError, ValueError, KeyError, LookupError):
                compiled = None
            for a in compiled.from_graveyard if compiled is not None else ():
                effect: dict[str, Any] = {"source": name, "controller": _field(player, "id"), "ability": a}
                if a.get("kind") == "grant":
                    gates = {k: a[k] for k in ("condition", "unless") if k in a}  # never beside one of its own
                    effect |= {"to": a["to"], "ability": {**a["ability"], **gates}}  # (``conditioned``)
                out.append(effect)
    return out


def _field(value: Any, name: str) -> Any:
    """``value[name]`` of raw data, or ``value.name`` of a model given from Python; None without it."""
    return value.get(name) if isinstance(value, Mapping) else getattr(value, name, None)


def board_warnings(permanents: Any, shared_turns: bool, context: Any) -> Any:
    """Notes that become warnings where the board makes them matter: mana a card makes that can be
    spent on abilities (Eldrazi Temple, 106.6) pays no cost to attack or block itself, but may pay
    a mana ability's own mana cost (605.3a) where its controller has one; "Players can't gain
    life" (101.2) stops what a mana ability's ``gains_life`` gives toward a cost, where any permanent has one; "can't be sacrificed" (701.21a) where a cost
    sacrifices; Goblin Goon's "attacking player" as the active player with ``shared_turns``
    (805.10c). The payment and that reading model none of them."""
    if not isinstance(permanents, list | tuple):
        return permanents
    notes: dict[int, Compiled] = {}
    costly: set[Any] = set()
    side_effects = sacrifices = False
    for i, data in enumerate(permanents):
        if not isinstance(data, Mapping):
            continue
        given = data.get("abilities")
        abilities = list(given) if isinstance(given, list | tuple) else []
        if isinstance(data.get("card"), str) and data.get("card_text", True):
            try:
                _, compiled = _source(dict(data), context)
            except (CardError, ValueError):
                compiled = None
            if compiled is not None:
                abilities += compiled.abilities
                notes[i] = compiled
        mana = [m for m in map(_mana_ability, abilities) if m is not None]
        if any(isinstance(m.get("cost"), Mapping) and m["cost"].get("mana") for m in mana):
            costly.add(str(data.get("controller")))
        side_effects = side_effects or any(m.get("gains_life") for m in mana)
        sacrifices = sacrifices or any(_sacrifices(a) for a in abilities)
    out = list(permanents)
    for i, compiled in notes.items():
        found = [*compiled.notes_ending(MANA_FOR_ABILITIES)] if str(permanents[i].get("controller")) in costly else []
        found += compiled.notes_ending(MANA_SIDE_EFFECTS) if side_effects else ()
        found += compiled.notes_ending(SACRIFICE_BARRED) if sacrifices else ()
        found += compiled.notes_ending(TEAM_ATTACKING_PLAYER) if shared_turns else ()
        if found:
            out[i] = _warned(permanents[i], found)
    return out


def _sacrifices(value: Any) -> bool:
    """Whether an ability's data has a cost that sacrifices (``sacrifice``, ``sacrifice_self``) at any depth."""
    if isinstance(value, Mapping):
        return bool(value.get("sacrifice") or value.get("sacrifice_self")) or any(map(_sacrifices, value.values()))
    return isinstance(value, list | tuple) and any(map(_sacrifices, value))


def _mana_ability(ability: Any) -> Mapping[str, Any] | None:
    """``ability`` if it is a mana ability, the one a grant gives if that is one, else None."""
    if not isinstance(ability, Mapping):
        return None
    if ability.get("kind") == "grant":
        return _mana_ability(ability.get("ability"))
    return ability if ability.get("kind") == "mana" else None


def _warned(data: Mapping[str, Any], warnings: list[str]) -> dict[str, Any]:
    """``data`` with ``warnings`` among its ``card_warnings``, each once (a board validated again
    keeps them); ``card_warnings`` that aren't a list are left for the model to refuse."""
    had = data.get("card_warnings", [])
    if not isinstance(had, list | tuple):
        return dict(data)
    return {**data, "card_warnings": [*(w for w in warnings if w not in had), *had]}


_CHANGELING = re.compile(r"(?im)^(?:[^,(\n]+, )*changeling\b")
"""Changeling on a line of keywords (a card's "Changeling (...)", a token's ``keywords: [flying,
changeling]``): every creature type (702.73a)."""


def _as_chosen(
    found: list[Any], compiled: Compiled, out: Mapping[str, Any], catalog: Catalog
) -> tuple[list[Any], list[str]]:
    """The abilities whose choices the board gives (607.2d: "the chosen color" is the one this
    permanent chose), riot's haste if it chose haste (702.136a), and a warning for each choice
    the text reads that the board doesn't give: the abilities reading it are left out, never guessed."""
    from ..model.choices import WHAT
    from ..model.chosen_word import references

    made = out.get("chosen")
    made = made if isinstance(made, Mapping) else {}
    missing = [c for c in compiled.choices if made.get(c) is None]
    face = compiled.card.split(" // ")[0]
    who = f"{face} ({out.get('id')})"
    warnings = [
        f"{who}: {WHAT[c]} isn't on the board: give it as `chosen: {{{c}: ...}}`"
        + (" (haste, or counter with the +1/+1 counter in `counters`)" if c == "riot" else "")
        for c in missing
    ]
    kept = [a for a in found if not references(a) & set(missing)]
    if made.get("riot") == "haste":  # its own riot or one given to it (Spider-Punk's "Other Spiders ... have riot")
        kept += catalog.compiler.keyword("haste")
    return kept, warnings


def as_copy(
    record: CardRecord, compiled: Compiled, chain: Any, catalog: Catalog, who: str
) -> tuple[CardRecord, Compiled, str, list[str]]:
    """The card, text and name of a permanent that entered as a copy (707.2): the copiable
    values of the ``copy_of`` card, through each copy of a copy in the list (707.3), modified by
    each copier's exceptions (707.9), named by the last one that keeps its own name. Without
    ``copy_of`` (None) it is its own card, with a warning saying to give it (``who`` names the
    permanent); ``copy_of: []`` says it copied nothing."""
    from .copy_effects import copiable

    face = record.name.split(" // ")[0]
    if compiled.copy is None:
        if chain is not None:
            why = "has no copy effect: a permanent that became a copy of a card otherwise is that card (`card:`)"
            raise CardError("copy_of", "not_a_copy", f"{face} {why}")
        return record, compiled, face, []
    if chain is None:
        warning = (
            f"{who}: what it entered as a copy of isn't on the board (707.2): give it as "
            "`copy_of: <card name>` (`copy_of: []` if it copied nothing); read as copying nothing"
        )
        return record, compiled, face, [warning]
    names = [chain] if isinstance(chain, str) else chain
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        raise CardError("copy_of", "not_a_string", "`copy_of` is a card name or a list of card names")
    if not names:
        return record, compiled, face, []
    copiers = [record, *(_copied_card(name, i, catalog) for i, name in enumerate(names))]
    values = copiers.pop()
    name = values.name.split(" // ")[0]
    warnings: list[str] = []
    for i, copier in reversed(list(enumerate(copiers))):
        effect = catalog.compiled(copier).copy
        if effect is None:
            why = f"has no copy effect: it can't be a copy of {names[i]} (707.3)"
            raise CardError(("copy_of", i - 1), "not_a_copy", f"{copier.name} {why}")
        values = copiable(values, copier, effect)
        name = copier.name.split(" // ")[0] if effect.keeps_name else name
        warnings += [f"{w} (copying {values.name})" for w in effect.warnings]
    copied = catalog.compiled(values)
    return values, replace(copied, warnings=(*copied.warnings, *warnings)), name, []


def _copied_card(name: str, index: int, catalog: Catalog) -> CardRecord:
    from .catalog import UnknownCard

    try:
        record = catalog.get(name)
    except UnknownCard as e:
        raise CardError(("copy_of", index), "unknown_card", str(e)) from None
    if not record.is_permanent:
        why = f"{record.name} is a {'/'.join(record.types)} card: a copy on the battlefield is a permanent (707.2)"
        raise CardError(("copy_of", index), "not_a_permanent", why)
    return record


def _active_levels(compiled: Compiled, counters: Any) -> list[Level]:
    """The leveler, station and unleash levels its counters reach (711.2, 702.184, 702.98)."""
    have = counters if isinstance(counters, Mapping) else {}
    return [
        level
        for level in compiled.levels
        if isinstance(have.get(level.counter, 0), int) and level.active(have.get(level.counter, 0))
    ]


def _source(out: dict[str, Any], context: Any) -> tuple[CardRecord, Compiled] | tuple[None, None]:
    from .catalog import UnknownCard

    catalog = catalog_of(context)
    if out.get("card") is not None:
        if out.get("token") is not None:
            raise CardError("token", "card_and_token", "give either `card` or `token`, not both")
        name = out["card"]
        if not isinstance(name, str):
            raise CardError("card", "not_a_string", "a card name is a string")
        try:
            record = catalog.get(name)
        except UnknownCard as e:
            raise CardError("card", "unknown_card", str(e)) from None
        if not record.is_permanent:
            raise CardError(
                "card", "not_a_permanent", f"{record.name} is a {'/'.join(record.types)} card, not a permanent"
            )
        return record, catalog.compiled(record)
    if out.get("token") is not None:
        token = Token.model_validate(out["token"])
        record = token.record()
        return record, catalog.compiler.compile(record)
    return None, None


def _fill(out: dict[str, Any], record: CardRecord) -> set[str]:
    """Fill what the permanent doesn't say; the stats taken as printed."""
    face = record.name.split(" // ")[0]
    defaults: dict[str, Any] = {
        "name": face,
        "types": list(record.permanent_types),
        "subtypes": list(record.subtypes),
        "supertypes": list(record.supertypes),
        "colors": list(record.colors),
    }
    if re.fullmatch(MANA_COST_PATTERN, record.mana_cost):
        defaults["mana_cost"] = record.mana_cost
    else:  # a symbol of an Un-card or a digital card ({D}, and {HW}: half a mana) counts as one (202.3)
        defaults["mana_value"] = sum(int(s) if s.isdigit() else 1 for s in symbols(record.mana_cost))
    for key, value in defaults.items():
        out.setdefault(key, value)
    printed = set()
    for stat in ("power", "toughness"):
        value = getattr(record, stat)
        if out.get(stat) is None and value is not None and re.fullmatch(r"-?\d+", value):
            out[stat] = int(value)
            printed.add(stat)
    return printed


def _placed(abilities: tuple[dict[str, Any], ...], out: Mapping[str, Any]) -> list[Any]:
    """``$self``, ``$attached``, ``$paired`` and ``$controller`` replaced by this permanent's ids;
    abilities for what it is attached to dropped while it is attached to nothing (an unattached
    Equipment), and those for the pair while it is unpaired (702.95b)."""
    from ..rules.phrase import ATTACHED, CONTROLLER, PAIRED, POWER, SELF

    values = {
        SELF: out.get("id"),
        ATTACHED: out.get("attached_to"),
        PAIRED: out.get("paired_with"),
        CONTROLLER: out.get("controller"),
        POWER: out.get("power"),
    }
    placed = []
    for ability in abilities:
        if out.get("attached_to") is None and ATTACHED in repr(ability):
            continue
        if out.get("paired_with") is None and PAIRED in repr(ability):
            continue
        placed.append(_substitute(ability, values))
    return placed


def _substitute(value: Any, values: Mapping[str, Any]) -> Any:
    if isinstance(value, str):
        return values.get(value, value)
    if isinstance(value, dict):
        return {k: _substitute(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [_substitute(v, values) for v in value]
    return value


def _apply_counters(
    out: dict[str, Any], counters: Mapping[str, Any], printed: set[str], catalog: Catalog
) -> list[dict[str, Any]]:
    """122.1a: +N/+M counters change printed power/toughness; 122.1b: keyword counters give
    their abilities (returned)."""
    added: list[Any] = []
    for name, count in counters.items():
        if not isinstance(name, str) or not isinstance(count, int) or isinstance(count, bool) or count < 0:
            continue
        pt = pt_counter(name)
        if pt is not None and count:
            for stat, delta in zip(("power", "toughness"), pt, strict=True):
                if stat in printed:
                    out[stat] += delta * count
        elif name.casefold() in KEYWORD_COUNTERS and count:
            added += catalog.compiler.keyword(name)
    return added
