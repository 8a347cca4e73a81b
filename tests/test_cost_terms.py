"""Cost terms, each tested both ways and derived by hand from the Comprehensive Rules (September
2026 edition: 107.4f, 118.3, 119.4, 506.4, 508.1h-j, 509.1b, 509.1d-f) and the cards' Oracle text:

* a block tax with an attackers filter (Heat Wave: "Blue creatures can't block creatures you
  control. Nonblue creatures can't block creatures you control unless their controller pays 1
  life for each blocking creature they control"): a creature is taxed once when it blocks at
  least one creature the filter names; by card name, a blue blocker is refused (509.1b) and a
  nonblue one costs its controller 1 life (509.1d);
* a cost "return a permanent you control to its owner's hand" (Floodtide Serpent: "can't attack
  unless you return an enchantment you control to its owner's hand"; ruling 2014-02-01: "You
  must return an enchantment you control to its owner's hand during each combat in which you
  attack with Floodtide Serpent"): a permanent leaves once, so it pays one such cost; a creature
  declared in the same declaration can't be returned (docs/design.md §4.2, "Paying");
* an X per creature (Nils, Discipline Enforcer: "Each creature with one or more counters on it
  can't attack you or planeswalkers you control unless its controller pays {X}, where X is the
  number of counters on that creature");
* an X over every player's permanents (Whipgrass Entangler: "{1}{W}: Until end of turn, target
  creature gains 'This creature can't attack or block unless its controller pays {1} for each
  Cleric on the battlefield.'"): the Clerics of every player count, not only the payer's;
* Phyrexian mana (107.4f, 119.4, 508.1j): a Phyrexian symbol is paid with one mana of its color
  or 2 life, and a player can pay any amount of life up to their life total, so with no mana N
  symbols are payable exactly when the player has at least 2N life, however large N is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from asserts import (
    A,
    B,
    C,
    K,
    assert_illegal,
    assert_legal,
    attack,
    basic,
    bears,
    block,
    board_data,
    creature,
    details,
    effect,
    heat_wave,
    hill_giant,
    make_board,
    permanent,
)

from combat_solver import Board, Verdict, legal_attacks, legal_blocks
from combat_solver.cli import main
from combat_solver.model.cost_terms import Cost


def costs_of(v: Verdict) -> list[tuple[str, str, bool | None]]:
    return [(c.player, c.total, c.payable) for c in v.costs]


def only_unpayable(v: Verdict, rule: str) -> None:
    assert_illegal(v, rule, "unpayable_cost")
    assert {x.kind for x in v.violations} == {"unpayable_cost"}, details(v)


# ============================================================ Heat Wave: block tax with attackers


def test_509_1d_heat_wave_taxes_a_block_of_its_controllers_creature() -> None:
    board = make_board([bears("a1"), heat_wave(first_sentence=False), hill_giant("giant", B)], attackers={"a1": B})
    v = assert_legal(block(board, {"giant": "a1"}))
    assert costs_of(v) == [(B, "1 life", True)]
    assert v.costs[0].payment == ("pay 1 life",)


def test_509_1f_heat_wave_cant_be_paid_from_0_life() -> None:
    board = make_board(
        [bears("a1"), heat_wave(first_sentence=False), hill_giant("giant", B)], attackers={"a1": B}, life={B: 0}
    )
    only_unpayable(block(board, {"giant": "a1"}), "509.1f")
    assert {frozenset(d.blocks) for d in legal_blocks(board)} == {frozenset()}


def test_509_1d_heat_wave_doesnt_tax_blocks_of_other_players_creatures() -> None:
    """The attackers filter: Heat Wave is carol's, so blocking alice's creature costs nothing."""
    board = make_board(
        [bears("a1"), heat_wave(C, first_sentence=False), hill_giant("giant", B)],
        attackers={"a1": B},
        players=(A, B, C),
        life={B: 0},
    )
    v = assert_legal(block(board, {"giant": "a1"}))
    assert v.costs == ()


def test_509_1d_heat_wave_is_paid_once_per_blocking_creature() -> None:
    """ "for each blocking creature": a giant that can block two of alice's creatures pays 1 life once."""
    giant = hill_giant("giant", B, K("block_additional", n=1))
    board = make_board(
        [bears("a1"), bears("a2"), heat_wave(first_sentence=False), giant], attackers={"a1": B, "a2": B}, life={B: 1}
    )
    v = assert_legal(block(board, {"giant": ("a1", "a2")}))
    assert costs_of(v) == [(B, "1 life", True)]


