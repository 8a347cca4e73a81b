"""A concrete declaration read on an ``ir.Problem`` (by ``ir.evaluate`` alone), for the tests that
compare the engine's paths to the maximum (search, min-cost flow, CP-SAT, brute force)."""

from __future__ import annotations

from combat_solver.model.ir import Atom, Problem, evaluate


def declaration_value(problem: Problem, chosen: frozenset[Atom]) -> tuple[bool, int]:
    """Whether declaring the decision atoms ``chosen`` (and no other) breaks no restriction and
    incurs no cost, and how many requirements it obeys."""

    def value_of(atom: Atom) -> int:
        definition = problem.definitions.get(atom)
        return int(evaluate(definition, value_of)) if definition is not None else int(atom in chosen)

    legal = (
        chosen <= set(problem.variables)
        and all(evaluate(c, value_of) for c in problem.hard)
        and all(lin.value(value_of) == 0 for lin in problem.costs)
    )
    return legal, sum(evaluate(r, value_of) for r in problem.requirements)
