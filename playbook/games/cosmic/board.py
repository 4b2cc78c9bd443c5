"""The Cosmic Chess board: cells, directions, the tables of every piece's
reach, the plain moves and draw actions made once, and each side's set."""

from __future__ import annotations

from ...core import Action, Step
from ...descriptor import Ending

FILES = "abcdef"
SIZE = 6
OFF = "*"
START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"
NAMES = {"K": "king", "R": "rook", "N": "knight", "P": "pawn"}
SIDES = {"w": "white", "b": "black"}
KINGS = {"w": "K", "b": "k"}

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL8 = ORTH + DIAG


def cell_name(i: int) -> str:
    """The name of the cell of index ``i`` (a1 is 0, b1 is 1, a2 is 6)."""
    return FILES[i % SIZE] + str(i // SIZE + 1)


CELLS = [cell_name(i) for i in range(SIZE * SIZE)]
INDEX = {name: i for i, name in enumerate(CELLS)}
CELL_STEPS = [Step.cell(name) for name in CELLS]
OFF_STEP = Step.choice(OFF, "jump off the board")
#: The ending of a game where a side is down to its bare King and the pieces are counted.
BARE_KING = Ending("bare king", "a side is down to its bare King and the pieces are counted")

OFFER_DRAW = "offer-draw"
ACCEPT_DRAW = "accept-draw"


def _walk(i: int, d: tuple[int, int], n: int) -> int | None:
    """The index ``n`` cells from ``i`` in direction ``d``, or None off the board."""
    f, r = i % SIZE + d[0] * n, i // SIZE + d[1] * n
    return r * SIZE + f if 0 <= f < SIZE and 0 <= r < SIZE else None


def _between(i: int, j: int) -> list[int] | None:
    """The cells strictly between ``i`` and ``j`` when both are on one rank
    or one file (nearest ``i`` first), else None."""
    df, dr = j % SIZE - i % SIZE, j // SIZE - i // SIZE
    if i == j or (df and dr):
        return None
    # Every cell between two on one rank or file is on the board: a fixed step in the index.
    step = ((df > 0) - (df < 0)) + SIZE * ((dr > 0) - (dr < 0))
    return [i + n * step for n in range(1, max(abs(df), abs(dr)))]


# JUMPS[dirs][i]: for each direction, (cell jumped over, landing cell or None
# when the landing is off the board).  Only jumps whose jumped cell is on the
# board are listed.
def _jump_table(dirs):
    table = []
    for i in range(SIZE * SIZE):
        row = []
        for d in dirs:
            over = _walk(i, d, 1)
            if over is not None:
                row.append((over, _walk(i, d, 2)))
        table.append(tuple(row))
    return table


JUMPS = {dirs: _jump_table(dirs) for dirs in (ORTH, DIAG, ALL8)}
STEPS1 = {
    dirs: [tuple(j for j in (_walk(i, d, 1) for d in dirs) if j is not None) for i in range(36)]
    for dirs in (DIAG, ALL8)
}
RAYS = [
    [tuple(j for j in (_walk(i, d, n) for n in range(1, SIZE)) if j is not None) for d in ORTH]
    for i in range(SIZE * SIZE)
]
# KNIGHT[i]: (first cell, second cell, landing or None off the board)
KNIGHT = []
for _i in range(SIZE * SIZE):
    _paths = []
    for _d in ORTH:
        _c1, _c2 = _walk(_i, _d, 1), _walk(_i, _d, 2)
        if _c1 is None or _c2 is None:
            continue
        for _p in ((_d[1], _d[0]), (-_d[1], -_d[0])):
            _paths.append((_c1, _c2, _walk(_c2, _p, 1)))
    KNIGHT.append(tuple(_paths))


# Plain moves are the same value wherever they occur: make each once.
PLAIN = {
    (i, j): Action(CELLS[i] + "-" + CELLS[j], (CELL_STEPS[i], CELL_STEPS[j]), (i, j, ()))
    for i in range(SIZE * SIZE)
    for j in range(SIZE * SIZE)
    if i != j
}
WHITE, BLACK = frozenset("KRNP"), frozenset("krnp")
OFFER_ACTION = Action(OFFER_DRAW, (Step.choice(OFFER_DRAW, "Offer a draw"),), ("offer",))
ACCEPT_ACTION = Action(ACCEPT_DRAW, (Step.choice(ACCEPT_DRAW, "Accept the draw"),), ("accept",))


def _owner(piece: str) -> str:
    return "w" if piece.isupper() else "b"


SET = {"K": 1, "R": 2, "N": 3, "P": 2}  # pieces of each kind in one side's set
