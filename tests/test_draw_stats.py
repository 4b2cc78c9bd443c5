"""Scores with draws as draws, unfinished games in view, and ratings with a first-move term.

Every expected value below is worked out by hand from the definitions (the
arithmetic is in the comments), not read from the code's output.
"""

from __future__ import annotations

import math

import pytest

from playbook import Record
from playbook.analysis.statistics.stats import (
    elo_with_first_move,
    pair_counts,
    pentanomial,
    score_figure,
    trinomial,
    wilson,
)


def test_trinomial_interval_comes_from_the_spread_of_wins_draws_and_losses():
    # 36 wins, 28 draws, 36 losses: mean 0.5; the spread about it is
    # (36 * 0.25 + 28 * 0 + 36 * 0.25) / 100 = 0.18 a game, so the half width is 1.96 sqrt(0.18 / 100).
    t = trinomial(36, 28, 36)
    half = 1.96 * math.sqrt(0.0018)
    assert t["games"] == 100 and t["score"] == 0.5
    assert t["low"] == pytest.approx(0.5 - half, abs=1e-12) and t["high"] == pytest.approx(0.5 + half, abs=1e-12)
    # The binomial over half-points takes the spread as 0.25: sqrt(0.25 / 0.18) = 1.18 times as wide.
    binomial_half = 1.96 * math.sqrt(0.25 / 100)
    assert binomial_half / half == pytest.approx(1.1785, abs=1e-4)
    # Wilson over half-points, 50 of 100: half width 1.96 sqrt(0.0025 + 3.8416/40000) / 1.038416 = 0.096170.
    low, high = wilson(50, 100)
    assert high - low == pytest.approx(2 * 0.096170, abs=1e-5) and high - low > t["high"] - t["low"]


def test_trinomial_without_draws_is_the_normal_binomial_and_uneven_scores_are_placed_by_hand():
    # 7 wins, 3 losses: mean 0.7, spread 0.7 * 0.3 = 0.21, half width 1.96 sqrt(0.021) = 0.284031.
    t = trinomial(7, 0, 3)
    assert t["score"] == pytest.approx(0.7)
    assert t["low"] == pytest.approx(0.7 - 0.284031, abs=1e-6) and t["high"] == pytest.approx(0.984031, abs=1e-6)
    # All wins: no spread, but the interval is Wilson's, never zero wide (10 of 10: 10 / 13.8416 = 0.722460 to 1).
    assert trinomial(10, 0, 0)["low"] == pytest.approx(0.722460, abs=1e-6) and trinomial(10, 0, 0)["high"] == 1.0
    # No games: nothing to say.
    assert math.isnan(trinomial(0, 0, 0)["score"]) and trinomial(0, 0, 0)["low"] == 0.0


def test_pentanomial_reads_pairs_and_cancels_what_the_opening_gives_both_sides():
    # Pair points 2, 1, 1, 0.5, 1.5, 1: one pair each at 0.5, 1.5 and 2, three at 1, none at 0.
    assert pair_counts([2, 1, 1, 0.5, 1.5, 1]) == [0, 1, 3, 1, 1]
    with pytest.raises(ValueError, match="0, 0.5, 1, 1.5 or 2"):
        pair_counts([2.5])
    # Counts 1, 2, 4, 2, 1 over 10 pairs: a game's score 0, 1/4, 1/2, 3/4, 1 a pair, mean 1/2;
    # spread (2 * 0.25 + 4 * 0.0625) / 10 = 0.075, half width 1.96 sqrt(0.0075) = 0.169741.
    p = pentanomial([1, 2, 4, 2, 1])
    assert p["pairs"] == 10 and p["score"] == 0.5
    assert p["low"] == pytest.approx(0.330259, abs=1e-6) and p["high"] == pytest.approx(0.669741, abs=1e-6)
    # Ten pairs each won by whoever had the good opening (1-0 then 0-1): as single games the score
    # 0.5 is uncertain by 1.96 sqrt(0.25 / 20); as pairs every pair scores 1, no spread at all: the score is
    # 0.5 and its interval Wilson's over the 10 pairs, 0.5 -+ 1.96 sqrt(0.025 + 0.009604) / 1.38416 = 0.263410.
    assert trinomial(10, 0, 10)["high"] == pytest.approx(0.5 + 1.96 * math.sqrt(0.25 / 20))
    assert pentanomial([0, 0, 10, 0, 0])["score"] == 0.5
    assert pentanomial([0, 0, 10, 0, 0])["low"] == pytest.approx(0.236590, abs=1e-6)
    with pytest.raises(ValueError, match="five counts"):
        pentanomial([1, 2, 3])


