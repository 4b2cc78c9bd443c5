"""Clicking real boards in JupyterLab: the Cosmic Chess tutorial's first board,
undo, and a chain of jumps entered click by click."""

import pytest

from .lab import board, lit_cells, open_notebook, run_all, run_code, wait_for_move

pytestmark = pytest.mark.browser

START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


def click(widget, cell):
    widget.locator(f'[data-cell="{cell}"]').click()


def test_click_a_pawn_see_targets_move_and_undo(page, lab):
    open_notebook(page, lab, "cosmic_chess.ipynb")
    run_all(page)
    widget = board(page, 0)
    assert run_code(page, "print(board.state.to_text())") == START
    click(widget, "c2")
    assert lit_cells(widget) == ["d1", "d3"]
    click(widget, "d3")
    wait_for_move(page, "c2-d3")
    assert run_code(page, "print(board.state.to_text())") == "3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b"
    widget.get_by_title("Undo").click()
    page.wait_for_function(
        "() => document.querySelector('.pb-widget .pb-move.pb-current').textContent === 'start'", timeout=30000
    )
    assert run_code(page, "print(board.state.to_text(), board.history)") == START + " []"


def test_a_chain_of_jumps_is_entered_click_by_click(page, lab):
    open_notebook(page, lab, "cosmic_chess.ipynb")
    run_all(page)
    run_code(page, 'board.state = game.parse("k5/4p1/6/2p3/1P4/5K w"); print("set")')
    widget = board(page, 0)
    # Wait for the new position to be drawn: b2 now holds a pawn.
    page.wait_for_function(
        "() => document.querySelector('.pb-widget [data-cell=\"b2\"] title')?.textContent === 'white pawn on b2'",
        timeout=30000,
    )
    click(widget, "b2")
    assert lit_cells(widget) == ["a1", "a3", "c1", "d4"]
    click(widget, "d4")
    # d4 is a whole capture already, and the chain may go on to f6.
    assert lit_cells(widget) == ["f6"]
    assert widget.get_by_role("button", name="Stop here").is_visible()
    click(widget, "f6")
    wait_for_move(page, "b2xd4xf6")
    assert run_code(page, "print(board.state.to_text(), board.state.outcome)") == (
        "k4P/6/6/6/6/5K b white wins: black has only its king left; white has more pieces (2 to 1)"
    )
