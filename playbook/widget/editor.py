"""A board's position editor: set up a position, then play from it.

:class:`PositionEditor` opens a draft of the position shown, changes it
one cell, the side to move or the whole text at a time (each change the
game refuses leaves the draft as it was, with the reason), and on Done
shows the draft with a new history.  A board has one, as
``board.position_editor``; the board's ``editor`` trait says whether the
page offers it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import render
from ..core import IllegalAction, NotationError, PlaybookError, State, Step
from .protocol import message

if TYPE_CHECKING:
    from . import BoardWidget

__all__ = ["PositionEditor"]


class PositionEditor:
    """The position editor of ``board``: a draft position changed by placing
    pieces, setting the side to move or pasting text, then played from or
    dropped."""

    def __init__(self, board: BoardWidget):
        self.board = board
        self._draft: State | None = None

    @property
    def draft(self) -> State | None:
        """The position in the editor while it is open, else None."""
        return self._draft

    def open(self) -> None:
        """Open the position editor on the position shown.  Until
        :meth:`finish` (or :meth:`cancel`) the board shows the
        edited position and plays nothing."""
        board = self.board
        self._draft = board.state
        with board.hold_sync():
            board.edit_error = ""
            board.editing = True
            board.publish()

    def place(self, cell: str, piece: str | None) -> None:
        """Put the palette piece ``piece`` on ``cell`` (None
        empties it).  A position the game refuses raises
        :class:`NotationError` and the editor keeps the one before."""
        self._change_draft(lambda draft: draft.edit(cell, piece))

    def set_to_move(self, side: str) -> None:
        """Make ``side`` the side to move."""
        self._change_draft(lambda draft: draft.edit(to_move=side))

    def edit_text(self, text: str) -> None:
        """The position written ``text`` (as ``game.parse`` reads it), for
        pasting a position or changing the fields a palette does not reach."""
        self._change_draft(lambda draft: draft.game.parse(text))

    def finish(self) -> None:
        """Close the editor and show the edited position, with a new history;
        where that leaves the opponent's side to move, it moves at once.
        A position that is already over (a side without its king) is
        refused with the reason (:class:`IllegalAction`), and the editor stays open."""
        with self.board.engine.turn():
            self.close_on_draft()
            self.board.engine.answer()

    def close_on_draft(self) -> None:
        """Close the editor on the edited position (the opponent's answer
        is the caller's, once the edit is taken)."""
        board = self.board
        draft = self._require_draft()
        if draft.outcome is not None:
            reason = f"there is no game to play from this position ({draft.outcome})"
            board.edit_error = f"Refused: {reason}."
            raise IllegalAction(reason, rule="a position still in play")
        self._draft = None
        with board.hold_sync():
            board.editing = False
            board.edit_error = ""
            board.state = draft

    def cancel(self) -> None:
        """Close the editor and show the position as it was.  Raises
        :class:`PlaybookError`, changing nothing, when it is not open."""
        if self._draft is None:
            raise PlaybookError("the position editor is not open: there is nothing to cancel")
        board = self.board
        self._draft = None
        with board.hold_sync():
            board.editing = False
            board.edit_error = ""
            board.publish()

    def _require_draft(self) -> State:
        if self._draft is None:
            raise PlaybookError("the position editor is not open (call edit() first)")
        return self._draft

    def _change_draft(self, change: Callable[[State], State]) -> None:
        board = self.board
        draft = self._require_draft()
        try:
            new = change(draft)
        except NotationError as exc:
            board.edit_error = f"Refused: {exc}"
            raise
        self._draft = new
        with board.hold_sync():
            board.edit_error = ""
            board.publish()

    def receive(self, change: Callable[[], object]) -> None:
        """An edit from the front end (the editor's buttons and clicks):
        refused while the editor is closed; one the game refuses is
        answered with the reason, and the draft stays as it was."""
        board = self.board
        if self._draft is None:
            return board.refuse("Refused: the position editor is not open.")
        try:
            change()
        except (NotationError, IllegalAction):
            # edit_error already says why; the draft is the one before.
            board.send(message("edit-refused", reason=board.edit_error))

    def publish_palette(self, state: State) -> None:
        """What the editor offers follows the position shown (Chess Wheel+
        has a set per player): its pieces, the sides that may move, the mover."""
        board = self.board
        board.mover = str(state.to_move)
        board.palette = [_palette_entry(state, step) for step in state.palette()]
        board.sides = list(state.sides_to_move())


def _palette_entry(state: State, step: Step) -> dict[str, Any]:
    """A palette step as the editor shows it: its JSON with the
    ``picture`` of its piece, where the game draws one (without, the
    button shows the step's word)."""
    piece = state.palette_piece(step.value)
    return dict(step.to_json(), picture=render.piece_svg(piece)) if piece is not None else step.to_json()
