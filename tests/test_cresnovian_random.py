"""Random Cresnovian games through the step API: thousands of turns without an
error, every ability used, Q never negative, refused input changing nothing,
and every Critical Rewind restoring exactly the earlier position."""

from hypothesis import given, settings, strategies as st

from playbook import PlaybookError, load
from playbook.analysis import RandomAgent
from playbook.games.cresnovian import BASIC, ELITE

GAME = load("cresnovian")


def test_thousands_of_random_turns_use_every_ability():
    used, turns = set(), 0
    seed = 0
    while turns < 6000:
        agent = RandomAgent(seed=seed, stop=0.5)
        state = GAME.initial()
        for _ in range(150):
            if state.outcome is not None:
                break
            action = agent.choose(state)
            after = state.play(action)
            assert all(p.q >= 0 for p in after.pieces)
            assert GAME.parse(after.to_text()) == after
            if action.data[0] == "perform":
                name = action.data[2]
                used.add(name)
                if name == "interpretative-dance":
                    used.add("danced " + action.text.split()[4])
                if name == "critical-rewind" or (name == "interpretative-dance" and action.text.split()[4] == "critical-rewind"):
                    # The earlier position comes back exactly, but for the performer's Q and the new bookkeeping.
                    earlier = GAME.parse(state.before)
                    performer = action.data[1]
                    assert [p for p in after.pieces if p.umbration != performer] == [
                        p for p in earlier.pieces if p.umbration != performer]
                    assert (after.monuments, after.word, after.poem, after.turn) == (
                        earlier.monuments, earlier.word, earlier.poem, earlier.turn)
            state = after
            turns += 1
        seed += 1
    assert set(BASIC.values()) | set(ELITE.values()) <= used
    assert "repair" in used


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60), junk=st.text(max_size=30))
def test_refused_input_changes_nothing(seed, plies, junk):
    state = RandomAgent(seed=seed, stop=0.5).play(GAME.initial(), plies)
    if state.outcome is not None:
        return
    before = state.to_text()
    try:
        state.play(junk)
    except PlaybookError:
        pass
    assert state.to_text() == before
