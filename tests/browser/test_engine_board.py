"""Playing an engine on a real board: the hint button's two levels, the
evaluation readout, and the engine's answer drawn as the last move."""

import pytest

from .lab import open_board, wait_for_move

pytestmark = pytest.mark.browser

# White's pawn b2 can jump Black's rook c3 and land on d4 (worked out in
# tests/test_agents.py); a depth-2 search suggests it.
SETUP = """from playbook import load, BoardWidget
from playbook.analysis import AlphaBeta
board = BoardWidget(load("cosmic").parse("4nk/6/6/2r3/1P4/K5 w"), human="white",
                    opponent=AlphaBeta(depth=1, time_limit=None), advisor=AlphaBeta(depth=2, time_limit=None))
board"""

HINT_CELLS = """(root) => {
    const svg = root.querySelector('svg');
    const out = [];
    for (const h of svg.querySelectorAll('.pb-hint')) {
      const x = +h.getAttribute('x') + 1, y = +h.getAttribute('y') + 1;
      for (const r of svg.querySelectorAll('[data-cell]')) {
        const rx = +r.getAttribute('x'), ry = +r.getAttribute('y');
        if (x > rx && x < rx + +r.getAttribute('width') && y > ry && y < ry + +r.getAttribute('height'))
          out.push(r.getAttribute('data-cell'));
      }
    }
    return out.sort();
}"""


def wait_for_hint_level(widget, level):
    widget.page.wait_for_function("([el, n]) => el.dataset.hintLevel === n",
                                  arg=[widget.element_handle(), str(level)], timeout=60000)


def test_hint_then_play_it_and_the_engine_answers(page, lab):
    widget = open_board(page, lab, "engine_board.ipynb", [SETUP])
    assert widget.locator(".pb-eval").inner_text().startswith("Evaluation for White:")
    hint = widget.get_by_role("button", name="Hint")
    hint.click()
    wait_for_hint_level(widget, 1)
    assert widget.evaluate(HINT_CELLS) == ["b2"]
    assert widget.locator(".pb-advice").inner_text() == "Hint: start on b2"
    hint.click()
    wait_for_hint_level(widget, 2)
    assert widget.evaluate(HINT_CELLS) == ["b2", "d4"]
    assert widget.locator(".pb-advice").inner_text().startswith("Hint: b2xd4")
    widget.locator('[data-cell="b2"]').click()
    widget.locator('[data-cell="d4"]').click()
    # The engine answers at once: two moves in the list, the hint gone, the
    # engine's move marked as the last one.
    page.wait_for_function("(el) => el.dataset.moves === '2'", arg=widget.element_handle(), timeout=60000)
    wait_for_hint_level(widget, 0)
    moves = widget.locator(".pb-moves .pb-move").all_inner_texts()
    assert moves[:2] == ["start", "b2xd4"] and len(moves) == 3
    wait_for_move(widget, moves[2])
    assert widget.locator(".pb-mark-last").count() >= 1
