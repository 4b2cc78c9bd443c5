"""What a board's front end sends it, and the answers.

:class:`Messages` takes each message from the browser (an action entered,
a subtree asked for, a button pressed, an edit, a jump along the move
list) while the board is held for it, and refuses with the reason what
it cannot accept, leaving the position as it was.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, PlaybookError, Step
from .base import BoardBase
from .tree import step_tree

__all__ = ["Messages"]


class Messages(BoardBase):
    """The board's side of the conversation with its front end: each
    message handled whole or refused with the reason."""

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return self._refuse("Refused a malformed message from the board.")
        try:
            with self._turn():
                self._handle(content)
        except IllegalAction as exc:  # the board is held: nothing is published half-way through a turn
            self._refuse(f"Refused: {exc}")

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content["type"]
        try:
            if kind == "action":
                self._receive_action(content)
            elif kind == "expand":
                self._receive_expand(content)
            elif kind == "hint":
                self.hint()
            elif kind == "next":
                self._next_lesson()
            elif kind in ("undo", "redo", "reset", "flip"):
                if kind == "flip":
                    self.flipped = not self.flipped
                else:
                    getattr(self, kind)()
            elif kind.startswith("edit-"):
                self._receive_edit(kind, content)
            elif kind == "jump":
                index = content.get("index")
                if not isinstance(index, int) or isinstance(index, bool):
                    return self._refuse("Refused: a jump needs a move number.")
                self.jump(index)
            else:
                self._refuse(f"Refused an unknown message type {kind!r}.")
        except (PlaybookError, IndexError) as exc:
            self._refuse(f"Refused: {exc}")
            self._publish()

    def _steps_from(self, content: dict[str, Any], key: str) -> tuple[Step, ...]:
        raw = content.get(key)
        if not isinstance(raw, list):
            raise PlaybookError(f"the message needs a list '{key}'")
        return tuple(Step.from_json(s) for s in raw)

    def _receive_action(self, content: dict[str, Any]) -> None:
        if self._draft is not None:
            return self._refuse("Refused: the position editor is open; press Done to play from the edited position.")
        if content.get("position") != self.position:
            self._refuse("Refused a move entered on a position that is no longer shown.")
            self._publish()
            return
        if self._engine_to_move(self.state):
            self._refuse(f"Refused: it is {self.state.to_move}'s turn, which the engine plays.")
            self._publish()
            return
        steps = self._steps_from(content, "steps")
        action = self.state.action_from_steps(steps)
        self._play(action)
        self._answer()

    def _receive_expand(self, content: dict[str, Any]) -> None:
        if content.get("position") != self.position:
            return  # a late request for a position already gone: nothing to answer
        prefix = self._steps_from(content, "prefix")
        self.send({"type": "subtree", "prefix": [s.to_json() for s in prefix], "tree": step_tree(self.state, prefix)})
