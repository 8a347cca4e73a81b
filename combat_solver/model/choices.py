"""The choices a permanent recorded as it entered ("As this creature enters, choose a color",
riot's +1/+1 counter or haste) and the word ``chosen`` abilities use to read them (607.2d:
"the chosen [value]" refers only to the choice the permanent's own ability made).

A board permanent states its choices in ``chosen``; in its abilities the value ``chosen``
stands for them: in a filter's ``colors`` the chosen color, in ``subtypes`` the chosen creature
type, as a ``controller`` or a ``player`` the chosen player, as a number test's ``even`` the
chosen quality (odd or even, 607.2f), as a mana ability's ``produces`` the chosen color's mana. ``with_choices`` puts the values
in, on the JSON form of an ability."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator
from pydantic_core import PydanticCustomError

from .base import Strict
from .chosen_word import CHOSEN, COLOR_LETTER_FIELDS, IDENTITY, LIST_FIELDS, PLAYER_FIELDS, Choice
from .creature_types import CREATURE_TYPES
from .filters import Color
from .mana_cost import COLOR_LETTER

WHAT: Mapping[Choice, str] = {
    "color": "the chosen color",
    "creature_type": "the chosen creature type",
    "player": "the chosen player",
    "parity": "the chosen quality (odd or even)",
    "riot": "riot's choice (702.136a)",
}
"""How a warning or an error names each choice."""


class Choices(Strict):
    """What a permanent chose as it entered (607.2d, 614.12a). A riot +1/+1 counter is in
    ``counters``; ``riot: haste`` gives it haste (702.136a)."""

    color: Color | None = Field(None, description='"As this creature enters, choose a color" (105.4)')
    creature_type: str | None = Field(None, description="a creature type of 205.3m (Elf, Time Lord)")
    player: str | None = Field(None, description='a player id: "choose a player" / "choose an opponent"')
    parity: Literal["odd", "even"] | None = Field(
        None, description='"As this creature enters, choose odd or even" (607.2f; zero is even)'
    )
    riot: Literal["counter", "haste"] | None = Field(
        None, description="riot's choice as it entered: an additional +1/+1 counter (in `counters`) or haste"
    )

    @field_validator("creature_type")
    @classmethod
    def _known_type(cls, value: str | None) -> str | None:
        if value is not None and value.casefold() not in CREATURE_TYPES:
            raise PydanticCustomError(
                "unknown_creature_type", "{value} is not a creature type (205.3m)", {"value": repr(value)}
            )
        return value

    def value(self, choice: Choice) -> str | None:
        found: str | None = getattr(self, choice)
        return found


def mentions_chosen(model: BaseModel) -> bool:
    """Whether ``chosen`` is a value somewhere in ``model`` (a quick test before ``references``)."""
    return f'"{CHOSEN}"' in model.model_dump_json()


def reads_identity(model: BaseModel | None) -> bool:
    """Whether ``model`` is a mana ability making mana of its controller's commander's color identity (903.4)."""
    return getattr(model, "produces", None) == IDENTITY


def with_choices(value: Any, choices: Choices, identity: tuple[str, ...] | None = None) -> Any:
    """The JSON form ``value`` with every ``chosen`` replaced by the choice it stands for (a
    choice not made is left as ``chosen``: board checks report it), and ``produces: identity`` by
    the letters of the colors of ``identity`` (903.4; none given: left, board checks report it)."""
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in COLOR_LETTER_FIELDS and item == IDENTITY and identity:
                out[key] = "".join(COLOR_LETTER[c] for c in identity)
                continue
            if key in LIST_FIELDS and isinstance(item, list | tuple):
                made = choices.value(LIST_FIELDS[key])
                out[key] = [made if v == CHOSEN and made is not None else v for v in item]
            elif key in PLAYER_FIELDS and item == CHOSEN:
                out[key] = choices.player if choices.player is not None else item
            elif key in COLOR_LETTER_FIELDS and item == CHOSEN:
                out[key] = COLOR_LETTER[choices.color] if choices.color is not None else item
            elif key == "even" and item == CHOSEN:
                out[key] = item if choices.parity is None else choices.parity == "even"
            else:
                out[key] = with_choices(item, choices, identity)
        return out
    if isinstance(value, list | tuple):
        return [with_choices(item, choices, identity) for item in value]
    return value
