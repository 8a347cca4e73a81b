"""Differential tests for costs to attack and block, optional costs (exert, enlist) and banding: the
CP-SAT solver's public API against the independent brute force of ``tests/reference_costs.py``.

Attack properties run over ``strategies_costs.cost_attack_boards()`` (taxes on players and planeswalkers,
War Tax-like taxes, own attack costs and Brainwash, mana from lands, rocks and creatures with or
without vigilance / haste / summoning sickness, must-attack requirements, attack limits) with random
proposed declarations that add bands, exert and enlist choices; block properties over
``cost_block_boards()`` (War Cadence and Heat Wave-like block taxes, Awesome Presence, Hipparion-like
block costs, banded attackers, Lure, must be blocked, blocks if able). ``tests/campaign_costs.py``
runs the same properties on as many seeded boards as wanted.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from differential_costs import SET_LIMIT, check, check_cost_board, compare, solver_maxima
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from reference_costs import CostReference, atoms_of
from sizes import examples
from strategies import HypothesisChooser
from strategies_costs import cost_attack_boards, cost_block_boards, random_cost_declaration

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    check_attacks,
    legal_attacks,
    legal_blocks,
    load_scenario,
    solve_attacks,
    solve_blocks,
)

# Examples per property: under ``--long`` (CI), 500 for each property and 700 for all of them together
# (the campaign's combined check, marked long), the file then running in about a minute on a 2-core
# machine; the quick run checks each property on 60 boards.
EXAMPLES = examples(quick=60, ci=500)
COMBINED = 700
CI = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
COMBINED_CI = settings(
    max_examples=COMBINED,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
BOTH = st.one_of(cost_attack_boards(), cost_block_boards())


def _empty(board: Board) -> AttackDeclaration | BlockDeclaration:
    return AttackDeclaration() if board.combat is None else BlockDeclaration()


@CI
@given(BOTH)
def test_no_cost_maximum_matches_reference(board: Board) -> None:
    """508.1d / 509.1c last sentence: the maximum is over declarations that incur no cost."""
    verdict = check(board, _empty(board))
    got, want = solver_maxima(verdict), CostReference(board).maxima()
    units = set(got) | set(want)
    assert units, "neither side names a declaring unit"
    assert {u: got.get(u, 0) for u in units} == {u: want.get(u, 0) for u in units}


@CI
@given(BOTH)
def test_solve_is_legal_for_reference(board: Board) -> None:
    verdict = solve_attacks(board) if board.combat is None else solve_blocks(board)
    assert verdict.status == "legal"
    ref = CostReference(board).verdict(verdict.declaration)
    assert ref.legal, (verdict.declaration, ref.reasons)


@CI
@given(BOTH, st.data())
def test_check_agrees_on_proposed_declarations(board: Board, data: st.DataObject) -> None:
    """Legal or not, requirements obeyed, each payer's ``payable``, the creatures tapped, the witness."""
    ref = CostReference(board)
    legal = ref.legal_set()
    legal_list = sorted(legal, key=sorted) if len(legal) <= SET_LIMIT else []
    chooser = HypothesisChooser(data.draw)
    for _ in range(4):
        declaration = random_cost_declaration(chooser, board, legal_list)
        problems = compare(board, ref, declaration)
        assert not problems, "\n".join(map(str, problems))


@CI
@given(BOTH)
def test_legal_set_equals_reference(board: Board) -> None:
    """Enumeration lists attack assignments / block pairs only (no bands, exert or enlist)."""
    ref = CostReference(board).legal_set()
    assume(len(ref) <= SET_LIMIT)  # a larger set is not listed: hypothesis draws another board
    listed = [atoms_of(d) for d in (legal_attacks(board) if board.combat is None else legal_blocks(board))]
    assert len(listed) == len(set(listed))
    assert set(listed) == ref, (sorted(map(sorted, set(listed) - ref)), sorted(map(sorted, ref - set(listed))))


@pytest.mark.long
@COMBINED_CI
@given(BOTH, st.data())
def test_all_properties_together(board: Board, data: st.DataObject) -> None:
    """The campaign's combined check (``differential_costs.check_cost_board``)."""
    problems = check_cost_board(board, HypothesisChooser(data.draw))
    assert not problems, "\n".join(map(str, problems))


