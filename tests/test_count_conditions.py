"""Readings of the rules that the differential campaign settled (docs/design.md §4.9): a condition
that reads what its own effect adds, parity of the number of attackers (Rule with an Even Hand)
and "creatures that share a creature type" (Graxiplon). Expected answers are worked out by hand
from the Comprehensive Rules; none was obtained by running the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from asserts import A, B, K, attack, block, creature, make_board, permanent

from combat_solver import solve_attacks
from combat_solver.solve import flows, search

Json = dict[str, Any]

OGRE = creature("ogre", "Ogre", A, power=3)
SPRITE = creature("sprite", "Sprite", A, power=4)


def effect_on_ogre(ability: Json) -> Json:
    return {"source": "Effect", "controller": B, "to": {"ids": ["ogre"]}, "ability": ability}


# -------------------------------------------------- (1) a condition that reads its own effect's result
def test_must_attack_as_long_as_it_doesnt_have_must_attack_applies_611_3a_613_6():
    """Campaign board 2611:attack:7240, minimized. The effect's condition is read when the effect
    applies in layer 6 (613.1f, 611.3a): the Ogre doesn't have must_attack yet, so it gains it;
    its own result doesn't switch it off again (613.6: it keeps applying to what it started to
    apply to; 613.8a: a dependency is on another effect). The attack test (creatures with power
    0 or less attacking: at most one) is read per declaration and holds, so the Sprite attacking
    alone obeys 0 of 1 requirement when the Ogre could attack too (508.1d)."""
    condition = {
        "source": {"not": {"has": ["must_attack"]}},
        "attack": {"filter": {"power": {"lt": 1}}, "count": {"le": 1}},
    }
    b = make_board([SPRITE, OGRE], effects=[effect_on_ogre(K("must_attack", condition=condition))])
    alone = attack(b, {"sprite": B})
    assert not alone.legal
    assert [v.kind for v in alone.violations] == ["too_few_requirements"]
    assert attack(b, {"sprite": B, "ogre": B}).legal


def test_the_attack_test_of_a_self_reading_condition_still_gates_it_508_1d():
    """ "... as long as no other creature attacks": attacking with the Sprite alone switches the
    requirement off (so it is obeyed trivially); attacking with nothing leaves it on (508.1d)."""
    condition = {"source": {"not": {"has": ["must_attack"]}}, "attack": {"count": {"le": 0}}}
    b = make_board([SPRITE, OGRE], effects=[effect_on_ogre(K("must_attack", condition=condition))])
    assert attack(b, {"sprite": B}).legal
    assert not attack(b).legal
    assert attack(b, {"ogre": B}).legal


def test_unless_reading_its_own_effect_is_read_as_it_applies_613_1f():
    """ "Attacks each combat if able unless it has that ability and another creature attacks": when
    the effect applies the Ogre lacks must_attack, so the "unless" fails whatever attacks and the
    requirement holds: the Sprite alone is illegal (508.1d)."""
    unless = {"source": {"has": ["must_attack"]}, "attack": {"count": {"ge": 1}}}
    b = make_board([SPRITE, OGRE], effects=[effect_on_ogre(K("must_attack", unless=unless))])
    assert not attack(b, {"sprite": B}).legal
    assert attack(b, {"sprite": B, "ogre": B}).legal


def test_a_per_target_condition_reads_the_board_as_its_effect_applied_508_1c():
    """ "Can't attack as long as it doesn't have 'can't attack'": read when the effect applies (it
    doesn't have it then), so the Ogre can't attack (508.1c), though the condition is read per
    attack target (802.2a)."""
    b = make_board(
        [SPRITE, OGRE],
        effects=[effect_on_ogre(K("cant_attack", condition={"source": {"not": {"has": ["cant_attack"]}}}))],
    )
    assert not attack(b, {"ogre": B}).legal
    assert attack(b, {"sprite": B}).legal


FLIERS_ATTACK = {"attack": {"filter": {"has": ["flying"]}, "count": {"ge": 1}}}


@pytest.mark.parametrize("order", ["requirement first", "flying first"])
def test_a_per_declaration_condition_sees_a_later_effects_grant_613_8a(order: str):
    """ "The Ogre attacks each combat if able as long as a creature with flying attacks", and a
    later (or earlier) effect gives the Sprite flying. The requirement depends on the flying
    effect (applying it changes whether the requirement applies, 613.8a), so flying applies
    first whatever the timestamps: the Sprite attacking alone is a flier attacking, and leaves
    the Ogre's requirement unobeyed (508.1d)."""
    must = effect_on_ogre(K("must_attack", condition=FLIERS_ATTACK))
    flying = {"source": "Jump", "controller": A, "to": {"ids": ["sprite"]}, "ability": K("flying")}
    b = make_board([SPRITE, OGRE], effects=[must, flying] if order == "requirement first" else [flying, must])
    assert not attack(b, {"sprite": B}).legal
    assert attack(b, {"sprite": B, "ogre": B}).legal


def test_a_printed_per_declaration_condition_sees_a_later_aura_613_8a():
    """The same with the condition printed on the Ogre (earlier timestamp) and Flight on the Sprite."""
    ogre = dict(OGRE, abilities=[K("must_attack", condition=FLIERS_ATTACK)])
    flight = permanent("flight", "Flight", A, ["enchantment"], K("grant", to={"ids": ["sprite"]}, ability=K("flying")))
    b = make_board([SPRITE, ogre, dict(flight, attached_to="sprite")])
    assert not attack(b, {"sprite": B}).legal
    assert attack(b, {"sprite": B, "ogre": B}).legal


# -------------------------------------------------------------- (2) parity of the number of attackers
def even_hand(controller: str = A) -> Json:
    """Rule with an Even Hand (a conspiracy): "You can't attack with an odd number of creatures."
    Each creature you control can't attack unless an even number of your creatures attack."""
    return {
        "source": "Rule with an Even Hand",
        "controller": controller,
        "to": {"controller": "you"},
        "ability": K(
            "cant_attack",
            unless={"attack": {"others": False, "filter": {"controller": "you"}, "count": {"even": True}}},
        ),
    }


THREE = (creature("x", "X"), creature("y", "Y"), creature("z", "Z"))


@pytest.fixture(params=["search", "cpsat"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each parity test runs on both exact paths: the Python search and CP-SAT (2k = sum)."""
    if request.param == "cpsat":
        monkeypatch.setattr(search, "MAX_VARIABLES", -1)
        monkeypatch.setattr(flows, "ENABLED", False)
    return str(request.param)


def test_rule_with_an_even_hand_allows_an_even_number_of_attackers_508_1c(path: str):
    b = make_board([*THREE], effects=[even_hand()])
    assert attack(b).legal  # zero is even
    assert attack(b, {"x": B, "y": B}).legal


def test_rule_with_an_even_hand_forbids_an_odd_number_of_attackers_508_1c(path: str):
    b = make_board([*THREE], effects=[even_hand()])
    one = attack(b, {"x": B})
    assert not one.legal
    assert {v.rule for v in one.violations} == {"508.1c"}
    assert not attack(b, {"x": B, "y": B, "z": B}).legal


def test_even_hand_caps_the_requirement_maximum_at_two_508_1c_508_1d(path: str):
    """Three creatures that attack each combat if able: attacking with all three is odd, so the
    most requirements a legal attack obeys is two (508.1d); two attackers are legal."""
    b = make_board([*(dict(c, abilities=[K("must_attack")]) for c in THREE)], effects=[even_hand()])
    assert attack(b, {"x": B, "y": B}).legal
    assert not attack(b, {"x": B}).legal
    solved = solve_attacks(b)
    assert len(solved.declaration.attacks) == 2


def test_an_opponents_even_hand_doesnt_count_my_creatures_508_1c(path: str):
    """The conspiracy binds its controller's attack only ("you")."""
    b = make_board([*THREE], effects=[even_hand(B)])
    assert attack(b, {"x": B}).legal


def test_odd_parity_in_a_condition_508_1d(path: str):
    """ "Attacks each combat if able as long as an odd number of other creatures attack": with
    the others' count even the requirement is off."""
    b = make_board(
        [creature("x", "X"), creature("y", "Y"), OGRE],
        effects=[effect_on_ogre(K("must_attack", condition={"attack": {"count": {"even": False}}}))],
    )
    assert attack(b, {"x": B, "y": B}).legal
    assert not attack(b, {"x": B}).legal
    assert attack(b, {"x": B, "ogre": B}).legal


def card(id: str, name: str, controller: str = A) -> Json:
    return {"id": id, "card": name, "controller": controller}


def test_even_hand_with_juggernaut_alone_leaves_no_attack_to_make_508_1c_508_1d(path: str):
    """Juggernaut alone can't attack (one is odd, 508.1c), so the requirement maximum is 0 and
    attacking with nothing is legal (508.1d)."""
    b = make_board([card("jug", "Juggernaut")], effects=[even_hand()])
    assert attack(b).legal
    assert attack(b).requirements_maximum == 0
    assert not attack(b, {"jug": B}).legal


def test_even_hand_makes_juggernaut_bring_a_partner_508_1d(path: str):
    """With a Grizzly Bears, Juggernaut can attack (two is even): not attacking obeys 0 of a
    possible 1 (508.1d); Juggernaut with the Bears is legal, the Bears alone is not (508.1c)."""
    b = make_board([card("jug", "Juggernaut"), card("bears", "Grizzly Bears")], effects=[even_hand()])
    empty = attack(b)
    assert not empty.legal
    assert [v.kind for v in empty.violations] == ["too_few_requirements"]
    assert attack(b, {"jug": B, "bears": B}).legal
    assert not attack(b, {"bears": B}).legal


def test_even_hand_counts_creatures_not_what_they_attack_508_1c(path: str):
    """Two creatures attacking a player and a planeswalker are two attackers (508.1c counts
    creatures): legal; one attacking the planeswalker is odd."""
    b = make_board(
        [card("jug", "Juggernaut"), card("bears", "Grizzly Bears"), card("jace", "Jace Beleren", B)],
        effects=[even_hand()],
    )
    assert attack(b, {"jug": "jace", "bears": B}).legal
    assert not attack(b, {"jug": "jace"}).legal


def test_an_unless_count_that_always_holds_lifts_the_restriction_508_1c(path: str):
    """ "Can't attack unless any number of creatures attack" ({} or a parity left null): the
    count always holds, so the restriction never applies (a regression: an unbounded count
    became no test and the restriction applied whatever attacked)."""
    for count in ({}, {"even": None}):
        unless = {"attack": {"others": False, "count": count}}
        effect = {
            "source": "Effect",
            "controller": A,
            "to": {"ids": ["jug"]},
            "ability": K("cant_attack", unless=unless),
        }
        b = make_board([card("jug", "Juggernaut")], effects=[effect])
        assert attack(b, {"jug": B}).legal, count


# ------------------------------------------------------ (3) creatures that share a creature type
GRAXIPLON = creature(
    "grax",
    "Graxiplon",
    A,
    2,
    2,
    K("cant_be_blocked", unless={"players": [{"who": "defending_player", "creatures_sharing_a_type": {"ge": 3}}]}),
    subtypes=["Beast"],
)


def bobs(*subtypes: tuple[str, ...]) -> list[Json]:
    return [creature(f"b{i}", f"B{i}", B, subtypes=list(s)) for i, s in enumerate(subtypes)]


def graxiplon_blocked(*defenders: Json) -> Any:
    b = make_board([GRAXIPLON, *defenders], combat={"attackers": {"grax": B}})
    return block(b, {"b0": ("grax",)})


def test_graxiplon_can_be_blocked_by_three_goblins_509_1b():
    """Three Goblins (one also an Elf) share Goblin: Graxiplon can be blocked (509.1b)."""
    assert graxiplon_blocked(*bobs(("Goblin",), ("Goblin", "Elf"), ("goblin",))).legal


def test_graxiplon_cant_be_blocked_without_three_sharing_a_type_509_1b():
    """Goblin, Goblin Elf, Elf: no type is shared by three; Dryad Arbor's Forest is a land type,
    not a creature type (205.3m), so three Forest creatures don't count either."""
    unblockable = graxiplon_blocked(*bobs(("Goblin",), ("Goblin", "Elf"), ("Elf",)))
    assert not unblockable.legal
    assert {v.rule for v in unblockable.violations} == {"509.1b"}
    assert not graxiplon_blocked(*bobs(("Forest", "Dryad"), ("Forest",), ("Forest",))).legal


def test_a_changeling_shares_every_creature_type_702_73a():
    """A changeling from the catalog has every creature type (702.73a): two Goblins and a
    Changeling Outcast make three that share Goblin."""
    changeling = {"id": "b2", "card": "Changeling Outcast", "controller": B}
    assert graxiplon_blocked(*bobs(("Goblin",), ("Goblin",)), changeling).legal


def test_a_card_by_name_brings_its_creature_types():
    """Permanents written by card name take their subtypes from the catalog (Goblin Piker)."""
    pikers = [{"id": f"b{i}", "card": "Goblin Piker", "controller": B} for i in range(3)]
    assert graxiplon_blocked(*pikers).legal


def test_graxiplon_by_card_name_compiles_to_the_player_test_509_1b():
    """`card: Graxiplon` ("can't be blocked unless defending player controls three or more
    creatures that share a creature type") needs three of the defender's creatures sharing one."""
    grax = {"id": "grax", "card": "Graxiplon", "controller": A}
    two = make_board([grax, *bobs(("Goblin",), ("Goblin",), ("Elf",))], combat={"attackers": {"grax": B}})
    three = make_board([grax, *bobs(("Goblin",), ("Goblin",), ("Goblin", "Elf"))], combat={"attackers": {"grax": B}})
    assert not block(two, {"b0": ("grax",)}).legal
    assert block(three, {"b0": ("grax",)}).legal
    assert not two.card_warnings


def test_three_dryad_arbors_share_dryad_205_3m():
    """Dryad Arbor is a Land Creature — Forest Dryad: Forest is not a creature type but Dryad is,
    so three of them share a creature type (205.3m)."""
    arbors = [{"id": f"b{i}", "card": "Dryad Arbor", "controller": B} for i in range(3)]
    assert graxiplon_blocked(*arbors).legal


def test_two_changelings_share_a_type_with_any_typed_creature_702_73a():
    """Two Woodland Changelings are every creature type (702.73a): with a Grizzly Bears they are
    three Bears; with a creature that has no creature type they share nothing with it."""
    changelings = [{"id": f"b{i}", "card": "Woodland Changeling", "controller": B} for i in (1, 2)]
    assert graxiplon_blocked({"id": "b0", "card": "Grizzly Bears", "controller": B}, *changelings).legal
    assert not graxiplon_blocked(creature("b0", "Untyped", B), *changelings).legal


def test_a_token_with_changeling_among_its_keywords_is_every_type_702_73a():
    """A token given ``keywords: [flying, changeling]`` (lower case, in a list) is a changeling."""
    shapeshifter = {"name": "Shapeshifter", "subtypes": ["Shapeshifter"], "power": 1, "toughness": 1}
    tokens = [
        {"id": f"b{i}", "token": dict(shapeshifter, keywords=["flying", "changeling"]), "controller": B} for i in (1, 2)
    ]
    assert graxiplon_blocked({"id": "b0", "card": "Grizzly Bears", "controller": B}, *tokens).legal


def test_goblin_tokens_share_goblin_205_3m():
    """Tokens have the creature types their description gives (111.4)."""
    goblin = {"name": "Goblin", "subtypes": ["Goblin"], "power": 1, "toughness": 1}
    assert graxiplon_blocked(*({"id": f"b{i}", "token": goblin, "controller": B} for i in range(3))).legal


def test_noncreature_permanents_with_a_creature_type_dont_count_205_3m():
    """Graxiplon counts creatures: three kindred artifacts that are Goblins and one Goblin
    creature are not three creatures sharing a type."""
    kindred = [
        {"id": f"k{i}", "name": "Kindred", "controller": B, "types": ["kindred", "artifact"], "subtypes": ["Goblin"]}
        for i in range(3)
    ]
    assert not graxiplon_blocked(*bobs(("Goblin",)), *kindred).legal


def test_the_board_schema_states_both_primitives():
    """models/board.schema.json (written by `combat-solver schema --out models`) describes the
    player test and the parity of a count."""
    schema = json.loads((Path(__file__).resolve().parent.parent / "models" / "board.schema.json").read_text())
    player_test = schema["$defs"]["PlayerTest"]["properties"]
    assert "205.3m" in json.dumps(player_test["creatures_sharing_a_type"])
    assert "even" in schema["$defs"]["Comparison"]["properties"]


def test_an_unbounded_count_reads_any_number():
    """A count with no bound reads "any number of" in messages, not an empty gap."""
    from combat_solver.model.conditions import AttackTest, PlayerTest

    assert AttackTest.model_validate({"count": {}}).describe() == "any number of other creatures attack"
    sharing = PlayerTest.model_validate({"who": "you", "creatures_sharing_a_type": {"even": None}})
    assert sharing.describe() == "you: controls any number of creatures that share a creature type"
