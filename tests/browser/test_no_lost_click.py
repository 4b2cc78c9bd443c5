"""No lost click: every part of every kind of cell, in every game, answers
the pointer, whatever is drawn over it (a piece, its badges, a label
printed on the cell).

Each board's cells are sorted into kinds (the cell's colour class, a label
printed on it, a piece, a badge) and one cell of each kind is pressed at its
centre and near its four corners.  The board finds the cell under the
pointer in one place for the left button, the drop of a dragged piece and
the right button, so the right button's marks (published in
``data-drawings``) show which cell each press reached, with no kernel in
the way; the left button is checked on the pieces (pick up, let go) and
on the labelled cells of Chess Wheel+'s shared rank, by click and by
drop; and a dragged piece lights each kind of target under every part of
it (``data-hover``, the cell a drop lands on).
"""

import pytest

from playbook import load
from playbook.games.wheel import setup
from playbook.widget import step_tree

from .lab import board, cells_under, open_board

pytestmark = pytest.mark.browser

WHEEL = {"{Ann}e7": "Ann R", "{Bob}d2": "Bob P"}
# Two live pieces on the left; the other seven stand on the right (a game in
# play shows all nine), out of their way, the ones not needed dead at 0Q.
CRESNOVIAN = {"A1": "duality 3Q", "B2": "essence 4Q", "I1": "cosmos 7Q", "G3": "velocity 0Q", "H3": "radiance 0Q",
              "H2": "caprice 0Q", "H1": "cognizance 0Q", "I2": "innervation 0Q", "I3": "corporeality 0Q"}
BOARDS = {
    "cosmic": load("cosmic").initial(),
    "kelasu": load("kelasu").initial(),
    "cresnovian": load("cresnovian").setup(CRESNOVIAN),
    "ccc": load("ccc").initial(),
    "wheel": setup(WHEEL),
}
CELLS = [
    """from playbook import load, BoardWidget
from playbook.games.wheel import setup
cosmic = BoardWidget(load("cosmic"))
cosmic""",
    """BoardWidget(load("kelasu"))""",
    f"""BoardWidget(load("cresnovian").setup({CRESNOVIAN!r}))""",
    """BoardWidget(load("ccc"))""",
    f"""wheel = BoardWidget(setup({WHEEL!r}))
wheel""",
]

# One cell of each kind (among the cells ``only`` when given): its id and its kind.
KINDS = """(root, only) => {
    const svg = root.querySelector('svg');
    const inside = (r, x, y) => x > +r.getAttribute('x') && x < +r.getAttribute('x') + +r.getAttribute('width')
        && y > +r.getAttribute('y') && y < +r.getAttribute('y') + +r.getAttribute('height');
    const seen = new Map();
    for (const r of svg.querySelectorAll('[data-cell]')) {
      const id = r.getAttribute('data-cell');
      if (only && !only.includes(id)) continue;
      const on = sel => [...svg.querySelectorAll(sel)].some(p => p.getAttribute('data-cells').split(' ').includes(id));
      const text = [...svg.querySelectorAll('.pb-celltext')].some(t => inside(r, +t.getAttribute('x'), +t.getAttribute('y')));
      const kind = [r.getAttribute('class'), text ? 'label' : '', on('.pb-pieces [data-cells]') ? 'piece' : '',
                    on('.pb-badge') ? 'badge' : ''].join('|');
      if (!seen.has(kind)) seen.set(kind, {id, kind});
    }
    return [...seen.values()];
}"""

# The page points of a cell's centre and of its corners moved 3 pixels inwards.
POINTS = """(root, id) => {
    const b = root.querySelector(`[data-cell="${CSS.escape(id)}"]`).getBoundingClientRect();
    return [[b.x + b.width / 2, b.y + b.height / 2], [b.x + 3, b.y + 3], [b.right - 3, b.y + 3],
            [b.right - 3, b.bottom - 3], [b.x + 3, b.bottom - 3]];
}"""


def points(widget, cell):
    """Where to press cell ``cell``, scrolled into view: its centre, then its corners."""
    widget.locator(f'[data-cell="{cell}"]').scroll_into_view_if_needed()
    return widget.evaluate(POINTS, cell)


def first_piece(state):
    """A cell where an entry may start and a piece stands."""
    occupied = {cell for piece in state.view().pieces for cell in piece.cells}
    return next(s["value"] for s, _ in step_tree(state)["o"] if s["kind"] == "cell" and s["value"] in occupied)


