"""The tests' one home for building boards and declarations, asserting on verdicts, and the cards
several test files share (each builder is defined here once; keyword arguments give the variants).

Permanents are plain
dicts in the input format (what a scenario file holds); ``board_data`` puts them on a board in that
format and ``make_board`` validates it into a ``Board``. Conventions: player
"alice" (``A``) is the active player; "bob" (``B``), "carol" (``C``) and "dave" (``D``) are her
opponents. A board with ``attackers`` is at the declare blockers step, without them at the declare
attackers step.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from combat_solver import (
    AttackDeclaration,
    BlockDeclaration,
    Board,
    Verdict,
    check_attacks,
    check_blocks,
)

A, B, C, D = "alice", "bob", "carol", "dave"

Blocks = Mapping[str, str | tuple[str, ...]]


# ----------------------------------------------------------------------------- boards
def K(kind: str, **params: Any) -> dict[str, Any]:
    """An ability: its kind and parameters."""
    return {"kind": kind, **params}


def creature(
    id: str,
    name: str,
    controller: str = A,
    power: int = 2,
    toughness: int = 2,
    *abilities: dict[str, Any],
    colors: Iterable[str] = (),
    types: Iterable[str] = ("creature",),
    subtypes: Iterable[str] = (),
    supertypes: Iterable[str] = (),
    tapped: bool = False,
    sick: bool = False,
    owner: str | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A creature; ``sick``: not controlled continuously since the turn began (302.6); ``fields``
    adds other input fields (``counters``, ``attached_to``, ``mana_value``, ``is_token`` ...)."""
    return permanent(
        id,
        name,
        controller,
        types,
        *abilities,
        subtypes=subtypes,
        supertypes=supertypes,
        tapped=tapped,
        colors=list(colors),
        power=power,
        toughness=toughness,
        summoning_sick=sick,
        **({} if owner is None else {"owner": owner}),
        **fields,
    )


def permanent(
    id: str,
    name: str,
    controller: str,
    types: Iterable[str],
    *abilities: dict[str, Any],
    subtypes: Iterable[str] = (),
    supertypes: Iterable[str] = (),
    tapped: bool = False,
    **fields: Any,
) -> dict[str, Any]:
    """Any permanent (land, enchantment, planeswalker, battle ...); ``fields`` adds other input fields
    such as a battle's ``protector``."""
    return {
        "id": id,
        "name": name,
        "controller": controller,
        "types": list(types),
        "subtypes": list(subtypes),
        "supertypes": list(supertypes),
        "tapped": tapped,
        "abilities": list(abilities),
        **fields,
    }


def aura(id: str, name: str, controller: str, enchanted: str, *abilities: dict[str, Any]) -> dict[str, Any]:
    """An Aura on ``enchanted``: "Enchanted creature has <abilities>"."""
    grants = (K("grant", to={"ids": [enchanted]}, ability=a) for a in abilities)
    return permanent(id, name, controller, ["enchantment"], *grants, subtypes=["Aura"])


def effect(
    source: str, ability: dict[str, Any], ids: Iterable[str] | None = None, *, controller: str
) -> dict[str, Any]:
    """An effect of a resolved spell or ability controlled by ``controller``, applying to the creatures
    ``ids`` (or game-wide without them)."""
    out: dict[str, Any] = {"source": source, "controller": controller, "ability": ability}
    if ids is not None:
        out["to"] = {"ids": list(ids)}
    return out


def board_data(
    permanents: Iterable[dict[str, Any]],
    attackers: Mapping[str, str] | None = None,
    *,
    bands: Iterable[Iterable[str]] = (),
    players: Iterable[str | dict[str, Any]] = (A, B),
    teams: Mapping[str, str] | None = None,
    life: Mapping[str, int] | None = None,
    shared: bool = False,
    active: str = A,
    effects: Iterable[dict[str, Any]] = (),
    attackable: Iterable[str] | None = None,
    attacked_this_turn: int = 0,
    **fields: Any,
) -> dict[str, Any]:
    """A board in the input format (what a scenario file holds); with ``attackers`` (attacker id ->
    what it attacks) and ``bands`` the attack is declared. ``players``: ids, or whole player
    records; ``shared``: teams attack and block as one (805, Two-Headed Giant); ``attackable``: the
    opponents that may be attacked (506.2a); ``fields``: other board fields as given (``combat``,
    ``turn`` ...)."""

    def player(p: str | dict[str, Any]) -> dict[str, Any]:
        if isinstance(p, dict):
            return p
        out: dict[str, Any] = {"id": p}
        if teams:
            out["team"] = teams[p]
        if life and p in life:
            out["life"] = life[p]
        return out

    data: dict[str, Any] = {
        "players": [player(p) for p in players],
        "active_player": active,
        "shared_team_turns": shared,
        "permanents": list(permanents),
        "effects": list(effects),
        "attacked_this_turn": attacked_this_turn,
    }
    if attackers is not None:
        data["combat"] = {"attackers": dict(attackers), "bands": [list(b) for b in bands]}
    if attackable is not None:
        data["attackable_players"] = list(attackable)
    return {**data, **fields}


