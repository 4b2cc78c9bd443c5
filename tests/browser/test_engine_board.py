"""Playing an engine on a real board: the hint button's two levels, the
evaluation readout, and the engine's answer drawn as the last move."""

import pytest

from .lab import cells_under, click, open_board, wait_for_attr, wait_for_move

pytestmark = pytest.mark.browser

# White's pawn b2 can jump Black's rook c3 and land on d4 (worked out in
# tests/test_agents.py); a depth-2 search suggests it.
SETUP = """from playbook import load, BoardWidget
from playbook.analysis import AlphaBeta
board = BoardWidget(load("cosmic").parse("4nk/6/6/2r3/1P4/K5 w"), human="white",
                    opponent=AlphaBeta(depth=1, time_limit=None), advisor=AlphaBeta(depth=2, time_limit=None))
board"""


def test_hint_then_play_it_and_the_engine_answers(page, lab):
    widget = open_board(page, lab, "engine_board.ipynb", [SETUP])
    assert widget.locator(".pb-eval").inner_text().startswith("Evaluation for White:")
    hint = widget.get_by_role("button", name="Hint")
    hint.click()
    wait_for_attr(widget, "data-hint-level", "1")
    assert cells_under(widget, ".pb-hint") == ["b2"]
    assert widget.locator(".pb-advice").inner_text() == "Hint: start on b2"
    hint.click()
    wait_for_attr(widget, "data-hint-level", "2")
    assert cells_under(widget, ".pb-hint") == ["b2", "d4"]
    assert widget.locator(".pb-advice").inner_text().startswith("Hint: b2xd4")
    click(widget, "b2")
    click(widget, "d4")
    # The engine answers at once: two moves in the list, the hint gone, the
    # engine's move marked as the last one.
    wait_for_attr(widget, "data-moves", "2")
    wait_for_attr(widget, "data-hint-level", "0")
    moves = widget.locator(".pb-moves .pb-move").all_inner_texts()
    assert moves[:2] == ["start", "b2xd4"] and len(moves) == 3
    wait_for_move(widget, moves[2])
    assert widget.locator(".pb-mark-last").count() >= 1
