"""Self-play and tournaments: records, first-move bookkeeping, executors (Dask too), ratings."""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor

import pytest

from playbook import Record, load
from playbook.analysis import GreedyAgent, RandomAgent, SelfPlayError, elo_ratings, selfplay, tournament, wilson
from playbook.analysis.runs.games import play_game

COSMIC = load("cosmic")
CRESNOVIAN = load("cresnovian")
ARRANGEMENT = {"A1": "innervation", "A2": "essence", "A3": "duality", "D3": "cosmos", "E3": "velocity",
               "F3": "radiance", "I1": "corporeality", "I2": "caprice", "I3": "cognizance"}


def test_records_carry_what_a_designer_needs_and_load_into_pandas():
    result = selfplay(COSMIC, [RandomAgent, RandomAgent], games=4, seed=10, progress=False)
    frame = result.frame()
    assert list(frame["seed"]) == [10, 11, 12, 13]
    for column in ("players", "options", "setup", "result", "reason", "plies", "seconds", "first", "opening", "actions"):
        assert column in frame.columns
    record = result.records[0]
    assert record.players == {"white": "RandomAgent()", "black": "RandomAgent()"}
    assert record.plies == len(record.actions) and record.seconds > 0
    assert record.result in ("white", "black", "draw")
    # A record replays to the position the game ended in.
    states = record.states()
    assert states[-1].outcome is not None and states[-1].outcome.reason == record.reason
    # Every game is a Record, each replaying its own actions from its own start.
    assert all(isinstance(r, Record) for r in result.records)
    assert [r.final().outcome.reason for r in result.records] == list(frame["reason"])


def test_the_same_seed_gives_the_same_games_and_agents_are_copied_not_shared():
    engine = RandomAgent(seed=99)
    one = selfplay(COSMIC, [engine, RandomAgent], games=3, progress=False)
    two = selfplay(COSMIC, [engine, RandomAgent], games=3, progress=False)
    assert [r.actions for r in one.records] == [r.actions for r in two.records]
    assert engine.seed == 99  # the agent given was copied for each game, not used up
    assert len({tuple(r.actions) for r in one.records}) == 3


def test_the_old_single_factory_form_still_works():
    result = selfplay(COSMIC, lambda seed: [RandomAgent(seed=seed), RandomAgent(seed=seed + 1)], games=3, progress=False)
    assert len(result) == 3 and result.summary()["games"] == 3


def test_unfinished_games_are_reported_not_dropped():
    result = selfplay(COSMIC, [RandomAgent, RandomAgent], games=3, max_plies=2, progress=False)
    assert len(result.records) == 3
    assert all(r.unfinished and r.result == "" for r in result.records)
    assert result.summary()["unfinished"] == 3
    assert result.first_move_advantage()["games"] == 0


class Broken:
    def choose(self, state):
        raise RuntimeError("out of ideas")


def test_an_agent_that_fails_leaves_an_unfinished_game_that_says_why():
    result = selfplay(COSMIC, [RandomAgent, Broken()], games=2, progress=False)
    for r in result.records:
        assert r.unfinished and "out of ideas" in r.reason and "RuntimeError" in r.error
        assert r.plies == 1  # White moved, then Black's agent failed
    assert result.summary()["errors"] == 2


def test_the_first_move_of_play_comes_after_set_up():
    # Cresnovian Chess: the first player places all nine pieces (nine
    # actions) and the second chooses a kingdom (one), then the second
    # player makes the first move of play.
    result = selfplay(CRESNOVIAN, [RandomAgent, RandomAgent], games=2, max_plies=14, progress=False)
    for r in result.records:
        assert r.setup_plies == 10 and r.first == "second"
        assert r.opening == r.actions[10]
    ready = selfplay(CRESNOVIAN, [RandomAgent, RandomAgent], games=1, max_plies=3, progress=False,
                     setup={"arrangement": ARRANGEMENT, "second": "left"})
    assert ready.records[0].setup_plies == 0 and ready.records[0].first == "second"
    assert ready.records[0].setup["second"] == "left"


