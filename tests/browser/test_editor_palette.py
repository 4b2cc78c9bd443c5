"""The editor's palette in JupyterLab, light and dark, for every game:
each button shows its piece as a picture and is named for it (aria-label);
a piece picked there is placed by a click on a cell.  Each editor with its
palette is saved as a screenshot in ``gallery/`` (not kept in git), so the
pictures can be looked at."""

import pytest

from playbook import load

from .lab import ROOT, board, click, open_board, wait_for_attr, wait_for_position

pytestmark = pytest.mark.browser

GALLERY = ROOT / "gallery"

# Each game's board: (name, the code of its start, a palette piece by its
# label, its value and a cell where it is placed).
BOARDS = [
    ("cosmic", "load('cosmic').parse('k5/6/6/6/6/5K w')", "white rook", "R", "c3"),
    ("kelasu", "load('kelasu').setup({'A0': 'S', 'J9': 's'})", "blue warrior", "W", "E5"),
    ("cresnovian", "load('cresnovian').initial()", "Essence", "essence", "D3"),
    ("ccc", "load('ccc').setup({'a1': 'C', 'h10': 'c'})", "white Large Pyramid", "L", "d5"),
    ("wheel", "load('wheel').initial(8, ready=True)", "Cyd's queen", "Cyd Q", "{Cyd}d4"),
]
CELLS = ["from playbook import BoardWidget, load"] + [f"BoardWidget({start}, editor=True)" for _, start, *_ in BOARDS]

ONLY_A_PICTURE = """(buttons) => buttons.every((b) => b.childNodes.length === 1 && b.firstChild.localName === "svg")"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_palette_shows_named_pictures_and_places_the_piece_picked(browser, lab, dark_lab, theme):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        open_board(page, lab if theme == "light" else dark_lab, f"editor_palette_{theme}.ipynb", CELLS)
        assert page.locator("body").get_attribute("data-jp-theme-light") == str(theme == "light").lower()
        GALLERY.mkdir(exist_ok=True)
        for index, (name, start, label, value, cell) in enumerate(BOARDS):
            state = eval(start)
            widget = board(page, index)
            wait_for_position(widget, state.to_text())
            widget.get_by_role("button", name="Edit position").click()
            wait_for_attr(widget, "data-editing", "true")
            buttons = widget.locator(".pb-palette button")
            # One button a piece and the eraser first, each named for what it places, each a picture.
            labels = ["Empty"] + [step.label for step in state.palette()]
            assert [b.get_attribute("aria-label") for b in buttons.all()] == labels
            assert label in labels
            assert buttons.locator("svg.pb-piece-picture").count() == len(labels) - 1
            assert buttons.first.locator("svg.pb-icon").count() == 1  # the eraser
            # Pictures, no words: each button holds its picture and nothing else.
            assert buttons.evaluate_all(ONLY_A_PICTURE)
            # A piece's picture is drawn in the board's colours (not a black blot).
            picked = widget.get_by_role("button", name=label, exact=True)
            fill = picked.locator(".pb-piece").first.evaluate("(e) => getComputedStyle(e).fill")
            assert fill not in ("rgb(0, 0, 0)", "none"), (name, fill)
            picked.click()
            assert widget.locator('.pb-palette button[aria-pressed="true"]').get_attribute("aria-label") == label
            GALLERY.joinpath(f"editor-{name}-{theme}.png").write_bytes(widget.screenshot())
            click(widget, cell)
            wait_for_position(widget, state.edit(cell, value).to_text())
    finally:
        context.close()
