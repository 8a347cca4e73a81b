"""Print a digest of every card's compiled output (abilities, warnings, notes, levels) in the
bundled catalog, and the number of cards. The same digest before and after a change to how the
catalog is stored shows that no card compiles differently. It runs the compiler on every card
(the store of compiled cards, ``cards/compiled_store.py``, is neither read nor written):

    python scripts/compiled_digest.py [--out FILE]

``--out`` also writes one JSON line per card, to diff two runs card by card.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
from pathlib import Path

from combat_solver.cards.catalog import bundled_catalog


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    catalog = bundled_catalog()
    digest = hashlib.sha256()
    lines = []
    for record in catalog:
        compiled = dataclasses.asdict(catalog.compiler.compile(record))
        line = json.dumps([record.name, compiled], sort_keys=True, default=repr)
        digest.update(line.encode() + b"\n")
        lines.append(line)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} cards, sha256 {digest.hexdigest()}")


if __name__ == "__main__":
    main()
