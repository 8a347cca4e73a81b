"""The game: the board resolved for rules work (layer 6, 613.1f): which ability instances apply to
which creature and who is defending against what (802.2a). The declaring units built on it are in
``units``."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from ..board.checks import changes_types
from ..board.model import Board, Effect, Permanent, Player
from ..model.choices import mentions_chosen, reads_identity
from ..model.conditions import Context
from ..model.filters import Filter, PermanentView, same_fields
from ..model.ir import (
    Pair,
)
from ..model.records import DeclarerReport
from ..rules.kind import (
    EarlierAttacks,
    Instance,
    has_hook,
)
from ..rules.registry import Ability, Grant
from .effects import (
    Continuous,
    Removals,
    TypeEffect,
    collect_has,
    generator_kind,
    is_removal,
    is_type_change,
    kinds_read,
    reads_activation_order,
    timestamp_order,
    unconditional,
)
from .once import once

if TYPE_CHECKING:
    from ..rules.characteristics import LoseAbilities


new_pair = partial(tuple.__new__, Pair)
"""``Pair`` from a (blocker, attacker) tuple, without the Python-level constructor."""


class Game:
    """Read-only facts derived from a ``Board``."""

    @classmethod
    def of(cls, board: Board) -> Game:
        """The resolved game of ``board``, built once per ``Board`` object and kept with it
        (``Board.derived``): what is derived from a frozen board (layer 6, units, restrictions,
        requirements, reasons) holds for every declaration checked on it."""
        return board.derived("game", cls)

    def __init__(self, board: Board) -> None:
        self.board = board
        """The board with its type-changing effects applied (layer 4, 613.1d)."""
        self.derived: dict[str, Any] = {}
        """What the layers above build once per game (the declaring units of ``units``)."""
        self._teams = {p.id: (p.team if p.team is not None else f"player:{p.id}") for p in board.players}
        self._attacking = tuple(sorted(board.combat.attackers)) if board.combat is not None else ()
        self.declaring = board.combat is None
        """Attackers are being declared: conditions on the attack are read per declaration."""
        attacks = board.combat.attackers if board.combat is not None else {}
        if any(mentions_chosen(a) or reads_identity(a) for p in board.permanents for a in p.abilities):
            identity = {player.id: player.commander_identity for player in board.players}
            chosen = tuple(
                p.model_copy(update={"abilities": p.abilities_as_chosen(identity.get(p.controller))})
                for p in board.permanents
            )
            self.board = board = board.model_copy(update={"permanents": chosen})
        self._set_permanents(board.permanents)
        self._layer_warnings: list[str] = []
        self._defender_of = {a: self.defending_player_of(target) for a, target in attacks.items()}
        self._defenders = frozenset([self.defending_player(a) for a in self._attacking])
        if changes_types(board):
            self._layer4()
            self.board = board.model_copy(update={"permanents": self._permanents})
        self._declarers: dict[tuple[frozenset[str], str, str], DeclarerReport] = {}
        self._hooked: dict[tuple[str, str], list[Instance]] = {}
        self.instances: dict[str, list[Instance]] = {p.id: [] for p in self._permanents}
        self.game_rules: list[Instance] = []
        timestamped: list[tuple[Ability, Permanent | None, Continuous | None, Effect | None]] = []
        for o in timestamp_order(self._permanents, board.effects):
            p, e = (o, None) if isinstance(o, Permanent) else (None, o)
            if e is not None:
                if is_type_change(e.ability):
                    continue
                effect = None
                if is_removal(e.ability):
                    effect = Continuous(
                        e.ability, e.source, e.controller, to=e.ability.to, dated=e.timestamp is not None
                    )
                elif e.to is not None:
                    effect = Continuous(e.ability, e.source, e.controller, to=e.to, dated=e.timestamp is not None)
                timestamped.append((e.ability, None, effect, e))
                continue
            assert p is not None
            for ability in p.abilities:
                effect = None
                if isinstance(ability, Grant):
                    effect = Continuous(ability.ability, p.name, p.controller, to=ability.to, gate=ability, origin=p)
                elif is_removal(ability):
                    holder = p if ability.to is None else None
                    effect = Continuous(ability, p.name, p.controller, holder=holder, to=ability.to, origin=p)
                elif is_type_change(ability):
                    continue
                elif ability.scope == "creature" and not unconditional(ability):
                    effect = Continuous(ability, p.name, p.controller, holder=p, origin=p)
                timestamped.append((ability, p, effect, None))
        holders, as_applied, lost = self._resolve_layer6([t[2] for t in timestamped if t[2] is not None])
        for ability, bearer, effect, source_effect in timestamped:
            if is_removal(ability):
                continue
            if effect is not None:
                for holder_id in holders[id(effect)]:
                    holder = self._perms[holder_id]
                    controller = holder.controller if effect.ability.is_triggered() else effect.controller
                    self.instances[holder_id].append(
                        Instance(effect.ability, holder, effect.source, controller, as_applied.get(id(effect)))
                    )
            elif bearer is not None and lost.removes(bearer.id, ability.kind, -1):
                continue
            elif bearer is not None and ability.scope == "game":
                if unconditional(ability) or ability.applies(
                    self.context(bearer.controller, bearer), declaring=self.declaring
                ):
                    self.game_rules.append(Instance(ability, bearer, bearer.name, bearer.controller))
            elif bearer is not None:
                self.instances[bearer.id].append(Instance(ability, bearer, bearer.name, bearer.controller))
            elif source_effect is not None and ability.applies(
                self.context(source_effect.controller, None), declaring=self.declaring
            ):
                self.game_rules.append(Instance(ability, None, source_effect.source, source_effect.controller))

    def _set_permanents(self, permanents: Sequence[Permanent]) -> None:
        """The permanents as they stand, with the abilities printed on them that apply whatever
        the board (no condition, not a grant): what filters read before layer 6."""
        self._permanents = tuple(permanents)
        self._perms = {p.id: p for p in permanents}
        self._attached: dict[str, list[Permanent]] = {}
        self._had: dict[str, list[Ability]] = {}
        for p in permanents:
            self._had[p.id] = [
                a for a in p.abilities if not isinstance(a, Grant) and a.scope == "creature" and unconditional(a)
            ]
            if p.attached_to is not None:
                self._attached.setdefault(p.attached_to, []).append(p)

    def _layer4(self) -> None:
        """613.1d: type-changing effects, each applied to what it matches when it applies (611.3a), in
        timestamp order (613.7) unless a dependency orders them (613.8a: Blood Moon before Urborg, whose
        ability it removes, 305.7, and before Conversion, whose targets it changes; in a loop the earliest,
        613.8b); characteristic-defining abilities first (613.3); filters see printed abilities (layer 6
        comes later). Then layer 5 (613.1e): the colors set or added, on what each changed in layer 4
        (613.6), characteristic-defining ones first, then in timestamp order (613.3, 613.7)."""
        pending = [
            TypeEffect(a, o.id, o.controller) if isinstance(o, Permanent) else TypeEffect(a, None, o.controller)
            for o in timestamp_order(self._permanents, self.board.effects)
            for a in (o.abilities if isinstance(o, Permanent) else (o.ability,))
            if is_type_change(a)
        ]
        stamps = {id(e): i for i, e in enumerate(pending)}
        pending.sort(key=lambda e: not e.ability.defines_itself)
        for e in pending:
            found: set[str] = set()
            for c in (e.ability.condition, e.ability.unless):
                if c is not None:
                    collect_has(c.model_dump(mode="json", exclude_none=True), found)
            if found:
                where = self._perms[e.source].name if e.source is not None else "an effect"
                self._layer_warnings.append(
                    f"{where}: a type change whose condition reads abilities ({', '.join(sorted(found))}) is read "
                    "before layer 6 gives or removes them (613.1d, 613.1f): only printed abilities are seen"
                )
        colors: list[tuple[int, TypeEffect, list[str]]] = []
        while pending:
            chosen = next(
                (e for e in pending if not any(self._type_depends(e, o) for o in pending if o is not e)), pending[0]
            )
            pending.remove(chosen)
            if chosen.source is not None and chosen.ability not in self._perms[chosen.source].abilities:
                continue
            targets = self._type_targets(chosen)
            self._apply_types(chosen, targets)
            if chosen.ability.colors is not None or chosen.ability.add_colors:
                colors.append((stamps[id(chosen)], chosen, targets))
        from .characteristics import colored, creatures_have_stats

        if colors:
            for _, effect, targets in sorted(colors, key=lambda c: (not c[1].ability.defines_itself, c[0])):
                wanted = set(targets)
                self._set_permanents([colored(p, effect.ability) if p.id in wanted else p for p in self._permanents])
        creatures_have_stats(self._permanents, self.board.combat.attackers if self.board.combat else {})

    def _type_targets(self, effect: TypeEffect) -> list[str]:
        """What ``effect`` changes now: its source, or what matches ``to``; its condition read for
        each ("this": that permanent)."""
        change = effect.ability
        if change.to is None:
            found = [self._perms[effect.source]] if effect.source is not None else []
        else:
            found = [p for p in self._permanents if change.to.matches(p, self, effect.controller)]
        return [p.id for p in found if unconditional(change) or change.applies(self.context(effect.controller, p))]

    def _apply_types(self, effect: TypeEffect, targets: list[str]) -> None:
        if targets:
            wanted = set(targets)
            from .characteristics import changed

            self._set_permanents([changed(p, effect.ability) if p.id in wanted else p for p in self._permanents])

    def _type_depends(self, effect: TypeEffect, other: TypeEffect) -> bool:
        """Whether applying ``other`` first would remove ``effect``'s ability or change what it
        applies to (613.8a)."""
        if effect.ability.to is None and unconditional(effect.ability) and other.ability.land_types is None:
            return False  # its source stays its target, and only setting land types removes abilities
        before, targets = self._permanents, self._type_targets(effect)
        self._apply_types(other, self._type_targets(other))
        try:
            gone = effect.source is not None and effect.ability not in self._perms[effect.source].abilities
            return gone or self._type_targets(effect) != targets
        finally:
            self._set_permanents(before)

    def context(self, you: str | None, source: PermanentView | None) -> Context:
        """Who "you", "this" and "defending player" are for a condition read at declaration: the
        defending player of an attacking source, or the source's controller when they defend
        (802.2a); unknown otherwise."""
        defending = None
        if source is not None and source.id in self._attacking:
            defending = self.defending_player(source.id)
        elif source is not None and source.controller in self._defenders:
            defending = source.controller
        return Context(self, you, source, defending)

    def _targets(self, effect: Continuous) -> tuple[str, ...]:
        """What ``effect`` applies to in the current state of layer 6 (611.3a): creatures, or for
        an ability-removing effect or a kind ``given_to_any_permanent`` (Abundant Growth's land)
        any permanent."""
        gate = effect.gate
        if (
            gate is not None
            and not unconditional(gate)
            and not gate.applies(self.context(effect.controller, effect.origin), declaring=self.declaring)
        ):
            return ()
        if effect.to is None:
            found = [effect.holder] if effect.holder is not None else []
        else:
            to, controller = effect.to, effect.controller
            anything = is_removal(effect.ability) or effect.ability.given_to_any_permanent
            found = [p for p in self._permanents if (anything or p.is_creature) and to.matches(p, self, controller)]
        ability = effect.ability
        if unconditional(ability) or (ability.per_target_condition and self.declaring):
            return tuple([p.id for p in found])
        return tuple(
            p.id for p in found if ability.applies(self.context(effect.controller, p), declaring=self.declaring)
        )

    def _resolve_layer6(
        self, effects: list[Continuous]
    ) -> tuple[dict[int, tuple[str, ...]], dict[int, Game], Removals]:
        """Apply grants, effects, conditional abilities and ability-removing effects in dependency
        order (613.8): next the earliest effect no other pending effect would change the
        existence or application of (613.8a), or in timestamp order inside a dependency loop
        (613.8b); each applies to what it matches at that moment (611.3a) and is locked in. An
        ability-removing effect removes what its permanents have at that moment (613.7); an effect
        whose ability its permanent lost before it applied doesn't exist. Returns the holders of
        each effect (those that lost its ability later left out), for an effect whose conditions
        are read per declaration the board as it stood when it applied, and what was removed."""
        pending = list(effects)
        applied: dict[int, tuple[str, ...]] = {}
        as_applied: dict[int, Game] = {}
        reads: dict[int, frozenset[str]] = {}
        lost = Removals()
        step: dict[int, int] = {}
        self._effects_given: set[int] = {id(e.ability) for e in effects if not e.gives_an_ability}
        removing = any(is_removal(e.ability) for e in effects)
        while pending:
            chosen = pending[0]
            if len(pending) > 1:
                reads = reads or {id(e): kinds_read(e) for e in effects}
                current: dict[int, tuple[str, ...]] = {}
                chosen = next(
                    (
                        a
                        for a in pending
                        if not (removing and self._removed_by(a, pending, current))
                        and (not reads[id(a)] or not self._depends(a, pending, current, reads[id(a)]))
                    ),
                    pending[0],
                )
            pending.remove(chosen)
            step[id(chosen)] = len(step)
            applied[id(chosen)] = () if lost.generator_lost(chosen) else self._targets(chosen)
            if is_removal(chosen.ability):
                lost.add(applied[id(chosen)], step[id(chosen)], chosen.ability)
                self._counter_timestamps(chosen, applied[id(chosen)])
                for holder in applied[id(chosen)]:
                    self._had[holder] = self._after_removal(self._had[holder], chosen.ability)
                continue
            if self._read_per_declaration(chosen.ability):
                as_applied[id(chosen)] = self._as_of_now()
            for holder in applied[id(chosen)]:
                self._had[holder].append(chosen.ability)
        self._unstated_order(effects, applied)
        kept = {
            id(effect): tuple(
                h
                for h in applied[id(effect)]
                if not (effect.gives_an_ability and lost.removes(h, effect.ability.kind, step[id(effect)]))
            )
            for effect in effects
        }
        return kept, as_applied, lost

    def _after_removal(self, had: list[Ability], removal: LoseAbilities) -> list[Ability]:
        """What a permanent has after ``removal`` (613.1f): the abilities it removes go, except
        what another permanent's effect gives it ("can't attack": no ability of its own)."""
        return [a for a in had if id(a) in self._effects_given or not removal.removes(a.kind)]

    def _unstated_order(self, effects: list[Continuous], applied: Mapping[int, tuple[str, ...]]) -> None:
        """Where a removal and an effect giving the kind it removes meet on one permanent, one from
        a permanent and the other from the board's ``effects``, and neither states a
        ``timestamp``, their order (613.7) is the default (effects after permanents): warned."""
        removals = [r for r in effects if is_removal(r.ability) and not r.stated_timestamp]
        for r in removals:
            assert is_removal(r.ability)
            for e in effects:
                if (
                    is_removal(e.ability)
                    or not e.gives_an_ability
                    or e.stated_timestamp
                    or (e.origin is None) == (r.origin is None)
                ):
                    continue
                met = sorted(set(applied[id(r)]) & set(applied[id(e)]))
                if met and r.ability.removes(e.ability.kind):
                    self._layer_warnings.append(
                        f"{self._perms[met[0]].name}: {r.source} removes {e.ability.kind} and {e.source} gives it; "
                        "which came later isn't on the board (613.7): effects are taken as later than "
                        "permanents (give `timestamp`)"
                    )

    def _counter_timestamps(self, removal: Continuous, holders: tuple[str, ...]) -> None:
        """A keyword counter has its own timestamp (613.7c), which the board doesn't state: when an
        ability-removing effect meets an ability a counter gives, the verdict warns (the ability is
        taken as removed)."""
        assert is_removal(removal.ability)
        if not any(self._perms[h].counters for h in holders):
            return
        from ..rules.registry import keyword_kinds

        kinds = keyword_kinds()
        for h in holders:
            for name, count in self._perms[h].counters.items():
                kind = kinds.get(name.casefold())
                if count and kind is not None and removal.ability.removes(kind):
                    self._layer_warnings.append(
                        f"{self._perms[h].name}: which of its {name} counter and {removal.source}'s removal of "
                        f"{kind} came last isn't on the board (613.7c); {kind} is taken as removed"
                    )

    def _removed_by(self, effect: Continuous, pending: list[Continuous], current: dict[int, tuple[str, ...]]) -> bool:
        """Whether another pending ability-removing effect would remove the ability that
        generates ``effect`` (613.8a: it changes the first one's existence)."""
        origin = effect.origin
        if origin is None:
            return False
        kind = generator_kind(effect)
        for other in pending:
            if other is not effect and is_removal(other.ability) and other.ability.removes(kind):
                if id(other) not in current:
                    current[id(other)] = self._targets(other)
                if origin.id in current[id(other)]:
                    return True
        return False

    def _read_per_declaration(self, ability: Ability) -> bool:
        """Whether some of ``ability``'s conditions are read only per declaration or per attack target."""
        conditions = [c for c in (ability.condition, ability.unless) if c is not None]
        return (
            self.declaring
            and bool(conditions)
            and (ability.per_target_condition or any(c.attack is not None for c in conditions))
        )

    def _as_of_now(self) -> Game:
        """This game with the abilities had at this point of layer 6 (613.1f, 611.3a)."""
        view = copy.copy(self)
        view._had = {k: list(v) for k, v in self._had.items()}
        return view

    def _depends(
        self,
        effect: Continuous,
        pending: list[Continuous],
        current: dict[int, tuple[str, ...]],
        kinds: frozenset[str],
    ) -> bool:
        """Whether applying another pending effect would change what ``effect`` applies to (613.8a).
        An effect whose conditions are read per declaration depends on every other one adding a
        kind they read: that can change whether it applies to some declaration."""
        for e in pending:
            if id(e) not in current:
                current[id(e)] = self._targets(e)
        now = current[id(effect)]
        deferred = self._read_per_declaration(effect.ability)
        for other in pending:
            removal = other.ability if is_removal(other.ability) else None
            if other is effect or (
                other.ability.kind not in kinds if removal is None else not any(removal.removes(k) for k in kinds)
            ):
                continue
            added = current[id(other)]
            if deferred and added:
                return True
            saved = {h: list(self._had[h]) for h in added}
            for h in added:
                if removal is None:
                    self._had[h].append(other.ability)
                else:
                    self._had[h] = self._after_removal(self._had[h], removal)
            changed = self._targets(effect) != now
            self._had.update(saved)
            if changed:
                return True
        return False

    @property
    def permanents(self) -> tuple[Permanent, ...]:
        return self._permanents

    @property
    def earlier_attacks(self) -> EarlierAttacks:
        earlier = self.board.attacked_this_turn
        if isinstance(earlier, int):
            return EarlierAttacks((), earlier)
        return EarlierAttacks(tuple((e.creature, e.target) for e in earlier))

    @property
    def player_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.board.players)

    @property
    def active_player(self) -> str:
        return self.board.active_player

    @property
    def turn_players(self) -> tuple[str, ...]:
        """Whose turn it is: the active player, or every player on the active team with shared
        team turns (805.4a)."""
        active = self.board.active_player
        if not self.board.shared_team_turns:
            return (active,)
        return tuple(p for p in self.player_ids if self.team(p) == self.team(active))

    @property
    def extra_turn(self) -> bool:
        return self.board.extra_turn

    def player_facts(self, player_id: str) -> Player:
        return self.player(player_id)

    def attacking_ids(self) -> tuple[str, ...]:
        return self._attacking

    def attached(self, permanent_id: str) -> list[Permanent]:
        return self._attached.get(permanent_id, [])

    def permanent(self, permanent_id: str) -> Permanent:
        return self._perms[permanent_id]

    def has_permanent(self, object_id: str) -> bool:
        return object_id in self._perms

    @once
    def warnings(self) -> tuple[str, ...]:
        """Card text on the board that bears on combat but wasn't compiled, what layer 6
        couldn't order from the board (a keyword counter's timestamp, 613.7c), and the mana
        abilities whose order of activation the payment doesn't model (``mana_order``)."""
        given = [a for p in self.board.permanents for a in p.abilities] + [e.ability for e in self.board.effects]
        if not any(reads_activation_order(a) for a in given):
            return self.board.card_warnings + tuple(self._layer_warnings)
        from .mana_order import order_warnings

        return self.board.card_warnings + tuple(self._layer_warnings) + order_warnings(self)

    def player(self, player_id: str) -> Player:
        return next(p for p in self.board.players if p.id == player_id)

    def permanents_of(self, player: str) -> list[Permanent]:
        return [p for p in self._permanents if p.controller == player]

    def hooked(self, permanent_id: str, hook: str) -> Sequence[Instance]:
        """The instances on ``permanent_id`` whose kind has its own ``hook``, in order."""
        instances = self.instances[permanent_id]
        if not instances:
            return ()
        key = (permanent_id, hook)
        found = self._hooked.get(key)
        if found is None:
            found = self._hooked[key] = [i for i in instances if has_hook(i.ability, hook)]
        return found

    def has_keyword(self, permanent_id: str, kind: str) -> bool:
        return any(a.kind == kind for a in self._had.get(permanent_id, ()))

    def has_ability(self, permanent_id: str, pattern: Mapping[str, Any]) -> bool:
        return any(
            a.kind == pattern.get("kind")
            and same_fields(pattern, a.model_dump(mode="json", by_alias=True, exclude_none=True))
            for a in self._had.get(permanent_id, ())
        )

    def are_opponents(self, player_a: str, player_b: str) -> bool:
        return self._teams.get(player_a) != self._teams.get(player_b)

    def team(self, player: str) -> str:
        return self._teams[player]

    def is_player(self, object_id: str) -> bool:
        return object_id in self._teams

    def label(self, permanent: PermanentView | None) -> str:
        return "the game" if permanent is None else self._labels[permanent.id]

    @once
    def _labels(self) -> dict[str, str]:
        return self.board.labels

    def is_summoning_sick(self, permanent: PermanentView) -> bool:
        """302.6: a creature not controlled continuously since its controller's most recent turn
        began can't attack or use {T} abilities, unless an ability (haste) says otherwise."""
        return (
            permanent.is_creature
            and permanent.summoning_sick
            and not any(i.ability.permits_attacking_while_summoning_sick() for i in self.instances[permanent.id])
        )

    def can_use_tap_abilities(self, permanent: PermanentView) -> bool:
        """302.6: its {T} abilities can be activated — it isn't summoning sick, or a game rule lets
        its controller activate them as though it had haste (Thousand-Year Elixir)."""
        return not self.is_summoning_sick(permanent) or any(
            i.ability.permits_tap_abilities_of(self, i, permanent) for i in self.game_rules
        )

    def taps_when_attacking(self, permanent: PermanentView) -> bool:
        """508.1f: attacking taps a creature unless an ability (vigilance) says otherwise."""
        return not any(i.ability.keeps_untapped_when_attacking() for i in self.instances[permanent.id])

    def matches(self, f: Filter, permanent: PermanentView, you: str | None) -> bool:
        return f.matches(permanent, self, you)

    def defending_player(self, attacker_id: str) -> str:
        """802.2a: the defending player of a declared attacker."""
        defender = self._defender_of[attacker_id]
        assert defender is not None
        return defender

    def defending_player_of(self, target: str) -> str | None:
        """802.2a: the player attacked, or the controller of the planeswalker or protector of the
        battle attacked; None when ``target`` is none of those (``Board.defending_player_of``)."""
        if target in self._teams:
            return target
        p = self._perms.get(target)
        return None if p is None else p.defending_player

    def declarer(self, players: frozenset[str], kind: str, default: str) -> DeclarerReport:
        """Who declares for ``players``: the latest effect of ``kind`` (Master Warcraft) or ``default``."""
        key = (players, kind, default)
        found = self._declarers.get(key)
        if found is None:
            found = self._declarers[key] = self._declarer(players, kind, default)
        return found

    def _declarer(self, players: frozenset[str], kind: str, default: str) -> DeclarerReport:
        chosen = [i for i in self.game_rules if i.ability.kind == kind and i.controller is not None]
        if not chosen:
            return _declarer_report(tuple(sorted(players)), default, None)
        last = chosen[-1]
        assert last.controller is not None
        return _declarer_report(tuple(sorted(players)), last.controller, last.source)


@lru_cache(maxsize=1024)
def _declarer_report(players: tuple[str, ...], declarer: str, source: str | None) -> DeclarerReport:
    """A ``DeclarerReport``, built once and shared (records are frozen)."""
    if source is None:
        return DeclarerReport(players=players, declarer=declarer)
    return DeclarerReport(players=players, declarer=declarer, source=source)