def test_setup_chooses_who_moves_first_and_the_advantage_follows_the_mover():
    result = selfplay(COSMIC, [RandomAgent, RandomAgent], games=6, setup={"first": "black"}, progress=False)
    assert {r.first for r in result.records} == {"black"}
    advantage = result.first_move_advantage()
    wins = sum(1 for r in result.records if r.winner == "black")
    draws = sum(1 for r in result.records if r.draw)
    assert advantage["mover"] == "black" and advantage["wins"] == wins
    assert advantage["draws"] == draws  # the score from these counts is checked by hand in test_selfplay_by_hand.py
    assert advantage["low"] <= advantage["score"] <= advantage["high"]


def test_wilson_interval_by_hand():
    # 5 of 10: centre 0.5, half-width 1.96*sqrt(0.025 + 0.0096)/1.384 = 0.2634.
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_by_hand_for_two_players():
    # A beat B three times; with one drawn game of prior A has 3.5 of 4
    # points, so A's chance is 7:1 and the gap is 400*log10(7) = 338 points.
    ratings = elo_ratings([("A", "B", 1.0)] * 3, ["A", "B"])
    assert ratings["A"] - ratings["B"] == pytest.approx(400 * math.log10(7), abs=0.01)
    assert ratings["A"] + ratings["B"] == pytest.approx(0, abs=1e-6)
    anchored = elo_ratings([("A", "B", 1.0)] * 3, ["A", "B"], anchor="B")
    assert anchored["B"] == 0 and anchored["A"] == pytest.approx(338.04, abs=0.01)


def test_a_tournament_plays_every_pair_on_both_sides_and_rates_them():
    t = tournament(COSMIC, {"random": RandomAgent, "greedy": GreedyAgent}, games=4, progress=False)
    assert len(t.records) == 4
    sides = [(r.players["white"], r.players["black"]) for r in t.records]
    assert sides.count(("random", "greedy")) == 2 and sides.count(("greedy", "random")) == 2
    rows = {row["name"]: row for row in t.ratings()}
    assert rows["greedy"]["games"] == 4 and rows["greedy"]["elo"] > rows["random"]["elo"]
    for row in rows.values():
        assert row["low"] <= row["elo"] <= row["high"]
    assert "greedy" in t._repr_markdown_() and t.ratings_frame().loc["greedy", "games"] == 4


def test_progress_is_quiet_when_not_writing_to_a_terminal(capsys):
    selfplay(COSMIC, [RandomAgent, RandomAgent], games=2)
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def test_a_process_pool_runs_lambdas_and_local_classes():
    class Local:  # defined here, as a notebook would: only cloudpickle can send it
        def __init__(self, seed):
            self.inner = RandomAgent(seed=seed)

        def choose(self, state):
            return self.inner.choose(state)

    agents = [lambda seed: RandomAgent(seed=seed), Local]
    serial = selfplay(COSMIC, agents, games=4, progress=False)
    with ProcessPoolExecutor(2) as pool:
        parallel = selfplay(COSMIC, agents, games=4, executor=pool, progress=False, batch=1)
    assert [r.actions for r in parallel.records] == [r.actions for r in serial.records]


def test_a_real_dask_cluster_runs_the_same_games():
    distributed = pytest.importorskip("distributed")
    agents = [lambda seed: RandomAgent(seed=seed), RandomAgent]
    serial = selfplay(COSMIC, agents, games=4, progress=False)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            remote = selfplay(COSMIC, agents, games=4, executor=client.get_executor(), progress=False, batch=1)
    assert [r.actions for r in remote.records] == [r.actions for r in serial.records]


def test_play_game_names_the_agents_and_needs_one_per_player():
    record = play_game(COSMIC, [RandomAgent(seed=1), GreedyAgent(seed=2)], max_plies=5)
    assert record.players == {"white": "RandomAgent(seed=1)", "black": "GreedyAgent(seed=2)"}
    with pytest.raises(ValueError):
        play_game(COSMIC, [RandomAgent()])
    with pytest.raises(SelfPlayError, match="3 agents"):
        selfplay(COSMIC, [RandomAgent] * 3, games=1)


