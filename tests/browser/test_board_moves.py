"""Moving pieces on real boards in JupyterLab as on Lichess: dots on empty
targets and rings where a piece stands, the last move tinted, the moved
piece shown on its target before the kernel answers and put right when the
kernel refuses, drag and drop, slides, the arrow keys along the moves, and
the marks and arrows drawn with the right button.

Every wait is for something the board publishes (``data-position``, the
lit targets, the move list), never for a fixed time."""

import pytest

from .lab import (
    COSMIC_START,
    cells_under,
    click,
    open_board,
    wait_for_attr,
    wait_for_move,
    wait_for_position,
    wait_for_refusals,
)

pytestmark = pytest.mark.browser

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


CCC = """from playbook import load, BoardWidget
board = BoardWidget(load("ccc").setup({"d4": "LMS", "a1": "F", "h10": "l"}))
board"""


def test_targets_are_dots_on_empty_cells_and_rings_on_cells_with_a_piece(page, lab):
    widget = open_board(page, lab, "targets.ipynb", [CCC])
    click(widget, "d4")
    # By hand: the Constructed Pyramid on d4 slides diagonally; only a1
    # (its own Flat, where it would stack) holds a piece.
    assert cells_under(widget, ".pb-hl-ring") == ["a1"]
    assert cells_under(widget, ".pb-hl-dot") == ["a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1", "g7", "h8"]


COSMIC = """from playbook import load, BoardWidget
board = BoardWidget(load("cosmic").initial())
board"""


def test_the_last_move_is_tinted(page, lab):
    widget = open_board(page, lab, "tint.ipynb", [COSMIC], position=COSMIC_START)
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
while not pathlib.Path("go-instant").exists():
    time.sleep(0.05)
