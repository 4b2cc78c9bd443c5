"""Every check playbook makes of a game, run on Fox and Geese, each a test
of its own (``test_game[fox_and_geese-positions_read_back_from_their_text]``
...), through playbook's pytest plugin; ``playbook check fox_and_geese``
runs the same from a terminal."""

import fox_and_geese.state
import pytest

from playbook import checks, load

pytestmark = pytest.mark.playbook_games("fox_and_geese")


def test_game(playbook_check):
    playbook_check()


def test_the_quick_tier_catches_a_chain_of_jumps_that_loses_its_piece(monkeypatch):
    # Fox and Geese with its chains carried out in the wrong order: the fox is put down on the cell it lands on,
    # then the cell it left is emptied.  A chain that ends where it began (four jumps round a square) then
    # leaves no fox, a position its parser refuses; every other move is played as before.

    def put_down_then_lift(board, path, jumped, empty):
        board[path[-1]] = board[path[0]]
        board[path[0]] = empty
        for cell in jumped:
            board[cell] = empty

    monkeypatch.setattr(fox_and_geese.state, "carry_out", put_down_then_lift)
    broken = checks.CHECKS["every_listed_action_gives_a_position_that_reads_back"]
    assert broken.tier == "quick"
    session = checks.Session()
    try:
        with pytest.raises(AssertionError, match="the board holds one fox, not 0"):
            broken.run(load("fox_and_geese"), session)
    finally:
        session.close()
