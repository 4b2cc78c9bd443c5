"""What Cosmic Chess teaches the engines: its evaluation and material.

>>> from playbook import load
>>> game = load("cosmic")
>>> game.engine.evaluate(game.initial(), "white")
0.1
>>> round(game.engine.evaluate(game.parse("4pk/6/6/6/6/KR4 w"), "white"), 2)
3.1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Engine

if TYPE_CHECKING:
    from .state import CosmicState

#: Piece values in pawns (the king is beyond price: losing it ends the
#: game, so it counts only through the outcome).
PIECE_VALUES = {"K": 0.0, "R": 4.0, "N": 3.0, "P": 1.0}

# Cosmic Chess is decided by the number of pieces whenever a side is down to
# its bare king or a draw is agreed, so each piece also counts as a piece.
_COUNT = 0.5


class CosmicEngine(Engine["CosmicState"]):
    """Cosmic Chess's evaluation and material; every action is listed."""

    judges = True
    #: A knight (3) is the review's scale; the small board lets it look three actions ahead.
    review_depth = 3

    def evaluate(self, state: CosmicState, player: str) -> float:
        """Cosmic Chess: material and numbers.

        Material: rook 4, knight 3, pawn 1 (:data:`PIECE_VALUES`); the king
        counts only through the outcome, since losing it loses the game.  Each
        piece also adds half a pawn, because the number of pieces decides the
        game whenever a side is down to its bare king or a draw is agreed.  The
        side to move gets a tenth of a pawn for the tempo.  The result is the
        player's total minus the opponent's.
        """
        if state.outcome is not None:
            return Engine.evaluate(self, state, player)
        board = state.board
        # Every worth is a whole number of half pawns, so counting kind by kind gives the same
        # sum, exactly, as adding piece by piece.
        score = 0.0
        for kind, worth in PIECE_VALUES.items():
            score += (worth + _COUNT) * (board.count(kind) - board.count(kind.lower()))
        score += 0.1 if state.side == "w" else -0.1
        return score if player == "white" else -score

    def extra_actions(self, state: CosmicState) -> list:
        """None: every action is listed."""
        return []

    def material(self, state: CosmicState) -> dict[str, int]:
        """Rooks, knights and pawns, White's count minus Black's (kings left out)."""
        return self.letter_balance(state.board, [k for k in PIECE_VALUES if k != "K"])


ENGINE = CosmicEngine()
