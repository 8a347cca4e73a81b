"""Mana abilities read exactly (605.1a) and paid with while declaring (508.1h-j, 605.3a): real
cards by name through the compiler. An activation cost is paid in full (118.3): its mana comes
from other mana abilities activated before it, never from its own (Azorius Signet needs {1} from
elsewhere), life only up to the life total (119.4), and a permanent sacrificed can't be in combat
(docs/design.md §4.2). Without {T} an ability can be activated again (Skirge Familiar)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from combat_solver import AttackDeclaration, Board, check_attacks
from combat_solver.cards.catalog import bundled_catalog
from combat_solver.cards.mana_lines import NOT_A_MANA_ABILITY
from combat_solver.cards.oracle_text import selfify
from combat_solver.cli import main
from combat_solver.model.records import Verdict
from combat_solver.rules.mana import ManaAbility
from combat_solver.rules.phrase import SELF

Json = dict[str, Any]


def _card(pid: str, name: str, controller: str = "alice", **more: Any) -> Json:
    return {"id": pid, "card": name, "controller": controller, **more}


def _attack(
    permanents: list[Json], attackers: list[str], *, life: int = 20, hand: int = 0, identity: list[str] | None = None
) -> Verdict:
    """alice attacks bob with ``attackers`` (the bears are alice's, the taxes bob's); ``identity``:
    her commander's color identity."""
    alice: Json = {"id": "alice", "life": life, "hand": hand}
    if identity is not None:
        alice["commander_identity"] = identity
    board = Board.model_validate(
        {
            "players": [alice, {"id": "bob"}],
            "active_player": "alice",
            "permanents": permanents,
        },
        context={"catalog": bundled_catalog()},
    )
    return check_attacks(board, AttackDeclaration(attacks=dict.fromkeys(attackers, "bob")))


def _bears(n: int) -> list[Json]:
    return [_card(f"b{i}", "Grizzly Bears") for i in range(n)]


def _abilities(name: str) -> tuple[Json, ...]:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name)).abilities


def _payment(verdict: Verdict) -> tuple[str, ...]:
    return next(c.payment for c in verdict.costs if c.player == "alice")


def test_605_1a_508_1h_ghostly_prison_azorius_signet_fed_by_one_plains() -> None:
    """Plains pays the Signet's {1} (605.3a), the Signet makes {W}{U}: {2} for one attacker, not {4}."""
    board = [_card("gp", "Ghostly Prison", "bob"), _card("sig", "Azorius Signet"), _card("pl", "Plains")]
    one = _attack([*board, *_bears(2)], ["b0"])
    assert one.legal, one.violations
    assert "activate Azorius Signet ({1}, {T})" in _payment(one)
    assert {"Plains: {W}", "Azorius Signet: {W}", "Azorius Signet: {U}"} <= set(_payment(one))
    two = _attack([*board, *_bears(2)], ["b0", "b1"])
    assert not two.legal
    assert [v.rule for v in two.violations] == ["508.1j"]


def test_118_3_a_signet_does_not_pay_its_own_cost() -> None:
    """Without another source the Signet's {1} can't be paid: its own mana comes only after."""
    alone = _attack([_card("gp", "Ghostly Prison", "bob"), _card("sig", "Azorius Signet"), *_bears(1)], ["b0"])
    assert not alone.legal


def test_605_3a_two_signets_chained_from_one_land() -> None:
    """Plains -> Signet A ({W}{U}) -> one of it pays Signet B: three mana, a tax of {3}; without the
    Plains not even Propaganda's {2}: each Signet would pay the other's {1}, but the one activated
    first has nothing to pay with (118.3)."""
    signets = [_card("s1", "Azorius Signet"), _card("s2", "Orzhov Signet")]
    tax = {"id": "tax", "name": "Tax of three", "controller": "bob", "types": ["enchantment"],
           "abilities": [{"kind": "attack_tax", "cost": {"mana": "{3}"}}]}  # fmt: skip
    assert _attack([tax, *signets, _card("pl", "Plains"), *_bears(1)], ["b0"]).legal
    propaganda = _card("pr", "Propaganda", "bob")
    assert not _attack([propaganda, *signets, *_bears(1)], ["b0"]).legal  # each paying the other's {1}: no