# ----- the reference itself against the answers worked out by hand ------------------------------------

COST_WORDS = ("attack_tax", "block_tax", "blocked_tax", "attack_cost", "block_cost", "exert", "enlist", "band")


def test_reference_agrees_with_hand_worked_examples() -> None:
    """Every example / scenario whose board uses costs, exert, enlist or banding: status and the maximum
    the declaration is held to (given the cost items it pays)."""
    root = Path(__file__).resolve().parent.parent
    checked = 0
    for path in sorted(root.glob("examples/*.yaml")) + sorted(root.glob("tests/scenarios/*.yaml")):
        scenario = load_scenario(path)
        if scenario.declaration is None or scenario.expect is None:
            continue
        dumped = scenario.model_dump_json()  # boards by card name compile to these kinds
        if not any(f'"kind":"{w}' in dumped for w in COST_WORDS) and '"bands":[[' not in dumped:
            continue
        ref = CostReference(scenario.board)
        verdict = ref.verdict(scenario.declaration)
        assert ("legal" if verdict.legal else "illegal") == scenario.expect.status, (path.name, verdict.reasons)
        if scenario.expect.requirements_maximum is not None:
            assert verdict.held is not None, path.name
            assert sum(verdict.held.values()) == scenario.expect.requirements_maximum, path.name
        checked += 1
    assert checked >= 8, checked


def _board(permanents: list[dict[str, object]], **extra: object) -> Board:
    return Board.model_validate(
        {"players": [{"id": "p1"}, {"id": "p2"}], "active_player": "p1", "permanents": permanents, **extra}
    )


def _bear(pid: str, controller: str = "p1", *abilities: dict[str, object], **kw: object) -> dict[str, object]:
    return {
        "id": pid,
        "name": "Bear",
        "controller": controller,
        "types": ["creature"],
        "power": 2,
        "toughness": 2,
        "abilities": list(abilities),
        **kw,
    }


FOREST = {
    "id": "f1",
    "name": "Forest",
    "controller": "p1",
    "types": ["land"],
    "abilities": [{"kind": "mana", "produces": "G"}],
}


def _tax(
    cost: dict[str, object], kind: str = "attack_tax", controller: str = "p2", pid: str = "tax"
) -> dict[str, object]:
    return {
        "id": pid,
        "name": "Prison",
        "controller": controller,
        "types": ["enchantment"],
        "abilities": [{"kind": kind, "cost": cost}],
    }


def test_reference_zero_cost_still_counts_as_a_cost() -> None:
    """A Sphere of Safety-like tax whose X counts the creatures p2 controls (none): attacking costs {0}, still a
    cost, so Juggernaut needn't attack (maximum 0), and attacking is legal too (it can pay {0})."""
    board = _board(
        [_bear("jugg", "p1", {"kind": "must_attack"}), _tax({"mana": "{X}", "x_count": {"types": ["creature"]}})]
    )
    ref = CostReference(board)
    assert ref.attack_maximum() == 0
    assert ref.attack_legal_set() == {frozenset(), frozenset({("jugg", "p2")})}


def test_reference_106_12a_a_land_making_no_mana_triggers_nothing_as_in_the_engine() -> None:
    """106.12a: "tapped for mana" triggers when the ability "resolves and produces mana": an Exotic
    Orchard copying no land makes nothing, so Wild Growth on it adds nothing; both engines agree."""
    orchard = {"id": "o", "name": "Orchard", "controller": "p1", "types": ["land"],
               "abilities": [{"kind": "mana", "like": {"types": ["land"], "controller": "opponent"}}]}  # fmt: skip
    growth = {"id": "wg", "name": "Growth", "controller": "p1", "types": ["enchantment"], "subtypes": ["Aura"],
              "attached_to": "o", "abilities": [{"kind": "mana_trigger", "tapped": {"ids": ["o"]}, "by": "any",
                                                 "produces": "G"}]}  # fmt: skip
    board = _board([_bear("a"), orchard, growth, _tax({"mana": "{G}"})])
    attack = AttackDeclaration(attacks={"a": "p2"})
    assert not CostReference(board).verdict(attack).legal
    assert not check_attacks(board, attack).legal


