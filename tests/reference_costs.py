"""Independent brute-force reference for costs to attack and block, optional costs and banding.

Written from the rules text (508.1d last sentence, 508.1e-j, 509.1c last sentence, 509.1d-f, 118.3,
302.6, 605.1a, 701.43d, 702.20b, 702.22c-h, 702.154a-c) and docs/design.md §4.2, 4.3 and 4.8. It
shares no code with the solver: restrictions and requirements come from the brute-force references
of ``reference.py`` (imported, not edited), everything about costs, payment, exert, enlist and
bands is re-implemented here.

Readings (each one a sentence of the rules or of the design brief):

* **Cost items.** A declaration *incurs* a cost when any cost effect applies to it, even when its
  amount is 0 ({X} with X = 0). Each cost is an *item*: one creature with one ability that taxes it
  (one tax for that creature wherever the tax covers, whatever it attacks; a creature's own cost; a
  per-attacker cost for that blocker and that attacker).
* **Maximum.** A player is never required to pay (508.1d / 509.1c last sentence), but a creature whose
  cost is paid is able (docs/design.md §4.2; the provoke ruling "If the costs are paid, the provoked creature must
  block the creature with provoke"; a 2015 judges' answer on Qal Sisma Behemoth under Roar of Challenge).
  So a declaration is held to the most requirements obeyed by a restriction-respecting declaration whose
  items are among its own and whose total its payers can pay in full (an unpayable declaration can't be
  made, 509.1f); a declaration with no items is held to the maximum over those with none.
* **Legal.** A declaration is legal iff its restrictions hold, it obeys at least its maximum, the
  optional costs chosen are valid, and every payer can pay their whole locked-in total (508.1h-j,
  509.1d-f: no partial payments). Alternatives choose no optional costs (exert, enlist).
* **Block costs.** ``block_cost`` without ``attackers`` ("can't block unless you pay") is paid once per
  blocker; with ``attackers`` (Hipparion: "can't block creatures with power 3 or greater unless you pay
  {1}") once for each such creature it blocks - the wording restricts blocking each such creature. (The
  rules don't settle this; it only matters for a creature that blocks several attackers.)
* **Payer.** The controller of the attacking / blocking creature (``blocked_tax``: the controller of
  the blocker, the defending player).
* **Mana** (508.1i / 509.1e, 605.1a): each untapped permanent of the payer with a ``mana`` ability
  taps once for ``amount`` mana of one of its colors (``any`` = one of the five colors, never {C}).
  Not available: permanents already tapped, attackers without vigilance (508.1f taps them before
  508.1i), enlisted creatures, creatures that are summoning sick without haste (302.6).
  {W/P} is paid with {W} or 2 life (119.4: paying more than 0 life needs a life total at least that
  large; 119.4b: 0 life can always be paid, even from a life total of 0 or less).
  A mana ability with a cost besides {T}, several colors at once or no {T} (``ActivationSearch``):
  every order of activations is tried, each paying its own cost in full from what is already made and
  the life, cards and permanents left (118.3, 605.3a); {T} once; ``per_turn`` at most; a permanent
  sacrificed to its own ability makes nothing after and can't be in this combat; an ability's damage to
  its controller lowers the life left (119.4, 120.3a); hybrid symbols are paid with either color (107.4e).
* **Triggered mana** (605.1b, 605.4a, 106.12): activating a mana ability with {T} in its cost taps its
  permanent for mana when it makes mana (106.12a: one making none triggers nothing); each ``mana_trigger`` whose ``tapped`` filter matches
  that permanent (read with the trigger's controller as "you"), of the payer's or (``by: any``) of any
  player's, adds its mana to that activation's pool at once: its fixed mana, or (``same_type``) one
  mana of a type the activation made (none if it made none). Any such ability on the board sends the
  payment to ``ActivationSearch``.
* **Tap** ``n`` untapped permanents of the payer matching the filter: not ones tapped by the
  declaration, not ones tapped for mana; summoning sickness doesn't matter (it is not a {T} ability of
  the creature). A vigilant attacker or a blocker may be tapped.
* **Sacrifice** ``n`` permanents of the payer matching the filter, tapped or not (a permanent may be
  tapped for mana, or for a tap cost, and then sacrificed), except creatures attacking or blocking in
  this declaration. ``discard``: at most the cards in hand.
* **Return to hand** (``bounce``, Floodtide Serpent) ``n`` permanents of the payer matching the filter,
  as for sacrifice: tapped or not, not creatures in this combat; a permanent leaves once, so the
  permanents sacrificed and returned are all different.
* **X**: permanents the ability's controller controls matching ``x_count``, permanents on the
  battlefield matching ``x_battlefield`` whoever controls them ("for each Cleric on the battlefield",
  Whipgrass Entangler; "you" in the filter is the ability's controller), basic land types among
  their lands (``x_domain``), or the counters (of every kind) on the creature the cost is for
  (``x_counters``, Nils, Discipline Enforcer).
* **Block tax with attackers** (Heat Wave): a blocker matching ``blockers`` pays once when it blocks at
  least one creature matching ``attackers`` ("for each blocking creature").
* **Layer 6** (613.1f, 611.3a): a creature's abilities, mana abilities and costs included, are the base
  reference's: printed ones, then grants and effects applied in dependency order to what matches them.
* **Exert** (701.43d): only an attacking creature with exert. **Enlist** (702.154a-c): the enlisting
  creature attacks and has enlist; the enlisted one is an untapped creature its controller controls,
  not attacking, with haste or not summoning sick, not itself, enlisted once. Neither changes
  requirements (docs/design.md §4.3).
* **Bands** (702.22c-d): at least two attacking creatures, each in at most one band, attacking the same
  player / planeswalker / battle; one or more with banding and at most one without, or all of them
  matching the quality of a member's ``bands_with_other``.
* **Blocking a band** (702.22h, docs/design.md §4.8): restrictions and costs are checked on the declared pairs;
  for requirements a creature declared as a blocker of one member blocks every member of its band, but a
  requirement to block one creature (Lure, "blocks X if able") counts that only for a creature able to
  block X itself (Lure ruling, 2004-10-04: "If a Lured creature is in a band, only blockers able to block
  the Lured creature are affected by the Lure").
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from reference import GAME_KINDS, AttackReference, Reference

from combat_solver import AttackDeclaration, BlockDeclaration, Board, Filter, Permanent

COLORS = ("W", "U", "B", "R", "G")
MANA_TYPES = (*COLORS, "C")
BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")
_SYMBOL = re.compile(r"\{([^{}]+)\}")

Atom = tuple[str, str]
Pair = tuple[str, str]
AbilityT = Any

# The one reading the rules leave open that the brief does not settle: may a permanent tapped to pay
# a tap cost (or an enlisted creature) then be sacrificed for another part of the total? 508.1j: "they
# pay all costs in any order" - nothing forbids tapping it first. (Mana then sacrifice: the brief says yes.)
TAPPED_MAY_BE_SACRIFICED = True


# ============================================================================ cost totals


@dataclass
class Total:
    """The locked-in total of one payer (508.1h, 509.1d), summed over every cost that applies."""

    generic: int = 0
    colored: dict[str, int] = field(default_factory=dict)
    phyrexian: dict[str, int] = field(default_factory=dict)
    hybrid: dict[str, int] = field(default_factory=dict)
    life: int = 0
    sacrifice: list[tuple[Filter, int]] = field(default_factory=list)
    tap: list[tuple[Filter, int]] = field(default_factory=list)
    bounce: list[tuple[Filter, int]] = field(default_factory=list)
    discard: int = 0
    items: list[str] = field(default_factory=list)

    def key(self) -> tuple[Any, ...]:
        def terms(ts: list[tuple[Filter, int]]) -> tuple[tuple[str, int], ...]:
            merged: dict[str, int] = {}
            for f, n in ts:
                k = f.model_dump_json(by_alias=True, exclude_none=True)
                merged[k] = merged.get(k, 0) + n
            return tuple(sorted(merged.items()))

        return (
            self.generic,
            tuple(sorted((c, n) for c, n in self.colored.items() if n)),
            tuple(sorted((c, n) for c, n in self.phyrexian.items() if n)),
            tuple(sorted((c, n) for c, n in self.hybrid.items() if n)),
            self.life,
            terms(self.sacrifice),
            terms(self.tap),
            terms(self.bounce),
            self.discard,
        )

    def __str__(self) -> str:
        parts = []
        mana = "".join(f"{{{c}}}" * n for c, n in sorted(self.colored.items()))
        mana += "".join(f"{{{c}/P}}" * n for c, n in sorted(self.phyrexian.items()))
        mana += "".join(f"{{{h[0]}/{h[1]}}}" * n for h, n in sorted(self.hybrid.items()))
        if self.generic or not mana:
            mana = f"{{{self.generic}}}" + mana
        parts.append(mana)
        if self.life:
            parts.append(f"{self.life} life")
        parts += [f"sacrifice {n} {f.model_dump_json(by_alias=True, exclude_none=True)}" for f, n in self.sacrifice]
        parts += [f"tap {n} {f.model_dump_json(by_alias=True, exclude_none=True)}" for f, n in self.tap]
        parts += [f"return {n} {f.model_dump_json(by_alias=True, exclude_none=True)}" for f, n in self.bounce]
        if self.discard:
            parts.append(f"discard {self.discard}")
        return ", ".join(parts)


def parse_hybrid(text: str) -> dict[str, int]:
    """107.4e: ``"{W/U}{W/U}"`` -> ``{"WU": 2}`` (either color pays each), other symbols left out."""
    out: dict[str, int] = {}
    for sym in _SYMBOL.findall(text):
        s = sym.upper()
        if len(s) == 3 and s[1] == "/" and s[0] in COLORS and s[2] in COLORS:
            out[s[0] + s[2]] = out.get(s[0] + s[2], 0) + 1
    return out


def parse_mana(text: str) -> tuple[int, dict[str, int], dict[str, int], int]:
    """``"{2}{W}{W/P}{X}"`` -> (generic, colored incl. C, phyrexian, number of X); hybrid symbols
    are ``parse_hybrid``'s."""
    generic, x = 0, 0
    colored: dict[str, int] = {}
    phyrexian: dict[str, int] = {}
    for sym in _SYMBOL.findall(text):
        s = sym.upper()
        if len(s) == 3 and s[1] == "/" and s[0] in COLORS and s[2] in COLORS:
            continue
        if s.isdigit():
            generic += int(s)
        elif s == "X":
            x += 1
        elif s.endswith("/P") and s[0] in COLORS:
            phyrexian[s[0]] = phyrexian.get(s[0], 0) + 1
        elif s in MANA_TYPES:
            colored[s] = colored.get(s, 0) + 1
        else:
            raise ValueError(f"unknown mana symbol {sym!r}")
    return generic, colored, phyrexian, x


