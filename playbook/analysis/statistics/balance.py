"""Who is favoured, asked of several engines: a balance study across an engine ladder.

A first-move advantage measured with one engine may be the engine's: an
engine that cannot see the opponent's answer, or one that breaks its ties
in the order a game lists its moves, favours a side of its own.  A
balance study asks the question of a *ladder* of players (by default a
random player, the greedy one, AlphaBeta at two node budgets and MCTS;
:data:`LADDER`) and says whether their answers agree.

Each rung plays its engine against a copy of itself in colour-reversed
pairs from one opening (self-play's rotating seats): the two games of a
pair open with the same ``book`` random actions, the copies then swap
seats, and each game's own seed makes the copies break their ties
differently, so a pair is two games, not one played twice.  A rung's
first mover's score comes from the pairs both of whose games finished
(:meth:`~playbook.analysis.runs.selfplay.SelfPlay.first_move_pairs`), which
takes out what the opening gives either side, with an interval and a
test that hold their level at every number of pairs
(:mod:`~playbook.analysis.statistics.exact`: Fisher's randomization test, counted
exactly, never a normal curve on four pairs).  Asking five engines at
once gives five chances to be fooled, so a rung is called favoured only
when its p-value stays below 5% after Holm's correction over the whole
ladder (and its interval leaves 0.5 out); a rung that is not decided
says how many finished pairs would tell a score of 0.55 from 0.5 (95%,
the 5% split over the engines; 80% power).  Beside the score stand the
pairs that did not finish and the score with their stopped games counted
as draws, the median length (unfinished games censored; a median beyond
the cap is given with the cap), and how deep the engine searched: the
mean depth in actions and the share of its moves whose search saw
another player's answer at all.  A rung whose searches mostly do not (a
Kelasu turn is up to four actions) is flagged, and warned about: its
figures describe players who never look at a reply.  Every warning a
rung's games raise names the rung's engine.

>>> from playbook.analysis.statistics.balance import change
>>> row = change({"score": 0.5, "low": 0.45, "high": 0.55}, {"score": 0.52, "low": 0.47, "high": 0.57})
>>> round(row["change"], 2), round(row["low"], 3), round(row["high"], 3)
(0.02, -0.051, 0.091)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ...games import load
from ..engines.agents import Factory, RandomAgent
from ..engines.greedy import GreedyAgent
from ..engines.mcts import MCTS
from ..engines.search import AlphaBeta
from ..extras import need
from ..runs.results import SelfPlay
from ..runs.running import progress_bar, shows_progress
from ..runs.selfplay import selfplay
from . import plots
from .exact import EDGE, holm, pairs_needed
from .stats import Z95
from .survival import median_text

__all__ = ["LADDER", "Balance", "balance", "change", "search_depth", "twins", "REPLY_SHARE", "LEVEL", "PLAN_PAIRS",
           "stopped_cap"]

#: The default ladder: a name for each rung and the factory of its engine.
LADDER: dict[str, Factory] = {
    "random": RandomAgent.factory(),
    "greedy": GreedyAgent.factory(),
    "alphabeta:nodes=50": AlphaBeta.factory(nodes=50),
    "alphabeta:nodes=200": AlphaBeta.factory(nodes=200),
    "mcts:iterations=60": MCTS.factory(iterations=60),
}

#: Below this share of moves whose search saw another player's answer, a
#: rung is flagged and warned about.
REPLY_SHARE = 0.5

#: The chance of calling any rung favoured by chance, over the whole ladder.
LEVEL = 0.05

#: The fewest finished pairs whose spread a sample-size plan is read from;
#: with fewer, a plan takes the largest spread a score can have (0.5), so
#: it never promises a decision from too little.
PLAN_PAIRS = 10


def stopped_cap(run: SelfPlay) -> int | None:
    """The longest a game of ``run`` was played before it was stopped at
    the ply cap, in plies of play (as its lengths are counted); None when
    none was stopped."""
    stopped = [n for n, r in zip(run.lengths(), run.records, strict=True) if r.unfinished and not r.error]
    return max(stopped, default=None)


def search_depth(run: SelfPlay) -> dict:
    """How deep the engines of ``run`` searched, from the records' notes:
    ``moves`` (engine moves with a note), ``depth`` (their mean depth in
    actions) and ``reply`` (the share whose search saw another player's
    answer); ``None`` figures for a run with no engine moves."""
    notes = [n for r in run.records for n in (r.notes or []) if n and "depth" in n]
    replies = [n["reply"] for n in notes if n.get("reply") is not None]
    return {"moves": len(notes), "depth": sum(n["depth"] for n in notes) / len(notes) if notes else None,
            "reply": sum(replies) / len(replies) if replies else None}


def twins(run: SelfPlay, swapped: SelfPlay) -> SelfPlay:
    """Two runs of the same seeds with the agents' seats swapped (as the
    shipped ladder's folders and their ``-swapped`` twins are) as one run
    of colour-reversed pairs: each game tagged with its ``pair``, the
    seed, as ``selfplay(..., rotate=True)`` tags its own."""
    records = [replace(r, pair=r.seed) for r in run.records + swapped.records]
    return SelfPlay(records, run.game)


def change(before: Mapping, after: Mapping, z: float = Z95) -> dict:
    """The change from one score (or share) to another with its 95%
    interval, each standard error read back from its own interval (half
    its width over ``z``): ``change``, ``low``, ``high``.  A change whose
    interval holds 0 is not shown, and the interval says how large it could
    still be: never read it as "no effect"."""
    se = math.hypot((before["high"] - before["low"]) / (2 * z), (after["high"] - after["low"]) / (2 * z))
    delta = after["score"] - before["score"]
    return {"change": delta, "low": delta - z * se, "high": delta + z * se}


_WORDS = {"above": "first mover favoured", "below": "second mover favoured"}


def _row_text(row: dict) -> dict:
    """One row of :meth:`Balance.rows` as the text of :meth:`Balance.table`."""
    cap = row["cap"]
    left_out = [f"{row['unfinished pairs']} unfinished"] if row["unfinished pairs"] else []
    left_out += [f"{row['incomplete pairs']} missing a game"] if row["incomplete pairs"] else []
    score = "no finished pair" if not row["pairs"] else \
        f"{row['score']:.3f} ({row['low']:.3f} to {row['high']:.3f})"
    depth = "-" if row["mean depth"] is None else \
        f"{row['mean depth']:.2f} ({row['sees replies']:.0%} see a reply{', flagged' if row['shallow'] else ''})"
    return {"engine": row["engine"], "games": f"{row['games']} ({row['unfinished']} unfinished)",
            "pairs": f"{row['pairs']}" + (f" ({', '.join(left_out)} left out)" if left_out else ""),
            "first mover's score": score, "p (Holm)": f"{_p(row['p'])} ({_p(row['p (Holm)'])})",
            "verdict": row["verdict"],
            "pairs to decide": "-" if row["pairs needed"] is None else
            f"{'up to' if row['pairs'] < PLAN_PAIRS else 'about'} {row['pairs needed']}",
            "median plies": median_text(row["median plies"], row["median low"], row["median high"], cap),
            "depth in actions": depth}


def _p(p: float) -> str:
    """A p-value to two digits, "below 0.001" when smaller."""
    return "below 0.001" if p < 0.001 else f"{p:.2g}"


@dataclass
class Balance:
    """A balance study's answer: ``runs`` maps each rung's name to its
    games, in colour-reversed pairs (records tagged with their ``pair``:
    a run with ``rotate=True``, or :func:`twins`).  :meth:`rows` gives a
    rung a row; :meth:`agreement` says whether the rungs agree;
    :meth:`plot` draws the ladder."""

    game: str
    runs: dict[str, SelfPlay]

    def _figures(self, name: str) -> dict:
        """One rung's figures, before the ladder's correction."""
        run = self.runs[name]
        five = run.first_move_pairs()
        games = run.first_move_advantage()
        median, m_low, m_high = run.lengths_survival().median()
        depth = search_depth(run)
        shallow = depth["reply"] is not None and depth["reply"] < REPLY_SHARE
        return {"engine": name, "games": len(run), "unfinished": games["unfinished"], "pairs": five["pairs"],
                "unfinished pairs": five["unfinished"], "incomplete pairs": five["incomplete"],
                "first mover": games["mover"], "score": five["score"], "low": five["low"], "high": five["high"],
                "p": five["p"], "spread": five["spread"], "score if unfinished drawn": five["score_if_draws"],
                "median plies": median, "median low": m_low, "median high": m_high, "cap": stopped_cap(run),
                "mean depth": depth["depth"], "sees replies": depth["reply"], "shallow": shallow}

    def rows(self) -> list[dict]:
        """Every rung's row, in the ladder's order: ``engine``, ``games``,
        ``unfinished`` (games), ``pairs`` (finished), ``unfinished pairs``,
        ``incomplete pairs`` (a game missing, left out), ``first mover``,
        the pairs' ``score`` with its 95% interval ``low``-``high``, ``p``
        (the exact test of an even score) and ``p (Holm)`` (corrected over
        the ladder), the ``verdict``, ``pairs needed`` (for a rung not
        decided: finished pairs that would tell 0.55 from 0.5, else None),
        ``spread`` (of the pair scores), ``score if unfinished drawn``, the
        ``median plies`` with ``median low``-``median high`` (None: beyond
        ``cap``, the longest a stopped game was played), ``mean depth``,
        ``sees replies`` and ``shallow``.  A rung is favoured when its
        Holm-corrected p-value is below :data:`LEVEL` and its interval
        leaves 0.5 out."""
        rows = [self._figures(name) for name in self.runs]
        adjusted = holm([row["p"] for row in rows])
        for row, p in zip(rows, adjusted, strict=True):
            side = "above" if row["low"] > 0.5 else "below" if row["high"] < 0.5 else None
            decided = side is not None and p < LEVEL
            spread = row["spread"] if row["pairs"] >= PLAN_PAIRS and row["spread"] else 0.5
            row.update({"p (Holm)": p, "verdict": _WORDS[side] if decided and side else "not decided",
                        "pairs needed": None if decided else pairs_needed(spread, engines=len(rows),
                                                                          alpha=LEVEL)})
        return rows

    def row(self, name: str) -> dict:
        """The row of the rung ``name`` (see :meth:`rows`; its verdict is
        corrected for the whole ladder)."""
        return next(row for row in self.rows() if row["engine"] == name)

    def frame(self):
        """The rows as a pandas DataFrame indexed by engine."""
        return need("pandas", "Balance.frame()").DataFrame(self.rows()).set_index("engine")

    def table(self):
        """:meth:`rows` written out for reading, as a pandas DataFrame of
        text indexed by engine: games and those unfinished, finished pairs
        (and those left out), the first mover's score with its 95%
        interval, the p-value with Holm's correction beside it, the
        verdict, the finished pairs a rung not decided would need, the
        median length (a median beyond the cap given with the cap) and how
        deep the engine searched."""
        return need("pandas", "Balance.table()").DataFrame([_row_text(row) for row in self.rows()]).set_index("engine")

    def agreement(self) -> str:
        """Whether the rungs agree on who is favoured, in a sentence that
        names the engines behind each answer, the correction for asking
        them all, and for each rung not decided how many finished pairs
        would tell 0.55 from 0.5 ("up to" where fewer than
        :data:`PLAN_PAIRS` finished, the plan then taking the largest
        spread)."""
        rows = self.rows()
        said = {row["engine"]: row["verdict"] for row in rows}
        decided = sorted({v for v in said.values() if v != "not decided"})
        asked = f"{len(rows)} engine{'' if len(rows) == 1 else 's'} asked"
        if len(rows) > 1:
            asked += ", Holm's correction over them"
        plans = ", ".join(f"{row['engine']} {'up to' if row['pairs'] < PLAN_PAIRS else 'about'} "
                          f"{row['pairs needed']}" for row in rows if row["pairs needed"] is not None)
        plan = f" (finished pairs to tell {0.5 + EDGE:.2f} from 0.5: {plans})"
        if not decided:
            return f"no engine shows either side favoured{plan}; {asked}"
        parts = [f"{v} by {', '.join(e for e, w in said.items() if w == v)}" for v in decided]
        open_ = [e for e, v in said.items() if v == "not decided"]
        if open_:
            parts.append(f"not decided by {', '.join(open_)}{plan}")
        return ("the engines disagree: " if len(decided) > 1 else "") + "; ".join(parts) + f"; {asked}"

    def plot(self, axes=None):
        """The first mover's score of each rung with its interval, and each
        rung's median length (see :func:`playbook.analysis.statistics.plots.balance`)."""
        return plots.balance(self, axes)

    def __repr__(self) -> str:
        return f"Balance({self.game}: {self.agreement()})"


