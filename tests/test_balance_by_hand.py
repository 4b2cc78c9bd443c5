"""A balance study's rows and its sentence, from colour-reversed pairs written out by hand.

Every expected number is counted from the pairs below (z = 1.96,
z^2 = 3.8416); the records are built by :func:`pair` alone, so a change of
the record's shape is made in one place.
"""

from __future__ import annotations

import pytest

from playbook import Record
from playbook.analysis.runs.results import SelfPlay
from playbook.analysis.statistics.balance import Balance

SHALLOW = [{"depth": 1, "reply": 0}]
DEEPER = [{"depth": 1, "reply": 0}, {"depth": 3, "reply": 1}]


def pair(n: int, one: str, two: str, notes=SHALLOW, plies: int = 10) -> list[Record]:
    """The two games of pair ``n`` between copies "e" and "e:2" of an engine, White moving first in each
    and the copies swapping seats: ``one`` and ``two`` are each game's result, "white", "black", "draw" or
    "unfinished"."""
    seats = ({"white": "e", "black": "e:2"}, {"white": "e:2", "black": "e"})
    return [Record("cosmic", "", ["x"] * plies, players=seats[k], result="" if result == "unfinished" else result,
                   notes=list(notes), seed=2 * n + k, first="white", pair=2 * n)
            for k, result in enumerate((one, two))]


def run(*pairs: list[Record]) -> SelfPlay:
    """The games of ``pairs`` as one run."""
    return SelfPlay([g for p in pairs for g in p], "cosmic")


#: The first mover wins both games of all ten pairs.
FIRST = run(*(pair(n, "white", "white", DEEPER) for n in range(10)))
#: The second mover wins both games of all ten pairs.
SECOND = run(*(pair(n, "black", "black") for n in range(10)))
#: Four pairs split one game each, and a fifth whose second game was stopped.
EVEN = run(*(pair(n, "white", "black") for n in range(4)), pair(4, "white", "unfinished", plies=60))


def test_a_rung_whose_first_mover_wins_every_pair():
    row = Balance("cosmic", {"first": FIRST}).row("first")
    # 10 pairs of 2 points: score 1; no spread, so Wilson over the pairs, 10 / 13.8416 = 0.722460 to 1.
    assert (row["games"], row["pairs"], row["unfinished pairs"], row["unfinished"]) == (20, 10, 0, 0)
    assert (row["first mover"], row["score"], row["high"]) == ("white", 1.0, 1.0)
    assert row["low"] == pytest.approx(0.722460, abs=1e-6) and row["verdict"] == "first mover favoured"
    # Every game ends at 10 plies: the curve falls to 0 there, so the median and its bounds are 10.
    assert (row["median plies"], row["median low"], row["median high"]) == (10, 10, 10)
    # Notes of depth 1 (no reply seen) and 3 (a reply seen) in every game: mean depth 2, half see a reply,
    # which is not below the 0.5 that flags a rung.
    assert (row["mean depth"], row["sees replies"], row["shallow"]) == (2.0, 0.5, False)


def test_a_rung_whose_second_mover_wins_every_pair():
    row = Balance("cosmic", {"second": SECOND}).row("second")
    # Score 0: Wilson over 10 pairs, 0 to 3.8416 / 13.8416 = 0.277540.
    assert (row["score"], row["low"]) == (0.0, 0.0) and row["high"] == pytest.approx(0.277540, abs=1e-6)
    assert row["verdict"] == "second mover favoured" and row["shallow"]


def test_a_rung_of_split_pairs_with_one_stopped_game():
    row = Balance("cosmic", {"even": EVEN}).row("even")
    # Four finished pairs of 1 point each: score 0.5 and no spread among the pairs.  The fifth pair has a
    # stopped game: counted as a draw, it scores 1 + 0.5, so (4 * 1 + 1.5) / 10 = 0.55.
    assert (row["games"], row["pairs"], row["unfinished pairs"], row["unfinished"]) == (10, 4, 1, 1)
    assert row["score"] == 0.5 and row["score if unfinished drawn"] == pytest.approx(0.55, abs=1e-12)
    assert row["verdict"] == "not decided"
    # Nine games end at 10 plies, one stopped at 60: after 10 plies 1/10 are still going, median 10.
    assert row["median plies"] == 10