def life_payable(amount: int, life: int) -> bool:
    """119.4: more than 0 life only from a life total at least that large; 119.4b: 0 life always."""
    return amount == 0 or amount <= life


# ============================================================================ the reference


@dataclass
class RefVerdict:
    """The reference's answer on one proposed declaration."""

    legal: bool
    reasons: list[str]
    obeyed: dict[frozenset[str], int] | None  # per unit; None when the declaration leaves the units' scope
    costs: dict[str, tuple[Total, bool]] | None  # payer -> (total, payable); None when not comparable
    tapped: list[str] = field(default_factory=list)
    held: dict[frozenset[str], int] | None = None  # per unit, the maximum given the items it pays


Items = frozenset[str]


def items_of(costs: dict[str, Total]) -> Items:
    """The cost items a declaration incurs, all payers together."""
    return frozenset(item for total in costs.values() for item in total.items)


@dataclass
class Choices:
    """Every restriction-respecting declaration of one unit: (requirements obeyed, cost items,
    payable in full, declaration)."""

    scored: list[tuple[int, Items, bool, frozenset[tuple[str, str]]]]
    _held: dict[Items, int] = field(default_factory=dict)

    def held_to(self, items: Items) -> int:
        """The most requirements obeyed by a payable declaration whose items are among ``items``
        (the empty declaration always qualifies)."""
        if items not in self._held:
            self._held[items] = max(n for n, its, ok, _ in self.scored if ok and its <= items)
        return self._held[items]

    def legal(self) -> list[frozenset[tuple[str, str]]]:
        return [d for n, its, ok, d in self.scored if ok and n >= self.held_to(its)]

    def paying(self) -> list[frozenset[tuple[str, str]]]:
        """The declarations that incur a cost, legal or not."""
        return [d for _, its, _, d in self.scored if its]