def test_509_1d_block_tax_attackers_filter_counts_a_blocker_once_among_the_named_attackers() -> None:
    """With a filter naming some attackers (power 3 or greater), a creature blocking two of them pays
    once and one blocking only an unnamed attacker pays nothing: life 1 pays for one giant, not two."""
    tax = K("block_tax", cost={"life": 1}, attackers={"power": {"ge": 3}})
    rule = permanent("rule", "Tax Rule", A, ["enchantment"], tax)
    big1, big2 = hill_giant("big1", A), hill_giant("big2", A)
    wall = creature("wall", "Wall", B, 0, 5, K("block_additional", n=2), subtypes=["Wall"])
    wall2 = creature("wall2", "Wall", B, 0, 5, subtypes=["Wall"])
    board = make_board(
        [big1, big2, bears("small"), rule, wall, wall2],
        attackers={"big1": B, "big2": B, "small": B},
        life={B: 1},
    )
    v = assert_legal(block(board, {"wall": ("big1", "big2", "small"), "wall2": "small"}))
    assert costs_of(v) == [(B, "1 life", True)]
    only_unpayable(block(board, {"wall": ("big1", "small"), "wall2": "big2"}), "509.1f")


def test_509_1b_509_1d_heat_wave_by_card_name_refuses_blue_blockers_and_taxes_the_others() -> None:
    drake = creature("drake", "Drake", B, 2, 2, colors=["blue"])
    giant = creature("giant", "Giant", B, 3, 3, colors=["red"])
    board = make_board([{"id": "hw", "card": "Heat Wave", "controller": A}, bears("a1"), drake, giant], {"a1": B})
    assert_illegal(block(board, {"drake": "a1"}), "509.1b", "cant_block", ("drake",))
    paid = assert_legal(block(board, {"giant": "a1"}))
    assert [(c.player, c.total, c.payable) for c in paid.costs] == [(B, "1 life", True)]


# ============================================================ Floodtide Serpent: return to hand
def floodtide_serpent(id: str = "serpent") -> dict[str, Any]:
    return creature(
        id,
        "Floodtide Serpent",
        A,
        4,
        4,
        K("attack_cost", cost={"bounce": {"filter": {"types": ["enchantment"]}, "n": 1}}),
        colors=["blue"],
        subtypes=["Serpent"],
    )


def sigil(id: str = "sigil", tapped: bool = False) -> dict[str, Any]:
    return permanent(id, "Sigil of the Empty Throne", A, ["enchantment"], tapped=tapped)


def test_508_1h_floodtide_serpent_returns_an_enchantment() -> None:
    board = make_board([floodtide_serpent(), sigil()])
    v = assert_legal(attack(board, {"serpent": B}))
    assert costs_of(v) == [(A, "return 1 enchantment", True)]
    assert v.costs[0].payment == ("return Sigil of the Empty Throne to its owner's hand",)


def test_508_1j_floodtide_serpent_without_an_enchantment_cant_attack() -> None:
    board = make_board([floodtide_serpent(), basic("i1", "Island")])
    only_unpayable(attack(board, {"serpent": B}), "508.1j")
    assert {frozenset(d.attacks) for d in legal_attacks(board)} == {frozenset()}


def test_118_3_a_tapped_enchantment_can_be_returned() -> None:
    """Only tapping needs an untapped permanent (118.3)."""
    assert_legal(attack(make_board([floodtide_serpent(), sigil(tapped=True)]), {"serpent": B}))


def test_508_1j_one_enchantment_cant_be_returned_twice() -> None:
    board = make_board([floodtide_serpent("s1"), floodtide_serpent("s2"), sigil()])
    only_unpayable(attack(board, {"s1": B, "s2": B}), "508.1j")
    assert_legal(attack(board, {"s1": B}))
    board2 = make_board([floodtide_serpent("s1"), floodtide_serpent("s2"), sigil("e1"), sigil("e2")])
    assert_legal(attack(board2, {"s1": B, "s2": B}))


def test_508_1j_a_returned_enchantment_cant_also_be_sacrificed() -> None:
    """A permanent leaves the battlefield once: returned to hand, it can't be sacrificed as well."""
    sacrificer = creature(
        "altar", "Sacrificer", A, 2, 2, K("attack_cost", cost={"sacrifice": {"filter": {"types": ["enchantment"]}}})
    )
    board = make_board([floodtide_serpent(), sacrificer, sigil()])
    only_unpayable(attack(board, {"serpent": B, "altar": B}), "508.1j")
    board2 = make_board([floodtide_serpent(), sacrificer, sigil("e1"), sigil("e2")])
    assert_legal(attack(board2, {"serpent": B, "altar": B}))


