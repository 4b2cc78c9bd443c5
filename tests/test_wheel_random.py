"""Random Chess Wheel+ games through the step API with 2 to 8 players,
parser fuzzing, refused input changing nothing and forged reveals."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from playbook import IllegalAction, NotationError, PlaybookError, load
from playbook.analysis import RandomAgent
from playbook.checks.invariants import assert_parse_is_safe, assert_sound, mutations
from playbook.games.wheel import commitment, setup

GAME = load("wheel")


def random_line(players: int, seed: int, cap: int):
    """The positions of a random game from the start, up to ``cap`` actions."""
    agent = RandomAgent(seed=seed)
    state = GAME.initial(players)
    line = [state]
    for _ in range(cap):
        if state.outcome is not None:
            break
        assert state.to_move in state.movers
        action = agent.choose(state)
        assert state.action_from_steps(action.steps) == action
        state = state.play(action)
        line.append(state)
    return line


@pytest.mark.parametrize("players", range(2, 9))
def test_random_play_ends_or_reaches_the_cap_keeping_the_invariants(players):
    line = random_line(players, seed=players, cap=120)
    assert line[-1].outcome is not None or len(line) == 121
    assert line[-1].week > 1  # whole weeks were resolved on the way
    for state in line[::7]:
        assert_sound(state)


#: What orders entered by steps meet at each collision rule: the results of
#: the collision, head-to-head and chain stages.  Two moves into one cell
#: bounce under "bounce" and are destroyed there under "destroy", never the
#: other way round.  The range stage's results (no piece, wrong piece, no
#: cell, out of range, ordered twice) come only from typed orders: the
#: step API offers well-formed orders in range (see test_wheel.py for those).
MET_BY_STEPS = {"bounce": {"ok", "bounce", "head-to-head", "own-piece", "blocked"},
                "destroy": {"ok", "destroyed", "own-piece", "blocked"}}


@pytest.mark.parametrize("collision", sorted(MET_BY_STEPS))
def test_random_play_finds_every_kind_of_result_orders_entered_by_steps_can_have(collision):
    game = load("wheel", collision=collision)
    seen = set()
    for players in (2, 3):
        for seed in range(6):
            agent, state = RandomAgent(seed=seed), game.initial(players)
            for _ in range(150):
                if state.outcome is not None:
                    break
                state = state.play(agent.choose(state))
                seen.update(code for *_, code in state.results)
    assert MET_BY_STEPS[collision] <= seen
    assert not seen & {"no-piece", "wrong-piece", "no-cell", "out-of-range", "twice"}
    assert ("bounce" in seen, "destroyed" in seen) == (collision == "bounce", collision == "destroy")


def test_fuzzed_positions_are_refused_or_sound():
    rng = random.Random(11)
    texts = [s.to_text() for s in random_line(3, 5, 60)[::6]]
    texts.append(setup({"{Ann}e1": "Ann K", "{Bob}e1": "Bob K"}).play(
        "{Ann} commit " + commitment("s", "Ke1-e2")).play("{Bob} pass").to_text())
    read = 0
    for text in texts:
        for damaged in mutations(text, rng, 40):
            read += assert_parse_is_safe(GAME, damaged) is not None
    assert read > 0  # some damage (a changed salt letter, a dropped name) still reads


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), plies=st.integers(0, 40), junk=st.text(max_size=40))
def test_refused_input_changes_nothing(seed, plies, junk):
    state = RandomAgent(seed=seed).play(GAME.initial(3), plies)
    before = state.to_text()
    for text in (junk, "{Ann} " + junk, "{Bob} reveal " + junk, "{Cyd} commit " + junk):
        try:
            state.play(text)
        except PlaybookError:
            pass
        assert state.to_text() == before


@settings(max_examples=60, deadline=None)
@given(salt=st.from_regex(r"[a-z0-9]{1,8}", fullmatch=True), forged=st.text(max_size=30))
def test_a_forged_reveal_is_always_refused(salt, forged):
    orders = "Pe2-e3"
    state = setup({"{Ann}e2": "Ann P"}).play("{Ann} commit " + commitment(salt, orders)).play("{Bob} pass")
    body = f"{salt}: {orders}"
    if forged.strip() == body:
        return
    with pytest.raises((IllegalAction, NotationError)):
        state.play("{Ann} reveal " + forged)
    with pytest.raises((IllegalAction, NotationError)):
        state.play("{Ann} reveal " + body + forged.strip() if forged.strip() else "{Ann} reveal " + salt + "x: " + orders)
    assert state.play("{Ann} reveal " + body).week == 2


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_resolution_moves_pieces_consistently(data):
    """Whatever the orders (possible or not), a resolution leaves one piece a
    cell, moves exactly the pieces whose orders succeed, and loses exactly the
    pieces it reports captured."""
    from playbook.games.wheel import Order, resolve

    players = ("Ann", "Bob", "Cyd")
    cells = [f"{{{p}}}{f}{r}" for p in players for f in "abcdefgh" for r in range(1, 8)] + [f"{f}8" for f in "abcdefgh"]
    start = data.draw(st.dictionaries(st.sampled_from(cells), st.tuples(st.sampled_from(players), st.sampled_from("KQRBNP")),
                                      min_size=2, max_size=12))
    own = {p: [c for c, (o, _) in start.items() if o == p] for p in players}
    orders = []
    for p in players:
        for _ in range(data.draw(st.integers(0, 3))):
            origin = data.draw(st.sampled_from(own[p])) if own[p] and data.draw(st.booleans()) else data.draw(st.sampled_from(cells))
            targets = reach_of(start, origin, players)
            dest = data.draw(st.sampled_from(targets)) if targets and data.draw(st.booleans()) else data.draw(st.sampled_from(cells))
            orders.append(Order(p, origin, dest, "", f"{origin}-{dest}"))
    for collision in ("bounce", "destroy"):
        res = resolve(dict(start), players, orders, collision=collision)
        moved = {o.origin: o.destination for o, code in res.results if code == "ok"}
        gone = [(c, o, k) for c, o, k in res.captured]
        assert len(res.pieces) == len(start) - len(gone)
        for origin, dest in moved.items():
            assert res.pieces[dest] == start[origin]
        for o, code in res.results:
            # A failed order leaves its piece in place, unless the piece was taken
            # or another order (its owner's) moved it.
            if (code not in ("ok", "destroyed") and o.origin in start and o.origin not in moved
                    and not any(c == o.origin for c, *_ in gone)):
                assert res.pieces.get(o.origin) == start[o.origin]


def reach_of(pieces, origin, players):
    from playbook.games.wheel import reach

    piece = pieces.get(origin)
    return reach(piece[1], origin, pieces, players) if piece else []


# ---------------------------------------------------------------- parser fuzzing


def reads_back_or_is_refused(read, write, text):
    """``read(text)`` either raises NotationError (and nothing else) or gives
    a value whose written text reads back as the same value."""
    try:
        value = read(text)
    except NotationError:
        return None
    assert read(write(value)) == value
    return value


POSITIONS = [s.to_text() for s in random_line(3, 5, 60)[::10]]


# Any text, and text made of what positions are made of (digits of every script among them).
FIELD_TEXT = st.one_of(st.text(max_size=40), st.text(alphabet="0123456789²٣ AnBobKQRP{}|:-,e18\r\t", max_size=20))


@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from(POSITIONS), line=st.integers(0, 14), value=FIELD_TEXT,
       where=st.sampled_from(["replace", "append", "whole"]))
@example(base=POSITIONS[0], line=2, value="²", where="replace")  # a digit that int() cannot read
@example(base=POSITIONS[0], line=3, value="-1", where="replace")
def test_any_position_text_reads_back_or_raises_notation_error(base, line, value, where):
    lines = base.split("\n")
    line %= len(lines)
    if where == "replace":  # a field's value replaced by anything at all
        name = lines[line].split(":", 1)[0]
        lines[line] = f"{name}: {value}"
    elif where == "append":
        lines[line] += value
    text = value if where == "whole" else "\n".join(lines)
    reads_back_or_is_refused(GAME.parse, lambda s: s.to_text(), text)


MESSAGE_LINES = ["2026-11-23 09:00 Ann: create", "2026-11-24 Bob: commit " + "ab" * 32, "# a comment", "",
                 "2026-11-26 08:10 Ann: reveal k7q2: Pe2-e3"]


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.one_of(st.sampled_from(MESSAGE_LINES), st.text(max_size=30),
                                st.builds(lambda a, b: a + b, st.sampled_from(MESSAGE_LINES), st.text(max_size=12))),
                      max_size=5))
def test_any_message_text_reads_back_or_raises_notation_error(lines):
    from playbook.games.wheel import read_messages, write_messages

    reads_back_or_is_refused(read_messages, write_messages, "\n".join(lines))
