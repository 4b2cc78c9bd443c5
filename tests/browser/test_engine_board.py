"""Playing an engine on a real board: the hint button's two levels, the
evaluation readout, and the engine's answer drawn as the last move."""

import pytest

from .lab import cells_under, click, lit_cells, open_board, wait_for_attr, wait_for_move

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


# The engine plays White: its first move at once, its second only once the
# file "go-engine" exists, so the test decides how long it thinks (each test
# that holds a kernel waits for a file of its own: the lab is shared).
THINKING = """import os, time
from playbook import load, BoardWidget

class Thinking:
    def __init__(self):
        self.moves = ["c2-d3", "b3-c4"]
    def choose(self, state):
        if len(self.moves) == 1:
            while not os.path.exists("go-engine"):
                time.sleep(0.05)
        return state.parse_action(self.moves.pop(0))

board = BoardWidget(load("cosmic"), opponent=Thinking(), human="black")
board"""

# Whether White's corner a1 is drawn below Black's corner f6 (as White sees the board).
WHITE_BELOW = """el => {
    const y = id => el.querySelector(`[data-cell="${id}"]`).getBoundingClientRect().y;
    return y("a1") > y("f6");
}"""


def test_playing_black_the_board_shows_black_below_and_only_black_moves_on_its_turn(page, lab):
    widget = open_board(page, lab, "engine_thinking.ipynb", [THINKING])
    wait_for_move(widget, "c2-d3")
    # Black at the bottom, as on Lichess.
    assert not widget.evaluate(WHITE_BELOW)
    # Only Black's pieces can be picked: White's knight c1 cannot.
    click(widget, "c1")
    assert cells_under(widget, ".pb-hl-selected") == []
    click(widget, "e4")
    click(widget, "f3")
    wait_for_attr(widget, "data-moves", "2")
    # The engine is thinking, and says so: neither its pieces nor Black's can be picked.
    widget.locator(".pb-status", has_text="White to move: the engine is thinking").wait_for(timeout=60000)
    for cell in ("b3", "c1", "d5"):
        click(widget, cell)
        assert cells_under(widget, ".pb-hl-selected") == [], cell
        assert lit_cells(widget) == []
    (lab[2] / "go-engine").write_text("")
    wait_for_move(widget, "b3-c4")
    assert widget.get_attribute("data-moves") == "3"
    click(widget, "d5")
    assert cells_under(widget, ".pb-hl-selected") == ["d5"]
    # Flip still turns the board: White below again.
    widget.get_by_role("button", name="Flip").click()
    page.wait_for_function(WHITE_BELOW, arg=widget.element_handle(), timeout=60000)
