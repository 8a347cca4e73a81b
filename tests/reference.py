"""Independent brute-force references for block and attack legality (CR 508.1a-d, 509.1a-c, 802, 805.10).

Written from the rules text only; it shares no code with the solver's encoding. It uses the
pydantic data classes for input and re-implements everything else, including filter matching.

For every defending unit (a defending player, 802.4; or the defending team, 805.10d) it lists every
declaration (each blocker picks any subset of the attackers it may legally face), keeps those that
break no restriction (509.1b), counts the requirements each obeys (509.1c) and keeps the ones
reaching the maximum. A whole-board declaration is legal iff every unit's part is.

``AttackReference`` does the same for the declare attackers step (a board without ``combat``): the
attacking unit (the active player, 508.1a; or the active team, 805.10b) gives each of its creatures
"no attack" or one of every attackable player, planeswalker and battle (508.1b, 802.3, 310.9b), keeps
the declarations that break no restriction (508.1a, 508.1c, 802.3a) and counts requirements (508.1d)
as docs/design.md §4 says.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, get_args

from combat_solver import AttackDeclaration, BlockDeclaration, Board, Comparison, Count, Filter, Permanent, Target
from combat_solver.model.conditions import PlayerFact
from combat_solver.model.creature_types import CREATURE_TYPES  # the list of CR 205.3m (data, not encoding)
from combat_solver.rules.characteristics import ARTIFACT_TYPES as _ARTIFACT_TYPES  # lists of CR 205.3g-h (data)
from combat_solver.rules.characteristics import ENCHANTMENT_TYPES as _ENCHANTMENT_TYPES
from combat_solver.rules.mana import ManaAbility  # the data class of a mana ability (305.6 adds one)

Pair = tuple[str, str]  # (blocker id, attacker id)
# A layer-6 effect: (timestamp, ability added, controller, to filter or None, fixed holder id,
# gate grant, gate permanent, id of the permanent whose ability generates it)
Item = tuple[int, Any, str | None, Any, str | None, Any, Any, str | None]
Decl = frozenset[Pair]
AbilityT = Any  # an ability model; read by its documented fields only

# Ability kinds whose effects belong to the whole game, not to one creature.
GAME_KINDS = frozenset({"block_limit", "attack_limit", "must_be_attacked", "chooses_attackers", "chooses_blockers"})
# Effects on characteristics: types (layer 4, 613.1d) and abilities removed (layer 6, 613.1f).
LAYER_KINDS = frozenset({"type_change", "lose_abilities"})
# 613.1f: what a creature has when an effect gives it, so that an ability-removing effect applied
# later takes it: keyword abilities of 702 and mana abilities (605). Any other kind given to it
# ("Enchanted creature can't attack", "target creature can't block this turn") is the giver's own
# effect, which no lost ability takes away (a grant's ``gains`` says otherwise).
HAD_WHEN_GIVEN = frozenset(
    {
        "flying", "reach", "defender", "vigilance", "haste", "menace", "fear", "intimidate", "shadow",
        "horsemanship", "skulk", "landwalk", "protection", "banding", "bands_with_other", "flanking",
        "bushido", "rampage", "enlist", "mana",
    }
)  # fmt: skip
# 205.3i: the land types; 305.6: the basic ones and the mana their intrinsic abilities make.
LAND_TYPES = frozenset(
    t.casefold()
    for t in [
        "Cave",
        "Desert",
        "Forest",
        "Gate",
        "Island",
        "Lair",
        "Locus",
        "Mine",
        "Mountain",
        "Plains",
        "Planet",
        "Power-Plant",
        "Sphere",
        "Swamp",
        "Tower",
        "Town",
        "Urza's",
    ]
)
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
# 205.3g, 205.3h: the artifact and enchantment types (for 205.3d).
ARTIFACT_TYPES = frozenset(t.casefold() for t in _ARTIFACT_TYPES)
ENCHANTMENT_TYPES = frozenset(t.casefold() for t in _ENCHANTMENT_TYPES)
# Restrictions on attacking whose conditions are read per attack target before attackers are
# declared (the defending player is then the one that target belongs to, 802.2a).
PER_TARGET_KINDS = frozenset({"cant_attack", "cant_attack_unless", "cant_attack_if"})
NUMBER_FACTS = get_args(PlayerFact)  # the numbers a player test reads (the data contract)


def _mana_value(p: Permanent) -> int:
    """202.3: read from the mana cost where the board gives one (the random boards give a cost or a
    mana value, never both): X is 0, a hybrid symbol its largest part, a Phyrexian symbol 1."""
    if not p.mana_cost:
        return int(p.mana_value)
    total = 0
    for symbol in p.mana_cost.strip("{}").split("}{"):
        parts = [part for part in symbol.split("/") if part != "P"]
        total += max(int(part) if part.isdigit() else 0 if part == "X" else 1 for part in parts)
    return total


def _has_kinds(value: Any) -> Iterator[str]:
    """The ability kinds named in ``has`` tests anywhere in a dumped filter or condition."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "has" and item:
                yield from (k if isinstance(k, str) else str(k.get("kind")) for k in item)
            else:
                yield from _has_kinds(item)
    elif isinstance(value, list):
        for item in value:
            yield from _has_kinds(item)


def _read_choices(board: Board) -> Board:
    """607.2d: "the chosen color" (type, player) refers only to the choice its own permanent made.
    The board writes it ``chosen``: in a filter's ``colors`` the permanent's ``chosen.color``, in
    ``subtypes`` its ``chosen.creature_type``, as a ``controller`` or ``player`` its ``chosen.player``,
    as a number test's ``even`` whether its ``chosen.parity`` is even (607.2f), as a mana ability's
    ``produces`` the chosen color's mana (docs/board-format.md). ``produces: identity``: a color of
    the controller's ``commander_identity`` (903.4), none of them no mana (903.4f): no such ability.
    The board with those values written in."""
    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    identities = {pl.id: pl.commander_identity for pl in board.players}

    def put(value: Any, chosen: dict[str, Any]) -> Any:
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                if key in ("colors", "add_colors") and isinstance(item, list):  # a filter's, a type change's
                    out[key] = [chosen["color"] if v == "chosen" else v for v in item]
                elif key == "subtypes" and isinstance(item, list):
                    out[key] = [chosen["creature_type"] if v == "chosen" else v for v in item]
                elif key in ("controller", "player") and item == "chosen":
                    out[key] = chosen["player"]
                elif key == "even" and item == "chosen":
                    out[key] = chosen["parity"] == "even"
                elif key == "produces" and item == "chosen":  # a mana ability's: the chosen color's mana
                    out[key] = letters[chosen["color"]]
                elif key == "produces" and item == "identity":
                    out[key] = "".join(letters[c] for c in chosen["identity"])
                else:
                    out[key] = put(item, chosen)
            return out
        if isinstance(value, list):
            return [put(v, chosen) for v in value]
        return value

    permanents = []
    for p in board.permanents:
        chosen = p.chosen.model_dump()
        identity = identities.get(p.controller) or ()
        reads = [getattr(a, "produces", None) == "identity" for a in p.abilities]
        if any(v is not None for v in chosen.values()) or any(reads):
            chosen["identity"] = identity
            given = [
                {"kind": a.kind, **a.model_dump(mode="json", by_alias=True, exclude_unset=True)}
                for a, read in zip(p.abilities, reads, strict=True)
                if identity or not read
            ]
            written = put(given, chosen)  # as given: a default beside another field may be refused (makes)
            p = Permanent.model_validate(
                {**p.model_dump(mode="json", by_alias=True, exclude_none=True), "abilities": written}
            )
        permanents.append(p)
    return board.model_copy(update={"permanents": tuple(permanents)})


@dataclass(frozen=True)
class Requirement:
    """One requirement (509.1c); ``kind`` is lure / must_be_blocked / must_block."""

    kind: str
    blocker: str | None = None
    attacker: str | None = None
    by: Filter | None = None
    by_you: str | None = None
    low: int = 1
    high: int | None = None


@dataclass
class Unit:
    """A separately declared block: the defending players, their creatures and the attackers they face."""

    players: frozenset[str]
    blockers: list[str]
    attackers: list[str]
    requirements: list[Requirement] = field(default_factory=list)


class RemovedFromCombat(Exception):
    """506.4: the type-changing effects leave an attacker no creature, or what it attacks no
    planeswalker or battle: the board can't be the declare blockers step (the engine refuses it)."""


