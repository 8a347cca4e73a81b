"""Real cards' rules (issue #12): the five verdicts that were wrong, conditions on any ability,
and the primitives real card text needs. Expected answers are worked out by hand from the
Comprehensive Rules (/work/shared/rules) and card wordings (/work/shared/cards/templates.md),
each test naming its rule; none was obtained by running the engine.

Conventions: "alice" is the active player; "bob" and "carol" are opponents.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    InputError,
    check_attacks,
    check_blocks,
    solve_attacks,
)

A, B, C = "alice", "bob", "carol"
Json = dict[str, Any]


def K(kind: str, **params: Any) -> Json:
    return {"kind": kind, **params}


def creature(id: str, name: str, controller: str = A, *abilities: Json, power: int = 2, **extra: Any) -> Json:
    return {
        "id": id,
        "name": name,
        "controller": controller,
        "types": ["creature"],
        "power": power,
        "toughness": 2,
        "abilities": list(abilities),
        **extra,
    }


def permanent(
    id: str, name: str, controller: str, *abilities: Json, types: tuple[str, ...] = ("enchantment",), **extra: Any
) -> Json:
    return {
        "id": id,
        "name": name,
        "controller": controller,
        "types": list(types),
        "abilities": list(abilities),
        **extra,
    }


def board(*permanents: Json, players: tuple[str, ...] = (A, B), **extra: Any) -> Board:
    return Board.model_validate(
        {"players": [{"id": p} for p in players], "active_player": A, "permanents": list(permanents), **extra}
    )


def attack(b: Board, **attacks: str) -> Any:
    return check_attacks(b, AttackDeclaration(attacks=attacks))


def block(b: Board, blocks: dict[str, tuple[str, ...]], player: str | None = None) -> Any:
    return check_blocks(b, BlockDeclaration(blocks=blocks, player=player))


BEARS = creature("bears", "Grizzly Bears")
FLIGHT = permanent("flight", "Flight", A, K("grant", to={"ids": ["bears"]}, ability=K("flying")), attached_to="bears")
MOAT = permanent("moat", "Moat", B, K("grant", to={"not": {"has": ["flying"]}}, ability=K("cant_attack")))


# ----------------------------------------------------------------------------- (a) filters see grants
def test_moat_lets_a_creature_with_flying_from_an_aura_attack_613_1f_611_3a():
    """613.1f: Flight's flying is added in layer 6; Moat applies to whatever lacks flying at that
    moment (611.3a) and, depending on Flight's result, applies after it (613.8a)."""
    assert attack(board(BEARS, FLIGHT, MOAT), bears=B).legal
    without_flight = attack(board(BEARS, MOAT), bears=B)
    assert not without_flight.legal and [v.kind for v in without_flight.violations] == ["cant_attack"]


def test_order_of_the_permanents_doesnt_matter_613_8a():
    """Moat first or Flight first: the dependency, not the timestamp, decides (613.8a)."""
    assert attack(board(MOAT, FLIGHT, BEARS), bears=B).legal


def test_dense_canopy_binds_a_blocker_with_granted_flying_613_1f():
    """Dense Canopy: "Creatures with flying can block only creatures with flying." Griffin Guide
    gives the Bears flying, so the Canopy restricts them (611.3a)."""
    canopy = permanent(
        "canopy",
        "Dense Canopy",
        B,
        K("grant", to={"has": ["flying"]}, ability=K("can_block_only", attackers={"has": ["flying"]})),
    )
    guide = permanent(
        "guide", "Griffin Guide", B, K("grant", to={"ids": ["wall"]}, ability=K("flying")), attached_to="wall"
    )
    b = board(
        creature("ogre", "Hill Giant"),
        creature("wall", "Grizzly Bears", B),
        canopy,
        guide,
        combat={"attackers": {"ogre": B}},
    )
    verdict = block(b, {"wall": ("ogre",)})
    assert not verdict.legal and [v.kind for v in verdict.violations] == ["can_block_only"]
    assert block(
        board(
            creature("ogre", "Hill Giant"),
            creature("wall", "Grizzly Bears", B),
            canopy,
            combat={"attackers": {"ogre": B}},
        ),
        {"wall": ("ogre",)},
    ).legal


