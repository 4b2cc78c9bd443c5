"""Driving a notebook in JupyterLab from Playwright: open, run, add cells, read output."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from playbook.checks.lab import (  # noqa: F401
    CHROMIUM_ARGS,
    board,
    chromium_path,
    click,
    open_notebook,
    run_all,
    wait_for_move,
    write_notebook,
)
from playbook.checks.lab import running_lab as _running_lab

ROOT = Path(__file__).resolve().parents[2]
# Cosmic Chess's starting position, as the kernel publishes it.
COSMIC_START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"
#: The tab of the notebook shown, marked while it has unsaved changes.
DIRTY = ".lm-TabBar-tab.jp-mod-current.jp-mod-dirty"


def running_lab(home: Path):
    """JupyterLab serving a copy of notebooks/ (see :func:`playbook.checks.lab.running_lab`)."""
    return _running_lab(home, ROOT / "notebooks")


#: A widget's output in a notebook JupyterLab trusts (JupyterLab's own
#: renderers mark their outputs with ``data-mime-type``; the widgets' one does not).
BOARD_OUTPUTS = ".jp-OutputArea-output:not([data-mime-type])"

# How each board output of the page shows: "live" (a drawn board), "picture" (its
# saved picture, loaded), or the text it shows instead ("Error displaying widget:
# model not found", "Loading widget...").
SHOWN = """(selector) => [...document.querySelectorAll(selector)].map((o) => {
    if (o.querySelector('.pb-widget [data-cell]')) return 'live';
    const img = o.querySelector('img.pb-picture');
    if (img) return img.complete && img.naturalWidth > 100 ? 'picture' : 'loading picture';
    return o.textContent.trim() || 'empty';
})"""


def boards_shown(page) -> list[str]:
    """How each board output of the notebook shown is drawn ("live",
    "picture"), or what it shows instead."""
    return page.evaluate(SHOWN, BOARD_OUTPUTS)


def wait_for_boards(page, count: int, how: set[str]) -> list[str]:
    """Wait until the page shows ``count`` board outputs, each drawn in one
    of the ways ``how`` names; returns how they are shown.  On timeout the
    error says what the boards showed."""
    try:
        page.wait_for_function(
            f"([sel, n, how]) => {{ const s = ({SHOWN})(sel); "
            "return s.length === n && s.every((x) => how.includes(x)); }",
            arg=[BOARD_OUTPUTS, count, sorted(how)], timeout=60000)
    except PlaywrightTimeout:
        shown = boards_shown(page)
        raise AssertionError(f"expected {count} boards drawn ({sorted(how)}), the page shows {shown}") from None
    return boards_shown(page)


def saved_board_count(path: Path) -> int:
    """How many board outputs (a widget's view) the notebook file at ``path`` holds."""
    nb = json.loads(path.read_text())
    return sum("application/vnd.jupyter.widget-view+json" in out.get("data", {})
               for cell in nb["cells"] for out in cell.get("outputs", []))


def save(page, path: Path) -> None:
    """Save the notebook shown (Ctrl+S, whether or not it is marked
    modified) and wait until the server has written ``path`` and the tab
    has no modified mark.  The file is read from disk, never through the
    server while it writes (a read that meets a half-written notebook makes
    the server put the previous file back)."""
    before = path.stat().st_mtime_ns
    page.locator(".lm-TabBar-tab.jp-mod-current").first.click()
    page.keyboard.press("Control+s")
    # The status bar says so once the server has answered, so the file is whole.
    page.locator(".jp-StatusBar-Widget").filter(has_text="Saving completed").first.wait_for(timeout=60000)
    page.locator(DIRTY).first.wait_for(state="detached", timeout=60000)
    assert path.stat().st_mtime_ns != before, f"{path.name} was not written by Ctrl+S"


def leave_and_shut_down(page, lab) -> None:
    """Leave the page, as a user closes the tab (so nothing in it saves the
    notebook again), and shut every kernel of the server down (it answers
    once they are gone)."""
    page.on("dialog", lambda dialog: dialog.accept())  # leave even if the page asks to stay
    page.goto("about:blank")
    base, token, _ = lab
    with urllib.request.urlopen(f"{base}/api/kernels?token={token}") as answer:
        kernels = json.load(answer)
    for kernel in kernels:
        urllib.request.urlopen(urllib.request.Request(f"{base}/api/kernels/{kernel['id']}?token={token}",
                                                      method="DELETE"))


def settled(page) -> None:
    """Wait until the notebook shown has its kernel idle and every saved
    picture loaded: what opening it does is done."""
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img.pb-picture')].every((i) => i.complete)",
        timeout=60000)
    page.locator(".lm-TabBar-tab.jp-mod-current").first.wait_for(timeout=60000)


