"""Real cards, by name, whose triggers depend on the whole declaration or on whom it attacks:
"attacks alone" and exalted (506.5, 702.83a-b), battalion and "you attack with three or more
creatures" (207.2c), "while saddled" (702.171b), "a player attacks you / one of your opponents /
enchanted player" (102.3, 303.4), block triggers about other creatures or of a quality (509.3a-g),
and a graveyard-only trigger left out (113.6m)."""

from __future__ import annotations

from typing import Any

from combat_solver import AttackDeclaration, BlockDeclaration, Board, check_attacks, check_blocks
from combat_solver.cards.catalog import bundled_catalog

PLAYERS = [{"id": "alice"}, {"id": "bob"}, {"id": "cara"}]


def _board(permanents: list[dict[str, Any]], combat: dict[str, Any] | None = None) -> Board:
    data: dict[str, Any] = {"players": PLAYERS, "active_player": "alice", "permanents": permanents}
    if combat is not None:
        data["combat"] = combat
    return Board.model_validate(data, context={"catalog": bundled_catalog()})


def _attack(permanents: list[dict[str, Any]], attacks: dict[str, str], holder: str) -> int:
    verdict = check_attacks(_board(permanents), AttackDeclaration(attacks=attacks))
    assert verdict.legal, verdict
    return sum(t.count for t in verdict.triggers if t.holder == holder and t.kind == "attack_trigger")


def _block(permanents: list[dict[str, Any]], attackers: dict[str, str], blocks: dict[str, list[str]]) -> list[Any]:
    verdict = check_blocks(_board(permanents, {"attackers": attackers}), BlockDeclaration(blocks=blocks))
    assert verdict.legal, verdict
    return list(verdict.triggers)


def _card(pid: str, name: str, controller: str = "alice", **extra: Any) -> dict[str, Any]:
    return {"id": pid, "card": name, "controller": controller, **extra}


def test_702_83b_exalted_triggers_only_when_a_creature_attacks_alone() -> None:
    archers = _card("a", "Court Archers")
    bears, lions = _card("g", "Grizzly Bears"), _card("l", "Savannah Lions")
    assert _attack([archers, bears, lions], {"g": "bob"}, "a") == 1
    assert _attack([archers, bears, lions], {"g": "bob", "l": "bob"}, "a") == 0


def test_702_83a_a_clue_given_exalted_triggers_though_it_is_no_creature() -> None:
    """Merchant of Truth: "Clues you control have exalted"."""
    clue = {"id": "c", "token": {"name": "Clue", "types": ["artifact"], "subtypes": ["Clue"]}, "controller": "alice"}
    permanents = [_card("m", "Merchant of Truth"), clue, _card("g", "Grizzly Bears")]
    assert _attack(permanents, {"g": "bob"}, "c") == 1


def test_506_5_a_samurai_or_warrior_attacking_alone() -> None:
    """Norika Yamazaki: "Whenever a Samurai or Warrior you control attacks alone"."""
    norika = _card("n", "Norika Yamazaki, the Poet")
    assert _attack([norika, _card("w", "Akki Ronin")], {"w": "bob"}, "n") == 1
    assert _attack([norika, _card("g", "Grizzly Bears")], {"g": "bob"}, "n") == 0


def test_207_2c_battalion_needs_it_and_at_least_two_other_attackers() -> None:
    striker = _card("f", "Firefist Striker")
    others = [_card("g", "Grizzly Bears"), _card("l", "Savannah Lions")]
    assert _attack([striker, *others], {"f": "bob", "g": "bob"}, "f") == 0
    assert _attack([striker, *others], {"f": "bob", "g": "bob", "l": "cara"}, "f") == 1
    assert _attack([striker, *others], {"g": "bob", "l": "bob"}, "f") == 0  # it must attack itself


def test_603_2c_you_attack_with_three_or_more_creatures_triggers_once() -> None:
    guide = _card("a", "Armasaur Guide")
    bears = [_card(f"g{i}", "Grizzly Bears") for i in range(3)]
    assert _attack([guide, *bears], {"g0": "bob", "g1": "bob"}, "a") == 0
    assert _attack([guide, *bears], {"g0": "bob", "g1": "bob", "g2": "bob"}, "a") == 1


