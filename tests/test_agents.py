"""Agents and engines: what they choose, checked against positions worked out by hand.

These tests check behaviour, never speed: searches are given a depth or a
number of iterations (``time_limit=None``) so every run is the same.
"""

from __future__ import annotations

import pytest

from playbook import Action, Outcome, State, Step, available, load
from playbook.analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent, evaluate
from playbook.analysis.engines.evaluation import WIN, material
from playbook.analysis.engines.search import candidates
from playbook.core import Game
from playbook.descriptor import Descriptor, Option

COSMIC = load("cosmic")
KELASU = load("kelasu")
CRESNOVIAN = load("cresnovian")


def fixed_depth(depth, seed=0):
    return AlphaBeta(depth=depth, time_limit=None, seed=seed)


# ------------------------------------------------------------- Cosmic Chess

# White rook a1 below an empty a-file, Black's king on a6 with two pawns
# (e5, f5) so Black is not yet down to a bare king.  By the rules the rook
# slides up to the king and jumps it off the board: "a1x*" wins at once.
MATE_IN_ONE = "k5/4pp/6/6/6/R4K w"

# White pawn b2 can jump the Black rook on c3 and land on d4, where nothing
# Black has can take it back (the knight on e6 would have to land on d4 or
# pass its own king).  If White does anything else, the rook goes c3-c1 and
# then jumps the White king on a1 off the board.
WINNING_CAPTURE = "4nk/6/6/2r3/1P4/K5 w"


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_alphabeta_captures_the_king_when_it_can(depth):
    state = COSMIC.parse(MATE_IN_ONE)
    analysis = fixed_depth(depth).analyse(state)
    assert analysis.action.text == "a1x*"
    assert analysis.decided and analysis.score > 0
    assert state.play(analysis.action).outcome.winners == ("white",)


def test_alphabeta_takes_the_rook_that_threatens_its_king():
    state = COSMIC.parse(WINNING_CAPTURE)
    assert fixed_depth(3).choose(state).text == "b2xd4"


def test_alphabeta_sees_the_threat_and_prefers_the_capture_to_a_quiet_move():
    # Depth 3 sees Black's rook reaching c1 and taking the king next: every
    # quiet White move scores as lost.
    analysis = fixed_depth(4).analyse(COSMIC.parse(WINNING_CAPTURE))
    assert analysis.action.text == "b2xd4" and not (analysis.decided and analysis.score < 0)


def test_greedy_takes_an_immediate_win_and_the_rook():
    assert GreedyAgent(seed=1).choose(COSMIC.parse(MATE_IN_ONE)).text == "a1x*"
    assert GreedyAgent(seed=1).choose(COSMIC.parse(WINNING_CAPTURE)).text == "b2xd4"


def test_mcts_captures_the_king():
    assert MCTS(iterations=300, time_limit=None, seed=3).choose(COSMIC.parse(MATE_IN_ONE)).text == "a1x*"


def test_transposition_table_hits_on_a_transposing_position():
    # c2-d1, d5-c6, b3-a4 and b3-a4, d5-c6, c2-d1 reach one position.
    start = COSMIC.initial()
    first = start.play("c2-d1").play("d5-c6")
    second = start.play("b3-a4").play("d5-c6")
    one, two = first.play("b3-a4"), second.play("c2-d1")
    assert one == two and hash(one) == hash(two)
    engine = fixed_depth(3)
    engine.analyse(first)  # stores what it learnt about `one`, a child of the root
    assert (one, "white") in engine.table
    again = engine.analyse(second)  # meets the same position through the other order
    assert again.hits > 0
    fresh = fixed_depth(3).analyse(second)
    assert again.nodes < fresh.nodes and again.score == fresh.score


def test_the_table_saves_work_and_changes_no_result():
    start = COSMIC.initial()
    with_table = fixed_depth(4).analyse(start)
    without = AlphaBeta(depth=4, time_limit=None, use_table=False).analyse(start)
    assert with_table.hits > 0
    assert without.score == with_table.score
    assert without.nodes > with_table.nodes


def test_analysis_reports_a_line_that_starts_with_the_move():
    analysis = fixed_depth(3).analyse(COSMIC.initial())
    assert analysis.pv and analysis.pv[0] == analysis.action.text
    assert analysis.depth == 3
    state = COSMIC.initial()
    for text in analysis.pv:  # the expected line is playable
        state = state.play(text)


