"""Chess Wheel+ engines: the evaluation and the choices, on small positions
worked out by hand from the rules (orders are carried out at once; two
moves into one cell both fail; a move into a cell that a piece leaves
succeeds; a King is taken when an enemy move lands on it).

Searches get a depth or a number of iterations (``time_limit=None``), never
a time, so every run is the same.
"""

from __future__ import annotations

import pytest

from playbook.analysis import MCTS, AlphaBeta, GreedyAgent, evaluate
from playbook.games.wheel import commitment, setup
from playbook.games.wheel.engine import CAUGHT as WHEEL_CAUGHT
from playbook.games.wheel.orders import reveal_body


def committed(state, orders: str, salt: str = "s"):
    """``state`` after its player to move seals ``orders`` (the text kept, as in play)."""
    player = state.to_move
    return state.play(f"{{{player}}} commit {commitment(salt, orders)}").remember(player, reveal_body(salt, orders))


def body(action) -> str:
    return action.data[3]


def wheel_duel():
    # Ann's rook a1 on her board, a clear a-file; Bob's King on {Bob}a7, his pawn h2 far off.
    return setup({"{Ann}a1": "Ann R", "{Ann}e1": "Ann K", "{Bob}a7": "Bob K", "{Bob}h2": "Bob P"})


def test_wheel_evaluation_counts_material_pull_and_threats_by_hand():
    # Ann: board 0.5 + rook 5; Bob: board 0.5 + pawn 1 (Kings carry no material).
    # Pull: the rook on {Ann}a1 is 7 steps up to a8 and 1 down to {Bob}a7: 8 steps, so
    # 0.12 x (15 - 8) = 0.84; Bob's pawn on {Bob}h2 is 6 + 7 = 13 steps from {Ann}e1:
    # 0.04 x 2 = 0.08.  Threats: the rook reaches a8, a cell next to Bob's King: -0.4 for Bob.
    state = wheel_duel()
    assert evaluate(state, "Ann") == pytest.approx((5.5 + 0.84) - (1.5 + 0.08 - 0.4))
    assert evaluate(state, "Bob") == pytest.approx(-evaluate(state, "Ann"))
    # The rook on a8 has Bob's King in range (-2 for Bob), still reaches b8 next to it
    # (-0.4), and stands 1 step away: 0.12 x 14 = 1.68.
    threat = setup({"a8": "Ann R", "{Ann}e1": "Ann K", "{Bob}a7": "Bob K", "{Bob}h2": "Bob P"})
    assert evaluate(threat, "Ann") == pytest.approx((5.5 + 1.68) - (1.5 + 0.08 - 2 - 0.4))


def test_wheel_pull_rewards_a_step_towards_the_enemy_king():
    # A knight one step nearer Bob's King earns 0.12 more, and nothing else changes.
    far = setup({"{Ann}b1": "Ann N", "{Ann}e1": "Ann K", "{Bob}e1": "Bob K"})
    near = setup({"{Ann}c3": "Ann N", "{Ann}e1": "Ann K", "{Bob}e1": "Bob K"})
    # {Ann}b1 -> {Bob}e1: 7 + 7 steps, file 3 apart (covered on the way): 14; from c3: 5 + 7 = 12.
    assert evaluate(near, "Ann") - evaluate(far, "Ann") == pytest.approx(0.12 * 2)


def cornered(flight_open: bool):
    # Bob's King in the corner {Bob}a1 behind his pawns a2 and b2; with ``flight_open``
    # b1 is empty, else his knight stands there.  Ann's knight on {Bob}c2 reaches a1;
    # her rook on {Bob}h1 sweeps rank 1 up to b1.  Ann's King is far away at home.
    pieces = {"{Bob}a1": "Bob K", "{Bob}a2": "Bob P", "{Bob}b2": "Bob P", "{Bob}c2": "Ann N",
              "{Bob}h1": "Ann R", "{Ann}e1": "Ann K"}
    if not flight_open:
        pieces["{Bob}b1"] = "Bob N"
    return setup(pieces)