class CostReference:
    """Brute force on one small board: attacks when it has no ``combat``, else blocks."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.step = "attack" if board.combat is None else "block"
        self.base: Reference = AttackReference(board) if self.step == "attack" else Reference(board)
        board = self.board = self.base.board  # types changed (613.1d): the base reference's own layer 4
        self.perms: dict[str, Permanent] = {p.id: p for p in board.permanents}
        self.life = {p.id: p.life for p in board.players}
        self.hand = {p.id: p.hand for p in board.players}
        self.taxes: list[tuple[AbilityT, str | None]] = []  # game-wide cost rules with their controller
        for p in board.permanents:
            self.taxes += [
                (a, p.controller)
                for a in p.abilities
                if a.kind in ("attack_tax", "block_tax") and not self.base.lost(p.id, a.kind)  # 613.1f
            ]
        self.taxes += [
            (e.ability, e.controller)
            for e in board.effects
            if e.to is None and e.ability.kind in ("attack_tax", "block_tax")
        ]
        self.band_of: dict[str, tuple[str, ...]] = {}
        if board.combat is not None:
            for band in board.combat.bands:
                for m in band:
                    self.band_of[m] = tuple(band)
        self._pay_cache: dict[tuple[Any, ...], bool] = {}
        self._solved: Choices | list[Choices] | None = None

    # ----- abilities ---------------------------------------------------------------------------

    def has(self, pid: str, kind: str) -> bool:
        return pid in self.perms and self.base.has(pid, kind)

    def tap_ready(self, p: Permanent) -> bool:
        """302.6: a creature's {T} abilities need haste or control since the turn began, or an
        ability letting its controller activate them as though it had haste."""
        if not (self.base.is_creature(p) and p.summoning_sick) or self.has(p.id, "haste"):
            return True
        return any(
            a.kind == "activate_as_though_haste" and self.base.matches(a.to, p, you)  # type: ignore[attr-defined]
            for q in self.board.permanents
            for a, you in self.sourced(q.id)
        )

    def sourced(self, pid: str) -> list[tuple[AbilityT, str | None]]:
        """The permanent's abilities once layer 6 is applied (613.1f: grants and effects with ``to``
        add abilities to whatever matches them at that moment, 611.3a, so a grant's filter sees
        abilities other grants added, in dependency order, 613.8), each with the controller of its
        source: the base reference's own layer-6 pass, never the solver's."""
        return [(a, you) for a, you in self.base.with_controller[pid] if a.kind not in GAME_KINDS]

    # ----- what a cost amounts to -----------------------------------------------------------------

    def x_value(self, cost: Any, controller: str | None, creature: str | None) -> int:
        if isinstance(cost.x_counters, str):  # Phyrexian Marauder: the counters of one kind on it
            return self.perms[creature].counters.get(cost.x_counters, 0) if creature is not None else 0
        if cost.x_counters:  # Nils: the counters on the creature the cost is for, of every kind
            return sum(self.perms[creature].counters.values()) if creature is not None else 0
        if cost.x_battlefield is not None:
            return sum(1 for p in self.board.permanents if self.base.matches(cost.x_battlefield, p, controller))
        if controller is None:
            return 0
        if cost.x_count is not None:
            return sum(
                1
                for p in self.board.permanents
                if p.controller == controller and self.base.matches(cost.x_count, p, controller)
            )
        if cost.x_domain:
            types = {
                s.casefold()
                for p in self.board.permanents
                if p.controller == controller and "land" in p.types
                for s in p.subtypes
            }
            return len(types & set(BASIC_TYPES))
        return 0

    def add_cost(self, total: Total, cost: Any, controller: str | None, item: str, creature: str) -> None:
        """``creature``: the attacking or blocking creature the cost is for."""
        generic, colored, phyrexian, xs = parse_mana(cost.mana)
        total.generic += generic + xs * (self.x_value(cost, controller, creature) if xs else 0)
        for c, n in colored.items():
            total.colored[c] = total.colored.get(c, 0) + n
        for c, n in phyrexian.items():
            total.phyrexian[c] = total.phyrexian.get(c, 0) + n
        for h, n in parse_hybrid(cost.mana).items():
            total.hybrid[h] = total.hybrid.get(h, 0) + n
        total.life += cost.life
        if cost.sacrifice is not None:
            total.sacrifice.append((cost.sacrifice.filter, cost.sacrifice.n))
        if cost.tap is not None:
            total.tap.append((cost.tap.filter, cost.tap.n))
        if cost.bounce is not None:
            total.bounce.append((cost.bounce.filter, cost.bounce.n))
        total.discard += cost.discard
        total.items.append(item)

    def attack_costs(self, decl: dict[str, str]) -> dict[str, Total]:
        """508.1h: every cost to attack that applies to these (attacker, target) choices, per payer."""
        out: dict[str, Total] = {}
        for c, t in sorted(decl.items()):
            p = self.perms.get(c)
            if p is None:
                continue
            payer = p.controller
            for k, (ab, controller) in enumerate(self.taxes):
                if ab.kind != "attack_tax":
                    continue
                if ab.target is not None and not self.base.target_matches(ab.target, t, controller, p.owner_id):  # type: ignore[attr-defined]
                    continue
                if ab.attackers is not None and not self.base.matches(ab.attackers, p, controller):
                    continue
                self.add_cost(out.setdefault(payer, Total()), ab.cost, controller, f"attack_tax#{k} {c}", c)
            for j, (ab, controller) in enumerate(self.sourced(c)):
                if ab.kind == "attack_cost":
                    self.add_cost(out.setdefault(payer, Total()), ab.cost, controller, f"attack_cost#{j} {c}", c)
        return out

    def block_costs(self, pairs: Iterable[Pair]) -> dict[str, Total]:
        """509.1d: every cost to block that applies to the declared pairs, per payer (the blocker's controller)."""
        out: dict[str, Total] = {}
        chosen: dict[str, list[str]] = {}
        for b, a in sorted(pairs):
            chosen.setdefault(b, []).append(a)
        for b, attackers in sorted(chosen.items()):
            blocker = self.perms[b]
            payer = blocker.controller
            for k, (ab, controller) in enumerate(self.taxes):
                if ab.kind != "block_tax":
                    continue
                if ab.blockers is not None and not self.base.matches(ab.blockers, blocker, controller):
                    continue
                # Heat Wave: "can't block creatures you control unless ... for each blocking creature":
                # once for a creature blocking at least one creature the filter names.
                if ab.attackers is not None and not any(
                    self.base.matches(ab.attackers, self.perms[a], controller) for a in attackers
                ):
                    continue
                self.add_cost(out.setdefault(payer, Total()), ab.cost, controller, f"block_tax#{k} {b}", b)
            for j, (ab, you) in enumerate(self.sourced(b)):
                if ab.kind != "block_cost":
                    continue
                if ab.attackers is None:  # "can't block unless you pay": once, however many it blocks
                    self.add_cost(out.setdefault(payer, Total()), ab.cost, you, f"block_cost#{j} {b}", b)
                    continue
                for a in attackers:  # "can't block <filter> unless you pay": for each such creature blocked
                    if self.base.matches(ab.attackers, self.perms[a], you):
                        self.add_cost(out.setdefault(payer, Total()), ab.cost, you, f"block_cost#{j} {b}->{a}", b)
            for a in attackers:
                for j, (ab, controller) in enumerate(self.sourced(a)):
                    if ab.kind == "blocked_tax":
                        self.add_cost(
                            out.setdefault(payer, Total()), ab.cost, controller, f"blocked_tax#{j}@{a} {b}", b
                        )
        return out

    # ----- payment (508.1i-j, 509.1e-f, 118.3) ------------------------------------------------------

    def activatable(self, pid: str, ab: AbilityT) -> bool:
        """602.5: not under "its activated abilities (with {T} in their costs) can't be activated"."""
        return not any(b.kind == "cant_activate" and (ab.tap or not b.tap_only) for b in self.base.abilities[pid])

    def mana_options(self, pid: str) -> list[tuple[str, int]]:
        out: set[tuple[str, int]] = set()
        for ab in self.base.abilities[pid]:
            if ab.kind != "mana" or ab.per_turn == 0 or not self.activatable(pid, ab):
                continue
            colors = COLORS if ab.produces.casefold() == "any" else tuple(ab.produces.upper())
            out |= {(c, ab.amount) for c in colors if c in MANA_TYPES}
        return sorted(out)

    def payable(self, payer: str, total: Total, tapped: frozenset[str], in_combat: frozenset[str]) -> bool:
        key = (payer, total.key(), tapped, in_combat)
        if key not in self._pay_cache:
            self._pay_cache[key] = self._payable(payer, total, tapped, in_combat)
        return self._pay_cache[key]

    def _payable(self, payer: str, total: Total, tapped: frozenset[str], in_combat: frozenset[str]) -> bool:
        mine = [p.id for p in self.board.permanents if p.controller == payer]
        triggered = any(ab.kind == "mana_trigger" for abs_ in self.base.abilities.values() for ab in abs_)
        if (
            total.hybrid
            or triggered
            or any(not _plain(ab) for pid in mine for ab in self.base.abilities[pid] if ab.kind == "mana")
        ):
            return ActivationSearch(self, payer, total, tapped, in_combat).payable()
        life = self.life.get(payer, 0)
        if total.discard > self.hand.get(payer, 0) or not life_payable(total.life, life):
            return False
        mine = [p for p in self.board.permanents if p.controller == payer]
        # Sacrifice: any of the payer's permanents, tapped or not, but not a creature in this combat.
        sac_candidates = [p.id for p in mine if p.id not in in_combat]
        if not TAPPED_MAY_BE_SACRIFICED:
            sac_candidates = [x for x in sac_candidates if x not in tapped]
        # A permanent leaves the battlefield once: the permanents sacrificed and those returned to
        # hand are all different (and, like sacrifices, not creatures in this combat).
        leaving = total.sacrifice + total.bounce
        if not self.assignable(sac_candidates, leaving, payer):
            return False
        untapped = [p for p in mine if not p.tapped and p.id not in tapped]
        sources: dict[str, list[tuple[str, int]]] = {}
        for p in untapped:
            opts = self.mana_options(p.id)
            if not opts:
                continue
            if not self.tap_ready(p):
                continue  # 302.6
            sources[p.id] = opts
        need_tap = sum(n for _, n in total.tap)
        tap_candidates = [p.id for p in untapped if any(self.base.matches(f, p, payer) for f, _ in total.tap)]
        for chosen in itertools.combinations(tap_candidates, need_tap):
            if not self.assignable(list(chosen), total.tap, payer):
                continue
            if not TAPPED_MAY_BE_SACRIFICED and leaving:
                rest = [x for x in sac_candidates if x not in chosen]
                if not self.assignable(rest, leaving, payer):
                    continue
            if self.mana_ok([o for s, o in sources.items() if s not in chosen], total, life):
                return True
        return False

    def assignable(self, candidates: list[str], terms: list[tuple[Filter, int]], you: str) -> bool:
        """Distinct permanents among ``candidates``: ``n`` matching each term's filter."""
        if not terms:
            return True
        (f, n), rest = terms[0], terms[1:]
        matching = [c for c in candidates if self.base.matches(f, self.perms[c], you)]
        for pick in itertools.combinations(matching, n):
            if self.assignable([c for c in candidates if c not in pick], rest, you):
                return True
        return False

    @staticmethod
    def mana_ok(sources: list[list[tuple[str, int]]], total: Total, life: int) -> bool:
        need = {c: total.colored.get(c, 0) + total.phyrexian.get(c, 0) + total.generic for c in MANA_TYPES}
        if sum(total.colored.values()) + sum(total.phyrexian.values()) + total.generic == 0:
            return life_payable(total.life, life)
        # Every reachable pool (each source taps for one of its options), capped where more can't help.
        pools: set[tuple[int, ...]] = {tuple(0 for _ in MANA_TYPES)}
        for opts in sources:
            nxt = set(pools)
            for pool in pools:
                for color, amount in opts:
                    i = MANA_TYPES.index(color)
                    grown = list(pool)
                    grown[i] = min(grown[i] + amount, need[color])
                    nxt.add(tuple(grown))
            pools = nxt
        phy_total = sum(total.phyrexian.values())
        for pool in pools:
            left = {c: pool[i] - total.colored.get(c, 0) for i, c in enumerate(MANA_TYPES)}
            if any(v < 0 for v in left.values()):
                continue
            k_max = sum(min(left[c], total.phyrexian.get(c, 0)) for c in COLORS)
            spare = sum(left.values())
            # k Phyrexian symbols paid with mana, the rest with 2 life each (119.4: life total >= life paid).
            k_high = min(k_max, spare - total.generic)
            if any(life_payable(total.life + 2 * (phy_total - k), life) for k in range(k_high + 1)):
                return True
        return False

    def costs_payable(
        self, costs: dict[str, Total], tapped: frozenset[str], in_combat: frozenset[str]
    ) -> dict[str, bool]:
        return {payer: self.payable(payer, t, tapped, in_combat) for payer, t in costs.items()}

    # ============================================================================ attacks

    @property
    def attack(self) -> AttackReference:
        assert isinstance(self.base, AttackReference)
        return self.base

    def attack_tapped(self, decl: dict[str, str], enlisted: Iterable[str] = ()) -> frozenset[str]:
        """508.1f (702.20b) and the enlisted creatures (702.154a)."""
        return frozenset({c for c in decl if not self.has(c, "vigilance")} | set(enlisted))

    def _attack_choices(self) -> Choices:
        if self._solved is None:
            scored = []
            for atoms in self.attack.attack_declarations():
                d = dict(atoms)
                costs = self.attack_costs(d)
                ok = all(self.costs_payable(costs, self.attack_tapped(d), frozenset(d)).values())
                scored.append((self.attack.attack_count_obeyed(atoms), items_of(costs), ok, atoms))
            self._solved = Choices(scored)
        assert isinstance(self._solved, Choices)
        return self._solved

    def attack_maximum(self) -> int:
        """The maximum for an attack that pays nothing."""
        return self._attack_choices().held_to(frozenset())

    def attack_legal_set(self) -> set[frozenset[Atom]]:
        return set(self._attack_choices().legal())

    def attack_verdict(self, declaration: AttackDeclaration) -> RefVerdict:
        ref = self.attack
        atoms = frozenset(declaration.attacks.items())
        decl = dict(declaration.attacks)
        reasons: list[str] = []
        if not ref.attack_ok(atoms):
            reasons.append("restriction (508.1a-c)")
        in_scope = ref.in_scope(atoms)
        obeyed = ref.attack_count_obeyed(atoms) if in_scope else None
        held = self._attack_choices().held_to(items_of(self.attack_costs(decl))) if in_scope else None
        if obeyed is not None and held is not None and obeyed < held:
            reasons.append(f"too few requirements (508.1d): {obeyed} < {held}")
        reasons += self.exert_problems(declaration, decl)
        enlist_problems = self.enlist_problems(declaration, decl)
        reasons += enlist_problems
        reasons += self.band_problems(declaration, decl)
        costs_out: dict[str, tuple[Total, bool]] | None = None
        tapped = self.attack_tapped(decl, declaration.enlist.values())
        if in_scope:
            costs = self.attack_costs(decl)
            payable = self.costs_payable(costs, tapped, frozenset(decl))
            if not all(payable.values()):
                reasons.append("unpayable (508.1j): " + "; ".join(f"{p} {costs[p]}" for p in costs if not payable[p]))
            if not enlist_problems:  # which creatures an invalid enlist taps is anyone's guess
                costs_out = {p: (costs[p], payable[p]) for p in costs}
        legal = not reasons
        players = frozenset(ref.attacking_players)
        units = {players: obeyed} if obeyed is not None else None
        held_to = {players: held} if held is not None else None
        return RefVerdict(legal, reasons, units, costs_out, sorted(tapped) if legal else [], held_to)

    def exert_problems(self, declaration: AttackDeclaration, decl: dict[str, str]) -> list[str]:
        return [f"can't exert {c} (701.43d)" for c in declaration.exert if c not in decl or not self.has(c, "exert")]

    def enlist_problems(self, declaration: AttackDeclaration, decl: dict[str, str]) -> list[str]:
        out = []
        seen: set[str] = set()
        for a, e in declaration.enlist.items():
            p, q = self.perms.get(a), self.perms.get(e)
            ok = (
                p is not None
                and q is not None
                and a in decl
                and self.has(a, "enlist")
                and self.base.is_creature(q)
                and q.controller == p.controller
                and not q.tapped
                and e not in decl
                and e != a
                and e not in seen
                and (self.has(e, "haste") or not q.summoning_sick)
            )
            seen.add(e)
            if not ok:
                out.append(f"{a} can't enlist {e} (702.154a)")
        return out

    def band_problems(self, declaration: AttackDeclaration, decl: dict[str, str]) -> list[str]:
        out = []
        seen: set[str] = set()
        for band in declaration.bands:
            members = list(band)
            if len(members) < 2 or len(set(members)) != len(members) or any(m in seen for m in members):
                out.append(f"band {members}: too small or a creature in two bands (702.22c)")
                seen |= set(members)
                continue
            seen |= set(members)
            if any(m not in decl for m in members):
                out.append(f"band {members}: a member doesn't attack (702.22c)")
                continue
            if len({decl[m] for m in members}) != 1:
                out.append(f"band {members}: members attack different targets (702.22d)")
            with_banding = [m for m in members if self.has(m, "banding")]
            banding_ok = len(with_banding) >= 1 and len(members) - len(with_banding) <= 1
            other_ok = any(
                all(self.base.matches(ab.quality, self.perms[x], you) for x in members)
                for m in members
                for ab, you in self.sourced(m)
                if ab.kind == "bands_with_other"
            )
            if not (banding_ok or other_ok):
                out.append(f"band {members}: not a legal band (702.22c)")
        return out

    # ============================================================================ blocks

    def expand(self, pairs: Iterable[Pair], able_only: bool = False) -> frozenset[Pair]:
        """702.22h: a creature blocking one member of a band blocks every member (for requirements);
        ``able_only``: only the members it could block itself (Lure ruling, docs/design.md §4.8)."""
        out = set()
        for b, a in pairs:
            out |= {(b, m) for m in self.band_of.get(a, (a,)) if m == a or not able_only or self.able(b, m)}
        return frozenset(out)

    def able(self, b: str, a: str) -> bool:
        """Could ``b`` block ``a`` itself, whatever else blocks (509.1a untapped, 509.1b)?"""
        tapped = self.perms[b].tapped and not self.has(b, "block_while_tapped")
        return not tapped and self.base.can_block_pair(b, a)

    def count_obeyed(self, u: Any, part: frozenset[Pair]) -> int:
        """Requirements obeyed (509.1c) by a unit's declared pairs: a requirement to block one creature
        (Lure, "blocks X if able") counts a band only for a creature able to block that creature."""
        full, able = self.expand(part), self.expand(part, able_only=True)
        return sum(
            1
            for r in u.requirements
            if self.base.obeyed(r, able if r.kind == "lure" or (r.kind == "must_block" and r.attacker) else full)
        )

    def _block_choices(self) -> list[Choices]:
        if self._solved is None:
            self._solved = [
                Choices(
                    [
                        (
                            self.count_obeyed(u, part),
                            items_of(costs := self.block_costs(part)),
                            all(self.costs_payable(costs, frozenset(), frozenset(b for b, _ in part)).values()),
                            part,
                        )
                        for part in self.base.unit_declarations(i)
                    ]
                )
                for i, u in enumerate(self.base.units)
            ]
        assert isinstance(self._solved, list)
        return self._solved

    def block_maxima(self) -> dict[frozenset[str], int]:
        """The maxima for a block that pays nothing, per unit."""
        return {u.players: c.held_to(frozenset()) for u, c in zip(self.base.units, self._block_choices(), strict=True)}

    def block_legal_set(self) -> set[frozenset[Pair]]:
        legal = [c.legal() for c in self._block_choices()]
        return {frozenset().union(*combo) for combo in itertools.product(*legal)}

    def block_legal_count(self) -> int:
        return math.prod(len(c.legal()) for c in self._block_choices())

    def block_verdict(self, declaration: BlockDeclaration) -> RefVerdict:
        pairs = frozenset((b, a) for b, attackers in declaration.blocks.items() for a in attackers)
        parts = self.base.split(pairs)
        if parts is None:
            return RefVerdict(False, ["out of scope (509.1a, 802.4a)"], None, None)
        reasons: list[str] = []
        obeyed: dict[frozenset[str], int] = {}
        held_to: dict[frozenset[str], int] = {}
        costs_out: dict[str, tuple[Total, bool]] = {}
        for u, part, choices in zip(self.base.units, parts, self._block_choices(), strict=True):
            if not self.base.unit_ok(u, part):
                reasons.append(f"restriction (509.1a-b) for {sorted(u.players)}")
            n = self.count_obeyed(u, part)
            obeyed[u.players] = n
            costs = self.block_costs(part)
            held = held_to[u.players] = choices.held_to(items_of(costs))
            if n < held:
                reasons.append(f"too few requirements (509.1c) for {sorted(u.players)}: {n} < {held}")
            payable = self.costs_payable(costs, frozenset(), frozenset(b for b, _ in part))
            for p in costs:
                costs_out[p] = (costs[p], payable[p])
                if not payable[p]:
                    reasons.append(f"unpayable (509.1f): {p} {costs[p]}")
        return RefVerdict(not reasons, reasons, obeyed, costs_out, held=held_to)

    # ============================================================================ either step

    def paying(self) -> list[frozenset[tuple[str, str]]]:
        """Restriction-respecting declarations (of one unit, for blocks) that incur a cost."""
        if self.step == "attack":
            return self._attack_choices().paying()
        return [d for c in self._block_choices() for d in c.paying()]

    def maxima(self) -> dict[frozenset[str], int]:
        if self.step == "attack":
            return {frozenset(self.attack.attacking_players): self.attack_maximum()}
        return self.block_maxima()

    def legal_set(self) -> set[frozenset[tuple[str, str]]]:
        return self.attack_legal_set() if self.step == "attack" else self.block_legal_set()

    def verdict(self, declaration: AttackDeclaration | BlockDeclaration) -> RefVerdict:
        if isinstance(declaration, AttackDeclaration):
            return self.attack_verdict(declaration)
        return self.block_verdict(declaration)


def to_declaration(step: str, atoms: Iterable[tuple[str, str]]) -> AttackDeclaration | BlockDeclaration:
    if step == "attack":
        return AttackDeclaration(attacks=dict(atoms))
    blocks: dict[str, list[str]] = {}
    for b, a in atoms:
        blocks.setdefault(b, []).append(a)
    return BlockDeclaration(blocks={b: tuple(a) for b, a in blocks.items()})


def atoms_of(declaration: object) -> frozenset[tuple[str, str]]:
    if isinstance(declaration, AttackDeclaration):
        return frozenset(declaration.attacks.items())
    assert isinstance(declaration, BlockDeclaration), declaration
    return frozenset((b, a) for b, attackers in declaration.blocks.items() for a in attackers)


def campaign_board(
    seed: str, known: bool = True, only: Callable[[Board], bool] | None = None
) -> tuple[str, list[str]] | None:
    """Build the board of ``seed`` (either step) and run every differential property on it: returns
    (``"attack"`` / ``"block"``, the disagreements found; when there are any, the last one is the board's
    JSON), or None when ``only`` rejects the board. ``known=False`` leaves out the boards where the
    solver is known to differ (``strategies_costs.KNOWN_DIVERGENCES``)."""
    from differential_costs import check_cost_board  # here to keep the reference free of solver calls
    from strategies import RandomChooser
    from strategies_costs import build_cost_board

    chooser = RandomChooser(random.Random(f"costs:{seed}"))
    board = build_cost_board(chooser, known)
    if only is not None and not only(board):
        return None
    step = "attack" if board.combat is None else "block"
    try:
        problems = [str(p) for p in check_cost_board(board, chooser)]
    except Exception as error:  # a crash is a disagreement too
        problems = [f"[exception] {type(error).__name__}: {error}"]
    if problems:
        problems.append("board: " + board.model_dump_json(by_alias=True, exclude_none=True))
    return step, problems


# ============================================================================ mana abilities with costs


def _plain(ab: AbilityT) -> bool:
    """ "{T}: Add" one color of ``produces``, nothing else: the pool search above covers it."""
    return (
        ab.makes is None and not ab.mix and ab.tap and ab.cost is None and not ab.sacrifice_self
        and not ab.damage_to_you and ab.remove_counters is None and ab.for_each is None
        and ab.for_each_counter is None and ab.for_player is None and ab.for_power is None and ab.like is None
        and not ab.energy and not ab.gains_life
    )  # fmt: skip


_NONE = tuple(0 for _ in MANA_TYPES)
"""The pool of an activation that makes no mana."""


def _outputs(ab: AbilityT, amount: int) -> list[tuple[int, ...]]:
    """Every pool one activation making ``amount`` mana can add (605.1a, 106.1), as counts in
    ``MANA_TYPES`` order."""
    colors = COLORS if ab.produces.casefold() == "any" else tuple(dict.fromkeys(ab.produces.upper()))
    if ab.makes is not None:
        combos = [re.findall(r"[WUBRGC]", m.upper()) for m in ab.makes]
    elif ab.mix:
        combos = [list(c) for c in itertools.combinations_with_replacement(colors, amount)]
    else:
        combos = [[c] * amount for c in colors]
    return sorted({tuple(combo.count(t) for t in MANA_TYPES) for combo in combos})


def _payments(
    pool: tuple[int, ...], generic: int, colored: dict[str, int], hybrid: dict[str, int]
) -> Iterator[tuple[int, ...]]:
    """Every pool left after paying the mana (each hybrid symbol with one of its colors, 107.4e)."""
    left = list(pool)
    for c, n in colored.items():
        left[MANA_TYPES.index(c)] -= n
    if any(v < 0 for v in left):
        return
    symbols = [pair for pair, n in hybrid.items() for _ in range(n)]
    seen = set()
    for picks in itertools.product(*symbols):
        after = list(left)
        for c in picks:
            after[MANA_TYPES.index(c)] -= 1
        if any(v < 0 for v in after):
            continue
        for spend in itertools.combinations_with_replacement(range(len(MANA_TYPES)), generic):
            rest = list(after)
            for i in spend:
                rest[i] -= 1
            if all(v >= 0 for v in rest) and tuple(rest) not in seen:
                seen.add(tuple(rest))
                yield tuple(rest)


class ActivationSearch:
    """Whether ``payer`` can pay ``total``, trying every order of mana ability activations
    (508.1i, 605.3a): each ability's cost paid in full when activated (118.3) from the mana already
    made and the life, cards and untapped permanents left (119.4: life only up to the total; the
    damage an ability deals comes after its cost); {T} once, of a permanent untapped, not tapped
    by the declaration (508.1f) and not summoning sick (302.6); ``per_turn`` activations at most;
    a permanent sacrificed to its own ability is gone and can't be in this combat; counters removed
    from a permanent (602.1) only while it has them; a counted amount counted as it resolves
    (608.2h: what has left by then isn't counted); then the total paid from what is left (508.1j)."""

    def __init__(
        self, ref: CostReference, payer: str, total: Total, tapped: frozenset[str], in_combat: frozenset[str]
    ) -> None:
        self.ref, self.payer, self.total, self.tapped, self.in_combat = ref, payer, total, tapped, in_combat
        self.mine = [p for p in ref.board.permanents if p.controller == payer]
        self.leaving: frozenset[str] = frozenset()
        """The permanents the total sacrifices or returns (508.1j, after the mana abilities)."""
        self.reserved: frozenset[str] = frozenset()
        """The permanents the total taps (508.1j): still here when it is paid, so not sacrificed before."""
        self.abilities = [
            (p, ab)
            for p in self.mine
            for ab in ref.base.abilities[p.id]
            if ab.kind == "mana" and ab.per_turn != 0 and ref.activatable(p.id, ab)
        ]

    def payable(self) -> bool:
        life, hand = self.ref.life.get(self.payer, 0), self.ref.hand.get(self.payer, 0)
        untapped = [p for p in self.mine if not p.tapped and p.id not in self.tapped]
        leave_candidates = [p.id for p in self.mine if p.id not in self.in_combat]
        need_tap = sum(n for _, n in self.total.tap)
        tap_candidates = [
            p.id for p in untapped if any(self.ref.base.matches(f, p, self.payer) for f, _ in self.total.tap)
        ]
        for reserved in itertools.combinations(tap_candidates, need_tap):
            if not self.ref.assignable(list(reserved), self.total.tap, self.payer):
                continue
            self.reserved = frozenset(reserved)
            for leaving in self._leaving(leave_candidates, self.total.sacrifice + self.total.bounce):
                self.leaving = leaving
                start = (tuple(0 for _ in MANA_TYPES), life, hand, frozenset(reserved), frozenset(), (), ())
                if self._search(start, set()):
                    return True
        return False

    def _leaving(self, candidates: list[str], terms: list[tuple[Filter, int]]) -> Iterable[frozenset[str]]:
        if not terms:
            yield frozenset()
            return
        (f, n), rest = terms[0], terms[1:]
        matching = [c for c in candidates if self.ref.base.matches(f, self.ref.perms[c], self.payer)]
        for pick in itertools.combinations(matching, n):
            for more in self._leaving([c for c in candidates if c not in pick], rest):
                yield frozenset(pick) | more

    def _search(self, state: tuple[Any, ...], seen: set[tuple[Any, ...]]) -> bool:
        if state in seen:
            return False
        seen.add(state)
        pool, life, hand = state[:3]
        if self._settles(pool, life, hand):
            return True
        for k, (p, ab) in enumerate(self.abilities):
            for nxt in self._activations(k, p, ab, state):
                if self._search(nxt, seen):
                    return True
        return False

    def _activations(self, k: int, p: Permanent, ab: AbilityT, state: tuple[Any, ...]) -> Iterable[tuple[Any, ...]]:
        pool, life, hand, tapped_now, gone, used, removed = state
        if p.id in gone or (ab.sacrifice_self and p.id in self.in_combat | self.leaving | self.reserved):
            return
        times = dict(used).get(k, 0)
        if ab.per_turn is not None and times >= ab.per_turn:
            return
        if ab.tap:
            sick = not self.ref.tap_ready(p)
            if p.tapped or p.id in self.tapped or p.id in tapped_now or sick:
                return
        cost = ab.cost
        life_cost = cost.life if cost is not None else 0
        discard = cost.discard if cost is not None else 0
        if not life_payable(life_cost, life) or discard > hand:
            return
        energy_left = next(q.energy for q in self.ref.board.players if q.id == self.payer) - dict(removed).get(
            (self.payer, "{E}"), 0
        )
        if ab.energy > energy_left:  # 107.14: energy counters paid only while the player has them
            return
        if ab.energy:
            removed = tuple(
                sorted(
                    {
                        **dict(removed),
                        (self.payer, "{E}"): dict(removed).get((self.payer, "{E}"), 0) + ab.energy,
                    }.items()
                )
            )
        generic, colored, _, _ = parse_mana(cost.mana) if cost is not None else (0, {}, {}, 0)
        hybrid = parse_hybrid(cost.mana) if cost is not None else {}
        taps: list[frozenset[str]] = [frozenset()]
        if cost is not None and cost.tap is not None:
            free = [
                q.id for q in self.mine
                if not q.tapped and q.id not in self.tapped and q.id not in tapped_now and q.id not in gone
                and not (ab.tap and q.id == p.id) and self.ref.base.matches(cost.tap.filter, q, self.payer)
            ]  # fmt: skip
            taps = [frozenset(c) for c in itertools.combinations(free, cost.tap.n)]
        sacs: list[frozenset[str]] = [frozenset()]
        if cost is not None and cost.sacrifice is not None:  # 602.1: another permanent (or itself), gone after
            can_go = [
                q.id for q in self.mine
                if q.id not in gone | self.in_combat | self.leaving | self.reserved
                and self.ref.base.matches(cost.sacrifice.filter, q, self.payer)
            ]  # fmt: skip
            sacs = [frozenset(c) for c in itertools.combinations(can_go, cost.sacrifice.n)]
        counted = tuple(sorted({**dict(used), k: times + 1}.items())) if ab.per_turn is not None else used
        # 602.1: counters removed from the permanent itself, as many as are left on it; X of them
        # (any number) make one more mana each with per_counter.
        takes: list[int] = [0]
        left_on = 0
        if ab.remove_counters is not None:
            kind = ab.remove_counters.kind
            left_on = p.counters.get(kind, 0) - dict(removed).get((p.id, kind), 0)
            n = ab.remove_counters.n
            takes = list(range(left_on + 1)) if n == "X" else [n] if left_on >= n else []
        for take in takes:
            after = removed
            sacrificed = ab.sacrifice_self
            if ab.remove_counters is not None:
                key = (p.id, ab.remove_counters.kind)
                after = tuple(sorted({**dict(removed), key: dict(removed).get(key, 0) + take}.items()))
                sacrificed = sacrificed or (ab.sacrifice_when_none and left_on - take == 0)
            if sacrificed and p.id in self.in_combat | self.leaving | self.reserved:
                continue
            amount = (ab.amount + (take if ab.per_counter else 0)) * self._count(
                p, ab, self.payer, life - life_cost, gone, removed
            )
            outputs = _outputs(ab, amount)
            if ab.like is not None:  # 106.7, as it resolves: what the permanents still here could produce
                types = self._could_produce(ab.like, ab.like_type, self.payer, life - life_cost, gone, removed)
                outputs = [tuple(int(t == c) for t in MANA_TYPES) for c in types] or [_NONE]
            if ab.tap:  # 106.12a: tapped for mana, if it makes mana; 605.4a: the triggered mana comes at once
                outputs = [t for o in outputs for t in (self._with_triggered(p, [o]) if any(o) else [o])]
            for left in _payments(pool, generic, colored, hybrid):
                for tapped_too in taps:
                    for sacrificed_too in sacs:
                        for made in outputs:
                            yield (
                                tuple(a + b for a, b in zip(left, made, strict=True)),
                                life - life_cost - ab.damage_to_you + ab.gains_life,  # 508.1i: as it resolves
                                hand - discard,
                                tapped_now | tapped_too | ({p.id} if ab.tap else set()),
                                gone | sacrificed_too | ({p.id} if sacrificed else set()),
                                counted,
                                after,
                            )

    def _with_triggered(self, p: Permanent, outputs: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """605.1b: each pool ``outputs`` lists plus what every triggered mana ability that ``p`` being
        tapped for mana triggers adds (``by: you``: its controller must be the payer; a filter read
        with its controller as "you"): fixed mana, or with ``same_type`` one mana of a type the
        land's own ability made (106.12a: "any type that land produced", not what another trigger
        added; none if it made none)."""
        triggers = [
            (ab, you)
            for q in self.ref.board.permanents
            for ab, you in self.ref.base.with_controller[q.id]
            if ab.kind == "mana_trigger" and (ab.by == "any" or you == self.payer)
            and self.ref.base.matches(ab.tapped, p, you)
        ]  # fmt: skip
        pools = [(made, made) for made in outputs]  # (what the land's ability made, with what triggers added)
        for ab, _ in triggers:
            grown = []
            for made, pool in pools:
                if ab.same_type:  # "any type that land produced": its own ability's mana, not another trigger's
                    adds = [tuple(int(i == k) for i in range(len(MANA_TYPES))) for k, n in enumerate(made) if n]
                else:
                    adds = _outputs(ab, ab.amount)
                grown += [(made, tuple(a + b for a, b in zip(pool, add, strict=True))) for add in adds or [_NONE]]
            pools = sorted(set(grown))
        return sorted({pool for _, pool in pools})

    def _count(
        self, p: Permanent, ab: AbilityT, you: str, life: int, gone: frozenset[str], removed: tuple[Any, ...]
    ) -> int:
        """What a counted amount counts as it resolves (608.2h): here, at this point of the search
        (the permanents gone are not counted, ``life`` is the life left, counters removed are off); 1
        for an amount that doesn't count."""
        if ab.for_each is not None:
            return sum(
                1 for q in self.ref.board.permanents if q.id not in gone and self.ref.base.matches(ab.for_each, q, you)
            )
        if ab.for_player == "life":  # the payer's life left, another player's as the board gives it
            return max(0, life if you == self.payer else next(q.life for q in self.ref.board.players if q.id == you))
        if ab.for_player is not None:
            return int(getattr(next(q for q in self.ref.board.players if q.id == you), ab.for_player))
        if ab.for_each_counter is not None:
            return p.counters.get(ab.for_each_counter, 0) - dict(removed).get((p.id, ab.for_each_counter), 0)
        if ab.for_power == "self":
            return max(0, p.power or 0)
        if ab.for_power == "greatest":
            mine = [q for q in self.ref.board.permanents if q.id not in gone and q.controller == you]
            return max([0, *((q.power or 0) for q in mine if self.ref.base.is_creature(q))])
        return 1

    def _could_produce(
        self, f: Filter, like_type: bool, you: str, life: int, gone: frozenset[str], removed: tuple[Any, ...]
    ) -> list[str]:
        """106.7: the types the permanents still here that ``f`` matches could produce: what one of
        their mana abilities would make if it resolved now (costs ignored: X any, counters to remove
        or not; an amount counting none makes none), abilities that read other permanents from
        nothing up until nothing more is found (two Reflecting Pools alone make nothing)."""
        here = [q for q in self.ref.board.permanents if q.id not in gone]
        likes = {(q.id, k): set[str]() for q in here for k, a in enumerate(self.ref.base.abilities[q.id])
                 if a.kind == "mana" and a.like is not None}  # fmt: skip

        def types(reader: Filter, reader_you: str | None, colorless: bool) -> set[str]:
            out: set[str] = set()
            for q in here:
                if not self.ref.base.matches(reader, q, reader_you):
                    continue
                for k, a in enumerate(self.ref.base.abilities[q.id]):
                    if a.kind != "mana":
                        continue
                    if a.like is not None:
                        out |= likes[q.id, k]
                    elif self._count(q, a, q.controller, life, gone, removed) > 0:
                        if a.makes is not None:  # the fixed combinations, whatever produces says
                            out |= {c for m in a.makes for c in re.findall(r"[WUBRGC]", m.upper())}
                        elif a.produces.casefold() == "any":
                            out |= set(COLORS)
                        else:
                            out |= {c for c in a.produces.upper() if c in MANA_TYPES}
            return {c for c in out if colorless or c != "C"}

        grew = True
        while grew:
            grew = False
            for (qid, k), known in likes.items():
                a = self.ref.base.abilities[qid][k]
                found = types(a.like, self.ref.perms[qid].controller, a.like_type)
                if found != known:
                    likes[qid, k], grew = found, True
        return sorted(types(f, you, like_type))

    def _settles(self, pool: tuple[int, ...], life: int, hand: int) -> bool:
        """508.1j: the total paid from ``pool``, the life and the cards left."""
        t = self.total
        if t.discard > hand:
            return False
        phyrexian = [c for c, n in t.phyrexian.items() for _ in range(n)]
        for paid_with_mana in itertools.product((True, False), repeat=len(phyrexian)):
            colored = dict(t.colored)
            for c, by_mana in zip(phyrexian, paid_with_mana, strict=True):
                if by_mana:
                    colored[c] = colored.get(c, 0) + 1
            life_owed = t.life + 2 * paid_with_mana.count(False)
            if life_owed and life_owed > life:
                continue
            if any(True for _ in _payments(pool, t.generic, colored, t.hybrid)):
                return True
        return False
