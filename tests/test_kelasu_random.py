"""Random Kelasu games through the step API: they end, every kind of action occurs,
the text round trips and refused input changes nothing."""

from hypothesis import given, settings, strategies as st

from playbook import PlaybookError, load
from playbook.analysis import RandomAgent

GAME = load("kelasu")
QUIET = ("resign", "offer-draw", "accept-draw")


def kind_of(state, action):
    data = action.data
    if data[0] != "move":
        return data[0]
    _, i, j = data
    piece, target = state.board[i], state.board[j]
    if piece.upper() == "D" and target != ".":
        return "conversion"
    if piece.upper() == "W" and abs(i - j) == 90:
        return "recall"
    return "capture" if target != "." else "move"


def play(seed, max_plies=5000):
    agent = RandomAgent(seed=seed, avoid=QUIET)
    state, kinds = GAME.initial(), set()
    for _ in range(max_plies):
        if state.outcome is not None:
            break
        action = agent.choose(state)
        kinds.add(kind_of(state, action))
        before = state.to_text()
        after = state.play(action)
        assert state.to_text() == before
        assert GAME.parse(after.to_text()) == after
        assert after.energy >= 0
        state = after
    return state, kinds


def test_random_games_end_and_use_every_kind_of_action():
    outcomes, kinds = [], set()
    for seed in range(10):
        state, used = play(seed)
        assert state.outcome is not None, f"seed {seed} did not end"
        outcomes.append(state.outcome.reason)
        kinds |= used
    assert {"move", "capture", "merge", "recall", "conversion"} <= kinds
    assert any("stones" in r for r in outcomes)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 120), junk=st.text(max_size=16))
def test_refused_input_changes_nothing(seed, plies, junk):
    state = RandomAgent(seed=seed, avoid=QUIET).play(GAME.initial(), plies)
    if state.outcome is not None:
        return
    before = state.to_text()
    legal = {a.text for a in state.legal_actions()}
    if junk.strip() in legal:
        return
    try:
        state.play(junk)
    except PlaybookError:
        pass
    else:
        raise AssertionError(f"{junk!r} was accepted")
    assert state.to_text() == before


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300))
def test_listed_actions_and_step_entry_agree(seed, plies):
    state = RandomAgent(seed=seed, avoid=QUIET).play(GAME.initial(), plies)
    if state.outcome is not None:
        return
    for action in state.legal_actions():
        assert state.action_from_steps(action.steps) == action
        assert state.parse_action(action.text) == action
