"""Saved tutorials show their boards when opened, before anything runs.

JupyterLab does not trust a notebook it did not save itself: it shows only
the outputs its sanitizer allows, so a live board's saved view falls back to
the picture saved beside it (an ``<img>`` of the board's SVG).  Every saved
board output must show that picture, loaded, and none its plain text; and
the cells that set up exercises (holding their answers) open folded."""

import json

import pytest

from .lab import ROOT, open_notebook

pytestmark = pytest.mark.browser

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def saved_boards(path) -> int:
    """How many live boards the saved notebook displays."""
    nb = json.loads(path.read_text())
    return sum(WIDGET_VIEW in out.get("data", {}) for cell in nb["cells"] for out in cell.get("outputs", []))


def saved_pictures(path) -> int:
    """How many of the saved boards are pictures (the others are hot-seat
    curtains, saved as words)."""
    nb = json.loads(path.read_text())
    return sum("".join(out["data"].get("text/html", "")).startswith("<img")
               for cell in nb["cells"] for out in cell.get("outputs", []) if WIDGET_VIEW in out.get("data", {}))


def folded(path) -> int:
    """How many code cells the saved notebook keeps folded."""
    nb = json.loads(path.read_text())
    return sum(cell["metadata"].get("jupyter", {}).get("source_hidden", False) for cell in nb["cells"])


NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb") if saved_boards(p))


def test_the_tutorials_have_live_boards():
    assert {"00_start_here.ipynb", "cosmic_chess.ipynb", "kelasu.ipynb"} <= set(NOTEBOOKS)


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
