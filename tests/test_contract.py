"""The contract every registered game meets, checked by random play through the step API."""

import pytest

from playbook import IllegalAction, NotationError, PlaybookError, Record, State, Step, available, load
from playbook.analysis import RandomAgent


@pytest.fixture(params=available())
def game(request):
    return load(request.param)


def test_every_module_listed_loads_by_its_title_too(game):
    assert load(game.title) is game
    assert game.name in available()


def test_unknown_game_names_the_available_ones():
    with pytest.raises(PlaybookError, match="cosmic"):
        load("checkers")


def test_initial_state_round_trips_and_draws(game):
    state = game.initial()
    assert isinstance(state, State)
    assert game.parse(state.to_text()) == state
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and "data-cell" in svg
    assert state.to_move in game.players or state.to_move


def test_random_play_through_steps_keeps_the_contract(game):
    agent = RandomAgent(seed=7)
    for seed in range(3):
        agent = RandomAgent(seed=seed)
        state = game.initial()
        for _ in range(60):
            if state.outcome is not None:
                break
            action = agent.choose(state)
            # The steps that entered the action lead back to it.
            assert state.action_from_steps(action.steps) == action
            after = state.play(action)
            assert game.parse(after.to_text()) == after
            state = after


def test_garbage_is_refused_with_our_errors_and_changes_nothing(game):
    state = game.initial()
    before = state.to_text()
    for junk in ["", "???", "zz9-zz9", "x" * 50, "\n"]:
        with pytest.raises((IllegalAction, NotationError)):
            state.play(junk)
    with pytest.raises(IllegalAction):
        state.next_steps([Step.cell("no-such-cell")])
    assert state.to_text() == before
    with pytest.raises(NotationError):
        game.parse("not a position")


def test_records_replay_to_the_same_position(game):
    agent = RandomAgent(seed=3)
    state = start = game.initial()
    played = []
    for _ in range(20):
        if state.outcome is not None:
            break
        action = agent.choose(state)
        played.append(action)
        state = state.play(action)
    record = Record.from_json(Record.of(start, played).to_json())
    assert record.states()[-1] == state