def test_a_time_limited_search_still_answers_with_a_legal_action():
    state = COSMIC.initial()
    action = AlphaBeta(time_limit=0.05).choose(state)
    assert action in state.legal_actions()


def test_engines_refuse_a_finished_game():
    from playbook import IllegalAction

    over = COSMIC.parse("k5/6/6/6/6/R4K w")  # Black has a bare king: the game is over
    assert over.outcome is not None
    for engine in (fixed_depth(2), MCTS(iterations=5, time_limit=None)):
        with pytest.raises(IllegalAction):
            engine.choose(over)


def test_an_engine_needs_a_limit():
    with pytest.raises(ValueError):
        AlphaBeta(depth=None, time_limit=None)
    with pytest.raises(ValueError):
        MCTS(iterations=None, time_limit=None)


def test_searches_limited_by_nodes_or_iterations_read_no_clock(monkeypatch):
    # A machine so loaded that every reading of the clock is 1000 s later:
    # a node- or iteration-limited search plays exactly as on an idle one.
    from concurrent.futures import ProcessPoolExecutor

    import playbook.analysis.engines.mcts as mcts_module
    import playbook.analysis.engines.search as search_module

    state = COSMIC.initial().play("c2-d3")
    quiet = AlphaBeta(nodes=3000).analyse(state)
    quiet_mcts = MCTS(iterations=200, seed=4).choose(state)
    clock = iter(range(0, 10**9, 1000))
    for module in (search_module, mcts_module):
        monkeypatch.setattr(module.time, "perf_counter", lambda: float(next(clock)))
    busy = AlphaBeta(nodes=3000).analyse(state)
    assert (busy.action.text, busy.depth, busy.nodes, busy.pv) == (quiet.action.text, quiet.depth, quiet.nodes, quiet.pv)
    assert MCTS(iterations=200, seed=4).choose(state).text == quiet_mcts.text
    monkeypatch.undo()
    with ProcessPoolExecutor(1) as pool:  # and another process plays it the same
        assert pool.submit(_node_search, state.to_text()).result() == (quiet.action.text, quiet.depth)


def _node_search(text):
    found = AlphaBeta(nodes=3000).analyse(COSMIC.parse(text))
    return found.action.text, found.depth


def test_a_node_limit_stops_the_deepening_where_the_budget_runs_out():
    state = COSMIC.initial()
    small, large = AlphaBeta(nodes=50).analyse(state), AlphaBeta(nodes=5000).analyse(state)
    assert small.nodes <= 51 and large.nodes <= 5001  # the search stops at the node past its budget
    assert 1 <= small.depth < large.depth
    assert repr(AlphaBeta(nodes=50)) == "AlphaBeta(nodes=50)" and AlphaBeta(nodes=50).time_limit is None
    assert MCTS(iterations=10).time_limit is None and MCTS().time_limit == 1.0 and AlphaBeta().time_limit == 1.0
    with pytest.raises(ValueError, match="nodes"):
        AlphaBeta(nodes=0)


# -------------------------------------------------------------------- Kelasu

# Blue holds E4 and E5 with blanks and has blanks on F3 and F6, each one
# sideways step from F4 and F5; two stones give two energy.  Two blank
# moves in one turn fill all four victory cells: Blue wins in two actions,
# both its own, with no Red move between.
KELASU_TWO_STEP = {"E4": "B", "E5": "B", "F3": "B", "F6": "B", "A0": "S", "A9": "S", "J0": "s", "J9": "s", "J5": "b"}


def test_alphabeta_plans_across_a_turn_of_several_actions():
    state = KELASU.setup(KELASU_TWO_STEP)
    analysis = fixed_depth(2).analyse(state)
    assert analysis.decided and analysis.score > 0
    assert set(analysis.pv) == {"F3-F4", "F6-F5"}
    after = state.play(analysis.pv[0])
    assert after.to_move == "blue"  # one energy left: still Blue's turn
    assert after.play(analysis.pv[1]).outcome.winners == ("blue",)


