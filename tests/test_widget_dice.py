"""A board's dice, on the Python side: the Roll button and its trait, the
roll played at once, an engine's dice rolled by the board, and no click or
hint ever choosing a roll.  Played on the small game of chance of
test_chance.py (the browser side: tests/browser/test_every_game_board.py)."""

from __future__ import annotations

import pytest
from test_chance import GAME, TreeState

from playbook import IllegalAction
from playbook.analysis import AlphaBeta
from playbook.chance import Dice
from playbook.widget import BoardWidget


def send(board, **message):
    board.messages.receive(board, message, [])


def test_where_the_dice_move_the_board_offers_roll_and_no_entry():
    board = BoardWidget(GAME.initial("coin"), dice=1)
    assert board.rolling and board.tree == {"c": False, "o": []}
    assert board.status == "Chance to move"
    # A roll entered as if it were a move (a crafted message) is refused, and nothing is played.
    send(board, type="action", steps=[{"kind": "choice", "value": "heads"}], position=board.position)
    assert board.moves == [] and "press Roll" in board.error
    with pytest.raises(IllegalAction, match="press Roll"):
        board.hint()


def test_roll_draws_from_the_boards_dice_and_names_the_roll_in_the_move_list():
    expected = Dice(3).roll(GAME.initial("die")).text
    board = BoardWidget(GAME.initial("die"), dice=3)
    send(board, type="roll")
    assert board.moves == [expected] and board.error == "" and not board.rolling
    # The same seed, the same roll on another board; the game is over after it.
    again = BoardWidget(GAME.initial("die"), dice=3)
    assert again.roll().text == expected and again.over


def test_roll_is_refused_where_no_person_rolls():
    board = BoardWidget(GAME.initial())
    send(board, type="roll")
    assert board.moves == [] and "nothing for you to roll" in board.error
    with pytest.raises(IllegalAction, match="not chance"):
        board.roll()


def test_the_board_rolls_at_once_when_asked_and_rolls_an_engines_dice_itself(monkeypatch):
    board = BoardWidget(GAME.initial("trap"), dice=2, auto_roll=True)
    assert len(board.moves) == 1 and board.moves[0] in ("heads", "tails")
    # Where the game does not say whose roll it is, the person at the board rolls.
    unsaid = BoardWidget(GAME.initial(), opponent=AlphaBeta(depth=3), human="b", dice=5)
    assert unsaid.moves == ["die"] and unsaid.rolling
    # Where it does: the engine's roll is rolled by the board, a person's waits for the button.
    monkeypatch.setattr(TreeState, "roller", property(lambda state: "a" if state.chance else None))
    played = BoardWidget(GAME.initial(), opponent=AlphaBeta(depth=3), human="b", dice=5)
    assert played.moves == ["die", Dice(5).roll(GAME.initial("die")).text] and played.over
    mine = BoardWidget(GAME.initial("coin"), opponent=AlphaBeta(depth=3), human="a", dice=5)
    assert mine.moves == [] and mine.rolling and mine.status == "A to roll"


def test_the_evaluation_before_a_roll_is_the_players_as_the_position_stands():
    board = BoardWidget(GAME.initial("coin"), dice=1)
    # The tree game judges only outcomes: its engine shows no evaluation at all.
    assert board.evaluation == ""
    assert repr(board) == "BoardWidget(Chance tree, chance to move, 0 moves)"
