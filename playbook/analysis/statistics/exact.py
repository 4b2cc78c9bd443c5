"""Exact tests for colour-reversed pairs, a correction for asking several engines, and how many pairs to play.

A balance study scores each colour-reversed pair of games by the points
the first mover made in it: 0, 1/2, 1, 3/2 or 2, a *pair score* of 0,
1/4, 1/2, 3/4 or 1 (see :func:`~playbook.analysis.statistics.stats.pair_counts`).
Whether the first mover is favoured is the question whether these
scores centre on 1/2.

The test: Fisher's randomization test for paired data (Fisher 1935,
*The Design of Experiments*, section 21; Pitman 1937, "Significance tests
which may be applied to samples from any populations", JRSS Suppl. 4).
If neither side is favoured in the sense that the colours could be
swapped without changing the chances (the pair scores are symmetric
about 1/2), then, given how far each pair lies from 1/2, each pair was
as likely to lie above as below.  The p-value is the share of the 2^n
ways of flipping the pairs to the other side whose total lies at least
as far from even as the sample's: an exact probability at every number
of pairs, counted here (:func:`pair_test`), never read off a normal
curve.  It is the exact conditional test of the pentanomial's symmetry:
it needs no variance, so a sample of four pairs cannot fake a decision
(its smallest possible p-value is 2/16), where a normal interval of the
pair scores calls a side of an even game favoured in 26% of them.  Where
an even score comes from lopsided openings rather than from exchangeable
colours, the test keeps its level as the pairs grow (Romano 1990, "On the
behavior of randomization tests without a group invariance assumption",
JASA 85), and tests/test_balance_level.py checks it at 4, 10, 20 and 100
pairs.

The interval (:func:`pair_interval`) is the span of two 95% intervals,
so that it covers the true score whenever either does.  One is the same
test inverted: the scores m that the test, applied to the pairs' distances
from m, does not refute (Lehmann and Romano, *Testing Statistical
Hypotheses*, 3rd ed., section 15.2).  It is right wherever the pair
scores are symmetric, which they cannot be near 0 or 1 (a pair cannot
score above 1), so there it can be too narrow.  The other is the score
interval (:func:`score_interval`): Wilson's construction on the five
pair scores (Wilson 1927, JASA 22), right near the ends and, with every pair won
or lost 2-0, exactly Wilson's interval over the pairs.  The test is
counted exactly while the ways of flipping are few enough
(:data:`EXACT_STATES`); beyond that, from the normal approximation to the
same randomization distribution (Hoeffding 1952, "The large-sample power
of tests based on permutations of observations", Ann. Math. Stat. 23),
which by then is accurate to the third decimal.  An interval never
leaves out 1/2 while the test at 1/2 does not reject it, and a study
calls a side favoured only when both agree.

Several engines asked at once: :func:`holm`, Holm's step-down correction
(Holm 1979, "A simple sequentially rejective multiple test procedure",
Scand. J. Stat. 6), which keeps the chance of calling any side favoured
by chance at 5% over all the engines together and never decides less
than Bonferroni's.

How many pairs would decide (:func:`pairs_needed`): the usual sample size
of a test of one mean, ((z_{1-a/2} + z_{power}) * spread / edge)^2
(Chow, Shao and Wang, *Sample Size Calculations in Clinical Research*,
section 3.1), for a first mover's score of 0.55 against 0.5, at 95% and
80% power, the 5% split over the engines asked.

>>> p = pair_test([0, 0, 1, 2, 2])
>>> round(p, 4)
0.125
>>> round(pair_test([0, 0, 0, 0, 6]), 4)
0.0312
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

from ..extras import need
from .stats import Z95

__all__ = ["PAIR_SCORES", "EXACT_STATES", "pair_test", "pair_interval", "score_interval", "pair_spread",
           "pairs_figure", "holm", "pairs_needed", "EDGE", "POWER"]

#: A pair's score for each of the five counts of :func:`~playbook.analysis.statistics.stats.pair_counts`.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)

#: The most sign patterns (after grouping the pairs by their distance
#: from the score tested, and splitting the groups in two) that
#: :func:`pair_test` counts one by one; beyond, it takes the normal
#: approximation to the same distribution.
EXACT_STATES = 5_000

#: The first mover's edge a sample-size plan is for: 0.55 told from 0.5.
EDGE = 0.05

#: The chance a plan gives of deciding when the edge is there.
POWER = 0.8

_NORMAL = NormalDist()


def _check(counts: Sequence[int]) -> list[int]:
    if len(counts) != 5 or any(c < 0 for c in counts):
        raise ValueError(f"five counts of pairs (scoring 0, 0.5, 1, 1.5 and 2 points) are needed, not {counts!r}")
    return [int(c) for c in counts]


def _groups(counts: list[int], even: float) -> list[tuple[float, int]]:
    """The pairs grouped by their distance from ``even``: (distance, pairs), distances 0 left out."""
    by_distance: dict[float, int] = {}
    for score, c in zip(PAIR_SCORES, counts, strict=True):
        d = round(abs(score - even), 12)
        if c and d > 0:
            by_distance[d] = by_distance.get(d, 0) + c
    return sorted(by_distance.items())


def _states(groups: list[tuple[float, int]]) -> int:
    return math.prod(c + 1 for _, c in groups)


def _halves(groups: list[tuple[float, int]]) -> tuple[list, list]:
    """``groups`` split in two so that the larger half has the fewest sign patterns."""
    sizes = [c + 1 for _, c in groups]
    best, best_size = 0, math.inf
    for mask in range(2 ** (len(groups) - 1)):  # the last group always in the second half: each split once
        one = math.prod(size for k, size in enumerate(sizes) if mask >> k & 1)
        larger = max(one, math.prod(sizes) // one)
        if larger < best_size:
            best, best_size = mask, larger
    return ([g for k, g in enumerate(groups) if best >> k & 1], [g for k, g in enumerate(groups) if not best >> k & 1])


def _sums(groups: list[tuple[float, int]]):
    """Every total of one half's flipped pairs with its probability (numpy arrays):
    a group of c pairs at distance d gives d (2j - c) with probability C(c, j) / 2^c."""
    np = need("numpy", "the exact test of pairs")

    values, probs = np.zeros(1), np.ones(1)
    for d, c in groups:
        j = np.arange(c + 1)
        weights = np.array([math.comb(c, k) for k in range(c + 1)], dtype=float) / 2.0 ** c
        values = (values[:, None] + d * (2 * j - c)[None, :]).ravel()
        probs = (probs[:, None] * weights[None, :]).ravel()
    return values, probs


def _upper_tail(halves: tuple[list, list], t: float) -> float:
    """The probability that the flipped pairs' total reaches ``t`` (ties included), counted exactly."""
    np = need("numpy", "the exact test of pairs")
    x, px = _sums(halves[0])
    y, py = _sums(halves[1])
    order = np.argsort(x)
    x, px = x[order], px[order]
    tail = np.concatenate([np.cumsum(px[::-1])[::-1], [0.0]])  # tail[i]: P(X >= x[i])
    # A total equal to t up to rounding counts as reaching it.
    tolerance = 1e-9 * max(1.0, abs(t))
    at = np.searchsorted(x, t - y - tolerance, side="left")
    return float(np.dot(py, tail[at]))


