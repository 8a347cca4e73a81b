"""The resolved game (layer 6, 613.1f) is kept with its ``Board``: built once per board object,
never shared with an equal or copied board, and never serialized, compared or pickled."""

from __future__ import annotations

import gc
import pickle
import weakref

from combat_solver import Board, check_blocks
from combat_solver.resolve.game import Game

BOARD = {
    "players": [{"id": "a"}, {"id": "b"}],
    "active_player": "a",
    "permanents": [
        {"id": "x", "name": "Grizzly Bears", "controller": "a", "types": ["creature"], "power": 2, "toughness": 2},
        {"id": "y", "name": "Hill Giant", "controller": "b", "types": ["creature"], "power": 3, "toughness": 3},
    ],
    "combat": {"attackers": {"x": "b"}},
}


def test_the_game_is_built_once_per_board_object_and_kept_with_it():
    board = Board.model_validate(BOARD)
    assert Game.of(board) is Game.of(board)
    twin = Board.model_validate(BOARD)
    assert twin == board
    assert Game.of(twin) is not Game.of(board)


def test_a_copy_or_a_pickle_does_not_carry_the_game():
    board = Board.model_validate(BOARD)
    game = Game.of(board)
    copied = board.model_copy(update={"active_player": "a"})
    assert Game.of(copied) is not game
    thawed = pickle.loads(pickle.dumps(board))
    assert thawed == board
    assert Game.of(thawed) is not game
    assert board.model_dump() == Board.model_validate(BOARD).model_dump()


def test_the_game_goes_with_its_board():
    board = Board.model_validate(BOARD)
    assert check_blocks(board, {"blocks": {"y": ["x"]}}).status == "legal"
    gone = weakref.ref(Game.of(board))
    del board
    gc.collect()
    assert gone() is None
