"""What a board's front end sends it, and the answers.

:class:`Messages` takes each message from the browser (an action entered,
a subtree asked for, a button pressed, an edit, a jump along the move
list) while the board is held for it, and refuses with the reason what
it cannot accept, leaving the position as it was.  The messages, their
fields and the answers are listed in :mod:`playbook.widget.protocol`;
:data:`HANDLERS` says what the board does with each, and a board
dispatches by it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import IllegalAction, PlaybookError, Step
from .base import BoardBase
from .protocol import FROM_BROWSER, dispatch_table, message
from .tree import step_tree

__all__ = ["Messages", "HANDLERS", "UNHELD"]

#: Messages that change nothing on the board: taken even while it is held
#: (the engine choosing its move), where the others are refused.
UNHELD = frozenset({"keeps-pictures"})


class Messages(BoardBase):
    """The board's side of the conversation with its front end: each
    message handled whole or refused with the reason."""

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return self._refuse("Refused a malformed message from the board.")
        if content["type"] in UNHELD:
            return self._handle(content)
        try:
            with self._turn():
                self._handle(content)
        except IllegalAction as exc:  # the board is held: nothing is published half-way through a turn
            self._refuse(f"Refused: {exc}")

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content["type"]
        if kind not in FROM_BROWSER:
            return self._refuse(f"Refused an unknown message type {kind!r}.")
        fault = FROM_BROWSER[kind].fault(content) or self._not_offered(kind)
        if fault:
            return self._refuse(fault)
        try:
            HANDLERS[kind](self, content)
        except (PlaybookError, IndexError) as exc:
            self._refuse(f"Refused: {exc}")
            self._publish()

    def _not_offered(self, kind: str) -> str | None:
        """Why the board refuses a message of type ``kind`` it does not offer
        (the editor's on a board without one, a button's on a board that
        does not show it), or None."""
        needs = FROM_BROWSER[kind].needs
        if needs == "editor" and not self.editor:
            return "Refused: this board has no position editor (BoardWidget(..., editor=True) has one)."
        if needs == "control" and kind not in self.controls:
            return f"Refused: this board has no {kind.capitalize()} button."
        return None

    def _receive_action(self, content: dict[str, Any]) -> None:
        if self._draft is not None:
            return self._refuse("Refused: the position editor is open; press Done to play from the edited position.")
        if content["position"] != self.position:
            self._refuse("Refused a move entered on a position that is no longer shown.")
            self._publish()
            return
        if self._engine_to_move(self.state):
            self._refuse(f"Refused: it is {self.state.to_move}'s turn, which the engine plays.")
            self._publish()
            return
        if self.state.chance:
            self._refuse("Refused: the dice move here, not a player: press Roll.")
            self._publish()
            return
        action = self.state.action_from_steps(_steps(content["steps"]))
        self._play(action)
        self._answer()

    def _receive_done(self, _content: dict[str, Any]) -> None:
        """The editor's Done: play from the edited position, where the
        opponent answers at once if it is now its side to move."""
        self._receive_edit(self._finish_edit)
        if self._draft is None:  # taken (a refused position keeps the editor open)
            self._answer()

    def _receive_expand(self, content: dict[str, Any]) -> None:
        if content["position"] != self.position:
            return  # a late request for a position already gone: nothing to answer
        prefix = _steps(content["prefix"])
        self.send(message("subtree", prefix=[s.to_json() for s in prefix], tree=step_tree(self.state, prefix)))

    def _flip(self) -> None:
        self.flipped = not self.flipped


def _steps(raw: list[Any]) -> tuple[Step, ...]:
    return tuple(Step.from_json(s) for s in raw)


#: What a board does with each message its front end sends, by type: every
#: type :data:`~playbook.widget.protocol.FROM_BROWSER` lists, and no other
#: (checked as the table is built).  Each gets a well-formed message.
HANDLERS: dict[str, Callable[[Messages, dict[str, Any]], object]] = dispatch_table({
    "action": Messages._receive_action,
    "expand": Messages._receive_expand,
    "hint": lambda board, _: board.hint(),
    "roll": lambda board, _: board._roll_pressed(),
    "next": lambda board, _: board._next_lesson(),
    "undo": lambda board, _: board.undo(),
    "redo": lambda board, _: board.redo(),
    "reset": lambda board, _: board.reset(),
    "flip": lambda board, _: board._flip(),
    "jump": lambda board, content: board.jump(content["index"]),
    "edit-start": lambda board, _: board.edit(),
    "edit-cancel": lambda board, _: board.cancel_edit(),
    "edit-place": lambda board, content: board._receive_edit(lambda: board.place(content["cell"], content["piece"])),
    "edit-mover": lambda board, content: board._receive_edit(lambda: board.set_to_move(content["side"])),
    "edit-text": lambda board, content: board._receive_edit(lambda: board.edit_text(content["text"])),
    "edit-done": Messages._receive_done,
    "keeps-pictures": lambda board, _: board._keep_pictures(),
})