def pair_test(counts: Sequence[int], even: float = 0.5) -> float:
    """The two-sided p-value of Fisher's randomization test that the pair
    scores of ``counts`` (pairs scoring 0, 1/2, 1, 3/2 and 2 points)
    centre on ``even``: twice the chance that flipping the pairs about
    ``even`` at random gives a total at least as far from it as theirs
    (at most 1).  Exact while the sign patterns to count are at most
    :data:`EXACT_STATES`, else from the normal approximation; 1 with no
    pairs, or none away from ``even``.

    Four pairs can never give less than 2/16 = 0.125; two pairs won 2-0
    and one 1-1 give 2 * (1/4) = 0.5 (the 1-1 pair sits on 1/2 and cannot
    be flipped).

    >>> pair_test([0, 0, 1, 0, 2])
    0.5
    """
    counts = _check(counts)
    groups = _groups(counts, even)
    total = sum(c * (s - even) for s, c in zip(PAIR_SCORES, counts, strict=True))
    if not groups or abs(total) < 1e-12:
        return 1.0
    halves = _halves(groups)
    if max(_states(h) for h in halves) <= EXACT_STATES:
        tail = _upper_tail(halves, abs(total))
    else:
        spread = math.sqrt(sum(c * d * d for d, c in groups))
        tail = 1 - _NORMAL.cdf(abs(total) / spread)
    return min(1.0, 2 * tail)


def _bound(counts: list[int], mean: float, end: float, guess: float, alpha: float) -> float:
    """The bound of the interval on the side of ``end`` (0 or 1): the
    score between ``mean`` and ``end`` where the test stops accepting,
    searched outward from ``guess`` (the normal approximation's bound),
    then by bisection to 1e-7; ``end`` when the test accepts it."""
    if pair_test(counts, end) > alpha:
        return end
    accepted, rejected = mean, end
    step = (end - mean) / 64
    probe = min(max(guess, min(mean, end)), max(mean, end))
    # Walk from the guess in steps that double, to bracket the bound between an accepted and a rejected score.
    if pair_test(counts, probe) > alpha:
        accepted = probe
        while True:
            probe = accepted + step
            if (probe - end) * (mean - end) <= 0 or pair_test(counts, probe) <= alpha:
                rejected = probe if (probe - end) * (mean - end) > 0 else end
                break
            accepted, step = probe, 2 * step
    else:
        rejected = probe
        while True:
            probe = rejected - step
            if (probe - mean) * (end - mean) <= 0 or pair_test(counts, probe) > alpha:
                accepted = probe if (probe - mean) * (end - mean) > 0 else mean
                break
            rejected, step = probe, 2 * step
    while abs(accepted - rejected) > 1e-7:
        middle = (accepted + rejected) / 2
        if pair_test(counts, middle) > alpha:
            accepted = middle
        else:
            rejected = middle
    return accepted


