"""Scenes and their SVG drawing.  Knows no game.

A game's ``view(state)`` returns a :class:`Scene`: cells laid out on a grid
(in cell units, y growing downwards), pieces drawn from simple shapes,
coordinates for the edges and a few caption lines.  :func:`svg` draws it
with svgwrite.  Colours come from CSS classes (``pb-...``) whose values use
JupyterLab's theme variables with fallbacks, so a board reads well in light
and dark themes and also outside JupyterLab.

What every board shares is here, in :data:`STYLE`: the text, piece, mark
and badge colours, and three zones that are no game's own: ``light`` and
``dark``, the squares of a checkered board (every chequered game draws
them, a :class:`Cell` is ``light`` unless told otherwise, and a palette's
piece picture stands on one), and ``plain``, an unmarked cell or an
:class:`Area` (its default).  Every other zone (a home row, a kingdom, a
strip several boards share) belongs to the game that draws it: its scene
carries that zone's colours as a :class:`Zone` (``Scene.zones``), and the
drawing's stylesheet adds them, so no game's colours are written here.
A drawing's own zone rules apply only under its root, which carries a
class named after those zones (:attr:`Scene.scope`): two games on one page
may give the same zone name different colours.
"""

from __future__ import annotations

import hashlib
import html
import math
import re
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, NamedTuple
from urllib.parse import quote

import svgwrite

from .descriptor import COLOURS
from .figures import FIGURES, figure_path

__all__ = ["Cell", "Zone", "Glyph", "Piece", "Mark", "Label", "Area", "Scene", "Diagram", "svg", "picture_html",
           "SHAPES", "OWNERS", "piece_svg", "PICTURE_WIDTH", "PICTURE_HEIGHT", "WIDE_UNITS", "WIDE_PICTURE_WIDTH",
           "WIDE_RATIO", "MIN_TEXT_PX", "TEXT_PX", "picture_width", "shown_width", "is_wide"]


@dataclass(frozen=True)
class Cell:
    """A clickable cell.  ``zone`` picks its colour class (``pb-zone-<zone>``);
    ``text`` is drawn small inside it (a word placed on a cell, a tile name);
    ``emblem`` is one of :data:`SHAPES` drawn as an outline filling the
    cell, under any piece: the board's own marking of a special square
    (a rosette)."""

    id: str
    x: float
    y: float
    w: float = 1.0
    h: float = 1.0
    zone: str = "light"
    text: str = ""
    emblem: str = ""


@dataclass(frozen=True)
class Glyph:
    """One drawn shape of a piece: one of :data:`SHAPES`, ``size`` as a
    fraction of the piece's box, shifted by ``dx, dy`` (fractions of the box),
    with ``pips`` dots in a row near its foot (as on Looney pyramids)."""

    shape: str
    size: float = 0.8
    dx: float = 0.0
    dy: float = 0.0
    pips: int = 0


@dataclass(frozen=True)
class Piece:
    """A piece covering ``cells`` (one or more), drawn in the colour
    ``owner`` (one of :data:`OWNERS`, its class ``pb-owner-<owner>``; a
    player's is ``state.colour(player)``; any other is refused when the
    piece is drawn), or with the fill ``color``.  Its
    ``glyphs`` are drawn in order, bottom first; ``letter`` is printed on top;
    ``badges`` are short texts in the corners (Q totals, stack heights), in
    the order bottom-right, top-left, top-right, bottom-left (an empty text
    leaves its corner free);
    ``title`` shows on hover; ``dim`` greys out a piece that already acted;
    ``frozen`` keeps the piece in its own colours and adds a frozen mark (a
    snowflake on a blue plate in the bottom-left corner of its box)
    for a piece held where it stands;
    ``name`` is printed along the foot of the piece's box (squeezed to fit
    it), so a piece reads without a legend."""

    cells: tuple[str, ...]
    owner: str
    glyphs: tuple[Glyph, ...]
    letter: str = ""
    badges: tuple[str, ...] = ()
    title: str = ""
    dim: bool = False
    color: str = ""
    name: str = ""
    frozen: bool = False


@dataclass(frozen=True)
class Mark:
    """A highlight: ``kind`` is ``last``, ``selected``, ``target``,
    ``arrow`` (an arrow from the first cell to the last), ``pending`` (a
    dashed arrow: an order not yet carried out) or ``failed`` (an arrow
    crossed out: an order that failed)."""

    kind: str
    cells: tuple[str, ...]


ARROWS = ("arrow", "pending", "failed")


@dataclass(frozen=True)
class Label:
    """Text placed on the drawing at ``x, y`` (cell units, the text's
    centre): a board's name, coordinates of a board among several."""

    text: str
    x: float
    y: float
    size: str = "coord"  # "coord" (small) or "name" (a heading)


@dataclass(frozen=True)
class Area:
    """A shaded rectangle under the cells (cell units) that is not a cell:
    a region of the drawing such as a strip several boards share."""

    x: float
    y: float
    w: float
    h: float
    zone: str = "plain"


class Zone(NamedTuple):
    """The colours of one of a game's own zones, carried by its scene: cells
    (and areas) of zone ``name`` are filled ``light`` on a light page and
    ``dark`` on a dark one (both empty: no themed fill); ``rule`` holds CSS
    declarations for every theme, such as an outline
    (``"stroke-dasharray: 2 2"``).  A plain ``(name, light, dark)`` triple
    is read as a zone without a rule."""

    name: str
    light: str = ""
    dark: str = ""
    rule: str = ""


