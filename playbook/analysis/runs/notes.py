"""What an engine reports about each move it chooses, kept in self-play records.

As a PGN's move comments carry an engine's evaluation, depth and time,
self-play records carry ``notes``: one an action, ``None`` for actions
whose chooser reported nothing (random agents, book moves), else a small
dict read from the engine's last search (its ``last`` attribute):

- :class:`~playbook.analysis.engines.search.AlphaBeta`: ``score`` (for the side
  that moved, about a pawn a unit), ``depth``, ``reply`` (1 when the
  search saw another player's answer, 0 when it stopped short of one),
  ``nodes`` and ``seconds``;
- :class:`~playbook.analysis.engines.mcts.MCTS`: ``value`` (the mean reward of the
  move played, 1 a win) and its ``visits``, ``depth`` and ``reply`` (of
  its most visited line), ``iterations``, ``kept``
  (visits kept from the previous search), ``nodes`` and ``seconds``.

Replaying a record reads its actions only.
"""

from __future__ import annotations

from typing import Any

__all__ = ["move_note"]

# The figures a note keeps from a search, and the digits they are rounded to (None: whole).
_FIELDS = {"score": 2, "depth": None, "reply": None, "iterations": None, "kept": None, "nodes": None,
           "seconds": 4}


def move_note(agent: Any, before: Any) -> dict | None:
    """The note on the move ``agent`` just chose: what its ``last`` search
    reports, or None when it reports nothing new (``last`` is still
    ``before``, the search it held before choosing)."""
    last = getattr(agent, "last", None)
    if last is None or last is before:
        return None
    note = {}
    for name, digits in _FIELDS.items():
        value = getattr(last, name, None)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            note[name] = round(value, digits) if digits is not None else value
    played = getattr(last, "action", None)
    for line in getattr(last, "lines", None) or []:
        if (
            hasattr(line, "visits")
            and played is not None
            and line.action is not None
            and line.action.text == played.text
        ):
            note["value"] = round(line.value, 3)
            note["visits"] = line.visits
            break
    return note or None
