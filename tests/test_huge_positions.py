"""Positions whose actions explode: a list that would be huge is refused at once with what to use
instead, its actions still come one at a time, and the board and the engines answer there."""

from __future__ import annotations

import itertools
import json
from types import SimpleNamespace

import pytest

from playbook import TooManyActions, load
from playbook.analysis import AlphaBeta, RandomAgent
from playbook.core import MOST_LISTED
from playbook.games.kelasu import merges

KELASU = load("kelasu")
REST = "to-move: blue\nenergy: 4\nacted: -\nquiet: 0\nseen: -\noffer: -\nended: -"


def kelasu(rows: list[str]):
    return KELASU.parse("\n".join(rows) + "\n" + REST)


# Blue's 36 blanks in one group around the victory cells, every other piece of the two sets
# elsewhere (40 blanks and 8 stones in all): millions of merges, and C(36, 15), over five billion,
# ways of leaving 15 blanks out of a stone.
WIDE = ["..........", "..........", "S.S....S.S", "BBBBBBBBBB", "BBBB..BBBB", "BBBB..BBBB", "BBBBBBBBBB",
        "..........", "bbbb......", "s.s....s.s"]


@pytest.fixture
def merges_made(monkeypatch):
    """How many merges the code makes; more than a list may hold fails the test at once (listing
    this position whole takes minutes)."""
    made = [0]
    real = merges._merges_of

    def counted(group, out):
        real(group, out)
        made[0] += 1
        if made[0] > MOST_LISTED:
            raise AssertionError(f"made more than {MOST_LISTED:,} merges instead of saying the list is too long")

    monkeypatch.setattr(merges, "_merges_of", counted)
    merges._PART_MERGES.clear()
    return made


def test_listing_a_field_of_36_blanks_is_refused_at_once_saying_what_to_use(merges_made):
    state = kelasu(WIDE)
    with pytest.raises(TooManyActions) as refused:
        state.legal_actions()
    message = str(refused.value)
    assert "36 connected blanks" in message and f"{MOST_LISTED:,}" in message
    assert "iter_actions()" in message and "next_steps()" in message
    assert merges_made[0] == 0  # counted, not made


def test_its_actions_still_come_one_at_a_time_and_each_is_legal():
    state = kelasu(WIDE)
    first = list(itertools.islice(state.iter_actions(), 2000))
    merged = [a for a in first if "@" in a.text]
    assert len(first) == 2000 and merged
    for action in first[::97]:
        assert state.parse_action(action.text) == action == state.action_from_steps(action.steps)


def test_the_random_player_and_a_search_answer_there_with_legal_actions():
    state = kelasu(WIDE)
    for agent in (RandomAgent(seed=4), AlphaBeta(nodes=300)):
        action = agent.choose(state)
        assert state.parse_action(action.text) == action
    assert state.next_steps(()).options  # the board enters its actions by steps


def test_the_widest_field_one_side_starts_with_is_listed_whole():
    # Twenty blanks, a side's own at the start, in a 4x5 block: listed, lazily in the same order.
    state = kelasu(["..........", "..........", "S.S....S.S", "BBBBB.....", "BBBBB.....", "BBBBB.....",
                    "BBBBB.....", "s.s....s.s", "bbbbbbbb..", ".........."])
    listed = state.legal_actions()
    assert len(listed) < MOST_LISTED and listed == list(state.iter_actions())


# ---------------------------------------------------------------- the board


def elite_cresnovian():
    """Cresnovian Chess after the set-up, every piece at 9Q: each can use its elite ability, Tectonic
    Failure among them, a move for every piece on the board."""
    game = load("cresnovian")
    state, agent = game.initial(), RandomAgent(seed=3)
    while state.setting_up:
        state = state.play(agent.choose(state))
    data = json.loads(state.to_text())
    for piece in data["pieces"]:
        piece[2] = "9Q"
    return game.parse(json.dumps(data))


def test_a_board_waits_on_no_more_than_its_time_for_the_steps_it_sends(monkeypatch):
    # Every step of an elite Tectonic Failure solves matchings: looking ahead through all of them takes
    # the board seven to nine seconds a move.  Here each next_steps call moves a clock of the tree's own on by 20 ms:
    # past TREE_SECONDS (0.25 s, about 13 calls) no deeper level is looked into; root choices (talk)
    # still are.
    from playbook.widget import tree

    state = elite_cresnovian()
    clock = [0.0]
    calls = [0]
    real = type(state).next_steps

    def slow(self, prefix=()):
        calls[0] += 1
        clock[0] += 0.02
        return real(self, prefix)

    monkeypatch.setattr(type(state), "next_steps", slow)
    monkeypatch.setattr(tree, "time", SimpleNamespace(perf_counter=lambda: clock[0]), raising=False)
    sent = tree.step_tree(state)
    root_choices = sum(1 for step, _ in sent["o"] if step["kind"] == "choice")
    assert calls[0] <= 1 + round(tree.TREE_SECONDS / 0.02) + 1 + root_choices
    assert any(child is None for _, child in sent["o"]) or len(sent["o"]) < 13  # the rest is fetched on request
