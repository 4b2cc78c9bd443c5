"""The balance study across an engine ladder: colour-reversed pairs from one
opening, the pentanomial score, the search depth beside each figure, and a
sentence saying whether the engines agree."""

from __future__ import annotations

import pytest

from playbook import Record, load
from playbook.analysis import AlphaBeta, GreedyAgent, RandomAgent
from playbook.analysis.runs.results import SelfPlay
from playbook.analysis.runs.selfplay import selfplay
from playbook.analysis.statistics.balance import Balance, balance, change, search_depth, twins


def _record(seed, first, winners, draw=False, unfinished=False, notes=()):
    result = "" if unfinished else "draw" if draw else " and ".join(winners)
    return Record("cosmic", "", ["x"] * 10, players={"w": "a", "b": "a:stream=1"}, result=result, notes=list(notes),
                  seed=seed, first=first)


def test_twin_runs_make_colour_reversed_pairs_scored_by_the_pentanomial_model():
    run = SelfPlay([_record(0, "w", ["w"]), _record(1, "w", [], draw=True), _record(2, "w", [], unfinished=True),
                    _record(3, "w", ["w"])], "cosmic")
    swapped = SelfPlay([_record(0, "w", ["b"]), _record(1, "w", ["w"]), _record(2, "w", ["w"]),
                        _record(3, "w", ["w"])], "cosmic")
    pairs = twins(run, swapped)
    assert sorted(r.pair for r in pairs.records) == [0, 0, 1, 1, 2, 2, 3, 3]
    figure = pairs.first_move_pairs()
    # Finished pairs: 1 point (a win and a loss), 1.5 (a draw and a win), 2 (two wins); pair 2 is unfinished.
    assert figure["pairs"] == 3 and figure["unfinished"] == 1
    assert figure["score"] == pytest.approx((1 + 1.5 + 2) / 6)
    # With the stopped game as a draw, pair 2 scores 1.5 too.
    assert figure["score_if_draws"] == pytest.approx((1 + 1.5 + 2 + 1.5) / 8)
    study = Balance("cosmic", {"a": pairs})
    row = study.rows()[0]
    assert (row["pairs"], row["unfinished pairs"], row["games"], row["unfinished"]) == (3, 1, 8, 1)


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
                    options={"quiet_limit": 100})
    assert isinstance(study, Balance) and list(study.runs) == list(ladder)
    for run in study.runs.values():
        assert len(run.records) == 8
        by_pair = {}
        for r in run.records:
            by_pair.setdefault(r.pair, []).append(r)
        assert len(by_pair) == 4
        for a, b in by_pair.values():
            assert a.actions[:4] == b.actions[:4]  # the same opening
            assert a.players["white"] == b.players["black"]  # the copies swap seats
        # Each game's own seed: the two games of a pair are not one game played twice.
        assert any(a.actions != b.actions for a, b in by_pair.values())
    rows = {row["engine"]: row for row in study.rows()}
    assert rows["greedy"]["games"] == 8 and rows["greedy"]["mean depth"] == 1.0
    assert rows["greedy"]["sees replies"] == 0.0 and rows["greedy"]["shallow"]
    assert rows["alphabeta:depth=2"]["mean depth"] > 1 and rows["alphabeta:depth=2"]["sees replies"] > 0.5
    assert rows["greedy"]["pairs"] + rows["greedy"]["unfinished pairs"] == 4
    assert any(word in study.agreement() for word in ("favoured", "no engine shows"))


def test_a_search_that_never_sees_a_reply_is_warned_about():
    with pytest.warns(UserWarning, match="saw the opponent's answer"):
        study = balance(load("kelasu"), {"alphabeta:nodes=10": AlphaBeta.factory(nodes=10)}, pairs=1, book=2,
                        max_plies=12, progress=False)
    row = study.rows()[0]
    assert row["shallow"] and row["sees replies"] == 0.0 and row["mean depth"] < 2


def test_a_ladder_refuses_an_engine_class():
    with pytest.raises(TypeError, match="factory"):
        balance("cosmic", {"random": RandomAgent}, pairs=1)


def test_compare_reports_the_change_in_score_as_an_interval_and_the_search_depth():
    from playbook.analysis import compare

    result = compare("cosmic", {"standard": {"quiet_limit": 100}, "compulsory": {"quiet_limit": 100,
                                                                                "compulsory_capture": True}},
                     [GreedyAgent.factory(), GreedyAgent.factory()], games=30, progress=False)
    base, other = result.rows()
    assert base["score_change"] is None and base["depth"] == 1.0 and base["replies"] == 0.0
    assert other["score_change"] == pytest.approx(other["score"] - base["score"])
    assert other["score_change_low"] < other["score_change"] < other["score_change_high"]
    # Its width comes from both scores' intervals.
    widths = [(row["score_high"] - row["score_low"]) / 2 for row in (base, other)]
    assert other["score_change_high"] - other["score_change"] == pytest.approx(sum(w * w for w in widths) ** 0.5)


def test_a_factory_is_named_without_a_seed_no_game_of_it_had():
    # Each game's agents are made from its own seed (the record's seed), so the name a run gives a factory
    # carries none: it once read "GreedyAgent(seed=0) #1" in every record.
    run = selfplay("cosmic", [GreedyAgent.factory(), GreedyAgent.factory()], games=4, rotate=True, progress=False,
                   max_plies=20)
    assert {name for r in run.records for name in r.players.values()} == {"GreedyAgent() #1", "GreedyAgent() #2"}
    assert [r.seed for r in run.records] == [0, 1, 2, 3]
