"""BoardWidget against an engine: choosing sides, the hint button, the evaluation readout."""

import threading

import pytest

from playbook import BoardWidget, load
from playbook.analysis import AlphaBeta

COSMIC = load("cosmic")
KELASU = load("kelasu")
START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


def send(widget, content):
    widget.messages.receive(widget, content, [])


def engine():
    return AlphaBeta(depth=1, time_limit=None)


class Scripted:
    """An advisor or opponent that plays the moves it is given."""

    def __init__(self, *moves):
        self.moves = list(moves)

    def choose(self, state):
        return state.parse_action(self.moves.pop(0))


def test_the_engine_moves_first_when_the_person_plays_black_and_is_drawn_as_last_move():
    board = BoardWidget(COSMIC, opponent=Scripted("c2-d3"), human="black")
    assert board.history == ["c2-d3"] and board.state.to_move == "black"
    assert board.human == ("black",)
    # The engine's move is marked as the last move: c2 and d3; Black is at
    # the bottom, as on Lichess.
    assert board.svg == board.state.svg(flip=True, last=["c2", "d3"], caption=False)
    assert "pb-mark-last" in board.svg


def test_the_second_side_sees_the_board_from_its_side_and_flip_still_turns_it():
    assert BoardWidget(COSMIC, opponent=Scripted("c2-d3"), human="black").flipped
    assert not BoardWidget(COSMIC, opponent=engine(), human="white").flipped
    assert not BoardWidget(COSMIC, opponent=engine(), human=["white", "black"]).flipped
    assert not BoardWidget(COSMIC, opponent=Scripted("c2-d3"), human="black", flipped=False).flipped
    board = BoardWidget(COSMIC, opponent=Scripted("c2-d3"), human="black")
    send(board, {"type": "flip"})
    assert not board.flipped
    assert board.svg == board.state.svg(flip=False, last=["c2", "d3"], caption=False)


class Meddling:
    """An engine that, while it chooses, receives a board message: a move
    for its own side sent from the board, nested in its turn or from
    another thread (as a kernel that handles messages concurrently would)."""

    def __init__(self, board_ref, move, reply, threaded):
        self.board_ref, self.move, self.reply, self.threaded = board_ref, move, reply, threaded
        self.seen = []

    def choose(self, state):
        board = self.board_ref[0]
        if board is not None:
            message = {"type": "action", "position": board.position,
                       "steps": [s.to_json() for s in state.parse_action(self.move).steps]}
            if self.threaded:
                worker = threading.Thread(target=send, args=(board, message))
                worker.start()
                worker.join()
            else:
                send(board, message)
            self.seen.append((board.error, list(board.history), board.status, board.tree))
        return state.parse_action(self.reply)


@pytest.mark.parametrize("threaded", [False, True])
def test_no_board_message_is_handled_while_the_engine_chooses(threaded):
    ref = [None]
    meddler = Meddling(ref, "c2-d3", "b3-c4", threaded)
    board = BoardWidget(COSMIC, opponent=meddler, human="white")
    ref[0] = board
    board.human = "black"  # the engine now plays White, and a White c2-d3 comes from the board meanwhile
    [(error, history, status, tree)] = meddler.seen
    assert "engine is choosing" in error and history == []
    # Meanwhile the board says the engine is thinking and offers nothing to pick.
    assert status == "White to move: the engine is thinking" and tree == {"c": False, "o": []}
    assert board.history == ["b3-c4"]  # the engine's own move, not the one sent from the board
    assert board.status == "Black to move"


def test_a_move_of_the_engines_side_from_the_board_is_refused():
    board = BoardWidget(COSMIC, opponent=Scripted("c2-d3", "b3-c4"), human="black")
    board.play("e4xc2")
    board.jump(2)  # back to a position where White, the engine, is to move
    assert board.tree == {"c": False, "o": []}  # nothing to pick on the board
    send(board, {"type": "action", "position": board.position, "steps": [{"kind": "cell", "value": "c1"}, {"kind": "cell", "value": "d3"}]})
    assert "engine plays" in board.error
    assert board.history == ["c2-d3", "e4xc2"]


def test_the_engine_answers_each_move_of_the_person():
    board = BoardWidget(COSMIC, opponent=Scripted("e4xc2"), human="white")
    board.play("c2-d3")
    assert board.history == ["c2-d3", "e4xc2"] and board.state.to_move == "white"


