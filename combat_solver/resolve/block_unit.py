"""The block unit: one defending player or team declaring blockers (509.1, 802.4, 805.10d), with its
restrictions, requirements and costs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING

from ..model.deadline import checkpoint
from ..model.filters import PermanentView
from ..model.ir import (
    Atom,
    Blocking,
    BlocksBand,
    Cmp,
    Lin,
    Pair,
    Side,
)
from ..rules.kind import (
    ANY_NUMBER,
    Instance,
    Reason,
    Requirement,
    Restriction,
    having,
)

if TYPE_CHECKING:
    from ..model.cost_terms import CostTerm

from .game import Game, new_pair
from .once import once
from .unit_base import UnitBase


class BlockUnit(UnitBase):
    """One defending player (or team) and the creatures attacking it: the scope of one block
    declaration, its restrictions and its requirement maximum (802.4b)."""

    def __init__(self, game: Game, players: frozenset[str]) -> None:
        self.game = game
        self.players = players
        combat = game.board.combat
        assert combat is not None
        self.attackers = tuple(
            [game.permanent(a) for a in sorted(combat.attackers) if game.defending_player(a) in players]
        )
        self.creatures = tuple([p for p in game.board.permanents if p.controller in players and p.is_creature])
        self._attacker_ids = {a.id for a in self.attackers}
        self._creature_ids = {c.id for c in self.creatures}
        self.bands = {m: band for band in combat.bands for m in band if m in self._attacker_ids}
        self._pair_reasons: dict[tuple[str, str], list[Reason]] = {}
        self._rows: dict[str, Lin] = {}
        self._columns: dict[str, Lin] = {}
        self._attacker_index = {a.id: j for j, a in enumerate(self.attackers)}

    # --- helpers for rules -------------------------------------------------------------
    def blocker(self, inst: Instance) -> PermanentView | None:
        """The holder, if it is one of this unit's creatures."""
        return inst.holder if inst.holder is not None and inst.holder.id in self._creature_ids else None

    def pair(self, blocker: PermanentView, attacker: PermanentView) -> Lin:
        return Lin((self._term(blocker.id, attacker.id),))

    @once
    def _terms(self) -> dict[str, tuple[tuple[Atom, int], ...]]:
        """The term of each pair, by blocker, in the order of ``attackers``: built once (in C) for
        every sum that reads it (a deadline is looked at before each blocker's row)."""
        ids = [a.id for a in self.attackers]
        terms: dict[str, tuple[tuple[Atom, int], ...]] = {}
        for c in self.creatures:
            checkpoint()
            terms[c.id] = tuple(zip(map(new_pair, zip(repeat(c.id), ids)), repeat(1)))
        return terms

    def _term(self, blocker_id: str, attacker_id: str) -> tuple[Atom, int]:
        row = self._terms.get(blocker_id)
        j = self._attacker_index.get(attacker_id)
        return (Pair(blocker_id, attacker_id), 1) if row is None or j is None else row[j]

    def blockers_of(self, attacker: PermanentView, among: Iterable[PermanentView] | None = None) -> Lin:
        """How many creatures (of ``among``) block ``attacker``."""
        if among is None:
            found = self._columns.get(attacker.id)
            if found is None:
                j = self._attacker_index.get(attacker.id)
                if j is None:
                    return self.blockers_of(attacker, self.creatures)
                terms = self._terms
                found = self._columns[attacker.id] = Lin(tuple([terms[c.id][j] for c in self.creatures]))
            return found
        return Lin(tuple([self._term(c.id, attacker.id) for c in among]))

    def blocks_as_band(self, blocker: PermanentView, attacker: PermanentView) -> Lin:
        """At least 1 when ``blocker`` blocks ``attacker`` or, through its band, another member (702.22h)."""
        return Lin(tuple([self._term(blocker.id, m) for m in self.bands.get(attacker.id, (attacker.id,))]))

    def band_blockers_of(self, attacker: PermanentView, among: Iterable[PermanentView] | None = None) -> Lin:
        """How many creatures block ``attacker``, counting blocks of other members of its band (702.22h)."""
        band = self.bands.get(attacker.id)
        if band is None:
            return self.blockers_of(attacker, among)
        return Lin.of(BlocksBand(c.id, band) for c in (self.creatures if among is None else among))

    def attackers_blocked_by(self, blocker: PermanentView) -> Lin:
        """How many attackers ``blocker`` blocks."""
        found = self._rows.get(blocker.id)
        if found is None:
            row = self._terms.get(blocker.id)
            terms = row if row is not None else tuple([(Pair(blocker.id, a.id), 1) for a in self.attackers])
            found = self._rows[blocker.id] = Lin(terms)
        return found

    def blocking(self, blocker: PermanentView) -> Lin:
        return Lin.of([self._blocking_atom(blocker.id)])

    def _blocking_atom(self, blocker_id: str) -> Atom:
        """``blocker_id`` blocks something: with only one attacker, the pair itself (nothing to derive)."""
        if len(self.attackers) == 1 and blocker_id in self._creature_ids:
            return Pair(blocker_id, self.attackers[0].id)
        return Blocking(blocker_id)

    def blocking_any(self, blocker: PermanentView, attackers: Sequence[PermanentView]) -> Lin:
        """1 when ``blocker`` blocks at least one of ``attackers`` (defined in ``definitions``)."""
        ids = tuple(sorted(a.id for a in attackers))
        if set(ids) == self._attacker_ids:
            return self.blocking(blocker)
        if len(ids) == 1:
            return Lin.of([Pair(blocker.id, ids[0])])
        return Lin.of([BlocksBand(blocker.id, ids)])

    def blocking_among(self, creatures: Iterable[PermanentView]) -> Lin:
        """How many of ``creatures`` block."""
        return Lin.of(self._blocking_atom(c.id) for c in creatures)

    @once
    def all_blocking(self) -> Lin:
        return self.blocking_among(self.creatures)

    # --- what the engine reads ------------------------------------------------------------
    def contains(self, atom: Atom) -> bool:
        if isinstance(atom, Pair):
            return atom.blocker in self._creature_ids and atom.attacker in self._attacker_ids
        return isinstance(atom, Blocking | BlocksBand) and atom.blocker in self._creature_ids

    def reasons(self, blocker: PermanentView, attacker: PermanentView) -> list[Reason]:
        """Everything that rules out this pair on its own (509.1a untapped; 509.1b evasion),
        worked out the first time the pair is asked about."""
        key = (blocker.id, attacker.id)
        found = self._pair_reasons.get(key)
        if found is None:
            checkpoint()
            found = self._pair_reasons[key] = self._reasons_of(blocker, attacker)
        return found

    def _reasons_of(self, b: PermanentView, a: PermanentView) -> list[Reason]:
        tapped = b.tapped and not any(i.ability.permits_tapped_block() for i in self.game.instances[b.id])
        found = [Reason("509.1a", "tapped_blocker", f"{self.label(b)} is tapped and can't block")] if tapped else []
        for inst in self.game.hooked(a.id, "forbids_being_blocked_by"):
            r = inst.ability.forbids_being_blocked_by(self, inst, b)
            if r is not None:
                found.append(r)
        for inst in self.game.hooked(b.id, "forbids_blocking"):
            r = inst.ability.forbids_blocking(self, inst, a)
            if r is not None:
                found.append(r)
        return found

    def atom_reasons(self, atom: Atom) -> list[Reason]:
        if not isinstance(atom, Pair):
            return []
        found = self._pair_reasons.get(atom)
        if found is not None:
            return found
        if not self.contains(atom):
            return []
        return self.reasons(self.game.permanent(atom.blocker), self.game.permanent(atom.attacker))

    @once
    def allowed(self) -> tuple[Atom, ...]:
        terms = self._terms
        out: list[Atom] = []
        for b in self.creatures:
            out += [term[0] for a, term in zip(self.attackers, terms[b.id], strict=True) if not self.reasons(b, a)]
        return tuple(out)

    def allows(self, pair: Pair) -> bool:
        """Whether nothing rules out ``pair`` on its own (it is one of the decision atoms)."""
        return not self.atom_reasons(pair) and self.contains(pair)

    def capacity(self, blocker: PermanentView) -> int:
        hooked = self.game.hooked(blocker.id, "extra_blocks")
        return min(1 + sum([i.ability.extra_blocks() for i in hooked]), ANY_NUMBER) if hooked else 1

    @once
    def definitions(self) -> dict[Atom, Cmp]:
        """Derived atoms: a creature is blocking when it blocks at least one attacker (with only
        one attacker, that pair: see ``_blocking_atom``); it blocks a band when it blocks one of
        its members."""
        single = len(self.attackers) == 1
        out: dict[Atom, Cmp] = (
            {} if single else {Blocking(c.id): Cmp(self.attackers_blocked_by(c), 1, None) for c in self.creatures}
        )
        for band in set(self.bands.values()):
            for c in self.creatures:
                out[BlocksBand(c.id, band)] = Cmp(Lin.of(Pair(c.id, m) for m in band), 1, None)
        for term in self.costs:
            for atom, _ in term.units.terms:
                if isinstance(atom, BlocksBand) and atom not in out:
                    out[atom] = Cmp(Lin.of(Pair(atom.blocker, m) for m in atom.band), 1, None)
        return out

    @once
    def restrictions(self) -> tuple[Restriction, ...]:
        capacities = [(c, self.capacity(c)) for c in self.creatures]
        out = [
            Restriction(
                "509.1a",
                "block_capacity",
                (c.id,),
                f"{self.label(c)} can block only {n} creature{'s' if n > 1 else ''} (509.1a)",
                self.attackers_blocked_by(c).at_most(n),
            )
            for c, n in capacities
            if n < len(self.attackers)
        ]
        for inst in having(self._instances, "block_restrictions"):
            out += inst.ability.block_restrictions(self, inst)
        return tuple(out)

    @once
    def requirements(self) -> tuple[Requirement, ...]:
        out: list[Requirement] = []
        for inst in having(self._instances, "block_requirements"):
            out += inst.ability.block_requirements(self, inst)
        return tuple(out)

    @once
    def costs(self) -> tuple[CostTerm, ...]:
        out: list[CostTerm] = []
        for inst in having(self._instances, "block_costs"):
            out += inst.ability.block_costs(self, inst)
        return tuple(out)

    @once
    def payment(self) -> Side | None:
        """Blocking doesn't tap; a blocking creature can't be sacrificed or returned to pay (509.1d-f)."""
        if not self.costs:
            return None
        from ..solve.payment import payment_side

        ids = self._creature_ids
        return payment_side(self.game, self.costs, lambda p: None, lambda p: self.blocking(p) if p.id in ids else None)

    @once
    def _instances(self) -> tuple[Instance, ...]:
        """Every instance whose rules bear on this unit: its attackers', its creatures', the game's."""
        instances = self.game.instances
        found: list[Instance] = []
        for p in (*self.attackers, *self.creatures):
            found += instances[p.id]
        return (*found, *self.game.game_rules)
