"""Breakthrough's own rules, each worked by hand from RULES.md.  Everything
every game must do (the contract, random play, self-play, puzzles, reviews,
the live board) is checked by playbook's shared checks: test_breakthrough_checks.py."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import IllegalAction, NotationError, load
from playbook.descriptor import Ending

GAME = load("breakthrough")


def texts(state):
    return sorted(a.text for a in state.legal_actions())


def test_the_start_has_two_home_ranks_each_and_white_moves_first():
    state = GAME.initial()
    assert state.to_text() == "bbbbbb/bbbbbb/....../....../wwwwww/wwwwww w"
    assert state.to_move == "white"
    # Only the six pieces on rank 2 can move: a2 and f2 have two cells ahead, the other four three.
    assert len(state.legal_actions()) == 2 * 2 + 4 * 3
    assert GAME.initial(width=4, height=5).to_text() == "bbbb/bbbb/..../wwww/wwww w"


def test_a_piece_steps_ahead_straight_or_diagonally_and_captures_only_diagonally():
    # White on c3; Black on c4 (straight ahead: it blocks) and d4 (diagonally ahead: it can be taken).
    state = GAME.parse("b...../....../..bb../..w.../....../...... w")
    assert texts(state) == ["c3-b4", "c3xd4"]
    assert state.play("c3xd4").to_text() == "b...../....../..bw../....../....../...... b"
    with pytest.raises(IllegalAction):
        state.play("c3-c4")
    with pytest.raises(NotationError):
        state.play("c3c4")


def test_black_moves_down_the_board():
    state = GAME.parse("....../....../..b.../....../....../w..... b")
    assert texts(state) == ["c4-b3", "c4-c3", "c4-d3"]


def test_reaching_the_far_rank_wins_at_once_even_by_capture():
    state = GAME.parse("...b../..w.../....../....../....../...... w")
    won = state.play("c5xd6")
    assert won.outcome.winners == ("white",) and won.outcome.ending == Ending("far rank reached")
    # A Black piece on rank 1 is Black's win in the same way.
    assert GAME.parse("....../....../....../....../....../b..w.. w").outcome.winners == ("black",)
    assert won.legal_actions() == []


def test_capturing_every_enemy_piece_wins():
    state = GAME.parse("....../....../...b../..w.../....../...... w")
    won = state.play("c3xd4")
    assert won.outcome.winners == ("white",) and won.outcome.ending is Ending.PIECES_LOST


def test_captures_are_optional_unless_the_variant_makes_them_compulsory():
    text = "b...../....../...b../..w.../....../...... w"
    assert texts(GAME.parse(text)) == ["c3-b4", "c3-c4", "c3xd4"]
    strict = load("breakthrough", must_capture=True)
    assert strict.options == {"must_capture": True}
    assert texts(strict.parse(text)) == ["c3xd4"]
    # With no capture at hand, every step is allowed.
    assert texts(strict.parse("b...../....../....../..w.../....../...... w")) == ["c3-b4", "c3-c4", "c3-d4"]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(4, 8), st.integers(4, 8), st.data())
def test_a_player_with_a_piece_always_has_a_move(width, height, data):
    # Any position with no piece on its far rank and a piece of the side to move has a legal move.
    cells = [data.draw(st.sampled_from("w." if r == 0 else "b." if r == height - 1 else "wb."))
             for r in range(height) for _ in range(width)]
    side = data.draw(st.sampled_from("wb"))
    ranks = ["".join(cells[r * width:(r + 1) * width]) for r in range(height)]
    state = GAME.parse("/".join(reversed(ranks)) + " " + side)
    if state.outcome is None:
        assert state.legal_actions()


def test_positions_that_cannot_be_read_are_refused_naming_the_place():
    with pytest.raises(NotationError, match="w, b or ."):
        GAME.parse("bbbbbb/bbbbbb/....../...q../wwwwww/wwwwww w")
    with pytest.raises(NotationError, match="ranks"):
        GAME.parse("bbb/www w")
    with pytest.raises(NotationError, match="side"):
        GAME.parse("bbbb/..../..../wwww x")