@dataclass
class Scene:
    """Everything :func:`svg` draws.  ``files`` label the columns from left
    to right and ``ranks`` the rows from top to bottom (empty strings for
    none), each beside the board's edge, or, on a board that leaves cells
    out (a cross, a star), beside its own outermost cell: only where cells
    are; ``caption`` lines are printed under the board.  ``zones`` are the
    colours of the zones this game adds to the shared ones of :data:`THEMED`
    (``light``, ``dark``, ``plain``): each a :class:`Zone` or a
    ``(zone, light, dark)`` triple, filling its cells of that zone on light
    and dark pages, so a game brings its own colours with its drawing."""

    cells: Sequence[Cell]
    pieces: Sequence[Piece] = ()
    files: Sequence[str] = ()
    ranks: Sequence[str] = ()
    marks: Sequence[Mark] = ()
    caption: Sequence[str] = ()
    title: str = ""
    labels: Sequence[Label] = ()
    areas: Sequence[Area] = ()
    zones: Sequence[Zone | tuple[str, str, str]] = ()

    def __post_init__(self) -> None:
        self.zones = tuple(Zone(*zone) for zone in self.zones)  # read once, whatever form they came in

    def style(self) -> str:
        """The stylesheet this scene's drawing carries: :data:`STYLE` and
        the colours of its own ``zones``, scoped to its root."""
        return STYLE + _zone_style(self.zones, self.scope) if self.zones else STYLE

    @property
    def scope(self) -> str:
        """The class the drawing's root carries so that the rules of its own
        ``zones`` reach its cells only (empty without zones): named after a
        digest of the zones, so drawings with the same colours share it."""
        return _scope(self.zones) if self.zones else ""

    def size(self) -> tuple[float, float]:
        """The scene's width and height in cells, labels included."""
        width = max(
            [c.x + c.w for c in self.cells] + [a.x + a.w for a in self.areas] + [label.x + 0.5 for label in self.labels]
        )
        height = max(
            [c.y + c.h for c in self.cells] + [a.y + a.h for a in self.areas] + [label.y + 0.5 for label in self.labels]
        )
        return width, height


#: The width in pixels at which a notebook shows a board: a live board's
#: (``max-width`` of ``.pb-widget`` in widgets/board.css), so a picture that
#: a live board replaces takes the same room and the page does not jump.
PICTURE_WIDTH = 480
#: A drawing wider than this many units (seventeen cells and more, such as a
#: wheel of four or more boards) would show its cells too small at
#: :data:`PICTURE_WIDTH`: it is marked ``pb-wide`` and shown up to
#: :data:`WIDE_PICTURE_WIDTH` pixels wide (board.css widens a live board
#: holding it the same way).
WIDE_UNITS = 820
WIDE_PICTURE_WIDTH = 960
#: The most height in pixels a board takes (``max-height`` of the live
#: board's drawing in widgets/board.css): a tall drawing (a wheel of two
#: boards) is shown narrower, so the board and its buttons fit a window
#: 900 pixels high.
PICTURE_HEIGHT = 600


#: A drawing at least this many times as wide as it is high (a long, low
#: board of three rows) is shown wide too: at :data:`PICTURE_WIDTH` its
#: cells would be too short for the words printed in them.
WIDE_RATIO = 2.4
#: The least size in pixels of any text on a board as a notebook shows it
#: (coordinates, names, badges, captions); the drawing's texts are sized in
#: ``em`` of a root font worked out from the scale it is shown at.
MIN_TEXT_PX = 11
#: The size in pixels at which a board's texts are printed, whatever its scale.
TEXT_PX = 12


def is_wide(width: float, height: float) -> bool:
    """Whether a board of ``width`` by ``height`` units (its caption left
    out) is shown wide: wider than :data:`WIDE_UNITS`, or long and low
    (:data:`WIDE_RATIO`)."""
    return width > WIDE_UNITS or width >= WIDE_RATIO * height


def shown_width(width: float, height: float, wide: bool) -> int:
    """The width in pixels at which a notebook shows a drawing of
    ``width`` by ``height`` units: :data:`PICTURE_WIDTH`
    (:data:`WIDE_PICTURE_WIDTH` for a ``wide`` one), or less where it
    would then be taller than :data:`PICTURE_HEIGHT`."""
    widest = WIDE_PICTURE_WIDTH if wide else PICTURE_WIDTH
    return min(widest, round(PICTURE_HEIGHT * width / height))


def picture_width(svg_text: str) -> int:
    """The width in pixels at which a notebook shows the drawing
    ``svg_text`` (:func:`shown_width` of its viewBox; ``pb-wide`` on its
    root says it is wide)."""
    head = svg_text[:1000]
    found = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', head)
    if not found:
        return PICTURE_WIDTH
    return shown_width(float(found.group(1)), float(found.group(2)), "pb-wide" in head.split(">", 1)[0])


def picture_html(svg_text: str, alt: str, title: str = "") -> str:
    """The drawing ``svg_text`` as an HTML ``<img>`` holding it in a
    ``data:`` URI, :func:`picture_width` pixels wide (or less where the
    page is narrower).  JupyterLab shows such an image in a notebook it
    does not trust, where it drops inline SVG, and so do static viewers.
    The same drawing gives the same text, so saved outputs compare equal."""
    # Percent-encoded rather than base64, so the stylesheet inside stays
    # findable (tests/nbval_sanitize.cfg masks it) and diffs stay readable.
    uri = "data:image/svg+xml," + quote(svg_text, safe=" /:=;,'()!*@$+?")
    extra = f' title="{html.escape(title)}"' if title else ""
    return (f'<img class="pb-picture" src="{uri}" alt="{html.escape(alt)}" width="{picture_width(svg_text)}"'
            f' style="max-width: 100%; height: auto"{extra}>')


class Diagram:
    """A drawn board that notebooks show as a picture (``state.diagram(...)``):
    an ``<img>`` where HTML is shown (JupyterLab, trusted or not; static
    viewers) and SVG elsewhere.  ``alt`` describes it in words."""

    def __init__(self, svg_text: str, alt: str = "A board"):
        self.svg = svg_text
        self.alt = alt

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return picture_html(self.svg, self.alt)

    def __repr__(self) -> str:
        return "<board diagram>"


# Unit-box outlines (centred on 0, 0, radius 0.5) of the shapes a glyph may take.
def _polygon(n: int, start: float = -90.0, radius: float = 0.5) -> tuple[tuple[float, float], ...]:
    return tuple(
        (radius * math.cos(math.radians(start + 360 * k / n)), radius * math.sin(math.radians(start + 360 * k / n)))
        for k in range(n)
    )


def _rosette(petals: int = 8, points: int = 64) -> tuple[tuple[float, float], ...]:
    """A flower of ``petals`` rounded petals (the rosette of an old board)."""
    out = []
    for k in range(points):
        a = 2 * math.pi * k / points
        r = 0.2 + 0.3 * abs(math.cos(petals * a / 2)) ** 0.8
        out.append((round(r * math.cos(a), 4), round(r * math.sin(a), 4)))
    return tuple(out)


def _star() -> tuple[tuple[float, float], ...]:
    pts = []
    for k in range(10):
        r = 0.5 if k % 2 == 0 else 0.22
        a = math.radians(-90 + 36 * k)
        pts.append((r * math.cos(a), r * math.sin(a)))
    return tuple(pts)


