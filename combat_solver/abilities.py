"""The abilities: ``Ability``, one discriminated union on ``kind`` of every kind that the ``rules``
modules define (see ``rules/base.py``: a kind joins ``KINDS`` when its class is defined).

To add a card template: write its ability class in the matching ``rules`` module; nothing here
changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import Field, field_validator

from .filters import Filter
from .rules import (
    attack_requirements,
    attacking,
    block_counts,
    block_requirements,
    blocking,
    costs,
    evasion,
    optional,
    triggers,
)
from .rules.base import KINDS, AbilityBase

RULE_MODULES = (
    evasion,
    block_counts,
    blocking,
    block_requirements,
    attacking,
    attack_requirements,
    costs,
    optional,
    triggers,
)
"""The modules whose classes make up the vocabulary (imported for their registrations)."""


class Grant(AbilityBase):
    """A static ability of a permanent that gives ``ability`` to every creature matching ``to``
    ("Creatures you control can't be blocked by more than one creature", "Creatures can't block").
    ``you`` in the filter is this permanent's controller. Added in layer 6 (613.1f) to whatever
    matches ``to`` when it applies (611.3a): grants apply in dependency order (613.8), so a
    filter sees the abilities other grants added (docs/design.md §4.9)."""

    kind: Literal["grant"] = "grant"
    to: Filter = Field(default_factory=Filter)
    ability: Ability

    @field_validator("ability")
    @classmethod
    def _not_nested(cls, ability: AbilityBase) -> AbilityBase:
        if isinstance(ability, Grant):
            raise ValueError("a grant can't grant another grant")
        return ability


_ORDER = {m.__name__: i for i, m in enumerate(RULE_MODULES)}
_CLASSES = tuple(sorted(KINDS.values(), key=lambda k: _ORDER.get(k.__module__, len(_ORDER))))

if TYPE_CHECKING:
    Ability = AbilityBase
else:
    Ability = Annotated[Union[_CLASSES], Field(discriminator="kind")]  # noqa: UP007

ABILITY_KINDS: tuple[str, ...] = tuple(k.model_fields["kind"].default for k in _CLASSES)

Grant.model_rebuild(_types_namespace={"Ability": Ability})


def ability_class(kind: str) -> type[AbilityBase]:
    """The class of an ability kind (KeyError for an unknown kind)."""
    return KINDS[kind]
