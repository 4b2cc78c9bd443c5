"""The greedy agent: one action of look-ahead on the game's evaluation.

It weighs the same actions a search weighs (:func:`~.search.candidates`),
so it lives above :mod:`.search`, which builds on :mod:`.agents`.

>>> from playbook import load
>>> state = load("cosmic").initial()
>>> GreedyAgent(seed=1)
GreedyAgent(seed=1)
>>> GreedyAgent(seed=1).choose(state) in state.legal_actions()
True
"""

from __future__ import annotations

from ...core import Action, State
from .agents import Agent, Analysis, RandomAgent, checked_function, refuse_chance
from .evaluation import evaluation_for, private
from .search import candidates

__all__ = ["GreedyAgent"]


class GreedyAgent(Agent):
    """Plays the action whose result the game's evaluation likes best for
    the side that plays it: one action of look-ahead, ties broken at
    random (``seed``).  ``evaluation`` replaces the game's own
    (``(state, player) -> float``).  ``last`` holds its last
    :class:`Analysis` (self-play records keep it as the move's note)."""

    def __init__(self, seed: int | None = None, evaluation=None, stream: int = 0):
        super().__init__(seed, stream)
        self.evaluation = checked_function("evaluation", evaluation)
        self.last: Analysis | None = None

    def choose(self, state: State) -> Action:
        """The action whose result scores best for the side that plays it."""
        return self.analyse(state).action

    def analyse(self, state: State) -> Analysis:
        """The chosen action with the score of its result for the side to
        move, one action deep."""
        refuse_chance(state)
        evaluate = self.evaluation or evaluation_for(state)
        state = private(state)  # never read other players' sealed orders
        me = state.to_move
        best, best_score = [], None
        actions = candidates(state, self.rng)
        for action in actions:
            score = evaluate(state.after(action), me)
            if best_score is None or score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        if best_score is None:  # no candidate at all
            self.last = Analysis(RandomAgent(seed=self.rng.random()).choose(state), 0.0, 0)
        else:  # one action ahead: it sees no answer
            self.last = Analysis(self.rng.choice(best), best_score, 1, nodes=len(actions), reply=0)
        return self.last

    def __repr__(self) -> str:
        return self._settings_text([f"seed={self.seed}"] if self.seed is not None else [])
