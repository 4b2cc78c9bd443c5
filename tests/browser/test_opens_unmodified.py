"""A shipped notebook opened in JupyterLab and left untouched is not marked
modified, so closing it asks nothing and autosave never writes over it.

The control: the same notebook with the kernelspec JupyterLab rewrites
("Python 3") is marked modified once its kernel is idle, which shows that
waiting for the idle kernel is long enough to see a rewrite
(``tests/test_notebook_metadata.py`` checks the metadata itself)."""

from __future__ import annotations

import json

import pytest

from .lab import DIRTY, ROOT, open_notebook

pytestmark = pytest.mark.browser

#: The start page and the tutorial that used to ship widget state, a
#: tutorial with a hot-seat curtain, and the puzzles (the unit test reads
#: the metadata of every notebook).
OPENED = ["00_start_here.ipynb", "cosmic_chess.ipynb", "chess_wheel_part_2.ipynb", "puzzles.ipynb"]
CURRENT = ".lm-TabBar-tab.jp-mod-current"


def opened(page, lab, name: str) -> bool:
    """Open a notebook, wait until its kernel is idle and its saved pictures
    are loaded; whether its tab is marked modified."""
    open_notebook(page, lab, name)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-OutputArea-output img.pb-picture')].every((i) => i.complete)",
        timeout=60000)
    page.locator(CURRENT).first.wait_for(timeout=60000)
    return page.locator(DIRTY).count() > 0


def test_a_notebook_with_the_old_kernel_name_is_marked_modified(page, lab):
    nb = json.loads((ROOT / "notebooks" / "cosmic_chess_part_2.ipynb").read_text())
    nb["metadata"]["kernelspec"]["display_name"] = "Python 3"
    (lab[2] / "old_kernel_name.ipynb").write_text(json.dumps(nb))
    open_notebook(page, lab, "old_kernel_name.ipynb")
    page.locator(DIRTY).first.wait_for(timeout=60000)


@pytest.mark.parametrize("name", OPENED)
def test_a_shipped_notebook_opens_unmodified(page, lab, name):
    # A fresh copy of the shipped file: other tests of this JupyterLab may
    # have run (and so changed, or left a kernel on) the one of that name.
    fresh = f"as_shipped_{name}"
    (lab[2] / fresh).write_text((ROOT / "notebooks" / name).read_text())
    assert not opened(page, lab, fresh), f"{name} is marked modified as soon as JupyterLab opens it"
