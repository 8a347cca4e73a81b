"""Triggered abilities that trigger on attackers or blockers being declared (508.1m, 509.1i),
each counted as 509.3a-g and 603.2c say. A trigger ability reports how many times it triggers
for a legal declaration, and which objects caused it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field, model_validator

from ..model.base import Flag, Positive
from ..model.filters import Comparison, Filter, PermanentView, Target
from .kind import AbilityBase, CombatFactsView, Instance
from .phrase import ATTACHED, Phrase, Slot

if TYPE_CHECKING:
    from ..model.records import TriggerReport


class _Subject(AbilityBase):
    """``who``: None for "this creature", or a filter ("a creature you control") read with
    "you" = this ability's controller."""

    who: Filter | None = None
    given_to_any_permanent: ClassVar[bool] = True

    @staticmethod
    def of_quality(facts: CombatFactsView, inst: Instance, ids: Iterable[str], quality: Filter | None) -> list[str]:
        """The creatures of ``ids`` that have ``quality`` as blockers are declared (509.3f; all of
        them with none), "you" being this ability's controller."""
        return [
            i for i in ids if quality is None or facts.game.matches(quality, facts.game.permanent(i), inst.controller)
        ]

    def subjects(self, facts: CombatFactsView, inst: Instance, among: Iterable[PermanentView]) -> list[PermanentView]:
        if self.who is None:
            return [p for p in among if inst.holder is not None and p.id == inst.holder.id]
        who = self.who
        return [p for p in among if facts.game.matches(who, p, inst.controller)]


ALONE = {"eq": 1}
"""506.5: a creature attacks alone if it's the only creature declared as an attacker."""
OPPONENT = "opponent"
"""A player who is an opponent of the ability's controller (102.3)."""