def make_board(
    permanents: Iterable[dict[str, Any]], attackers: Mapping[str, str] | None = None, **options: Any
) -> Board:
    """``board_data`` validated into a ``Board``."""
    return Board.model_validate(board_data(permanents, attackers, **options))


def block_declaration(blocks: Blocks | None = None, player: str | None = None) -> BlockDeclaration:
    """Blocker id -> the attacker it blocks, or a tuple of the attackers it blocks."""
    pairs = {b: (a,) if isinstance(a, str) else tuple(a) for b, a in (blocks or {}).items()}
    return BlockDeclaration(blocks=pairs, player=player)


def attack(board: Board, attacks: Mapping[str, str] | None = None, **optional: Any) -> Verdict:
    """The verdict on attacking with ``attacks``; ``optional`` holds exert, enlist and bands (508.1e-g)."""
    return check_attacks(board, AttackDeclaration(attacks=dict(attacks or {}), **optional))


def block(board: Board, blocks: Blocks | None = None, player: str | None = None) -> Verdict:
    """The verdict on blocking with ``blocks``; with ``player``, only that defending player's
    declaration is judged (802.4)."""
    return check_blocks(board, block_declaration(blocks, player))


def attack_set(declarations: Iterable[AttackDeclaration]) -> set[frozenset[tuple[str, str]]]:
    """Each declaration as its set of (attacker, what it attacks) pairs."""
    return {frozenset(d.attacks.items()) for d in declarations}


def blocks_set(declarations: Iterable[BlockDeclaration]) -> set[frozenset[tuple[str, str]]]:
    """Each declaration as its set of (blocker, attacker) pairs."""
    return {frozenset((p.blocker, p.attacker) for p in d.pairs) for d in declarations}


# ----------------------------------------------------------------------------- assertions
def details(v: Verdict) -> list[tuple[str, str, str]]:
    return [(x.rule, x.kind, x.message) for x in v.violations]


def assert_legal(v: Verdict, obeyed: int | None = None, maximum: int | None = None) -> Verdict:
    """``v`` is legal, obeying ``obeyed`` of a possible ``maximum`` requirements where given."""
    assert v.status == "legal", details(v)
    assert not v.violations
    if obeyed is not None:
        assert v.requirements_obeyed == obeyed
    if maximum is not None:
        assert v.requirements_maximum == maximum
    return v


def assert_illegal(v: Verdict, rule: str | set[str], kind: str, objects: tuple[str, ...] | None = None) -> None:
    """``v`` is illegal with a violation of ``kind`` citing ``rule`` (or one of a set of rules) that
    names at least ``objects``; an illegal declaration taps nothing (733)."""
    assert v.status == "illegal", v
    rules = {rule} if isinstance(rule, str) else rule
    assert any(x.rule in rules and x.kind == kind for x in v.violations), [(x.rule, x.kind) for x in v.violations]
    if objects is not None:
        assert any(x.rule in rules and x.kind == kind and set(objects) <= set(x.objects) for x in v.violations), (
            details(v)
        )
    assert v.tapped == (), "an illegal declaration taps nothing (733)"


def assert_too_few(v: Verdict, rule: str, obeyed: int, maximum: int) -> None:
    """``v`` is illegal for obeying ``obeyed`` requirements where ``maximum`` could be obeyed
    (``rule``: 508.1d for attacks, 509.1c for blocks)."""
    assert_illegal(v, rule, "too_few_requirements")
    assert v.requirements_obeyed == obeyed
    assert v.requirements_maximum == maximum


# ----------------------------------------------------------------------------- cards
BASIC_COLOR = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def basic(id: str, kind: str, controller: str = A, tapped: bool = False) -> dict[str, Any]:
    """A basic land: "({T}: Add <its color>.)" (305.6)."""
    return permanent(
        id,
        kind,
        controller,
        ["land"],
        K("mana", produces=BASIC_COLOR[kind]),
        subtypes=[kind],
        supertypes=["basic"],
        tapped=tapped,
    )


