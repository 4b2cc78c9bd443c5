"""Moving pieces on real boards in JupyterLab as on Lichess: dots on empty
targets and rings where a piece stands, the last move tinted.

Every wait is for something the board publishes (``data-position``, the
lit targets, the move list), never for a fixed time."""

import pytest

from .lab import board, open_notebook, run_all, wait_for_move, wait_for_position, write_notebook

pytestmark = pytest.mark.browser

# The cells under the board's overlay circles of one kind (dot or ring), sorted.
CELLS_UNDER = """([root, cls]) => {
    const svg = root.querySelector('svg');
    const out = [];
    for (const c of svg.querySelectorAll('.' + cls)) {
      const x = +c.getAttribute('cx'), y = +c.getAttribute('cy');
      for (const r of svg.querySelectorAll('[data-cell]')) {
        const rx = +r.getAttribute('x'), ry = +r.getAttribute('y');
        if (x > rx && x < rx + +r.getAttribute('width') && y > ry && y < ry + +r.getAttribute('height'))
          out.push(r.getAttribute('data-cell'));
      }
    }
    return out.sort();
}"""

# The cells the kernel's board tints as the last move, sorted.
TINTED = """(root) => {
    const svg = root.querySelector('svg');
    const out = [];
    for (const m of svg.querySelectorAll('.pb-mark-last')) {
      for (const r of svg.querySelectorAll('[data-cell]'))
        if (r.getAttribute('x') === m.getAttribute('x') && r.getAttribute('y') === m.getAttribute('y'))
          out.push(r.getAttribute('data-cell'));
    }
    return out.sort();
}"""


def cells_under(widget, cls):
    return widget.page.evaluate(CELLS_UNDER, [widget.element_handle(), cls])


def click(widget, cell):
    widget.locator(f'[data-cell="{cell}"]').click()


CCC = """from playbook import load, BoardWidget
board = BoardWidget(load("ccc").setup({"d4": "LMS", "a1": "F", "h10": "l"}))
board"""


def test_targets_are_dots_on_empty_cells_and_rings_on_cells_with_a_piece(page, lab):
    open_notebook(page, lab, write_notebook(lab[2], "targets.ipynb", [CCC]))
    run_all(page)
    widget = board(page)
    click(widget, "d4")
    # By hand: the Constructed Pyramid on d4 slides diagonally; only a1
    # (its own Flat, where it would stack) holds a piece.
    assert cells_under(widget, "pb-hl-ring") == ["a1"]
    assert cells_under(widget, "pb-hl-dot") == ["a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1", "g7", "h8"]


COSMIC = """from playbook import load, BoardWidget
board = BoardWidget(load("cosmic").initial())
board"""


def test_the_last_move_is_tinted(page, lab):
    open_notebook(page, lab, write_notebook(lab[2], "tint.ipynb", [COSMIC]))
    run_all(page)
    widget = board(page)
    wait_for_position(widget, "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w")
    assert widget.evaluate(TINTED) == []
    click(widget, "c2")
    click(widget, "d3")
    wait_for_move(widget, "c2-d3")
    wait_for_position(widget, "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1")
    assert widget.evaluate(TINTED) == ["c2", "d3"]