def test_107_4e_mystic_gate_with_one_island() -> None:
    """The Island's {U} pays {W/U}; Mystic Gate makes two mana: Propaganda's {2} is paid (its {T}
    ability either makes {C} or filters, never both)."""
    gate = [_card("pr", "Propaganda", "bob"), _card("mg", "Mystic Gate"), *_bears(1)]
    assert _attack([*gate, _card("is", "Island")], ["b0"]).legal
    assert _attack([*gate, _card("pl", "Plains")], ["b0"]).legal
    assert not _attack(gate, ["b0"]).legal  # alone: {C}, or its own {C} can't pay {W/U}
    assert _abilities("Mystic Gate")[1] == {
        "kind": "mana",
        "cost": {"mana": "{W/U}"},
        "makes": ["{W}{W}", "{W}{U}", "{U}{U}"],
    }


def test_605_1a_skirge_familiar_discards_again_and_again() -> None:
    """No {T} in its cost: it can attack and still be activated, once per card discarded."""
    board = [_card("pr", "Propaganda", "bob"), _card("sk", "Skirge Familiar"), *_bears(1)]
    assert _attack(board, ["b0"], hand=2).legal
    assert not _attack(board, ["b0"], hand=1).legal
    both = _attack(board, ["b0", "sk"], hand=4)
    assert both.legal
    assert "activate Skirge Familiar (discard 1 card) x4" in _payment(both)


def test_design_4_2_a_sacrificed_mana_creature_cannot_also_attack() -> None:
    """Blood Pet pays {B} by sacrificing itself, but not while it attacks."""
    board = [_card("pr", "Propaganda", "bob"), _card("bp", "Blood Pet"), _card("sw", "Swamp"), *_bears(1)]
    verdict = _attack(board, ["b0"])
    assert verdict.legal
    assert "activate Blood Pet (sacrifice it)" in _payment(verdict)
    assert not _attack(board, ["bp"]).legal  # the Swamp's {B} alone


def test_119_4_mana_confluence_pays_life_only_up_to_the_life_total() -> None:
    board = [_card("pr", "Propaganda", "bob"), _card("mc", "Mana Confluence"), _card("f", "Forest"), *_bears(1)]
    assert _attack(board, ["b0"], life=1).legal
    assert not _attack(board, ["b0"], life=0).legal


def test_119_4_ancient_tomb_damage_leaves_less_life_to_pay_with() -> None:
    """Ghostly Prison {2} and Norn's Annex {W/P}: Ancient Tomb pays the {2} and deals 2 damage to
    alice before the total is paid (508.1i-j), so 2 life for {W/P} needs 4."""
    board = [_card("gp", "Ghostly Prison", "bob"), _card("na", "Norn's Annex", "bob"), _card("at", "Ancient Tomb"),
             *_bears(1)]  # fmt: skip
    assert _attack(board, ["b0"], life=4).legal
    assert not _attack(board, ["b0"], life=3).legal
    assert _attack(board[:1] + board[2:], ["b0"], life=1).legal  # no life owed: the damage doesn't matter


def test_508_1f_springleaf_drum_cannot_tap_an_attacker() -> None:
    """508.1f before 508.1i: the attacking bear is tapped; the Drum needs another creature."""
    board = [_card("pr", "Propaganda", "bob"), _card("d", "Springleaf Drum"), _card("f", "Forest")]
    assert _attack([*board, *_bears(2)], ["b0"]).legal
    assert not _attack([*board, *_bears(1)], ["b0"]).legal