def test_a_person_may_play_both_sides():
    board = BoardWidget(COSMIC, opponent=engine(), human=["white", "black"])
    board.play("c2-d3")
    assert board.history == ["c2-d3"] and board.state.to_move == "black"


def test_human_must_name_sides_of_the_game():
    with pytest.raises(ValueError, match="white"):
        BoardWidget(COSMIC, opponent=engine(), human="green")


def test_undo_against_the_engine_goes_back_to_the_persons_turn():
    board = BoardWidget(COSMIC, opponent=Scripted("c2-d3", "b3-c4"), human="black")
    board.play("e4xc2")
    assert board.history == ["c2-d3", "e4xc2", "b3-c4"]
    board.undo()
    assert board.history == ["c2-d3"] and board.state.to_move == "black"


def test_hint_first_lights_where_the_move_starts_then_the_whole_move():
    board = BoardWidget(COSMIC, advisor=Scripted("b3-c4"))
    send(board, {"type": "hint"})
    assert board.advice == {"position": START, "level": 1, "cells": ["b3"], "text": "Hint: start on b3"}
    send(board, {"type": "hint"})
    assert board.advice["level"] == 2 and board.advice["cells"] == ["b3", "c4"]
    assert "b3-c4" in board.advice["text"]
    # A third press keeps showing the move (the advice is kept per position).
    send(board, {"type": "hint"})
    assert board.advice["level"] == 2
    # Once a move is played the hint is gone.
    board.play("c2-d3")
    assert board.advice == {}


def test_the_hint_comes_from_a_search_and_names_its_score():
    # White to move can jump the Black king off the board with a1x*.
    board = BoardWidget(COSMIC.parse("k5/4pp/6/6/6/R4K w"), advisor=AlphaBeta(depth=2, time_limit=None))
    assert board.hint().text == "a1x*"
    assert board.hint().text == "a1x*"
    assert board.advice["text"] == "Hint: a1x* (wins in 1 action)"
    assert board.evaluation == "Evaluation for White: wins in 1 action (search, depth 1)"


def test_the_evaluation_reads_the_score_for_the_side_to_move():
    board = BoardWidget(COSMIC.parse("4pk/5p/6/6/6/KRN3 w"))
    # By hand (see the evaluation's tests): +5.1 for White to move.
    assert board.evaluation == "Evaluation for White: +5.1"
    hidden = BoardWidget(COSMIC, show_evaluation=False)
    assert hidden.evaluation == ""


def test_a_finished_game_has_no_evaluation_and_refuses_a_hint():
    board = BoardWidget(COSMIC.parse("k5/6/6/6/6/R4K w"))
    assert board.evaluation == ""
    send(board, {"type": "hint"})
    assert "game is over" in board.error


def test_against_kelasu_the_engine_plays_its_whole_turn_of_several_actions():
    board = BoardWidget(KELASU, opponent=engine(), human="blue")
    # Blue's turn has four energy: four blank moves, then Red's whole turn.
    for move in ("B1-C1", "B3-C3", "B4-C4", "B5-C5"):
        board.play(move)
    assert board.state.to_move == "blue"
    red_moves = board.history[4:]
    assert len(red_moves) >= 1
    states = board.line.positions[4:-1]
    assert all(s.to_move == "red" for s in states)


def test_a_hint_against_a_random_player_comes_from_a_real_search():
    # The opponent plays at random: its own "advice" is a random move searched to no depth at all.
    # The hint asks a search instead, the same as a fresh one of the depth it reached from this position.
    from playbook.analysis import RandomAgent

    hints = set()
    for seed in range(2):
        board = BoardWidget(COSMIC, opponent=RandomAgent(seed=seed))
        action = board.hint()
        depth = board.coach.analyses[board.position].depth
        assert depth >= 1
        assert action.text == AlphaBeta(depth=depth, time_limit=None).choose(COSMIC.initial()).text
        hints.add(action.text)
    # The opponent's seed changes nothing in the advice.
    assert len(hints) == 1
    # An engine that searches is asked itself: its advice is its own move.
    engine = AlphaBeta(depth=2, time_limit=None)
    assert BoardWidget(COSMIC, opponent=engine).coach.advisor() is engine
    assert RandomAgent.searches is False and AlphaBeta.searches is True
