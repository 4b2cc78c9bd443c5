"""A self-play run's and a tournament's figures, and the plots of them, counted by hand.

The runs are six games written out below, not played: every expected number
is counted from that list, with the arithmetic beside it (z = 1.96,
z^2 = 3.8416).  The records are built by :func:`game` alone, so a change of
the record's shape is made in one place.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from playbook import Record  # noqa: E402
from playbook.analysis import SelfPlay, Tournament, plots  # noqa: E402
from playbook.analysis.statistics.report import report  # noqa: E402


def game(result: str, plies: int, opening: str = "c2-d3", white: str = "a", black: str = "b",
         first: str = "white") -> Record:
    """One Cosmic Chess game, ``first`` moving first: ``result`` is "white", "black", "draw" or
    "unfinished" (stopped at the cap after ``plies``)."""
    return Record("cosmic", "", ["x"] * plies, players={"white": white, "black": black},
                  result="" if result == "unfinished" else result, first=first, opening=opening)


#: White wins three, Black one, one draw, one game stopped at 60 plies.
SIX = [game("white", 20), game("white", 30), game("black", 25, "b3-a4"), game("draw", 40),
       game("white", 50, "b3-a4"), game("unfinished", 60, "b3-a4")]


def test_the_summary_of_six_games_counted_by_hand():
    s = SelfPlay(SIX, "cosmic").summary()
    assert (s["games"], s["wins"], s["draws"], s["unfinished"], s["errors"]) == (6, {"white": 3, "black": 1}, 1, 1, 0)
    # Decided games 4, won by the first mover 3: 0.75.
    assert s["first_player_win_rate"] == 0.75
    # Finished 5: 3 wins, 1 draw, 1 loss, (3 + 0.5) / 5 = 0.7.  Spread 3 * 0.3^2 + 0.2^2 + 0.7^2 = 0.8, over
    # 5 = 0.16; half width 1.96 sqrt(0.16 / 5) = 0.350615: 0.349 to 1 (1.0506 capped).
    assert s["first_mover"] == "white" and s["first_mover_score"] == pytest.approx(0.7, abs=1e-12)
    assert s["first_mover_interval"] == (0.349, 1.0)
    # The stopped game as a draw: (3 + 1) / 6.
    assert s["first_mover_score_if_unfinished_drawn"] == pytest.approx(4 / 6, abs=1e-12)


def test_the_first_movers_score_follows_the_mover_when_black_starts():
    # Black moves first and wins 2, White wins 1, one draw: Black's (2 + 0.5) / 4 = 0.625, not White's 0.375.
    run = SelfPlay([game(r, 10, first="black") for r in ("black", "black", "white", "draw")], "cosmic")
    a = run.first_move_advantage()
    assert (a["mover"], a["wins"], a["draws"], a["losses"]) == ("black", 2, 1, 1)
    assert a["score"] == pytest.approx(0.625, abs=1e-12)
    # Spread 2 * 0.375^2 + 0.125^2 + 0.625^2 = 0.28125 + 0.015625 + 0.390625 = 0.6875, over 4 = 0.171875;
    # half width 1.96 sqrt(0.171875 / 4) = 0.406286.
    assert (a["low"], a["high"]) == (pytest.approx(0.625 - 0.406286, abs=1e-6), 1.0)
    assert run.summary()["first_player_win_rate"] == pytest.approx(2 / 3, abs=1e-12)  # 2 of the 3 decided


def test_the_median_length_of_six_games_counted_by_hand():
    # Ended at 20, 25, 30, 40, 50 (6, 5, 4, 3, 2 going): 5/6, 4/6, 3/6 = 0.5, 2/6, 1/6; 60 stopped.
    # The median is 30.  The band's lower edge at 20: sum 1/(6*5) = 1/30, spread 1.96 * 0.182574 / 0.182322
    # = 1.962710, (5/6) ** 7.1175 = 0.2731, under one half: 20.  Its upper edge at 50: sum 1/30 + 1/20 +
    # 1/12 + 1/6 + 1/2 = 0.833333, spread 1.96 * 0.912871 / 1.791759 = 0.998560, (1/6) ** 0.368410 = 0.5168,
    # still above one half at the last ending: no upper bound.
    run = SelfPlay(SIX, "cosmic")
    curve = run.lengths_survival()
    assert curve.survival == pytest.approx([5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6], abs=1e-12)
    assert run.summary()["median_plies"] == 30 and run.summary()["median_plies_interval"] == (20, None)


def test_win_rates_of_six_games_with_wilson_intervals_by_hand():
    rates = SelfPlay(SIX, "cosmic").win_rates()
    assert list(rates) == ["black", "white", "draw", "unfinished"]
    assert [rates[k]["games"] for k in rates] == [1, 3, 1, 1] and {r["n"] for r in rates.values()} == {6}
    # 3 of 6: centre (0.5 + 3.8416/12) / (1 + 3.8416/6) = 0.820133 / 1.640267 = 0.5; half width
    # 1.96 sqrt(0.25/6 + 3.8416/144) / 1.640267 = 1.96 * 0.261428 / 1.640267 = 0.312387: 0.187613 to 0.812387.
    assert (rates["white"]["low"], rates["white"]["high"]) == (pytest.approx(0.187613, abs=1e-6),
                                                               pytest.approx(0.812387, abs=1e-6))
    # 1 of 6: centre (1/6 + 0.320133) / 1.640267 = 0.296781; half width 1.96 sqrt(0.023148 + 0.026678)
    # / 1.640267 = 0.266728: 0.030053 to 0.563509.
    assert rates["black"]["rate"] == pytest.approx(1 / 6, abs=1e-12)
    assert (rates["draw"]["low"], rates["draw"]["high"]) == (pytest.approx(0.030053, abs=1e-6),
                                                             pytest.approx(0.563509, abs=1e-6))


def test_the_first_move_table_by_opening_of_six_games():
    rows = SelfPlay(SIX, "cosmic").by_opening()
    assert [(r["opening"], r["games"], r["wins"], r["draws"], r["unfinished"]) for r in rows] == [
        ("c2-d3", 3, 2, 1, 0), ("b3-a4", 2, 1, 0, 1)]
    # c2-d3: 2 wins, 1 draw: 2.5 / 3 = 0.833333; spread 2 * (1/6)^2 + (1/3)^2 = 1/6, over 3 = 1/18; half width
    # 1.96 sqrt(1/54) = 0.266722: 0.566611 to 1 (capped).
    assert rows[0]["score"] == pytest.approx(5 / 6, abs=1e-12)
    assert (rows[0]["low"], rows[0]["high"]) == (pytest.approx(0.566611, abs=1e-6), 1.0)
    # b3-a4: a win and a loss, 0.5 -+ 1.96 sqrt(0.25 / 2) = 0.692965: 0 to 1 after capping.
    assert (rows[1]["score"], rows[1]["low"], rows[1]["high"]) == (0.5, 0.0, 1.0)


def test_a_two_agent_tournament_rated_by_hand():
    # a wins 3 (twice as White, once as Black) and loses once (as Black).
    records = [game("white", 10), game("white", 10), game("black", 10, white="b", black="a"),
               game("white", 10, white="b", black="a")]
    t = Tournament(records, "cosmic", ["a", "b"])
    rows = {r["name"]: r for r in t.ratings()}
    # With the prior's drawn game a has 3.5 of 5 points, odds 7:3, a gap of 400 log10(7/3) = 147.19: +-73.60.
    assert rows["a"]["elo"] == pytest.approx(73.5954, abs=1e-3) and rows["b"]["elo"] == pytest.approx(-73.5954,
                                                                                                     abs=1e-3)
    assert (rows["a"]["games"], rows["a"]["wins"], rows["a"]["losses"], rows["a"]["score"]) == (4, 3, 1, 0.75)
    # a's interval, b held at -73.60: Wilson for 3 of 4 is (0.75 + 0.4802) / 1.9604 -+ 1.96 sqrt(0.046875 +
    # 0.060025) / 1.9604 = 0.627525 -+ 0.326889, 0.300636 to 0.954414, i.e. -146.66 to +528.36 Elo.
    assert rows["a"]["low"] == pytest.approx(-73.5954 - 146.6649, abs=1e-2)
    assert rows["a"]["high"] == pytest.approx(-73.5954 + 528.3619, abs=1e-2)
    assert t.pairings() == [{"agent": "a", "opponent": "b", "games": 4, "points": 3.0, "opponent points": 1.0,
                             "unfinished": 0}]


def test_a_three_seat_game_rated_by_hand():
    # Ann (A) wins alone: A beats B and C, B and C share a half.  With the prior (one drawn game a pair)
    # A has 1.5 of 2 against each, B and C 1 of 2 against each other: A's equation 3 = 4 g / (g + 1)
    # gives g = 3, a gap of 400 log10 3 = 190.85 over B and C; averaging 0, A +127.23, B and C -63.62.
    record = Record("wheel", "", [], players={"Ann": "A", "Bob": "B", "Cyd": "C"}, result="Ann")
    rows = {r["name"]: r for r in Tournament([record], "wheel", ["A", "B", "C"]).ratings()}
    assert rows["A"]["elo"] == pytest.approx(127.2323, abs=1e-3)
    assert rows["B"]["elo"] == pytest.approx(-63.6162, abs=1e-3) and rows["C"]["elo"] == pytest.approx(-63.6162,
                                                                                                      abs=1e-3)
    # A's 1 of 1: Wilson's lower bound 1 / 4.8416 = 0.206543, 400 log10(0.206543 / 0.793457) = -233.80,
    # against the field's -63.62: -297.42.
    assert rows["A"]["low"] == pytest.approx(-297.421, abs=1e-2) and rows["A"]["high"] == float("inf")


def test_the_plots_draw_the_figures_counted_by_hand():
    run = SelfPlay(SIX, "cosmic")
    ax = plots.win_rates(run)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["black", "white", "draw", "unfinished"]
    assert [p.get_height() for p in ax.patches] == pytest.approx([1 / 6, 1 / 2, 1 / 6, 1 / 6], abs=1e-12)
    ax = plots.first_move_advantage({"six": run})
    assert [p.get_height() for p in ax.patches] == pytest.approx([0.7], abs=1e-12)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["six\n(white, 5 games)"]
    ax = plots.first_move_by_opening(run)
    assert [p.get_width() for p in ax.patches] == pytest.approx([5 / 6, 0.5], abs=1e-12)
    ax = plots.game_lengths(run, bins=4)
    # Lengths 20, 25, 30, 40, 50, 60 in four bins of 10 from 20: 20-30 (20, 25), 30-40, 40-50, 50-60 (50, 60).
    assert [p.get_height() for p in ax.patches] == [2, 1, 1, 2]


def test_the_printed_summary_of_six_games():
    lines = report(SelfPlay(SIX, "cosmic"), "six").splitlines()
    assert lines[0] == "six: 6 games of cosmic (white a, black b; options default; setup default; book 0)"
    assert lines[1] == "results: black 1, white 3, 1 draw, 1 unfinished (none by an error)"
    # Finished: 0.7, 0.349 to 1 (above).  With the stopped game drawn, 3 wins, 2 draws, 1 loss: 4/6 = 0.667;
    # spread 3 * (1/3)^2 + 2 * (1/6)^2 + (2/3)^2 = 0.833333, over 6 = 0.138889; half width
    # 1.96 sqrt(0.138889 / 6) = 0.298204: 0.368 to 0.965.
    assert lines[2] == ("first mover (white) scores 0.700 (95% interval 0.349 to 1.000) over 5 finished games; "
                        "1 game unfinished, as draws 0.667 (95% interval 0.368 to 0.965) "
                        "(draws as draws, trinomial)")
    # The one stopped game ran 60 plies: the cap a median beyond it is given with, the run's own unknown here.
    assert lines[3] == ("length: median 30 plies of play (95% interval 20 to beyond the cap of 60; Kaplan-Meier, "
                        "1 unfinished games counted as still going where they stopped)")
