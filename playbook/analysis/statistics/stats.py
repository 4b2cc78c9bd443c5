"""Statistics for self-play: intervals, Elo ratings and the sequential test.

Every estimate comes with its sample size and an interval that is never
zero wide: :func:`wilson` for a share (a perfect score still has a lower
bound below 1), :func:`elo_interval` for the rating difference a score
implies (a perfect score gives a one-sided bound), :func:`elo_ratings`
for a whole tournament, and :func:`sprt` for a match that stops as soon as
it can tell two hypotheses apart, as engine testers run them.

Scores with draws: a game scores 1, 1/2 or 0, and a draw is a result of
its own, not half a win and half a loss drawn at random.
:func:`trinomial` gives a score's interval from the spread of the three
results, as fishtest does; with many draws it is narrower than the
Wilson interval over half-points (at 28% draws and an even score the
binomial one is 18% wider).  :func:`pentanomial` does the same for
colour-reversed pairs from one opening (a pair scores 0, 1/2, 1, 3/2 or
2), which also takes out what the opening gives either side.
:func:`score_figure` is the figure a study reports: the score of the
finished games with its interval, how many games were unfinished and
what the score becomes if they are counted as draws.
:func:`elo_with_first_move` rates agents with a term for moving first.
:func:`paired_sprt` and :func:`either_way_sprt` test, as games come in,
the change a rule variant makes to a side's score over games paired by
seed.  Balance verdicts over colour-reversed pairs use the exact test of
:mod:`~playbook.analysis.statistics.exact`.

>>> low, high = wilson(10, 10)
>>> round(low, 3), high
(0.722, 1.0)
>>> round(elo_interval(10, 10)[0]), elo_interval(10, 10)[1]
(166, inf)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..extras import need

__all__ = ["wilson", "elo", "expected_score", "elo_interval", "elo_ratings", "verdict", "sprt", "SPRT_BOUNDS",
           "trinomial", "pentanomial", "pair_counts", "score_figure", "elo_with_first_move", "paired_sprt",
           "either_way_sprt", "CHANGES"]


def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``successes`` out of
    ``n`` (half successes allowed, for draws); (0, 1) when ``n`` is 0.
    Never zero wide: 10 of 10 gives 0.72 to 1."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / denom
    # At a perfect or a null score one bound is exactly 1 or 0 (not 1 less a rounding error).
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high


def elo(score: float) -> float:
    """The Elo difference at which the stronger side expects ``score`` (a
    share of the points): 400 log10(score / (1 - score)); ±inf at 1 and 0."""
    if score >= 1:
        return math.inf
    if score <= 0:
        return -math.inf
    return 400 * math.log10(score / (1 - score))


def expected_score(difference: float) -> float:
    """The share of the points a side ``difference`` Elo stronger expects."""
    return 1 / (1 + 10 ** (-difference / 400))


def elo_interval(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the Elo difference shown by ``points`` out of
    ``games`` (draws as halves): the Wilson interval of the score, read as
    Elo.  A perfect score has no upper bound (``inf``), a null one no lower
    bound; no games, neither."""
    low, high = wilson(points, games, z)
    return elo(low), elo(high)


def verdict(low: float, high: float, even: float = 0.5) -> str:
    """``"above"``, ``"below"`` or ``"not decided"``: where an interval
    ``low``-``high`` lies against ``even`` (decided only when it leaves
    ``even`` out)."""
    if low > even:
        return "above"
    if high < even:
        return "below"
    return "not decided"