def test_702_171b_attacks_while_saddled() -> None:
    assert _attack([_card("j", "Alacrian Jaguar", saddled=True)], {"j": "bob"}, "j") == 1
    assert _attack([_card("j", "Alacrian Jaguar")], {"j": "bob"}, "j") == 0


def test_102_3_a_player_attacks_one_of_your_opponents() -> None:
    """Combat Calligrapher (cara's): bob isn't alice's opponent's opponent — alice attacks bob, an
    opponent of cara's, so it triggers; it doesn't when alice attacks cara herself."""
    calligrapher = _card("k", "Combat Calligrapher", controller="cara")
    bears = _card("g", "Grizzly Bears")
    assert _attack([calligrapher, bears], {"g": "bob"}, "k") == 1
    assert _attack([calligrapher, bears], {"g": "cara"}, "k") == 0


def test_303_4_a_curse_triggers_when_enchanted_player_is_attacked() -> None:
    curse = _card("c", "Curse of Bounty", controller="cara", attached_to="bob")
    bears, lions = _card("g", "Grizzly Bears"), _card("l", "Savannah Lions")
    assert _attack([curse, bears, lions], {"g": "bob", "l": "bob"}, "c") == 1  # once, however many attack
    assert _attack([curse, bears, lions], {"g": "cara"}, "c") == 0


def test_508_1m_a_player_attacks_you_triggers_once() -> None:
    prayer = _card("p", "Orim's Prayer", controller="bob")
    bears, lions = _card("g", "Grizzly Bears"), _card("l", "Savannah Lions")
    assert _attack([prayer, bears, lions], {"g": "bob", "l": "bob"}, "p") == 1
    assert _attack([prayer, bears, lions], {"g": "cara"}, "p") == 0


def test_509_3c_a_creature_you_control_becomes_blocked_once_per_creature() -> None:
    """Close Quarters: once for each of alice's blocked creatures, however many block each."""
    permanents = [
        _card("q", "Close Quarters"),
        _card("g", "Grizzly Bears"),
        _card("l", "Savannah Lions"),
        _card("x", "Grizzly Bears", controller="bob"),
        _card("y", "Savannah Lions", controller="bob"),
        _card("z", "Grizzly Bears", controller="bob"),
    ]
    triggers = _block(permanents, {"g": "bob", "l": "bob"}, {"x": ["g"], "y": ["g"], "z": ["l"]})
    assert sum(t.count for t in triggers if t.holder == "q") == 2


def test_509_3c_one_or_more_creatures_you_control_become_blocked_once_in_all() -> None:
    permanents = [
        _card("s", "Big Spender"),
        _card("g", "Grizzly Bears"),
        _card("x", "Grizzly Bears", controller="bob"),
        _card("y", "Savannah Lions", controller="bob"),
    ]
    triggers = _block(permanents, {"g": "bob", "s": "bob"}, {"x": ["g"], "y": ["s"]})
    assert sum(t.count for t in triggers if t.holder == "s") == 1


def test_509_3f_blocks_a_creature_with_flying() -> None:
    """Ezuri's Archers: only blocking an attacker with flying triggers it."""
    archers = _card("a", "Ezuri's Archers", controller="bob")
    drake, bears = _card("d", "Wind Drake"), _card("g", "Grizzly Bears")
    assert [t.kind for t in _block([archers, drake, bears], {"d": "bob"}, {"a": ["d"]})] == ["blocks_creature_trigger"]
    assert not _block([archers, drake, bears], {"g": "bob"}, {"a": ["g"]})


