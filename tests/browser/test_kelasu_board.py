"""A Kelasu merge entered on a real board: blanks clicked one by one, the piece
picked from the buttons, then the cell where it stands."""

import pytest

from playbook import load

from .lab import click, lit_cells, open_board, position, wait_for_move

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
game = load("kelasu")
board = BoardWidget(game.setup({"D2": "B", "D3": "B", "D4": "B", "D5": "B", "A0": "S", "J9": "s", "J0": "b"}))
board"""


def test_merge_four_blanks_into_a_diplomat_by_clicks(page, lab):
    widget = open_board(page, lab, "kelasu_merge.ipynb", [SETUP])
    click(widget, "D3")
    # The blank may step forward to E3, or start a merge with D2 or D4.
    assert lit_cells(widget) == ["D2", "D4", "E3"]
    for cell in ("D4", "D2", "D5"):
        click(widget, cell)
    widget.get_by_role("button", name="Diplomat (4)").click()
    assert lit_cells(widget) == ["D2", "D3", "D4", "D5"]
    # Four cells the diplomat may stand on: the board says to click one of them.
    assert widget.locator(".pb-picker .pb-prompt").inner_text() == "Now click one of the marked cells."
    click(widget, "D4")
    wait_for_move(widget, "D@D4:D2,D3,D4,D5")
    # The position the kernel published has the diplomat on D4 (index 34).
    assert load("kelasu").parse(position(widget)).board[34] == "D"