SHAPES: dict[str, tuple[tuple[float, float], ...] | None] = {
    "triangle": ((0.0, -0.5), (0.5, 0.43), (-0.5, 0.43)),
    "square": ((-0.42, -0.42), (0.42, -0.42), (0.42, 0.42), (-0.42, 0.42)),
    "diamond": _polygon(4),
    "pentagon": _polygon(5),
    "hexagon": _polygon(6, 0.0),
    "octagon": _polygon(8, 22.5),
    "star": _star(),
    "rosette": _rosette(),
    "cross": (
        (-0.15, -0.5), (0.15, -0.5), (0.15, -0.15), (0.5, -0.15), (0.5, 0.15), (0.15, 0.15),
        (0.15, 0.5), (-0.15, 0.5), (-0.15, 0.15), (-0.5, 0.15), (-0.5, -0.15), (-0.15, -0.15),
    ),
    "bar": ((-0.5, -0.12), (0.5, -0.12), (0.5, 0.12), (-0.5, 0.12)),
    "slab": ((-0.5, -0.18), (0.5, -0.18), (0.5, 0.18), (-0.5, 0.18)),
    "chevron": ((-0.5, 0.1), (0.0, -0.4), (0.5, 0.1), (0.5, 0.4), (0.0, -0.1), (-0.5, 0.4)),
    "pillar": ((-0.13, -0.5), (0.13, -0.5), (0.13, 0.5), (-0.13, 0.5)),
    "pennant": ((-0.34, 0.5), (-0.34, -0.5), (0.45, -0.25), (-0.24, 0.02), (-0.24, 0.5)),
    # A stepped pedestal: what a monument stands on.
    "plinth": ((-0.5, 0.5), (0.5, 0.5), (0.5, 0.3), (0.36, 0.3), (0.36, -0.22), (0.44, -0.22), (0.44, -0.36),
               (-0.44, -0.36), (-0.44, -0.22), (-0.36, -0.22), (-0.36, 0.3), (-0.5, 0.3)),
    "circle": None,
    "ring": None,
}
# Chess figures (king, queen, rook, bishop, knight, pawn) are glyph shapes too:
# their outlines live in playbook/figures.py.

#: The colours pieces are drawn in, each a class the stylesheet defines
#: (the colours a game's descriptor gives its seats).
OWNERS = COLOURS

CELL = 48  # pixels per cell at the natural size
EDGE = 18  # margin for coordinates

_BASE_STYLE = """
.pb-board { font-family: var(--jp-ui-font-family, sans-serif); }
/* The page shows through: no box of another colour around the board in any theme.
   Text off the board is a mid grey that reads on light and dark pages alike
   when the theme's variables do not reach the drawing (a picture in an <img>). */
.pb-bg { fill: var(--jp-layout-color0, transparent); }
.pb-cell { stroke: var(--jp-border-color1, #9e9e9e); stroke-width: 0.5; }
.pb-coord { fill: var(--jp-ui-font-color2, #808080); font-size: max(11px, 1em); text-anchor: middle; dominant-baseline: central; }
.pb-caption { fill: var(--jp-ui-font-color1, #767676); font-size: max(12px, 1em); }
.pb-emblem { fill: none; stroke-width: 1.6; stroke-linejoin: round; pointer-events: none; }
.pb-celltext { font-size: max(9px, 1em); text-anchor: middle; dominant-baseline: central; }
.pb-piece { stroke-width: 1.5; stroke-linejoin: round; }
.pb-owner-white { fill: #fafaf5; stroke: #2b2b2b; }
.pb-owner-black { fill: #2f2f2f; stroke: #d8d8d8; }
.pb-owner-blue { fill: #2f6fd6; stroke: #0d2a5c; }
.pb-owner-red { fill: #d64031; stroke: #5c120b; }
.pb-owner-green { fill: #3a9a4a; stroke: #14401b; }
.pb-owner-yellow { fill: #f0c419; stroke: #5c4a06; }
.pb-owner-purple { fill: #8a4fc7; stroke: #33144f; }
.pb-owner-orange { fill: #ef8a24; stroke: #5c310a; }
.pb-owner-neutral { fill: #9a9a9a; stroke: #333333; }
.pb-owner-custom, .pb-owner-custom-light { stroke: #262626; }
.pb-letter { font-size: max(12px, 1em); font-weight: bold; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
/* Letters keep a thin halo of the opposite colour, so a label reads even
   where it crosses the edge of its shape. */
.pb-on-white, .pb-on-yellow, .pb-on-neutral, .pb-on-custom-light { fill: #1f1f1f; stroke: #ffffffb0; stroke-width: 2.5px; paint-order: stroke; }
.pb-on-black, .pb-on-blue, .pb-on-red, .pb-on-green, .pb-on-purple, .pb-on-orange, .pb-on-custom { fill: #ffffff; stroke: #000000a0; stroke-width: 2.5px; paint-order: stroke; }
.pb-name { font-size: 1em; font-weight: bold; text-anchor: middle; pointer-events: none; }
.pb-badge { font-size: 1em; font-weight: bold; fill: #111111; }
.pb-badge-bg { fill: #ffffffd0; stroke: #555555; stroke-width: 0.5; }
/* A dead, frozen or spent piece: a hollow, dashed outline; its label stays readable. */
.pb-dim { opacity: 0.75; }
.pb-piece.pb-dim { opacity: 1; fill-opacity: 0.22; stroke-dasharray: 3 2; stroke-width: 2; }
.pb-pip { fill: #888888; stroke: none; }
/* A frozen piece keeps its colours; a white snowflake on a blue plate says it is held. */
.pb-frozen-bg { fill: #1565c0; stroke: #ffffff; stroke-width: 1; }
.pb-frozen { fill: none; stroke: #ffffff; stroke-width: 1.6; stroke-linecap: round; }
.pb-mark-last { fill: #f6e05e; fill-opacity: 0.45; }
.pb-mark-selected { fill: #48bb78; fill-opacity: 0.5; }
.pb-mark-target { fill: none; stroke: #0f9d58; stroke-width: 5; stroke-opacity: 0.85; }
.pb-mark-arrow { stroke: #2b6cb0; stroke-width: 5; stroke-opacity: 0.7; fill: none; }
.pb-mark-pending { stroke: #2b6cb0; stroke-width: 4; stroke-opacity: 0.7; stroke-dasharray: 8 5; fill: none; }
.pb-mark-failed { stroke: #c53030; stroke-width: 4; stroke-opacity: 0.75; stroke-dasharray: 3 4; fill: none; }
.pb-label-name { fill: var(--jp-ui-font-color1, #767676); font-size: max(14px, 1.15em); font-weight: bold; text-anchor: middle; dominant-baseline: central; }
.pb-marks, .pb-pieces, .pb-coords { pointer-events: none; }
"""  # noqa: E501 - CSS a rule a line, as the saved notebooks hold it