def test_509_3f_cockatrice_triggers_on_a_non_wall_only() -> None:
    """Cockatrice: "blocks or becomes blocked by a non-Wall creature" — blocked by a Wall and a
    reach Spider, once (for the Spider); blocking a Bear, once."""
    cockatrice = _card("c", "Cockatrice")
    wall, bears = _card("w", "Wall of Vines", controller="bob"), _card("g", "Giant Spider", controller="bob")
    triggers = _block([cockatrice, wall, bears], {"c": "bob"}, {"w": ["c"], "g": ["c"]})
    assert [(t.kind, t.objects) for t in triggers] == [("blocked_by_creature_trigger", ("g",))]
    assert not _block([cockatrice, wall, bears], {"c": "bob"}, {"w": ["c"]})
    blocking = _card("c", "Cockatrice", controller="bob")
    kinds = [t.kind for t in _block([blocking, _card("a", "Grizzly Bears")], {"a": "bob"}, {"c": ["a"]})]
    assert kinds == ["blocks_creature_trigger"]


def test_509_3b_an_equipment_s_trigger_when_equipped_creature_blocks_a_creature() -> None:
    """Shield of the Righteous: the Equipment's trigger, once per attacker the creature blocks."""
    permanents = [
        _card("s", "Shield of the Righteous", controller="bob", attached_to="b"),
        _card("b", "Grizzly Bears", controller="bob"),
        _card("g", "Grizzly Bears"),
    ]
    triggers = _block(permanents, {"g": "bob"}, {"b": ["g"]})
    assert [(t.holder, t.kind, t.count) for t in triggers] == [("s", "blocks_creature_trigger", 1)]


def test_508_1m_this_creature_or_equipped_creature_attacks() -> None:
    """Chainflail Centipede (reconfigure): its own attack while unattached, the equipped
    creature's while attached."""
    centipede = _card("c", "Chainflail Centipede")
    assert _attack([centipede], {"c": "bob"}, "c") == 1
    attached = _card("c", "Chainflail Centipede", attached_to="g")
    assert _attack([attached, _card("g", "Grizzly Bears")], {"g": "bob"}, "c") == 1


def test_113_6m_a_trigger_returning_the_card_from_the_graveyard_is_left_out() -> None:
    """Warcry Phoenix: "Whenever you attack with three or more creatures, you may pay {2}{R}. If
    you do, return this card from your graveyard ..." functions only in the graveyard."""
    catalog = bundled_catalog()
    abilities = catalog.compiled(catalog.get("Warcry Phoenix")).abilities
    assert not [a for a in abilities if a["kind"] == "attack_trigger"]


def test_603_2c_you_attack_with_two_or_more_spiders_counts_only_spiders() -> None:
    """Spinneret and Spiderling: "Whenever you attack with two or more Spiders" — once, and only
    when two of the attackers are Spiders."""
    spinneret = _card("s", "Spinneret and Spiderling")
    spider, bears = _card("p", "Giant Spider"), _card("g", "Grizzly Bears")
    assert _attack([spinneret, spider, bears], {"s": "bob", "p": "bob"}, "s") == 1
    assert _attack([spinneret, spider, bears], {"s": "bob", "g": "bob"}, "s") == 0


def test_508_1m_an_opponent_attacks_you_with_two_or_more_creatures() -> None:
    """Everett K. Ross (bob's): two of alice's creatures must attack bob himself."""
    ross = _card("r", "Everett K. Ross, Hapless Attaché", controller="bob")
    bears, lions = _card("g", "Grizzly Bears"), _card("l", "Savannah Lions")
    assert _attack([ross, bears, lions], {"g": "bob", "l": "bob"}, "r") == 1
    assert _attack([ross, bears, lions], {"g": "bob", "l": "cara"}, "r") == 0


def test_509_3a_one_or_more_creatures_block_triggers_once() -> None:
    """Tide of War: once however many creatures block."""
    permanents = [
        _card("t", "Tide of War"),
        _card("g", "Grizzly Bears"),
        _card("x", "Grizzly Bears", controller="bob"),
        _card("y", "Savannah Lions", controller="bob"),
    ]
    triggers = _block(permanents, {"g": "bob"}, {"x": ["g"], "y": ["g"]})
    assert [(t.holder, t.count) for t in triggers] == [("t", 1)]


def test_509_3c_a_creature_you_control_with_menace_becomes_blocked() -> None:
    """Labyrinth Raptor: "Whenever a creature you control with menace becomes blocked"."""
    catalog = bundled_catalog()
    abilities = catalog.compiled(catalog.get("Labyrinth Raptor")).abilities
    assert {"kind": "becomes_blocked_trigger", "who": {"has": ["menace"], "controller": "you"}} in abilities


