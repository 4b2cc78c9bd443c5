"""The cross-shaped board: its cells, and the steps and jumps between them.

A cell is on the board when its file is c, d or e or its rank is 3, 4 or 5;
the others are simply left out, which is all a board of another shape
takes (the drawing labels files and ranks only where cells are).
"""

from __future__ import annotations

FILES = "abcdefg"
#: Every cell, rank 1 first and file a first in each rank: a position's board holds one letter for each.
CELLS = tuple(f"{f}{r}" for r in range(1, 8) for f in FILES if f in "cde" or r in (3, 4, 5))
INDEX = {name: i for i, name in enumerate(CELLS)}
#: Each cell's rank.
RANK_OF = tuple(int(name[1:]) for name in CELLS)
#: How many cells each rank holds, rank 1 first.
RANK_SIZES = tuple(sum(1 for c in CELLS if c[1:] == str(r)) for r in range(1, 8))
#: The directions, as (file, rank) offsets: forward (towards rank 7) first.
NORTH, SOUTH, EAST, WEST = (0, 1), (0, -1), (1, 0), (-1, 0)


def _next(i: int, way: tuple[int, int]) -> int | None:
    """The cell beside cell ``i`` in ``way``, or None off the board."""
    name = CELLS[i]
    return INDEX.get(f"{chr(ord(name[0]) + way[0])}{int(name[1:]) + way[1]}")


#: The cells a goose may step to from each cell (forward or sideways, never back).
GOOSE_STEPS = tuple(tuple(j for w in (NORTH, EAST, WEST) if (j := _next(i, w)) is not None)
                    for i in range(len(CELLS)))
#: The cells the fox may step to from each cell (any of the four ways).
FOX_STEPS = tuple(tuple(j for w in (NORTH, SOUTH, EAST, WEST) if (j := _next(i, w)) is not None)
                  for i in range(len(CELLS)))
#: The fox's jumps from each cell: (cell jumped over, cell landed on), both on the board.
JUMPS = tuple(tuple((over, land) for w in (NORTH, SOUTH, EAST, WEST)
                    if (over := _next(i, w)) is not None and (land := _next(over, w)) is not None)
              for i in range(len(CELLS)))
