"""Checks of the contract a game keeps whatever is played: how it is found
and declared, its start, its options, and what it refuses."""

from __future__ import annotations

from typing import Any

from ..analysis import RandomAgent
from ..core import Game, IllegalAction, NotationError, Outcome, PlaybookError, State, Step, StepError
from ..descriptor import Option
from ..games import available, descriptors, load
from ..records import Record
from .invariants import assert_refusals_change_nothing
from .registry import Session, check

__all__: list[str] = []


@check("the game is found by its entry point and loads by its key, its title (in any case) and each alias its "
       "descriptor lists, as the one object the entry point names")
def found_by_its_names(game: Game, session: Session) -> None:
    d = game.descriptor
    assert (game.name, game.title) == (d.key, d.title), "the game's name and title are not its descriptor's"
    assert d.key in available(), f"{d.key!r} is not among the installed games"
    for name in (d.key, d.title, d.title.upper(), *d.aliases):
        assert load(name) is game, f"load({name!r}) gives another game"
    assert descriptors()[d.key] is d, "the registry holds another descriptor"


@check("the start reads back from its text, draws with a clickable cell, and has a seated player to move (or the "
       "dice, in a game of chance)")
def start_reads_back_and_draws(game: Game, session: Session) -> None:
    state = game.initial()
    assert isinstance(state, State), f"initial() gives {type(state).__name__}, not a State"
    assert game.parse(state.to_text()) == state, "the start does not read back from its text"
    drawn = state._repr_svg_()
    assert drawn.startswith("<svg") and "data-cell" in drawn, "the start does not draw as SVG with clickable cells"
    assert state.to_move in state.seats or state.chance, f"{state.to_move!r} is to move at the start but not seated"


@check("the game takes the rule variants and start settings its descriptor declares, each at its declared "
       "default, and refuses those it does not declare")
def options_are_those_declared(game: Game, session: Session) -> None:
    d = game.descriptor
    for option in (*d.variants, *d.settings):
        assert option.accepts(option.default), f"the option {option.name!r} refuses its own default {option.default!r}"
    defaults = type(game)(**{o.name: o.default for o in d.variants})
    assert defaults.options == {}, f"the declared defaults of the variants make a variant: {defaults.options}"
    assert load(d.key, **{o.name: o.default for o in d.variants}).options == {}
    start = game.initial(**{o.name: o.default for o in d.settings})
    assert start == game.initial(), "the declared defaults of the start settings give another start"
    for call in (lambda: load(d.key, no_such_option=1), lambda: game.initial(no_such_setting=1)):
        try:
            call()
        except (PlaybookError, TypeError):
            continue
        raise AssertionError("an option the descriptor does not declare is taken")


def _wrong_values(option: Option) -> list[Any]:
    """Values of the wrong type for ``option``, as a careless caller or a command line gives them."""
    if option.choices:
        return ["nonsense", 5]
    return {bool: ["no", "yes", 5, 0, None], int: ["x", "10", 1.5, True, []], str: [5, True, ["a"]],
            dict: ["a1=x", 5], tuple: ["names", 5]}.get(option.type, [])


@check("a rule variant of the wrong type (a text for a number, 'no' or 5 for True or False, a value not among its "
       "choices) is refused by load, naming the option and what it takes")
def options_of_the_wrong_type_are_refused(game: Game, session: Session) -> None:
    # Taken, such a value would fail later inside a game, or a boolean given "no" would read as true.
    for option in game.descriptor.variants:
        for value in _wrong_values(option):
            if value is None and (option.optional or option.default is None):
                continue
            try:
                load(game.name, **{option.name: value})
            except PlaybookError as exc:
                said = f"{option.name} is {option.expected()}, not "
                assert said in str(exc), f"load(..., {option.name}={value!r}) is refused without saying {said!r}: {exc}"
                continue
            raise AssertionError(f"load(..., {option.name}={value!r}) is taken")


@check("every seat has a name a record reads back (no 'draw', no ' and '), and the start seats as many players as "
       "the descriptor's fewest")