def test_set_up_is_what_the_state_declares_and_play_is_the_default():
    from playbook.analysis.engines.evaluation import in_setup

    assert in_setup(CRESNOVIAN.initial())  # the first player places the pieces
    assert not in_setup(COSMIC.initial())  # in play from the first move
    assert not in_setup(load("wheel").initial(2, ready=True))  # a week of orders is play, not set-up


# ------------------------------------------------ agents a run cannot use


def test_a_class_given_for_every_player_at_once_is_refused_before_any_game():
    with pytest.raises(SelfPlayError, match=r"one agent or factory per player \(white, black\).*RandomAgent"):
        selfplay("cosmic", RandomAgent, games=3)
    with pytest.raises(SelfPlayError, match="no choose"):
        selfplay(COSMIC, [RandomAgent, lambda seed: "not an agent"], games=3, progress=False)
    with pytest.raises(SelfPlayError, match="must make a list of 2 agents"):
        selfplay(COSMIC, lambda seed: RandomAgent(seed), games=3, progress=False)


def test_a_run_where_more_than_a_few_games_fail_raises_with_the_cause():
    with pytest.raises(SelfPlayError, match=r"4 games failed.*out of ideas"):
        selfplay(COSMIC, [RandomAgent, Broken()], games=10, progress=False)
    # Up to max_errors failures are reported in the records, as above.
    assert selfplay(COSMIC, [RandomAgent, Broken()], games=3, progress=False).summary()["errors"] == 3


def test_a_run_of_clock_bound_engines_says_it_will_take_long_before_it_starts():
    from playbook.analysis import AlphaBeta

    # 100 games of 40 actions, AlphaBeta making half of them at 1 s each:
    # 100 * 20 s = 2000 s, about 33 minutes.
    with pytest.warns(UserWarning, match=r"AlphaBeta\(time_limit=1\) thinks by the clock; 100 games .* 33 minutes"):
        # One action a game, White's random one: the engine never thinks, the warning comes first.
        selfplay(COSMIC, [RandomAgent, AlphaBeta(time_limit=1)], games=100, max_plies=1, progress=False)


def test_a_run_says_how_many_games_stopped_at_the_ply_cap():
    with pytest.warns(UserWarning, match="3 of 3 games stopped unfinished at max_plies=2"):
        selfplay(COSMIC, [RandomAgent, RandomAgent], games=3, max_plies=2, progress=False)


# ------------------------------------------------ rule variants and start settings


def test_records_keep_the_rule_variant_apart_from_the_start_and_replay_exactly():
    result = selfplay(load("cosmic", quiet_limit=10), [RandomAgent, RandomAgent], games=12, progress=False)
    assert all(r.options == {"quiet_limit": 10} and r.setup == {} for r in result.records)
    # Most games end by the variant's rule, so they would not end under the default rules.
    ended_by_variant = [r for r in result.records if COSMIC.replay(r.actions)[-1].outcome is None]
    assert len(ended_by_variant) >= 6
    for r in result.records:
        assert r.final().outcome.reason == r.reason
    assert set(result.frame()["options"]) == {"quiet_limit=10"}
    same = selfplay("cosmic", [RandomAgent, RandomAgent], games=12, options={"quiet_limit": 10}, progress=False)
    assert [r.actions for r in same.records] == [r.actions for r in result.records]
    # variant=, the old name of options=, still works, with a warning naming the new one.
    with pytest.warns(FutureWarning, match="variant= is now options="):
        same = selfplay("cosmic", [RandomAgent, RandomAgent], games=12, variant={"quiet_limit": 10}, progress=False)
    assert [r.actions for r in same.records] == [r.actions for r in result.records]


