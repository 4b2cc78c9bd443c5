"""Chance in the contract: chance nodes, their outcomes, the dice that draw
them, and the engines, runs, reviews and boards that weigh or roll them.

The engines are checked on a small game of chance written here, whose
values are worked out by hand; the contract of chance on every installed
game that declares it (this module names none of them)."""

from __future__ import annotations

import math
import random
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import pytest

from playbook import Action, IllegalAction, Outcome, Record, State, Step, available, load
from playbook.analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent, SelfPlayError, selfplay
from playbook.analysis.engines.review import review
from playbook.analysis.engines.search import expected
from playbook.chance import Dice, advance, expectation, likeliest, pick
from playbook.checks.invariants import random_positions
from playbook.core import CHANCE, Game
from playbook.descriptor import Descriptor, Option
from playbook.numbering import move_numbers

#: The installed games that declare chance.
WITH_CHANCE = [key for key in available() if load(key).chance]
WITHOUT_CHANCE = [key for key in available() if not load(key).chance]


# ------------------------------------------------ a small game of chance

#: A game as a tree: each node is ("decide", player, {action: node}),
#: ("chance", [(outcome, probability, node)]) or ("end", winners).  Worked
#: by hand below; every node name is its position's text.
TREE = {
    # Player a picks a coin (won one time in two), a die (won on 3 to 6:
    # four times in six) or a trap (won on tails; on heads b chooses and takes the win).
    "start": ("decide", "a", {"coin": "coin", "die": "die", "trap": "trap"}),
    "coin": ("chance", [("heads", Fraction(1, 2), "a-wins"), ("tails", Fraction(1, 2), "b-wins")]),
    "die": ("chance", [(str(k), Fraction(1, 6), "b-wins" if k <= 2 else "a-wins") for k in range(1, 7)]),
    "trap": ("chance", [("heads", Fraction(1, 2), "b-decides"), ("tails", Fraction(1, 2), "a-wins")]),
    "b-decides": ("decide", "b", {"give": "a-wins", "take": "b-wins"}),
    # Two coins alike: an engine must not always take the one listed first.
    "twins": ("decide", "a", {"left": "coin", "right": "coin"}),
    # A sure thing, whatever the coin shows, beside a gamble.
    "sure": ("decide", "a", {"safe": "either", "gamble": "coin"}),
    "either": ("chance", [("heads", Fraction(1, 2), "a-wins"), ("tails", Fraction(1, 2), "a-wins")]),
    "a-wins": ("end", ("a",)),
    "b-wins": ("end", ("b",)),
}


class TreeState(State):
    """A node of :data:`TREE`."""

    def __init__(self, game: TreeGame, node: str):
        self.game, self.node = game, node

    @property
    def to_move(self) -> str:
        kind = TREE[self.node]
        return CHANCE if kind[0] == "chance" else kind[1] if kind[0] == "decide" else "a"

    def _compute_outcome(self):
        kind = TREE[self.node]
        return Outcome(kind[1], "reached the end") if kind[0] == "end" else None

    def chance_outcomes(self):
        kind = TREE[self.node]
        if kind[0] != "chance":
            return []
        return [(Action(name, (Step.choice(name),), child), p) for name, p, child in kind[1]]

    def legal_actions(self):
        kind = TREE[self.node]
        if kind[0] == "decide":
            return [Action(name, (Step.choice(name),), child) for name, child in kind[2].items()]
        return [a for a, _ in self.chance_outcomes()]

    def _apply(self, action):
        return TreeState(self.game, action.data)

    def to_text(self):
        return self.node

    def view(self):
        from playbook.render import Cell, Scene

        return Scene([Cell("x", 0, 0)])


class TreeGame(Game):
    descriptor = Descriptor("chance-tree-test", "Chance tree", players=("a", "b"), chance=True,
                            settings=(Option("node", "start", str),))

    def _initial(self, node: str) -> TreeState:
        return TreeState(self, node)

    def parse(self, text: str) -> TreeState:
        return TreeState(self, text)


GAME = TreeGame()
#: The engine's scale (the default engine's review_scale): a score of 3 is a 73% chance.
SCALE = 3.0


