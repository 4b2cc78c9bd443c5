"""perft and self-play."""

from concurrent.futures import ThreadPoolExecutor

from playbook import load
from playbook.analysis.engines.perft import divide, perft
from playbook.analysis.runs.games import play_game
from playbook.analysis.runs.selfplay import selfplay

GAME = load("cosmic")


def test_perft_from_the_start_matches_a_hand_count():
    # Depth 1: six piece moves and offer-draw.  Depth 2, counted on paper
    # for each White move: c1-e2 takes e2 from Black's knight f4 (6);
    # c2-d3 lets e4 jump to c2 and on over b3 to a4 (8); c2-d1 changes
    # nothing (7); a3-b5 takes b5 from the knight d6 (6); b3-c4 lets d5
    # jump to b3 and on over c2 to d1 (8); b3-a4 changes nothing (7);
    # after offer-draw White still has its six moves (6).
    start = GAME.initial()
    assert perft(start, 1) == 7
    assert divide(start, 2) == {
        "c1-e2": 6, "c2-d3": 8, "c2-d1": 7, "a3-b5": 6, "b3-c4": 8, "b3-a4": 7, "offer-draw": 6,
    }
    assert perft(start, 2) == 48


class FirstMove:
    """Plays the first listed action: deterministic, for checking the bookkeeping."""

    def choose(self, state):
        return state.legal_actions()[0]


class LastMove:
    def choose(self, state):
        moves = [a for a in state.legal_actions() if "draw" not in a.text]
        return moves[-1]


def test_play_game_records_the_actions_and_the_result():
    record = play_game(GAME, [LastMove(), LastMove()], max_plies=300)
    replayed = GAME.replay(record.actions)[-1]
    assert replayed.outcome is not None
    assert record.winner == replayed.outcome.winner
    assert record.plies == len(record.actions)


def test_play_game_stops_at_the_ply_limit_and_says_so():
    record = play_game(GAME, [FirstMove(), FirstMove()], max_plies=5)
    assert record.plies <= 5
    if record.unfinished:
        assert "5 plies" in record.reason


def test_selfplay_summary_counts_and_executor_gives_the_same_games():
    factory = lambda seed: [LastMove(), LastMove()]
    serial = selfplay(GAME, factory, games=4, max_plies=300, progress=False)
    with ThreadPoolExecutor(2) as pool:
        parallel = selfplay(GAME, factory, games=4, max_plies=300, executor=pool, progress=False)
    assert [r.actions for r in serial.records] == [r.actions for r in parallel.records]
    summary = serial.summary()
    assert summary["games"] == 4
    assert sum(summary["wins"].values()) + summary["draws"] + summary["unfinished"] == 4
    assert "first_player_win_rate" in serial._repr_markdown_()


def test_random_agent_play_stops_at_the_end_of_the_game():
    from playbook.analysis import RandomAgent

    state = RandomAgent(seed=4).play(GAME.initial(), 10_000)
    assert state.outcome is not None
    assert RandomAgent(seed=4).play(GAME.initial(), 3) == GAME.replay(
        [a.text for a in _first_actions(GAME.initial(), RandomAgent(seed=4), 3)])[-1]


def _first_actions(state, agent, n):
    out = []
    for _ in range(n):
        action = agent.choose(state)
        out.append(action)
        state = state.play(action)
    return out


# ------------------------------------------------------------ piece values

import math  # noqa: E402

import pytest  # noqa: E402

from playbook.analysis import GreedyAgent  # noqa: E402
from playbook.analysis.statistics.studies import NotEnoughGames, _fit, decimals, fit_values, piece_values, rank  # noqa: E402


def _games(groups):
    """One single-position game per result: ``groups`` maps a balance to
    (first-player wins, losses)."""
    games = []
    for balance, (wins, losses) in groups.items():
        games += [[(dict(balance), 1.0)]] * wins + [[(dict(balance), 0.0)]] * losses
    return games


