"""Random Kelasu games through the step API: they end, every kind of action occurs,
the text round trips and refused input changes nothing."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import PlaybookError, Step, load
from playbook.analysis import RandomAgent
from playbook.checks.invariants import assert_parse_is_safe, assert_sound, mutations

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


def test_merges_of_a_wide_blank_field_are_entered_by_their_own_steps():
    # Random play found this position: Red's blanks on E5 F5 G3 G4 G5 H5 I4
    # I5 J3 J5 ... form one field.  The merge F5,G3,G4,G5 cannot be clicked
    # F5, G3, ... (G3 touches neither F5 nor anything clicked before it);
    # its steps must go F5, G5, G4, G3 or another order where each blank
    # touches the ones clicked before it.
    state = RandomAgent(seed=138, avoid=QUIET).play(GAME.initial(), 136)
    merge = state.parse_action("R@F5:F5,G3,G4,G5")
    assert [s.value for s in merge.steps[:4]] == ["F5", "G5", "G4", "G3"]
    assert state.action_from_steps(merge.steps) == merge
    for action in state.legal_actions():
        assert state.action_from_steps(action.steps) == action
        assert state.parse_action(action.text) == action


def test_every_listed_action_of_random_positions_is_entered_by_steps_and_text():
    checked = 0
    for seed in range(12):
        agent = RandomAgent(seed=1000 + seed, avoid=QUIET)
        state = GAME.initial()
        for ply in range(240):
            if state.outcome is not None:
                break
            if ply % 20 == 19:
                assert list(state.iter_actions()) == state.legal_actions()
                for action in state.legal_actions():
                    assert state.action_from_steps(action.steps) == action, (action, state.to_text())
                    assert state.parse_action(action.text) == action
                    checked += 1
            state = state.play(agent.choose(state))
    assert checked > 1000


ALPHABET = "ABCDEFGHIJKabj0123456789@:,- WRDCGSxresignofferdrawaccept\n"


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 150), data=st.data())
def test_junk_actions_and_steps_raise_only_our_errors(seed, plies, data):
    state = RandomAgent(seed=seed, avoid=QUIET).play(GAME.initial(), plies)
    if state.outcome is not None:
        return
    before = state.to_text()
    listed = state.legal_actions()
    for _ in range(20):
        text = data.draw(st.one_of(
            st.text(ALPHABET, max_size=14),
            st.sampled_from(listed).map(str).flatmap(lambda t: st.tuples(st.just(t), st.integers(0, len(t)), st.text(ALPHABET, max_size=2))
                                                       .map(lambda x: x[0][:x[1]] + x[2] + x[0][x[1] + 1:])),
        ))
        try:
            state.play(text)
        except PlaybookError:
            pass
        action = data.draw(st.sampled_from(listed))
        cut = data.draw(st.integers(0, len(action.steps)))
        tail = data.draw(st.lists(st.builds(Step, st.sampled_from(Step.KINDS), st.text(ALPHABET, max_size=4)), max_size=3))
        prefix = list(action.steps[:cut]) + tail
        for entry in (state.next_steps, state.action_from_steps):
            try:
                entry(prefix)
            except PlaybookError:
                pass
    assert state.to_text() == before


def test_damaged_position_texts_are_refused_or_read_as_sound_positions():
    # Texts of random positions, damaged character by character and field by
    # field: each is a NotationError or a position that round-trips, can be
    # played on, and whose mover can act (so its turn can pass).
    rng = random.Random(9)
    read = 0
    for seed in range(25):
        state = RandomAgent(seed=seed, avoid=QUIET).play(GAME.initial(), rng.randrange(0, 200))
        assert_sound(state, listed=False)
        for text in mutations(state.to_text(), rng, 60):
            parsed = assert_parse_is_safe(GAME, text)
            if parsed is not None:
                read += 1
                if parsed.outcome is None:
                    assert parsed.next_steps(()).cells(), f"{text!r} can never hand over"
    assert read > 50


@settings(max_examples=30)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300))
def test_random_positions_are_sound(seed, plies):
    state = RandomAgent(seed=seed, avoid=QUIET).play(GAME.initial(), plies)
    assert_sound(state)
