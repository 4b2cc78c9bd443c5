"""The lines an exercise is played along: the learner's moves, the
scripted replies between them, and the reading of action texts.

:class:`_Line` is a line from an exercise's start, cut where it is
complete; :class:`_Script` is the opponent that plays an exercise's
scripted replies (on the board and when a typed line is replayed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .core import Action, PlaybookError, State

if TYPE_CHECKING:
    from .tutorial import Exercise


def _as_line(answer: Any) -> tuple[str, ...]:
    """A line of action texts from one text, one action or a sequence of them."""
    if isinstance(answer, (str, Action)):
        return (str(answer),)
    return tuple(str(a) for a in answer)


def _parse_anywhere(state: State, text: str) -> Action:
    """``text`` as an action at ``state`` (the first position of a line,
    where the learner's first action is read; later ones may only be legal
    later, so fall back to the action's text alone)."""
    try:
        return state.parse_action(text)
    except PlaybookError:
        return Action(text)


@dataclass
class _Line:
    """A line from an exercise's start: the learner's actions, the
    scripted replies, the position reached and whether it is complete;
    ``turns`` counts the learner's finished turns and ``mid_turn`` says the
    learner's last action left the turn with them."""

    mine: list
    replies: list
    final: State
    complete: bool
    turns: int = 0
    mid_turn: bool = False


class _Script:
    """The opponent of an exercise with scripted replies: it plays the reply
    due after the learner's moves so far (off the script, the first legal
    action, and the line is wrong anyway)."""

    def __init__(self, exercise: Exercise):
        self.exercise = exercise

    def choose(self, state: State) -> Action:
        board = self.exercise._board
        states = board.line.positions[: board.cursor + 1] if board is not None else [state]
        action = self.choose_from(states)
        if action is None:
            action = _first_action(state)
        return action

    def _due(self, states: Sequence[State]) -> tuple[tuple[str, ...], int]:
        """The texts of the scripted reply due at the last of ``states`` (a
        line from the exercise's start; empty when the script has none
        there) and how many of its actions are already played."""
        ex = self.exercise
        played = since = 0  # the learner's moves done; the opponent's actions since
        for before, after in pairwise(states):
            if ex._learner(before):
                since = 0
                if not ex.turn or not ex._learner(after):
                    played += 1
            else:
                since += 1
        if not 1 <= played <= len(ex.replies):
            return (), since
        reply = ex.replies[played - 1]
        if callable(reply):
            reply = reply(states[-1])
        return _as_line(reply), since

    def choose_from(self, states: Sequence[State]) -> Action | None:
        """The scripted action for the last of ``states`` (a line from the
        exercise's start), or None if the script has none there."""
        line, since = self._due(states)
        if since >= len(line):
            return None
        try:
            return states[-1].parse_action(line[since])
        except PlaybookError:
            return None

    def left_behind(self, states: Sequence[State]) -> bool:
        """Whether the opponent is to move at the last of ``states``, just
        after the learner, and the script has no legal reply to start."""
        state = states[-1]
        if state.outcome is not None or self.exercise._learner(state):
            return False
        return self.choose_from(states) is None


def _first_action(state: State) -> Action:
    """Some legal action, found through the step API (first option each time)."""
    prefix: tuple = ()
    while True:
        options = state.next_steps(prefix)
        if options.complete and (not options.options or prefix):
            return state.action_from_steps(prefix)
        if not options.options:
            return state.action_from_steps(prefix)
        prefix += (options.options[0],)