def test_the_fit_matches_a_hand_worked_logistic_model():
    # One kind: 3 wins of 4 a piece up, 1 of 4 a piece down.  The model
    # logit p = b0 + w x reproduces both frequencies with b0 = 0 and
    # w = logit(3/4) = ln 3, so that is its maximum likelihood.
    weights = _fit([[1]] * 4 + [[-1]] * 4, [1, 1, 1, 0, 1, 0, 0, 0])
    assert list(weights) == pytest.approx([math.log(3)], abs=1e-9)


def test_a_weighted_row_counts_as_that_many_copies_of_it():
    # The same data as above given as four distinct rows, each with how
    # often it occurs: 3 wins and 1 loss a piece up, 1 win and 3 losses a
    # piece down; the maximum likelihood is still w = ln 3.  Rows of weight
    # 0 are left out, so a lone result with no weight cannot tell them apart.
    weights = _fit([[1], [1], [-1], [-1], [5]], [1, 0, 1, 0, 1], weights=[3, 1, 1, 3, 0])
    assert list(weights) == pytest.approx([math.log(3)], abs=1e-9)
    assert _fit([[1], [-1]], [1, 0], weights=[0, 4]) is None


def test_piece_values_by_hand_a_kind_worth_twice_another():
    # A up: 3 wins in 4 (logit ln 3); A down: 1 in 4; B up: 9 wins in 10
    # (logit ln 9 = 2 ln 3); B down: 1 in 10.  b0 = 0, w_A = ln 3,
    # w_B = 2 ln 3 reproduce every frequency, so B is worth exactly 2 A.
    games = _games({(("A", 1), ("B", 0)): (30, 10), (("A", -1), ("B", 0)): (10, 30),
                    (("A", 0), ("B", 1)): (90, 10), (("A", 0), ("B", -1)): (10, 90)})
    rows = {row["kind"]: row for row in fit_values(games, reference="A", bootstrap=50)}
    assert rows["B"]["value"] == pytest.approx(2.0) and rows["A"]["value"] == 1.0
    assert rows["B"]["weight"] == pytest.approx(2 * math.log(3), abs=1e-9)
    assert rows["B"]["low"] < 2.0 < rows["B"]["high"] and rows["B"]["games"] == 280
    assert list(rows) == ["B", "A"]  # most valuable first


def test_kinds_that_always_change_together_are_not_enough_games():
    # A and B always differ by the same amount: only their sum is known.
    games = _games({(("A", 1), ("B", 1)): (3, 1), (("A", -1), ("B", -1)): (1, 3)})
    with pytest.raises(NotEnoughGames, match="not enough games"):
        fit_values(games, reference="A")
    assert rank([[1, 1, 1], [1, -1, -1]]) == 2


def test_results_all_alike_or_told_apart_perfectly_are_not_enough_games():
    with pytest.raises(NotEnoughGames):
        fit_values(_games({(("A", 1),): (4, 0), (("A", -1),): (4, 0)}))  # every game won by the first player
    with pytest.raises(NotEnoughGames):
        fit_values(_games({(("A", 1),): (4, 0), (("A", -1),): (0, 4)}))  # a piece up always wins: no finite value


def test_four_identical_kelasu_games_say_not_enough_games_instead_of_printing_nan():
    result = selfplay("kelasu", [GreedyAgent, GreedyAgent], games=4, max_plies=300, progress=False)
    with pytest.raises(NotEnoughGames, match="4 finished games"):
        piece_values(result, reference="B", bootstrap=20)


def test_figures_are_rounded_to_two_significant_digits_of_their_interval():
    assert decimals(-4.58, 30.92) == 0  # 35.5 wide: units
    assert decimals(1.65, 2.41) == 2  # 0.76 wide: hundredths
    assert decimals(-2.3, 1.2) == 1  # 3.5 wide: tenths


