"""Who is favoured, asked of several engines: a balance study across an engine ladder.

A first-move advantage measured with one engine may be the engine's: an
engine that cannot see the opponent's answer, or one that breaks its ties
in the order a game lists its moves, favours a side of its own.  A
balance study asks the question of a *ladder* of players (by default a
random player, the greedy one, AlphaBeta at two node budgets and MCTS;
:data:`LADDER`) and says whether their answers agree.

Each rung plays its engine against a copy of itself in colour-reversed
pairs: game ``k`` and its twin share a seed, so they open with the same
``book`` random actions; the two copies then swap seats, and the copy on
tie-break ``stream`` 1 breaks its ties differently from the one on stream
0, so the twins are two games, not one played twice.  A rung's first
mover's score comes from the pairs both of whose games finished, by the
pentanomial model (:func:`~playbook.analysis.stats.pentanomial`), which
takes out what the opening gives either side; beside it stand the games
that did not finish and what they would change if drawn
(:func:`~playbook.analysis.stats.score_figure`), the median length
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
from dataclasses import dataclass

from .agents import Factory, GreedyAgent, RandomAgent
from .mcts import MCTS
from .search import AlphaBeta
from .selfplay import SelfPlay, selfplay
from .stats import Z95, pair_counts, pentanomial, verdict

__all__ = ["LADDER", "Balance", "balance", "change", "search_depth", "pair_scores", "REPLY_SHARE"]

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
    notes = [n for r in run.records for n in (r.get("notes") or []) if n and "depth" in n]
    replies = [n["reply"] for n in notes if n.get("reply") is not None]
    return {"moves": len(notes), "depth": sum(n["depth"] for n in notes) / len(notes) if notes else None,
            "reply": sum(replies) / len(replies) if replies else None}


def _points(record: dict) -> float | None:
    """The first mover's points in a finished game, None when unfinished."""
    if record["unfinished"] or record["first"] is None:
        return None
    return 0.5 if record["draw"] else float(record["first"] in record["winners"])


def pair_scores(run: SelfPlay, swapped: SelfPlay) -> tuple[list[float], int]:
    """The first mover's points over each colour-reversed pair (game ``k``
    of ``run`` and the game of ``swapped`` with the same seed), for the
    pairs whose two games finished, and how many pairs did not."""
    twins = {r["seed"]: r for r in swapped.records}
    scores, broken = [], 0
    for record in run.records:
        twin = twins.get(record["seed"])
        a, b = _points(record), _points(twin) if twin is not None else None
        if a is None or b is None:
            broken += 1
        else:
            scores.append(a + b)
    return scores, broken


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
    """A balance study's answer: ``runs`` maps each rung's name to its two
    runs (the games and their colour-reversed twins).  :meth:`rows` gives a
    rung a row; :meth:`agreement` says whether the rungs agree."""

    game: str
    runs: dict[str, tuple[SelfPlay, SelfPlay]]

    def row(self, name: str) -> dict:
        """One rung's figures (see the module's docstring)."""
        run, swapped = self.runs[name]
        scores, broken = pair_scores(run, swapped)
        five = pentanomial(pair_counts(scores))
        both = SelfPlay(run.records + swapped.records, run.game)
        games = both.first_move_advantage()
        median, m_low, m_high = both.lengths_survival().median()
        depth = search_depth(both)
        shallow = depth["reply"] is not None and depth["reply"] < REPLY_SHARE
        found = verdict(five["low"], five["high"]) if five["pairs"] else "not decided"
        return {"engine": name, "games": len(both), "unfinished": games["unfinished"], "pairs": five["pairs"],
                "unfinished pairs": broken, "first mover": games["mover"], "score": five["score"],
                "low": five["low"], "high": five["high"], "score if unfinished drawn": games["score_if_draws"],
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
            return f"no engine shows either side favoured ({len(rows)} engines)"
        if len(decided) == 1:
            verdict_ = decided.pop()
            backing = [e for e, v in said.items() if v == verdict_]
            rest = f"; not decided by {', '.join(open_)}" if open_ else ""
            return f"{verdict_} by {', '.join(backing)}{rest}"
        parts = [f"{v} by {', '.join(e for e, w in said.items() if w == v)}" for v in sorted(set(said.values()))]
        return "the engines disagree: " + "; ".join(parts)

    def __repr__(self) -> str:
        return f"Balance({self.game}: {self.agreement()})"


def _twin(factory: Factory) -> Factory:
    """The same engine on tie-break stream 1."""
    settings = dict(factory.settings)
    settings["stream"] = 1
    return Factory(factory.kind, tuple(sorted(settings.items())))


def balance(game, ladder: Mapping[str, Factory] | None = None, pairs: int = 20, book: int = 6, seed: int = 0,
            **options) -> Balance:
    """Play a balance study of ``game``: for each rung of ``ladder`` (name
    -> :class:`~playbook.analysis.agents.Factory`, default
    :data:`LADDER`), ``pairs`` colour-reversed pairs from the same
    ``book`` random opening actions, seeds from ``seed``.  ``options`` go
    to :func:`~playbook.analysis.selfplay.selfplay` (``max_plies``,
    ``executor``, ``variant``, ``progress``...).  Warns about every rung
    whose searches mostly stop before another player's answer."""
    runs = {}
    for name, factory in (ladder or LADDER).items():
        if not isinstance(factory, Factory):
            raise TypeError(f"ladder: {name!r} needs a factory such as AlphaBeta.factory(nodes=50), not {factory!r}")
        twin = _twin(factory)
        run = selfplay(game, [factory, twin], games=pairs, book=book, seed=seed, **options)
        swapped = selfplay(game, [twin, factory], games=pairs, book=book, seed=seed, **options)
        runs[name] = (run, swapped)
    study = Balance(runs[next(iter(runs))][0].game, runs)
    for row in study.rows():
        if row["shallow"]:
            warnings.warn(f"{study.game}, {row['engine']}: only {row['sees replies']:.0%} of its searches saw "
                          f"the opponent's answer (mean depth {row['mean depth']:.2f} actions); its figures "
                          "describe a player who does not look at replies", stacklevel=2)
    return study