#: Colours every board shares that follow the page's theme: (selector,
#: property, light, dark).  On a dark page the cells take deeper tones of
#: the same hues, so they do not glare and the pieces keep their contrast.
#: A game's own zones are not here: its scene carries them (:class:`Zone`).
THEMED = (
    (".pb-zone-light", "fill", "#eee3cf", "#8a7d66"),
    (".pb-zone-dark", "fill", "#b58f6a", "#6e533a"),
    (".pb-zone-plain", "fill", "#e8e4da", "#4f4c45"),
    (".pb-celltext", "fill", "#333333", "#e8e8e8"),
    (".pb-emblem", "stroke", "#7a5a2a", "#e6cf9e"),
    (".pb-name", "fill", "#1f1f1f", "#f0f0f0"),
    (".pb-mark-target", "stroke", "#0f9d58", "#f0fff0"),
)


def _themed_style(themed=THEMED, board: str = "") -> str:
    """The rules of ``themed``: light colours by default; dark ones where
    JupyterLab's theme is dark (``data-jp-theme-light="false"`` on the
    page, for a board drawn in the page) and where the page prefers a dark
    colour scheme without a light JupyterLab theme saying otherwise (a
    picture in an ``<img>`` follows the colour scheme the page gives it).
    With ``board`` (a selector of drawings' roots) the rules reach only
    inside those drawings."""
    inside = f"{board} " if board else ""
    light = "".join(f"{inside}{sel} {{ {prop}: {lo}; }}\n" for sel, prop, lo, _ in themed)
    system = "".join(f"{board or '.pb-board'}:not([data-jp-theme-light=\"true\"] *) {sel} {{ {prop}: {hi}; }}\n"
                     for sel, prop, _, hi in themed)
    page = "".join(f"[data-jp-theme-light=\"false\"] {inside}{sel} {{ {prop}: {hi}; }}\n"
                   for sel, prop, _, hi in themed)
    return f"{light}@media (prefers-color-scheme: dark) {{\n{system}}}\n{page}"


#: The stylesheet every drawing carries.
STYLE = _BASE_STYLE + _themed_style()


@lru_cache(maxsize=64)
def _scope(zones: tuple[Zone, ...]) -> str:
    """The root class of drawings with these ``zones`` (see :attr:`Scene.scope`)."""
    return "pb-zones-" + hashlib.blake2s(repr(zones).encode(), digest_size=4).hexdigest()


@lru_cache(maxsize=64)
def _zone_style(zones: tuple[Zone, ...], scope: str) -> str:
    """The rules of a scene's own ``zones``, reaching only inside drawings
    whose root has the class ``scope``: each one's rule for every theme,
    then their themed fills."""
    board = f".pb-board.{scope}"
    rules = "".join(f"{board} .pb-zone-{z.name} {{ {z.rule}; }}\n" for z in zones if z.rule)
    themed = tuple((f".pb-zone-{z.name}", "fill", z.light, z.dark) for z in zones if z.light or z.dark)
    return rules + (_themed_style(themed, board) if themed else "")

TOP = RIGHT = 4  # thin margins on the edges without coordinates


def svg(
    scene: Scene,
    *,
    flip: bool = False,
    size: int | None = None,
    last: Iterable[str] = (),
    highlight: Iterable[str] = (),
    selected: Iterable[str] = (),
    arrows: Iterable[Sequence[str]] = (),
    marks: Iterable[Mark] = (),
    caption: bool = True,
) -> str:
    """Draw ``scene`` as SVG text.

    ``flip`` turns the board half a turn (the other side's view); ``size``
    sets the width in pixels (default: 48 pixels a cell).  ``last``,
    ``highlight`` and ``selected`` are cell ids to mark; ``arrows`` are cell
    sequences drawn as arrows; ``marks`` adds :class:`Mark` values to those
    the scene carries.  ``caption=False`` leaves out the scene's caption
    lines (a live board shows them in its own frame).

    What stays the same from one position to the next (the root element,
    stylesheet, background, areas, each cell's rectangle and the
    coordinates) is drawn once with svgwrite and kept in bounded caches
    (:func:`_frame`, :func:`_cell`); pieces, marks, hover texts and
    captions are written per position by :func:`_xml`, which writes an
    element exactly as svgwrite would.
    """
    lines = _wrapped(scene, flip, size, scene.caption) if caption else []
    layout = _Layout.of(scene, flip, size, len(lines))
    head, coords = _frame(layout, scene.style(), scene.scope)
    hover = _hover(scene.pieces)
    boxes = {}
    out = [head, '<g class="pb-cells">']
    for c in scene.cells:
        rect, text, boxes[c.id] = _cell(c, layout.grid)
        title = hover.get(c.id)
        out.append(f"{rect}><title>{_escape_text(title)}</title></rect>" if title else rect + " />")
        out.append(text)
    out.append("</g>")
    out.append(_group("pb-marks", [_xml(*part) for mark in _all_marks(scene, marks, last, selected, highlight, arrows)
                                   for part in _mark_parts(mark, boxes)]))
    em = layout.em
    out.append(_group("pb-pieces", [_drawn_piece(piece, box, em) for piece in scene.pieces
                                    if (box := _bbox(piece.cells, boxes)) is not None]))
    out.append(_group("pb-coords", [coords] + [_xml(*part) for part in _caption_parts(layout, lines)]))
    out.append("</svg>")
    return "".join(out)