class AttackTrigger(_Subject):
    """508.1m, 508.3a: "Whenever <this creature / a creature [you control]> attacks [you / a
    planeswalker]" — once for each such attacking creature; with ``once``, "whenever one or more
    ... attack" and "whenever you attack" (508.3d) — once in all (603.2c), and with a ``target``
    once for each player attacked ("whenever you attack a player", "... attack one of your
    opponents", 508.3e; with ``once_for_all_players`` once in all, "attacks one or more of your
    opponents"); with ``most_life``,
    only an attack on a player with the most life or tied for most life (dethrone, 702.105a); with
    ``first_time_each_turn``, not for a creature that attacked in an earlier combat this turn
    (Aurelia, the Warleader; 506.1: a turn may have more than one combat phase); with
    ``attackers``, only when the number of creatures declared as attackers passes that test
    (506.5, 702.83b: "attacks alone" is ``{eq: 1}``, exalted 702.83a; battalion 207.2c, "this creature and
    at least two other creatures attack": ``{ge: 3}``; "whenever you attack with three or more
    creatures"); with ``matching``, only when the number of attackers it is about passes that
    test ("whenever you attack with two or more Spiders", "attacks you with two or more creatures";
    with a ``target``, for each player attacked: "two or more creatures you control attack a player");
    with ``attacking_power``, only when the attackers' total power passes it (pack tactics, 207.2c:
    "if you attacked with creatures with total power 6 or greater this combat")."""

    kind: Literal["attack_trigger"] = "attack_trigger"
    phrases = (
        Phrase(
            r"mentor|battle cry|annihilator (?:\d+|X)|myriad|melee|firebending (?:\d+|X)|mobilize (?:\d+|X)"
            r"|double team",  # Alchemy's double team: "When this creature attacks, conjure a duplicate ..."
            place="keyword",
        ),
        Phrase(r"dethrone", {"most_life": True}, "keyword"),
        Phrase(r"exalted", {"who": {"controller": "you"}, "attackers": ALONE}, "keyword"),
        Phrase(r"whenever \$self attacks alone", {"attackers": ALONE}, "trigger"),
        Phrase(
            r"whenever (?:enchanted|equipped) creature attacks alone",
            {"who": {"ids": [ATTACHED]}, "attackers": ALONE},
            "trigger",
        ),
        Phrase(
            r"whenever (an? [^,]+? you control) attacks alone",
            {"who": Slot(1, "creatures"), "attackers": ALONE},
            "trigger",
        ),
        *(
            Phrase(
                rf"whenever \$self and at least {others} other creatures? attacks?", {"attackers": {"ge": n}}, "trigger"
            )
            for others, n in (("one", 2), ("two", 3), ("three", 4))
        ),
        Phrase(  # Merry, Esquire of Rohan: once as it attacks beside another such attacker
            r"whenever you attack with \$self and another ([^,]+)",
            {"condition": {"attack": {"filter": Slot(1, "creatures")}}},
            "trigger",
        ),
        Phrase(
            r"whenever you attack with (\w+) or more creatures",
            {"who": {"controller": "you"}, "once": True, "attackers": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(
            r"whenever you attack with exactly (\w+) creatures",
            {"who": {"controller": "you"}, "once": True, "attackers": {"eq": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(
            r"whenever a player attacks with (\w+) or more creatures",
            {"who": {}, "once": True, "attackers": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(r"whenever (?:a player attacks|one or more creatures attack)", {"who": {}, "once": True}, "trigger"),
        Phrase(
            r"whenever (?:a player attacks you|one or more creatures attack you)",
            {"who": {}, "once": True, "target": {"player": "you"}},
            "trigger",
        ),
        Phrase(
            r"whenever (?:a player attacks|one or more creatures attack) one of your opponents",
            {"who": {}, "once": True, "target": {"player": OPPONENT}},
            "trigger",
        ),
        Phrase(
            r"whenever a creature attacks one of your opponents", {"who": {}, "target": {"player": OPPONENT}}, "trigger"
        ),
        Phrase(
            r"whenever (an? [^,]+?) attacks one of your opponents",
            {"who": Slot(1, "creatures"), "target": {"player": OPPONENT}},
            "trigger",
        ),
        Phrase(r"whenever you attack a player", {"who": {"controller": "you"}, "once": True, "target": {}}, "trigger"),
        Phrase(
            r"whenever (?:enchanted player is attacked|a player attacks enchanted player with one or more creatures)",
            {"who": {}, "once": True, "target": {"player": ATTACHED}},
            "trigger",
        ),
        Phrase(r"whenever a creature attacks enchanted player", {"who": {}, "target": {"player": ATTACHED}}, "trigger"),
        Phrase(
            r"whenever you attack enchanted player",
            {"who": {"controller": "you"}, "once": True, "target": {"player": ATTACHED}},
            "trigger",
        ),
        Phrase(r"whenever \$self attacks a player", {"target": {}}, "trigger"),
        Phrase(r"whenever \$self attacks a battle", {"target": {"include_player": False, "battles": True}}, "trigger"),
        Phrase(
            r"whenever \$self attacks the player with the most life or tied for most life",
            {"most_life": True},
            "trigger",
        ),
        Phrase(r"whenever \$self attacks?", place="trigger"),  # "attack": a name of two ("Aang and La")
        Phrase(r"whenever \$self attacks for the first time each turn", {"first_time_each_turn": True}, "trigger"),
        Phrase(r"whenever (?:enchanted|equipped) creature attacks", {"who": {"ids": [ATTACHED]}}, "trigger"),
        Phrase(
            r"whenever (?:enchanted|equipped) creature attacks a player",
            {"who": {"ids": [ATTACHED]}, "target": {}},
            "trigger",
        ),
        Phrase(r"whenever a creature you control attacks", {"who": {"controller": "you"}}, "trigger"),
        Phrase(
            r"whenever one or more creatures you control attack|whenever you attack",
            {"who": {"controller": "you"}, "once": True},
            "trigger",
        ),
        Phrase(r"whenever a creature attacks", {"who": {}}, "trigger"),
        Phrase(r"whenever a creature attacks you", {"who": {}, "target": {"player": "you"}}, "trigger"),
        Phrase(
            r"whenever (an? creature with(?:out)? [^,]+?) attacks you",
            {"who": Slot(1, "creatures"), "target": {"player": "you"}},
            "trigger",
        ),
        Phrase(
            r"whenever (an? creature with(?:out)? [^,]+?) attacks you or a planeswalker you control",
            {"who": Slot(1, "creatures"), "target": {"player": "you", "planeswalkers": True}},
            "trigger",
        ),
        Phrase(
            r"whenever a creature attacks you or a planeswalker you control",
            {"who": {}, "target": {"player": "you", "planeswalkers": True}},
            "trigger",
        ),
        Phrase(r"whenever ((?:an?|another) [^,]+? you control) attacks", {"who": Slot(1, "creatures")}, "trigger"),
        Phrase(r"whenever (an? [^,]+? you own but don't control) attacks", {"who": Slot(1, "creatures")}, "trigger"),
        Phrase(r"whenever (an? creature with(?:out)? [^,]+?) attacks", {"who": Slot(1, "creatures")}, "trigger"),
        Phrase(r"whenever (an? [A-Z][\w'-]*) attacks", {"who": Slot(1, "creatures")}, "trigger"),  # Najeela: a Warrior
        Phrase(  # Vengeful Ancestor: "a goaded creature", anyone's
            r"whenever (an? (?:[a-z][\w-]* )+?creature) attacks", {"who": Slot(1, "creatures")}, "trigger"
        ),
        Phrase(
            r"whenever one or more ([^,]+? you control) attack", {"who": Slot(1, "creatures"), "once": True}, "trigger"
        ),
        Phrase(
            r"whenever one or more ([^,]+? you control) attack a player",
            {"who": Slot(1, "creatures"), "once": True, "target": {}},
            "trigger",
        ),
        Phrase(
            r"whenever one or more ([^,]+? you control) attack (?:an opponent|one of your opponents)",
            {"who": Slot(1, "creatures"), "once": True, "target": {"player": OPPONENT}},
            "trigger",
        ),
        Phrase(
            r"whenever an opponent attacks(?: with creatures)?",
            {"who": {"controller": OPPONENT}, "once": True},
            "trigger",
        ),
        Phrase(
            r"whenever an opponent attacks you",
            {"who": {"controller": OPPONENT}, "once": True, "target": {"player": "you"}},
            "trigger",
        ),
        Phrase(
            r"whenever an opponent attacks you and/or one or more planeswalkers you control",
            {"who": {"controller": OPPONENT}, "once": True, "target": {"player": "you", "planeswalkers": True}},
            "trigger",
        ),
        Phrase(r"whenever a creature an opponent controls attacks", {"who": {"controller": OPPONENT}}, "trigger"),
        Phrase(
            r"whenever a creature an opponent controls attacks one of your opponents",
            {"who": {"controller": OPPONENT}, "target": {"player": OPPONENT}},
            "trigger",
        ),
        Phrase(
            r"whenever a creature attacks one of your opponents or a planeswalker an opponent controls",
            {"who": {}, "target": {"player": OPPONENT, "planeswalkers": True}},
            "trigger",
        ),
        Phrase(
            r"whenever one or more creatures attack one of your opponents or a planeswalker they control",
            {"who": {}, "once": True, "target": {"player": OPPONENT, "planeswalkers": True}},
            "trigger",
        ),
        Phrase(
            r"whenever (?:a player attacks one or more of your opponents|one or more of your opponents are attacked)",
            {"who": {}, "once": True, "target": {"player": OPPONENT}, "once_for_all_players": True},
            "trigger",
        ),
        Phrase(r"whenever \$self attacks an opponent", {"target": {"player": OPPONENT}}, "trigger"),
        Phrase(
            r"whenever (?:enchanted|equipped) creature attacks the player with the most life or tied for most life",
            {"who": {"ids": [ATTACHED]}, "most_life": True},
            "trigger",
        ),
        Phrase(
            r"whenever a creature you control attacks a player", {"who": {"controller": "you"}, "target": {}}, "trigger"
        ),
        Phrase(r"whenever your commander attacks", {"who": {"commander": True, "owner": "you"}}, "trigger"),
        Phrase(
            r"whenever (\w+) or more ([^,]+? you control) attack",
            {"who": Slot(2, "creatures"), "once": True, "matching": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(  # Landroval, Horizon Witness: that many attacking the same player (508.3e)
            r"whenever (\w+) or more ([^,]+? you control) attack a player",
            {"who": Slot(2, "creatures"), "once": True, "target": {}, "matching": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(
            r"whenever you attack with creatures with total power (\w+) or greater",
            {"who": {"controller": "you"}, "once": True, "attacking_power": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(
            r"whenever an opponent attacks you with (\w+) or more creatures",
            {
                "who": {"controller": OPPONENT},
                "once": True,
                "target": {"player": "you"},
                "matching": {"ge": Slot(1, "number")},
            },
            "trigger",
        ),
        Phrase(
            r"whenever an opponent attacks with (\w+) or more creatures",
            {"who": {"controller": OPPONENT}, "once": True, "attackers": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(
            r"whenever another player attacks with (\w+) or more creatures",
            {"who": {"not": {"controller": "you"}}, "once": True, "attackers": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(
            r"whenever (\w+) or more creatures your opponents control attack",
            {"who": {"controller": OPPONENT}, "once": True, "attackers": {"ge": Slot(1, "number")}},
            "trigger",
        ),
        Phrase(
            r"whenever (\w+) or more creatures attack",
            {"who": {}, "once": True, "attackers": {"ge": Slot(1, "number")}},
            "trigger",
        ),
    )
    rule = "508.1m"
    per_target_condition = True
    """Its intervening "if" (603.4) is read for each attacker with that attacker's defending player
    ("if defending player controls no Walls": Siege Dragon, 802.2a)."""
    once: Flag = False
    target: Target | None = None
    once_for_all_players: Flag = Field(
        False,
        description="with `once` and a `target`: once however many players are attacked (Jolene's 'a player attacks "
        "one or more of your opponents'), not once for each player attacked (508.3e)",
    )
    most_life: Flag = Field(
        False, description="only on an attack on a player with the most life or tied for most life (dethrone)"
    )
    first_time_each_turn: Flag = Field(
        False, description="not for a creature that attacked in an earlier combat this turn (`attacked_this_turn`)"
    )
    attackers: Comparison | None = Field(
        None, description="the number of creatures declared as attackers (alone: {eq: 1}, 506.5; battalion: {ge: 3})"
    )
    attacking_power: Comparison | None = Field(
        None, description="the total power of the creatures declared as attackers (pack tactics: {ge: 6})"
    )
    matching: Comparison | None = Field(
        None,
        description='with `once`: the number of attackers it is about ("you attack with two or more Spiders": {ge: 2})',
    )

    @model_validator(mode="after")
    def _once_for_all_with_a_target(self) -> AttackTrigger:
        if self.once_for_all_players and not (self.once and self.target is not None):
            raise ValueError("`once_for_all_players` goes with `once` and a `target`")
        return self

    def attack_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        spec = self.target
        attackers = [
            a
            for a in self.subjects(facts, inst, facts.attackers)
            if (spec is None or facts.attack_target_matches(spec, facts.attacks[a.id], inst))
            and (not self.most_life or _has_most_life(facts, facts.attacks[a.id]))
            and ((self.condition is None and self.unless is None) or facts.applies_against(inst, facts.attacks[a.id]))
        ]
        if self.attackers is not None and not self.attackers.holds(len(facts.attacks)):
            return
        if self.attacking_power is not None and not self.attacking_power.holds(
            sum(a.power or 0 for a in facts.attackers)
        ):
            return
        note = ""
        if self.first_time_each_turn:
            earlier = facts.game.earlier_attacks
            attackers = [a for a in attackers if all(a.id != creature for creature, _ in earlier.known)]
            if earlier.anonymous and attackers:
                note = "unless it attacked in an earlier combat this turn (`attacked_this_turn` gives no creatures)"
        per_player = self.once and self.target is not None and not self.once_for_all_players  # 508.3e
        attacked: dict[str, list[str]] = {}
        for a in attackers:
            target = facts.attacks[a.id]
            player = (facts.game.defending_player_of(target) or target) if per_player else ""
            attacked.setdefault(player, []).append(a.id)
        if per_player and len({a.controller for a in attackers}) > 1:  # shared team turns (805.10a)
            shared = "once for each player attacked; for each player attacking too where it says 'a player attacks'"
            note = f"{note}; {shared}" if note else shared
        groups = [ids for ids in attacked.values() if self.matching is None or self.matching.holds(len(ids))]
        if groups:
            count = len(groups) if self.once else len(attackers)
            yield facts.fired(inst, self.kind, self.rule, count, [i for ids in groups for i in ids], note)


def _has_most_life(facts: CombatFactsView, target: str) -> bool:
    """702.105a: ``target`` is a player whose life total is the highest, or tied for it."""
    game = facts.game
    if target not in game.player_ids:
        return False
    return game.player(target).life == max(game.player(p).life for p in game.player_ids)


class BlockTrigger(_Subject):
    """509.3a: "Whenever <this creature / a creature you control> blocks" — once each combat for
    each such blocking creature, however many creatures it blocks (with ``once``, "whenever one or
    more creatures block": once in all, 603.2c)."""

    kind: Literal["block_trigger"] = "block_trigger"
    phrases = (
        Phrase(r"whenever \$self blocks?", place="trigger"),
        Phrase(r"whenever (?:enchanted|equipped) creature blocks", {"who": {"ids": [ATTACHED]}}, "trigger"),
        Phrase(r"whenever a creature blocks", {"who": {}}, "trigger"),
        Phrase(r"whenever one or more creatures block", {"who": {}, "once": True}, "trigger"),
        Phrase(r"whenever (an? creature with [^,]+?) blocks", {"who": Slot(1, "creatures")}, "trigger"),
        Phrase(r"whenever ((?:an?|another) [^,]+? you control) blocks", {"who": Slot(1, "creatures")}, "trigger"),
    )
    rule = "509.3a"
    once: Flag = False

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        blockers = self.subjects(facts, inst, facts.blocking_creatures)
        if blockers:
            yield facts.fired(inst, self.kind, self.rule, 1 if self.once else len(blockers), [b.id for b in blockers])


class BlocksCreatureTrigger(_Subject):
    """509.3b: "Whenever this creature blocks a creature" — once for each attacking creature it
    blocks (every member of a band it blocks, 702.22h); with ``blocked``, only the attackers of
    that quality as blockers are declared ("blocks a creature with flying", 509.3f); with
    ``once``, "blocks one or more black creatures": once."""

    kind: Literal["blocks_creature_trigger"] = "blocks_creature_trigger"
    phrases = (
        Phrase(r"whenever \$self blocks a creature", place="trigger"),
        Phrase(r"whenever (?:enchanted|equipped) creature blocks a creature", {"who": {"ids": [ATTACHED]}}, "trigger"),
        Phrase(r"whenever \$self blocks (an? [^,]+?)", {"blocked": Slot(1, "creatures")}, "trigger"),
        Phrase(
            r"whenever \$self blocks one or more ([^,]+?)", {"blocked": Slot(1, "creatures"), "once": True}, "trigger"
        ),
        Phrase(
            r"whenever (?:enchanted|equipped) creature blocks one or more creatures",
            {"who": {"ids": [ATTACHED]}, "once": True},
            "trigger",
        ),
    )
    rule = "509.3b"
    blocked: Filter | None = None
    once: Flag = Field(False, description='"blocks one or more <quality> creatures": once, however many (603.2c)')

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        wanted = self.blocked
        for blocker in self.subjects(facts, inst, facts.blocking_creatures):
            blocked = self.of_quality(facts, inst, facts.blocked_by_blocker.get(blocker.id, []), wanted)
            if blocked:
                count = 1 if self.once else len(blocked)
                yield facts.fired(inst, self.kind, "509.3f" if wanted is not None else self.rule, count, blocked)


class BecomesBlockedTrigger(_Subject):
    """509.3c: "Whenever <this creature / a creature you control> becomes blocked" — once for each
    such creature, however many creatures block it (with ``once``, "whenever one or more creatures
    you control become blocked": once in all, 603.2c); with ``by_at_least`` N, "becomes blocked by
    N or more creatures" (509.3e); with ``by``, only blockers of that quality count ("becomes blocked
    by one or more black creatures", 509.3f)."""

    kind: Literal["becomes_blocked_trigger"] = "becomes_blocked_trigger"
    phrases = (
        Phrase(r"afflict \d+", place="keyword"),
        Phrase(r"whenever \$self becomes? blocked", place="trigger"),
        Phrase(r"whenever (?:enchanted|equipped) creature becomes blocked", {"who": {"ids": [ATTACHED]}}, "trigger"),
        Phrase(r"whenever a creature becomes blocked", {"who": {}}, "trigger"),
        Phrase(
            r"whenever ((?:an?|another) [^,]+? you control) becomes blocked", {"who": Slot(1, "creatures")}, "trigger"
        ),
        Phrase(r"whenever (an? [A-Z][\w'-]*) becomes blocked", {"who": Slot(1, "creatures")}, "trigger"),
        Phrase(
            r"whenever (?:enchanted|equipped) creature becomes blocked by one or more creatures",
            {"who": {"ids": [ATTACHED]}},
            "trigger",
        ),
        Phrase(r"whenever \$self becomes blocked by one or more ([^,]+?)", {"by": Slot(1, "creatures")}, "trigger"),
        Phrase(
            r"whenever (?:enchanted|equipped) creature becomes blocked by one or more ([^,]+?)",
            {"who": {"ids": [ATTACHED]}, "by": Slot(1, "creatures")},
            "trigger",
        ),
        Phrase(
            r"whenever one or more ([^,]+? you control) (?:fight or )?become blocked",
            {"who": Slot(1, "creatures"), "once": True},
            "trigger",
        ),  # Neyith of the Dire Hunt: "fight or become blocked": in combat, the block
    )
    rule = "509.3c"
    by_at_least: Positive = 1
    once: Flag = False
    by: Filter | None = Field(
        None, description='only blockers of this quality count ("by one or more black creatures")'
    )

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        by = self.by
        blockers = {a.id: self.of_quality(facts, inst, facts.blockers_of.get(a.id, []), by) for a in facts.attackers}
        blocked = [a for a in self.subjects(facts, inst, facts.attackers) if len(blockers[a.id]) >= self.by_at_least]
        if blocked:
            rule = "509.3e" if self.by_at_least > 1 else "509.3f" if by is not None else self.rule
            objects = [b for a in blocked for b in blockers[a.id]]
            yield facts.fired(inst, self.kind, rule, 1 if self.once else len(blocked), objects)


class BlockedByCreatureTrigger(_Subject):
    """509.3d: "Whenever this creature becomes blocked by a creature" — once for each creature
    blocking it; with ``by``, only blockers that have that quality when blockers are declared
    ("by a white creature", 509.3f)."""

    kind: Literal["blocked_by_creature_trigger"] = "blocked_by_creature_trigger"
    phrases = (
        Phrase(r"whenever \$self becomes blocked by a creature", place="trigger"),
        Phrase(
            r"whenever (?:enchanted|equipped) creature becomes blocked by a creature",
            {"who": {"ids": [ATTACHED]}},
            "trigger",
        ),
        Phrase(r"whenever \$self becomes blocked by (an? [^,]+?)", {"by": Slot(1, "creatures")}, "trigger"),
    )
    rule = "509.3d"
    by: Filter | None = None

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        by = self.by
        for attacker in self.subjects(facts, inst, facts.attackers):
            blockers = self.of_quality(facts, inst, facts.blockers_of.get(attacker.id, []), by)
            if blockers:
                yield facts.fired(inst, self.kind, "509.3f" if by is not None else self.rule, len(blockers), blockers)


class UnblockedTrigger(_Subject):
    """509.3g: "Whenever this creature attacks and isn't blocked" — when no creature is declared
    as its blocker."""

    kind: Literal["unblocked_trigger"] = "unblocked_trigger"
    phrases = (
        Phrase(r"whenever \$self attacks and isn't blocked", place="trigger"),
        Phrase(
            r"whenever (?:enchanted|equipped) creature attacks and isn't blocked",
            {"who": {"ids": [ATTACHED]}},
            "trigger",
        ),
        Phrase(r"frenzy \d+", place="keyword"),  # 702.68a
    )
    rule = "509.3g"

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        for attacker in self.subjects(facts, inst, facts.attackers):
            if not facts.blockers_of.get(attacker.id):
                yield facts.fired(inst, self.kind, self.rule, 1, [attacker.id])


class Rampage(AbilityBase):
    """702.23a: "Whenever this creature becomes blocked, it gets +N/+N for each creature blocking
    it beyond the first" — one trigger per instance (702.23c)."""

    kind: Literal["rampage"] = "rampage"
    phrases = (Phrase(r"rampage (\d+)", {"n": Slot(1, "number")}, "keyword"),)
    rule = "702.23a"
    n: Positive = 1

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        blockers = facts.blockers_of.get(inst.holder.id, []) if inst.holder else []
        if blockers:
            bonus = self.n * (len(blockers) - 1)
            yield facts.fired(inst, self.kind, self.rule, 1, blockers, note=f"+{bonus}/+{bonus}")


class Flanking(AbilityBase):
    """702.25a: "Whenever this creature becomes blocked by a creature without flanking, the
    blocking creature gets -1/-1" — once per such blocker, per instance (702.25b)."""

    kind: Literal["flanking"] = "flanking"
    keyword = "flanking"
    rule = "702.25a"

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        blockers = [
            b
            for b in (facts.blockers_of.get(inst.holder.id, []) if inst.holder else [])
            if not facts.game.has_keyword(b, "flanking")
        ]
        if blockers:
            yield facts.fired(inst, self.kind, self.rule, len(blockers), blockers)


class Bushido(AbilityBase):
    """702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N" — once."""

    kind: Literal["bushido"] = "bushido"
    phrases = (Phrase(r"bushido (\d+)", {"n": Slot(1, "number")}, "keyword"),)
    rule = "702.45a"
    n: Positive = 1

    def block_triggers(self, facts: CombatFactsView, inst: Instance) -> Iterable[TriggerReport]:
        holder = inst.holder
        if holder is None:
            return
        blocks = facts.blocked_by_blocker.get(holder.id)
        blockers = facts.blockers_of.get(holder.id)
        if blocks or blockers:
            yield facts.fired(inst, self.kind, self.rule, 1, blocks or blockers or [], note=f"+{self.n}/+{self.n}")