def test_reference_tap_cost_may_tap_a_summoning_sick_creature_but_mana_may_not() -> None:
    """302.6 stops the sick creature's own {T} mana ability, not tapping it to pay "tap an untapped creature"."""
    sick_elf = _bear("elf", "p1", {"kind": "mana", "produces": "G"}, summoning_sick=True)
    tap_board = _board([_bear("a"), sick_elf, _tax({"tap": {"filter": {"types": ["creature"]}, "n": 1}})])
    mana_board = _board([_bear("a"), sick_elf, _tax({"mana": "{G}"})])
    assert CostReference(tap_board).verdict(AttackDeclaration(attacks={"a": "p2"})).legal
    assert not CostReference(mana_board).verdict(AttackDeclaration(attacks={"a": "p2"})).legal


def test_reference_702_22h_lure_obeyed_through_the_band() -> None:
    """A blocker of the band's other member blocks the lured one too (702.22h): 1 of 1."""
    board = _board(
        [
            _bear("lured", "p1", {"kind": "lure"}, {"kind": "banding"}),
            _bear("flier", "p1", {"kind": "flying"}, {"kind": "banding"}),
            _bear("spider", "p2", {"kind": "reach"}),
        ],
        combat={"attackers": {"lured": "p2", "flier": "p2"}, "bands": [["lured", "flier"]]},
    )
    ref = CostReference(board)
    assert ref.verdict(BlockDeclaration(blocks={"spider": ("flier",)})).legal
    assert not ref.verdict(BlockDeclaration()).legal


def _grant(pid: str, to: dict[str, object], ability: dict[str, object], controller: str = "p2") -> dict[str, object]:
    grant = {"kind": "grant", "to": to, "ability": ability}
    return {"id": pid, "name": "Anthem", "controller": controller, "types": ["enchantment"], "abilities": [grant]}


def test_reference_sees_a_cost_granted_through_another_grant() -> None:
    """613.1f, 611.3a, 613.8a: one grant gives flying to green creatures, another a {1} attack cost to
    creatures with flying; the green bear has both, so with no mana it can't attack, and the grey one
    attacks free. Reference and solver agree."""
    board = _board(
        [
            _bear("green", "p1", colors=["green"]),
            _bear("grey", "p1"),
            _grant("g1", {"has": ["flying"]}, {"kind": "attack_cost", "cost": {"mana": "{1}"}}),
            _grant("g2", {"colors": ["green"]}, {"kind": "flying"}),
        ]
    )
    ref = CostReference(board)
    assert ref.attack_legal_set() == {frozenset(), frozenset({("grey", "p2")})}
    assert attack_sets(board) == ref.attack_legal_set()


def test_reference_sees_a_granted_mana_ability() -> None:
    """Cryptolith Rite-like: creatures p1 controls have "{T}: Add one mana of any color"; a vigilant elf
    taps for the Ghostly Prison {1} of the other attacker (613.1f, 605.1a, 508.1f)."""
    board = _board(
        [
            _bear("a"),
            _bear("elf", "p1", {"kind": "vigilance"}),
            _tax({"mana": "{1}"}),
            _grant("rite", {"controller": "you"}, {"kind": "mana", "produces": "any"}, controller="p1"),
        ]
    )
    ref = CostReference(board)
    assert ref.verdict(AttackDeclaration(attacks={"a": "p2"})).legal
    assert attack_sets(board) == ref.attack_legal_set()


