"""Attack restrictions (508.1a, 508.1c, 702.3b) and what can be attacked (508.1b, 802.3a)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Literal

from pydantic import Field

from ..model.base import Flag, NonNegative, Positive
from ..model.filters import Count, Filter, PermanentView, Target
from ..model.ir import any_of
from .kind import AbilityBase, AttackScope, GameView, Instance, Reason, Restriction, with_everyone, with_others
from .phrase import SELF, Phrase, Slot


class Haste(AbilityBase):
    """702.10b, 508.1a: can attack although not controlled continuously since the turn began."""

    kind: Literal["haste"] = "haste"
    keyword = "haste"
    rule = "702.10b"

    def permits_attacking_while_summoning_sick(self) -> bool:
        return True


class AttackAsThoughHaste(AbilityBase):
    """302.6, 508.1a: "can attack as though it had haste" (Instill Energy): attacking only; it
    still can't use {T} abilities such as mana abilities (unlike haste, 702.10b)."""

    kind: Literal["attack_as_though_haste"] = "attack_as_though_haste"
    phrases = (Phrase(r"can attack as though (?:it|they) had haste"),)
    rule = "302.6"

    def permits_attacking_as_though_haste(self) -> bool:
        return True


class Vigilance(AbilityBase):
    """702.20b: attacking doesn't cause it to tap (508.1f)."""

    kind: Literal["vigilance"] = "vigilance"
    # it bears on legality: an attacker that taps to attack can't also tap to pay a cost to
    # attack (508.1h), and one with vigilance still can
    keyword = "vigilance"
    rule = "702.20b"

    def keeps_untapped_when_attacking(self) -> bool:
        return True


class Defender(AbilityBase):
    """702.3b: a creature with defender can't attack (unless an effect lets it)."""

    kind: Literal["defender"] = "defender"
    keyword = "defender"
    rule = "702.3b"

    def forbids_attacking(self, unit: AttackScope, inst: Instance, target: str) -> Reason | None:
        me = unit.attacker(inst)
        if me is None or any(i.ability.permits_attacking_with_defender() for i in unit.game.instances[me.id]):
            return None
        return Reason(self.rule, "defender", f"{unit.label(me)} has defender and can't attack")


class AttackDespiteDefender(AbilityBase):
    """702.3b exception: "can attack as though it didn't have defender" (Wall of Wonder, Assault Formation)."""

    kind: Literal["attack_despite_defender"] = "attack_despite_defender"
    phrases = (Phrase(r"can attack as though (?:it|they) didn't have defender"),)
    rule = "702.3b"

    def permits_attacking_with_defender(self) -> bool:
        return True


class ActivateAsThoughHaste(AbilityBase):
    """302.6 exception: "You may activate abilities of creatures you control as though those
    creatures had haste" (Thousand-Year Elixir): their {T} abilities, the mana abilities that pay
    a cost to attack or block among them, can be activated though they came under their
    controller's control this turn; attacking still needs haste (508.1a)."""

    kind: Literal["activate_as_though_haste"] = "activate_as_though_haste"
    scope = "game"
    rule = "302.6"
    to: Filter = Field(default_factory=Filter, description="the creatures whose abilities (you: its controller)")
    phrases = (
        Phrase(
            r"You may activate abilities of creatures you control as though those creatures had haste",
            {"to": {"controller": "you"}},
            "sentence",
        ),
        Phrase(
            r"You may activate abilities of other creatures you control as though those creatures had haste",
            {"to": {"controller": "you", "not": {"ids": [SELF]}}},
            "sentence",
        ),
    )

    def permits_tap_abilities_of(self, game: GameView, inst: Instance, permanent: PermanentView) -> bool:
        return game.matches(self.to, permanent, inst.controller)


class CantActivate(AbilityBase):
    """602.5: "its activated abilities can't be activated" (Arrest, Suppression Bonds; with
    ``tap_only``, "its activated abilities with {T} in their costs", Serra Bestiary): its mana
    abilities, activated abilities too (605.1a), can't pay a cost to attack or block (508.1i).
    "... unless they're mana abilities" (Faith's Fetters) changes no payment: nothing."""

    kind: Literal["cant_activate"] = "cant_activate"
    given_to_any_permanent: ClassVar[bool] = True
    rule = "602.5"
    tap_only: Flag = Field(False, description="only its activated abilities with {T} in their costs (Katabatic Winds)")
    phrases = (
        Phrase(r"its activated abilities can't be activated"),
        Phrase(r"its activated abilities with \{T\} in their costs can't be activated", {"tap_only": True}),
    )

    def forbids_activating(self, tap: bool) -> bool:
        return tap or not self.tap_only


