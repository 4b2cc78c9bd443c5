"""Driving a notebook in JupyterLab from Playwright: open, run, add cells, read output."""

from __future__ import annotations

from pathlib import Path

from playbook.checks.lab import (CHROMIUM_ARGS, board, chromium_path, click, open_notebook, run_all,  # noqa: F401
                                 wait_for_move, write_notebook)
from playbook.checks.lab import running_lab as _running_lab

ROOT = Path(__file__).resolve().parents[2]
# Cosmic Chess's starting position, as the kernel publishes it.
COSMIC_START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"
#: The tab of the notebook shown, marked while it has unsaved changes.
DIRTY = ".lm-TabBar-tab.jp-mod-current.jp-mod-dirty"


def running_lab(home: Path):
    """JupyterLab serving a copy of notebooks/ (see :func:`playbook.checks.lab.running_lab`)."""
    return _running_lab(home, ROOT / "notebooks")


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
