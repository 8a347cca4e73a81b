"""How much of the catalog the compiler reads: of the permanent cards whose text bears on attack
or block legality (``phrases.bears_on_legality``), the share compiled with no warning, the share
with warnings, and the most frequent uncompiled sentence shapes."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..rules.phrase import SELF
from .catalog import Catalog


@dataclass(frozen=True)
class Coverage:
    cards: int
    relevant: int
    clean: int
    with_notes: int
    shapes: tuple[tuple[str, int], ...]

    @property
    def warned(self) -> int:
        return self.relevant - self.clean

    def render(self) -> str:
        def share(n: int) -> str:
            return f"{n} ({100 * n / self.relevant:.1f}%)" if self.relevant else "0"

        lines = [
            f"permanent cards in the catalog: {self.cards}",
            f"cards whose text bears on attack or block legality: {self.relevant}",
            f"  compiled with no warning: {share(self.clean)}",
            f"  with warnings: {share(self.warned)}",
            f"  with notes (activated/triggered text to give as an effect once used): {share(self.with_notes)}",
            f"{len(self.shapes)} most frequent uncompiled sentence shapes:",
        ]
        lines += [f"  {n:5d}  {shape}" for shape, n in self.shapes]
        return "\n".join(lines)


def shape(sentence: str) -> str:
    """A sentence with the card's name, numbers and mana symbols abstracted away."""
    s = sentence.replace(SELF, "CARDNAME")
    s = re.sub(r"\{[^}]+\}", "{M}", s)
    s = re.sub(r"\b\d+\b", "N", s)
    return re.sub(r"[+-]N/[+-]N", "+N/+N", s)


def measure(catalog: Catalog, top: int = 30) -> Coverage:
    cards = relevant = clean = with_notes = 0
    shapes: Counter[str] = Counter()
    for record in catalog:
        if not record.is_permanent:
            continue
        cards += 1
        compiled = catalog.compiled(record)
        if not compiled.relevant:
            continue
        relevant += 1
        clean += not compiled.all_warnings
        with_notes += bool(compiled.notes)
        shapes.update(shape(s) for s in compiled.uncompiled)
    return Coverage(cards, relevant, clean, with_notes, tuple(shapes.most_common(top)))
