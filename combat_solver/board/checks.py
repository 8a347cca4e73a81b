"""Whole-board checks: what a single field can't say (ids unique and known, players and teams
consistent, the combat declared against what can be attacked, 506.2, 508.1, 802.2a)."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

from collections.abc import Iterator
from functools import cache
from typing import Any, Protocol, get_args

from pydantic import BaseModel

from ..model.base import Strict
from ..model.choices import WHAT, mentions_chosen, reads_identity
from ..model.chosen_word import CHOSEN, references
from ..model.conditions import PLAYER_WORDS, Condition, PlayerTest, Quantity
from ..model.errors import Problem
from ..model.filters import Filter, Target
from ..rules.kind import AbilityBase, attack_hooks, has_hook, id_fields, player_fields
from ..rules.registry import ABILITY_KINDS, Grant, ability_class
from .parts import Combat, EarlierAttack, Effect, Loc, Permanent, Player


class Position(Protocol):
    """What the whole-board checks read of a ``Board``."""

    @property
    def players(self) -> tuple[Player, ...]: ...
    @property
    def active_player(self) -> str: ...
    @property
    def shared_team_turns(self) -> bool: ...
    @property
    def permanents(self) -> tuple[Permanent, ...]: ...
    @property
    def effects(self) -> tuple[Effect, ...]: ...
    @property
    def combat(self) -> Combat | None: ...
    @property
    def attackable_players(self) -> tuple[str, ...] | None: ...
    @property
    def attacked_this_turn(self) -> tuple[EarlierAttack, ...] | int: ...
    def defending_player_of(self, target: str) -> str | None: ...


def _spells_of_a_kind(player: Player, loc: Loc) -> list[Problem]:
    """Spells of a kind are among the spells cast this turn: a creature spell isn't a noncreature
    one (202.1), and an instant or sorcery is a noncreature spell (304.1, 307.1)."""
    total = player.spells_cast_this_turn
    creature = player.creature_spells_cast_this_turn
    noncreature = player.noncreature_spells_cast_this_turn
    instants = player.instant_and_sorcery_spells_cast_this_turn
    if creature + noncreature > total:
        field = "creature_spells_cast_this_turn" if creature > total else "noncreature_spells_cast_this_turn"
        message = f"{creature} creature and {noncreature} noncreature spells, but spells_cast_this_turn is {total}"
        return [((*loc, field), "exceeds_total", message)]
    if instants > noncreature:
        message = f"{instants} instants and sorceries, but noncreature_spells_cast_this_turn is {noncreature}"
        return [((*loc, "instant_and_sorcery_spells_cast_this_turn"), "exceeds_total", message)]
    return []


_PARTS_OF = {
    "artifacts_sacrificed_this_turn": "permanents_sacrificed_this_turn",
    "historic_spells_cast_this_turn": "spells_cast_this_turn",
}
"""Counts among others: artifacts among the permanents sacrificed, historic spells (700.6) among
the spells cast."""


def _parts_of_totals(player: Player, loc: Loc) -> list[Problem]:
    return [
        ((*loc, part), "exceeds_total", f"{part} is {getattr(player, part)}, but {total} is {getattr(player, total)}")
        for part, total in _PARTS_OF.items()
        if getattr(player, part) > getattr(player, total)
    ]


def _graveyard_problems(player: Player, loc: Loc) -> list[Problem]:
    """Listed graveyard cards are the whole graveyard: ``graveyard`` counts them and
    ``graveyard_types`` are the card types among them (205.2a)."""
    if player.graveyard_cards is None:
        return []
    listed = len(player.graveyard_cards)
    if listed != player.graveyard:
        message = f"graveyard_cards lists {listed} cards, but graveyard is {player.graveyard}: list every card in it"
        return [((*loc, "graveyard_cards"), "exceeds_total", message)]
    among = {t for card in player.graveyard_cards for t in card.types}
    if set(player.graveyard_types) != among:
        message = (
            f"graveyard_types is {sorted(set(player.graveyard_types))}, but the cards in graveyard_cards "
            f"have {sorted(among)}"
        )
        return [((*loc, "graveyard_types"), "exceeds_total", message)]
    return []


def _reads_graveyard_cards(value: Any) -> bool:
    """Whether a condition in ``value`` (an ability, an effect) counts graveyard cards by kind."""
    if isinstance(value, PlayerTest) and value.graveyard_cards is not None:
        return True
    if isinstance(value, Strict):
        return any(_reads_graveyard_cards(getattr(value, name)) for name, _ in _nested_fields(type(value)))
    return isinstance(value, tuple) and any(_reads_graveyard_cards(item) for item in value)


def _unlisted_graveyards(board: Position) -> list[Problem]:
    """A condition counting cards of a kind in a graveyard reads the listed cards: a graveyard of
    cards not listed leaves it unknown, so it is an error rather than a guess."""
    read = [*(a for p in board.permanents for a in p.abilities), *board.effects]
    if not any(_reads_graveyard_cards(a) for a in read):
        return []
    return [
        (("players", i, "graveyard_cards"), "missing",
         f"a condition counts cards of a kind in graveyards: list the {pl.graveyard} cards in {pl.id}'s")
        for i, pl in enumerate(board.players)
        if pl.graveyard_cards is None and pl.graveyard > 0
    ]  # fmt: skip


def _pair_problems(p: Permanent, perms: dict[str, Permanent], loc: Loc) -> list[Problem]:
    """702.95b, 702.95d-e: a creature is paired with one other creature its controller controls."""
    other = perms.get(p.paired_with or "")
    if other is None:
        return [(loc, "unknown_id", f"no permanent {p.paired_with!r}")]
    if other.id == p.id or other.controller != p.controller:
        return [(loc, "not_applicable", "a creature is paired with another creature its controller controls (702.95b)")]
    if not (p.is_creature and other.is_creature):
        return [(loc, "not_a_creature", "only creatures are paired (702.95e)")]
    if other.paired_with not in (None, p.id):
        return [(loc, "not_applicable", f"{other.id} is paired with {other.paired_with} (702.95d: one pair each)")]
    if other.paired_with is None:
        return [
            (loc, "missing", f"a pair is written on both creatures: give {other.id} `paired_with: {p.id}` (702.95b)")
        ]
    return []


def problems(board: Position) -> list[Problem]:
    out: list[Problem] = []
    players = {p.id: p for p in board.players}
    perms: dict[str, Permanent] = {}
    seen: set[str] = set()
    for i, pl in enumerate(board.players):
        if pl.id in seen:
            out.append((("players", i, "id"), "duplicate_id", f"id {pl.id!r} is used twice"))
        seen.add(pl.id)
        if board.shared_team_turns and pl.team is None:
            out.append((("players", i, "team"), "missing_team", "shared_team_turns needs a team for every player"))
        out += _spells_of_a_kind(pl, ("players", i))
        out += _graveyard_problems(pl, ("players", i))
        out += _parts_of_totals(pl, ("players", i))
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
                    why = f": {p.card}'s printed {stat} is not a number (208.2: its text defines it); give `{stat}`"
                    out.append(((*loc, stat), "missing", f"a creature needs {stat}" + (why if p.card else "")))
        if "battle" in p.types and p.protector is None:
            out.append(((*loc, "protector"), "missing", "a battle needs a protector (310.9)"))
        if p.protector is not None:
            if "battle" not in p.types:
                out.append(((*loc, "protector"), "not_a_battle", "only a battle has a protector"))
            elif p.protector not in players:
                out.append(((*loc, "protector"), "unknown_id", f"no player {p.protector!r}"))
    for i, p in enumerate(board.permanents):
        if p.paired_with is not None:
            out += _pair_problems(p, perms, ("permanents", i, "paired_with"))
            if p.paired_with not in perms:
                continue  # its abilities name the missing creature too: said once, here
        for j, ability in enumerate(p.abilities):
            out += _reference_problems(ability, ("permanents", i, "abilities", j), seen, set(players))
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
            where = "give `to` in the ability" if "to" in type(e.ability).model_fields else "not to creatures"
            out.append(((*loc, "to"), "not_applicable", f"{e.ability.kind} applies to the game, {where}"))
        if e.to is not None:
            out += [
                ((*loc, "to", "ids"), "unknown_id", f"no permanent {x!r}")
                for x in e.to.referenced_ids()
                if x not in seen
            ]
        out += _reference_problems(e.ability, (*loc, "ability"), seen, set(players))
    for i, pid in enumerate(board.attackable_players or ()):
        if pid not in players:
            out.append((("attackable_players", i), "unknown_id", f"no player {pid!r}"))
        elif board.active_player in players and _team(board, pid) == _team(board, board.active_player):
            out.append((("attackable_players", i), "not_an_opponent", f"{pid} is not an opponent of the active player"))
    filters = [
        found
        for i, p in enumerate(board.permanents)
        for j, ability in enumerate(p.abilities)
        for found in _filters(ability, ("permanents", i, "abilities", j), ("permanents", i, "abilities", j))
    ]
    filters += [found for i, e in enumerate(board.effects) for found in _filters(e, ("effects", i), ("effects", i))]
    out += _filter_problems(filters, set(players))
    if board.combat is not None:
        out += _combat_problems(board, players, perms)
    for i, p in enumerate(board.permanents):
        if p.attached_to is not None and p.attached_to not in perms and p.attached_to not in players:
            # 303.4, 702.5: an Aura with "enchant player" is attached to a player (Curses)
            out.append((("permanents", i, "attached_to"), "unknown_id", f"no permanent or player {p.attached_to!r}"))
    if not isinstance(board.attacked_this_turn, int):
        for i, earlier in enumerate(board.attacked_this_turn):
            if earlier.target not in seen:
                loc = ("attacked_this_turn", i, "target")
                out.append((loc, "unknown_id", f"no player, planeswalker or battle {earlier.target!r}"))
    out += _player_word_problems(board)
    out += _unlisted_graveyards(board)
    inert = [
        *(("permanents", i, "abilities", j) for i, p in enumerate(board.permanents)
          for j, ability in enumerate(p.abilities) if _inert_while_declaring_attackers(ability)),
        *(("effects", i) for i, e in enumerate(board.effects) if _inert_while_declaring_attackers(e.ability)),
    ]  # fmt: skip
    out += _pattern_problems(board, filters, inert)
    out += _choice_problems(board, set(players))
    return out


def _choice_problems(board: Position, players: set[str]) -> list[Problem]:
    """607.2d: ``chosen`` in an ability reads its own permanent's choice: the choice must be on
    that permanent (an effect has no choices), and a chosen player must be a player."""
    out: list[Problem] = []
    for i, p in enumerate(board.permanents):
        if p.chosen.player is not None and p.chosen.player not in players:
            out.append((("permanents", i, "chosen", "player"), "unknown_id", f"no player {p.chosen.player!r}"))
        for ability in p.abilities:
            if not mentions_chosen(ability):
                continue
            for choice in sorted(references(ability.model_dump(mode="json", by_alias=True, exclude_none=True))):
                if p.chosen.value(choice) is None:
                    out.append(
                        (
                            ("permanents", i, "chosen", choice),
                            "missing",
                            f"its {ability.kind} reads {WHAT[choice]} (607.2d): give `chosen: {{{choice}: ...}}`",
                        )
                    )
    seats = {pl.id: k for k, pl in enumerate(board.players)}
    for p in board.permanents:
        seat = seats.get(p.controller)
        if (
            seat is not None
            and board.players[seat].commander_identity is None
            and any(map(reads_identity, p.abilities))
        ):
            loc, name = ("players", seat, "commander_identity"), p.name or p.id
            why = f"{name}'s mana ability makes a color of its controller's commander's color identity (903.4)"
            out.append((loc, "missing", f"{why}: give its colors ([] for a colorless commander or none, 903.4f)"))
    given: list[tuple[Loc, Any]] = [
        (("permanents", i, "abilities", j), getattr(a, "ability", None))
        for i, p in enumerate(board.permanents) for j, a in enumerate(p.abilities)
    ]  # fmt: skip
    given += [(("effects", i, "ability"), e.ability) for i, e in enumerate(board.effects)]
    for where, ability in given:
        if reads_identity(ability) or reads_identity(getattr(ability, "ability", None)):
            why = "a mana ability given to a permanent reads the identity of the commander of its holder's controller"
            out.append(
                (where, "not_modelled", f"{why} (903.4), which a grant doesn't read: write it on that permanent")
            )
    for i, e in enumerate(board.effects):
        if mentions_chosen(e) and references(e.model_dump(mode="json", by_alias=True, exclude_none=True)):
            out.append(
                (
                    ("effects", i),
                    "not_applicable",
                    "`chosen` reads a permanent's own choice (607.2d); an effect has none: write the value itself",
                )
            )
    return out


def _inert_while_declaring_attackers(ability: AbilityBase) -> bool:
    """Whether the kind does nothing while attackers are declared (evasion, blocking rules): its
    conditions may read the attack or the defending player, as it is read only once both are known
    (a creature is an attacking creature only once declared, 508.1k: Kitesail Corsair's "has flying
    as long as it's attacking" is false while its attack is being declared)."""
    if isinstance(ability, Grant):
        return _inert_while_declaring_attackers(ability.ability)
    return not any(has_hook(ability, hook) for hook in (*_ATTACK_HOOKS, *_UNGATED_HOOKS))


def _pattern_problems(board: Position, filters: list[tuple[Loc, Loc, Filter]], inert: list[Loc]) -> list[Problem]:
    """Every ``has`` pattern names a kind and fields of that kind; ``attacking`` filters need a
    declared attack, but in the abilities at ``inert`` (those doing nothing while attackers are
    declared)."""
    out: list[Problem] = []
    for loc, _, value in filters:
        if board.combat is None and not any(loc[: len(at)] == at for at in inert):
            out += [
                (
                    (*loc, name),
                    "not_modelled",
                    f"`{name}` reads the declared attack; before attackers are declared, "
                    "test the attack being declared with a condition's `attack`",
                )
                for name in ("attacking", "attacking_alone")
                if getattr(value, name) is not None
            ]
        for k, pattern in enumerate(value.has or ()):
            if isinstance(pattern, str):
                continue
            kind = str(pattern.get("kind"))
            if kind not in ABILITY_KINDS:
                out.append(((*loc, "has", k), "unknown_kind", f"no ability kind {pattern.get('kind')!r}"))
                continue
            cls = ability_class(kind)
            names = {f.alias or n for n, f in cls.model_fields.items()}
            out += [
                ((*loc, "has", k, key), "unknown_field", f"{cls.model_fields['kind'].default} has no field {key!r}")
                for key in pattern
                if key not in names
            ]
    return out


def _player_word_problems(board: Position) -> list[Problem]:
    """Every ``you``/``owner``/``defending_player`` an ability names must resolve to a player
    (701.15b: goad by you is the goading player)."""
    out: list[Problem] = []
    sources: list[tuple[Loc, Any, bool, bool]] = []  # loc, ability, has controller, has holder
    for i, p in enumerate(board.permanents):
        for j, ability in enumerate(p.abilities):
            holder = ability.scope == "creature" or isinstance(ability, Grant)
            sources.append((("permanents", i, "abilities", j), ability, True, holder))
            if isinstance(ability, Grant):
                sources.append((("permanents", i, "abilities", j, "ability"), ability.ability, True, True))
    for i, e in enumerate(board.effects):
        sources.append((("effects", i, "ability"), e.ability, e.controller is not None, e.to is not None))
    for loc, ability, has_controller, has_holder in sources:
        for sub_loc, word in _player_words(ability, loc, top=True):
            if word == "you" and not has_controller:
                out.append((sub_loc, "unresolved_player", "`you` needs a controller: give the effect's controller"))
            elif word == "owner" and not has_holder:
                out.append((sub_loc, "unresolved_player", "`owner` needs a creature that has the ability"))
            elif (
                word == "defending_player"
                and board.combat is None
                and not _per_target(ability)
                and not _inert_while_declaring_attackers(ability)
            ):
                out.append(
                    (
                        sub_loc,
                        "unresolved_player",
                        "before attackers are declared the defending player is known only per attack target: "
                        "use it in cant_attack_unless / cant_attack_if or a restriction on attacking",
                    )
                )
            elif word not in (*PLAYER_WORDS, "owner", CHOSEN) and all(pl.id != word for pl in board.players):
                out.append((sub_loc, "unknown_id", f"no player {word!r}"))
        if (
            board.combat is None
            and _tests_the_attack(ability)
            and not _gated_while_declaring(ability)
            and not _inert_while_declaring_attackers(ability)
        ):
            out.append(
                (
                    loc,
                    "not_modelled",
                    f"an `attack` condition on {ability.kind} while attackers are declared: only restrictions "
                    "and requirements on attacking can depend on the attack itself (put it on the granted ability)",
                )
            )
    return out


_ATTACK_HOOKS = attack_hooks("gated")
_UNGATED_HOOKS = attack_hooks("ungated")


def _tests_the_attack(ability: AbilityBase) -> bool:
    return any(c is not None and c.mentions_attack() for c in (ability.condition, ability.unless))


def _gated_while_declaring(ability: AbilityBase) -> bool:
    """Whether the kind's effect in the declare attackers step can be made to depend on the
    declaration (restrictions and requirements can; costs, haste, vigilance and grants can't)."""
    cls = type(ability)
    overrides = {
        name for name in (*_ATTACK_HOOKS, *_UNGATED_HOOKS) if getattr(cls, name) is not getattr(AbilityBase, name)
    }
    return (
        not isinstance(ability, Grant) and bool(overrides & set(_ATTACK_HOOKS)) and not overrides & set(_UNGATED_HOOKS)
    )


def _per_target(ability: Any) -> bool:
    return bool(getattr(ability, "per_target_condition", False))


def _player_words(value: Any, loc: Loc, top: bool = False) -> list[tuple[Loc, str]]:
    """The player words (``who``, ``player``, goad ``by``) in an ability, its conditions and targets."""
    out: list[tuple[Loc, str]] = []
    if isinstance(value, AbilityBase) and not top:
        return out  # a granted ability is checked on its own
    if isinstance(value, PlayerTest) or (isinstance(value, Quantity) and value.of not in ("power", "toughness")):
        out.append(((*loc, "who"), value.who))
    if isinstance(value, Filter) and value.controller in ("you", "opponent", "team"):
        out.append(((*loc, "controller"), "you"))
    if isinstance(value, Filter) and value.owner in ("you", "opponent", "team"):
        out.append(((*loc, "owner"), "you"))
    if isinstance(value, Condition) and value.your_turn is not None:
        out.append(((*loc, "your_turn"), "you"))
    if isinstance(value, Target) and value.player is not None:
        out.append(((*loc, "player"), "you" if value.player == "opponent" else value.player))  # opponents of "you"
    if isinstance(value, AbilityBase):
        out += [((*loc, name), getattr(value, name)) for name in player_fields(type(value))]
    if isinstance(value, Strict):
        for name, _ in _nested_fields(type(value)):
            child = getattr(value, name)
            if child is not None and child != ():
                out += _player_words(child, (*loc, name))
    elif isinstance(value, tuple):
        for k, item in enumerate(value):
            if isinstance(item, Strict | tuple):
                out += _player_words(item, (*loc, k))
    return out


def _filter_problems(filters: list[tuple[Loc, Loc, Filter]], players: set[str]) -> list[Problem]:
    """A filter's ``has`` names ability kinds and its ``controller`` a player (or you/opponent)."""
    out: list[Problem] = []
    for _, loc, f in filters:
        for i, wanted in enumerate(f.has or ()):
            kind = wanted.get("kind") if isinstance(wanted, dict) else wanted
            if kind not in ABILITY_KINDS:
                out.append(((*loc, "has", i), "unknown_kind", f"no ability kind {kind!r} (see ABILITY_KINDS)"))
        for field, who in (("controller", f.controller), ("owner", f.owner)):
            if who is not None and who not in players | {"you", "opponent", "team", CHOSEN}:
                out.append(((*loc, field), "unknown_id", f"{who!r} is not `you`, `opponent`, `team` or a player id"))
    return out


def _filters(value: object, loc: Loc, aliased: Loc) -> Iterator[tuple[Loc, Loc, Filter]]:
    """Every filter inside ``value`` with its location, by field names and by input names."""
    if isinstance(value, Filter):
        yield loc, aliased, value
    if isinstance(value, BaseModel):
        for name, input_name in _nested_fields(type(value)):
            child = getattr(value, name)
            if child is not None and child != ():
                yield from _filters(child, (*loc, name), (*aliased, input_name))
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            if isinstance(item, BaseModel | tuple):
                yield from _filters(item, (*loc, i), (*aliased, i))


@cache
def _nested_fields(model: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    """The fields of ``model`` whose values can hold models (name, input name): the only ones
    the consistency walks above need to visit (text, numbers and flags hold no filter)."""
    return tuple(
        (name, info.alias or name) for name, info in model.model_fields.items() if _may_hold_model(info.annotation)
    )


@cache
def _referring_fields(ability: type[AbilityBase]) -> tuple[str, ...]:
    """The fields of an ability kind that can name a permanent (``AbilityBase.referenced_ids``
    reads id fields and the models inside it); when all are empty it names none."""
    nested = {name for name, _ in _nested_fields(ability)}
    return tuple(name for name in ability.model_fields if name in nested or name in id_fields(ability))


def _may_hold_model(annotation: Any) -> bool:
    if annotation is Any or annotation is object:
        return True
    if isinstance(annotation, type):
        return issubclass(annotation, BaseModel)
    return any(_may_hold_model(arg) for arg in get_args(annotation))


def _reference_problems(ability: AbilityBase, loc: Loc, known: set[str], players: set[str]) -> list[Problem]:
    """Ids an ability names that aren't on the board; a grant goes to permanents, never to a
    player (Pacifism attached to a player, 303.4a: it enchants a creature)."""
    referring = _referring_fields(type(ability))
    out: list[Problem] = [
        ((*loc, field), "unknown_id", f"no permanent {ref!r}")
        for field, ref in (ability.referenced_ids() if any(getattr(ability, f) is not None for f in referring) else ())
        if ref not in known
    ]
    if isinstance(ability, Grant):
        out += [
            ((*loc, "to", "ids"), "unknown_id", f"no permanent {x!r}" + (" (a player)" if x in players else ""))
            for x in ability.to.referenced_ids()
            if x not in known or x in players
        ]
        if ability.ability.scope == "game":
            rule = ability.ability.kind
            out.append(
                ((*loc, "ability"), "not_grantable", f"{rule} is a rule of the game: give it directly, not by a grant")
            )
        out += _reference_problems(ability.ability, (*loc, "ability"), known, players)
    return out


def changes_types(board: Position) -> bool:
    """Whether a permanent's ability or an effect of the board changes types (613.1d, layer 4)."""
    return any(a.kind == "type_change" for p in board.permanents for a in p.abilities) or any(
        e.ability.kind == "type_change" for e in board.effects
    )


def _team(board: Position, player: str) -> str:
    for p in board.players:
        if p.id == player:
            return p.team if p.team is not None else f"player:{p.id}"
    return f"player:{player}"


def _combat_problems(board: Position, players: dict[str, Player], perms: dict[str, Permanent]) -> list[Problem]:
    out: list[Problem] = []
    assert board.combat is not None
    attacking_team = _team(board, board.active_player)
    types_change = changes_types(board)  # then the game checks attackers after layer 4 (613.1d)
    for attacker_id, target_id in board.combat.attackers.items():
        loc: Loc = ("combat", "attackers", attacker_id)
        attacker = perms.get(attacker_id)
        if attacker is None:
            out.append((loc, "unknown_id", f"no permanent {attacker_id!r}"))
            continue
        if not attacker.is_creature and not types_change:
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
