"""Rotating seats, colour-reversed pairs, the sequential test in selfplay and compare, the opening
table keyed by position, the per-move table and ``playbook summary``."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from playbook import Record, load
from playbook.analysis import AlphaBeta, GreedyAgent, RandomAgent, SelfPlay, compare, load_results, selfplay
from playbook.analysis.runs.results import pair_figure
from playbook.command.cli import main

COSMIC = load("cosmic")


def test_rotated_seats_make_colour_reversed_pairs_from_one_random_opening():
    run = selfplay(COSMIC, [RandomAgent, GreedyAgent], games=6, rotate=True, book=3, names=["r", "g"],
                   progress=False, max_plies=80)
    seats = [(r.players["white"], r.players["black"]) for r in run.records]
    assert seats == [("r", "g"), ("g", "r")] * 3
    assert [r.pair for r in run.records] == [0, 0, 2, 2, 4, 4]
    for a, b in zip(run.records[::2], run.records[1::2], strict=True):
        assert a.actions[:3] == b.actions[:3]
        # The book is a random player's from the pair's seed, as a reader can replay.
        state, rng = COSMIC.initial(), RandomAgent(seed=a.pair)
        for text in a.actions[:3]:
            assert rng.choose(state).text == text
            state = state.play(text)
    assert run.records[0].actions[:3] != run.records[2].actions[:3]


def game(white: str, black: str, result: str, pair: int) -> Record:
    """A Cosmic Chess record with White moving first: result "white", "black", "draw" or "unfinished"."""
    return Record("cosmic", "", [], players={"white": white, "black": black}, first="white", pair=pair,
                  result="" if result == "unfinished" else result)


def test_pairs_are_scored_for_the_first_mover_and_for_each_agent_by_hand():
    records = [game("a", "b", "white", 0), game("b", "a", "white", 0),   # first mover 2 points, a 1
               game("a", "b", "draw", 2), game("b", "a", "draw", 2),     # first mover 1, a 1
               game("a", "b", "black", 4), game("b", "a", "white", 4),   # first mover 1, a 0
               game("a", "b", "white", 6), game("b", "a", "unfinished", 6)]  # a stopped game: an unfinished pair
    run = SelfPlay(records, "cosmic")
    first = run.first_move_pairs()
    # Finished pairs at 2, 1, 1 points: counts [0, 0, 2, 0, 1]; a game's mean (1/2 + 1/2 + 1) / 3 = 2/3.
    assert first["counts"] == [0, 0, 2, 0, 1] and first["pairs"] == 3 and first["unfinished"] == 1
    assert first["score"] == pytest.approx(2 / 3)
    # With the stopped game as a draw, the fourth pair has 1 + 1/2: (2 + 1 + 1 + 1.5) / 8 = 0.6875.
    assert first["score_if_draws"] == pytest.approx(0.6875)
    a = run.pair_score("a")
    assert a["counts"] == [1, 0, 2, 0, 0] and a["score"] == pytest.approx(1 / 3)
    # A pair missing a game (a run stopped between them) is left out and counted.
    assert pair_figure(records[:-1], lambda r: 1.0)["incomplete"] == 1


def test_selfplay_offers_the_sequential_test_and_compare_tests_the_change_a_variant_makes():
    # Greedy takes any piece it can; random does not: far more than 100 Elo apart, decided early.
    run = selfplay(COSMIC, [GreedyAgent, RandomAgent], games=200, rotate=True, sprt=(0, 100), progress=False,
                   max_plies=200)
    assert run.sprt["decision"] == "elo1" and len(run) < 200
    with pytest.raises(Exception, match="sprt= tests the first agent against the second"):
        selfplay(COSMIC, [GreedyAgent, RandomAgent], games=4, sprt=(0, 100), out="nowhere", progress=False)
    # compare's test is of the variant against the first, on games paired by seed: one variant is refused, and
    # so are hypotheses in Elo.
    with pytest.raises(Exception, match="at least two variants"):
        compare(COSMIC, {"standard": {}}, [GreedyAgent, RandomAgent], games=20, sprt=0.05, progress=False)
    with pytest.raises(Exception, match="not Elo"):
        compare(COSMIC, {"a": {}, "b": {"quiet_limit": 50}}, [GreedyAgent, RandomAgent], games=20, sprt=(0, 100),
                progress=False)
    with pytest.raises(Exception, match="in memory"):
        compare(COSMIC, {"a": {}, "b": {"quiet_limit": 50}}, [GreedyAgent, RandomAgent], games=20, sprt=0.05,
                out="nowhere", progress=False)


def test_a_sequential_comparison_stops_every_variant_at_the_same_seed():
    # Greedy against random: under compulsory capture greedy must take what it is offered and the first
    # mover (greedy, always White) scores far less: the either-way test finds the fall.
    variants = {"standard": {"quiet_limit": 100}, "compulsory": {"quiet_limit": 100, "compulsory_capture": True}}
    c = compare(COSMIC, variants, [GreedyAgent.factory(), RandomAgent.factory()], games=400, sprt=0.1,
                progress=False, max_plies=300)
    standard, compulsory = c.runs["standard"], c.runs["compulsory"]
    test = c.sequential["compulsory"]
    assert test["decision"] == "fall" and test["games"] < 400
    # The same seeds in both, stopped together at the seed whose change decided.
    assert [r.seed for r in standard.records] == [r.seed for r in compulsory.records]
    assert standard.records[-1].seed == max(r.seed for r in compulsory.records)
    rows = c.rows()
    assert rows[0]["sprt"] is None and rows[1]["sprt"] == "fall"
    text = c.table()["sequential test"]
    assert text["standard"] == "-" and text["compulsory"].startswith("a fall of 0.100 rather than none, after ")


def test_identical_rules_show_no_change_after_the_paired_seeds_worked_out_by_hand():
    # Two variants with the same rules play the same games seed for seed: every paired change is 0.  Tested
    # between 0 and a rise of 0.1 (half of the 5% each way), the most likely chances with mean 0.1 put about
    # 0.1 on a change of +1 and 0.9 on 0, so each 0 adds ln 0.9 = -0.105361 to the log-likelihood ratio;
    # the bound is ln(0.05 / 0.975) = -2.970414, passed after 29 changes (28 give -2.950).  The fall's test is
    # the mirror image: no change either way after 29 seeds, both variants stopped there.
    same = {"a": {"quiet_limit": 100}, "b": {"quiet_limit": 100}}
    c = compare(COSMIC, same, [GreedyAgent.factory(), GreedyAgent.factory()], games=200, sprt=0.1, progress=False)
    test = c.sequential["b"]
    assert all(r.result == s.result for r, s in zip(c.runs["a"].records, c.runs["b"].records, strict=True))
    assert test["decision"] == "no change" and test["games"] == 29
    assert test["rise"]["llr"] == pytest.approx(29 * math.log(0.9), abs=0.01)
    assert len(c.runs["a"]) == len(c.runs["b"]) == 29  # every game finished here: seeds 0 to 28
    assert c.table()["sequential test"]["b"] == "no change of 0.100 either way, after 29 paired seeds"


def test_the_opening_table_is_keyed_by_position_so_move_orders_that_transpose_count_together():
    start = COSMIC.initial()
    # Two White moves and a Black reply that commute: played in either order, one position.
    found = None
    for w1 in start.legal_actions():
        for w2 in start.legal_actions():
            if w1.text >= w2.text:
                continue
            after = start.play(w1)
            for b in after.legal_actions():
                one = [w1.text, b.text, w2.text]
                two = [w2.text, b.text, w1.text]
                try:
                    a_end = start.play(one[0]).play(one[1]).play(one[2])
                    b_end = start.play(two[0]).play(two[1]).play(two[2])
                except Exception:
                    continue
                if a_end.to_text() == b_end.to_text():
                    found = (one, two, a_end)
                    break
            if found:
                break
        if found:
            break
    one, two, end = found
    records = [Record("cosmic", start.to_text(), one + ["x"], result="black", book=3),
               Record("cosmic", start.to_text(), two + ["y"], result="draw", book=3),
               Record("cosmic", start.to_text(), one[:2], result="white", book=3)]  # ended before 3 actions
    rows = SelfPlay(records, "cosmic").by_position()
    # One position, reached by both move orders; Black to move there won one and drew one: 0.75.
    assert len(rows) == 1 and rows[0]["position"] == end.to_text() and rows[0]["games"] == 2
    assert rows[0]["to_move"] == "black" and (rows[0]["wins"], rows[0]["draws"], rows[0]["losses"]) == (1, 1, 0)
    assert rows[0]["score"] == 0.75 and rows[0]["moves"] == {"x": 1, "y": 1}
    # After no action at all, every game starts from the one start position.
    assert SelfPlay(records, "cosmic").by_position(plies=0)[0]["games"] == 3


def test_the_per_move_table_has_one_row_an_action_with_its_mover_agent_book_and_engine_notes():
    run = selfplay(COSMIC, [AlphaBeta(depth=1), RandomAgent], games=1, book=2, names=["ab", "r"], progress=False,
                   max_plies=12)
    (r,) = run.records
    rows = run.moves()
    assert [row["action"] for row in rows] == r.actions and [row["ply"] for row in rows] == list(range(1, 13))
    assert [row["mover"] for row in rows] == ["white", "black"] * 6
    assert [row["book"] for row in rows] == [True, True] + [False] * 10
    assert [row["agent"] for row in rows[2:4]] == ["ab", "r"]
    assert rows[2]["depth"] == 1 and rows[3]["depth"] is None and rows[0]["depth"] is None  # book moves: no note
    frame = run.moves_frame()
    assert len(frame) == 12 and frame.groupby("agent").size().to_dict() == {"ab": 6, "r": 6}


def test_playbook_summary_prints_a_folders_figures_with_intervals(tmp_path, capsys):
    out = tmp_path / "run"
    main(["selfplay", "cosmic", "--agents", "random,greedy", "--games", "8", "--out", str(out), "--rotate",
          "--book", "2", "--quiet", "--max-plies", "60"])
    capsys.readouterr()
    assert main(["summary", str(out)]) == 0
    text = capsys.readouterr().out
    run = load_results(out)
    stopped = sum(r.unfinished for r in run.records)
    assert "8 games of cosmic (agents greedy and random, seats rotating" in text
    assert "first mover (white) scores" in text and "95% interval" in text
    assert f"{stopped} unfinished games counted as still going" in text
    assert "over colour-reversed pairs" in text
    with pytest.raises(SystemExit) as stop:
        main(["summary", str(tmp_path / "nothing")])
    assert stop.value.code == 2


def test_a_rotated_run_on_disk_resumes_as_one_straight_run_and_keeps_rotate_among_its_settings(tmp_path):
    def without_time(records):
        return [replace(r, seconds=0.0) for r in records]

    agents = [RandomAgent, GreedyAgent]
    selfplay(COSMIC, agents, games=3, rotate=True, book=2, out=tmp_path, progress=False, max_plies=60)
    resumed = selfplay(COSMIC, agents, games=6, rotate=True, book=2, out=tmp_path, progress=False, max_plies=60)
    straight = selfplay(COSMIC, agents, games=6, rotate=True, book=2, progress=False, max_plies=60)
    assert without_time(resumed.records) == without_time(straight.records)
    assert [r.pair for r in load_results(tmp_path).records] == [0, 0, 2, 2, 4, 4]
    with pytest.raises(Exception, match="rotate"):
        selfplay(COSMIC, agents, games=6, book=2, out=tmp_path, progress=False, max_plies=60)


def test_a_tournament_rates_its_agents_with_a_first_move_term_by_hand():
    from playbook.analysis import Tournament

    # a moving first scores 3 of 4, b moving first 2 of 4: h = 200 log10(3) = 95.42 Elo, a +47.71
    # (the closed form is worked in tests/test_draw_stats.py).
    records = ([game("a", "b", "white", 0)] * 3 + [game("a", "b", "black", 0)]
               + [game("b", "a", "white", 0), game("b", "a", "black", 0)] * 2)
    fit = Tournament(records, "cosmic", ["a", "b"]).first_move_rating(prior=0)
    assert fit["first_move"] == pytest.approx(95.424, abs=1e-3) and fit["ratings"]["a"] == pytest.approx(47.712,
                                                                                                         abs=1e-3)


def test_compare_reports_unfinished_games_and_the_median_length():
    c = compare(COSMIC, {"short": {}}, [RandomAgent, RandomAgent], games=12, max_plies=30, progress=False)
    (row,) = c.rows()
    run = c.runs["short"]
    assert row["unfinished"] == sum(r.unfinished for r in run.records) == row["games"] - row["finished"]
    assert (row["median_plies"], row["median_low"], row["median_high"]) == run.lengths_survival().median()
    first = run.first_move_advantage()
    assert (row["score_low"], row["score_high"], row["score_if_draws"]) == (first["low"], first["high"],
                                                                            first["score_if_draws"])


def test_the_first_move_table_counts_draws_as_draws_and_keeps_unfinished_games_in_view():
    def rec(opening, result):
        return replace(game("a", "b", result, 0), opening=opening)

    run = SelfPlay([rec("c2-d3", "white"), rec("c2-d3", "draw"), rec("c2-d3", "black"), rec("c2-d3", "unfinished"),
                    rec("b3-a4", "unfinished")], "cosmic")
    (row,) = run.by_opening()  # b3-a4 has no finished game: no row to score
    # 1 win, 1 draw, 1 loss: 0.5; spread (0.25 + 0 + 0.25) / 3 = 1/6, half width 1.96 sqrt(1/18) = 0.461976.
    assert (row["opening"], row["games"], row["wins"], row["draws"], row["unfinished"]) == ("c2-d3", 3, 1, 1, 1)
    assert row["score"] == 0.5 and row["low"] == pytest.approx(0.5 - 0.461976, abs=1e-6)


def test_compare_tables_each_variants_openings_by_position():
    c = compare(COSMIC, {"standard": {}}, [RandomAgent, RandomAgent], games=6, book=2, progress=False, max_plies=40)
    table = c.positions()
    assert table["games"].sum() == 6 and set(table["to_move"]) == {"white"}


def test_a_tournaments_ratings_say_how_many_of_each_agents_games_stopped():
    from playbook.analysis import Tournament

    records = [game("a", "b", "white", 0), game("b", "a", "unfinished", 0), game("a", "b", "unfinished", 2)]
    rows = {r["name"]: r for r in Tournament(records, "cosmic", ["a", "b"]).ratings()}
    assert (rows["a"]["games"], rows["a"]["unfinished"]) == (1, 2) and rows["b"]["unfinished"] == 2
    assert "| unfinished |" in Tournament(records, "cosmic", ["a", "b"])._repr_markdown_()
