"""Evasion: restrictions an attacking creature has on what can block it (509.1b, 702)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..model.filters import Filter, PermanentView
from .kind import AbilityBase, BlockScope, Instance, Reason
from .phrase import POWER, Phrase, Slot


class Flying(AbilityBase):
    """702.9b: can't be blocked except by creatures with flying and/or reach."""

    kind: Literal["flying"] = "flying"
    keyword = "flying"
    rule = "702.9b"

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        if unit.has(blocker, "flying") or unit.has(blocker, "reach") or _excused(unit, inst, blocker, "flying"):
            return None
        return Reason(
            self.rule,
            "flying",
            f"{unit.label(inst.holder)} has flying: only creatures with flying or reach can block it",
        )


class Reach(AbilityBase):
    """702.17b: can block creatures with flying."""

    kind: Literal["reach"] = "reach"
    keyword = "reach"
    rule = "702.17b"


class Shadow(AbilityBase):
    """702.28b: blocks and is blocked only by creatures with shadow."""

    kind: Literal["shadow"] = "shadow"
    keyword = "shadow"
    rule = "702.28b"

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        if unit.has(blocker, "shadow") or _excused(unit, inst, blocker, "shadow"):
            return None
        return Reason(
            self.rule, "shadow", f"{unit.label(inst.holder)} has shadow: creatures without shadow can't block it"
        )

    def forbids_blocking(self, unit: BlockScope, inst: Instance, attacker: PermanentView) -> Reason | None:
        if unit.has(attacker, "shadow"):
            return None
        return Reason(
            self.rule, "shadow", f"{unit.label(inst.holder)} has shadow: it can block only creatures with shadow"
        )


class Horsemanship(AbilityBase):
    """702.31b: can't be blocked by creatures without horsemanship."""

    kind: Literal["horsemanship"] = "horsemanship"
    keyword = "horsemanship"
    rule = "702.31b"

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        if unit.has(blocker, "horsemanship") or _excused(unit, inst, blocker, "horsemanship"):
            return None
        return Reason(
            self.rule,
            "horsemanship",
            f"{unit.label(inst.holder)} has horsemanship: creatures without horsemanship can't block it",
        )


class Fear(AbilityBase):
    """702.36b: can't be blocked except by artifact creatures and/or black creatures."""

    kind: Literal["fear"] = "fear"
    keyword = "fear"
    rule = "702.36b"

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        if "artifact" in blocker.types or "black" in blocker.colors or _excused(unit, inst, blocker, "fear"):
            return None
        return Reason(
            self.rule, "fear", f"{unit.label(inst.holder)} has fear: only artifact or black creatures can block it"
        )


class Intimidate(AbilityBase):
    """702.13b: can't be blocked except by artifact creatures and/or creatures sharing a color."""

    kind: Literal["intimidate"] = "intimidate"
    keyword = "intimidate"
    rule = "702.13b"

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        assert inst.holder is not None
        if "artifact" in blocker.types or set(blocker.colors) & set(inst.holder.colors):
            return None
        if _excused(unit, inst, blocker, "intimidate"):
            return None
        return Reason(
            self.rule,
            "intimidate",
            f"{unit.label(inst.holder)} has intimidate: only artifact creatures or creatures sharing a color with it can block it",
        )


class Skulk(AbilityBase):
    """702.118b: can't be blocked by creatures with greater power."""

    kind: Literal["skulk"] = "skulk"
    keyword = "skulk"
    rule = "702.118b"

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        assert inst.holder is not None
        if (blocker.power or 0) <= (inst.holder.power or 0) or _excused(unit, inst, blocker, "skulk"):
            return None
        return Reason(
            self.rule,
            "skulk",
            f"{unit.label(inst.holder)} has skulk: {unit.label(blocker)} has greater power and can't block it",
        )


