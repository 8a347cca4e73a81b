"""The attack unit: the attacking player declaring attackers (508.1), with its restrictions,
requirements and costs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..model.conditions import AttackTest, Condition, Context
from ..model.deadline import checkpoint
from ..model.filters import PermanentView, Target
from ..model.ir import (
    Atom,
    Attack,
    Attacking,
    Cmp,
    Cond,
    Lin,
    Parity,
    Side,
    Test,
    all_of,
    any_of,
    negate,
)
from ..rules.kind import (
    Instance,
    Reason,
    Requirement,
    Restriction,
    having,
)

if TYPE_CHECKING:
    from ..model.cost_terms import CostTerm

from .game import Game
from .once import once
from .unit_base import UnitBase

_Gate = tuple[tuple[Test, ...], tuple[Test, ...] | None]
"""The tests of an ability's ``attack`` count that must all hold, and those that must not all
hold (None when there are none): see ``AttackUnit._gate``."""


class AttackUnit(UnitBase):
    """The whole attack of the active player, or of the active team under shared team turns
    (805.10b): one declaration that must be legal as a whole (802.3a)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        board = game.board
        active = board.active_player
        self.players = frozenset(
            p.id
            for p in board.players
            if p.id == active or (board.shared_team_turns and game.team(p.id) == game.team(active))
        )
        self.attackers = tuple(c for c in board.permanents if c.is_creature and c.controller in self.players)
        self.defending_players = tuple(
            p.id
            for p in board.players
            if game.are_opponents(active, p.id)
            and (board.attackable_players is None or p.id in board.attackable_players)
        )
        defending = set(self.defending_players)
        self.targets: tuple[str, ...] = self.defending_players + tuple(
            p.id
            for p in board.permanents
            if ("planeswalker" in p.types and p.controller in defending)
            or ("battle" in p.types and p.protector in defending)
        )
        self._attacker_ids = {c.id for c in self.attackers}
        self._target_ids = set(self.targets)
        self._rows: dict[str, Lin] = {}

    # --- helpers for rules -------------------------------------------------------------
    def is_player(self, target: str) -> bool:
        return self.game.is_player(target)

    def defending_player_of(self, target: str) -> str:
        """802.2a: the player attacked, or the controller of the planeswalker / protector of the battle."""
        defender = self.game.defending_player_of(target)
        assert defender is not None
        return defender

    def resolve_player(self, player: str | None, inst: Instance) -> str | None:
        if player == "you":
            return inst.controller
        if player == "owner":
            return inst.holder.owner_id if inst.holder is not None else None
        return player

    def condition_holds(self, condition: Condition, inst: Instance, target: str) -> bool:
        """``condition`` with the defending player of an attack on ``target`` (802.2a)."""
        source = inst.holder
        return condition.holds(Context(self.game, inst.controller, source, self.defending_player_of(target)))

    def applies_against(self, inst: Instance, target: str, *, declaring: bool = True) -> bool:
        """Whether a kind read per attack target applies to an attack on ``target``: its conditions
        with that attack's defending player (802.2a); ``declaring``: its ``attack`` tests are left to
        the declaration (they are, until attackers are declared)."""
        if not inst.ability.per_target_condition:
            return True
        scope = inst.as_applied or self.game
        ctx = Context(scope, inst.controller, inst.holder, self.defending_player_of(target))
        return inst.ability.applies(ctx, declaring=declaring)

    def _gate(self, inst: Instance, target: str | None = None) -> _Gate | None:
        """When ``inst`` applies depends on this declaration (its ``attack`` tests): the tests of
        the count that must all hold and those that must not all hold (None: no such test; an
        empty tuple: a count that always holds); None when it doesn't depend on it."""
        if inst.ability.condition is None and inst.ability.unless is None:
            return None
        defending = self.defending_player_of(target) if target is not None else None
        ctx = Context(inst.as_applied or self.game, inst.controller, inst.holder, defending)
        needed, excluded = inst.ability.attack_gate(ctx)
        if needed is None and excluded is None:
            return None
        return (
            () if needed is None else self._attack_count(needed, ctx),
            None if excluded is None else self._attack_count(excluded, ctx),
        )

    def _attack_count(self, test: AttackTest, ctx: Context) -> tuple[Test, ...]:
        """The count of ``test`` as bounds and, for an even or odd count, its parity (508.1c)."""
        lo, hi = test.count.bounds()
        count = self.attacking_count(test.counted(ctx, self.attackers))
        bounds = () if lo is None and hi is None else (Cmp(count, lo, hi),)
        parity = () if test.count.parity is None else (Parity(count, test.count.parity),)
        return (*bounds, *parity)

    @staticmethod
    def _unless_gate_fails(gate: _Gate, cond: Cond) -> Cond:
        """``cond``, or the gate's ability doesn't apply to this declaration."""
        needed, excluded = gate
        excluded_holds = [] if excluded is None else [all_of(*excluded)]
        return any_of(*(n for test in needed for n in negate(test)), *excluded_holds, cond)

    def target_matches(self, spec: Target, target: str, inst: Instance) -> bool:
        if spec.ids is not None:
            return target in spec.ids
        player = self.resolve_player(spec.player, inst)

        def whose(p: str | None) -> bool:
            if spec.player == "opponent":  # 102.3: an opponent of the ability's controller
                return p is not None and inst.controller is not None and self.game.are_opponents(inst.controller, p)
            return player is None or p == player

        if self.is_player(target):
            return spec.include_player and whose(target)
        p = self.game.permanent(target)
        if "planeswalker" in p.types and spec.planeswalkers and whose(p.controller):
            return True
        return "battle" in p.types and spec.battles and whose(p.protector)

    def target_label(self, target: str) -> str:
        return target if self.is_player(target) else self.game.label(self.game.permanent(target))

    def describe_target(self, spec: Target, inst: Instance) -> str:
        matching = [self.target_label(t) for t in self.targets if self.target_matches(spec, t, inst)]
        return " or ".join(matching) if matching else spec.describe()

    def attack(self, attacker: PermanentView, target: str) -> Lin:
        return Lin.of([Attack(attacker.id, target)])

    @once
    def _attacking_terms(self) -> dict[str, tuple[Atom, int]]:
        """The term of each attacker's ``Attacking`` atom, built once for every sum that reads it;
        with only one target to attack, the term of that attack itself (nothing to derive)."""
        if len(self.targets) == 1:
            target = self.targets[0]
            return {c.id: (Attack(c.id, target), 1) for c in self.attackers}
        return {c.id: (Attacking(c.id), 1) for c in self.attackers}

    def _attacking_term(self, attacker_id: str) -> tuple[Atom, int]:
        found = self._attacking_terms.get(attacker_id)
        return (Attacking(attacker_id), 1) if found is None else found

    def attacking(self, attacker: PermanentView) -> Lin:
        return Lin((self._attacking_term(attacker.id),))

    def attacking_count(self, creatures: Iterable[PermanentView]) -> Lin:
        terms = self._attacking_terms
        return Lin(tuple([terms[c.id] if c.id in terms else (Attacking(c.id), 1) for c in creatures]))

    @once
    def all_attacking(self) -> Lin:
        return self.attacking_count(self.attackers)

    def attacks_on(self, targets: Iterable[str], creatures: Iterable[PermanentView] | None = None) -> Lin:
        chosen = list(targets)
        return Lin.of(Attack(c.id, t) for c in (self.attackers if creatures is None else creatures) for t in chosen)

    def _attacks_of(self, attacker: PermanentView) -> Lin:
        """How many players, planeswalkers and battles ``attacker`` attacks."""
        found = self._rows.get(attacker.id)
        if found is None:
            found = self._rows[attacker.id] = self.attacks_on(self.targets, [attacker])
        return found

    @staticmethod
    def constant(value: int) -> Lin:
        return Lin((), value)

    # --- what the engine reads ------------------------------------------------------------
    def contains(self, atom: Atom) -> bool:
        if isinstance(atom, Attack):
            return atom.attacker in self._attacker_ids and atom.target in self._target_ids
        return isinstance(atom, Attacking) and atom.attacker in self._attacker_ids

    def atom_reasons(self, atom: Atom) -> list[Reason]:
        return self._reasons.get((atom.attacker, atom.target), []) if isinstance(atom, Attack) else []

    @property
    def _reasons(self) -> dict[tuple[str, str], list[Reason]]:
        return self._pair_rules[0]

    @once
    def _pair_rules(self) -> tuple[dict[tuple[str, str], list[Reason]], list[Restriction]]:
        """What rules out one attack on its own, and the restrictions on single attacks that
        apply only under a condition on the whole attack (``attack`` tests)."""
        out: dict[tuple[str, str], list[Reason]] = {}
        gated: list[Restriction] = []
        for c in self.attackers:
            checkpoint()
            insts = self.game.instances[c.id]
            general = []
            if c.tapped:
                general.append(Reason("508.1a", "tapped_attacker", f"{self.label(c)} is tapped and can't attack"))
            if self.game.is_summoning_sick(c) and not any(i.ability.permits_attacking_as_though_haste() for i in insts):
                general.append(
                    Reason(
                        "302.6",
                        "summoning_sick",
                        f"{self.label(c)} hasn't been under its controller's control "
                        "continuously since the turn began and has no haste (508.1a)",
                    )
                )
            hooked = self.game.hooked(c.id, "forbids_attacking")
            for t in self.targets:
                found = list(general)
                for inst in hooked:
                    if not self.applies_against(inst, t):
                        continue
                    r = inst.ability.forbids_attacking(self, inst, t)
                    gate = self._gate(inst, t)
                    if r is not None and gate is not None:
                        gated.append(
                            Restriction(
                                r.rule,
                                r.kind,
                                (c.id,),
                                f"{r.message} ({inst.ability.describe_condition()}; {r.rule})",
                                self._unless_gate_fails(gate, self.attack(c, t).at_most(0)),
                            )
                        )
                    elif r is not None and r not in found:
                        found.append(r)
                out[(c.id, t)] = found
        return out, gated

    @once
    def allowed(self) -> tuple[Atom, ...]:
        return tuple(Attack(c, t) for (c, t), why in self._reasons.items() if not why)

    def allows(self, attack: Attack) -> bool:
        """Whether nothing rules out ``attack`` on its own (it is one of the decision atoms)."""
        return attack in self._allowed

    @once
    def _allowed(self) -> frozenset[Atom]:
        return frozenset(self.allowed)

    @once
    def definitions(self) -> dict[Atom, Cmp]:
        """Derived atoms: a creature is attacking when it attacks some player, planeswalker or
        battle (none when there is only one to attack: see ``_attacking_terms``)."""
        if len(self.targets) == 1:
            return {}
        terms = self._attacking_terms
        return {terms[c.id][0]: Cmp(self._attacks_of(c), 1, None) for c in self.attackers}

    @once
    def restrictions(self) -> tuple[Restriction, ...]:
        """Attacking one target only (508.1b) is stated when there is more than one to choose."""
        out = [
            Restriction(
                "508.1b",
                "one_target",
                (c.id,),
                f"{self.label(c)} attacks only one player, planeswalker or battle (508.1b)",
                self._attacks_of(c).at_most(1),
            )
            for c in (self.attackers if len(self.targets) > 1 else ())
        ]
        out += self._pair_rules[1]
        for inst in having(self._instances, "attack_restrictions"):
            gate = self._gate(inst)
            for r in inst.ability.attack_restrictions(self, inst):
                out.append(r if gate is None else replace(r, cond=self._unless_gate_fails(gate, r.cond)))
        return tuple(out)

    @once
    def requirements(self) -> tuple[Requirement, ...]:
        out: list[Requirement] = []
        for inst in having(self._instances, "attack_requirements"):
            gate = self._gate(inst)
            for r in inst.ability.attack_requirements(self, inst):
                if gate is not None:
                    r = replace(
                        r,
                        cond=self._unless_gate_fails(gate, r.cond),
                        description=f"{r.description}, {inst.ability.describe_condition()}",
                    )
                out.append(r)
        return tuple(out)

    @once
    def costs(self) -> tuple[CostTerm, ...]:
        out: list[CostTerm] = []
        for inst in having(self._instances, "attack_costs"):
            out += inst.ability.attack_costs(self, inst)
        return tuple(out)

    @once
    def payment(self) -> Side | None:
        """Attackers without vigilance are tapped (508.1f) before mana abilities (508.1i)."""
        if not self.costs:
            return None
        from ..solve.payment import payment_side

        ids = self._attacker_ids

        def tapped(p: PermanentView) -> Lin | None:
            return self.attacking(p) if p.id in ids and self.game.taps_when_attacking(p) else None

        return payment_side(self.game, self.costs, tapped, lambda p: self.attacking(p) if p.id in ids else None)

    @once
    def _instances(self) -> tuple[Instance, ...]:
        """Every instance whose rules bear on the attack: the attackers', the game's."""
        instances = self.game.instances
        found: list[Instance] = []
        for c in self.attackers:
            found += instances[c.id]
        return (*found, *self.game.game_rules)
