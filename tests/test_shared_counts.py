"""Restrictions that count the other attackers or blockers ("can't attack alone", "can't block
alone", "unless N others ...": 506.5, 508.1c, 509.1b) read one count of the whole unit shared by
every holder, so a board of many Mogg Flunkies stays linear; one target to attack (508.1b) or one
attacker to block leaves nothing derived to read. Expected answers are worked out from the rules."""

from __future__ import annotations

from asserts import A, B, K, attack, block, creature, make_board

from combat_solver.model.ir import atoms_of
from combat_solver.resolve.game import Game
from combat_solver.resolve.units import attack_unit, block_units


def flunkies(n: int, controller: str = A) -> list[dict[str, object]]:
    abilities = (K("cant_attack_alone"), K("cant_block_alone"))
    return [creature(f"f{i}", "Mogg Flunkies", controller, 3, 2, *abilities) for i in range(n)]


def test_can_t_attack_alone_counts_every_other_attacker_506_5():
    """Mogg Flunkies: "can't attack or block alone". One attacking alone breaks its restriction;
    two attacking together, or one with a Grizzly Bears, don't (506.5: another creature attacks)."""
    b = make_board([*flunkies(2), creature("bears", "Grizzly Bears"), creature("wall", "Wall", B)])
    alone = attack(b, {"f0": B})
    assert alone.status == "illegal"
    assert [v.kind for v in alone.violations] == ["cant_attack_alone"]
    assert attack(b, {"f0": B, "f1": B}).status == "legal"
    assert attack(b, {"f1": B, "bears": B}).status == "legal"


def test_can_only_attack_alone_and_unless_others_attack_508_1c():
    """Master of Cruelties "can only attack alone"; Orcish Conscripts "can't attack unless at least
    two other creatures attack": each counts the others, not itself (508.1c)."""
    master = creature("master", "Master of Cruelties", A, 2, 2, K("can_only_attack_alone"))
    conscripts = creature("conscripts", "Orcish Conscripts", A, 2, 2, K("cant_attack_unless_others_attack", n=2))
    b = make_board([master, conscripts, *flunkies(2), creature("wall", "Wall", B)])
    assert attack(b, {"master": B}).status == "legal"
    assert attack(b, {"master": B, "f0": B, "f1": B}).status == "illegal"
    assert attack(b, {"conscripts": B, "f0": B}).status == "illegal"
    assert attack(b, {"conscripts": B, "f0": B, "f1": B}).status == "legal"


def test_can_t_block_alone_and_unless_others_block_509_1b():
    """Mogg Flunkies blocking alone breaks 509.1b's restriction; with another blocker it doesn't,
    and "unless at least two other creatures block" needs two others."""
    conscripts = creature("conscripts", "Orcish Conscripts", B, 2, 2, K("cant_block_unless_others_block", n=2))
    attackers = [creature(f"a{i}", "Grizzly Bears", A, tapped=True) for i in range(2)]
    b = make_board([*attackers, *flunkies(2, B), conscripts], combat={"attackers": {"a0": B, "a1": B}})
    assert block(b, {"f0": ("a0",)}).status == "illegal"
    assert block(b, {"f0": ("a0",), "f1": ("a1",)}).status == "legal"
    assert block(b, {"conscripts": ("a0",), "f0": ("a0",)}).status == "illegal"
    assert block(b, {"conscripts": ("a0",), "f0": ("a0",), "f1": ("a1",)}).status == "legal"


def test_the_holders_share_one_count_so_the_restrictions_grow_linearly():
    """n Mogg Flunkies' "can't attack alone" restrictions read the same count of attackers (one
    object), so reading them all is linear in n, and each reads n atoms, not n - 1 others of its own."""
    n = 40
    unit = attack_unit(Game.of(make_board([*flunkies(n), creature("wall", "Wall", B)])))
    alone = [r for r in unit.restrictions if r.kind == "cant_attack_alone"]
    assert len(alone) == n
    counts = {id(cmp.lin) for r in alone for cmp in r.cond.items if cmp.lin.terms and len(cmp.lin.terms) > 1}
    assert len(counts) == 1
    assert all(len(atoms_of(r.cond)) == n for r in alone)


def test_one_target_and_one_attacker_leave_nothing_derived_508_1b():
    """With one player to attack, attacking is that attack (no one-target restriction to state,
    508.1b); with one attacker to block, blocking is that pair; the verdicts are the rules' ones."""
    attack_board = make_board([*flunkies(3), creature("wall", "Wall", B)])
    assert attack_unit(Game.of(attack_board)).definitions == {}
    assert not [r for r in attack_unit(Game.of(attack_board)).restrictions if r.kind == "one_target"]
    arbiter = creature("arbiter", "Silent Arbiter", B, 2, 2, K("block_limit", n=1))
    b = make_board(
        [creature("a0", "Grizzly Bears", A, tapped=True), arbiter, creature("d1", "Grizzly Bears", B)],
        combat={"attackers": {"a0": B}},
    )
    assert block_units(Game.of(b))[0].definitions == {}
    broken = block(b, {"arbiter": ("a0",), "d1": ("a0",)})
    assert broken.status == "illegal"
    assert [v.kind for v in broken.violations] == ["block_limit"]
    assert block(b, {"d1": ("a0",)}).status == "legal"
