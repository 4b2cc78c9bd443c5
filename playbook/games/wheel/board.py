"""Cells, boards and how each piece moves.

A cell below rank 8 belongs to one player's standard board and is written
``{Name}e2``; a cell of rank 8 is shared by every board and is written
``e8`` alone.  Files are the letters ``a``-``h`` from left to right, ranks
the numbers ``1``-``8`` from the owner's side, as in chess.

A move is always measured on one board.  A piece on rank 8 stands on every
board at once, so it may use any existing board for its move.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from functools import lru_cache

FILES = "abcdefgh"
SIZE = 8
KINDS = "KQRBNP"
NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
#: Where populating a standard board creates each piece.
HOME = {"a1": "R", "h1": "R", "b1": "N", "g1": "N", "c1": "B", "f1": "B", "d1": "Q", "e1": "K",
        **{f"{f}2": "P" for f in FILES}}

NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,15}")
CELL_RE = re.compile(r"(?:\{([^{}\s]*)\})?([a-h])([1-8])")

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))


def cell_id(board: str, f: int, r: int) -> str:
    """The canonical id of file ``f`` and rank ``r`` (0-based) on ``board``;
    rank 8 is shared, so its cells carry no board name."""
    square = FILES[f] + str(r + 1)
    return square if r == SIZE - 1 else "{" + board + "}" + square


@lru_cache(maxsize=4096)  # pure, and asked of the same few cells again and again by the engines
def split(cell: str) -> tuple[str, int, int]:
    """``(board, file, rank)`` of a canonical id, 0-based; board ``""`` on rank 8."""
    if cell.startswith("{"):
        board, square = cell[1:].split("}")
    else:
        board, square = "", cell
    return board, FILES.index(square[0]), int(square[1]) - 1


def short(cell: str, writer: str) -> str:
    """``cell`` as ``writer`` writes it: cells of the writer's own board and
    of rank 8 without braces, others with their board's name."""
    board, f, r = split(cell)
    return cell[len(board) + 2:] if board == writer else cell


def exists(cell: str, boards) -> bool:
    """Whether ``cell`` is on a board that has been created (rank 8 exists
    once any board does)."""
    board = split(cell)[0]
    return bool(boards) if board == "" else board in boards


def boards_of(cell: str, boards: Sequence[str]) -> tuple[str, ...]:
    """The boards a piece on ``cell`` may move on."""
    board = split(cell)[0]
    return tuple(boards) if board == "" else (board,)


def reach(kind: str, cell: str, occupied: Container[str], boards: Sequence[str], blocking: bool = True,
          knight_across: bool = False) -> list[str]:
    """The cells a ``kind`` piece on ``cell`` may move to or take on:
    measured on each board the cell belongs to; lines stop at the first
    occupied cell (which they include) when ``blocking``.  ``occupied`` is a
    container of cell ids.  With ``knight_across`` a knight on rank 7 may
    also jump two ranks over the shared rank onto rank 7 of another board
    (one file to either side)."""
    if not blocking or kind in "PKN":
        return list(_unblocked(kind, cell, tuple(boards), knight_across))
    out: dict[str, None] = {}
    for ray in _rays(kind, cell, tuple(boards), knight_across):
        for target in ray:
            out[target] = None
            if target in occupied:
                break
    out.pop(cell, None)
    return list(out)


@lru_cache(maxsize=65536)  # a few thousand (kind, cell, boards) in a game, asked again and again by the engines
def _rays(kind: str, cell: str, boards: tuple[str, ...], knight_across: bool) -> tuple[tuple[str, ...], ...]:
    """The lines a ``kind`` piece on ``cell`` moves along, each from the
    cell outwards, in the order :func:`reach` lists their cells; a piece
    that steps or jumps has a line of one cell for each step."""
    rays: list[tuple[str, ...]] = []
    home, f0, r0 = split(cell)
    if kind == "N" and knight_across and r0 == SIZE - 2 and home:
        for board in boards:
            if board != home:
                for df in (-1, 1):
                    if 0 <= f0 + df < SIZE:
                        rays.append((cell_id(board, f0 + df, r0),))
    for board in boards_of(cell, boards):
        if kind in "PKN":
            deltas: tuple[tuple[int, int], ...]
            if kind == "P":
                deltas = ((0, 1), (0, -1))
            elif kind == "K":
                deltas = ORTH + DIAG
            else:
                deltas = KNIGHT
            for df, dr in deltas:
                f, r = f0 + df, r0 + dr
                if 0 <= f < SIZE and 0 <= r < SIZE:
                    rays.append((cell_id(board, f, r),))
            continue
        dirs = ORTH if kind == "R" else DIAG if kind == "B" else ORTH + DIAG
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            ray: list[str] = []
            while 0 <= f < SIZE and 0 <= r < SIZE:
                ray.append(cell_id(board, f, r))
                f, r = f + df, r + dr
            rays.append(tuple(ray))
    return tuple(rays)


@lru_cache(maxsize=65536)
def _unblocked(kind: str, cell: str, boards: tuple[str, ...], knight_across: bool) -> tuple[str, ...]:
    """Every cell of the lines of :func:`_rays` but ``cell``, once each, in order: a range that no piece blocks."""
    out = dict.fromkeys(target for ray in _rays(kind, cell, boards, knight_across) for target in ray)
    out.pop(cell, None)
    return tuple(out)


def read_cell(text: str, writer: str, players) -> str:
    """The canonical id of a cell written by ``writer`` (``e2`` on the
    writer's own board, ``{Bob}e2`` on Bob's, ``e8`` or ``{Bob}e8`` on the
    shared rank).  Raises ValueError with a reason on anything else."""
    m = CELL_RE.fullmatch(text)
    if not m:
        raise ValueError(f"{text!r} is not a cell (write e2, {{Name}}e2 or e8)")
    board, f, r = m.group(1), FILES.index(m.group(2)), int(m.group(3)) - 1
    if board is None or board == "":
        board = writer
    if board not in players:
        raise ValueError(f"no player called {board!r} has a board")
    return cell_id(board, f, r)