def elo_ratings(results: Iterable[tuple[str, str, float]], names: Sequence[str], prior: float = 1.0,
                anchor: str | None = None) -> dict[str, float]:
    """Elo-style ratings from ``(a, b, a's score)`` results by the
    Bradley-Terry model (a rating gap of 400 means 10:1 odds), fitted by
    its minorise-maximise iteration.  ``prior`` adds that many drawn
    games between every pair, so an agent that won everything still gets
    a finite rating.  The ratings average 0, or ``anchor`` is 0."""
    names = list(names)
    index = {n: k for k, n in enumerate(names)}
    m = len(names)
    played = [[0.0] * m for _ in range(m)]
    score = [0.0] * m
    for a, b, s in results:
        i, j = index[a], index[b]
        played[i][j] += 1
        played[j][i] += 1
        score[i] += s
        score[j] += 1 - s
    for i in range(m):
        for j in range(m):
            if i != j:
                played[i][j] += prior
        score[i] += prior * (m - 1) / 2
    gamma = [1.0] * m
    for _ in range(500):
        new = []
        for i in range(m):
            denom = sum(played[i][j] / (gamma[i] + gamma[j]) for j in range(m) if j != i and played[i][j])
            new.append(score[i] / denom if denom else gamma[i])
        mean_log = sum(math.log(g) for g in new) / m
        new = [g / math.exp(mean_log) for g in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < 1e-9:
            break
    ratings = {n: 400 * math.log10(g) for n, g in zip(names, gamma, strict=True)}
    if anchor is not None:
        shift = ratings[anchor]
        ratings = {n: r - shift for n, r in ratings.items()}
    return ratings


#: The log-likelihood ratios at which :func:`sprt` stops, for errors of 5%
#: either way: ln(0.05 / 0.95) and ln(0.95 / 0.05).
SPRT_BOUNDS = (math.log(0.05 / 0.95), math.log(0.95 / 0.05))


def sprt(scores: Iterable[float], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> dict:
    """Wald's sequential probability ratio test of "the agent is ``elo0``
    stronger" against "``elo1`` stronger" on its game ``scores`` (1, 0.5
    or 0, in the order played), a draw counting as half a win and half a
    loss.  Returns ``llr`` (the log-likelihood ratio), ``lower`` and
    ``upper`` (its bounds: ln(beta / (1 - alpha)) and ln((1 - beta) /
    alpha)), ``games`` (read up to the decision) and ``decision``:
    ``"elo1"`` once the ratio passes ``upper``, ``"elo0"`` once it passes
    ``lower``, else ``"not decided"``.

    >>> sprt([1.0] * 12, 0, 100)["decision"], sprt([1.0] * 11, 0, 100)["decision"]
    ('elo1', 'not decided')
    """
    if not elo1 > elo0:
        raise ValueError(f"sprt needs elo1 > elo0; got elo0={elo0}, elo1={elo1}")
    s0, s1 = expected_score(elo0), expected_score(elo1)
    win, loss = math.log(s1 / s0), math.log((1 - s1) / (1 - s0))
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    llr, games, decision = 0.0, 0, "not decided"
    for s in scores:
        llr += s * win + (1 - s) * loss
        games += 1
        decision = _crossed(llr, lower, upper, "elo1", "elo0")
        if decision != "not decided":
            break
    return {"elo0": elo0, "elo1": elo1, "llr": llr, "lower": lower, "upper": upper, "games": games,
            "decision": decision}


def _crossed(llr: float, lower: float, upper: float, one: str, zero: str) -> str:
    """Wald's decision at a log-likelihood ratio: ``one`` at or above ``upper``, ``zero`` at or below ``lower``."""
    return one if llr >= upper else zero if llr <= lower else "not decided"


#: The changes in a side's score one seed can show between two variants:
#: its score in the one game less its score in the other.
CHANGES = (-1.0, -0.5, 0.0, 0.5, 1.0)

#: The share of a game added to every change's count by :func:`paired_sprt`,
#: so that a change not seen yet is not taken as impossible.
SEEN_FLOOR = 1e-3


def _tilted(shares: Sequence[float], mean: float) -> list[float]:
    """The most likely chances of :data:`CHANGES` with ``shares`` seen
    among those whose mean is ``mean``: each share divided by
    1 + t (change - mean), t solving the mean (found by bisection; every
    share is above 0, so it exists for any mean strictly between -1 and 1)."""
    below, above = -1 / (1 - mean), 1 / (1 + mean)
    for _ in range(200):
        t = (below + above) / 2
        if sum(f * (v - mean) / (1 + t * (v - mean)) for f, v in zip(shares, CHANGES, strict=True)) > 0:
            below = t
        else:
            above = t
    chances = [f / (1 + t * (v - mean)) for f, v in zip(shares, CHANGES, strict=True)]
    total = sum(chances)
    return [c / total for c in chances]


def paired_sprt(changes: Iterable[float], change0: float, change1: float, alpha: float = 0.05,
                beta: float = 0.05) -> dict:
    """The generalized sequential probability ratio test of "the mean
    change is ``change0``" against "it is ``change1``" on ``changes``, in
    the order played: each the difference of one side's score (1, 1/2
    or 0) between two games of the same seed, so -1, -1/2, 0, 1/2 or 1.
    After each change, the log-likelihood ratio of the two hypotheses,
    each at the most likely chances of the five changes given those seen
    (every count raised by :data:`SEEN_FLOOR`), is set against Wald's
    bounds ln(beta / (1 - alpha)) and ln((1 - beta) / alpha) (Wald 1945,
    Ann. Math. Stat. 16; the unknown chances replaced by their most
    likely values as Lai 1988, Ann. Stat. 16, does, and as fishtest runs
    it on pairs of games).  Returns ``change0``, ``change1``, ``llr``,
    ``lower``, ``upper``, ``games`` (the changes read up to the decision),
    ``counts`` (of each change, in :data:`CHANGES` order, among them) and
    ``decision``: ``"change1"``, ``"change0"`` or ``"not decided"``.

    >>> paired_sprt([0.0] * 200, 0, 0.1)["decision"], paired_sprt([0.5, 0.0] * 30, 0, 0.1)["decision"]
    ('change0', 'change1')
    """
    if not (-1 < change0 < 1 and -1 < change1 < 1) or change0 == change1:
        raise ValueError(f"paired_sprt needs two different changes in a score, each between -1 and 1; got "
                         f"{change0} and {change1}")
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    counts = [0] * 5
    llr, games, decision = 0.0, 0, "not decided"
    for change in changes:
        k = round(2 * change) + 2
        if not 0 <= k <= 4 or abs(2 * change - (k - 2)) > 1e-9:
            raise ValueError(f"a change in a score between two games is -1, -0.5, 0, 0.5 or 1, not {change!r}")
        counts[k] += 1
        games += 1
        shares = [(c + SEEN_FLOOR) / (games + 5 * SEEN_FLOOR) for c in counts]
        one, zero = _tilted(shares, change1), _tilted(shares, change0)
        llr = sum(c * math.log(p1 / p0) for c, p1, p0 in zip(counts, one, zero, strict=True) if c)
        decision = _crossed(llr, lower, upper, "change1", "change0")
        if decision != "not decided":
            break
    return {"change0": change0, "change1": change1, "llr": llr, "lower": lower, "upper": upper, "games": games,
            "counts": counts, "decision": decision}


def either_way_sprt(changes: Sequence[float], change: float, alpha: float = 0.05, beta: float = 0.05) -> dict:
    """Whether ``changes`` (as :func:`paired_sprt` reads them) show no
    change, a rise of ``change`` or a fall of as much: two of
    :func:`paired_sprt`'s tests run together, no change against a rise and
    no change against a fall, each with half of ``alpha`` (Sobel and Wald
    1949, Ann. Math. Stat. 20: one of three hypotheses).  The decision is
    ``"rise"`` or ``"fall"`` as soon as one test finds its change,
    ``"no change"`` once both find none, else ``"not decided"``.  Returns
    ``change``, ``decision``, ``games`` (read up to the decision), and each
    test's answer under ``rise`` and ``fall``.

    >>> either_way_sprt([-0.5, 0.0] * 30, 0.1)["decision"], either_way_sprt([0.0] * 60, 0.1)["decision"]
    ('fall', 'no change')
    """
    if not 0 < change < 1:
        raise ValueError(f"either_way_sprt needs a change in a score between 0 and 1, not {change!r}")
    changes = list(changes)
    rise = paired_sprt(changes, 0.0, change, alpha / 2, beta)
    fall = paired_sprt(changes, 0.0, -change, alpha / 2, beta)
    found = [(t["games"], word) for t, word in ((rise, "rise"), (fall, "fall")) if t["decision"] == "change1"]
    if found:
        games, decision = min(found)
    elif rise["decision"] == fall["decision"] == "change0":
        games, decision = max(rise["games"], fall["games"]), "no change"
    else:
        games, decision = len(changes), "not decided"
    return {"change": change, "decision": decision, "games": games, "rise": rise, "fall": fall}


# ------------------------------------------------------------ draws as draws

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


def _normal_interval(values: Sequence[float], counts: Sequence[float], z: float) -> tuple[float, float, float]:
    """The mean of ``values`` seen ``counts`` times each and its interval
    mean -+ z standard errors (the spread over the whole sample, divided by
    n, as fishtest computes it); (nan, 0, 1) when there is nothing.  A
    sample all of one value (all won, all lost, all drawn, every pair
    alike) has no spread to go by: its interval is the :func:`wilson`
    interval of the mean over the ``n`` units, never zero wide."""
    n = sum(counts)
    if n <= 0:
        return math.nan, 0.0, 1.0
    mean = sum(v * c for v, c in zip(values, counts, strict=True)) / n
    if sum(1 for c in counts if c > 0) == 1:
        low, high = wilson(mean * n, n, z)
        return mean, low, high
    variance = sum(c * (v - mean) ** 2 for v, c in zip(values, counts, strict=True)) / n
    half = z * math.sqrt(variance / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def trinomial(wins: int, draws: int, losses: int, z: float = Z95) -> dict:
    """A score from single games with draws as results of their own: the
    mean of 1, 1/2 and 0 over the ``wins``, ``draws`` and ``losses``, and
    its 95% interval by the normal approximation to the trinomial (the
    spread of the three results about the mean).  Returns ``games``,
    ``wins``, ``draws``, ``losses``, ``score``, ``low`` and ``high``
    (``score`` nan and the interval 0-1 with no games; all wins, all
    draws or all losses, with no spread to go by, get the :func:`wilson`
    interval of the score: 10 draws give 0.24 to 0.76, not 0.5 to 0.5).

    >>> t = trinomial(3, 4, 3)
    >>> t["score"], round(t["low"], 3), round(t["high"], 3)
    (0.5, 0.26, 0.74)
    """
    score, low, high = _normal_interval((1.0, 0.5, 0.0), (wins, draws, losses), z)
    return {"games": wins + draws + losses, "wins": wins, "draws": draws, "losses": losses, "score": score,
            "low": low, "high": high}


def pair_counts(pair_scores: Iterable[float]) -> list[int]:
    """How many pairs of games scored 0, 1/2, 1, 3/2 and 2 (a side's
    points over a colour-reversed pair), the counts :func:`pentanomial`
    takes.

    >>> pair_counts([2, 1, 1, 0.5, 1.5, 1])
    [0, 1, 3, 1, 1]
    """
    counts = [0] * 5
    for s in pair_scores:
        k = round(2 * s)
        if not 0 <= k <= 4 or abs(2 * s - k) > 1e-9:
            raise ValueError(f"a pair of games scores 0, 0.5, 1, 1.5 or 2, not {s!r}")
        counts[k] += 1
    return counts


def pentanomial(counts: Sequence[int], z: float = Z95) -> dict:
    """A score from colour-reversed pairs of games, as fishtest's
    pentanomial model: ``counts`` are the pairs that scored 0, 1/2, 1,
    3/2 and 2 points (see :func:`pair_counts`); the score is the mean
    points a game (a pair's points over 2) and its 95% interval comes from
    the spread of the pairs, so what an opening gives both sides cancels
    out.  Returns ``pairs``, ``counts``, ``score``, ``low`` and ``high``
    (every pair with the same points, with no spread to go by: the
    :func:`wilson` interval of the score over the pairs; two pairs of a
    win and a draw each are no proof of a 0.75 score).

    >>> p = pentanomial([1, 2, 4, 2, 1])
    >>> p["score"], round(p["low"], 4), round(p["high"], 4)
    (0.5, 0.3303, 0.6697)
    """
    if len(counts) != 5:
        raise ValueError(f"pentanomial needs five counts (pairs scoring 0, 0.5, 1, 1.5, 2), got {len(counts)}")
    score, low, high = _normal_interval((0.0, 0.25, 0.5, 0.75, 1.0), counts, z)
    return {"pairs": sum(counts), "counts": list(counts), "score": score, "low": low, "high": high}


def score_figure(wins: int, draws: int, losses: int, unfinished: int = 0, z: float = Z95) -> dict:
    """A score as a study reports it, never dropping unfinished games in
    silence: the :func:`trinomial` score of the finished games
    (``score``, ``low``, ``high``, ``games``, ``wins``, ``draws``,
    ``losses``), how many games stopped ``unfinished``, and the score and
    interval with them counted as draws (``score_if_draws``,
    ``low_if_draws``, ``high_if_draws``), so a reader sees how much they
    could move it.

    >>> f = score_figure(6, 0, 2, unfinished=2)
    >>> f["score"], f["score_if_draws"], f["unfinished"]
    (0.75, 0.7, 2)
    """
    finished = trinomial(wins, draws, losses, z)
    counted = trinomial(wins, draws + unfinished, losses, z)
    return {**finished, "unfinished": unfinished, "score_if_draws": counted["score"],
            "low_if_draws": counted["low"], "high_if_draws": counted["high"]}


# --------------------------------------------------- a rating with first move

_K = math.log(10) / 400  # Elo points to the natural logit


def elo_with_first_move(results: Iterable[tuple[str, str, float]], names: Sequence[str], prior: float = 1.0,
                        anchor: str | None = None, z: float = Z95) -> dict:
    """Ratings with a first-move term: from ``(first, second, first's
    score)`` results (the agent that moved first, the other, and the first
    one's score, draws as 1/2), the logistic (Bradley-Terry) model in which
    the first mover scores as if ``first_move`` Elo stronger:
    expected score = 1 / (1 + 10^(-(r_first + first_move - r_second) / 400)).
    Fitted by maximum likelihood (Newton's method); ``prior`` adds that
    many drawn games between every pair, half with each agent first, so a
    perfect score stays finite.  Returns ``ratings`` (name -> Elo,
    averaging 0, or ``anchor`` at 0), ``first_move`` (Elo) and its 95%
    interval ``first_move_low``-``first_move_high`` (from the curvature of
    the likelihood, draws counted as half a win and half a loss, which
    errs wide when there are many).

    >>> fit = elo_with_first_move([("a", "b", 1.0), ("a", "b", 1.0), ("a", "b", 1.0), ("a", "b", 0.0),
    ...                            ("b", "a", 0.5), ("b", "a", 0.5), ("b", "a", 0.5), ("b", "a", 0.5)],
    ...                           ["a", "b"], prior=0)
    >>> round(fit["first_move"], 2), round(fit["ratings"]["a"], 2)
    (95.42, 47.71)
    """
    np = need("numpy", "elo_with_first_move()")

    names = list(names)
    index = {n: k for k, n in enumerate(names)}
    m = len(names)
    rows: list[tuple[int, int, float, float]] = [(index[a], index[b], float(s), 1.0) for a, b, s in results]
    rows += [(i, j, 0.5, prior / 2) for i in range(m) for j in range(m) if i != j and prior > 0]
    first = np.array([r[0] for r in rows], dtype=int)
    second = np.array([r[1] for r in rows], dtype=int)
    score = np.array([r[2] for r in rows])
    weight = np.array([r[3] for r in rows])
    design = np.zeros((len(rows), m + 1))
    design[np.arange(len(rows)), first] += _K
    design[np.arange(len(rows)), second] -= _K
    design[:, m] = _K
    theta = np.zeros(m + 1)
    hessian = np.zeros((m + 1, m + 1))
    for _ in range(100):
        p = 1 / (1 + np.exp(-design @ theta))
        gradient = design.T @ (weight * (score - p))
        hessian = design.T @ (design * (weight * p * (1 - p))[:, None])
        step = np.linalg.lstsq(hessian, gradient, rcond=None)[0]  # the ratings' common shift is free
        theta = theta + step
        theta[:m] -= theta[:m].mean()
        if np.max(np.abs(step)) < 1e-10:
            break
    spread = float(np.sqrt(max(0.0, np.linalg.pinv(hessian)[m, m])))
    ratings = {n: float(theta[k]) for k, n in enumerate(names)}
    if anchor is not None:
        shift = ratings[anchor]
        ratings = {n: r - shift for n, r in ratings.items()}
    h = float(theta[m])
    return {"ratings": ratings, "first_move": h, "first_move_low": h - z * spread, "first_move_high": h + z * spread}