def _svg_tree(scene: Scene, **options) -> str:
    """The same drawing as :func:`svg`, built element by element in one
    svgwrite tree with no cache: the reference the fast path is tested against."""
    lines = _wrapped(scene, options.get("flip", False), options.get("size"), scene.caption) \
        if options.get("caption", True) else []
    layout = _Layout.of(scene, options.get("flip", False), options.get("size"), len(lines))
    dwg = _drawing(layout, scene.style(), scene.scope)
    hover = _hover(scene.pieces)
    boxes = {}
    cell_layer = dwg.add(dwg.g(class_="pb-cells"))
    for c in scene.cells:
        rect, extras, boxes[c.id] = _cell_elements(dwg, c, layout.grid)
        if c.id in hover:
            rect.set_desc(title=hover[c.id])
        cell_layer.add(rect)
        for extra in extras:
            cell_layer.add(extra)
    mark_layer = dwg.add(dwg.g(class_="pb-marks"))
    marks = _all_marks(scene, options.get("marks", ()), options.get("last", ()), options.get("selected", ()),
                       options.get("highlight", ()), options.get("arrows", ()))
    for part in (part for mark in marks for part in _mark_parts(mark, boxes)):
        mark_layer.add(_tree_element(dwg, *part))
    piece_layer = dwg.add(dwg.g(class_="pb-pieces"))
    for piece in scene.pieces:
        box = _bbox(piece.cells, boxes)
        for part in _piece_parts(piece, box, layout.em) if box is not None else ():
            piece_layer.add(_tree_element(dwg, *part))
    coords = dwg.add(dwg.g(class_="pb-coords"))
    for element in _coord_elements(dwg, layout):
        coords.add(element)
    for part in _caption_parts(layout, lines):
        coords.add(_tree_element(dwg, *part))
    return dwg.tostring()


@lru_cache(maxsize=512)
def piece_svg(piece: Piece, size: int = 40) -> str:
    """``piece`` drawn alone, ``size`` pixels square, as a board draws it on
    one light cell (so a piece of any colour stands out from the page in
    either theme): its shapes and letter, without the texts a picture that
    small could not show (name, badges, hover text; the picture's user
    names the piece).  A palette button shows it.  It carries no
    stylesheet: it is meant for a page that shows a board too, whose
    drawing's stylesheet (themes included) colours it."""
    bare = Piece(("piece",), piece.owner, piece.glyphs, letter=piece.letter, dim=piece.dim, color=piece.color)
    cell = _xml("rect", {"class": "pb-cell pb-zone-light", "x": 0, "y": 0, "width": CELL, "height": CELL})
    parts = cell + "".join(_xml(*part) for part in _piece_parts(bare, (0.0, 0.0, float(CELL), float(CELL))))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pb-board pb-piece-picture" viewBox="0 0 {CELL} {CELL}" '
            f'width="{size}" height="{size}" aria-hidden="true">{parts}</svg>')


# ---- the static layer, drawn with svgwrite and cached

@dataclass(frozen=True)
class _Layout:
    """Everything the static layer of a drawing depends on: the cache key.
    ``grid`` (columns, rows, left/bottom margin, flip) alone places cells."""

    grid: tuple[float, float, int, bool]
    size: int | None
    lines: int
    title: str
    areas: tuple[Area, ...]
    files: tuple[str, ...]
    ranks: tuple[str, ...]
    labels: tuple[Label, ...]
    #: On a board that leaves cells out, where its coordinates go: for each
    #: column (left to right, as laid out), the bottom and top of its cells,
    #: and for each row (top to bottom) the left and right of its cells, in
    #: cell units (None where a column or row has no cell, which gets no
    #: coordinate); empty for a full board, whose coordinates line its edges.
    edges: tuple[tuple[tuple[float, float] | None, ...], tuple[tuple[float, float] | None, ...]] = ((), ())

    @classmethod
    def of(cls, scene: Scene, flip: bool, size: int | None, lines: int) -> _Layout:
        cols, rows = scene.size()
        # Coordinates sit on the left and bottom edges; the others get a thin margin.
        pad = EDGE if (scene.files or scene.ranks) else 4
        full = len(scene.cells) == cols * rows  # counted first: a full board costs no look at its cells
        edges = _edges(scene.cells, len(scene.files), len(scene.ranks)) if (scene.files or scene.ranks) and not full \
            else ((), ())
        return cls((cols, rows, pad, bool(flip)), size, lines, scene.title, tuple(scene.areas),
                   tuple(scene.files), tuple(scene.ranks), tuple(scene.labels), edges)

    def _grid_extent(self) -> tuple[float, float]:
        """Width and height in drawing units of the cells and their margins."""
        cols, rows, pad, _ = self.grid
        return cols * CELL + pad + RIGHT, rows * CELL + TOP + pad

    def _width(self, em: float) -> float:
        """The drawing's width for a root font of ``em`` units: the cells
        and margins, widened where a label printed at that size (about 0.6
        of its font a character, centred on its place) would run past the
        right edge."""
        width, _ = self._grid_extent()
        for label in self.labels:
            font = max(14.0, 1.15 * em) if label.size == "name" else max(11.0, em)
            x, _ = _place(self.grid, label.x, label.y, 0, 0)
            width = max(width, round(x + 0.3 * font * len(label.text) + RIGHT, 2))
        return width

    def board_extent(self) -> tuple[float, float]:
        """Width and height in drawing units of the board without its caption."""
        return self._width(self.em), self._grid_extent()[1]

    def wide(self) -> bool:
        """Whether the board is shown wide (:func:`is_wide` of its cells' extent)."""
        return is_wide(*self._grid_extent())

    @cached_property
    def em(self) -> float:
        """The root font size in drawing units: :data:`TEXT_PX` pixels at
        the scale the drawing is shown at (``size`` pixels wide, or
        :func:`shown_width`), so that no text reads smaller than
        :data:`MIN_TEXT_PX` however small the board is shown.  The
        caption's lines make the drawing taller (so, where its height
        binds, shown smaller), labels may make it wider, and both are
        sized by the font: a few rounds settle them."""
        _, board_height = self._grid_extent()
        em = 12.0
        for _ in range(4):
            width = self._width(em)
            height = board_height + self._caption_height(em)
            em = round(TEXT_PX * width / (self.size or shown_width(width, height, self.wide())), 2)
        return em

    def _caption_height(self, em: float) -> float:
        return _line_height(em) * self.lines + (6 if self.lines else 0)

    def line_height(self) -> float:
        """The distance between two caption lines, in drawing units."""
        return _line_height(self.em)

    def extent(self) -> tuple[float, float, float, float]:
        """Width and height in drawing units, then in pixels."""
        width, board_height = self.board_extent()
        height = round(board_height + self._caption_height(self.em), 2)
        px_w = self.size or shown_width(width, height, self.wide())
        return width, height, px_w, round(height * px_w / width)


