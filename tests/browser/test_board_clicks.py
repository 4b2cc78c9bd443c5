"""Clicking real boards in JupyterLab: the Cosmic Chess tutorial's first board,
undo, and a chain of jumps entered click by click."""

import pytest

from .lab import board, open_notebook, run_all, run_code

pytestmark = pytest.mark.browser

START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


def targets(widget):
    """Cells currently highlighted as targets, read from the overlay the front end draws."""
    return widget.evaluate(
        """(root) => {
            const svg = root.querySelector('svg');
            const out = [];
            for (const c of svg.querySelectorAll('.pb-hl-target')) {
              const x = +c.getAttribute('cx'), y = +c.getAttribute('cy');
              for (const r of svg.querySelectorAll('[data-cell]')) {
                const rx = +r.getAttribute('x'), ry = +r.getAttribute('y');
                if (x > rx && x < rx + +r.getAttribute('width') && y > ry && y < ry + +r.getAttribute('height'))
                  out.push(r.getAttribute('data-cell'));
              }
            }
            return out.sort();
        }"""
    )


def click(widget, cell):
    widget.locator(f'[data-cell="{cell}"]').click()


def test_click_a_pawn_see_targets_move_and_undo(page, lab):
    open_notebook(page, lab, "cosmic_chess.ipynb")
    run_all(page)
    widget = board(page, 0)
    assert run_code(page, "print(board.state.to_text())") == START
    click(widget, "c2")
    assert targets(widget) == ["d1", "d3"]
    click(widget, "d3")
    page.wait_for_function(
        "() => document.querySelector('.pb-widget .pb-moves').textContent.includes('c2-d3')", timeout=30000
    )
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
    assert targets(widget) == ["a1", "a3", "c1", "d4"]
    click(widget, "d4")
    # d4 is a whole capture already, and the chain may go on to f6.
    assert targets(widget) == ["f6"]
    assert widget.get_by_role("button", name="Stop here").is_visible()
    click(widget, "f6")
    page.wait_for_function(
        "() => document.querySelector('.pb-widget .pb-moves').textContent.includes('b2xd4xf6')", timeout=30000
    )
    assert run_code(page, "print(board.state.to_text(), board.state.outcome)") == (
        "k4P/6/6/6/6/5K b white wins: black has only its king left; white has more pieces (2 to 1)"
    )
