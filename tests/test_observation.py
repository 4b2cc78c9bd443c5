"""What a player may see (``state.observation(player)``) is all a player
is shown and all an agent is given: the board's evaluation line and hints,
an engine playing on a board, and every agent of a self-play run or a
tournament.  The action an agent returns is played on the whole position.

The position is a Chess Wheel+ raid: Ann's rook on the shared rank can take
Bob's King in one order, and on a shared screen the state remembers the
orders Ann sealed there.  Bob must see the same board whether Ann sealed
that capture or a quiet move."""

from __future__ import annotations

import pytest

from playbook import BoardWidget
from playbook.analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent, evaluate, selfplay, tournament
from playbook.analysis.engines.agents import Analysis
from playbook.games.wheel import commitment, setup
from playbook.games.wheel.orders import new_salt, reveal_body

RAID = setup({"e8": "Ann R", "{Ann}e1": "Ann K", "{Ann}h2": "Ann P", "{Bob}e1": "Bob K", "{Bob}a2": "Bob P"})
CAPTURE, QUIET = "Re8-{Bob}e1", "Re8-e5"  # e5 of her own board


def send(widget, content):
    widget.messages.receive(widget, content, [])


def entry(*steps):
    """Steps as the front end sends them: ``"!seal"`` a choice, a cell otherwise."""
    return [{"kind": "choice", "value": s[1:]} if s.startswith("!") else {"kind": "cell", "value": s} for s in steps]


def click(board, *steps):
    send(board, {"type": "action", "steps": entry(*steps), "position": board.position})
    assert board.error == "", board.error


def sealed_here(orders):
    """The raid after Ann sealed ``orders`` on this screen (the state keeps her text)."""
    salt = new_salt()
    state = RAID.play(f"{{Ann}} seal {salt}: {orders}")
    assert state.secret("Ann") == reveal_body(salt, orders)
    return state


def sealed_elsewhere(orders):
    """The raid after Ann posted only the hash of ``orders``: what Bob knows, whatever she sealed."""
    return RAID.play(f"{{Ann}} commit {commitment(new_salt(), orders)}")


def readable_secrets(state):
    """The sealed texts of players other than the one to move that ``state`` lets its holder read."""
    return {p: state.secret(p) for p in state.players if p != state.to_move and state.secret(p) is not None}


class Spy(RandomAgent):
    """Plays at random, but first tries to read the other players' sealed
    orders and fails the game when it can (so a run in other processes
    reports it too)."""

    def choose(self, state):
        leaked = readable_secrets(state)
        if leaked:
            raise AssertionError(f"an agent of {state.to_move} read the sealed orders of {sorted(leaked)}")
        return super().choose(state)

    def analyse(self, state):
        return Analysis(self.choose(state), 0.0, 0)


# ------------------------------------------------------- the board's evaluation line

def test_the_evaluation_bob_sees_is_the_same_whatever_ann_sealed_on_the_shared_screen():
    # Bob is shown the position he may see: Ann's commitment, not her orders.  So what he
    # reads is the evaluation of the raid with her hash alone, the same for both sealings.
    expected = f"Evaluation for Bob: {evaluate(sealed_elsewhere(CAPTURE), 'Bob'):+.1f}"
    for orders in (CAPTURE, QUIET):
        board = BoardWidget(RAID, hot_seat=True)
        click(board, "e8", "{Bob}e1" if orders == CAPTURE else "{Ann}e5", "!seal")
        assert board.state.secret("Ann").endswith(orders) and board.state.to_move == "Bob"
        assert board.evaluation == expected, orders


def test_in_the_resolve_phase_ann_is_shown_nothing_of_bobs_sealed_orders():
    # Both seal on the shared screen: Ann the capture, Bob either his pawn's step or his
    # King's step out of the rook's way (which would save it).  Ann reveals first, and her
    # evaluation may count her own orders, never Bob's.
    seen = set()
    for bob in (("{Bob}a2", "{Bob}a3"), ("{Bob}e1", "{Bob}d1")):
        board = BoardWidget(RAID, hot_seat=True)
        click(board, "e8", "{Bob}e1", "!seal")
        click(board, *bob, "!seal")
        state = board.state
        assert state.phase == "resolve" and state.to_move == "Ann" and state.secret("Bob") is not None
        assert board.evaluation == f"Evaluation for Ann: {evaluate(state.observation('Ann'), 'Ann'):+.1f}"
        seen.add(board.evaluation)
    assert len(seen) == 1


class Sealer:
    """An opponent that seals the orders it is given, with a fresh salt (as the engines do)."""

    def __init__(self, orders):
        self.orders = orders

    def choose(self, state):
        return state.parse_action(f"{{{state.to_move}}} seal {new_salt()}: {self.orders}")


