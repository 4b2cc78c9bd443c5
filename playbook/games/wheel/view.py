"""Drawing: every standard board around one shared rank 8.

The shared rank is drawn once, at the left end of a strip across the
middle; the boards hang from that strip, rank 7 against it: the first,
third, ... player's boards below it, the others above it (mirrored, so
their files still line up).  Where a board does not touch the shared cells
the strip repeats their names: that board's rank 8 is those same cells.  Every board is named at its outer edge.  The
last resolution's orders are arrows (failed ones dashed and crossed out);
revealed orders waiting for the resolution are dashed arrows.  Pieces are chess
figures (playbook/figures.py) in their player's colour.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ...render import Area, Cell, Glyph, Label, Mark, Piece, Scene, Zone
from .board import FILES, NAMES, short
from .orders import read_orders, split_body
from .resolve import STAGE, STAGES, WHY

#: Chess figures, as tall as the cell allows (a pawn a little smaller).
GLYPHS = {k: (Glyph(name, 0.9 if k != "P" else 0.8),) for k, name in
          {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}.items()}
#: The colours of the shared rank's cells and of the strip under them
#: (light, dark page; the strip also outlined with a dashed line); the
#: boards' own squares are the shared ``light``, ``dark`` and ``plain``.
ZONES = (Zone("shared", "#c9e4f6", "#3e6680"),
         Zone("strip", "#e3f1fa", "#2c4150", "stroke: #7fa7c4; stroke-width: 0.5; stroke-dasharray: 4 3"))
TOP = 1.6  # room above the top row of boards for names and files


def layout(players) -> dict:
    """Where each board goes: player -> (x of file a, y of rank 1, +1 when
    ranks run downwards (boards above the strip), -1 otherwise), and the
    strip's row and the shared cells' first column."""
    cols = math.ceil(len(players) / 2)
    width = cols * 9 - 1
    band = TOP + 7
    places = {}
    for i, p in enumerate(players):
        x0 = 1 + (i // 2) * 9
        if i % 2 == 0:
            places[p] = (x0, band + 7, -1)  # below the strip: rank 1 at the bottom row
        else:
            places[p] = (x0, TOP, 1)  # above the strip, mirrored: rank 1 at the top
    return {"boards": places, "band": band, "hub": 1, "width": width}


def drawn(state, cell: str, owner: str, kind: str) -> Piece:
    """The ``kind`` (a letter) of the player ``owner`` on ``cell``, as a chess figure in their colour."""
    return Piece((cell,), state.colour(owner), GLYPHS[kind], title=f"{owner}'s {NAMES[kind]} on {cell}")


def scene(state, player: str | None = None) -> Scene:
    """The scene of ``state``; with ``player``, that player's sealed orders too."""
    lay = layout(state.players)
    band, hub = lay["band"], lay["hub"]
    cells, labels = [], []
    areas = [Area(0.5, band, lay["width"] + 1, 1, "strip")]
    for f in range(8):
        cells.append(Cell(f"{FILES[f]}8", hub + f, band, zone="shared", text=f"{FILES[f]}8" if state.boards else ""))
    for p, (x0, y1, step) in lay["boards"].items():
        made = p in state.boards
        for r in range(7):
            y = y1 + r * step
            labels.append(Label(str(r + 1), x0 - 0.35, y + 0.5))
            for f in range(8):
                zone = ("dark" if (f + r) % 2 == 0 else "light") if made else "plain"
                cells.append(Cell(f"{{{p}}}{FILES[f]}{r + 1}", x0 + f, y, zone=zone))
        edge = y1 - 0.3 if step == 1 else y1 + 1.3
        for f in range(8):
            labels.append(Label(FILES[f], x0 + f + 0.5, edge))
            if x0 != hub and step == -1 and state.boards:
                # The strip above a board away from the shared cells: its rank 8 is those cells.
                labels.append(Label(f"{FILES[f]}8", x0 + f + 0.5, band + 0.5))
        name_y = y1 - 0.95 if step == 1 else y1 + 1.95
        labels.append(Label(p if made else f"{p} (no board yet)", x0 + 4, name_y, "name"))
    pieces = [drawn(state, c, o, k) for c, o, k in state.pieces]
    marks = []
    for _, origin, dest, code in state.results:
        marks.append(Mark("arrow" if code in ("ok", "destroyed") else "failed", (origin, dest)))
    for p in state.players:
        for o in state.orders_of(p):
            marks.append(Mark("pending", (o.origin, o.destination)))
    if player is not None and state.secret(player) is not None:
        for o in read_orders(split_body(state.secret(player))[1], player, state.players):
            marks.append(Mark("pending", (o.origin, o.destination)))
    caption = [state.status()]
    if state.results:
        failed = sum(1 for *_, code in state.results if code not in ("ok", "destroyed"))
        caption.append(f"Last resolution: {len(state.results)} orders, {failed} failed (crossed-out arrows).")
        for p, origin, dest, code in sorted(state.results, key=lambda r: STAGE[r[3]]):
            caption.append(f"  {STAGES[STAGE[code]]}: {p} {short(origin, p)}-{short(dest, p)} {WHY[code]}")
    return Scene(cells, pieces, marks=marks, caption=caption, title="Chess Wheel+", labels=labels, areas=areas,
                 zones=ZONES)


def resolution_steps(state) -> list:
    """The adjudication of the orders revealed in ``state``, stage by stage:
    a list of ``(words, scene)``, each scene the position before the
    resolution with the orders failed so far crossed out and the others
    dashed, then the position after it."""
    res = state.resolution()
    base = scene(state)
    out = []
    for k in range(len(STAGES)):
        marks = []
        for o, code in res.results:
            done = STAGE[code] <= k
            kind = ("arrow" if code in ("ok", "destroyed") else "failed") if done else "pending"
            marks.append(Mark(kind, (o.origin, o.destination)))
        head, _, items = res.stages[k].partition(": ")
        lines = [f"Stage {k + 1}, {head.lower()}:"] + [f"  {item}" for item in items.split("; ")]
        out.append((res.stages[k], replace(base, marks=marks, caption=lines)))
    after = state._resolved() if state.phase == "resolve" else state
    out.append(
        ("After the resolution", replace(scene(after), marks=[m for m in scene(after).marks if m.kind != "pending"]))
    )
    return out
