"""Saved notebooks show their boards when opened, before anything runs.

JupyterLab does not trust a notebook it did not save itself: it shows only
the outputs its sanitizer allows (no SVG), so a live board's saved view and
a position shown as a cell's value both fall back to a picture (an
``<img>`` of the board's SVG), as wide as the live board that replaces it.
Every saved board output must show that picture, loaded, and none its
plain text; and the cells that set up exercises (holding their answers)
open folded.  A notebook JupyterLab saved itself after running is trusted;
reopened without its kernel, its boards show the same pictures
(tests/browser/test_reopened_boards.py)."""

import json

import pytest
from IPython.core.formatters import DisplayFormatter

from playbook import BoardWidget, load, render

from .lab import ROOT, board, open_notebook, run_all

pytestmark = pytest.mark.browser

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def saved_boards(path) -> int:
    """How many boards the saved notebook displays: live boards and
    pictures of positions."""
    nb = json.loads(path.read_text())
    return sum(WIDGET_VIEW in out.get("data", {}) or "pb-picture" in "".join(out.get("data", {}).get("text/html", ""))
               for cell in nb["cells"] for out in cell.get("outputs", []))


def saved_pictures(path) -> int:
    """How many of the saved boards are pictures (the others are hot-seat
    curtains, saved as words)."""
    nb = json.loads(path.read_text())
    return sum("<img" in html and "pb-picture" in html
               for html in ("".join(out.get("data", {}).get("text/html", ""))
                            for cell in nb["cells"] for out in cell.get("outputs", [])))


def folded(path) -> int:
    """How many code cells the saved notebook keeps folded."""
    nb = json.loads(path.read_text())
    return sum(cell["metadata"].get("jupyter", {}).get("source_hidden", False) for cell in nb["cells"])


NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb") if saved_boards(p))


def test_the_tutorials_have_live_boards():
    assert {"00_start_here.ipynb", "cosmic_chess.ipynb", "kelasu.ipynb"} <= set(NOTEBOOKS)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_board_a_tutorial_saved_as_svg_has_its_picture_beside_it(name):
    # SVG alone shows as the position's text in a notebook JupyterLab does not trust.
    nb = json.loads((ROOT / "notebooks" / name).read_text())
    outputs = [out.get("data", {}) for cell in nb["cells"] for out in cell.get("outputs", [])]
    bare = [data["text/plain"] for data in outputs if "image/svg+xml" in data and "text/html" not in data]
    assert bare == []


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_saved_tutorial_shows_its_boards_before_anything_runs(page, lab, name):
    open_notebook(page, lab, name)
    expected = saved_boards(lab[2] / name)
    # A board behind a hot-seat curtain saves the curtain's words instead of a picture.
    page.wait_for_function(
        """([n, pictures]) => {
            const shown = [...document.querySelectorAll('.jp-OutputArea-output .pb-picture')];
            const imgs = shown.filter((e) => e.tagName === 'IMG');
            return shown.length === n && imgs.length === pictures && imgs.every((i) => i.complete && i.naturalWidth > 100);
        }""",
        arg=[expected, saved_pictures(lab[2] / name)], timeout=60000,
    )
    assert page.locator(".jp-OutputArea-output", has_text="BoardWidget(").count() == 0
    page.wait_for_function("(n) => document.querySelectorAll('.jp-InputPlaceholder').length === n",
                           arg=folded(lab[2] / name), timeout=60000)


# The widths, in pixels on the page, of the board pictures shown and of the
# live boards' drawings.
WIDTHS = """() => [
    [...document.querySelectorAll('.jp-OutputArea-output img.pb-picture')].map((i) => i.getBoundingClientRect().width),
    [...document.querySelectorAll('.pb-widget .pb-board-area svg')].map((s) => s.getBoundingClientRect().width),
]"""


SETUP = "from playbook import BoardWidget, load\nstate = load('cosmic').initial().play('c2-d3')\nBoardWidget(state)"


def test_an_untrusted_notebook_shows_a_position_as_a_picture_as_wide_as_the_live_board(page, lab):
    # A notebook saved elsewhere (as a fresh clone or Binder has it): not
    # signed, so JupyterLab does not trust it.
    state = load("cosmic").initial().play("c2-d3")
    assert SETUP.endswith("BoardWidget(state)")
    formatted, _ = DisplayFormatter().format(state)
    widget, _ = BoardWidget(state)._repr_mimebundle_()
    nb = {
        "cells": [
            {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": SETUP,
             "outputs": [{"output_type": "display_data", "metadata": {}, "data": widget}]},
            {"cell_type": "code", "metadata": {}, "execution_count": 2, "source": "state",
             "outputs": [{"output_type": "execute_result", "execution_count": 2, "metadata": {}, "data": formatted}]},
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    (lab[2] / "untrusted_position.ipynb").write_text(json.dumps(nb))
    open_notebook(page, lab, "untrusted_position.ipynb")
    page.wait_for_function(
        """() => {
            const imgs = [...document.querySelectorAll('.jp-OutputArea-output img.pb-picture')];
            return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 100);
        }""", timeout=60000)
    assert page.locator(".jp-OutputArea-output", has_text="<Cosmic Chess").count() == 0
    pictures, _ = page.evaluate(WIDTHS)
    assert pictures == [render.PICTURE_WIDTH, render.PICTURE_WIDTH]
    # Run, the live board takes the picture's place at the same width; the
    # position stays a picture.
    run_all(page)
    board(page)
    # The second cell's output comes back after the first's: wait for both.
    page.wait_for_function(
        f"() => {{ const [p, l] = ({WIDTHS})(); return p.length === 1 && l.length === 1 && l[0] > 0; }}",
        timeout=60000)
    pictures, live = page.evaluate(WIDTHS)
    assert pictures == [render.PICTURE_WIDTH] and live == [render.PICTURE_WIDTH]
