"""Independent brute-force reference for block legality (CR 509.1a-c, 802.4, 805.10d).

Written from the rules text only; it shares no code with the solver's encoding. It uses the
pydantic data classes for input and re-implements everything else, including filter matching.

For every defending unit (a defending player, 802.4; or the defending team, 805.10d) it lists every
declaration (each blocker picks any subset of the attackers it may legally face), keeps those that
break no restriction (509.1b), counts the requirements each obeys (509.1c) and keeps the ones
reaching the maximum. A whole-board declaration is legal iff every unit's part is.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from combat_solver import BlockDeclaration, Board, Comparison, Filter, Permanent

Pair = tuple[str, str]  # (blocker id, attacker id)
Decl = frozenset[Pair]
AbilityT = Any  # an ability model; read by its documented fields only

# Ability kinds whose effects belong to the whole game, not to one creature.
GAME_KINDS = frozenset({"block_limit"})


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


class Reference:
    """Brute-force reference on one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.perms: dict[str, Permanent] = {p.id: p for p in board.permanents}
        self.team: dict[str, str] = {p.id: (p.team if p.team is not None else "player:" + p.id) for p in board.players}
        self.printed: dict[str, list[AbilityT]] = {p.id: list(p.abilities) for p in board.permanents}
        self.abilities: dict[str, list[AbilityT]] = {p.id: self._effective(p) for p in board.permanents}
        self.game_rules: list[tuple[AbilityT, str | None]] = self._game_rules()
        self.attacks: dict[str, str] = dict(board.combat.attackers) if board.combat is not None else {}
        self.units: list[Unit] = self._units()
        self._legal: dict[int, list[Decl]] = {}
        self._maximum: dict[int, int] = {}

    # ----- abilities -------------------------------------------------------------------------

    def _effective(self, p: Permanent) -> list[AbilityT]:
        """Printed abilities plus those granted by permanents and effects (grants see printed abilities only)."""
        out: list[AbilityT] = [a for a in p.abilities if a.kind not in GAME_KINDS]
        if not self.is_creature(p):
            return out
        for source in self.board.permanents:
            for a in source.abilities:
                if a.kind == "grant" and self.matches(a.to, p, source.controller, printed_only=True):
                    out.append(a.ability)
        for e in self.board.effects:
            if e.to is not None and self.matches(e.to, p, e.controller, printed_only=True):
                out.append(e.ability)
        return out

    def _game_rules(self) -> list[tuple[AbilityT, str | None]]:
        out: list[tuple[AbilityT, str | None]] = []
        for p in self.board.permanents:
            out += [(a, p.controller) for a in p.abilities if a.kind in GAME_KINDS]
        out += [(e.ability, e.controller) for e in self.board.effects if e.to is None]
        return out

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

    def matches(self, f: Filter, p: Permanent, you: str | None, printed_only: bool = False) -> bool:
        if f.ids is not None and p.id not in f.ids:
            return False
        if f.name is not None and f.name.casefold() != p.name.casefold():
            return False
        if f.controller is not None:
            if f.controller == "you":
                if you is None or p.controller != you:
                    return False
            elif f.controller == "opponent":
                if you is None or not self.opponents(you, p.controller):
                    return False
            elif p.controller != f.controller:
                return False
        if f.colors is not None and not any(c in p.colors for c in f.colors):
            return False
        if f.colorless is not None and f.colorless != (len(p.colors) == 0):
            return False
        if f.types is not None and not all(t in p.types for t in f.types):
            return False
        if f.subtypes is not None and not {s.casefold() for s in f.subtypes} & {s.casefold() for s in p.subtypes}:
            return False
        if f.supertypes is not None and not {s.casefold() for s in f.supertypes} <= {s.casefold() for s in p.supertypes}:
            return False
        if f.power is not None and not _compare(f.power, p.power):
            return False
        if f.toughness is not None and not _compare(f.toughness, p.toughness):
            return False
        if f.has is not None:
            source = self.printed[p.id] if printed_only else self.abilities[p.id]
            if not all(any(a.kind == k for a in source) for k in f.has):
                return False
        if f.tapped is not None and f.tapped != p.tapped:
            return False
        if f.not_ is not None and self.matches(f.not_, p, you, printed_only):
            return False
        return f.any_of is None or any(self.matches(g, p, you, printed_only) for g in f.any_of)

    # ----- who defends against what ------------------------------------------------------------

    def defending_player(self, attacker: str) -> str:
        """802.2a / 310.9d: the player attacked, the planeswalker's controller or the battle's protector."""
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

    def unit_of_player(self, player: str) -> int | None:
        for i, u in enumerate(self.units):
            if player in u.players:
                return i
        return None

    # ----- requirements (509.1c, counted per effect and per affected object) ---------------------

    def _requirements(self, u: Unit) -> list[Requirement]:
        out: list[Requirement] = []
        for a in u.attackers:
            for ab in self.abilities[a]:
                if ab.kind == "lure":
                    out += [Requirement("lure", blocker=b, attacker=a) for b in u.blockers]
                elif ab.kind == "must_be_blocked":
                    out.append(Requirement("must_be_blocked", attacker=a, by=ab.by, by_you=self.perms[a].controller,
                                           low=ab.min, high=ab.max))
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
            1 for b, a in decl
            if a == r.attacker and (r.by is None or self.matches(r.by, self.perms[b], r.by_you))
        )
        return count >= r.low and (r.high is None or count <= r.high)

    def count_obeyed(self, u: Unit, decl: Decl) -> int:
        return sum(1 for r in u.requirements if self.obeyed(r, decl))

    # ----- restrictions (509.1a, 509.1b) -----------------------------------------------------------

    def can_block_pair(self, b: str, a: str) -> bool:
        """Every restriction about one blocker and one attacker, whatever else blocks."""
        blocker, attacker = self.perms[b], self.perms[a]
        you_a = attacker.controller
        # Evasion of the attacker (509.1b, 702).
        if self.has(a, "flying") and not (self.has(b, "flying") or self.has(b, "reach")):
            return False
        if self.has(a, "shadow") != self.has(b, "shadow"):
            return False
        if self.has(a, "horsemanship") and not self.has(b, "horsemanship"):
            return False
        if self.has(a, "fear") and not ("artifact" in blocker.types or "black" in blocker.colors):
            return False
        if self.has(a, "intimidate") and not ("artifact" in blocker.types or set(blocker.colors) & set(attacker.colors)):
            return False
        if self.has(a, "skulk") and (blocker.power or 0) > (attacker.power or 0):
            return False
        if self.has(a, "cant_be_blocked"):
            return False
        defender = self.defending_player(a)
        for lw in self.of_kind(a, "landwalk"):
            if any(
                "land" in p.types and p.controller == defender and self.matches(lw.land, p, you_a)
                for p in self.board.permanents
            ):
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
        return all(b in u.blockers and self.blocker_ok(u, b, tuple(a)) for b, a in chosen.items()) and self.global_ok(u, decl)

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


def _compare(c: Comparison, v: int | None) -> bool:
    if v is None:
        return False
    return ((c.lt is None or v < c.lt) and (c.le is None or v <= c.le) and (c.eq is None or v == c.eq)
            and (c.ge is None or v >= c.ge) and (c.gt is None or v > c.gt))


def to_pairs(declaration: object) -> Decl:
    """The (blocker, attacker) pairs of a block declaration."""
    assert isinstance(declaration, BlockDeclaration), declaration
    return frozenset((b, a) for b, attackers in declaration.blocks.items() for a in attackers)


def to_declaration(pairs: Iterable[Pair]) -> BlockDeclaration:
    blocks: dict[str, list[str]] = {}
    for b, a in pairs:
        blocks.setdefault(b, []).append(a)
    return BlockDeclaration(blocks={b: tuple(a) for b, a in blocks.items()})
