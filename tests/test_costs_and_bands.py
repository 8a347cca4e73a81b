"""Costs to attack and block, optional attack costs (exert, enlist) and banding.

Every expected answer below was derived by hand from the Comprehensive Rules text
(Comprehensive Rules, September 25, 2026 edition: 118.3, 302.6, 508.1d-j, 509.1c-f, 605.1a,
701.43d, 702.9b, 702.14c, 702.20b, 702.22c-h and the 702.22h Example, 702.154a-c) and
docs/design.md §4.2, 4.3 and 4.8, never by running the engine:

* the requirement maximum is taken over declarations that pay nothing (508.1d / 509.1c last
  sentence): a player is never required to pay a cost to obey a requirement;
* a declaration that pays is legal when its restrictions hold, it obeys at least that maximum,
  and its locked-in total (508.1h, 509.1d) can be paid in full (508.1j, 509.1f, 118.3): mana
  from mana abilities of untapped permanents (605.1a; a creature tapped by attacking, 508.1f,
  can't tap for mana unless it has vigilance, 702.20b; a creature without haste needs to have
  been controlled since the turn began, 302.6), life (a player can pay life only if their life
  total is at least the amount), permanents to sacrifice (tapped ones too), untapped
  permanents to tap, cards to discard;
* optional costs (exert, enlist, 508.1g) are chosen after 508.1d and never excuse a
  requirement;
* banding: creatures with banding and at most one without form a band (or "bands with other
  <quality>"), a band attacks one target (702.22c-d); blocking one member blocks the whole band
  (702.22h) so the evasion of the other members does not apply to that block.

Card names and wordings are the cards' Oracle text.

Conventions: "alice" is the active (attacking) player; "bob" and "carol" are opponents. A board
without ``combat`` is at the declare attackers step.
"""

from __future__ import annotations

from typing import Any

from asserts import (
    A,
    B,
    C,
    K,
    argivian_cavalier,
    assert_illegal,
    assert_legal,
    assert_too_few,
    attack,
    attack_set,
    aura,
    basic,
    bears,
    benalish_hero,
    block,
    blocks_set,
    craw_wurm,
    creature,
    cyclops,
    details,
    effect,
    giant_spider,
    glorybringer,
    heat_wave,
    juggernaut,
    lure,
    make_board,
    permanent,
    planeswalker,
    sea_serpent,
    soldier,
)

from combat_solver import (
    BlockDeclaration,
    Board,
    Verdict,
    check_attacks,
    legal_attacks,
    legal_blocks,
    solve_attacks,
    solve_blocks,
)


# ----------------------------------------------------------------------------- helpers
def lands(n: int, kind: str = "Plains", controller: str = A, prefix: str = "land") -> list[dict[str, Any]]:
    return [basic(f"{prefix}{i}", kind, controller) for i in range(1, n + 1)]


def assert_unpayable(v: Verdict, rule: str, player: str, total: str) -> None:
    """Illegal only because the locked-in total can't be paid in full (508.1j / 509.1f)."""
    assert_illegal(v, rule, "unpayable_cost", (player,))
    assert {x.kind for x in v.violations} == {"unpayable_cost"}, details(v)
    msg = next(x.message for x in v.violations if x.kind == "unpayable_cost")
    assert total in msg and player in msg, msg
    report = next(c for c in v.costs if c.player == player)
    assert report.total == total
    assert report.payable is False


def paid(v: Verdict, player: str, total: str) -> None:
    """The declaration is legal, locks in ``total`` for ``player`` and shows how to pay it."""
    assert_legal(v)
    report = next(c for c in v.costs if c.player == player)
    assert report.total == total, report
    assert report.payable is True
    assert report.payment, report


