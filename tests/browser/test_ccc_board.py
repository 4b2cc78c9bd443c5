"""A CCC Constructed Pyramid unstacked on a real board: the piece clicked,
then Unstack, the direction and the drop order picked from buttons."""

import pytest

from playbook import load
from playbook.games.ccc.notation import token

from .lab import click, lit_cells, open_board, position, wait_for_move

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
game = load("ccc")
board = BoardWidget(game.setup({"d4": "LMS", "a1": "F", "h10": "l"}))
board"""


def test_unstack_a_constructed_pyramid_by_buttons(page, lab):
    widget = open_board(page, lab, "ccc_unstack.ipynb", [SETUP])
    click(widget, "d4")
    # The Constructed Pyramid slides diagonally; on a1 it would climb onto
    # its own Flat (a Pyramid Stack).
    assert lit_cells(widget) == ["a1", "a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1", "g7", "h8"]
    widget.get_by_role("button", name="Unstack").click()
    widget.get_by_role("button", name="North-east").click()
    widget.get_by_role("button", name="Small next").click()
    wait_for_move(widget, "d4 unstack ne SM")
    # The Large Pyramid stays, the Small lands first (e5), the Medium next (f6).
    state = load("ccc").parse(position(widget))
    assert [token(state.board[state.geo.index[c]]) for c in ("d4", "e5", "f6")] == ["L", "S", "M"]
