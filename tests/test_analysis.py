"""perft and self-play."""

from concurrent.futures import ThreadPoolExecutor

from playbook import load
from playbook.analysis.perft import divide, perft
from playbook.analysis.selfplay import play_game, selfplay

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
    replayed = GAME.replay(record["actions"])[-1]
    assert replayed.outcome is not None
    assert record["winner"] == replayed.outcome.winner
    assert record["plies"] == len(record["actions"])


def test_play_game_stops_at_the_ply_limit_and_says_so():
    record = play_game(GAME, [FirstMove(), FirstMove()], max_plies=5)
    assert record["plies"] <= 5
    if record["unfinished"]:
        assert "5 plies" in record["reason"]


def test_selfplay_summary_counts_and_executor_gives_the_same_games():
    factory = lambda seed: [LastMove(), LastMove()]
    serial = selfplay(GAME, factory, games=4, max_plies=300, progress=False)
    with ThreadPoolExecutor(2) as pool:
        parallel = selfplay(GAME, factory, games=4, max_plies=300, executor=pool, progress=False)
    assert [r["actions"] for r in serial.records] == [r["actions"] for r in parallel.records]
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
