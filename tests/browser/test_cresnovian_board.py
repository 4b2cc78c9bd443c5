"""Cresnovian Chess on a real board: an ability entered with a cell, a button
and a cell; DOCUMENT typed into the text box, refused with the wrong number
of words and accepted with nine."""

import pytest

from playbook import load

from .lab import click, open_board, position, wait_for_move, wait_for_refusals

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
game = load("cresnovian")
board = BoardWidget(game.setup({"A1": "duality 3Q", "B2": "essence 4Q", "I1": "cosmos 7Q", "D3": "velocity 0Q",
                                "E3": "radiance 0Q", "F3": "corporeality 0Q", "D2": "innervation 0Q",
                                "E2": "caprice 0Q", "F2": "cognizance 0Q"}))
board"""

GAME = load("cresnovian")


def test_cut_by_clicks_and_document_by_typing(page, lab):
    widget = open_board(page, lab, "cresnovian_board.ipynb", [SETUP])
    click(widget, "A1")
    widget.get_by_role("button", name="Cut").click()
    click(widget, "I1")
    wait_for_move(widget, "perform A1 cut I1")
    state = GAME.parse(position(widget))
    assert (state.piece("cosmos").code(), state.piece("duality").code()) == ("3Q", "2Q")

    # The other side documents: eight words are refused, nine accepted.
    widget.get_by_role("button", name="Document").click()
    box = widget.locator("input.pb-text")
    box.fill("only eight words here and that is all")
    box.press("Enter")
    wait_for_refusals(widget, 1)
    assert "nine words" in widget.locator(".pb-status").inner_text()
    widget.get_by_role("button", name="Document").click()
    box = widget.locator("input.pb-text")
    box.fill("the moon rose over nine quiet hills of salt")
    box.press("Enter")
    wait_for_move(widget, "document the moon rose over nine quiet hills of salt")
    assert " ".join(GAME.parse(position(widget)).poem) == "the moon rose over nine quiet hills of salt"


FLOCK = """from playbook import load, BoardWidget
game = load("cresnovian")
walls = {c: "radiance" for c in ["B1", "C1", "A2", "B2", "C2", "A3", "B3"]}
board = BoardWidget(game.setup({"A1": "duality 9Q", "E2": "cosmos 9Q", "H2": "velocity 9Q", "I1": "radiance 3Q",
                                "D3": "essence 0Q", "E3": "corporeality 0Q", "F3": "innervation 0Q",
                                "D1": "caprice 0Q", "F1": "cognizance 0Q"}, monuments=walls))
board"""


def test_flock_together_lets_the_player_choose_by_clicks_which_piece_takes_the_last_free_cell(page, lab):
    # The kingdom has room (C3) for one of the two pieces at the Duality's 9Q.  The Cosmos, first in
    # cell order, goes into the World (D2); the Velocity then has only C3 left, and takes it: that
    # choice leaves one way on, so the board finishes the action by itself.
    widget = open_board(page, lab, "cresnovian_flock_board.ipynb", [FLOCK])
    click(widget, "A1")
    widget.get_by_role("button", name="Flock Together").click()
    widget.get_by_role("button", name="Cosmos E2 → D2").click()
    wait_for_move(widget, "perform A1 flock-together E2>D2 H2>C3")
    state = GAME.parse(position(widget))
    assert (state.piece("cosmos").cell, state.piece("velocity").cell) == (12, 20)  # D2 and C3
    assert state.piece("duality").code() == "8Q"


# The tutorial's Return Home: of the pieces only the Innervation (placed on A1 at the start, now on G2)
# stands away from a free home cell, so Return Home has one piece to send home.
RETURN_HOME = """from playbook import load, BoardWidget
game = load("cresnovian")
board = BoardWidget(game.setup({"A2": "essence 3Q", "E2": "cosmos 2Q", "G2": "innervation 9Q", "I3": "duality 4Q",
                                "D1": "velocity 0Q", "E1": "radiance 0Q", "F1": "corporeality 0Q", "D3": "caprice 0Q",
                                "E3": "cognizance 0Q"}, homes={"innervation": "A1"}))
board"""


def test_a_choice_that_leaves_one_way_on_finishes_the_action(page, lab):
    widget = open_board(page, lab, "cresnovian_return_home.ipynb", [RETURN_HOME])
    click(widget, "A2")
    widget.get_by_role("button", name="Return Home").click()  # no cell to click after it
    wait_for_move(widget, "perform A2 return-home G2")
    state = GAME.parse(position(widget))
    assert state.piece("innervation").cell == state.piece("innervation").home  # home again
