"""Build ``combat_solver/service/static/rules.json``: the Comprehensive Rules text shown on hover
in the judges' page. Every rule of the combat, keyword, multiplayer and misc excerpts (September
2026 edition), and every other rule the package cites, from the full text (April 2026 edition).
A development-time tool: ``python scripts/build_rule_excerpts.py RULES_DIR``."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "combat_solver" / "service" / "static" / "rules.json"
EXCERPTS = ("combat.txt", "keywords-combat.txt", "multiplayer.txt", "misc.txt")
FULL = "cr-full-20260417.txt"
RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.*)")
CITED = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b(?!\.\d)")


def rules_of(text: str) -> dict[str, str]:
    """Rule number -> its text with the Examples that follow it."""
    out: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        found = RULE.match(line)
        if found:
            current = found.group(1)
            out[current] = found.group(2).strip()
        elif current is not None and line.startswith("Example:"):
            out[current] += "\n" + line.strip()
        elif not line.strip():
            continue
        else:
            current = None
    return out


def cited_rules(package: Path) -> set[str]:
    """Every rule number the package's source mentions."""
    return {m for path in package.rglob("*.py") for m in CITED.findall(path.read_text(encoding="utf-8"))}


def build(rules_dir: Path) -> dict[str, str]:
    full = rules_of((rules_dir / FULL).read_text(encoding="utf-8"))
    chosen: dict[str, str] = {}
    for name in EXCERPTS:
        chosen.update(rules_of((rules_dir / name).read_text(encoding="utf-8")))
    for number in cited_rules(ROOT / "combat_solver"):
        if number not in chosen and number in full:
            chosen[number] = full[number]
    return dict(
        sorted(chosen.items(), key=lambda kv: [int(x) if x.isdigit() else x for x in re.split(r"(\d+)", kv[0])])
    )


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/build_rule_excerpts.py RULES_DIR  (the folder of the rules text files)")
    rules_dir = Path(sys.argv[1])
    rules = build(rules_dir)
    OUT.write_text(json.dumps(rules, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(rules)} rules -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
