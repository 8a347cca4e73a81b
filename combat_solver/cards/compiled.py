"""What the card compiler makes of a card: abilities as data (``AbilityData``: one ability of
the vocabulary, before validation), the warnings and notes of text it can't read exactly, and
the levels a card's counters reach (711.2, 702.184, 702.98)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from ..model.chosen_word import Choice, references

AbilityData = dict[str, Any]
"""One ability as the compiler writes it: ``{"kind": ..., <fields>}`` (validated on a board)."""
Reading = Literal["compiled", "warned", "noted", "dropped"]
"""What became of a sentence bearing on legality: compiled exactly, warned, or a note (its
result is an effect to give once used); ``dropped`` (read to nothing) never happens: the compiler
warns such a sentence and tests/test_cards_compiler.py holds the catalog to it."""
Result = tuple[list[AbilityData], str | None]
"""The abilities of one sentence and the note to report with it, if any."""


@dataclass(frozen=True)
class Level:
    """What a permanent has while it has ``at_least`` (up to ``at_most``) ``counter`` counters:
    leveler boxes (711.2a-b: base power/toughness and abilities), station thresholds (702.184:
    abilities, and "It's an artifact creature at N+"), unleash (702.98a: can't block with a
    +1/+1 counter)."""

    counter: str
    at_least: int
    at_most: int | None = None
    abilities: tuple[AbilityData, ...] = ()
    warnings: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    creature: bool = False

    def active(self, counters: int) -> bool:
        return counters >= self.at_least and (self.at_most is None or counters <= self.at_most)


@dataclass(frozen=True)
class CopyEffect:
    """A permanent's "You may have this creature enter as a copy of ..." (707.2, 614.1c): which
    object it copies is a fact of the game, the board's ``copy_of``; its exceptions (707.9) become
    part of the copy's copiable values: card types, subtypes and supertypes added (707.9b),
    legendary taken away, its own name or colors kept (707.9c), power and toughness set, and
    abilities added (707.9a: ``lines`` of rules text, compiled as ``abilities``). ``warnings``:
    an exception it can't read, or an added ability that isn't compiled exactly."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    not_legendary: bool = False
    keeps_name: bool = False
    keeps_colors: bool = False
    power: int | None = None
    toughness: int | None = None
    lines: tuple[str, ...] = ()
    abilities: tuple[AbilityData, ...] = ()
    warnings: tuple[str, ...] = ()


UNCOUNTED_TRIGGER = "not among the verdict's triggers"
"""The end of the note of a combat trigger whose event or intervening "if" isn't read (603.4)."""
MANA_FOR_ABILITIES = "a verdict warns where its controller has a mana ability with a mana cost"
"""The end of the note of mana spendable only on spells and some abilities (106.6): it may pay a
mana ability's own mana cost (605.3a), which the payment doesn't model."""
SACRIFICE_BARRED = "a verdict warns where a cost sacrifices a permanent"
"""The end of the note of "can't be sacrificed" (Alexios, Hithlain Rope, 701.21a): no cost the
board has sacrifices it, which the payment doesn't model."""
TEAM_ATTACKING_PLAYER = "with shared team turns the controller of the attacker it blocks (805.10c): warned"
"""The end of the note of Goblin Goon's "than attacking player", read as the active player (506.2)."""
MANA_SIDE_EFFECTS = "a verdict warns where a mana ability gains life"
"""The end of the note of "Players can't gain life": the life a mana ability gains while costs are
paid (``gains_life``) may not come. No mana ability draws (605.1a)."""


@dataclass(frozen=True)
class Compiled:
    """What a card's text means for combat: ``abilities`` compiled exactly, ``warnings`` (text
    bearing on legality that couldn't be compiled) and ``notes`` (text that needs an effect on
    the board once used), each as "Card: sentence"."""

    card: str
    abilities: tuple[AbilityData, ...] = ()
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    relevant: bool = False
    uncompiled: tuple[str, ...] = field(default=(), compare=False)
    levels: tuple[Level, ...] = ()
    creature_during_your_turn: bool = False
    """Living metal (702.161a): during its controller's turn it is an artifact creature in
    addition to its other types (the board says whose turn it is)."""
    readings: tuple[tuple[str, Reading], ...] = field(default=(), compare=False)
    """Each sentence of its text that bears on legality and what became of it: never dropped."""
    creature_unless_attached: bool = False
    """Reconfigure (702.151b) or bestow (702.103b): attached to a creature it isn't a creature."""
    riot: bool = False
    """Riot (702.136a): it entered with a +1/+1 counter (in the board's ``counters``) or has haste
    (the board's ``chosen.riot``)."""
    copy: CopyEffect | None = None
    """Its copy effect (707.2): what it is on the battlefield is the board's ``copy_of``."""
    from_graveyard: tuple[AbilityData, ...] = ()
    """113.6b: what it gives while it is in its owner's graveyard (Wonder: "As long as this card is in
    your graveyard and you control an Island, creatures you control have flying"), the board's
    ``graveyard_cards`` naming it."""

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The choices of the board's ``chosen`` its abilities read (607.2d, 702.136a)."""
        found = references(self.abilities) | references([a for level in self.levels for a in level.abilities])
        return tuple(c for c in get_args(Choice) if c in found or (c == "riot" and self.riot))

    @property
    def uncounted_triggers(self) -> tuple[str, ...]:
        """Its notes of combat triggers never counted (508.1m, 509.1i: the trigger's event or
        intervening "if" isn't read): no bearing on legality, so not a warning of the card, but
        a warning of every verdict of a board it is on, whose triggers leave it out."""
        return tuple(n for n in self.notes if n.endswith(f"{UNCOUNTED_TRIGGER})"))

    def notes_ending(self, marker: str) -> tuple[str, ...]:
        """Its notes that end with ``marker`` (``MANA_FOR_ABILITIES``, ``MANA_SIDE_EFFECTS``)."""
        return tuple(n for n in self.notes if n.endswith(f"{marker})"))

    @property
    def all_warnings(self) -> tuple[str, ...]:
        """The warnings of the card at any number of counters."""
        return self.warnings + tuple(w for level in self.levels for w in level.warnings)


@dataclass
class Found:
    """What the lines of one card (or one level block) gave so far."""

    abilities: list[AbilityData] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    uncompiled: list[str] = field(default_factory=list)
    relevant: bool = False
    living_metal: bool = False
    unattached_creature: bool = False
    riot: bool = False
    copy: CopyEffect | None = None
    copy_keeps_own: bool = False
    """The copy "has this card's other abilities" (Sakashima of a Thousand Faces, 707.9a)."""
    readings: list[tuple[str, Reading]] = field(default_factory=list)

    def warn(self, warning: str, sentence: str) -> None:
        """A sentence bearing on legality that isn't compiled exactly: a warning."""
        self.warnings.append(warning)
        self.uncompiled.append(sentence)
        self.readings.append((sentence, "warned"))
