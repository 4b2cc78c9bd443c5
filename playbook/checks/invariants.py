"""What holds for every position of every game, as assertions, and text
mutations for fuzzing parsers.  The checks of :mod:`playbook.checks` call
these on positions of random play, and a game's own tests may too.

>>> sorted(set(mutations("ab c", __import__("random").Random(0), 40))) != []
True
"""

from __future__ import annotations

import random

from playbook import NotationError, PlaybookError, State
from playbook.analysis import RandomAgent
from playbook.chance import Dice, advance


def assert_sound(state: State, listed: bool = True) -> None:
    """``state`` round-trips through its text, and if it is running it has a
    next step, a random entry by steps completes, and (when ``listed``) every
    listed action is entered by its own steps and read back from its text."""
    game = state.game
    text = state.to_text()
    again = game.parse(text)
    assert again == state and again.to_text() == text, f"{text!r} does not round-trip"
    if state.outcome is not None:
        return
    first = state.next_steps(())
    assert first.options or first.complete, f"running position with nothing to do: {text!r}"
    action = Dice(len(text)).roll(state) if state.chance else RandomAgent(seed=len(text)).choose(state)
    state.play(action)
    if listed:
        for action in state.legal_actions():
            assert state.action_from_steps(action.steps) == action, f"{action} is not entered by its steps in {text!r}"
            assert state.parse_action(action.text) == action


def assert_entered_by_its_steps(state: State, action) -> None:
    """Entering ``action`` one step at a time works: each of its steps is
    offered after the ones before it (a text step as a text box), the whole
    entry is complete, and it enters ``action`` itself."""
    steps = action.steps
    for k, step in enumerate(steps):
        options = state.next_steps(steps[:k]).options
        offered = any(o.kind == "text" for o in options) if step.kind == "text" else step in options
        assert offered, f"{action}: step {k + 1} ({step!r}) is not offered in {state.to_text()!r}"
    assert state.next_steps(steps).complete, f"{action}: its steps are not a complete entry"
    assert state.action_from_steps(steps) == action


def assert_after_is_play(state: State, action) -> None:
    """The unchecked successor ``after`` is the checked ``play``, and
    neither changes ``state``."""
    before = state.to_text()
    assert state.after(action) == state.play(action), f"after({action}) differs from play({action})"
    assert state.to_text() == before


def assert_observations_sound(state: State) -> None:
    """Every player's observation shows the same public position (its
    text), observing it again changes nothing, and a game without hidden
    information shows every player the position itself."""
    game = state.game
    for player in getattr(state, "players", None) or game.players:
        seen = state.observation(player)
        assert seen.to_text() == state.to_text()
        assert seen.observation(player) == seen
        if not game.hidden_information:
            assert seen is state


def random_positions(start: State, n: int, seed: int) -> list[State]:
    """``n`` positions of random play from ``start`` (a game that ends
    starts again; where the dice move, they are rolled from ``seed``)."""
    agent, dice, state, out = RandomAgent(seed=seed), Dice(seed), start, list[State]()
    while len(out) < n:
        if state.outcome is not None:
            state = start
        out.append(state)
        state = advance(state, agent.choose, dice)[1]
    return out


def settled(state: State, seed: int = 0) -> State:
    """``state``, or where the dice move there, the position after rolling
    them (from ``seed``) until a player moves or the game ends."""
    dice = Dice(seed)
    while state.chance:
        state = state.play(dice.roll(state))
    return state


def assert_refusals_change_nothing(state: State, *texts: str) -> None:
    """Playing each of ``texts`` on ``state`` either works or raises a
    :class:`PlaybookError`; either way ``state`` itself is unchanged."""
    before = state.to_text()
    for text in texts:
        try:
            state.play(text)
        except PlaybookError:
            pass
    assert state.to_text() == before, f"playing {texts!r} changed the position"


def mutations(text: str, rng: random.Random, count: int) -> list[str]:
    """``count`` damaged copies of ``text``: characters flipped, deleted or
    doubled, whitespace-separated fields dropped, doubled or swapped."""
    out = []
    alphabet = sorted(set(text) | set("0123456789 /-=:,;.{}[]\"'xX\n"))
    for _ in range(count):
        t = text
        for _ in range(rng.randint(1, 3)):
            if not t:
                t = rng.choice(alphabet)
                continue
            i = rng.randrange(len(t))
            op = rng.randrange(6)
            if op == 0:
                t = t[:i] + rng.choice(alphabet) + t[i + 1:]
            elif op == 1:
                t = t[:i] + t[i + 1:]
            elif op == 2:
                t = t[:i] + t[i] + t[i:]
            else:
                fields = t.split(" ")
                k = rng.randrange(len(fields))
                if op == 3 and len(fields) > 1:
                    del fields[k]
                elif op == 4:
                    fields.insert(k, fields[k])
                else:
                    j = rng.randrange(len(fields))
                    fields[k], fields[j] = fields[j], fields[k]
                t = " ".join(fields)
        out.append(t)
    return out


def assert_parse_is_safe(game, text: str) -> State | None:
    """Parsing ``text`` either raises :class:`NotationError` or gives a sound
    state (see :func:`assert_sound`); any other exception fails the test."""
    try:
        state = game.parse(text)
    except NotationError:
        return None
    except PlaybookError as exc:  # a wrong error type is a bug
        raise AssertionError(f"parse({text!r}) raised {type(exc).__name__}, not NotationError: {exc}") from None
    assert_sound(state, listed=False)
    return state
