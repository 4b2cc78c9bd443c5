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
first mover's score comes from the pairs both of whose games finished,
by the pentanomial model
(:meth:`~playbook.analysis.selfplay.SelfPlay.first_move_pairs`), which
takes out what the opening gives either side; beside it stand the pairs
that did not finish and the score with their stopped games counted as
draws, the median length
(unfinished games censored), and how deep the engine searched: the mean
depth in actions and the share of its moves whose search saw another
player's answer at all.  A rung whose searches mostly do not (a Kelasu
turn is up to four actions) is flagged, and warned about: its figures
describe players who never look at a reply.

>>> from playbook.analysis.balance import change
>>> row = change({"score": 0.5, "low": 0.45, "high": 0.55}, {"score": 0.52, "low": 0.47, "high": 0.57})
>>> round(row["change"], 2), round(row["low"], 3), round(row["high"], 3)
(0.02, -0.051, 0.091)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, replace

from .agents import Factory, GreedyAgent, RandomAgent
from .mcts import MCTS
from .search import AlphaBeta
from .selfplay import SelfPlay, selfplay
from .stats import Z95, verdict

__all__ = ["LADDER", "Balance", "balance", "change", "search_depth", "twins", "REPLY_SHARE"]

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


@dataclass
class Balance:
    """A balance study's answer: ``runs`` maps each rung's name to its
    games, in colour-reversed pairs (records tagged with their ``pair``:
    a run with ``rotate=True``, or :func:`twins`).  :meth:`rows` gives a
    rung a row; :meth:`agreement` says whether the rungs agree."""

    game: str
    runs: dict[str, SelfPlay]

    def row(self, name: str) -> dict:
        """One rung's figures (see the module's docstring)."""
        run = self.runs[name]
        five = run.first_move_pairs()
        games = run.first_move_advantage()
        median, m_low, m_high = run.lengths_survival().median()
        depth = search_depth(run)
        shallow = depth["reply"] is not None and depth["reply"] < REPLY_SHARE
        found = verdict(five["low"], five["high"]) if five["pairs"] else "not decided"
        return {"engine": name, "games": len(run), "unfinished": games["unfinished"], "pairs": five["pairs"],
                "unfinished pairs": five["unfinished"], "first mover": games["mover"], "score": five["score"],
                "low": five["low"], "high": five["high"], "score if unfinished drawn": five["score_if_draws"],
                "verdict": _WORDS.get(found, "not decided"), "median plies": median,
                "median low": m_low, "median high": m_high, "mean depth": depth["depth"],
                "sees replies": depth["reply"], "shallow": shallow}

    def rows(self) -> list[dict]:
        """Every rung's row, in the ladder's order."""
        return [self.row(name) for name in self.runs]

    def frame(self):
        """The rows as a pandas DataFrame indexed by engine."""
        import pandas as pd

        return pd.DataFrame(self.rows()).set_index("engine")

    def agreement(self) -> str:
        """Whether the rungs agree on who is favoured, in a sentence."""
        rows = self.rows()
        said = {row["engine"]: row["verdict"] for row in rows}
        decided = {v for v in said.values() if v != "not decided"}
        open_ = [e for e, v in said.items() if v == "not decided"]
        if not decided:
            return f"no engine shows either side favoured ({len(rows)} engine{'' if len(rows) == 1 else 's'})"
        if len(decided) == 1:
            verdict_ = decided.pop()
            backing = [e for e, v in said.items() if v == verdict_]
            rest = f"; not decided by {', '.join(open_)}" if open_ else ""
            return f"{verdict_} by {', '.join(backing)}{rest}"
        parts = [f"{v} by {', '.join(e for e, w in said.items() if w == v)}" for v in sorted(set(said.values()))]
        return "the engines disagree: " + "; ".join(parts)

    def __repr__(self) -> str:
        return f"Balance({self.game}: {self.agreement()})"


def balance(game, ladder: Mapping[str, object] | None = None, pairs: int = 20, book: int = 6, seed: int = 0,
            **settings) -> Balance:
    """Play a balance study of ``game``: for each rung of ``ladder`` (name
    -> agent or factory, default :data:`LADDER`), ``pairs``
    colour-reversed pairs of the engine against itself, each pair opening
    with the same ``book`` random actions, seeds from ``seed``
    (:func:`~playbook.analysis.selfplay.selfplay` with ``rotate=True``:
    the two games of a pair have their own seeds, so the copies break
    their ties differently).  Other keyword arguments go to ``selfplay``
    (``max_plies``, ``executor``, ``options``, ``progress``...).  Warns
    about every rung whose searches mostly stop before another player's
    answer."""
    runs = {}
    for name, engine in (ladder or LADDER).items():
        if isinstance(engine, type):
            raise TypeError(f"ladder: {name!r} needs an agent or a factory such as AlphaBeta.factory(nodes=50), "
                            f"not the class {engine.__name__}")
        runs[name] = selfplay(game, [engine, engine], games=2 * pairs, book=book, seed=seed, rotate=True, **settings)
    study = Balance(next(iter(runs.values())).game, runs)
    for row in study.rows():
        if row["shallow"]:
            warnings.warn(f"{study.game}, {row['engine']}: only {row['sees replies']:.0%} of its searches saw "
                          f"the opponent's answer (mean depth {row['mean depth']:.2f} actions); its figures "
                          "describe a player who does not look at replies", stacklevel=2)
    return study
