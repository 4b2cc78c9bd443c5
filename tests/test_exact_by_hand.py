"""The exact test of colour-reversed pairs, its interval, Holm's correction and the sample-size plan, by hand.

Pairs are given as counts of pairs scoring 0, 1/2, 1, 3/2 and 2 points for
the first mover (pair scores 0, 1/4, 1/2, 3/4 and 1).  The randomization
test flips each pair about the score tested (1/2 unless said): its
p-value is twice the share of the 2^n flips whose total lies at least as
far above as the sample's.  z = 1.96, z^2 = 3.8416.
"""

from __future__ import annotations

import math

import pytest

from playbook.analysis.statistics.exact import holm, pair_interval, pair_spread, pair_test, pairs_needed, score_interval


def test_pairs_all_won_2_0_are_one_flip_in_2_to_the_n():
    # Every pair lies 1/2 above an even score: only the flip that keeps them all above reaches their total.
    assert pair_test([0, 0, 0, 0, 4]) == 2 / 16  # four pairs can never refute an even score
    assert pair_test([0, 0, 0, 0, 5]) == 2 / 32
    assert pair_test([0, 0, 0, 0, 6]) == 2 / 64
    assert pair_test([6, 0, 0, 0, 0]) == 2 / 64  # the same below


def test_pairs_on_the_even_score_cannot_be_flipped():
    # Two pairs won 2-0 and one split 1-1 (on 1/2): the two are above in 1 flip of 4.
    assert pair_test([0, 0, 1, 0, 2]) == 2 / 4
    assert pair_test([0, 0, 3, 0, 0]) == 1.0  # nothing to flip
    assert pair_test([0, 0, 0, 0, 0]) == 1.0  # no pairs


def test_a_mixed_sample_counts_its_flips_by_hand():
    # One pair lost 0-2 (1/2 below), two split (on it), three won 1.5-0.5 (1/4 above), four won 2-0 (1/2 above).
    # Total: -1/2 + 3/4 + 2 = 9/4, nine quarters.  Flipped, the five pairs at 1/2 give 2 S1 quarters and the
    # three at 1/4 give S2, S1 = 5, 3, 1, ... with chances 1, 5, 10, ... / 32 and S2 = 3, 1, -1, -3 with
    # 1, 3, 3, 1 / 8.  2 S1 + S2 >= 9: S1 = 5 with S2 >= -1 (7/8): 7/256; S1 = 3 with S2 = 3 (1/8): 5/256;
    # S1 = 1 would need S2 >= 7.  12/256 above, so p = 24/256 = 0.09375.
    assert pair_test([1, 0, 2, 3, 4]) == pytest.approx(0.09375, abs=1e-12)
    # One pair lost 1.5-0.5 (1/4 below) and nine won 2-0: the nine must all stay above (1/512), the one
    # may go either way: 9/2 - 1/4 still reaches the total 17/4.  p = 2/512.
    assert pair_test([0, 1, 0, 0, 9]) == pytest.approx(2 / 512, abs=1e-12)


def test_the_score_interval_of_a_sample_all_alike():
    # Ten pairs won 2-0: Wilson's interval for 10 of 10, 10 / 13.8416 = 0.722460 to 1.
    low, high = score_interval([0, 0, 0, 0, 10])
    assert low == pytest.approx(0.722460, abs=1e-6) and high == 1.0
    # Four pairs split 1-1 (all at 1/2).  Below 1/2 the most likely distribution with mean m puts 2m on 1/2
    # and the rest on 0: its variance about m is 2m (1/2 - m)^2 + (1 - 2m) m^2 = m (1/2 - m), so
    # z^2 = 4 (1/2 - m)^2 / (m (1/2 - m)) = 4 (1/2 - m) / m, and 3.8416 m = 2 - 4 m: m = 2 / 7.8416 = 0.255050.
    low, high = score_interval([0, 0, 4, 0, 0])
    assert low == pytest.approx(0.255050, abs=1e-6) and high == pytest.approx(1 - 0.255050, abs=1e-6)