def _edges(cells: Sequence[Cell], files: int,
           ranks: int) -> tuple[tuple[tuple[float, float] | None, ...], tuple[tuple[float, float] | None, ...]]:
    """The extent of the cells of each of ``files`` columns and ``ranks``
    rows (see :attr:`_Layout.edges`): only cells the coordinates name count,
    not those beside the board (a tray of pieces lost)."""
    columns: dict[int, tuple[float, float]] = {}
    lines: dict[int, tuple[float, float]] = {}
    for c in cells:
        i, j = int(c.x + c.w / 2), int(c.y + c.h / 2)
        if (files and i >= files) or (ranks and j >= ranks):
            continue
        low, high = columns.get(i, (c.y + c.h, c.y))
        columns[i] = (max(low, c.y + c.h), min(high, c.y))
        left, right = lines.get(j, (c.x, c.x + c.w))
        lines[j] = (min(left, c.x), max(right, c.x + c.w))
    return tuple(columns.get(i) for i in range(files)), tuple(lines.get(j) for j in range(ranks))


def _line_height(em: float) -> float:
    """The distance between two caption lines for a root font of ``em`` units."""
    return max(16.0, round(1.35 * max(12.0, em), 2))


def _place(grid, x: float, y: float, w: float = 1.0, h: float = 1.0) -> tuple[float, float]:
    """Top-left corner in drawing units of a box given in cell units."""
    cols, rows, pad, flip = grid
    if flip:
        x, y = cols - x - w, rows - y - h
    return pad + x * CELL, TOP + y * CELL


def _drawing(layout: _Layout, style: str, scope: str = "") -> svgwrite.Drawing:
    """A drawing holding the root element (with the class ``scope`` too,
    if given), the stylesheet ``style``, background and areas."""
    width, height, px_w, px_h = layout.extent()
    dwg = svgwrite.Drawing(size=(px_w, px_h), viewBox=f"0 0 {width} {height}", debug=False, profile="full")
    dwg.attribs["class"] = " ".join(filter(None, ("pb-board", "pb-wide" if layout.wide() else "", scope)))
    dwg.attribs["font-size"] = layout.em
    dwg.defs.add(dwg.style(style))
    dwg.add(dwg.rect((0, 0), (width, height), class_="pb-bg"))
    if layout.title:
        dwg.set_desc(title=layout.title)
    if layout.areas:
        area_layer = dwg.add(dwg.g(class_="pb-areas"))
        for a in layout.areas:
            x, y = _place(layout.grid, a.x, a.y, a.w, a.h)
            area_layer.add(dwg.rect((x, y), (a.w * CELL, a.h * CELL), class_=f"pb-zone-{a.zone}"))
    return dwg


def _coord_elements(dwg, layout: _Layout) -> list:
    """Coordinates along the bottom and left edges, as seen by the viewer, and the labels."""
    cols, rows, pad, flip = layout.grid
    columns, lines = layout.edges
    out = []
    order = reversed if flip else iter  # drawn left to right and top to bottom as seen
    for i, name in order(list(enumerate(layout.files))):
        if not columns:  # a full board: along its bottom edge as seen
            x, y = (len(layout.files) - 1 - i if flip else i) + 0.5, rows
        elif i < len(columns) and (extent := columns[i]) is not None:  # under the column's lowest cell as seen
            x, y = (cols - i - 0.5, rows - extent[1]) if flip else (i + 0.5, extent[0])
        else:
            continue  # a column with no cell gets no coordinate
        if name:
            out.append(dwg.text(name, insert=(pad + x * CELL, TOP + y * CELL + pad / 2), class_="pb-coord"))
    for j, name in order(list(enumerate(layout.ranks))):
        if not lines:  # a full board: along its left edge as seen
            x, y = 0, (len(layout.ranks) - 1 - j if flip else j) + 0.5
        elif j < len(lines) and (extent := lines[j]) is not None:  # left of the row's leftmost cell as seen
            x, y = (cols - extent[1], rows - j - 0.5) if flip else (extent[0], j + 0.5)
        else:
            continue
        if name:
            out.append(dwg.text(name, insert=(x * CELL + pad / 2, TOP + y * CELL), class_="pb-coord"))
    for label in layout.labels:
        x, y = _place(layout.grid, label.x, label.y, 0, 0)
        out.append(
            dwg.text(
                label.text, insert=(x, y), class_=f"pb-label-{label.size}" if label.size != "coord" else "pb-coord"
            )
        )
    return out


def _cell_elements(dwg, c: Cell, grid) -> tuple:
    """A cell's rectangle, what is drawn in it (its emblem, its small text)
    and its box in drawing units."""
    x, y = _place(grid, c.x, c.y, c.w, c.h)
    rect = dwg.rect((x, y), (c.w * CELL, c.h * CELL), class_=f"pb-cell pb-zone-{c.zone}")
    rect.attribs["data-cell"] = c.id
    extras = []
    if c.emblem:
        cx, cy, side = x + c.w * CELL / 2, y + c.h * CELL / 2, 0.86 * min(c.w, c.h) * CELL
        outline = SHAPES[c.emblem]
        if outline is None:
            extras.append(dwg.circle((cx, cy), side / 2, class_="pb-emblem"))
        else:
            extras.append(dwg.polygon([(round(cx + px * side, 1), round(cy + py * side, 1)) for px, py in outline],
                                      class_="pb-emblem"))
    if c.text:
        extras.append(dwg.text(c.text, insert=(x + c.w * CELL / 2, y + c.h * CELL / 2), class_="pb-celltext"))
    return rect, extras, (x, y, c.w * CELL, c.h * CELL)


_FACTORY = svgwrite.Drawing(debug=False, profile="full")


@lru_cache(maxsize=64)
def _frame(layout: _Layout, style: str, scope: str) -> tuple[str, str]:
    """The text before the cell layer (root, stylesheet, background, areas)
    and the coordinates, for one layout, stylesheet (a notebook may
    restyle boards by setting :data:`STYLE`) and root class ``scope``."""
    head = _drawing(layout, style, scope).tostring()
    assert head.endswith("</svg>")
    return head[: -len("</svg>")], "".join(e.tostring() for e in _coord_elements(_FACTORY, layout))


@lru_cache(maxsize=4096)
def _cell(c: Cell, grid) -> tuple[str, str, tuple[float, float, float, float]]:
    """A cell's rectangle as text left open (to close empty or with a hover
    title), its small text as text ("" for none) and its box."""
    rect, extras, box = _cell_elements(_FACTORY, c, grid)
    rect_text = rect.tostring()
    assert rect_text.endswith(" />")
    return rect_text[: -len(" />")], "".join(extra.tostring() for extra in extras), box


# ---- the per-position layer: parts (name, attributes, text) written as text

_ATTRIBUTE_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _escape_text(text: str) -> str:
    return str(text).translate(_TEXT_ESCAPES)


