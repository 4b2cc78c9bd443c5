"""How good a position is for a player, as the game itself judges it.

``evaluate(state, player)`` returns a number from ``player``'s point of
view: positive is good for ``player``, negative bad, about one unit per
pawn's worth of advantage.  A finished game scores :data:`WIN` for a
winner, ``-WIN`` for a loser and 0 for a draw.  Each game brings its own
evaluation in its package (``state.game.engine``, a
:class:`~playbook.core.Engine`); a game without one gets :func:`generic`,
which knows only the outcome, so every agent works with every game at once.

This module names no game: the little game knowledge the searches need
(:func:`material`, the actions a game does not list but a search should
weigh, how to tell sealed decisions apart) is asked of the game's engine.

>>> from playbook import load
>>> start = load("cosmic").initial()
>>> evaluate(start, "white")
0.1
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ...core import WIN, Engine, State

__all__ = [
    "WIN",
    "evaluate",
    "evaluation_for",
    "outcome_value",
    "generic",
    "material",
    "in_setup",
    "squash",
    "unsquash",
    "private",
]


# The engine of a game that teaches the engines nothing.
_BLANK: Engine[Any] = Engine()


def outcome_value(state: State, player: str) -> float | None:
    """``WIN``, ``-WIN`` or 0 when the game is over, None while it runs."""
    if state.outcome is None:
        return None
    return _BLANK.evaluate(state, player)


def generic(state: State, player: str) -> float:
    """The evaluation for games that have none of their own: the outcome
    when the game is over, 0 (no opinion) while it runs.  Searches still
    find forced wins with it, and MCTS plays random games to the end."""
    return _BLANK.evaluate(state, player)


def evaluation_for(state_or_game) -> Callable[[State, str], float]:
    """The evaluation function ``(state, player) -> float`` of a state's
    game (or of a game): its engine's, or :func:`generic` for a game whose
    engine judges only outcomes."""
    game = state_or_game.game if isinstance(state_or_game, State) else state_or_game
    return game.engine.evaluate if game.engine.judges else generic


def evaluate(state: State, player: str | None = None) -> float:
    """The evaluation of ``state`` for ``player`` (default: the side to move)."""
    return evaluation_for(state)(state, player if player is not None else state.to_move)


def in_setup(state: State) -> bool:
    """Whether ``state`` is still in a game's set-up (placing pieces,
    choosing sides) rather than in play: the state's ``setting_up``."""
    return state.setting_up


def private(state: State) -> State:
    """``state`` as the player to move may see it
    (``state.observation(state.to_move)``): a game whose positions remember
    other players' sealed orders forgets them, so no engine reads them."""
    return state.observation(state.to_move)


def squash(score: float, scale: float = 3.0) -> float:
    """A score mapped to (0, 1), as a chance of winning: 0.5 is even,
    ``WIN`` maps to 1.  ``scale`` is the score worth about 73%."""
    if score >= WIN:
        return 1.0
    if score <= -WIN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score / scale))))


def unsquash(chance: float, scale: float = 3.0) -> float:
    """The score whose :func:`squash` is ``chance`` (0 to 1): ``WIN`` for
    a certain win, ``-WIN`` for a certain loss.

    >>> round(unsquash(squash(1.5)), 6)
    1.5
    """
    if chance >= 1.0:
        return WIN
    if chance <= 0.0:
        return -WIN
    return scale * math.log(chance / (1.0 - chance))


def material(state: State) -> dict[str, int]:
    """Piece counts by kind as the first listed player's count minus the
    second's, for estimating piece values by self-play (for example
    ``{"R": 0, "N": 1, "P": -1}``), as the game's engine counts them.
    Empty for games with no notion of material."""
    return state.game.engine.material(state)
