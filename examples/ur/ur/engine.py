"""What the engines know of the Royal Game of Ur: its evaluation."""

from __future__ import annotations

from playbook.core import Action, Engine

from .state import CENTRAL, HOME, UrState, other

#: Squares of progress a unit of the evaluation is worth (two average rolls).
SQUARES = 4.0


class UrEngine(Engine[UrState]):
    """What the engines know of Ur: how far each side's pieces have come
    (a unit for every four squares, about two rolls), a piece on the
    central rosette, where it is safe and blocks the shared row, and
    whose roll is next."""

    judges = True
    #: A review looks at the move, the roll after it and the answer to it.
    review_depth = 3

    def evaluate(self, state: UrState, player: str) -> float:
        """``player``'s progress along the path less the opponent's, in
        units of four squares; half a unit for holding the central
        rosette; and a quarter of a unit (about the half-square the next
        roll is worth on average, doubled for the tempo) to the side whose
        roll is next.  A won game scores ``WIN``, a lost one ``-WIN``."""
        if state.outcome is not None:
            return super().evaluate(state, player)
        them = other(player)
        mine, theirs = state.pieces(player), state.pieces(them)
        score = (sum(mine) - sum(theirs)) / SQUARES
        score += 0.5 * ((CENTRAL in mine) - (CENTRAL in theirs))
        if state.roll is None:
            score += 0.25 if state.side == player else -0.25
        return score

    def extra_actions(self, state: UrState) -> list[Action]:
        """None: every move is listed."""
        return []

    def material(self, state: UrState) -> dict[str, int]:
        """White's pieces borne off less Black's."""
        return {"home": state.white.count(HOME) - state.black.count(HOME)}
