"""What the engines know of Breakthrough: its evaluation."""

from __future__ import annotations

from playbook.core import Engine

from .state import BreakthroughState


class BreakthroughEngine(Engine[BreakthroughState]):
    """What the engines know of Breakthrough: a piece is worth a unit and
    the most advanced piece of each side a fifth of a unit a rank."""

    judges = True
    review_scale = 2.0

    def evaluate(self, state: BreakthroughState, player: str) -> float:
        """The pieces ``player`` has more than the opponent, plus a fifth of
        a unit for each rank its most advanced piece is ahead of the
        opponent's; a won game scores ``WIN`` and a lost one ``-WIN``."""
        if state.outcome is not None:
            return super().evaluate(state, player)
        w, h = state.width, state.height
        ranks = [(i // w, piece) for i, piece in enumerate(state.board) if piece != "."]
        white = max((r for r, p in ranks if p == "w"), default=0)
        black = max((h - 1 - r for r, p in ranks if p == "b"), default=0)
        score = state.board.count("w") - state.board.count("b") + (white - black) / 5
        return score if player == "white" else -score

    def material(self, state: BreakthroughState) -> dict[str, int]:
        """White's pieces minus Black's: all pieces are alike."""
        return {"piece": state.board.count("w") - state.board.count("b")}
