"""Counting move trees: the standard check of a move generator.

>>> from playbook import load
>>> perft(load("cosmic").initial(), 1)
7
"""

from __future__ import annotations

from ...core import State


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state``
    (for games that list their actions).  Finished games count as leaves
    only at depth 0."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.play(a), depth - 1) for a in actions)


def divide(state: State, depth: int) -> dict[str, int]:
    """:func:`perft` split by first action, to find where two generators differ."""
    return {a.text: perft(state.play(a), depth - 1) for a in state.legal_actions()}
