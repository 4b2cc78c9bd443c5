"""A gallery of every board: each game's live board in JupyterLab's light
and dark themes, and Chess Wheel+ with 2, 3 and 8 players, saved as
screenshots in ``gallery/`` at the top of the repository (not kept in
git), so anyone can look at every board at a glance before a release.
Each board is checked on the way: drawn, in the theme's tones, and a wheel
of two or three boards fits the notebook's window."""

from pathlib import Path

import pytest

from .lab import ROOT, board, open_board

pytestmark = pytest.mark.browser

GALLERY = ROOT / "gallery"

# Each board of the gallery: (file name, the cell that shows it).
BOARDS = [
    ("cosmic", "BoardWidget(load('cosmic').initial().play('c2-d3'))"),
    ("kelasu", "BoardWidget(load('kelasu'))"),
    ("cresnovian", "BoardWidget(load('cresnovian').setup({'A1': 'duality 3Q', 'B2': 'essence 4Q', 'C3': 'velocity 0Q', "
                   "'I1': 'cosmos 7Q', 'H2': 'radiance 2Q', 'G3': 'caprice 5Q', 'A3': 'innervation 0Q', "
                   "'B1': 'corporeality 0Q', 'H3': 'cognizance 0Q'}, "
                   "monuments={'E2': 'cosmos', 'D1': 'velocity'}, word=('F2', 'sun')))"),
    ("ccc", "BoardWidget(load('ccc'))"),
    ("ccc-sticks-and-losses", "BoardWidget(load('ccc').setup({'a1': 'FF+M+S', 'b2': 'T_+', 'c2': 'T_+', 'd2': 'T_+', "
                              "'e5': 'r4', 'f6': 'b+', 'h10': 'lm', 'd4': 'R2', 'c3': 'FFF', 'e4': 'f', 'c8': 'FFL', "
                              "'h5': 'C', 'b7': 'h_', 'b8': 'h_'}, lost=('3F V', '2f'), flags=('g1', '-')))"),
    ("wheel-2", "BoardWidget(load('wheel').initial(2, ready=True))"),
    ("wheel-3", "BoardWidget(load('wheel').initial(3, ready=True))"),
    ("wheel-8", "BoardWidget(load('wheel').initial(8, ready=True))"),
]
CELLS = ["from playbook import BoardWidget, load"] + [cell for _, cell in BOARDS]

# The height of the notebook's visible area and of each board, in pixels.
HEIGHTS = """() => [document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer').clientHeight,
                   [...document.querySelectorAll('.pb-widget')].map((w) => w.getBoundingClientRect().height)]"""


def shoot(browser, server, theme: str) -> list[Path]:
    # A window 900 pixels high: a wheel of two or three boards must fit it;
    # wide enough for a wide board's full width beside JupyterLab's panels.
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        open_board(page, server, f"gallery_{theme}.ipynb", CELLS)
        assert page.locator("body").get_attribute("data-jp-theme-light") == str(theme == "light").lower()
        GALLERY.mkdir(exist_ok=True)
        saved = []
        for index, (name, _) in enumerate(BOARDS):
            widget = board(page, index)
            path = GALLERY / f"{name}-{theme}.png"
            widget.screenshot(path=str(path))
            saved.append(path)
        window, heights = page.evaluate(HEIGHTS)
        for (name, _), height in zip(BOARDS, heights):
            if name in ("wheel-2", "wheel-3"):
                assert height <= window, (name, height, window)
        # The wheel of eight is shown wide enough for its cells to read (24 pixels or more).
        cell = board(page, len(BOARDS) - 1).locator('[data-cell="a8"]').bounding_box()
        assert cell["width"] >= 24
        return saved
    finally:
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_board_is_saved_to_the_gallery(browser, lab, dark_lab, theme):
    saved = shoot(browser, lab if theme == "light" else dark_lab, theme)
    assert [p.name for p in saved] == [f"{name}-{theme}.png" for name, _ in BOARDS]
    # A PNG of a whole board, not an empty box.
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 5000 for p in saved)
