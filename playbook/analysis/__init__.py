"""Analysis: agents and engines, evaluations, perft, self-play and tournaments.

Every agent has ``choose(state) -> Action``: :class:`RandomAgent`,
:class:`GreedyAgent` (one action ahead on the game's evaluation),
:class:`AlphaBeta` (iterative deepening, transposition table) and
:class:`MCTS` (Monte-Carlo tree search over the step API).
:func:`selfplay` and :func:`tournament` play many games, on one machine or
any ``concurrent.futures`` executor (a Dask cluster's too).
:func:`review` goes through a finished game move by move, as Lichess's
computer analysis does.
"""

from .agents import GreedyAgent, RandomAgent
from .evaluation import evaluate
from .mcts import MCTS
from .perft import divide, perft
from . import plots
from .review import Review, review
from .search import AlphaBeta, Analysis
from .selfplay import SelfPlay, Tournament, elo_ratings, play_game, selfplay, tournament, wilson

__all__ = [
    "RandomAgent",
    "GreedyAgent",
    "AlphaBeta",
    "Analysis",
    "MCTS",
    "evaluate",
    "perft",
    "divide",
    "selfplay",
    "play_game",
    "SelfPlay",
    "tournament",
    "Tournament",
    "elo_ratings",
    "wilson",
    "review",
    "Review",
]