def _xml(name: str, attrs: dict, text: str = "") -> str:
    """One element as svgwrite writes it: attributes sorted by name, those
    that are None or empty left out, values as ``str`` gives them (``points``
    as a list of x, y pairs), text and attribute values escaped as
    ElementTree escapes them."""
    out = "<" + name
    for key in sorted(attrs):
        value = attrs[key]
        if value is not None:
            value = " ".join(f"{x},{y}" for x, y in value) if key == "points" else str(value)
            if value:
                out += f' {key}="{value.translate(_ATTRIBUTE_ESCAPES)}"'
    return f"{out}>{_escape_text(text)}</{name}>" if text else out + " />"


def _tree_element(dwg, name: str, attrs: dict, text: str = ""):
    """One part as an svgwrite element (for :func:`_svg_tree`)."""
    if name == "text":
        element = dwg.text(text)
    elif name == "path":
        element = dwg.path(d=attrs["d"])
    elif name in ("polygon", "polyline"):
        element = getattr(dwg, name)(attrs["points"])
    else:
        element = getattr(dwg, name)()
    element.attribs.update(attrs)
    return element


def _group(cls: str, parts: list[str]) -> str:
    body = "".join(parts)
    return f'<g class="{cls}">{body}</g>' if body else f'<g class="{cls}" />'


def _hover(pieces: Iterable[Piece]) -> dict[str, str]:
    """Pieces let the pointer through to the cells below them, so a piece's
    hover text lives on the cells it covers."""
    hover = {}
    for piece in pieces:
        if piece.title:
            for cell_id in piece.cells:
                hover[cell_id] = piece.title
    return hover


def _all_marks(scene: Scene, marks, last, selected, highlight, arrows) -> list[Mark]:
    out = list(scene.marks) + list(marks)
    out += [Mark("last", tuple(last))] if last else []
    out += [Mark("selected", tuple(selected))] if selected else []
    out += [Mark("target", tuple(highlight))] if highlight else []
    out += [Mark("arrow", tuple(a)) for a in arrows]
    return out


