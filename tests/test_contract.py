"""The contract every registered game meets, checked by random play through the step API."""

import pytest
from invariants import (assert_after_is_play, assert_entered_by_its_steps, assert_observations_sound,
                        assert_refusals_change_nothing, assert_sound, random_positions)

from playbook import IllegalAction, NotationError, Outcome, PlaybookError, Record, State, Step, StepError, available, load
from playbook.analysis import RandomAgent
from playbook.analysis.selfplay import seats_of
from playbook.chance import Dice, advance
from playbook.descriptor import Descriptor, Ending, Option


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
    assert state.to_move in seats_of(state) or state.chance


def test_random_play_through_steps_keeps_the_contract(game):
    for seed in range(3):
        agent, dice = RandomAgent(seed=seed), Dice(seed)
        state = game.initial()
        for _ in range(60):
            if state.outcome is not None:
                break
            action = dice.roll(state) if state.chance else agent.choose(state)
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
    agent, dice = RandomAgent(seed=3), Dice(3)
    state = start = game.initial()
    played = []
    for _ in range(20):
        if state.outcome is not None:
            break
        action, state = advance(state, agent.choose, dice)
        played.append(action)
    record = Record.from_json(Record.of(start, played).to_json())
    assert record.states()[-1] == state


# --------------------------------------------- how a game is played, declared

def test_a_game_is_simultaneous_exactly_when_several_players_decide_at_once_in_its_play(game):
    # What a game declares is checked against what its random games show:
    # several movers in one position, and some player seeing another position.
    several = hidden = False
    for seed in range(3):
        state = game.initial()
        agent, dice = RandomAgent(seed=seed), Dice(seed)
        for _ in range(60):
            if state.outcome is not None:
                break
            several |= len(state.movers) > 1
            hidden |= any(state.observation(p) != state for p in seats_of(state))
            state = advance(state, agent.choose, dice)[1]
    assert several == game.simultaneous
    assert hidden <= game.hidden_information


def test_a_game_without_hidden_information_shows_every_player_the_same_position(game):
    state = game.initial()
    for player in game.players:
        observed = state.observation(player)
        assert observed == state
        if not game.hidden_information:
            assert observed is state


def test_after_is_play_without_the_checks(game):
    state = game.initial()
    for action in state.legal_actions()[:30]:
        assert state.after(action) == state.play(action)


def test_sealed_orders_are_in_no_other_players_observation():
    from playbook.games.wheel import commitment, setup
    from playbook.games.wheel.orders import reveal_body

    state = setup({"{Ann}a1": "Ann R", "{Ann}e1": "Ann K", "{Bob}a7": "Bob K", "{Bob}h2": "Bob P"})
    body = reveal_body("pepper", "Ra1-a8")
    sealed = state.play(f"{{Ann}} commit {commitment('pepper', 'Ra1-a8')}").remember("Ann", body)
    assert sealed.observation("Ann").secret("Ann") == body
    assert sealed.observation("Bob").secret("Ann") is None
    assert "Ra1-a8" not in repr(sealed.observation("Bob").__dict__)


def test_every_seat_is_named_so_that_a_record_reads_its_winners_back(game):
    seats = seats_of(game.initial())
    assert seats and all(name and name != "draw" and " and " not in name for name in seats)
    record = Record("x", "", [], result=Record.result_of(Outcome(tuple(seats), "all of them won")))
    assert record.winners == tuple(seats)


@pytest.mark.parametrize("name", ["", "draw", "black and white"])
def test_a_winner_named_so_that_a_record_could_not_read_it_back_is_refused(name):
    with pytest.raises(ValueError, match="' and '"):
        Outcome(("north", name), "won")


def test_random_games_end_with_an_ending_the_game_declares(game):
    endings = set()
    for seed in range(4):
        state = RandomAgent(seed=seed).play(game.initial(), 3000)
        if state.outcome is not None:
            assert state.outcome.ending in game.descriptor.endings, state.outcome
            endings.add(state.outcome.ending)
    assert endings, f"no random game of {game.title} ended within 3000 actions"


def test_endings_name_how_the_game_ended():
    cosmic = load("cosmic").initial()
    # White offers a draw with its move, and Black accepts it.
    assert cosmic.play("offer-draw").play("c1-e2").play("accept-draw").outcome.ending is Ending.AGREEMENT
    # The White king on b2 jumps over the Black king on a1 and off the board.
    assert load("cosmic").parse("5p/6/6/6/1K4/k4P w").play("b2x*").outcome.ending is Ending.KING_CAPTURED
    assert load("kelasu").initial().play("resign").outcome.ending is Ending.RESIGNATION
    # Black has no Pyramid left.
    assert load("ccc").setup({"a1": "L", "h10": "f"}).outcome.ending is Ending.PIECES_LOST


# ------------------------------------------- every game, over random play

#: Positions of random play each game is checked on (games that end start again).
POSITIONS = 40


def sample(actions, count: int = 12):
    """At most ``count`` of ``actions``, spread over the list."""
    return actions[::max(1, len(actions) // count)][:count]


@pytest.fixture
def positions(game):
    return random_positions(game.initial(), POSITIONS, seed=11)


def test_positions_round_trip_and_a_running_game_always_has_a_next_step(game, positions):
    for state in positions:
        assert_sound(state, listed=False)
        if state.outcome is None:
            first = state.next_steps(())
            assert first.options or first.complete


def test_every_listed_action_is_entered_by_its_own_steps(game, positions):
    for state in positions[::4]:
        if state.outcome is None:
            for action in sample(state.legal_actions()):
                assert_entered_by_its_steps(state, action)


def test_after_equals_play_on_legal_actions(game, positions):
    agent, dice = RandomAgent(seed=5), Dice(5)
    for state in positions[::2]:
        if state.outcome is None:
            chosen = dice.roll(state) if state.chance else agent.choose(state)
            for action in sample(state.legal_actions(), 6) + [chosen]:
                assert_after_is_play(state, action)


def test_refusals_change_nothing_in_any_position(game, positions):
    for state in positions[::4]:
        if state.outcome is None:
            listed = [a.text for a in sample(state.legal_actions(), 3)]
            junk = [t[::-1] for t in listed] + [t + t for t in listed] + ["", "resign now", "a1-a1"]
            assert_refusals_change_nothing(state, *junk)


def test_an_observation_hides_what_it_must(game, positions):
    hidden = 0
    for state in positions:
        assert_observations_sound(state)
        if game.hidden_information:
            # Orders sealed on this screen are known to their player alone.
            for player in state.players:
                seen = state.observation(player)
                assert seen.secret(player) == state.secret(player)
                for other in state.players:
                    if other != player:
                        hidden += state.secret(other) is not None
                        assert seen.secret(other) is None
    assert hidden or not game.hidden_information  # random play sealed orders to hide