def test_508_1h_an_attacking_enchantment_creature_cant_be_returned_to_pay() -> None:
    """docs/design.md §4.2: a creature declared in this declaration can't be sacrificed or returned
    to pay its costs (it would leave combat, 506.4, and never attack: 508.1k)."""
    ram = creature("ram", "Nyx-Fleece Ram", A, 0, 5, types=["enchantment", "creature"], subtypes=["Sheep"])
    board = make_board([floodtide_serpent(), ram])
    only_unpayable(attack(board, {"serpent": B, "ram": B}), "508.1j")
    v = assert_legal(attack(board, {"serpent": B}))
    assert v.costs[0].payment == ("return Nyx-Fleece Ram to its owner's hand",)


# ============================================================ Nils: X per creature
def nils(controller: str = B) -> dict[str, Any]:
    return creature(
        "nils",
        "Nils, Discipline Enforcer",
        controller,
        2,
        2,
        K(
            "attack_tax",
            cost={"mana": "{X}", "x_counters": True},
            target={"player": "you", "planeswalkers": True},
            attackers={"counters": {"any": {"ge": 1}}},
        ),
        colors=["white"],
        subtypes=["Human", "Cleric"],
        supertypes=["legendary"],
    )


def with_counters(p: dict[str, Any], **counters: int) -> dict[str, Any]:
    return {**p, "counters": {k.replace("plus", "+1/+1").replace("minus", "-1/-1"): n for k, n in counters.items()}}


def test_508_1h_nils_x_is_the_counters_on_each_creature() -> None:
    """Counters of any kind count: 2 +1/+1 and 1 -1/-1 make X = 3; 1 counter makes X = 1; total {4}."""
    perms = [
        nils(),
        with_counters(bears("a1"), plus=2, minus=1),
        with_counters(bears("a2"), plus=1),
        *(basic(f"p{i}", "Plains") for i in range(4)),
    ]
    board = make_board(perms)
    v = assert_legal(attack(board, {"a1": B, "a2": B}))
    assert costs_of(v) == [(A, "{4}", True)]
    assert sorted(i.split(" for ")[0] for i in v.costs[0].items) == ["{1}", "{3}"]


def test_508_1j_nils_total_cant_be_paid_with_less_mana() -> None:
    perms = [nils(), with_counters(bears("a1"), plus=2), basic("p1", "Plains")]
    only_unpayable(attack(make_board(perms), {"a1": B}), "508.1j")


def test_508_1h_nils_doesnt_tax_a_creature_without_counters_or_attacking_someone_else() -> None:
    perms = [nils(), bears("a1"), with_counters(bears("a2"), plus=1)]
    board = make_board(perms, players=(A, B, C))
    v = assert_legal(attack(board, {"a1": B, "a2": C}))
    assert v.costs == ()


# ============================================================ Whipgrass Entangler: X over the battlefield
ENTANGLED = {"mana": "{X}", "x_battlefield": {"subtypes": ["Cleric"]}}


def entangler(controller: str = B) -> dict[str, Any]:
    return creature(
        "entangler", "Whipgrass Entangler", controller, 1, 3, colors=["white"], subtypes=["Human", "Cleric"]
    )


def cleric(id: str, controller: str) -> dict[str, Any]:
    return creature(id, "Cleric of the Forward Order", controller, 2, 2, colors=["white"], subtypes=["Human", "Cleric"])


def entangled(target: str, controller: str = B) -> dict[str, Any]:
    """The resolved activation: until end of turn ``target`` has both halves of the granted text."""
    granted = K("attack_cost", cost=ENTANGLED), K("block_cost", cost=ENTANGLED)
    return {"effects": [effect("entangler", a, [target], controller=controller) for a in granted]}


def test_508_1h_whipgrass_entangler_counts_every_players_clerics() -> None:
    """Two Clerics on the battlefield, one each: X = 2, so two Plains pay for the bears' attack."""
    perms = [entangler(), cleric("c1", A), bears("a1"), basic("p1", "Plains"), basic("p2", "Plains")]
    v = assert_legal(attack(make_board(perms, **entangled("a1")), {"a1": B}))
    assert costs_of(v) == [(A, "{2}", True)]


def test_508_1j_whipgrass_entangler_cant_be_paid_with_mana_for_your_own_clerics_only() -> None:
    """One Plains would pay for alice's one Cleric (``x_count``); the opponent's Cleric counts too."""
    perms = [entangler(), cleric("c1", A), bears("a1"), basic("p1", "Plains")]
    board = make_board(perms, **entangled("a1"))
    only_unpayable(attack(board, {"a1": B}), "508.1j")
    assert {frozenset(d.attacks.items()) for d in legal_attacks(board)} == {frozenset(), frozenset({("c1", B)})}