def test_mcts_plans_across_a_turn_of_several_actions():
    state = KELASU.setup(KELASU_TWO_STEP)
    action = MCTS(iterations=400, time_limit=None, seed=1).choose(state)
    assert action.text in {"F3-F4", "F6-F5"}


# ---------------------------------------------------------- Cresnovian Chess

# The left kingdom (to move) has Cognizance 3Q on A1 and Velocity 3Q on A3;
# the right kingdom holds only Essence 1Q on I1, walled in by monuments on
# H1, H2 and I2 so it cannot travel away; the six other pieces lie dead in
# the World.  Propaganda aimed at I1 takes its
# last Q and wins; legal_actions() does not list Propaganda (its targets
# are any subset), so an engine must reach it through the step API.
def walled_in():
    dead = {c: f"{u} 0Q" for c, u in zip(("D1", "E1", "F1", "D3", "E3", "F3"),
                                          ("duality", "cosmos", "radiance", "corporeality", "innervation", "caprice"))}
    return CRESNOVIAN.setup({"A1": "cognizance 3Q", "A3": "velocity 3Q", "I1": "essence 1Q", **dead}, mover="left",
                            monuments={"H1": "cosmos", "H2": "cosmos", "I2": "cosmos"})


def test_mcts_finds_a_win_that_cannot_be_listed():
    state = walled_in()
    action = MCTS(iterations=600, time_limit=None, seed=2).choose(state)
    assert action not in state.legal_actions()
    assert action.text.startswith("perform A1 propaganda") and "I1" in action.text
    assert state.play(action.text).outcome.winners == ("second",)


def test_alphabeta_weighs_the_actions_a_game_does_not_list():
    state = walled_in()
    assert fixed_depth(1).choose(state).text == "perform A1 propaganda I1"


# --------------------------------------------------------------- every game


def test_random_agent_may_resign_when_asked():
    state = KELASU.initial()
    chosen = {RandomAgent(seed=s, avoid=()).choose(state).text for s in range(200)}
    assert "resign" in chosen and "offer-draw" in chosen
    chosen = {RandomAgent(seed=s, avoid=("resign",)).choose(state).text for s in range(200)}
    assert "resign" not in chosen and "offer-draw" in chosen


def test_searches_weigh_the_first_actions_of_a_huge_list_and_answer():
    # Red (to move) has blanks on A0-E4 (25 connected blanks: over 600,000 merges) and its
    # stone J9; Blue a stone H9 and a blank G9.  The search weighs only the first LIMIT
    # actions (Red's blank steps come before the merges) and still answers with a legal one.
    from playbook.analysis.engines.search import LIMIT

    cells = {"H9": "S", "G9": "B", "J9": "s"}
    cells.update({f"{r}{f}": "b" for r in "ABCDE" for f in range(5)})
    state = KELASU.setup(cells, "red")
    weighed = candidates(state, limit=50)
    assert len(weighed) == 50
    assert len(candidates(state)) == LIMIT
    action = fixed_depth(1).choose(state)
    assert state.parse_action(action.text) == action


def test_candidates_leave_out_resigning_and_offers_but_keep_accepting():
    state = COSMIC.initial()
    texts = {a.text for a in candidates(state)}
    assert "offer-draw" not in texts and len(texts) == 6
    offered = state.play("offer-draw").play("c2-d3")  # Black may now accept
    assert "accept-draw" in {a.text for a in candidates(offered)}


# ------------------------------------------------------------- evaluations


def test_cosmic_evaluation_counts_material_and_pieces_by_hand():
    # White: king, rook, knight; Black: king, two pawns.  White has
    # rook 4 + knight 3 + three pieces at 0.5 = 8.5; Black 2 + 1.5 = 3.5;
    # White to move adds 0.1: 5.1 for White, -5.1 for Black.
    state = COSMIC.parse("4pk/5p/6/6/6/KRN3 w")
    assert evaluate(state, "white") == pytest.approx(5.1)
    assert evaluate(state, "black") == pytest.approx(-5.1)
    assert material(state) == {"R": 1, "N": 1, "P": -2}


def test_evaluations_score_finished_games_as_wins_and_losses():
    over = COSMIC.parse("k5/6/6/6/6/R4K w")
    assert evaluate(over, "white") == WIN and evaluate(over, "black") == -WIN


