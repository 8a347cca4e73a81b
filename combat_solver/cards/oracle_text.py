"""Oracle text as the compiler reads it: lines without reminder text, the card's names as
``$self``, sentences, activated abilities, the counter-dependent blocks of levelers, stations and
unleash (711.2, 702.184, 702.98)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..rules.phrase import SELF
from .compiled import Level
from .phrases import number

ONE_SHOT = re.compile(
    r"^(?:•|Target\b|Create\b|Goad\b|Put\b|Untap\b|Tap\b|Return\b|Exile\b|Destroy\b|Choose\b|Draw\b|You may\b|When you do\b)"
    r"|(?i:(?<!can't )(?<!or )\bgains?\b|\buntil end of turn\b|\buntil your next turn\b|\b(?:attacks|blocks) (?:this turn|this combat) if able)"
)
"""A one-shot instruction ("Create", "gains ... until end of turn"): its result is an effect."""


@dataclass
class Block:
    """The lines of one level box, station threshold or "+1/+1 counter on it" condition."""

    counter: str
    at_least: int
    at_most: int | None
    lines: list[str] = field(default_factory=list)
    power: int | None = None
    toughness: int | None = None
    source: str = ""
    """The sentence a "+1/+1 counter on it" block was read from."""


def level_blocks(text: str, names: set[str]) -> tuple[list[str], list[Block], list[Level]]:
    """The card's lines split into those that always apply and counter-dependent blocks:
    "LEVEL 2-6" / "LEVEL 7+" boxes with their P/T line (711.2), station "8+ | Flying" lines
    (702.184), "As long as this creature has a +1/+1 counter on it, it ...", and the levels of
    unleash and of "It's an artifact creature at 8+"."""
    me = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    counted = (
        rf"(?:this creature|this artifact|{me}) has (a|an|one|two|three|four|five|six|seven|eight|nine|ten)(?: or more)?"
        r" \+1/\+1 counters? on it"
    )
    base: list[str] = []
    blocks: list[Block] = []
    levels: list[Level] = []
    current: Block | None = None
    # "20+ | ..." is a station symbol (721.2), unless it is a row of a die's table (706.2)
    stations = re.search(r"(?m)^Station\b", text) is not None or re.search(r"\broll\b[^.]*\bd\d+", text) is None
    for line in text.split("\n"):
        bare = strip_reminders(line).strip()
        leveler = re.fullmatch(r"LEVEL (\d+)(?:-(\d+)|\+)", line.strip())
        station = re.fullmatch(r"(\d+)\+ \| (.*)", line.strip()) if stations else None
        stats = re.fullmatch(r"(\d+)/(\d+)", line.strip())
        if leveler:
            current = Block("level", int(leveler[1]), int(leveler[2]) if leveler[2] else None)
            blocks.append(current)
        elif station:  # the lines after a threshold are printed in its box (721.2b)
            current = Block("charge", int(station[1]), None, [station[2]])
            blocks.append(current)
        elif current is not None and stats and current.power is None and not current.lines:
            current.power, current.toughness = int(stats[1]), int(stats[2])
        elif current is not None:
            current.lines.append(line)
        elif m := re.fullmatch(rf"As long as {counted}, (?:it|this creature|{me})(?: |'s )(.+)", bare):
            said = f"is {m[2]}" if re.search(rf"As long as {counted}, (?:it|this creature|{me})'s ", bare) else m[2]
            blocks.append(Block("+1/+1", number(m[1]) or 1, None, [f"This creature {said}"], source=bare))
        elif m := re.fullmatch(
            rf"(this creature|{me}) (has [^.]+?) as long as it has (a|an|one|two|three|four|five)(?: or more)? \+1/\+1 counters? on it\.",
            bare,
            flags=re.I,
        ):
            blocks.append(Block("+1/+1", number(m[3]) or 1, None, [f"This creature {m[2]}."], source=bare))
        elif re.fullmatch(r"Unleash\b.*", line):
            levels.append(Level("+1/+1", 1, abilities=({"kind": "cant_block"},)))
        else:
            base.append(line)
        creature_at = re.search(r"It's an artifact creature at (\d+)\+", line)
        if creature_at:
            levels.append(Level("charge", int(creature_at[1]), creature=True))
    return base, blocks, levels


def strip_reminders(text: str) -> str:
    return re.sub(r"\s*\([^()]*\)", "", text)


def selfify(line: str, names: set[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        line = re.sub(rf"(?<!\bnon-)\b{re.escape(name)}\b(?!')", SELF, line)  # "non-Gideon": a subtype (205.3j)
        line = re.sub(rf"(?<!\bnon-)\b{re.escape(name)}'s\b", SELF + "'s", line)
    line = re.sub(r"\bthe \$self\b", SELF, line)  # The Caffeinated Runner: "Whenever the The Caffeinated Runner"
    return re.sub(r"\b[Tt]his (creature|permanent|land|artifact|enchantment|Vehicle|Spacecraft|card)\b", SELF, line)


def is_activated(line: str) -> bool:
    head, colon, _ = line.partition(": ")
    return (
        bool(colon)
        and '"' not in head
        and ("{" in head or head.startswith(("[", "Sacrifice", "Tap", "Discard", "Remove", "Pay", "Exile", "Return")))
    )


def sentences(line: str) -> list[str]:
    out, depth, start = [], False, 0
    for i, ch in enumerate(line):
        if ch == '"':
            depth = not depth
            if not depth and line[i - 1] == "." and re.match(r" [A-Z]", line[i + 1 : i + 3]):
                out.append(line[start : i + 1].strip())  # a quoted ability ends the sentence it closes
                start = i + 1
        elif ch == "." and not depth and (i + 1 == len(line) or line[i + 1] == " "):
            out.append(line[start : i + 1].strip())
            start = i + 1
    tail = line[start:].strip()
    if tail:
        out.append(tail)
    return [s for s in out if s]


def spoken(text: str, face: str) -> str:
    """``text`` with ``$self`` as the card's name, but inside a quoted ability as "this permanent":
    a token's or a grantee's own "This creature can't block" written with the card's name would
    name the card (201.5a), not the object that has it."""
    return "".join(
        part.replace('"' + SELF, '"This permanent').replace(SELF, "this permanent")
        if part.startswith('"')
        else part.replace(SELF, face)
        for part in re.split(r'("[^"]*")', text)
    )