class Landwalk(AbilityBase):
    """702.14c: can't be blocked as long as the defending player controls a land of the kind named
    (``land`` filter: ``{subtypes: [Island]}`` for islandwalk, ``{not: {supertypes: [basic]}}`` for
    nonbasic landwalk, ``{supertypes: [legendary]}`` for legendary landwalk, ``{subtypes: [Swamp],
    supertypes: [snow]}`` for snow swampwalk, 702.14a)."""

    kind: Literal["landwalk"] = "landwalk"
    phrases = (
        Phrase(
            r"(plains|island|swamp|mountain|forest|desert)walk", {"land": {"subtypes": [Slot(1, "title")]}}, "keyword"
        ),
        Phrase(
            r"snow (plains|island|swamp|mountain|forest)walk",
            {"land": {"supertypes": ["snow"], "subtypes": [Slot(1, "title")]}},
            "keyword",
        ),
        Phrase(r"nonbasic landwalk", {"land": {"not": {"supertypes": ["basic"]}}}, "keyword"),
        Phrase(r"artifact landwalk", {"land": {"types": ["artifact"]}}, "keyword"),
        Phrase(r"(legendary|snow) landwalk", {"land": {"supertypes": [Slot(1, "lower")]}}, "keyword"),
        Phrase(
            r"(snow|legendary) (plains|island|swamp|mountain|forest|desert)walk",
            {"land": {"subtypes": [Slot(2, "title")], "supertypes": [Slot(1, "lower")]}},
            "keyword",
        ),
    )
    rule = "702.14c"
    land: Filter

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        assert inst.holder is not None
        defender = unit.game.defending_player(inst.holder.id)
        lands = [p for p in unit.game.permanents_of(defender) if "land" in p.types]
        if not any(unit.matches(self.land, land, inst.controller) for land in lands):
            return None
        if _excused(unit, inst, blocker, "landwalk", self.land):
            return None
        return Reason(
            self.rule,
            "landwalk",
            f"{unit.label(inst.holder)} has landwalk ({self.land.describe('lands')}) and its defending player controls such a land",
        )


class Protection(AbilityBase):
    """702.16f: can't be blocked by creatures that have the stated quality (``from``; an empty
    filter is protection from everything)."""

    kind: Literal["protection"] = "protection"
    phrases = (Phrase(r"protection from (.+)", {"from": Slot(1, "qualities")}, "keyword"),)
    rule = "702.16f"
    from_: Filter = Field(alias="from")

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        if not unit.matches(self.from_, blocker, inst.controller):
            return None
        return Reason(
            self.rule,
            "protection",
            f"{unit.label(inst.holder)} has protection from {self.from_.describe('') or 'everything'}, which {unit.label(blocker)} is",
        )


class CantBeBlocked(AbilityBase):
    """509.1b: "can't be blocked" (also "this turn", as an effect)."""

    kind: Literal["cant_be_blocked"] = "cant_be_blocked"
    phrases = (
        Phrase(r"can't be blocked"),
        Phrase(
            r"can't be blocked unless defending player controls (\w+) or more creatures that share a creature type",
            {
                "unless": {
                    "players": [{"who": "defending_player", "creatures_sharing_a_type": {"ge": Slot(1, "number")}}]
                }
            },
        ),
    )
    rule = "509.1b"

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        return Reason(self.rule, "cant_be_blocked", f"{unit.label(inst.holder)} can't be blocked ({inst.source})")


class CantBeBlockedBy(AbilityBase):
    """509.1b: "can't be blocked by <filter>" (Walls, power 2 or less, artifact creatures...)."""

    kind: Literal["cant_be_blocked_by"] = "cant_be_blocked_by"
    phrases = (
        Phrase(r"can't be blocked by (.+?)", {"by": Slot(1, "creatures")}),
        Phrase(
            r"\$self can't be blocked by creatures with greater power", {"by": {"power": {"gt": POWER}}}, "sentence"
        ),
    )
    rule = "509.1b"
    by: Filter

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        if not unit.matches(self.by, blocker, inst.controller):
            return None
        return Reason(
            self.rule,
            "cant_be_blocked_by",
            f"{unit.label(inst.holder)} can't be blocked by {self.by.describe()} ({inst.source})",
        )


