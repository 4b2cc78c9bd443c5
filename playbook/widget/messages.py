"""What a board's front end sends it, and the answers.

:class:`Dispatcher` takes each message from the browser (an action
entered, a subtree asked for, a button pressed, an edit, a jump along the
move list) while the board is held for it, routes it by :data:`HANDLERS`
to the part of the board that handles it, and refuses with the reason
what it cannot accept, leaving the position as it was.  The messages,
their fields and the answers are listed in
:mod:`playbook.widget.protocol`.  A board has one, as ``board.messages``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core import IllegalAction, PlaybookError, Step
from .protocol import FROM_BROWSER, dispatch_table, message
from .tree import step_tree

if TYPE_CHECKING:
    from . import BoardWidget

__all__ = ["Dispatcher", "HANDLERS", "UNHELD"]

#: Messages that change nothing on the board: taken even while it is held
#: (the engine choosing its move), where the others are refused.
UNHELD = frozenset({"keeps-pictures"})


class Dispatcher:
    """The side of ``board`` in the conversation with its front end: each
    message handled whole by the part it is for, or refused with the reason."""

    def __init__(self, board: BoardWidget):
        self.board = board

    def receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the front end (as ipywidgets hands it on): handled
        on the held board, or refused with the reason."""
        board = self.board
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return board.refuse("Refused a malformed message from the board.")
        if content["type"] in UNHELD:
            return self._handle(content)
        try:
            with board.engine.turn():
                self._handle(content)
        except IllegalAction as exc:  # the board is held: nothing is published half-way through a turn
            board.refuse(f"Refused: {exc}")

    def _handle(self, content: dict[str, Any]) -> None:
        board = self.board
        kind = content["type"]
        if kind not in FROM_BROWSER:
            return board.refuse(f"Refused an unknown message type {kind!r}.")
        fault = FROM_BROWSER[kind].fault(content) or self._not_offered(kind)
        if fault:
            return board.refuse(fault)
        try:
            HANDLERS[kind](board, content)
        except (PlaybookError, IndexError) as exc:
            board.refuse(f"Refused: {exc}")
            board.publish()

    def _not_offered(self, kind: str) -> str | None:
        """Why the board refuses a message of type ``kind`` it does not offer
        (the editor's on a board without one, a button's on a board that
        does not show it), or None."""
        needs = FROM_BROWSER[kind].needs
        if needs == "editor" and not self.board.editor:
            return "Refused: this board has no position editor (BoardWidget(..., editor=True) has one)."
        if needs == "control" and kind not in self.board.controls:
            return f"Refused: this board has no {kind.capitalize()} button."
        return None

    def action(self, content: dict[str, Any]) -> None:
        """An action entered on the board: played, then the engine's answer."""
        board = self.board
        if board.position_editor.draft is not None:
            return board.refuse("Refused: the position editor is open; press Done to play from the edited position.")
        refusal = None
        if content["position"] != board.position:
            refusal = "Refused a move entered on a position that is no longer shown."
        elif board.engine.to_move(board.state):
            refusal = f"Refused: it is {board.state.to_move}'s turn, which the engine plays."
        elif board.state.chance:
            refusal = "Refused: the dice move here, not a player: press Roll."
        if refusal:
            board.refuse(refusal)
            board.publish()
            return
        board.line.play(board.state.action_from_steps(_steps(content["steps"])))
        board.engine.answer()

    def done(self) -> None:
        """The editor's Done: play from the edited position, where the
        opponent answers at once if it is now its side to move."""
        board = self.board
        board.position_editor.receive(board.position_editor.close_on_draft)
        if board.position_editor.draft is None:  # taken (a refused position keeps the editor open)
            board.engine.answer()

    def expand(self, content: dict[str, Any]) -> None:
        """The part of the tree of next steps under a prefix, sent when asked."""
        board = self.board
        if content["position"] != board.position:
            return  # a late request for a position already gone: nothing to answer
        prefix = _steps(content["prefix"])
        board.send(message("subtree", prefix=[s.to_json() for s in prefix], tree=step_tree(board.state, prefix)))

    def next_lesson(self) -> None:
        """The lesson's Next button: the lesson goes on to its next exercise."""
        board = self.board
        if not board.verdict.get("next") or board.on_next is None:
            raise IllegalAction("there is nothing to go on to yet", rule="lesson")
        board.on_next()


def _steps(raw: list[Any]) -> tuple[Step, ...]:
    return tuple(Step.from_json(s) for s in raw)


def _flip(board: BoardWidget) -> None:
    board.flipped = not board.flipped


#: What a board does with each message its front end sends, by type: every
#: type :data:`~playbook.widget.protocol.FROM_BROWSER` lists, and no other
#: (checked as the table is built), each handed to the part it is for.
#: Each gets a well-formed message.
HANDLERS: dict[str, Callable[[BoardWidget, dict[str, Any]], object]] = dispatch_table({
    "action": lambda board, content: board.messages.action(content),
    "expand": lambda board, content: board.messages.expand(content),
    "hint": lambda board, _: board.coach.hint(),
    "roll": lambda board, _: board.engine.roll_pressed(),
    "next": lambda board, _: board.messages.next_lesson(),
    "undo": lambda board, _: board.line.undo(),
    "redo": lambda board, _: board.line.redo(),
    "reset": lambda board, _: board.line.reset(),
    "flip": lambda board, _: _flip(board),
    "jump": lambda board, content: board.line.jump(content["index"]),
    "edit-start": lambda board, _: board.position_editor.open(),
    "edit-cancel": lambda board, _: board.position_editor.cancel(),
    "edit-place": lambda board, content: board.position_editor.receive(
        lambda: board.position_editor.place(content["cell"], content["piece"])),
    "edit-mover": lambda board, content: board.position_editor.receive(
        lambda: board.position_editor.set_to_move(content["side"])),
    "edit-text": lambda board, content: board.position_editor.receive(
        lambda: board.position_editor.edit_text(content["text"])),
    "edit-done": lambda board, _: board.messages.done(),
    "keeps-pictures": lambda board, _: board.picture.keep(),
})
