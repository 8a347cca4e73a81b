"""The abilities: ``Ability``, every kind that the ``rules`` modules define, validated as one
discriminated union on ``kind`` (see ``rules/base.py``: a kind joins ``KINDS`` when its class is
defined).

A rules module is imported, and a kind's validator built, only when a board uses that kind:
``KIND_HOMES``, an explicit table, says where each kind is defined (a test holds it to the
classes). The JSON Schema and the errors for a bad ability are those of the whole
discriminated union.

To add an ability kind: write its class in the matching ``rules`` module and add it to
``KIND_HOMES`` (docs/adding-an-ability-kind.md; ``rules/TEMPLATE.py`` is one kind, commented).
The card compiler, the phase.rs importer and the board checks read the kind's ``keyword``,
``phrases`` and field roles from its class (``keyword_kinds``, ``kind_phrases``).
"""

from __future__ import annotations

from contextvars import ContextVar
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Field, GetCoreSchemaHandler, GetJsonSchemaHandler, TypeAdapter, ValidationInfo, field_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema, core_schema

from ..model.base import Flag
from ..model.filters import Filter
from .kind import KINDS, AbilityBase
from .phrase import Phrase

KIND_HOMES: dict[str, str] = {
    "flying": "evasion",
    "reach": "evasion",
    "shadow": "evasion",
    "horsemanship": "evasion",
    "fear": "evasion",
    "intimidate": "evasion",
    "skulk": "evasion",
    "landwalk": "evasion",
    "protection": "evasion",
    "cant_be_blocked": "evasion",
    "cant_be_blocked_by": "evasion",
    "cant_be_blocked_except_by": "evasion",
    "block_as_though": "evasion",
    "menace": "block_counts",
    "min_blockers": "block_counts",
    "max_blockers": "block_counts",
    "cant_be_blocked_unless_all_block": "block_counts",
    "chooses_blockers": "blocking",
    "cant_block": "blocking",
    "can_block_only": "blocking",
    "cant_block_alone": "blocking",
    "cant_block_unless_others_block": "blocking",
    "cant_block_unless_greater_power_blocks": "blocking",
    "block_additional": "blocking",
    "block_any_number": "blocking",
    "block_while_tapped": "blocking",
    "block_limit": "blocking",
    "lure": "block_requirements",
    "must_be_blocked": "block_requirements",
    "must_block": "block_requirements",
    "haste": "attacking",
    "attack_as_though_haste": "attacking",
    "activate_as_though_haste": "attacking",
    "cant_activate": "attacking",
    "vigilance": "attacking",
    "defender": "attacking",
    "attack_despite_defender": "attacking",
    "chooses_attackers": "attacking",
    "cant_attack": "attacking",
    "cant_attack_unless": "attacking",
    "cant_attack_if": "attacking",
    "cant_attack_alone": "attacking",
    "can_only_attack_alone": "attacking",
    "cant_attack_unless_others_attack": "attacking",
    "cant_attack_unless_greater_power_attacks": "attacking",
    "attack_limit": "attacking",
    "must_attack": "attack_requirements",
    "attacks_player_other_than": "attack_requirements",
    "goad": "attack_requirements",
    "must_be_attacked": "attack_requirements",
    "attacks_or_blocks": "attack_requirements",
    "mana": "mana",
    "mana_trigger": "mana",
    "attack_tax": "costs",
    "attack_cost": "costs",
    "block_tax": "costs",
    "blocked_tax": "costs",
    "block_cost": "costs",
    "exert": "optional",
    "enlist": "optional",
    "banding": "optional",
    "bands_with_other": "optional",
    "attack_trigger": "triggers",
    "block_trigger": "triggers",
    "blocks_creature_trigger": "triggers",
    "becomes_blocked_trigger": "triggers",
    "blocked_by_creature_trigger": "triggers",
    "unblocked_trigger": "triggers",
    "rampage": "triggers",
    "flanking": "triggers",
    "bushido": "triggers",
    "type_change": "characteristics",
    "lose_abilities": "characteristics",
}
"""Every kind of the ``rules`` modules -> the module defining it, in the order of the union (a test
holds the table to the classes: a kind is added here and in its class).
"""

ABILITY_KINDS: tuple[str, ...] = (*KIND_HOMES, "grant")

DECLARATION_KINDS = ("exert", "enlist", "banding")
"""The kinds that check the choices announced with an attack (508.1e, 508.1g)."""


def ability_class(kind: str) -> type[AbilityBase]:
    """The class of an ability kind, its module imported on first use (KeyError for an unknown kind)."""
    cls = KINDS.get(kind)
    if cls is None:
        import_module(f"{__package__}.{KIND_HOMES[kind]}")
        cls = KINDS[kind]
    return cls


def ability_classes() -> tuple[type[AbilityBase], ...]:
    """Every kind's class, in the order of ``ABILITY_KINDS`` (imports every rules module)."""
    return tuple(ability_class(kind) for kind in ABILITY_KINDS)