class CantBeBlockedExceptBy(AbilityBase):
    """509.1b: "can't be blocked except by <filter>"."""

    kind: Literal["cant_be_blocked_except_by"] = "cant_be_blocked_except_by"
    phrases = (Phrase(r"can't be blocked except by (.+?)", {"by": Slot(1, "creatures")}),)
    rule = "509.1b"
    by: Filter

    def forbids_being_blocked_by(self, unit: BlockScope, inst: Instance, blocker: PermanentView) -> Reason | None:
        if unit.matches(self.by, blocker, inst.controller):
            return None
        return Reason(
            self.rule,
            "cant_be_blocked_except_by",
            f"{unit.label(inst.holder)} can't be blocked except by {self.by.describe()} ({inst.source})",
        )


Evasion = Literal["flying", "shadow", "horsemanship", "fear", "intimidate", "skulk", "landwalk"]
_GIVES = {"flying": "flying", "reach": "flying", "shadow": "shadow", "horsemanship": "horsemanship"}


class BlockAsThough(AbilityBase):
    """509.1b exceptions: "can block <attackers> as though it had <ability>" (Wall of Diffusion:
    ``had: [shadow]``; Dragon Hunter: ``had: [reach]``, attackers Dragons) and "can block
    creatures with <ability> as though they didn't have it" (Aetherflame Wall: ``ignoring:
    [shadow]``; Street Savvy: ``ignoring: [landwalk]``). ``landwalk``: the one landwalk ignored,
    by its ``land`` filter (Deadfall's forestwalk, 702.14c: a creature with forestwalk and
    islandwalk keeps its islandwalk); None: every landwalk. Only blocking is affected: the holder
    doesn't gain the ability (so "as though it had shadow" doesn't stop it blocking creatures
    without shadow)."""

    kind: Literal["block_as_though"] = "block_as_though"
    phrases = (
        Phrase(
            r"can block creatures with (flying|shadow|horsemanship|fear|intimidate|skulk) as though they didn't have \1",
            {"ignoring": [Slot(1, "lower")]},
        ),
        Phrase(
            r"can block creatures with landwalk abilities as though they didn't have those abilities",
            {"ignoring": ["landwalk"]},
        ),
        Phrase(
            r"can block (.+?) as though (?:it|\$self) had (flying|reach|shadow|horsemanship)",
            {"attackers": Slot(1, "creatures"), "had": [Slot(2, "lower")]},
        ),
    )
    rule = "509.1b"
    had: tuple[Literal["flying", "reach", "shadow", "horsemanship"], ...] = ()
    ignoring: tuple[Evasion, ...] = ()
    landwalk: Filter | None = Field(
        None,
        description="with `ignoring: [landwalk]`: only the landwalk of this `land` filter (forestwalk: {subtypes: [Forest]})",
    )
    attackers: Filter | None = None

    @model_validator(mode="after")
    def _says_something(self) -> BlockAsThough:
        if not self.had and not self.ignoring:
            raise ValueError("give `had` or `ignoring`")
        if self.landwalk is not None and "landwalk" not in self.ignoring:
            raise ValueError("`landwalk` names which landwalk `ignoring: [landwalk]` ignores")
        return self

    def excuses(self, evasion: str, land: Filter | None = None) -> bool:
        if evasion == "landwalk" and self.landwalk is not None and self.landwalk != land:
            return False
        return evasion in self.ignoring or any(_GIVES[h] == evasion for h in self.had)


def _excused(
    unit: BlockScope, inst: Instance, blocker: PermanentView, evasion: str, land: Filter | None = None
) -> bool:
    """Whether ``blocker`` may block ``inst.holder`` as though ``evasion`` (for landwalk: the one of
    ``land``) didn't stop it."""
    assert inst.holder is not None
    return any(
        isinstance(i.ability, BlockAsThough)
        and i.ability.excuses(evasion, land)
        and (i.ability.attackers is None or unit.matches(i.ability.attackers, inst.holder, i.controller))
        for i in unit.game.instances[blocker.id]
    )