def _most_likely(counts: list[int], m: float) -> list[float]:
    """The most likely chances of the five pair scores given ``counts``
    among those whose mean is ``m``: on the scores seen, each count's
    share tilted by 1 / (1 + t (x - m)) with t solving the mean (found by
    bisection), while ``m`` lies strictly between the lowest and highest
    score seen; else the seen shares scaled towards ``m`` and the rest
    put on the end score beyond them (0 or 1), the one way to reach a
    mean the sample lies wholly to one side of."""
    n = sum(counts)
    seen = [k for k, c in enumerate(counts) if c]
    lowest, highest = PAIR_SCORES[seen[0]], PAIR_SCORES[seen[-1]]
    chances = [0.0] * 5
    if m <= lowest or m >= highest:
        end = 0 if m <= lowest else 4
        far = PAIR_SCORES[end]
        if m == far:
            chances[end] = 1.0
            return chances
        for k in seen:
            chances[k] = counts[k] * (m - far) / (n * (PAIR_SCORES[k] - far)) if k != end else 0.0
        chances[end] += 1.0 - sum(chances)
        return chances
    # t lies where every tilted share stays positive: 1 + t (x - m) > 0 for the lowest and highest x seen.
    below, above = -1 / (highest - m), 1 / (m - lowest)
    for _ in range(64):
        t = (below + above) / 2
        if sum(counts[k] * (PAIR_SCORES[k] - m) / (1 + t * (PAIR_SCORES[k] - m)) for k in seen) > 0:
            below = t
        else:
            above = t
    for k in seen:
        chances[k] = counts[k] / (n * (1 + t * (PAIR_SCORES[k] - m)))
    total = sum(chances)
    return [c / total for c in chances]


def _score_z(counts: list[int], m: float) -> float:
    """How far the sample's mean lies from ``m`` in standard errors of the most likely distribution with mean ``m``."""
    n = sum(counts)
    mean = sum(s * c for s, c in zip(PAIR_SCORES, counts, strict=True)) / n
    chances = _most_likely(counts, m)
    variance = sum(p * (s - m) ** 2 for s, p in zip(PAIR_SCORES, chances, strict=True))
    if variance <= 0:
        return 0.0 if abs(mean - m) < 1e-12 else math.inf
    return abs(mean - m) * math.sqrt(n / variance)


def score_interval(counts: Sequence[int], level: float = 0.95) -> tuple[float, float]:
    """The score interval of the first mover's score from the pairs of
    ``counts``: Wilson's construction (Wilson 1927, JASA 22; Agresti and
    Coull 1998, The American Statistician 52, on why it holds its level
    where the normal interval does not) on the five pair scores: every m
    whose standard error, taken from the most likely distribution of the
    pair scores with mean m, puts the sample's mean within z of it.  With
    every pair won 2-0 or lost 0-2 it is exactly Wilson's interval over
    the pairs; it is never zero wide.  (0, 1) with no pairs.

    >>> low, high = score_interval([0, 0, 0, 0, 10])  # Wilson's for 10 of 10: 10 / 13.8416
    >>> round(low, 6), high
    (0.72246, 1.0)
    """
    counts = _check(counts)
    n = sum(counts)
    if n == 0:
        return 0.0, 1.0
    z = Z95 if level == 0.95 else _NORMAL.inv_cdf(1 - (1 - level) / 2)
    mean = sum(s * c for s, c in zip(PAIR_SCORES, counts, strict=True)) / n
    bounds = []
    for end in (0.0, 1.0):
        if _score_z(counts, end) < z:
            bounds.append(end)
            continue
        accepted, rejected = mean, end
        while abs(accepted - rejected) > 1e-9:
            middle = (accepted + rejected) / 2
            if _score_z(counts, middle) < z:
                accepted = middle
            else:
                rejected = middle
        bounds.append(accepted)
    return bounds[0], bounds[1]


