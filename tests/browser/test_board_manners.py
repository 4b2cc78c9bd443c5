"""Small things a board gets right, as on Lichess, and a board a screen
reader and a keyboard can use: resigning asks first, a chain of jumps moves
the piece along, picking a piece moves nothing under the board, the editor
never shows a result, one line that opens says what the mouse and keys do,
the buttons draw their icons, every cell is named for what stands on it,
and the arrow keys and Enter play a move.

Every wait is for something the board publishes."""

import re

import pytest

from .lab import (
    COSMIC_START,
    board,
    cells_under,
    click,
    lit_cells,
    open_board,
    wait_for_attr,
    wait_for_move,
    wait_for_position,
)

pytestmark = pytest.mark.browser

CELLS = [
    """from playbook import load, BoardWidget
cosmic = BoardWidget(load("cosmic"), editor=True)
cosmic""",
    """BoardWidget(load("kelasu"))""",
    """BoardWidget(load("cosmic").parse("k5/4p1/6/2p3/1P4/5K w"), choices=False)""",
]

# The centre of what is drawn for the piece on a cell, and the box of a cell, on the page.
PIECE_CENTRE = """(root, id) => {
    const boxes = [...root.querySelectorAll(`.pb-pieces [data-cells="${id}"]`)].map(p => p.getBoundingClientRect());
    const x = Math.min(...boxes.map(b => b.x)), r = Math.max(...boxes.map(b => b.right));
    const y = Math.min(...boxes.map(b => b.y)), d = Math.max(...boxes.map(b => b.bottom));
    return [(x + r) / 2, (y + d) / 2];
}"""
CELL_BOX = """(root, id) => {
    const b = root.querySelector(`[data-cell="${id}"]`).getBoundingClientRect();
    return [b.x, b.y, b.right, b.bottom];
}"""


@pytest.fixture
def boards(page, lab):
    cosmic = open_board(page, lab, "manners.ipynb", CELLS, position=COSMIC_START)
    return cosmic, board(page, 1), board(page, 2)


def test_resigning_asks_first(page, boards):
    _, kelasu, _ = boards
    kelasu.get_by_role("button", name="Resign").click()
    question = kelasu.locator(".pb-confirm")
    assert question.inner_text() == "Resign? This ends the game (red wins: blue resigned)."
    kelasu.get_by_role("button", name="No", exact=True).click()
    assert question.count() == 0 and kelasu.get_attribute("data-moves") == "0"
    kelasu.get_by_role("button", name="Resign").click()
    kelasu.get_by_role("button", name="Yes, resign").click()
    wait_for_attr(kelasu, "data-over", "true")
    assert kelasu.locator(".pb-status").inner_text().startswith("Game over. Red wins")


def test_in_a_chain_of_jumps_the_piece_moves_along_with_each_click(page, boards):
    _, _, chain = boards
    click(chain, "b2")
    click(chain, "d4")
    # The pawn stands on d4 while the board waits for the next jump (or Stop here).
    x, y = chain.evaluate(PIECE_CENTRE, "b2")
    left, top, right, bottom = chain.evaluate(CELL_BOX, "d4")
    assert left < x < right and top < y < bottom
    assert lit_cells(chain) == ["f6"]
    click(chain, "f6")
    wait_for_move(chain, "b2xd4xf6")


def test_picking_a_piece_moves_nothing_under_the_board(page, boards):
    _, _, chain = boards  # a board with no buttons for choices: its row is empty until a piece is picked
    # Where the evaluation, the buttons and the moves stand, from the board's top edge.
    below = """root => ['.pb-eval', '.pb-controls', '.pb-moves'].map(
        s => root.querySelector(s).getBoundingClientRect().y - root.getBoundingClientRect().y)"""
    chain.scroll_into_view_if_needed()
    before = chain.evaluate(below)
    click(chain, "b2")
    assert chain.get_by_role("button", name="Cancel").is_visible()
    assert chain.evaluate(below) == before


