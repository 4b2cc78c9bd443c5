"""Moving pieces on real boards in JupyterLab as on Lichess: dots on empty
targets and rings where a piece stands, the last move tinted, the moved
piece shown on its target before the kernel answers and put right when the
kernel refuses.

Every wait is for something the board publishes (``data-position``, the
lit targets, the move list), never for a fixed time."""

import re

import pytest

from .lab import board, open_notebook, run_all, wait_for_move, wait_for_position, wait_for_refusals, write_notebook

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


# The cell under the centre of the piece that stood on `cell` when the board
# was drawn (its parts carry that cell in data-cells), as seen on screen.
WHERE = """([root, cell]) => {
    const part = root.querySelector(`.pb-pieces [data-cells="${cell}"]`);
    if (!part) return null;
    const p = part.getBoundingClientRect();
    const x = p.x + p.width / 2, y = p.y + p.height / 2;
    for (const r of root.querySelectorAll('[data-cell]')) {
      const c = r.getBoundingClientRect();
      if (x > c.left && x < c.right && y > c.top && y < c.bottom) return r.getAttribute('data-cell');
    }
    return null;
}"""


def where(widget, cell):
    return widget.page.evaluate(WHERE, [widget.element_handle(), cell])


BUSY = [
    COSMIC,
    # The kernel is busy with this cell until the test says go; then it
    # plays a move itself, so the move clicked meanwhile comes too late.
    """import pathlib, time
while not pathlib.Path("go").exists():
    time.sleep(0.05)
board.play("b3-c4")""",
]


def test_the_moved_piece_shows_at_once_and_a_refusal_corrects_it(page, lab):
    from playbook import load

    open_notebook(page, lab, write_notebook(lab[2], "instant.ipynb", BUSY))
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile("^Run All Cells")).click()
    widget = board(page)
    wait_for_position(widget, "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w")
    click(widget, "c2")
    click(widget, "d3")
    # The kernel is still running the second cell, so it cannot have
    # answered: the pawn stands on d3 by the front end alone.
    page.wait_for_function("(el) => el.dataset.instant === 'c2 d3'", arg=widget.element_handle())
    assert where(widget, "c2") == "d3"
    assert widget.get_attribute("data-moves") == "0"
    (lab[2] / "go").touch()
    # The kernel played b3-c4 first and refuses the late c2-d3: its board
    # replaces the one shown, the pawn is back on c2 and the reason is shown.
    wait_for_refusals(widget, 1)
    wait_for_position(widget, load("cosmic").initial().play("b3-c4").to_text())
    assert widget.get_attribute("data-instant") is None
    assert where(widget, "c2") == "c2"
    assert "no longer shown" in widget.locator(".pb-status").inner_text()
