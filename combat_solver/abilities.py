"""The rules vocabulary as one discriminated union on ``kind`` (see ``rules/`` for behaviour).

To add a card template: write its ability class in the matching ``rules`` module and list it in
``_KINDS`` below.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import Field, field_validator

from .filters import Filter
from .rules.attack_requirements import AttacksOrBlocks, AttacksPlayerOtherThan, Goad, MustAttack, MustBeAttacked
from .rules.attacking import (
    AttackDespiteDefender,
    AttackLimit,
    CanOnlyAttackAlone,
    CantAttack,
    CantAttackAlone,
    CantAttackIf,
    CantAttackUnless,
    CantAttackUnlessGreaterPowerAttacks,
    CantAttackUnlessOthersAttack,
    Defender,
    Haste,
    Vigilance,
)
from .rules.base import AbilityBase
from .rules.block_counts import CantBeBlockedUnlessAllBlock, MaxBlockers, Menace, MinBlockers
from .rules.block_requirements import Lure, MustBeBlocked, MustBlock
from .rules.blocking import (
    BlockAdditional,
    BlockAnyNumber,
    BlockLimit,
    BlockWhileTapped,
    CanBlockOnly,
    CantBlock,
    CantBlockAlone,
    CantBlockUnlessGreaterPowerBlocks,
    CantBlockUnlessOthersBlock,
)
from .rules.costs import AttackCost, AttackTax, BlockCost, BlockedTax, BlockTax, ManaAbility
from .rules.evasion import (
    CantBeBlocked,
    CantBeBlockedBy,
    CantBeBlockedExceptBy,
    Fear,
    Flying,
    Horsemanship,
    Intimidate,
    Landwalk,
    Protection,
    Reach,
    Shadow,
    Skulk,
)
from .rules.optional import Banding, BandsWithOther, Enlist, Exert
from .rules.triggers import (
    AttackTrigger,
    BecomesBlockedTrigger,
    BlockedByCreatureTrigger,
    BlocksCreatureTrigger,
    BlockTrigger,
    Bushido,
    Flanking,
    Rampage,
    UnblockedTrigger,
)


class Grant(AbilityBase):
    """A static ability of a permanent that gives ``ability`` to every creature matching ``to``
    ("Creatures you control can't be blocked by more than one creature", "Creatures can't block").
    ``you`` in the filter is this permanent's controller. Filters are read against printed
    abilities (grants don't see other grants)."""

    kind: Literal["grant"] = "grant"
    to: Filter = Field(default_factory=Filter)
    ability: Ability

    @field_validator("ability")
    @classmethod
    def _not_nested(cls, ability: AbilityBase) -> AbilityBase:
        if isinstance(ability, Grant):
            raise ValueError("a grant can't grant another grant")
        return ability


Ability = Annotated[
    Union[  # noqa: UP007
        Flying,
        Reach,
        Shadow,
        Horsemanship,
        Fear,
        Intimidate,
        Skulk,
        Landwalk,
        Protection,
        CantBeBlocked,
        CantBeBlockedBy,
        CantBeBlockedExceptBy,
        Menace,
        MinBlockers,
        MaxBlockers,
        CantBeBlockedUnlessAllBlock,
        CantBlock,
        CanBlockOnly,
        CantBlockAlone,
        CantBlockUnlessOthersBlock,
        CantBlockUnlessGreaterPowerBlocks,
        BlockAdditional,
        BlockAnyNumber,
        BlockWhileTapped,
        BlockLimit,
        Lure,
        MustBeBlocked,
        MustBlock,
        Haste,
        Vigilance,
        Defender,
        AttackDespiteDefender,
        CantAttack,
        CantAttackUnless,
        CantAttackIf,
        CantAttackAlone,
        CanOnlyAttackAlone,
        CantAttackUnlessOthersAttack,
        CantAttackUnlessGreaterPowerAttacks,
        AttackLimit,
        MustAttack,
        AttacksPlayerOtherThan,
        Goad,
        MustBeAttacked,
        AttacksOrBlocks,
        ManaAbility,
        AttackTax,
        AttackCost,
        BlockTax,
        BlockedTax,
        BlockCost,
        Exert,
        Enlist,
        Banding,
        BandsWithOther,
        AttackTrigger,
        BlockTrigger,
        BlocksCreatureTrigger,
        BecomesBlockedTrigger,
        BlockedByCreatureTrigger,
        UnblockedTrigger,
        Rampage,
        Flanking,
        Bushido,
        Grant,
    ],
    Field(discriminator="kind"),
]


ABILITY_KINDS: tuple[str, ...] = tuple(k.model_fields["kind"].default for k in get_args(get_args(Ability)[0]))

Grant.model_rebuild()