def test_603_4_an_if_of_two_conditions_joined_by_or() -> None:
    """Gilded Cerodon: "if you control a Desert or there is a Desert card in your graveyard"."""
    cerodon = _card("c", "Gilded Cerodon")
    desert = _card("d", "Desert")
    assert _attack([cerodon], {"c": "bob"}, "c") == 0
    assert _attack([cerodon, desert], {"c": "bob"}, "c") == 1
    players = [{"id": "alice", "graveyard": 1, "graveyard_cards": ["Desert"]}, {"id": "bob"}]
    board = Board.model_validate(
        {"players": players, "active_player": "alice", "permanents": [cerodon]},
        context={"catalog": bundled_catalog()},
    )
    verdict = check_attacks(board, AttackDeclaration(attacks={"c": "bob"}))
    assert [t.kind for t in verdict.triggers] == ["attack_trigger"]


def test_605_1b_a_triggered_mana_ability_for_one_kind_of_mana_is_warned() -> None:
    """Ultima: "Whenever you tap a land for {C}, add an additional {C}" — more mana to pay costs
    with, which the vocabulary doesn't state: warned, never passed over."""
    catalog = bundled_catalog()
    compiled = catalog.compiled(catalog.get("Ultima, Origin of Oblivion"))
    assert any("tap a land for {C}" in w for w in compiled.warnings)


def test_611_3a_flying_while_you_have_more_cards_in_hand_than_each_opponent() -> None:
    """Secretkeeper: flying only while alice's hand is bigger than every opponent's."""
    keeper = _card("k", "Secretkeeper", controller="bob")
    drake = _card("d", "Wind Drake")

    def can_block(hands: dict[str, int]) -> bool:
        players = [{"id": p, "hand": n} for p, n in hands.items()]
        board = Board.model_validate(
            {
                "players": players,
                "active_player": "alice",
                "permanents": [keeper, drake],
                "combat": {"attackers": {"d": "bob"}},
            },
            context={"catalog": bundled_catalog()},
        )
        return check_blocks(board, BlockDeclaration(blocks={"k": ["d"]})).legal

    assert can_block({"alice": 2, "bob": 3, "cara": 1})
    assert not can_block({"alice": 2, "bob": 3, "cara": 3})


def test_509_3a_both_verbs_keep_the_subject_s_controller() -> None:
    """Doran, Besieged by Time: "Whenever a creature you control attacks or blocks" — both halves
    are about alice's creatures (a review found the blocks half read as any creature)."""
    catalog = bundled_catalog()
    abilities = catalog.compiled(catalog.get("Doran, Besieged by Time")).abilities
    assert {"kind": "block_trigger", "who": {"controller": "you"}} in abilities
    assert {"kind": "attack_trigger", "who": {"controller": "you"}} in abilities


def test_303_4e_who_controls_the_enchanted_creature() -> None:
    """Dog Umbra (alice's): "As long as another player controls enchanted creature, it can't
    attack or block" — on bob's creature it can't attack; on alice's own it can."""
    umbra_on_bobs = _card("u", "Dog Umbra", attached_to="b")
    bobs = _card("b", "Grizzly Bears", controller="bob")
    board = {"players": PLAYERS, "active_player": "bob", "permanents": [umbra_on_bobs, bobs]}
    verdict = check_attacks(
        Board.model_validate(board, context={"catalog": bundled_catalog()}), AttackDeclaration(attacks={"b": "alice"})
    )
    assert not verdict.legal
    own = [_card("u", "Dog Umbra", attached_to="g"), _card("g", "Grizzly Bears")]
    assert _attack(own, {"g": "bob"}, "g") == 0  # legal: the helper asserts it