class Reference:
    """Brute-force reference on one board."""

    def __init__(self, board: Board) -> None:
        board = _read_choices(board)
        self.team: dict[str, str] = {p.id: (p.team if p.team is not None else "player:" + p.id) for p in board.players}
        self.attacks: dict[str, str] = dict(board.combat.attackers) if board.combat is not None else {}
        self._place(board)
        self._declared_against: dict[str, str] = {}
        self._declared_against = {a: self.defending_player(a) for a in self.attacks}
        self._layer4()
        for attacker, target in self.attacks.items():
            attacked = self.perms.get(target)
            types = self.perms[attacker].types
            if "creature" not in types or "battle" in types or (
                attacked is not None and not {"planeswalker", "battle"} & set(attacked.types)
            ):
                raise RemovedFromCombat(attacker)
        # (ability, controller) pairs each permanent has once layer 6 is applied (613.1f).
        self.with_controller: dict[str, list[tuple[AbilityT, str | None]]] = self._layer6()
        self.abilities: dict[str, list[AbilityT]] = {k: [a for a, _ in v] for k, v in self.with_controller.items()}
        self.game_rules_sourced = self._game_rules()
        self.game_rules: list[tuple[AbilityT, str | None]] = [(a, y) for a, y, _ in self.game_rules_sourced]
        self.units: list[Unit] = self._units()
        self._legal: dict[int, list[Decl]] = {}
        self._maximum: dict[int, int] = {}

    # ----- types (layer 4) ---------------------------------------------------------------------

    def _place(self, board: Board) -> None:
        """The board as it stands, with each permanent's printed unconditional abilities (what a
        filter sees before layer 6)."""
        self.board = board
        self.perms: dict[str, Permanent] = {p.id: p for p in board.permanents}
        self.attached: dict[str, list[Permanent]] = {}
        for p in board.permanents:
            if p.attached_to is not None:
                self.attached.setdefault(p.attached_to, []).append(p)
        self.abilities = {
            p.id: [
                a
                for a in p.abilities
                if a.kind != "grant"
                and a.kind not in GAME_KINDS | LAYER_KINDS
                and a.condition is None
                and a.unless is None
            ]
            for p in board.permanents
        }

    def _layer4(self) -> None:
        """613.1d: each type-changing effect applies, one at a time, to what it matches then
        (611.3a): the next is the earliest (board order, then effects; 613.7) that no other pending
        one would change, by changing what it applies to or by taking its ability away (305.7, a
        land whose types are set loses its text's abilities); in a loop, the earliest (613.8b)."""
        pending: list[tuple[AbilityT, str | None, str | None]] = []
        for obj in _chronology(self.board):  # 613.7
            if isinstance(obj, Permanent):
                pending += [(a, obj.controller, obj.id) for a in obj.abilities if a.kind == "type_change"]
            elif obj.ability.kind == "type_change":
                pending.append((obj.ability, obj.controller, None))
        if not pending:
            return
        # 613.3: characteristic-defining abilities first (604.3a: printed on what they change, unconditional).
        defining = [
            i
            for i in pending
            if i[2] is not None and i[0].to is None and i[0].condition is None and i[0].unless is None
        ]
        timestamped = list(pending)
        pending = defining + [i for i in pending if i not in defining]
        recolored: list[tuple[int, AbilityT, list[str]]] = []

        def exists(item: tuple[AbilityT, str | None, str | None]) -> bool:
            return item[2] is None or any(a is item[0] or a == item[0] for a in self.perms[item[2]].abilities)

        def reach(item: tuple[AbilityT, str | None, str | None]) -> list[str]:
            ab, you, source = item
            if ab.to is None:
                found = [self.perms[source]] if source is not None else []
            else:
                found = [p for p in self.board.permanents if self.matches(ab.to, p, you)]
            return [p.id for p in found if self.ability_active(ab, you, p)]

        def apply(item: tuple[AbilityT, str | None, str | None]) -> None:
            if not exists(item):
                return
            hit = set(reach(item))
            perms = [_retyped(p, item[0]) if p.id in hit else p for p in self.board.permanents]
            self._place(self.board.model_copy(update={"permanents": tuple(perms)}))

        while pending:
            pick = pending[0]
            for item in pending:
                before, now = self.board, reach(item)
                depends = False
                for other in pending:
                    if other is item:
                        continue
                    apply(other)
                    depends = not exists(item) or reach(item) != now
                    self._place(before)
                    if depends:
                        break
                if not depends:
                    pick = item
                    break
            pending.remove(pick)
            if exists(pick) and (pick[0].colors is not None or pick[0].add_colors):
                recolored.append((timestamped.index(pick), pick[0], reach(pick)))
            apply(pick)
        # 613.1e, 613.6: layer 5, the colors set on what each changed in layer 4; 613.3: those of
        # characteristic-defining abilities first, then 613.7: in timestamp order.
        cda = [i[0] for i in defining]
        for _, ab, hit in sorted(recolored, key=lambda r: (not any(r[1] is a for a in cda), r[0])):
            perms = [
                p.model_copy(update={"colors": _recolored(p.colors, ab)}) if p.id in hit else p
                for p in self.board.permanents
            ]
            self._place(self.board.model_copy(update={"permanents": tuple(perms)}))

    # ----- abilities -------------------------------------------------------------------------

    def _layer6(self) -> dict[str, list[tuple[AbilityT, str | None]]]:
        """613.1f, 613.8, 611.3a: printed unconditional abilities first; then each grant, effect with
        ``to``, conditional ability and ability-removing effect applies, one at a time, to what it
        matches at that moment. The next is the earliest whose existence or application no other
        pending one would change (613.8a: a removal that would take away the ability generating it,
        or change what it applies to), or the earliest when each depends on another (613.8b). A
        removal takes what the permanent has then; what is given later stays (613.7). An effect whose
        permanent has lost the ability generating it doesn't apply. Results are listed in timestamp
        order."""
        have: dict[str, list[tuple[AbilityT, str | None]]] = {p.id: [] for p in self.board.permanents}
        self.abilities = {p.id: [] for p in self.board.permanents}
        # (timestamp, ability added, controller, to filter or None, fixed holder id, gate grant,
        # gate permanent, id of the permanent whose ability generates it)
        pending: list[Item] = []
        stamp = 0
        printed: list[tuple[int, AbilityT, Permanent]] = []
        for obj in _chronology(self.board):
            if not isinstance(obj, Permanent):
                e = obj
                stamp += 1
                if e.ability.kind == "lose_abilities":
                    pending.append((stamp, e.ability, e.controller, e.ability.to, None, None, None, None))
                elif e.to is not None and e.ability.kind != "type_change":
                    pending.append((stamp, e.ability, e.controller, e.to, None, None, None, None))
                continue
            p = obj
            for a in p.abilities:
                stamp += 1
                if a.kind == "grant":
                    pending.append((stamp, a.ability, p.controller, a.to, None, a, p, p.id))
                elif a.kind == "lose_abilities":
                    pending.append((stamp, a, p.controller, a.to, p.id if a.to is None else None, None, None, p.id))
                elif a.kind in GAME_KINDS | LAYER_KINDS:
                    continue
                elif a.condition is None and a.unless is None:
                    self.abilities[p.id].append(a)
                    printed.append((stamp, a, p))
                else:
                    pending.append((stamp, a, p.controller, None, p.id, None, None, p.id))
        # holder id -> (order applied, removal)
        self.removed: dict[str, list[tuple[int, AbilityT]]] = {p.id: [] for p in self.board.permanents}

        def generator(item: Item) -> str:
            return "grant" if item[5] is not None else item[1].kind

        def lost(perm_id: str | None, kind: str, after: int = -1) -> bool:
            return perm_id is not None and any(
                at > after and (r.kinds is None or kind in r.kinds) for at, r in self.removed[perm_id]
            )

        def reach(item: Item) -> list[str]:
            _, ab, controller, to, holder, gate, gate_perm, _origin = item
            if gate is not None and not self.ability_active(gate, controller, gate_perm):
                return []
            if holder is not None:
                found = [self.perms[holder]]
            else:
                removal = ab.kind == "lose_abilities"
                found = [
                    p
                    for p in self.board.permanents
                    if (removal or ab.kind in ("mana", "cant_activate") or self.is_creature(p))
                    and self.matches(to, p, controller)
                ]
            per_target = ab.kind in PER_TARGET_KINDS and self.board.combat is None
            return [p.id for p in found if per_target or self.ability_active(ab, controller, p)]

        def gives_no_ability(item: Item) -> bool:
            """613.1f: an effect on creatures that is no ability of theirs (a grant's ``gains``)."""
            _, ab, _, _, holder, gate, _, _ = item
            if holder is not None or ab.kind == "lose_abilities":
                return False
            return not (gate.gains if gate is not None and gate.gains is not None else ab.kind in HAD_WHEN_GIVEN)

        not_theirs = {id(item[1]) for item in pending if gives_no_ability(item)}

        def put(ab: AbilityT, holders: list[str]) -> None:
            for h in holders:
                if ab.kind == "lose_abilities":
                    self.abilities[h] = [
                        a
                        for a in self.abilities[h]
                        if id(a) in not_theirs or (ab.kinds is not None and a.kind not in ab.kinds)
                    ]
                else:
                    self.abilities[h].append(ab)

        # (timestamp, ability, controller, holders, abilities had when it applied, order applied)
        applied: list[tuple[int, AbilityT, str | None, list[str], dict[str, list[AbilityT]] | None, int]] = []

        def per_declaration(ab: AbilityT) -> bool:
            return self.board.combat is None and (self.gated(ab) or ab.kind in PER_TARGET_KINDS)

        def kinds_read(item: Item) -> set[str]:
            _, ab, _, to, _, gate, _, _ = item
            parts = [to, ab.condition, ab.unless, *((gate.condition, gate.unless) if gate is not None else ())]
            return {k for part in parts if part is not None for k in _has_kinds(part.model_dump(mode="json"))}

        order = 0
        effects_only: set[int] = set()  # the order numbers of effects that give no ability (613.1f)
        while pending:
            pick = pending[0]
            for item in pending:
                now = reach(item)
                depends = False
                # 613.8a: another effect adding a kind a per-declaration condition reads can
                # change whether this one applies to some declaration.
                conditional = item[1].condition is not None or item[1].unless is not None
                reads = kinds_read(item) if conditional and per_declaration(item[1]) else set()
                for other in pending:
                    if other is item:
                        continue
                    gained = reach(other)
                    removal = other[1]
                    takes = removal.kind == "lose_abilities" and (
                        removal.kinds is None or generator(item) in removal.kinds
                    )
                    if takes and item[7] in gained:
                        depends = True
                        break
                    if gained and removal.kind != "lose_abilities" and removal.kind in reads:
                        depends = True
                        break
                    takes_read = removal.kind == "lose_abilities" and (
                        removal.kinds is None or set(removal.kinds) & reads
                    )
                    if gained and reads and takes_read:
                        depends = True
                        break
                    saved = {h: list(self.abilities[h]) for h in gained}
                    put(other[1], gained)
                    changed = reach(item) != now
                    self.abilities.update(saved)
                    if changed:
                        depends = True
                        break
                if not depends:
                    pick = item
                    break
            pending.remove(pick)
            holders = [] if lost(pick[7], generator(pick)) else reach(pick)
            order += 1
            if pick[1].kind == "lose_abilities":
                for h in holders:
                    self.removed[h].append((order, pick[1]))
                put(pick[1], holders)
                continue
            deferred = per_declaration(pick[1])
            then = {k: list(v) for k, v in self.abilities.items()} if deferred else None
            put(pick[1], holders)
            applied.append((pick[0], pick[1], pick[2], holders, then, order))
            if gives_no_ability(pick):
                effects_only.add(order)
        applied += [(at, a, p.controller, [p.id], None, 0) for at, a, p in printed]
        self.had_when_applied: dict[tuple[str, int], dict[str, list[AbilityT]]] = {}
        for _, ab, controller, holders, then, at in sorted(applied, key=lambda x: x[0]):
            for h in holders:
                if at not in effects_only and lost(h, ab.kind, at):
                    continue
                if then is not None:
                    self.had_when_applied[(h, len(have[h]))] = then
                have[h].append((ab, controller))
        return have

    @contextmanager
    def as_applied(self, holder: str, index: int) -> Iterator[None]:
        """611.3a, 613.1f: the conditions of the ``index``-th ability of ``holder`` that are read
        per declaration see the abilities permanents had when its effect applied in layer 6."""
        then = self.had_when_applied.get((holder, index))
        if then is None:
            yield
            return
        now, self.abilities = self.abilities, then
        try:
            yield
        finally:
            self.abilities = now

    def lost(self, perm_id: str, kind: str) -> bool:
        """Whether an ability-removing effect took ``kind`` from the permanent (613.1f)."""
        return any(r.kinds is None or kind in r.kinds for _, r in self.removed.get(perm_id, ()))

    def _game_rules(self) -> list[tuple[AbilityT, str | None, Permanent | None]]:
        """Rules of the game from permanents and effects, in timestamp order (613.7: the latest
        chooser of attackers or blockers decides)."""
        out: list[tuple[AbilityT, str | None, Permanent | None]] = []
        for obj in _chronology(self.board):
            if isinstance(obj, Permanent):
                out += [
                    (a, obj.controller, obj)
                    for a in obj.abilities
                    if a.kind in GAME_KINDS
                    and not self.lost(obj.id, a.kind)
                    and self.ability_active(a, obj.controller, obj)
                ]
            elif (
                obj.to is None
                and obj.ability.kind not in LAYER_KINDS
                and self.ability_active(obj.ability, obj.controller, None)
            ):
                out.append((obj.ability, obj.controller, None))
        return out

    # ----- conditions (own implementation of the documented semantics) -------------------------

    def defending_of_source(self, source: Permanent | None) -> str | None:
        """802.2a: an attacking source's defending player; a defending player's own creature's controller."""
        if source is None:
            return None
        if source.id in self.attacks:
            return self.defending_player(source.id)
        if source.controller in {self.defending_player(a) for a in self.attacks}:
            return source.controller
        return None

    def ability_active(
        self,
        ab: AbilityT,
        you: str | None,
        source: Permanent | None,
        defending: str | None = None,
        per_target: bool = False,
        attack: dict[str, str] | None = None,
    ) -> bool:
        """Whether the ability applies. Before attackers are declared (no ``combat``) an ``attack``
        test is about the declaration: with ``attack`` None it is left undecided (the ability is
        kept), else read on that declaration."""
        d = defending if per_target else self.defending_of_source(source)
        undecided = self.board.combat is None and attack is None
        seen = self.attacks if self.board.combat is not None else (attack or {})
        if ab.condition is not None and not self.condition_true(ab.condition, you, source, d, seen, undecided):
            return False
        if ab.unless is None or (undecided and ab.unless.attack is not None):
            return True
        return not self.condition_true(ab.unless, you, source, d, seen, False)

    @staticmethod
    def gated(ab: AbilityT) -> bool:
        """Whether an ``attack`` test decides if the ability applies (read per declaration)."""
        return any(c is not None and c.attack is not None for c in (ab.condition, ab.unless))

    def who(self, word: str, you: str | None, defending: str | None) -> tuple[list[str], bool]:
        everyone = [p.id for p in self.board.players]
        if word == "you":
            return ([you] if you else []), True
        if word == "opponent":
            return [p for p in everyone if you is not None and self.opponents(you, p)], False
        if word == "each_opponent":
            return [p for p in everyone if you is not None and self.opponents(you, p)], True
        if word == "defending_player":
            return ([defending] if defending else []), True
        if word == "active_player":
            return [self.board.active_player], True
        return [word], True

    def is_your_turn(self, you: str | None) -> bool:
        """805.4a: with shared team turns it is the turn of every player on the active team."""
        active = self.board.active_player
        if you is None:
            return False
        return you == active or (self.board.shared_team_turns and self.team[you] == self.team[active])

    def player_number(self, player: str, name: str) -> int:
        pl = next(x for x in self.board.players if x.id == player)
        cards = pl.graveyard_cards
        if name == "graveyard" and cards is not None:  # the listed cards are the whole graveyard
            return len(cards)
        if name == "graveyard_card_types":
            return len({t for card in cards for t in card.types} if cards is not None else set(pl.graveyard_types))
        return int(getattr(pl, name))

    @staticmethod
    def graveyard_count(player: Any, wanted: Any) -> int:
        """The player's listed graveyard cards that have one of ``types``, one of ``subtypes``
        (case aside), and are permanent cards (110.4a: artifact, battle, creature, enchantment,
        land or planeswalker) or not, as asked."""
        permanent_types = {"artifact", "battle", "creature", "enchantment", "land", "planeswalker"}
        n = 0
        for card in player.graveyard_cards or ():
            if wanted.types and not any(t in card.types for t in wanted.types):
                continue
            if wanted.subtypes and not any(w.lower() == s.lower() for w in wanted.subtypes for s in card.subtypes):
                continue
            if wanted.permanent is not None and any(t in permanent_types for t in card.types) != wanted.permanent:
                continue
            n += 1
        return n

    def devotion(self, player: str, colors: tuple[str, ...]) -> int:
        """700.5: mana symbols of the player's permanents' costs that are any of the colors; a
        symbol such as {W/B} or {2/W} is read by its letters, and counts once."""
        letters = {{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[c] for c in colors}
        count = 0
        for p in self.board.permanents:
            if p.controller != player or not p.mana_cost:
                continue
            for symbol in p.mana_cost.strip("{}").split("}{"):
                count += any(letter in symbol.split("/") for letter in letters)
        return count

    def sharing_a_creature_type(self, player: str) -> int:
        """205.3m: the most creatures ``player`` controls that all have one creature type."""
        mine = [p for p in self.board.permanents if p.controller == player and self.is_creature(p)]
        kinds = {s.casefold() for p in mine for s in p.subtypes} & CREATURE_TYPES
        return max((sum(1 for p in mine if k in {s.casefold() for s in p.subtypes}) for k in kinds), default=0)

    def controlled_count(self, f: Filter, player: str | None, you: str | None) -> int:
        return sum(
            1 for p in self.board.permanents if (player is None or p.controller == player) and self.matches(f, p, you)
        )

    def condition_true(
        self,
        cond: Any,
        you: str | None,
        source: Permanent | None,
        defending: str | None,
        attack: dict[str, str] | None = None,
        skip_attack: bool = False,
    ) -> bool:
        if cond.attack is not None and not skip_attack:
            t = cond.attack
            n = sum(
                1
                for x in (attack or {})
                if not (t.others and source is not None and x == source.id)
                and self.matches(t.filter, self.perms[x], you)
            )
            if not _compare(t.count, n):
                return False
        if cond.source is not None and (source is None or not self.matches(cond.source, source, you)):
            return False
        for test in cond.players or ():
            players, every = self.who(test.who, you, defending)
            results = []
            for pl in players:
                ok = True
                for name in NUMBER_FACTS:
                    bound = getattr(test, name)
                    if bound is not None and not _compare(bound, self.player_number(pl, name)):
                        ok = False
                mine = next(x for x in self.board.players if x.id == pl)
                if test.designations is not None and any(d not in mine.designations for d in test.designations):
                    ok = False
                if (
                    test.controls is not None
                    and self.controlled_count(test.controls.filter, pl, you) < test.controls.at_least
                ):
                    ok = False
                if test.graveyard_cards is not None and not _compare(
                    test.graveyard_cards.count, self.graveyard_count(mine, test.graveyard_cards.filter)
                ):
                    ok = False
                if test.creatures_sharing_a_type is not None and not _compare(
                    test.creatures_sharing_a_type, self.sharing_a_creature_type(pl)
                ):
                    ok = False
                if test.devotion is not None and not _compare(
                    test.devotion.count, self.devotion(pl, test.devotion.colors)
                ):
                    ok = False
                results.append(ok)
            if not results or not (all(results) if every else any(results)):
                return False
        if (
            cond.battlefield is not None
            and self.controlled_count(cond.battlefield.filter, None, you) < cond.battlefield.at_least
        ):
            return False
        for cmp in cond.compare or ():
            sides = []
            for q in (cmp.left, cmp.right):
                players, every = self.who(q.who, you, defending)
                if q.of in ("power", "toughness"):
                    thing = source if q.permanent is None else self.perms[q.permanent]
                    value = None if thing is None else getattr(thing, q.of)
                    sides.append(([] if value is None else [value], True))
                    continue
                if q.of == "permanents":
                    values = [self.controlled_count(q.filter, pl, you) for pl in players]
                else:
                    values = [self.player_number(pl, q.of) for pl in players]
                sides.append((values, every))
            (lv, le), (rv, re_) = sides
            if not lv or not rv:
                return False
            ops = {
                "lt": lambda a, b: a < b,
                "le": lambda a, b: a <= b,
                "eq": lambda a, b: a == b,
                "ge": lambda a, b: a >= b,
                "gt": lambda a, b: a > b,
            }
            rel = ops[cmp.op]
            per_left = [(all if re_ else any)(rel(a, b) for b in rv) for a in lv]
            if not (all(per_left) if le else any(per_left)):
                return False
        if cond.extra_turn is not None and self.board.extra_turn != cond.extra_turn:
            return False
        if cond.your_turn is not None and self.is_your_turn(you) != cond.your_turn:
            return False
        if cond.not_ is not None and self.condition_true(cond.not_, you, source, defending):
            return False
        return cond.any_of is None or any(self.condition_true(c, you, source, defending) for c in cond.any_of)

    def has_pattern(self, perm_id: str, pattern: str | dict[str, Any]) -> bool:
        """A kind, or a kind whose fields named in the pattern equal the pattern's (unset ones left
        out), among the permanent's abilities as layer 6 has made them so far."""
        abilities = self.abilities[perm_id]
        if isinstance(pattern, str):
            return any(a.kind == pattern for a in abilities)
        wanted = json.loads(json.dumps(pattern))
        for a in abilities:
            if a.kind != wanted["kind"]:
                continue
            stated = json.loads(a.model_dump_json(by_alias=True, exclude_none=True))
            if all(stated.get(k) == v for k, v in wanted.items() if k != "kind"):
                return True
        return False

    def has(self, perm_id: str, kind: str) -> bool:
        return any(a.kind == kind for a in self.abilities[perm_id])

    def of_kind(self, perm_id: str, kind: str) -> list[AbilityT]:
        return [a for a in self.abilities[perm_id] if a.kind == kind]

    @staticmethod
    def is_creature(p: Permanent) -> bool:
        return "creature" in p.types and "battle" not in p.types

    def opponents(self, a: str, b: str) -> bool:
        return self.team[a] != self.team[b]

    # ----- filters (own implementation of the documented semantics) --------------------------

    def matches(self, f: Filter, p: Permanent, you: str | None) -> bool:
        if f.ids is not None and p.id not in f.ids:
            return False
        if f.name is not None and f.name.casefold() != p.name.casefold():
            return False
        for wanted, player in ((f.controller, p.controller), (f.owner, p.owner or p.controller)):
            if wanted is None:
                continue
            if wanted == "you":
                if you is None or player != you:
                    return False
            elif wanted == "opponent":
                if you is None or not self.opponents(you, player):
                    return False
            elif wanted == "team":  # 102.4: you and/or your teammates
                if you is None or self.opponents(you, player):
                    return False
            elif player != wanted:
                return False
        if f.colors is not None and not any(c in p.colors for c in f.colors):
            return False
        if f.colorless is not None and f.colorless != (len(p.colors) == 0):
            return False
        if f.types is not None and not all(t in p.types for t in f.types):
            return False
        if f.subtypes is not None and not {s.casefold() for s in f.subtypes} & {s.casefold() for s in p.subtypes}:
            return False
        if f.supertypes is not None and not {s.casefold() for s in f.supertypes} <= {
            s.casefold() for s in p.supertypes
        }:
            return False
        if f.power is not None and not _compare(f.power, p.power):
            return False
        if f.toughness is not None and not _compare(f.toughness, p.toughness):
            return False
        if f.has is not None and not all(self.has_pattern(p.id, k) for k in f.has):
            return False
        if f.tapped is not None and f.tapped != p.tapped:
            return False
        if f.counters is not None:
            for kind, bound in f.counters.items():
                if not _compare(bound, sum(p.counters.values()) if kind == "any" else p.counters.get(kind, 0)):
                    return False
        if f.token is not None and f.token != p.is_token:
            return False
        for flag in (
            "entered_this_turn",
            "attacked_last_turn",
            "monstrous",
            "renowned",
            "saddled",
            "kicked",
            "commander",
            "ring_bearer",
        ):
            wanted = getattr(f, flag)
            if wanted is not None and wanted != getattr(p, flag):
                return False
        if f.class_level is not None and not _compare(f.class_level, p.class_level):
            return False
        if f.mana_value is not None and not _compare(f.mana_value, _mana_value(p)):
            return False
        if f.attached is not None:
            n = sum(1 for x in self.attached.get(p.id, []) if self.matches(f.attached.filter, x, you))
            if n < f.attached.at_least:
                return False
        if f.attacking is not None and f.attacking != (p.id in self.attacks):
            return False
        if f.attacking_alone is not None and f.attacking_alone != (list(self.attacks) == [p.id]):
            return False
        if f.not_ is not None and self.matches(f.not_, p, you):
            return False
        return f.any_of is None or any(self.matches(g, p, you) for g in f.any_of)

    # ----- who defends against what ------------------------------------------------------------

    def defending_player(self, attacker: str) -> str:
        """802.2a / 310.9d: the player attacked, the planeswalker's controller or the battle's protector,
        as the attack was declared (before the type-changing effects: 506.4 takes what they change)."""
        if attacker in self._declared_against:
            return self._declared_against[attacker]
        target = self.attacks[attacker]
        if target in self.team:
            return target
        t = self.perms[target]
        if "planeswalker" in t.types:
            return t.controller
        assert t.protector is not None
        return t.protector

    def _units(self) -> list[Unit]:
        if not self.attacks:
            return []
        if self.board.shared_team_turns:
            active_team = self.team[self.board.active_player]
            groups: dict[str, set[str]] = {}
            for pl in self.board.players:
                if self.team[pl.id] != active_team:
                    groups.setdefault(self.team[pl.id], set()).add(pl.id)
            player_sets = [frozenset(s) for _, s in sorted(groups.items())]
        else:
            defenders = sorted({self.defending_player(a) for a in self.attacks})
            player_sets = [frozenset([d]) for d in defenders]
        units = []
        for players in player_sets:
            blockers = [p.id for p in self.board.permanents if self.is_creature(p) and p.controller in players]
            attackers = sorted(a for a in self.attacks if self.defending_player(a) in players)
            units.append(Unit(players, blockers, attackers))
        for u in units:
            u.requirements = self._requirements(u)
        return units

    def declarer(self, kind: str, default: str) -> str:
        """Who declares: the controller of the latest "you choose which creatures attack / block"
        effect (Master Warcraft), else the players themselves (508.1a, 509.1a)."""
        chosen = [controller for rule, controller in self.game_rules if rule.kind == kind and controller is not None]
        return chosen[-1] if chosen else default

    def unit_of_player(self, player: str) -> int | None:
        for i, u in enumerate(self.units):
            if player in u.players:
                return i
        return None

    # ----- requirements (509.1c, counted per effect and per affected object) ---------------------

    def _requirements(self, u: Unit) -> list[Requirement]:
        out: list[Requirement] = []
        for a in u.attackers:
            for ab, you in self.with_controller[a]:
                if ab.kind == "lure":
                    # Marble Priest: only the creatures matching ``blockers`` ("you": the Lure's controller).
                    out += [
                        Requirement("lure", blocker=b, attacker=a)
                        for b in u.blockers
                        if ab.blockers is None or self.matches(ab.blockers, self.perms[b], you)
                    ]
                elif ab.kind == "must_be_blocked":
                    out.append(
                        Requirement(
                            "must_be_blocked",
                            attacker=a,
                            by=ab.by,
                            by_you=you,  # the controller of its source (printed: the attacker's)
                            low=ab.min,
                            high=ab.max,
                        )
                    )
        for b in u.blockers:
            for ab in self.abilities[b]:
                if ab.kind == "must_block":
                    out.append(Requirement("must_block", blocker=b, attacker=ab.attacker))
        return out

    def obeyed(self, r: Requirement, decl: Decl) -> bool:
        if r.kind == "lure":
            return (r.blocker, r.attacker) in decl
        if r.kind == "must_block":
            return any(b == r.blocker and (r.attacker is None or a == r.attacker) for b, a in decl)
        assert r.attacker is not None
        count = sum(
            1 for b, a in decl if a == r.attacker and (r.by is None or self.matches(r.by, self.perms[b], r.by_you))
        )
        return count >= r.low and (r.high is None or count <= r.high)

    def count_obeyed(self, u: Unit, decl: Decl) -> int:
        return sum(1 for r in u.requirements if self.obeyed(r, decl))

    # ----- restrictions (509.1a, 509.1b) -----------------------------------------------------------

    def can_block_pair(self, b: str, a: str) -> bool:
        """Every restriction about one blocker and one attacker, whatever else blocks."""
        blocker, attacker = self.perms[b], self.perms[a]
        you_a = attacker.controller

        def as_though(evasion: str, had: tuple[str, ...] = (), land: Filter | None = None) -> bool:
            """Wall of Diffusion / Street Savvy: the blocker may block ``a`` despite ``evasion``
            (Deadfall: only the landwalk whose land filter is the one named, 702.14c)."""
            return any(
                (evasion in x.ignoring or any(h in had for h in x.had))
                and (evasion != "landwalk" or x.landwalk is None or x.landwalk == land)
                and (x.attackers is None or self.matches(x.attackers, attacker, you))
                for x, you in self.with_controller[b]
                if x.kind == "block_as_though"
            )

        # Evasion of the attacker (509.1b, 702).
        flier_ok = self.has(b, "flying") or self.has(b, "reach") or as_though("flying", ("flying", "reach"))
        if self.has(a, "flying") and not flier_ok:
            return False
        if self.has(a, "shadow") and not self.has(b, "shadow") and not as_though("shadow", ("shadow",)):
            return False
        if self.has(b, "shadow") and not self.has(a, "shadow"):
            return False
        if (
            self.has(a, "horsemanship")
            and not self.has(b, "horsemanship")
            and not as_though("horsemanship", ("horsemanship",))
        ):
            return False
        if (
            self.has(a, "fear")
            and not ("artifact" in blocker.types or "black" in blocker.colors)
            and not as_though("fear")
        ):
            return False
        if (
            self.has(a, "intimidate")
            and not ("artifact" in blocker.types or set(blocker.colors) & set(attacker.colors))
            and not as_though("intimidate")
        ):
            return False
        if self.has(a, "skulk") and (blocker.power or 0) > (attacker.power or 0) and not as_though("skulk"):
            return False
        if self.has(a, "cant_be_blocked"):
            return False
        defender = self.defending_player(a)
        for lw in self.of_kind(a, "landwalk"):
            if any(
                "land" in p.types and p.controller == defender and self.matches(lw.land, p, you_a)
                for p in self.board.permanents
            ) and not as_though("landwalk", land=lw.land):
                return False
        if any(self.matches(pr.from_, blocker, you_a) for pr in self.of_kind(a, "protection")):
            return False
        if any(self.matches(x.by, blocker, you_a) for x in self.of_kind(a, "cant_be_blocked_by")):
            return False
        if any(not self.matches(x.by, blocker, you_a) for x in self.of_kind(a, "cant_be_blocked_except_by")):
            return False
        # Restrictions of the blocker.
        you_b = blocker.controller
        for cb in self.of_kind(b, "cant_block"):
            if cb.attackers is None or self.matches(cb.attackers, attacker, you_b):
                return False
        return all(self.matches(x.attackers, attacker, you_b) for x in self.of_kind(b, "can_block_only"))

    def capacity(self, b: str) -> int | None:
        """509.1a: one attacker, plus additional ones; None = any number."""
        if self.has(b, "block_any_number"):
            return None
        extra: int = sum(x.n for x in self.of_kind(b, "block_additional"))
        return 1 + extra

    def blocker_ok(self, u: Unit, b: str, chosen: tuple[str, ...]) -> bool:
        """Restrictions on one blocker's own choice (509.1a, pairwise 509.1b)."""
        if not chosen:
            return True
        p = self.perms[b]
        if p.tapped and not self.has(b, "block_while_tapped"):
            return False
        cap = self.capacity(b)
        if cap is not None and len(chosen) > cap:
            return False
        return all(a in u.attackers and self.can_block_pair(b, a) for a in chosen)

    def global_ok(self, u: Unit, decl: Decl) -> bool:
        """Restrictions that depend on the whole declaration of the unit (509.1b, 506.5, 802.4b)."""
        blocking = {b for b, _ in decl}
        blockers_of: dict[str, list[str]] = {a: [] for a in u.attackers}
        for b, a in decl:
            blockers_of[a].append(b)
        for a, bs in blockers_of.items():
            n = len(bs)
            if n == 0:
                continue
            if self.has(a, "menace") and n < 2:
                return False
            if any(n < x.n for x in self.of_kind(a, "min_blockers")):
                return False
            if any(n > x.n for x in self.of_kind(a, "max_blockers")):
                return False
            if self.has(a, "cant_be_blocked_unless_all_block"):
                defender = self.defending_player(a)
                everyone = {p.id for p in self.board.permanents if self.is_creature(p) and p.controller == defender}
                if not everyone <= set(bs):
                    return False
        for b in blocking:
            others = blocking - {b}
            if self.has(b, "cant_block_alone") and not others:
                return False
            if any(len(others) < x.n for x in self.of_kind(b, "cant_block_unless_others_block")):
                return False
            if self.has(b, "cant_block_unless_greater_power_blocks"):
                power = self.perms[b].power or 0
                if not any((self.perms[o].power or 0) > power for o in others):
                    return False
        for rule, controller in self.game_rules:
            if rule.kind != "block_limit":
                continue
            if rule.opponents_only:
                # "Each opponent can't block with more than N creatures": counted per opponent.
                for pl in u.players:
                    if controller is not None and self.opponents(controller, pl):
                        mine = sum(1 for b in blocking if self.perms[b].controller == pl)
                        if mine > rule.n:
                            return False
            elif len(blocking) > rule.n:
                return False
        return True

    def unit_ok(self, u: Unit, decl: Decl) -> bool:
        chosen: dict[str, list[str]] = {}
        for b, a in decl:
            chosen.setdefault(b, []).append(a)
        return all(b in u.blockers and self.blocker_ok(u, b, tuple(a)) for b, a in chosen.items()) and self.global_ok(
            u, decl
        )

    # ----- enumeration -----------------------------------------------------------------------------

    def unit_declarations(self, i: int) -> Iterator[Decl]:
        """Every restriction-respecting declaration of unit ``i``."""
        u = self.units[i]
        options: list[list[tuple[Pair, ...]]] = []
        for b in u.blockers:
            opts = []
            for k in range(len(u.attackers) + 1):
                for chosen in itertools.combinations(u.attackers, k):
                    if self.blocker_ok(u, b, chosen):
                        opts.append(tuple((b, a) for a in chosen))
            options.append(opts)
        for combo in itertools.product(*options):
            decl = frozenset(pair for pairs in combo for pair in pairs)
            if self.global_ok(u, decl):
                yield decl

    def _solve_unit(self, i: int) -> None:
        if i in self._legal:
            return
        u = self.units[i]
        scored = [(self.count_obeyed(u, d), d) for d in self.unit_declarations(i)]
        best = max(s for s, _ in scored)  # the empty declaration always respects every restriction
        self._maximum[i] = best
        self._legal[i] = [d for s, d in scored if s == best]

    def maximum(self, i: int) -> int:
        self._solve_unit(i)
        return self._maximum[i]

    def unit_legal(self, i: int) -> list[Decl]:
        self._solve_unit(i)
        return self._legal[i]

    def maxima(self) -> dict[frozenset[str], int]:
        return {u.players: self.maximum(i) for i, u in enumerate(self.units)}

    def legal_count(self) -> int:
        n = 1
        for i in range(len(self.units)):
            n *= len(self.unit_legal(i))
        return n

    def legal_set(self) -> set[Decl]:
        parts = [self.unit_legal(i) for i in range(len(self.units))]
        return {frozenset().union(*combo) for combo in itertools.product(*parts)}

    # ----- verdict on a proposed declaration ----------------------------------------------------

    def split(self, decl: Decl) -> list[Decl] | None:
        """The declaration's part for each unit, or None if a pair belongs to no unit (509.1a, 802.4a)."""
        parts: list[set[Pair]] = [set() for _ in self.units]
        for b, a in decl:
            p = self.perms.get(b)
            if p is None or not self.is_creature(p) or a not in self.attacks:
                return None
            i = self.unit_of_player(p.controller)
            if i is None or a not in self.units[i].attackers:
                return None
            parts[i].add((b, a))
        return [frozenset(s) for s in parts]

    def is_legal(self, decl: Decl) -> bool:
        parts = self.split(decl)
        if parts is None:
            return False
        for i, (u, part) in enumerate(zip(self.units, parts, strict=True)):
            if not self.unit_ok(u, part) or self.count_obeyed(u, part) != self.maximum(i):
                return False
        return True

    def obeyed_per_unit(self, decl: Decl) -> dict[frozenset[str], int]:
        parts = self.split(decl)
        assert parts is not None
        return {u.players: self.count_obeyed(u, part) for u, part in zip(self.units, parts, strict=True)}


def _chronology(board: Board) -> list[Any]:
    """613.7: permanents and effects by timestamp; one without ``timestamp`` is at its place in
    the board (permanents, then effects), and ties go by place."""
    objects: list[Any] = list(board.permanents) + list(board.effects)
    stamps = {id(o): (o.timestamp if o.timestamp is not None else i, i) for i, o in enumerate(objects)}
    return sorted(objects, key=lambda o: stamps[id(o)])


def _recolored(colors: tuple[str, ...], ab: AbilityT) -> tuple[str, ...]:
    """105.3: the colors an effect sets replace the old ones; the colors it adds join them."""
    if ab.colors is not None:
        return tuple(ab.colors)
    return (*colors, *(c for c in ab.add_colors if c not in colors))


def _retyped(p: Permanent, ab: AbilityT) -> Permanent:
    """``p`` after one type-changing effect: "in addition to its other types" keeps every type
    (205.1b); one made a creature takes the base power and toughness set where it has none (613.4b);
    "every creature type" adds each of 205.3m; land types set replace its land types and
    take away the abilities of its own text (305.7); a land gains the mana ability of each basic land
    type it newly has (305.6)."""
    types = list(p.types) + [t for t in ab.types if t not in p.types]
    if ab.sets_types:  # 205.1a: "is a Frog creature": its card types are these only
        types = list(dict.fromkeys(ab.types))
    subtypes = list(p.subtypes)
    abilities = list(p.abilities)

    def basics(subs: list[str], kinds: list[str]) -> set[str]:
        folded = {s.casefold() for s in subs}
        return {b for b in BASIC_MANA if "land" in kinds and b.casefold() in folded}

    old = basics(list(p.subtypes), list(p.types))
    if ab.land_types is not None and "land" in types:
        subtypes = [s for s in subtypes if s.casefold() not in LAND_TYPES] + list(ab.land_types)
        abilities, old = [], set()
    if ab.creature_types is not None:  # 205.1a: the new creature types replace the old ones
        subtypes = [s for s in subtypes if s.casefold() not in CREATURE_TYPES] + list(ab.creature_types)
    extra = list(ab.subtypes)
    extra += sorted(CREATURE_TYPES) if ab.every_creature_type else []
    extra += list(BASIC_MANA) if ab.every_basic_land_type else []

    def corresponds(sub: str) -> bool:  # 205.3d: a subtype goes only with its own card type
        folded = sub.casefold()
        if folded in CREATURE_TYPES:
            return "creature" in types or "kindred" in types
        for kind, names in (("land", LAND_TYPES), ("artifact", ARTIFACT_TYPES), ("enchantment", ENCHANTMENT_TYPES)):
            if folded in names:
                return kind in types
        return True

    if ab.sets_types:  # 205.1a: the subtypes of a card type it lost go with it
        subtypes = [s for s in subtypes if corresponds(s)]
    for sub in extra:
        if sub.casefold() not in {x.casefold() for x in subtypes} and corresponds(sub):
            subtypes.append(sub)
    gained = basics(subtypes, types) - old
    if gained:
        abilities.append(ManaAbility(produces="".join(BASIC_MANA[b] for b in sorted(gained))))
    stats: dict[str, int] = {}
    if "creature" in ab.types and "creature" not in p.types and p.power is None and ab.power is not None:
        # 613.4b-c: the base power and toughness it sets, then its +N/+M counters
        power, toughness = ab.power, ab.toughness or 0
        for name, n in p.counters.items():
            pt = re.fullmatch(r"([+-]\d+)/([+-]\d+)", name)
            if pt:
                power, toughness = power + n * int(pt[1]), toughness + n * int(pt[2])
        stats = {"power": power, "toughness": toughness}
    if ab.not_creature:  # 205.1a: no longer a creature; its creature types stay only with kindred
        types = [t for t in types if t != "creature"]
        if "kindred" not in types:
            subtypes = [s for s in subtypes if s.casefold() not in CREATURE_TYPES]
    supertypes = (*p.supertypes, *(s for s in ab.supertypes if s not in p.supertypes))  # 205.4
    update = {"types": tuple(types), "subtypes": tuple(subtypes), "abilities": tuple(abilities), **stats}
    update["supertypes"] = supertypes
    return p.model_copy(update=update)


def _compare(c: Comparison, v: int | None) -> bool:
    if v is None:
        return False
    if c.even is not None and (v % 2 == 0) != c.even:
        return False
    return (
        (c.lt is None or v < c.lt)
        and (c.le is None or v <= c.le)
        and (c.eq is None or v == c.eq)
        and (c.ge is None or v >= c.ge)
        and (c.gt is None or v > c.gt)
    )


def to_pairs(declaration: object) -> Decl:
    """The (blocker, attacker) pairs of a block declaration."""
    assert isinstance(declaration, BlockDeclaration), declaration
    return frozenset((b, a) for b, attackers in declaration.blocks.items() for a in attackers)


def to_declaration(pairs: Iterable[Pair]) -> BlockDeclaration:
    blocks: dict[str, list[str]] = {}
    for b, a in pairs:
        blocks.setdefault(b, []).append(a)
    return BlockDeclaration(blocks={b: tuple(a) for b, a in blocks.items()})


# =================================================================================================
# The declare attackers step (508.1)
# =================================================================================================

Atom = tuple[str, str]  # (attacker id, attacked player / planeswalker / battle id)

# "Each opponent must attack you ... with at least one creature each combat if able" (Trove of
# Temptation, must_be_attacked): one requirement on each attacking player who is an opponent of its
# controller, obeyed by a creature that player controls. With shared team turns the active team has
# several attacking players (805.10a) and each of them is an opponent: one requirement each.
# False: one requirement on the whole attacking team, obeyed by any of its creatures (the solver's reading).
MUST_BE_ATTACKED_PER_PLAYER = True
AttackDecl = frozenset[Atom]


@dataclass(frozen=True)
class AttackRequirement:
    """One requirement (508.1d). ``kind``: must_attack / attacks_or_blocks / attacks_player_other_than /
    goad / goad_other_player (on ``creature``) or must_be_attacked (on the attacking ``player``)."""

    kind: str
    creature: str | None = None
    player: str | None = None
    target: Target | None = None
    you: str | None = None
    other_than: str | None = None
    gate: Callable[..., bool] | None = None  # called with attack=the declaration: whether it applies


class AttackReference(Reference):
    """Brute-force reference for the declare attackers step of one board (no ``combat`` on it)."""

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        assert board.combat is None, "the attack reference is for boards at the declare attackers step"
        active_team = self.team[board.active_player]
        # 508.1a: the active player attacks; 805.10a-b: with shared team turns, the whole active team.
        self.attacking_players: tuple[str, ...] = tuple(
            sorted(
                p.id
                for p in board.players
                if (self.team[p.id] == active_team if board.shared_team_turns else p.id == board.active_player)
            )
        )
        # 802.2: every opponent is a defending player (506.2a / 803: unless limited to some of them).
        defending = [p.id for p in board.players if self.team[p.id] != active_team]
        if board.attackable_players is not None:
            defending = [d for d in defending if d in board.attackable_players]
        self.defending: tuple[str, ...] = tuple(defending)
        # the permanents as layer 4 left them (613.1d: "isn't a creature" takes a creature out)
        self.creatures: list[str] = [
            p.id for p in self.board.permanents if self.is_creature(p) and p.controller in self.attacking_players
        ]
        # 508.1b, 802.3: a defending player, a planeswalker they control, a battle they protect (310.9b).
        self.targets: list[str] = list(self.defending) + [
            p.id
            for p in self.board.permanents
            if ("planeswalker" in p.types and p.controller in self.defending)
            or ("battle" in p.types and p.protector in self.defending)
        ]
        self.attack_requirements: list[AttackRequirement] = self._attack_requirements()
        self._attack_legal: list[AttackDecl] | None = None
        self._attack_max = 0

    # ----- targets ------------------------------------------------------------------------------

    def defender_of(self, target: str) -> str | None:
        """802.2a / 310.9d: the player attacked, the planeswalker's controller, the battle's protector."""
        if target in self.team:
            return target
        p = self.perms.get(target)
        if p is None:
            return None
        if "planeswalker" in p.types:
            return p.controller
        if "battle" in p.types:
            return p.protector
        return None

    def target_matches(self, t: Target, target: str, you: str | None, owner: str | None) -> bool:
        """Whether ``target`` is among the players / planeswalkers / battles ``t`` describes."""
        if t.ids is not None:
            return target in t.ids
        players: set[str] | None  # None: any player
        if t.player is None:
            players = None
        elif t.player == "you":
            players = {you} if you is not None else set()
        elif t.player == "owner":
            players = {owner} if owner is not None else set()
        elif t.player == "opponent":  # 102.3
            players = {q for q in self.team if you is not None and self.team[q] != self.team[you]}
        else:
            players = {t.player}

        def named(pl: str | None) -> bool:
            return pl is not None and (players is None or pl in players)

        if target in self.team:
            return t.include_player and named(target)
        p = self.perms.get(target)
        if p is None:
            return False
        if t.planeswalkers and "planeswalker" in p.types and named(p.controller):
            return True
        return t.battles and "battle" in p.types and named(p.protector)

    # ----- abilities with the controller that "you" means -------------------------------------------

    def count_holds(self, count: Count, controlled_by: str | None, you: str | None) -> bool:
        n = sum(
            1
            for p in self.board.permanents
            if (controlled_by is None or p.controller == controlled_by) and self.matches(count.filter, p, you)
        )
        return n >= count.at_least

    def condition_holds(self, ab: AbilityT, attacker: str, target: str, you: str | None) -> bool:
        """Every board condition given (defending player 802.2a, "you" = the attacker's controller)."""
        ok = True
        if ab.defending_player_controls is not None:
            defender = self.defender_of(target)
            ok = ok and defender is not None and self.count_holds(ab.defending_player_controls, defender, you)
        if ab.you_control is not None:
            ok = ok and self.count_holds(ab.you_control, self.perms[attacker].controller, you)
        if ab.battlefield_has is not None:
            ok = ok and self.count_holds(ab.battlefield_has, None, you)
        return ok

    # ----- restrictions (508.1a-c) -----------------------------------------------------------------

    def can_attack_at_all(self, c: str) -> bool:
        """508.1a (untapped, haste or not summoning sick, not a battle), 702.3b defender."""
        p = self.perms.get(c)
        if p is None or not self.is_creature(p) or p.controller not in self.attacking_players:
            return False
        if p.tapped:
            return False
        if p.summoning_sick and not (self.has(c, "haste") or self.has(c, "attack_as_though_haste")):
            return False
        defender = any(a.kind == "defender" and not self.gated(a) for a in self.abilities[c])
        return not (defender and not self.has(c, "attack_despite_defender"))

    def forbids(self, ab: AbilityT, you: str | None, c: str, target: str) -> bool:
        """Whether one ability of ``c`` rules out attacking ``target`` on its own (508.1c, 702.3b)."""
        if ab.kind == "defender":
            return not self.has(c, "attack_despite_defender")
        if ab.kind == "cant_attack":
            return ab.target is None or self.target_matches(ab.target, target, you, self.perms[c].owner_id)
        if ab.kind == "cant_attack_unless":
            return not self.condition_holds(ab, c, target, you)
        if ab.kind == "cant_attack_if":
            return self.condition_holds(ab, c, target, you)
        return False

    def can_attack(self, c: str, target: str) -> bool:
        """Every restriction about one attacker and one target, whatever else attacks (abilities that
        apply only under a condition on the attack are checked with the whole declaration)."""
        if not self.can_attack_at_all(c) or target not in self.targets:
            return False
        for i, (ab, you) in enumerate(self.with_controller[c]):
            if self.gated(ab):
                continue
            with self.as_applied(c, i):
                here = ab.kind not in PER_TARGET_KINDS or self.ability_active(
                    ab, you, self.perms[c], defending=self.defender_of(target), per_target=True
                )
            if not here:
                continue  # "as long as" / "unless" read against this target's defending player
            if ab.kind != "defender" and self.forbids(ab, you, c, target):
                return False
        return True

    def active(self, c: str, kind: str, decl: dict[str, str]) -> list[AbilityT]:
        """The abilities of ``c`` of ``kind`` that apply to this declaration."""
        return [
            ab
            for i, (ab, you) in enumerate(self.with_controller[c])
            if ab.kind == kind and (not self.gated(ab) or self.gate_open(c, i, decl))
        ]

    def gate_open(self, c: str, index: int, attack: dict[str, str], defending: str | None = None) -> bool:
        """Whether the ``index``-th ability of ``c``, gated by an ``attack`` test, applies to ``decl``."""
        ab, you = self.with_controller[c][index]
        with self.as_applied(c, index):
            return self.ability_active(ab, you, self.perms[c], defending, defending is not None, attack=attack)

    def attack_global_ok(self, decl: dict[str, str]) -> bool:
        """Restrictions on the whole attack (506.5, 508.1c, 802.3a, 805.10b)."""
        for c, t in decl.items():
            for i, (ab, you) in enumerate(self.with_controller[c]):
                defending = self.defender_of(t) if ab.kind in PER_TARGET_KINDS else None
                if self.gated(ab) and self.gate_open(c, i, decl, defending) and self.forbids(ab, you, c, t):
                    return False
        for c in decl:
            others = [o for o in decl if o != c]
            if self.active(c, "cant_attack_alone", decl) and not others:
                return False
            if self.active(c, "can_only_attack_alone", decl) and others:
                return False
            if any(len(others) < x.n for x in self.active(c, "cant_attack_unless_others_attack", decl)):
                return False
            if self.active(c, "cant_attack_unless_greater_power_attacks", decl):
                power = self.perms[c].power or 0
                if not any((self.perms[o].power or 0) > power for o in others):
                    return False
        for rule, controller, source in self.game_rules_sourced:
            if rule.kind != "attack_limit":
                continue
            if self.gated(rule) and not self.ability_active(rule, controller, source, attack=decl):
                continue

            def aimed(t: str, c: str | None, rule: AbilityT = rule, controller: str | None = controller) -> bool:
                owner = self.perms[c].owner_id if c is not None else None
                return rule.defender is None or self.target_matches(rule.defender, t, controller, owner)

            now = [c for c, t in decl.items() if aimed(t, c)]
            n = len(now)
            if n and rule.per == "turn":
                # 508.1c counts creatures: one that attacked earlier (a matching target) counts once.
                earlier = self.board.attacked_this_turn
                if isinstance(earlier, int):
                    n += earlier
                else:
                    before = {e.creature for e in earlier if aimed(e.target, None)}
                    n = len(before | set(now))
            if n > rule.n:
                return False
        return True

    def attack_ok(self, decl: AttackDecl) -> bool:
        as_dict = dict(decl)
        if len(as_dict) != len(decl):
            return False  # one target per attacker (508.1b)
        return all(self.can_attack(c, t) for c, t in decl) and self.attack_global_ok(as_dict)

    # ----- requirements (508.1d; docs/design.md §4.1) ---------------------------------------------------

    def _attack_requirements(self) -> list[AttackRequirement]:
        out: list[AttackRequirement] = []
        for c in self.creatures:
            goaders: list[str | None] = []
            for i, (ab, you) in enumerate(self.with_controller[c]):
                gate = partial(self.gate_open, c, i) if self.gated(ab) else None
                if ab.kind == "must_attack":
                    out.append(AttackRequirement("must_attack", creature=c, target=ab.target, you=you, gate=gate))
                elif ab.kind == "attacks_or_blocks":
                    out.append(AttackRequirement("attacks_or_blocks", creature=c, gate=gate))
                elif ab.kind == "attacks_player_other_than":
                    other = you if ab.player == "you" else ab.player
                    out.append(AttackRequirement("attacks_player_other_than", creature=c, other_than=other, gate=gate))
                elif ab.kind == "goad":
                    goader = {"you": you, "owner": self.perms[c].owner_id}.get(ab.by, ab.by)
                    if goader in goaders:  # 701.15d: the same player again adds nothing
                        continue
                    goaders.append(goader)
                    out.append(AttackRequirement("goad", creature=c, other_than=goader, gate=gate))
                    out.append(AttackRequirement("goad_other_player", creature=c, other_than=goader, gate=gate))
        for rule, controller, source in self.game_rules_sourced:
            if rule.kind != "must_be_attacked" or controller is None:
                continue
            bound = [pl for pl in self.attacking_players if self.opponents(controller, pl)]
            if not MUST_BE_ATTACKED_PER_PLAYER:
                bound = bound[:1]
            gate = partial(self.ability_active, rule, controller, source, None, False) if self.gated(rule) else None
            for pl in bound:
                out.append(
                    AttackRequirement("must_be_attacked", player=pl, target=rule.target, you=controller, gate=gate)
                )
        return out

    def attack_obeyed(self, r: AttackRequirement, decl: dict[str, str]) -> bool:
        if r.gate is not None and not r.gate(attack=decl):
            return True  # "if ... attacks": the requirement doesn't apply to this declaration
        if r.kind == "must_be_attacked":
            return any(
                (self.perms[c].controller == r.player or not MUST_BE_ATTACKED_PER_PLAYER)
                and (r.target is None or self.target_matches(r.target, t, r.you, self.perms[c].owner_id))
                for c, t in decl.items()
                if c in self.perms
            )
        assert r.creature is not None
        t = decl.get(r.creature)
        if t is None:
            return False
        if r.kind == "must_attack":
            return r.target is None or self.target_matches(r.target, t, r.you, self.perms[r.creature].owner_id)
        if r.kind in ("attacks_player_other_than", "goad_other_player"):
            return t in self.team and t != r.other_than
        return True  # attacks_or_blocks, goad: attacks

    def attack_count_obeyed(self, decl: AttackDecl) -> int:
        as_dict = dict(decl)
        return sum(1 for r in self.attack_requirements if self.attack_obeyed(r, as_dict))

    # ----- enumeration ------------------------------------------------------------------------------

    def attack_declarations(self) -> Iterator[AttackDecl]:
        """Every restriction-respecting attack declaration."""
        options: list[list[Atom | None]] = []
        for c in self.creatures:
            options.append([None, *((c, t) for t in self.targets if self.can_attack(c, t))])
        for combo in itertools.product(*options):
            decl = frozenset(a for a in combo if a is not None)
            if self.attack_global_ok(dict(decl)):
                yield decl

    def _solve_attacks(self) -> list[AttackDecl]:
        if self._attack_legal is None:
            scored = [(self.attack_count_obeyed(d), d) for d in self.attack_declarations()]
            self._attack_max = max(s for s, _ in scored)  # attacking with nothing breaks no restriction
            self._attack_legal = [d for s, d in scored if s == self._attack_max]
        return self._attack_legal

    def attack_maximum(self) -> int:
        self._solve_attacks()
        return self._attack_max

    def attack_maxima(self) -> dict[frozenset[str], int]:
        return {frozenset(self.attacking_players): self.attack_maximum()}

    def attack_legal_set(self) -> set[AttackDecl]:
        return set(self._solve_attacks())

    def attack_legal_count(self) -> int:
        return len(self._solve_attacks())

    # ----- verdict on a proposed declaration --------------------------------------------------------

    def attack_is_legal(self, decl: AttackDecl) -> bool:
        return self.attack_ok(decl) and self.attack_count_obeyed(decl) == self.attack_maximum()

    def in_scope(self, decl: AttackDecl) -> bool:
        """Whether every attacker is the attacking unit's creature and every target attackable."""
        return all(c in self.creatures and t in self.targets for c, t in decl)

    def tapped(self, decl: AttackDecl) -> list[str]:
        """508.1f / 702.20b: the attackers that become tapped."""
        return sorted(c for c, _ in decl if not self.has(c, "vigilance"))


# Vocabulary the attack reference doesn't model (costs 508.1g-i, banding 508.1e): scenarios using it are skipped.
NOT_MODELLED = frozenset(
    {
        "mana",
        "attack_tax",
        "attack_cost",
        "block_tax",
        "blocked_tax",
        "block_cost",
        "exert",
        "enlist",
        "banding",
        "bands_with_other",
    }
)


def attack_reference_covers(board: Board, declaration: AttackDeclaration) -> bool:
    """Whether the board and declaration use only what ``AttackReference`` models."""
    abilities = [a for p in board.permanents for a in p.abilities] + [e.ability for e in board.effects]
    abilities += [a.ability for a in abilities if a.kind == "grant"]
    if any(a.kind in NOT_MODELLED for a in abilities):
        return False
    return board.combat is None and not declaration.bands and not declaration.exert and not declaration.enlist


def to_atoms(declaration: object) -> AttackDecl:
    """The (attacker, target) pairs of an attack declaration."""
    assert isinstance(declaration, AttackDeclaration), declaration
    return frozenset(declaration.attacks.items())


def to_attack_declaration(atoms: Iterable[Atom]) -> AttackDeclaration:
    return AttackDeclaration(attacks=dict(atoms))