def test_602_5b_abzan_devotee_once_each_turn() -> None:
    """ "{1}: Add {W}, {B}, or {G}. Activate only once each turn.": with two Forests, one {W}."""
    armor = {"id": "tax", "name": "White tax", "controller": "bob", "types": ["enchantment"],
             "abilities": [{"kind": "attack_tax", "cost": {"mana": "{W}{W}"}}]}  # fmt: skip
    board = [armor, _card("ad", "Abzan Devotee"), _card("f1", "Forest"), _card("f2", "Forest"), *_bears(1)]
    assert not _attack(board, ["b0"]).legal
    assert _attack([*board, _card("pl", "Plains")], ["b0"]).legal


def test_903_4_command_tower_makes_a_color_of_the_commanders_color_identity() -> None:
    """903.4: "Add one mana of any color in your commander's color identity": {W}{W} from a Plains
    and Command Tower with a white-blue commander, not with a blue one."""
    tax = {"id": "tax", "name": "White tax", "controller": "bob", "types": ["enchantment"],
           "abilities": [{"kind": "attack_tax", "cost": {"mana": "{W}{W}"}}]}  # fmt: skip
    board = [tax, _card("ct", "Command Tower"), _card("pl", "Plains"), *_bears(1)]
    assert _attack(board, ["b0"], identity=["white", "blue"]).legal
    assert not _attack(board, ["b0"], identity=["blue"]).legal


def test_903_4f_arcane_signet_makes_no_mana_for_a_colorless_commander_or_none() -> None:
    """903.4f: with no commander the ability does nothing; a colorless identity has no color to make
    (as 106.7): Propaganda's {2} takes the Plains and the Signet only with a colored commander."""
    board = [_card("pr", "Propaganda", "bob"), _card("sig", "Arcane Signet"), _card("pl", "Plains"), *_bears(1)]
    assert _attack(board, ["b0"], identity=["green"]).legal
    assert not _attack(board, ["b0"], identity=[]).legal


def test_903_4_a_commanders_identity_not_given_is_an_error_naming_the_field() -> None:
    with pytest.raises(ValidationError) as caught:
        _attack([_card("ct", "Command Tower"), *_bears(1)], ["b0"])
    [error] = caught.value.errors()
    assert (error["loc"], error["type"]) == (("players", 0, "commander_identity"), "missing")
    assert "Command Tower" in error["msg"] and "903.4" in error["msg"]


def test_903_4_a_given_identity_mana_ability_is_refused_naming_the_grant() -> None:
    """A mana ability given by a grant reads its holder's controller's commander (903.4), which the
    board doesn't resolve there: refused, never made into no mana or the giver's colors."""
    rite = {"id": "rite", "name": "Rite", "controller": "alice", "types": ["enchantment"],
            "abilities": [{"kind": "grant", "to": {"controller": "you"}, "ability": {"kind": "mana", "produces": "identity"}}]}  # fmt: skip
    with pytest.raises(ValidationError) as caught:
        _attack([rite, *_bears(1)], ["b0"], identity=["green"])
    assert [(e["loc"], e["type"]) for e in caught.value.errors()] == [
        (("permanents", 0, "abilities", 0), "not_modelled")
    ]


@pytest.mark.parametrize("name", ["Command Tower", "Arcane Signet", "Path of Ancestry", "Hidden Hideout"])
def test_903_4_the_compiler_reads_the_commanders_color_identity(name: str) -> None:
    assert [a for a in _abilities(name) if a.get("produces") == "identity"]


def test_605_1a_simic_growth_chamber_makes_both() -> None:
    board = [_card("pr", "Propaganda", "bob"), _card("sg", "Simic Growth Chamber"), *_bears(1)]
    assert _attack(board, ["b0"]).legal


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"makes": ["{G}{U}"], "produces": "G"}, "makes states the mana itself"),
        ({"makes": []}, "at least one combination"),
        ({"makes": ["GU"]}, "is not mana like"),
        ({"tap": False}, "without {T} has a cost"),
        ({"tap": False, "cost": {"mana": "{1}"}, "amount": 2}, "makes no more mana than that cost"),
        ({"cost": {"mana": "{X}"}}, "no {X}"),
        ({"cost": {"bounce": {"n": 1}}}, "returns no permanent"),
        ({"per_turn": -1}, "greater than or equal to 0"),
    ],
)
def test_bad_mana_ability_fields_are_refused(fields: Json, words: str) -> None:
    with pytest.raises(ValidationError, match=words.replace("{", r"\{").replace("}", r"\}")):
        ManaAbility.model_validate({"kind": "mana", **fields})


