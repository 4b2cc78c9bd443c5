"""The contract every registered game meets, checked by random play through the step API."""

import pytest

from playbook import IllegalAction, NotationError, PlaybookError, Record, State, Step, StepError, available, load
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


@pytest.mark.parametrize("entry", ["next_steps", "action_from_steps"])
@pytest.mark.parametrize("prefix", [["B4"], "B4", [None], [("cell", "a1")]])
def test_something_else_where_a_step_belongs_is_refused_as_not_a_step(game, entry, prefix):
    state = game.initial()
    before = state.to_text()
    with pytest.raises(StepError, match=r"expected a Step|sequence of Step") as refused:
        getattr(state, entry)(prefix)
    assert isinstance(refused.value, TypeError) and isinstance(refused.value, PlaybookError)
    if prefix == ["B4"]:
        assert "Step.cell('B4')" in str(refused.value)
    assert state.to_text() == before


def test_a_step_after_a_good_one_is_checked_too(game):
    state = game.initial()
    first = state.next_steps().options[0]
    with pytest.raises(StepError, match="step 2"):
        state.next_steps([first, "x"])


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
