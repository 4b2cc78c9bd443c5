"""What the engines know of Fox and Geese: its evaluation."""

from __future__ import annotations

from playbook.core import Engine

from .board import FOX_STEPS, JUMPS
from .state import FEWEST, FoxAndGeeseState


class FoxAndGeeseEngine(Engine[FoxAndGeeseState]):
    """What the engines know of Fox and Geese: each goose is worth a unit to
    the geese, and each way the fox has out of its cell (a step or a jump)
    a third of a unit to the fox."""

    judges = True
    review_scale = 2.0

    def evaluate(self, state: FoxAndGeeseState, player: str) -> float:
        """The geese above the fewest the geese need, less a third for each
        way the fox can move from where it stands, for the geese (the
        opposite for the fox); a won game scores ``WIN`` and a lost one
        ``-WIN``."""
        if state.outcome is not None:
            return super().evaluate(state, player)
        board = state.board
        fox = board.index("F")
        ways = sum(board[j] == "." for j in FOX_STEPS[fox]) + sum(
            board[over] == "g" and board[land] == "." for over, land in JUMPS[fox])
        score = state.geese - FEWEST - ways / 3
        return score if player == "geese" else -score

    def material(self, state: FoxAndGeeseState) -> dict[str, int]:
        """The geese on the board (the fox is always there)."""
        return {"goose": state.geese}
