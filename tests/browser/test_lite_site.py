"""The tutorials in a browser with no server: the JupyterLite site that
``playbook lite`` builds, served on 127.0.0.1 and played in headless
Chromium with every other host out of reach.

The first test opens the Cosmic Chess tutorial, waits for the kernel
(Pyodide, in the page), and solves its first exercise by clicks on the
board; the second reloads the page and finds the exercise still solved,
the progress file being on the site's drive in the browser's storage.
Every wait is for something the page shows, never for a time."""

import re

import pytest

from .lab import chromium_path, click, run_all, wait_for_move, wait_for_position
from .lite import OFFLINE_ARGS, block_other_hosts, open_lite_notebook

pytestmark = pytest.mark.browser

NOTEBOOK = "cosmic_chess.ipynb"
# The first exercise: "Free a rook with White's first move." from the starting position.
START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"


@pytest.fixture(scope="module")
def site(lite_site):
    """The site's base URL (built once a test session)."""
    return lite_site


@pytest.fixture(scope="module")
def offline(site, playwright):
    """One browser page, kept for the module's tests (the second reloads
    what the first did), with the hosts it tried that were refused."""
    refused: list[str] = []
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    block_other_hosts(context, refused)
    page = context.new_page()
    # A reload with the notebook changed asks first: leave.
    page.on("dialog", lambda dialog: dialog.accept())
    yield page, refused
    context.close()
    browser.close()


def exercise_board(page, check_source: str):
    """The board nearest above the cell whose source is ``check_source``
    (in the notebook shown), and that cell."""
    # Run All has reached the check cell once it shows an output, and the board above it is drawn.
    page.wait_for_function("""src => {
        const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
        const i = cells.findIndex(c => c.querySelector('.jp-InputArea-editor')?.textContent?.trim() === src);
        return i > 0 && !!cells[i].querySelector('.jp-OutputArea-output')
            && cells.slice(0, i).some(c => c.querySelector('.pb-widget [data-cell]'));
    }""", arg=check_source, timeout=180000)
    cells = page.locator(".jp-Notebook:visible .jp-Cell")
    found = cells.evaluate_all("""cells => cells.map(c => [
        c.querySelector('.jp-InputArea-editor')?.textContent?.trim(), !!c.querySelector('.pb-widget')])""")
    index = next(i for i, (text, _) in enumerate(found) if text == check_source)
    above = max(i for i, (_, has_board) in enumerate(found[:index]) if has_board)
    return cells.nth(above).locator(".pb-widget"), cells.nth(index)


def test_a_tutorials_first_exercise_is_solved_by_clicks_in_the_offline_site(offline, site):
    page, refused = offline
    open_lite_notebook(page, site, NOTEBOOK)
    run_all(page)
    widget, check_cell = exercise_board(page, "setup_exercise.check()")
    widget.locator("[data-cell]").first.wait_for(timeout=60000)
    wait_for_position(widget, START)
    click(widget, "c1")
    click(widget, "e2")
    wait_for_move(widget, "c1-e2")
    check_cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    check_cell.locator(".jp-OutputArea-output").filter(has_text="Right: c1-e2.").wait_for(timeout=60000)
    assert refused == []


def test_the_solved_exercise_is_still_solved_after_a_reload(offline, site):
    page, refused = offline
    page.reload()
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=120000)
    page.get_by_text("| Idle").wait_for(timeout=180000)
    run_all(page)
    # The run cleared the summary the notebook was saved with (0 of 5): this one is the kernel's.
    summary = page.locator(".jp-Notebook:visible .jp-OutputArea-output").filter(
        has_text=re.compile(r"Exercises solved in Cosmic Chess, part 1: \d+ of 5"))
    assert "part 1: 1 of 5" in summary.inner_text()
    assert refused == []
