"""A CCC Constructed Pyramid unstacked on a real board: the piece clicked,
then Unstack, the direction and the drop order picked from buttons."""

import pytest

from .lab import board, lit_cells, open_notebook, run_all, run_code, wait_for_move, write_notebook

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
game = load("ccc")
board = BoardWidget(game.setup({"d4": "LMS", "a1": "F", "h10": "l"}))
board"""


def test_unstack_a_constructed_pyramid_by_buttons(page, lab):
    name = write_notebook(lab[2], "ccc_unstack.ipynb", [SETUP])
    open_notebook(page, lab, name)
    run_all(page)
    widget = board(page)
    widget.locator('[data-cell="d4"]').click()
    # The Constructed Pyramid slides diagonally; on a1 it would climb onto
    # its own Flat (a Pyramid Stack).
    assert lit_cells(widget) == ["a1", "a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1", "g7", "h8"]
    widget.get_by_role("button", name="Unstack").click()
    widget.get_by_role("button", name="North-east").click()
    widget.get_by_role("button", name="Small next").click()
    wait_for_move(page, "d4 unstack ne SM")
    out = run_code(page, "from playbook.games.ccc.notation import token\n"
                         "print(board.history, [token(board.state.board[board.state.geo.index[c]]) for c in ('d4', 'e5', 'f6')])")
    assert out == "['d4 unstack ne SM'] ['L', 'S', 'M']"