class ChoosesAttackers(AbilityBase):
    """ "You choose which creatures attack this turn" (Master Warcraft): its controller declares
    the attack instead of the active player; the rules for a legal attack are the same (508.1)."""

    kind: Literal["chooses_attackers"] = "chooses_attackers"
    scope = "game"
    rule = "508.1"


class CantAttack(AbilityBase):
    """508.1c: "can't attack" (Pacifism, Moat granted); with ``target``, "can't attack you /
    planeswalkers you control / its owner" (Blazing Archon, Vow of Duty, Xantcha)."""

    kind: Literal["cant_attack"] = "cant_attack"
    phrases = (
        Phrase(r"can't attack"),
        Phrase(r"can't attack you", {"target": {"player": "you"}}),
        Phrase(r"can't attack you or planeswalkers you control", {"target": {"player": "you", "planeswalkers": True}}),
        Phrase(r"can't attack its owner", {"target": {"player": "owner"}}),
        Phrase(
            r"can't attack its owner or planeswalkers its owner controls",
            {"target": {"player": "owner", "planeswalkers": True}},
        ),
    )
    rule = "508.1c"
    per_target_condition = True
    target: Target | None = None

    def forbids_attacking(self, unit: AttackScope, inst: Instance, target: str) -> Reason | None:
        if self.target is None:
            return Reason(self.rule, self.kind, f"{unit.label(inst.holder)} can't attack ({inst.source})")
        if not unit.target_matches(self.target, target, inst):
            return None
        return Reason(
            self.rule, self.kind, f"{unit.label(inst.holder)} can't attack {unit.target_label(target)} ({inst.source})"
        )


class _Conditional(AbilityBase):
    """Board conditions read at declaration; "defending player" is the player the creature would
    attack or who controls/protects what it would attack (802.2a)."""

    per_target_condition = True

    defending_player_controls: Count | None = None
    you_control: Count | None = None
    battlefield_has: Count | None = None

    def holds(self, unit: AttackScope, inst: Instance, target: str) -> bool:
        you = inst.controller
        checks = (
            (self.defending_player_controls, unit.defending_player_of(target)),
            (self.you_control, inst.holder.controller if inst.holder else you),
            (self.battlefield_has, None),
        )
        for count, controller in checks:
            if count is None:
                continue
            found = [
                p
                for p in unit.game.permanents
                if (controller is None or p.controller == controller) and unit.matches(count.filter, p, you)
            ]
            if len(found) < count.at_least:
                return False
        return True

    def describe(self) -> str:
        parts = []
        if self.defending_player_controls:
            c = self.defending_player_controls
            parts.append(f"defending player controls at least {c.at_least} {c.filter.describe('permanents')}")
        if self.you_control:
            parts.append(
                f"you control at least {self.you_control.at_least} {self.you_control.filter.describe('permanents')}"
            )
        if self.battlefield_has:
            c = self.battlefield_has
            parts.append(f"there are at least {c.at_least} {c.filter.describe('permanents')} on the battlefield")
        return " and ".join(parts) or "always"


class CantAttackUnless(_Conditional):
    """508.1c: "can't attack unless <board condition>" (Sea Serpent: defending player controls an
    Island; Steelclad Serpent: you control another artifact)."""

    kind: Literal["cant_attack_unless"] = "cant_attack_unless"
    phrases = (
        Phrase(r"can't attack unless defending player controls (.+?)", {"defending_player_controls": Slot(1, "count")}),
        Phrase(r"can't attack unless you control (.+?)", {"you_control": Slot(1, "count")}),
    )
    rule = "508.1c"

    def forbids_attacking(self, unit: AttackScope, inst: Instance, target: str) -> Reason | None:
        if self.holds(unit, inst, target):
            return None
        return Reason(
            self.rule,
            self.kind,
            f"{unit.label(inst.holder)} can't attack {unit.target_label(target)} unless {self.describe()}",
        )


class CantAttackIf(_Conditional):
    """508.1c: "can't attack if <board condition>" (Mogg Jailer: defending player controls an
    untapped creature with power 2 or less)."""

    kind: Literal["cant_attack_if"] = "cant_attack_if"
    phrases = (
        Phrase(r"can't attack if defending player controls (.+?)", {"defending_player_controls": Slot(1, "count")}),
    )
    rule = "508.1c"

    def forbids_attacking(self, unit: AttackScope, inst: Instance, target: str) -> Reason | None:
        if not self.holds(unit, inst, target):
            return None
        return Reason(
            self.rule,
            self.kind,
            f"{unit.label(inst.holder)} can't attack {unit.target_label(target)} while {self.describe()}",
        )


