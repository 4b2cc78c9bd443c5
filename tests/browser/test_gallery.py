"""A gallery of every board: each game's live board in JupyterLab's light
and dark themes, Chess Wheel+ with 2, 3 and 8 players, CCC pieces frozen
by a Nice Flag, a finished game and a game's review, saved as screenshots
in ``gallery/`` at the top of the repository (not kept in git), so anyone
can look at every board at a glance before a release.  Each board is
checked on the way: drawn, in the theme's tones, a wheel of two or three
boards fits the notebook's window, and no text on it (in its drawing or
around it) is shown smaller than render.MIN_TEXT_PX pixels, measured in
the browser: each text's computed font size times the drawing's scale on
the screen, and times how much a squeezed text (``textLength``) is
narrowed."""

from pathlib import Path

import pytest

from playbook import available
from playbook.render import MIN_TEXT_PX

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
    # Seven pieces round White's Nice Flag on e5 are frozen, a lying stick (f6-g6) among them;
    # two Rings, White's on f4 (frozen) and Black's on c3.
    ("ccc-frozen", "BoardWidget(load('ccc').setup({'a1': 'C', 'h10': 'c', 'b2': 'S', 'd4': 'F', 'e4': 'f', "
                   "'d5': 'FF', 'e6': 'l', 'f4': 'R1', 'f5': 'm', 'e5': 'V', 'c3': 'r3', 'f6': 'h_', 'g6': 'h_'}))"),
    # Three players and no board yet: nobody's position to evaluate.
    ("wheel-3-no-boards", "BoardWidget(load('wheel').initial(3))"),
    # The king walks onto the rook's file and is taken: a finished game, its result whole.
    ("cosmic-over", "over = BoardWidget(load('cosmic').parse('5k/6/r5/6/6/1K2R1 w'))\nover.play('b1-a1')\n"
                    "over.play('a4x*')\nover"),
]
# The games installed beside playbook (the examples), at their start and
# forty random actions in (the dice rolled where a game has them).
ADDED = [key for key in available() if key not in available(shipped=True)]
BOARDS += [(key, f"BoardWidget(load({key!r}))") for key in ADDED]
BOARDS += [(f"{key}-played", f"BoardWidget(RandomAgent(seed=3).play(load({key!r}).initial(), 40))") for key in ADDED]
REVIEW = ("from playbook import Record\nfrom playbook.analysis import review\n"
          "review(Record.of(load('cosmic').parse('5k/6/r5/6/6/1K2R1 w'), ['b1-a1', 'a4x*', ]), human='black').board()")
CELLS = ["from playbook import BoardWidget, load\nfrom playbook.analysis import RandomAgent"] + [cell for _, cell in BOARDS] + [REVIEW]

