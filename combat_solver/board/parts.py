"""The parts of a board: players, permanents, continuous effects, the declared combat and earlier
attacks (pydantic, frozen, unknown fields rejected)."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

import re
from functools import cache
from typing import Annotated, Any

from pydantic import ConfigDict, Field, TypeAdapter, ValidationInfo, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError, ValidationError

from ..cards.resolve import CardError, Token, graveyard_card, resolve
from ..model.base import CountedOnInput, Flag, Integer, NonNegative, ReadOnly, ReadOnlyDict, Strict
from ..model.choices import Choices, mentions_chosen, reads_identity, with_choices
from ..model.conditions import Designation, GraveyardCardType
from ..model.filters import CardType, Color, Filter
from ..model.mana_cost import MANA_COST_PATTERN, mana_value
from ..rules.registry import Ability

Loc = tuple[str | int, ...]


@cache
def _ability() -> TypeAdapter[Ability]:
    return TypeAdapter(Ability)


MAX_PLAYERS = 100
MAX_PERMANENTS = 1000
"""Most permanents (and most effects) on a board: past it, building the model alone would outlast
any reasonable time limit."""


GraveyardType = GraveyardCardType


def _card_name_or_card(schema: dict[str, Any]) -> None:
    """In JSON Schema: a card name alone, or the object with ``types`` or ``card``."""
    described = dict(schema, required=[], anyOf=[{"required": ["types"]}, {"required": ["card"]}])
    schema.clear()
    schema.update(title=described["title"], description=described.pop("description"))
    schema["anyOf"] = [{"type": "string", "minLength": 1}, described]


class GraveyardCard(Strict):
    """A card in a graveyard: by name (``card``, or the name alone as a string: its types and
    subtypes come from the card catalog, ``cards.resolve.graveyard_card``) or by its ``types``
    and ``subtypes``."""

    model_config = ConfigDict(**Strict.model_config, json_schema_extra=_card_name_or_card)

    card: str | None = Field(None, description="a card name: the types and subtypes not given come from the catalog")
    types: tuple[GraveyardType, ...] = Field(min_length=1)
    subtypes: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _from_card(cls, data: Any, info: ValidationInfo) -> Any:
        if isinstance(data, str):
            data = {"card": data}
        if not isinstance(data, dict) or not isinstance(data.get("card"), str):
            return data
        try:
            found = graveyard_card(data["card"], info.context)
        except CardError as e:
            details = [InitErrorDetails(type=PydanticCustomError(e.code, str(e)), loc=("card",), input=data["card"])]
            raise ValidationError.from_exception_data(cls.__name__, details) from None
        return {**found, **data, "card": found["card"]}


class Player(Strict):
    """A player; ``team`` groups teammates (Two-Headed Giant, 805)."""

    id: str = Field(min_length=1)
    name: str | None = None
    team: str | None = None
    life: Integer = 20
    hand: NonNegative = Field(0, description="cards in hand (for discard costs)")
    poison: NonNegative = Field(0, description="poison counters")
    energy: NonNegative = Field(0, description="energy counters ({E}, 107.14: mana abilities pay them)")
    commander_identity: tuple[Color, ...] | None = Field(
        None,
        description="the colors of their commander's color identity (903.4; both commanders', 702.124c): what "
        "`produces: identity` makes; [] for a colorless commander or none (903.4f: no mana)",
    )
    graveyard: NonNegative = Field(0, description="cards in graveyard (default: the number of `graveyard_cards`)")
    graveyard_types: tuple[GraveyardType, ...] = Field(
        (), description="card types among those cards (delirium; default: those of `graveyard_cards`)"
    )
    graveyard_cards: tuple[GraveyardCard, ...] | None = Field(
        None,
        description="the cards in their graveyard, each a card name or {types, subtypes}: every one of them "
        '(for "four or more creature cards in your graveyard")',
    )
    designations: tuple[Designation, ...] = ()
    spells_cast_this_turn: NonNegative = 0
    creature_spells_cast_this_turn: NonNegative = Field(0, description="of the spells cast this turn, creature spells")
    noncreature_spells_cast_this_turn: NonNegative = Field(0, description="of them, noncreature spells")
    instant_and_sorcery_spells_cast_this_turn: NonNegative = Field(0, description="of them, instants and sorceries")
    cards_drawn_this_turn: NonNegative = 0
    life_gained_this_turn: NonNegative = 0
    life_lost_this_turn: NonNegative = 0
    damage_dealt_this_turn: NonNegative = Field(0, description="damage dealt by sources they control")
    creatures_died_this_turn: NonNegative = Field(0, description="creatures they controlled that died")
    damage_taken_this_turn: NonNegative = Field(0, description="damage dealt to them this turn (120.3)")
    permanents_sacrificed_this_turn: NonNegative = Field(0, description="permanents they sacrificed (701.21)")
    artifacts_sacrificed_this_turn: NonNegative = Field(0, description="of them, artifacts")
    artifacts_entered_this_turn: NonNegative = Field(
        0, description="artifacts that entered the battlefield under their control this turn"
    )
    nonland_permanents_entered_this_turn: NonNegative = Field(
        0, description="nonland permanents that entered the battlefield under their control this turn"
    )
    historic_spells_cast_this_turn: NonNegative = Field(
        0, description="of the spells they cast this turn, historic ones (700.6: artifact, legendary or Saga)"
    )
    crimes_committed_this_turn: NonNegative = Field(0, description="crimes they committed this turn (700.13)")
    speed: Annotated[int, Field(ge=0, le=4)] = Field(
        0, description="their speed (702.179: 0 without one, 4 is max speed, 702.179e-f)"
    )

    @model_validator(mode="before")
    @classmethod
    def _graveyard_from_cards(cls, data: Any) -> Any:
        """``graveyard`` and ``graveyard_types`` default to what the listed cards say (checked
        against them when given: ``board.checks``)."""
        if not isinstance(data, dict) or not isinstance(data.get("graveyard_cards"), (list, tuple)):
            return data
        out = dict(data)
        out.setdefault("graveyard", len(data["graveyard_cards"]))
        return out

    @model_validator(mode="after")
    def _types_from_cards(self) -> "Player":
        if self.graveyard_cards is None or "graveyard_types" in self.model_fields_set:
            return self
        found = sorted({t for card in self.graveyard_cards for t in card.types})
        object.__setattr__(self, "graveyard_types", tuple(found))
        return self

    def cards_in_graveyard(self) -> tuple[GraveyardCard, ...]:
        """The listed cards (``board.checks`` makes sure they are listed when a condition reads them)."""
        return self.graveyard_cards or ()

    def fact(self, name: str) -> int:
        """A number conditions read (``conditions.PlayerFact``)."""
        if name == "graveyard_card_types":
            return len(set(self.graveyard_types))
        value = getattr(self, name)
        assert isinstance(value, int)
        return value


def _name_and_types_or_card(schema: dict[str, Any]) -> None:
    """In JSON Schema: ``name`` and ``types`` may come from ``card`` or ``token`` instead."""
    schema["required"] = [r for r in schema.get("required", []) if r not in ("name", "types")]
    schema["anyOf"] = [{"required": ["name", "types"]}, {"required": ["card"]}, {"required": ["token"]}]


class Permanent(Strict):
    """A permanent on the battlefield: creature, land, planeswalker, battle, or any other permanent
    whose static abilities matter. ``abilities`` of a creature apply to it; a ``grant`` or a
    ``scope: game`` ability (e.g. ``block_limit``) works from any permanent. With ``card`` (or
    ``token``) the fields not given come from the card catalog (see ``cards.resolve``)."""

    model_config = ConfigDict(**Strict.model_config, json_schema_extra=_name_and_types_or_card)

    id: str = Field(min_length=1)
    name: str
    controller: str
    types: Annotated[tuple[CardType, ...], Field(min_length=1), CountedOnInput]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[Color, ...] = ()
    power: Integer | None = None
    toughness: Integer | None = None
    tapped: Flag = False
    summoning_sick: Flag = Field(
        False, description="not controlled continuously since its controller's most recent turn began (302.6)"
    )
    owner: str | None = Field(None, description="defaults to the controller")
    protector: str | None = Field(None, description="the protecting player of a battle (310.9)")
    is_token: Flag = Field(False, description="a token (111.1); set for a `token` permanent")
    mana_cost: str | None = Field(
        None,
        pattern=MANA_COST_PATTERN,
        description='the mana cost as printed, e.g. "{2}{W}{W}" (107.4): for devotion (700.5); gives '
        "`mana_value` when that isn't given (202.3)",
    )
    mana_value: NonNegative = 0
    entered_this_turn: Flag = False
    attacked_last_turn: Flag = Field(
        False,
        description="it attacked (508.1a) during its controller's last turn, their most recent turn before this one",
    )
    monstrous: Flag = False
    renowned: Flag = Field(False, description="renowned (702.112b): renown put its counters on it")
    saddled: Flag = Field(False, description="saddled (702.171b): its saddle ability resolved this turn")
    class_level: Annotated[int, Field(ge=1)] = Field(
        1, description="its level (716.2a: a Class's, raised by its level bars; 716.2d: 1 without one)"
    )
    ring_bearer: Flag = Field(False, description="its controller's Ring-bearer (701.54a: the Ring tempts you)")
    commander: Flag = Field(False, description="a commander (903.3): for 'commander creatures' and 'your commander'")
    kicked: Flag = Field(False, description="cast kicked (702.33d): its abilities for a kicked spell apply (702.33e)")
    abilities: tuple[Ability, ...] = ()
    card: str | None = Field(None, description="a card name: fills the fields not given from the card catalog")
    token: Token | None = Field(None, description="a token by description, instead of `card`")
    card_text: bool = Field(True, description="false: `abilities` replace the card's compiled abilities")
    counters: Annotated[dict[str, NonNegative], ReadOnly] = Field(
        default_factory=ReadOnlyDict, description='counters by kind, e.g. {"+1/+1": 2, flying: 1} (122.1)'
    )
    chosen: Choices = Field(
        default_factory=Choices, description="what it chose as it entered: a color, a creature type, a player, riot's"
    )
    copy_of: str | tuple[str, ...] | None = Field(
        None,
        description="the card a clone entered as a copy of (707.2); a list for a copy of a copy, the copied "
        "permanent's card first, then what that one copied (707.3); [] copied nothing",
    )
    paired_with: str | None = Field(None, description="the creature a soulbond paired it with (702.95b)")
    attached_to: str | None = Field(
        None,
        description="the permanent an Aura or Equipment is attached to, or the player an Aura with enchant player is (303.4)",
    )
    timestamp: NonNegative | None = Field(
        None,
        description="613.7: orders its continuous effects (entering, 613.7d; attaching, 613.7e); "
        "default: its place among the board's permanents and effects",
    )
    card_warnings: tuple[str, ...] = Field((), description="card text that bears on combat but wasn't compiled")

    @model_validator(mode="before")
    @classmethod
    def _from_card(cls, data: Any, info: ValidationInfo) -> Any:
        """The card's or token's fields filled in, and the mana value of the mana cost (202.3)."""
        if not isinstance(data, dict) or not (
            any(data.get(k) for k in ("card", "token", "counters")) or data.get("copy_of") is not None
        ):
            return _with_mana_value(data)
        try:
            resolved = resolve(data, info.context)
            return _with_mana_value({**resolved, "is_token": True} if data.get("token") else resolved)
        except CardError as e:
            loc = e.field if isinstance(e.field, tuple) else (e.field,)
            details = [InitErrorDetails(type=PydanticCustomError(e.code, str(e)), loc=loc, input=data.get(loc[0]))]
        except ValidationError as e:
            details = [
                InitErrorDetails(
                    type=PydanticCustomError(i["type"], i["msg"]), loc=("token", *i["loc"]), input=i["input"]
                )
                for i in e.errors()
            ]
        raise ValidationError.from_exception_data("Permanent", details)

    def abilities_as_chosen(self, identity: tuple[str, ...] | None = None) -> tuple[Ability, ...]:
        """Its abilities with ``chosen`` read as its own choices (607.2d: "the chosen color" is the
        one this permanent chose) and ``produces: identity`` as the colors of ``identity``, its
        controller's commander's color identity (903.4); with none of them (a colorless commander,
        or no commander, 903.4f) that mana ability makes no mana: it is left out."""
        return tuple(
            _ability().validate_python(
                with_choices(a.model_dump(mode="json", by_alias=True, exclude_none=True), self.chosen, identity)
            )
            if mentions_chosen(a) or reads_identity(a)
            else a
            for a in self.abilities
            if not (reads_identity(a) and identity is not None and not identity)
        )

    @property
    def owner_id(self) -> str:
        return self.owner if self.owner is not None else self.controller

    @property
    def defending_player(self) -> str | None:
        """802.2a: the defending player of an attack on this permanent: a battle's protector, a
        planeswalker's controller (None: it can't be attacked)."""
        if "battle" in self.types:
            return self.protector
        return self.controller if "planeswalker" in self.types else None

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types and "battle" not in self.types


def _with_mana_value(data: Any) -> Any:
    cost = data.get("mana_cost") if isinstance(data, dict) else None
    if isinstance(cost, str) and "mana_value" not in data and re.fullmatch(MANA_COST_PATTERN, cost):
        return {**data, "mana_value": mana_value(cost)}
    return data


class Effect(Strict):
    """An effect of a resolved spell or ability that lasts this turn (e.g. Irresistible Prey:
    "target creature must be blocked this turn if able"; provoke's "blocks it if able").
    ``to`` selects the affected creatures (``{ids: [...]}`` for targets); game-wide rules
    such as ``block_limit`` take no ``to``."""

    source: str
    controller: str | None = None
    to: Filter | None = None
    ability: Ability
    timestamp: NonNegative | None = Field(
        None, description="613.7b: when it was created; default: its place, after every permanent"
    )


class Combat(Strict):
    """The attack already declared (for the declare blockers step): attacker id -> the id of the
    player, planeswalker or battle it attacks (508.1b)."""

    attackers: Annotated[dict[str, str], ReadOnly]
    bands: tuple[tuple[str, ...], ...] = Field((), description="attacking bands (508.1e, 702.22)")


class EarlierAttack(Strict):
    """One creature that attacked in an earlier combat this turn, and whom (a player,
    planeswalker or battle id)."""

    creature: str = Field(min_length=1)
    target: str = Field(min_length=1)
