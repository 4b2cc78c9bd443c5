"""Chance: drawing what the dice say in a chance node, and weighing it.

A game with chance (``Descriptor(chance=True)``) has chance nodes: positions
where ``state.chance`` holds, ``state.to_move`` is
:data:`~playbook.core.CHANCE` and :meth:`~playbook.core.State.chance_outcomes`
lists each outcome with its exact probability.  No agent ever chooses
there: whoever runs the game draws the outcome (:class:`Dice`) and plays it
as an ordinary action, so a record keeps the roll and replays it.

:class:`Dice` is a seeded stream of draws.  Each draw takes one number from
the generator, uniform in [0, 1), and plays the first outcome, in the
order the position lists them, whose cumulative probability passes it:
the same seed gives the same rolls on any machine (Python's generator and
exact fractions), and two games drawing from dice of the same seed get the
same number at their k-th roll, whoever rolls it (common random numbers:
a pair of games with the seats swapped then plays on the same dice).

>>> from fractions import Fraction
>>> from playbook.core import Action
>>> coin = [(Action("heads"), Fraction(1, 2)), (Action("tails"), Fraction(1, 2))]
>>> pick(coin, 0.25).text, pick(coin, 0.75).text
('heads', 'tails')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

from .core import Action, IllegalAction, State

__all__ = ["Dice", "pick", "expectation", "advance", "likeliest"]

S = TypeVar("S", bound=State)


def pick(outcomes: Sequence[tuple[Action, Fraction]], u: float) -> Action:
    """The outcome a uniform number ``u`` in [0, 1) falls on: the first of
    ``outcomes`` (action, probability) whose cumulative probability is
    above ``u``, compared exactly (a float is a fraction)."""
    if not outcomes:
        raise IllegalAction("no outcome to draw: this is not a chance node", rule="chance")
    point = Fraction(u)
    total = Fraction(0)
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]  # only where the probabilities fall short of one, which the contract forbids


def likeliest(state: State) -> Action:
    """The most probable outcome of the chance node ``state`` (the first
    listed among equals): what a search that ignores chance assumes."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise IllegalAction("no outcome to assume: this is not a chance node", rule="chance")
    best = max(p for _, p in outcomes)
    return next(a for a, p in outcomes if p == best)


def expectation(state: State, value: Callable[[State], float]) -> float:
    """The expected ``value`` of the position after the roll in the chance
    node ``state``: each outcome's value weighed by its probability."""
    return float(sum(p * Fraction(value(state.after(a))) for a, p in state.chance_outcomes()))


class Dice:
    """A seeded stream of draws for chance nodes: ``Dice(seed).roll(state)``
    is the outcome chance picks in ``state`` (see the module's docstring).
    ``seed`` is anything :class:`random.Random` takes (None: from the
    system, for play at a board); the same seed gives the same rolls on
    every machine.  ``rolls`` counts the draws made."""

    def __init__(self, seed: float | str | None = None):
        self.seed = seed
        self.rng = random.Random(seed)
        self.rolls = 0

    def roll(self, state: State) -> Action:
        """The outcome drawn for the chance node ``state`` (IllegalAction
        where a player, not chance, moves)."""
        if not state.chance:
            raise IllegalAction(f"{state.to_move} moves here, not chance: nothing to roll", rule="chance")
        self.rolls += 1
        return pick(state.chance_outcomes(), self.rng.random())

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed!r})"


def advance(state: S, choose: Callable[[S], Action], dice: Dice) -> tuple[Action, S]:
    """One action from ``state`` and the position it gives: drawn by
    ``dice`` in a chance node, chosen by ``choose`` (an agent's) elsewhere."""
    action = dice.roll(state) if state.chance else choose(state)
    return action, state.play(action)
