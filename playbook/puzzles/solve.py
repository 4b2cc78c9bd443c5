"""Forced wins found with the rules alone, for mining and checking puzzles.

Nothing here uses an evaluation or an engine: :func:`wins` plays out every
legal action (``state.legal_actions()`` and ``state.play``) to a fixed
number of actions, so a puzzle it accepts is right by the rules whatever
any engine thinks.  Draw offers, their acceptance and resigning are left
out on both sides (the talk the game's descriptor declares): a puzzle is
decided by play.  Where the dice move (a chance node), a win is forced only
if it follows whatever they show: every outcome must still win, however
unlikely, and a solution's line shows the roll after which the win takes
longest.

The first shipped puzzle of the first game, whatever the game: its
solution's first move is the one move that wins.

>>> from playbook.puzzles import games, puzzles
>>> first = puzzles(games()[0])[0]
>>> [a.text for a in winning_moves(first.state(), first.plies)] == list(first.solution[:1])
True
"""

from __future__ import annotations

from ..core import Action, State

__all__ = ["wins", "winning_moves", "moves", "line", "defence", "PuzzleError", "verify"]


class PuzzleError(ValueError):
    """A puzzle that does not hold: its first move does not win by force
    in its number of actions, or another first move does too."""


def moves(state: State) -> list[Action]:
    """The actions a puzzle weighs in ``state``: every legal action but
    the talk (draw offers, resigning)."""
    talk = state.game.descriptor.talk_texts()
    return [a for a in state.legal_actions() if a.text not in talk]


def wins(state: State, player: str, plies: int) -> bool:
    """Whether ``player`` wins by force from ``state`` within ``plies``
    actions (everyone's actions counted): the game is already won by
    ``player``; or ``player`` is to move and some action wins within
    ``plies - 1``; or another side is to move, has an action, and every
    one of its actions still loses within ``plies - 1``."""
    outcome = state.outcome
    if outcome is not None:
        return not outcome.draw and player in outcome.winners
    if plies <= 0:
        return False
    choices = moves(state)
    if state.to_move == player:
        return any(wins(state.play(a), player, plies - 1) for a in choices)
    return bool(choices) and all(wins(state.play(a), player, plies - 1) for a in choices)


def winning_moves(state: State, plies: int) -> list[Action]:
    """The actions of the side to move that win by force within ``plies``
    actions (this one included); none where the dice move."""
    if state.chance:
        return []
    player = state.to_move
    return [a for a in moves(state) if wins(state.play(a), player, plies - 1)]


def line(state: State, plies: int) -> list[str]:
    """A forced win of the side to move within ``plies`` actions, as texts:
    its winning action, the defence that holds out longest (the first such
    in the game's order; where the dice move, the roll that does), its
    winning answer, and so on to the end."""
    player = state.to_move
    out: list[str] = []
    while state.outcome is None and plies > 0:
        if state.to_move == player and not state.chance:
            action = next(a for a in moves(state) if wins(state.play(a), player, plies - 1))
        else:
            action = defence(state, player, plies)
        out.append(action.text)
        state = state.play(action)
        plies -= 1
    return out


def defence(state: State, player: str, plies: int) -> Action:
    """The defender's action in ``state`` after which ``player`` needs the
    most actions to win, looking ``plies`` actions ahead (first in the
    game's order among equals; one that escapes altogether, if any)."""
    choices = moves(state)
    for need in range(1, plies):
        slow = [a for a in choices if not wins(state.play(a), player, need - 1)]
        if not slow:
            break
        choices = slow
    return choices[0]


def verify(position: State, solution: list[str], plies: int) -> None:
    """Raise :class:`PuzzleError` unless the first action of ``solution``
    wins by force within ``plies`` actions from ``position`` and no other
    first action does, and the whole line is legal and ends in a win for
    the side to move."""
    player = position.to_move
    winners = [a.text for a in winning_moves(position, plies)]
    if winners != solution[:1]:
        raise PuzzleError(f"the first moves that win within {plies} actions are {winners}, not {solution[:1]}")
    state = position
    for text in solution:
        state = state.play(text)
    if state.outcome is None or player not in state.outcome.winners:
        raise PuzzleError(f"the solution {solution} does not end in a win for {player}")
