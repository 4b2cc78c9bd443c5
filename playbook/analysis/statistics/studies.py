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

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from ...chance import pick
from ...core import PlaybookError, State
from ...games import load
from ..engines.evaluation import material
from ..engines.search import candidates
from ..extras import need

__all__ = ["piece_values", "fit_values", "NotEnoughGames", "rank", "decimals", "early_win", "win_available"]


# ------------------------------------------------------------ piece values


class NotEnoughGames(PlaybookError):
    """A sample too small (or too uniform) to answer the question asked of
    it: the message says what is missing."""


def _positions(result, every: int, skip: int):
    """(material balance, result for the first player) of the positions played."""
    variant = result.records[0].options if result.records else {}
    game = load(result.game, **variant)
    first_player = game.players[0]
    rows = []
    for r in result.finished():
        score = 0.5 if r.draw else 1.0 if first_player in r.winners else 0.0
        states = game.replay(r.actions, start=game.parse(r.start))
        rows.append([(material(s), score) for s in states[skip::every] if s.outcome is None])
    return rows


def rank(rows: Sequence[Sequence[int]]) -> int:
    """The rank of a matrix of whole numbers (one list a row), worked out
    exactly with fractions, so that whether a fit is well posed never hangs
    on rounding.

    >>> rank([[1, 2], [2, 4], [0, 0]])
    1
    """
    np = need("numpy", "rank()")
    if not len(rows):
        return 0
    matrix = np.asarray(rows, dtype=np.int64)
    width = matrix.shape[1]
    # The rank of X equals that of X^T X, which is small (one row a kind);
    # whole numbers multiply exactly.
    gram = [[Fraction(int(v)) for v in row] for row in matrix.T @ matrix]
    found = 0
    for col in range(width):
        pivot = next((i for i in range(found, width) if gram[i][col] != 0), None)
        if pivot is None:
            continue
        gram[found], gram[pivot] = gram[pivot], gram[found]
        for i in range(width):
            if i != found and gram[i][col] != 0:
                factor = gram[i][col] / gram[found][col]
                gram[i] = [a - factor * b for a, b in zip(gram[i], gram[found], strict=True)]
        found += 1
    return found


#: Beyond this many log-odds a piece (or for the side to move first), a fit
#: is taken to have run away: the results are told apart perfectly by the
#: material, and no finite value fits best.
RUNAWAY = 25.0


def _fit(features, outcomes, steps: int = 50, weights=None):
    """Logistic regression of ``outcomes`` (0, 0.5 or 1) on ``features``
    (whole numbers) by Newton's method, each row counted ``weights`` times
    (default once), or None where the data do not fix one answer: the
    features (with a constant) are not independent, the outcomes are all
    alike, or the fit runs away (the outcomes are told apart perfectly).
    Rows of weight 0 are left out."""
    np = need("numpy", "fit_values()")
    if weights is not None:
        kept = [k for k, w in enumerate(weights) if w > 0]
        features, outcomes = [features[k] for k in kept], [outcomes[k] for k in kept]
        weights = [weights[k] for k in kept]
    if not features:
        return None
    rows = [[1, *f] for f in features]
    if rank(rows) < len(rows[0]) or len(set(outcomes)) < 2:
        return None
    X = np.asarray(rows, dtype=float)
    y = np.asarray(outcomes, dtype=float)
    w = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=float)
    beta = np.zeros(X.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(X @ beta, -60, 60)))
        gradient = X.T @ (w * (y - p))
        hessian = (X * (w * p * (1 - p))[:, None]).T @ X
        try:
            step = np.linalg.solve(hessian, gradient)
        except np.linalg.LinAlgError:
            return None
        beta += step
        if np.max(np.abs(beta)) > RUNAWAY:
            return None
        if np.max(np.abs(step)) < 1e-10:
            return beta[1:]
    return None