def test_kelasu_evaluation_rewards_the_victory_cells():
    base = KELASU.setup(KELASU_TWO_STEP)
    # The F3 blank moved onto F4: Blue holds three victory cells, not two.
    closer = KELASU.setup({**{k: v for k, v in KELASU_TWO_STEP.items() if k != "F3"}, "F4": "B"})
    assert evaluate(closer, "blue") > evaluate(base, "blue")
    assert evaluate(closer, "red") == pytest.approx(-evaluate(closer, "blue"))


def test_kelasu_evaluation_counts_a_blocked_victory_race_as_blocked():
    # Blue holds E4, E5 and F4, one move from holding all four victory cells: worth 20 while
    # Red holds none.  A Red blank on F5 blocks the four: Blue's three count 1.5 each (4.5),
    # and Red gains the blank (1), its place on a victory cell (0.3) and the cell (1.5).
    # Worked out by hand: Blue's score falls by 20 - 4.5 + 1 + 0.3 + 1.5 = 18.3.
    race = {"E4": "B", "E5": "B", "F4": "B", "A0": "S", "A9": "S", "J0": "s", "J9": "s", "J5": "b"}
    open_race = KELASU.setup(race)
    blocked = KELASU.setup({**race, "F5": "b"})
    assert evaluate(open_race, "blue") - evaluate(blocked, "blue") == pytest.approx(18.3)


def test_cresnovian_evaluation_follows_the_kingdoms_q():
    state = walled_in()
    # Left (to move, the second player) holds 6Q in two live pieces; right 1Q in one.
    assert evaluate(state, "second") > 0 > evaluate(state, "first")
    setup_phase = CRESNOVIAN.initial()
    assert evaluate(setup_phase, "first") == 0.0


def test_the_shipped_games_engines_judge_running_positions():
    # The analysis notebook and the reviews lean on each shipped game's own
    # evaluation; a designer's game may start without one (MCTS then plays
    # games out, and a review judges only won and lost positions).
    for name in available(shipped=True):
        assert load(name).engine.judges, name


# --------------------------------------------- a game the engines never saw


class NimState(State):
    """Take one to three stones; whoever takes the last stone wins."""

    def __init__(self, game, stones, side):
        self.game, self.stones, self.side = game, stones, side

    @property
    def to_move(self):
        return self.side

    def _compute_outcome(self):
        if self.stones == 0:
            winner = "b" if self.side == "a" else "a"  # the player who just moved took the last
            return Outcome((winner,), "took the last stone")
        return None

    def legal_actions(self):
        return [Action(f"take{n}", (Step.choice(f"take{n}"),)) for n in (1, 2, 3) if n <= self.stones]

    def _apply(self, action):
        return NimState(self.game, self.stones - int(action.text[-1]), "b" if self.side == "a" else "a")

    def to_text(self):
        return f"{self.stones} {self.side}"

    def view(self):
        from playbook.render import Cell, Scene

        # One cell per stone left, so the toy game can be drawn like any other.
        return Scene([Cell(f"s{k}", k, 0) for k in range(max(self.stones, 1))])


class Nim(Game):
    descriptor = Descriptor("nim_test", "Nim", players=("a", "b"), settings=(Option("stones", 6, int),))

    def _initial(self, stones):
        return NimState(self, stones, "a")

    def parse(self, text):
        stones, side = text.split()
        return NimState(self, int(stones), side)


def test_a_new_game_is_played_well_with_the_generic_evaluation():
    # With 6 stones the player to move wins by taking 2, leaving a multiple of 4.
    state = Nim().initial(6)
    assert evaluate(state, "a") == 0.0
    assert fixed_depth(6).choose(state).text == "take2"
    assert MCTS(iterations=500, time_limit=None, seed=1).choose(state).text == "take2"
    assert GreedyAgent(seed=0).choose(Nim().initial(3)).text == "take3"


# ------------------------------------------------------- CCC and Chess Wheel+

CCC = load("ccc")
WHEEL = load("wheel")


