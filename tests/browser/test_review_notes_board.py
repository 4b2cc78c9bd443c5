"""A review's marks in the board's own move list, in JupyterLab: after
``board.review()`` each move the review labelled is followed by its sign
(``??`` a blunder), as Lichess's computer analysis prints it.

Every wait is for something the board shows, never for a fixed time."""

import pytest

from .lab import open_board, wait_for_attr

pytestmark = pytest.mark.browser

# b1-a1 walks White's king onto the a-file, where the rook on a4 takes it
# (a4x*): a blunder; the capture ends the game and has no mark.
PLAYED = """from playbook import load, BoardWidget
board = BoardWidget(load("cosmic").parse("5k/6/r5/6/6/1K2R1 w"))
board.play("b1-a1")
board.play("a4x*")
board"""

REVIEWED = "board.review();"


def test_a_reviewed_game_shows_its_marks_beside_the_moves(page, lab):
    widget = open_board(page, lab, "review-notes.ipynb", [PLAYED, REVIEWED])
    wait_for_attr(widget, "data-moves", "2")
    note = widget.locator(".pb-moves .pb-note")
    note.first.wait_for(timeout=60000)  # the review ends after the board is drawn
    assert note.all_inner_texts() == ["??"]
    assert "pb-note-blunder" in note.first.get_attribute("class")
    moves = widget.locator(".pb-moves .pb-move")
    assert moves.all_inner_texts() == ["start", "b1-a1??", "a4x*"]
