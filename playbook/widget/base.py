"""What every part of a board shares: the frame it is drawn in.

:class:`BoardBase` holds the traits that show the position (its picture,
the tree of next steps, the status line, the buttons) and the refusal
the board answers a message with.  The board's parts (history, engine
play, the position editor, the hot-seat curtain, the front end's
messages) each build on it, and :class:`~playbook.widget.BoardWidget`
joins them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets

from ..core import Action, State
from .protocol import PageTraits, message

__all__ = ["BoardBase", "CONTROLS"]

#: The buttons a board can show under it, in their order.
CONTROLS = ("undo", "redo", "reset", "flip", "hint")


class BoardBase(PageTraits, anywidget.AnyWidget):
    """The frame every part of a board draws in: the position's picture,
    its tree of next steps and status, and the buttons around it.  The
    page sets none of its traits (:class:`~playbook.widget.protocol.PageTraits`):
    it asks by message, and a change it makes to a trait is refused."""

    svg = traitlets.Unicode("").tag(sync=True)
    tree = traitlets.Dict().tag(sync=True)
    position = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: True when the board is drawn from the far side; the picture is drawn
    #: turned here, so the front end never reads it (the Flip button sends a message).
    flipped = traitlets.Bool(False).tag(sync=False)
    title = traitlets.Unicode("").tag(sync=True)
    #: Lines the game prints about the position besides whose turn it is
    #: (counts, reserves, the last resolution), shown under the board.
    details = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: True once the position shown is a finished game (the status is then the result).
    over = traitlets.Bool(False).tag(sync=True)
    #: The buttons shown under the board (names from :data:`CONTROLS`).
    controls = traitlets.List(traitlets.Unicode(), default_value=list(CONTROLS)).tag(sync=True)
    #: Which named choices that start an action get a button: True, False, or a list of values.
    choices = traitlets.Union([traitlets.Bool(), traitlets.List(traitlets.Unicode())],
                              default_value=True).tag(sync=True)
    #: Arrows drawn on the board, each a list of two or more cell ids.
    arrows = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=False)
    #: Cells drawn highlighted on the board.
    highlights = traitlets.List(traitlets.Unicode()).tag(sync=False)
    #: The cells a piece stands on in the position shown: the front end draws
    #: a target there as a ring (a capture, a stack) and elsewhere as a dot.
    occupied = traitlets.List(traitlets.Unicode()).tag(sync=True)

    # What the parts keep, each set up by the board's constructor.
    _line: list[State]  # the positions of the line, from its start
    _draft: State | None  # the position in the editor, while it is open
    _thinking: bool  # True while the opponent chooses its move
    opponent: Any

    if TYPE_CHECKING:
        # What one part of a board asks of another; each is written once,
        # in the part named beside it.
        state: State  # history
        cursor: int  # history
        moves: list[str]  # history
        notes: list[str]  # history
        jump: Callable[[int], None]  # history
        undo: Callable[[], None]  # history
        redo: Callable[[], None]  # history
        reset: Callable[[], None]  # history
        _play: Callable[[Action], None]  # history
        human: tuple[str, ...]  # engine play
        advice: dict[str, Any]  # engine play
        evaluation: str  # engine play
        hint: Callable[[], Action]  # engine play
        _seat_humans: Callable[[State], None]  # engine play
        _is_human: Callable[[State], bool]  # engine play
        _engine_to_move: Callable[[State], bool]  # engine play
        _answer: Callable[[], None]  # engine play
        _turn: Callable[[], contextlib.AbstractContextManager[None]]  # engine play
        _roll: Callable[[], Action]  # the dice
        _rolls_itself: Callable[[State], bool]  # the dice
        editing: bool  # the position editor
        edit_error: str  # the position editor
        edit: Callable[[], None]  # the position editor
        cancel_edit: Callable[[], None]  # the position editor
        place: Callable[[str, str | None], None]  # the position editor
        set_to_move: Callable[[str], None]  # the position editor
        edit_text: Callable[[str], None]  # the position editor
        finish_edit: Callable[[], None]  # the position editor
        _finish_edit: Callable[[], None]  # the position editor
        editor: bool  # the position editor
        _receive_edit: Callable[[Callable[[], object]], None]  # the position editor
        _next_lesson: Callable[[], None]  # the lesson
        curtain: str  # hot seat
        hot_seat: bool  # hot seat
        _publish: Callable[[], None]  # the board
        _keep_pictures: Callable[[], None]  # the saved picture

    @traitlets.validate("controls")
    def _valid_controls(self, proposal: dict[str, Any]) -> list[str]:
        unknown = [c for c in proposal["value"] if c not in CONTROLS]
        if unknown:
            raise traitlets.TraitError(f"unknown controls {unknown}; a board has {list(CONTROLS)}")
        return list(proposal["value"])

    @traitlets.validate("arrows")
    def _valid_arrows(self, proposal: dict[str, Any]) -> list[list[str]]:
        arrows = [list(a) for a in proposal["value"]]
        if any(len(a) < 2 for a in arrows):
            raise traitlets.TraitError("an arrow goes through two or more cells")
        return arrows

    def _refuse_traits(self, names: list[str]) -> None:
        self._refuse(f"Refused: the page may not set {', '.join(names)}.")

    def _refuse(self, reason: str) -> None:
        self.error = reason
        # Also as an event: the front end drops the refused entry even when
        # the same reason comes twice (a trait set to its value fires nothing).
        self.send(message("refused", reason=reason))