def test_508_1m_subjects_with_a_relative_clause_and_whom_they_attack() -> None:
    """ "A creature you control that's enchanted or equipped" (Reyav), "creatures you control that
    entered this turn attack a player" (Whirlwind), "a creature with a counter on it attacks one of
    your opponents" (Skyboon Evangelist)."""
    catalog = bundled_catalog()

    def read(name: str) -> tuple[Any, ...]:
        return catalog.compiled(catalog.get(name)).abilities

    either = {"any_of": [{"attached": {"filter": {"subtypes": ["Aura"]}, "at_least": 1}},
                         {"attached": {"filter": {"subtypes": ["Equipment"]}, "at_least": 1}}]}  # fmt: skip
    assert {"kind": "attack_trigger", "who": {**either, "controller": "you"}} in read("Reyav, Master Smith")
    entered = {"entered_this_turn": True, "controller": "you"}
    assert {"kind": "attack_trigger", "who": entered, "once": True, "target": {}} in read("Whirlwind, Killer Cyclone")
    countered = {"counters": {"any": {"ge": 1}}}
    assert {"kind": "attack_trigger", "who": countered, "target": {"player": "opponent"}} in read("Skyboon Evangelist")


def test_603_4_802_2a_an_if_about_the_defending_player_is_read_per_attacker() -> None:
    """Siege Dragon: "Whenever this creature attacks, if defending player controls no Walls" —
    attacking Bob, who has a Wall, it doesn't trigger; attacking Cara, it does. Septic Rats: "if
    defending player is poisoned"."""
    dragon, wall = _card("d", "Siege Dragon"), _card("w", "Wall of Stone", controller="bob")
    assert _attack([dragon, wall], {"d": "bob"}, "d") == 0
    assert _attack([dragon, wall], {"d": "cara"}, "d") == 1
    rats = _card("r", "Septic Rats")
    poisoned = [{"id": "alice"}, {"id": "bob", "poison": 1}, {"id": "cara"}]
    board = Board.model_validate(
        {"players": poisoned, "active_player": "alice", "permanents": [rats]}, context={"catalog": bundled_catalog()}
    )
    for target, times in (("bob", 1), ("cara", 0)):
        verdict = check_attacks(board, AttackDeclaration(attacks={"r": target}))
        assert sum(t.count for t in verdict.triggers if t.holder == "r") == times, target


def test_509_3f_becomes_blocked_by_one_or_more_of_a_quality() -> None:
    """Serra Inquisitors: "blocks or becomes blocked by one or more black creatures" — once each
    way, and only when a black creature is among them."""
    inquisitors = _card("s", "Serra Inquisitors")
    black, white = _card("k", "Scathe Zombies", controller="bob"), _card("w", "Savannah Lions", controller="bob")
    kinds = [t.kind for t in _block([inquisitors, black, white], {"s": "bob"}, {"k": ["s"], "w": ["s"]})]
    assert kinds == ["becomes_blocked_trigger"]
    assert not _block([inquisitors, black, white], {"s": "bob"}, {"w": ["s"]})


def test_102_3_another_player_is_not_only_an_opponent() -> None:
    """Firemane Commando: "Whenever another player attacks with two or more creatures" — any
    player but you (a teammate too), not only an opponent."""
    catalog = bundled_catalog()
    abilities = catalog.compiled(catalog.get("Firemane Commando")).abilities
    other = {"kind": "attack_trigger", "who": {"not": {"controller": "you"}}, "once": True, "attackers": {"ge": 2}}
    assert other in abilities


def test_102_3_an_opponent_target_needs_a_controller() -> None:
    """`target: {player: opponent}` names the opponents of "you": an effect with no controller
    is refused, naming the field (as `you` is)."""
    from combat_solver.model.errors import InputError

    effect = {"source": "Test", "ability": {"kind": "cant_attack", "target": {"player": "opponent"}}, "to": {}}
    try:
        Board.model_validate({"players": PLAYERS, "active_player": "alice", "permanents": [], "effects": [effect]})
    except (InputError, ValueError) as e:
        assert "unresolved_player" in str(e) and "player" in str(e)
    else:
        raise AssertionError("an `opponent` target with no controller was accepted")


def _compiled(name: str) -> Any:
    catalog = bundled_catalog()
    return catalog.compiled(catalog.get(name))


