"""Ability kinds that change characteristics other abilities read: types (layer 4, 613.1d) and
abilities removed (layer 6, 613.1f). They have no hook of their own: the resolved game
(``resolve/game.py``) applies them before anything reads types or abilities (613.1: layer 4,
then layer 6), in timestamp order unless a dependency orders them (613.7, 613.8;
docs/design.md §4.10)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import Field, field_validator, model_validator

from ..model.base import Flag
from ..model.creature_types import CREATURE_TYPES
from ..model.filters import Color, Filter
from .kind import AbilityBase

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
"""305.6: the basic land types."""
LAND_TYPES = (
    *BASIC_LAND_TYPES,
    "Cave",
    "Desert",
    "Gate",
    "Lair",
    "Locus",
    "Mine",
    "Planet",
    "Power-Plant",
    "Sphere",
    "Tower",
    "Town",
    "Urza's",
)
"""205.3i: the land types."""
ARTIFACT_TYPES = (
    *("Attraction", "Blood", "Bobblehead", "Book", "Clue", "Contraption", "Equipment", "Food", "Fortification"),
    *("Gold", "Incubator", "Infinity", "Junk", "Lander", "Map", "Mutagen", "Powerstone", "Spacecraft", "Stone"),
    *("Treasure", "Vehicle"),
)
"""205.3g: the artifact types."""
ENCHANTMENT_TYPES = (
    *("Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard"),
    "Shrine",
)
"""205.3h: the enchantment types."""
_TYPE_OF_SUBTYPE = {
    **{s.casefold(): "artifact" for s in ARTIFACT_TYPES},
    **{s.casefold(): "enchantment" for s in ENCHANTMENT_TYPES},
    **{s.casefold(): "land" for s in LAND_TYPES},
    **{s: "creature" for s in CREATURE_TYPES},
}


def can_gain_subtype(types: Iterable[str], subtype: str) -> bool:
    """205.3d: an object gains a subtype only if it corresponds to one of its types (a creature
    type to creature or kindred, 205.3m); a subtype of no list here (planeswalker and battle types,
    or one the board makes up) is gained as given."""
    wanted = _TYPE_OF_SUBTYPE.get(subtype.casefold())
    have = set(types)
    return wanted is None or wanted in have or (wanted == "creature" and "kindred" in have)


BasicLandType = Literal["Plains", "Island", "Swamp", "Mountain", "Forest"]
AddedCardType = Literal["artifact", "creature", "enchantment", "kindred", "land"]
"""Card types an effect may add here. A permanent an effect makes a creature (Living Lands, the
Zendikons) attacks and blocks with the power and toughness the board gives it, or else the base
ones the effect sets (613.4b); adding planeswalker or battle makes something attacked, whose
loyalty or defense the board must state."""


class TypeChange(AbilityBase):
    """613.1d (layer 4): "is a Knight in addition to its other types" (Dark Knight's Greatsword),
    "is every creature type" (Mistform Ultimus; Amorphous Axe), "Lands you control are every basic
    land type in addition to their other types" (Prismatic Omen), "Nonbasic lands are Mountains"
    (Blood Moon: ``land_types`` sets them, 205.1b, 305.7: the land loses its old land types and the
    abilities of its rules text, and gains the mana ability of each new basic land type; 305.6).
    ``creature_types`` sets them and ``sets_types`` its card types (205.1a: "is a Frog creature":
    ``types: [creature]``, the artifact type of an artifact creature lost), ``colors`` sets its colors in
    layer 5 (613.1e) on the permanents it changed in layer 4 (613.6); ``not_creature``: "isn't a
    creature" (the Theros gods, while their devotion is too low). Applies to its source, or to
    every permanent matching ``to``."""

    kind: Literal["type_change"] = "type_change"
    scope = "game"
    rule = "613.1d"
    to: Filter | None = Field(None, description="the permanents it changes; none: its source")
    types: tuple[AddedCardType, ...] = Field((), description="card types added (205.1b)")
    sets_types: Flag = Field(
        False,
        description="its card types are `types` only (205.1a: 'is a Frog creature', 'loses all other card types'): "
        "the others lost, with their subtypes (a planeswalker made a land can't be attacked)",
    )
    subtypes: tuple[str, ...] = Field((), description="subtypes added (205.1b)")
    every_creature_type: Flag = Field(False, description="it is every creature type (205.3m)")
    every_basic_land_type: Flag = Field(False, description="it is every basic land type in addition (305.6)")
    land_types: tuple[BasicLandType, ...] | None = Field(
        None, description="sets its land types (305.7): old land types and its rules text's abilities lost"
    )
    creature_types: tuple[str, ...] | None = Field(
        None, description="sets its creature types (205.1a; Frogify: [Frog]): the old ones lost"
    )
    colors: tuple[Color | Literal["chosen"], ...] | None = Field(
        None,
        description="sets its colors (layer 5, 613.1e; [] colorless; `chosen`: its source's chosen color, 607.2d), "
        "on what it changed in layer 4 (613.6)",
    )
    add_colors: tuple[Color | Literal["chosen"], ...] = Field(
        (), description="colors it adds (105.3: 'in addition to its other colors'; layer 5), after `colors`"
    )
    supertypes: tuple[Literal["legendary", "snow", "basic", "world"], ...] = Field(
        (), description="supertypes added (205.4: 'is legendary')"
    )
    not_creature: Flag = Field(
        False,
        description="it isn't a creature (205.1a: the creature type removed, and its creature types unless kindred)",
    )
    power: int | None = Field(
        None,
        description="with `types: [creature]`: the base power it sets (layer 7b, 613.4b) where the board gives none",
    )
    toughness: int | None = Field(
        None, description="with `types: [creature]`: the base toughness it sets (613.4b) where the board gives none"
    )

    @model_validator(mode="after")
    def _changes_something(self) -> TypeChange:
        adds = (
            self.types
            or self.subtypes
            or self.every_creature_type
            or self.every_basic_land_type
            or self.add_colors
            or self.supertypes
        )
        sets = self.land_types is not None or self.creature_types is not None or self.colors is not None
        if self.colors is not None and self.add_colors:
            raise ValueError("a type change sets colors or adds them, not both")
        if not adds and not sets and not self.not_creature:
            raise ValueError(
                "a type change adds types or subtypes, sets land types, creature types or colors, or removes creature"
            )
        if (self.power is None) != (self.toughness is None):
            raise ValueError("give both power and toughness, or neither")
        if self.power is not None and "creature" not in self.types:
            raise ValueError("power and toughness are set only with types: [creature] (613.4b)")
        if "creature" in self.types and self.not_creature:
            raise ValueError("a type change doesn't both add and remove the creature type")
        if self.sets_types and not self.types:
            raise ValueError("sets_types gives the card types it leaves in `types`")
        return self

    @property
    def defines_itself(self) -> bool:
        """A characteristic-defining ability (604.3a: on the permanent it affects, not conditional),
        applied first within its layer (613.3): "$self is every creature type"."""
        return self.to is None and self.condition is None and self.unless is None


class LoseAbilities(AbilityBase):
    """613.1f (layer 6): "Equipped creature loses flying" (Magebane Armor), "Enchanted creature
    loses all abilities" (Frogify: ``kinds`` not given). Removes abilities that the affected
    permanents have when it applies: their own, and those of effects applied before it (613.7:
    timestamp order; an ability given later is kept). Applies to its source, or to every
    permanent matching ``to``."""

    kind: Literal["lose_abilities"] = "lose_abilities"
    scope = "game"
    rule = "613.1f"
    to: Filter | None = Field(None, description="the permanents it affects; none: its source")
    kinds: tuple[str, ...] | None = Field(None, description="the ability kinds lost; none: all abilities")

    @field_validator("kinds")
    @classmethod
    def _known(cls, kinds: tuple[str, ...] | None) -> tuple[str, ...] | None:
        from .registry import ABILITY_KINDS

        unknown = [k for k in kinds or () if k not in ABILITY_KINDS]
        if unknown:
            raise ValueError(f"unknown ability kind {unknown[0]!r}")
        return kinds

    def removes(self, kind: str) -> bool:
        return self.kinds is None or kind in self.kinds