def targets(state, cell):
    """The cells the piece on ``cell`` may be dropped on."""
    child = next(c for s, c in step_tree(state)["o"] if s["value"] == cell)
    return [s["value"] for s, _ in child["o"] if s["kind"] == "cell" and s["value"] != cell]


@pytest.fixture
def boards(page, lab):
    open_board(page, lab, "lost_clicks.ipynb", CELLS)
    widgets = {name: board(page, i) for i, name in enumerate(BOARDS)}
    curtain = widgets["wheel"].locator(".pb-curtain")
    if curtain.is_visible():  # a hot-seat board: the player asks to see it
        widgets["wheel"].get_by_role("button", name="Show the board").click()
        curtain.wait_for(state="hidden")
    return widgets


def test_every_part_of_every_kind_of_cell_is_reached_in_every_game(page, boards):
    reached = {}
    for name, widget in boards.items():
        for cell in widget.evaluate(KINDS, None):
            # Each press toggles the mark on the cell pressed: on, off, on, ...
            at = points(widget, cell["id"])
            for i, (x, y) in enumerate(at + at[:1]):
                page.mouse.click(x, y, button="right")
                reached[(name, cell["kind"], i)] = widget.get_attribute("data-drawings")
                assert reached[(name, cell["kind"], i)] == ("" if i % 2 else cell["id"]), (name, cell, i)
    kinds = {(name, kind) for name, kind, _ in reached}
    # Every game took part, with its labelled, badged and plain cells.
    assert {name for name, _ in kinds} == set(BOARDS)
    assert any("label" in kind for name, kind in kinds if name == "wheel")
    assert any("badge" in kind for name, kind in kinds if name == "ccc")


def test_a_piece_is_picked_up_and_let_go_from_any_part_of_it_in_every_game(page, boards):
    for name, widget in boards.items():
        cell = first_piece(BOARDS[name])
        # A click picks the piece up, a click on it again lets it go (as on Lichess).
        for i, (x, y) in enumerate(points(widget, cell)):
            page.mouse.click(x, y)
            assert cells_under(widget, ".pb-hl-selected") == ([] if i % 2 else [cell]), (name, cell, i)


def test_a_click_on_the_label_of_a_shared_cell_enters_the_order(page, boards):
    widget = boards["wheel"]
    page.mouse.click(*points(widget, "{Ann}e7")[0])
    # The centre of e8, where its name is printed.
    page.mouse.click(*points(widget, "e8")[0])
    assert cells_under(widget, ".pb-hl-selected") == ["e8", "{Ann}e7"]
    assert widget.get_by_role("button", name="Seal my orders").is_visible()


def test_a_piece_dropped_on_the_label_of_a_shared_cell_enters_the_order(page, boards):
    widget = boards["wheel"]
    points(widget, "{Ann}e7")
    (x0, y0), (x1, y1) = widget.evaluate(POINTS, "{Ann}e7")[0], widget.evaluate(POINTS, "e8")[0]
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    page.mouse.move(x1, y1, steps=4)
    assert widget.get_attribute("data-hover") == "e8"
    page.mouse.up()
    assert cells_under(widget, ".pb-hl-selected") == ["e8", "{Ann}e7"]
    assert widget.get_by_role("button", name="Seal my orders").is_visible()


def test_a_dragged_piece_finds_every_part_of_every_kind_of_target_in_every_game(page, boards):
    lit = {}
    for name, widget in boards.items():
        piece = first_piece(BOARDS[name])
        for target in widget.evaluate(KINDS, targets(BOARDS[name], piece)):
            points(widget, piece)  # scrolled into view, then the target
            at = points(widget, target["id"])
            start = widget.evaluate(POINTS, piece)[0]  # where the piece stands with both in view
            page.mouse.move(*start)
            page.mouse.down()
            for x, y in at:
                page.mouse.move(x, y, steps=3)
                # The target under the pointer is lit: a drop here lands on it.
                lit[(name, target["kind"], (x, y))] = widget.get_attribute("data-hover")
                assert lit[(name, target["kind"], (x, y))] == target["id"], (name, target, x, y)
            page.mouse.move(*start, steps=3)
            page.mouse.up()  # back on its own cell: the piece goes back, still picked
            page.keyboard.press("Escape")
            assert cells_under(widget, ".pb-hl-selected") == []
    assert {name for name, _, _ in lit} == set(BOARDS)
