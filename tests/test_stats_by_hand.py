"""The statistics of self-play checked against numbers worked by hand or published.

Every expected value is worked out from the definitions with the arithmetic
in the comment beside it (z = 1.96, z^2 = 3.8416 throughout), or taken from
a published source that is named; none is read from the code's output.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.analysis.statistics.stats import (
    SPRT_BOUNDS,
    either_way_sprt,
    elo,
    elo_interval,
    elo_ratings,
    elo_with_first_move,
    expected_score,
    pair_counts,
    paired_sprt,
    pentanomial,
    score_figure,
    sprt,
    trinomial,
    verdict,
    wilson,
)
from playbook.analysis.statistics.survival import kaplan_meier

LN19 = 2.944439  # ln(0.95 / 0.05) = ln 19


# ------------------------------------------------------------ Wilson and Elo


def test_wilson_interval_of_7_of_10_is_the_published_one():
    # p = 0.7, n = 10: centre (0.7 + 3.8416/20) / (1 + 3.8416/10) = 0.89208 / 1.38416 = 0.644492;
    # half width 1.96 sqrt(0.7*0.3/10 + 3.8416/400) / 1.38416 = 1.96 * 0.174940 / 1.38416 = 0.247719;
    # 0.3968 to 0.8922 (the figure textbooks give for 7 of 10, e.g. Newcombe 1998 and Wikipedia).
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.396773, abs=1e-5) and high == pytest.approx(0.892211, abs=1e-5)


def test_wilson_at_a_perfect_and_a_null_score_has_the_closed_form_bound():
    # At p = 1 the lower bound is n / (n + z^2) = 10 / 13.8416 = 0.722460; at p = 0 the upper bound is
    # z^2 / (n + z^2) = 3.8416 / 13.8416 = 0.277540.
    assert wilson(10, 10) == (pytest.approx(0.722460, abs=1e-6), 1.0)
    assert wilson(0, 10) == (0.0, pytest.approx(0.277540, abs=1e-6))


def test_elo_of_a_score_and_the_score_of_an_elo_gap():
    # 75%: odds 3:1, 400 log10 3 = 190.8485; 50%: 0; a gap of 400 Elo is odds 10:1, 10/11 = 0.909091.
    assert elo(0.75) == pytest.approx(190.8485, abs=1e-4) and elo(0.25) == pytest.approx(-190.8485, abs=1e-4)
    assert elo(0.5) == 0.0 and elo(1.0) == math.inf and elo(0.0) == -math.inf
    assert expected_score(400) == pytest.approx(10 / 11, abs=1e-12)
    assert expected_score(190.8485) == pytest.approx(0.75, abs=1e-6)


def test_elo_interval_of_7_of_10_reads_the_wilson_bounds_as_elo():
    # 400 log10(0.396773 / 0.603227) = 400 * -0.181938 = -72.78; 400 log10(0.892211 / 0.107789) =
    # 400 * 0.917893 = 367.16.
    low, high = elo_interval(7, 10)
    assert low == pytest.approx(-72.78, abs=0.01) and high == pytest.approx(367.16, abs=0.01)
    assert verdict(0.396773, 0.892211) == "not decided"


def test_ratings_of_three_agents_with_the_prior_solved_by_hand():
    # A beat B, A beat C, B drew C.  The prior adds one drawn game a pair: A has 1.5 of 2 against B and
    # against C, B and C 1 of 2 against each other.  By symmetry B and C have equal strength (gamma 1);
    # A's likelihood equation, 3 points = 4 games * g / (g + 1), gives g = 3, and B's checks:
    # 1.5 = 2 * 1/(3+1) + 2 * 1/2.  So A - B = 400 log10 3 = 190.85; averaging 0, A = 2/3 of it = 127.23
    # and B = C = -63.62.
    ratings = elo_ratings([("A", "B", 1.0), ("A", "C", 1.0), ("B", "C", 0.5)], ["A", "B", "C"])
    assert ratings["A"] == pytest.approx(127.2323, abs=1e-3)
    assert ratings["B"] == pytest.approx(-63.6162, abs=1e-3) and ratings["C"] == pytest.approx(-63.6162, abs=1e-3)
    anchored = elo_ratings([("A", "B", 1.0), ("A", "C", 1.0), ("B", "C", 0.5)], ["A", "B", "C"], anchor="C")
    assert anchored["C"] == 0.0 and anchored["A"] == pytest.approx(190.8485, abs=1e-3)


def test_ratings_without_a_prior_follow_the_score_alone():
    # 3 wins and 1 loss, no prior: odds 3:1, a gap of 400 log10 3 = 190.85, so +-95.42.
    ratings = elo_ratings([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)], ["a", "b"], prior=0)
    assert ratings["a"] == pytest.approx(95.4243, abs=1e-3) and ratings["b"] == pytest.approx(-95.4243, abs=1e-3)


def test_the_first_move_terms_interval_from_the_curvature_by_hand():
    # a first scores 3 of 4 (p = 3/4), b first draws 4 (p = 1/2): h = 200 log10 3 = 95.424 Elo.  With
    # k = ln 10 / 400 = 0.0057565 and d = r_a - r_b, a-first games have logit k (d + h), b-first k (h - d);
    # each game weighs p (1 - p): 4 * 3/16 = 0.75 and 4 * 1/4 = 1.  Information in (d, h):
    # k^2 [[1.75, -0.25], [-0.25, 1.75]], determinant 3 k^4, so var h = 1.75 / (3 k^2) and its standard
    # error 0.763763 / k = 132.679 Elo: 95.424 -+ 260.051, -164.627 to 355.475.
    results = [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)] + [("b", "a", 0.5)] * 4
    fit = elo_with_first_move(results, ["a", "b"], prior=0)
    assert fit["first_move"] == pytest.approx(95.4243, abs=1e-3)
    assert fit["first_move_low"] == pytest.approx(-164.627, abs=1e-2)
    assert fit["first_move_high"] == pytest.approx(355.475, abs=1e-2)


# ------------------------------------------------------------ Wald's sequential test


def test_the_sequential_tests_bounds_are_walds():
    # alpha = beta = 0.05: ln(0.05 / 0.95) = -ln 19 and ln(0.95 / 0.05) = ln 19 = 2.944439.
    assert SPRT_BOUNDS == (pytest.approx(-LN19, abs=1e-6), pytest.approx(LN19, abs=1e-6))
    # alpha = 0.05, beta = 0.10: ln(0.10 / 0.95) = -2.251292 and ln(0.90 / 0.05) = ln 18 = 2.890372.
    t = sprt([], 0, 100, alpha=0.05, beta=0.10)
    assert (t["lower"], t["upper"]) == (pytest.approx(-2.251292, abs=1e-6), pytest.approx(2.890372, abs=1e-6))
    assert (t["games"], t["llr"], t["decision"]) == (0, 0.0, "not decided")


def test_the_sequential_test_of_0_against_200_elo_by_hand():
    # elo1 = 200: expected score 1 / (1 + 10^-0.5) = 1 / 1.316228 = 0.759747.  A win adds
    # ln(0.759747 / 0.5) = 0.418377, a loss ln(0.240253 / 0.5) = -0.732915, a draw half of each = -0.157269.
    # 7 wins: 2.928641 < ln 19; 8 wins: 3.347018, decided.  4 losses: -2.931661; 5: -3.664576, decided.
    assert sprt([1.0] * 7, 0, 200)["llr"] == pytest.approx(2.928641, abs=1e-5)
    assert sprt([1.0] * 7, 0, 200)["decision"] == "not decided"
    eight = sprt([1.0] * 10, 0, 200)
    assert (eight["decision"], eight["games"]) == ("elo1", 8) and eight["llr"] == pytest.approx(3.347018, abs=1e-5)
    assert sprt([0.0] * 4, 0, 200)["decision"] == "not decided"
    assert sprt([0.0] * 5, 0, 200)["decision"] == "elo0"
    # 8 wins, 1 loss, 2 draws: 3.347018 - 0.732915 - 0.314538 = 2.299565, not decided.
    mixed = sprt([1.0] * 4 + [0.0, 0.5, 0.5] + [1.0] * 4, 0, 200)
    assert mixed["llr"] == pytest.approx(2.299565, abs=1e-5) and mixed["decision"] == "not decided"


def test_the_paired_sequential_test_of_no_change_against_a_rise_by_hand():
    # Only changes of 0 seen: the most likely chances with mean 0 are what was seen; with mean 0.1 the
    # cheapest way to it moves 0.1 onto a change of +1 (the farthest above), leaving 0.9 on 0.  Each 0
    # adds ln 0.9 = -0.105361: 27 give -2.844737, 28 give -2.950098, past -ln 19 = -2.944439.
    assert paired_sprt([0.0] * 27, 0, 0.1)["decision"] == "not decided"
    t = paired_sprt([0.0] * 40, 0, 0.1)
    assert (t["decision"], t["games"], t["counts"]) == ("change0", 28, [0, 0, 28, 0, 0])
    assert t["llr"] == pytest.approx(28 * math.log(0.9), abs=2e-3)
    # Only rises of a whole game (+1): with mean 0 the chances go half to +1 and half to -1; with mean 0.1,
    # 0.55 and 0.45.  Each +1 adds ln(0.55 / 0.5) = 0.095310: 31 give 2.954617, past ln 19 (30: 2.859306).
    t = paired_sprt([1.0] * 40, 0, 0.1)
    assert (t["decision"], t["games"]) == ("change1", 31) and t["llr"] == pytest.approx(31 * 0.095310, abs=2e-3)
    with pytest.raises(ValueError, match="-1, -0.5, 0, 0.5 or 1"):
        paired_sprt([0.25], 0, 0.1)


def test_either_way_halves_the_error_of_each_side():
    # With 2.5% a side the bound is ln(0.05 / 0.975) = -2.970414: 28 zeros give -2.950098, 29 give -3.055459.
    t = either_way_sprt([0.0] * 40, 0.1)
    assert (t["decision"], t["games"]) == ("no change", 29)
    # Falls of a whole game: the fall's test gains ln(0.55 / 0.5) = 0.095310 a change, past ln(0.95 / 0.025)
    # = 3.637586 after 39 (38 give 3.621780).
    t = either_way_sprt([-1.0] * 60, 0.1)
    assert (t["decision"], t["games"]) == ("fall", 39)


# ------------------------------------------------------------ draws as draws


def test_trinomial_of_5_wins_3_draws_2_losses():
    # Score (5 + 1.5) / 10 = 0.65.  Spread about it: 5 * 0.35^2 + 3 * 0.15^2 + 2 * 0.65^2 = 0.6125 + 0.0675
    # + 0.845 = 1.525 over 10 = 0.1525; half width 1.96 sqrt(0.1525 / 10) = 1.96 * 0.123491 = 0.242043.
    t = trinomial(5, 3, 2)
    assert (t["games"], t["wins"], t["draws"], t["losses"]) == (10, 5, 3, 2)
    assert t["score"] == pytest.approx(0.65, abs=1e-12)
    assert (t["low"], t["high"]) == (pytest.approx(0.407958, abs=1e-6), pytest.approx(0.892042, abs=1e-6))


def test_trinomial_of_all_wins_or_all_losses_falls_back_to_wilsons_bound():
    # 10 wins: 10 / 13.8416 = 0.722460 to 1; 10 losses: 0 to 3.8416 / 13.8416 = 0.277540.
    assert (trinomial(10, 0, 0)["low"], trinomial(10, 0, 0)["high"]) == (pytest.approx(0.722460, abs=1e-6), 1.0)
    assert (trinomial(0, 0, 10)["low"], trinomial(0, 0, 10)["high"]) == (0.0, pytest.approx(0.277540, abs=1e-6))


def test_a_sample_with_no_spread_still_gets_an_interval_that_is_not_zero_wide():
    # 10 draws: every game 1/2, no spread; Wilson for 5 of 10: (0.5 + 0.19208) / 1.38416 = 0.5 -+
    # 1.96 sqrt(0.025 + 0.009604) / 1.38416 = 1.96 * 0.186022 / 1.38416 = 0.263410: 0.236590 to 0.763410.
    t = trinomial(0, 10, 0)
    assert t["score"] == 0.5
    assert (t["low"], t["high"]) == (pytest.approx(0.236590, abs=1e-6), pytest.approx(0.763410, abs=1e-6))
    # Two pairs of a win and a draw each (1.5 points a pair): score 0.75, but two pairs prove little.
    # Wilson for 1.5 of 2: centre (0.75 + 0.9604) / 2.9208 = 0.585593, half width
    # 1.96 sqrt(0.09375 + 0.2401) / 2.9208 = 1.96 * 0.577798 / 2.9208 = 0.387730: 0.197863 to 0.973323.
    p = pentanomial([0, 0, 0, 2, 0])
    assert p["score"] == 0.75 and verdict(p["low"], p["high"]) == "not decided"
    assert (p["low"], p["high"]) == (pytest.approx(0.197863, abs=1e-6), pytest.approx(0.973323, abs=1e-6))


def test_pentanomial_of_eight_pairs_counted_by_hand():
    # Pair points 1.5, 1, 2, 0.5, 1, 1.5, 1, 0: one at 0, one at 0.5, three at 1, two at 1.5, one at 2.
    pairs = [1.5, 1, 2, 0.5, 1, 1.5, 1, 0]
    assert pair_counts(pairs) == [1, 1, 3, 2, 1]
    # A game's score a pair: 0.75, 0.5, 1, 0.25, 0.5, 0.75, 0.5, 0; mean 4.25 / 8 = 0.53125.
    # Squared deviations: 2 * 0.21875^2 + 3 * 0.03125^2 + 0.46875^2 + 0.28125^2 + 0.53125^2
    # = 0.095703 + 0.002930 + 0.219727 + 0.079102 + 0.282227 = 0.679688, over 8 = 0.084961;
    # half width 1.96 sqrt(0.084961 / 8) = 1.96 * 0.103054 = 0.201986.
    p = pentanomial([1, 1, 3, 2, 1])
    assert p["pairs"] == 8 and p["score"] == pytest.approx(0.53125, abs=1e-12)
    assert (p["low"], p["high"]) == (pytest.approx(0.329264, abs=1e-6), pytest.approx(0.733236, abs=1e-6))


def test_score_figure_with_unfinished_games_counted_both_ways():
    # 2 wins, 1 draw, 3 losses, 2 unfinished: finished (2 + 0.5) / 6 = 0.416667; with the 2 as draws
    # (2 + 1.5) / 8 = 0.4375.
    f = score_figure(2, 1, 3, unfinished=2)
    assert (f["games"], f["unfinished"]) == (6, 2)
    assert f["score"] == pytest.approx(5 / 12, abs=1e-12) and f["score_if_draws"] == pytest.approx(0.4375, abs=1e-12)
    # As draws: 2 * 0.5625^2 + 3 * 0.0625^2 + 3 * 0.4375^2 = 0.632813 + 0.011719 + 0.574219 = 1.21875,
    # over 8 = 0.152344; half width 1.96 sqrt(0.152344 / 8) = 1.96 * 0.137996 = 0.270473.
    assert f["low_if_draws"] == pytest.approx(0.4375 - 0.270473, abs=1e-6)
    assert f["high_if_draws"] == pytest.approx(0.4375 + 0.270473, abs=1e-6)


# ------------------------------------------------------------ Kaplan-Meier


#: The 6-MP arm of Freireich et al. (1963), weeks in remission, True where censored: the Kaplan-Meier
#: example of Cox and Oakes (1984) and Kleinbaum and Klein, "Survival Analysis".
REMISSION = [(6, False), (6, False), (6, False), (6, True), (7, False), (9, True), (10, False), (10, True),
             (11, True), (13, False), (16, False), (17, True), (19, True), (20, True), (22, False), (23, False),
             (25, True), (32, True), (32, True), (34, True), (35, True)]


def test_kaplan_meier_of_the_textbook_remission_data():
    curve = kaplan_meier([t for t, _ in REMISSION], [c for _, c in REMISSION])
    # At 6: 21 at risk, 3 relapse, 18/21 = 0.857143; the censored 6 leaves, so at 7: 17 at risk, 16/17
    # -> 0.806723; at 10: 15, 14/15 -> 0.752941; at 13: 12, 11/12 -> 0.690196; at 16: 11, 10/11 ->
    # 0.627451; at 22: 7, 6/7 -> 0.537815; at 23: 6, 5/6 -> 0.448179 (the published table: 0.857,
    # 0.807, 0.753, 0.690, 0.627, 0.538, 0.448).
    assert curve.times == [6, 7, 10, 13, 16, 22, 23]
    assert curve.at_risk == [21, 17, 15, 12, 11, 7, 6] and curve.events == [3, 1, 1, 1, 1, 1, 1]
    assert curve.survival == pytest.approx([0.857143, 0.806723, 0.752941, 0.690196, 0.627451, 0.537815,
                                            0.448179], abs=1e-6)
    assert (curve.games, curve.censored) == (21, 12)
    assert curve.at(15) == pytest.approx(0.690196, abs=1e-6) and curve.at(5) == 1.0


def test_kaplan_meier_band_is_greenwoods_on_the_log_log_scale_for_the_remission_data():
    curve = kaplan_meier([t for t, _ in REMISSION], [c for _, c in REMISSION])
    # At 6: Greenwood's sum 3 / (21 * 18) = 0.0079365 (standard error 0.857143 * 0.089087 = 0.0764, as
    # published); spread 1.96 * 0.089087 / |ln 0.857143| = 0.174611 / 0.154151 = 1.132727;
    # band 0.857143 ** exp(+-1.132727) = 0.857143 ** 3.10411 and ** 0.32215: 0.61971 to 0.95155.
    assert (curve.low[0], curve.high[0]) == (pytest.approx(0.61971, abs=1e-4), pytest.approx(0.95155, abs=1e-4))
    # At 23: the sum adds 1/(17*16) + 1/(15*14) + 1/(12*11) + 1/(11*10) + 1/(7*6) + 1/(6*5)
    # = 0.0036765 + 0.0047619 + 0.0075758 + 0.0090909 + 0.0238095 + 0.0333333: 0.0901844 in all
    # (standard error 0.448179 * 0.300307 = 0.1346, as published); spread 1.96 * 0.300307 / 0.802563
    # = 0.733403; band 0.448179 ** 2.082142 and ** 0.480275: 0.18805 to 0.68015.
    assert (curve.low[-1], curve.high[-1]) == (pytest.approx(0.18805, abs=1e-4), pytest.approx(0.68015, abs=1e-4))


def test_the_median_of_the_remission_data_and_its_interval():
    curve = kaplan_meier([t for t, _ in REMISSION], [c for _, c in REMISSION])
    # The curve first reaches one half at 23 (0.448).  The band's lower edge: at 10, sum 0.0163749,
    # spread 1.96 * 0.127964 / 0.283768 = 0.883810, 0.752941 ** 2.420132 = 0.50319 (above one half); at 13,
    # sum 0.0239506, spread 1.96 * 0.154760 / 0.370780 = 0.818085, 0.690196 ** 2.266156 = 0.43160: 13.
    # The upper edge is still 0.68 at 23, the last relapse: no upper bound.
    assert curve.median() == (23, 13, None)


# ------------------------------------------------------------ what holds for every sample


@settings(max_examples=200, deadline=None)
@given(counts=st.lists(st.integers(0, 30), min_size=5, max_size=5).filter(lambda c: sum(c) > 0))
def test_every_score_interval_holds_its_score_and_is_never_zero_wide(counts):
    # Any games (the first three counts as wins, draws, losses) and any pairs (all five).
    for figure in (trinomial(*counts[:3]) if sum(counts[:3]) else None, pentanomial(counts)):
        if figure is None:
            continue
        assert 0.0 <= figure["low"] <= figure["score"] <= figure["high"] <= 1.0
        assert figure["high"] - figure["low"] > 0.0


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 200), data=st.data())
def test_every_wilson_interval_holds_its_share_and_is_never_zero_wide(n, data):
    k = data.draw(st.integers(0, 2 * n)) / 2  # half successes allowed, as draws give
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0 and high - low > 0.0
