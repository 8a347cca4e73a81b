"""Accuracy, not coverage: the compiler graded on a hand-labelled random sample of the catalog's
combat-relevant cards (``tests/cards/random_sample.yaml``, drawn by ``scripts/draw_sample.py``).

Each card is graded against its label (the abilities its Oracle text means, read by a reviewer
independent of the compiler, and whether it has legality text the vocabulary can't state):

- ``exact``: the compiled abilities (and counter levels) equal the label's, and the compiler
  warns if and only if the label does;
- ``partial``: nothing compiled that the label lacks, some of the label compiled, and the rest
  covered by a warning (or everything compiled, with a warning the label doesn't expect);
- ``unread``: nothing compiled, and a warning;
- ``wrong``: a compiled ability the label doesn't have, a labelled ability missing with no
  warning, or legality text the label warns about passed over in silence: the worst grade, a
  verdict would be wrong without saying so.

A warning covers the card's missing abilities as a whole (warnings name sentences, labels don't).
Shares come with Wilson 95% intervals: per stratum, and over the population by weighting each
stratum by its size (the interval then uses Kish's effective sample size)."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pydantic import ValidationError

from ..model.errors import ErrorCode, InputError
from ..rules.phrase import ATTACHED
from .catalog import Catalog, UnknownCard
from .labels import canonical, canonical_copy, canonical_level, compiled_copy

GRADES = ("exact", "partial", "wrong", "unread")
IN_FULL = "in full"
"""Of the exact cards, those compiled with no warning: the card read whole, nothing left to the
user (a card whose text the vocabulary can't state is exact when it warns, never read in full)."""
Z95 = 1.959963984540054
_CARD_FIELDS = frozenset({"stratum", "abilities", "levels", "copy", "warns", "note", "known_wrong"})
_TOP_FIELDS = frozenset({"seed", "population", "cards"})
TITLES = {"keywords": "keyword lines only", "text": "more than keyword lines"}
"""How the report names the strata of ``scripts/draw_sample.py`` (any other stratum by its name)."""


def _bad(loc: tuple[str | int, ...], code: ErrorCode, message: str) -> InputError:
    return InputError.one(loc, code, message)


@dataclass(frozen=True)
class SampleCard:
    """One labelled card: its stratum, the label, and ``known_wrong`` (why the compiler is
    known to compile it silently wrong today, if it is)."""

    name: str
    stratum: str
    abilities: tuple[Mapping[str, Any], ...]
    levels: tuple[Mapping[str, Any], ...] = ()
    warns: bool = False
    known_wrong: str | None = None
    copy: Mapping[str, Any] | None = None
    """A copy effect's exceptions (707.9, ``labels.canonical_copy``)."""


@dataclass(frozen=True)
class Sample:
    population: Mapping[str, int]
    cards: tuple[SampleCard, ...]
    seed: int | None = None


def read_sample(data: Any) -> Sample:
    """A labelled sample from parsed YAML/JSON: ``{seed, population: {stratum: N}, cards: {name:
    {stratum, abilities, levels, warns, note, known_wrong}}}``; bad input raises ``InputError``
    naming the field."""
    if not isinstance(data, Mapping):
        raise _bad((), "not_a_mapping", "a labelled sample is a mapping with `population` and `cards`")
    for key in data:
        if key not in _TOP_FIELDS:
            raise _bad((str(key),), "unknown_field", f"unknown field; expected one of {sorted(_TOP_FIELDS)}")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise _bad(("seed",), "not_an_integer", "the seed is an integer")
    population = _population(data.get("population"))
    cards = data.get("cards")
    if not isinstance(cards, Mapping) or not cards:
        raise _bad(
            ("cards",), "missing" if cards is None else "not_a_mapping", "cards: a mapping of card names to labels"
        )
    out = [_card(str(name), entry, population) for name, entry in cards.items()]
    for stratum in population:
        if not any(c.stratum == stratum for c in out):
            raise _bad(("population", stratum), "missing", f"no card of the sample is in stratum {stratum!r}")
    return Sample(population, tuple(out), seed)


def _population(raw: Any) -> dict[str, int]:
    if raw is None:
        raise _bad(("population",), "missing", "population: each stratum's size in the catalog, {stratum: N}")
    if not isinstance(raw, Mapping) or not raw:
        raise _bad(("population",), "not_a_mapping", "population: each stratum's size in the catalog, {stratum: N}")
    out: dict[str, int] = {}
    for stratum, size in raw.items():
        if not isinstance(size, int) or isinstance(size, bool):
            raise _bad(("population", str(stratum)), "not_an_integer", "a stratum's size is an integer")
        if size <= 0:
            raise _bad(("population", str(stratum)), "not_positive", "a stratum's size is positive")
        out[str(stratum)] = size
    return out


def _card(name: str, entry: Any, population: Mapping[str, int]) -> SampleCard:
    loc: tuple[str | int, ...] = ("cards", name)
    if not isinstance(entry, Mapping):
        raise _bad(loc, "not_a_mapping", "a label is a mapping {stratum, abilities, warns, ...}")
    for key in entry:
        if key not in _CARD_FIELDS:
            raise _bad((*loc, str(key)), "unknown_field", f"unknown field; expected one of {sorted(_CARD_FIELDS)}")
    stratum = entry.get("stratum")
    if stratum is None:
        raise _bad((*loc, "stratum"), "missing", "each card names its stratum")
    if str(stratum) not in population:
        raise _bad((*loc, "stratum"), "unknown_name", f"no stratum {stratum!r} in population ({', '.join(population)})")
    abilities = entry.get("abilities")
    if abilities is None:
        raise _bad((*loc, "abilities"), "missing", "each card has its list of abilities (`[]` for none)")
    abilities = _mappings((*loc, "abilities"), abilities)
    for i, ability in enumerate(abilities):
        try:
            canonical(ability)
        except ValidationError as e:
            raise InputError.from_validation(e, prefix=(*loc, "abilities", i), data=dict(ability)) from None
    levels = _mappings((*loc, "levels"), entry.get("levels", []))
    for i, level in enumerate(levels):
        try:
            canonical_level(level)
        except (ValidationError, TypeError, AttributeError) as e:
            raise _bad(
                (*loc, "levels", i), "not_an_object", f"a level is {{counter, at_least, abilities, ...}}: {e}"
            ) from None
    copy = entry.get("copy")
    try:
        if copy is not None:
            canonical_copy(copy)
    except (ValidationError, TypeError, AttributeError) as e:
        raise _bad(
            (*loc, "copy"), "not_an_object", f"a copy effect is {{types, subtypes, abilities, ...}}: {e}"
        ) from None
    warns = entry.get("warns", False)
    if not isinstance(warns, bool):
        raise _bad((*loc, "warns"), "one_of", "warns is one of true or false")
    for field in ("note", "known_wrong"):
        if field in entry and not isinstance(entry[field], str):
            raise _bad((*loc, field), "not_a_string", f"{field} is a sentence")
    return SampleCard(name, str(stratum), abilities, levels, warns, entry.get("known_wrong"), copy)


def _mappings(loc: tuple[str | int, ...], raw: Any) -> tuple[Mapping[str, Any], ...]:
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        raise _bad(loc, "not_an_object", "a list")
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise _bad((*loc, i), "not_a_mapping", "each item is a mapping with a `kind`")
    return tuple(raw)


def normalized(ability: Mapping[str, Any]) -> dict[str, Any]:
    """The ability with spellings that mean the same made one: a grant gives its ability to
    creatures only, so ``creature`` in its ``to.types`` says nothing ("Artifact creatures you
    control have haste" and "Artifacts you control ..." grant to the same creatures), nor in a
    filter of blockers (``by``) or attackers (``attackers``), which are creatures (506.4); a grant
    to what it is attached to "as long as it is white" is the same said on the grant's ``to`` or
    as the granted ability's condition on its holder; a mana ability making N mana of one color is
    ``produces`` and ``amount`` however written; "you control a Mountain or a Forest" one test of
    either subtype; "as long as enchanted permanent is a creature" on a grant, which reaches
    creatures only, nothing (but for a mana ability, which any permanent may be given); ``unless`` a
    test of the holder alone as the ``condition`` that it fails the test ("Otherwise, it can't
    attack unless it's a Human": a grant to it when it isn't one); and a type change or loss of
    abilities of what it is attached to "as long as it is a Vehicle" said on its ``to`` or as its
    condition on that permanent (each is read for the permanent it changes); a ``condition`` that
    is, or has beside its other tests, ``not`` of a test as ``unless`` that test."""
    out = {k: _no_creature_type(v) if k in ("by", "attackers") else v for k, v in ability.items()}
    makes = out.get("makes") if out.get("kind") == "mana" else None
    symbols = re.findall(r"[WUBRGC]", makes[0]) if isinstance(makes, list) and len(makes) == 1 else []
    if symbols and len(set(symbols)) == 1:  # "{G}{G}": two of one color, as `produces` and `amount`
        del out["makes"]
        out["produces"], out["amount"] = symbols[0], len(symbols)
    for key in ("condition", "unless"):
        if isinstance(out.get(key), Mapping):
            out[key] = _one_of_subtypes(out[key])
    if out.get("kind") == "bands_with_other":
        out["quality"] = _no_creature_type(out.get("quality"))
    if out.get("kind") in ("cant_attack_unless", "cant_attack_if") and not {"condition", "unless"} & set(out):
        out = _as_cant_attack(out)
    negated = out.get("condition")
    if isinstance(negated, Mapping) and "not" in negated and "unless" not in out:
        kept = {
            k: v for k, v in negated.items() if k != "not"
        }  # "as long as no opponent controls ...": unless one does
        out["unless"] = negated["not"]
        if kept:  # Timber Paladin's "exactly two Auras": two or more, unless three or more
            out["condition"] = kept
        else:
            del out["condition"]
    unless = out.get("unless")
    if isinstance(unless, Mapping) and set(unless) == {"source"} and "condition" not in out:
        del out["unless"]  # "unless it's a Human": the condition that its holder isn't one
        out["condition"] = {"source": {"not": unless["source"]}}
    if isinstance(out.get("ability"), Mapping):
        out["ability"] = normalized(out["ability"])
        granted = out["ability"]
        if granted.get("condition") == {"source": {"types": ["creature"]}} and granted.get("kind") != "mana":
            out["ability"] = {k: v for k, v in granted.items() if k != "condition"}  # a grant reaches creatures only
    if out.get("kind") == "grant" and isinstance(out.get("to"), Mapping):
        granted = out.get("ability")
        gives_mana = isinstance(granted, Mapping) and granted.get("kind") == "mana"
        to = out["to"] if gives_mana else _no_creature_type(out["to"])
        held = {k: v for k, v in to.items() if k != "ids"}
        if to.get("ids") == [ATTACHED] and held and isinstance(granted, Mapping) and "condition" not in granted:
            to = {"ids": [ATTACHED]}
            out["ability"] = {**granted, "condition": {"source": held}}
        out["to"] = to
    to = out.get("to")
    if out.get("kind") in ("type_change", "lose_abilities") and isinstance(to, Mapping) and to.get("ids") == [ATTACHED]:
        held = {k: v for k, v in to.items() if k != "ids"}
        if held and "condition" not in out:  # "as long as enchanted permanent is a Vehicle": its condition on it
            out["to"], out["condition"] = {"ids": [ATTACHED]}, {"source": held}
    return out


def _as_cant_attack(ability: dict[str, Any]) -> dict[str, Any]:
    """ "can't attack unless defending player controls an Island" (508.1c) as `cant_attack`
    `unless` the same test said as a condition (and `cant_attack_if` with it as the condition)."""
    rest = dict(ability)
    kind = rest.pop("kind")
    players = [
        {"who": who, "controls": rest.pop(field)}
        for field, who in (("defending_player_controls", "defending_player"), ("you_control", "you"))
        if field in rest
    ]
    condition: dict[str, Any] = {"players": players} if players else {}
    if "battlefield_has" in rest:
        condition["battlefield"] = rest.pop("battlefield_has")
    return {"kind": "cant_attack", "unless" if kind == "cant_attack_unless" else "condition": condition, **rest}


def _one_of_subtypes(condition: Mapping[str, Any]) -> Mapping[str, Any]:
    """ "You control a Mountain or a Forest" as one test of a permanent with either subtype
    (``any_of`` of single-subtype "controls" tests of one player, each "at least one")."""
    items = condition.get("any_of")
    if set(condition) != {"any_of"} or not isinstance(items, list) or len(items) < 2:
        return condition
    subtypes: list[str] = []
    who = None
    for item in items:
        players = item.get("players") if isinstance(item, Mapping) and set(item) == {"players"} else None
        test = players[0] if isinstance(players, list) and len(players) == 1 else None
        controls = test.get("controls") if isinstance(test, Mapping) and set(test) == {"who", "controls"} else None
        f = controls.get("filter") if isinstance(controls, Mapping) and controls.get("at_least", 1) == 1 else None
        if not isinstance(f, Mapping) or set(f) != {"subtypes"} or not isinstance(test, Mapping):
            return condition
        if who not in (None, test["who"]):
            return condition
        who = test["who"]
        subtypes += f["subtypes"]
    return {"players": [{"who": who, "controls": {"filter": {"subtypes": subtypes}, "at_least": 1}}]}


def _no_creature_type(f: Any) -> Any:
    """A filter of creatures without ``creature`` in its ``types`` (nor in its ``any_of`` items or
    its ``not``: of creatures, "not an artifact creature" is "not an artifact")."""
    if not isinstance(f, Mapping):
        return f
    out = dict(f)
    if "types" in out:
        types = [t for t in out["types"] or () if t != "creature"]
        if types:
            out["types"] = types
        else:
            del out["types"]
    if isinstance(out.get("any_of"), list):
        out["any_of"] = [_no_creature_type(item) for item in out["any_of"]]
    if isinstance(out.get("not"), Mapping):
        out["not"] = _no_creature_type(out["not"])
    return out


_SETS = frozenset({"any_of", "colors", "types", "subtypes", "supertypes", "has", "ids"})
"""Filter fields whose lists are sets: their order means nothing."""


def _unordered(value: Any) -> Any:
    if isinstance(value, dict):
        out = {k: _unordered(v) for k, v in value.items()}
        for k in _SETS & out.keys():
            if isinstance(out[k], list):
                out[k] = sorted(out[k], key=lambda v: json.dumps(v, sort_keys=True))
        return out
    if isinstance(value, list):
        return [_unordered(v) for v in value]
    return value


def _key(ability: Mapping[str, Any]) -> str:
    """The ability as every field spelled out (``labels.canonical``), normalized, filter sets sorted,
    each mapping in it spelled as ``_payer_node`` and ``_either_node`` say."""
    plain = _bottom_up(normalized(ability), lambda node: _either_node(_payer_node(node)))
    return json.dumps(_unordered(json.loads(canonical(plain))), sort_keys=True)


def _bottom_up(value: Any, node: Callable[[dict[str, Any]], Any]) -> Any:
    """``value`` with ``node`` applied to each mapping in it, its own values done first."""
    if isinstance(value, list):
        return [_bottom_up(v, node) for v in value]
    if not isinstance(value, dict):
        return value
    return node({k: _bottom_up(v, node) for k, v in value.items()})


def _payer_node(out: dict[str, Any]) -> dict[str, Any]:
    """A cost's permanents to tap, sacrifice or return are the payer's (``Permanents``): their
    filter's ``controller: you`` says nothing more (Loam Dryad's "Tap an untapped creature you control")."""
    for part in ("tap", "sacrifice", "bounce"):  # a mana ability's own `tap: true` is no mapping
        found = out.get(part)
        mine = found.get("filter") if isinstance(found, dict) else None
        if isinstance(found, dict) and isinstance(mine, dict) and mine.get("controller") == "you":
            out[part] = {**found, "filter": {k: v for k, v in mine.items() if k != "controller"}}
    return out


def _either_node(out: dict[str, Any]) -> dict[str, Any]:
    """A filter's ``any_of`` of one-subtype filters ("Goblins and/or Orcs") as its ``subtypes``, of
    one-color filters as its ``colors`` (Masked Gorgon's "Green creatures and white creatures"); a
    subtype and an ``any_of`` of one other ("Eldrazi Scions": both) in one order."""
    items = out.get("any_of")
    if (
        isinstance(items, list)
        and len(items) == 1
        and isinstance(out.get("subtypes"), list)
        and len(out["subtypes"]) == 1
        and isinstance(items[0], dict)
        and set(items[0]) == {"subtypes"}
        and len(items[0]["subtypes"]) == 1
    ):  # "Eldrazi Scions": both subtypes, said in either order
        first, second = sorted([out["subtypes"][0], items[0]["subtypes"][0]])
        out["subtypes"], out["any_of"] = [first], [{"subtypes": [second]}]
        return out
    for key in ("subtypes", "colors"):  # "Green creatures and white creatures": any of the colors
        if (
            isinstance(items, list)
            and len(items) > 1
            and not out.get(key)
            and all(isinstance(i, dict) and set(i) == {key} and len(i[key]) == 1 for i in items)
        ):
            out[key] = [i[key][0] for i in items]
            del out["any_of"]
            break
    return out


def _keys(ability: Mapping[str, Any]) -> list[str]:
    """The keys an ability grades as: protection from several colors as one per color (702.16h:
    "protection from each color" and five protections mean the same), given by a grant too
    (Spectra Ward's enchanted creature "has protection from each color")."""
    given = ability.get("ability")
    if ability.get("kind") == "grant" and isinstance(given, Mapping):
        return [_key({**ability, "ability": one}) for one in _per_color(given)]
    return [_key(one) for one in _per_color(ability)]


def _per_color(ability: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A protection from several colors as one protection per color; anything else as itself."""
    f = ability.get("from")
    if ability.get("kind") != "protection" or not isinstance(f, Mapping) or set(f) != {"colors"}:
        return [ability]
    colors = f["colors"]
    if isinstance(colors, list) and len(colors) > 1 and "chosen" not in colors:
        return [{**ability, "from": {"colors": [c]}} for c in colors]
    return [ability]


def _level_key(level: Mapping[str, Any]) -> str:
    """A counter level as ``labels.canonical_level`` says it, its abilities as ``_key`` does."""
    fields = json.loads(canonical_level({**level, "abilities": []}).removeprefix("level "))
    fields["abilities"] = sorted(k for a in level.get("abilities", ()) for k in _keys(a))
    return "level " + json.dumps(fields, sort_keys=True)


def as_conditions(level: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """A counter level that only gives abilities from N counters up, as those abilities under the
    same condition on their source ("as long as it has three or more judgment counters on it",
    122.1): the two spellings mean the same and grade alike. None for a level that sets power
    and toughness, makes a creature, warns or ends at a count (a leveler's box, 711.2)."""
    if any(
        level.get(k) not in (None, (), [], False) for k in ("at_most", "power", "toughness", "creature", "warnings")
    ):
        return None
    abilities = level.get("abilities") or ()
    if not abilities or any("condition" in a for a in abilities):
        return None
    test = {"source": {"counters": {level["counter"]: {"ge": level.get("at_least", 1)}}}}
    return [{**a, "condition": test} for a in abilities]


def _shown(ability: Mapping[str, Any]) -> str:
    return json.dumps(dict(ability), separators=(", ", ": "), ensure_ascii=False)


def _shown_level(level: Mapping[str, Any]) -> str:
    return "level " + _shown({k: v for k, v in level.items() if v not in (None, (), [], False) and k != "warnings"})


@dataclass(frozen=True)
class Graded:
    card: str
    stratum: str
    grade: str
    missing: tuple[str, ...] = ()
    unexpected: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    label_warns: bool = False
    known_wrong: str | None = None

    @property
    def reason(self) -> str:
        parts = [f"compiled, not labelled: {u}" for u in self.unexpected]
        covered = " (warned)" if self.warnings else " (no warning)"
        parts += [f"labelled, not compiled{covered}: {m}" for m in self.missing]
        if self.label_warns and not self.warnings:
            parts.append("the label warns, the compiler says nothing")
        if self.warnings and self.grade != "exact":
            said = "" if self.label_warns else " (the label says the vocabulary states the whole card)"
            parts.append(f"warned{said}: " + "; ".join(self.warnings))
        return "; ".join(parts)


def grade(expected: Counter[str], got: Counter[str], label_warns: bool, warnings: Sequence[str]) -> str:
    """The grade of one card: its labelled and compiled abilities (canonical keys, as
    multisets), whether the label warns, and the compiler's warnings."""
    warned = bool(warnings)
    if got - expected:
        return "wrong"
    if expected - got and not warned:
        return "wrong"
    if label_warns and not warned:
        return "wrong"
    if expected == got and label_warns == warned:
        return "exact"
    return "partial" if got else "unread"


def grade_card(catalog: Catalog, card: SampleCard) -> Graded:
    """One card compiled and graded; a name not in the catalog is bad input."""
    try:
        record = catalog.get(card.name)
    except UnknownCard as e:
        raise _bad(("cards", card.name), "unknown_card", str(e)) from None
    compiled = catalog.compiled(record)
    shown: dict[str, str] = {}
    expected, got = Counter[str](), Counter[str]()
    for side, abilities, levels in (
        (expected, card.abilities, card.levels),
        (got, compiled.abilities, tuple(asdict(lv) for lv in compiled.levels)),
    ):
        for a in abilities:
            for k in _keys(a):
                side[k] += 1
                shown.setdefault(k, _shown(a))
        for lv in levels:
            if not lv.get("abilities") and lv.get("power") is None and not lv.get("creature"):
                continue  # a level that only warns (impending's time counter): its warnings are the card's
            conditioned = as_conditions(lv)
            for a in conditioned if conditioned is not None else ():
                side[k := _key(a)] += 1
                shown.setdefault(k, _shown(a))
            if conditioned is None:
                side[k := _level_key(lv)] += 1
                shown.setdefault(k, _shown_level(lv))
    for side, copy_key in (
        (expected, None if card.copy is None else canonical_copy(card.copy)),
        (got, compiled_copy(compiled, labelled=card.copy is not None)),
    ):
        if copy_key is not None:
            side[copy_key] += 1
            shown.setdefault(copy_key, copy_key)
    warnings = compiled.all_warnings
    return Graded(
        card.name,
        card.stratum,
        grade(expected, got, card.warns, warnings),
        tuple(shown[k] for k in (expected - got).elements()),
        tuple(shown[k] for k in (got - expected).elements()),
        tuple(warnings),
        card.warns,
        card.known_wrong,
    )


@dataclass(frozen=True)
class Share:
    """A share with its Wilson 95% interval."""

    share: float
    low: float
    high: float

    def render(self) -> str:
        return f"{100 * self.share:5.1f}% [{100 * self.low:5.1f}, {100 * self.high:5.1f}]"


def wilson(share: float, n: float, z: float = Z95) -> Share:
    """Wilson score interval of a share observed over ``n`` (possibly effective) trials."""
    if n <= 0:
        return Share(0.0, 0.0, 1.0)
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denom
    return Share(share, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class AccuracyReport:
    population: Mapping[str, int]
    graded: tuple[Graded, ...]
    seed: int | None = None

    def count(self, grade_name: str, stratum: str | None = None) -> int:
        """Cards of ``grade_name`` (or ``in full``: exact with no warning, the card read whole)."""
        return sum(1 for g in self.graded if _is(g, grade_name) and stratum in (None, g.stratum))

    def size(self, stratum: str | None = None) -> int:
        return sum(1 for g in self.graded if stratum in (None, g.stratum))

    def share(self, grade_name: str, stratum: str) -> Share:
        n = self.size(stratum)
        return wilson(self.count(grade_name, stratum) / n if n else 0.0, n)

    def weighted(self, grade_name: str) -> Share:
        """The population share: each stratum's share weighted by its size, with the Wilson
        interval at Kish's effective sample size (sum of weights)^2 / sum of squared weights."""
        total = sum(self.population.values())
        share = sum(self.population[s] / total * self.count(grade_name, s) / self.size(s) for s in self.population)
        weights = [self.population[s] / self.size(s) for s in self.population for _ in range(self.size(s))]
        n_eff = sum(weights) ** 2 / sum(w * w for w in weights)
        return wilson(share, n_eff)

    @property
    def wrong(self) -> tuple[Graded, ...]:
        return tuple(g for g in self.graded if g.grade == "wrong")

    @property
    def unexpected_wrong(self) -> tuple[Graded, ...]:
        """Cards graded wrong that the sample doesn't mark ``known_wrong``."""
        return tuple(g for g in self.wrong if g.known_wrong is None)

    @property
    def stale_known_wrong(self) -> tuple[Graded, ...]:
        """Cards marked ``known_wrong`` that are no longer graded wrong."""
        return tuple(g for g in self.graded if g.known_wrong is not None and g.grade != "wrong")

    def render(self) -> str:
        strata = list(self.population)
        sizes = ", ".join(f"{s} {self.size(s)} of {self.population[s]}" for s in strata)
        seed = f" (seed {self.seed})" if self.seed is not None else ""
        lines = [f"labelled random sample{seed}: {self.size()} cards; strata: {sizes}"]
        head = f"{'grade':8}  {'overall (weighted)':24}" + "".join(
            f"  {TITLES.get(s, s) + ' (n=' + str(self.size(s)) + ')':34}" for s in strata
        )
        lines.append(head.rstrip())
        for name in (*GRADES, IN_FULL):
            row = f"{name:8}  {self.weighted(name).render():24}"
            row += "".join(f"  {self.count(name, s):4d}  {self.share(name, s).render():28}" for s in strata)
            lines.append(row.rstrip())
        for name in ("wrong", "partial", "unread"):
            cards = [g for g in self.graded if g.grade == name]
            if cards:
                lines.append(f"{name}:")
                for g in cards:
                    known = f" [known_wrong: {g.known_wrong}]" if g.known_wrong else ""
                    lines.append(f"  {g.card} ({g.stratum}): {g.reason}{known}")
        for g in self.stale_known_wrong:
            lines.append(f"no longer wrong (remove known_wrong): {g.card}")
        return "\n".join(lines)


def _is(g: Graded, grade_name: str) -> bool:
    return g.grade == "exact" and not g.warnings if grade_name == IN_FULL else g.grade == grade_name


def measure_accuracy(catalog: Catalog, data: Any) -> AccuracyReport:
    """Grade every card of a labelled sample (parsed YAML/JSON, see ``read_sample``)."""
    sample = read_sample(data)
    return AccuracyReport(sample.population, tuple(grade_card(catalog, c) for c in sample.cards), sample.seed)