def test_508_1m_a_trigger_on_attacking_it_can_t_read_is_noted_never_passed_over() -> None:
    """508.1m, 509.1i: a trigger whose condition names attacking or blocking but isn't read
    (Stone-Cold Basilisk's "a creature with fewer letters in its name") is noted, not dropped;
    "attacks or becomes the target of a spell" and "specializes or attacks" trigger on the attack
    (Goldspan Dragon, Lukamina); "your commander" is a commander you own (903.3): Search for
    Dagger's Grizzly Bears commander triggers it, another's doesn't; "if it is in your graveyard"
    makes a trigger graveyard-only (113.6m: Jocasta)."""
    basilisk = _compiled("Stone-Cold Basilisk")
    assert any("not among the verdict's triggers" in n for n in basilisk.notes) and not basilisk.abilities
    assert {"kind": "attack_trigger"} in _compiled("Goldspan Dragon").abilities
    assert {"kind": "attack_trigger"} in _compiled("Lukamina, Wolf Form").abilities
    dagger = {"id": "d", "card": "Search for Dagger", "controller": "alice"}
    mine = {"id": "c", "card": "Grizzly Bears", "controller": "alice", "commander": True}
    theirs = {"id": "t", "card": "Grizzly Bears", "controller": "alice", "owner": "cara", "commander": True}
    assert _attack([dagger, mine], {"c": "bob"}, "d") == 1
    assert _attack([dagger, theirs], {"t": "bob"}, "d") == 0
    jocasta = _compiled("Jocasta, Automaton Avenger")
    assert not any(a["kind"] == "attack_trigger" for a in jocasta.abilities) and not jocasta.warnings


def test_508_1m_dreadhorde_invasion_triggers_for_a_big_zombie_token_you_control() -> None:
    """Dreadhorde Invasion: "Whenever a Zombie token you control with power 6 or greater attacks":
    a token Zombie of power 6 or more triggers it (508.1m); a 2/2 one or a nontoken one doesn't."""
    army = {"name": "Zombie Army", "subtypes": ["Zombie", "Army"], "power": 0, "toughness": 0}
    big = {"id": "big", "token": army, "controller": "alice", "counters": {"+1/+1": 6}}
    small = {"id": "small", "token": army, "controller": "alice", "counters": {"+1/+1": 2}}
    pieces = [_card("inv", "Dreadhorde Invasion"), big, small, _card("giant", "Gurmag Angler")]
    assert _attack(pieces, {"big": "bob"}, "inv") == 1
    assert _attack(pieces, {"small": "bob", "giant": "bob"}, "inv") == 0


def test_700_6_new_argive_triggers_for_historic_attackers() -> None:
    """New Argive (a plane: its compiled trigger on an enchantment): "Whenever a historic creature
    you control attacks" (700.6: artifacts, legendaries and Sagas are historic): Ornithopter and a
    legend trigger it, Grizzly Bears doesn't."""
    catalog = bundled_catalog()
    trigger = catalog.compiled(catalog.get("New Argive")).abilities
    plane = {"name": "New Argive", "types": ["enchantment"]}
    pieces = [
        {"id": "argive", "token": plane, "controller": "alice", "abilities": list(trigger)},
        _card("thopter", "Ornithopter"),
        _card("legend", "Isamaru, Hound of Konda"),
        _card("bears", "Grizzly Bears"),
    ]
    assert _attack(pieces, {"thopter": "bob", "legend": "bob", "bears": "bob"}, "argive") == 2
    assert _attack(pieces, {"bears": "bob"}, "argive") == 0


