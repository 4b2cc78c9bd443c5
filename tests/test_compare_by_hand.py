"""A comparison's lengths counted by hand: the Kaplan-Meier median of each variant, games stopped
at the cap censored, a median beyond the cap reported as such, the log-rank test between variants,
and the panel that draws them.

The variants are games written out below, not played (the records come from
:func:`test_selfplay_by_hand.game`); every expected number is worked out in the comments
(z = 1.96).
"""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from test_selfplay_by_hand import SIX, game  # noqa: E402

from playbook.analysis import SelfPlay, plots  # noqa: E402
from playbook.analysis.statistics.compare import Comparison  # noqa: E402
from playbook.analysis.statistics.survival import kaplan_meier, logrank, plies_text  # noqa: E402

#: Ended at 10 and 20, two games stopped at 60.  Kaplan-Meier: at 10, 4 going, 1 ends: 3/4; at 20, 3
#: going, 1 ends: 3/4 * 2/3 = 1/2, so the median is 20.  Its band's lower edge at 10: Greenwood's sum
#: 1/(4*3) = 0.083333, spread 1.96 * 0.288675 / |ln 0.75| = 0.565803 / 0.287682 = 1.966763,
#: 0.75 ** exp(1.966763) = 0.75 ** 7.1473 = 0.1280, under one half: 10.  Its upper edge at 20: sum
#: 1/12 + 1/(3*2) = 0.25, spread 1.96 * 0.5 / ln 2 = 1.413845, 0.5 ** exp(-1.413845) = 0.5 ** 0.243207
#: = 0.8449, above one half at the last ending: no upper bound.
SHORT = [game("white", 10), game("black", 20), game("unfinished", 60), game("unfinished", 60)]

#: One game ended at 10, three stopped at 60: 3/4 still going after the last ending, so the median is
#: beyond the cap; the band's lower edge at 10 is 0.1280 (as for SHORT at 10), so its interval runs
#: from 10 to beyond the cap.
STOPPED = [game("white", 10)] + [game("unfinished", 60)] * 3


def comparison() -> Comparison:
    """SIX (median 30, interval 20 to beyond the cap: test_selfplay_by_hand), SHORT and STOPPED."""
    runs = {"six": SelfPlay(SIX, "cosmic"), "short": SelfPlay(SHORT, "cosmic"),
            "stopped": SelfPlay(STOPPED, "cosmic")}
    return Comparison(runs, {name: {} for name in runs})


def test_each_variants_median_length_is_kaplan_meiers_with_the_stopped_games_censored():
    rows = comparison().rows()
    assert [(r["median_plies"], r["median_low"], r["median_high"]) for r in rows] == [
        (30, 20, None), (20, 10, None), (None, 10, None)]
    assert [(r["unfinished"], r["cap"]) for r in rows] == [(1, 60), (2, 60), (3, 60)]
    # No mean length is offered: over games stopped at the cap it would be biased short.
    assert not {"plies", "plies_low", "plies_high"} & set(rows[0])


def test_the_change_in_median_is_a_difference_without_an_interval_and_none_beyond_the_cap():
    rows = comparison().rows()
    assert rows[0]["median_change"] is None  # the first variant is the base
    assert rows[1]["median_change"] == 20 - 30
    assert rows[2]["median_change"] is None  # beyond the cap: no number to subtract


