"""A review's expected scores and labels worked by hand.

The fall in expected score is Lichess's: each score goes through the
logistic 1 / (1 + e^(-score / scale)); the labels' bounds are 0.05, 0.10
and 0.15.  The numbers below are worked from that, not read from the code.
"""

from __future__ import annotations

import pytest

from playbook import Record, load
from playbook.analysis.engines.evaluation import WIN, squash
from playbook.analysis.engines.review import Thresholds, review


def test_squash_is_the_logistic_of_the_score_over_the_scale():
    # 0 -> 1/2; one scale up -> 1 / (1 + e^-1) = 1 / 1.367879 = 0.731059; half a scale down at scale 3
    # -> 1 / (1 + e^0.5) = 1 / 2.648721 = 0.377541; a won or lost game -> 1 or 0 exactly.
    assert squash(0.0) == 0.5
    assert squash(3.0, 3.0) == pytest.approx(0.731059, abs=1e-6) and squash(4.5, 4.5) == pytest.approx(0.731059,
                                                                                                     abs=1e-6)
    assert squash(-1.5, 3.0) == pytest.approx(0.377541, abs=1e-6)
    assert (squash(WIN), squash(-WIN)) == (1.0, 0.0)


def test_a_fall_from_even_to_half_a_scale_down_is_a_mistake():
    # 0.5 - 0.377541 = 0.122459: at least 0.10, under 0.15.  A fall of 0.731059 - 0.5 = 0.231059 is a blunder;
    # from +0.3 to 0 at scale 3: 1 / (1 + e^-0.1) - 0.5 = 0.524979 - 0.5 = 0.024979, nothing.
    rules = Thresholds(scale=3.0)
    assert rules.label(0.5 - squash(-1.5, 3.0)) == "mistake"
    assert rules.label(squash(3.0, 3.0) - 0.5) == "blunder"
    assert rules.label(squash(0.3, 3.0) - 0.5) == ""
    assert (rules.inaccuracy, rules.mistake, rules.blunder) == (0.05, 0.10, 0.15)


def test_a_move_that_lets_the_opponent_win_loses_all_its_expected_score():
    # White's b1-a1 lets Black's rook take the king's square (a4x*).  The engine's best, e1-e3, looked
    # three actions ahead (e1-e3 a4-a6 b1-a1): a rook each (4 + 0.5 a side, even), Black to move, so the
    # tempo's tenth is Black's: -0.1 for White, 1 / (1 + e^(0.1/3)) = 1 / 2.033895 = 0.491667.  After b1-a1
    # White is lost, -9999, whose logistic is below 1e-21.  The loss is the whole 0.4917, a blunder.
    # The start's own evaluation looks two actions ahead (one shallower than the review's three): neither
    # side can take anything in one action, so a rook each with White to move again, +0.1 for White.
    start = load("cosmic").parse("5k/6/r5/6/6/1K2R1 w")
    game = review(Record.of(start, ["b1-a1", "a4x*"]))
    rows = game.rows
    assert (rows[0]["best"], rows[0]["best_score"], rows[0]["after"]) == ("e1-e3", -0.1, -9999.0)
    assert rows[0]["before"] == 0.1 and game.evaluations == [0.1, -9999.0, -10000.0]
    assert rows[0]["loss"] == pytest.approx(0.4917, abs=1e-4) and rows[0]["label"] == "blunder"
    # Black's winning move is the engine's own: it loses nothing.
    assert (rows[1]["loss"], rows[1]["label"], rows[1]["after"]) == (0.0, "", WIN)
