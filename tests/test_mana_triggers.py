"""Triggered mana abilities (605.1b, 106.12) by real cards, paying costs to attack (508.1h-i): the
mana they add when a permanent is tapped for mana resolves at once (605.4a) and pays the same cost
(605.3a); only a mana ability with {T} in its cost taps a permanent for mana (106.12a); "one mana of
any type that land produced" is a type the ability just made (106.12b)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.model.records import Verdict
from combat_solver.rules.mana import ManaTrigger

Json = dict[str, Any]


def _card(pid: str, name: str, controller: str = "alice", **more: Any) -> Json:
    return {"id": pid, "card": name, "controller": controller, **more}


def _attack(permanents: list[Json], attackers: tuple[str, ...] = ("bears",)) -> Verdict:
    """alice attacks bob with her Grizzly Bears (and ``attackers``) past bob's ``permanents``."""
    board = Board.model_validate(
        {
            "players": [{"id": "alice"}, {"id": "bob"}],
            "active_player": "alice",
            "permanents": [_card("bears", "Grizzly Bears"), _card("bears2", "Grizzly Bears"), *permanents],
        },
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks=dict.fromkeys(attackers, "bob")))


def _toll(mana: str) -> Json:
    """bob's "creatures can't attack you unless their controller pays <mana> for each" (508.1h)."""
    return {"id": "toll", "name": "Toll", "controller": "bob", "types": ["enchantment"],
            "abilities": [{"kind": "attack_tax", "cost": {"mana": mana}}]}  # fmt: skip


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def test_605_4a_wild_growth_on_a_forest_pays_ghostly_prisons_2_with_one_forest() -> None:
    """Wild Growth: "Whenever enchanted land is tapped for mana, its controller adds an additional
    {G}.": it resolves at once (605.4a), so the Forest tapped for {G} makes {G}{G}, Ghostly Prison's {2}
    for one attacker (not two)."""
    assert _compiled("Wild Growth").abilities[-1] == {
        "kind": "mana_trigger",
        "tapped": {"ids": ["$attached"]},
        "by": "any",
        "produces": "G",
        "amount": 1,
    }
    board = [_card("f", "Forest"), _card("wg", "Wild Growth", attached_to="f"), _card("gp", "Ghostly Prison", "bob")]
    assert _attack(board).legal
    assert not _attack(board, ("bears", "bears2")).legal
    assert not _attack([_card("f", "Forest"), _card("gp", "Ghostly Prison", "bob")]).legal


def test_605_1b_mana_flare_adds_for_both_players() -> None:
    """Mana Flare: "Whenever a player taps a land for mana, that player adds one mana of any type that
    land produced.": bob's Mana Flare doubles alice's Forest too."""
    assert _compiled("Mana Flare").abilities == (
        {"kind": "mana_trigger", "tapped": {"types": ["land"]}, "by": "any", "same_type": True},
    )
    for owner in ("alice", "bob"):
        assert _attack([_card("f", "Forest"), _card("mf", "Mana Flare", owner), _toll("{G}{G}")]).legal
    assert not _attack([_card("f", "Forest"), _card("mf", "Mana Flare", "bob"), _toll("{G}{G}{G}")]).legal


def test_106_12b_mana_flare_adds_one_of_the_types_the_land_just_made() -> None:
    """Simic Growth Chamber ("{T}: Add {G}{U}.") under Mana Flare makes {G}{U} and one more {G} or
    {U}, never another color."""
    chamber = [_card("c", "Simic Growth Chamber"), _card("mf", "Mana Flare", "bob")]
    assert _attack([*chamber, _toll("{G}{U}{U}")]).legal
    assert _attack([*chamber, _toll("{G}{G}{U}")]).legal
    assert not _attack([*chamber, _toll("{G}{U}{W}")]).legal


def test_106_12a_a_mana_ability_without_t_taps_nothing_for_mana() -> None:
    """Leyline of Abundance: "Whenever you tap a creature for mana, add an additional {G}.":
    Llanowar Elves ({T}: Add {G}) makes {G}{G}; Blood Pet ("Sacrifice Blood Pet: Add {B}.") is no
    creature tapped for mana and makes {B} only."""
    leyline = _card("ley", "Leyline of Abundance")
    assert _attack([leyline, _card("e", "Llanowar Elves"), _toll("{G}{G}")]).legal
    assert not _attack([leyline, _card("pet", "Blood Pet"), _toll("{B}{G}")]).legal
    assert _attack([leyline, _card("pet", "Blood Pet"), _toll("{B}")]).legal


def test_605_1b_crypt_ghast_adds_only_for_its_controllers_swamps() -> None:
    """Crypt Ghast: "Whenever you tap a Swamp for mana, add an additional {B}.": bob's Ghast adds
    nothing to alice's Swamp; hers does."""
    assert _attack([_card("s", "Swamp"), _card("g", "Crypt Ghast"), _toll("{B}{B}")]).legal
    assert not _attack([_card("s", "Swamp"), _card("g", "Crypt Ghast", "bob"), _toll("{B}{B}")]).legal
    assert not _attack([_card("s", "Island"), _card("g", "Crypt Ghast"), _toll("{B}{U}")]).legal


