"""A run saved in the JupyterLite site and the page reloaded: the site
keeps the notebook in the browser's storage, and the reloaded notebook
shows every board (its picture, the kernel being new), opens unmodified,
and logs no error; what a save stores stays about the size of the shipped
notebook, whose outputs are those of a run.  Notebooks restored behind
the one shown start their kernel and draw their cells only when shown.
Offline: no request leaves 127.0.0.1."""

from __future__ import annotations

import json

import pytest

from .lab import DIRTY, ROOT, run_all, saved_board_count, wait_for_boards
from .lite import KERNELS, open_lite_notebook, saved_size, workers_settled_at

pytestmark = pytest.mark.browser

NOTEBOOK = "chess_wheel.ipynb"


def unmodified_when_opened(page) -> bool:
    """Whether the notebook shown, its kernel idle and its pictures loaded, has no modified mark."""
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img.pb-picture')].every((i) => i.complete)",
        timeout=60000)
    page.locator(".lm-TabBar-tab.jp-mod-current").first.wait_for(timeout=60000)
    return page.locator(DIRTY).count() == 0


def test_a_run_saved_and_reloaded_shows_its_boards_unmodified_with_no_error(offline_page, lite_site):
    page, refused, errors = offline_page
    boards = saved_board_count(ROOT / "notebooks" / NOTEBOOK)
    shipped = (ROOT / "notebooks" / NOTEBOOK).stat().st_size
    open_lite_notebook(page, lite_site, NOTEBOOK)
    assert unmodified_when_opened(page), f"{NOTEBOOK} is marked modified as soon as the site opens it"
    run_all(page)
    wait_for_boards(page, boards, {"live"})
    page.locator(".lm-TabBar-tab.jp-mod-current").first.click()
    page.keyboard.press("Control+s")
    page.locator(DIRTY).first.wait_for(state="detached", timeout=60000)
    # The shipped file holds a run's outputs already: a save adds a tenth at most.
    size = saved_size(page, NOTEBOOK)
    assert size <= 1.1 * shipped, f"a saved run of {NOTEBOOK} takes {size} bytes, the shipped one {shipped}"
    page.reload()
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=120000)
    page.get_by_text("| Idle").wait_for(timeout=180000)
    wait_for_boards(page, boards, {"picture", "live"})
    assert unmodified_when_opened(page), f"{NOTEBOOK} is marked modified when the reloaded site opens it"
    assert errors == []
    assert refused == []


# How many cells the open notebooks have drawn: those shown, or (given true) those hidden behind another.
DRAWN = """(hidden) => [...document.querySelectorAll('.jp-NotebookPanel')]
    .filter((panel) => panel.classList.contains('lm-mod-hidden') === hidden)
    .reduce((count, panel) => count + panel.querySelectorAll('.jp-Cell').length, 0)"""


def cell_count(name: str) -> int:
    """How many cells the shipped notebook ``name`` has."""
    return len(json.loads((ROOT / "notebooks" / name).read_text())["cells"])



def test_restored_notebooks_start_their_python_and_draw_their_cells_when_shown(offline_page, lite_site):
    page, refused, errors = offline_page
    # Each kernel is a Python in a worker of the page: opening a notebook starts one, however early.
    open_lite_notebook(page, lite_site, "kelasu.ipynb")
    assert workers_settled_at(page, 1) == 1
    for name in ("ccc.ipynb", NOTEBOOK):  # each opened from its address, as a link does; the others are restored
        open_lite_notebook(page, lite_site, name)
    page.reload()
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=120000)
    page.get_by_text("| Idle").wait_for(timeout=180000)
    # Three notebooks restored (each toolbar drawn, the hidden ones' too): the
    # one shown has its kernel, the two behind it none yet.
    assert page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab").count() == 3
    page.wait_for_function(f"() => ({KERNELS})().length === 3", timeout=60000)
    assert sorted(page.evaluate(KERNELS)) == ["No Kernel", "No Kernel", "Python (Pyodide)"]
    assert workers_settled_at(page, 1) == 1
    # The one shown draws all its cells, and the two behind it none, however
    # long (drawing them took the page from the shown one's kernel).
    page.wait_for_function(f"(hidden) => ({DRAWN})(hidden) === {cell_count(NOTEBOOK)}", arg=False, timeout=60000)
    assert page.evaluate(DRAWN, True) == 0
    # Shown, a restored notebook draws its cells and starts its own kernel.
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="kelasu.ipynb").click()
    page.wait_for_function(f"(hidden) => ({DRAWN})(hidden) === {cell_count('kelasu.ipynb')}", arg=False,
                           timeout=60000)
    page.wait_for_function(f"() => ({KERNELS})().filter((k) => k === 'Python (Pyodide)').length === 2", timeout=60000)
    page.get_by_text("| Idle").wait_for(timeout=180000)
    assert workers_settled_at(page, 2) == 2
    # Its boards come alive: the widgets' manager waited for its kernel (it gave up on a notebook with none).
    run_all(page)
    page.locator(".jp-Notebook:visible .pb-widget[data-position]").first.wait_for(timeout=120000)
    assert errors == []
    assert refused == []