def test_sonorous_howlbonder_reads_menace_from_goblin_war_drums_613_8a():
    """Goblin War Drums: "Creatures you control have menace." Sonorous Howlbonder: "Each creature
    you control with menace can't be blocked except by three or more creatures." (702.111b, 509.1b)"""
    drums = permanent("drums", "Goblin War Drums", A, K("grant", to={"controller": "you"}, ability=K("menace")))
    howl = creature(
        "howl",
        "Sonorous Howlbonder",
        A,
        K("grant", to={"controller": "you", "has": ["menace"]}, ability=K("min_blockers", n=3)),
    )
    defenders = [creature(f"d{i}", f"Soldier {i}", B) for i in range(3)]
    b = board(howl, BEARS, drums, *defenders, combat={"attackers": {"bears": B}})
    two = block(b, {"d0": ("bears",), "d1": ("bears",)})
    assert not two.legal and {v.kind for v in two.violations} == {"min_blockers"}
    assert block(b, {"d0": ("bears",), "d1": ("bears",), "d2": ("bears",)}).legal


def test_goblin_locksmith_reads_defender_from_an_aura_613_1f():
    """Goblin Locksmith's trigger: "creatures with defender can't block this turn" (an effect);
    an Aura gives the blocker defender (702.3b)."""
    aura = permanent(
        "aura", "Guard Duty", B, K("grant", to={"ids": ["wall"]}, ability=K("defender")), attached_to="wall"
    )
    effect = {"source": "Goblin Locksmith", "controller": A, "to": {"has": ["defender"]}, "ability": K("cant_block")}
    b = board(
        creature("lock", "Goblin Locksmith"),
        creature("wall", "Grizzly Bears", B),
        aura,
        effects=[effect],
        combat={"attackers": {"lock": B}},
    )
    verdict = block(b, {"wall": ("lock",)})
    assert not verdict.legal and [v.kind for v in verdict.violations] == ["cant_block"]


def test_bothersome_quasit_sees_goad_from_an_effect_701_15b():
    """Bothersome Quasit: "Goaded creatures you don't control can't block"; the goad comes from an
    effect (701.15b), so the goaded creature can't block."""
    quasit = creature(
        "quasit",
        "Bothersome Quasit",
        A,
        K("grant", to={"controller": "opponent", "has": ["goad"]}, ability=K("cant_block")),
    )
    goaded = {
        "source": "Bothersome Quasit trigger",
        "controller": A,
        "to": {"ids": ["wall"]},
        "ability": K("goad", by="you"),
    }
    b = board(quasit, creature("wall", "Grizzly Bears", B), effects=[goaded], combat={"attackers": {"quasit": B}})
    verdict = block(b, {"wall": ("quasit",)})
    assert not verdict.legal and [v.kind for v in verdict.violations] == ["cant_block"]


def test_a_grant_that_removes_its_own_trigger_applies_once_613_8b():
    """ "Creatures without flying have flying" applies to what lacks flying when it applies, and
    is locked in (613.8b): no oscillation, the Bears have flying."""
    self_ref = permanent("odd", "Odd Anthem", B, K("grant", to={"not": {"has": ["flying"]}}, ability=K("flying")))
    b = board(BEARS, creature("spider", "Giant Spider", B, K("reach")), self_ref, combat={"attackers": {"bears": B}})
    assert block(b, {"spider": ("bears",)}).legal
    no_reach = board(BEARS, creature("wall", "Wall", B), self_ref, combat={"attackers": {"bears": B}})
    assert block(no_reach, {"wall": ("bears",)}).legal  # both fly


# ----------------------------------------------------------------------------- (b) every "you" resolves
PSYCHIC_IMPETUS = permanent(
    "impetus", "Psychic Impetus", B, K("grant", to={"ids": ["bears"]}, ability=K("goad", by="you")), attached_to="bears"
)