def test_ccc_evaluation_counts_pyramids_far_above_flats_and_one_pyramid_as_danger():
    # Both sides: Large Pyramid (a1 / h10) and a Flat; White to move.  Worked out by hand:
    # each side 6 (Large) + 1 (Flat) - 4 (one Pyramid left) + approach; the Flats stand
    # mirror-wise (d4 / e7), equally far (6 king steps) from the enemy Pyramid: even, but
    # for the side to move's tempo, 0.1.
    even = CCC.setup({"a1": "L", "d4": "F", "h10": "l", "e7": "f"})
    assert evaluate(even, "white") == pytest.approx(0.1)
    assert evaluate(even, "black") == pytest.approx(-0.1)
    # A second White Pyramid (Small, on b1): +5 material and the danger falls from 4 to 2.
    more = CCC.setup({"a1": "L", "b1": "S", "d4": "F", "h10": "l", "e7": "f"})
    assert evaluate(more, "white") == pytest.approx(0.1 + 5 + 2)
    # A Flat less for Black instead: White up one Flat and its approach term.
    flat_up = CCC.setup({"a1": "L", "d4": "F", "h10": "l"})
    assert 1.0 < evaluate(flat_up, "white") < 1.5
    assert evaluate(flat_up, "black") == pytest.approx(-evaluate(flat_up, "white"))


def test_ccc_evaluation_scores_the_end_of_the_game():
    # Black has no Pyramid left: White has won.
    won = CCC.setup({"a1": "L", "h10": "f"})
    assert evaluate(won, "white") == WIN and evaluate(won, "black") == -WIN


def test_engines_take_the_last_enemy_pyramid_in_ccc():
    # White Flat d4 next to Black's only Pyramid on d5 (a Small one, unshielded): d4xd5
    # destroys both (pairing A) and Black has no Pyramid left: White wins at once.
    state = CCC.setup({"a1": "L", "d4": "F", "d5": "s", "h9": "f"})
    assert "d4xd5" in {a.text for a in state.legal_actions()}
    assert state.play("d4xd5").outcome.winners == ("white",)
    assert fixed_depth(1).choose(state).text == "d4xd5"
    assert GreedyAgent(seed=1).choose(state).text == "d4xd5"


def wheel_duel():
    # Ann's rook a1 on her board, a clear a-file; Bob's King on {Bob}a7, his pawn h2 far off.
    # Ann's rook reaches a8 (the shared rank, on every board) this week and Bob's a7 the next.
    from playbook.games.wheel import setup

    return setup({"{Ann}a1": "Ann R", "{Ann}e1": "Ann K", "{Bob}a7": "Bob K", "{Bob}h2": "Bob P"})


def test_wheel_search_sees_what_its_own_orders_do_and_never_reads_the_opponents():
    state = wheel_duel()
    # One action ahead, the commitment is judged by where its orders put the pieces.
    choice = GreedyAgent(seed=1).choose(state)
    assert choice.text.startswith("{Ann} commit") and "Ra1-a8" in choice.data[3]
    after = state.play(choice)
    assert after.secret("Ann") == choice.data[3]  # kept privately for revealing
    # Bob, to move, must not see Ann's sealed orders; an engine works on what Bob knows.
    assert after.private_to("Bob").secret("Ann") is None
    assert after.private_to("Ann") is after
    reply = AlphaBeta(depth=3, time_limit=None).choose(after)
    assert reply.text.startswith("{Bob}")


# ------------------------------------------------------ one interface for all


def test_every_agent_shares_one_interface_and_reset_starts_it_again():
    from playbook.analysis.engines.agents import Agent, Analysis

    state = COSMIC.initial()
    for make in (lambda: RandomAgent(seed=4), lambda: GreedyAgent(seed=4), lambda: fixed_depth(2, seed=4),
                 lambda: MCTS(iterations=60, time_limit=None, seed=4)):
        agent = make()
        assert isinstance(agent, Agent)
        first = [agent.choose(state).text for _ in range(3)]
        agent.reset(4)
        assert [agent.choose(state).text for _ in range(3)] == first
        analysis = agent.analyse(state)
        assert isinstance(analysis, Analysis) and analysis.action in state.legal_actions()


def test_greedy_analysis_scores_its_choice_one_action_deep():
    # The score is the evaluation, for White, of the position the chosen action leads to.
    state = COSMIC.parse("k5/p5/6/6/6/R4K w")
    analysis = GreedyAgent(seed=1).analyse(state)
    assert analysis.depth == 1
    assert analysis.score == evaluate(state.play(analysis.action), "white")