def test_509_1d_whipgrass_entangler_taxes_a_block_by_the_clerics_on_the_battlefield() -> None:
    """Alice entangles bob's giant: two Clerics (alice's Entangler, bob's Cleric) make X = 2."""
    perms = [
        entangler(A),
        bears("a1"),
        hill_giant("giant", B),
        cleric("c2", B),
        basic("p1", "Plains", B),
        basic("p2", "Plains", B),
    ]
    board = make_board(perms, attackers={"a1": B}, **entangled("giant", A))
    v = assert_legal(block(board, {"giant": "a1"}))
    assert costs_of(v) == [(B, "{2}", True)]


def test_509_1f_whipgrass_entangler_block_unpaid_is_illegal() -> None:
    perms = [entangler(A), bears("a1"), hill_giant("giant", B), cleric("c2", B), basic("p1", "Plains", B)]
    board = make_board(perms, attackers={"a1": B}, **entangled("giant", A))
    only_unpayable(block(board, {"giant": "a1"}), "509.1f")


def test_508_1h_x_battlefield_controller_narrows_the_count_to_a_players() -> None:
    """``controller: opponent`` (relative to the payer for a creature's own cost): only bob's Clerics."""
    narrowed = {**ENTANGLED, "x_battlefield": {"subtypes": ["Cleric"], "controller": "opponent"}}
    perms = [entangler(), cleric("c1", A), bears("a1", A, K("attack_cost", cost=narrowed)), basic("p1", "Plains")]
    v = assert_legal(attack(make_board(perms), {"a1": B}))
    assert costs_of(v) == [(A, "{1}", True)]


def test_x_is_counted_one_way() -> None:
    with pytest.raises(ValueError, match="x_battlefield"):
        Cost.model_validate({"mana": "{X}", "x_count": {}, "x_battlefield": {}})


@pytest.mark.parametrize(
    "way", [{"x_count": {}}, {"x_battlefield": {}}, {"x_domain": True}, {"x_counters": True}], ids=str
)
def test_118_4_a_way_of_counting_x_needs_an_x_in_the_mana(way: dict[str, Any]) -> None:
    """118.4/107.3: X is a value of a cost that has an {X}; a count with no {X} to give it to is a
    mistake in the board, not a free cost."""
    name = next(iter(way))
    with pytest.raises(ValueError, match=re.escape(f"{name} says how X is counted, but mana '{{1}}' has no {{X}}")):
        Cost.model_validate({"mana": "{1}", **way})
    assert Cost.model_validate({"mana": "{1}{X}", **way}).mana == "{1}{X}"


def test_a_count_without_x_exits_2_naming_the_cost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tax = {"kind": "attack_tax", "cost": {"mana": "{2}", "x_counters": True}, "target": {"player": "you"}}
    data = board_data([permanent("nils", "Nils, Discipline Enforcer", A, ["creature"], tax), bears("a1", B)])
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"board": data, "declaration": {"kind": "attack"}}))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "board.permanents[0].abilities[0]" in err and "x_counters says how X is counted" in err


def test_the_compiler_compiles_the_three_cards() -> None:
    """The card compiler says each of the three exactly (no warning), as tests/cards/labelled.yaml
    labels them."""
    from combat_solver.cards.catalog import bundled_catalog

    catalog = bundled_catalog()
    for name, kind in (
        ("Heat Wave", "block_tax"),
        ("Floodtide Serpent", "attack_cost"),
        ("Nils, Discipline Enforcer", "attack_tax"),
    ):
        compiled = catalog.compiled(catalog.get(name))
        assert kind in {a["kind"] for a in compiled.abilities}, compiled
        assert not compiled.all_warnings, compiled


def test_a_board_with_the_real_cards_by_name() -> None:
    """Permanents given by card name compile to the same abilities (scenario files)."""
    board = Board.model_validate(
        {
            "players": [{"id": A}, {"id": B}],
            "active_player": A,
            "permanents": [
                {"id": "serpent", "card": "Floodtide Serpent", "controller": A},
                {"id": "sigil", "name": "Sigil", "controller": A, "types": ["enchantment"]},
            ],
        }
    )
    assert_legal(attack(board, {"serpent": B}))


# ============================================================ Phyrexian mana: life for mana
SYMBOLS = 1001
"""More Phyrexian symbols than the payment model once allowed paying with life."""


@pytest.mark.parametrize("life", [2 * SYMBOLS, 2 * SYMBOLS - 1])
def test_107_4f_119_4_any_number_of_phyrexian_symbols_can_be_paid_with_life(life: int) -> None:
    taxed = creature("knight", "Knight", A, 2, 2, K("attack_cost", cost={"mana": "{W/P}" * SYMBOLS}))
    board = make_board([taxed], life={A: life})
    verdict = attack(board, {"knight": B})
    if life >= 2 * SYMBOLS:
        assert_legal(verdict)
        assert verdict.costs[0].payable is True
    else:
        assert_illegal(verdict, "508.1j", "unpayable_cost", (A,))