def test_each_rung_has_its_exact_p_value_corrected_for_the_ladder_and_a_plan_when_not_decided():
    rows = {row["engine"]: row for row in Balance("cosmic", {"first": FIRST, "even": EVEN}).rows()}
    # FIRST: ten pairs 1/2 above an even score, all above in 1 flip of 2^10: p = 2 / 1024.  EVEN: every pair
    # on 1/2, nothing to flip: p = 1.  Holm over two: 2 / 1024 * 2 = 0.0039, and 1.
    assert rows["first"]["p"] == 2 / 1024 and rows["first"]["p (Holm)"] == 4 / 1024
    assert rows["even"]["p"] == 1.0 and rows["even"]["p (Holm)"] == 1.0
    assert rows["first"]["pairs needed"] is None
    # EVEN has 4 finished pairs, too few to read a spread from: the plan takes 1/2, and the 5% split over two
    # engines: z at 98.75% 2.241403 + z at 80% 0.841621 = 3.083024; (3.083024 * 0.5 / 0.05)^2 = 950.5: 951.
    assert rows["even"]["pairs needed"] == 951
    # Four pairs on 1/2 and no spread: the score interval, 2 / 7.8416 = 0.255050 to 0.744950 (see
    # test_exact_by_hand).
    assert rows["even"]["low"] == pytest.approx(0.255050, abs=1e-6)


def test_a_rung_decided_alone_may_not_be_once_the_ladder_is_corrected():
    # Six pairs won 2-0: p = 2 / 64 = 0.03125 alone, decided (Wilson's 6 / 9.8416 = 0.6097 leaves 1/2 out).
    six = run(*(pair(n, "white", "white") for n in range(6)))
    alone = Balance("cosmic", {"six": six}).rows()[0]
    assert alone["p"] == 2 / 64 and alone["verdict"] == "first mover favoured"
    # Asked beside an even rung, Holm doubles it: 0.0625, not below 0.05.
    both = Balance("cosmic", {"six": six, "even": EVEN}).row("six")
    assert both["p (Holm)"] == 4 / 64 and both["verdict"] == "not decided"
    assert both["low"] > 0.5  # its own 95% interval still leaves 1/2 out: the correction is what holds it back


def test_the_sentence_says_whether_the_rungs_agree():
    assert Balance("cosmic", {"first": FIRST, "even": EVEN}).agreement() == (
        "first mover favoured by first; not decided by even (finished pairs to tell 0.55 from 0.5: even up to "
        "951); 2 engines asked, Holm's correction over them")
    assert Balance("cosmic", {"first": FIRST, "second": SECOND}).agreement() == (
        "the engines disagree: first mover favoured by first; second mover favoured by second; 2 engines asked, "
        "Holm's correction over them")
    # One engine: no correction; (2.801585 * 0.5 / 0.05)^2 = 784.9.
    assert Balance("cosmic", {"even": EVEN}).agreement() == (
        "no engine shows either side favoured (finished pairs to tell 0.55 from 0.5: even up to 785); 1 engine asked")
    assert Balance("cosmic", {"even": EVEN, "again": EVEN}).agreement() == (
        "no engine shows either side favoured (finished pairs to tell 0.55 from 0.5: even up to 951, again up to "
        "951); 2 engines asked, Holm's correction over them")


def test_the_ladder_is_drawn_in_its_order_with_each_rungs_interval():
    import matplotlib

    matplotlib.use("Agg")
    from playbook.analysis import plots

    study = Balance("cosmic", {"first": FIRST, "even": EVEN, "second": SECOND})
    score, length = plots.balance(study)
    # One point a rung at its score, 1, 0.5 and 0, with its interval as the error bar: FIRST 0.722460 to 1,
    # EVEN 0.255050 to 0.744950, SECOND 0 to 0.277540 (worked out above and in test_exact_by_hand).
    points = [line.get_ydata()[0] for line in score.get_lines() if line.get_marker() == "o"]
    assert points == [1.0, 0.5, 0.0]
    bars = sorted((seg[0][0], min(seg[:, 1]), max(seg[:, 1])) for c in score.collections for seg in c.get_segments())
    assert [b[0] for b in bars] == [0, 1, 2]
    assert bars[0][1:] == pytest.approx((0.722460, 1.0), abs=1e-6)
    assert bars[1][1:] == pytest.approx((0.255050, 0.744950), abs=1e-6)
    assert bars[2][1:] == pytest.approx((0.0, 0.277540), abs=1e-6)
    # A side named: a filled dot; not decided: an open one.
    faces = [line.get_markerfacecolor() for line in score.get_lines() if line.get_marker() == "o"]
    assert faces[1] == "white" and faces[0] != "white" and faces[2] != "white"
    assert [t.get_text() for t in score.get_xticklabels()] == ["first\n(10 pairs)", "even\n(4 pairs)",
                                                               "second\n(10 pairs)"]
    # Every game of these pairs ends at 10 plies: bars of 10.
    assert [b.get_height() for b in length.patches] == [10, 10, 10]
