"""The lines an exercise is played along, and the reading of action texts.

:class:`_Line` is a line from an exercise's start (the learner's moves and
the scripted replies between them), cut where it is complete; the helpers
read a line from what a learner typed and find some legal action where a
script has none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import Action, PlaybookError, State


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
