"""Move numbers, as a move list prints them.

A number stands where the first player's turn starts ("1.", "2.", ...),
and at the first move when another side starts ("1…"); moves within a
turn (a second action of the same side, the other sides' replies) have
none.  The board's move list and a review's both number moves this way,
so "12 moves" counts turns, never single actions.  A roll of the dice
belongs to the turn of the player who rolls it (``state.roller``; where a
game does not say, the player who moves next), so a turn's number stands
at its roll.

>>> from playbook import load
>>> start = load("cosmic").initial()
>>> move_numbers([start, start.play("c2-d3"), start.play("c2-d3").play("e4xc2")])
['1.', '']
"""

from __future__ import annotations

from collections.abc import Sequence

from .core import CHANCE, State

__all__ = ["move_numbers", "turns"]


def move_numbers(states: Sequence[State]) -> list[str]:
    """The number printed before each move, one per move: the move made
    in each of ``states`` but the last (the positions of a line, from its
    start), "" within a turn."""
    players = states[0].game.players if states else ()
    first = players[0] if players else None
    out, n, previous = [], 0, None
    for i, mover in enumerate(_movers(states[:-1])):
        if mover != previous and (mover == first or i == 0):
            n += 1
            out.append(f"{n}." if mover == first else f"{n}…")
        else:
            out.append("")
        previous = mover
    return out


def _movers(states: Sequence[State]) -> list[str]:
    """Who moves in each of ``states``: the side to move, or for a roll of
    the dice its roller (else whoever moves next, else whoever moved last)."""
    movers = [state.roller or state.to_move if state.chance else state.to_move for state in states]
    later = None
    for i in range(len(movers) - 1, -1, -1):
        if movers[i] == CHANCE:
            movers[i] = later or CHANCE
        else:
            later = movers[i]
    earlier = None
    for i, mover in enumerate(movers):
        if mover == CHANCE:
            movers[i] = earlier or CHANCE
        else:
            earlier = mover
    return movers


def turns(states: Sequence[State]) -> int:
    """How many numbered turns the moves between ``states`` make (the last
    move's number), as a player counts "moves"."""
    return sum(1 for number in move_numbers(states) if number)
