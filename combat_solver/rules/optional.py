"""Optional costs to attack (508.1g) and banding (508.1e, 702.22): choices announced with the
attack that never change which requirements it must obey."""

from __future__ import annotations

from typing import Literal

from ..filters import Filter
from .base import AbilityBase


class Exert(AbilityBase):
    """701.43d: "You may exert this creature as it attacks" — an optional cost (508.1g)."""

    kind: Literal["exert"] = "exert"
    rule = "701.43d"


class Enlist(AbilityBase):
    """702.154a-b: as it attacks, may tap an untapped nonattacking creature its controller controls
    that has haste or was controlled since the turn began — an optional cost (508.1g)."""

    kind: Literal["enlist"] = "enlist"
    rule = "702.154a"


class Banding(AbilityBase):
    """702.22c: any number of creatures with banding and up to one without can attack as a band."""

    kind: Literal["banding"] = "banding"
    rule = "702.22c"


class BandsWithOther(AbilityBase):
    """702.22c: "bands with other <quality>": a band of creatures matching ``quality``, one or more
    of them with this ability."""

    kind: Literal["bands_with_other"] = "bands_with_other"
    rule = "702.22c"
    quality: Filter