def test_a_variant_given_as_a_setup_or_the_reverse_is_refused_naming_the_other():
    with pytest.raises(SelfPlayError, match=r"'quiet_limit' is a rule variant: pass options="):
        selfplay(COSMIC, [RandomAgent, RandomAgent], games=1, setup={"quiet_limit": 10})
    with pytest.raises(SelfPlayError, match=r"'first' chooses the start: pass setup="):
        selfplay(COSMIC, [RandomAgent, RandomAgent], games=1, options={"first": "black"})
    with pytest.raises(SelfPlayError, match="variant= is the old name of options="):
        selfplay(COSMIC, [RandomAgent, RandomAgent], games=1, options={}, variant={"quiet_limit": 10})
    with pytest.raises(SelfPlayError, match="no start setting 'colour'"):
        tournament(COSMIC, [RandomAgent, GreedyAgent], games=2, setup={"colour": "black"})


# ------------------------------------------------ honest statistics


def test_a_tournament_plays_colour_reversed_pairs_from_the_same_opening():
    t = tournament(COSMIC, {"random": RandomAgent, "greedy": GreedyAgent}, games=6, book=2, progress=False)
    for one, two in zip(t.records[::2], t.records[1::2]):
        assert one.seed == two.seed and one.book == two.book == 2
        assert one.actions[:2] == two.actions[:2]
        assert (one.players["white"], one.players["black"]) == (two.players["black"], two.players["white"])
    assert len({tuple(r.actions[:2]) for r in t.records}) > 1  # each pair its own opening


def _won_by_white(n):
    return [Record("cosmic", "", [], players={"white": "A", "black": "B"}, result="white")] * n


def test_a_perfect_score_gives_a_one_sided_interval_never_a_zero_wide_one():
    from playbook.analysis import Tournament

    rows = {r["name"]: r for r in Tournament(_won_by_white(10), "cosmic", ["A", "B"]).ratings()}
    # Ratings with one drawn game of prior: A has 10.5 of 11 points, odds
    # 21:1, a gap of 400*log10(21) = 528.9, so A +264.4 and B -264.4.
    assert rows["A"]["elo"] == pytest.approx(264.44, abs=0.01) and rows["B"]["elo"] == pytest.approx(-264.44, abs=0.01)
    # 10 of 10: Wilson's lower bound is 10/(10+1.96^2) = 0.72246, which is
    # 400*log10(0.72246/0.27754) = 166.2 Elo above B; no upper bound.
    assert rows["A"]["low"] == pytest.approx(-264.44 + 166.2, abs=0.1) and rows["A"]["high"] == math.inf
    assert rows["B"]["high"] == pytest.approx(264.44 - 166.2, abs=0.1) and rows["B"]["low"] == -math.inf
    assert rows["A"]["games"] == 10


def test_the_sequential_test_by_hand():
    from playbook.analysis import sprt

    # elo0 = 0, elo1 = 100: expected scores 0.5 and 1/(1+10^-0.25) = 0.64006.
    # A win adds ln(0.64006/0.5) = 0.24696, a loss ln(0.35994/0.5) = -0.32868;
    # the bounds are -+ln(19) = -+2.9444.  Twelve wins pass (2.9636), eleven
    # do not (2.7166); nine losses pass the lower bound (-2.9581), eight not.
    assert sprt([1] * 12, 0, 100)["decision"] == "elo1" and sprt([1] * 12, 0, 100)["llr"] == pytest.approx(2.9636, abs=1e-3)
    assert sprt([1] * 11, 0, 100)["decision"] == "not decided"
    assert sprt([0] * 9, 0, 100)["decision"] == "elo0" and sprt([0] * 8, 0, 100)["decision"] == "not decided"
    assert sprt([1] * 20, 0, 100)["games"] == 12  # it stops at the decision
    assert sprt([0.5], 0, 100)["llr"] == pytest.approx((0.24696 - 0.32868) / 2, abs=1e-4)