def test_reference_new_cost_primitives() -> None:
    """Floodtide Serpent (return an enchantment: one enchantment pays once), Nils (X = counters on that
    creature) and Heat Wave (a block tax on blocks of the controller's creatures only)."""
    serpent_cost = {"kind": "attack_cost", "cost": {"bounce": {"filter": {"types": ["enchantment"]}}}}
    sigil = {"id": "sigil", "name": "Sigil", "controller": "p1", "types": ["enchantment"]}
    board = _board([_bear("s1", "p1", serpent_cost), _bear("s2", "p1", serpent_cost), sigil])
    ref = CostReference(board)
    assert ref.attack_legal_set() == {frozenset(), frozenset({("s1", "p2")}), frozenset({("s2", "p2")})}
    assert attack_sets(board) == ref.attack_legal_set()
    nils = {
        "kind": "attack_tax",
        "cost": {"mana": "{X}", "x_counters": True},
        "attackers": {"counters": {"any": {"ge": 1}}},
    }
    board = _board(
        [
            _bear("one", "p1", counters={"+1/+1": 1}),
            _bear("two", "p1", counters={"+1/+1": 1, "-1/-1": 1}),
            _bear("none", "p1"),
            FOREST,
            {"id": "nils", "name": "Nils", "controller": "p2", "types": ["enchantment"], "abilities": [nils]},
        ]
    )
    ref = CostReference(board)
    legal = ref.attack_legal_set()
    assert frozenset({("one", "p2"), ("none", "p2")}) in legal
    assert not any(("two", "p2") in d for d in legal)
    assert attack_sets(board) == legal
    heat_wave = {"kind": "block_tax", "cost": {"life": 1}, "attackers": {"controller": "you"}}
    board = Board.model_validate(
        {
            "players": [{"id": "p1"}, {"id": "p2", "life": 0}, {"id": "p3"}],
            "active_player": "p1",
            "permanents": [
                _bear("a"),
                _bear("b", "p2"),
                {
                    "id": "hw",
                    "name": "Heat Wave",
                    "controller": "p3",
                    "types": ["enchantment"],
                    "abilities": [heat_wave],
                },
            ],
            "combat": {"attackers": {"a": "p2"}},
        }
    )
    ref = CostReference(board)
    assert ref.verdict(BlockDeclaration(blocks={"b": ("a",)})).legal
    assert {frozenset((b, a) for b, xs in d.blocks.items() for a in xs) for d in legal_blocks(board)} == (
        ref.block_legal_set()
    )


def test_reference_x_battlefield_counts_every_players_permanents() -> None:
    """Whipgrass Entangler's granted cost, "{1} for each Cleric on the battlefield" (508.1h): p1's
    Forest pays for X = 1 but not X = 2; p2's Cleric counts as well as p1's own."""
    entangled = {"kind": "attack_cost", "cost": {"mana": "{X}", "x_battlefield": {"subtypes": ["Cleric"]}}}
    mine = _bear("c1", "p1", subtypes=["Cleric"])
    for clerics, payable in (([mine], True), ([mine, _bear("c2", "p2", subtypes=["Cleric"])], False)):
        board = _board([_bear("a", "p1", entangled), FOREST, *clerics])
        legal = CostReference(board).attack_legal_set()
        assert (frozenset({("a", "p2")}) in legal) is payable
        assert attack_sets(board) == legal


def attack_sets(board: Board) -> set[frozenset[tuple[str, str]]]:
    return {frozenset(d.attacks.items()) for d in legal_attacks(board)}


# ----- disagreements found by this harness, fixed in the solver, kept as regressions -----


def test_reference_605_1b_triggered_mana_adds_to_the_tapped_permanents_mana() -> None:
    """605.1b, 106.12: a Karoo ("{T}: Add {G}{U}") under p2's Mana Flare-like "Whenever a player taps a
    land for mana, that player adds one mana of any type that land produced" makes {G}{U} plus {G} or
    {U}: a {G}{U}{U} tax is paid, a {G}{U}{W} one isn't; Wild Growth-like on a Forest makes {G}{G}."""
    karoo = {"id": "k", "name": "Karoo", "controller": "p1", "types": ["land"],
             "abilities": [{"kind": "mana", "makes": ["{G}{U}"]}]}  # fmt: skip
    flare = {"id": "mf", "name": "Flare", "controller": "p2", "types": ["enchantment"],
             "abilities": [{"kind": "mana_trigger", "tapped": {"types": ["land"]}, "by": "any", "same_type": True}]}  # fmt: skip
    declaration = AttackDeclaration(attacks={"a": "p2"})
    for mana, legal in (("{G}{U}{U}", True), ("{G}{U}{W}", False)):
        board = _board([_bear("a"), karoo, flare, _tax({"mana": mana})])
        assert CostReference(board).verdict(declaration).legal is legal
        assert check_attacks(board, declaration).legal is legal
    forest = {"id": "f", "name": "Forest", "controller": "p1", "types": ["land"], "subtypes": ["Forest"],
              "abilities": [{"kind": "mana", "produces": "G"}]}  # fmt: skip
    growth = {"id": "wg", "name": "Growth", "controller": "p1", "types": ["enchantment"], "subtypes": ["Aura"],
              "attached_to": "f", "abilities": [{"kind": "mana_trigger", "tapped": {"ids": ["f"]}, "by": "any", "produces": "G"}]}  # fmt: skip
    for mana, legal in (("{G}{G}", True), ("{G}{G}{G}", False)):
        board = _board([_bear("a"), forest, growth, _tax({"mana": mana})])
        assert CostReference(board).verdict(declaration).legal is legal


