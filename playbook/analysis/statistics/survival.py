"""Game lengths when some games were stopped at a ply cap: survival curves.

A game stopped unfinished at ``max_plies`` did not end there; it would
have lasted longer.  Its length is *censored*: the mean of the lengths
(those games counted at the cap, or left out) is biased short.  The
Kaplan-Meier estimate uses each stopped game for as long as it was
watched: the share of games still going after ``t`` plies is the product,
over the lengths ``u <= t`` at which games ended, of (1 - ended at ``u`` /
still going at ``u``).  :func:`kaplan_meier` gives that curve with its 95%
band (Greenwood's variance on the log-log scale, which keeps it inside
0-1), and :meth:`Survival.median` the median length with its interval, the
lengths at which the band crosses one half (Brookmeyer and Crowley's
interval).  A median is ``None`` when more than half the games are still
going at the last length seen: then the median is only known to be
beyond the cap (:func:`plies_text` writes it so, with the cap).  :func:`logrank`
tests whether two sets of lengths come from one curve.

>>> curve = kaplan_meier([1, 2, 3, 4, 5, 6], [False, False, True, False, False, True])
>>> [round(s, 4) for s in curve.survival]
[0.8333, 0.6667, 0.4444, 0.2222]
>>> curve.median()[0]
4
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["kaplan_meier", "Survival", "logrank", "plies_text", "median_text"]


@dataclass(frozen=True)
class Survival:
    """A Kaplan-Meier curve: at each length in ``times`` (where at least
    one game ended), the games still going just before it (``at_risk``),
    those that ended there (``events``), the share still going after it
    (``survival``) and its 95% band ``low``-``high``; ``games`` and
    ``censored`` (stopped games) in all."""

    times: list[int]
    at_risk: list[int]
    events: list[int]
    survival: list[float]
    low: list[float]
    high: list[float]
    games: int
    censored: int

    def at(self, length: float) -> float:
        """The share of games still going after ``length`` plies."""
        share = 1.0
        for t, s in zip(self.times, self.survival, strict=True):
            if t > length:
                break
            share = s
        return share

    def _first_below(self, curve: Sequence[float], q: float) -> int | None:
        # A product of shares that is exactly q on paper may come out a rounding above it (24 games
        # ended one a length: 23/24 * 22/23 * ... * 12/13 = 0.5000000000000001): such a share counts as q.
        return next((t for t, s in zip(self.times, curve, strict=True) if s <= q or math.isclose(s, q)), None)

    def median(self) -> tuple[int | None, int | None, int | None]:
        """The median length (the first length after which at most half
        the games are still going) and its 95% interval, the lengths at
        which the band's lower and upper edges first reach one half; each
        ``None`` when that never happens among the lengths seen (beyond
        the cap)."""
        return self._first_below(self.survival, 0.5), self._first_below(self.low, 0.5), \
            self._first_below(self.high, 0.5)

    def rows(self) -> list[dict]:
        """The curve as one dict a length (``plies``, ``at_risk``,
        ``events``, ``survival``, ``low``, ``high``), for a DataFrame."""
        return [{"plies": t, "at_risk": n, "events": d, "survival": s, "low": lo, "high": hi}
                for t, n, d, s, lo, hi in zip(self.times, self.at_risk, self.events, self.survival, self.low,
                                              self.high, strict=True)]


def kaplan_meier(lengths: Sequence[int], censored: Sequence[bool], z: float = 1.96) -> Survival:
    """The Kaplan-Meier curve of game ``lengths``, where ``censored[k]``
    says game ``k`` was stopped (at the cap) rather than ended (see the
    module's docstring)."""
    if len(lengths) != len(censored):
        raise ValueError(f"kaplan_meier: {len(lengths)} lengths but {len(censored)} censoring flags")
    ended = Counter(t for t, c in zip(lengths, censored, strict=True) if not c)
    gone = Counter(lengths)
    risk = len(lengths)
    times: list[int] = []
    at_risk: list[int] = []
    events: list[int] = []
    survival: list[float] = []
    low: list[float] = []
    high: list[float] = []
    share, greenwood = 1.0, 0.0
    for t in sorted(gone):
        d = ended.get(t, 0)
        if d:
            share *= 1 - d / risk
            greenwood = greenwood + d / (risk * (risk - d)) if risk > d else math.inf
            times.append(t)
            at_risk.append(risk)
            events.append(d)
            survival.append(share)
            lo, hi = _band(share, greenwood, z)
            low.append(lo)
            high.append(hi)
        risk -= gone[t]
    return Survival(times, at_risk, events, survival, low, high, len(lengths), sum(1 for c in censored if c))


def _band(share: float, greenwood: float, z: float) -> tuple[float, float]:
    """The log-log band about ``share`` with Greenwood's sum ``greenwood``:
    share ** exp(+-z sqrt(greenwood) / ln share)."""
    if share <= 0 or share >= 1 or math.isinf(greenwood):
        return share, share
    spread = z * math.sqrt(greenwood) / abs(math.log(share))
    return share ** math.exp(spread), share ** math.exp(-spread)


def plies_text(plies: int | None, cap: int | None) -> str:
    """A length from :meth:`Survival.median` as text: ``None`` (not
    reached before the cap) as "beyond the cap of ``cap``", never as a
    number alone nor without the cap (``cap``: the longest a stopped game
    was played; "beyond the longest game" should none have been stopped).

    >>> plies_text(30, 60), plies_text(None, 60)
    ('30', 'beyond the cap of 60')
    """
    if plies is not None:
        return f"{plies}"
    return "beyond the longest game" if cap is None else f"beyond the cap of {cap}"


def median_text(median: int | None, low: int | None, high: int | None, cap: int | None) -> str:
    """A median length with its interval as text (see :func:`plies_text`),
    just "beyond the cap of N" when the median and both bounds lie beyond it.

    >>> median_text(30, 20, None, 60), median_text(None, None, None, 500)
    ('30 (20 to beyond the cap of 60)', 'beyond the cap of 500')
    """
    if median is None and low is None and high is None:
        return plies_text(None, cap)
    return f"{plies_text(median, cap)} ({plies_text(low, cap)} to {plies_text(high, cap)})"


def logrank(a: Sequence[tuple[int, bool]], b: Sequence[tuple[int, bool]]) -> float | None:
    """The two-sided p-value that two sets of game lengths (``(length,
    censored)`` pairs, stopped games censored) share one survival curve,
    by the log-rank test (Mantel's form): at every length where a game
    ended, the games of ``a`` that ended there against those expected
    from the games of both still going, summed into a chi-square of one
    degree of freedom, p = erfc(sqrt(chi2 / 2)).  None when no game ended
    where both sets still had games going (nothing to compare)."""
    ended = Counter(t for t, c in [*a, *b] if not c)
    observed = expected = variance = 0.0
    for t in sorted(ended):
        n_a = sum(1 for u, _ in a if u >= t)
        n = n_a + sum(1 for u, _ in b if u >= t)
        d = ended[t]
        observed += sum(1 for u, c in a if u == t and not c)
        expected += d * n_a / n
        if n > 1:
            variance += d * (n_a / n) * (1 - n_a / n) * (n - d) / (n - 1)
    if variance == 0:
        return None
    return math.erfc(abs(observed - expected) / math.sqrt(variance) / math.sqrt(2))