# Every text on a board and round it smaller than the least size, as shown:
# the drawing's texts by their font size times the scale from the drawing's
# units to the screen (and the squeeze of a textLength), the frame's by
# their computed size (the rest of a digest cut short is kept in the text
# for copying, not shown).
SMALL_TEXT = """(root, least) => {
  const small = [];
  const canvas = document.createElement('canvas').getContext('2d');
  for (const t of root.querySelectorAll('svg text')) {
    const words = t.textContent.trim();
    if (!words || !t.getClientRects().length) continue;
    const style = getComputedStyle(t);
    let shown = parseFloat(style.fontSize) * t.getScreenCTM().a;
    const squeezed = t.getAttribute('textLength');
    if (squeezed) {
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      shown *= Math.min(1, parseFloat(squeezed) / canvas.measureText(words).width);
    }
    if (shown < least) small.push([words, Math.round(shown * 10) / 10]);
  }
  for (const e of root.querySelectorAll('*')) {
    if (e.closest('svg')) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length || e.closest('.pb-cut')) continue;  // a cut digest's rest: not shown
    const px = parseFloat(getComputedStyle(e).fontSize);
    if (px < least) small.push([e.textContent.trim().slice(0, 40), px]);
  }
  return small;
}"""

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
        small = {}
        for index, (name, _) in enumerate(BOARDS):
            widget = board(page, index)
            path = GALLERY / f"{name}-{theme}.png"
            widget.screenshot(path=str(path))
            saved.append(path)
            small[name] = widget.evaluate(SMALL_TEXT, MIN_TEXT_PX)
        # The review: its board (turned for Black, who played) over its graph and move list.
        review = page.locator(".jp-OutputArea-output:has(.pb-review)")
        review.locator(".pb-review-move").first.wait_for(timeout=60000)
        # The whole output is taller than the window: its board and its graph are shot one by one.
        for part, selector in (("board", ".pb-widget"), ("graph", ".pb-review")):
            path = GALLERY / f"review-{part}-{theme}.png"
            review.locator(selector).screenshot(path=str(path))
            saved.append(path)
        small["review"] = review.evaluate(SMALL_TEXT, MIN_TEXT_PX)
        bad = {name: texts for name, texts in small.items() if texts}
        assert not bad, "\n".join(f"{name}: {texts}" for name, texts in bad.items())
        window, heights = page.evaluate(HEIGHTS)
        for (name, _), height in zip(BOARDS, heights, strict=False):
            if name in ("wheel-2", "wheel-3"):
                assert height <= window, (name, height, window)
        # The wheel of eight is shown wide enough for its cells to read (24 pixels or more).
        names = [name for name, _ in BOARDS]
        cell = board(page, names.index("wheel-8")).locator('[data-cell="a8"]').bounding_box()
        assert cell["width"] >= 24
        # A finished game: its result whole in the banner, and neither Hint nor a named choice (offer a draw).
        over = board(page, names.index("cosmic-over"))
        assert over.locator(".pb-status").inner_text() == "Game over. Black wins: black captured the white king"
        assert over.locator(".pb-control-hint").count() == 0 and over.locator(".pb-picker button").count() == 0
        assert over.locator(".pb-eval").inner_text() == ""
        # Its caption's other line says "1 piece", and each move number sits on its move's line.
        assert over.locator(".pb-details").inner_text() == "White 1 piece, Black 1"
        turns = over.evaluate("""(root) => [...root.querySelectorAll('.pb-turn')].map((t) => {
            const n = t.querySelector('.pb-num'), m = t.querySelector('.pb-move');
            return n ? Math.abs(n.getBoundingClientRect().top - m.getBoundingClientRect().top) : 0; })""")
        assert len(turns) == 2 and max(turns) < 2
        return saved
    finally:
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_board_is_saved_to_the_gallery(browser, lab, dark_lab, theme):
    saved = shoot(browser, lab if theme == "light" else dark_lab, theme)
    assert [p.name for p in saved] == [f"{name}-{theme}.png" for name, _ in BOARDS] + [f"review-board-{theme}.png",
                                                                                   f"review-graph-{theme}.png"]
    # A PNG of a whole board, not an empty box.
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 5000 for p in saved)


def test_no_text_falls_under_the_least_size_in_a_window_of_the_usual_size(browser, lab):
    # A window 1280 pixels wide (Playwright's and many laptops'), JupyterLab's file browser open
    # beside the notebook: a wide board's picture (960 pixels at its full size) gets less room than
    # that, and is shown no smaller than keeps every text at render.MIN_TEXT_PX pixels or more.
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        wide = [cell for name, cell in BOARDS if name in ("cresnovian", "wheel-8")]
        open_board(page, lab, "gallery_narrow.ipynb", [CELLS[0], *wide])
        for index in range(len(wide)):
            widget = board(page, index)
            assert widget.evaluate(SMALL_TEXT, MIN_TEXT_PX) == [], index
            # Where the notebook is narrower than that, the board scrolls sideways rather than shrink.
            area = widget.locator(".pb-board-area")
            shown = area.evaluate("(a) => a.querySelector('svg').getBoundingClientRect().width")
            assert shown <= area.evaluate("(a) => a.scrollWidth")
    finally:
        context.close()
