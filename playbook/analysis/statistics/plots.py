"""Plots of self-play results with matplotlib.

Each function draws on ``ax`` (a matplotlib Axes) or on a new figure, and
returns the Axes.  Intervals are 95% Wilson intervals; a dashed line marks
an even chance.

>>> from playbook.analysis import RandomAgent, selfplay
>>> result = selfplay("cosmic", [RandomAgent, RandomAgent], games=4, progress=False)
>>> win_rates(result).get_ylabel()
'share of games'
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping

from ...games import load
from ..extras import need

__all__ = ["win_rates", "game_lengths", "first_move_advantage", "first_move_by_opening", "ratings", "rating_table",
           "comparison", "median_lengths", "balance", "ladder_scores", "ladder_lengths"]


def _pyplot():
    """matplotlib's pyplot, which draws every plot here."""
    return need("matplotlib.pyplot", "a plot")


def _axes(ax):
    if ax is not None:
        return ax
    _, ax = _pyplot().subplots(figsize=(6, 3.5))
    return ax


def _errors(rows, value="rate"):
    lower = [max(0.0, r[value] - r["low"]) for r in rows]
    upper = [max(0.0, r["high"] - r[value]) for r in rows]
    return [lower, upper]


def win_rates(result, ax=None):
    """Each player's share of the games (and draws, unfinished) with intervals."""
    ax = _axes(ax)
    rates = result.win_rates()
    labels = [k for k, v in rates.items() if v["games"] or k not in ("draw", "unfinished")]
    rows = [rates[k] for k in labels]
    ax.bar(labels, [r["rate"] for r in rows], yerr=_errors(rows), capsize=4, color="#6c8ebf")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title(f"Results of {len(result.records)} games")
    return ax


def game_lengths(results, ax=None, bins: int = 20):
    """Histogram of game lengths in plies (set-up left out); ``results`` is
    one result or a mapping name -> result, drawn over each other."""
    ax = _axes(ax)
    if not isinstance(results, Mapping):
        results = {"games": results}
    for name, result in results.items():
        ax.hist(result.lengths(), bins=bins, alpha=0.6, label=f"{name} (unfinished: {result.summary()['unfinished']})")
    ax.set_xlabel("plies (actions played)")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title("Game lengths")
    return ax


def first_move_advantage(results: Mapping, ax=None):
    """The first mover's score (wins and half the draws) in each result of
    ``results`` (name -> result), with intervals: above 0.5 moving first helps."""
    ax = _axes(ax)
    rows, labels = [], []
    for name, result in results.items():
        adv = result.first_move_advantage()
        if adv["score"] is None:
            continue
        rows.append({"rate": adv["score"], "low": adv["low"], "high": adv["high"]})
        labels.append(f"{name}\n({adv['mover']}, {adv['games']} games)")
    ax.bar(labels, [r["rate"] for r in rows], yerr=_errors(rows), capsize=4, color="#82b366")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_ylim(0, 1)
    ax.set_ylabel("first mover's score")
    ax.set_title("Does moving first help?")
    return ax


def first_move_by_opening(result, ax=None, top: int = 10, key=None):
    """The first mover's score for each of the ``top`` most played first
    moves of play (``key`` groups them, as in :meth:`SelfPlay.by_opening`)."""
    ax = _axes(ax)
    rows = result.by_opening(key=key)[:top]
    labels = [f"{r['opening'][:28]} ({r['games']})" for r in rows]
    for r in rows:
        r["rate"] = r["score"]
    ax.barh(labels, [r["rate"] for r in rows], xerr=_errors(rows), capsize=3, color="#d79b00")
    ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("first mover's score")
    ax.set_title("First-move results by opening move")
    return ax


def ratings(tournament, ax=None):
    """The agents' Elo ratings with their intervals, best at the top; an
    interval with no bound on one side (a perfect or a null score) runs to
    the edge of the plot and ends in an arrow."""
    ax = _axes(ax)
    rows = tournament.ratings()
    names = [r["name"] for r in rows]
    elo = [r["elo"] for r in rows]
    finite = [v for r in rows for v in (r["low"], r["elo"], r["high"]) if math.isfinite(v)]
    pad = 0.15 * ((max(finite) - min(finite)) or 100.0)
    left, right = min(finite) - pad, max(finite) + pad
    lows = [r["low"] if math.isfinite(r["low"]) else left for r in rows]
    highs = [r["high"] if math.isfinite(r["high"]) else right for r in rows]
    errors = [[e - lo for e, lo in zip(elo, lows, strict=True)], [hi - e for e, hi in zip(elo, highs, strict=True)]]
    ax.errorbar(elo, names, xerr=errors, fmt="o", capsize=4)
    for y, r in enumerate(rows):
        if not math.isfinite(r["high"]):
            ax.plot([right], [y], marker=">", color="C0")
        if not math.isfinite(r["low"]):
            ax.plot([left], [y], marker="<", color="C0")
    ax.set_xlim(left, right)
    ax.invert_yaxis()
    ax.axvline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("Elo (95% interval)")
    ax.set_title("Ratings")
    return ax


def rating_table(tournament, ax=None):
    """The ratings as a table drawn on the figure."""
    ax = _axes(ax)
    rows = tournament.ratings()
    cells = [[r["name"], r["games"], f"{r['wins']}/{r['draws']}/{r['losses']}",
              f"{r['score']:.2f}" if r["score"] is not None else "-", f"{r['elo']:+.0f}",
              f"{r['low']:+.0f} to {r['high']:+.0f}"] for r in rows]
    ax.axis("off")
    table = ax.table(
        cellText=cells, colLabels=["agent", "games", "W/D/L", "score", "Elo", "95% interval"], loc="center"
    )
    table.auto_set_font_size(False)
    table.set_fontsize(9)
    table.auto_set_column_width(list(range(6)))
    table.scale(1, 1.3)
    return ax


