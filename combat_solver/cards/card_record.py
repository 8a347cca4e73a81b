"""One card face as printed in Oracle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker")


@dataclass(frozen=True)
class CardRecord:
    """One card face as printed in Oracle: what a permanent by ``card:`` takes from it."""

    name: str
    mana_cost: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    power: str | None
    toughness: str | None
    text: str
    layout: str
    colors: tuple[str, ...]

    @property
    def is_permanent(self) -> bool:
        return any(t in _PERMANENT_TYPES for t in self.types) and not {"instant", "sorcery"} & set(self.types)

    @property
    def permanent_types(self) -> tuple[str, ...]:
        return tuple(t for t in self.types if t in _PERMANENT_TYPES)

    def to_row(self) -> list[Any]:
        return [
            self.name,
            self.mana_cost,
            list(self.types),
            list(self.subtypes),
            list(self.supertypes),
            self.power,
            self.toughness,
            self.text,
            self.layout,
            list(self.colors),
        ]

    @classmethod
    def from_row(cls, row: list[Any]) -> CardRecord:
        name, cost, types, subtypes, supertypes, power, toughness, text, layout, colors = row
        return cls(
            name, cost, tuple(types), tuple(subtypes), tuple(supertypes), power, toughness, text, layout, tuple(colors)
        )