def test_607_2d_utopia_sprawl_adds_its_chosen_color_on_a_forest() -> None:
    """Utopia Sprawl: "Whenever enchanted Forest is tapped for mana, its controller adds an
    additional one mana of the chosen color." (blue here)."""
    sprawl = _card("u", "Utopia Sprawl", attached_to="f", chosen={"color": "blue"})
    assert _attack([_card("f", "Forest"), sprawl, _toll("{G}{U}")]).legal
    assert not _attack([_card("f", "Forest"), sprawl, _toll("{G}{W}")]).legal


def test_106_1_dawns_reflection_adds_two_mana_in_any_combination_of_colors() -> None:
    reflection = _card("d", "Dawn's Reflection", attached_to="f")
    assert _attack([_card("f", "Forest"), reflection, _toll("{G}{W}{U}")]).legal
    assert not _attack([_card("f", "Forest"), reflection, _toll("{W}{U}{B}")]).legal


def test_106_12a_a_land_making_no_mana_triggers_nothing() -> None:
    """Exotic Orchard ("{T}: Add one mana of any color that a land an opponent controls could
    produce.") with bob controlling no land makes nothing (106.7), and "tapped for mana" triggers
    only when the ability "resolves and produces mana" (106.12a): Wild Growth on it adds nothing;
    with bob's Forest it makes {G} and Wild Growth another {G}."""
    orchard = [_card("o", "Exotic Orchard"), _card("wg", "Wild Growth", attached_to="o")]
    assert not _attack([*orchard, _toll("{G}")]).legal
    forest = _card("bf", "Forest", "bob")
    assert _attack([*orchard, forest, _toll("{G}{G}")]).legal
    assert not _attack([*orchard, forest, _toll("{G}{G}{G}")]).legal


@pytest.mark.parametrize(
    "name", ["Overabundance", "Barbflare Gremlin", "Snowfall", "Runaway Growth", "Elvish Guidance"]
)
def test_605_1b_triggered_mana_with_more_than_mana_stays_warned(name: str) -> None:
    """Damage to the player (Overabundance), a condition on the trigger (Barbflare Gremlin), "may ...
    instead" (Snowfall), intensity (Runaway Growth), a count (Elvish Guidance): not stated."""
    compiled = _compiled(name)
    assert not any(a.get("kind") == "mana_trigger" for a in compiled.abilities)
    assert any("for mana" in w for w in compiled.all_warnings)


def test_605_1b_winters_night_reads_its_untap_step_as_a_note() -> None:
    compiled = _compiled("Winter's Night")
    assert compiled.abilities == (
        {"kind": "mana_trigger", "tapped": {"types": ["land"], "supertypes": ["snow"]}, "by": "any", "same_type": True},
    )
    assert not compiled.all_warnings


@pytest.mark.parametrize(
    "fields",
    [
        {"same_type": True, "produces": "G"},
        {"makes": ["{G}{G}"], "amount": 2},
        {"produces": "Q"},
    ],
)
def test_605_1b_a_mana_trigger_states_one_output(fields: Json) -> None:
    with pytest.raises(ValidationError):
        ManaTrigger.model_validate({"kind": "mana_trigger", "tapped": {"types": ["land"]}, **fields})


def test_605_1b_a_storage_land_under_a_triggered_mana_ability_is_warned() -> None:
    """Dwarven Hold ("{T}, Remove any number of storage counters from this land: Add {R} for each
    storage counter removed this way.") under Mana Flare: the payment reads the counters removed from
    the mana made, so the added mana isn't counted and the verdict says so."""
    hold = _card("h", "Dwarven Hold", counters={"storage": 1})
    verdict = _attack([hold, _card("mf", "Mana Flare", "bob"), _toll("{R}")])
    assert verdict.legal
    assert any("triggered mana ability" in w and "605.1b" in w for w in verdict.warnings)


def test_509_1d_mana_flare_pays_the_defending_players_block_tax_too() -> None:
    """alice's Mana Flare adds to bob's Forest as he blocks: War Cadence-like "{2} for each blocking
    creature" (509.1d) is paid with one Forest, not a second blocker's."""
    tax = {"id": "cadence", "name": "Cadence", "controller": "alice", "types": ["enchantment"],
           "abilities": [{"kind": "block_tax", "cost": {"mana": "{2}"}}]}  # fmt: skip

    def blocks(*blockers: str) -> bool:
        board = Board.model_validate(
            {
                "players": [{"id": "alice"}, {"id": "bob"}],
                "active_player": "alice",
                "permanents": [
                    _card("bears", "Grizzly Bears"),
                    _card("mf", "Mana Flare"),
                    tax,
                    _card("f", "Forest", "bob"),
                    _card("b1", "Grizzly Bears", "bob"),
                    _card("b2", "Grizzly Bears", "bob"),
                ],
                "combat": {"attackers": {"bears": "bob"}},
            },
            context={"catalog": bundled_catalog()},
        )
        return check_blocks(board, BlockDeclaration(blocks={b: ("bears",) for b in blockers})).legal

    assert blocks("b1")
    assert not blocks("b1", "b2")
