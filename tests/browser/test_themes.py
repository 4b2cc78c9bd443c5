"""Boards in JupyterLab's light and dark themes: the live board's background
is the page's own, a static diagram lets the page show through (no white
box in the dark theme), the cells of both take the theme's tones (a
system that prefers dark changes nothing in a light JupyterLab), and a
picked choice shows as pressed."""


import pytest

from .lab import board, open_board

pytestmark = pytest.mark.browser

CELLS = [
    """from playbook import load, BoardWidget
cres = load("cresnovian").setup({"A1": "duality 3Q", "B2": "essence 4Q", "C3": "velocity 0Q", "I1": "cosmos 7Q",
                                 "D1": "radiance 3Q", "E3": "corporeality 3Q", "F1": "innervation 3Q",
                                 "D2": "caprice 3Q", "F2": "cognizance 3Q"})
BoardWidget(cres)""",
    "cres.diagram()",
    "BoardWidget(load('cresnovian'))",
]

# The colour of the board's background rectangle and of the page behind the
# output, both as the browser computes them.
BACKGROUNDS = """(root) => {
    let node = root;
    while (node && getComputedStyle(node).backgroundColor === 'rgba(0, 0, 0, 0)') node = node.parentElement;
    return [getComputedStyle(root.querySelector('svg .pb-bg')).fill, getComputedStyle(node).backgroundColor];
}"""

# The alpha of the diagram picture's top-left pixel, drawn on a canvas.
CORNER_ALPHA = """async (img) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return ctx.getImageData(1, 1, 1, 1).data[3];
}"""


# The colour of the diagram picture at the centre of cell E1 (a World cell
# with nothing on it), as the picture is drawn on the page.
PICTURE_CELL = """async (img) => {
    await img.decode();
    const text = decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1));
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    const cell = svg.querySelector('[data-cell="E1"]');
    const [vx, vy, vw, vh] = svg.getAttribute('viewBox').split(' ').map(Number);
    const x = (+cell.getAttribute('x') + +cell.getAttribute('width') / 2 - vx) * img.naturalWidth / vw;
    const y = (+cell.getAttribute('y') + +cell.getAttribute('height') / 2 - vy) * img.naturalHeight / vh;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const [r, g, b] = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
    return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
}"""

# The fill of the live board's cell E1 as the browser computes it.
LIVE_CELL = """(root) => {
    const [r, g, b] = getComputedStyle(root.querySelector('svg [data-cell="E1"]')).fill.match(/\\d+/g).map(Number);
    return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
}"""

# The World's colours: (light theme, dark theme), as Cresnovian Chess has always drawn them.
WORLD = ("#d9ecd4", "#56704f")


def check_theme(page, server, light: bool, name: str):
    live = open_board(page, server, name, CELLS)
    assert page.locator("body").get_attribute("data-jp-theme-light") == str(light).lower()
    fill, page_colour = live.evaluate(BACKGROUNDS)
    assert fill == page_colour
    diagram = page.locator(".jp-OutputArea-output img").first
    diagram.wait_for(timeout=60000)
    assert diagram.evaluate(CORNER_ALPHA) == 0  # transparent: no box of its own
    # The cells of the live board and of the picture take the theme's tones.
    colour = WORLD[0] if light else WORLD[1]
    assert live.evaluate(LIVE_CELL) == colour
    assert diagram.evaluate(PICTURE_CELL) == colour

    # Cresnovian set-up: the piece picked to place shows as pressed until placed.
    setup = board(page, 1)
    setup.get_by_role("button", name="Essence").click()
    pressed = setup.locator('.pb-picker button[aria-pressed="true"]')
    assert pressed.inner_text() == "Essence"
    assert setup.get_by_role("button", name="Duality").count() == 0


def test_light_theme(page, lab):
    check_theme(page, lab, light=True, name="themes_light.ipynb")


def test_light_theme_on_a_system_that_prefers_dark(browser, lab):
    # Pictures would follow the system's scheme; the board's sheet gives them JupyterLab's.
    context = browser.new_context(viewport={"width": 1200, "height": 1000}, color_scheme="dark")
    try:
        check_theme(context.new_page(), lab, light=True, name="themes_light_system_dark.ipynb")
    finally:
        context.close()


def test_dark_theme(page, dark_lab):
    check_theme(page, dark_lab, light=False, name="themes_dark.ipynb")
