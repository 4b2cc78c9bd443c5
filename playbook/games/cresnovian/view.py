"""Drawing a Cresnovian Chess position.

A piece is its umbration's shape in its colour, large in its cell, with the
umbration's short name on it, its full name along the foot of the cell and
its Q count in the top-left corner (a dead piece is hollow and dashed,
and its foot says "dead"; the caption names it).  A monument stands on a stepped pedestal under its umbration's
shape, named the same way, so a board reads without a legend.  The
kingdoms and the World take their own colours; a word placed on a cell is
printed on it.  The caption gives each kingdom's Q, the monuments and the
poem (saying so when it is empty).
"""

from __future__ import annotations

from ...render import Cell, Glyph, Piece, Scene, Zone
from .board import ABBREVIATION, CELLS, COLS, STYLE, kingdom_of

ZONES = {"left": "kingdom-a", "world": "world", "right": "kingdom-b"}
#: The colours of the two kingdoms and the World (light, dark page).
COLOURS = (Zone("kingdom-a", "#d8d6f0", "#58567f"), Zone("world", "#d9ecd4", "#56704f"),
           Zone("kingdom-b", "#f0dccb", "#7f6450"))


def umbral_piece(umbration: str, cell: str, q: str = "", dead: bool = False, title: str = "") -> Piece:
    """The piece of ``umbration`` on ``cell``: its shape in its colour with
    its short name, its full name (or "dead") at its foot and its Q count
    ``q`` in the top-left corner."""
    shape, colour = STYLE[umbration]
    # The shape fills the cell above its name; the Q count takes the top-left corner.
    return Piece((cell,), "neutral", (Glyph(shape, 0.62, dy=-0.06),), letter=ABBREVIATION[umbration],
                 badges=("", q) if q else (), title=title, dim=dead, color=colour, name="dead" if dead else umbration)


def scene(state) -> Scene:
    """The board of ``state`` as a :class:`~playbook.render.Scene`."""
    cells, pieces = [], []
    for i, name in enumerate(CELLS):
        r, c = divmod(i, 9)
        text = state.word[1] if state.word and state.word[0] == i else ""
        cells.append(Cell(name, c, r, zone=ZONES[kingdom_of(i)], text=text))
    for p in state.pieces:
        status = {"b": " (broken)", "e": " (eternal)"}.get(p.status, "")
        title = f"{p.umbration.capitalize()} {p.code()}{status}{' (dead)' if p.dead else ''} on {CELLS[p.cell]}"
        pieces.append(umbral_piece(p.umbration, CELLS[p.cell], p.code(), p.dead, title))
    for cell, u in state.monuments:
        shape, colour = STYLE[u]
        pieces.append(Piece((CELLS[cell],), "neutral", (Glyph("plinth", 0.6, dy=0.02), Glyph(shape, 0.34, dy=-0.24)),
                            title=f"{u.capitalize()} monument on {CELLS[cell]}", color=colour, name=u))
    poem = " ".join(state.poem) if state.poem else "empty, no word written yet"
    names = state.names
    caption = [
        f"{names[0]}: {state.total('left')}Q   World: {state.total('world')}Q   {names[1]}: {state.total('right')}Q"
    ]
    dead = [p for p in state.pieces if p.dead]
    if dead:
        caption.append("Dead: " + ", ".join(f"{p.umbration} on {CELLS[p.cell]}" for p in dead))
    if state.monuments:
        caption.append("Monuments: " + ", ".join(f"{u} on {CELLS[cell]}" for cell, u in state.monuments))
    caption += [f"Poem: {poem[:90]}{'…' if len(poem) > 90 else ''}", state.status()]
    return Scene(cells, pieces, files=list(COLS), ranks=["1", "2", "3"], caption=caption, title="Cresnovian Chess",
                 zones=COLOURS)
