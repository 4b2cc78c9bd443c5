"""Each game's board keeps the zone colours it has always had, light and
dark, now that the game's scene carries them rather than a table in
render.py: the browser's computed fill of every zone of each game's start
position (and of the zones that only show later: Chess Wheel+'s made boards,
CCC's trays of lost pieces), drawn in the page and as a picture."""

import pytest

from playbook import load, render

pytestmark = pytest.mark.browser

# The colours boards were drawn in before games carried them, copied by hand
# from the table render.py held (its THEMED): (light page, dark page).
LIGHT_SQUARE = ("#eee3cf", "#8a7d66")
DARK_SQUARE = ("#b58f6a", "#6e533a")
PLAIN = ("#e8e4da", "#4f4c45")
# CCC's trays take JupyterLab's panel colour; outside JupyterLab its fallback
# #8080802a: grey at 42/255 alpha, in either theme.
TRAY = ("rgba(128, 128, 128, 0.165)",) * 2

POSITIONS = {
    "cosmic": (lambda: load("cosmic").initial(), {"light": LIGHT_SQUARE, "dark": DARK_SQUARE}),
    "ccc": (lambda: load("ccc").initial(), {"light": LIGHT_SQUARE, "dark": DARK_SQUARE}),
    "ccc with losses": (lambda: load("ccc").setup({"a1": "C", "h10": "c"}, lost=("3F", "2f")),
                        {"light": LIGHT_SQUARE, "dark": DARK_SQUARE, "side": TRAY}),
    "kelasu": (lambda: load("kelasu").initial(),
               {"light": LIGHT_SQUARE, "plain": PLAIN, "home-a": ("#cfdcf2", "#4d5f80"),
                "home-b": ("#f2d0cf", "#804f4d"), "victory": ("#9fd3c7", "#3f7a6d")}),
    "cresnovian": (lambda: load("cresnovian").initial(),
                   {"kingdom-a": ("#d8d6f0", "#58567f"), "world": ("#d9ecd4", "#56704f"),
                    "kingdom-b": ("#f0dccb", "#7f6450")}),
    "wheel": (lambda: load("wheel").initial(),
              {"plain": PLAIN, "shared": ("#c9e4f6", "#3e6680"), "strip": ("#e3f1fa", "#2c4150")}),
    "wheel with boards": (lambda: load("wheel").initial(2, ready=True),
                          {"light": LIGHT_SQUARE, "dark": DARK_SQUARE, "shared": ("#c9e4f6", "#3e6680"),
                           "strip": ("#e3f1fa", "#2c4150")}),
}

# Every computed fill of each zone's elements in the page's board: {zone: [colour, ...]}.
FILLS = """() => {
  const hex = (c) => { const m = c.match(/^rgb\\((\\d+), (\\d+), (\\d+)\\)$/);
                       return m ? '#' + m.slice(1).map((v) => (+v).toString(16).padStart(2, '0')).join('') : c; };
  const fills = {};
  for (const e of document.querySelectorAll('svg [class*="pb-zone-"]')) {
    const zone = [...e.classList].find((c) => c.startsWith('pb-zone-')).slice(8);
    (fills[zone] = fills[zone] || []).push(hex(getComputedStyle(e).fill));
  }
  return fills;
}"""

# For each zone, a point (fractions of the drawing's width and height) where
# the board in the page shows that zone and nothing over it, with a margin:
# found by hit-testing with every element made hittable.
SPOTS = """() => {
  const style = document.createElement('style');
  style.textContent = 'svg * { pointer-events: auto !important; }';
  document.head.append(style);
  const box = document.querySelector('svg').getBoundingClientRect();
  const spots = {};
  for (const e of document.querySelectorAll('svg [class*="pb-zone-"]')) {
    const zone = [...e.classList].find((c) => c.startsWith('pb-zone-')).slice(8);
    if (zone in spots) continue;
    const r = e.getBoundingClientRect();
    const shows = (x, y) => [[0, 0], [-3, -3], [3, 3], [-3, 3], [3, -3]].every(
      ([dx, dy]) => document.elementFromPoint(x + dx, y + dy) === e);
    for (let x = r.left + 4; x < r.right - 4 && !(zone in spots); x += 2) {
      for (let y = r.top + 4; y < r.bottom - 4 && !(zone in spots); y += 2) {
        if (shows(x, y)) spots[zone] = [(x - box.left) / box.width, (y - box.top) / box.height];
      }
    }
  }
  style.remove();
  return spots;
}"""