def test_schema_states_the_new_fields() -> None:
    props = ManaAbility.model_json_schema()["properties"]
    assert {"makes", "mix", "tap", "cost", "sacrifice_self", "per_turn", "damage_to_you"} <= set(props)


_MANA_LINE = re.compile(r"^(?:[A-Z][\w' ,-]*? — )?(?!\[)[^:\"]+: Add (?:\{|one mana|two mana|three mana|\w+ mana)")
"""605.1a, read here on its own: an activated ability ("cost: effect", not a loyalty ability) whose
effect adds mana ("Add {", "Add one mana", "Add X mana")."""


@pytest.mark.long
def test_605_1a_every_mana_ability_of_the_catalog_is_compiled_or_warned() -> None:
    """No mana ability of a permanent is silently dropped: it can pay a cost to attack or block
    (508.1h, 509.1d), so each is an ability, a warning, or (mana spendable only on spells or
    abilities, 106.6; activated only as a sorcery or as an instant, 602.5d-e; one that moves a card
    to or from a library, no mana ability, 605.1a) a note."""
    catalog = bundled_catalog()
    silent: list[str] = []
    lines = 0
    for record in catalog:
        if not record.is_permanent:
            continue
        compiled = catalog.compiled(record)
        for raw in record.text.split("\n"):
            line = re.sub(r"\s*\([^()]*\)", "", raw).strip()
            if not _MANA_LINE.match(line):
                continue
            lines += 1
            face = record.name.split(" // ")[0]
            names = {face, face.removeprefix("A-"), re.split(r",| the | of ", face.removeprefix("A-"))[0]}
            effect = selfify(line, names).partition(": ")[2]
            noted = any(
                n in line
                for n in ("Spend this mana only", "Activate only as a sorcery.", "Activate only as an instant.")
            ) or any(effect.replace(SELF, face) in n and NOT_A_MANA_ABILITY in n for n in compiled.notes)
            kept = ("compiled", "noted") if noted else ("compiled",)
            read = any(s.partition(": ")[2] == effect for s, outcome in compiled.readings if outcome in kept)
            warnings = [*compiled.warnings, *(w for level in compiled.levels for w in level.warnings)]
            warned = any(effect.replace(SELF, face) in w for w in warnings)
            if not (read or warned):
                silent.append(f"{record.name}: {line}")
    assert lines > 2_000
    assert silent == []


def test_a_bad_mana_ability_on_a_board_exits_2_naming_the_ability(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rock = {"id": "x", "name": "Rock", "controller": "a", "types": ["artifact"],
            "abilities": [{"kind": "mana", "produces": "G", "per_turn": 2**40}]}  # fmt: skip
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"players": [{"id": "a"}, {"id": "b"}], "active_player": "a", "permanents": [rock]}))
    assert main(["solve", str(path)]) == 2
    assert "board.permanents[0].abilities[0].per_turn" in capsys.readouterr().err


def test_508_1i_j_a_permanent_sacrificed_for_mana_is_gone_when_the_total_is_paid() -> None:
    """Blood Pet sacrificed for {B} while mana abilities are activated (508.1i) can't also be the
    creature tapped to pay the total (508.1j)."""
    toll = {"id": "toll", "name": "Toll", "controller": "bob", "types": ["enchantment"],
            "abilities": [{"kind": "attack_tax", "cost": {"mana": "{B}", "tap": {"filter": {"types": ["creature"]}}}}]}  # fmt: skip
    board = [toll, _card("bp", "Blood Pet"), *_bears(1)]
    assert not _attack(board, ["b0"]).legal
    assert _attack([*board, _card("sw", "Swamp")], ["b0"]).legal