def comparison(result, axes=None):
    """A :class:`~playbook.analysis.statistics.compare.Comparison` side by side: the
    first mover's score, the draw rate and the median length of each
    variant with their 95% intervals (three Axes, returned as a list; the
    lengths as :func:`median_lengths` draws them)."""
    if axes is None:
        _, axes = _pyplot().subplots(1, 3, figsize=(12, 3.5), layout="constrained")
    rows = result.rows()
    labels = [f"{r['variant']}\n({r['games']} games)" for r in rows]
    for ax, (key, title, colour) in zip(axes, (("score", "first mover's score", "#82b366"),
                                               ("draws", "draw rate", "#6c8ebf")), strict=False):
        shown = [{"rate": r[key] if r[key] is not None else 0.0, "low": r[f"{key}_low"], "high": r[f"{key}_high"]}
                 for r in rows]
        ax.bar(labels, [s["rate"] for s in shown], yerr=_errors(shown), capsize=4, color=colour)
        ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_ylim(0, 1)
        ax.set_title(title)
    if len(axes) > 2:
        median_lengths(rows, labels, axes[2])
    return list(axes)


def median_lengths(rows, labels, ax=None, colour: str = "#d79b00"):
    """The Kaplan-Meier median length of each row of
    :meth:`~playbook.analysis.statistics.compare.Comparison.rows` (one bar a label)
    with its 95% interval.  A median beyond the cap is an open, hatched bar
    up to the longest stopped game, marked "beyond the cap of N" halfway up; an interval
    with no upper bound runs to the top of the panel and ends in an arrow."""
    ax = _axes(ax)
    values = [v for r in rows for v in (r["median_plies"], r["median_low"], r["median_high"], r["cap"])
              if v is not None]
    top = 1.15 * max(values, default=1)
    for x, (r, label) in enumerate(zip(rows, labels, strict=True)):
        median = r["median_plies"]
        height = median if median is not None else r["cap"] or top
        if median is not None:
            ax.bar([label], [height], color=colour)
        else:
            ax.bar([label], [height], color="none", edgecolor=colour, hatch="//")
            ax.annotate(f"beyond the\ncap of {r['cap']}", (x, height / 2), ha="center", va="center", fontsize=8,
                        bbox={"facecolor": "white", "edgecolor": colour})
        low = r["median_low"] if r["median_low"] is not None else height
        high = r["median_high"] if r["median_high"] is not None else top
        ax.errorbar([x], [height], yerr=[[height - low], [high - height]], color="black", capsize=4)
        if r["median_high"] is None:
            ax.plot([x], [top], marker="^", color="black")
    ax.set_ylim(0, top)
    ax.set_ylabel("plies (95% interval)")
    ax.set_title("median length (plies)")
    return ax


def _title(game: str) -> str:
    """A game's title from its key (the key itself for a game not installed)."""
    try:
        return load(game).title
    except Exception:
        return game


def _ladder_labels(study) -> list[str]:
    """Each rung's name, wrapped to fit under its place, and its finished pairs."""
    return [f"{textwrap.fill(r['engine'], 14)}\n({r['pairs']} pairs)" for r in study.rows()]


def ladder_scores(study, ax=None):
    """The first mover's score of each rung of a
    :class:`~playbook.analysis.statistics.balance.Balance`, the ladder along the
    bottom in its order (weakest engine first, as :data:`~playbook.analysis.statistics.balance.LADDER`
    lists them), each with its 95% interval; a rung whose verdict names a
    side (after the correction for the whole ladder) is a filled dot, one
    not decided an open circle.  A dashed line marks an even score."""
    ax = _axes(ax)
    rows = study.rows()
    labels = _ladder_labels(study)
    for x, r in enumerate(rows):
        score = r["score"] if r["pairs"] else 0.5
        decided = r["verdict"] != "not decided"
        ax.errorbar([x], [score], yerr=[[score - r["low"]], [r["high"] - score]], fmt="o", capsize=4, color="C2",
                    markerfacecolor="C2" if decided else "white")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(rows)), labels)
    ax.set_xlim(-0.5, len(rows) - 0.5)
    ax.set_ylim(-0.03, 1.03)  # a score of 0 or 1 stays in sight
    ax.set_xlabel("engine, weakest first")
    ax.set_ylabel("first mover's score (95% interval)")
    ax.set_title(f"Does moving first help? {_title(study.game)}")
    return ax


def ladder_lengths(study, ax=None):
    """The median length of each rung's games with its 95% interval, as
    :func:`median_lengths` draws them (a median beyond the cap as an
    open bar up to the cap, marked with it)."""
    rows = [{"median_plies": r["median plies"], "median_low": r["median low"], "median_high": r["median high"],
             "cap": r["cap"]} for r in study.rows()]
    ax = median_lengths(rows, _ladder_labels(study), ax)
    ax.set_xlabel("engine, weakest first")
    return ax


def balance(study, axes=None):
    """A balance study side by side: :func:`ladder_scores` and
    :func:`ladder_lengths` (two Axes, returned as a list)."""
    if axes is None:
        _, axes = _pyplot().subplots(1, 2, figsize=(12, 4), layout="constrained")
    ladder_scores(study, axes[0])
    ladder_lengths(study, axes[1])
    return list(axes)
