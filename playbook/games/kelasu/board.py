"""The board, the pieces and their moves: cells, rays, ready-made piece
actions, cells as bit masks, and the words (resign, draw offers)."""

from __future__ import annotations

import hashlib
from functools import cache

from ...core import Action, Step
from ...render import Glyph, Piece

RANKS = "ABCDEFGHIJ"
SIZE = 10
CELLS = [RANKS[i // SIZE] + str(i % SIZE) for i in range(SIZE * SIZE)]
INDEX = {name: i for i, name in enumerate(CELLS)}
CELL_STEPS = [Step.cell(c) for c in CELLS]
VICTORY = (44, 45, 54, 55)
COSTS = {"W": 2, "R": 4, "D": 4, "C": 5, "G": 10, "S": 21}
MERGE_SIZES = sorted(set(COSTS.values()))
NAMES = {"B": "blank", "W": "warrior", "R": "runner", "D": "diplomat", "C": "champion", "G": "general", "S": "stone"}
SIDES = ("blue", "red")
START_BOARD = (
    "BBBBBBBBBB"
    "BBBBBBBBBB"
    "S.S....S.S"
    ".........."
    ".........."
    ".........."
    ".........."
    "s.s....s.s"
    "bbbbbbbbbb"
    "bbbbbbbbbb"
)
OWN = {"blue": frozenset("BWRDCGS"), "red": frozenset("bwrdcgs")}
FORWARD = {"blue": 1, "red": -1}
HOME = {"blue": (0, 1), "red": (8, 9)}
BACK_RANK = {"blue": 0, "red": 9}
FAR_RANK = {"blue": 9, "red": 0}
QUIET_LIMIT = 64
REPEATS = 4


def _at(r: int, f: int) -> int | None:
    return r * SIZE + f if 0 <= r < SIZE and 0 <= f < SIZE else None


def _ray(i: int, dr: int, df: int, limit: int = SIZE) -> tuple[int, ...]:
    out = []
    r, f = divmod(i, SIZE)
    for n in range(1, limit + 1):
        j = _at(r + dr * n, f + df * n)
        if j is None:
            break
        out.append(j)
    return tuple(out)


NEIGHBOURS = [
    tuple(
        j
        for j in (_at(i // SIZE + dr, i % SIZE + df) for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        if j is not None
    )
    for i in range(100)
]


# Per side and cell, the rays each piece may use: (cells, may move, may capture).
def _piece_rays(side: str) -> dict[str, list[list[tuple[tuple[int, ...], bool, bool]]]]:
    fw = FORWARD[side]
    table: dict[str, list[list[tuple[tuple[int, ...], bool, bool]]]] = {k: [] for k in "BWDCG"}
    for i in range(100):
        table["B"].append(
            [(_ray(i, fw, 0, 1), True, False), (_ray(i, 0, 1, 1), True, False), (_ray(i, 0, -1, 1), True, False)]
        )
        table["W"].append(
            [
                (_ray(i, fw, 0, 1), True, True),
                (_ray(i, 0, 1, 1), True, True),
                (_ray(i, 0, -1, 1), True, True),
                (_ray(i, fw, 1, 1), False, True),
                (_ray(i, fw, -1, 1), False, True),
            ]
        )
        table["D"].append([(_ray(i, dr, df, 3), True, False) for dr, df in ((1, 0), (-1, 0), (0, 1), (0, -1))])
        table["C"].append(
            [
                (_ray(i, fw, 0), True, True),
                (_ray(i, fw, 1, 1), True, True),
                (_ray(i, fw, -1, 1), True, True),
                (_ray(i, 0, 1, 3), True, True),
                (_ray(i, 0, -1, 3), True, True),
                (_ray(i, -fw, 0), True, False),
            ]
        )
        table["G"].append([(_ray(i, dr, df), True, True) for dr in (-1, 0, 1) for df in (-1, 0, 1) if dr or df])
    return table


RAYS = {side: _piece_rays(side) for side in SIDES}
DIAGONALS = [[_ray(i, dr, df) for dr in (-1, 1) for df in (-1, 1)] for i in range(100)]
DIAG1 = [tuple(r[0] for r in rays if r) for rays in DIAGONALS]

@cache
def _plain(i: int, j: int) -> Action:
    """The action moving the piece on ``i`` to ``j``: the same value
    wherever it occurs, made on first use."""
    return Action(CELLS[i] + "-" + CELLS[j], (CELL_STEPS[i], CELL_STEPS[j]), ("move", i, j))


# Ray modes: what a piece may do on the cells of a ray, in order.
SLIDE, MOVE, CAPTURE, RUN = 0, 1, 2, 3  # move or capture / move only / capture only / runner


def _move_table(side: str) -> dict[str, list[tuple]]:
    """Per piece letter of ``side`` and per cell, the piece's rays, each
    ``(mode, ((cell, action), ...))``, in the order actions are listed."""
    table = {}
    letters = "BWRDCGS" if side == "blue" else "bwrdcgs"
    for letter in letters:
        kind = letter.upper()
        per_cell = []
        for i in range(100):
            rays = []
            if kind == "R":
                rays = [(RUN, ray) for ray in DIAGONALS[i] if ray]
            elif kind in RAYS[side]:
                for ray, may_move, may_capture in RAYS[side][kind][i]:
                    if ray:
                        rays.append((SLIDE if may_move and may_capture else MOVE if may_move else CAPTURE, ray))
                if kind == "W" and i // SIZE == FAR_RANK[side]:
                    rays.append((SLIDE, (BACK_RANK[side] * SIZE + i % SIZE,)))  # the Recall
                elif kind == "D":
                    rays.extend((CAPTURE, (j,)) for j in DIAG1[i])  # conversions
            per_cell.append(tuple((mode, tuple((j, _plain(i, j)) for j in ray)) for mode, ray in rays))
        table[letter] = per_cell
    return table


MOVES = {**_move_table("blue"), **_move_table("red")}

# Cells as bits of an int: bit i is cell i.
FULL = (1 << 100) - 1
FILE0 = sum(1 << (r * SIZE) for r in range(SIZE))
FILE9 = FILE0 << (SIZE - 1)


def _spread(mask: int) -> int:
    """The cells orthogonally next to any cell of ``mask``."""
    return ((mask << SIZE) | (mask >> SIZE) | ((mask << 1) & ~FILE0) | ((mask >> 1) & ~FILE9)) & FULL


def _bits(mask: int) -> list[int]:
    """The cells of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _parts(mask: int) -> list[int]:
    """The orthogonally connected groups of ``mask``, lowest cell first."""
    parts = []
    while mask:
        part = mask & -mask
        while True:
            grown = (_spread(part) & mask) | part
            if grown == part:
                break
            part = grown
        parts.append(part)
        mask &= ~part
    return parts


RESIGN = Action("resign", (Step.choice("resign", "Resign"),), ("resign",))
OFFER = Action("offer-draw", (Step.choice("offer-draw", "Offer a draw"),), ("offer",))
ACCEPT = Action("accept-draw", (Step.choice("accept-draw", "Accept the draw"),), ("accept",))
WORDS = {a.text: a for a in (RESIGN, OFFER, ACCEPT)}


def _word_list() -> str:
    return ", ".join(WORDS)


def _other(side: str) -> str:
    return "red" if side == "blue" else "blue"


def _owner(piece: str) -> str:
    return "blue" if piece.isupper() else "red"


def _digest(board: str, side: str) -> str:
    return hashlib.sha1((board + side).encode()).hexdigest()[:10]


MOVE_RULES = {
    "B": "a blank steps one cell forward or sideways onto an empty cell",
    "W": (
        "a warrior steps forward or sideways, captures one cell diagonally forward, and Recalls only from the far rank"
    ),
    "R": "a runner slides diagonally, its first cell empty",
    "D": "a diplomat moves up to three cells straight over empty cells, or converts a diagonally adjacent enemy",
    "C": (
        "a champion goes any distance forward, one cell diagonally forward, up to three sideways, "
        "and back without capturing"
    ),
    "G": "a general slides any distance in eight directions",
}

GLYPHS = {
    "B": (Glyph("circle", 0.38),),
    "W": (Glyph("triangle", 0.66, dy=0.04),),
    "R": (Glyph("diamond", 0.74),),
    "D": (Glyph("pentagon", 0.7),),
    "C": (Glyph("hexagon", 0.74),),
    "G": (Glyph("star", 0.86),),
    "S": (Glyph("octagon", 0.78),),
}


def drawn(piece: str, cell: str, dim: bool = False) -> Piece:
    """The piece written ``piece`` (its letter, a capital for Blue) on
    ``cell``; ``dim`` when it has already acted this turn."""
    owner = _owner(piece)
    return Piece((cell,), owner, GLYPHS[piece.upper()], letter=piece if piece.upper() != "B" else "",
                 title=f"{owner} {NAMES[piece.upper()]} on {cell}", dim=dim)