def test_605_1a_a_mana_ability_an_aura_gives_a_land_pays_an_attack_tax() -> None:
    """Abundant Growth: "Enchanted land has '{T}: Add one mana of any color.'" on a Swamp pays
    Norn's Annex's {W/P} when alice can't pay 2 life (119.4); without it the Swamp makes only {B}.
    A mana ability given to a noncreature permanent is that permanent's (605.1a)."""
    from combat_solver import AttackDeclaration, Board, check_attacks
    from combat_solver.cards.catalog import bundled_catalog

    def legal(growth: bool) -> bool:
        permanents = [
            {"id": "bears", "card": "Grizzly Bears", "controller": "alice"},
            {"id": "swamp", "card": "Swamp", "controller": "alice"},
            {"id": "annex", "card": "Norn's Annex", "controller": "bob"},
        ]
        if growth:
            permanents.append({"id": "g", "card": "Abundant Growth", "controller": "alice", "attached_to": "swamp"})
        board = Board.model_validate(
            {
                "players": [{"id": "alice", "life": 1}, {"id": "bob"}],
                "active_player": "alice",
                "permanents": permanents,
            },
            context={"catalog": bundled_catalog()},
        )
        return check_attacks(board, AttackDeclaration(attacks={"bears": "bob"})).legal

    assert legal(True)
    assert not legal(False)


def test_605_1a_joiner_adept_gives_every_land_of_its_controller_a_mana_ability() -> None:
    """Joiner Adept: "Lands you control have '{T}: Add one mana of any color.'" (a grant whose `to`
    names lands, not creatures): alice's Swamp pays Norn's Annex's {W/P} when she can't pay 2 life
    (119.4). Issue #25's audit (seed 888): the sentence was dropped in silence before."""
    assert {
        "kind": "grant",
        "to": {"types": ["land"], "controller": "you"},
        "ability": {"kind": "mana", "produces": "any", "amount": 1},
    } in _abilities("Joiner Adept")
    lands = [_card("swamp", "Swamp"), _card("annex", "Norn's Annex", "bob"), _card("bears", "Grizzly Bears")]
    assert not _attack(lands, ["bears"], life=1).legal
    assert _attack([*lands, _card("adept", "Joiner Adept")], ["bears"], life=1).legal


def test_605_1a_every_quoted_mana_ability_a_static_sentence_gives_is_compiled_or_warned() -> None:
    """A static sentence that gives a quoted mana ability ("Tokens you control have '{T}: Add
    {G}.'", Imprisoned in the Moon's "is a colorless land with '{T}: Add {C}'") bears on legality
    (605.1a, 508.1h): each is compiled, warned, or (mana spendable only on spells, 106.6) noted;
    never passed over (Jaheira, Battery Bearer, Imprisoned in the Moon, Alpine Moon were)."""
    from combat_solver.cards.phrases import gives_mana_ability

    catalog = bundled_catalog()
    silent: list[str] = []
    for record in catalog:
        if not record.is_permanent:
            continue
        compiled = catalog.compiled(record)
        read = {s for s, outcome in compiled.readings if outcome in ("compiled", "noted", "warned")}
        face = record.name.split(" // ")[0]
        names = {face, face.removeprefix("A-"), re.split(r",| the | of ", face.removeprefix("A-"))[0]}
        for raw in record.text.split("\n"):
            line = selfify(re.sub(r"\s*\([^()]*\)", "", raw).strip(), names)
            line = re.sub(r"^[A-Z][\w' ,-]* — ", "", line)  # an ability word, a Saga's chapter numbers
            if gives_mana_ability(line) and not any(s in line for s in read):
                silent.append(f"{record.name}: {line}")
    assert silent == []
    assert catalog.compiled(catalog.get("Alpine Moon")).warnings
    moon = catalog.compiled(catalog.get("Imprisoned in the Moon"))  # 205.1a: only a land, its {T}: Add {C} given
    assert {
        "kind": "grant",
        "to": {"ids": ["$attached"]},
        "ability": {"kind": "mana", "produces": "C", "amount": 1},
    } in (moon.abilities)
    jaheira = catalog.compiled(catalog.get("Jaheira, Friend of the Forest"))  # 605.1a: any token, a creature or not
    tokens = {"token": True, "controller": "you"}
    assert {
        "kind": "grant",
        "to": tokens,
        "ability": {"kind": "mana", "produces": "G", "amount": 1},
    } in jaheira.abilities
    bearer = catalog.compiled(catalog.get("Battery Bearer"))  # its mana can't cast nonartifact spells: no spell here
    creatures = {"types": ["creature"], "controller": "you"}  # "Creatures you control": not its lands (605.1a)
    grant = {"kind": "grant", "to": creatures, "ability": {"kind": "mana", "produces": "C", "amount": 1}}
    assert bearer.abilities == (grant,) and not bearer.warnings


