"""Game lengths stopped at the cap: the Kaplan-Meier curve, its band and its median, worked by hand."""

from __future__ import annotations

import math

import pytest

from playbook.analysis.statistics.survival import kaplan_meier


def test_without_stopped_games_the_curve_is_the_share_of_longer_games():
    curve = kaplan_meier([3, 1, 5, 2, 4], [False] * 5)
    assert curve.times == [1, 2, 3, 4, 5]
    assert curve.survival == pytest.approx([0.8, 0.6, 0.4, 0.2, 0.0])
    assert curve.median()[0] == 3 and curve.at(2.5) == pytest.approx(0.6) and curve.at(0) == 1.0


def test_stopped_games_count_while_watched_and_the_band_is_greenwoods_on_the_log_log_scale():
    # Lengths 1..6, games 3 and 6 stopped.  At 1: 6 going, 1 ends, 5/6.  At 2: 5 going, 1 ends, 4/6.
    # 3 is stopped (leaves the 4 going).  At 4: 3 going, 1 ends, 4/6 * 2/3 = 4/9.  At 5: 2 going, 1 ends,
    # 2/9.  6 is stopped.  Median: 4 (first length after which at most half are going).
    curve = kaplan_meier([1, 2, 3, 4, 5, 6], [False, False, True, False, False, True])
    assert curve.times == [1, 2, 4, 5] and curve.at_risk == [6, 5, 3, 2] and curve.events == [1, 1, 1, 1]
    assert curve.survival == pytest.approx([5 / 6, 4 / 6, 4 / 9, 2 / 9])
    assert curve.median()[0] == 4 and curve.censored == 2 and curve.games == 6
    # At 2: Greenwood's sum 1/(6*5) + 1/(5*4) = 1/12; spread 1.96 sqrt(1/12) / |ln 2/3| = 1.395443;
    # band (2/3) ** exp(+-1.395443): (2/3) ** 4.036761 = 0.19461 and (2/3) ** 0.247724 = 0.90444.
    assert curve.low[1] == pytest.approx(0.19461, abs=1e-4) and curve.high[1] == pytest.approx(0.90444, abs=1e-4)
    assert all(lo <= s <= hi for lo, s, hi in zip(curve.low, curve.survival, curve.high, strict=True))


def test_the_median_is_unknown_when_most_games_reach_the_cap():
    # 10 games: 3 end at 10, 20, 30 plies; 7 stopped at 100.  At most 3/10 end: the curve stays at 0.7.
    curve = kaplan_meier([10, 20, 30] + [100] * 7, [False] * 3 + [True] * 7)
    assert curve.survival[-1] == pytest.approx(0.7)
    # The band's lower edge at 10: sum 1/(10*9), spread 1.96 sqrt(1/90) / |ln 0.9| = 1.9610, 0.9 ** exp(1.9610)
    # = 0.9 ** 7.106 = 0.473, under one half: the median may be as short as 10, but has no upper bound.
    assert curve.median() == (None, 10, None)
    # The mean of the lengths (the cap counted as a length) would say 76 plies; the curve makes no such claim.
    assert not math.isnan(curve.at(1000))


def test_the_median_interval_brackets_the_median_of_a_long_sample():
    lengths = list(range(1, 201))
    censored = [k % 4 == 0 for k in lengths]  # one game in four stopped early
    m, lo, hi = kaplan_meier(lengths, censored).median()
    assert lo is not None and hi is not None and lo < m < hi
    with pytest.raises(ValueError, match="censoring flags"):
        kaplan_meier([1, 2], [False])
