"""Designers' questions answered from self-play and search.

:func:`piece_values` estimates what each kind of piece is worth from the
games of a self-play run: it fits a logistic model of the result on the
material balance of every position played (the classic way of tuning
chess piece values), so a value of 2 means a piece changes the odds as
much as two of the reference piece.  :func:`early_win` asks whether the
side to move can force a win within its first one or two turns, whatever
the opponent does, and :func:`win_available` whether a win is on the
board after a given start.

>>> from playbook import load
>>> early_win(load("cosmic").parse("k5/4pp/6/6/6/R4K w"), turns=1)
'a1x*'
"""

from __future__ import annotations

import random
from typing import Sequence

from ..core import State
from ..games import load
from .evaluation import material
from .search import candidates

__all__ = ["piece_values", "early_win", "win_available"]


# ------------------------------------------------------------ piece values


def _positions(result, every: int, skip: int):
    """(material balance, result for the first player) of the positions played."""
    game = load(result.game)
    first_player = game.players[0]
    rows = []
    for r in result.finished():
        score = 0.5 if r["draw"] else 1.0 if first_player in r["winners"] else 0.0
        states = game.replay(r["actions"], start=game.parse(r["start"]))
        rows.append([(material(s), score) for s in states[skip::every] if s.outcome is None])
    return rows


def _fit(features, outcomes, ridge: float = 1e-3, steps: int = 30):
    """Logistic regression by Newton's method (a little ridge keeps it finite)."""
    import numpy as np

    X = np.column_stack([np.ones(len(features)), np.asarray(features, dtype=float)])
    y = np.asarray(outcomes, dtype=float)
    beta = np.zeros(X.shape[1])
    penalty = ridge * np.eye(X.shape[1])
    penalty[0, 0] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(X @ beta, -30, 30)))
        gradient = X.T @ (y - p) - penalty @ beta
        hessian = (X * (p * (1 - p))[:, None]).T @ X + penalty
        step = np.linalg.solve(hessian, gradient)
        beta += step
        if np.max(np.abs(step)) < 1e-8:
            break
    return beta[1:]


def piece_values(result, reference: str | None = None, every: int = 2, skip: int = 4, bootstrap: int = 100,
                 seed: int = 0) -> list[dict]:
    """Piece values estimated from the positions of ``result``'s finished
    games (every ``every``-th position after the first ``skip``).

    One row per kind of piece, most valuable first: ``kind``, ``value``
    (relative to ``reference``, by default the kind worth least),
    ``low``-``high`` (a 95% interval from resampling whole games
    ``bootstrap`` times) and ``weight`` (the fitted log-odds a piece).
    Needs numpy (with the ``analysis`` extra)."""
    games = [g for g in _positions(result, every, skip) if g]
    if not games:
        raise ValueError("no finished game with positions to learn from")
    kinds = list(games[0][0][0])

    def fit(sample):
        rows = [row for g in sample for row in g]
        return _fit([[m[k] for k in kinds] for m, _ in rows], [s for _, s in rows])

    weights = fit(games)
    ref = reference or kinds[min(range(len(kinds)), key=lambda k: abs(weights[k]))]
    r = kinds.index(ref)
    rng = random.Random(seed)
    ratios = {k: [] for k in kinds}
    for _ in range(bootstrap):
        w = fit([games[rng.randrange(len(games))] for _ in games])
        if abs(w[r]) > 1e-9:
            for i, k in enumerate(kinds):
                ratios[k].append(w[i] / w[r])
    rows = []
    for i, k in enumerate(kinds):
        ordered = sorted(ratios[k])
        low = ordered[int(0.025 * len(ordered))] if ordered else float("nan")
        high = ordered[min(len(ordered) - 1, int(0.975 * len(ordered)))] if ordered else float("nan")
        rows.append({"kind": k, "value": float(weights[i] / weights[r]), "low": float(low), "high": float(high),
                     "weight": float(weights[i])})
    rows.sort(key=lambda row: -row["value"])
    return rows


# -------------------------------------------------------------- early wins


def early_win(state: State, turns: int = 2) -> str | None:
    """The first action of a win the side to move forces within ``turns``
    of its own turns whatever the opponent replies (a turn is every action
    a side makes before the other is to move), or None.  The actions
    weighed are those a search weighs
    (:func:`~playbook.analysis.search.candidates`)."""
    me = state.to_move
    for action in candidates(state):
        after = state.after(action)
        if _won(after, me) or (after.outcome is None and _forced(after, me, turns)):
            return action.text
    return None


def _won(state: State, me: str) -> bool:
    outcome = state.outcome
    return outcome is not None and tuple(outcome.winners) == (me,)


def _forced(state: State, me: str, turns: int) -> bool:
    """Whether ``me`` forces a win from ``state`` (no outcome yet) with
    ``turns`` of its own turns left, the current one included when it is
    ``me`` to move."""
    if state.to_move == me:
        if turns <= 0:
            return False
        return any(_won(after, me) or (after.outcome is None and _forced(after, me, turns))
                   for after in (state.after(a) for a in candidates(state)))
    # The opponent's turn: every reply must still lose; our next turn is a new one.
    for reply in candidates(state):
        after = state.after(reply)
        if after.outcome is not None:
            if not _won(after, me):
                return False
            continue
        if not _forced(after, me, turns - 1 if after.to_move == me else turns):
            return False
    return True


def win_available(state: State) -> bool:
    """Whether the side to move has an action that wins at once."""
    me = state.to_move
    return any(_won(state.after(a), me) for a in candidates(state))


def random_line(state: State, plies: int, rng: random.Random) -> State:
    """``state`` after ``plies`` actions chosen at random among the
    candidates (a quick model of players who do not look ahead)."""
    for _ in range(plies):
        if state.outcome is not None:
            break
        options: Sequence = candidates(state, rng)
        state = state.after(rng.choice(list(options)))
    return state
