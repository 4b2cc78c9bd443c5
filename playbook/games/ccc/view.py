"""Drawing a CCC position: stacks as layers with a height badge, Shields as
pips and a ``+n`` badge, the Ring's Power as a ``⚡n`` badge, sticks across
their cells (standing ones upright), frozen pieces greyed out, lost pieces
beside the board."""

from __future__ import annotations

from ...render import Cell, Glyph, Piece, Scene
from .board import FILES
from .pieces import NAMES, PILE_ORDER, SIDES

PYRAMID_SIZE = {"S": 0.34, "M": 0.48, "L": 0.64}


def column_glyphs(units) -> tuple[Glyph, ...]:
    """Flats as flat bars from the bottom up, Pyramids as nested triangles above them."""
    glyphs = []
    flats = [u for u in units if u[0] == "F"]
    pyr = [u for u in units if u[0] != "F"]
    n = len(flats)
    base = 0.3 if pyr else 0.12 + 0.05 * (n - 1)
    for k, (_, sh) in enumerate(flats):
        glyphs.append(Glyph("bar", 0.74, dy=base - 0.09 * k, pips=sh))
    # The foot of the next piece up, as a fraction of the cell from its centre.
    foot = (base - 0.09 * (n - 1) - 0.04) if n else 0.32
    for letter, sh in pyr:
        size = PYRAMID_SIZE[letter] * (0.8 if len(units) > 2 else 1.0)
        glyphs.append(Glyph("triangle", size, dy=foot - size * 0.43, pips=sh))
        foot -= size * 0.55  # a smaller Pyramid sits on the upper half of the one below
    return tuple(glyphs)


def glyphs_of(t) -> tuple[Glyph, ...]:
    """The shapes that draw ``t``."""
    k = t.kind
    if k == "col":
        return column_glyphs(t.units)
    if k == "C":
        return (Glyph("hexagon", 0.62),)
    if k == "R":
        return (Glyph("ring", 0.66),)
    if k == "N":
        return (Glyph("pennant", 0.7),)
    if k == "B":
        return (Glyph("square", 0.42, pips=t.shields),)
    if t.standing:
        return (Glyph("pillar", 0.9 if k == "T" else 0.62, pips=t.shields),)
    return (Glyph("bar", 0.86, pips=t.shields),)


def describe(t) -> str:
    """Hover text: the piece, its Shields, Power and what is in a column."""
    side = SIDES[t.owner]
    if t.kind == "col":
        parts = [NAMES[u[0]] + (f" ({u[1]} Shield{'s' if u[1] > 1 else ''})" if u[1] else "") for u in reversed(t.units)]
        inner = f": {', '.join(parts)} (top first)" if len(t.units) > 1 else (
            f" ({t.units[0][1]} Shield{'s' if t.units[0][1] > 1 else ''})" if t.units[0][1] else "")
        return f"{side} {t.role()}{inner}"
    extra = ""
    if t.kind == "R":
        extra = f" with {t.power} Power"
    elif t.shields:
        extra = f" ({t.shields} Shield{'s' if t.shields > 1 else ''})"
    return f"{side} {t.role()}{extra}"


def scene(state) -> Scene:
    """The board of ``state`` as a :class:`~playbook.render.Scene`."""
    geo = state.geo
    files, ranks = geo.files, geo.ranks
    cells = []
    for i, name in enumerate(geo.names):
        f, r = i % files, i // files
        cells.append(Cell(name, f, ranks - 1 - r, zone="light" if (f + r) % 2 else "dark"))
    pieces = []
    frozen = state.frozen
    for i, t in enumerate(state.board):
        if t is None or (t.kind in "TH" and t.cells[0] != i):
            continue  # a laying stick is drawn once, from its first cell
        covered = t.cells if t.kind in "TH" else (i,)
        is_frozen = any(c in frozen for c in covered)
        height = str(len(t.units)) if t.kind == "col" and len(t.units) > 1 else ""
        power = f"⚡{t.power}" if t.kind == "R" else ""
        shields = sum(u[1] for u in t.units) if t.kind == "col" else t.shields
        badges = (height, f"+{shields}" if shields else "", power)
        title = describe(t) + f" on {'-'.join(geo.names[c] for c in covered)}" + (" (frozen by a Nice Flag)" if is_frozen else "")
        pieces.append(Piece(tuple(geo.names[c] for c in covered), SIDES[t.owner], glyphs_of(t),
                            badges=badges if any(badges) else (), title=title, dim=is_frozen))
    # Destroyed pieces stand beside the board: Black's column from the top,
    # White's from the bottom; one cell per kind of piece lost.
    for k, owner in enumerate("wb"):
        x = files + (1.25 if owner == "w" else 0.25)
        top = ranks - len(PILE_ORDER) if owner == "w" else 0
        cells.append(Cell(f"lost-{owner}", x, top, h=len(PILE_ORDER), zone="side"))
        for slot, letter in enumerate(PILE_ORDER):
            n = state.lost[k].count(letter)
            if not n:
                continue
            y = ranks - 1 - slot if owner == "w" else slot
            cid = f"lost-{owner}-{letter}"
            cells.append(Cell(cid, x, y, zone="side"))
            what = "stick section" if letter == "B" else NAMES[letter]
            pieces.append(Piece((cid,), SIDES[owner], glyphs_of_pile(letter), badges=(str(n),),
                                title=f"{n} {SIDES[owner]} {what}{'s' if n > 1 else ''} destroyed"))
    w, b = state.pyramids("w"), state.pyramids("b")
    caption = [f"Pyramids: White {w}, Black {b}. Beside the board: Black's losses (left), White's (right).",
               state.status()]
    return Scene(cells, pieces, files=list(FILES[:files]), ranks=[str(r) for r in range(ranks, 0, -1)],
                 caption=caption, title="CCC")


def glyphs_of_pile(letter: str) -> tuple[Glyph, ...]:
    """The shape of a lost piece beside the board."""
    if letter in "FSML":
        return column_glyphs(((letter, 0),))
    return {"R": (Glyph("ring", 0.5),), "N": (Glyph("pennant", 0.55),), "B": (Glyph("square", 0.36),)}[letter]
