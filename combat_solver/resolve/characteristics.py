"""Type-changing effects (layer 4, 613.1d) as they change one permanent: types and subtypes
added (205.1b; a subtype only to an object of its card type, 205.3d), every creature type (205.3m), land types set (305.7) and the mana abilities of
basic land types gained (305.6). The order they apply in is the game's (``resolve/game.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..board.model import Permanent
from ..model.base import pt_counter
from ..model.creature_types import CREATURE_TYPES
from ..model.errors import InputError
from ..rules.characteristics import BASIC_LAND_TYPES, LAND_TYPES, TypeChange, can_gain_subtype
from ..rules.registry import ability_class

_BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""305.6: the mana each basic land type's intrinsic ability makes."""
_LAND_TYPES = frozenset(t.casefold() for t in LAND_TYPES)
_EVERY_CREATURE_TYPE = tuple(sorted(CREATURE_TYPES))


def changed(permanent: Permanent, change: TypeChange) -> Permanent:
    """``permanent`` as ``change`` leaves it. Setting land types (305.7) removes its land types
    and the abilities it has from its own text (every ability written on the permanent), and
    gives the mana ability of each new basic land type; land types added keep both, and a land
    gains the mana ability of each basic land type it didn't have (305.6). "Isn't a creature"
    removes the creature type, and the creature types with it unless it is kindred (205.1a); card
    types set replace the old ones (205.1a)."""
    types = (*permanent.types, *(t for t in change.types if t not in permanent.types))
    subtypes = list(permanent.subtypes)
    if change.sets_types:  # 205.1a: the other card types go
        types = tuple(dict.fromkeys(change.types))
    abilities: list[Any] = list(permanent.abilities)
    before = _basic_types(permanent.subtypes) if "land" in permanent.types else set()
    if change.land_types is not None and "land" in types:
        subtypes = [s for s in subtypes if s.casefold() not in _LAND_TYPES]
        abilities, before = [], set()
        subtypes += change.land_types
    if change.creature_types is not None:
        subtypes = [s for s in subtypes if s.casefold() not in CREATURE_TYPES] + list(change.creature_types)
    if change.sets_types:  # 205.1a, 205.3d: and the subtypes of theirs
        subtypes = [s for s in subtypes if can_gain_subtype(types, s)]
    added = [*change.subtypes]
    if change.every_creature_type:
        added += _EVERY_CREATURE_TYPE
    if change.every_basic_land_type:
        added += BASIC_LAND_TYPES
    folded = {s.casefold() for s in subtypes}
    for s in added:
        if s.casefold() not in folded and can_gain_subtype(types, s):
            subtypes.append(s)
            folded.add(s.casefold())
    if "land" in types:
        gained = "".join(_BASIC_MANA[t] for t in BASIC_LAND_TYPES if t in _basic_types(tuple(subtypes)) - before)
        if gained:
            abilities.append(ability_class("mana").model_validate({"kind": "mana", "produces": gained}))
    update: dict[str, Any] = {}
    if "creature" in change.types and "creature" not in permanent.types and permanent.power is None:
        update |= _base_stats(permanent, change)
    if change.not_creature:  # 205.1a: creature types go with the creature type, unless kindred keeps them
        types = tuple(t for t in types if t != "creature")
        if "kindred" not in types:
            subtypes = [s for s in subtypes if s.casefold() not in CREATURE_TYPES]
    supertypes = (*permanent.supertypes, *(s for s in change.supertypes if s not in permanent.supertypes))
    update |= {"types": types, "subtypes": tuple(subtypes), "abilities": tuple(abilities), "supertypes": supertypes}
    return permanent.model_copy(update=update)


def _base_stats(permanent: Permanent, change: TypeChange) -> dict[str, Any]:
    """The base power and toughness a type change sets on a permanent it makes a creature
    (613.4b), with its +N/+M counters on top (613.4c); none where it sets none."""
    if change.power is None or change.toughness is None:
        return {}
    power, toughness = change.power, change.toughness
    for name, count in permanent.counters.items():
        delta = pt_counter(name)
        if delta is not None:
            power, toughness = power + delta[0] * count, toughness + delta[1] * count
    return {"power": power, "toughness": toughness}


def creatures_have_stats(permanents: Sequence[Permanent], attacks: Mapping[str, str]) -> None:
    """A permanent a type-changing effect made a creature (613.1d) without power or toughness
    from the board or the effect (613.4b) is an ``InputError`` naming the field, never a guess; so
    is an attacker of ``attacks`` (attacker id -> what it attacks) that the effects leave no
    creature, or a planeswalker or battle it attacks that they leave neither: 506.4 removed it from
    combat (Sugar Coat flashed onto an attacker; Imprisoned in the Moon on the attacked planeswalker)."""
    by_id = {p.id: p for p in permanents}
    for attacker, target in attacks.items():
        lost, attacked = by_id[attacker], by_id.get(target)
        if not lost.is_creature or (attacked is not None and not {"planeswalker", "battle"} & set(attacked.types)):
            gone = lost if not lost.is_creature else attacked
            assert gone is not None
            raise InputError.one(
                ("board", "combat", "attackers", attacker),
                "removed_from_combat",
                f"{gone.name} is no {'creature' if gone is lost else 'planeswalker or battle'} once the type-changing "
                "effects apply (205.1a, 613.1d): it was removed from combat (506.4); leave it out of the attack",
            )
    for i, p in enumerate(permanents):
        if p.is_creature and (p.power is None or p.toughness is None):
            raise InputError.one(
                ("board", "permanents", i, "power" if p.power is None else "toughness"),
                "missing",
                f"{p.name} is a creature by a type-changing effect (613.1d) that sets no power and toughness: "
                "give its power and toughness",
            )


def colored(permanent: Permanent, change: TypeChange) -> Permanent:
    """``permanent`` with the colors ``change`` sets, or adds (105.3; layer 5, 613.1e)."""
    if change.colors is not None:
        return permanent.model_copy(update={"colors": change.colors})
    added = tuple(c for c in change.add_colors if c not in permanent.colors)
    return permanent.model_copy(update={"colors": (*permanent.colors, *added)}) if added else permanent


def _basic_types(subtypes: tuple[str, ...]) -> set[str]:
    folded = {s.casefold() for s in subtypes}
    return {t for t in BASIC_LAND_TYPES if t.casefold() in folded}
