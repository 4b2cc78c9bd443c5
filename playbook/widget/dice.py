"""A board's dice: the Roll button, rolling at once, and who rolls.

In a game with chance, a position may be a chance node (the dice move,
not a player).  The board never lets a click choose the outcome: a person
presses Roll (or :meth:`Rolling.roll`), and the board draws the outcome
from its own :class:`~playbook.chance.Dice` and plays it, so the roll is
in the move list like any move.  With ``auto_roll=True`` it rolls at once
whenever the dice are due; against an engine it rolls the engine's own
dice itself.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..chance import Dice
from ..core import Action, IllegalAction, State
from .base import BoardBase

__all__ = ["Rolling"]


class Rolling(BoardBase):
    """The dice of a board: the Roll button, the roll played at once
    (``auto_roll``) and the board's seeded draws (``dice``)."""

    #: True while the dice are to be rolled in the position shown and a person rolls them: the Roll button is live.
    rolling = traitlets.Bool(False).tag(sync=True)

    dice: Dice
    auto_roll: bool

    def _seat_dice(self, dice: Any, auto_roll: bool) -> None:
        """The board's dice (a :class:`~playbook.chance.Dice`, or a seed for
        one; None: seeded by the system) and whether it rolls at once."""
        self.dice = dice if isinstance(dice, Dice) else Dice(dice)
        self.auto_roll = bool(auto_roll)

    def roll(self) -> Action:
        """Roll the dice in the position shown: the outcome is drawn from
        the board's dice and played (then an engine answers, if it is its
        turn).  Returns the outcome; IllegalAction where a player, not the
        dice, moves."""
        if self._draft is not None:
            raise IllegalAction("the position editor is open: finish_edit() first", rule="editing")
        with self._turn():
            action = self._roll()
            self._answer()
        return action

    def _roll_pressed(self) -> None:
        """The Roll button, on a board already held for the message: taken
        only while the board shows it (a person's roll, not the engine's)."""
        if not self.rolling:
            raise IllegalAction("there is nothing for you to roll here", rule="chance")
        if self._draft is not None:
            raise IllegalAction("the position editor is open; press Done to play from the edited position",
                                rule="editing")
        self._roll()
        self._answer()

    def _roll(self) -> Action:
        state = self.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome})", rule="game over")
        action = self.dice.roll(state)
        self._play(action)
        return action

    def _rolls_itself(self, state: State) -> bool:
        """Whether the board rolls the dice of ``state`` without waiting for
        Roll: with ``auto_roll``, or where the roll is the engine's side's."""
        if not state.chance:
            return False
        if self.auto_roll:
            return True
        return self.opponent is not None and state.roller is not None and state.roller not in self._humans
