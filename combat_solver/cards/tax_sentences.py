"""Sentences that tax attacking or blocking (508.1h, 509.1d) read whole, their subject and cost
together: Ghostly Prison's "can't attack you unless their controller pays", Flooded Woodlands'
sacrifice for each attacker, Nils' {X} per counter, Heat Wave's tax for each blocking creature."""

from __future__ import annotations

import re
from typing import Any

from ..rules.phrase import MANA
from .compiled import AbilityData
from .readers import Unknown
from .trigger_sentences import TriggerSentences


class TaxSentences(TriggerSentences):
    """The tax sentences of ``Sentences``."""

    def _attack_tax(self, s: str) -> list[AbilityData] | None:
        """C1/C2: "<Creatures> can't attack you [or planeswalkers you control] unless their
        controller pays {N} for each ..." (``{X}`` with "where X is the number of ...")."""
        m = re.fullmatch(
            rf"(.+?) can't attack (you|you or planeswalkers you control|planeswalkers you control) unless their "
            rf"controller pays ({MANA}) for each (?:creature they control that's attacking "
            rf"(?:you|a planeswalker you control)|of those creatures)(?:, where X is (.+))?",
            s,
        )
        if m is None:
            return self._sacrifice_tax(s) or self._counters_tax(s)
        cost: dict[str, Any] = {"mana": m[3]}
        if m[4] is not None or "{X}" in m[3]:
            if m[4] == "the number of basic land types among lands you control":
                cost["x_domain"] = True
            else:
                counted = re.fullmatch(r"the number of (.+?) you control", m[4] or "")
                found = self.nouns.creatures(counted[1]) if counted else None
                if found is None:
                    raise Unknown(s)
                cost["x_count"] = found
        target: dict[str, Any] = {"player": "you"}
        if "planeswalkers" in m[2]:
            target["planeswalkers"] = True
        if not m[2].startswith("you"):
            target["include_player"] = False
        tax: AbilityData = {"kind": "attack_tax", "cost": cost, "target": target}
        if m[1].casefold() != "creatures":
            attackers = self._holder(m[1])
            if attackers is None or "self" in attackers or "controller" in attackers:
                raise Unknown(s)
            tax["attackers"] = attackers
        return [tax]

    def _sacrifice_tax(self, s: str) -> list[AbilityData] | None:
        """Flooded Woodlands: "Green creatures can't attack unless their controller sacrifices a
        land of their choice for each green creature they control that's attacking" (508.1h:
        one land per attacker of that kind, whoever it attacks)."""
        m = re.fullmatch(
            r"(.+?) can't attack unless their controller sacrifices an? (\w+) of their choice for each (.+?) they"
            r" control that's attacking",
            s,
        )
        if m is None:
            return None
        attackers, each = self._holder(m[1]), self._holder(m[3])
        sacrificed = self.nouns.creatures(m[2]) if m[2] != "land" else {"types": ["land"]}
        if (
            attackers is None
            or attackers != each
            or sacrificed is None
            or {"self", "controller", "ids"} & set(attackers)
        ):
            raise Unknown(s)
        tax: AbilityData = {"kind": "attack_tax", "cost": {"sacrifice": {"filter": sacrificed}}, "target": None}
        return [{**tax, "attackers": attackers} if attackers else tax]

    def _counters_tax(self, s: str) -> list[AbilityData] | None:
        """Nils, Discipline Enforcer: "Each creature with one or more counters on it can't attack
        you or planeswalkers you control unless its controller pays {X}, where X is the number of
        counters on that creature" (508.1h: X per creature)."""
        m = re.fullmatch(
            r"Each creature with one or more counters on it can't attack (you|you or planeswalkers you control) "
            r"unless its controller pays \{X\}(?: for that creature)?, where X is the number of counters on that creature",
            s,
        )
        if m is None:
            return None
        target: dict[str, Any] = {"player": "you"}
        if "planeswalkers" in m[1]:
            target["planeswalkers"] = True
        cost = {"mana": "{X}", "x_counters": True}
        return [{"kind": "attack_tax", "cost": cost, "target": target, "attackers": {"counters": {"any": {"ge": 1}}}}]

    def _block_tax(self, s: str) -> list[AbilityData] | None:
        """Heat Wave: "<Creatures> can't block creatures you control unless their controller pays
        <cost> for each blocking creature they control" (509.1d)."""
        m = re.fullmatch(
            rf"(.+?) can't block(?: (creatures you control))? unless their controller pays ({MANA}|\d+ life) "
            rf"for each (?:blocking creature they control|of those creatures)",
            s,
        )
        if m is None:
            return None
        blockers = self._holder(m[1]) if m[1].casefold() != "creatures" else {}
        if blockers is None or "self" in blockers or "controller" in blockers:
            raise Unknown(s)
        life = re.fullmatch(r"(\d+) life", m[3])
        cost: dict[str, Any] = {"life": int(life[1])} if life else {"mana": m[3]}
        tax: AbilityData = {"kind": "block_tax", "cost": cost}
        if m[2] is not None:
            tax["attackers"] = {"controller": "you"}
        if blockers:
            tax["blockers"] = blockers
        return [tax]
