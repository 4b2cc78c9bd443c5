"""A board that teaches: the goal in its header and the answer on the board.

:class:`Lesson` is the part of a board an exercise or a puzzle trainer
drives (see :mod:`playbook.learn.tutorial` and :mod:`playbook.learn.trainer`):
the :attr:`~Lesson.goal` stands in the board's header, and each move the
learner plays is answered on the board itself with :attr:`~Lesson.verdict`
(right, wrong, the solution, or play on), marked on the cell the move
ended on.  A wrong move is taken back (:meth:`~Lesson.take_back`), as on
Lichess.  :attr:`~Lesson.score` is a line such as a puzzle rating and
streak, and a ``next`` label in the verdict offers a button that calls
:attr:`~Lesson.on_next` (a trainer's next puzzle, on the same board).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from ..core import IllegalAction
from .base import BoardBase

__all__ = ["Lesson", "VERDICTS"]

#: The kinds of answer a lesson board shows: "right", "wrong", "solution"
#: (wrong, with the solution drawn), "good" (a move of a longer line known
#: to be right so far, ticked as a right answer is) and "progress" (a move
#: of a longer line, not judged until the line is complete).
VERDICTS = ("right", "wrong", "solution", "good", "progress")


class Lesson(BoardBase):
    """The goal and the answers of the exercise or puzzle played on the board."""

    #: What the learner is asked to do, shown in the board's header ("" on a plain board).
    goal = traitlets.Unicode("").tag(sync=True)
    #: The answer to the last move: ``{"kind": one of VERDICTS, "text", "cell"
    #: (where the move ended, marked on the board), "next" (a button's label, or "")}``,
    #: or empty before any move.
    verdict = traitlets.Dict().tag(sync=True)
    #: A line about the learner's standing (a puzzle rating and streak), or "".
    score = traitlets.Unicode("").tag(sync=True)

    #: The exercise that judges the moves played here, or None.
    lesson: Any = None
    #: What the Next button does (a puzzle trainer's next puzzle), or None.
    on_next: Callable[[], Any] | None = None

    def take_back(self, index: int) -> None:
        """Take the moves after the first ``index`` back for good (a wrong
        answer): the line ends at that position again."""
        self._line = self._line[: index + 1]
        with self.hold_sync():
            self.moves = self.moves[:index]
            self.notes = self.notes[:index]
            self.jump(index)

    def _next_lesson(self) -> None:
        """The front end's Next button: the lesson goes on to its next exercise."""
        if not self.verdict.get("next") or self.on_next is None:
            raise IllegalAction("there is nothing to go on to yet", rule="lesson")
        self.on_next()