def _wrapped(scene: Scene, flip: bool, size: int | None, caption: Iterable[str]) -> list[str]:
    """The caption's lines broken at spaces to fit the drawing's width (an
    SVG text never wraps by itself, and a line cut at the edge would read
    as something else), each piece of a broken line after the first indented."""
    board = _Layout.of(scene, flip, size, 0)
    width, _ = board.board_extent()
    # About 0.6 of the font's size a character, the caption's font being max(12 units, 1em).
    chars = max(20, int((width - board.grid[2] - RIGHT) / (0.6 * max(12.0, board.em))))
    out = []
    for line in caption:
        indent = line[: len(line) - len(line.lstrip())]
        out += textwrap.wrap(line, chars, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def _caption_parts(layout: _Layout, lines: list[str]) -> list[tuple]:
    _, rows, pad, _ = layout.grid
    step = layout.line_height()
    top = TOP + pad + rows * CELL
    return [("text", {"class": "pb-caption", "x": pad, "y": round(top + step * (k + 0.75), 2)}, line)
            for k, line in enumerate(lines)]


def _bbox(piece_cells: Iterable[str], cells: dict) -> tuple[float, float, float, float] | None:
    boxes = [cells[c] for c in piece_cells if c in cells]
    if not boxes:
        return None
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


def _mark_parts(mark: Mark, cells: dict) -> list[tuple]:
    parts = []
    if mark.kind in ARROWS:
        pts = [cells[c] for c in mark.cells if c in cells]
        if len(pts) >= 2:
            centres = [(x + w / 2, y + h / 2) for x, y, w, h in pts]
            parts.append(("polyline", {"class": f"pb-mark-{mark.kind}", "points": centres}))
            (ax, ay), (bx, by) = centres[-2], centres[-1]
            ang = math.atan2(by - ay, bx - ax)
            head = [
                (bx, by),
                (bx - 14 * math.cos(ang - 0.45), by - 14 * math.sin(ang - 0.45)),
                (bx - 14 * math.cos(ang + 0.45), by - 14 * math.sin(ang + 0.45)),
            ]
            fill = "#c53030" if mark.kind == "failed" else "#2b6cb0"
            parts.append(("polygon", {"class": f"pb-mark-{mark.kind}", "points": head,
                                      "style": f"fill: {fill}; fill-opacity: 0.7"}))
            if mark.kind == "failed":
                # A cross on the middle of the arrow: this order did not happen.
                mx, my = (centres[0][0] + bx) / 2, (centres[0][1] + by) / 2
                d = 7
                parts.append(
                    (
                        "path",
                        {
                            "class": "pb-mark-failed",
                            "style": "stroke-dasharray: none",
                            "d": f"M{mx - d:.1f},{my - d:.1f}L{mx + d:.1f},{my + d:.1f}"
                            f"M{mx - d:.1f},{my + d:.1f}L{mx + d:.1f},{my - d:.1f}",
                        },
                    )
                )
        return parts
    for c in mark.cells:
        if c in cells:
            x, y, w, h = cells[c]
            if mark.kind == "target":
                parts.append(
                    ("circle", {"class": "pb-mark-target", "cx": x + w / 2, "cy": y + h / 2, "r": min(w, h) * 0.3})
                )
            else:
                parts.append(("rect", {"class": f"pb-mark-{mark.kind}", "x": x, "y": y, "width": w, "height": h}))
    return parts


def _annulus(cx: float, cy: float, outer: float, inner: float) -> str:
    """A ring's outline as one path: two circles (draw it with evenodd)."""
    def circle(r: float) -> str:
        return f"M{cx - r:.1f},{cy:.1f}a{r:.1f},{r:.1f} 0 1,0 {2 * r:.1f},0a{r:.1f},{r:.1f} 0 1,0 {-2 * r:.1f},0"
    return circle(outer) + circle(inner)


def _frozen_mark(x: float, y: float, span: float, tag: str) -> list[tuple]:
    """A snowflake (three crossing strokes) on a blue plate in the corner
    whose left and bottom edges are ``x`` and ``y``: the piece is frozen."""
    r = round(span * 0.14, 1)
    cx, cy = round(x + r + 2, 1), round(y - r - 2, 1)
    arm = r * 0.7
    d = "".join(f"M{cx - arm * math.cos(a):.1f},{cy - arm * math.sin(a):.1f}"
                f"L{cx + arm * math.cos(a):.1f},{cy + arm * math.sin(a):.1f}"
                for a in (math.pi / 2, math.pi / 6, -math.pi / 6))
    return [("circle", {"class": "pb-frozen-bg", "cx": cx, "cy": cy, "r": r, "data-cells": tag}),
            ("path", {"class": "pb-frozen", "d": d, "data-cells": tag})]


def _text_class(colour: str) -> str:
    """For a piece with its own fill: dark letters on light fills, light on dark."""
    try:
        r, g, b = (int(colour.lstrip("#")[k:k + 2], 16) for k in (0, 2, 4))
    except ValueError:
        return "custom"
    return "custom-light" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "custom"


@lru_cache(maxsize=4096, typed=True)
def _piece_text(piece: Piece, box: tuple[float, float, float, float], em: float,
                kinds: tuple[type, ...] = ()) -> str:
    """A piece drawn in ``box`` as text: most pieces stay where they were
    from one position to the next, so most are found here.  ``kinds``, the
    types of ``box``'s numbers, only keeps apart in the cache two boxes
    that are equal but print otherwise (211 and 211.0)."""
    return "".join(_xml(*part) for part in _piece_parts(piece, box, em))


def _drawn_piece(piece: Piece, box: tuple[float, float, float, float], em: float) -> str:
    try:
        return _piece_text(piece, box, em, tuple(map(type, box)))
    except TypeError:  # a piece built with lists instead of tuples is no cache key
        return _piece_text.__wrapped__(piece, box, em)


def _piece_parts(piece: Piece, box: tuple[float, float, float, float], em: float = 12.0) -> list[tuple]:
    """The parts of a piece whose cells span ``box`` (drawing units), its
    name and badges printed ``em`` units high (the drawing's root font)."""
    x, y, w, h = box
    span = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    if not piece.color and piece.owner not in OWNERS:
        # A player's name where a colour belongs would draw plain black: refused.
        raise ValueError(f"a piece is drawn in one of the colours {', '.join(OWNERS)}, not {piece.owner!r}: a "
                         "game gives each seat its colour in its descriptor (colours=...), and a player's pieces "
                         "are drawn in state.colour(player)")
    owner = _text_class(piece.color) if piece.color else piece.owner
    # No wrapping group (fewer elements draw faster): every part carries the
    # piece's cells and, when dimmed, the dim class.
    tag, dim = " ".join(piece.cells), " pb-dim" if piece.dim else ""
    parts = []

    def add(name, attrs, text=""):
        attrs["class"] += dim
        attrs["data-cells"] = tag
        parts.append((name, attrs, text))

    style = f"fill: {piece.color}" if piece.color else None
    attrs: dict[str, Any]
    for glyph in piece.glyphs:
        gx, gy = cx + glyph.dx * w, cy + glyph.dy * h
        if glyph.shape in ("bar", "slab") and len(piece.cells) > 1:
            # A stick lying across cells: one long shape along them, as thick as on one cell.
            outline = SHAPES[glyph.shape] or ()  # bar and slab always have one
            length = (max(w, h) - span) + span * glyph.size
            thick = span * glyph.size
            if w < h:
                pts = [(gx + py * thick, gy + px * length) for px, py in outline]
            else:
                pts = [(gx + px * length, gy + py * thick) for px, py in outline]
            name, attrs = "polygon", {"points": pts}
        elif glyph.shape in FIGURES:
            name, attrs = "path", {"d": figure_path(glyph.shape, gx, gy, span * glyph.size), "fill-rule": "evenodd"}
        else:
            r = span * glyph.size
            polygon = SHAPES.get(glyph.shape)
            if glyph.shape == "ring":
                # A band in the owner's colour, outlined on both edges in the owner's
                # stroke colour: a white Ring and a black one differ on any cell.
                name, attrs = "path", {"d": _annulus(gx, gy, r / 2, r * 0.32), "fill-rule": "evenodd"}
            elif glyph.shape == "circle" or polygon is None:
                name, attrs = "circle", {"cx": gx, "cy": gy, "r": r / 2}
            else:
                name, attrs = (
                    "polygon",
                    {"points": [(round(gx + px * r, 1), round(gy + py * r, 1)) for px, py in polygon]},
                )
        attrs["class"] = f"pb-piece pb-owner-{owner}"
        attrs["style"] = style
        add(name, attrs)
        if glyph.pips:
            # All of a glyph's pips as one path of small circles (two arcs each).
            r = span * glyph.size
            gap, dot = r * 0.16, max(1.2, r * 0.045)
            # On a flat shape the pips sit along its middle, elsewhere near its foot.
            py = round(gy + (0 if glyph.shape in ("bar", "slab") else r * 0.25), 1)
            d = ""
            for k in range(glyph.pips):
                px = round(gx + (k - (glyph.pips - 1) / 2) * gap - dot, 1)
                d += f"M{px},{py}a{dot:.1f},{dot:.1f} 0 1,0 {2 * dot:.1f},0a{dot:.1f},{dot:.1f} 0 1,0 {-2 * dot:.1f},0"
            add("path", {"class": "pb-pip", "d": d})
    if piece.letter:
        add("text", {"class": f"pb-letter pb-on-{owner}", "x": cx, "y": cy + span * 0.08}, piece.letter)
    if piece.name:
        # About 0.6 em a letter: a longer name is squeezed into the box.
        fit, wide = w - 4, 0.6 * em * len(piece.name)
        add("text", {"class": "pb-name", "x": cx, "y": round(y + h - 0.25 * em, 2),
                     "textLength": fit if wide > fit else None,
                     "lengthAdjust": "spacingAndGlyphs" if wide > fit else None}, piece.name)
    if piece.frozen:
        parts += _frozen_mark(x, y + h, span, tag)
    # Badges: bold text of the root font's size (12 pixels as shown) on a rounded plate in a corner.
    high = round(1.1 * em, 2)
    corners = [
        (x + w - 3, y + h - 3 - 0.25 * em, "end"),
        (x + 3, y + 2 + 0.85 * em, "start"),
        (x + w - 3, y + 2 + 0.85 * em, "end"),
        (x + 3, y + h - 3 - 0.25 * em, "start"),
    ]
    for badge, (bx, by, anchor) in zip(piece.badges, corners, strict=False):
        if not badge:
            continue
        bw = round(0.65 * em * len(badge) + 4, 2)
        bx0 = round(bx - bw + 2 if anchor == "end" else bx - 2, 2)
        add("rect", {"class": "pb-badge-bg", "x": bx0, "y": round(by - 0.85 * em, 2), "width": bw, "height": high,
                     "rx": 3})
        add("text", {"class": "pb-badge", "x": bx, "y": round(by, 2), "text-anchor": anchor}, badge)
    return parts
