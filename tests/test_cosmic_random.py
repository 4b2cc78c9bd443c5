"""Random legal Cosmic Chess games, checked move by move (hypothesis picks the games)."""

import random

from hypothesis import given, settings, strategies as st

from playbook import PlaybookError, load

GAME = load("cosmic")


def _counts(state):
    return state.counts()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants_and_end(seed):
    rng = random.Random(seed)
    state = GAME.initial()
    for _ in range(600):
        if state.outcome is not None:
            break
        actions = state.legal_actions()
        assert actions, "a running game always has an action (offering a draw at least)"
        action = rng.choice(actions)
        mover = state.side
        before = _counts(state)
        after = state.play(action)
        now = _counts(after)
        # Pieces are never created, the mover never loses a piece, and every
        # captured piece is an enemy: the opponent loses one per jump.
        other = "b" if mover == "w" else "w"
        captured = action.data[2] if action.data[0] not in ("offer", "accept") else ()
        # ...except the piece that jumps off the board over the enemy king.
        left_the_board = bool(captured) and action.data[1] is None
        assert now[mover] == before[mover] - left_the_board
        assert before[other] - now[other] == len(captured)
        assert all(state.board[c] != "." and (state.board[c].isupper() != (mover == "w")) for c in captured)
        # Text round trips, and the action's text reads back as itself.
        assert GAME.parse(after.to_text()) == after
        assert state.parse_action(action.text) == action
        state = after
    assert state.outcome is not None


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), junk=st.text(min_size=0, max_size=12))
def test_refused_actions_change_nothing(seed, junk):
    rng = random.Random(seed)
    state = GAME.initial()
    for _ in range(rng.randrange(30)):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_actions()))
    before = state.to_text()
    legal = {a.text for a in state.legal_actions()}
    if junk.strip() not in legal:
        try:
            state.play(junk)
        except PlaybookError:
            pass
        else:  # pragma: no cover - only reached if junk was legal
            raise AssertionError(f"{junk!r} was accepted")
    assert state.to_text() == before
    assert {a.text for a in state.legal_actions()} == legal
