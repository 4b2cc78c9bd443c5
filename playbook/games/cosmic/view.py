"""How a Cosmic Chess position is drawn: the board and its pyramids."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import StateMixin
from ...render import Cell, Glyph, Piece, Scene
from .board import CELLS, FILES, NAMES, SIDES, SIZE, _owner

if TYPE_CHECKING:
    from .game import CosmicChess


# Pyramids seen from the side: small, medium and large triangles; the king
# is a large pyramid with a small one on its top.
# Looney pyramids carry one, two or three pips by size.
GLYPHS = {
    "P": (Glyph("triangle", 0.38, dy=0.08, pips=1),),
    "N": (Glyph("triangle", 0.58, dy=0.04, pips=2),),
    "R": (Glyph("triangle", 0.8, pips=3),),
    "K": (Glyph("triangle", 0.8, dy=0.06, pips=3), Glyph("triangle", 0.36, dy=-0.24, pips=1)),
}


def drawn(piece: str, cell: str) -> Piece:
    """The piece written ``piece`` (its letter, a capital for White) on ``cell``."""
    owner = SIDES[_owner(piece)]
    return Piece((cell,), owner, GLYPHS[piece.upper()], title=f"{owner} {NAMES[piece.upper()]} on {cell}")


class CosmicView(StateMixin):
    """The drawing of a :class:`CosmicState`."""

    board: str
    side: str
    game: CosmicChess

    def counts(self) -> dict[str, int]:
        """Pieces on the board for each side (``"w"`` and ``"b"``)."""
        b = self.board
        return {
            "w": b.count("K") + b.count("R") + b.count("N") + b.count("P"),
            "b": b.count("k") + b.count("r") + b.count("n") + b.count("p"),
        }

    def palette_piece(self, piece: str) -> Piece:
        """The palette piece ``piece`` (its letter) as the board draws it."""
        return drawn(piece, "")

    def view(self) -> Scene:
        """The position as the renderer draws it: the cells, their pieces and the labels."""
        cells = []
        pieces = []
        for i, name in enumerate(CELLS):
            f, r = i % SIZE, i // SIZE
            cells.append(Cell(name, f, SIZE - 1 - r, zone="light" if (f + r) % 2 else "dark"))
            piece = self.board[i]
            if piece != ".":
                pieces.append(drawn(piece, name))
        counts = self.counts()
        return Scene(
            cells,
            pieces,
            files=FILES,
            ranks=[str(r) for r in range(SIZE, 0, -1)],
            caption=[f"White {_pieces(counts['w'])}, Black {counts['b']}. {self.status()}"],
            title="Cosmic Chess",
        )


def _pieces(n: int) -> str:
    """``n`` pieces in words: "1 piece", "3 pieces"."""
    return f"{n} piece{'s' if n != 1 else ''}"
