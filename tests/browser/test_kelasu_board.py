"""A Kelasu merge entered on a real board: blanks clicked one by one, the piece
picked from the buttons, then the cell where it stands."""

import pytest

from .lab import board, open_notebook, run_all, run_code, write_notebook

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
game = load("kelasu")
board = BoardWidget(game.setup({"D2": "B", "D3": "B", "D4": "B", "D5": "B", "A0": "S", "J9": "s", "J0": "b"}))
board"""


def lit(widget):
    return widget.evaluate(
        """(root) => {
            const svg = root.querySelector('svg');
            const out = [];
            for (const c of svg.querySelectorAll('.pb-hl-target')) {
              const x = +c.getAttribute('cx'), y = +c.getAttribute('cy');
              for (const r of svg.querySelectorAll('[data-cell]')) {
                const rx = +r.getAttribute('x'), ry = +r.getAttribute('y');
                if (x > rx && x < rx + +r.getAttribute('width') && y > ry && y < ry + +r.getAttribute('height'))
                  out.push(r.getAttribute('data-cell'));
              }
            }
            return out.sort();
        }"""
    )


def test_merge_four_blanks_into_a_diplomat_by_clicks(page, lab):
    name = write_notebook(lab[2], "kelasu_merge.ipynb", [SETUP])
    open_notebook(page, lab, name)
    run_all(page)
    widget = board(page)
    widget.locator('[data-cell="D3"]').click()
    # The blank may step forward to E3, or start a merge with D2 or D4.
    assert lit(widget) == ["D2", "D4", "E3"]
    for cell in ("D4", "D2", "D5"):
        widget.locator(f'[data-cell="{cell}"]').click()
    widget.get_by_role("button", name="Diplomat (4)").click()
    assert lit(widget) == ["D2", "D3", "D4", "D5"]
    widget.locator('[data-cell="D4"]').click()
    page.wait_for_function(
        "() => document.querySelector('.pb-widget .pb-moves').textContent.includes('D@D4:D2,D3,D4,D5')", timeout=30000
    )
    assert run_code(page, "print(board.history, board.state.board[34])") == "['D@D4:D2,D3,D4,D5'] D"