def test_a_match_with_sprt_stops_as_soon_as_the_test_decides():
    t = tournament(COSMIC, {"greedy": GreedyAgent, "random": RandomAgent}, games=60, sprt=(0, 200), progress=False)
    assert t.sprt["decision"] == "elo1" and len(t.records) < 60
    # elo1 = 200: expected score 1 / (1 + 10^-0.5) = 0.759747.  A win for greedy adds ln(0.759747 / 0.5)
    # = 0.418377, a loss ln(0.240253 / 0.5) = -0.732915, a draw half of each; the test stops at ln 19 = 2.944439.
    steps = {1.0: 0.418377, 0.5: (0.418377 - 0.732915) / 2, 0.0: -0.732915}
    scores = [0.5 if r.draw else 1.0 if r.players[r.winner] == "greedy" else 0.0
              for r in t.records if not r.unfinished]
    llr = sum(steps[s] for s in scores)
    assert t.sprt["llr"] == pytest.approx(llr, abs=1e-4) and t.sprt["games"] == len(scores)
    assert llr >= 2.944439 > llr - steps[scores[-1]]  # decided by the last game, not before
    assert "Sequential test" in t._repr_markdown_()


def test_elo_interval_and_verdict_by_hand():
    from playbook.analysis.statistics.stats import elo_interval, verdict

    # 5 of 10: Wilson 0.2366 to 0.7634, i.e. 400*log10(0.2366/0.7634) = -203.5 to +203.5.
    low, high = elo_interval(5, 10)
    assert low == pytest.approx(-203.5, abs=0.2) and high == pytest.approx(203.5, abs=0.2)
    assert verdict(0.2366, 0.7634) == "not decided" and verdict(0.51, 0.9) == "above" and verdict(0.1, 0.49) == "below"


def test_a_perfect_score_has_an_upper_bound_of_exactly_one():
    from playbook.analysis.statistics.stats import elo_interval

    assert wilson(6, 6)[1] == 1.0 and wilson(0, 6)[0] == 0.0
    assert elo_interval(6, 6)[1] == math.inf and elo_interval(0, 6)[0] == -math.inf
    # 6 of 6: lower bound 6 / (6 + 1.96^2) = 0.6097, 400*log10(0.6097/0.3903) = 77.5 Elo.
    assert elo_interval(6, 6)[0] == pytest.approx(77.5, abs=0.1)


# ------------------------------------------------ any number of players


def test_a_tournament_seats_three_agents_with_rotating_seats_in_chess_wheel():
    t = tournament("wheel", {"a": GreedyAgent, "b": GreedyAgent, "c": RandomAgent}, players=3, games=3,
                   max_plies=40, progress=False)
    seatings = [tuple(r.players[p] for p in ("Ann", "Bob", "Cyd")) for r in t.records]
    assert seatings == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert len({r.seed for r in t.records}) == 1  # one turn of the seats, one opening
    assert all(r.setup == {"players": 3} for r in t.records)
    with pytest.raises(SelfPlayError, match="Cosmic Chess is for 2 players, not 3"):
        tournament(COSMIC, [RandomAgent] * 3, players=3, games=1)
    with pytest.raises(SelfPlayError, match="need at least 4 agents"):
        tournament("wheel", [RandomAgent] * 3, players=4, games=1)


def test_ratings_read_per_player_results_of_a_game_of_three():
    from playbook.analysis import Tournament

    # Ann (A) wins alone: A beats B and C (1 each), B and C, both beaten,
    # share a half.  Per game, A scores 1, B and C (0 + 0.5) / 2 = 0.25.
    record = Record("wheel", "", [], players={"Ann": "A", "Bob": "B", "Cyd": "C"}, result="Ann")
    t = Tournament([record], "wheel", ["A", "B", "C"])
    rows = {r["name"]: r for r in t.ratings()}
    assert (rows["A"]["score"], rows["B"]["score"], rows["C"]["score"]) == (1.0, 0.25, 0.25)
    assert (rows["A"]["wins"], rows["B"]["losses"], rows["A"]["games"]) == (1, 1, 1)
    assert rows["A"]["elo"] > rows["B"]["elo"] == pytest.approx(rows["C"]["elo"])
    pairs = {(p["agent"], p["opponent"]): p for p in t.pairings()}
    assert pairs[("A", "B")]["points"] == 1.0 and pairs[("B", "C")]["points"] == 0.5
