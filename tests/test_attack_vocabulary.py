"""Attack vocabulary: one legal and one illegal attack per ability kind and per 508.1a basic.

Every expected answer below was derived by hand from the Comprehensive Rules text
(Comprehensive Rules, September 25, 2026 edition: 302.6, 310.9b, 506.5, 508.1a-f, 701.15b-d,
702.3b, 702.10b, 702.20b, 802.2-802.3a, 805.10b) and docs/design.md §4 (how requirements
are counted: every effect separately; goad = two requirements per goading player; Trove of
Temptation = one requirement on the attacking player), never by running the engine. Card
names and wordings are the cards' Oracle text.

Conventions: player "alice" is the active (attacking) player; "bob", "carol" and "dave" are
opponents. A board without ``combat`` is at the declare attackers step.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from asserts import (
    A,
    B,
    C,
    D,
    K,
    assert_illegal,
    assert_legal,
    assert_too_few,
    attack,
    attack_set,
    aura,
    basic,
    bears,
    block,
    craw_wurm,
    creature,
    cyclops,
    details,
    effect,
    juggernaut,
    make_board,
    militia_rallier,
    permanent,
    planeswalker,
    sea_serpent,
    serra_angel,
    silent_arbiter,
)

from combat_solver import (
    ABILITY_KINDS,
    Board,
    Verdict,
    check_attacks,
    count_legal_attacks,
    legal_attacks,
    solve_attacks,
)
from combat_solver.rules import attack_requirements, attacking
from combat_solver.rules.kind import AbilityBase


# ----------------------------------------------------------------------------- helpers
def requirement(v: Verdict, kind: str) -> list[bool]:
    """Whether each requirement of ``kind`` is obeyed (every unit)."""
    return [r.obeyed for u in v.units for r in u.requirements if r.kind == kind]


def assert_too_few_only(v: Verdict, obeyed: int, maximum: int) -> None:
    """Illegal only for obeying ``obeyed`` of a possible ``maximum`` requirements (508.1d)."""
    assert_too_few(v, "508.1d", obeyed, maximum)
    assert {x.kind for x in v.violations} == {"too_few_requirements"}, details(v)


# ----------------------------------------------------------------------------- cards
def mogg_flunkies(id: str = "flunkies", controller: str = A, **kw: Any) -> dict[str, Any]:
    """Mogg Flunkies: "This creature can't attack or block alone." """
    return creature(
        id,
        "Mogg Flunkies",
        controller,
        3,
        3,
        K("cant_attack_alone"),
        K("cant_block_alone"),
        colors=["red"],
        subtypes=["Goblin"],
        **kw,
    )


def master_of_cruelties(id: str = "master", controller: str = A, **kw: Any) -> dict[str, Any]:
    """Master of Cruelties: "This creature can only attack alone." """
    return creature(
        id,
        "Master of Cruelties",
        controller,
        1,
        4,
        K("can_only_attack_alone"),
        colors=["white", "black"],
        subtypes=["Demon"],
        **kw,
    )


def orcish_conscripts() -> dict[str, Any]:
    """Orcish Conscripts: "This creature can't attack unless at least two other creatures attack." """
    return creature(
        "conscripts",
        "Orcish Conscripts",
        A,
        2,
        2,
        K("cant_attack_unless_others_attack", n=2),
        colors=["red"],
        subtypes=["Orc"],
    )


def iron_golem(controller: str = A) -> dict[str, Any]:
    """Iron Golem: "Vigilance. This creature attacks or blocks each combat if able." """
    return creature(
        "golem",
        "Iron Golem",
        controller,
        5,
        3,
        K("vigilance"),
        K("attacks_or_blocks"),
        types=["artifact", "creature"],
        subtypes=["Golem"],
    )


def blazing_archon(controller: str) -> dict[str, Any]:
    """Blazing Archon: "Flying. Creatures can't attack you." """
    return creature(
        "archon",
        "Blazing Archon",
        controller,
        5,
        6,
        K("flying"),
        K("grant", to={}, ability=K("cant_attack", target={"player": "you"})),
        colors=["white"],
        subtypes=["Archon"],
    )


def pacifism(enchanted: str) -> dict[str, Any]:
    """Pacifism (bob's): "Enchanted creature can't attack or block." (only the attack half is modelled)"""
    return aura("pacifism", "Pacifism", B, enchanted, K("cant_attack"))


def uncontrollable_anger(enchanted: str) -> dict[str, Any]:
    """Uncontrollable Anger (alice's): "Enchanted creature ... attacks each combat if able." """
    return aura("anger", "Uncontrollable Anger", A, enchanted, K("must_attack"))


def crawlspace() -> dict[str, Any]:
    """Crawlspace (bob's): "No more than two creatures can attack you each combat." """
    return permanent("crawlspace", "Crawlspace", B, ["artifact"], K("attack_limit", n=2, defender={"player": "you"}))


def trove_of_temptation(controller: str) -> dict[str, Any]:
    """Trove of Temptation: "Each opponent must attack you or a planeswalker you control with at least one
    creature each combat if able." """
    return permanent(
        "trove",
        "Trove of Temptation",
        controller,
        ["enchantment"],
        K("must_be_attacked", target={"player": "you", "planeswalkers": True}),
    )


def siren(controller: str, target: str) -> dict[str, Any]:
    """Alluring Siren: "{T}: Target creature an opponent controls attacks you this turn if able." """
    return effect("Alluring Siren", K("must_attack", target={"player": "you"}), [target], controller=controller)


def goaded_wurm(*goaders: str, source: str = "Disrupt Decorum") -> list[dict[str, Any]]:
    """Each of ``goaders`` goads alice's Craw Wurm (701.15a)."""
    return [effect(source, K("goad", by=p), ["wurm"], controller=p) for p in goaders]


# ============================================================================ coverage
def _attack_kinds() -> dict[str, type]:
    """Every ability kind defined in rules/attacking.py and rules/attack_requirements.py."""
    found: dict[str, type] = {}
    for module in (attacking, attack_requirements):
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != module.__name__ or not issubclass(cls, AbilityBase):
                continue
            default = cls.model_fields["kind"].default
            if isinstance(default, str):
                found[default] = cls
    return found


def test_every_attack_ability_kind_has_a_test_here():
    """Every kind of the attack vocabulary (the kinds of rules/attacking.py and
    rules/attack_requirements.py) is named by a test function here, and is part of the
    public ability union."""
    kinds = _attack_kinds()
    assert len(kinds) >= 17, sorted(kinds)
    assert set(kinds) <= set(ABILITY_KINDS), set(kinds) - set(ABILITY_KINDS)
    names = " ".join(n for n in globals() if n.startswith("test_"))
    missing = [k for k in kinds if f"_{k}_" not in names]
    assert not missing, missing


# ============================================================================ 508.1a basics
def test_basic_508_1a_tapped_creature_cant_attack():
    """508.1a: "The chosen creatures must be untapped"."""
    board = make_board([bears("b1", tapped=True), bears("b2")])
    assert_illegal(attack(board, {"b1": B}), "508.1a", "tapped_attacker", ("b1",))
    assert_legal(attack(board, {"b2": B}))
    assert_legal(attack(board, {}))


def test_basic_508_1a_302_6_summoning_sick_creature_without_haste_cant_attack():
    """508.1a / 302.6: a creature not controlled continuously since the turn began can't
    attack unless it has haste."""
    board = make_board([bears("sick", sick=True), bears("old")])
    assert_illegal(attack(board, {"sick": B}), {"302.6", "508.1a"}, "summoning_sick", ("sick",))
    assert_legal(attack(board, {"old": B}))


def test_basic_508_1a_702_10b_summoning_sick_creature_with_haste_can_attack():
    """508.1a / 702.10b: haste lets a summoning-sick creature attack."""
    goblin = creature("token", "Goblin", A, 1, 1, K("haste"), colors=["red"], subtypes=["Goblin"], sick=True)
    board = make_board([goblin])
    assert_legal(attack(board, {"token": B}))


def test_basic_508_1a_only_your_creatures_attack():
    """508.1a: the active player chooses creatures *they control*; 506.3: only creatures attack."""
    rock = permanent("rock", "Mind Stone", A, ["artifact"])
    board = make_board([bears("mine"), bears("theirs", B), rock])
    assert_illegal(attack(board, {"theirs": B}), "508.1a", "not_attacking_player", ("theirs",))
    assert_illegal(attack(board, {"rock": B}), "508.1a", "not_a_creature", ("rock",))
    assert_legal(attack(board, {"mine": B}))


def test_basic_508_1b_only_players_planeswalkers_battles_are_attacked():
    """506.3 / 508.1b: a creature can't be attacked; an opponent's planeswalker can."""
    board = make_board([bears("mine"), bears("theirs", B), planeswalker("nahiri", B)])
    assert_illegal(attack(board, {"mine": "theirs"}), "508.1b", "invalid_target", ("mine", "theirs"))
    assert_legal(attack(board, {"mine": "nahiri"}))


def test_basic_508_1b_cant_attack_own_or_teammates_planeswalker():
    """508.1b / 506.2 / 802.3: only a defending player (an opponent), their planeswalkers and the
    battles they protect can be attacked — not your own planeswalker, not a teammate's, and not
    the teammate."""
    board = make_board(
        [bears("mine"), planeswalker("own", A), planeswalker("mate", "andy"), planeswalker("foe", B)],
        players=(A, "andy", B, C),
        teams={A: "T", "andy": "T", B: "U", C: "U"},
    )
    assert_illegal(attack(board, {"mine": "own"}), "508.1b", "invalid_target", ("mine", "own"))
    assert_illegal(attack(board, {"mine": "mate"}), "508.1b", "invalid_target", ("mine", "mate"))
    assert_illegal(attack(board, {"mine": "andy"}), "508.1b", "invalid_target", ("mine", "andy"))
    assert_illegal(attack(board, {"mine": A}), "508.1b", "invalid_target", ("mine",))
    assert_legal(attack(board, {"mine": "foe"}))
    assert_legal(attack(board, {"mine": C}))


def _battles_board() -> Board:
    # Siege battles: the controller chooses an opponent as protector (310.9a).
    bob_siege = permanent("bob_siege", "Invasion of Gobakhan", B, ["battle"], subtypes=["Siege"], protector=A)
    own_siege = permanent("own_siege", "Invasion of Tarkir", A, ["battle"], subtypes=["Siege"], protector=B)
    return make_board([bears("mine"), bob_siege, own_siege])


def test_basic_310_9b_protector_cant_attack_its_battle():
    """310.9b: "A battle's protector can never attack it. ... Notably, a Siege battle can be
    attacked by its own controller." alice protects bob's Siege: she can't attack it; she
    controls the other Siege, protected by bob: she can attack it."""
    board = _battles_board()
    assert_illegal(
        attack(board, {"mine": "bob_siege"}), {"310.9b", "310.8b", "508.1b"}, "invalid_target", ("mine", "bob_siege")
    )
    assert_legal(attack(board, {"mine": "own_siege"}))


def test_basic_310_9b_protector_battle_violation_cites_current_rule_number():
    """The September 2026 edition we follow renumbered 310.8b (April 2026) to 310.9b
    (rules/CHANGES-20260417-to-20260925.diff; misc.txt 310.9b)."""
    v = attack(_battles_board(), {"mine": "bob_siege"})
    assert_illegal(v, "310.9b", "invalid_target", ("mine", "bob_siege"))


def test_basic_508_1f_702_20b_vigilance_attackers_are_not_tapped():
    """508.1f: attacking taps the chosen creatures; 702.20b: not those with vigilance."""
    board = make_board([serra_angel(), bears()])
    v = assert_legal(attack(board, {"serra": B, "bears": B}))
    assert set(v.tapped) == {"bears"}
    assert attack(board, {"serra": B}).tapped == ()


# ============================================================================ keyword permissions
def test_haste_702_10b_hellraiser_goblin_grants_haste():
    """702.10b: Hellraiser Goblin: "Creatures you control have haste and attack each combat if
    able." A summoning-sick Grizzly Bears can (and so must) attack; a summoning-sick creature
    without haste (on a board without Hellraiser) can't."""
    hellraiser = creature(
        "hellraiser",
        "Hellraiser Goblin",
        A,
        2,
        2,
        K("grant", to={"controller": "you"}, ability=K("haste")),
        K("grant", to={"controller": "you"}, ability=K("must_attack")),
        colors=["red"],
        subtypes=["Goblin", "Berserker"],
    )
    board = make_board([hellraiser, bears(sick=True)])
    assert_legal(attack(board, {"bears": B, "hellraiser": B}), 2, 2)
    assert_too_few(attack(board, {"hellraiser": B}), "508.1d", 1, 2)
    no_haste = make_board([bears(sick=True)])
    assert_illegal(attack(no_haste, {"bears": B}), {"302.6", "508.1a"}, "summoning_sick", ("bears",))
    assert_legal(attack(no_haste, {}))


def test_vigilance_702_20b_untapped_but_still_must_be_untapped_to_attack():
    """702.20b: Serra Angel doesn't tap to attack; but vigilance doesn't let a tapped creature
    attack (508.1a)."""
    board = make_board([serra_angel("s1"), serra_angel("s2", tapped=True)])
    v = assert_legal(attack(board, {"s1": B}))
    assert v.tapped == ()
    assert_illegal(attack(board, {"s2": B}), "508.1a", "tapped_attacker", ("s2",))


def test_defender_702_3b_wall_of_stone_cant_attack():
    """702.3b: a creature with defender can't attack."""
    wall = creature("wall", "Wall of Stone", A, 0, 8, K("defender"), colors=["red"], subtypes=["Wall"])
    board = make_board([wall, bears()])
    assert_illegal(attack(board, {"wall": B}), "702.3b", "defender", ("wall",))
    assert_legal(attack(board, {"bears": B}))


def test_attack_despite_defender_702_3b_wall_of_wonder():
    """702.3b exception (A2): Wall of Wonder's "{2}{U}{U}: This creature gets +4/-4 until end of turn
    and can attack this turn as though it didn't have defender." After activation it attacks;
    another Wall without the effect can't; Pacifism ("can't attack") beats the permission (101.2)."""
    wonder = creature("wonder", "Wall of Wonder", A, 5, 1, K("defender"), colors=["blue"], subtypes=["Wall"])
    other = creature("other", "Wall of Wonder", A, 1, 5, K("defender"), colors=["blue"], subtypes=["Wall"])
    activated = effect("Wall of Wonder", K("attack_despite_defender"), ["wonder"], controller=A)
    board = make_board([wonder, other], effects=[activated])
    assert_legal(attack(board, {"wonder": B}))
    assert_illegal(attack(board, {"other": B}), "702.3b", "defender", ("other",))
    board = make_board([wonder, other, pacifism("wonder")], effects=[activated])
    assert_illegal(attack(board, {"wonder": B}), "508.1c", "cant_attack", ("wonder",))


# ============================================================================ restrictions (508.1c)
def test_cant_attack_508_1c_pacifism():
    """508.1c: Pacifism: "Enchanted creature can't attack or block." """
    board = make_board([bears("b1"), bears("b2"), pacifism("b1")])
    assert_illegal(attack(board, {"b1": B}), "508.1c", "cant_attack", ("b1",))
    assert_legal(attack(board, {"b2": B}))


def test_cant_attack_508_1c_blazing_archon_protects_player_not_planeswalkers():
    """508.1c, A10: Blazing Archon: "Creatures can't attack you." Its controller's planeswalkers are
    not protected (docs/design.md §4.5); other opponents can be attacked (802.3a)."""
    archon = blazing_archon(B)
    board = make_board([bears(), archon, planeswalker("nahiri", B)], players=(A, B, C))
    assert_illegal(attack(board, {"bears": B}), "508.1c", "cant_attack", ("bears", B))
    assert_legal(attack(board, {"bears": "nahiri"}))
    assert_legal(attack(board, {"bears": C}))


def test_cant_attack_508_1c_vow_of_duty_covers_planeswalkers():
    """508.1c, A10: Vow of Duty: "Enchanted creature ... can't attack you or planeswalkers you control." """
    vow = aura(
        "vow",
        "Vow of Duty",
        B,
        "bears",
        K("vigilance"),
        K("cant_attack", target={"player": "you", "planeswalkers": True}),
    )
    board = make_board(
        [bears(), vow, planeswalker("nahiri", B), planeswalker("teyo", C, "Teyo, Geometric Tactician")],
        players=(A, B, C),
    )
    assert_illegal(attack(board, {"bears": B}), "508.1c", "cant_attack", ("bears", B))
    assert_illegal(attack(board, {"bears": "nahiri"}), "508.1c", "cant_attack", ("bears", "nahiri"))
    v = assert_legal(attack(board, {"bears": "teyo"}))
    assert v.tapped == ()  # Vow of Duty also grants vigilance
    assert_legal(attack(board, {"bears": C}))


def test_cant_attack_508_1c_xantcha_cant_attack_its_owner():
    """A11: Xantcha, Sleeper Agent (owned by bob, controlled by alice): "Xantcha attacks each combat
    if able and can't attack its owner or planeswalkers its owner controls." It must attack carol."""
    xantcha = creature(
        "xantcha",
        "Xantcha, Sleeper Agent",
        A,
        5,
        5,
        K("must_attack"),
        K("cant_attack", target={"player": "owner", "planeswalkers": True}),
        colors=["black", "red"],
        supertypes=["legendary"],
        owner=B,
    )
    board = make_board([xantcha, planeswalker("nahiri", B)], players=(A, B, C))
    assert_illegal(attack(board, {"xantcha": B}), "508.1c", "cant_attack", ("xantcha", B))
    assert_illegal(attack(board, {"xantcha": "nahiri"}), "508.1c", "cant_attack", ("xantcha", "nahiri"))
    assert_too_few(attack(board, {}), "508.1d", 0, 1)
    assert_legal(attack(board, {"xantcha": C}), 1, 1)


def test_cant_attack_unless_508_1c_sea_serpent_per_defending_player():
    """508.1c, A4 with 802.2a: Sea Serpent: "This creature can't attack unless defending player
    controls an Island." — the player it would attack (or whose planeswalker it would attack)."""
    board = make_board(
        [
            sea_serpent("serpent", A),
            basic("mine", "Island", A),
            basic("theirs", "Island", C),
            planeswalker("nahiri", B),
        ],
        players=(A, B, C),
    )
    assert_illegal(attack(board, {"serpent": B}), "508.1c", "cant_attack_unless", ("serpent", B))
    assert_illegal(attack(board, {"serpent": "nahiri"}), "508.1c", "cant_attack_unless", ("serpent", "nahiri"))
    assert_legal(attack(board, {"serpent": C}))


def test_cant_attack_unless_508_1c_steelclad_serpent_another_artifact():
    """A5: Steelclad Serpent: "This creature can't attack unless you control another artifact."
    Itself doesn't count."""

    def steelclad() -> dict[str, Any]:
        return creature(
            "steelclad",
            "Steelclad Serpent",
            A,
            4,
            5,
            K("cant_attack_unless", you_control={"filter": {"types": ["artifact"], "not": {"ids": ["steelclad"]}}}),
            types=["artifact", "creature"],
            colors=["blue"],
            subtypes=["Serpent"],
        )

    alone = make_board(
        [
            steelclad(),
            permanent("ornithopter_b", "Ornithopter", B, ["artifact", "creature"]) | {"power": 0, "toughness": 2},
        ]
    )
    assert_illegal(attack(alone, {"steelclad": B}), "508.1c", "cant_attack_unless", ("steelclad",))
    with_rock = make_board([steelclad(), permanent("rock", "Mind Stone", A, ["artifact"])])
    assert_legal(attack(with_rock, {"steelclad": B}))


def test_cant_attack_if_508_1c_mogg_jailer():
    """A6: Mogg Jailer: "This creature can't attack if defending player controls an untapped
    creature with power 2 or less." bob has an untapped Grizzly Bears; carol's is tapped."""
    jailer = creature(
        "jailer",
        "Mogg Jailer",
        A,
        2,
        2,
        K(
            "cant_attack_if",
            defending_player_controls={"filter": {"types": ["creature"], "tapped": False, "power": {"le": 2}}},
        ),
        colors=["red"],
        subtypes=["Goblin"],
    )
    board = make_board(
        [jailer, bears("bob_bears", B), bears("carol_bears", C, tapped=True), craw_wurm("carol_wurm", C)],
        players=(A, B, C),
    )
    assert_illegal(attack(board, {"jailer": B}), "508.1c", "cant_attack_if", ("jailer", B))
    assert_legal(attack(board, {"jailer": C}))


def test_cant_attack_alone_506_5_mogg_flunkies():
    """506.5 / 508.1c (A8): Mogg Flunkies can't attack alone. Another attacker makes it not alone,
    even one attacking a different player (802.3a: the restriction is about the whole attack)."""
    board = make_board([mogg_flunkies(), bears()], players=(A, B, C))
    assert_illegal(attack(board, {"flunkies": B}), "506.5", "cant_attack_alone", ("flunkies",))
    assert_legal(attack(board, {"flunkies": B, "bears": B}))
    assert_legal(attack(board, {"flunkies": B, "bears": C}))
    assert_legal(attack(board, {"bears": C}))


def test_cant_attack_alone_508_1c_example_two_can_attack_together():
    """508.1c Example: two creatures that each "can't attack alone" may both attack."""
    board = make_board([militia_rallier(), mogg_flunkies()])
    assert_legal(attack(board, {"rallier": B, "flunkies": B}))
    assert_illegal(attack(board, {"rallier": B}), "506.5", "cant_attack_alone", ("rallier",))
    assert_illegal(attack(board, {"flunkies": B}), "506.5", "cant_attack_alone", ("flunkies",))
    assert_legal(attack(board, {}))


def test_can_only_attack_alone_506_5_master_of_cruelties():
    """506.5 / 508.1c (A9): Master of Cruelties "can only attack alone"."""
    board = make_board([master_of_cruelties(), bears()])
    assert_legal(attack(board, {"master": B}))
    assert_illegal(attack(board, {"master": B, "bears": B}), "506.5", "can_only_attack_alone", ("master",))
    assert_legal(attack(board, {"bears": B}))


def test_cant_attack_unless_others_attack_508_1c_orcish_conscripts():
    """A7: Orcish Conscripts: "This creature can't attack unless at least two other creatures
    attack." Other attackers count whoever they attack (802.3a)."""
    conscripts = orcish_conscripts()
    board = make_board([conscripts, bears("b1"), bears("b2")], players=(A, B, C))
    assert_illegal(
        attack(board, {"conscripts": B, "b1": B}), "508.1c", "cant_attack_unless_others_attack", ("conscripts",)
    )
    assert_legal(attack(board, {"conscripts": B, "b1": B, "b2": C}))
    assert_legal(attack(board, {"b1": B, "b2": B}))


def test_cant_attack_unless_greater_power_attacks_508_1c_okk():
    """A7: Okk (4/4): "This creature can't attack unless a creature with greater power also
    attacks." Serra Angel's 4 isn't greater; Craw Wurm's 6 is."""
    okk = creature(
        "okk", "Okk", A, 4, 4, K("cant_attack_unless_greater_power_attacks"), colors=["red"], subtypes=["Goblin"]
    )
    board = make_board([okk, serra_angel(), craw_wurm()])
    assert_illegal(
        attack(board, {"okk": B, "serra": B}), "508.1c", "cant_attack_unless_greater_power_attacks", ("okk",)
    )
    assert_illegal(attack(board, {"okk": B}), "508.1c", "cant_attack_unless_greater_power_attacks", ("okk",))
    assert_legal(attack(board, {"okk": B, "wurm": B}))
    assert_legal(attack(board, {"okk": B, "wurm": B, "serra": B}))


def test_attack_limit_508_1c_silent_arbiter():
    """A12: Silent Arbiter: "No more than one creature can attack each combat." """
    board = make_board([bears("b1"), bears("b2"), silent_arbiter()], players=(A, B, C))
    assert_illegal(attack(board, {"b1": B, "b2": C}), "508.1c", "attack_limit")
    assert_legal(attack(board, {"b1": C}))
    assert_legal(attack(board, {}))


def test_attack_limit_508_1c_caverns_of_despair_per_combat_ignores_earlier_combats():
    """A12: Caverns of Despair: "No more than two creatures can attack each combat." A per-combat
    limit doesn't count creatures that attacked in an earlier combat this turn."""
    caverns = permanent(
        "caverns", "Caverns of Despair", B, ["enchantment"], K("attack_limit", n=2), supertypes=["world"]
    )
    board = make_board([bears("b1"), bears("b2"), bears("b3"), caverns], attacked_this_turn=3)
    assert_legal(attack(board, {"b1": B, "b2": B}))
    assert_illegal(attack(board, {"b1": B, "b2": B, "b3": B}), "508.1c", "attack_limit")


def test_attack_limit_508_1c_eternal_wanderer_per_planeswalker():
    """A12: The Eternal Wanderer: "No more than one creature can attack The Eternal Wanderer each
    combat." Creatures attacking its controller don't count."""
    wanderer = planeswalker(
        "wanderer", B, "The Eternal Wanderer", K("attack_limit", n=1, defender={"ids": ["wanderer"]})
    )
    board = make_board([bears("b1"), bears("b2"), wanderer])
    assert_illegal(attack(board, {"b1": "wanderer", "b2": "wanderer"}), "508.1c", "attack_limit")
    assert_legal(attack(board, {"b1": "wanderer", "b2": B}))
    assert_legal(attack(board, {"b1": B, "b2": B}))


def test_attack_limit_508_1c_crawlspace_per_defending_player():
    """A12 with 802.3a: Crawlspace (bob): "No more than two creatures can attack you each combat."
    Creatures attacking carol, or bob's planeswalker, aren't attacking bob."""
    board = make_board(
        [bears("b1"), bears("b2"), bears("b3"), crawlspace(), planeswalker("nahiri", B)], players=(A, B, C)
    )
    assert_illegal(attack(board, {"b1": B, "b2": B, "b3": B}), "508.1c", "attack_limit")
    assert_legal(attack(board, {"b1": B, "b2": B, "b3": C}))
    assert_legal(attack(board, {"b1": B, "b2": B, "b3": "nahiri"}))
    assert_legal(attack(board, {"b1": C, "b2": C, "b3": C}))


def test_attack_limit_508_1c_per_turn_counts_earlier_attackers():
    """ "No more than one creature can attack each turn" (508.1d example effect): if a creature
    already attacked in an earlier combat this turn, no creature can attack now — a requirement
    can't be obeyed then (maximum 0); with none earlier, one can."""
    limit = effect("No more than one creature can attack each turn", K("attack_limit", n=1, per="turn"), controller=B)
    spent = make_board([juggernaut(), bears()], effects=[limit], attacked_this_turn=1)
    assert_illegal(attack(spent, {"jugg": B}), "508.1c", "attack_limit")
    assert_illegal(attack(spent, {"bears": B}), "508.1c", "attack_limit")
    assert_legal(attack(spent, {}), 0, 0)
    fresh = make_board([juggernaut(), bears()], effects=[limit], attacked_this_turn=0)
    assert_legal(attack(fresh, {"jugg": B}), 1, 1)
    assert_illegal(attack(fresh, {"jugg": B, "bears": B}), "508.1c", "attack_limit")


# ============================================================================ requirements (508.1d)
def test_must_attack_508_1d_juggernaut():
    """B1: Juggernaut "attacks each combat if able"; tapped, it isn't able (maximum 0)."""
    board = make_board([juggernaut(), bears()])
    assert_legal(attack(board, {"jugg": B}), 1, 1)
    assert_legal(attack(board, {"jugg": B, "bears": B}), 1, 1)
    v = attack(board, {"bears": B})
    assert_too_few_only(v, 0, 1)
    assert requirement(v, "must_attack") == [False]
    tapped = make_board([juggernaut(tapped=True)])
    assert_legal(attack(tapped, {}), 0, 0)


def test_must_attack_508_1d_summoning_sick_isnt_able():
    """302.6: a summoning-sick Juggernaut isn't able to attack: no requirement can be obeyed."""
    board = make_board([juggernaut(sick=True)])
    assert_legal(attack(board, {}), 0, 0)
    assert_illegal(attack(board, {"jugg": B}), {"302.6", "508.1a"}, "summoning_sick", ("jugg",))


def test_must_attack_508_1d_goblin_rabblemaster_other_goblins():
    """B2: Goblin Rabblemaster: "Other Goblin creatures you control attack each combat if able." It
    doesn't apply to itself nor to non-Goblins."""
    rabble = creature(
        "rabble",
        "Goblin Rabblemaster",
        A,
        2,
        2,
        K(
            "grant",
            to={"controller": "you", "subtypes": ["Goblin"], "not": {"ids": ["rabble"]}},
            ability=K("must_attack"),
        ),
        colors=["red"],
        subtypes=["Goblin", "Warrior"],
    )
    token = creature("token", "Goblin", A, 1, 1, K("haste"), colors=["red"], subtypes=["Goblin"], sick=True)
    board = make_board([rabble, token, bears()])
    assert_legal(attack(board, {"token": B}), 1, 1)
    assert_too_few(attack(board, {"rabble": B, "bears": B}), "508.1d", 0, 1)


def test_must_attack_508_1d_alluring_siren_attacks_you():
    """B6: Alluring Siren (bob): "Target creature an opponent controls attacks you this turn if
    able." Attacking carol, or bob's planeswalker, doesn't obey it."""
    board = make_board([bears(), planeswalker("nahiri", B)], players=(A, B, C), effects=[siren(B, "bears")])
    assert_legal(attack(board, {"bears": B}), 1, 1)
    assert_too_few(attack(board, {"bears": C}), "508.1d", 0, 1)
    assert_too_few(attack(board, {"bears": "nahiri"}), "508.1d", 0, 1)
    assert_too_few(attack(board, {}), "508.1d", 0, 1)


def test_must_attack_508_1d_two_alluring_sirens_point_at_different_players():
    """Two requirements that point at different players (Alluring Siren activated by bob and by
    carol on the same creature): only one can be obeyed (508.1b: one target each), so the
    maximum is 1 and attacking either is legal; attacking dave or nobody obeys 0."""
    board = make_board([bears()], players=(A, B, C, D), effects=[siren(B, "bears"), siren(C, "bears")])
    assert_legal(attack(board, {"bears": B}), 1, 1)
    assert_legal(attack(board, {"bears": C}), 1, 1)
    assert_too_few(attack(board, {"bears": D}), "508.1d", 0, 1)
    v = attack(board, {})
    assert_too_few_only(v, 0, 1)
    assert len(requirement(v, "must_attack")) == 2


def test_must_attack_508_1d_requirement_for_a_capped_defender_crawlspace():
    """A per-defender cap with a requirement for that defender: bob's Crawlspace ("No more than two
    creatures can attack you each combat") and Taunt by bob ("During target player's next turn,
    creatures that player controls attack you if able") on alice's three creatures. Three
    requirements, at most two obeyable (maximum 2). The third creature may attack carol or stay."""
    taunt = effect("Taunt", K("must_attack", target={"player": "you"}), ["b1", "b2", "b3"], controller=B)
    board = make_board([bears("b1"), bears("b2"), bears("b3"), crawlspace()], players=(A, B, C), effects=[taunt])
    v = attack(board, {"b1": B, "b2": B, "b3": B})
    assert_illegal(v, "508.1c", "attack_limit")
    assert not any(x.kind == "too_few_requirements" for x in v.violations)
    assert_legal(attack(board, {"b1": B, "b2": B, "b3": C}), 2, 2)
    assert_legal(attack(board, {"b1": B, "b3": B}), 2, 2)
    assert_too_few(attack(board, {"b1": B, "b2": C, "b3": C}), "508.1d", 1, 2)
    assert_too_few(attack(board, {}), "508.1d", 0, 2)


def test_must_attack_508_1d_gideon_planeswalker_target():
    """B6 variant (planeswalker target by id; e.g. Gideon Jura's "creatures that player controls
    attack Gideon Jura if able"): attacking Gideon's controller doesn't obey it."""
    gideon = planeswalker("gideon", B, "Gideon Jura")
    board = make_board(
        [bears(), gideon],
        effects=[effect("Gideon Jura", K("must_attack", target={"ids": ["gideon"]}), ["bears"], controller=B)],
    )
    assert_legal(attack(board, {"bears": "gideon"}), 1, 1)
    assert_too_few(attack(board, {"bears": B}), "508.1d", 0, 1)


def test_attacks_player_other_than_508_1d_kardur():
    """B5: Kardur, Doomscourge (bob): "creatures your opponents control attack each combat if able
    and attack a player other than you if able." Two requirements; attacking carol obeys both,
    attacking bob only the first."""
    kardur_effects = [
        effect("Kardur, Doomscourge", K("must_attack"), ["bears"], controller=B),
        effect("Kardur, Doomscourge", K("attacks_player_other_than", player="you"), ["bears"], controller=B),
    ]
    board = make_board([bears(), planeswalker("nahiri", C)], players=(A, B, C), effects=kardur_effects)
    assert_legal(attack(board, {"bears": C}), 2, 2)
    v = attack(board, {"bears": B})
    assert_too_few_only(v, 1, 2)
    assert requirement(v, "attacks_player_other_than") == [False]
    # carol's planeswalker isn't a player: only "attacks" is obeyed
    assert_too_few(attack(board, {"bears": "nahiri"}), "508.1d", 1, 2)


def test_goad_701_15b_two_goaders_four_players():
    """701.15b-c: goaded by bob and by carol in a four-player game: four requirements (two per
    goading player). Attacking dave obeys all 4; bob or carol 3 of 4; dave's planeswalker 2
    (it isn't a player); nobody 0."""
    goads = goaded_wurm(B, C)
    board = make_board([craw_wurm(), planeswalker("nahiri", D)], players=(A, B, C, D), effects=goads)
    assert_legal(attack(board, {"wurm": D}), 4, 4)
    v = attack(board, {"wurm": B})
    assert_too_few_only(v, 3, 4)
    assert sorted(requirement(v, "goad_other_player")) == [False, True]
    assert requirement(v, "goad") == [True, True]
    assert_too_few(attack(board, {"wurm": C}), "508.1d", 3, 4)
    assert_too_few(attack(board, {"wurm": "nahiri"}), "508.1d", 2, 4)
    assert_too_few(attack(board, {}), "508.1d", 0, 4)


def test_goad_701_15b_goader_is_the_only_opponent():
    """701.15b in a two-player game: "attacks a player other than [bob]" can't be obeyed, so the
    maximum is 1 and attacking the goader obeys it; not attacking is illegal."""
    board = make_board([craw_wurm()], effects=goaded_wurm(B))
    assert_legal(attack(board, {"wurm": B}), 1, 1)
    assert_too_few_only(attack(board, {}), 0, 1)


def test_goad_701_15b_goaders_planeswalker():
    """Goad against a planeswalker: attacking the goader's planeswalker obeys "attacks each combat"
    but not "attacks a player other than the goader" (a planeswalker isn't a player). With carol
    in the game that is 1 of 2; in a two-player game, 1 of 1 (legal)."""
    goad = effect("Psychic Impetus", K("goad", by=B), ["wurm"], controller=B)
    three = make_board([craw_wurm(), planeswalker("nahiri", B)], players=(A, B, C), effects=[goad])
    v = attack(three, {"wurm": "nahiri"})
    assert_too_few(v, "508.1d", 1, 2)
    assert requirement(v, "goad") == [True]
    assert requirement(v, "goad_other_player") == [False]
    assert_legal(attack(three, {"wurm": C}), 2, 2)
    two = make_board([craw_wurm(), planeswalker("nahiri", B)], effects=[goad])
    assert_legal(attack(two, {"wurm": "nahiri"}), 1, 1)
    assert_legal(attack(two, {"wurm": B}), 1, 1)


def test_goad_701_15d_same_player_goading_again_adds_nothing():
    """701.15d: bob goading the creature twice creates no additional requirements (still 2)."""
    goads = [
        *goaded_wurm(B),
        effect("Karazikar, the Eye Tyrant", K("goad", by=B), ["wurm"], controller=B),
    ]
    board = make_board([craw_wurm()], players=(A, B, C), effects=goads)
    assert_legal(attack(board, {"wurm": C}), 2, 2)
    assert_too_few(attack(board, {"wurm": B}), "508.1d", 1, 2)


def test_goad_701_15c_goaded_by_every_opponent_attacks_anyone():
    """701.15c: goaded by bob, carol and dave: 6 requirements; attacking any one of them obeys
    the three "attacks" and two of the three "other than" requirements: 5 = the maximum."""
    goads = goaded_wurm(B, C, D)
    board = make_board([craw_wurm()], players=(A, B, C, D), effects=goads)
    for p in (B, C, D):
        assert_legal(attack(board, {"wurm": p}), 5, 5)
    assert_too_few(attack(board, {}), "508.1d", 0, 5)


def test_must_be_attacked_508_1d_trove_of_temptation():
    """B7: Trove of Temptation (bob): "Each opponent must attack you or a planeswalker you control
    with at least one creature each combat if able." One requirement on alice."""
    trove = trove_of_temptation(B)
    board = make_board([bears("b1"), bears("b2"), trove, planeswalker("nahiri", B)], players=(A, B, C))
    assert_legal(attack(board, {"b1": "nahiri", "b2": C}), 1, 1)
    assert_legal(attack(board, {"b1": B, "b2": B}), 1, 1)
    v = attack(board, {"b1": C, "b2": C})
    assert_too_few_only(v, 0, 1)
    assert requirement(v, "must_be_attacked") == [False]
    assert_too_few(attack(board, {}), "508.1d", 0, 1)


def test_must_be_attacked_508_1d_trove_of_temptation_own_or_unattackable():
    """Trove of Temptation binds only its controller's opponents: alice's own Trove asks nothing of
    her. And if bob can't be attacked this turn (attackable_players, 506.2a/803), the requirement
    can't be obeyed (maximum 0)."""
    own = trove_of_temptation(A)
    assert_legal(attack(make_board([bears(), own]), {}), 0, 0)
    bobs = trove_of_temptation(B)
    board = make_board([bears(), bobs], players=(A, B, C), attackable=[C])
    assert_legal(attack(board, {}), 0, 0)
    assert_illegal(attack(board, {"bears": B}), "508.1b", "invalid_target", ("bears", B))


def test_must_be_attacked_508_1d_seeker_of_slaanesh_any_target():
    """B7: Seeker of Slaanesh (bob): "Each opponent must attack with at least one creature each
    combat if able." Any target obeys it."""
    seeker = creature(
        "seeker", "Seeker of Slaanesh", B, 3, 3, K("haste"), K("must_be_attacked"), colors=["black"], subtypes=["Demon"]
    )
    board = make_board([bears("b1"), bears("b2"), seeker, planeswalker("nahiri", C)], players=(A, B, C))
    assert_legal(attack(board, {"b1": "nahiri"}), 1, 1)
    assert_too_few(attack(board, {}), "508.1d", 0, 1)


def test_attacks_or_blocks_508_1d_iron_golem_declare_attackers():
    """B8: Iron Golem (vigilance): "This creature attacks or blocks each combat if able." On its
    controller's turn it's an attack requirement; vigilance keeps it untapped."""
    golem = iron_golem(A)
    board = make_board([golem, bears()])
    v = assert_legal(attack(board, {"golem": B}), 1, 1)
    assert v.tapped == ()
    v = attack(board, {"bears": B})
    assert_too_few(v, "508.1d", 0, 1)
    assert requirement(v, "attacks_or_blocks") == [False]
    # an opponent's Iron Golem creates no attack requirement for alice
    theirs = make_board(
        [
            iron_golem(B),
            bears(),
        ]
    )
    assert_legal(attack(theirs, {}), 0, 0)


def test_attacks_or_blocks_509_1c_iron_golem_declare_blockers():
    """B8 at the declare blockers step (509.1c): bob's Iron Golem must block if able."""
    board = make_board([bears(), iron_golem(B)], {"bears": B})
    assert_too_few(block(board), "509.1c", 0, 1)
    assert_legal(block(board, {"golem": "bears"}))


# ============================================================================ CR examples / interactions
def _example_508_1d() -> Board:
    limit = effect("No more than one creature can attack each turn", K("attack_limit", n=1, per="turn"), controller=B)
    return make_board([cyclops(), bears()], effects=[limit])


def test_must_attack_508_1d_example_only_attacks_if_able_creature():
    """508.1d Example: one creature that "attacks if able", one with no abilities, "No more than one
    creature can attack each turn": the only legal attack is the attacks-if-able creature alone."""
    assert_legal(attack(_example_508_1d(), {"cyclops": B}), 1, 1)


def test_must_attack_508_1d_example_other_creature_alone_illegal():
    assert_too_few_only(attack(_example_508_1d(), {"bears": B}), 0, 1)


def test_must_attack_508_1d_example_both_illegal():
    assert_illegal(attack(_example_508_1d(), {"cyclops": B, "bears": B}), "508.1c", "attack_limit")


def test_must_attack_508_1d_example_neither_illegal():
    assert_too_few(attack(_example_508_1d(), {}), "508.1d", 0, 1)


def test_must_attack_508_1d_example_enumeration_is_exactly_one():
    assert attack_set(legal_attacks(_example_508_1d())) == {frozenset({("cyclops", B)})}


def test_must_attack_508_1d_two_must_attack_under_one_attacker_cap():
    """Two Juggernauts under Silent Arbiter: 2 requirements, at most 1 obeyable. Either alone is
    legal; both break the cap; neither obeys 0 of 1."""
    board = make_board([juggernaut("j1"), juggernaut("j2"), silent_arbiter()])
    assert_legal(attack(board, {"j1": B}), 1, 1)
    assert_legal(attack(board, {"j2": B}), 1, 1)
    assert_illegal(attack(board, {"j1": B, "j2": B}), "508.1c", "attack_limit")
    assert_too_few(attack(board, {}), "508.1d", 0, 1)
    assert attack_set(legal_attacks(board)) == {frozenset({("j1", B)}), frozenset({("j2", B)})}


def test_cant_attack_alone_506_5_must_attack_without_companion():
    """Mogg Flunkies with Uncontrollable Anger ("attacks each combat if able") and no other
    creature: it can't attack alone, so the requirement can't be obeyed (maximum 0)."""
    anger = uncontrollable_anger("flunkies")
    board = make_board([mogg_flunkies(), anger])
    assert_legal(attack(board, {}), 0, 0)
    assert_illegal(attack(board, {"flunkies": B}), "506.5", "cant_attack_alone", ("flunkies",))


def test_cant_attack_alone_506_5_must_attack_with_companion():
    """Same, with a vanilla Grizzly Bears: the requirement is obeyable if the Bears attack too
    (not a cost), so the maximum is 1 and only Flunkies + Bears is legal."""
    anger = uncontrollable_anger("flunkies")
    board = make_board([mogg_flunkies(), bears(), anger])
    assert_legal(attack(board, {"flunkies": B, "bears": B}), 1, 1)
    assert_too_few(attack(board, {}), "508.1d", 0, 1)
    assert_too_few(attack(board, {"bears": B}), "508.1d", 0, 1)
    assert_illegal(attack(board, {"flunkies": B}), "506.5", "cant_attack_alone", ("flunkies",))
    assert attack_set(legal_attacks(board)) == {frozenset({("flunkies", B), ("bears", B)})}
    # a summoning-sick companion can't attack: back to maximum 0
    sick = make_board([mogg_flunkies(), bears(sick=True), anger])
    assert_legal(attack(sick, {}), 0, 0)


def test_can_only_attack_alone_506_5_master_of_cruelties_with_juggernaut():
    """Master of Cruelties (can only attack alone) and Juggernaut (attacks if able): Master can
    attack only if Juggernaut doesn't, which obeys 0 of 1 — so Master never attacks."""
    board = make_board([master_of_cruelties(), juggernaut()])
    assert_too_few_only(attack(board, {"master": B}), 0, 1)
    assert_illegal(attack(board, {"master": B, "jugg": B}), "506.5", "can_only_attack_alone", ("master",))
    assert_legal(attack(board, {"jugg": B}), 1, 1)


def test_attack_limit_805_10b_two_headed_giant_combined_attack():
    """805.10b: the active team has one combined attack, legal as a whole. Dana's Silent Arbiter
    caps the team's attack at one creature; andy's Juggernaut must attack; so only the Juggernaut
    attacking is legal, even though alice is the active player."""
    board = make_board(
        [bears("bears", A), juggernaut("jugg", "andy"), silent_arbiter("arbiter", "dana")],
        players=(A, "andy", "dana", "dave"),
        teams={A: "A", "andy": "A", "dana": "D", "dave": "D"},
        shared=True,
    )
    assert_legal(attack(board, {"jugg": "dave"}), 1, 1)
    assert_legal(attack(board, {"jugg": "dana"}), 1, 1)
    assert_illegal(attack(board, {"bears": "dana", "jugg": "dave"}), "508.1c", "attack_limit")
    assert_too_few_only(attack(board, {"bears": "dana"}), 0, 1)


def test_cant_attack_alone_805_10b_teammates_creature_keeps_it_company():
    """805.10b: alice's Mogg Flunkies with andy's Grizzly Bears is not attacking alone."""
    board = make_board(
        [mogg_flunkies("flunkies", A), bears("bears", "andy")],
        players=(A, "andy", "dana", "dave"),
        teams={A: "A", "andy": "A", "dana": "D", "dave": "D"},
        shared=True,
    )
    assert_legal(attack(board, {"flunkies": "dana", "bears": "dave"}))
    assert_illegal(attack(board, {"flunkies": "dana"}), "506.5", "cant_attack_alone")
    assert_illegal(attack(board, {"flunkies": "andy", "bears": "dave"}), "508.1b", "invalid_target")


def test_basic_508_1b_attackable_players_restrict_targets():
    """506.2a / 803 (e.g. Mystic Barrier): only the listed opponents (and their planeswalkers) can
    be attacked. A requirement to attack carol can't be obeyed then."""
    board = make_board(
        [bears(), planeswalker("teyo", C, "Teyo, Geometric Tactician")],
        players=(A, B, C),
        attackable=[B],
        effects=[siren(C, "bears")],
    )
    assert_illegal(attack(board, {"bears": C}), "508.1b", "invalid_target", ("bears", C))
    assert_illegal(attack(board, {"bears": "teyo"}), "508.1b", "invalid_target", ("bears", "teyo"))
    assert_legal(attack(board, {"bears": B}), 0, 0)
    assert_legal(attack(board, {}), 0, 0)


# ============================================================================ solving / enumeration
def test_solve_attacks_returns_legal_maximal_attack():
    """The goaded Craw Wurm of the four-player board: the unique optimum attacks dave."""
    goads = goaded_wurm(B, C)
    board = make_board([craw_wurm(), mogg_flunkies()], players=(A, B, C, D), effects=goads)
    v = solve_attacks(board)
    assert v.status == "legal", details(v)
    assert v.requirements_obeyed == v.requirements_maximum == 4
    assert v.declaration.attacks["wurm"] == D
    assert check_attacks(board, v.declaration).status == "legal"


def test_solve_attacks_508_1d_example():
    v = solve_attacks(_example_508_1d())
    assert v.status == "legal"
    assert v.declaration.attacks == {"cyclops": B}
    assert v.tapped == ("cyclops",)


def test_legal_attacks_enumerates_hand_computed_set_no_requirements():
    """Mogg Flunkies (can't attack alone), Master of Cruelties (can only attack alone), Grizzly
    Bears; two players, no planeswalkers. Legal: nothing; Bears; Flunkies + Bears; Master alone."""
    board = make_board([mogg_flunkies(), master_of_cruelties(), bears()])
    expected = {
        frozenset(),
        frozenset({("bears", B)}),
        frozenset({("flunkies", B), ("bears", B)}),
        frozenset({("master", B)}),
    }
    assert attack_set(legal_attacks(board)) == expected
    assert count_legal_attacks(board) == 4
    assert count_legal_attacks(board, limit=2) == 2


def test_legal_attacks_enumerates_hand_computed_set_with_requirement_and_planeswalker():
    """Juggernaut (must attack), Mogg Flunkies, Master of Cruelties; bob has a planeswalker.
    Maximum 1: Juggernaut attacks bob or Nahiri; Master can't (not alone); Flunkies may stay home
    or attack either: 2 x 3 = 6 declarations."""
    board = make_board([juggernaut(), mogg_flunkies(), master_of_cruelties(), planeswalker("nahiri", B)])
    expected = {
        frozenset({("jugg", j)} | ({("flunkies", f)} if f else set()))
        for j in (B, "nahiri")
        for f in (None, B, "nahiri")
    }
    assert len(expected) == 6
    found = list(legal_attacks(board))
    assert len(found) == 6  # each exactly once
    assert attack_set(found) == expected
    assert count_legal_attacks(board) == 6


def test_witness_of_too_few_requirements_is_legal():
    """The witness of a verdict illegal only for too few requirements is a legal maximal attack."""
    goads = goaded_wurm(B, C)
    board = make_board([craw_wurm(), bears()], players=(A, B, C, D), effects=goads)
    v = attack(board, {"wurm": B, "bears": B})
    assert_too_few(v, "508.1d", 3, 4)
    assert v.witness is not None
    assert v.witness.kind == "attack"
    w = check_attacks(board, v.witness)
    assert_legal(w, 4, 4)
    assert v.witness.attacks["wurm"] == D


def test_a_broken_restriction_gets_the_closest_legal_witness():
    """Issue 26: a declaration that breaks a restriction gets a witness too: legal, obeying the
    maximum, closest to the proposal (one of the two Juggernauts kept attacking)."""
    board = make_board([juggernaut("j1"), juggernaut("j2"), silent_arbiter()])
    v = attack(board, {"j1": B, "j2": B})
    assert v.witness is not None and v.witness_closest is True
    assert len(v.witness.attacks) == 1 and set(v.witness.attacks.values()) == {B}
    assert_legal(check_attacks(board, v.witness), 1, 1)


@pytest.mark.parametrize("attacks", [{"jugg": B}, {}])
def test_check_never_changes_the_board(attacks: dict[str, str]):
    """733: a check never changes the board."""
    board = make_board([juggernaut(), bears()])
    before = board.model_dump()
    attack(board, attacks)
    assert board.model_dump() == before


# ============================================================================ more interactions
def test_basic_508_1a_battle_creature_cant_attack():
    """508.1a: the chosen creatures "can't also be battles"."""
    odd = {
        **permanent("odd", "Invasion of Tarkir", A, ["battle", "creature"], subtypes=["Siege"], protector=B),
        "power": 3,
        "toughness": 3,
    }
    board = make_board([odd, bears()])
    assert_illegal(attack(board, {"odd": B}), "508.1a", "not_a_creature", ("odd",))
    assert_legal(attack(board, {"bears": B}))


def test_must_attack_508_1d_each_effect_is_a_separate_requirement():
    """docs/design.md §4.1: two effects that each say a creature attacks each combat if able are two
    requirements. Juggernaut j1 also wears Uncontrollable Anger (2 requirements), j2 has 1; under
    Silent Arbiter only one attacks, so j1 must be the one (2 beats 1)."""
    anger = uncontrollable_anger("j1")
    board = make_board([juggernaut("j1"), juggernaut("j2"), anger, silent_arbiter()])
    assert_legal(attack(board, {"j1": B}), 2, 2)
    v = attack(board, {"j2": B})
    assert_too_few_only(v, 1, 2)
    assert v.witness is not None and v.witness.attacks == {"j1": B}


def test_goad_701_15b_other_players_protected_by_blazing_archon():
    """Goaded by bob in a three-player game where carol controls Blazing Archon ("Creatures can't
    attack you"): "attacks a player other than bob" can't be obeyed without breaking a
    restriction, so the maximum is 1 and attacking bob is legal; attacking nobody isn't."""
    archon = blazing_archon(C)
    board = make_board(
        [craw_wurm(), archon],
        players=(A, B, C),
        effects=[effect("Psychic Impetus", K("goad", by=B), ["wurm"], controller=B)],
    )
    assert_legal(attack(board, {"wurm": B}), 1, 1)
    assert_illegal(attack(board, {"wurm": C}), "508.1c", "cant_attack", ("wurm", C))
    assert_too_few(attack(board, {}), "508.1d", 0, 1)


def test_cant_attack_unless_others_attack_508_1c_sick_companion_doesnt_count():
    """Orcish Conscripts with two companions, one summoning sick: it can't attack (no legal way
    to have two others attack)."""
    conscripts = orcish_conscripts()
    anger = uncontrollable_anger("conscripts")
    board = make_board([conscripts, bears("b1"), bears("b2", sick=True), anger])
    assert_legal(attack(board, {}), 0, 0)
    assert_legal(attack(board, {"b1": B}), 0, 0)
    assert_illegal(attack(board, {"conscripts": B, "b1": B}), "508.1c", "cant_attack_unless_others_attack")


# ============================================================================ issue #12 kinds
def test_attack_as_though_haste_lets_a_new_creature_attack_302_6():
    """Instill Energy: "Enchanted creature can attack as though it had haste" (302.6, 508.1a)."""
    energized = bears(sick=True)
    energized["abilities"].append(K("attack_as_though_haste"))
    assert_legal(attack(make_board([energized]), {"bears": B}))
    assert_illegal(attack(make_board([bears(sick=True)]), {"bears": B}), "302.6", "summoning_sick", ("bears",))


def test_activate_as_though_haste_lets_new_creatures_pay_with_their_mana_302_6():
    """Thousand-Year Elixir: "You may activate abilities of creatures you control as though those
    creatures had haste" (302.6): two Elves that came under Alice's control this turn tap for
    Propaganda's {2}; the Bears still attack only if not summoning sick (the ability isn't haste)."""
    elves = [creature(f"elf{i}", "Elf", A, 1, 1, K("mana", produces="G"), sick=True) for i in (1, 2)]
    propaganda = permanent("prop", "Propaganda", B, ["enchantment"], K("attack_tax", cost={"mana": "{2}"}))
    elixir = permanent("elixir", "Elixir", A, ["artifact"], K("activate_as_though_haste", to={"controller": "you"}))
    assert_illegal(attack(make_board([bears(), *elves, propaganda]), {"bears": B}), "508.1j", "unpayable_cost")
    assert_legal(attack(make_board([bears(), *elves, propaganda, elixir]), {"bears": B}))
    assert_illegal(attack(make_board([bears(sick=True), elixir]), {"bears": B}), "302.6", "summoning_sick", ("bears",))


def test_cant_activate_keeps_a_creature_s_mana_from_paying_602_5():
    """Arrest: "its activated abilities can't be activated" (602.5): an Elf's mana ability is one
    (605.1a), so two Elves pay Propaganda's {2} and one arrested Elf leaves it unpaid; with
    ``tap_only`` (Serra Bestiary) the {T} mana ability is taken too, a mana ability without {T}
    isn't."""
    propaganda = permanent("prop", "Propaganda", B, ["enchantment"], K("attack_tax", cost={"mana": "{2}"}))
    elves = [creature(f"elf{i}", "Elf", A, 1, 1, K("mana", produces="G")) for i in (1, 2)]
    assert_legal(attack(make_board([bears(), *elves, propaganda]), {"bears": B}))
    elves[1]["abilities"].append(K("cant_activate"))
    assert_illegal(attack(make_board([bears(), *elves, propaganda]), {"bears": B}), "508.1j", "unpayable_cost")
    elves[1]["abilities"] = [K("mana", produces="G", tap=False, cost={"life": 1}), K("cant_activate", tap_only=True)]
    assert_legal(attack(make_board([bears(), *elves, propaganda]), {"bears": B}))


def test_chooses_attackers_changes_who_declares_not_what_is_legal_508_1():
    """Master Warcraft: "You choose which creatures attack this turn." Juggernaut must still attack
    (508.1d); the verdict names Bob as the declarer."""
    board = make_board([juggernaut()], effects=[effect("Master Warcraft", K("chooses_attackers"), controller=B)])
    assert_too_few(attack(board, {}), "508.1d", 0, 1)
    verdict = attack(board, {"jugg": B})
    assert_legal(verdict)
    assert [(d.declarer, d.source) for d in verdict.declared_by] == [(B, "Master Warcraft")]
