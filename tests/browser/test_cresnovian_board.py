"""Cresnovian Chess on a real board: an ability entered with a cell, a button
and a cell; DOCUMENT typed into the text box, refused with the wrong number
of words and accepted with nine."""

import pytest

from playbook import load

from .lab import click, open_board, position, wait_for_move, wait_for_refusals

pytestmark = pytest.mark.browser

SETUP = """from playbook import load, BoardWidget
game = load("cresnovian")
board = BoardWidget(game.setup({"A1": "duality 3Q", "B2": "essence 4Q", "I1": "cosmos 7Q", "D3": "velocity 0Q",
                                "E3": "radiance 0Q", "F3": "corporeality 0Q", "D2": "innervation 0Q",
                                "E2": "caprice 0Q", "F2": "cognizance 0Q"}))
board"""

GAME = load("cresnovian")


def test_cut_by_clicks_and_document_by_typing(page, lab):
    widget = open_board(page, lab, "cresnovian_board.ipynb", [SETUP])
    click(widget, "A1")
    widget.get_by_role("button", name="Cut").click()
    click(widget, "I1")
    wait_for_move(widget, "perform A1 cut I1")
    state = GAME.parse(position(widget))
    assert (state.piece("cosmos").code(), state.piece("duality").code()) == ("3Q", "2Q")

    # The other side documents: eight words are refused, nine accepted.
    widget.get_by_role("button", name="Document").click()
    box = widget.locator("input.pb-text")
    box.fill("only eight words here and that is all")
    box.press("Enter")
    wait_for_refusals(widget, 1)
    assert "nine words" in widget.locator(".pb-status").inner_text()
    widget.get_by_role("button", name="Document").click()
    box = widget.locator("input.pb-text")
    box.fill("the moon rose over nine quiet hills of salt")
    box.press("Enter")
    wait_for_move(widget, "document the moon rose over nine quiet hills of salt")
    assert " ".join(GAME.parse(position(widget)).poem) == "the moon rose over nine quiet hills of salt"