def _attacker_paying(**cost: Any) -> Json:
    return {
        "id": "b0", "name": "Taxed Bear", "controller": "alice", "types": ["creature"], "power": 2, "toughness": 2,
        "abilities": [{"kind": "attack_cost", "cost": cost}],
    }  # fmt: skip


def test_605_1a_an_ability_that_draws_a_card_is_no_mana_ability() -> None:
    """605.1a (September 25, 2026 edition): an activated ability whose cost or effect moves a card
    to or from a library is no mana ability. Chromatic Sphere's "Add one mana of any color. Draw a
    card." and Millikin's "{T}, Mill a card: Add {C}" can't be activated while a cost to attack is
    paid (508.1g), so the Sphere's card pays no "discard a card" cost and Millikin no {1}; Astrolabe's
    draw, a delayed trigger it creates (603.7), leaves it a mana ability."""
    assert not _abilities("Chromatic Sphere") and not _abilities("Millikin")
    assert any(a["kind"] == "mana" for a in _abilities("Astrolabe"))
    discard = _attacker_paying(discard=1)
    assert _attack([discard, _card("pl", "Plains"), _card("cs", "Chromatic Sphere")], ["b0"]).status == "illegal"
    assert _attack([discard, _card("pl", "Plains")], ["b0"], hand=1).status == "legal"
    assert _attack([_attacker_paying(mana="{1}"), _card("mk", "Millikin")], ["b0"]).status == "illegal"
    with pytest.raises(ValidationError) as e:  # the field is gone from the vocabulary
        _attack([discard, {**_card("pl", "Plains"), "abilities": [{"kind": "mana", "draws": 1}]}], ["b0"])
    assert "draws" in str(e.value)


def test_119_4_life_a_mana_ability_gains_pays_a_life_cost() -> None:
    """508.1i, 119.4: Pristine Talisman's "You gain 1 life" comes before the total is paid: at 2
    life a cost of 3 life to attack is paid with it, not without it."""
    bear = _attacker_paying(life=3)
    assert _attack([bear], ["b0"], life=2).status == "illegal"
    assert _attack([bear, _card("pt", "Pristine Talisman")], ["b0"], life=2).status == "legal"
    assert _attack([bear, _card("pt", "Pristine Talisman")], ["b0"], life=1).status == "illegal"