def test_508_3e_one_of_your_opponents_attacked_triggers_once_for_each_of_them() -> None:
    """Frenzied Gorespawn's "Whenever one or more creatures attack one of your opponents" and
    Karazikar's "Whenever you attack a player" trigger once for each player attacked (508.3e;
    Karazikar's effect names "that player"), not once in all; Jolene's "Whenever a player attacks
    one or more of your opponents" once in all."""
    gore = [_card("gore", "Frenzied Gorespawn", "cara"), _card("b1", "Grizzly Bears"), _card("b2", "Grizzly Bears")]
    assert _attack(gore, {"b1": "bob", "b2": "cara"}, "gore") == 1  # cara isn't her own opponent
    mine = [_card("gore", "Frenzied Gorespawn"), _card("b1", "Grizzly Bears"), _card("b2", "Grizzly Bears")]
    assert _attack(mine, {"b1": "bob", "b2": "cara"}, "gore") == 2
    assert _attack(mine, {"b1": "bob", "b2": "bob"}, "gore") == 1
    eye = [_card("k", "Karazikar, the Eye Tyrant"), _card("b1", "Grizzly Bears"), _card("b2", "Grizzly Bears")]
    assert _attack(eye, {"b1": "bob", "b2": "cara"}, "k") == 2
    assert _attack(eye, {"b1": "bob", "b2": "bob"}, "k") == 1
    jolene = [_card("j", "Jolene, the Plunder Queen"), _card("b1", "Grizzly Bears"), _card("b2", "Grizzly Bears")]
    assert _attack(jolene, {"b1": "bob", "b2": "cara"}, "j") == 1  # "attacks one or more of your opponents"


def test_508_3e_landroval_two_or_more_attacking_the_same_player() -> None:
    """Landroval, Horizon Witness: "Whenever two or more creatures you control attack a player":
    once for each player attacked by two or more of them (508.3e); one on bob and one on cara is none."""
    pieces = [_card("l", "Landroval, Horizon Witness"), *(_card(f"b{i}", "Grizzly Bears") for i in range(4))]
    assert _attack(pieces, {"b0": "bob", "b1": "cara"}, "l") == 0
    assert _attack(pieces, {"b0": "bob", "b1": "bob", "b2": "cara"}, "l") == 1
    assert _attack(pieces, {"b0": "bob", "b1": "bob", "b2": "cara", "b3": "cara"}, "l") == 2


def test_508_3c_akiri_you_attack_a_player_with_equipped_creatures() -> None:
    """Akiri, Fearless Voyager: "Whenever you attack a player with one or more equipped creatures"
    (508.3c, 508.3e): once for each player an equipped creature attacks; unequipped ones don't count."""
    pieces = [
        _card("akiri", "Akiri, Fearless Voyager"),
        _card("b1", "Grizzly Bears"),
        _card("b2", "Grizzly Bears"),
        _card("sword", "Bonesplitter", attached_to="b1"),
    ]
    assert _attack(pieces, {"b1": "bob", "b2": "cara"}, "akiri") == 1
    assert _attack(pieces, {"b2": "cara"}, "akiri") == 0


def _players_board(permanents: list[dict[str, Any]], **players: dict[str, Any]) -> Board:
    data = {
        "players": [{"id": p["id"], **players.get(p["id"], {})} for p in PLAYERS],
        "active_player": "alice",
        "permanents": permanents,
    }
    return Board.model_validate(data, context={"catalog": bundled_catalog()})


def _fired(board: Board, attacks: dict[str, str], holder: str) -> int:
    verdict = check_attacks(board, AttackDeclaration(attacks=attacks))
    assert verdict.legal, verdict
    return sum(t.count for t in verdict.triggers if t.holder == holder and t.kind == "attack_trigger")


def test_508_3e_triggers_on_attacking_a_player_in_a_state() -> None:
    """The attacked player's state, read per attacker with its defending player (802.2a): Owlbear
    Cub's "attacks a player who controls eight or more lands", The Spear of Bashenga's "equipped
    creature attacks the monarch", Loot Dispute's "you attack the player who has the initiative"."""
    lands = [_card(f"f{i}", "Forest", "bob") for i in range(8)]
    cub = [_card("cub", "Owlbear Cub"), *lands]
    assert _fired(_players_board(cub), {"cub": "bob"}, "cub") == 1
    assert _fired(_players_board(cub), {"cub": "cara"}, "cub") == 0
    spear = [_card("b1", "Grizzly Bears"), _card("spear", "The Spear of Bashenga", attached_to="b1")]
    assert _fired(_players_board(spear, cara={"designations": ["monarch"]}), {"b1": "cara"}, "spear") == 1
    assert _fired(_players_board(spear, cara={"designations": ["monarch"]}), {"b1": "bob"}, "spear") == 0
    loot = [_card("loot", "Loot Dispute"), _card("b1", "Grizzly Bears"), _card("b2", "Grizzly Bears")]
    board = _players_board(loot, bob={"designations": ["initiative"]})
    assert _fired(board, {"b1": "bob", "b2": "cara"}, "loot") == 1
    assert _fired(board, {"b2": "cara"}, "loot") == 0


