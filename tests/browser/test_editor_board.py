"""The position editor on a real board: pick a piece (shown pressed), click
cells to place and empty them, set the side to move, paste a position; a
refused edit shows its reason and changes nothing; Done plays on from the
edited position."""

import pytest

from .lab import COSMIC_START, click, open_board, position, wait_for_attr, wait_for_position

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
board = BoardWidget(load("cosmic"), editor=True)
board"""


def test_edit_a_position_by_clicks_and_text(page, lab):
    widget = open_board(page, lab, "editor.ipynb", [SETUP], position=COSMIC_START)
    widget.get_by_role("button", name="Edit position").click()
    wait_for_attr(widget, "data-editing", "true")
    editor = widget.locator(".pb-editor")

    # Empty a2 (White's rook), then put a white rook on d4.
    editor.get_by_role("button", name="Empty", exact=True).click()
    assert editor.locator('.pb-palette button[aria-pressed="true"]').get_attribute("aria-label") == "Empty"
    click(widget, "a2")
    wait_for_position(widget, "3nrk/3pnr/4pn/NP4/1NP3/KRN3 w")
    editor.get_by_role("button", name="white rook", exact=True).click()
    assert editor.locator('.pb-palette button[aria-pressed="true"]').get_attribute("aria-label") == "white rook"
    click(widget, "d4")
    wait_for_position(widget, "3nrk/3pnr/3Rpn/NP4/1NP3/KRN3 w")

    # A third white rook is refused with the reason; the position stays.
    click(widget, "e3")
    editor.locator(".pb-edit-error", has_text="a set holds 2").wait_for(timeout=60000)
    assert position(widget) == "3nrk/3pnr/3Rpn/NP4/1NP3/KRN3 w"

    # Black to move, shown pressed; the text box follows the position.
    assert editor.locator('.pb-sides button[aria-pressed="true"]').inner_text() == "white"
    editor.get_by_role("button", name="black", exact=True).click()
    wait_for_position(widget, "3nrk/3pnr/3Rpn/NP4/1NP3/KRN3 b")
    editor.locator('.pb-sides button[aria-pressed="true"]', has_text="black").wait_for(timeout=60000)
    assert editor.locator('.pb-sides button[aria-pressed="true"]').count() == 1
    text = editor.get_by_role("textbox", name="Position text")
    assert text.input_value() == "3nrk/3pnr/3Rpn/NP4/1NP3/KRN3 b"

    # A pasted position the game refuses is shown with the reason, never played.
    text.fill("3nrk/3pnr/3Rpn/NP4/1NP3/KRN3 x")
    editor.get_by_role("button", name="Apply text").click()
    editor.locator(".pb-edit-error", has_text="side to move").wait_for(timeout=60000)
    assert position(widget) == "3nrk/3pnr/3Rpn/NP4/1NP3/KRN3 b"
    text.fill("kp4/6/6/6/6/P4K w")
    editor.get_by_role("button", name="Apply text").click()
    wait_for_position(widget, "kp4/6/6/6/6/P4K w")
    assert editor.locator(".pb-edit-error").is_hidden()

    # Done: the board plays on from the edited position.
    editor.get_by_role("button", name="Done").click()
    wait_for_attr(widget, "data-editing", "false")
    click(widget, "f1")
    click(widget, "e2")
    wait_for_position(widget, "kp4/6/6/6/4K1/P5 b 1")