def decimals(low: float, high: float) -> int:
    """How many decimals a figure whose 95% interval is ``low``-``high``
    deserves: two significant digits of the interval's width (an interval
    35 wide is given to units, one 0.3 wide to hundredths).

    >>> decimals(-4.6, 30.9), decimals(0.8, 3.1), decimals(0.61, 0.9)
    (0, 1, 2)
    """
    width = high - low
    if not width > 0 or math.isinf(width):
        return 0
    return max(0, 1 - math.floor(math.log10(width)))


def piece_values(result, reference: str | None = None, every: int = 2, skip: int = 4, bootstrap: int = 100,
                 seed: int = 0) -> list[dict]:
    """Piece values estimated from the positions of ``result``'s finished
    games (every ``every``-th position after the first ``skip``): a
    logistic model of the result on the material balance, fitted by
    :func:`fit_values` (which describes the rows and when it raises
    :class:`NotEnoughGames`).  Needs numpy (with the ``analysis`` extra)."""
    return fit_values(_positions(result, every, skip), reference, bootstrap, seed)


def _resampled_fit(games: Sequence[Sequence[tuple[dict, float]]], kinds: list[str]):
    """A function fitting the weights of ``kinds`` to the games of the
    indices it is given (repeats allowed, as a resample draws them).

    The fit sees each distinct (balance, result) once, weighted by how
    often the chosen games hold it: a resample of the games only changes
    the weights, so thousands of games fit in moments."""
    np = need("numpy", "piece_values()")

    n = len(games)
    distinct: dict[tuple, int] = {}
    owners: list[int] = []
    wheres: list[int] = []
    counted: list[int] = []
    for g, positions in enumerate(games):
        counts: dict[tuple, int] = {}
        for m, result in positions:
            key = (tuple(m[k] for k in kinds), result)
            counts[key] = counts.get(key, 0) + 1
        for key, count in counts.items():
            owners.append(g)
            wheres.append(distinct.setdefault(key, len(distinct)))
            counted.append(count)
    owner, where, times = np.asarray(owners), np.asarray(wheres), np.asarray(counted, dtype=float)
    features = [list(key[0]) for key in distinct]
    outcomes = [key[1] for key in distinct]

    def fit(chosen):
        per_game = np.bincount(np.asarray(chosen), minlength=n)
        weight = np.bincount(where, weights=per_game[owner] * times, minlength=len(distinct))
        return _fit(features, outcomes, weights=weight.tolist())

    return fit


