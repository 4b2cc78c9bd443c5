"""Scenes and their SVG drawing.  Knows no game.

A game's ``view(state)`` returns a :class:`Scene`: cells laid out on a grid
(in cell units, y growing downwards), pieces drawn from simple shapes,
coordinates for the edges and a few caption lines.  :func:`svg` draws it
with svgwrite.  Colours come from CSS classes (``pb-...``) whose values use
JupyterLab's theme variables with fallbacks, so a board reads well in light
and dark themes and also outside JupyterLab.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

import svgwrite

__all__ = ["Cell", "Glyph", "Piece", "Mark", "Label", "Area", "Scene", "Diagram", "svg", "SHAPES", "OWNERS"]


@dataclass(frozen=True)
class Cell:
    """A clickable cell.  ``zone`` picks its colour class (``pb-zone-<zone>``);
    ``text`` is drawn small inside it (a word placed on a cell, a tile name)."""

    id: str
    x: float
    y: float
    w: float = 1.0
    h: float = 1.0
    zone: str = "light"
    text: str = ""


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
    """A piece covering ``cells`` (one or more), owned by ``owner`` (its
    colour class ``pb-owner-<owner>``, or ``color`` to set the fill).  Its
    ``glyphs`` are drawn in order, bottom first; ``letter`` is printed on top;
    ``badges`` are short texts in the corners (Q totals, stack heights), in
    the order bottom-right, top-left, top-right, bottom-left (an empty text
    leaves its corner free);
    ``title`` shows on hover; ``dim`` greys out a piece that already acted."""

    cells: tuple[str, ...]
    owner: str
    glyphs: tuple[Glyph, ...]
    letter: str = ""
    badges: tuple[str, ...] = ()
    title: str = ""
    dim: bool = False
    color: str = ""


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


@dataclass
class Scene:
    """Everything :func:`svg` draws.  ``files`` label the columns from left
    to right and ``ranks`` the rows from top to bottom (empty strings for
    none); ``caption`` lines are printed under the board."""

    cells: Sequence[Cell]
    pieces: Sequence[Piece] = ()
    files: Sequence[str] = ()
    ranks: Sequence[str] = ()
    marks: Sequence[Mark] = ()
    caption: Sequence[str] = ()
    title: str = ""
    labels: Sequence[Label] = ()
    areas: Sequence[Area] = ()

    def size(self) -> tuple[float, float]:
        width = max([c.x + c.w for c in self.cells] + [a.x + a.w for a in self.areas] + [l.x + 0.5 for l in self.labels])
        height = max([c.y + c.h for c in self.cells] + [a.y + a.h for a in self.areas] + [l.y + 0.5 for l in self.labels])
        return width, height


class Diagram:
    """A drawn board that notebooks show as SVG (``state.diagram(...)``)."""

    def __init__(self, svg_text: str):
        self.svg = svg_text

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return "<board diagram>"


# Unit-box outlines (centred on 0, 0, radius 0.5) of the shapes a glyph may take.
def _polygon(n: int, start: float = -90.0, radius: float = 0.5) -> tuple[tuple[float, float], ...]:
    return tuple(
        (radius * math.cos(math.radians(start + 360 * k / n)), radius * math.sin(math.radians(start + 360 * k / n)))
        for k in range(n)
    )


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
    "cross": (
        (-0.15, -0.5), (0.15, -0.5), (0.15, -0.15), (0.5, -0.15), (0.5, 0.15), (0.15, 0.15),
        (0.15, 0.5), (-0.15, 0.5), (-0.15, 0.15), (-0.5, 0.15), (-0.5, -0.15), (-0.15, -0.15),
    ),
    "bar": ((-0.5, -0.12), (0.5, -0.12), (0.5, 0.12), (-0.5, 0.12)),
    "chevron": ((-0.5, 0.1), (0.0, -0.4), (0.5, 0.1), (0.5, 0.4), (0.0, -0.1), (-0.5, 0.4)),
    "pillar": ((-0.13, -0.5), (0.13, -0.5), (0.13, 0.5), (-0.13, 0.5)),
    "pennant": ((-0.34, 0.5), (-0.34, -0.5), (0.45, -0.25), (-0.24, 0.02), (-0.24, 0.5)),
    "circle": None,
    "ring": None,
}

#: Owner colour classes the stylesheet defines.
OWNERS = ("white", "black", "blue", "red", "green", "yellow", "purple", "orange", "neutral")

CELL = 48  # pixels per cell at the natural size
EDGE = 18  # margin for coordinates

STYLE = """
.pb-board { font-family: var(--jp-ui-font-family, sans-serif); }
.pb-bg { fill: var(--jp-layout-color1, #ffffff); }
.pb-cell { stroke: var(--jp-border-color1, #9e9e9e); stroke-width: 0.5; }
.pb-zone-light { fill: var(--pb-light, #eee3cf); }
.pb-zone-dark { fill: var(--pb-dark, #b58f6a); }
.pb-zone-home-a { fill: #cfdcf2; }
.pb-zone-home-b { fill: #f2d0cf; }
.pb-zone-victory { fill: #9fd3c7; }
.pb-zone-world { fill: #d9ecd4; }
.pb-zone-kingdom-a { fill: #d8d6f0; }
.pb-zone-kingdom-b { fill: #f0dccb; }
.pb-zone-foundation { stroke: #5a4a2a; stroke-width: 2; }
.pb-zone-plain { fill: #e8e4da; }
.pb-zone-ring { fill: #ddd6c6; }
.pb-zone-hub { fill: #c8bfa8; }
.pb-zone-side { fill: var(--jp-layout-color2, #f0f0f0); stroke-dasharray: 2 2; }
.pb-coord { fill: var(--jp-ui-font-color2, #616161); font-size: 11px; text-anchor: middle; dominant-baseline: central; }
.pb-caption { fill: var(--jp-ui-font-color1, #212121); font-size: 12px; }
.pb-celltext { fill: #333333; font-size: 9px; text-anchor: middle; dominant-baseline: central; }
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
.pb-letter { font-size: 12px; font-weight: bold; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.pb-on-white, .pb-on-yellow, .pb-on-neutral, .pb-on-custom-light { fill: #2b2b2b; }
.pb-on-black, .pb-on-blue, .pb-on-red, .pb-on-green, .pb-on-purple, .pb-on-orange, .pb-on-custom { fill: #ffffff; }
.pb-badge { font-size: 10px; font-weight: bold; fill: #111111; }
.pb-badge-bg { fill: #ffffffd0; stroke: #555555; stroke-width: 0.5; }
.pb-dim { opacity: 0.45; }
.pb-pip { fill: #888888; stroke: none; }
.pb-mark-last { fill: #f6e05e; fill-opacity: 0.45; }
.pb-mark-selected { fill: #48bb78; fill-opacity: 0.5; }
.pb-mark-target { fill: none; stroke: #0f9d58; stroke-width: 5; stroke-opacity: 0.85; }
.pb-mark-arrow { stroke: #2b6cb0; stroke-width: 5; stroke-opacity: 0.7; fill: none; }
.pb-mark-pending { stroke: #2b6cb0; stroke-width: 4; stroke-opacity: 0.7; stroke-dasharray: 8 5; fill: none; }
.pb-mark-failed { stroke: #c53030; stroke-width: 4; stroke-opacity: 0.75; stroke-dasharray: 3 4; fill: none; }
.pb-zone-shared { fill: #c9e4f6; }
.pb-zone-strip { fill: #e3f1fa; stroke: #7fa7c4; stroke-width: 0.5; stroke-dasharray: 4 3; }
.pb-label-name { fill: var(--jp-ui-font-color1, #212121); font-size: 14px; font-weight: bold; text-anchor: middle; dominant-baseline: central; }
.pb-marks, .pb-pieces, .pb-coords { pointer-events: none; }
"""


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
    """
    lines = list(scene.caption) if caption else []
    cols, rows = scene.size()
    # Coordinates sit on the left and bottom edges; the others get a thin margin.
    pad = EDGE if (scene.files or scene.ranks) else 4
    top = right = 4
    caption_h = 16 * len(lines) + (6 if lines else 0)
    width = cols * CELL + pad + right
    height = rows * CELL + top + pad + caption_h
    px_w = size or width
    px_h = round(height * px_w / width)

    def place(x: float, y: float, w: float = 1.0, h: float = 1.0) -> tuple[float, float]:
        if flip:
            x, y = cols - x - w, rows - y - h
        return pad + x * CELL, top + y * CELL

    dwg = svgwrite.Drawing(size=(px_w, px_h), viewBox=f"0 0 {width} {height}", debug=False, profile="full")
    dwg.attribs["class"] = "pb-board"
    dwg.defs.add(dwg.style(STYLE))
    dwg.add(dwg.rect((0, 0), (width, height), class_="pb-bg"))
    if scene.title:
        dwg.set_desc(title=scene.title)
    if scene.areas:
        area_layer = dwg.add(dwg.g(class_="pb-areas"))
        for a in scene.areas:
            x, y = place(a.x, a.y, a.w, a.h)
            area_layer.add(dwg.rect((x, y), (a.w * CELL, a.h * CELL), class_=f"pb-zone-{a.zone}"))

    # Pieces let the pointer through to the cells below them, so a piece's
    # hover text lives on the cells it covers.
    hover = {}
    for piece in scene.pieces:
        if piece.title:
            for cell_id in piece.cells:
                hover[cell_id] = piece.title
    cells = {}
    cell_layer = dwg.add(dwg.g(class_="pb-cells"))
    for c in scene.cells:
        x, y = place(c.x, c.y, c.w, c.h)
        cells[c.id] = (x, y, c.w * CELL, c.h * CELL)
        rect = dwg.rect((x, y), (c.w * CELL, c.h * CELL), class_=f"pb-cell pb-zone-{c.zone}")
        rect.attribs["data-cell"] = c.id
        if c.id in hover:
            rect.set_desc(title=hover[c.id])
        cell_layer.add(rect)
        if c.text:
            cell_layer.add(
                dwg.text(c.text, insert=(x + c.w * CELL / 2, y + c.h * CELL / 2), class_="pb-celltext")
            )

    all_marks = list(scene.marks) + list(marks)
    all_marks += [Mark("last", tuple(last))] if last else []
    all_marks += [Mark("selected", tuple(selected))] if selected else []
    all_marks += [Mark("target", tuple(highlight))] if highlight else []
    all_marks += [Mark("arrow", tuple(a)) for a in arrows]
    mark_layer = dwg.add(dwg.g(class_="pb-marks"))
    for mark in all_marks:
        _draw_mark(dwg, mark_layer, mark, cells)

    piece_layer = dwg.add(dwg.g(class_="pb-pieces"))
    for piece in scene.pieces:
        _draw_piece(dwg, piece_layer, piece, cells)

    coords = dwg.add(dwg.g(class_="pb-coords"))
    files = list(reversed(scene.files)) if flip else list(scene.files)
    ranks = list(reversed(scene.ranks)) if flip else list(scene.ranks)
    # Coordinates along the bottom and left edges, as seen by the viewer.
    for i, label in enumerate(files):
        if label:
            coords.add(dwg.text(label, insert=(pad + (i + 0.5) * CELL, top + rows * CELL + pad / 2), class_="pb-coord"))
    for j, label in enumerate(ranks):
        if label:
            coords.add(dwg.text(label, insert=(pad / 2, top + (j + 0.5) * CELL), class_="pb-coord"))
    for label in scene.labels:
        x, y = place(label.x, label.y, 0, 0)
        coords.add(dwg.text(label.text, insert=(x, y), class_=f"pb-label-{label.size}" if label.size != "coord" else "pb-coord"))
    for k, line in enumerate(lines):
        coords.add(dwg.text(line, insert=(pad, top + pad + rows * CELL + 12 + 16 * k), class_="pb-caption"))
    return dwg.tostring()


def _bbox(piece_cells: Iterable[str], cells: dict) -> tuple[float, float, float, float] | None:
    boxes = [cells[c] for c in piece_cells if c in cells]
    if not boxes:
        return None
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


def _draw_mark(dwg, layer, mark: Mark, cells: dict) -> None:
    if mark.kind in ARROWS:
        pts = [cells[c] for c in mark.cells if c in cells]
        if len(pts) >= 2:
            centres = [(x + w / 2, y + h / 2) for x, y, w, h in pts]
            layer.add(dwg.polyline(centres, class_=f"pb-mark-{mark.kind}"))
            (ax, ay), (bx, by) = centres[-2], centres[-1]
            ang = math.atan2(by - ay, bx - ax)
            head = [
                (bx, by),
                (bx - 14 * math.cos(ang - 0.45), by - 14 * math.sin(ang - 0.45)),
                (bx - 14 * math.cos(ang + 0.45), by - 14 * math.sin(ang + 0.45)),
            ]
            fill = "#c53030" if mark.kind == "failed" else "#2b6cb0"
            layer.add(dwg.polygon(head, class_=f"pb-mark-{mark.kind}", style=f"fill: {fill}; fill-opacity: 0.7"))
            if mark.kind == "failed":
                # A cross on the middle of the arrow: this order did not happen.
                mx, my = (centres[0][0] + bx) / 2, (centres[0][1] + by) / 2
                d = 7
                layer.add(dwg.path(d=f"M{mx - d:.1f},{my - d:.1f}L{mx + d:.1f},{my + d:.1f}M{mx - d:.1f},{my + d:.1f}L{mx + d:.1f},{my - d:.1f}",
                                   class_="pb-mark-failed", style="stroke-dasharray: none"))
        return
    for c in mark.cells:
        if c in cells:
            x, y, w, h = cells[c]
            if mark.kind == "target":
                layer.add(dwg.circle((x + w / 2, y + h / 2), min(w, h) * 0.3, class_="pb-mark-target"))
            else:
                layer.add(dwg.rect((x, y), (w, h), class_=f"pb-mark-{mark.kind}"))


def _text_class(colour: str) -> str:
    """For a piece with its own fill: dark letters on light fills, light on dark."""
    try:
        r, g, b = (int(colour.lstrip("#")[k:k + 2], 16) for k in (0, 2, 4))
    except ValueError:
        return "custom"
    return "custom-light" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "custom"


def _draw_piece(dwg, layer, piece: Piece, cells: dict) -> None:
    box = _bbox(piece.cells, cells)
    if box is None:
        return
    x, y, w, h = box
    span = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    owner = _text_class(piece.color) if piece.color else piece.owner
    # No wrapping group (fewer elements draw faster): every part carries the
    # piece's cells and, when dimmed, the dim class.
    tag, dim = " ".join(piece.cells), " pb-dim" if piece.dim else ""

    def add(element):
        element.attribs["data-cells"] = tag
        if dim:
            element.attribs["class"] += dim
        layer.add(element)

    style = f"fill: {piece.color}" if piece.color else None
    for glyph in piece.glyphs:
        gx, gy = cx + glyph.dx * w, cy + glyph.dy * h
        if glyph.shape == "bar" and len(piece.cells) > 1:
            scale_x, scale_y = (w * glyph.size, span * glyph.size) if w >= h else (span * glyph.size, h * glyph.size)
            if w < h:
                pts = [(gx + py * scale_x * 2.0, gy + px * scale_y) for px, py in SHAPES["bar"]]
            else:
                pts = [(gx + px * scale_x, gy + py * scale_y * 2.0) for px, py in SHAPES["bar"]]
            shape = dwg.polygon(pts, class_=f"pb-piece pb-owner-{owner}")
        else:
            r = span * glyph.size
            outline = SHAPES.get(glyph.shape)
            if glyph.shape in ("circle", "ring") or outline is None:
                shape = dwg.circle((gx, gy), r / 2, class_=f"pb-piece pb-owner-{owner}")
                if glyph.shape == "ring":
                    shape.attribs["fill-opacity"] = "0.15"
                    shape.attribs["stroke-width"] = "3"
            else:
                pts = [(round(gx + px * r, 1), round(gy + py * r, 1)) for px, py in outline]
                shape = dwg.polygon(pts, class_=f"pb-piece pb-owner-{owner}")
        if style:
            shape.attribs["style"] = style
        add(shape)
        if glyph.pips:
            # All of a glyph's pips as one path of small circles (two arcs each).
            r = span * glyph.size
            gap, dot = r * 0.16, max(1.2, r * 0.045)
            py = round(gy + r * 0.25, 1)
            d = ""
            for k in range(glyph.pips):
                px = round(gx + (k - (glyph.pips - 1) / 2) * gap - dot, 1)
                d += f"M{px},{py}a{dot:.1f},{dot:.1f} 0 1,0 {2 * dot:.1f},0a{dot:.1f},{dot:.1f} 0 1,0 {-2 * dot:.1f},0"
            add(dwg.path(d=d, class_="pb-pip"))
    if piece.letter:
        add(dwg.text(piece.letter, insert=(cx, cy + span * 0.08), class_=f"pb-letter pb-on-{owner}"))
    corners = [(x + w - 3, y + h - 4, "end"), (x + 3, y + 9, "start"), (x + w - 3, y + 9, "end"), (x + 3, y + h - 4, "start")]
    for badge, (bx, by, anchor) in zip(piece.badges, corners):
        if not badge:
            continue
        bw = 6 * len(badge) + 4
        bx0 = bx - bw + 2 if anchor == "end" else bx - 2
        add(dwg.rect((bx0, by - 9), (bw, 12), rx=3, class_="pb-badge-bg"))
        t = dwg.text(badge, insert=(bx, by), class_="pb-badge")
        t.attribs["text-anchor"] = anchor
        add(t)