def seats_are_named_for_records(game: Game, session: Session) -> None:
    seats = game.initial().seats
    assert len(seats) == game.descriptor.seats.fewest and len(set(seats)) == len(seats), \
        f"the start seats {seats}, the descriptor {game.descriptor.seats}"
    record = Record("x", "", [], result=Record.result_of(Outcome(tuple(seats), "all of them won")))
    assert record.winners == tuple(seats), f"a record of every seat winning reads back {record.winners}"


@check("text that is no action or no position is refused with IllegalAction or NotationError, and the position "
       "stays as it was")
def garbage_is_refused(game: Game, session: Session) -> None:
    state = game.initial()
    before = state.to_text()
    for junk in ["", "???", "zz9-zz9", "x" * 50, "\n"]:
        try:
            state.play(junk)
        except (IllegalAction, NotationError):
            continue
        raise AssertionError(f"playing {junk!r} at the start is not refused")
    try:
        state.next_steps([Step.cell("no-such-cell")])
    except IllegalAction:
        pass
    else:
        raise AssertionError("a click on a cell the board lacks is taken as a step")
    try:
        game.parse("not a position")
    except NotationError:
        pass
    else:
        raise AssertionError("'not a position' is read as a position")
    assert state.to_text() == before, "a refusal changed the position"
    for played in session.random_games(game)[:2]:
        for state in played.states[::max(1, len(played.states) // 6)]:
            if state.outcome is None:
                listed = [a.text for a in state.legal_actions()[:3]]
                assert_refusals_change_nothing(state, *[t[::-1] for t in listed], *[t + t for t in listed],
                                               "resign now", "a1-a1")


@check("something other than a Step where a step belongs (a bare 'b4', None, a tuple) is refused with StepError, "
       "naming the step at fault")
def steps_must_be_steps(game: Game, session: Session) -> None:
    state = game.initial()
    before = state.to_text()
    for entry in ("next_steps", "action_from_steps"):
        for prefix in (["B4"], "B4", [None], [("cell", "a1")]):
            try:
                getattr(state, entry)(prefix)
            except StepError as exc:
                assert isinstance(exc, TypeError) and isinstance(exc, PlaybookError)
                assert prefix != ["B4"] or "Step.cell('B4')" in str(exc), f"{entry}(['B4']) does not say Step.cell"
                continue
            raise AssertionError(f"{entry}({prefix!r}) is not refused as no step")
    first = state.next_steps().options[0]
    try:
        state.next_steps([first, "x"])
    except StepError as exc:
        assert "step 2" in str(exc), f"a bad second step is refused without naming it: {exc}"
    else:
        raise AssertionError("a bad step after a good one is taken")
    assert state.to_text() == before, "a refused entry changed the position"


@check("every talk action the descriptor declares (resigning, offering a draw ...) is an action random play meets")
def declared_talk_is_played(game: Game, session: Session) -> None:
    declared = game.descriptor.talk_texts()
    met: set[str] = set()
    for seed in range(20):
        state = game.initial()
        agent = RandomAgent(seed=seed, avoid=())
        for _ in range(30):
            if state.outcome is not None or met == declared:
                break
            met |= {a.text for a in state.legal_actions()} & declared
            state = state.play(agent.choose(state))
    assert met == declared, f"random play never meets the declared talk {sorted(declared - met)}"


@check("positions compare and hash through their key, as the contract defines it: equal exactly when their keys are")
def positions_compare_by_their_key(game: Game, session: Session) -> None:
    state = game.initial()
    cls = type(state)
    assert cls.__eq__ is State.__eq__ and cls.__hash__ is State.__hash__, \
        f"{cls.__name__} defines its own equality or hash: give key() instead"
    again = game.parse(state.to_text())
    assert again is not state and again == state and hash(again) == hash(state) == hash(state.key())
    for played in session.random_games(game)[:1]:
        for before, after in zip(played.states, played.states[1:], strict=False):  # each with the next
            assert (before == after) == (before.key() == after.key()), "positions are equal but their keys are not"