def fit_values(games: Sequence[Sequence[tuple[dict, float]]], reference: str | None = None, bootstrap: int = 100,
               seed: int = 0) -> list[dict]:
    """Piece values from ``games``: for each game, its positions as
    ``(material balance, result)`` pairs (balance: kind -> the first
    player's count minus the second's; result: 1 if the first player won,
    0.5 for a draw, 0 if it lost).

    One row per kind of piece whose numbers differed between the sides in
    some position, most valuable first: ``kind``, ``value`` (relative to
    ``reference``, by default the kind worth least), ``low``-``high`` (a
    95% interval from resampling whole games ``bootstrap`` times),
    ``games`` (the games with positions, the sample size), ``decimals``
    (the decimals the interval supports: see :func:`decimals`; every
    figure of the row is rounded to them) and ``weight`` (the fitted
    log-odds a piece).  Kinds whose numbers never differed cannot be
    valued and are in no row.

    Raises :class:`NotEnoughGames` where the games cannot fix the values:
    none, all with one result, kinds that always changed together, a
    result told apart perfectly by the material, more than 2.5% of the
    resampled runs with one of these faults (the interval would then be
    unbounded), or a reference whose own weight the games do not tell
    apart from 0 (its multiples would have no bound)."""
    games = [list(g) for g in games if g]
    n = len(games)
    if not games:
        raise NotEnoughGames("not enough games: no finished game with positions to learn from")
    every_kind = list(games[0][0][0])
    kinds = [k for k in every_kind if any(m[k] for g in games for m, _ in g)]
    if not kinds:
        raise NotEnoughGames(f"not enough games: in {n} finished games the sides never differed in material")
    if reference is not None and reference not in kinds:
        raise NotEnoughGames(f"not enough games: the numbers of {reference!r} never differed between the sides "
                             f"in {n} finished games, so it cannot be the reference")

    fit = _resampled_fit(games, kinds)
    weights = fit(range(n))
    if weights is None:
        raise NotEnoughGames(f"not enough games: {n} finished games do not fix the values of {', '.join(kinds)} "
                             "(too few or too alike: kinds that always changed together, or results told apart "
                             "perfectly by the material)")
    rng = random.Random(seed)
    samples, failed = [], 0
    for _ in range(bootstrap):
        w = fit([rng.randrange(n) for _ in games])
        if w is None:
            failed += 1
        else:
            samples.append(w)
    if failed > 0.025 * bootstrap or not samples:
        raise NotEnoughGames(f"not enough games: {failed} of {bootstrap} resamples of the {n} finished games "
                             "do not fix the values, so their 95% interval has no bound")

    def interval(values):
        ordered = sorted(values)
        return ordered[int(0.025 * len(ordered))], ordered[min(len(ordered) - 1, int(0.975 * len(ordered)))]

    # A value is a multiple of the reference's weight: only a weight told
    # apart from 0 can be divided by (else the multiples have no bound).
    bounds = {k: interval([w[i] for w in samples]) for i, k in enumerate(kinds)}
    told_apart = [k for k in kinds if bounds[k][0] > 0 or bounds[k][1] < 0]
    if reference is None:
        if not told_apart:
            raise NotEnoughGames(f"not enough games: in {n} finished games no kind's weight is told apart from 0")
        reference = min(told_apart, key=lambda k: abs(weights[kinds.index(k)]))
    elif reference not in told_apart:
        low, high = bounds[reference]
        raise NotEnoughGames(f"not enough games: the weight of {reference!r} is not told apart from 0 in {n} "
                             f"finished games (its 95% interval holds 0), so values as multiples of it have no "
                             f"bound; take one of {', '.join(told_apart) or 'none'} as the reference, or play more")
    r = kinds.index(reference)
    rows = []
    for i, k in enumerate(kinds):
        low, high = interval([w[i] / w[r] for w in samples]) if k != reference else (1.0, 1.0)
        d = decimals(low, high) if k != reference else 0
        rows.append({"kind": k, "value": round(float(weights[i] / weights[r]), d), "low": round(float(low), d),
                     "high": round(float(high), d), "games": n, "decimals": d, "reference": k == reference,
                     "weight": float(weights[i])})
    rows.sort(key=lambda row: (-row["value"], row["kind"]))
    return rows


# -------------------------------------------------------------- early wins


def early_win(state: State, turns: int = 2) -> str | None:
    """The first action of a win the side to move forces within ``turns``
    of its own turns whatever the opponent replies (a turn is every action
    a side makes before the other is to move), or None.  The actions
    weighed are those a search weighs
    (:func:`~playbook.analysis.engines.search.candidates`); where the dice move,
    the win must follow whatever they show (and where they move now, no
    player has a first action: None)."""
    if state.chance:
        return None
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
    ``me`` to move.  A roll of the dice must lose for the other side
    whatever it shows; a roll that passes the turn to another roll (a turn
    lost to the dice) uses one of the turns up."""
    if state.chance:
        if turns <= 0:
            return False
        for roll, _ in state.chance_outcomes():
            after = state.after(roll)
            if after.outcome is not None:
                if not _won(after, me):
                    return False
            elif not _forced(after, me, turns - 1 if after.chance else turns):
                return False
        return True
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
    """Whether the side to move has an action that wins at once (never
    where the dice move)."""
    if state.chance:
        return False
    me = state.to_move
    return any(_won(state.after(a), me) for a in candidates(state))


def random_line(state: State, plies: int, rng: random.Random) -> State:
    """``state`` after ``plies`` actions chosen at random among the
    candidates (a quick model of players who do not look ahead); where the
    dice move, drawn from ``rng`` with their probabilities."""
    for _ in range(plies):
        if state.outcome is not None:
            break
        if state.chance:
            state = state.after(pick(state.chance_outcomes(), rng.random()))
            continue
        options: Sequence = candidates(state, rng)
        state = state.after(rng.choice(list(options)))
    return state
