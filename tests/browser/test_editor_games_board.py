"""The position editor of a CCC board in JupyterLab: a Flat placed on a
Flat makes a stack, a second Cube is refused with its reason, and the side
to move shows pressed."""

import pytest

from .lab import click, open_board, position, wait_for_position

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
board = BoardWidget(load("ccc").setup({"a1": "L", "a10": "l", "d4": "F"}), editor=True)
board"""


def test_stack_flats_refuse_a_second_cube_and_set_the_side_to_move(page, lab):
    from playbook import load

    start = load("ccc").setup({"a1": "L", "a10": "l", "d4": "F"})
    widget = open_board(page, lab, "editor_ccc.ipynb", [SETUP], position=start.to_text())
    widget.get_by_role("button", name="Edit position").click()
    editor = widget.locator(".pb-editor")
    editor.wait_for(timeout=60000)
    pressed = editor.locator('.pb-sides button[aria-pressed="true"]')
    assert pressed.inner_text() == "white"

    # The first palette piece is White's Flat: on the Flat on d4 it makes a Flat Stack.
    assert editor.locator('.pb-palette button[aria-pressed="true"]').get_attribute("aria-label") == "white Flat"
    click(widget, "d4")
    stacked = start.edit("d4", "F")
    wait_for_position(widget, stacked.to_text())
    assert stacked.to_text().splitlines()[7].split()[4] == "FF"  # rank 4, file d

    # One Cube is placed; a second is refused with the set's count, and the position stays.
    editor.get_by_role("button", name="white Cube", exact=True).click()
    click(widget, "e5")
    with_cube = stacked.edit("e5", "C")
    wait_for_position(widget, with_cube.to_text())
    click(widget, "f5")
    editor.locator(".pb-edit-error", has_text="a set has 1").wait_for(timeout=60000)
    assert position(widget) == with_cube.to_text()

    # Black to move: its button shows pressed.
    editor.get_by_role("button", name="black", exact=True).click()
    wait_for_position(widget, with_cube.edit(to_move="black").to_text())
    editor.locator('.pb-sides button[aria-pressed="true"]', has_text="black").wait_for(timeout=60000)
    assert pressed.count() == 1
