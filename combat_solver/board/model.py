"""The board: the game state at the moment of a declaration (pydantic, frozen, unknown fields rejected)."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Annotated, Any, TypeVar

from pydantic import Field, ValidationInfo, model_validator

from ..cards.resolve import board_warnings, graveyard_effects, on_turn
from ..model.base import CountedOnInput, Flag, NonNegative, Strict
from ..model.errors import validation_error
from .checks import problems as board_problems
from .parts import MAX_PERMANENTS, MAX_PLAYERS, Combat, EarlierAttack, Effect, GraveyardType, Loc, Permanent, Player

_T = TypeVar("_T")

__all__ = [
    "MAX_PERMANENTS",
    "MAX_PLAYERS",
    "Board",
    "Combat",
    "EarlierAttack",
    "Effect",
    "GraveyardType",
    "Loc",
    "Permanent",
    "Player",
]


class Board(Strict):
    """Everything a declaration's legality depends on."""

    players: Annotated[tuple[Player, ...], Field(min_length=2, max_length=MAX_PLAYERS), CountedOnInput]
    active_player: str
    shared_team_turns: Flag = Field(False, description="805: teams attack and block as one (Two-Headed Giant)")
    extra_turn: Flag = Field(False, description="the turn is an extra turn (500.7): for 'during extra turns'")
    permanents: tuple[Permanent, ...] = Field((), max_length=MAX_PERMANENTS)
    effects: tuple[Effect, ...] = Field((), max_length=MAX_PERMANENTS)
    combat: Combat | None = Field(None, description="the declared attack; present for the declare blockers step")
    attackable_players: tuple[str, ...] | None = Field(
        None, description="the opponents the active player may attack (506.2a, 803); default: every opponent (802.2)"
    )
    attacked_this_turn: tuple[EarlierAttack, ...] | NonNegative = Field(
        (),
        description="the creatures that attacked in earlier combats this turn and whom each attacked "
        "(per-turn limits count creatures, 508.1c); a number: that many creatures, targets unknown",
    )

    @model_validator(mode="before")
    @classmethod
    def _read_cards(cls, data: Any, info: ValidationInfo) -> Any:
        """702.161a: whose turn it is decides whether a Vehicle with living metal is a creature;
        notes the board makes matter are warnings (``board_warnings``: 106.6, 701.21a, 805.10c);
        113.6b: the graveyard's cards that function there give their effects."""
        if not isinstance(data, dict):
            return data
        found = graveyard_effects(data.get("players"), info.context)
        if found and isinstance(data.get("effects", []), list | tuple):
            data = {**data, "effects": [*data.get("effects", []), *found]}
        if not data.get("permanents"):
            return data
        permanents = board_warnings(data["permanents"], bool(data.get("shared_team_turns")), info.context)
        return {**data, "permanents": on_turn(permanents, _turn_players(data), info.context)}

    @model_validator(mode="after")
    def _consistent(self) -> "Board":
        problems = board_problems(self)
        if problems:
            raise validation_error("Board", problems)
        return self

    @property
    def card_warnings(self) -> tuple[str, ...]:
        """Card text on the board that bears on combat but wasn't compiled."""
        return tuple(w for p in self.permanents for w in p.card_warnings)

    def permanent(self, permanent_id: str) -> Permanent:
        for p in self.permanents:
            if p.id == permanent_id:
                return p
        raise KeyError(permanent_id)

    def defending_player_of(self, target: str) -> str | None:
        """802.2a: the player attacked, or the controller of the planeswalker or protector of the
        battle attacked; None when ``target`` is none of those."""
        if any(p.id == target for p in self.players):
            return target
        for p in self.permanents:
            if p.id == target:
                return p.defending_player
        return None

    @cached_property
    def labels(self) -> dict[str, str]:
        """How output names each permanent: its name, with its id when another shares the name."""
        counts: dict[str, int] = {}
        for p in self.permanents:
            counts[p.name] = counts.get(p.name, 0) + 1
        return {p.id: p.name if counts[p.name] == 1 else f"{p.name} ({p.id})" for p in self.permanents}

    def derived(self, key: str, build: Callable[["Board"], _T]) -> _T:
        """The value ``build`` derives from this board (the resolved game, 613.1f), built once and
        kept with the board: a board is frozen, so it holds for every declaration checked on it.
        Not a field: never serialized, compared, copied or pickled."""
        found: dict[str, Any] = self.__dict__.setdefault(_DERIVED, {})
        if key not in found:
            found[key] = build(self)
        value: _T = found[key]
        return value

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> "Board":
        """A copy (pydantic's), without the values derived from this board (``labels``, ``derived``)."""
        copied = super().model_copy(update=update, deep=deep)
        copied.__dict__.pop("labels", None)
        copied.__dict__.pop(_DERIVED, None)
        return copied

    def __getstate__(self) -> dict[Any, Any]:
        state = super().__getstate__()
        state["__dict__"] = {k: v for k, v in state["__dict__"].items() if k != _DERIVED}
        return state


_DERIVED = "_derived"


def _turn_players(data: Mapping[str, Any]) -> frozenset[str]:
    """Whose turn it is, read from raw board data: the active player, or with shared team turns
    every player of the active player's team (805.4a)."""
    active = data.get("active_player")
    if not isinstance(active, str):
        return frozenset()
    given = data.get("players")
    players = [
        p if isinstance(p, Mapping) else p.model_dump()
        for p in (given if isinstance(given, list | tuple) else ())
        if isinstance(p, Mapping | Player)
    ]
    teams = {p.get("id"): p.get("team") for p in players if isinstance(p.get("id"), str)}
    if not data.get("shared_team_turns") or teams.get(active) is None:
        return frozenset({active}) if isinstance(active, str) else frozenset()
    return frozenset(pid for pid, team in teams.items() if isinstance(pid, str) and team == teams[active])
