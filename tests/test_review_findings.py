"""Findings of the review of the costs, perf and audit merges, each checked against the rules by
hand (never by running the engine):

* 107.4f, 119.4, 508.1j: a Phyrexian symbol is paid with one mana of its color or 2 life; a player
  can pay any amount of life up to their life total. So with no mana, N symbols are payable
  exactly when the player has at least 2N life, however large N is.
* Heat Wave (Oracle, /work/shared/cards/templates.md): "Blue creatures can't block creatures you
  control. Nonblue creatures can't block creatures you control unless their controller pays 1
  life for each blocking creature they control": by card name, a blue blocker is refused (509.1b)
  and a nonblue one costs its controller 1 life (509.1d).
* An audit record line nested deeper than the JSON parser allows is ``too_deep`` (README), not
  ``json_invalid`` when pydantic's parser is the one that stops, nor "deeper than 64 levels"
  (a limit record lines aren't held to).
"""

from __future__ import annotations

import pytest
from asserts import A, B, K, assert_illegal, assert_legal, attack, bears, block, creature, make_board

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


def test_509_1b_509_1d_heat_wave_by_card_name_refuses_blue_blockers_and_taxes_the_others() -> None:
    drake = creature("drake", "Drake", B, 2, 2, colors=["blue"])
    giant = creature("giant", "Giant", B, 3, 3, colors=["red"])
    board = make_board([{"id": "hw", "card": "Heat Wave", "controller": A}, bears("a1"), drake, giant], {"a1": B})
    assert_illegal(block(board, {"drake": "a1"}), "509.1b", "cant_block", ("drake",))
    paid = assert_legal(block(board, {"giant": "a1"}))
    assert [(c.player, c.total, c.payable) for c in paid.costs] == [(B, "1 life", True)]


@pytest.mark.parametrize("depth", [300, 5000])
def test_an_audit_line_nested_past_the_parser_is_too_deep_whichever_parser_stops(depth: int) -> None:
    """A record line is held to "nesting no deeper than the JSON parser allows" (README): past
    pydantic's limit (about 200) or Python's (about 1000) alike, ``too_deep`` at the whole line."""
    from combat_solver.audit.check import audit_line

    text = '{"id": "x", "board": ' + "[" * depth + "]" * depth + "}"
    result = audit_line("f", 1, text, time_limit=10)
    assert result.status == "malformed"
    assert [(e.field, e.code, e.message) for e in result.errors] == [
        ("", "too_deep", "nesting deeper than the JSON parser allows")
    ]