board.play("b3-c4")""",
]


def test_the_moved_piece_shows_at_once_and_a_refusal_corrects_it(page, lab):
    from playbook import load

    widget = open_board(page, lab, "instant.ipynb", BUSY, position=COSMIC_START, wait_idle=False)
    click(widget, "c2")
    click(widget, "d3")
    # The kernel is still running the second cell, so it cannot have
    # answered: the pawn stands on d3 by the front end alone.
    wait_for_attr(widget, "data-instant", "c2 d3")
    assert where(widget, "c2") == "d3"
    assert widget.get_attribute("data-moves") == "0"
    (lab[2] / "go-instant").touch()
    # The kernel played b3-c4 first and refuses the late c2-d3: its board
    # replaces the one shown, the pawn is back on c2 and the reason is shown.
    wait_for_refusals(widget, 1)
    wait_for_position(widget, load("cosmic").initial().play("b3-c4").to_text())
    assert widget.get_attribute("data-instant") is None
    assert where(widget, "c2") == "c2"
    assert "no longer shown" in widget.locator(".pb-status").inner_text()


def centre(widget, cell):
    box = widget.locator(f'[data-cell="{cell}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, widget, start, end, button="left", release=True):
    """Press on ``start``, move in small steps to ``end``, release there."""
    (x0, y0), (x1, y1) = centre(widget, start), centre(widget, end)
    page.mouse.move(x0, y0)
    page.mouse.down(button=button)
    page.mouse.move(x1, y1, steps=8)
    if release:
        page.mouse.up(button=button)


OPPONENT = """from playbook import load, BoardWidget
from playbook.analysis import RandomAgent
board = BoardWidget(load("cosmic").initial(), opponent=RandomAgent(seed=7))
board"""


def test_a_piece_is_dragged_to_its_target_and_the_reply_slides_in(page, lab):
    from playbook import load
    from playbook.analysis import RandomAgent

    widget = open_board(page, lab, "drag.ipynb", [OPPONENT], position=COSMIC_START)
    # Dropped off its targets, the pawn goes back to c2 and stays selected.
    drag(page, widget, "c2", "c4", release=False)
    wait_for_attr(widget, "data-dragging", "c2")
    assert cells_under(widget, ".pb-hl-dot") == ["d1", "d3"]
    assert where(widget, "c2") == "c4"  # carried under the pointer
    page.mouse.up()
    wait_for_attr(widget, "data-dragging", None)
    assert where(widget, "c2") == "c2"
    assert cells_under(widget, ".pb-hl-dot") == ["d1", "d3"]
    # Dropped on d3: the same move as two clicks; the opponent answers.
    drag(page, widget, "c2", "d3")
    reply = RandomAgent(seed=7).choose(load("cosmic").initial().play("c2-d3"))
    wait_for_attr(widget, "data-moves", "2")
    assert widget.locator(".pb-moves .pb-move").all_inner_texts()[1:] == ["c2-d3", reply.text]
    assert widget.get_attribute("data-refusals") == "0"
    # Only the opponent's move slides into place; ours was shown at once.
    cells = reply.cells()
    assert widget.get_attribute("data-slides") == "1"
    assert widget.get_attribute("data-slide") == f"{cells[0]} {cells[-1]}"


def test_arrow_keys_step_through_the_moves_and_slide_unless_motion_is_reduced(page, lab):
    widget = open_board(page, lab, "keys.ipynb", [COSMIC])
    click(widget, "c2")
    click(widget, "d3")
    wait_for_position(widget, "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1")
    assert widget.get_attribute("data-slides") is None
    page.keyboard.press("ArrowLeft")
    wait_for_position(widget, COSMIC_START)
    assert widget.get_attribute("data-cursor") == "0"
    # Taken back, the pawn slides from d3 home to c2.
    assert widget.get_attribute("data-slide") == "d3 c2"
    page.keyboard.press("ArrowRight")
    wait_for_position(widget, "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1")
    assert widget.get_attribute("data-slide") == "c2 d3"
    assert widget.get_attribute("data-slides") == "2"
    # Past the end of the line the key does nothing: a step back still works.
    page.keyboard.press("ArrowRight")
    page.emulate_media(reduced_motion="reduce")
    page.keyboard.press("ArrowLeft")
    wait_for_attr(widget, "data-cursor", "0")
    assert widget.get_attribute("data-slides") == "2"  # no slide with reduced motion
    assert widget.get_attribute("data-refusals") == "0"


def test_right_click_marks_cells_right_drag_draws_arrows_and_a_left_click_clears(page, lab):
    widget = open_board(page, lab, "draw.ipynb", [COSMIC])
    click(widget, "e4", button="right")
    wait_for_attr(widget, "data-drawings", "e4")
    drag(page, widget, "c2", "d3", button="right")
    wait_for_attr(widget, "data-drawings", "e4 c2>d3")
    assert widget.locator(".pb-drawings .pb-draw-ring").count() == 1
    assert widget.locator(".pb-drawings .pb-draw-line").count() == 1
    # The board keeps the right button: no JupyterLab menu opened.
    assert page.locator(".lm-Menu").count() == 0
    # Right-clicking a marked cell again takes its mark away.
    click(widget, "e4", button="right")
    wait_for_attr(widget, "data-drawings", "c2>d3")
    # A left click clears the drawings (and here selects the pawn).
    click(widget, "c2")
    wait_for_attr(widget, "data-drawings", "")
    assert widget.locator(".pb-drawings").count() == 0
    assert cells_under(widget, ".pb-hl-dot") == ["d1", "d3"]


WAITING = [
    COSMIC,
    # The kernel is busy with this cell until the test says go, so nothing
    # the board shows meanwhile can have come from it.
    """import pathlib, time
while not pathlib.Path("go-hover").exists():
    time.sleep(0.05)""",
]


def test_the_target_under_a_dragged_piece_is_lit_without_asking_the_kernel(page, lab):
    widget = open_board(page, lab, "hover.ipynb", WAITING, position=COSMIC_START, wait_idle=False)
    # Over d3, a target of the pawn on c2, the cell is lit.
    drag(page, widget, "c2", "d3", release=False)
    wait_for_attr(widget, "data-hover", "d3")
    assert widget.locator(".pb-hl-hover").count() == 1
    lit = widget.locator(".pb-hl-hover").first
    cell = widget.locator('[data-cell="d3"]')
    assert [lit.get_attribute(k) for k in ("x", "y")] == [cell.get_attribute(k) for k in ("x", "y")]
    # Over c4, no target, nothing is lit.
    x, y = centre(widget, "c4")
    page.mouse.move(x, y, steps=4)
    wait_for_attr(widget, "data-hover", None)
    assert widget.locator(".pb-hl-hover").count() == 0
    # Back over d3 and dropped: the move is shown at once and the light goes.
    x, y = centre(widget, "d3")
    page.mouse.move(x, y, steps=4)
    wait_for_attr(widget, "data-hover", "d3")
    page.mouse.up()
    wait_for_attr(widget, "data-instant", "c2 d3")
    assert widget.get_attribute("data-hover") is None and widget.locator(".pb-hl-hover").count() == 0
    # All of that happened while the kernel was busy; now it plays the move.
    (lab[2] / "go-hover").touch()
    wait_for_position(widget, "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1")
    assert widget.get_attribute("data-refusals") == "0"