def test_a_king_with_no_flight_cell_is_as_good_as_taken():
    # Every cell next to {Bob}a1 holds Bob's own piece, so his King can only stay: the
    # knight's order Nc2-a1 takes it whatever Bob orders.  The evaluation counts it.
    state = cornered(flight_open=False)
    assert evaluate(committed(state, "N{Bob}c2-{Bob}a1"), "Ann") > WHEEL_CAUGHT - 50
    # A quiet order is nowhere near that.
    assert evaluate(committed(state, "R{Bob}h1-{Bob}g1"), "Ann") < 50


def test_a_king_that_can_step_away_is_taken_only_if_the_step_bounces():
    # With b1 empty the King has two replies: stay (taken) or step to b1 (the knight lands
    # on an empty a1): half of them save it, so the capture alone is worth half of 1000.
    # The rook ordered to b1 as well makes the step bounce (two moves into b1 both fail),
    # the King stays on a1 and is taken: no reply saves it.
    state = cornered(flight_open=True)
    alone = evaluate(committed(state, "N{Bob}c2-{Bob}a1"), "Ann")
    hemmed = evaluate(committed(state, "N{Bob}c2-{Bob}a1, R{Bob}h1-{Bob}b1"), "Ann")
    assert hemmed - alone == pytest.approx(WHEEL_CAUGHT / 2)


def test_greedy_takes_a_king_that_cannot_escape():
    state = cornered(flight_open=False)
    assert "N{Bob}c2-{Bob}a1" in body(GreedyAgent(seed=1).choose(state))


def test_engines_take_the_king_and_close_its_flight_cell():
    # The orders offered include the capture with the rook into b1, the King's only way out;
    # the one-action engines pick a set with both.
    state = cornered(flight_open=True)
    for engine in (GreedyAgent(seed=1), MCTS(iterations=60, time_limit=None, seed=1)):
        orders = body(engine.choose(state))
        assert "N{Bob}c2-{Bob}a1" in orders and "R{Bob}h1-{Bob}b1" in orders, (engine, orders)
    # AlphaBeta answers Bob's reply too (Bob choosing without seeing Ann's orders): it finds
    # orders that take the King this week: both sets of orders known, the King is caught.
    analysis = AlphaBeta(depth=2, time_limit=None).analyse(state)
    assert analysis.score > WHEEL_CAUGHT - 50


def test_the_side_whose_king_is_hunted_is_told_it_is_lost():
    # From Bob's side the same sealed orders, once revealed, leave his King no reply.
    state = cornered(flight_open=False)
    after = committed(state, "N{Bob}c2-{Bob}a1")
    after = after.play("{Bob} pass")  # the move phase ends: Ann reveals next
    after = after.play(f"{{Ann}} reveal {reveal_body('s', 'N{Bob}c2-{Bob}a1')}")
    assert after.outcome is not None and after.outcome.winners == ("Ann",)


def test_what_a_player_knows_leaves_out_only_the_digests_of_other_players_orders():
    # Ann sealed either of two sets of orders: Bob, who cannot read them, knows the same
    # position either way; Ann, who remembers her text, knows two different ones.
    from playbook.games.wheel.engine import ENGINE

    start = wheel_duel()
    rook_up, rook_right = committed(start, "Ra1-a8", "k1"), committed(start, "Ra1-b1", "k2")
    assert rook_up.commitments != rook_right.commitments
    bob_up, bob_right = rook_up.observation("Bob"), rook_right.observation("Bob")
    assert ENGINE.known_key(bob_up, "Bob") == ENGINE.known_key(bob_right, "Bob")
    assert ENGINE.known_key(rook_up, "Ann") != ENGINE.known_key(rook_right, "Ann")
    # A position that differs in more than a digest is told apart: Bob has also passed.
    assert ENGINE.known_key(bob_up.play("{Bob} pass"), "Bob") != ENGINE.known_key(bob_up, "Bob")


def test_evaluating_one_arrangement_again_gives_the_same_value_in_another_week():
    # The rook ordered a1-a8 but not yet revealed is counted on a8 (1.68 pull, threat -2
    # and flight cell -0.4 for Bob, as in the hand count above), and the same pieces a week
    # later count the same.
    from dataclasses import replace

    sealed = committed(wheel_duel(), "Ra1-a8")
    expected = (5.5 + 1.68) - (1.5 + 0.08 - 2 - 0.4)
    assert evaluate(sealed, "Ann") == pytest.approx(expected)
    assert evaluate(replace(sealed, week=9), "Ann") == evaluate(sealed, "Ann")
