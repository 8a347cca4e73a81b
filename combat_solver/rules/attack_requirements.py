"""Attack requirements (508.1d), counted as docs/design.md §4.1 says: each effect separately; goad makes
two per goading player (701.15b-c); "must attack you ... with at least one creature" is one
requirement on the attacking player."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from ..model.filters import PermanentView, Target
from .block_requirements import MustBlock
from .kind import AbilityBase, AttackScope, BlockScope, Instance, Requirement
from .phrase import CONTROLLER, Phrase, PlayerId


def _attacks_if_able(unit: AttackScope, inst: Instance, me: PermanentView, rule: str, kind: str) -> Requirement:
    return Requirement(
        rule,
        kind,
        (me.id,),
        f"{unit.label(me)} attacks if able ({inst.source})",
        inst.source,
        unit.attacking(me).at_least(1),
    )


class MustAttack(AbilityBase):
    """508.1d: "attacks each combat if able" (Juggernaut; Grand Melee and Hellraiser Goblin grant
    it); with ``target``, "attacks <player / planeswalker> if able" (Alluring Siren: ``{player:
    you}``; Gideon Jura: ``{ids: [gideon]}``)."""

    kind: Literal["must_attack"] = "must_attack"
    phrases = (Phrase(r"attacks? each combat if able"),)
    rule = "508.1d"
    target: Target | None = None

    def attack_requirements(self, unit: AttackScope, inst: Instance) -> Iterable[Requirement]:
        me = unit.attacker(inst)
        if me is None:
            return
        if self.target is None:
            yield _attacks_if_able(unit, inst, me, self.rule, self.kind)
            return
        targets = [t for t in unit.targets if unit.target_matches(self.target, t, inst)]
        yield Requirement(
            self.rule,
            self.kind,
            (me.id, *targets),
            f"{unit.label(me)} attacks {unit.describe_target(self.target, inst)} if able ({inst.source})",
            inst.source,
            unit.attacks_on(targets, [me]).at_least(1),
        )


class AttacksPlayerOtherThan(AbilityBase):
    """508.1d: "attacks a player other than <player> if able" (Kardur; ``player: you``)."""

    kind: Literal["attacks_player_other_than"] = "attacks_player_other_than"
    rule = "508.1d"
    player: PlayerId = "you"

    def attack_requirements(self, unit: AttackScope, inst: Instance) -> Iterable[Requirement]:
        me = unit.attacker(inst)
        if me is None:
            return
        yield _other_player_requirement(
            unit, inst.source, me, unit.resolve_player(self.player, inst), self.rule, self.kind
        )


def _other_player_requirement(
    unit: AttackScope, source: str, me: PermanentView, excluded: str | None, rule: str, kind: str
) -> Requirement:
    players = [t for t in unit.targets if unit.is_player(t) and t != excluded]
    return Requirement(
        rule,
        kind,
        (me.id, *players),
        f"{unit.label(me)} attacks a player other than {excluded} if able ({source})",
        source,
        unit.attacks_on(players, [me]).at_least(1),
    )


class Goad(AbilityBase):
    """701.15b-d: goaded by ``by`` (a player id, or ``you``: the controller of the goading
    effect, e.g. Psychic Impetus) — attacks each combat if able, and attacks a player other than
    the goader if able: two requirements per goading player; the same player goading again adds none."""

    kind: Literal["goad"] = "goad"
    phrases = (Phrase(r"(?:is|are) goaded", {"by": CONTROLLER}),)
    rule = "701.15b"
    by: PlayerId

    def attack_requirements(self, unit: AttackScope, inst: Instance) -> Iterable[Requirement]:
        me = unit.attacker(inst)
        if me is None:
            return
        goader = unit.resolve_player(self.by, inst)
        first = next(
            i
            for i in unit.game.instances[me.id]
            if isinstance(i.ability, Goad) and unit.resolve_player(i.ability.by, i) == goader
        )
        if first is not inst or goader is None:
            return
        source = f"goaded by {goader}"
        yield Requirement(
            self.rule,
            self.kind,
            (me.id,),
            f"{unit.label(me)} attacks if able ({source})",
            source,
            unit.attacking(me).at_least(1),
        )
        yield _other_player_requirement(unit, source, me, goader, self.rule, "goad_other_player")


class MustBeAttacked(AbilityBase):
    """508.1d: "Each opponent must attack you or a planeswalker you control with at least one
    creature each combat if able" (Trove of Temptation: ``target: {player: you, planeswalkers:
    true}``); without ``target``, "must attack with at least one creature" (Seeker of Slaanesh).
    One requirement on each attacking player who is an opponent of this ability's controller,
    met by a creature that player controls (805.10c under shared team turns)."""

    kind: Literal["must_be_attacked"] = "must_be_attacked"
    phrases = (
        Phrase(r"Each opponent must attack with at least one creature each combat if able", place="sentence"),
        Phrase(
            r"Each opponent must attack you with at least one creature each combat if able",
            {"target": {"player": "you"}},
            "sentence",
        ),
        Phrase(
            r"Each opponent must attack you or a planeswalker you control with at least one creature each combat if able",
            {"target": {"player": "you", "planeswalkers": True}},
            "sentence",
        ),
    )
    scope = "game"
    rule = "508.1d"
    target: Target | None = None

    def attack_requirements(self, unit: AttackScope, inst: Instance) -> Iterable[Requirement]:
        targets = [t for t in unit.targets if self.target is None or unit.target_matches(self.target, t, inst)]
        whom = f" {unit.describe_target(self.target, inst)}" if self.target else ""
        for player in sorted(unit.players):
            if inst.controller is None or not unit.game.are_opponents(inst.controller, player):
                continue
            theirs = [c for c in unit.attackers if c.controller == player]
            yield Requirement(
                self.rule,
                self.kind,
                (player, *targets),
                f"{player} attacks{whom} with at least one creature if able ({inst.source})",
                inst.source,
                unit.attacks_on(targets, theirs).at_least(1),
            )


class AttacksOrBlocks(AbilityBase):
    """508.1d and 509.1c: "attacks or blocks each combat if able" (Iron Golem): a requirement to
    attack in its controller's declare attackers step and to block in the declare blockers step."""

    kind: Literal["attacks_or_blocks"] = "attacks_or_blocks"
    phrases = (Phrase(r"attacks or blocks each combat if able"),)
    rule = "508.1d"

    def attack_requirements(self, unit: AttackScope, inst: Instance) -> Iterable[Requirement]:
        me = unit.attacker(inst)
        if me is not None:
            yield _attacks_if_able(unit, inst, me, self.rule, self.kind)

    def block_requirements(self, unit: BlockScope, inst: Instance) -> Iterable[Requirement]:
        return MustBlock().block_requirements(unit, inst)