# ----------------------------------------------------------------------------- cards
def llanowar_elves(id: str = "elves", *abilities: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """Llanowar Elves: "{T}: Add {G}." """
    return creature(
        id,
        "Llanowar Elves",
        A,
        1,
        1,
        K("mana", produces="G"),
        *abilities,
        colors=["green"],
        subtypes=["Elf", "Druid"],
        **kw,
    )


TAX2 = K("attack_tax", cost={"mana": "{2}"})


def ghostly_prison(controller: str = B, id: str = "prison") -> dict[str, Any]:
    """Ghostly Prison: "Creatures can't attack you unless their controller pays {2} for each creature they
    control that's attacking you." """
    return permanent(id, "Ghostly Prison", controller, ["enchantment"], TAX2)


def propaganda(controller: str = B, id: str = "propaganda") -> dict[str, Any]:
    """Propaganda: same wording as Ghostly Prison (it does not mention planeswalkers)."""
    return permanent(id, "Propaganda", controller, ["enchantment"], TAX2)


def norns_annex(controller: str = B) -> dict[str, Any]:
    """Norn's Annex: "Creatures can't attack you or planeswalkers you control unless their controller pays
    {W/P} for each of those creatures." """
    return permanent(
        "annex",
        "Norn's Annex",
        controller,
        ["artifact"],
        K("attack_tax", cost={"mana": "{W/P}"}, target={"player": "you", "planeswalkers": True}),
    )


def mesa_pegasus(id: str = "pegasus", *abilities: dict[str, Any]) -> dict[str, Any]:
    """Mesa Pegasus: "Banding, flying"."""
    return creature(
        id, "Mesa Pegasus", A, 1, 1, K("banding"), K("flying"), *abilities, colors=["white"], subtypes=["Pegasus"]
    )


def bog_wraith(id: str = "wraith") -> dict[str, Any]:
    """Bog Wraith: "Swampwalk"."""
    return creature(
        id, "Bog Wraith", A, 3, 3, K("landwalk", land={"subtypes": ["Swamp"]}), colors=["black"], subtypes=["Wraith"]
    )


def wolves(id: str) -> dict[str, Any]:
    """Wolves of the Hunt token (Master of the Hunt): 1/1 green Wolf, "bands with other creatures named
    Wolves of the Hunt"."""
    return creature(
        id,
        "Wolves of the Hunt",
        A,
        1,
        1,
        K("bands_with_other", quality={"name": "Wolves of the Hunt"}),
        colors=["green"],
        subtypes=["Wolf"],
    )


# ============================================================ 508.1d last sentence, 508.1h-j
def test_508_1d_ghostly_prison_must_attack_creature_need_not_attack() -> None:
    """508.1d: the only attack Juggernaut could make costs {2}, so the no-cost maximum is 0."""
    board = make_board([juggernaut(), ghostly_prison(), *lands(2)])
    assert_legal(attack(board), obeyed=0, maximum=0)
    assert attack(board).costs == ()


def test_508_1h_ghostly_prison_attack_and_pay_two_lands() -> None:
    """508.1h-j: Juggernaut attacks bob; alice pays {2} with two Plains. Paid, Juggernaut is able:
    the maximum over attacks paying only that {2} is 1 (docs/design.md §4.2)."""
    board = make_board([juggernaut(), ghostly_prison(), *lands(2)])
    v = attack(board, {"jugg": B})
    paid(v, A, "{2}")
    assert v.requirements_obeyed == 1
    assert v.requirements_maximum == 1
    assert "jugg" in v.tapped


def test_508_1j_ghostly_prison_one_land_cant_pay() -> None:
    """508.1j: no partial payments; one Plains can't pay {2}."""
    board = make_board([juggernaut(), ghostly_prison(), *lands(1)])
    assert_unpayable(attack(board, {"jugg": B}), "508.1j", A, "{2}")
    assert_legal(attack(board))


def test_508_1h_two_attackers_total_locked_in() -> None:
    """508.1h: the total is {2} for each attacker: {4}; three lands can't pay it, four can."""
    perms = [juggernaut(), bears(), ghostly_prison()]
    three = make_board([*perms, *lands(3)])
    assert_unpayable(attack(three, {"jugg": B, "bears": B}), "508.1j", A, "{4}")
    assert_legal(attack(three, {"jugg": B}))
    four = make_board([*perms, *lands(4)])
    v = attack(four, {"jugg": B, "bears": B})
    paid(v, A, "{4}")
    report = v.costs[0]
    assert len(report.items) == 2
    assert all("Ghostly Prison" in item for item in report.items)


def test_508_1h_two_taxes_stack() -> None:
    """Ghostly Prison and Propaganda are two costs: {4} for one attacker."""
    perms = [bears(), ghostly_prison(), propaganda()]
    assert_unpayable(attack(make_board([*perms, *lands(3)]), {"bears": B}), "508.1j", A, "{4}")
    paid(attack(make_board([*perms, *lands(4)]), {"bears": B}), A, "{4}")


def test_508_1d_propaganda_three_players_must_attack_other_opponent() -> None:
    """508.1d: Juggernaut can attack carol for free, so the maximum is 1."""
    board = make_board([juggernaut(), propaganda(B), *lands(2)], players=(A, B, C))
    assert_too_few(attack(board), "508.1d", 0, 1)
    assert_legal(attack(board, {"jugg": C}), obeyed=1, maximum=1)
    assert attack(board, {"jugg": C}).costs == ()
    # paying to attack bob also obeys the requirement
    v = attack(board, {"jugg": B})
    paid(v, A, "{2}")
    assert v.requirements_obeyed == 1 and v.requirements_maximum == 1


def test_508_1j_propaganda_three_players_attack_taxed_opponent_without_mana() -> None:
    board = make_board([juggernaut(), propaganda(B)], players=(A, B, C))
    assert_unpayable(attack(board, {"jugg": B}), "508.1j", A, "{2}")


def test_508_1d_paying_declaration_must_still_reach_maximum() -> None:
    """docs/design.md §4.2: paying is not a substitute for a requirement. Juggernaut stays home while the Bears
    pay to attack bob: 0 of 1."""
    board = make_board([juggernaut(), bears(), propaganda(B), *lands(4)], players=(A, B, C))
    assert_too_few(attack(board, {"bears": B}), "508.1d", 0, 1)
    paid(attack(board, {"jugg": C, "bears": B}), A, "{2}")


def test_solve_and_enumerate_with_ghostly_prison() -> None:
    """Legal attacks with Juggernaut vs Ghostly Prison and two lands: none, or attack bob paying {2}."""
    board = make_board([juggernaut(), ghostly_prison(), *lands(2)])
    found = attack_set(legal_attacks(board))
    assert frozenset() in found
    assert all(d <= {("jugg", B)} for d in found)
    solved = solve_attacks(board)
    assert solved.status == "legal"
    assert check_attacks(board, solved.declaration).status == "legal"


# ============================================================ planeswalkers: Propaganda vs Norn's Annex
def test_508_1h_propaganda_does_not_tax_attack_on_planeswalker() -> None:
    """Propaganda says "attack you": a planeswalker bob controls isn't covered (docs/design.md §4.5)."""
    board = make_board([bears(), propaganda(B), planeswalker()])
    v = assert_legal(attack(board, {"bears": "pw"}))
    assert v.costs == ()
    assert_unpayable(attack(board, {"bears": B}), "508.1j", A, "{2}")


def test_508_1h_norns_annex_taxes_planeswalker_paid_with_two_life() -> None:
    """{W/P} can be paid with 2 life: life 20, no lands."""
    board = make_board([bears(), norns_annex(), planeswalker()])
    paid(attack(board, {"bears": "pw"}), A, "{W/P}")
    paid(attack(board, {"bears": B}), A, "{W/P}")


def test_508_1h_norns_annex_exactly_two_life() -> None:
    """118.3: paying 2 life needs a life total of at least 2; 2 is enough."""
    board = make_board([bears(), norns_annex(), planeswalker()], life={A: 2})
    paid(attack(board, {"bears": "pw"}), A, "{W/P}")


def test_508_1j_norns_annex_one_life_no_white_source() -> None:
    """Life 1 and only a Mountain: neither {W} nor 2 life."""
    board = make_board([bears(), norns_annex(), planeswalker(), basic("mountain", "Mountain")], life={A: 1})
    assert_unpayable(attack(board, {"bears": "pw"}), "508.1j", A, "{W/P}")


def test_508_1h_norns_annex_one_life_with_plains() -> None:
    board = make_board([bears(), norns_annex(), planeswalker(), basic("plains", "Plains")], life={A: 1})
    paid(attack(board, {"bears": "pw"}), A, "{W/P}")


def test_508_1h_norns_annex_two_attackers_plains_and_life() -> None:
    """{W/P}{W/P}: one Plains pays one symbol, 2 life the other (life 2); life 3 alone can't pay 4 life."""
    perms = [bears(), juggernaut(), norns_annex(), planeswalker()]
    paid(
        attack(make_board([*perms, basic("plains", "Plains")], life={A: 2}), {"bears": "pw", "jugg": B}),
        A,
        "{W/P}{W/P}",
    )
    assert_unpayable(attack(make_board(perms, life={A: 3}), {"bears": "pw", "jugg": B}), "508.1j", A, "{W/P}{W/P}")


# ============================================================ mana sources (605.1a, 508.1f, 702.20b, 302.6)
def test_605_vigilance_attacker_taps_for_mana() -> None:
    """702.20b: attacking doesn't tap a creature with vigilance, so its {T}: Add {G} helps pay (508.1i)."""
    board = make_board([llanowar_elves("elves", K("vigilance")), basic("forest", "Forest"), ghostly_prison()])
    v = attack(board, {"elves": B})
    paid(v, A, "{2}")
    assert "elves" not in v.tapped


def test_508_1f_non_vigilance_attacker_is_tapped_and_cant_pay() -> None:
    """508.1f taps the attacker before 508.1i: the Elves' mana ability can't be activated."""
    board = make_board([llanowar_elves(), basic("forest", "Forest"), ghostly_prison()])
    assert_unpayable(attack(board, {"elves": B}), "508.1j", A, "{2}")


def test_605_nonattacking_mana_creature_pays() -> None:
    board = make_board([llanowar_elves(), bears(), basic("forest", "Forest"), ghostly_prison()])
    paid(attack(board, {"bears": B}), A, "{2}")


def test_302_6_summoning_sick_mana_creature_cant_pay() -> None:
    """302.6: a creature not controlled since the turn began can't use a {T} ability."""
    board = make_board([llanowar_elves(sick=True), bears(), basic("forest", "Forest"), ghostly_prison()])
    assert_unpayable(attack(board, {"bears": B}), "508.1j", A, "{2}")


def test_302_6_summoning_sick_mana_creature_with_haste_pays() -> None:
    board = make_board(
        [llanowar_elves("elves", K("haste"), sick=True), bears(), basic("forest", "Forest"), ghostly_prison()]
    )
    paid(attack(board, {"bears": B}), A, "{2}")


def test_118_3_tapped_land_cant_pay() -> None:
    board = make_board([bears(), ghostly_prison(), basic("p1", "Plains"), basic("p2", "Plains", tapped=True)])
    assert_unpayable(attack(board, {"bears": B}), "508.1j", A, "{2}")


# ============================================================ variable costs
def sphere_board(n_lands: int) -> Board:
    """Sphere of Safety: "... pays {X} for each of those creatures, where X is the number of enchantments
    you control." Bob controls Sphere of Safety and two more enchantments: X = 3."""
    sphere = permanent(
        "sphere",
        "Sphere of Safety",
        B,
        ["enchantment"],
        K(
            "attack_tax",
            cost={"mana": "{X}", "x_count": {"types": ["enchantment"]}},
            target={"player": "you", "planeswalkers": True},
        ),
    )
    others = [
        permanent("e1", "Glorious Anthem", B, ["enchantment"]),
        propaganda(B, "e2"),
        permanent("e3", "Oblivion Ring", A, ["enchantment"]),
    ]  # alice's: not counted
    return make_board([bears(), sphere, *others, planeswalker(), *lands(n_lands)])


def test_508_1h_sphere_of_safety_x_is_enchantments() -> None:
    """X = 3 (Sphere of Safety, Glorious Anthem, Propaganda; not alice's Oblivion Ring). Propaganda adds
    its own {2} when attacking bob, not when attacking the planeswalker."""
    paid(attack(sphere_board(3), {"bears": "pw"}), A, "{3}")
    assert_unpayable(attack(sphere_board(2), {"bears": "pw"}), "508.1j", A, "{3}")
    # attacking bob: Sphere {3} + Propaganda {2}
    assert_unpayable(attack(sphere_board(4), {"bears": B}), "508.1j", A, "{5}")
    paid(attack(sphere_board(5), {"bears": B}), A, "{5}")


def restraint_board(n_lands: int) -> Board:
    """Collective Restraint: X = basic land types among bob's lands: Plains, Island (Tundra is Plains
    Island) and Swamp = 3; alice's Mountain doesn't count."""
    restraint = permanent(
        "restraint", "Collective Restraint", B, ["enchantment"], K("attack_tax", cost={"mana": "{X}", "x_domain": True})
    )
    bob_lands = [
        basic("b1", "Plains", B),
        basic("b2", "Island", B),
        basic("b3", "Island", B),
        permanent("tundra", "Tundra", B, ["land"], K("mana", produces="WU"), subtypes=["Plains", "Island"]),
        basic("b4", "Swamp", B),
    ]
    return make_board([bears(), restraint, *bob_lands, *lands(n_lands, "Mountain")])


def test_508_1h_collective_restraint_domain() -> None:
    paid(attack(restraint_board(3), {"bears": B}), A, "{3}")
    assert_unpayable(attack(restraint_board(2), {"bears": B}), "508.1j", A, "{3}")


# ============================================================ non-mana costs (sacrifice)
def leviathan() -> dict[str, Any]:
    """Leviathan: "Trample ... This creature can't attack unless you sacrifice two Islands." (trample isn't modelled)"""
    return creature(
        "leviathan",
        "Leviathan",
        A,
        10,
        10,
        K("attack_cost", cost={"sacrifice": {"filter": {"subtypes": ["Island"]}, "n": 2}}),
        colors=["blue"],
        subtypes=["Leviathan"],
    )


def test_508_1h_leviathan_sacrifices_two_islands() -> None:
    board = make_board([leviathan(), *lands(2, "Island")])
    v = assert_legal(attack(board, {"leviathan": B}))
    assert v.costs and v.costs[0].payable is True


def test_508_1j_leviathan_cant_sacrifice_only_one_island() -> None:
    board = make_board([leviathan(), basic("i1", "Island"), basic("m1", "Mountain")])
    v = attack(board, {"leviathan": B})
    assert_illegal(v, "508.1j", "unpayable_cost", (A,))
    assert_legal(attack(board))


def test_118_3_tapped_islands_can_still_be_sacrificed() -> None:
    """Only tapping needs an untapped permanent (118.3); sacrificing a tapped Island is fine."""
    board = make_board([leviathan(), basic("i1", "Island", tapped=True), basic("i2", "Island", tapped=True)])
    assert_legal(attack(board, {"leviathan": B}))


def test_508_1i_islands_tapped_for_mana_then_sacrificed() -> None:
    """508.1i then 508.1j: alice taps both Islands for {U}{U} first, then pays Ghostly Prison's {2} with
    that mana and sacrifices the two (now tapped) Islands: legal."""
    board = make_board([leviathan(), *lands(2, "Island"), ghostly_prison()])
    assert_legal(attack(board, {"leviathan": B}))


def test_508_1h_exalted_dragon_without_land_cant_attack() -> None:
    """Exalted Dragon: "can't attack unless you sacrifice a land" with no land: a cost that can't be paid."""
    dragon = creature(
        "dragon",
        "Exalted Dragon",
        A,
        5,
        5,
        K("flying"),
        K("attack_cost", cost={"sacrifice": {"filter": {"types": ["land"]}, "n": 1}}),
        colors=["white"],
        subtypes=["Dragon"],
    )
    board = make_board([dragon])
    assert_illegal(attack(board, {"dragon": B}), "508.1j", "unpayable_cost", (A,))
    assert_legal(attack(board))


# ============================================================ 509.1c last sentence, 509.1d-f
def war_cadence(x: int) -> dict[str, Any]:
    """War Cadence resolved with X: "This turn, creatures can't block unless their controller pays {X}
    for each blocking creature they control." """
    return effect("War Cadence", K("block_tax", cost={"mana": f"{{{x}}}"}), controller=A)


def war_cadence_lure_board(n_lands: int) -> Board:
    """War Cadence with X = 2; alice's Grizzly Bears wear Lure and attack bob, who has a Giant Spider and
    ``n_lands`` Forests."""
    return make_board(
        [bears("lured"), lure("lure", "lured"), giant_spider(), *lands(n_lands, "Forest", B)],
        effects=[war_cadence(2)],
        attackers={"lured": B},
    )


def test_509_1c_war_cadence_lure_not_blocking_is_legal() -> None:
    """509.1c: blocking the Lure creature would cost {2}; bob needn't pay, maximum 0."""
    board = war_cadence_lure_board(2)
    assert_legal(block(board), obeyed=0, maximum=0)


def test_509_1d_war_cadence_lure_block_and_pay() -> None:
    board = war_cadence_lure_board(2)
    v = block(board, {"spider": "lured"})
    paid(v, B, "{2}")
    assert v.requirements_obeyed == 1


def test_509_1f_war_cadence_cant_pay() -> None:
    board = war_cadence_lure_board(1)
    assert_unpayable(block(board, {"spider": "lured"}), "509.1f", B, "{2}")


def test_509_1d_war_cadence_two_blockers_pay_per_blocker() -> None:
    board = make_board(
        [bears("a1"), bears("a2"), giant_spider(), bears("b2", B), *lands(3, "Forest", B)],
        effects=[war_cadence(2)],
        attackers={"a1": B, "a2": B},
    )
    assert_unpayable(block(board, {"spider": "a1", "b2": "a2"}), "509.1f", B, "{4}")
    paid(block(board, {"spider": "a1"}), B, "{2}")


def awesome_board(n_lands: int) -> Board:
    """Awesome Presence on alice's Craw Wurm: "Enchanted creature can't be blocked unless defending player
    pays {3} for each creature they control that's blocking it." """
    presence = aura("presence", "Awesome Presence", A, "wurm", K("blocked_tax", cost={"mana": "{3}"}))
    return make_board(
        [craw_wurm(), bears("plain"), presence, giant_spider(), bears("b2", B), *lands(n_lands, "Forest", B)],
        attackers={"wurm": B, "plain": B},
    )


def test_509_1d_awesome_presence_blocked_tax() -> None:
    paid(block(awesome_board(3), {"spider": "wurm"}), B, "{3}")
    assert_unpayable(block(awesome_board(2), {"spider": "wurm"}), "509.1f", B, "{3}")
    # blocking the other attacker costs nothing
    v = assert_legal(block(awesome_board(0), {"spider": "plain"}))
    assert v.costs == ()
    # two blockers of the Wurm: {6}
    assert_unpayable(block(awesome_board(5), {"spider": "wurm", "b2": "wurm"}), "509.1f", B, "{6}")
    paid(block(awesome_board(6), {"spider": "wurm", "b2": "wurm"}), B, "{6}")


def hipparion(id: str = "hipparion") -> dict[str, Any]:
    """Hipparion: "This creature can't block creatures with power 3 or greater unless you pay {1}." """
    return creature(
        id,
        "Hipparion",
        B,
        1,
        3,
        K("block_cost", cost={"mana": "{1}"}, attackers={"power": {"ge": 3}}),
        colors=["white"],
        subtypes=["Horse"],
    )


def test_509_1d_hipparion_blocks_small_attacker_free() -> None:
    board = make_board(
        [bears("small"), cyclops(), hipparion()],
        attackers={"small": B, "cyclops": B},
    )
    v = assert_legal(block(board, {"hipparion": "small"}))
    assert v.costs == ()
    assert_unpayable(block(board, {"hipparion": "cyclops"}), "509.1f", B, "{1}")


def test_509_1d_hipparion_pays_for_big_attacker() -> None:
    board = make_board(
        [cyclops(), hipparion(), basic("plains", "Plains", B)],
        attackers={"cyclops": B},
    )
    paid(block(board, {"hipparion": "cyclops"}), B, "{1}")


def test_509_1c_lure_with_hipparion_and_free_blocker() -> None:
    """Lure on a 3/3: two requirements (Hipparion's, Bears'). Without paying only the Bears can block it:
    maximum 1. The Bears alone: legal. Hipparion alone, paying {1}: with that paid both can block
    (docs/design.md §4.2), so 1 of 2, illegal. Nobody: illegal. Both, paying {1}: legal."""
    board = make_board(
        [cyclops(), lure("lure", "cyclops"), hipparion(), bears("b", B), basic("plains", "Plains", B)],
        attackers={"cyclops": B},
    )
    assert_legal(block(board, {"b": "cyclops"}), obeyed=1, maximum=1)
    assert_too_few(block(board, {"hipparion": "cyclops"}), "509.1c", 1, 2)
    assert_too_few(block(board), "509.1c", 0, 1)
    paid(block(board, {"hipparion": "cyclops", "b": "cyclops"}), B, "{1}")


def test_solve_and_enumerate_blocks_with_war_cadence() -> None:
    board = war_cadence_lure_board(1)
    found = blocks_set(legal_blocks(board))
    assert found == {frozenset()}
    solved = solve_blocks(board)
    assert solved.status == "legal"
    assert isinstance(solved.declaration, BlockDeclaration) and not solved.declaration.blocks


# ============================================================ exert (508.1g, 701.43d)


def test_508_1g_exert_attacking_creature() -> None:
    board = make_board([glorybringer(sick=True), bears()])
    v = assert_legal(attack(board, {"glory": B}, exert=("glory",)))
    assert "glory" in v.tapped


def test_508_1g_exert_nonattacking_creature_is_illegal() -> None:
    board = make_board([glorybringer(sick=True), bears()])
    assert_illegal(attack(board, {"bears": B}, exert=("glory",)), "508.1g", "cant_exert", ("glory",))


def test_508_1g_exert_creature_without_exert_is_illegal() -> None:
    board = make_board([glorybringer(sick=True), bears()])
    assert_illegal(attack(board, {"bears": B, "glory": B}, exert=("bears",)), "508.1g", "cant_exert", ("bears",))


# ============================================================ enlist (508.1g, 702.154a-c)
def test_702_154a_enlist_legal_and_taps_enlisted() -> None:
    board = make_board([argivian_cavalier(), soldier()])
    v = assert_legal(attack(board, {"cavalier": B}, enlist={"cavalier": "soldier"}))
    assert set(v.tapped) >= {"cavalier", "soldier"}


def test_702_154a_enlisted_creature_chosen_to_attack() -> None:
    board = make_board([argivian_cavalier(), soldier()])
    v = attack(board, {"cavalier": B, "soldier": B}, enlist={"cavalier": "soldier"})
    assert_illegal(v, "702.154a", "cant_enlist", ("cavalier", "soldier"))


def test_702_154a_enlist_tapped_creature() -> None:
    board = make_board([argivian_cavalier(), soldier(tapped=True)])
    assert_illegal(attack(board, {"cavalier": B}, enlist={"cavalier": "soldier"}), "702.154a", "cant_enlist")


def test_702_154a_enlist_summoning_sick_creature() -> None:
    board = make_board([argivian_cavalier(), soldier(sick=True)])
    assert_illegal(attack(board, {"cavalier": B}, enlist={"cavalier": "soldier"}), "702.154a", "cant_enlist")


def test_702_154a_enlist_summoning_sick_creature_with_haste() -> None:
    board = make_board([argivian_cavalier(), soldier("soldier", K("haste"), sick=True)])
    assert_legal(attack(board, {"cavalier": B}, enlist={"cavalier": "soldier"}))


def test_702_154c_creature_cant_enlist_itself() -> None:
    board = make_board([argivian_cavalier(), soldier()])
    assert_illegal(attack(board, {"cavalier": B}, enlist={"cavalier": "cavalier"}), "702.154a", "cant_enlist")


def test_702_154a_same_creature_enlisted_twice() -> None:
    board = make_board([argivian_cavalier("c1"), argivian_cavalier("c2"), soldier()])
    v = attack(board, {"c1": B, "c2": B}, enlist={"c1": "soldier", "c2": "soldier"})
    assert_illegal(v, "702.154a", "cant_enlist")


def test_702_154a_enlist_by_creature_without_enlist() -> None:
    board = make_board([argivian_cavalier(), bears(), soldier()])
    assert_illegal(attack(board, {"cavalier": B, "bears": B}, enlist={"bears": "soldier"}), "702.154a", "cant_enlist")


def test_508_1d_before_508_1g_enlisting_a_creature_that_must_attack() -> None:
    """Juggernaut could attack for free: maximum 1. Enlisting it keeps it home: 0 of 1 (docs/design.md §4.3)."""
    board = make_board([argivian_cavalier(), juggernaut()])
    v = attack(board, {"cavalier": B}, enlist={"cavalier": "jugg"})
    assert_too_few(v, "508.1d", 0, 1)
    assert_legal(attack(board, {"cavalier": B, "jugg": B}), obeyed=1, maximum=1)


# ============================================================ banding (508.1e, 702.22)
def test_702_22c_two_banding_and_one_without() -> None:
    board = make_board([benalish_hero("h1"), benalish_hero("h2"), bears()])
    assert_legal(attack(board, {"h1": B, "h2": B, "bears": B}, bands=(("h1", "h2", "bears"),)))


def test_702_22c_one_banding_and_two_without() -> None:
    board = make_board([benalish_hero("h1"), bears("b1"), bears("b2")])
    v = attack(board, {"h1": B, "b1": B, "b2": B}, bands=(("h1", "b1", "b2"),))
    assert_illegal(v, "702.22c", "invalid_band")


def test_702_22c_no_banding_member() -> None:
    board = make_board([bears("b1"), bears("b2")])
    assert_illegal(attack(board, {"b1": B, "b2": B}, bands=(("b1", "b2"),)), "702.22c", "invalid_band")


def test_702_22c_band_member_not_attacking() -> None:
    board = make_board([benalish_hero("h1"), benalish_hero("h2")])
    assert_illegal(attack(board, {"h1": B}, bands=(("h1", "h2"),)), "702.22c", "invalid_band")


def test_702_22d_band_split_across_targets() -> None:
    board = make_board([benalish_hero("h1"), benalish_hero("h2")], players=(A, B, C))
    v = attack(board, {"h1": B, "h2": C}, bands=(("h1", "h2"),))
    assert_illegal(v, "702.22d", "band_split")
    assert_legal(attack(board, {"h1": B, "h2": C}))


def test_702_22d_band_split_player_and_planeswalker() -> None:
    board = make_board([benalish_hero("h1"), benalish_hero("h2"), planeswalker()])
    assert_illegal(attack(board, {"h1": B, "h2": "pw"}, bands=(("h1", "h2"),)), "702.22d", "band_split")


def test_702_22c_bands_with_other() -> None:
    """Three Wolves of the Hunt band together (second sentence of 702.22c)."""
    board = make_board([wolves("w1"), wolves("w2"), wolves("w3"), bears()])
    assert_legal(attack(board, {"w1": B, "w2": B, "w3": B}, bands=(("w1", "w2", "w3"),)))
    # the Bears aren't named Wolves of the Hunt, and a Wolf doesn't have banding
    assert_illegal(attack(board, {"w1": B, "bears": B}, bands=(("w1", "bears"),)), "702.22c", "invalid_band")


def test_702_22c_bands_with_other_is_not_banding() -> None:
    """702.22c: "up to one attacking creature without banding (even if it has 'bands with other')":
    Benalish Hero + two Wolves is one with banding and two without; and the Hero isn't a Wolf."""
    board = make_board([benalish_hero("h1"), wolves("w1"), wolves("w2")])
    v = attack(board, {"h1": B, "w1": B, "w2": B}, bands=(("h1", "w1", "w2"),))
    assert_illegal(v, "702.22c", "invalid_band")
    assert_legal(attack(board, {"h1": B, "w1": B}, bands=(("h1", "w1"),)))


def example_band_board(*extra: dict[str, Any]) -> Board:
    """702.22h Example: a band of a flier (Mesa Pegasus: banding, flying) and a swampwalker (Bog Wraith);
    bob controls a Swamp."""
    return make_board(
        [mesa_pegasus(), bog_wraith(), basic("swamp", "Swamp", B), *extra],
        attackers={"pegasus": B, "wraith": B},
        bands=[("pegasus", "wraith")],
    )


def test_702_22h_example_reach_creature_blocks_flier_and_thereby_both() -> None:
    assert_legal(block(example_band_board(giant_spider()), {"spider": "pegasus"}))


def test_702_22h_example_non_reach_creature_cant_block_flier() -> None:
    v = block(example_band_board(bears("b", B)), {"b": "pegasus"})
    assert_illegal(v, "702.9b", "flying", ("b", "pegasus"))


def test_702_22h_example_nobody_blocks_swampwalker_directly() -> None:
    board = example_band_board(giant_spider(), bears("b", B))
    assert_illegal(block(board, {"b": "wraith"}), "702.14c", "landwalk", ("b", "wraith"))
    assert_illegal(block(board, {"spider": "wraith"}), "702.14c", "landwalk", ("spider", "wraith"))
    found = blocks_set(legal_blocks(board))
    assert found == {frozenset(), frozenset({("spider", "pegasus")})}


def test_702_22h_without_band_swampwalker_unblockable() -> None:
    """Control: the same creatures not banded; the Spider blocking the Pegasus blocks only the Pegasus."""
    board = make_board(
        [mesa_pegasus(), bog_wraith(), basic("swamp", "Swamp", B), giant_spider()],
        attackers={"pegasus": B, "wraith": B},
    )
    assert_legal(block(board, {"spider": "pegasus"}))
    assert_illegal(block(board, {"spider": "wraith"}), "702.14c", "landwalk")


def test_702_22h_lure_on_band_member_satisfied_by_blocking_other_member() -> None:
    """Lure on the Bears, banded with the Pegasus. The Spider blocking the Pegasus becomes a blocker of the
    Bears too (702.22h), so the Lure requirement is obeyed: 1 of 1."""
    perms = [mesa_pegasus(), bears("lured"), lure("lure", "lured"), giant_spider()]
    board = make_board(perms, attackers={"pegasus": B, "lured": B}, bands=[("pegasus", "lured")])
    assert_legal(block(board, {"spider": "pegasus"}), obeyed=1, maximum=1)
    assert_legal(block(board, {"spider": "lured"}), obeyed=1, maximum=1)
    assert_too_few(block(board), "509.1c", 0, 1)


def test_509_1c_lure_without_band_blocking_other_attacker_disobeys() -> None:
    """Control: no band, the Spider blocking the Pegasus doesn't block the lured Bears: 0 of 1."""
    perms = [mesa_pegasus(), bears("lured"), lure("lure", "lured"), giant_spider()]
    board = make_board(perms, attackers={"pegasus": B, "lured": B})
    assert_too_few(block(board, {"spider": "pegasus"}), "509.1c", 0, 1)
    assert_legal(block(board, {"spider": "lured"}), obeyed=1, maximum=1)


# ============================================================ more interactions
def test_508_1h_enlisted_mana_creature_cant_also_pay_mana() -> None:
    """508.1g-j: enlisting taps the Elves (a cost), so they can't also tap for {G}: Ghostly Prison's {2}
    can't be paid with one Forest. Without enlisting, Elves + Forest pay it."""
    board = make_board([argivian_cavalier(), llanowar_elves(), basic("forest", "Forest"), ghostly_prison()])
    v = attack(board, {"cavalier": B}, enlist={"cavalier": "elves"})
    assert v.status == "illegal", details(v)
    assert {x.kind for x in v.violations} & {"unpayable_cost", "cant_enlist"}, details(v)
    paid(attack(board, {"cavalier": B}), A, "{2}")


def test_509_1e_blocking_mana_creature_pays_for_its_own_block() -> None:
    """Blocking doesn't tap a creature (509.1): bob's blocking Llanowar Elves can tap for {G} at 509.1e
    to pay War Cadence's {1}."""
    elves = creature("elves", "Llanowar Elves", B, 1, 1, K("mana", produces="G"), colors=["green"], subtypes=["Elf"])
    board = make_board([bears("a"), elves], effects=[war_cadence(1)], attackers={"a": B})
    paid(block(board, {"elves": "a"}), B, "{1}")
    board2 = make_board([bears("a"), elves], effects=[war_cadence(2)], attackers={"a": B})
    assert_unpayable(block(board2, {"elves": "a"}), "509.1f", B, "{2}")


def test_509_1d_heat_wave_life_per_blocker() -> None:
    """Life 1: one nonblue blocker pays 1 life (life total >= amount); two would need 2 life."""
    perms = [
        bears("a1"),
        bears("a2"),
        heat_wave(),
        giant_spider(),
        bears("b2", B),
        sea_serpent(),
    ]
    board = make_board(perms, life={B: 1}, attackers={"a1": B, "a2": B})
    v = assert_legal(block(board, {"spider": "a1"}))
    assert [(c.player, c.total, c.payable) for c in v.costs] == [(B, "1 life", True)]
    assert_unpayable(block(board, {"spider": "a1", "b2": "a2"}), "509.1f", B, "2 life")
    v = block(board, {"serpent": "a1"})
    assert v.status == "illegal" and "unpayable_cost" not in {x.kind for x in v.violations}, details(v)


def test_cost_report_payment_shows_life_paid() -> None:
    """Verdict.costs "how it can be paid in full": a cost of 1 life is paid with 1 life (118.3b), so the
    payment plan names it (as it names "2 life" for a Phyrexian symbol and each sacrificed Island)."""
    board = make_board([bears("a1"), heat_wave(), giant_spider()], attackers={"a1": B})
    report = block(board, {"spider": "a1"}).costs[0]
    assert report.payable is True
    assert any("life" in step for step in report.payment), report


def test_508_1d_ghostly_prison_planeswalker_is_free_so_must_attack_it() -> None:
    """Ghostly Prison covers only bob himself: attacking bob's planeswalker costs nothing, so the no-cost
    maximum is 1 and staying home is illegal; attacking bob and paying {2} also obeys it."""
    board = make_board([juggernaut(), ghostly_prison(), planeswalker(), *lands(2)])
    assert_too_few(attack(board), "508.1d", 0, 1)
    v = assert_legal(attack(board, {"jugg": "pw"}), obeyed=1, maximum=1)
    assert v.costs == ()
    paid(attack(board, {"jugg": B}), A, "{2}")


def test_verdict_costs_report_total_items_and_payment() -> None:
    """Verdict.costs: who pays, one item per taxed attacker, the locked-in total (508.1h) and a payment
    that uses both Plains (508.1i)."""
    board = make_board(
        [
            juggernaut(),
            bears(),
            ghostly_prison(),
            basic("p1", "Plains"),
            basic("p2", "Plains"),
            basic("p3", "Plains"),
            basic("p4", "Plains"),
        ]
    )
    v = assert_legal(attack(board, {"jugg": B, "bears": B}))
    (report,) = v.costs
    assert report.player == A
    assert report.total == "{4}"
    assert report.payable is True
    assert len(report.items) == 2
    assert sum("Plains" in step for step in report.payment) == 4, report.payment
    assert set(v.tapped) == {"jugg", "bears"}
