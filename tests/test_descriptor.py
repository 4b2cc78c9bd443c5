"""Every game declares itself in one descriptor, and the tools read it."""

import inspect
import re

import pytest

from playbook import PlaybookError, available, load
from playbook.analysis import RandomAgent
from playbook.chance import Dice, advance
from playbook.descriptor import Descriptor, Ending, Option, Seats, Talk
from playbook.games import descriptors


@pytest.fixture(params=available())
def game(request):
    return load(request.param)


def test_the_descriptor_names_the_game_and_load_answers_to_each_name(game):
    d = game.descriptor
    assert isinstance(d, Descriptor) and (game.name, game.title) == (d.key, d.title)
    for name in (d.key, d.title, d.title.upper(), *d.aliases):
        assert load(name) is game
    assert descriptors()[d.key] is d


def test_the_declared_options_are_exactly_the_keywords_the_game_takes(game):
    # The declaration is checked against the signatures here, in a test, so
    # that nothing in the package needs to probe them.
    def keywords(function):
        return {n: p.default for n, p in inspect.signature(function).parameters.items()
                if n != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}

    assert keywords(type(game).__init__) == {o.name: o.default for o in game.descriptor.variants}
    assert keywords(game.initial) == {o.name: o.default for o in game.descriptor.settings}
    for option in (*game.descriptor.variants, *game.descriptor.settings):
        assert option.accepts(option.default), option


def test_each_declared_talk_action_is_an_action_of_the_game(game):
    # Random play with talk allowed meets every talk action the game declares.
    met = set()
    for seed in range(20):
        state = game.initial()
        agent, dice = RandomAgent(seed=seed, avoid=()), Dice(seed)
        for _ in range(30):
            if state.outcome is not None:
                break
            met |= {a.text for a in state.legal_actions()} & game.descriptor.talk_texts()
            state = advance(state, agent.choose, dice)[1]
    assert met == game.descriptor.talk_texts()


def test_the_start_seats_as_many_players_as_the_game_declares(game):
    seats = game.initial().seats
    assert len(seats) == game.descriptor.seats.fewest and len(set(seats)) == len(seats)
    assert set(game.initial().movers) <= set(seats)


def test_seats_are_a_range_and_chess_wheel_seats_two_to_eight():
    assert 2 in Seats(2, 2) and 3 not in Seats(2, 2) and Seats(2, 2).fixed
    assert 8 in Seats(2, 8) and 9 not in Seats(2, 8) and True not in Seats(0, 8) and not Seats(2, 8).fixed
    assert load("wheel").descriptor.seats == Seats(2, 8)
    assert len(load("wheel").initial(players=8).seats) == 8


def test_an_option_accepts_values_of_its_type_and_choices_only():
    limit = Option("quiet_limit", None, int)
    assert limit.accepts(None) and limit.accepts(40) and not limit.accepts(True) and not limit.accepts("40")
    first = Option("first", "white", str, choices=("white", "black"))
    assert first.accepts("black") and not first.accepts("red") and not first.accepts(None)
    assert Option("quiet_limit", 100, int, optional=True).accepts(None)


def test_load_refuses_an_option_the_game_does_not_declare_naming_those_it_does():
    with pytest.raises(PlaybookError, match="compulsory_capture, king_jumps, quiet_limit"):
        load("cosmic", first="black")  # a start setting, not a rule variant
    assert load("cosmic", quiet_limit=40).options == {"quiet_limit": 40}
    assert load("cosmic", quiet_limit=None).options == {}


def wrong_values(option: Option) -> list:
    """Values of the wrong type for ``option``, as a careless caller or a command line gives them."""
    if option.choices:
        return ["nonsense", 5]
    return {bool: ["no", "yes", 5, 0, None], int: ["x", "10", 1.5, True, []], str: [5, True, ["a"]],
            dict: ["a1=x", 5], tuple: ["names", 5]}.get(option.type, [])


def test_load_refuses_every_rule_variant_of_the_wrong_type_naming_it_and_what_it_takes(game):
    # Taken, load("ccc", quiet_limit="x") would fail later inside a game, and a boolean option given
    # "no" or 5 would read as true.
    tried = 0
    for option in game.descriptor.variants:
        for value in wrong_values(option):
            if value is None and (option.optional or option.default is None):
                continue
            with pytest.raises(PlaybookError, match=rf"{option.name} is {re.escape(option.expected())}, not "):
                load(game.name, **{option.name: value})
            tried += 1
    assert tried or not game.descriptor.variants


def test_a_refused_option_says_what_it_takes_in_words():
    with pytest.raises(PlaybookError, match=r"CCC: the option quiet_limit is a whole number or None, not 'x'"):
        load("ccc", quiet_limit="x")
    with pytest.raises(PlaybookError, match=r"blocking is True or False, not 'no'"):
        load("wheel", blocking="no")
    with pytest.raises(PlaybookError, match=r"reach is one of 'all', 'orthogonal', not 'x+\.\.\.$"):
        load("ccc", reach="x" * 10_000)  # the refusal does not repeat a long value whole
    assert load("ccc", quiet_limit=None).options == {"quiet_limit": None}


def test_selfplay_refuses_a_start_setting_of_the_wrong_type_before_any_game():
    from playbook.analysis import SelfPlayError, selfplay

    with pytest.raises(SelfPlayError, match=r"ranks is a whole number, not 'x'"):
        selfplay("ccc", [RandomAgent, RandomAgent], games=1, setup={"ranks": "x"}, progress=False)
    with pytest.raises(SelfPlayError, match=r"ready is True or False, not 'no'"):
        selfplay("wheel", [RandomAgent, RandomAgent], games=1, setup={"ready": "no"}, progress=False)


def test_endings_are_equal_by_name_and_a_game_may_declare_its_own():
    assert Ending("no move") == Ending.NO_MOVE and hash(Ending("no move")) == hash(Ending.NO_MOVE)
    own = Ending("bare king")
    assert own in load("cosmic").descriptor.endings and own not in load("ccc").descriptor.endings
    with pytest.raises(ValueError, match="kind"):
        Talk("pass", "skip")


def test_talk_texts_by_kind():
    d = load("kelasu").descriptor
    assert d.talk_texts() == {"resign", "offer-draw", "accept-draw"}
    assert d.talk_texts("resign") == {"resign"} and d.talk_texts("offer", "claim") == {"offer-draw"}
    assert load("ccc").descriptor.talk_texts() == frozenset()


def test_games_are_found_through_their_entry_points_in_a_fixed_order():
    from importlib.metadata import entry_points

    registered = {p.name for p in entry_points(group="playbook.games")}
    assert set(available()) == registered
    shipped = available(shipped=True)
    assert shipped == sorted(shipped) and available()[:len(shipped)] == shipped
    assert {"cosmic", "kelasu", "cresnovian", "ccc", "wheel"} <= set(shipped)
