"""The position editor for Cresnovian Chess: the nine umbral pieces placed
and removed cell by cell.

The pieces belong to nobody and each umbration is one piece, so placing an
umbration that already stands elsewhere moves it (with its Q, status and
home); a new piece comes with the 3Q of the set-up, its home the
foundation cell it is placed on when no other piece has that home.
Emptying a cell takes away whatever stands there: a monument, the placed
word, or a piece while the pieces are still being placed; a position in
play keeps all nine pieces (clarification 28), so there a piece is moved,
never taken off.  Editing a position in the set-up places pieces as the
set-up does (on free foundation cells, 3Q, each its cell's home) until all
nine stand and the second player chooses a kingdom.  An edited position in
play (the second player holds the right kingdom unless a kingdom was
chosen already) has no earlier turn: nothing forbids a travel or a
DOCUMENT and there is nothing for Critical Rewind to undo.  Q, broken and
eternal pieces, monuments and the poem are changed in the position text.
"""

from __future__ import annotations

from ...core import NotationError, Step
from .board import FOUNDATION, INDEX, UMBRATIONS, Umbral
from .notation import check_state


def palette() -> tuple[Step, ...]:
    """The nine umbrations, each by its name."""
    return tuple(Step.choice(u, u.capitalize()) for u in UMBRATIONS)


def edit(state, cell: str | None, piece: str | None, to_move: str | None):
    """``state`` with ``piece`` (an umbration, or None for nothing) on
    ``cell`` and/or ``to_move`` (``first``/``second``) to move; checked as
    strictly as a position text, so a refusal is a :class:`NotationError`
    naming the field."""
    pieces = list(state.pieces)
    monuments = state.monuments
    word = state.word
    if cell is not None:
        if cell not in INDEX:
            raise NotationError(f"cell: {cell!r} is not a cell of the board (A1 to I3)")
        if piece is not None and piece not in UMBRATIONS:
            raise NotationError(f"piece: {piece!r} is no umbration; the nine are {', '.join(UMBRATIONS)}")
        i = INDEX[cell]
        moving = next((p for p in pieces if p.umbration == piece), None)
        pieces = [p for p in pieces if p.cell != i and p.umbration != piece]
        if piece is None:
            monuments = tuple(m for m in monuments if m[0] != i)
            word = () if word and word[0] == i else word
        elif moving is not None:
            pieces.append(moving.moved(i))
        else:
            homes = {p.home for p in pieces}
            pieces.append(Umbral(piece, i, 3, "", i if cell in FOUNDATION and i not in homes else -1))
    ordered = tuple(sorted(pieces, key=lambda p: UMBRATIONS.index(p.umbration)))
    if state.phase != "play":
        # The set-up: a piece stands on its foundation cell, its home, with 3Q (the check says so otherwise).
        if to_move is not None:
            raise NotationError("side to move: during the set-up the first player places and the second chooses")
        placing = len(ordered) < len(UMBRATIONS)
        return check_state(
            state.replace(
                pieces=tuple(Umbral(p.umbration, p.cell, p.q, p.status, p.cell) for p in ordered),
                phase="place" if placing else "choose",
                turn="first" if placing else "second",
            )
        )
    turn = state.turn
    if to_move is not None:
        if to_move not in ("first", "second"):
            raise NotationError(f"side to move: 'first' or 'second', not {to_move!r}")
        turn = to_move
    edited = state.replace(pieces=ordered, monuments=monuments, word=word, turn=turn, last_travel="", last_turn="",
                           forbid="", before="")
    return check_state(edited)