def test_a_chance_node_belongs_to_the_dice_and_lists_its_outcomes_with_exact_probabilities():
    coin = GAME.initial("coin")
    assert coin.chance and coin.to_move == CHANCE and coin.movers == () and coin.status() == "Chance to move"
    assert [(a.text, p) for a, p in coin.chance_outcomes()] == [("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))]
    start = GAME.initial()
    assert not start.chance and start.chance_outcomes() == [] and start.movers == ("a",)


def test_pick_walks_the_cumulative_probabilities_exactly():
    die = GAME.initial("die").chance_outcomes()
    # 1/6 = 0.1666...: a number just under it falls on "1", one at it on "2".
    assert pick(die, 0.1666666).text == "1" and pick(die, 1 / 6 + 1e-12).text == "2"
    assert pick(die, 0.0).text == "1" and pick(die, 0.9999999).text == "6"
    with pytest.raises(IllegalAction):
        pick([], 0.5)


def test_the_same_seed_gives_the_same_rolls_and_the_draws_follow_the_probabilities():
    die = GAME.initial("die")
    first, again = [r.text for r in _rolls(Dice(42), die, 50)], [r.text for r in _rolls(Dice(42), die, 50)]
    assert first == again and len(set(first)) == 6
    # 6,000 rolls of a fair die: each face within five standard deviations
    # (sqrt(6000 * 1/6 * 5/6) = 28.9) of 1,000.
    counts = {}
    for roll in _rolls(Dice(7), die, 6000):
        counts[roll.text] = counts.get(roll.text, 0) + 1
    assert sorted(counts) == ["1", "2", "3", "4", "5", "6"]
    assert all(abs(n - 1000) < 5 * 28.9 for n in counts.values()), counts
    with pytest.raises(IllegalAction, match="not chance"):
        Dice(1).roll(GAME.initial())


def _rolls(dice, state, n):
    return [dice.roll(state) for _ in range(n)]


def test_no_agent_chooses_for_the_dice():
    coin = GAME.initial("coin")
    for agent in (RandomAgent(seed=1), GreedyAgent(seed=1), AlphaBeta(depth=2), MCTS(iterations=20, seed=1)):
        with pytest.raises(IllegalAction, match="chance moves here"):
            agent.choose(coin)


def test_expectimax_takes_the_move_most_likely_to_win_and_scores_it_as_a_chance_of_winning():
    found = AlphaBeta(depth=3, seed=0).analyse(GAME.initial(), multipv=3)
    # The die wins 4 times in 6: its chance 2/3 is the score scale * ln((2/3) / (1/3)) = 3 ln 2.
    # The coin wins 1 in 2 (score 0), and so does the trap: tails wins, and on heads b takes the win.
    assert found.action.text == "die"
    scores = {line.action.text: line.score for line in found.lines}
    assert scores["die"] == pytest.approx(SCALE * math.log(2))
    assert scores["coin"] == pytest.approx(0.0, abs=1e-9) and scores["trap"] == pytest.approx(0.0, abs=1e-9)
    assert expected([(2 / 3, 10_000.0), (1 / 3, -10_000.0)], SCALE) == pytest.approx(SCALE * math.log(2))


def test_a_search_that_ignores_chance_is_fooled_where_expectimax_is_not():
    # Assuming the likeliest outcome (the first listed among equals: heads, and the die's 1),
    # the coin looks like a sure win and the die a sure loss.
    assert likeliest(GAME.initial("coin")).text == "heads" and likeliest(GAME.initial("die")).text == "1"
    fooled = AlphaBeta(depth=3, chance="likely").analyse(GAME.initial())
    assert fooled.action.text in ("coin", "trap") and fooled.decided
    assert repr(AlphaBeta(depth=3, chance="likely")) == "AlphaBeta(depth=3, chance='likely')"
    with pytest.raises(ValueError, match="chance is one of"):
        AlphaBeta(depth=3, chance="worst")


def test_a_win_is_forced_only_when_every_roll_wins():
    found = AlphaBeta(depth=3).analyse(GAME.initial("sure"))
    # safe, then the coin (either face wins): a win two actions away, whatever the dice show.
    assert found.action.text == "safe" and found.decided and found.describe() == "wins in 2 actions"
    # A gamble won with probability 15/16 is not forced: kept below the forced range.
    assert not abs(expected([(15 / 16, 9_998.0), (1 / 16, -9_998.0)], SCALE)) >= 9_000


def test_equal_gambles_are_chosen_at_random_from_the_seed_not_by_the_order_listed():
    twins = GAME.initial("twins")
    chosen = {AlphaBeta(depth=3, seed=s).choose(twins).text for s in range(20)}
    assert chosen == {"left", "right"}
    chosen = {MCTS(iterations=60, seed=s).choose(twins).text for s in range(20)}
    assert chosen == {"left", "right"}


def test_mcts_samples_the_dice_and_finds_the_better_gamble():
    found = MCTS(iterations=600, seed=3).analyse(GAME.initial())
    assert found.action.text == "die"
    die = next(line for line in found.lines if line.text == "die")
    # Its value is the share of its visits that a won: 2/3, give or take the sampling.
    assert die.value == pytest.approx(2 / 3, abs=0.1)


def test_an_expectation_weighs_each_outcome_by_its_probability():
    # The die's positions after the roll are worth 1 (a wins) or 0 to a: (4 * 1 + 2 * 0) / 6.
    worth = expectation(GAME.initial("die"), lambda s: 1.0 if s.outcome and s.outcome.winners == ("a",) else 0.0)
    assert worth == pytest.approx(4 / 6)


@pytest.fixture
def registered(monkeypatch):
    """Records of the tree game read back (records load their game by its key)."""
    import playbook.records

    known = playbook.records.load
    monkeypatch.setattr(playbook.records, "load", lambda key, **options: GAME if key == GAME.name else known(key))


def test_a_review_judges_moves_by_expected_value_and_never_marks_the_dice(registered):
    record = Record.of(GAME.initial(), ["coin", "heads"])
    done = review(record, depth=3)  # a's choice, the roll, b's answer: deep enough to see the trap
    coin, heads = done.rows
    # The coin (worth 0) where the die was worth 3 ln 2: a fall from 2/3 to 1/2 in expected score,
    # 1/6 = 0.167, beyond a blunder's 0.15.
    assert coin["best"] == "die" and coin["loss"] == pytest.approx(1 / 6, abs=1e-4) and coin["label"] == "blunder"
    assert heads["mover"] == CHANCE and heads["label"] == "" and heads["loss"] == 0.0
    assert "chance" not in done.summary()


def test_a_roll_is_numbered_with_the_turn_of_the_player_who_moves_after_it(registered):
    # a's choice opens turn 1; the roll and b's answer belong to it.
    assert move_numbers(Record.of(GAME.initial(), ["trap", "heads", "take"]).states()) == ["1.", "", ""]
    # A game that opens with a roll the game gives no roller: it is b's, who moves after it.
    assert move_numbers(Record.of(GAME.initial("trap"), ["heads", "take"]).states()) == ["1…", ""]


def test_a_puzzle_is_a_win_forced_whatever_the_dice_show():
    from playbook.puzzles.solve import line, verify, winning_moves, wins

    sure = GAME.initial("sure")
    # safe: either face of the coin wins; the gamble loses on tails, one time in two.
    assert winning_moves(sure, 2) == [Action("safe")]
    assert not wins(GAME.initial("coin"), "a", 1) and wins(GAME.initial("either"), "a", 1)
    assert line(sure, 2) == ["safe", "heads"]
    verify(sure, ["safe", "heads"], 2)
    # The die wins four times in six, which is no forced win; nor does any player move in a chance node.
    assert winning_moves(GAME.initial(), 2) == [] and winning_moves(GAME.initial("coin"), 1) == []


# ------------------------------------------ every installed game, declared

@pytest.mark.parametrize("key", WITHOUT_CHANCE)
def test_a_game_without_chance_never_has_a_chance_node(key):
    game = load(key)
    for state in random_positions(game.initial(), 40, seed=2):
        assert not state.chance and state.chance_outcomes() == [] and state.to_move != CHANCE


@pytest.mark.parametrize("key", WITH_CHANCE)
def test_each_chance_node_lists_its_outcomes_with_probabilities_summing_to_one(key):
    game = load(key)
    seen = 0
    for state in random_positions(game.initial(), 120, seed=4):
        outcomes = state.chance_outcomes()
        if not state.chance:
            assert outcomes == [], state.to_text()
            continue
        seen += 1
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes), state.to_text()
        assert sum(p for _, p in outcomes) == 1, state.to_text()
        # The outcomes are the position's legal actions, in their order, each read back from its text.
        assert [a.text for a, _ in outcomes] == [a.text for a in state.legal_actions()]
        for action, _ in outcomes:
            assert state.parse_action(action.text) == action
            assert state.after(action) == state.play(action)
            after = state.play(action)
            assert game.parse(after.to_text()) == after
    assert seen, f"{key} declares chance but random play met no chance node"


@pytest.mark.parametrize("key", WITH_CHANCE)
def test_a_game_with_chance_replays_from_its_record_rolls_and_all(key):
    game = load(key)
    agent, dice = RandomAgent(seed=9), Dice(9)
    state = start = game.initial()
    played = []
    while state.outcome is None and len(played) < 400:
        action, state = advance(state, agent.choose, dice)
        played.append(action.text)
    record = Record.from_json(Record.of(start, played).to_json())
    assert record.actions == played and record.states()[-1] == state


@pytest.mark.parametrize("key", WITH_CHANCE)
def test_a_run_rolls_the_same_dice_every_time_and_a_turn_of_the_seats_may_share_them(key):
    agents = [AlphaBeta.factory(nodes=200), RandomAgent]
    first = selfplay(key, agents, games=4, max_plies=150, progress=False, rotate=True, same_dice=True, seed=5)
    again = selfplay(key, agents, games=4, max_plies=150, progress=False, rotate=True, same_dice=True, seed=5)
    assert [r.actions for r in first.records] == [r.actions for r in again.records]
    for r in first.records:
        # No agent's note on a roll: the dice, not the engine, drew it.
        rolls = [k for k, text in enumerate(r.actions) if load(key).replay(r.actions[:k])[-1].chance]
        assert rolls and all(not r.notes or r.notes[k] is None for k in rolls)
    # Games 0 and 1 are one turn of the seats: each roll of both is drawn by the same
    # stream of numbers, seeded by the turn's first game, whoever's seat rolls it.
    pair = [r for r in first.records if r.pair == 5]
    assert [r.seed for r in pair] == [5, 6]
    for r in pair:
        stream = random.Random("5/dice")
        for state, text in zip(r.states(), r.actions, strict=False):
            if state.chance:
                assert pick(state.chance_outcomes(), stream.random()).text == text
    # Without same_dice, each game rolls from its own seed: game 6 from "6/dice", not from its turn's.
    apart = selfplay(key, agents, games=2, max_plies=40, progress=False, rotate=True, seed=5).records[1]
    own = random.Random("6/dice")
    assert [pick(s.chance_outcomes(), own.random()).text for s in apart.states()[:-1] if s.chance] == \
        [t for s, t in zip(apart.states(), apart.actions, strict=False) if s.chance]
    with pytest.raises(SelfPlayError, match="rotate"):
        selfplay(key, agents, games=2, progress=False, same_dice=True)


@pytest.mark.slow
@pytest.mark.parametrize("key", WITH_CHANCE)
def test_a_run_is_the_same_serially_on_a_process_pool_and_on_a_dask_cluster(key):
    distributed = pytest.importorskip("distributed")
    agents = [AlphaBeta.factory(nodes=200), MCTS.factory(iterations=30)]

    def games(executor=None):
        run = selfplay(key, agents, games=4, max_plies=150, progress=False, seed=11, batch=1, rotate=True,
                       same_dice=True, executor=executor)
        return [(r.seed, r.actions, r.result) for r in run.records]

    serial = games()
    # The dice were rolled in every game, and not alike in all four.
    rolls = [tuple(t for s, t in zip(load(key).replay(actions), actions, strict=False) if s.chance)
             for _, actions, _ in serial]
    assert all(rolls) and len(set(rolls)) > 1
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert games(pool) == serial
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert games(client.get_executor()) == serial


def test_random_play_helpers_roll_the_dice_rather_than_choose_them():
    state = RandomAgent(seed=4).play(GAME.initial(), 5)
    assert state.outcome is not None  # the coin, die or trap was rolled and the game ended
    rng = random.Random(0)
    assert advance(GAME.initial("coin"), lambda s: rng.choice(s.legal_actions()), Dice(0))[0].text in ("heads", "tails")


def test_the_studies_of_early_wins_and_random_lines_weigh_the_dice():
    from playbook.analysis.statistics.studies import early_win, random_line, win_available

    # safe wins whatever the coin shows; the gamble does not; nobody has a first action before a roll.
    assert early_win(GAME.initial("sure"), turns=1) == "safe"
    assert early_win(GAME.initial(), turns=1) is None and early_win(GAME.initial("coin")) is None
    assert not win_available(GAME.initial("coin"))
    # A random line rolls the die by its chances: a wins about four times in six.
    won = sum(random_line(GAME.initial("die"), 1, random.Random(k)).outcome.winners == ("a",) for k in range(600))
    assert abs(won - 400) < 5 * 11.6  # sqrt(600 * 2/3 * 1/3) = 11.5
