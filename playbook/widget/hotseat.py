"""A board for hot-seat play: several people sharing one screen.

Where a position keeps each player's entry private (Chess Wheel+'s sealed
orders), :class:`HotSeat` hides the board behind a curtain that names the
next player until they ask to see it.
"""

from __future__ import annotations

import traitlets

from ..core import State
from .base import BoardBase

__all__ = ["HotSeat"]


class HotSeat(BoardBase):
    """The curtain a shared screen draws over a position with private entries."""

    #: Non-empty while the position asks a shared screen to hide the board
    #: until the next player is ready (``State.curtain``), on a board for
    #: hot-seat play (:attr:`hot_seat`).
    curtain = traitlets.Unicode("").tag(sync=True)
    #: True when several people share this screen and take turns at it
    #: (hot-seat play): a position with private entries (``State.curtain``)
    #: hides the board until the next player asks to see it.  Off by
    #: default: one person at a board sees everything they play.
    hot_seat = traitlets.Bool(False).tag(sync=False)

    def _draw_curtain(self, state: State) -> None:
        """Draw the curtain ``state`` asks for, on a hot-seat board and while the game goes on."""
        self.curtain = state.curtain() if self.hot_seat and state.outcome is None else ""
