"""The balance study across an engine ladder: colour-reversed pairs from one
opening, the pentanomial score, the search depth beside each figure, and a
sentence saying whether the engines agree."""

from __future__ import annotations

import pytest

from playbook import load
from playbook.analysis import AlphaBeta, GreedyAgent, RandomAgent
from playbook.analysis.balance import Balance, balance, change, pair_scores, search_depth
from playbook.analysis.selfplay import SelfPlay


def _record(seed, first, winners, draw=False, unfinished=False, notes=()):
    return {"seed": seed, "first": first, "winners": list(winners), "draw": draw, "unfinished": unfinished,
            "notes": list(notes), "plies": 10, "setup_plies": 0, "result": "x", "winner": None}


def test_pairs_count_the_first_movers_points_over_both_games_of_a_pair():
    run = SelfPlay([_record(0, "w", ["w"]), _record(1, "w", [], draw=True), _record(2, "w", [], unfinished=True)],
                   "cosmic")
    swapped = SelfPlay([_record(0, "w", ["b"]), _record(1, "w", ["w"]), _record(2, "w", ["w"])], "cosmic")
    # Pair 0: first mover won one, lost one (1 point); pair 1: a draw and a win (1.5); pair 2 is broken.
    assert pair_scores(run, swapped) == ([1.0, 1.5], 1)


def test_search_depth_reads_the_engines_notes():
    run = SelfPlay([_record(0, "w", ["w"], notes=[None, {"depth": 1, "reply": 0}, {"depth": 3, "reply": 1},
                                                  {"depth": 2, "reply": 1}])], "cosmic")
    assert search_depth(run) == {"moves": 3, "depth": 2.0, "reply": pytest.approx(2 / 3)}
    assert search_depth(SelfPlay([_record(0, "w", ["w"])], "cosmic")) == {"moves": 0, "depth": None, "reply": None}


def test_a_change_is_an_interval_that_may_hold_zero():
    # Two scores of standard error 0.03 each: the change has standard error 0.03 * sqrt 2.
    row = change({"score": 0.5, "low": 0.5 - 1.96 * 0.03, "high": 0.5 + 1.96 * 0.03},
                 {"score": 0.45, "low": 0.45 - 1.96 * 0.03, "high": 0.45 + 1.96 * 0.03})
    half = 1.96 * 0.03 * 2 ** 0.5
    assert row["change"] == pytest.approx(-0.05)
    assert (row["low"], row["high"]) == (pytest.approx(-0.05 - half), pytest.approx(-0.05 + half))


def test_a_ladder_plays_colour_reversed_pairs_from_one_opening_and_says_whether_it_agrees():
    ladder = {"greedy": GreedyAgent.factory(), "alphabeta:depth=2": AlphaBeta.factory(depth=2)}
    study = balance("cosmic", ladder, pairs=4, book=4, seed=5, max_plies=40, progress=False,
                    variant={"quiet_limit": 100})
    assert isinstance(study, Balance) and list(study.runs) == list(ladder)
    for run, swapped in study.runs.values():
        assert [r["seed"] for r in run.records] == [r["seed"] for r in swapped.records] == [5, 6, 7, 8]
        for a, b in zip(run.records, swapped.records, strict=True):
            assert a["actions"][:4] == b["actions"][:4]  # the same opening
        # The copies swap seats: the stream-1 copy sits second, then first.
        assert "stream=1" in run.records[0]["agents"]["black"] and "stream=1" in swapped.records[0]["agents"]["white"]
        # Ties broken on two streams: the twins are not one game played twice.
        assert any(a["actions"] != b["actions"] for a, b in zip(run.records, swapped.records, strict=True))
    rows = {row["engine"]: row for row in study.rows()}
    assert rows["greedy"]["games"] == 8 and rows["greedy"]["mean depth"] == 1.0
    assert rows["alphabeta:depth=2"]["mean depth"] > 1 and rows["alphabeta:depth=2"]["sees replies"] > 0.5
    assert rows["greedy"]["pairs"] + rows["greedy"]["unfinished pairs"] == 4
    assert any(word in study.agreement() for word in ("favoured", "no engine shows"))


def test_a_search_that_never_sees_a_reply_is_warned_about():
    with pytest.warns(UserWarning, match="saw the opponent's answer"):
        study = balance(load("kelasu"), {"alphabeta:nodes=10": AlphaBeta.factory(nodes=10)}, pairs=1, book=2,
                        max_plies=12, progress=False)
    row = study.rows()[0]
    assert row["shallow"] and row["sees replies"] == 0.0 and row["mean depth"] < 2


def test_a_ladder_takes_factories_only():
    with pytest.raises(TypeError, match="factory"):
        balance("cosmic", {"random": RandomAgent}, pairs=1)