def planeswalker(
    id: str = "pw", controller: str = B, name: str = "Nahiri, the Unforgiving", *abilities: dict[str, Any]
) -> dict[str, Any]:
    """A legendary planeswalker; its subtype is the last word of its name before the comma."""
    return permanent(
        id,
        name,
        controller,
        ["planeswalker"],
        *abilities,
        supertypes=["legendary"],
        subtypes=[name.split(",")[0].split()[-1]],
    )


def bears(
    id: str = "bears", controller: str = A, *abilities: dict[str, Any], power: int = 2, **kw: Any
) -> dict[str, Any]:
    """Grizzly Bears: 2/2, no abilities (``abilities``, ``power``: a variant for the test)."""
    return creature(id, "Grizzly Bears", controller, power, 2, *abilities, colors=["green"], subtypes=["Bear"], **kw)


def giant_spider(id: str = "spider", controller: str = B, **kw: Any) -> dict[str, Any]:
    """Giant Spider: 2/4, "Reach." """
    return creature(id, "Giant Spider", controller, 2, 4, K("reach"), colors=["green"], subtypes=["Spider"], **kw)


def serra_angel(id: str = "serra", controller: str = A, **kw: Any) -> dict[str, Any]:
    """Serra Angel: 4/4, "Flying, vigilance." """
    return creature(
        id, "Serra Angel", controller, 4, 4, K("flying"), K("vigilance"), colors=["white"], subtypes=["Angel"], **kw
    )


def juggernaut(id: str = "jugg", controller: str = A, **kw: Any) -> dict[str, Any]:
    """Juggernaut: "This creature attacks each combat if able. This creature can't be blocked by Walls." """
    return creature(
        id,
        "Juggernaut",
        controller,
        5,
        3,
        K("must_attack"),
        K("cant_be_blocked_by", by={"subtypes": ["Wall"]}),
        types=["artifact", "creature"],
        subtypes=["Juggernaut"],
        **kw,
    )


def benalish_hero(id: str = "hero", controller: str = A) -> dict[str, Any]:
    """Benalish Hero: 1/1, "Banding." """
    return creature(
        id, "Benalish Hero", controller, 1, 1, K("banding"), colors=["white"], subtypes=["Human", "Soldier"]
    )


def argivian_cavalier(id: str = "cavalier", **kw: Any) -> dict[str, Any]:
    """Argivian Cavalier: 2/2, "Enlist (... When you do, add its power to this creature's until end of
    turn.)" """
    return creature(id, "Argivian Cavalier", A, 2, 2, K("enlist"), colors=["white"], subtypes=["Orc", "Knight"], **kw)


def soldier(id: str = "soldier", *abilities: dict[str, Any], power: int = 1, **kw: Any) -> dict[str, Any]:
    """A 1/1 white Soldier creature token (``abilities``, ``power``: a variant for the test)."""
    return creature(id, "Soldier", A, power, 1, *abilities, colors=["white"], subtypes=["Soldier"], **kw)


def lure(id: str, enchanted: str, controller: str = A) -> dict[str, Any]:
    """Lure: "Enchant creature. All creatures able to block enchanted creature do so." """
    return aura(id, "Lure", controller, enchanted, K("lure"))


def cyclops(id: str = "cyclops", controller: str = A, **kw: Any) -> dict[str, Any]:
    """Bloodrock Cyclops: 3/3, "This creature attacks each combat if able." """
    return creature(
        id, "Bloodrock Cyclops", controller, 3, 3, K("must_attack"), colors=["red"], subtypes=["Cyclops"], **kw
    )


def craw_wurm(id: str = "wurm", controller: str = A, **kw: Any) -> dict[str, Any]:
    """Craw Wurm: 6/4, no abilities."""
    return creature(id, "Craw Wurm", controller, 6, 4, colors=["green"], subtypes=["Wurm"], **kw)


def sea_serpent(id: str = "serpent", controller: str = B, **kw: Any) -> dict[str, Any]:
    """Sea Serpent: 5/5, "This creature can't attack unless defending player controls an Island." """
    return creature(
        id,
        "Sea Serpent",
        controller,
        5,
        5,
        K("cant_attack_unless", defending_player_controls={"filter": {"subtypes": ["Island"]}}),
        colors=["blue"],
        subtypes=["Serpent"],
        **kw,
    )


