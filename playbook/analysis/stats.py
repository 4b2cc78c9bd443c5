"""Statistics for self-play: intervals, Elo ratings and the sequential test.

Every estimate comes with its sample size and an interval that is never
zero wide: :func:`wilson` for a share (a perfect score still has a lower
bound below 1), :func:`elo_interval` for the rating difference a score
implies (a perfect score gives a one-sided bound), :func:`elo_ratings`
for a whole tournament, and :func:`sprt` for a match that stops as soon as
it can tell two hypotheses apart, as engine testers run them.

>>> low, high = wilson(10, 10)
>>> round(low, 3), high
(0.722, 1.0)
>>> round(elo_interval(10, 10)[0]), elo_interval(10, 10)[1]
(166, inf)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = ["wilson", "elo", "expected_score", "elo_interval", "elo_ratings", "verdict", "sprt", "SPRT_BOUNDS"]


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
        if llr >= upper:
            decision = "elo1"
            break
        if llr <= lower:
            decision = "elo0"
            break
    return {"elo0": elo0, "elo1": elo1, "llr": llr, "lower": lower, "upper": upper, "games": games,
            "decision": decision}
