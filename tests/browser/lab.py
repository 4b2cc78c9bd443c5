"""Driving a notebook in JupyterLab from Playwright: open, run, add cells, read output."""

from __future__ import annotations

import json
import re
from pathlib import Path


def write_notebook(root: Path, name: str, sources: list[str]) -> str:
    """Write a notebook of code cells into the server's root; returns its name."""
    cells = [{"cell_type": "code", "metadata": {}, "source": s, "outputs": [], "execution_count": None} for s in sources]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / name).write_text(json.dumps(nb))
    return name


def open_notebook(page, lab, name: str) -> None:
    base, token, _ = lab
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook", timeout=60000)
    page.get_by_text("| Idle").wait_for(timeout=60000)


def run_all(page) -> None:
    page.locator(".jp-Notebook").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile("^Run All Cells")).click()
    page.get_by_text("| Idle").wait_for(timeout=60000)


def board(page, index: int = 0):
    """The ``index``-th board widget on the page."""
    widget = page.locator(".pb-widget").nth(index)
    widget.locator("[data-cell]").first.wait_for(timeout=60000)
    return widget


def run_code(page, code: str) -> str:
    """Append a cell at the end, run it, and return its text output."""
    cells = page.locator(".jp-Notebook .jp-Cell")
    cells.last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # insert a cell below, in command mode
    editor = page.locator(".jp-Notebook .jp-Cell").last.locator(".cm-content")
    editor.click()
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    output = page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-OutputArea-output")
    output.first.wait_for(timeout=60000)
    page.get_by_text("| Idle").wait_for(timeout=60000)
    return output.first.inner_text().strip()