def test_two_mana_of_one_color_cant_pay_g_and_w() -> None:
    """Gilded Lotus-like "{T}: Add two mana of any one color" (``produces: any, amount: 2``) makes {G}{G} or
    {W}{W}, never {G}{W}: a {G}{W} attack tax with no other source is unpayable (508.1j)."""
    board = _board(
        [
            {
                "id": "lotus",
                "name": "Lotus",
                "controller": "p1",
                "types": ["artifact"],
                "abilities": [{"kind": "mana", "produces": "any", "amount": 2}],
            },
            _bear("a"),
            _tax({"mana": "{G}{W}"}),
        ]
    )
    declaration = AttackDeclaration(attacks={"a": "p2"})
    assert not CostReference(board).verdict(declaration).legal
    assert not check_attacks(board, declaration).legal


def test_one_activation_of_one_mana_ability_per_permanent() -> None:
    """605.1a: tapping a permanent activates one of its mana abilities. A rock with "{T}: Add {C}{C}"
    that a Cryptolith Rite-like effect also gives "{T}: Add one mana of any color" makes {C}{C} or one
    colored mana, never {G}{G}: a {G}{G} tax is unpayable, a {G} or {2} one payable (found by the
    campaign, seed 2026, board 12795)."""
    rock = {
        "id": "rock",
        "name": "Rock",
        "controller": "p1",
        "types": ["artifact", "creature"],
        "power": 0,
        "toughness": 1,
        "abilities": [{"kind": "mana", "produces": "C", "amount": 2}, {"kind": "vigilance"}],
    }
    rite = {"source": "rite", "controller": "p1", "to": {"controller": "you"}, "ability": {"kind": "mana"}}
    declaration = AttackDeclaration(attacks={"a": "p2"})
    for mana, legal in (("{G}{G}", False), ("{G}", True), ("{2}", True)):
        board = _board([rock, _bear("a"), _tax({"mana": mana})], effects=[rite])
        assert CostReference(board).verdict(declaration).legal is legal, mana
        assert check_attacks(board, declaration).legal is legal, mana


def test_605_3a_mana_abilities_paying_each_others_costs_need_a_first_source() -> None:
    """Two Signet-like rocks ("{1}, {T}: Add {W}{U}"): the one activated first can't be paid by the
    other (118.3), so a {2} tax needs a land; with one Plains they make three mana (Plains -> A -> B),
    three of them four."""
    signets = [
        {"id": f"s{i}", "name": "Signet", "controller": "p1", "types": ["artifact"],
         "abilities": [{"kind": "mana", "cost": {"mana": "{1}"}, "makes": ["{W}{U}"]}]}
        for i in (1, 2)
    ]  # fmt: skip
    plains = {"id": "pl", "name": "Plains", "controller": "p1", "types": ["land"],
              "abilities": [{"kind": "mana", "produces": "W"}]}  # fmt: skip
    third = {**signets[0], "id": "s3"}
    declaration = AttackDeclaration(attacks={"a": "p2"})
    for extra, mana, legal in (
        ([], "{2}", False),
        ([plains], "{3}", True),
        ([plains], "{4}", False),
        ([third], "{2}", False),  # no circle of three either (each pays the next's {1})
        ([third, plains], "{4}", True),
        ([third, plains], "{5}", False),
    ):
        board = _board([*signets, *extra, _bear("a"), _tax({"mana": mana})])
        assert CostReference(board).verdict(declaration).legal is legal, (mana, extra)
        assert check_attacks(board, declaration).legal is legal, (mana, extra)


