"""Drawing a CCC position: stacks as layers with a height badge, Shields as
pips and a ``+n`` badge, the Ring's Power as a ``⚡n`` badge, sticks across
their cells (standing ones upright), frozen pieces in their own colours with
a snowflake mark, a Ring as a band in its side's colour, lost pieces
beside the board in captioned trays that appear once a side has lost something."""

from __future__ import annotations

from ...render import Cell, Glyph, Label, Piece, Scene, Zone
from .board import FILES
from .pieces import NAMES, PILE_ORDER, SIDES

#: The trays of lost pieces beside the board: JupyterLab's own panel colour
#: (in either theme), outlined with a dashed line.
ZONES = (Zone("side", rule="fill: var(--jp-layout-color2, #8080802a); stroke-dasharray: 2 2"),)

PYRAMID_SIZE = {"S": 0.42, "M": 0.6, "L": 0.8}


def column_glyphs(units) -> tuple[Glyph, ...]:
    """Flats as bars across the cell from the bottom up (a lone Flat as a
    thick slab across its middle), Pyramids as triangles standing on them,
    smaller ones nesting on the upper part of larger ones; the whole column
    fills the cell."""
    glyphs = []
    flats = [u for u in units if u[0] == "F"]
    pyr = [u for u in units if u[0] != "F"]
    n = len(flats)
    if n == 1 and not pyr:
        return (Glyph("slab", 0.9, pips=flats[0][1]),)
    # Flats share the lower part of the cell (thinner and narrower when many), or all of it without Pyramids.
    room = 0.36 if pyr else 0.8
    step = min(0.22, room / max(n, 1))
    size = min(0.9, step * 0.9 / 0.24)  # a bar is 0.24 of its size thick
    bottom = 0.42
    for k, (_, sh) in enumerate(flats):
        glyphs.append(Glyph("bar", size, dy=bottom - step * (k + 0.5), pips=sh))
    foot = bottom - step * n - 0.01  # where the next piece up stands
    scale = 1.0 if len(pyr) < 2 else 0.85
    for letter, sh in pyr:
        size = min(PYRAMID_SIZE[letter] * scale, (foot + 0.46) / 0.93)
        glyphs.append(Glyph("triangle", size, dy=foot - size * 0.43, pips=sh))
        foot -= size * 0.55  # a smaller Pyramid sits on the upper half of the one below
    return tuple(glyphs)


def glyphs_of(t) -> tuple[Glyph, ...]:
    """The shapes that draw ``t``, as large as its cell allows."""
    k = t.kind
    if k == "col":
        return column_glyphs(t.units)
    if k == "C":
        return (Glyph("hexagon", 0.84),)
    if k == "R":
        return (Glyph("ring", 0.8),)
    if k == "V":
        return (Glyph("pennant", 0.86),)
    if k == "B":
        return (Glyph("square", 0.66, pips=t.shields),)
    if t.standing:
        return (Glyph("pillar", 0.92 if k == "T" else 0.7, pips=t.shields),)
    # Lying: one slab along the cells it covers (a stick on one cell is a short one).
    return (Glyph("slab", 0.9, pips=t.shields),)


def describe(t) -> str:
    """Hover text: the piece, its Shields, Power and what is in a column."""
    side = SIDES[t.owner]
    if t.kind == "col":
        parts = [
            NAMES[u[0]] + (f" ({u[1]} Shield{'s' if u[1] > 1 else ''})" if u[1] else "") for u in reversed(t.units)
        ]
        inner = f": {', '.join(parts)} (top first)" if len(t.units) > 1 else (
            f" ({t.units[0][1]} Shield{'s' if t.units[0][1] > 1 else ''})" if t.units[0][1] else "")
        return f"{side} {t.role()}{inner}"
    extra = ""
    if t.kind == "R":
        extra = f" with {t.power} Power"
    elif t.shields:
        extra = f" ({t.shields} Shield{'s' if t.shields > 1 else ''})"
    return f"{side} {t.role()}{extra}"


def drawn(t, cells: tuple[str, ...], frozen: bool = False) -> Piece:
    """The piece ``t`` covering ``cells``: its shapes, its height, Shields
    and Power as badges, marked with a snowflake when ``frozen``."""
    height = str(len(t.units)) if t.kind == "col" and len(t.units) > 1 else ""
    power = f"⚡{t.power}" if t.kind == "R" else ""
    shields = sum(u[1] for u in t.units) if t.kind == "col" else t.shields
    badges = (height, f"+{shields}" if shields else "", power)
    title = describe(t) + f" on {'-'.join(cells)}" + (" (frozen by a Nice Flag)" if frozen else "")
    return Piece(cells, SIDES[t.owner], glyphs_of(t), badges=badges if any(badges) else (), title=title, frozen=frozen)


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
        pieces.append(drawn(t, tuple(geo.names[c] for c in covered), any(c in frozen for c in covered)))
    # Destroyed pieces stand beside the board, one cell per kind lost with
    # its count: Black's from the top, White's from the bottom, each under
    # a caption.  A side that has lost nothing has no tray.
    labels = []
    for k, owner in enumerate("wb"):
        kinds = [letter for letter in PILE_ORDER if letter in state.lost[k]]
        if not kinds:
            continue
        x = files + (1.35 if owner == "w" else 0.25)
        top = ranks - len(kinds) if owner == "w" else 0.5
        for slot, letter in enumerate(kinds):
            n = state.lost[k].count(letter)
            y = top + slot
            cid = f"lost-{owner}-{letter}"
            cells.append(Cell(cid, x, y, zone="side"))
            what = "stick section" if letter == "B" else NAMES[letter]
            pieces.append(Piece((cid,), SIDES[owner], glyphs_of_pile(letter), badges=(str(n),),
                                title=f"{n} {SIDES[owner]} {what}{'s' if n > 1 else ''} destroyed"))
        labels.append(Label(f"{SIDES[owner].capitalize()} lost", x + 0.5, top - 0.25))
    w, b = state.pyramids("w"), state.pyramids("b")
    caption = [f"Pyramids: White {w}, Black {b}.", state.status()]
    return Scene(cells, pieces, files=list(FILES[:files]), ranks=[str(r) for r in range(ranks, 0, -1)],
                 caption=caption, title="CCC", labels=labels, zones=ZONES)


def glyphs_of_pile(letter: str) -> tuple[Glyph, ...]:
    """The shape of a lost piece beside the board."""
    if letter in "FSML":
        return column_glyphs(((letter, 0),))
    return {"R": (Glyph("ring", 0.66),), "V": (Glyph("pennant", 0.72),), "B": (Glyph("square", 0.5),)}[letter]
