"""Random CCC games through the step API: no error, every piece's every power
used, games that end, refusals that change nothing, and a parser fuzz."""

import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from playbook import Step, load
from playbook.analysis import RandomAgent
from playbook.checks.invariants import assert_parse_is_safe, assert_refusals_change_nothing, assert_sound, mutations

GAME = load("ccc")

#: Every piece's every power, as labelled by :func:`label`.
POWERS = {
    "Flat move", "Flat attack", "Flat stacks", "Flat hop", "Flat hop chain",
    "Flat Stack move", "Flat Stack grows", "Flat Stack attack", "Flat Stack unstack",
    "Cube move",
    "Pyramid move", "Pyramid attack", "Pyramid constructs", "Pyramid onto Flats", "Pyramid crushes",
    "Constructed Pyramid move", "Constructed Pyramid unstack",
    "Pyramid Stack move", "Pyramid Stack attack", "Pyramid Stack unstack",
    "Ring move", "Ring build", "Ring shield",
    "Standing Tall Stick fall", "Laying Tall Stick roll", "Laying Tall Stick stand",
    "Standing Short Stick fall", "Laying Short Stick roll", "Laying Short Stick stand",
    "Rectangle move", "Rectangle attack",
    "Nice Flag move", "Nice Flag recreate",
}


def label(state, action) -> str:
    kind = action.data[0]
    if kind == "pass":
        return "pass"
    if kind == "recreate":
        return "Nice Flag recreate"
    i = action.data[1]
    t = state.board[i]
    role = t.role()
    if role.endswith(" Pyramid") and role != "Constructed Pyramid":
        role = "Pyramid"
    if kind in ("fall", "roll", "stand", "unstack", "build", "shield"):
        return f"{role} {kind}"
    if kind == "flag":
        return "Nice Flag move"
    if kind == "hop":
        return "Flat hop chain" if len(action.data[2]) > 1 else "Flat hop"
    j = action.data[2]
    u = state.board[j]
    if u is None:
        return f"{role} move"
    if u.owner != t.owner or t.kind == "B":
        return f"{role} attack"
    if role == "Flat":
        return "Flat stacks"
    if role == "Flat Stack":
        return "Flat Stack grows"
    if u.kind == "col":
        return "Pyramid onto Flats" if u.units[-1][0] == "F" else "Pyramid constructs"
    return "Pyramid crushes"


def census(state) -> dict:
    """Pieces of each side on the board and beside it (stick sections for sticks)."""
    from playbook.games.ccc.pieces import SECTIONS

    count = {"w": Counter(), "b": Counter()}
    seen = set()
    for t in state.board:
        if t is None or id(t) in seen:
            continue
        seen.add(id(t))
        if t.kind == "col":
            count[t.owner].update(u[0] for u in t.units)
        else:
            count[t.owner]["B" if t.kind in SECTIONS else t.kind] += SECTIONS.get(t.kind, 1)
    for k, side in enumerate("wb"):
        count[side].update(state.lost[k])
    return count


def test_random_games_use_every_power_and_keep_the_invariants():
    used = Counter()
    seed = 0
    ended = 0
    while (not POWERS <= set(used)) and seed < 400:
        agent = RandomAgent(seed=seed, stop=0.4)
        state = GAME.initial(first="white" if seed % 2 else "black")
        for ply in range(1000):
            if state.outcome is not None:
                ended += 1
                break
            action = agent.choose(state)
            assert state.action_from_steps(action.steps) == action
            used[label(state, action)] += 1
            after = state.play(action)
            # No piece appears or vanishes: destroyed ones go beside the board.
            assert census(after) == census(state), f"pieces appeared or vanished after {action}"
            if ply % 10 == 0:
                # Reading the text back checks Shields and Power stay in their
                # caps and sticks stay straight.
                assert GAME.parse(after.to_text()) == after
            if ply % 25 == 0:
                assert_sound(after)
            state = after
        seed += 1
    assert POWERS <= set(used), f"never used: {sorted(POWERS - set(used))}"
    assert ended == seed, "every game ended (a win, a draw, or the quiet-turn limit)"


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 120), junk=st.text(max_size=20))
def test_refused_input_changes_nothing(seed, plies, junk):
    state = RandomAgent(seed=seed).play(GAME.initial(), plies)
    if state.outcome is not None:
        return
    assert_refusals_change_nothing(state, junk, "d4 unstack n SS")


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 150))
def test_parser_fuzz_gives_notation_errors_or_sound_positions(seed, plies):
    state = RandomAgent(seed=seed).play(GAME.initial(), plies)
    for text in mutations(state.to_text(), random.Random(seed), 30):
        assert_parse_is_safe(GAME, text)


