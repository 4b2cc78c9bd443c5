"""Random Cresnovian games through the step API: thousands of turns without an
error, every ability used, Q never negative, refused input changing nothing,
and every Critical Rewind restoring exactly the earlier position."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import NotationError, load
from playbook.analysis import RandomAgent
from playbook.checks.invariants import assert_parse_is_safe, assert_refusals_change_nothing, assert_sound, mutations
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
    assert_refusals_change_nothing(state, junk)


# ------------------------------------------------------------ parsers under fuzzing

JUNK_VALUES = [None, True, 0, -1, 3, 10**7, "", "x", "A1", "Z9", "3Q", "3Qe", "9Qb", "play", "left", "cosmos",
               "travel:cosmos", "document", [], {}, ["A1"], ["A1", "cosmos"], ["cosmos", "A1", "3Q", ""],
               [["cosmos", "A1", "3Q", ""]], ["a", "b"]]


def _positions():
    """Positions from random games, set-up and play alike."""
    out = []
    for seed in range(10):
        agent = RandomAgent(seed=seed, stop=0.5)
        state = GAME.initial()
        for ply in range(60):
            if state.outcome is not None:
                break
            state = state.play(agent.choose(state))
            if ply % 6 == 2:
                out.append(state)
    return out


def json_mutations(text: str, rng: random.Random, count: int) -> list[str]:
    """Damaged copies of a JSON position: keys dropped, renamed or added;
    values (at any depth) replaced by junk, dropped or doubled."""
    out = []
    for _ in range(count):
        data = json.loads(text)
        for _ in range(rng.randint(1, 2)):
            key = rng.choice(sorted(data))
            op = rng.randrange(5)
            if op == 0:
                del data[key]
            elif op == 1:
                data[key + rng.choice(["x", "-", ""])] = data.pop(key)
            elif op == 2 or not isinstance(data[key], list) or not data[key]:
                data[key] = rng.choice(JUNK_VALUES)
            else:
                items = data[key]
                k = rng.randrange(len(items))
                if op == 3:
                    items.insert(k, items[k])
                elif isinstance(items[k], list) and items[k]:
                    items[k][rng.randrange(len(items[k]))] = rng.choice(JUNK_VALUES)
                else:
                    items[k] = rng.choice(JUNK_VALUES)
        out.append(json.dumps(data))
    return out


def test_mutated_position_texts_are_refused_or_sound():
    rng = random.Random(9)
    read = 0
    for state in _positions():
        text = state.to_text()
        for bad in mutations(text, rng, 12) + json_mutations(text, rng, 12):
            read += assert_parse_is_safe(GAME, bad) is not None
    assert read > 50  # some mutations leave a readable position, and those are sound


def test_mutated_forum_tables_are_refused_or_sound():
    rng = random.Random(4)
    read = 0
    for state in _positions():
        if state.phase != "play":
            continue
        for bad in mutations(state.to_forum(), rng, 15):
            try:
                again = GAME.from_forum(bad, to_move="left")
            except NotationError:
                continue
            assert_sound(again, listed=False)
            read += 1
    assert read > 20


# ------------------------------------------------------------ games played through legal_actions


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_running_game_played_through_legal_actions_always_lists_something_enterable(seed):
    # Callers read an empty list as the end of the game: while it runs, the list is never empty,
    # and each listed action is entered by its own steps (every third position checked in full).
    rng = random.Random(seed)
    state = GAME.initial()
    for ply in range(120):
        actions = state.legal_actions()
        if state.outcome is not None:
            assert actions == []
            break
        assert actions, state.to_text()
        if ply % 3 == 0:
            for action in actions:
                assert state.action_from_steps(action.steps) == action, (action.text, state.to_text())
        state = state.play(rng.choice(actions))


# ------------------------------------------------------------ the fast listing and the step entry agree


def test_the_fast_listing_gives_the_same_actions_as_walking_the_step_entry():
    # Walking the entry is slow, so every third position of eight games is compared.
    positions = 0
    for seed in range(8):
        agent = RandomAgent(seed=1000 + seed, stop=0.5)
        state = GAME.initial()
        for ply in range(60):
            if state.outcome is not None:
                break
            if ply % 3:
                state = state.play(agent.choose(state))
                continue
            fast = {a.text: a for a in state.legal_actions()}
            walked = {a.text: a for a in state.walked_actions()}
            assert fast.keys() == walked.keys(), (state.to_text(), fast.keys() ^ walked.keys())
            for text, action in fast.items():
                assert action.steps == walked[text].steps and action.data == walked[text].data, text
            positions += 1
            state = state.play(agent.choose(state))
    assert positions > 100
