"""Exercises for the tutorial notebooks.

An :class:`Exercise` is a position, a question and a way to tell a right
answer from a wrong one.  The learner plays the answer on ``ex.board`` (a
live :class:`~playbook.widget.BoardWidget`) and runs ``ex.check()``, or
types it: ``ex.check("c2xe4xc6")``.

>>> from playbook import load
>>> from playbook.tutorial import Exercise
>>> ex = Exercise(load("cosmic").initial(), "Move a pawn.", answers={"c2-d3", "c2-d1", "b3-c4", "b3-a4"})
>>> ex.check("c2-d3")
Right: c2-d3.
>>> ex.check("a3-b5")
Not quite: a3-b5 is legal, but it does not answer the question. Try again.
>>> ex.check("c2-c3").right
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from .core import Action, PlaybookError, State

__all__ = ["Exercise", "Verdict"]


@dataclass(frozen=True)
class Verdict:
    """The answer to a check: ``right`` or not, and why in words."""

    right: bool
    message: str

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.right


class Exercise:
    """A question about ``state``.  A move is right when its text is in
    ``answers``, or when ``check(state, action)`` returns true.  ``hint`` is
    shown with a wrong answer."""

    def __init__(
        self,
        state: State,
        prompt: str,
        answers: Iterable[str] = (),
        check: Callable[[State, Action], bool] | None = None,
        hint: str = "",
    ):
        self.state = state
        self.prompt = prompt
        self.answers = frozenset(answers)
        self._check = check
        self.hint = hint
        self._board = None
        if not self.answers and check is None:
            raise ValueError("an exercise needs answers or a check")

    @property
    def board(self):
        """A live board at the exercise's position (made on first use)."""
        if self._board is None:
            from .widget import BoardWidget

            self._board = BoardWidget(self.state, choices=self._choices())
        return self._board

    def _choices(self) -> list[str]:
        """The named choices that start one of the answers: the only ones
        the board offers as buttons (no resign or draw offer on an exercise)."""
        starts = set()
        for text in self.answers:
            try:
                steps = self.state.parse_action(text).steps
            except PlaybookError:
                continue
            if steps and steps[0].kind == "choice":
                starts.add(steps[0].value)
        return sorted(starts)

    def check(self, answer: str | Action | None = None) -> Verdict:
        """Judge ``answer`` (a text or an action), or else the first move
        played on :attr:`board`."""
        if answer is None:
            played = self._board.actions if self._board is not None else []
            if not played:
                return Verdict(False, "No move on the board yet: play your answer on the board above, then run this cell again.")
            answer = played[0]
        text = str(answer)
        try:
            action = self.state.parse_action(text)
        except PlaybookError as exc:
            return Verdict(False, f"Not legal: {exc}")
        if isinstance(answer, Action) and answer.data is not None:
            action = answer  # the action as entered, with what its text does not show
        right = action.text in self.answers or (self._check is not None and bool(self._check(self.state, action)))
        if right:
            return Verdict(True, f"Right: {action.text}.")
        message = f"Not quite: {action.text} is legal, but it does not answer the question."
        if self.hint:
            message += f" Hint: {self.hint}"
        else:
            message += " Try again."
        return Verdict(False, message)

    def _repr_markdown_(self) -> str:
        return f"**Exercise.** {self.prompt}"

    def __repr__(self) -> str:
        return f"Exercise: {self.prompt}"
