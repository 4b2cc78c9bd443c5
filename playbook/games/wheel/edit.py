"""The position editor for Chess Wheel+: each player's pieces placed and
removed cell by cell.

A palette entry is a player's name and a piece letter (``"Ann K"``).
Placing a piece on a board that has not been created creates it (on the
shared rank 8, with no board at all yet, the owner's); placing a King
also counts as its owner having created and populated their board and
created a King, as populating would.  Everybody decides at once, so there
is no side to move to set.  An edited position starts the week's move
phase afresh: no passes, commitments, reveals or last resolution.  The
week, the power and the players are changed in the position text.
"""

from __future__ import annotations

from dataclasses import replace

from ...core import NotationError, Step
from .board import CELL_RE, FILES, KINDS, NAMES, cell_id


def palette(players) -> tuple[Step, ...]:
    """Every piece of every player in ``players``: ``"Ann K"`` labelled
    "Ann's king", kings first."""
    return tuple(Step.choice(f"{p} {k}", f"{p}'s {NAMES[k]}") for p in players for k in KINDS)


def _cell(state, cell: str) -> str:
    """The canonical id of ``cell`` (``{Ann}e2`` or ``e8``), or a refusal."""
    m = CELL_RE.fullmatch(cell) if isinstance(cell, str) else None
    if m is None:
        raise NotationError(f"cell: {cell!r} is not a cell (write {{Name}}e2, or e8 on the shared rank)")
    board, f, r = m.group(1), FILES.index(m.group(2)), int(m.group(3)) - 1
    if r == 7:
        return cell_id("", f, r)
    if board not in state.players:
        raise NotationError(f"cell: {cell!r} is on no player's board (players: {', '.join(state.players)})")
    return cell_id(board, f, r)


def edit(state, cell: str | None, piece: str | None, to_move: str | None):
    """``state`` with ``piece`` (``"<player> <letter>"``, or None for
    nothing) on ``cell``; refused with a :class:`NotationError` naming the
    field, as a position text would be."""
    if to_move is not None:
        raise NotationError("side to move: in Chess Wheel+ every player decides at once, so there is none to set")
    pieces = {c: (o, k) for c, o, k in state.pieces}
    boards, populated, kings = set(state.boards), set(state.populated), set(state.kings)
    if cell is not None:
        at = _cell(state, cell)
        owner = kind = None
        if piece is not None:
            owner, _, kind = piece.partition(" ") if isinstance(piece, str) else ("", "", "")
            if owner not in state.players or len(kind) != 1 or kind not in KINDS:
                raise NotationError(f"piece: a player's name and a letter of {KINDS}, such as "
                                    f"'{state.players[0]} K', not {piece!r}")
        pieces.pop(at, None)
        if owner is not None:
            pieces[at] = (owner, kind)
            board = at[1:].split("}")[0] if at.startswith("{") else ""
            boards.add(board or (next(iter(boards)) if boards else owner))
            if kind == "K":
                boards.add(owner)
                populated.add(owner)
                kings.add(owner)
    seats = state.players
    edited = replace(
        state, phase="move", boards=tuple(p for p in seats if p in boards),
        populated=tuple(p for p in seats if p in populated), kings=tuple(p for p in seats if p in kings),
        pieces=tuple(sorted((c, o, k) for c, (o, k) in pieces.items())), passed=(), commitments=(), revealed=(),
        withheld=(), results=(), secrets=())
    return state.game.parse(edited.to_text())