@cache
def abilities_had() -> frozenset[str]:
    """The kinds that are abilities a creature has when an effect gives them (613.1f: what
    ability-removing effects take away): keyword abilities (702), triggered abilities and mana
    abilities. Every other kind given to a creature ("Enchanted creature can't attack") is the
    giving permanent's own effect on it, which no ability it loses takes away."""
    return frozenset(
        _kind_of(cls)
        for cls in ability_classes()
        if cls.keyword is not None
        or any(p.place == "keyword" for p in cls.phrases)
        or _kind_of(cls).endswith("_trigger")
        or _kind_of(cls) in ("mana", "mana_trigger")
    )


def keyword_kinds(classes: tuple[type[AbilityBase], ...] | None = None) -> dict[str, str]:
    """Each kind's ``keyword`` -> its kind, of ``classes`` (default: every kind)."""
    return {cls.keyword: _kind_of(cls) for cls in classes or ability_classes() if cls.keyword is not None}


def kind_phrases(classes: tuple[type[AbilityBase], ...] | None = None) -> tuple[tuple[str, Phrase], ...]:
    """Every (kind, phrase) of ``classes`` (default: every kind), kind by kind in registry order."""
    return tuple((_kind_of(cls), phrase) for cls in classes or ability_classes() for phrase in cls.phrases)


def _kind_of(cls: type[AbilityBase]) -> str:
    kind: str = cls.model_fields["kind"].default
    return kind


@cache
def _union() -> TypeAdapter[Any]:
    """The discriminated union of every kind, for JSON Schema (imports every rules module)."""
    union: Any = Annotated[Union[ability_classes()], Field(discriminator="kind")]  # noqa: UP007
    return TypeAdapter(union)


@cache
def _union_by_reference() -> CoreSchema:
    """The union with each kind's schema as a reference to its definition."""
    union = _union().core_schema
    tagged = union["schema"] if union["type"] == "definitions" else union
    assert tagged["type"] == "tagged-union"
    choices = {tag: core_schema.definition_reference_schema(choice["ref"]) for tag, choice in tagged["choices"].items()}
    return {**tagged, "choices": choices}


@cache
def _one_kind(kind: str) -> TypeAdapter[Any]:
    """The union narrowed to one kind: the same validation and error locations for that kind.
    The class itself is built too: its instances are serialized by their own class."""
    cls = ability_class(kind)
    cls.model_rebuild()
    narrowed: Any = Annotated[cls, Field(discriminator="kind")]
    return TypeAdapter(narrowed)


def _validate(value: Any, info: ValidationInfo) -> AbilityBase:
    kind = value["kind"] if isinstance(value, dict) else value.kind
    ability: AbilityBase = _one_kind(kind).validator.validate_python(value, context=info.context)
    return ability


_writing_union: ContextVar[bool] = ContextVar("_writing_union", default=False)
"""Set while the union's JSON Schema is written: inside it (a grant's ``ability``) the union
refers to the definitions being written instead of writing them again."""


class _ByKind:
    """Validates an ability with the class its ``kind`` names, built on first use; a ``kind``
    that names none (or no ``kind``) fails as the whole union fails. Its JSON Schema is the union's."""

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        tags = core_schema.tagged_union_schema(
            {kind: core_schema.any_schema() for kind in ABILITY_KINDS}, "kind", from_attributes=True
        )
        return core_schema.chain_schema([tags, core_schema.with_info_plain_validator_function(_validate)])

    def __get_pydantic_json_schema__(self, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        if _writing_union.get():
            return handler(_union_by_reference())
        token = _writing_union.set(True)
        try:
            return handler(_union().core_schema)
        finally:
            _writing_union.reset(token)


if TYPE_CHECKING:
    Ability = AbilityBase
else:
    Ability = Annotated[AbilityBase, _ByKind()]


class Grant(AbilityBase):
    """A static ability of a permanent that gives ``ability`` to every creature matching ``to`` (any
    permanent, for a mana ability: "Enchanted land has \"{T}: Add one mana of any color.\"")
    ("Creatures you control can't be blocked by more than one creature", "Creatures can't block").
    ``you`` in the filter is this permanent's controller. Added in layer 6 (613.1f) to whatever
    matches ``to`` when it applies (611.3a): grants apply in dependency order (613.8), so a
    filter sees the abilities other grants added (docs/design.md §4.9)."""

    kind: Literal["grant"] = "grant"
    to: Filter = Field(default_factory=Filter)
    ability: Ability
    gains: Flag | None = Field(
        None,
        description="whether the creatures gain `ability` as their own, so that an ability-removing effect "
        "applied later takes it (613.1f); default: yes for keyword, triggered and mana abilities, no for any "
        "other kind (\"Enchanted creature can't attack\" is the grant's own effect); true for a quoted "
        "ability (\"have 'This creature can't block'\")",
    )

    @property
    def gives_an_ability(self) -> bool:
        return self.gains if self.gains is not None else self.ability.kind in abilities_had()

    @field_validator("ability")
    @classmethod
    def _not_nested(cls, ability: AbilityBase) -> AbilityBase:
        if isinstance(ability, Grant):
            raise ValueError("a grant can't grant another grant")
        return ability
