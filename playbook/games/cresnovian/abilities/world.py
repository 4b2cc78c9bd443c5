"""A position as the abilities see it: :class:`World`, a mutable copy that
an ability's effect changes, and :class:`Board`, the position read once
into arrays for listing actions fast."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ..board import Umbral

if TYPE_CHECKING:
    from ..state import CresnovianState


#: A piece's umbration, read in one call.
_UMBRATION = itemgetter(0)


class World:
    """A mutable copy of the board for carrying out an ability."""

    def __init__(self, s: CresnovianState):
        self.s = s
        self.by_u: dict[str, Umbral] = dict(zip(map(_UMBRATION, s.pieces), s.pieces, strict=True))
        self.monuments: dict[int, str] = dict(s.monuments)
        self.word: tuple = s.word
        self.poem: tuple = s.poem

    def at(self, cell: int) -> Umbral | None:
        """The piece on ``cell`` now, if any."""
        for p in self.by_u.values():
            if p.cell == cell:
                return p
        return None

    def set(self, u: str, **changes: Any) -> None:
        """Change fields of the ``u`` piece (``cell=``, ``status=`` ...)."""
        self.by_u[u] = self.by_u[u]._replace(**changes)

    def move(self, u: str, cell: int) -> None:
        """Put the ``u`` piece on ``cell``."""
        self.by_u[u] = self.by_u[u].moved(cell)

    def add_q(self, u: str, delta: int) -> None:
        """Add ``delta`` to the ``u`` piece's Q (see :meth:`Umbral.with_q`)."""
        self.by_u[u] = self.by_u[u].with_q(self.by_u[u].q + delta)

    def set_q(self, u: str, q: int) -> None:
        """Set the ``u`` piece's Q (see :meth:`Umbral.with_q`)."""
        self.by_u[u] = self.by_u[u].with_q(q)

    def pieces(self) -> tuple[Umbral, ...]:
        """The pieces, in the rules' order of umbrations (the order of the
        position's pieces, which a change keeps)."""
        return tuple(self.by_u.values())

    def monuments_tuple(self) -> tuple[tuple[int, str], ...]:
        """The monuments as a position holds them: (cell, umbration), by cell."""
        return tuple(sorted(self.monuments.items())) if self.monuments else ()


class Board:
    """One position, read once into arrays: the piece on each cell, whether
    each cell is taken (by a piece, a monument or the placed word)."""

    __slots__ = ("s", "at", "blocked", "kingdom", "pieces", "monuments", "word_cell")

    def __init__(self, s: CresnovianState):
        self.s = s
        at: list[Umbral | None] = [None] * 27
        blocked = [False] * 27
        for p in s.pieces:
            at[p.cell] = p
            blocked[p.cell] = True
        for c, _ in s.monuments:
            blocked[c] = True
        self.word_cell: int = s.word[0] if s.word else -1
        if s.word:
            blocked[s.word[0]] = True
        self.at, self.blocked = at, blocked
        self.kingdom: str = s.kingdom()
        self.pieces: tuple[Umbral, ...] = s.pieces
        self.monuments: tuple[tuple[int, str], ...] = s.monuments

    def free_for_word(self) -> list[int]:
        """Cells a Redefinition may put its word on: blank ones, and the
        cell of the word already on the field."""
        blocked, word_cell = self.blocked, self.word_cell
        return [i for i in range(27) if not blocked[i] or i == word_cell]
