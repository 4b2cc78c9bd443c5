"""What a Chess Wheel+ position says of its pieces: what stands on a
cell, and where each piece may be ordered to."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from .board import NAMES, reach

if TYPE_CHECKING:
    from .game import ChessWheel


class PieceQuestions:
    """Lookups on a position's pieces (mixed into
    :class:`~playbook.games.wheel.state.WheelState`), each worked out once
    per position."""

    pieces: tuple[tuple[str, str, str], ...]
    boards: tuple[str, ...]
    game: ChessWheel

    def board_map(self) -> dict[str, tuple[str, str]]:
        """The pieces as a dict: cell -> (owner, kind)."""
        return self._cells

    @cached_property
    def _cells(self) -> dict[str, tuple[str, str]]:
        return {c: (o, k) for c, o, k in self.pieces}

    def targets(self, cell: str) -> list[str]:
        """The cells the piece on ``cell`` may be ordered to (its range in
        this position), or ``[]`` for an empty cell."""
        return self._reaches.get(cell, [])

    @cached_property
    def _reaches(self) -> dict[str, list[str]]:
        """Every piece's range: cell -> the cells it may be ordered to."""
        board, game = self._cells, self.game
        return {c: reach(k, c, board, self.boards, game.blocking, game.knight_across) for c, _, k in self.pieces}

    def movable(self, player: str) -> list[str]:
        """The cells of ``player``'s pieces that have somewhere to go."""
        return self._movable.get(player, [])

    @cached_property
    def _movable(self) -> dict[str, list[str]]:
        reaches = self._reaches
        movable: dict[str, list[str]] = {}
        for c, owner, _ in self.pieces:
            if reaches[c]:
                movable.setdefault(owner, []).append(c)
        return movable

    def piece_at(self, cell: str):
        """``(owner, kind)`` of the piece on ``cell``, or None."""
        return self.board_map().get(cell)

    def describe(self, cell: str) -> str:
        """``"Ann's knight on {Ann}b1"``, or ``"nothing on ..."``."""
        piece = self.piece_at(cell)
        if piece is None:
            return f"nothing on {cell}"
        return f"{piece[0]}'s {NAMES[piece[1]]} on {cell}"
