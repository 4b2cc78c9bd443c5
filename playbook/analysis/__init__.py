"""Analysis: agents and engines, evaluations, perft, self-play and tournaments.

Every agent has ``choose(state) -> Action``: :class:`RandomAgent`,
:class:`GreedyAgent` (one action ahead on the game's evaluation),
:class:`AlphaBeta` (iterative deepening, transposition table) and
:class:`MCTS` (Monte-Carlo tree search over the step API).
:func:`selfplay` and :func:`tournament` play many games, on one machine or
any ``concurrent.futures`` executor (a Dask cluster's too); tournaments
seat any number of players with rotating seats.  :mod:`.stats` holds the
intervals (draws as draws: :func:`trinomial`, :func:`pentanomial`), ratings
(with a first-move term: :func:`elo_with_first_move`) and the sequential
test they report with; :mod:`.survival` the Kaplan-Meier curve of game
lengths stopped at a cap.
:func:`review` goes through a finished game move by move, as Lichess's
computer analysis does.  :mod:`.balance` asks who is favoured of a ladder
of engines, in colour-reversed pairs, with the exact test and the
correction for asking several engines of :mod:`.exact`, and says whether
they agree.

The modules live in three rooms: :mod:`.engines` (agents, searches,
evaluation, perft, reviews), :mod:`.runs` (self-play and tournaments, the
tasks, stopping, worker pools and the results folder) and
:mod:`.statistics` (intervals and tests, lengths, tables, comparisons,
balance studies, reports and plots); :mod:`.words` (counts in words) is
shared by all three, and :mod:`.extras` fetches the optional libraries of
the ``analysis`` extra, so this package imports without them.
"""

from .engines.agents import RandomAgent
from .engines.evaluation import evaluate
from .engines.greedy import GreedyAgent
from .engines.mcts import MCTS
from .engines.perft import divide, perft
from .engines.review import Review, review
from .engines.search import AlphaBeta, Analysis
from .runs.games import SelfPlayError, play_game
from .runs.results import SelfPlay, Tournament
from .runs.selfplay import selfplay, tournament
from .runs.store import load_results, read_settings
from .statistics import plots
from .statistics.compare import Comparison, compare
from .statistics.stats import (
    elo_interval,
    elo_ratings,
    elo_with_first_move,
    pentanomial,
    score_figure,
    sprt,
    trinomial,
    wilson,
)
from .statistics.survival import kaplan_meier

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
    "SelfPlayError",
    "compare",
    "Comparison",
    "elo_ratings",
    "elo_interval",
    "sprt",
    "wilson",
    "trinomial",
    "pentanomial",
    "score_figure",
    "elo_with_first_move",
    "kaplan_meier",
    "load_results",
    "read_settings",
    "review",
    "Review",
    "plots",
]
