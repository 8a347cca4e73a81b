"""A template of one ability kind: copy the class into the ``rules`` module of its family
(evasion, blocking, attacking, costs, triggers, ...), rename it, and follow
docs/adding-an-ability-kind.md. Everything the code needs to know about a kind is declared on
its class; the card compiler, the phase.rs importer and the board checks read it from there.

This kind is an example (509.1b: "can't block creatures <player> controls, except <object>") and
is never part of the vocabulary: ``registered=False`` keeps it out of ``KINDS``. A real kind
leaves that argument out and is added to ``KIND_HOMES`` in ``rules/registry.py``.
"""

from __future__ import annotations

from typing import Literal

from ..model.filters import PermanentView
from .kind import AbilityBase, BlockScope, Instance, Reason
from .phrase import ObjectId, Phrase, PlayerId, Slot


class TemplateCantBlockCreaturesOf(AbilityBase, registered=False):
    """509.1b: "can't block creatures <player> controls" (the docstring cites the rule it reads)."""

    # The kind's name in board files: a Literal with a default (the union is discriminated on it).
    kind: Literal["template_cant_block_creatures_of"] = "template_cant_block_creatures_of"
    # The rule its restrictions, requirements and reasons cite.
    rule = "509.1b"
    # "creature": the ability belongs to its holder; "game": a rule of the game that works from
    # any permanent and stays on its source (Silent Arbiter's block_limit).
    scope = "creature"
    # Whether its conditions are read per attack target (so "defending player" is known).
    per_target_condition = False
    # The Oracle keyword that alone means this kind, with no parameters (None if it has none):
    # read on keyword lines, in "creatures with <keyword>", "has <keyword>" and from phase.rs.
    keyword = "templateward"
    # Whether text naming the keyword bears on attack or block legality (vigilance: False).
    bears_on_legality = True
    # The Oracle wordings the card compiler reads into this kind: a pattern matched whole in any
    # case (r"\$self" is the permanent itself), the fields it gives (a Slot reads a group), and
    # its place: "keyword", "predicate" (after a subject), "trigger" (a trigger's condition) or
    # "sentence" (a whole sentence).
    phrases = (
        Phrase(r"can't block creatures controlled by (\w+)", {"player": Slot(1, "lower")}),
        Phrase(r"can't block creatures you control", {"player": "you"}, "predicate"),
    )

    # Fields. A field naming a player is a PlayerId, one naming a permanent an ObjectId: the board
    # checks that the id exists (dangling ids) and that a player word is a player's.
    player: PlayerId
    except_for: ObjectId | None = None

    # Hooks: override only those the kind needs (rules/kind.py, AbilityBase, has the contract;
    # the base ones do nothing). Blocking: forbids_being_blocked_by / forbids_blocking (a
    # Reason), block_restrictions (Restriction), block_requirements (Requirement), block_costs
    # (CostTerm), extra_blocks, permits_tapped_block. Attacking: forbids_attacking,
    # attack_restrictions, attack_requirements, attack_costs, permits_attacking_while_summoning_sick,
    # permits_attacking_as_though_haste, permits_attacking_with_defender,
    # keeps_untapped_when_attacking, permits_band, declaration_violations. Triggers:
    # attack_triggers, block_triggers. Rendering: the message of each Reason,
    # Restriction and Requirement (and a Restriction's ``detail``) words the violation shown.

    def forbids_blocking(self, unit: BlockScope, inst: Instance, attacker: PermanentView) -> Reason | None:
        """509.1b: its holder can't block an attacker ``player`` controls (but ``except_for``)."""
        player = inst.controller if self.player == "you" else self.player
        if attacker.controller != player or attacker.id == self.except_for:
            return None
        return Reason(
            self.rule,
            "cant_block",
            f"{unit.label(inst.holder)} can't block creatures {player} controls, such as {unit.label(attacker)}",
        )