def open_board(page, lab, name: str, cells: list[str] | None = None, *, position: str | None = None,
               wait_idle: bool = True):
    """Open notebook ``name`` in the lab, run all its cells and return its
    first board once it is drawn (the next ones are ``board(page, 1)``, ...).

    With ``cells`` the notebook is first written into the lab's root with
    those code cells; without, ``name`` is a notebook already there (a
    tutorial).  With ``position`` it also waits until the kernel has
    published that position to the board.  ``wait_idle`` is passed to
    :func:`run_all`: False for a notebook whose last cell keeps the kernel
    busy on purpose."""
    if cells is not None:
        write_notebook(lab[2], name, cells)
    open_notebook(page, lab, name)
    run_all(page, wait=wait_idle)
    widget = board(page)
    if position is not None:
        wait_for_position(widget, position)
    return widget


def wait_for_attr(widget, name: str, value: str | None) -> None:
    """Wait until the board's attribute ``name`` reads ``value`` exactly, or
    is gone when ``value`` is None.  board.js publishes what it shows in
    ``data-`` attributes (``data-moves``, ``data-cursor``, ``data-over``,
    ``data-hint-level``, ``data-dragging``, ...), so a test waits for the
    board itself, never for a fixed time."""
    widget.page.wait_for_function(
        "([el, name, v]) => el.getAttribute(name) === v", arg=[widget.element_handle(), name, value], timeout=60000
    )


def wait_for_position(widget, text: str) -> None:
    """Wait until the kernel has published position ``text`` to the board
    (board.js copies it to the widget's ``data-position`` attribute)."""
    wait_for_attr(widget, "data-position", text)


def position(widget) -> str:
    """The position text the kernel last published to the board."""
    return widget.get_attribute("data-position")


def wait_for_refusals(widget, count: int) -> None:
    """Wait until the board has received ``count`` refusals from the kernel."""
    widget.page.wait_for_function(
        "([el, n]) => Number(el.dataset.refusals) >= n", arg=[widget.element_handle(), count], timeout=60000
    )


# The cells under the board's overlay shapes that match a selector, sorted.
# A circle (a target's dot or ring) stands for the cell under its centre; a
# rectangle (a hint's mark, drawn over its whole cell) for the cell under its
# top-left corner moved one unit inwards.
CELLS_UNDER = """(root, selector) => {
    const svg = root.querySelector('svg');
    const out = [];
    for (const s of svg.querySelectorAll(selector)) {
      const circle = s.hasAttribute('cx');
      const x = circle ? +s.getAttribute('cx') : +s.getAttribute('x') + 1;
      const y = circle ? +s.getAttribute('cy') : +s.getAttribute('y') + 1;
      for (const r of svg.querySelectorAll('[data-cell]')) {
        const rx = +r.getAttribute('x'), ry = +r.getAttribute('y');
        if (x > rx && x < rx + +r.getAttribute('width') && y > ry && y < ry + +r.getAttribute('height'))
          out.push(r.getAttribute('data-cell'));
      }
    }
    return out.sort();
}"""


def cells_under(widget, selector: str) -> list[str]:
    """The cells under the board's overlay shapes matching ``selector``
    (``.pb-hl-dot`` empty targets, ``.pb-hl-ring`` targets with a piece,
    ``.pb-hint`` the hint's cells), sorted."""
    return widget.evaluate(CELLS_UNDER, selector)


def lit_cells(widget) -> list[str]:
    """The cells the front end has lit as targets (dots and rings), sorted."""
    return cells_under(widget, ".pb-hl-target")