def test_a_reference_whose_weight_is_not_told_apart_from_zero_is_refused():
    # B up or down, the first player wins half the games: B's weight is 0,
    # and multiples of 0 have no bound.  A (3 in 4 up, 1 in 4 down) is fine.
    games = _games({(("A", 1), ("B", 0)): (30, 10), (("A", -1), ("B", 0)): (10, 30),
                    (("A", 0), ("B", 1)): (20, 20), (("A", 0), ("B", -1)): (20, 20)})
    with pytest.raises(NotEnoughGames, match="weight of 'B' is not told apart from 0.*take one of A"):
        fit_values(games, reference="B", bootstrap=50)
    rows = {row["kind"]: row for row in fit_values(games, bootstrap=50)}
    assert rows["A"]["reference"] and rows["A"]["value"] == 1 and rows["B"]["value"] == pytest.approx(0, abs=0.05)


# ------------------------------------------------------------ comparing variants

from playbook.analysis import RandomAgent, compare  # noqa: E402
from playbook.analysis.statistics.compare import z_test  # noqa: E402
from playbook.analysis.statistics.survival import logrank  # noqa: E402


def test_z_test_by_hand():
    # 30 of 50 against 20 of 50: each sample's variance 0.6*0.4*50/49 =
    # 0.24490, the standard error sqrt(2*0.24490/50) = 0.098974, z = 0.2 /
    # 0.098974 = 2.0207, p = erfc(2.0207/sqrt 2) = 0.0433.
    assert z_test([1] * 30 + [0] * 20, [1] * 20 + [0] * 30) == pytest.approx(0.0433, abs=1e-4)
    assert z_test([1, 1], [1, 1]) == 1.0 and z_test([1, 1], [0, 0]) == 0.0 and z_test([1], [0, 1]) is None


def test_compare_plays_the_same_seeds_under_each_variant_and_reports_each_figure_with_n():
    c = compare("cosmic", {"quiet 100": {"quiet_limit": 100}, "quiet 6": {"quiet_limit": 6}},
                [RandomAgent, RandomAgent], games=30, progress=False)
    one, two = c.runs["quiet 100"].records, c.runs["quiet 6"].records
    assert [r.seed for r in one] == [r.seed for r in two]
    # The same seeds: a game starts the same under both rules until the shorter limit ends it.
    assert all(b.actions == a.actions[:len(b.actions)] for a, b in zip(one, two))
    rows = c.rows()
    assert [r["variant"] for r in rows] == ["quiet 100", "quiet 6"] and rows[1]["settings"] == {"quiet_limit": 6}
    assert rows[0]["p_score"] is None and 0 <= rows[1]["p_plies"] <= 1
    assert rows[1]["median_plies"] < rows[0]["median_plies"] and rows[1]["games"] == 30
    for r in rows:
        assert r["score_low"] <= r["score"] <= r["score_high"]
        assert r["median_low"] <= r["median_plies"] <= (r["median_high"] or r["cap"] or math.inf)
    # The median length from the records' actions, none stopped here, and the log-rank test between the two
    # runs' lengths (both checked against numbers worked by hand in test_compare_by_hand.py).
    lengths = {name: [(len(r.actions), False) for r in c.runs[name].records] for name in ("quiet 100", "quiet 6")}
    for row in rows:
        # The 15th of 30 sorted lengths: the first at which at most half the games are still going.
        assert row["unfinished"] == 0 and row["median_plies"] == sorted(lengths[row["variant"]])[14][0]
    assert rows[1]["p_plies"] == pytest.approx(logrank(lengths["quiet 100"], lengths["quiet 6"]))
    assert rows[1]["median_change"] == rows[1]["median_plies"] - rows[0]["median_plies"]
    table = c.openings("quiet 6")
    assert list(table.columns[:2]) == ["opening", "games"] and table["games"].sum() == rows[1]["finished"]
    assert list(c.frame().index) == ["quiet 100", "quiet 6"]
