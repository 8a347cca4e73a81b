"""The compiler against a hand-labelled set: for each card, the abilities its text means (read
by a person, not copied from the compiler) and whether it has combat text outside the
vocabulary (``warns: true``). Abilities are compared field by field, as multisets."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from ..rules.phrase import POWER
from ..rules.registry import Ability
from .catalog import Catalog, UnknownCard

_ABILITY: TypeAdapter[Any] = TypeAdapter(Ability)


@dataclass(frozen=True)
class Mismatch:
    card: str
    missing: tuple[str, ...]
    unexpected: tuple[str, ...]
    warning: str = ""

    def render(self) -> str:
        lines = [f"{self.card}:"]
        lines += [f"  - expected, not compiled: {m}" for m in self.missing]
        lines += [f"  + compiled, not expected: {u}" for u in self.unexpected]
        if self.warning:
            lines.append(f"  ! {self.warning}")
        return "\n".join(lines)


@dataclass(frozen=True)
class LabelReport:
    cards: int
    correct: int
    abilities: int
    abilities_correct: int
    mismatches: tuple[Mismatch, ...]

    @property
    def all_correct(self) -> bool:
        return self.correct == self.cards

    def render(self) -> str:
        pct = 100 * self.correct / self.cards if self.cards else 0.0
        lines = [
            f"labelled cards: {self.cards}; compiled exactly as labelled: {self.correct} ({pct:.1f}%)",
            f"labelled abilities: {self.abilities}; compiled field for field: {self.abilities_correct}",
        ]
        lines += [m.render() for m in self.mismatches]
        return "\n".join(lines)


def canonical(ability: Mapping[str, Any]) -> str:
    """One ability with every field spelled out (defaults included), as sorted JSON; ``$power``
    (this permanent's power, filled in on the board) is read as -1."""
    model = _ABILITY.validate_python(json.loads(json.dumps(dict(ability)).replace(f'"{POWER}"', "-1")))
    return json.dumps(model.model_dump(mode="json", by_alias=True), sort_keys=True)


def canonical_level(level: Mapping[str, Any]) -> str:
    """A counter-dependent level (leveler, station, unleash) with its abilities made canonical."""
    fields = {"at_most": None, "power": None, "toughness": None, "creature": False, **level}
    fields.pop("warnings", None)
    fields["abilities"] = sorted(canonical(a) for a in level.get("abilities", ()))
    return "level " + json.dumps(fields, sort_keys=True)


_COPY_FIELDS = {
    "types": [],
    "subtypes": [],
    "supertypes": [],
    "not_legendary": False,
    "keeps_name": False,
    "keeps_colors": False,
    "power": None,
    "toughness": None,
}


def canonical_copy(copy: Mapping[str, Any]) -> str:
    """A copy effect's exceptions (707.9; ``compiled.CopyEffect``, its ``lines`` and
    ``warnings`` left out) with every field spelled out, its added abilities made canonical; an
    unknown field is a ``TypeError``."""
    unknown = set(copy) - set(_COPY_FIELDS) - {"abilities", "lines", "warnings"}
    if unknown:
        raise TypeError(f"a copy effect has no {', '.join(sorted(unknown))}")
    fields = {k: list(copy.get(k, d)) if isinstance(d, list) else copy.get(k, d) for k, d in _COPY_FIELDS.items()}
    fields["abilities"] = sorted(canonical(a) for a in copy.get("abilities", ()))
    return "copy " + json.dumps(fields, sort_keys=True)


def compiled_copy(compiled: Any, *, labelled: bool) -> str | None:
    """The canonical copy effect of a compiled card; None without one. One it warns about (an
    exception not read) counts only against a label that states a copy (Moritte of the Frost:
    the exceptions read, and a warning); else the card's warning grades it."""
    copy = compiled.copy
    return None if copy is None or (copy.warnings and not labelled) else canonical_copy(asdict(copy))


def compare_labels(catalog: Catalog, labels: Any) -> LabelReport:
    """``labels``: {card name: {abilities: [...], levels: [...], copy: {...}, warns: bool}};
    ``levels`` are the counter-dependent ones ({counter, at_least, at_most, abilities, power,
    toughness, creature}), ``copy`` a copy effect's exceptions ({types, subtypes, supertypes,
    not_legendary, keeps_name, keeps_colors, power, toughness, abilities}: ``{}`` for none, 707.9);
    ``levels``, ``copy`` and ``warns`` default to none and false."""
    if not isinstance(labels, Mapping):
        raise ValueError("a labelled set maps card names to {abilities, warns}")
    mismatches: list[Mismatch] = []
    total = correct = 0
    for name, label in labels.items():
        try:
            record = catalog.get(str(name))
        except UnknownCard as e:
            mismatches.append(Mismatch(str(name), (), (), str(e)))
            continue
        compiled = catalog.compiled(record)
        try:
            expected = Counter(canonical(a) for a in label.get("abilities", ()))
        except ValidationError as e:
            mismatches.append(Mismatch(str(name), (), (), f"bad label: {e.errors()[0]['msg']}"))
            continue
        got = Counter(canonical(a) for a in compiled.abilities)
        expected += Counter(canonical_level(level) for level in label.get("levels", ()))
        got += Counter(canonical_level(asdict(level)) for level in compiled.levels)
        expected += Counter([canonical_copy(label["copy"])] if label.get("copy") is not None else [])
        got += Counter([c] if (c := compiled_copy(compiled, labelled=label.get("copy") is not None)) else [])
        total += sum(expected.values())
        correct += sum((expected & got).values())
        warns = bool(label.get("warns", False))
        warning = ""
        if warns != bool(compiled.all_warnings):
            warning = (
                "expected a warning, got none" if warns else "unexpected warning: " + "; ".join(compiled.all_warnings)
            )
        if expected != got or warning:
            mismatches.append(
                Mismatch(str(name), tuple((expected - got).elements()), tuple((got - expected).elements()), warning)
            )
    cards = len(labels)
    return LabelReport(cards, cards - len(mismatches), total, correct, tuple(mismatches))
