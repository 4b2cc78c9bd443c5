"""What Kelasu teaches the engines: its evaluation and material.

>>> from playbook import load
>>> game = load("kelasu")
>>> game.engine.evaluate(game.initial(), "blue") > 0  # the side to move has its energy
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...core import Engine

if TYPE_CHECKING:
    from .state import KelasuState

#: Piece values in blanks.
PIECE_VALUES = {"B": 1.0, "W": 2.5, "R": 4.5, "D": 4.5, "C": 6.0, "G": 12.0, "S": 8.0}

_VICTORY = (44, 45, 54, 55)
# What holding 0-3 victory cells is worth while the opponent holds none (4 wins).
_RACE = (0.0, 2.0, 6.0, 20.0)
# Distance (king steps) from each cell to the nearest victory cell.
_DISTANCE = [min(max(abs(i // 10 - v // 10), abs(i % 10 - v % 10)) for v in _VICTORY) for i in range(100)]

_BLUE = frozenset(PIECE_VALUES)


def _worth(piece: str, cell: int) -> float:
    """What ``piece`` standing on ``cell`` adds to its side: its value, and
    for a moving piece up to 0.3 for standing near the victory cells."""
    worth = PIECE_VALUES[piece.upper()]
    if piece not in "Ss":
        worth += max(0.0, 0.3 - 0.05 * _DISTANCE[cell])
    return worth


# Piece letter -> cell -> worth, worked out once.
_WORTH = {p: tuple(_worth(p, i) for i in range(100)) for k in PIECE_VALUES for p in (k, k.lower())}


@lru_cache(maxsize=1 << 14)
def _totals(board: str) -> tuple[float, float]:
    """Blue's and Red's totals on ``board``: material, progress and the
    victory cells (see :meth:`KelasuEngine.evaluate`).  Remembered, since
    a turn of several actions reaches one board by many orders."""
    worths = _WORTH
    blue = red = 0.0
    for i, piece in enumerate(board):
        if piece == ".":
            continue
        if piece in _BLUE:
            blue += worths[piece][i]
        else:
            red += worths[piece][i]
    held = {"blue": 0, "red": 0}
    for v in _VICTORY:
        piece = board[v]
        if piece != ".":
            held["blue" if piece.isupper() else "red"] += 1
    # A side can win on the victory cells only while the other holds none of them.
    for side, other in (("blue", "red"), ("red", "blue")):
        worth = _RACE[held[side]] if not held[other] else 1.5 * held[side]
        if side == "blue":
            blue += worth
        else:
            red += worth
    return blue, red


class KelasuEngine(Engine):
    """Kelasu's evaluation and material; its actions are all listed (merges
    last, made one at a time)."""

    judges = True
    #: A Runner (4.5) is the review's scale; a turn is several actions and the lists
    #: long, so it looks two actions ahead and a win "at once" is one within two.
    review_scale = 4.5
    review_reach = 2

    def evaluate(self, state: KelasuState, player: str) -> float:
        """Kelasu: material, stones, and progress towards the victory cells.

        Material: blank 1, warrior 2.5, runner and diplomat 4.5, champion 6,
        general 12 (about what the blanks merged into them cost, a little more
        for the power gained), stone 8: stones give the energy of each turn and
        losing them all loses the game.  Victory cells (all four held wins):
        while the opponent holds none of them, holding 1, 2 or 3 is worth 2, 6
        or 20 (three held is one move from winning, so the opponent must block
        or capture); once both sides hold some, neither can complete the four
        without a capture, and each cell held is worth 1.5.  Progress:
        each moving piece earns up to 0.3 for standing near the victory cells
        (0.05 less per step away).  Energy left this turn is worth 0.2 a point
        to the side to move.  The result is the player's total minus the
        opponent's.
        """
        if state.outcome is not None:
            return Engine.evaluate(self, state, player)
        blue, red = _totals(state.board)
        score = blue - red if player == "blue" else red - blue
        energy = 0.2 * state.energy
        return score + (energy if state.side == player else -energy)

    def extra_actions(self, state: KelasuState) -> list:
        """None: every action is listed."""
        return []

    def material(self, state: KelasuState) -> dict[str, int]:
        """Every kind, stones included, Blue's count minus Red's."""
        return self.letter_balance(state.board, PIECE_VALUES)


ENGINE = KelasuEngine()
