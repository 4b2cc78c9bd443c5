"""A notebook run, saved, closed and reopened, again and again, keeps its
boards: each shows the picture of its last position (the live view needs
the kernel that made it), never "model not found", however often
JupyterLab saved it in between, and opening it marks nothing modified.

A board's picture travels in its own output, beside the live view, and is
brought up to date as the board moves; nothing depends on the widget state
JupyterLab may or may not save with the notebook."""

from __future__ import annotations

import shutil

import pytest

from playbook import BoardWidget, load

from .lab import (
    DIRTY,
    ROOT,
    board,
    click,
    leave_and_shut_down,
    open_notebook,
    run_all,
    save,
    saved_board_count,
    settled,
    wait_for_boards,
    wait_for_move,
    write_notebook,
)

pytestmark = pytest.mark.browser


def reopen(page, lab, name: str, boards: int) -> list[str]:
    """Open ``name`` again, wait until opening is done, check the tab is not
    marked modified, and return how its boards show (each must be drawn)."""
    open_notebook(page, lab, name)
    settled(page)
    shown = wait_for_boards(page, boards, {"picture", "live"})
    assert page.locator(DIRTY).count() == 0, f"{name} is marked modified as soon as it is opened"
    return shown


def test_a_tutorial_keeps_its_boards_through_two_reopens_and_a_save_in_between(page, lab):
    name = "reopened_kelasu_part_2.ipynb"
    path = lab[2] / name
    shutil.copy(ROOT / "notebooks" / "kelasu_part_2.ipynb", path)
    boards = saved_board_count(path)
    assert boards >= 5
    open_notebook(page, lab, name)
    run_all(page)
    wait_for_boards(page, boards, {"live"})
    save(page, path)
    leave_and_shut_down(page, lab)
    # Reopened with no kernel: every board as its picture.
    assert reopen(page, lab, name, boards) == ["picture"] * boards
    # Saved again with nothing run, as JupyterLab's autosave does two minutes after opening.
    save(page, path)
    assert saved_board_count(path) == boards
    leave_and_shut_down(page, lab)
    assert reopen(page, lab, name, boards) == ["picture"] * boards
    assert page.get_by_text("model not found").count() == 0


def test_a_board_moved_by_a_click_is_reopened_at_its_last_position(page, lab):
    name = write_notebook(lab[2], "moved_board.ipynb", [
        "from playbook import BoardWidget, load\nboard = BoardWidget(load('cosmic'))\nboard",
    ])
    path = lab[2] / name
    open_notebook(page, lab, name)
    run_all(page)
    widget = board(page)
    click(widget, "c2")
    click(widget, "d3")
    wait_for_move(widget, "c2-d3")
    save(page, path)
    leave_and_shut_down(page, lab)
    # The picture the board shows after c2-d3, worked out here through the package's own API.
    moved = BoardWidget(load("cosmic"))
    moved.play("c2-d3")
    expected = moved.picture_html()
    for _ in range(2):
        assert reopen(page, lab, name, 1) == ["picture"]
        shown = page.locator("img.pb-picture").first.evaluate("(i) => i.outerHTML")
        assert src(shown) == src(expected), "the reopened board shows another position than its last"
        save(page, path)
        leave_and_shut_down(page, lab)


def src(img: str) -> str:
    """The ``src`` attribute of the ``<img>`` element ``img``."""
    import re

    found = re.search(r'src="([^"]*)"', img)
    assert found, img
    return found.group(1)