def test_score_figure_says_how_many_games_were_unfinished_and_what_they_could_change():
    # 6 wins, 2 losses and 2 unfinished: 0.75 of the finished; as draws (6 + 1) / 10 = 0.7.
    f = score_figure(6, 0, 2, unfinished=2)
    assert f["games"] == 8 and f["unfinished"] == 2
    assert f["score"] == 0.75 and f["score_if_draws"] == pytest.approx(0.7)
    # As draws: spread (6 * 0.09 + 2 * 0.04 + 2 * 0.49) / 10 = 0.16, half width 1.96 sqrt(0.016) = 0.247923.
    assert f["low_if_draws"] == pytest.approx(0.7 - 0.247923, abs=1e-6)
    assert f["high_if_draws"] == pytest.approx(0.947923, abs=1e-6)


def test_rating_with_first_move_term_matches_the_closed_form_of_two_agents():
    # a moving first scores 3 of 4 (p = 3/4), b moving first scores 2 of 4 (p = 1/2).  The model says
    # logit(3/4) = k (d + h) and logit(1/2) = k (h - d), k = ln 10 / 400, so h = d = ln 3 / (2 k)
    # = 200 log10(3) = 95.424 Elo, and the ratings averaging 0 are +-47.712.
    results = [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)] + [("b", "a", 1.0), ("b", "a", 0.0)] * 2
    fit = elo_with_first_move(results, ["a", "b"], prior=0)
    assert fit["first_move"] == pytest.approx(200 * math.log10(3), abs=1e-6)
    assert fit["ratings"]["a"] == pytest.approx(100 * math.log10(3), abs=1e-6)
    assert fit["ratings"]["b"] == pytest.approx(-100 * math.log10(3), abs=1e-6)
    assert fit["first_move_low"] < fit["first_move"] < fit["first_move_high"]
    assert elo_with_first_move(results, ["a", "b"], prior=0, anchor="b")["ratings"]["a"] == pytest.approx(
        200 * math.log10(3), abs=1e-6)


def test_rating_with_first_move_term_separates_a_seat_bias_from_strength():
    # Three equal agents, every ordered pair plays 4 games and the first mover scores 3 of 4 each time:
    # all the advantage is the seat's, logit(3/4) / k = 400 log10(3) = 190.85 Elo, and the ratings are equal.
    names = ["a", "b", "c"]
    results = [(x, y, s) for x in names for y in names if x != y for s in (1.0, 1.0, 1.0, 0.0)]
    fit = elo_with_first_move(results, names, prior=0)
    assert fit["first_move"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert all(abs(r) < 1e-6 for r in fit["ratings"].values())
    # The prior adds one drawn game a pair (half each way round), which pulls the term towards 0 but keeps it.
    assert 0 < elo_with_first_move(results, names)["first_move"] < 400 * math.log10(3)
    # A perfect score stays finite with the prior.
    assert math.isfinite(elo_with_first_move([("a", "b", 1.0), ("b", "a", 0.0)], ["a", "b"])["ratings"]["a"])


def record(result: str, plies: int) -> Record:
    """A two-player game's record with White moving first: "white", "black", "draw" or "unfinished"."""
    return Record("cosmic", "", ["x"] * plies, result="" if result == "unfinished" else result, first="white")


def test_a_run_reports_the_first_movers_score_with_draws_and_unfinished_games_and_the_median_length():
    from playbook.analysis import SelfPlay

    # White wins 3, draws 2, loses 1, 2 games stopped at the cap of 100 plies.
    run = SelfPlay([record("white", 10), record("white", 20), record("white", 30), record("draw", 40),
                    record("draw", 50), record("black", 60), record("unfinished", 100), record("unfinished", 100)])
    a = run.first_move_advantage()
    # (3 + 1) / 6 finished; with the 2 stopped as draws (3 + 2) / 8 = 0.625.
    assert (a["games"], a["wins"], a["draws"], a["losses"], a["unfinished"]) == (6, 3, 2, 1, 2)
    assert a["score"] == pytest.approx(4 / 6) and a["score_if_draws"] == pytest.approx(0.625)
    s = run.summary()
    # Still going after 10..60: 7/8, 6/8, ..., 2/8; at most half after 40 plies.  The mean of the
    # lengths, stopped games at the cap, would say 51.25.
    assert s["median_plies"] == 40 and s["unfinished"] == 2
    assert s["first_mover_score_if_unfinished_drawn"] == pytest.approx(0.625)