def palace_guard(id: str = "pguard", controller: str = B) -> dict[str, Any]:
    """Palace Guard: 1/4, "This creature can block any number of creatures." """
    return creature(
        id, "Palace Guard", controller, 1, 4, K("block_any_number"), colors=["white"], subtypes=["Human", "Soldier"]
    )


def silent_arbiter(id: str = "arbiter", controller: str = B, **kw: Any) -> dict[str, Any]:
    """Silent Arbiter: "No more than one creature can attack each combat. No more than one creature can
    block each combat." """
    return creature(
        id,
        "Silent Arbiter",
        controller,
        1,
        5,
        K("attack_limit", n=1),
        K("block_limit", n=1),
        types=["artifact", "creature"],
        subtypes=["Construct"],
        **kw,
    )


def militia_rallier(id: str = "rallier", controller: str = A, **kw: Any) -> dict[str, Any]:
    """Militia Rallier: 3/3, "This creature can't attack alone. Whenever this creature attacks, untap target
    creature." """
    return creature(
        id,
        "Militia Rallier",
        controller,
        3,
        3,
        K("cant_attack_alone"),
        K("attack_trigger"),
        colors=["white"],
        subtypes=["Human", "Soldier"],
        **kw,
    )


def glorybringer(id: str = "glory", **kw: Any) -> dict[str, Any]:
    """Glorybringer: 4/4, "Flying, haste. You may exert this creature as it attacks. When you do, it deals
    4 damage to target non-Dragon creature an opponent controls." """
    return creature(
        id, "Glorybringer", A, 4, 4, K("flying"), K("haste"), K("exert"), colors=["red"], subtypes=["Dragon"], **kw
    )


def viashino_runner(id: str = "runner", controller: str = A) -> dict[str, Any]:
    """Viashino Runner: 3/2, "Menace." """
    return creature(id, "Viashino Runner", controller, 3, 2, K("menace"), colors=["red"], subtypes=["Lizard"])


def watchdog(id: str = "watchdog", controller: str = B, **kw: Any) -> dict[str, Any]:
    """Watchdog: 1/2 artifact creature, "This creature blocks each combat if able." (its -1/-0 to
    attackers is left out)."""
    return creature(
        id, "Watchdog", controller, 1, 2, K("must_block"), types=["artifact", "creature"], subtypes=["Dog"], **kw
    )


def hill_giant(id: str = "giant", controller: str = A, *abilities: dict[str, Any]) -> dict[str, Any]:
    """Hill Giant: 3/3, no abilities (``abilities``: a variant for the test)."""
    return creature(id, "Hill Giant", controller, 3, 3, *abilities, colors=["red"], subtypes=["Giant"])


def heat_wave(controller: str = A, *, first_sentence: bool = True) -> dict[str, Any]:
    """Heat Wave: "Blue creatures can't block creatures you control. Nonblue creatures can't block
    creatures you control unless their controller pays 1 life for each blocking creature they
    control." (``first_sentence=False``: the block tax alone, without the blue creatures'
    ``cant_block``)."""
    first = (K("grant", to={"colors": ["blue"]}, ability=K("cant_block")),) if first_sentence else ()
    return permanent(
        "heatwave",
        "Heat Wave",
        controller,
        ["enchantment"],
        *first,
        K("block_tax", cost={"life": 1}, blockers={"not": {"colors": ["blue"]}}, attackers={"controller": "you"}),
    )


# ----------------------------------------------------------------------------- boards several files share
def menace_board() -> dict[str, Any]:
    """Alice's Viashino Runner (menace) attacks Bob, who has Watchdog ("dog", blocks each combat if
    able) and Grizzly Bears: the block is legal only with both of Bob's creatures on the Runner
    (702.111b, 509.1c)."""
    return board_data([viashino_runner(), watchdog("dog"), bears("bears", B)], {"runner": B})


def two_defenders_board() -> dict[str, Any]:
    """Alice attacks Bob with Hill Giant ("giant") and Carol with Grizzly Bears ("bears"); each
    defender has a Watchdog that blocks each combat if able (509.1c): "bob_dog" and "carol_dog"."""
    return board_data(
        [hill_giant(), bears(), watchdog("bob_dog", B), watchdog("carol_dog", C)],
        {"giant": B, "bears": C},
        players=(A, B, C),
    )


def juggernaut_board() -> dict[str, Any]:
    """Alice's Juggernaut (attacks each combat if able, 508.1d) and Bob's Grizzly Bears, before the
    attack."""
    return board_data([juggernaut(), bears("bears", B)])
