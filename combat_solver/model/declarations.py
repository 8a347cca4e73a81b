"""Declarations as values (python-chess ``Move`` style)."""

# Annotations are evaluated as the classes are defined, not postponed: pydantic takes the field
# types as objects instead of evaluating strings (start-up, docs/performance.md "Start-up").

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from .base import Strict
from .ir import Attack, Pair


class BlockDeclaration(Strict):
    """A block declaration (509.1a): blocker id -> the attackers it blocks (one, or more for
    creatures that can block additional creatures). Creatures not listed don't block.
    ``player``: judge only this defending player's declaration (802.4: each defending player
    declares separately; their team's under shared team turns, 805.10d); the others' blocks may
    be given or not and aren't judged. Without it the whole step is judged."""

    kind: Literal["block"] = "block"
    blocks: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    player: str | None = None

    @field_validator("blocks")
    @classmethod
    def _canonical(cls, blocks: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        for blocker, attackers in blocks.items():
            if len(set(attackers)) != len(attackers):
                raise ValueError(f"{blocker} lists the same attacker twice")
        return {b: tuple(sorted(a)) for b, a in sorted(blocks.items()) if a}

    @classmethod
    def from_pairs(cls, pairs: Iterable[Pair]) -> "BlockDeclaration":
        blocks: dict[str, list[str]] = {}
        for p in pairs:
            blocks.setdefault(p.blocker, []).append(p.attacker)
        return cls(blocks={b: tuple(a) for b, a in blocks.items()})

    @property
    def pairs(self) -> frozenset[Pair]:
        return frozenset(Pair(b, a) for b, attackers in self.blocks.items() for a in attackers)

    def __str__(self) -> str:
        if not self.blocks:
            return "no blocks"
        return "; ".join(f"{b} blocks {', '.join(a)}" for b, a in self.blocks.items())


class AttackDeclaration(Strict):
    """An attack declaration (508.1a-b): attacker id -> the id of the player, planeswalker or
    battle it attacks. Creatures not listed don't attack. ``bands``: attacking bands (508.1e);
    ``exert``: attackers exerted as they attack; ``enlist``: attacker id -> the creature it taps
    (optional costs, 508.1g)."""

    kind: Literal["attack"] = "attack"
    attacks: dict[str, str] = Field(default_factory=dict)
    bands: tuple[tuple[str, ...], ...] = ()
    exert: tuple[str, ...] = ()
    enlist: dict[str, str] = Field(default_factory=dict)

    @field_validator("attacks", "enlist")
    @classmethod
    def _canonical(cls, mapping: dict[str, str]) -> dict[str, str]:
        return dict(sorted(mapping.items()))

    @field_validator("bands")
    @classmethod
    def _sorted_bands(cls, bands: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        for band in bands:
            if len(set(band)) != len(band):
                raise ValueError(f"a band lists the same creature twice: {list(band)}")
        return tuple(sorted(tuple(sorted(b)) for b in bands))

    @field_validator("exert")
    @classmethod
    def _sorted_exert(cls, exert: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(set(exert)))

    @classmethod
    def from_atoms(cls, atoms: Iterable[Attack]) -> "AttackDeclaration":
        return cls(attacks={a.attacker: a.target for a in atoms})

    @property
    def atoms(self) -> frozenset[Attack]:
        return frozenset(Attack(a, t) for a, t in self.attacks.items())

    def __str__(self) -> str:
        if not self.attacks:
            return "no attack"
        return "; ".join(f"{a} attacks {t}" for a, t in self.attacks.items())


class FixedPairs(Strict):
    """Pairs an optimal declaration must contain (``include``) and must not contain (``exclude``):
    (blocker id, attacker id) for blocks, (attacker id, target id) for attacks."""

    include: tuple[tuple[str, str], ...] = ()
    exclude: tuple[tuple[str, str], ...] = ()

    @model_validator(mode="after")
    def _disjoint(self) -> "FixedPairs":
        both = set(self.include) & set(self.exclude)
        if both:
            raise ValueError(f"pairs both included and excluded: {sorted(both)}")
        return self


Declaration = Annotated[BlockDeclaration | AttackDeclaration, Field(discriminator="kind")]