def test_the_logrank_test_of_two_sets_of_lengths_by_hand():
    six = [(20, False), (25, False), (30, False), (40, False), (50, False), (60, True)]
    short = [(10, False), (20, False), (60, True), (60, True)]
    # At each ending: going in six, going in all, ended; six's endings there; expected 6-share * ended;
    # variance ended * p (1 - p) (n - ended) / (n - 1), p the six's share of the games going.
    # 10: 6 of 10, 1 ended (short's): O 0, E 0.6, V 0.24.
    # 20: 6 of 9, 2 ended (one each): O 1, E 1.333333, V 2 * 6/9 * 3/9 * 7/8 = 0.388889.
    # 25: 5 of 7: O 1, E 0.714286, V 5/7 * 2/7 = 0.204082.  30: 4 of 6: O 1, E 0.666667, V 0.222222.
    # 40: 3 of 5: O 1, E 0.6, V 0.24.  50: 2 of 4: O 1, E 0.5, V 0.25.
    # O 5, E 4.414286, V 1.545193: z = 0.585714 / 1.243058 = 0.471193; two-sided 2 (1 - 0.68125) = 0.6375.
    assert logrank(six, short) == pytest.approx(0.6375, abs=5e-4)
    assert logrank(short, six) == pytest.approx(0.6375, abs=5e-4)  # the test is symmetric
    assert logrank([(5, True)], [(9, True)]) is None  # no game ended: nothing to compare
    # Two games each, all of one set ending before the other's: 1, 2 against 3, 4.  At 1: 2 of 4, O 1,
    # E 0.5, V 0.25; at 2: 1 of 3, O 1, E 0.333333, V 1/3 * 2/3 = 0.222222; at 3 and 4 none of the first
    # set is going: E 0, V 0.  O - E = 1.166667, V = 0.472222, z = 1.697749, p = 2 (1 - 0.95522) = 0.0896.
    assert logrank([(1, False), (2, False)], [(3, False), (4, False)]) == pytest.approx(0.0896, abs=5e-4)
    rows = comparison().rows()
    assert rows[0]["p_plies"] is None and rows[1]["p_plies"] == pytest.approx(0.6375, abs=5e-4)


def test_the_table_writes_a_median_beyond_the_cap_as_such_never_as_a_number():
    table = comparison().table()
    assert list(table.index) == ["six", "short", "stopped"]
    # Each variant's longest stopped game ran 60 plies: the cap every "beyond" is given with.
    assert list(table["median plies"]) == ["30 (20 to beyond the cap of 60)", "20 (10 to beyond the cap of 60)",
                                           "beyond the cap of 60 (10 to beyond the cap of 60)"]
    assert list(table["stopped at the cap"]) == ["1 (at up to 60 plies)", "2 (at up to 60 plies)",
                                                 "3 (at up to 60 plies)"]
    assert list(table["change in median"]) == ["-", "-10 plies (interval not computed)",
                                               "not computed (a median beyond a cap)"]
    # p-values: short against six 0.6375 (above); score and draws from the z-test, not checked here.
    assert table["p-values (score, draws, lengths)"]["short"].endswith(", 0.64")
    assert plies_text(None, 60) == "beyond the cap of 60" and plies_text(7, 60) == "7"
    assert "sequential test" not in table  # played without sprt=


def test_the_length_panel_draws_each_median_and_marks_the_one_beyond_the_cap():
    rows = comparison().rows()
    ax = plots.median_lengths(rows, ["six", "short", "stopped"])
    assert ax.get_title() == "median length (plies)"
    bottom, top = ax.get_ylim()
    # The longest figure is the cap, 60: the panel runs 15% above it.
    assert (bottom, top) == (0, pytest.approx(69))
    # Bars at the medians, 30 and 20; the median beyond the cap an open, hatched bar up to the cap, 60.
    bars = ax.patches
    assert [b.get_height() for b in bars] == [30, 20, 60]
    assert [b.get_hatch() for b in bars] == [None, None, "//"] and bars[2].get_facecolor()[3] == 0
    assert [t.get_text() for t in ax.texts] == ["beyond the\ncap of 60"] and ax.texts[0].xy == (2, 30)
    # Every upper bound is beyond the cap: each interval runs to the top and ends in an arrow.
    arrows = [line for line in ax.get_lines() if line.get_marker() == "^"]
    assert sorted((line.get_xdata()[0], line.get_ydata()[0]) for line in arrows) == [(0, top), (1, top), (2, top)]
    # The whiskers' lower ends: 20, 10 and 10.
    lows = sorted(min(seg[:, 1]) for c in ax.collections for seg in c.get_segments())
    assert lows == pytest.approx([10, 10, 20])
    assert not any(math.isnan(b.get_height()) for b in bars)


def test_a_median_that_is_exactly_half_on_paper_is_not_lost_to_rounding():
    # 24 games ending at 1, 2, ..., 24, none stopped: after 12 plies 12 of 24 are going, one half
    # exactly, so the median is 12 (the product 23/24 * 22/23 * ... * 12/13 comes out a rounding above
    # 0.5 in floating point, which once moved the median to 13).
    assert kaplan_meier(list(range(1, 25)), [False] * 24).median()[0] == 12
    assert kaplan_meier(list(range(1, 39)), [False] * 38).median()[0] == 19