def test_band_listing_one_creature_twice_is_not_a_band() -> None:
    """702.22c and the brief: a band has at least two attacking creatures. ``bands=[[h1, h1]]`` names one
    creature, so it is no band (the solver rejects ``[[h1]]`` with 702.22c invalid_band, but accepts this)."""
    hero = {
        "name": "Benalish Hero",
        "controller": "p1",
        "types": ["creature"],
        "power": 1,
        "toughness": 1,
        "abilities": [{"kind": "banding"}],
    }
    board = _board([{"id": "h1", **hero}, {"id": "h2", **hero}])
    with pytest.raises(ValidationError):
        AttackDeclaration(attacks={"h1": "p2", "h2": "p2"}, bands=(("h1", "h1"),))
    assert (
        not CostReference(board)
        .verdict(
            AttackDeclaration.model_construct(
                attacks={"h1": "p2", "h2": "p2"}, bands=(("h1", "h1"),), exert=(), enlist={}
            )
        )
        .legal
    )


def test_negative_life_can_still_pay_mana() -> None:
    """A player at -1 life who can't lose the game (Platinum Angel) attacks into Ghostly Prison with two Plains:
    the {2} is mana, no life is paid, and 119.4b says players can always pay 0 life. Legal."""
    plains = [
        {
            "id": f"l{i}",
            "name": "Plains",
            "controller": "p1",
            "types": ["land"],
            "abilities": [{"kind": "mana", "produces": "W"}],
        }
        for i in (1, 2)
    ]
    board = Board.model_validate(
        {
            "players": [{"id": "p1", "life": -1}, {"id": "p2"}],
            "active_player": "p1",
            "permanents": [_bear("a"), *plains, _tax({"mana": "{2}"})],
        }
    )
    declaration = AttackDeclaration(attacks={"a": "p2"})
    assert CostReference(board).verdict(declaration).legal
    assert check_attacks(board, declaration).legal


def test_negative_life_enumeration_lists_the_empty_declaration() -> None:
    """The same player at -1 life with one Bear and no mana: attacking is unpayable ({2}), staying home costs
    nothing, so the legal set is {no attack} - which check_attacks and solve_attacks agree with."""
    board = Board.model_validate(
        {
            "players": [{"id": "p1", "life": -1}, {"id": "p2"}],
            "active_player": "p1",
            "permanents": [_bear("a"), _tax({"mana": "{2}"})],
        }
    )
    assert CostReference(board).attack_legal_set() == {frozenset()}
    assert check_attacks(board, AttackDeclaration()).legal
    assert [d.attacks for d in legal_attacks(board)] == [{}]


def test_cost_campaign_on_the_new_primitives_smoke() -> None:
    """The cost campaign restricted to boards with the cost primitives of issue #12 (the long run is
    ``python tests/campaign_costs.py --boards N --new-primitives-only``)."""
    run = subprocess.run(
        [sys.executable, "campaign_costs.py", "--boards", "6", "--seed", "2026", "--new-primitives-only"],
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "checked 6 boards" in run.stdout and "0 disagreements" in run.stdout


def test_106_7_what_a_land_with_fixed_combinations_could_produce_is_those_colors() -> None:
    """Board mana2k:1437: a Reflecting Pool-like ability ("any type that a land you control could
    produce") beside a land that makes only {U}{U} (``makes``, whatever the default ``produces``
    says): {U} could be made, {W} not (106.7)."""
    pool = {"kind": "mana", "like": {"types": ["land"], "controller": "you"}, "like_type": True}
    board = _board(
        [
            {"id": "pool", "name": "Pool", "controller": "p1", "types": ["land"], "abilities": [pool]},
            {
                "id": "gate",
                "name": "Gate",
                "controller": "p1",
                "types": ["land"],
                "tapped": True,
                "abilities": [{"kind": "mana", "makes": ["{U}{U}"]}],
            },
            _bear("a"),
        ]
    )
    for mana, legal in (("{U}", True), ("{W}", False)):
        taxed = board.model_copy(
            update={"permanents": (*board.permanents, _board([_tax({"mana": mana})]).permanents[0])}
        )
        declaration = AttackDeclaration(attacks={"a": "p2"})
        assert CostReference(taxed).verdict(declaration).legal is legal
        assert check_attacks(taxed, declaration).legal is legal