def test_psychic_impetus_goad_by_you_is_its_controller_701_15b():
    """Psychic Impetus (Bob's Aura) goads the Bears: attack if able and attack a player other than
    Bob if able (701.15b). Attacking Bob obeys 1 of 2; attacking Carol obeys 2 of 2."""
    b = board(BEARS, PSYCHIC_IMPETUS, players=(A, B, C))
    at_bob = attack(b, bears=B)
    assert not at_bob.legal
    assert (at_bob.requirements_obeyed, at_bob.requirements_maximum) == (1, 2)
    assert attack(b, bears=C).legal


def test_a_goader_goading_twice_adds_nothing_however_named_701_15d():
    """Goaded by "you" (Bob's Aura) and by "bob" (an effect): the same player, 2 requirements."""
    effect = {"source": "Disrupt Decorum", "controller": B, "to": {"ids": ["bears"]}, "ability": K("goad", by=B)}
    b = board(BEARS, PSYCHIC_IMPETUS, players=(A, B, C), effects=[effect])
    assert attack(b, bears=C).requirements_maximum == 2


@pytest.mark.parametrize(
    ("ability", "field"),
    [
        (K("goad", by="you"), "by"),
        (K("attacks_player_other_than", player="you"), "player"),
        (K("must_attack", target={"player": "you"}), "player"),
        (K("cant_attack", condition={"players": [{"who": "you", "life": {"le": 5}}]}), "who"),
    ],
)
def test_you_without_a_controller_is_rejected(ability: Json, field: str):
    """An effect without a controller has no "you": rejected at validation, naming the field."""
    with pytest.raises(ValueError, match=r"unresolved_player|`you` needs a controller") as error:
        board(BEARS, effects=[{"source": "Mystery", "to": {"ids": ["bears"]}, "ability": ability}])
    assert field in str(error.value)


def test_owner_on_a_rule_of_the_game_is_rejected():
    rule = permanent("rule", "Rule", B, K("attack_limit", n=1, defender={"player": "owner"}))
    with pytest.raises(ValueError, match="`owner` needs a creature"):
        board(BEARS, rule)


def test_goad_by_an_unknown_player_is_rejected():
    with pytest.raises(ValueError, match="no player 'zed'"):
        board(creature("bears", "Grizzly Bears", A, K("goad", by="zed")))


# ----------------------------------------------------------------------------- (c) each turn counts creatures
ONE_PER_TURN = {"source": "Limit", "controller": B, "ability": K("attack_limit", n=1, per="turn")}


def test_a_creature_attacking_again_is_not_counted_twice_508_1c():
    """ "No more than one creature can attack each turn": the Bears attacked in the first combat;
    attacking again in a second combat, they are still one creature (508.1c)."""
    earlier = [{"creature": "bears", "target": B}]
    b = board(BEARS, creature("ogre", "Hill Giant"), effects=[ONE_PER_TURN], attacked_this_turn=earlier)
    assert attack(b, bears=B).legal
    other = attack(b, ogre=B)
    assert not other.legal and [v.kind for v in other.violations] == ["attack_limit"]


def test_the_old_number_form_counts_anonymous_creatures_508_1c():
    b = board(BEARS, effects=[ONE_PER_TURN], attacked_this_turn=1)
    assert not attack(b, bears=B).legal


def test_per_defender_each_turn_limit_counts_only_its_own_802_3a():
    """ "No more than one creature can attack you each turn" (Bob's): the Hill Giant attacked Carol
    earlier, so one creature may still attack Bob; the Bears attacked Bob, so a second may not."""
    bobs = permanent("crawl", "Bob's Barrier", B, K("attack_limit", n=1, per="turn", defender={"player": "you"}))
    ogre = creature("ogre", "Hill Giant")
    at_carol = board(BEARS, ogre, bobs, players=(A, B, C), attacked_this_turn=[{"creature": "ogre", "target": C}])
    assert attack(at_carol, bears=B).legal
    at_bob = board(BEARS, ogre, bobs, players=(A, B, C), attacked_this_turn=[{"creature": "ogre", "target": B}])
    assert not attack(at_bob, bears=B).legal
    assert attack(at_bob, ogre=B).legal