# The colour of the picture at each spot, drawn on a canvas.
PIXELS = """async ([img, spots]) => {
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const out = {};
  for (const [zone, [fx, fy]] of Object.entries(spots)) {
    const x = Math.floor(fx * img.naturalWidth), y = Math.floor(fy * img.naturalHeight);
    const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
    out[zone] = '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
  }
  return out;
}"""


def fills(browser, drawing: str, scheme: str, theme: str = "") -> dict[str, list[str]]:
    """The computed fills of ``drawing`` shown in a page on a system that
    prefers ``scheme``, in a JupyterLab theme (``"true"``, ``"false"``) or none."""
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        attribute = f' data-jp-theme-light="{theme}"' if theme else ""
        page.set_content(f"<html><body{attribute}>{drawing}</body></html>")
        return page.evaluate(FILLS)
    finally:
        context.close()


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_every_zone_is_filled_as_it_always_was_on_the_page(browser, position):
    make, expected = POSITIONS[position]
    drawing = make().svg()
    for scheme, theme, tone in (("light", "", 0), ("dark", "", 1), ("light", "false", 1), ("dark", "true", 0)):
        drawn = fills(browser, drawing, scheme, theme)
        assert set(drawn) == set(expected), (scheme, theme)
        for zone, colours in drawn.items():
            assert set(colours) == {expected[zone][tone]}, (zone, scheme, theme)


@pytest.mark.parametrize("position", sorted(POSITIONS))
@pytest.mark.parametrize("scheme, tone", [("light", 0), ("dark", 1)])
def test_every_zone_is_filled_as_it_always_was_in_a_picture(browser, position, scheme, tone):
    make, expected = POSITIONS[position]
    drawing = make().svg()
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        # The drawing in the page at the picture's size, to find where each zone shows ...
        width = render.picture_width(drawing)
        fitted = drawing.replace("<svg ", '<svg style="width: 100%; height: auto" ', 1)
        page.set_content(f'<html><body style="margin: 0"><div style="width: {width}px">{fitted}</div></body></html>')
        spots = page.evaluate(SPOTS)
        assert set(spots) == set(expected)
        # A translucent tray's pixels mix with the page: its fill is checked on the page only.
        opaque = {zone: spot for zone, spot in spots.items() if expected[zone] != TRAY}
        # ... and the picture's pixels there.
        page.set_content(f'<html><body style="margin: 0">{render.picture_html(drawing, "a board")}</body></html>')
        shown = page.locator("img").evaluate_handle("(img) => img")
        pixels = page.evaluate(PIXELS, [shown, opaque])
        assert pixels == {zone: expected[zone][tone] for zone in opaque}
    finally:
        context.close()


def test_two_games_on_one_page_keep_their_own_colours_for_the_same_zone_name(browser):
    # Two designers' games both call a zone "goal", one blue and one red: each
    # board on the page shows its own colour, whichever was drawn last.
    def board(light: str, dark: str) -> str:
        cell = render.Cell("a1", 0, 0, zone="goal")
        return render.svg(render.Scene(cells=[cell], zones=[render.Zone("goal", light, dark)]))

    blue, red = board("#0000ff", "#000080"), board("#ff0000", "#800000")
    for scheme, theme, expected in (("light", "", ["#0000ff", "#ff0000"]), ("dark", "", ["#000080", "#800000"]),
                                    ("light", "false", ["#000080", "#800000"]),
                                    ("dark", "true", ["#0000ff", "#ff0000"])):
        context = browser.new_context(color_scheme=scheme)
        try:
            page = context.new_page()
            attribute = f' data-jp-theme-light="{theme}"' if theme else ""
            page.set_content(f"<html><body{attribute}>{blue}{red}</body></html>")
            shown = page.evaluate("""() => [...document.querySelectorAll('svg .pb-zone-goal')].map((e) => {
              const [r, g, b] = getComputedStyle(e).fill.match(/\\d+/g).map(Number);
              return '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
            })""")
            assert shown == expected, (scheme, theme)
        finally:
            context.close()
