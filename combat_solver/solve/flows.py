"""The requirement maximum of a problem whose restrictions are only per-pair plus capacities, as a
min-cost flow (docs/design.md §5; the polynomial case of Chatterjee and Ibsen-Jensen, "The
Complexity of Deciding Legality of a Single Step of Magic: the Gathering", ECAI 2016).

A problem is *flow-shaped* when
- it has no costs and no side problem, and every decision atom pairs a left and a right object
  (``Pair``: a blocker and the attacker it blocks, 509.1a; ``Attack``: an attacker and what it
  attacks, 508.1a), each listed once and none defined;
- every restriction is "at most K of these atoms" (or any of such caps on one sum: the loosest)
  and every requirement is "at least one of these atoms" (508.1c-d, 509.1b-c), sums without
  negative coefficients, where "these atoms" is one atom, or every atom of some left objects, or
  every atom of some right objects — a derived ``Blocking``/``Attacking`` atom defined over
  decision atoms alone reads as its object's atoms, in a restriction only when that object is
  held to at most one atom;
- on each side, those sets of objects nest or are disjoint.

Then a declaration is an integral flow: one unit from the source, through the nested left sets,
one atom's arc and the nested right sets, to the sink, for each atom it declares; a capacity caps
the flow through its set, and a requirement on a set is worth its count on the first unit through
it (the rest cost nothing), so the cheapest flow obeys the most requirements, then (with a
preference) has the most weight, then declares the fewest atoms (no pair that serves nothing,
as the search and CP-SAT leave them out). ``flow_maximize`` solves it exactly (OR-Tools' min-cost flow, imported when a flow is solved).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from ..model.ir import All, Any, Atom, Attack, Attacking, Blocking, Cmp, Cond, Pair, Problem
from .result import InvalidModel, Outcome

ENABLED = True
"""Whether the engine decides flow-shaped problems past the search by a min-cost flow (the
differential tests turn it off to reach CP-SAT on them)."""

COST_LIMIT = 2**62
"""OR-Tools' min-cost flow works in 64-bit costs, each scaled by about twice the number of nodes,
and saturates a total past that range: a network whose costs could leave it is refused (CP-SAT
decides the problem)."""

Group = frozenset[str]
"""A set of left objects or of right objects."""


@dataclass(frozen=True)
class Network:
    """A min-cost flow problem: arc ``i`` goes from ``tails[i]`` to ``heads[i]`` with capacity
    ``capacities[i]`` and unit cost ``costs[i]``; ``supply`` units leave ``source`` and reach
    ``sink``. The last ``len(atoms)`` arcs are the atoms' arcs, in order (a declaration declares
    the atoms whose arc carries flow). ``always``: requirements that every declaration obeys;
    ``scale``: the cost of one requirement (more than twice the rest of any flow's cost)."""

    tails: list[int]
    heads: list[int]
    capacities: list[int]
    costs: list[int]
    source: int
    sink: int
    supply: int
    atoms: tuple[Atom, ...]
    always: int
    scale: int


class _NotFlow(Exception):
    """The problem is not flow-shaped."""


@dataclass
class _Set:
    """One node of a side's tree: a set of objects, its capacity and the requirements on it."""

    objects: Group
    cap: int | None = None
    requirements: int = 0


def network(problem: Problem, preference: Mapping[Atom, int] | None = None) -> Network | None:
    """The flow network of ``problem`` (None: not flow-shaped). With ``preference``, a cheapest
    flow is lexicographically best: requirements first, then preference weight, then fewest atoms."""
    try:
        return _Builder(problem).network(preference or {})
    except _NotFlow:
        return None


def maximum(net: Network, cost: int) -> int:
    """The requirements a flow of ``cost`` obeys: its cost is ``-(requirements * scale + rest)``,
    where the rest (preference weight and atom count) has ``|rest| <= scale // 2``."""
    return net.always + (-cost + net.scale // 2) // net.scale


class _Builder:
    def __init__(self, problem: Problem) -> None:
        if problem.costs or problem.side is not None or not problem.variables:
            raise _NotFlow
        self.comparisons = [cmp for cond in problem.hard for cmp in _conjuncts(cond)]
        kind = type(problem.variables[0])
        if kind not in (Pair, Attack) or any(type(a) is not kind for a in problem.variables):
            raise _NotFlow
        self.variables = frozenset(problem.variables)
        if len(self.variables) != len(problem.variables) or not self.variables.isdisjoint(problem.definitions):
            raise _NotFlow
        self.problem = problem
        self.order = cast(tuple[Pair, ...] | tuple[Attack, ...], problem.variables)
        self.left: dict[str, list[Atom]] = {}
        self.right: dict[str, list[Atom]] = {}
        for pair in self.order:
            self.left.setdefault(pair[0], []).append(pair)
            self.right.setdefault(pair[1], []).append(pair)
        self.derived: dict[Atom, str] = {}
        for atom, definition in problem.definitions.items():
            key = self._derived_key(atom, definition)
            if key is not None:
                self.derived[atom] = key

    def _derived_key(self, atom: Atom, definition: Cmp) -> str | None:
        """The left object whose atoms ``atom`` is "at least one of" (None: it reads otherwise,
        and may then appear in no condition)."""
        if isinstance(atom, Blocking):
            key = atom.blocker
        elif isinstance(atom, Attacking):
            key = atom.attacker
        else:
            return None
        lin = definition.lin
        if (
            definition.lo != 1 + lin.const
            or definition.hi is not None
            or any(c != 1 or a in self.problem.definitions for a, c in lin.terms)
            or {a for a, _ in lin.terms} & self.variables != set(self.left.get(key, ()))
        ):
            return None
        return key

    def _atoms(self, cond: Cmp, *, capped: set[str] | None) -> frozenset[Atom]:
        """The decision atoms ``cond``'s sum counts. A derived atom counts as its object's atoms.
        In a restriction (``capped``: the objects held to one atom) each atom must count exactly
        once, and a derived atom only for an object held to one atom."""
        restriction = capped is not None
        atoms: list[Atom] = []
        for atom, coef in cond.lin.terms:
            if restriction and coef > 1:
                raise _NotFlow
            if coef == 0:
                continue
            if atom in self.variables:
                atoms.append(atom)
            elif atom in self.derived:
                key = self.derived[atom]
                if capped is not None and key not in capped:
                    raise _NotFlow
                atoms.extend(self.left.get(key, ()))
            elif atom in self.problem.definitions:
                raise _NotFlow
        found = frozenset(atoms)
        if restriction and len(found) != len(atoms):
            raise _NotFlow
        return found

    def network(self, preference: Mapping[Atom, int]) -> Network:
        caps: list[tuple[Cmp, int]] = []
        for cmp in self.comparisons:
            _counting(cmp)
            lo = cmp.lo
            if lo is not None and lo > cmp.lin.const:
                raise _NotFlow
            if cmp.hi is not None:
                caps.append((cmp, cmp.hi - cmp.lin.const))
        held_to_one = self._held_to_one(caps)
        atom_cap: dict[Atom, int] = {}
        atom_requirements: dict[Atom, int] = {}
        left_sets: dict[Group, _Set] = {}
        right_sets: dict[Group, _Set] = {}
        for cmp, cap in caps:
            if cap < 0:
                raise _NotFlow
            atoms = self._atoms(cmp, capped=held_to_one)
            if len(atoms) <= cap:
                continue
            place = self._place(atoms, left_sets, right_sets)
            if isinstance(place, _Set):
                place.cap = cap if place.cap is None else min(place.cap, cap)
            else:
                atom_cap[place] = 0
        always = 0
        for cond in self.problem.requirements:
            if not isinstance(cond, Cmp) or cond.hi is not None or cond.lo is None:
                raise _NotFlow
            _counting(cond)
            need = cond.lo - cond.lin.const
            if need <= 0:
                always += 1
                continue
            if need > 1:
                raise _NotFlow
            atoms = self._atoms(cond, capped=None)
            if not atoms:
                continue
            place = self._place(atoms, left_sets, right_sets)
            if isinstance(place, _Set):
                place.requirements += 1
            else:
                atom_requirements[place] = atom_requirements.get(place, 0) + 1
        return self._network(left_sets, right_sets, atom_cap, atom_requirements, always, preference)

    def _held_to_one(self, caps: list[tuple[Cmp, int]]) -> set[str]:
        """The left objects a restriction holds to at most one atom."""
        held: set[str] = set()
        for cmp, cap in caps:
            if cap > 1:
                continue
            atoms = {a for a, c in cmp.lin.terms if c == 1 and a in self.variables}
            if not atoms or len(atoms) != len(cmp.lin.terms):
                continue
            keys = {_ends(a)[0] for a in atoms}
            if len(keys) == 1:
                key = keys.pop()
                if atoms == set(self.left[key]):
                    held.add(key)
        return held

    def _place(
        self, atoms: frozenset[Atom], left_sets: dict[Group, _Set], right_sets: dict[Group, _Set]
    ) -> _Set | Atom:
        """The node that ``atoms`` make up: one atom's arc, or a set of whole left (else right)
        objects."""
        if len(atoms) == 1:
            return next(iter(atoms))
        for side, groups, sets in ((0, self.left, left_sets), (1, self.right, right_sets)):
            keys = frozenset(_ends(a)[side] for a in atoms)
            if sum(len(groups[k]) for k in keys) == len(atoms):
                found = sets.get(keys)
                if found is None:
                    found = sets[keys] = _Set(keys)
                return found
        raise _NotFlow

    def _network(
        self,
        left_sets: dict[Group, _Set],
        right_sets: dict[Group, _Set],
        atom_cap: dict[Atom, int],
        atom_requirements: dict[Atom, int],
        always: int,
        preference: Mapping[Atom, int],
    ) -> Network:
        count = len(self.order)
        unit = count + 1
        scale = 2 * (sum(abs(w) for a, w in preference.items() if a in self.variables) * unit + count) + 1
        source, sink = 0, 1
        tails: list[int] = [source]
        heads: list[int] = [sink]
        capacities: list[int] = [len(self.order)]
        costs: list[int] = [0]
        nodes = [2]

        def arc(tail: int, head: int, capacity: int, cost: int) -> None:
            tails.append(tail)
            heads.append(head)
            capacities.append(capacity)
            costs.append(cost)

        def tree(groups: dict[str, list[Atom]], sets: dict[Group, _Set], root: int, outward: bool) -> dict[str, int]:
            for key in groups:
                sets.setdefault(frozenset((key,)), _Set(frozenset((key,))))
            ordered = sorted(sets.values(), key=lambda s: -len(s.objects))
            several = [s for s in ordered if len(s.objects) > 1]
            node_of: dict[Group, int] = {}
            for current in ordered:
                parent = root
                for bigger in several:
                    if len(bigger.objects) < len(current.objects):
                        break
                    if bigger is current:
                        continue
                    overlap = bigger.objects & current.objects
                    if overlap == current.objects and bigger.objects != current.objects:
                        parent = node_of[bigger.objects]
                    elif overlap:
                        raise _NotFlow
                node = node_of[current.objects] = nodes[0]
                nodes[0] += 1
                size = sum(len(groups[k]) for k in current.objects)
                cap = size if current.cap is None else min(current.cap, size)
                tail, head = (parent, node) if outward else (node, parent)
                if current.requirements and cap:
                    arc(tail, head, 1, -current.requirements * scale)
                    cap -= 1
                if cap:
                    arc(tail, head, cap, 0)
            return {key: node_of[frozenset((key,))] for key in groups}

        left = tree(self.left, left_sets, source, True)
        right = tree(self.right, right_sets, sink, False)
        atoms = tuple(a for a in self.order if atom_cap.get(a, 1))
        for pair in atoms:
            cost = -atom_requirements.get(pair, 0) * scale - preference.get(pair, 0) * unit + 1
            arc(left[pair[0]], right[pair[1]], 1, cost)
        largest = max(abs(c) for c in costs)
        total = sum(abs(c) * k for c, k in zip(costs, capacities, strict=True))
        if largest * 2 * (nodes[0] + 3) > COST_LIMIT or total > COST_LIMIT:
            raise _NotFlow
        return Network(tails, heads, capacities, costs, source, sink, len(atoms), atoms, always, scale)


def _ends(atom: Atom) -> tuple[str, str]:
    """A decision atom's left and right objects (the builder admits only ``Pair`` and ``Attack``)."""
    return cast(tuple[str, str], atom)


def _counting(cmp: Cmp) -> None:
    """Refuses a sum with a negative coefficient: only a sum that can't fall below its constant
    reads as a count (a lower bound at or below the constant then always holds)."""
    if any(c < 0 for _, c in cmp.lin.terms):
        raise _NotFlow


def _conjuncts(cond: Cond) -> list[Cmp]:
    """The comparisons ``cond`` is the conjunction of: "all" of them, and "any" of caps on one sum
    as the loosest (Silent Arbiter's "no creature attacks, or at most N do", 508.1c)."""
    if isinstance(cond, Cmp):
        return [cond]
    if isinstance(cond, All):
        return [c for item in cond.items for c in _conjuncts(item)]
    if isinstance(cond, Any) and cond.items and isinstance(first := cond.items[0], Cmp):
        caps = [
            c.hi for c in cond.items if isinstance(c, Cmp) and c.lin == first.lin and c.lo is None and c.hi is not None
        ]
        if len(caps) == len(cond.items):
            return [Cmp(first.lin, None, max(caps))]
    raise _NotFlow


def flow_maximize(net: Network) -> Outcome:
    """The requirement maximum of a flow-shaped problem and a declaration reaching it (with the
    network's preference, the best such): a cheapest flow (OR-Tools' min-cost flow, exact and
    polynomial; the flow is integral, so it declares whole atoms)."""
    from ortools.graph.python import min_cost_flow

    flow = min_cost_flow.SimpleMinCostFlow()
    flow.add_arcs_with_capacity_and_unit_cost(net.tails, net.heads, net.capacities, net.costs)
    flow.set_node_supply(net.source, net.supply)
    flow.set_node_supply(net.sink, -net.supply)
    status = flow.solve()
    if status != flow.OPTIMAL:
        raise InvalidModel(f"min-cost flow status {status}")
    first = len(net.tails) - len(net.atoms)
    carried = flow.flows(range(first, len(net.tails))).tolist()
    chosen = frozenset(atom for atom, units in zip(net.atoms, carried, strict=True) if units)
    return Outcome("optimal", maximum(net, flow.optimal_cost()), chosen)
