"""Chains of jumps, for any game whose pieces capture by jumping.

A piece jumps over another onto the cell beyond, and may jump again from
where it lands, as often as the rules allow.  Each place a chain may stop
is an action of its own (``b2xd4``, ``b2xd4xf6`` ...), entered by the cells
of its path so far: the board then lets a person stop after any jump or
go on (the step API offers the next landing cells and says the entry is
already complete).  :func:`jump_chains` lists them from the rules a game
gives it, one jump at a time; :func:`carry_out` moves the piece along one.

Two things every such game must get right are done here.  The piece has
left its start, so a chain may land there again, and may end there (a
loop of four jumps), unless the game says chains must not end where they
began; a piece jumped stays where it is until the chain ends, so it is
never jumped twice nor landed on.  And carrying a chain out lifts the
piece before putting it down, so a chain that ends where it began keeps
its piece.

>>> board = list("Ob.b...")  # a row of seven cells: the jumper on 0, pieces to take on 1 and 3
>>> def jumps(here, jumped):  # over the next cell to the right, onto the one beyond
...     over, land = here + 1, here + 2
...     return [(over, land, True)] if land < len(board) and board[over] == "b" else []
>>> jump_chains(0, jumps, lambda cell: board[cell] == ".")
[((0, 2), (1,)), ((0, 2, 4), (1, 3))]
>>> carry_out(board, (0, 2, 4), (1, 3), ".")
>>> "".join(board)
'....O..'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence
from typing import Any

__all__ = ["jump_chains", "carry_out", "Jumps"]

#: The jumps the rules allow from a cell: ``jumps(here, jumped)`` gives
#: ``(over, land, goes_on)`` for each jump from ``here`` when the pieces
#: on ``jumped`` have been jumped already this chain: the cell jumped over,
#: the cell landed on (None off the board, where a game allows that; the
#: chain then ends) and whether the chain may go on from there.
Jumps = Callable[[int, tuple[int, ...]], Iterable[tuple[int, "int | None", bool]]]


def jump_chains(start: int, jumps: Jumps, free: Callable[[int], bool], *, path: tuple[int, ...] = (),
                jumped: tuple[int, ...] = (), limit: int | None = None,
                end_on_start: bool = True) -> list[tuple[tuple[Any, ...], tuple[int, ...]]]:
    """Every chain of jumps of the piece on ``start``, each place it may
    stop once, in the order met (each chain before the longer ones it
    starts): ``(path, jumped)`` pairs, ``path`` the cells the piece stands
    on from ``start`` (the last None when it leaves the board) and
    ``jumped`` the cells jumped over, in order.

    ``jumps`` gives the jumps the game's rules allow from a cell (see
    :data:`Jumps`); ``free(cell)`` says whether a piece may land on a cell
    as the board stood before the chain.  Here a landing cell must be free
    or ``start`` (the piece has left it), and no piece is jumped twice.  A
    chain makes ``limit`` jumps at most (None: no limit) and, with
    ``end_on_start=False``, never stops on ``start`` (it may pass it).
    ``path`` and ``jumped`` continue a chain the game began itself (say, a
    rook's capture at the end of a slide): only its longer chains are
    given."""
    out: list[tuple[tuple[Any, ...], tuple[int, ...]]] = []
    _extend(start, jumps, free, limit, end_on_start, path or (start,), jumped, out)
    return out


def _extend(start: int, jumps: Jumps, free: Callable[[int], bool], limit: int | None, end_on_start: bool,
            path: tuple[Any, ...], jumped: tuple[int, ...], out: list) -> None:
    if limit is not None and len(jumped) >= limit:
        return
    for over, land, goes_on in jumps(path[-1], jumped):
        if over in jumped or (land is not None and land != start and not free(land)):
            continue
        longer, taken = path + (land,), jumped + (over,)
        if end_on_start or land != start:
            out.append((longer, taken))
        if goes_on and land is not None:
            _extend(start, jumps, free, limit, end_on_start, longer, taken, out)


def carry_out(board: MutableSequence[Any], path: tuple[Any, ...], jumped: Iterable[int], empty: Any) -> None:
    """Carry out the chain ``path`` (with the pieces on ``jumped`` taken)
    on ``board``, a list of cells: the piece is lifted from ``path[0]``,
    the pieces jumped are taken, and the piece is put down on ``path[-1]``
    (nowhere if None: it left the board), in that order, so a chain that
    ends where it began keeps its piece."""
    piece = board[path[0]]
    board[path[0]] = empty
    for cell in jumped:
        board[cell] = empty
    if path[-1] is not None:
        board[path[-1]] = piece