def test_508_3e_an_opponent_attacks_you_while_you_are_the_monarch() -> None:
    """Emberwilde Captain's "Whenever an opponent attacks you while you're the monarch" and
    Ever-Watching Threshold's "Whenever an opponent attacks, if they attacked you and/or a
    planeswalker you control": only an attack on bob, the holder (bob the monarch for the Captain)."""
    for name, extra in (("Emberwilde Captain", {"designations": ["monarch"]}), ("Ever-Watching Threshold", {})):
        pieces = [_card("h", name, "bob"), _card("b1", "Grizzly Bears"), _card("b2", "Grizzly Bears")]
        assert _fired(_players_board(pieces, bob=extra), {"b1": "bob", "b2": "cara"}, "h") == 1
        assert _fired(_players_board(pieces, bob=extra), {"b2": "cara"}, "h") == 0
    captain = [_card("h", "Emberwilde Captain", "bob"), _card("b1", "Grizzly Bears")]
    assert _fired(_players_board(captain), {"b1": "bob"}, "h") == 0


def test_603_2d_a_trigger_doubler_is_a_warning_of_the_verdict() -> None:
    """603.2d: Isshin's "If a creature attacking causes a triggered ability of a permanent you
    control to trigger, that ability triggers an additional time": the verdict's counts leave the
    additional times out, so its warnings say so."""
    pieces = [_card("isshin", "Isshin, Two Heavens as One"), _card("lead", "Guardian of the Gateless")]
    verdict = check_attacks(_board(pieces), AttackDeclaration(attacks={"lead": "bob"}))
    assert verdict.legal
    assert [w for w in verdict.warnings if "603.2d" in w] != []


def test_805_10a_with_shared_team_turns_a_per_player_trigger_says_how_it_counted() -> None:
    """Two teammates attack bob (805.10a): Emberwilde Captain's "Whenever an opponent attacks you
    while you're the monarch" counts bob once, and its report says a trigger on "a player attacks"
    triggers for each attacking player too (the card's ruling), which the count doesn't tell apart."""
    data = {
        "players": [{"id": "alice", "team": "t1"}, {"id": "dan", "team": "t1"},
                    {"id": "bob", "team": "t2", "designations": ["monarch"]}, {"id": "cara", "team": "t2"}],
        "active_player": "alice",
        "shared_team_turns": True,
        "permanents": [_card("cap", "Emberwilde Captain", "bob"), _card("b1", "Grizzly Bears"),
                       _card("b2", "Grizzly Bears", "dan")],
    }  # fmt: skip
    board = Board.model_validate(data, context={"catalog": bundled_catalog()})
    verdict = check_attacks(board, AttackDeclaration(attacks={"b1": "bob", "b2": "bob"}))
    fired = [t for t in verdict.triggers if t.holder == "cap"]
    assert [t.count for t in fired] == [1]
    assert "each player attacking" in fired[0].note


def test_603_4_an_intervening_if_about_the_enchanted_attacker() -> None:
    """603.4: Writ of Passage's "Whenever enchanted creature attacks, if its power is 2 or less":
    "its" is the attacker, checked as it attacks (audit 2696: this was a note, never counted)."""
    for bear, fired in (("Grizzly Bears", 1), ("Hill Giant", 0)):
        pieces = [_card("b1", bear), _card("writ", "Writ of Passage", attached_to="b1")]
        assert _attack(pieces, {"b1": "bob"}, "writ") == fired
    pieces = [_card("b1", "Grizzly Bears", counters={"+1/+1": 1}), _card("writ", "Writ of Passage", attached_to="b1")]
    assert _attack(pieces, {"b1": "bob"}, "writ") == 0
