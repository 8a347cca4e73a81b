"""Every keyword ability of CR 702 and what the card compiler makes of it: the ability kinds it
compiles to, a note (its result depends on how the permanent was cast or used: the board
states it), a warning (the board can't state what it depends on), something read outside the
abilities (types, levels, colors), or nothing, with why it has no bearing on attack or block
legality. tests/test_cards_keywords.py holds every row to the compiler, and the table to every
rule number of 702: a keyword family can't go missing in silence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Reading = Literal["kinds", "noted", "warned", "read", "none"]


@dataclass(frozen=True)
class Keyword:
    """One keyword of 702 (``rule``: "702.9"). ``example``: a keyword line of it (for ``read``:
    a real card's name); ``kinds``: what the example compiles to; ``why``: the reason for a
    note, a warning, a reading elsewhere or no reading."""

    rule: str
    name: str
    reading: Reading
    example: str = ""
    kinds: tuple[str, ...] = ()
    why: str = ""


def _k(rule: int, name: str, example: str, *kinds: str) -> Keyword:
    return Keyword(f"702.{rule}", name, "kinds", example, kinds)


def _n(rule: int, name: str, example: str, why: str) -> Keyword:
    return Keyword(f"702.{rule}", name, "noted", example, why=why)


def _w(rule: int, name: str, example: str, why: str) -> Keyword:
    return Keyword(f"702.{rule}", name, "warned", example, why=why)


def _r(rule: int, name: str, card: str, why: str) -> Keyword:
    return Keyword(f"702.{rule}", name, "read", card, why=why)


def _0(rule: int, name: str, why: str) -> Keyword:
    return Keyword(f"702.{rule}", name, "none", why=why)


DAMAGE = "combat damage only (510), not who may attack or block"
CAST = "how a spell is cast or what it does elsewhere than on the battlefield"
OTHER = "no bearing on attack or block legality"
BOARD = "its result is written on the board"

KEYWORDS: tuple[Keyword, ...] = (
    _0(2, "deathtouch", DAMAGE),
    _k(3, "defender", "Defender", "defender"),
    _0(4, "double strike", DAMAGE),
    _0(5, "enchant", "what an Aura is attached to is the board's `attached_to`"),
    _0(6, "equip", "what an Equipment is attached to is the board's `attached_to`"),
    _0(7, "first strike", DAMAGE),
    _0(8, "flash", CAST),
    _k(9, "flying", "Flying", "flying"),
    _k(10, "haste", "Haste", "haste"),
    _0(11, "hexproof", "targeting (115), " + OTHER),
    _0(12, "indestructible", OTHER),
    _k(13, "intimidate", "Intimidate", "intimidate"),
    _k(14, "landwalk", "Islandwalk", "landwalk"),
    _0(15, "lifelink", DAMAGE),
    _k(16, "protection", "Protection from red", "protection"),
    _k(17, "reach", "Reach", "reach"),
    _0(18, "shroud", "targeting (115), " + OTHER),
    _0(19, "trample", DAMAGE),
    _k(20, "vigilance", "Vigilance", "vigilance"),
    _0(21, "ward", "targeting (115), " + OTHER),
    _k(22, "banding", "Banding", "banding"),
    _k(22, "bands with other", "Bands with other Dinosaurs", "bands_with_other"),
    _k(23, "rampage", "Rampage 2", "rampage"),
    _0(24, "cumulative upkeep", OTHER),
    _k(25, "flanking", "Flanking", "flanking"),
    _0(26, "phasing", "a phased-out permanent is left off the board (702.26b)"),
    _0(27, "buyback", CAST),
    _k(28, "shadow", "Shadow", "shadow"),
    _0(29, "cycling", CAST),
    _0(30, "echo", OTHER),
    _k(31, "horsemanship", "Horsemanship", "horsemanship"),
    _0(32, "fading", OTHER),
    _0(33, "kicker", CAST),
    _0(34, "flashback", CAST),
    _0(35, "madness", CAST),
    _k(36, "fear", "Fear", "fear"),
    _0(37, "morph", "a face-down 2/2 (708.2): " + BOARD),
    _0(38, "amplify", OTHER),
    _n(39, "provoke", "Provoke", "the provoked creature's block is an effect once the trigger resolves"),
    _0(40, "storm", CAST),
    _0(41, "affinity", CAST),
    _0(42, "entwine", CAST),
    _0(43, "modular", OTHER),
    _0(44, "sunburst", OTHER),
    _k(45, "bushido", "Bushido 1", "bushido"),
    _0(46, "soulshift", OTHER),
    _0(47, "splice", CAST),
    _0(48, "offering", CAST),
    _0(49, "ninjutsu", "activated from the hand; the creature it puts onto the battlefield attacking is on the board"),
    _0(50, "epic", CAST),
    _0(51, "convoke", CAST),
    _0(52, "dredge", OTHER),
    _0(53, "transmute", CAST),
    _0(54, "bloodthirst", "its +1/+1 counters are on the board"),
    _0(55, "haunt", OTHER),
    _0(56, "replicate", CAST),
    _0(57, "forecast", CAST),
    _0(58, "graft", "its +1/+1 counters are on the board"),
    _0(59, "recover", OTHER),
    _0(60, "ripple", CAST),
    _0(61, "split second", CAST),
    _n(62, "suspend", "Suspend 4—{1}{G}", "cast from suspend it gains haste"),
    _0(63, "vanishing", OTHER),
    _0(64, "absorb", DAMAGE),
    _0(65, "aura swap", OTHER),
    _0(66, "delve", CAST),
    _0(67, "fortify", OTHER),
    _k(68, "frenzy", "Frenzy 1", "unblocked_trigger"),
    _0(69, "gravestorm", CAST),
    _0(70, "poisonous", DAMAGE),
    _0(71, "transfigure", OTHER),
    _0(72, "champion", OTHER),
    _r(73, "changeling", "Amoeboid Changeling", "every creature type (702.73a), filled in by `resolve`"),
    _0(74, "evoke", CAST),
    _0(75, "hideaway", OTHER),
    _0(76, "prowl", CAST),
    _0(77, "reinforce", OTHER),
    _0(78, "conspire", CAST),
    _0(79, "persist", OTHER),
    _0(80, "wither", DAMAGE),
    _0(81, "retrace", CAST),
    _0(82, "devour", "its +1/+1 counters are on the board"),
    _k(83, "exalted", "Exalted", "attack_trigger"),
    _n(84, "unearth", "Unearth {R}", "returned by unearth it gains haste"),
    _0(85, "cascade", CAST),
    _k(86, "annihilator", "Annihilator 2", "attack_trigger"),
    _r(87, "level up", "Kargan Dragonlord", "its level boxes (711.2) are levels read by `resolve`"),
    _0(88, "rebound", CAST),
    _0(89, "umbra armor", OTHER),
    _0(90, "infect", DAMAGE),
    _k(91, "battle cry", "Battle cry", "attack_trigger"),
    _0(92, "living weapon", "the Germ token and the attachment are on the board"),
    _0(93, "undying", OTHER),
    _0(94, "miracle", CAST),
    _k(95, "soulbond", "As long as this creature is paired with another creature, both creatures have flying.", "grant"),
    _0(96, "overload", CAST),
    _0(97, "scavenge", OTHER),
    _r(98, "unleash", "Splatter Thug", "can't block with a +1/+1 counter (702.98a): a level read by `resolve`"),
    _0(99, "cipher", OTHER),
    _0(100, "evolve", "its +1/+1 counters are on the board"),
    _0(101, "extort", OTHER),
    _0(102, "fuse", CAST),
    _r(103, "bestow", "Nyxborn Rollicker", "attached, a bestowed Aura isn't a creature (702.103b), read by `resolve`"),
    _0(104, "tribute", OTHER),
    _k(105, "dethrone", "Dethrone", "attack_trigger"),
    _0(106, "hidden agenda", OTHER),
    _0(107, "outlast", "its +1/+1 counters are on the board"),
    _0(108, "prowess", OTHER),
    _n(109, "dash", "Dash {2}{R}", "cast for its dash cost it has haste"),
    _0(110, "exploit", OTHER),
    _k(111, "menace", "Menace", "menace"),
    _0(112, "renown", "renowned is its own sentences' condition: warned there"),
    _0(113, "awaken", CAST),
    _r(114, "devoid", "Barrage Tyrant", "colorless (702.114a): the catalog's colors"),
    _0(115, "ingest", DAMAGE),
    _k(116, "myriad", "Myriad", "attack_trigger"),
    _0(117, "surge", CAST),
    _k(118, "skulk", "Skulk", "skulk"),
    _0(119, "emerge", CAST),
    _0(120, "escalate", CAST),
    _k(121, "melee", "Melee", "attack_trigger"),
    _n(122, "crew", "Crew 3", "once crewed it is an artifact creature"),
    _0(123, "fabricate", "its counters or tokens are on the board"),
    _0(124, "partner", OTHER),
    _0(125, "undaunted", CAST),
    _0(126, "improvise", CAST),
    _0(127, "aftermath", CAST),
    _0(128, "embalm", OTHER),
    _0(129, "eternalize", OTHER),
    _k(130, "afflict", "Afflict 2", "becomes_blocked_trigger"),
    _0(131, "ascend", "the city's blessing is a designation the board states"),
    _0(132, "assist", CAST),
    _0(133, "jump-start", CAST),
    _k(134, "mentor", "Mentor", "attack_trigger"),
    _0(135, "afterlife", OTHER),
    _r(136, "riot", "Arcbound Slasher", "haste if the board's `chosen.riot` is haste (702.136a), read by `resolve`"),
    _0(137, "spectacle", CAST),
    _0(138, "escape", CAST),
    _0(139, "companion", OTHER),
    _0(140, "mutate", "the merged permanent (725) is written on the board"),
    _n(141, "encore", "Encore {5}{R}", "its tokens gain haste and must attack"),
    _0(142, "boast", "an activated ability once it has attacked; its result is the board's"),
    _0(143, "foretell", CAST),
    _0(144, "demonstrate", CAST),
    _0(145, "daybound and nightbound", "which face is up is the board's card"),
    _0(146, "disturb", CAST),
    _k(147, "decayed", "Decayed", "cant_block", "attack_trigger"),
    _0(148, "cleave", CAST),
    _0(149, "training", "its counter comes after attackers are declared; the trigger isn't reported"),
    _0(150, "compleated", OTHER),
    _r(151, "reconfigure", "Lion Sash", "attached it isn't a creature (702.151b), read by `resolve`"),
    _n(152, "blitz", "Blitz {2}{R}", "cast for its blitz cost it has haste"),
    _0(153, "casualty", CAST),
    _k(154, "enlist", "Enlist", "enlist"),
    _0(155, "read ahead", OTHER),
    _0(156, "ravenous", "its counters are on the board"),
    _0(157, "squad", CAST),
    _0(158, "space sculptor", "an Unfinity sector rule outside the vocabulary (one card, Space Beleren)"),
    _0(159, "visit", OTHER),
    _n(160, "prototype", "Prototype {1}{R} — 2/2", "cast prototyped it has other power, toughness and colors"),
    _r(161, "living metal", "Arcee, Acrobatic Coupe", "a creature during its controller's turn (702.161a), read by the board"),
    _0(162, "more than meets the eye", CAST),
    _0(163, "for mirrodin!", "the Rebel token and the attachment are on the board"),
    _0(164, "toxic", DAMAGE),
    _n(165, "backup", "Backup 1", "the abilities it grants until end of turn are effects"),
    _0(166, "bargain", CAST),
    _0(167, "craft", OTHER),
    _0(168, "disguise", "a face-down 2/2 with ward (708.2): " + BOARD),
    _0(169, "solved", OTHER),
    _0(170, "plot", CAST),
    _0(171, "saddle", "an activated ability; a saddled Mount is the board's `saddled` (702.171b)"),
    _0(172, "spree", CAST),
    _0(173, "freerunning", CAST),
    _0(174, "gift", CAST),
    _0(175, "offspring", CAST),
    _r(176, "impending", "Overlord of the Hauntwoods",
       "not a creature with a time counter if its impending cost was paid (702.176a): a warning then"),
    _0(177, "exhaust", "an activated ability (a note with the rest of its line)"),
    _k(178, "max speed", "Max speed — This creature has flying.", "flying"),
    _0(179, "start your engines!", "speed itself: a player's `speed` on the board"),
    _0(180, "harmonize", CAST),
    _k(181, "mobilize", "Mobilize 2", "attack_trigger"),
    _0(182, "job select", "the token and the attachment are on the board"),
    _0(183, "tiered", CAST),
    _r(184, "station", "Exploration Broodship", "its station symbols (721.2) are levels read by `resolve`"),
    _0(185, "warp", CAST),
    _w(186, "∞", "∞ — This creature has flying.", "whether it is harnessed isn't a board fact"),
    _0(187, "mayhem", CAST),
    _0(188, "web-slinging", CAST),
    _k(189, "firebending", "Firebending 1", "attack_trigger"),
    _0(190, "sneak", "cast during the declare blockers step; it enters attacking, on the board (702.190b)"),
    _0(191, "increment", "its counters are on the board"),
    _0(192, "paradigm", CAST),
)  # fmt: skip
"""Every keyword of 702.2-702.192, in rule order."""