def pair_interval(counts: Sequence[int], level: float = 0.95) -> tuple[float, float]:
    """The ``level`` interval of the first mover's score from the pairs of
    ``counts``, from 0 to 1 at most: the span of two intervals, so that it
    covers the true score whenever either does.  One is the randomization
    test inverted: every score m whose :func:`pair_test` gives more than
    1 - ``level`` (bounds to 1e-7), right wherever the pair scores are
    symmetric, which they cannot be near 0 or 1; the other the
    :func:`score_interval`, right near the ends.  It is widened to hold
    1/2 whenever the test at 1/2 does not reject it, so it never says
    more about balance than the exact test.  (0, 1) with no pairs.

    >>> low, high = pair_interval([0, 0, 0, 0, 10])  # ten pairs won 2-0: Wilson over the pairs
    >>> round(low, 4), high
    (0.7225, 1.0)
    """
    counts = _check(counts)
    alpha = 1 - level
    z = Z95 if level == 0.95 else _NORMAL.inv_cdf(1 - alpha / 2)
    n = sum(counts)
    if n == 0:
        return 0.0, 1.0
    low, high = score_interval(counts, level)
    mean = sum(s * c for s, c in zip(PAIR_SCORES, counts, strict=True)) / n
    if sum(1 for c in counts if c) > 1:  # a sample all alike gives the randomization test nothing to flip but itself
        # The normal approximation rejects m where |sum (x - m)| >= z sqrt(sum (x - m)^2), that is where
        # |mean - m| >= z s / sqrt(n - z^2) (s the spread with n in the denominator): where the search starts.
        s = math.sqrt(sum(c * (x - mean) ** 2 for x, c in zip(PAIR_SCORES, counts, strict=True)) / n)
        half = z * s / math.sqrt(n - z * z) if n > z * z else 1.0
        low = min(low, _bound(counts, mean, 0.0, mean - half, alpha))
        high = max(high, _bound(counts, mean, 1.0, mean + half, alpha))
    if pair_test(counts) > alpha:
        low, high = min(low, 0.5), max(high, 0.5)
    return low, high


def pair_spread(counts: Sequence[int]) -> float | None:
    """The standard deviation of the pair scores (n - 1 in the
    denominator); None with fewer than two pairs.

    >>> pair_spread([1, 0, 0, 0, 1])
    0.7071067811865476
    """
    counts = _check(counts)
    n = sum(counts)
    if n < 2:
        return None
    mean = sum(s * c for s, c in zip(PAIR_SCORES, counts, strict=True)) / n
    return math.sqrt(sum(c * (s - mean) ** 2 for s, c in zip(PAIR_SCORES, counts, strict=True)) / (n - 1))


def pairs_figure(counts: Sequence[int]) -> dict:
    """The first mover's score over the pairs of ``counts`` as a study
    reports it: ``pairs``, ``counts``, ``score`` (the mean pair score; nan
    with no pairs), its 95% interval ``low``-``high``
    (:func:`pair_interval`), ``p`` (:func:`pair_test` at an even score)
    and ``spread`` (:func:`pair_spread`).

    >>> f = pairs_figure([0, 0, 1, 0, 2])
    >>> f["score"], f["p"], f["pairs"]
    (0.8333333333333334, 0.5, 3)
    """
    counts = _check(counts)
    n = sum(counts)
    low, high = pair_interval(counts)
    return {"pairs": n, "counts": counts,
            "score": sum(s * c for s, c in zip(PAIR_SCORES, counts, strict=True)) / n if n else math.nan,
            "low": low, "high": high, "p": pair_test(counts), "spread": pair_spread(counts)}


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: sorted from the
    smallest, the k-th (from 0) is multiplied by (n - k), each kept at
    least as large as the one before and at most 1.  A hypothesis is
    rejected at 5% over the whole family when its adjusted p-value is
    below 0.05.

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(pvalues)), key=lambda k: pvalues[k])
    adjusted = [1.0] * len(pvalues)
    running = 0.0
    for rank, k in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[k]))
        adjusted[k] = round(running, 15)
    return adjusted


def pairs_needed(spread: float, engines: int = 1, edge: float = EDGE, alpha: float = 0.05,
                 power: float = POWER) -> int:
    """How many finished pairs tell a first mover's score of 0.5 + ``edge``
    from 0.5, at a two-sided ``alpha`` split over ``engines`` (Bonferroni,
    which Holm's correction never needs more than) with chance ``power``,
    for pair scores of standard deviation ``spread``:
    ((z_{1 - alpha / (2 engines)} + z_{power}) spread / edge)^2, rounded up.

    >>> pairs_needed(0.3)  # (1.959964 + 0.841621)^2 * 0.3^2 / 0.05^2 = 282.5
    283
    """
    if spread <= 0 or edge <= 0 or engines < 1:
        raise ValueError(f"pairs_needed needs a spread, an edge and engines above 0, not {spread}, {edge}, {engines}")
    z = _NORMAL.inv_cdf(1 - alpha / (2 * engines)) + _NORMAL.inv_cdf(power)
    return math.ceil((z * spread / edge) ** 2 - 1e-9)