def test_the_editor_shows_no_result_and_refuses_a_kingless_position_on_done(page, boards):
    cosmic, _, _ = boards
    cosmic.get_by_role("button", name="Edit position").click()
    wait_for_attr(cosmic, "data-editing", "true")
    editor = cosmic.locator(".pb-editor")
    # With White to move Black's king cannot be gone (White would have taken it
    # on a move of its own), so the editor refuses that draft at once:
    editor.get_by_role("button", name="Empty", exact=True).click()
    click(cosmic, "f6")  # Black's king
    editor.locator(".pb-edit-error", has_text="black king").wait_for(timeout=60000)
    # With Black to move it is a finished game, refused only on Done.
    editor.get_by_role("button", name="black", exact=True).click()
    editor.locator('.pb-sides button[aria-pressed="true"]', has_text="black").wait_for(timeout=60000)
    click(cosmic, "f6")
    wait_for_position(cosmic, "3nr1/3pnr/4pn/NP4/RNP3/KRN3 b")
    assert cosmic.locator(".pb-status").inner_text() == "Editing the position"
    assert cosmic.locator(".pb-status.pb-over").count() == 0
    editor.get_by_role("button", name="Done").click()
    editor.locator(".pb-edit-error", has_text="no game to play").wait_for(timeout=60000)
    assert "black king" in editor.locator(".pb-edit-error").inner_text()
    assert cosmic.get_attribute("data-editing") == "true"
    # The keyboard edits too: the king goes back with Enter on its cell, and Done is taken.
    editor.get_by_role("button", name="black king", exact=True).click()
    cosmic.locator('[data-cell="f6"]').focus()
    page.keyboard.press("Enter")
    wait_for_position(cosmic, COSMIC_START[:-1] + "b")
    editor.get_by_role("button", name="Done").click()
    wait_for_attr(cosmic, "data-editing", "false")


def test_one_line_says_what_the_mouse_and_keys_do_and_buttons_draw_their_icons(page, boards):
    cosmic, _, _ = boards
    summary = cosmic.locator(".pb-help summary")
    line = summary.inner_text()
    assert line == "Right button draws arrows; arrow keys step through moves; Flip turns the board"
    # One line: less high than two lines of its letters.
    assert summary.bounding_box()["height"] < 2 * summary.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert cosmic.locator(".pb-help-text").is_hidden()
    summary.click()
    assert "Enter picks a piece" in cosmic.locator(".pb-help-text").inner_text()
    # No symbol a font may lack: each button is an icon drawn in SVG and a plain word.
    buttons = cosmic.locator(".pb-controls button, button.pb-edit-open").all()
    assert len(buttons) == 6
    for button in buttons:
        assert button.locator("svg.pb-icon path").count() == 1
        assert re.fullmatch(r"[A-Za-z ]+", button.inner_text().strip()), button.inner_text()


def test_cells_are_named_for_a_screen_reader_and_played_with_the_keyboard(page, boards):
    cosmic, _, _ = boards
    assert cosmic.locator("svg.pb-board").get_attribute("aria-label") == "Cosmic Chess board: White to move"
    assert cosmic.locator('[data-cell="c2"]').get_attribute("aria-label") == "c2: white pawn"
    assert cosmic.locator('[data-cell="d3"]').get_attribute("aria-label") == "d3: empty"
    assert cosmic.get_by_role("button", name="a1: white king").count() == 1
    # Tab from the board reaches its cells; the arrows walk to c2, Enter picks the pawn up.
    cosmic.focus()
    page.keyboard.press("Tab")
    start = cosmic.get_attribute("data-focus")
    assert start is not None
    files = "abcdef"
    dx, dy = files.index("c") - files.index(start[0]), 2 - int(start[1])
    for _ in range(abs(dx)):
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")
    assert cosmic.get_attribute("data-focus") == "c2"
    page.keyboard.press("Enter")
    assert cells_under(cosmic, ".pb-hl-selected") == ["c2"] and lit_cells(cosmic) == ["d1", "d3"]
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    assert cosmic.get_attribute("data-focus") == "d3"
    page.keyboard.press("Enter")  # dropped on d3
    wait_for_move(cosmic, "c2-d3")
    # The keyboard stays on d3 of the new board; there [ and ] step through the moves.
    assert page.evaluate("document.activeElement.getAttribute('data-cell')") == "d3"
    page.keyboard.press("[")
    wait_for_attr(cosmic, "data-cursor", "0")
    page.keyboard.press("]")
    wait_for_attr(cosmic, "data-cursor", "1")
