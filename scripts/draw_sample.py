"""Draw a seeded random sample of the catalog's combat-relevant permanent cards, to be labelled by
hand (``tests/cards/random_sample.yaml``) and graded with ``combat-solver cards --accuracy``.

Population: the bundled catalog's permanent cards (``CardRecord.is_permanent``) with a line of
Oracle text, reminder text removed and the card's name read as ``$self``, that bears on attack or
block legality (``phrases.bears_on_legality``: the legality phrases and the legality keywords).
This reads the Oracle text only, never the compiler's output.

Strata, each drawn uniformly without replacement:

- ``keywords``: every line is a keyword line ("Flying, haste", "Protection from black",
  "Equip {2}": no sentence, no quotation, no level or station box);
- ``text``: at least one line that is more than keywords.

Usage: ``python scripts/draw_sample.py [--seed N] [--keywords N] [--text N] [--out FILE]``
(defaults: seed 20261201, 150 and 150, tests/cards/random_sample.yaml; an existing file is kept
unless ``--force``). The output records the
seed, the command, the date and each stratum's population, so figures can be re-weighted; it
writes each card's Oracle text as a comment and an empty label to fill in (``TODO``).
"""

from __future__ import annotations

import argparse
import datetime
import random
import re
import sys
from pathlib import Path

from combat_solver.cards.card_record import CardRecord
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.oracle_text import selfify, strip_reminders
from combat_solver.cards.phrases import bears_on_legality

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "cards" / "random_sample.yaml"
SEED = 20261201
STRATA = ("keywords", "text")


def names_of(record: CardRecord) -> set[str]:
    face = record.name.split(" // ")[0]
    names = {face}
    if "legendary" in record.supertypes:
        names.add(re.split(r",| the | of ", face)[0])
    return names


def lines_of(record: CardRecord) -> list[str]:
    """The card's lines, reminder text removed and its name as ``$self``."""
    names = names_of(record)
    out = [selfify(strip_reminders(line).strip(), names) for line in record.text.split("\n")]
    return [line for line in out if line]


def is_keyword_line(line: str) -> bool:
    """A line of keywords only: no sentence end, no quotation, not a level or station box."""
    if re.fullmatch(r"LEVEL \d+(?:-\d+|\+)|\d+/\d+|\d+\+ \|.*", line):
        return False
    return not line.endswith((".", '"', ")")) and '"' not in line


def relevant(record: CardRecord) -> bool:
    return record.is_permanent and any(bears_on_legality(line) for line in lines_of(record))


def stratum(record: CardRecord) -> str:
    return "keywords" if all(is_keyword_line(line) for line in lines_of(record)) else "text"


def population() -> dict[str, list[CardRecord]]:
    out: dict[str, list[CardRecord]] = {s: [] for s in STRATA}
    for record in sorted(bundled_catalog(), key=lambda r: r.name):
        if relevant(record):
            out[stratum(record)].append(record)
    return out


def draw(seed: int, sizes: dict[str, int]) -> tuple[dict[str, int], list[tuple[str, CardRecord]]]:
    """The strata's population sizes and the drawn cards (stratum, record), in draw order."""
    pop = population()
    rng = random.Random(seed)
    drawn: list[tuple[str, CardRecord]] = []
    for s in STRATA:
        drawn += [(s, r) for r in rng.sample(pop[s], sizes[s])]
    return {s: len(pop[s]) for s in STRATA}, drawn


def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(seed: int, command: str, pop: dict[str, int], drawn: list[tuple[str, CardRecord]]) -> str:
    sizes = {s: sum(1 for t, _ in drawn if t == s) for s in STRATA}
    head = [
        "# A random sample of the catalog's combat-relevant permanent cards, labelled by hand.",
        f"# Drawn by: {command}  (seed {seed}, {datetime.date.today().isoformat()})",
        "# Population: permanent cards with a line bearing on attack or block legality",
        "#   (cards/phrases.py bears_on_legality on the Oracle text, reminder text removed).",
        "# Strata (each drawn uniformly without replacement; weight = population / sample):",
    ]
    head += [f"#   {s}: population {pop[s]}, sample {sizes[s]}, weight {pop[s] / sizes[s]:.3f}" for s in STRATA]
    head += [
        "#   keywords = every line is keyword-only; text = at least one line with more than keywords.",
        "# Labelling: each card's abilities in the vocabulary (docs/board-format.md) read from its Oracle",
        "#   text and the rules by a reviewer independent of the compiler (the compiler's output for these",
        "#   cards was not run, read or copied while labelling). Format as tests/cards/labelled.yaml, plus",
        "#   `stratum`, `note` (a source for a doubtful reading) and `known_wrong` (the compiler is known to",
        "#   compile this card silently wrong today: why). Graded by `combat-solver cards --accuracy FILE`.",
        f"seed: {seed}",
        "population: {" + ", ".join(f"{s}: {pop[s]}" for s in STRATA) + "}",
        "cards:",
    ]
    body = []
    for s, r in drawn:
        body += [f"  # {line}" for line in r.text.split("\n")]
        body.append(f"  {_quote(r.name)}: {{stratum: {s}, abilities: TODO}}")
    return "\n".join(head + body) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--keywords", type=int, default=150, help="cards from the keyword-lines-only stratum")
    p.add_argument("--text", type=int, default=150, help="cards from the more-than-keyword-lines stratum")
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--force", action="store_true", help="overwrite --out (it holds the labels: they would be lost)")
    args = p.parse_args(argv)
    if args.out.exists() and not args.force:
        print(f"{args.out} exists (its labels would be lost): pass --force or another --out", file=sys.stderr)
        return 2
    pop, drawn = draw(args.seed, {"keywords": args.keywords, "text": args.text})
    command = "python scripts/draw_sample.py " + " ".join(argv if argv is not None else sys.argv[1:])
    args.out.write_text(render(args.seed, command.strip(), pop, drawn), encoding="utf-8")
    print(f"{len(drawn)} cards ({pop}) -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
