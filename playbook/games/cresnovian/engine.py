"""What Cresnovian Chess teaches the engines: its evaluation, and the
sample of actions entered by steps that a search should weigh."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, Engine
from .board import KINGDOM, OTHER

if TYPE_CHECKING:
    from .state import CresnovianState


class CresnovianEngine(Engine["CresnovianState"]):
    """Cresnovian Chess's evaluation and extra actions."""

    judges = True

    def evaluate(self, state: CresnovianState, player: str) -> float:
        """Cresnovian Chess: Q totals of the two kingdoms.

        During set-up the score is 0 (no opinion).  In play: the Q held in the
        player's kingdom minus the Q in the opponent's, a third of a point per
        Q; each live piece standing in a kingdom adds 1 for its owner (a kingdom
        with no piece in it holds no Q and loses); each piece with 9Q or more in
        a kingdom adds 2 (it can use its elite ability); and a kingdom close to
        zero is in danger: ``3 / (1 + Q)`` counts against its owner.
        """
        if state.phase != "play":  # set-up: no opinion, and the game cannot be over yet
            return 0.0
        mine = state.second_kingdom if player == "second" else OTHER[state.second_kingdom]  # as state.kingdom()
        held = theirs = 0
        score = 0.0
        for p in state.pieces:
            k = KINGDOM[p.cell]
            if k == "world":
                continue
            q = p.q
            if k == mine:
                held += q
                if q > 0:
                    score += 3.0 if q >= 9 else 1.0
            else:
                theirs += q
                if q > 0:
                    score -= 3.0 if q >= 9 else 1.0
        if not held or not theirs:  # a kingdom holds zero Q: the game is over
            return Engine.evaluate(self, state, player)
        score += (held - theirs) / 3.0
        score += 3.0 / (1 + theirs) - 3.0 / (1 + held)
        return score

    def extra_actions(self, state: CresnovianState) -> list[Action]:
        """Actions that ``legal_actions`` leaves out but a search should
        weigh (the game's own sample, ``state.sampled_actions()``): one
        DOCUMENT (the words do not change the position's play), Propaganda
        aimed at every live piece in the opponent's kingdom, and Redefinition
        of the poem's first word onto every cell it may take (which word goes
        changes only the poem; the cell changes what blocks travel)."""
        return state.sampled_actions()


ENGINE = CresnovianEngine()
