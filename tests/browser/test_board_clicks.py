"""Clicking real boards in JupyterLab: the Cosmic Chess tutorial's first board,
undo, and a chain of jumps entered click by click.

Every wait is for something the board itself publishes: the position the
kernel sent (``data-position``), the move list, the lit targets."""

import pytest

from .lab import COSMIC_START, click, lit_cells, open_board, position, wait_for_move, wait_for_position

pytestmark = pytest.mark.browser


def test_click_a_pawn_see_targets_move_and_undo(page, lab):
    widget = open_board(page, lab, "cosmic_chess.ipynb", position=COSMIC_START)
    click(widget, "c2")
    assert lit_cells(widget) == ["d1", "d3"]
    click(widget, "d3")
    wait_for_move(widget, "c2-d3")
    wait_for_position(widget, "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1")
    widget.get_by_title("Undo").click()
    wait_for_position(widget, COSMIC_START)
    # The move is kept for redo: the cursor is back at the start.
    assert widget.get_attribute("data-cursor") == "0"
    assert widget.get_attribute("data-moves") == "1"


CHAIN = """from playbook import load, BoardWidget
board = BoardWidget(load("cosmic").parse("k5/4p1/6/2p3/1P4/5K w"))
board"""


def test_a_chain_of_jumps_is_entered_click_by_click(page, lab):
    widget = open_board(page, lab, "cosmic_chain.ipynb", [CHAIN], position="k5/4p1/6/2p3/1P4/5K w")
    click(widget, "b2")
    assert lit_cells(widget) == ["a1", "a3", "c1", "d4"]
    click(widget, "d4")
    # d4 is a whole capture already, and the chain may go on to f6.
    assert lit_cells(widget) == ["f6"]
    assert widget.get_by_role("button", name="Stop here").is_visible()
    click(widget, "f6")
    wait_for_move(widget, "b2xd4xf6")
    assert position(widget) == "k4P/6/6/6/6/5K b"
    # Black is down to its bare king: the game is over and the status says who won.
    assert "White wins" in widget.locator(".pb-status").inner_text()
