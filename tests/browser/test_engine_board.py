"""Playing an engine on a real board: the hint button's two levels, the
evaluation readout, and the engine's answer drawn as the last move."""

import json
import re

import pytest

from .lab import (
    ROOT,
    board,
    cells_under,
    click,
    lit_cells,
    open_board,
    open_notebook,
    run_all,
    wait_for_attr,
    wait_for_move,
)

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


def whole_games() -> list[tuple[str, str]]:
    """The tutorials that end with a whole game against a random player (a
    board with ``opponent=RandomAgent``), each with its game's key."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        code = "".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
        key = re.search(r'load\("(\w+)"\)', code)
        if path.name != "analysis.ipynb" and "opponent=RandomAgent" in code and key:
            found.append((path.name, key.group(1)))
    return found


# The tutorials' "whole game" boards, against a random player: a notebook, and the game's key.
WHOLE_GAMES = whole_games()


def test_three_tutorials_end_with_a_whole_game_against_a_random_player():
    assert sorted(key for _, key in WHOLE_GAMES) == ["cosmic", "cresnovian", "kelasu"]


@pytest.mark.parametrize(("notebook", "key"), WHOLE_GAMES, ids=[key for _, key in WHOLE_GAMES])
def test_a_hint_on_a_whole_game_board_is_the_engines_move(page, lab, notebook, key):
    from playbook import load
    from playbook.analysis import AlphaBeta

    # The tutorial as a learner runs it: Run All, then Hint twice on the board of a whole game.
    open_notebook(page, lab, notebook)
    run_all(page)
    start = load(key).initial()
    # The board of a whole game: at the start, with no goal (an exercise's boards have one).
    index = page.wait_for_function("""(start) => {
        const boards = [...document.querySelectorAll('.pb-widget')];
        const i = boards.findIndex((b) => b.dataset.position === start && b.querySelector('.pb-goal').hidden);
        return i >= 0 ? i : null;
    }""", arg=start.to_text(), timeout=60000).json_value()
    widget = board(page, index)
    hint = widget.get_by_role("button", name="Hint")
    hint.click()
    wait_for_attr(widget, "data-hint-level", "1")
    hint.click()
    wait_for_attr(widget, "data-hint-level", "2")
    advice = widget.locator(".pb-advice").inner_text()
    # The board says how deep its search went; the same search, run here to that depth with no clock,
    # plays the move the hint names: the hint is a real search's, never the random player's.
    found = re.search(r"\(search, depth (\d+)\)$", widget.locator(".pb-eval").inner_text())
    assert found and int(found.group(1)) >= 1, widget.locator(".pb-eval").inner_text()
    engine = AlphaBeta(depth=int(found.group(1)), time_limit=None).choose(start)
    assert advice.startswith(f"Hint: {engine.text} ("), (advice, engine.text)