def _rung(game, name: str, engine, pairs: int, book: int, seed: int, settings: dict) -> SelfPlay:
    """One rung's games; the warnings its run raises say which engine played them."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run = selfplay(game, [engine, engine], games=2 * pairs, book=book, seed=seed, rotate=True, **settings)
    for warning in caught:
        title, sep, rest = str(warning.message).partition(": ")
        text = f"{title}, {name}: {rest}" if sep else f"{name}: {title}"
        warnings.warn_explicit(text, warning.category, "balance", 0, module="playbook.analysis.statistics.balance")
    return run


def balance(game, ladder: Mapping[str, object] | None = None, pairs: int = 20, book: int = 6, seed: int = 0,
            **settings) -> Balance:
    """Play a balance study of ``game``: for each rung of ``ladder`` (name
    -> agent or factory, default :data:`LADDER`), ``pairs``
    colour-reversed pairs of the engine against itself, each pair opening
    with the same ``book`` random actions, seeds from ``seed``
    (:func:`~playbook.analysis.runs.selfplay.selfplay` with ``rotate=True``:
    the two games of a pair have their own seeds, so the copies break
    their ties differently).  Other keyword arguments go to ``selfplay``
    (``max_plies``, ``executor``, ``options``, ``progress``...); with a
    progress bar, a bar over the rungs says which engine is playing.
    Warns about every rung whose searches mostly stop before another
    player's answer, and passes on each rung's own warnings (games
    stopped at the cap) with the rung's engine named."""
    ladder = dict(ladder or LADDER)
    for name, engine in ladder.items():
        if isinstance(engine, type):
            raise TypeError(f"ladder: {name!r} needs an agent or a factory such as AlphaBeta.factory(nodes=50), "
                            f"not the class {engine.__name__}")
    if isinstance(pairs, bool) or not isinstance(pairs, int) or pairs < 1:
        raise ValueError(f"pairs: a number of colour-reversed pairs, 1 or more, not {pairs!r}")
    if not ladder:
        raise ValueError("ladder: name at least one engine (name -> agent or factory)")
    shown = len(ladder) > 1 and shows_progress(settings.get("progress"))
    rungs = progress_bar(len(ladder), "balance", shown)
    runs = {}
    try:
        for name, engine in ladder.items():
            if shown:
                rungs.set_description(f"balance: {name}")
            runs[name] = _rung(game, name, engine, pairs, book, seed, settings)
            rungs.update(1)
    finally:
        rungs.close()
    study = Balance(next(iter(runs.values())).game, runs)
    title = (load(game) if isinstance(game, str) else game).title
    for row in study.rows():
        if row["shallow"]:
            warnings.warn(f"{title}, {row['engine']}: only {row['sees replies']:.0%} of its searches saw "
                          f"the opponent's answer (mean depth {row['mean depth']:.2f} actions); its figures "
                          "describe a player who does not look at replies", stacklevel=2)
    return study