def test_the_interval_spans_the_randomization_test_and_the_score_interval():
    counts = [0, 0, 0, 1, 5]  # one pair won 1.5-0.5, five won 2-0: mean (0.75 + 5) / 6 = 0.958333
    low, high = pair_interval(counts)
    # Its lower bound is the score interval's: below 3/4 the most likely distribution with mean m puts
    # m / (6 * 0.75) on 3/4, 5m / 6 on 1 and the rest on 0.  At m = 0.584254 that is 0.129834, 0.486879 and
    # 0.383287, a variance of 0.129834 * 0.165746^2 + 0.486879 * 0.415746^2 + 0.383287 * 0.584254^2 = 0.218558,
    # and (0.958333 - 0.584254) * sqrt(6 / 0.218558) = 0.374079 * 5.239594 = 1.96000: the bound.
    assert low == pytest.approx(0.584254, abs=2e-6)
    # Its upper bound is the randomization test's: at a score of 1 the five pairs won 2-0 lie on it and
    # cannot be flipped, and the one won 1.5-0.5 lies 1/4 below, which a flip puts above half the time:
    # p = 2 * 1/2 = 1, so 1 is not refuted.  The score interval alone stops short of it.
    assert high == 1.0 and score_interval(counts)[1] < 0.9925


def test_an_interval_never_leaves_out_an_even_score_the_test_keeps():
    # Four pairs won 2-0: Wilson's 4 / 7.8416 = 0.510100 to 1 would leave 1/2 out, but the test gives
    # 2/16 = 0.125 there: the interval is widened down to 1/2.
    assert score_interval([0, 0, 0, 0, 4])[0] == pytest.approx(0.510100, abs=1e-6)
    assert pair_interval([0, 0, 0, 0, 4]) == (0.5, 1.0)
    assert pair_interval([0, 0, 0, 0, 0]) == (0.0, 1.0)


def test_the_spread_of_the_pair_scores():
    # Scores 0, 1/2 and 1 once each: mean 1/2, squares 1/4 + 0 + 1/4 over n - 1 = 2: 1/4, spread 1/2.
    assert pair_spread([1, 0, 1, 0, 1]) == pytest.approx(0.5)
    assert pair_spread([0, 0, 0, 0, 1]) is None


def test_holm_multiplies_the_kth_smallest_p_by_the_hypotheses_left():
    # Sorted: 0.01 (x5 = 0.05), 0.02 (x4 = 0.08), 0.03 (x3 = 0.09), 0.2 (x2 = 0.4), 0.5 (x1 = 0.5),
    # each at least the one before.
    assert holm([0.5, 0.02, 0.2, 0.01, 0.03]) == pytest.approx([0.5, 0.08, 0.4, 0.05, 0.09])
    # A later product below an earlier one is raised to it: 0.04 x 2 = 0.08, 0.045 x 1 = 0.045 -> 0.08.
    assert holm([0.045, 0.04]) == pytest.approx([0.08, 0.08])
    assert holm([0.9, 0.8]) == [1.0, 1.0]


def test_pairs_needed_to_tell_055_from_05():
    # z at 97.5% 1.959964, at 80% 0.841621: (2.801585 * 0.3 / 0.05)^2 = 16.80951^2 = 282.56: 283 pairs.
    assert pairs_needed(0.3) == 283
    # Five engines: 5% split five ways, z at 99.5% 2.575829: (3.417450 * 0.3 / 0.05)^2 = 20.5047^2 = 420.4.
    assert pairs_needed(0.3, engines=5) == 421
    # The largest spread a score can have, 1/2: (2.801585 * 10)^2 = 784.9.
    assert pairs_needed(0.5) == 785
    with pytest.raises(ValueError):
        pairs_needed(0.0)
    assert math.isclose(pairs_needed(0.3, edge=0.1), math.ceil(282.56 / 4))
