"""A board's position editor: set up a position, then play from it.

:class:`PositionEditor` opens a draft of the position shown, changes it
one cell, the side to move or the whole text at a time (each change the
game refuses leaves the draft as it was, with the reason), and on Done
shows the draft with a new history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from .. import render
from ..core import IllegalAction, NotationError, PlaybookError, State, Step
from .base import BoardBase
from .protocol import message

__all__ = ["PositionEditor"]


class PositionEditor(BoardBase):
    """The position editor: a draft position changed by placing pieces,
    setting the side to move or pasting text, then played from or dropped."""

    #: True when the board offers its position editor (an Edit button).
    editor = traitlets.Bool(False).tag(sync=True)
    #: True while the position editor is open: clicks edit, nothing is played.
    editing = traitlets.Bool(False).tag(sync=True)
    #: The pieces the editor places (steps as JSON, from ``State.palette()``),
    #: each with its ``picture``: the piece as the board draws it (an SVG).
    palette = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: The sides the editor can set to move (``State.sides_to_move()``).
    sides = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The side to move in the position shown (the edited one while editing).
    mover = traitlets.Unicode("").tag(sync=True)
    #: Why the last edit was refused (empty when it was accepted).
    edit_error = traitlets.Unicode("").tag(sync=True)

    @property
    def draft(self) -> State | None:
        """The position in the editor while it is open, else None."""
        return self._draft

    def edit(self) -> None:
        """Open the position editor on the position shown.  Until
        :meth:`finish_edit` (or :meth:`cancel_edit`) the board shows the
        edited position and plays nothing."""
        self._draft = self.state
        with self.hold_sync():
            self.edit_error = ""
            self.editing = True
            self._publish()

    def place(self, cell: str, piece: str | None) -> None:
        """In the editor: put the palette piece ``piece`` on ``cell`` (None
        empties it).  A position the game refuses raises
        :class:`NotationError` and the editor keeps the one before."""
        self._change_draft(lambda draft: draft.edit(cell, piece))

    def set_to_move(self, side: str) -> None:
        """In the editor: make ``side`` the side to move."""
        self._change_draft(lambda draft: draft.edit(to_move=side))

    def edit_text(self, text: str) -> None:
        """In the editor: the position written ``text`` (as
        ``game.parse`` reads it), for pasting a position or changing the
        fields a palette does not reach."""
        self._change_draft(lambda draft: draft.game.parse(text))

    def finish_edit(self) -> None:
        """Close the editor and show the edited position, with a new history;
        where that leaves the opponent's side to move, it moves at once.
        A position that is already over (a side without its king) is
        refused with the reason (:class:`IllegalAction`), and the editor stays open."""
        with self._turn():
            self._finish_edit()
            self._answer()

    def _finish_edit(self) -> None:
        """Close the editor on the edited position (the opponent's answer
        is the caller's, once the edit is taken)."""
        draft = self._require_draft()
        if draft.outcome is not None:
            reason = f"there is no game to play from this position ({draft.outcome})"
            self.edit_error = f"Refused: {reason}."
            raise IllegalAction(reason, rule="a position still in play")
        self._draft = None
        with self.hold_sync():
            self.editing = False
            self.edit_error = ""
            self.state = draft

    def cancel_edit(self) -> None:
        """Close the editor and show the position as it was.  Raises
        :class:`PlaybookError`, changing nothing, when it is not open."""
        if self._draft is None:
            raise PlaybookError("the position editor is not open: there is nothing to cancel")
        self._draft = None
        with self.hold_sync():
            self.editing = False
            self.edit_error = ""
            self._publish()

    def _require_draft(self) -> State:
        if self._draft is None:
            raise PlaybookError("the position editor is not open (call edit() first)")
        return self._draft

    def _change_draft(self, change: Callable[[State], State]) -> None:
        draft = self._require_draft()
        try:
            new = change(draft)
        except NotationError as exc:
            self.edit_error = f"Refused: {exc}"
            raise
        self._draft = new
        with self.hold_sync():
            self.edit_error = ""
            self._publish()

    def _receive_edit(self, change: Callable[[], object]) -> None:
        """An edit from the front end (the editor's buttons and clicks):
        refused while the editor is closed; one the game refuses is
        answered with the reason, and the draft stays as it was."""
        if self._draft is None:
            return self._refuse("Refused: the position editor is not open.")
        try:
            change()
        except (NotationError, IllegalAction):
            # edit_error already says why; the draft is the one before.
            self.send(message("edit-refused", reason=self.edit_error))

    def _publish_palette(self, state: State) -> None:
        """What the editor offers follows the position shown (Chess Wheel+
        has a set per player): its pieces, the sides that may move, the mover."""
        self.mover = str(state.to_move)
        self.palette = [_palette_entry(state, step) for step in state.palette()]
        self.sides = list(state.sides_to_move())


def _palette_entry(state: State, step: Step) -> dict[str, Any]:
    """A palette step as the editor shows it: its JSON with the
    ``picture`` of its piece, where the game draws one (without, the
    button shows the step's word)."""
    piece = state.palette_piece(step.value)
    return dict(step.to_json(), picture=render.piece_svg(piece)) if piece is not None else step.to_json()
