"""The game state at the moment of a declaration (pydantic, frozen, unknown fields rejected)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError, ValidationError

from .abilities import ABILITY_KINDS, Ability, Grant
from .cards.resolve import CardError, Token, resolve
from .errors import validation_error
from .filters import CardType, Color, Filter
from .strict import Flag, Integer, NonNegative, Strict

Loc = tuple[str | int, ...]

MAX_PLAYERS = 100
MAX_PERMANENTS = 1000
"""Most permanents (and most effects) on a board: past it, building the model alone would outlast
any reasonable time limit."""


class Player(Strict):
    """A player; ``team`` groups teammates (Two-Headed Giant, 805)."""

    id: str = Field(min_length=1)
    name: str | None = None
    team: str | None = None
    life: Integer = 20
    hand: NonNegative = Field(0, description="cards in hand (for discard costs)")


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
    types: tuple[CardType, ...] = Field(min_length=1)
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
    abilities: tuple[Ability, ...] = ()
    card: str | None = Field(None, description="a card name: fills the fields not given from the card catalog")
    token: Token | None = Field(None, description="a token by description, instead of `card`")
    card_text: bool = Field(True, description="false: `abilities` replace the card's compiled abilities")
    counters: dict[str, int] = Field(default_factory=dict, description='e.g. {"+1/+1": 2, flying: 1} (122.1)')
    attached_to: str | None = Field(None, description="the permanent an Aura or Equipment is attached to")
    card_warnings: tuple[str, ...] = Field((), description="card text that bears on combat but wasn't compiled")

    @model_validator(mode="before")
    @classmethod
    def _from_card(cls, data: Any, info: ValidationInfo) -> Any:
        if not isinstance(data, dict) or not any(data.get(k) for k in ("card", "token", "counters")):
            return data
        try:
            return resolve(data, info.context)
        except CardError as e:
            details = [
                InitErrorDetails(type=PydanticCustomError(e.code, str(e)), loc=(e.field,), input=data.get(e.field))
            ]
        except ValidationError as e:
            details = [
                InitErrorDetails(
                    type=PydanticCustomError(i["type"], i["msg"]), loc=("token", *i["loc"]), input=i["input"]
                )
                for i in e.errors()
            ]
        raise ValidationError.from_exception_data("Permanent", details)

    @property
    def owner_id(self) -> str:
        return self.owner if self.owner is not None else self.controller

    @property
    def is_creature(self) -> bool:
        return "creature" in self.types and "battle" not in self.types


class Effect(Strict):
    """An effect of a resolved spell or ability that lasts this turn (e.g. Irresistible Prey:
    "target creature must be blocked this turn if able"; provoke's "blocks it if able").
    ``to`` selects the affected creatures (``{ids: [...]}`` for targets); game-wide rules
    such as ``block_limit`` take no ``to``."""

    source: str
    controller: str | None = None
    to: Filter | None = None
    ability: Ability


class Combat(Strict):
    """The attack already declared (for the declare blockers step): attacker id -> the id of the
    player, planeswalker or battle it attacks (508.1b)."""

    attackers: dict[str, str]
    bands: tuple[tuple[str, ...], ...] = Field((), description="attacking bands (508.1e, 702.22)")


class Board(Strict):
    """Everything a declaration's legality depends on."""

    players: tuple[Player, ...] = Field(min_length=2, max_length=MAX_PLAYERS)
    active_player: str
    shared_team_turns: Flag = Field(False, description="805: teams attack and block as one (Two-Headed Giant)")
    permanents: tuple[Permanent, ...] = Field((), max_length=MAX_PERMANENTS)
    effects: tuple[Effect, ...] = Field((), max_length=MAX_PERMANENTS)
    combat: Combat | None = Field(None, description="the declared attack; present for the declare blockers step")
    attackable_players: tuple[str, ...] | None = Field(
        None, description="the opponents the active player may attack (506.2a, 803); default: every opponent (802.2)"
    )
    attacked_this_turn: NonNegative = Field(
        0, description="creatures that already attacked in earlier combats this turn (per-turn limits)"
    )

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        problems = _problems(self)
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
                if "battle" in p.types:
                    return p.protector
                return p.controller if "planeswalker" in p.types else None
        return None

    @cached_property
    def labels(self) -> dict[str, str]:
        """How output names each permanent: its name, with its id when another shares the name."""
        counts = Counter(p.name for p in self.permanents)
        return {p.id: p.name if counts[p.name] == 1 else f"{p.name} ({p.id})" for p in self.permanents}


def _problems(board: Board) -> list[tuple[Loc, str, str]]:
    out: list[tuple[Loc, str, str]] = []
    players = {p.id: p for p in board.players}
    perms: dict[str, Permanent] = {}
    seen: set[str] = set()
    for i, pl in enumerate(board.players):
        if pl.id in seen:
            out.append((("players", i, "id"), "duplicate_id", f"id {pl.id!r} is used twice"))
        seen.add(pl.id)
        if board.shared_team_turns and pl.team is None:
            out.append((("players", i, "team"), "missing_team", "shared_team_turns needs a team for every player"))
    if board.active_player not in players:
        out.append((("active_player",), "unknown_id", f"no player {board.active_player!r}"))
    for i, p in enumerate(board.permanents):
        loc: Loc = ("permanents", i)
        if p.id in seen:
            out.append(((*loc, "id"), "duplicate_id", f"id {p.id!r} is used twice"))
        seen.add(p.id)
        perms[p.id] = p
        if p.controller not in players:
            out.append(((*loc, "controller"), "unknown_id", f"no player {p.controller!r}"))
        if p.owner is not None and p.owner not in players:
            out.append(((*loc, "owner"), "unknown_id", f"no player {p.owner!r}"))
        if "creature" in p.types:
            for stat in ("power", "toughness"):
                if getattr(p, stat) is None:
                    out.append(((*loc, stat), "missing", f"a creature needs {stat}"))
        if "battle" in p.types and p.protector is None:
            out.append(((*loc, "protector"), "missing", "a battle needs a protector (310.9)"))
        if p.protector is not None:
            if "battle" not in p.types:
                out.append(((*loc, "protector"), "not_a_battle", "only a battle has a protector"))
            elif p.protector not in players:
                out.append(((*loc, "protector"), "unknown_id", f"no player {p.protector!r}"))
    for i, p in enumerate(board.permanents):
        for j, ability in enumerate(p.abilities):
            out += _reference_problems(ability, ("permanents", i, "abilities", j), seen)
    for i, e in enumerate(board.effects):
        loc = ("effects", i)
        if e.controller is not None and e.controller not in players:
            out.append(((*loc, "controller"), "unknown_id", f"no player {e.controller!r}"))
        if isinstance(e.ability, Grant):
            out.append(
                ((*loc, "ability"), "nested_grant", "an effect already applies to `to`; give the ability itself")
            )
        elif e.ability.scope == "creature" and e.to is None:
            out.append(((*loc, "to"), "missing", f"say which creatures the {e.ability.kind} effect applies to"))
        elif e.ability.scope == "game" and e.to is not None:
            out.append(((*loc, "to"), "not_applicable", f"{e.ability.kind} applies to the game, not to creatures"))
        if e.to is not None:
            out += [
                ((*loc, "to", "ids"), "unknown_id", f"no permanent {x!r}")
                for x in e.to.referenced_ids()
                if x not in seen
            ]
        out += _reference_problems(e.ability, (*loc, "ability"), seen)
    for i, pid in enumerate(board.attackable_players or ()):
        if pid not in players:
            out.append((("attackable_players", i), "unknown_id", f"no player {pid!r}"))
        elif board.active_player in players and _team(board, pid) == _team(board, board.active_player):
            out.append((("attackable_players", i), "not_an_opponent", f"{pid} is not an opponent of the active player"))
    out += _filter_problems(board, set(players))
    if board.combat is not None:
        out += _combat_problems(board, players, perms)
    return out


def _filter_problems(board: Board, players: set[str]) -> list[tuple[Loc, str, str]]:
    """A filter's ``has`` names ability kinds and its ``controller`` a player (or you/opponent)."""
    out: list[tuple[Loc, str, str]] = []
    for loc, f in _filters(board, ()):
        for i, kind in enumerate(f.has or ()):
            if kind not in ABILITY_KINDS:
                out.append(((*loc, "has", i), "unknown_kind", f"no ability kind {kind!r} (see ABILITY_KINDS)"))
        if f.controller is not None and f.controller not in players | {"you", "opponent"}:
            out.append(
                ((*loc, "controller"), "unknown_id", f"{f.controller!r} is not `you`, `opponent` or a player id")
            )
    return out


def _filters(value: object, loc: Loc) -> Iterator[tuple[Loc, Filter]]:
    """Every filter inside ``value`` with its location (fields by their input names)."""
    if isinstance(value, Filter):
        yield loc, value
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            yield from _filters(getattr(value, name), (*loc, info.alias or name))
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _filters(item, (*loc, i))


def _reference_problems(ability: Any, loc: Loc, known: set[str]) -> list[tuple[Loc, str, str]]:
    out = [
        ((*loc, field), "unknown_id", f"no permanent {ref!r}")
        for field, ref in ability.referenced_ids()
        if ref not in known
    ]
    if isinstance(ability, Grant):
        out += [
            ((*loc, "to", "ids"), "unknown_id", f"no permanent {x!r}")
            for x in ability.to.referenced_ids()
            if x not in known
        ]
        if ability.ability.scope == "game":
            rule = ability.ability.kind
            out.append(
                ((*loc, "ability"), "not_grantable", f"{rule} is a rule of the game: give it directly, not by a grant")
            )
        out += _reference_problems(ability.ability, (*loc, "ability"), known)
    return out


def _team(board: Board, player: str) -> str:
    for p in board.players:
        if p.id == player:
            return p.team if p.team is not None else f"player:{p.id}"
    return f"player:{player}"


def _combat_problems(
    board: Board, players: dict[str, Player], perms: dict[str, Permanent]
) -> list[tuple[Loc, str, str]]:
    out: list[tuple[Loc, str, str]] = []
    assert board.combat is not None
    attacking_team = _team(board, board.active_player)
    for attacker_id, target_id in board.combat.attackers.items():
        loc: Loc = ("combat", "attackers", attacker_id)
        attacker = perms.get(attacker_id)
        if attacker is None:
            out.append((loc, "unknown_id", f"no permanent {attacker_id!r}"))
            continue
        if not attacker.is_creature:
            out.append((loc, "not_a_creature", f"{attacker.name} is not a creature and can't attack (506.3)"))
        owner_ok = attacker.controller == board.active_player or (
            board.shared_team_turns and _team(board, attacker.controller) == attacking_team
        )
        if not owner_ok:
            out.append(
                (loc, "not_attacking_player", f"{attacker.name} is not controlled by the attacking player (508.1a)")
            )
        defender = board.defending_player_of(target_id)
        if defender is None:
            out.append((loc, "invalid_attack_target", f"{target_id!r} is not a player, planeswalker or battle (506.3)"))
            continue
        if _team(board, defender) == attacking_team:
            out.append((loc, "invalid_attack_target", f"{target_id!r} is not an opponent's (508.1b, 310.9b)"))
    seen: set[str] = set()
    for i, band in enumerate(board.combat.bands):
        loc = ("combat", "bands", i)
        if len(band) < 2:
            out.append((loc, "band_too_small", "a band has at least two creatures (702.22c)"))
        if len(set(band)) != len(band):
            out.append((loc, "duplicate_member", "a band lists the same creature twice"))
        for member in band:
            if member not in board.combat.attackers:
                out.append((loc, "not_attacking", f"{member!r} is not an attacking creature"))
            elif member in seen:
                out.append((loc, "duplicate_member", f"{member!r} is in two bands (702.22c)"))
            seen.add(member)
        if len({board.combat.attackers.get(m) for m in band if m in board.combat.attackers}) > 1:
            out.append(
                (loc, "band_split", "all creatures in a band attack the same player, planeswalker or battle (702.22d)")
            )
    return out