def test_against_an_engine_bob_is_shown_nothing_of_the_orders_the_engine_sealed():
    expected = f"Evaluation for Bob: {evaluate(sealed_elsewhere(CAPTURE), 'Bob'):+.1f}"
    for orders in (CAPTURE, QUIET):
        board = BoardWidget(RAID, opponent=Sealer(orders), human="Bob")
        assert board.history[0].startswith("{Ann} commit ") and board.state.secret("Ann").endswith(orders)
        assert board.evaluation == expected, orders


def test_the_hint_and_the_search_line_come_from_what_bob_may_see():
    # After a hint the line reads the advisor's search, which is given Bob's observation:
    # the same search, so the same line and hint, whatever Ann sealed.
    lines, hints = set(), set()
    for orders in (CAPTURE, QUIET):
        board = BoardWidget(sealed_here(orders), advisor=AlphaBeta(depth=1, time_limit=None, seed=3))
        board.hint()
        board.hint()
        lines.add(board.evaluation)
        hints.add(board.advice["text"].split(" commit ")[0] + str(board.advice["cells"]))
    assert len(lines) == 1 and "(search, depth 1)" in lines.pop()
    assert len(hints) == 1


# ------------------------------------------------ agents receive the mover's observation

def test_an_engine_playing_on_a_board_is_given_its_sides_observation():
    # Ann seals the capture on the shared screen, and the spy plays Bob's side: it reads
    # nothing of her orders, and its own are played.
    board = BoardWidget(RAID, opponent=Spy(seed=1), human="Ann")
    click(board, "e8", "{Bob}e1", "!seal")
    assert board.state.phase == "resolve" and board.history[1].startswith("{Bob} ")


def test_an_advisor_on_a_board_is_given_the_observation_of_the_side_to_move():
    # Bob to move after Ann sealed here: the spy advising him finds nothing of hers.
    watched = BoardWidget(sealed_here(CAPTURE), advisor=Spy(seed=2))
    assert watched.state.to_move == "Bob"
    watched.hint()
    # Ann to move in the resolve phase may see her own orders: the spy reveals them for her.
    advised = BoardWidget(sealed_here(CAPTURE).play("{Bob} pass"), advisor=Spy(seed=2))
    assert advised.state.to_move == "Ann"
    assert advised.hint().text in ("{Ann} withhold", f"{{Ann}} reveal {advised.state.secret('Ann')}")


def test_the_action_an_agent_returns_is_played_on_the_whole_position():
    # Bob's engine plays on Bob's observation; the state the board keeps still holds Ann's
    # orders, so she reveals them with one click.
    board = BoardWidget(RAID, opponent=RandomAgent(seed=4, stop=1.0), human="Ann")
    click(board, "e8", "{Bob}e1", "!seal")
    assert board.state.secret("Ann").endswith(CAPTURE)


@pytest.mark.parametrize("run", ["selfplay", "tournament"])
def test_every_agent_of_a_run_is_given_the_movers_observation(run):
    # Random play from the start seals orders every week (checked below): each spy fails
    # its game as soon as it can read another player's.
    with pytest.warns(UserWarning, match="stopped unfinished at max_plies=60"):
        if run == "selfplay":
            records = selfplay("wheel", [Spy, Spy], games=3, max_plies=60, seed=5, progress=False).records
        else:
            records = tournament("wheel", {"a": Spy, "b": Spy}, games=2, max_plies=60, seed=5, progress=False,
                                 max_errors=None).records
    assert [r.error for r in records if r.error] == []
    # The spies had orders to spy on: the games sealed (and revealed) orders.
    assert all(any(" reveal " in a for a in r.actions) for r in records)


def test_a_spy_fails_its_game_when_given_the_whole_position():
    # The check above can fail: given the state that remembers Ann's orders, the spy raises.
    with pytest.raises(AssertionError, match=r"read the sealed orders of \['Ann'\]"):
        Spy(seed=1).choose(sealed_here(CAPTURE))


@pytest.mark.parametrize("make", [lambda: GreedyAgent(seed=7), lambda: AlphaBeta(depth=3, time_limit=None, seed=7),
                                  lambda: MCTS(iterations=200, time_limit=None, seed=7)],
                         ids=["greedy", "alphabeta", "mcts"])
def test_the_engines_search_an_observation_as_they_searched_the_whole_position(make):
    # The engines always searched the mover's observation (``private``): given it now,
    # they find the same orders with the same score, after the same work.  Salts are new
    # each time, so the orders are compared by what they decide (``choice_key``).
    state = sealed_here(CAPTURE)
    seen = state.observation("Bob")
    assert seen.secret("Ann") is None and seen.observation("Bob") == seen
    full, given = make().analyse(state), make().analyse(seen)
    assert state.choice_key(given.action) == state.choice_key(full.action)
    assert (given.score, given.depth, given.nodes) == (full.score, full.depth, full.nodes)