def test_an_earlier_target_must_exist():
    with pytest.raises(ValueError, match="no player, planeswalker or battle 'zed'"):
        board(BEARS, attacked_this_turn=[{"creature": "bears", "target": "zed"}])


# ----------------------------------------------------------------------------- (d) payment plans
def _plains(i: int) -> Json:
    return permanent(f"plains{i}", "Plains", A, K("mana", produces="W"), types=("land",))


def _mana_symbols(text: str) -> int:
    return len(re.findall(r"\{[^}]+\}", text))


def test_norns_annex_two_plains_pays_once_508_1h():
    """Norn's Annex: {W/P} per attacker. With two Plains the shown plan pays that one symbol once,
    with mana rather than life (118.3, 107.4f), and activates no second Plains."""
    annex = permanent(
        "annex",
        "Norn's Annex",
        B,
        K("attack_tax", cost={"mana": "{W/P}"}, target={"player": "you", "planeswalkers": True}),
        types=("artifact",),
    )
    verdict = attack(board(BEARS, _plains(1), _plains(2), annex), bears=B)
    assert verdict.legal
    (cost,) = verdict.costs
    assert cost.total == "{W/P}"
    assert len(cost.payment) == _mana_symbols(cost.total) == 1
    assert re.fullmatch(r"Plains(?: \(plains\d\))?: \{W\}", cost.payment[0])


def test_a_plan_pays_life_only_where_mana_cant_508_1h():
    """Two Norn's Annex symbols, one Plains: one {W} from the Plains, 2 life for the other."""
    annex = permanent("annex", "Norn's Annex", B, K("attack_tax", cost={"mana": "{W/P}{W/P}"}), types=("artifact",))
    verdict = attack(board(BEARS, _plains(1), annex), bears=B)
    (cost,) = verdict.costs
    assert sorted(cost.payment) == ["2 life for each of {W/P}", "Plains: {W}"]


def test_a_plan_activates_only_what_the_total_spends_508_1i():
    """Ghostly Prison {2} with three Plains: two activations, not three."""
    prison = permanent("prison", "Ghostly Prison", B, K("attack_tax", cost={"mana": "{2}"}))
    verdict = attack(board(BEARS, _plains(1), _plains(2), _plains(3), prison), bears=B)
    (cost,) = verdict.costs
    assert len(cost.payment) == 2


# ----------------------------------------------------------------------------- (e) one defending player
def test_one_defending_players_declaration_is_judged_alone_802_4():
    """Bob and Carol each declare separately (802.4). Carol's Watchdog must block if able; Bob's
    block is fine. Asked about Bob, the verdict is legal whatever Carol does; about Carol, illegal."""
    b = board(
        creature("ogre", "Hill Giant"),
        creature("bears", "Grizzly Bears"),
        creature("wall", "Wall of Wood", B),
        creature("dog", "Watchdog", C, K("must_block")),
        players=(A, B, C),
        combat={"attackers": {"ogre": B, "bears": C}},
    )
    whole = block(b, {"wall": ("ogre",)})
    assert not whole.legal
    bobs = block(b, {"wall": ("ogre",)}, player=B)
    assert bobs.legal and [u.players for u in bobs.units] == [(B,)]
    carols = block(b, {"wall": ("ogre",)}, player=C)
    assert not carols.legal and [v.kind for v in carols.violations] == ["too_few_requirements"]
    assert block(b, {"dog": ("bears",)}, player=C).legal


def test_judging_a_non_defending_player_is_bad_input():
    b = board(
        creature("ogre", "Hill Giant"),
        creature("wall", "Wall", B),
        players=(A, B, C),
        combat={"attackers": {"ogre": B}},
    )
    with pytest.raises(InputError, match="isn't a defending player"):
        block(b, {}, player=C)
    with pytest.raises(InputError, match="no such player"):
        block(b, {}, player="zed")


def test_solve_is_unchanged_by_the_new_fields():
    assert solve_attacks(board(BEARS, FLIGHT, MOAT)).status == "legal"