class CantAttackAlone(AbilityBase):
    """506.5, 508.1c: "can't attack alone" — another creature must also attack."""

    kind: Literal["cant_attack_alone"] = "cant_attack_alone"
    phrases = (Phrase(r"can't attack alone"),)
    rule = "506.5"

    def attack_restrictions(self, unit: AttackScope, inst: Instance) -> Iterable[Restriction]:
        if (me := unit.attacker(inst)) is not None:
            msg = f"{unit.label(me)} can't attack alone ({self.rule})"
            yield with_everyone(self.rule, self.kind, me.id, msg, unit.attacking(me), unit.all_attacking, 1, None)


class CanOnlyAttackAlone(AbilityBase):
    """506.5, 508.1c: "can only attack alone" (Master of Cruelties, Errantry)."""

    kind: Literal["can_only_attack_alone"] = "can_only_attack_alone"
    phrases = (Phrase(r"can only attack alone"),)
    rule = "506.5"

    def attack_restrictions(self, unit: AttackScope, inst: Instance) -> Iterable[Restriction]:
        if (me := unit.attacker(inst)) is not None:
            msg = f"{unit.label(me)} can only attack alone ({self.rule})"
            yield with_everyone(self.rule, self.kind, me.id, msg, unit.attacking(me), unit.all_attacking, None, 0)


class CantAttackUnlessOthersAttack(AbilityBase):
    """508.1c: "can't attack unless at least N other creatures attack" (Orcish Conscripts: 2)."""

    kind: Literal["cant_attack_unless_others_attack"] = "cant_attack_unless_others_attack"
    phrases = (Phrase(r"can't attack unless at least (\w+) other creatures attack", {"n": Slot(1, "number")}),)
    rule = "508.1c"
    n: Positive

    def attack_restrictions(self, unit: AttackScope, inst: Instance) -> Iterable[Restriction]:
        if (me := unit.attacker(inst)) is not None:
            msg = f"{unit.label(me)} can't attack unless at least {self.n} other creatures attack ({self.rule})"
            yield with_everyone(self.rule, self.kind, me.id, msg, unit.attacking(me), unit.all_attacking, self.n, None)


class CantAttackUnlessGreaterPowerAttacks(AbilityBase):
    """508.1c: "can't attack unless a creature with greater power also attacks" (Okk)."""

    kind: Literal["cant_attack_unless_greater_power_attacks"] = "cant_attack_unless_greater_power_attacks"
    phrases = (Phrase(r"can't attack unless a creature with greater power also attacks"),)
    rule = "508.1c"

    def attack_restrictions(self, unit: AttackScope, inst: Instance) -> Iterable[Restriction]:
        if (me := unit.attacker(inst)) is not None:
            stronger = unit.attacking_count(c for c in unit.attackers if (c.power or 0) > (me.power or 0))
            msg = f"{unit.label(me)} can't attack unless a creature with greater power also attacks ({self.rule})"
            yield with_others(self.rule, self.kind, me.id, msg, unit.attacking(me), stronger, 1, None)


class AttackLimit(AbilityBase):
    """508.1c: "No more than N creatures can attack each combat" (Silent Arbiter); with
    ``defender``, "... can attack you each combat" (Crawlspace, counted among the creatures
    attacking that player, 802.3a); with ``per: turn``, "... each turn": it counts creatures,
    so the creatures that attacked (``defender``: attacked a matching target) earlier this turn
    (``Board.attacked_this_turn``) count once each, attacking again or not."""

    kind: Literal["attack_limit"] = "attack_limit"
    phrases = tuple(
        Phrase(
            rf"No more than (\w+) creatures? can attack{whom} each {per}",
            {"n": Slot(1, "number"), **when, **where},
            "sentence",
        )
        for per, when in (("combat", {}), ("turn", {"per": "turn"}))
        for whom, where in (
            ("", {}),
            (" you", {"defender": {"player": "you"}}),
            (r" \$self", {"defender": {"ids": [SELF]}}),
        )
    )
    scope = "game"
    rule = "508.1c"
    n: NonNegative
    per: Literal["combat", "turn"] = "combat"
    defender: Target | None = None

    def attack_restrictions(self, unit: AttackScope, inst: Instance) -> Iterable[Restriction]:
        targets = [t for t in unit.targets if self.defender is None or unit.target_matches(self.defender, t, inst)]
        whom = "" if self.defender is None else f" {self.defender.describe()}"
        count = unit.attacks_on(targets)
        total = count
        if self.per == "turn":
            history = unit.game.earlier_attacks
            counted = {
                c for c, t in history.known if self.defender is None or unit.target_matches(self.defender, t, inst)
            }
            fresh = [c for c in unit.attackers if c.id not in counted]
            total = unit.attacks_on(targets, fresh) + unit.constant(len(counted) + history.anonymous)
        plural = "s" if self.n != 1 else ""
        yield Restriction(
            self.rule,
            self.kind,
            (),
            f"no more than {self.n} creature{plural} can attack{whom} each {self.per} ({inst.source}, {self.rule})",
            any_of(count.at_most(0), total.at_most(self.n)),
        )