def test_508_1i_a_life_gaining_ability_that_needs_mana_beside_a_life_paying_one_is_warned() -> None:
    """A mana ability that needs {1} and gains life could have its {1} from Mana Confluence's "Pay 1
    life", whose life could come from it: the order decides, which the payment doesn't model; it warns."""
    gainer = {
        "id": "gn", "name": "Life Gainer", "controller": "alice", "types": ["artifact"],
        "abilities": [{"kind": "mana", "cost": {"mana": "{1}"}, "produces": "C", "gains_life": 1}],
    }  # fmt: skip
    board = [_attacker_paying(mana="{1}"), gainer, _card("mc", "Mana Confluence")]
    verdict = _attack(board, ["b0"])
    assert any("order isn't modelled" in w for w in verdict.warnings)
    bonds = _card("sb", "Suppression Bonds", "bob", attached_to="gn")  # 602.5: it can't be activated
    assert not any("order isn't modelled" in w for w in _attack([*board, bonds], ["b0"]).warnings)


def test_602_5_an_arrested_mana_creature_can_t_pay_propaganda() -> None:
    """602.5, 605.1a: Arrest's "its activated abilities can't be activated" takes its mana
    abilities too: Llanowar Elves under Arrest can't make the {G} of Propaganda's {2}; Faith's
    Fetters ("unless they're mana abilities") leaves them; Serra Bestiary's "with {T} in their
    costs" takes a {T} mana ability."""
    prop = _card("gp", "Propaganda", "bob")
    elves, forest = _card("el", "Llanowar Elves"), _card("fo", "Forest")
    bear = _card("b0", "Grizzly Bears")
    assert _attack([prop, elves, forest, bear], ["b0"]).status == "legal"
    for aura, status in (("Arrest", "illegal"), ("Faith's Fetters", "legal"), ("Serra Bestiary", "illegal")):
        held = _card("ar", aura, "bob", attached_to="el")
        assert _attack([prop, elves, forest, bear, held], ["b0"]).status == status, aura
    rock = {"id": "sb", "card": "Suppression Bonds", "controller": "bob", "attached_to": "sig"}
    signet = [_card("sig", "Sol Ring")]
    assert _attack([prop, *signet, bear], ["b0"]).status == "legal"
    assert _attack([prop, *signet, bear, rock], ["b0"]).status == "illegal"  # "Enchanted permanent"


def test_602_5_null_rod_stops_sol_ring_and_cursed_totem_the_elves() -> None:
    """602.5: "Activated abilities of artifacts can't be activated" (Null Rod) takes Sol Ring's mana
    ability; Cursed Totem's "... of creatures ..." takes Llanowar Elves' and leaves a land's."""
    prop, bear = _card("gp", "Propaganda", "bob"), _card("b0", "Grizzly Bears")
    assert _attack([prop, _card("sr", "Sol Ring"), bear], ["b0"]).status == "legal"
    assert _attack([prop, _card("sr", "Sol Ring"), bear, _card("nr", "Null Rod", "bob")], ["b0"]).status == "illegal"
    elves = [_card("el", "Llanowar Elves"), _card("fo", "Forest")]
    assert _attack([prop, *elves, bear, _card("ct", "Cursed Totem", "bob")], ["b0"]).status == "illegal"
    assert (
        _attack([prop, *elves, _card("f2", "Forest"), bear, _card("ct", "Cursed Totem", "bob")], ["b0"]).status
        == "legal"
    )


def test_119_4_a_mana_ability_paying_life_before_damage_with_a_life_gain_beside_it() -> None:
    """119.4: at 1 life, Pristine Talisman (gain 1), Mana Confluence (pay 1) and Ancient Tomb (2
    damage) make {4} for Ghostly Prison's two attackers: the life is paid before the damage, and
    the declaration itself pays none, so the damage past 0 doesn't matter (review of the draws and
    gains model)."""
    board = [_card(f"a{i}", "Grizzly Bears") for i in (1, 2)]
    board += [_card("tomb", "Ancient Tomb"), _card("conf", "Mana Confluence"), _card("tal", "Pristine Talisman")]
    board.append(_card("prison", "Ghostly Prison", "bob"))
    assert _attack(board, ["a1", "a2"], life=1).status == "legal"
    assert _attack(board[:-2] + board[-1:], ["a1", "a2"], life=1).status == "illegal"  # no Talisman: 3 mana
