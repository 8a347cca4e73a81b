"""Every output record: verdicts (legal / illegal / undetermined, rule-cited violations, requirement
counts), costs, combat state, triggers and why-answers."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

from typing import Literal, NamedTuple

from pydantic import Field

from .base import Strict
from .declarations import BlockDeclaration, Declaration

Status = Literal["legal", "illegal", "undetermined"]
ViolationKind = Literal[
    "attack_limit",
    "band_split",
    "block_capacity",
    "block_limit",
    "can_block_only",
    "can_only_attack_alone",
    "cant_attack",
    "cant_attack_alone",
    "cant_attack_if",
    "cant_attack_unless",
    "cant_attack_unless_greater_power_attacks",
    "cant_attack_unless_others_attack",
    "cant_be_blocked",
    "cant_be_blocked_by",
    "cant_be_blocked_except_by",
    "cant_be_blocked_unless_all_block",
    "cant_block",
    "cant_block_alone",
    "cant_block_unless_greater_power_blocks",
    "cant_block_unless_others_block",
    "cant_enlist",
    "cant_exert",
    "defender",
    "fear",
    "flying",
    "horsemanship",
    "intimidate",
    "invalid_band",
    "invalid_target",
    "landwalk",
    "max_blockers",
    "menace",
    "min_blockers",
    "not_a_creature",
    "not_attacking",
    "not_attacking_player",
    "not_defending",
    "one_target",
    "other_defender",
    "protection",
    "shadow",
    "skulk",
    "summoning_sick",
    "tapped_attacker",
    "tapped_blocker",
    "too_few_requirements",
    "unpayable_cost",
]
StepName = Literal["declare_attackers", "declare_blockers"]


class StepRules(NamedTuple):
    """The rules a declaration step follows, cited by the step and by every rendering of it."""

    words: str
    declaration: str
    requirements: str
    costs: str
    triggers: str


STEP_RULES: dict[StepName, StepRules] = {
    "declare_attackers": StepRules("declare attackers", "508.1", "508.1d", "508.1h", "508.1m"),
    "declare_blockers": StepRules("declare blockers", "509.1", "509.1c", "509.1d", "509.1i"),
}
"""Each step's rules: the declaration (508.1, 509.1), counting requirements (508.1d, 509.1c),
costs (508.1h, 509.1d) and what triggers on the declaration (508.1m, 509.1i)."""
"""The two declaration steps (508.1, 509.1)."""


class CombatState(Strict):
    """Who attacks what; who blocks what (a blocker of one band member blocks all of them,
    702.22h); which attackers are blocked or unblocked (509.1h)."""

    attackers: dict[str, str]
    bands: tuple[tuple[str, ...], ...] = ()
    blockers: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    blocked: tuple[str, ...] = ()
    unblocked: tuple[str, ...] = ()


class TriggerReport(Strict):
    """A triggered ability of ``holder`` (from ``source``) that triggers ``count`` times."""

    source: str
    holder: str | None
    kind: str
    rule: str
    count: int
    objects: tuple[str, ...]
    note: str = ""


class Violation(Strict):
    """One broken rule: its number, a stable ``kind``, the objects involved and a sentence."""

    rule: str
    kind: ViolationKind
    objects: tuple[str, ...] = ()
    message: str


class RequirementReport(Strict):
    """A requirement that exists on this board and whether the declaration obeys it."""

    rule: str
    kind: str
    objects: tuple[str, ...]
    description: str
    source: str
    obeyed: bool


class UnitReport(Strict):
    """Requirement counts of one separately declared part, by the ``players`` who declare it: a
    defending player (802.4) or defending team (805.10d) for blocks, the attacking player or
    team for attacks (802.3a, 805.10b). ``requirements_maximum``
    is None when it couldn't be determined. ``paid_items``: the cost items this declaration pays;
    when there are any, the maximum is over declarations that pay only these (a creature whose
    cost is paid is able), otherwise over declarations that pay nothing (docs/design.md §4.2)."""

    players: tuple[str, ...]
    requirements_obeyed: int
    requirements_maximum: int | None
    requirements: tuple[RequirementReport, ...]
    paid_items: tuple[str, ...] = Field(
        (), description="cost items the declaration pays; the maximum is over declarations paying only these"
    )


class CostReport(Strict):
    """What one player must pay for the declaration (508.1h, 509.1d), locked in, and whether and
    how it can be paid in full (509.1f). ``payable`` is None when that couldn't be determined."""

    player: str
    items: tuple[str, ...]
    total: str
    payable: bool | None
    payment: tuple[str, ...] = ()


class DeclarerReport(Strict):
    """Who declares the part of ``players``: themselves (508.1a, 509.1a; ``source`` None), or
    another player an effect names ("you choose which creatures block": Master Warcraft, Odric,
    Master Tactician, Invasion Plans). Legality is the same whoever declares."""

    players: tuple[str, ...]
    declarer: str
    source: str | None = None


class Verdict(Strict):
    """The answer of ``check``. ``witness``: when the declaration is illegal, a legal declaration
    that reaches the requirement maximum, closest to the proposal (``witness_closest``)."""

    status: Status
    step: StepName = "declare_blockers"
    declaration: Declaration = Field(default_factory=BlockDeclaration)
    violations: tuple[Violation, ...] = ()
    requirements_obeyed: int | None = Field(
        0, description="requirements the declaration obeys; null: the time limit ran out before they were counted"
    )
    requirements_maximum: int | None = Field(
        0, description="the most any declaration that breaks no restriction obeys; null: not proven in time"
    )
    units: tuple[UnitReport, ...] = ()
    witness: Declaration | None = None
    witness_closest: bool | None = Field(
        None,
        description="true: the witness is the closest to the proposal that the closeness search (a deterministic "
        "work budget, the same on any machine and time limit) found; false: the time limit cut that search short "
        "and the witness is the one the proof of the maximum found; null: no witness",
    )
    tapped: tuple[str, ...] = Field((), description="attackers that become tapped (508.1f; not those with vigilance)")
    costs: tuple[CostReport, ...] = ()
    combat: CombatState | None = Field(None, description="the resulting combat state (legal declarations only)")
    triggers: tuple[TriggerReport, ...] = Field((), description="abilities that trigger (legal declarations only)")
    warnings: tuple[str, ...] = Field((), description="card text on the board that bears on combat but wasn't compiled")
    declared_by: tuple[DeclarerReport, ...] = Field((), description="who declares each unit's part")

    @property
    def legal(self) -> bool:
        return self.status == "legal"


class WhyReason(Strict):
    """One rule behind a why-not answer, worded with the cards involved."""

    rule: str
    message: str


class WhyAnswer(Strict):
    """``answer`` is one sentence; ``reasons`` the rules (with cards) behind it; ``example`` a
    legal declaration showing the answer when there is one."""

    question: str
    answer: str
    reasons: tuple[WhyReason, ...] = ()
    example: Declaration | None = None