def test_games_played_through_legal_actions_never_meet_an_empty_list():
    # As python-chess and OpenSpiel users play: pick from legal_actions() until
    # the game ends.  A running position always lists something, and each
    # listed action is what its own steps and its own text enter.
    kinds = Counter()
    for seed in range(100):
        rng, state = random.Random(seed), GAME.initial()
        for _ in range(300):
            if state.outcome is not None:
                break
            actions = state.legal_actions()
            assert actions, f"a running position lists nothing:\n{state.to_text()}"
            for action in actions:
                assert state.action_from_steps(action.steps) == action, f"{action} is not entered by its steps"
                assert state.parse_action(action.text) == action, f"{action} is not read back from its text"
            action = rng.choice(actions)
            kinds[action.data[0]] += 1
            state = state.play(action)
    # The actions that were left unlisted before are met in these games.
    assert {"flag", "recreate", "shield"} <= set(kinds)


def refusals(state, rng: random.Random):
    """The refusals of random entries on ``state``: for each cell that starts
    an action (and a few other cells), step prefixes of cells, choices and
    texts, and action texts of every form."""
    from playbook import PlaybookError
    from playbook.games.ccc.board import DIRS
    from playbook.games.ccc.moves import BUILD, DIR_STEPS, ORDER_STEPS, PASS, SHIELD, UNSTACK, VERB_STEPS

    choices = [PASS, BUILD, SHIELD, UNSTACK, *VERB_STEPS.values(), *DIR_STEPS.values(), *ORDER_STEPS.values()]
    words = ["unstack", "fall", "roll", "stand", "build", "shield", "recreate", "jump", '"Nice one"', "SM", "LS"]
    cells, names = [Step.cell(n) for n in state.geo.names], state.geo.names
    tries = []
    for start in state.next_steps().cells() + [rng.choice(names) for _ in range(4)]:
        for _ in range(25):
            pool = rng.choice([cells, choices, [Step.text(rng.choice(["", "Kind", "!!", "a" * 300]), "")]])
            prefix = [Step.cell(start)] + [rng.choice(pool) for _ in range(rng.randint(1, 3))]
            tries += [(state.next_steps, prefix), (state.action_from_steps, prefix)]
        for _ in range(10):
            other = rng.choice(names)
            tries.append((state.play, rng.choice([
                f"{start}{rng.choice('-x')}{other}", f'{start}-{other} "Cool"',
                f"{start} {rng.choice(words)} {rng.choice(list(DIRS))}", f"{start} {rng.choice(words)} {other}",
                f"{start}x{other}x{rng.choice(names)}"])))
    for attempt, entry in tries:
        try:
            attempt(entry)
        except PlaybookError as err:
            yield entry, err


def test_every_refusal_of_random_steps_and_texts_gives_its_reason():
    from playbook import IllegalAction

    seen = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = RandomAgent(seed=seed).play(GAME.initial(), rng.randrange(5, 90))
        if state.outcome is not None:
            continue
        for entry, err in refusals(state, rng):
            seen += 1
            # The message without the pointer a NotationError adds under it.
            reason = re.sub(r" \((at character \d+|line \d+, column \d+)\)$", "", str(err).split("\n")[0]).strip()
            assert reason and not reason.endswith(":"), f"{entry!r}: {err!r}"
            if isinstance(err, IllegalAction):
                assert err.rule, f"{entry!r}: {err} names no rule"
    assert seen > 1000
