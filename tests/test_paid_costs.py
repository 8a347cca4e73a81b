"""A creature whose cost is paid is able: the requirement maximum given what a declaration pays.

Every expected answer is derived by hand from the rules and the published answers below (docs/design.md
§4.2 and §4.8), never by running the engine:

* 508.1d / 509.1c, last sentences: a player is not required to pay a cost to obey a requirement.
  So the maximum a declaration is held to is taken over the declarations that break no
  restriction and incur only cost items (one creature and one ability that taxes it) that this
  declaration itself pays, payable in full with the same resources (509.1f: an unpayable
  declaration can't be made); a declaration that pays nothing is held to the cost-free maximum.
* Provoke ruling (Legions; MTG Wiki, "Provoke"): "If the provoked creature has any costs to
  block, those costs don't have to be paid. If the costs are paid, the provoked creature must
  block the creature with provoke."
* Judges' answer, Rules Q&A forum (2015), Qal Sisma Behemoth under Roar of Challenge: "If you
  choose to block with the Behemoth, then it has to block the Roared Runeclaw Bear ... you have
  two choices: not block with the Behemoth, or the Behemoth can block the Bear (by paying)".
  Roar of Challenge ruling (2014-09-20): "If there's a cost associated with having that creature
  block, its controller isn't forced to pay that cost."
* Lure ruling (2004-10-04): "If a Lured creature is in a band, only blockers able to block the
  Lured creature are affected by the Lure."

Conventions: "alice" attacks, "bob" defends. A board without ``combat`` is at declare attackers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from asserts import A, B, block_declaration, creature, make_board

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    check_attacks,
    check_blocks,
    legal_attacks,
    legal_blocks,
    load_scenario,
    solve_attacks,
    solve_blocks,
)
from combat_solver.cli import main
from combat_solver.io.render import render_text
from combat_solver.steps.why import ask

ROOT = Path(__file__).resolve().parent.parent


def land(id: str, controller: str, produces: str = "R") -> dict[str, Any]:
    name = {"R": "Mountain", "W": "Plains", "G": "Forest"}[produces]
    return {
        "id": id,
        "name": name,
        "controller": controller,
        "types": ["land"],
        "subtypes": [name],
        "abilities": [{"kind": "mana", "produces": produces}],
    }


def pairs_of(declaration: BlockDeclaration) -> set[tuple[str, str]]:
    return {(b, a) for b, attackers in declaration.blocks.items() for a in attackers}


# ----------------------------------------------------------------------------- Qal Sisma Behemoth
BEHEMOTH = creature("behemoth", "Qal Sisma Behemoth", B, 5, 5, {"kind": "block_cost", "cost": {"mana": "{2}"}})


def behemoth_board(*extra: dict[str, Any], lands: int = 2) -> Board:
    """Roar of Challenge on the attacking Runeclaw Bear ("All creatures able to block target
    creature this turn do so"); a Hill Giant attacks too; bob has Qal Sisma Behemoth ("can't
    block unless you pay {2}") and ``lands`` Mountains."""
    return make_board(
        [
            creature("bear", "Runeclaw Bear", A, 2, 2),
            creature("giant", "Hill Giant", A, 3, 3),
            BEHEMOTH,
            *extra,
            *(land(f"mountain{i}", B) for i in range(lands)),
        ],
        effects=[
            {"source": "Roar of Challenge", "controller": A, "ability": {"kind": "lure"}, "to": {"ids": ["bear"]}}
        ],
        combat={"attackers": {"bear": B, "giant": B}},
    )


def test_behemoth_paying_to_block_the_giant_must_block_the_roared_bear() -> None:
    """509.1c; judges' answer (Rules Q&A, 2015): paying {2}, the Behemoth can block the Bear (1
    requirement), so blocking the Giant (0) is illegal; the witness keeps the payment."""
    verdict = check_blocks(behemoth_board(), block_declaration({"behemoth": "giant"}))
    assert verdict.status == "illegal"
    assert [v.kind for v in verdict.violations] == ["too_few_requirements"]
    assert (verdict.requirements_obeyed, verdict.requirements_maximum) == (0, 1)
    assert verdict.units[0].paid_items and "Qal Sisma Behemoth" in verdict.units[0].paid_items[0]
    assert "with the costs it pays" in verdict.violations[0].message
    assert verdict.witness is not None and pairs_of(verdict.witness) == {("behemoth", "bear")}
    text = render_text(behemoth_board(), verdict)
    assert "with the costs this declaration pays" in text and "1 is possible" in text


def test_behemoth_the_two_choices_of_the_judges_answer_are_legal() -> None:
    """509.1c last sentence: not blocking pays nothing (0 of a cost-free 0); blocking the Bear and
    paying obeys 1 of 1."""
    none = check_blocks(behemoth_board(), BlockDeclaration())
    assert none.status == "legal" and (none.requirements_obeyed, none.requirements_maximum) == (0, 0)
    assert none.units[0].paid_items == ()
    bear = check_blocks(behemoth_board(), block_declaration({"behemoth": "bear"}))
    assert bear.status == "legal" and (bear.requirements_obeyed, bear.requirements_maximum) == (1, 1)
    assert {frozenset(pairs_of(d)) for d in legal_blocks(behemoth_board())} == {
        frozenset(),
        frozenset({("behemoth", "bear")}),
    }


def test_solve_with_a_preference_for_the_giant_gives_a_legal_block() -> None:
    """509.1c: a preferred block must still be legal, so the Behemoth never blocks the Giant."""
    solved = solve_blocks(behemoth_board(), prefer={("behemoth", "giant"): 5})
    assert solved.status == "legal"
    assert ("behemoth", "giant") not in pairs_of(solved.declaration)


def test_why_cant_the_behemoth_block_the_giant_names_the_paid_maximum() -> None:
    """509.1c: the reason is the maximum with the Behemoth's cost paid."""
    answer = ask(behemoth_board(), "why can't Qal Sisma Behemoth block Hill Giant?")
    assert answer.answer.startswith("No legal block")
    text = " ".join(r.message for r in answer.reasons)
    assert "pays {2} for Qal Sisma Behemoth" in text and "a creature whose cost is paid is able" in text


def test_paying_for_one_creature_does_not_oblige_paying_for_another() -> None:
    """509.1c last sentence: a second Behemoth's {2} is another cost item; paying for the first
    doesn't make the second able, so the first blocking the Bear alone obeys the maximum (1)."""
    second = creature("behemoth2", "Qal Sisma Behemoth", B, 5, 5, {"kind": "block_cost", "cost": {"mana": "{2}"}})
    verdict = check_blocks(behemoth_board(second, lands=4), block_declaration({"behemoth": "bear"}))
    assert verdict.status == "legal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 1)
    both = check_blocks(behemoth_board(second, lands=4), block_declaration({"behemoth": "bear", "behemoth2": "giant"}))
    assert both.status == "illegal" and (both.requirements_obeyed, both.requirements_maximum) == (1, 2)


# ----------------------------------------------------------------------------- provoke under War Cadence
def provoke_board() -> Board:
    """War Cadence with X = 1 ("creatures can't block unless their controller pays {1} for each
    blocking creature they control"); Deftblade Elite's provoke made bob's Grizzly Bears "block
    it if able"; a Hill Giant attacks too; bob has a Forest."""
    return make_board(
        [
            creature("deftblade", "Deftblade Elite", A, 1, 1),
            creature("giant", "Hill Giant", A, 3, 3),
            creature("bears", "Grizzly Bears", B, 2, 2),
            land("forest", B, "G"),
        ],
        effects=[
            {"source": "War Cadence", "controller": A, "ability": {"kind": "block_tax", "cost": {"mana": "{1}"}}},
            {
                "source": "Deftblade Elite",
                "controller": A,
                "ability": {"kind": "must_block", "attacker": "deftblade"},
                "to": {"ids": ["bears"]},
            },
        ],
        combat={"attackers": {"deftblade": B, "giant": B}},
    )


def test_provoked_creature_whose_block_cost_is_paid_must_block_the_provoker() -> None:
    """Provoke ruling: "If the costs are paid, the provoked creature must block the creature with
    provoke." Paying War Cadence's {1} and blocking the Giant obeys 0 of 1: illegal (509.1c)."""
    verdict = check_blocks(provoke_board(), block_declaration({"bears": "giant"}))
    assert verdict.status == "illegal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (0, 1)
    assert verdict.witness is not None and pairs_of(verdict.witness) == {("bears", "deftblade")}


def test_provoked_creature_need_not_pay() -> None:
    """Provoke ruling: "those costs don't have to be paid": no block is legal (0 of 0); paying and
    blocking the provoker is legal (1 of 1)."""
    assert check_blocks(provoke_board(), BlockDeclaration()).status == "legal"
    assert check_blocks(provoke_board(), block_declaration({"bears": "deftblade"})).status == "legal"


# ----------------------------------------------------------------------------- Hipparion and Lure
def test_hipparion_example_paying_hipparion_with_bears_home_is_illegal() -> None:
    """examples/costs-hipparion-lure-free-blocker-must-block.yaml, 509.1c: with Hipparion's {1}
    paid, Hipparion and the Bears can both block the Lured Cyclops (2), so 1 is short."""
    scenario = load_scenario(ROOT / "examples" / "costs-hipparion-lure-free-blocker-must-block.yaml")
    assert isinstance(scenario.declaration, BlockDeclaration)
    assert pairs_of(scenario.declaration) == {("hipparion", "cyclops")}
    verdict = check_blocks(scenario.board, scenario.declaration)
    assert verdict.status == "illegal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 2)
    assert verdict.witness is not None
    assert pairs_of(verdict.witness) == {("hipparion", "cyclops"), ("bears", "cyclops")}
    bears_alone = check_blocks(scenario.board, block_declaration({"bears": "cyclops"}))
    assert bears_alone.status == "legal" and (bears_alone.requirements_obeyed, bears_alone.requirements_maximum) == (
        1,
        1,
    )
    assert check_blocks(scenario.board, BlockDeclaration()).status == "illegal"


def test_a_per_attacker_cost_item_covers_only_that_attacker() -> None:
    """509.1c last sentence: Hipparion's {1} to block one 3-power attacker doesn't pay for blocking
    another: paying to block the unLured Cyclops doesn't make it able to block the Lured one."""
    hipparion = creature(
        "hipparion",
        "Hipparion",
        B,
        1,
        1,
        {"kind": "block_cost", "cost": {"mana": "{1}"}, "attackers": {"power": {"ge": 3}}},
    )
    lured = creature("lured", "Bloodrock Cyclops", A, 3, 3, {"kind": "lure"})
    other = creature("other", "Hill Giant", A, 3, 3)
    b = make_board([lured, other, hipparion, land("plains", B, "W")], combat={"attackers": {"lured": B, "other": B}})
    verdict = check_blocks(b, block_declaration({"hipparion": "other"}))
    assert verdict.status == "legal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (0, 0)


# ----------------------------------------------------------------------------- attacks: Norn's Annex and Gideon
def annex_board(**juggernaut: Any) -> Board:
    """Norn's Annex (bob): "Creatures can't attack you or planeswalkers you control unless their
    controller pays {W/P} for each of those creatures." Gideon Jura's +2 resolved: alice's
    creatures attack Gideon if able. Juggernaut "attacks each combat if able"; alice has a Plains."""
    return make_board(
        [
            creature(
                "juggernaut",
                "Juggernaut",
                A,
                5,
                5,
                {"kind": "must_attack"},
                types=["artifact", "creature"],
                **juggernaut,
            ),
            land("plains", A, "W"),
            {
                "id": "annex",
                "name": "Norn's Annex",
                "controller": B,
                "types": ["artifact"],
                "abilities": [
                    {
                        "kind": "attack_tax",
                        "cost": {"mana": "{W/P}"},
                        "target": {"player": "you", "planeswalkers": True},
                    }
                ],
            },
            {"id": "gideon", "name": "Gideon Jura", "controller": B, "types": ["planeswalker"]},
        ],
        effects=[
            {
                "source": "Gideon Jura",
                "controller": B,
                "ability": {"kind": "must_attack", "target": {"ids": ["gideon"]}},
                "to": {"ids": ["juggernaut"]},
            }
        ],
    )


def test_juggernaut_paying_norns_annex_must_attack_gideon() -> None:
    """508.1d: the Annex's {W/P} for Juggernaut is one cost item wherever it attacks; paid, it can
    attack Gideon and obey 2, so attacking bob (1) is illegal."""
    verdict = check_attacks(annex_board(), AttackDeclaration(attacks={"juggernaut": B}))
    assert verdict.status == "illegal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 2)
    assert verdict.witness is not None and dict(verdict.witness.attacks) == {"juggernaut": "gideon"}
    legal = {frozenset(d.attacks.items()) for d in legal_attacks(annex_board())}
    assert legal == {frozenset(), frozenset({("juggernaut", "gideon")})}


def test_juggernaut_need_not_pay_norns_annex() -> None:
    """508.1d last sentence: staying home pays nothing and obeys the cost-free maximum (0)."""
    verdict = check_attacks(annex_board(), AttackDeclaration())
    assert verdict.status == "legal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (0, 0)
    solved = solve_attacks(annex_board(), prefer={("juggernaut", B): 5})
    assert solved.status == "legal" and dict(solved.declaration.attacks) != {"juggernaut": B}


# ----------------------------------------------------------------------------- the alternative must be payable
def elf_board(*elf_abilities: dict[str, Any]) -> Board:
    """A nonblack-only tax of {1} on attacks on bob (Elephant Grass-like); alice's white Knight
    and black Elf both "attack each combat if able"; the Elf's "{T}: Add {G}" is alice's only mana."""
    return make_board(
        [
            creature("knight", "Knight", A, 2, 2, {"kind": "must_attack"}, colors=["white"]),
            creature(
                "elf",
                "Elf",
                A,
                1,
                1,
                {"kind": "must_attack"},
                {"kind": "mana", "produces": "G"},
                *elf_abilities,
                colors=["black"],
            ),
            {
                "id": "grass",
                "name": "Elephant Grass",
                "controller": B,
                "types": ["enchantment"],
                "abilities": [
                    {"kind": "attack_tax", "cost": {"mana": "{1}"}, "attackers": {"not": {"colors": ["black"]}}}
                ],
            },
        ]
    )


def test_an_alternative_that_cannot_be_paid_does_not_raise_the_maximum() -> None:
    """508.1d, 508.1f, 508.1j: the Knight attacks, the Elf stays home and pays its {1}. Both
    attacking would obey 2, but the Elf would be tapped by attacking and nothing could pay:
    no partial payments, so that declaration can't be made and the maximum is 1."""
    verdict = check_attacks(elf_board(), AttackDeclaration(attacks={"knight": B}))
    assert verdict.status == "legal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 1)


def test_with_vigilance_the_alternative_can_be_paid_and_binds() -> None:
    """702.20b: with vigilance the Elf attacks untapped and pays the Knight's {1}: 2 are possible."""
    verdict = check_attacks(elf_board({"kind": "vigilance"}), AttackDeclaration(attacks={"knight": B}))
    assert verdict.status == "illegal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 2)
    assert verdict.witness is not None and dict(verdict.witness.attacks) == {"knight": B, "elf": B}


# ----------------------------------------------------------------------------- Lure and bands
def pegasus_board(blocker: dict[str, Any]) -> Board:
    """Mesa Pegasus (flying, banding) enchanted with Lure attacks in a band with Grizzly Bears."""
    return make_board(
        [
            creature("pegasus", "Mesa Pegasus", A, 1, 1, {"kind": "flying"}, {"kind": "banding"}, {"kind": "lure"}),
            creature("bears", "Grizzly Bears", A, 2, 2),
            blocker,
        ],
        combat={"attackers": {"pegasus": B, "bears": B}, "bands": [["pegasus", "bears"]]},
    )


def test_lure_in_a_band_binds_only_creatures_able_to_block_the_lured_flier() -> None:
    """Lure ruling (2004-10-04): "only blockers able to block the Lured creature are affected by
    the Lure". A ground creature can't block the flier, so it isn't required to block the band
    through the Bears (702.22h): no block is legal."""
    verdict = check_blocks(pegasus_board(creature("wall", "Wall of Wood", B, 0, 0)), BlockDeclaration())
    assert verdict.status == "legal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (0, 0)


def test_lure_in_a_band_binds_a_creature_with_reach() -> None:
    """509.1c, 702.22h: a creature with reach can block the Lured flier, so it must block the band
    (blocking either member blocks both)."""
    spider = creature("spider", "Giant Spider", B, 2, 2, {"kind": "reach"})
    assert check_blocks(pegasus_board(spider), BlockDeclaration()).status == "illegal"
    verdict = check_blocks(pegasus_board(spider), block_declaration({"spider": "bears"}))
    assert verdict.status == "legal" and (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 1)


# ----------------------------------------------------------------------------- the command line
def test_cli_json_names_the_paid_items_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    """509.1c: `check --format json` on the Behemoth example: illegal (exit 1), the unit lists the
    cost item the declaration pays, so the maximum of 1 is the one given that payment."""
    code = main(
        ["check", "--format", "json", str(ROOT / "examples" / "costs-qal-sisma-behemoth-roar-of-challenge.yaml")]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["status"] == "illegal"
    assert out["units"][0]["requirements_maximum"] == 1
    assert out["units"][0]["paid_items"] == ["{2} for Qal Sisma Behemoth to block (Qal Sisma Behemoth)"]


@pytest.mark.parametrize("explain", [True, False])
def test_a_paid_declaration_obeying_every_requirement_needs_no_solver(
    explain: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """508.1d: no declaration obeys more than every requirement, so a legal attack that pays
    Ghostly Prison's {2} and obeys Juggernaut's requirement is held to 1 without solving."""
    from combat_solver.solve import cpsat, paths

    scenario = load_scenario(ROOT / "examples" / "costs-ghostly-prison-juggernaut-pays.yaml")

    def no_solver(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the requirement maximum was solved for")

    monkeypatch.setattr(cpsat, "maximize", no_solver)
    monkeypatch.setattr(paths, "maximize", no_solver)
    assert scenario.declaration is not None
    verdict = check_attacks(scenario.board, scenario.declaration, explain=explain)
    assert verdict.status == "legal"
    assert (verdict.requirements_obeyed, verdict.requirements_maximum) == (1, 1)
    assert verdict.units[0].paid_items
