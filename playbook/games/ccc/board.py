"""The board's geometry: cell names, directions, neighbours (cached per size).

Files are letters from ``a``, ranks numbers from ``1`` on White's side;
cell index ``rank * files + file``.  Directions are compass points:
north is towards Black (White's forward), east towards higher files.
"""

from __future__ import annotations

from functools import cache

DIRS = {
    "n": (0, 1),
    "ne": (1, 1),
    "e": (1, 0),
    "se": (1, -1),
    "s": (0, -1),
    "sw": (-1, -1),
    "w": (-1, 0),
    "nw": (-1, 1),
}
ORTH = ("n", "e", "s", "w")
DIAG = ("ne", "se", "sw", "nw")
ALL = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
WORDS = {"n": "north", "ne": "north-east", "e": "east", "se": "south-east", "s": "south", "sw": "south-west",
         "w": "west", "nw": "north-west"}
FILES = "abcdefghijklmnopqrstuvwxyz"
LEAPS = ((3, 2), (3, -2), (-3, 2), (-3, -2), (2, 3), (2, -3), (-2, 3), (-2, -3))


def forward_dirs(side: str, what: str) -> tuple[str, ...]:
    """The directions a side's Flat (``flat``), Flat Stack (``stack``) or
    Flat Stack unstacking (``unstack``) may use; forward is north for White."""
    fwd, left, right = ("n", "nw", "ne") if side == "w" else ("s", "se", "sw")
    if what == "stack":
        return (fwd, left, right)
    return (fwd, left, right, "w" if side == "w" else "e", "e" if side == "w" else "w")


class Geometry:
    """Names and neighbourhoods of a board ``files`` wide and ``ranks`` deep."""

    def __init__(self, files: int, ranks: int):
        self.files, self.ranks = files, ranks
        self.size = files * ranks
        self.names = [FILES[i % files] + str(i // files + 1) for i in range(self.size)]
        self.index = {n: i for i, n in enumerate(self.names)}
        # step[d][i]: the cell one step from i in direction d, or -1 off the board.
        self.step = {d: [self._walk(i, v, 1) for i in range(self.size)] for d, v in DIRS.items()}
        self.leaps = [tuple(j for j in (self._offset(i, a, b) for a, b in LEAPS) if j >= 0) for i in range(self.size)]
        self.ring8 = [tuple(j for j in (self.step[d][i] for d in ALL) if j >= 0) for i in range(self.size)]
        self._lines: dict = {}
        self.ring4 = [tuple(j for j in (self.step[d][i] for d in ORTH) if j >= 0) for i in range(self.size)]

    def jumps(self, dirs: tuple) -> list:
        """Per cell, (cell jumped, landing) pairs in ``dirs``, both on the board."""
        key = ("j", dirs)
        found = self._lines.get(key)
        if found is None:
            found = []
            for i in range(self.size):
                pairs = []
                for d in dirs:
                    over = self.step[d][i]
                    land = self.step[d][over] if over >= 0 else -1
                    if land >= 0:
                        pairs.append((over, land))
                found.append(tuple(pairs))
            self._lines[key] = found
        return found

    def _offset(self, i: int, df: int, dr: int) -> int:
        f, r = i % self.files + df, i // self.files + dr
        return r * self.files + f if 0 <= f < self.files and 0 <= r < self.ranks else -1

    def _walk(self, i: int, v: tuple[int, int], n: int) -> int:
        return self._offset(i, v[0] * n, v[1] * n)

    def line(self, i: int, d: str, n: int) -> tuple[int, ...]:
        """The ``n`` cells after ``i`` in direction ``d`` (-1 for those off the board)."""
        key = (i, d, n)
        found = self._lines.get(key)
        if found is None:
            out, j = [], i
            for _ in range(n):
                j = self.step[d][j] if j >= 0 else -1
                out.append(j)
            found = self._lines[key] = tuple(out)
        return found



@cache
def geometry(files: int, ranks: int) -> Geometry:
    """The shared :class:`Geometry` of a board this size."""
    return Geometry(files, ranks)
