"""Engines for analysis: several lines with exact scores, MCTS's statistics and kept tree,
and records that carry each move's evaluation."""

from __future__ import annotations

import pytest

from playbook import load
from playbook.analysis import MCTS, AlphaBeta, RandomAgent, load_results, selfplay
from playbook.analysis.engines.agents import DECIDED, Analysis
from playbook.analysis.engines.mcts import value_score
from playbook.analysis.runs.notes import move_note
from playbook.core import NotationError
from playbook.records import Record

COSMIC = load("cosmic")
# White: king a1, pawn b2; Black: pawn c3, king f6; White to move.  White's actions:
# b2xd4 (takes the pawn: Black is down to a bare king and loses at once), b2-a3, b2-c1,
# a1-a2 and a1-b1.  After either king move Black answers c3xa1, jumping the pawn on b2
# onto the corner the king left: White is down to a bare king and loses.
POSITION = COSMIC.parse("5k/6/6/2p3/1P4/K5 w")


def material(state, player):
    """Ten a piece more than the other side, plus the rank of White's pawn and a tenth of the
    file of White's king (a = 1), for White; the opposite for Black."""
    board = state.to_text().split()[0]
    ranks = board.split("/")  # rank 6 first
    white = black = 0
    bonus = 0.0
    for row, text in enumerate(ranks):
        rank = 6 - row
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
                continue
            file += 1
            if ch.isupper():
                white += 1
                bonus += rank if ch == "P" else file / 10 if ch == "K" else 0
            else:
                black += 1
    value = 10 * (white - black) + bonus
    return value if player == "white" else -value


def test_one_action_deep_every_line_is_scored_by_the_position_it_leads_to():
    engine = AlphaBeta(depth=1, evaluation=material, time_limit=None)
    lines = engine.analyse(POSITION, multipv=5).lines
    # b2xd4 wins at once (WIN less one ply); then 0 material and the bonus:
    # b2-a3: 3 + 0.1; a1-b1: 2 + 0.2; a1-a2: 2 + 0.1; b2-c1: 1 + 0.1.
    assert [line.action.text for line in lines] == ["b2xd4", "b2-a3", "a1-b1", "a1-a2", "b2-c1"]
    assert [round(line.score, 6) for line in lines] == [9999, 3.1, 2.2, 2.1, 1.1]
    assert [line.pv for line in lines] == [["b2xd4"], ["b2-a3"], ["a1-b1"], ["a1-a2"], ["b2-c1"]]


def test_two_actions_deep_the_lines_see_the_replies_and_have_exact_scores():
    engine = AlphaBeta(depth=2, evaluation=material, time_limit=None)
    result = engine.analyse(POSITION, multipv=3)
    # The king moves now lose to c3xa1 (-WIN + 2); the pawn moves leave Black no capture, so
    # they keep their scores: b2-a3 3.1 and b2-c1 1.1 whatever Black answers.
    assert [line.action.text for line in result.lines] == ["b2xd4", "b2-a3", "b2-c1"]
    assert [round(line.score, 6) for line in result.lines] == [9999, 3.1, 1.1]
    assert result.depth == 2 and result.action.text == "b2xd4" and result.score == result.lines[0].score
    assert result.lines[0].pv == ["b2xd4"]  # the game ends there
    assert [len(line.pv) for line in result.lines[1:]] == [2, 2]
    for line in result.lines[1:]:
        POSITION.play(line.pv[0]).play(line.pv[1])  # each line is legal play
    worst = engine.analyse(POSITION, multipv=5).lines
    assert [round(line.score) for line in worst[3:]] == [-9998, -9998]
    assert {line.action.text for line in worst[3:]} == {"a1-a2", "a1-b1"}
    assert [line.pv[1] for line in worst[3:]] == ["c3xa1", "c3xa1"]


def test_one_line_is_the_default_and_multipv_is_checked():
    engine = AlphaBeta(depth=2, evaluation=material, time_limit=None)
    assert [line.action.text for line in engine.analyse(POSITION).lines] == ["b2xd4"]
    with pytest.raises(ValueError, match="multipv"):
        engine.analyse(POSITION, multipv=0)


def visits_below(result):
    return sum(line.visits for line in result.lines)


def test_mcts_reports_visits_and_values_of_every_action_and_the_win_scores_one():
    engine = MCTS(iterations=200, seed=3)
    result = engine.analyse(POSITION)
    # Every iteration goes through exactly one of the five actions at the root.
    assert sorted(line.text for line in result.lines) == ["a1-a2", "a1-b1", "b2-a3", "b2-c1", "b2xd4"]
    assert visits_below(result) == 200 and result.iterations == 200 and result.kept == 0
    win = next(line for line in result.lines if line.text == "b2xd4")
    # b2xd4 ends the game in White's favour: every search through it scores a win.
    assert win.value == 1.0 and win.pv == ["b2xd4"]
    assert result.lines[0] is win and result.action.text == "b2xd4"
    assert all(line.value < 1.0 for line in result.lines[1:])
    assert [line.visits for line in result.lines] == sorted((line.visits for line in result.lines), reverse=True)
    assert [line.text for line in engine.analyse(POSITION, multipv=2).lines][:1] == ["b2xd4"]



def test_mcts_analysis_reads_as_every_agents_from_its_best_line():
    result = MCTS(iterations=200, seed=3).analyse(POSITION)
    assert isinstance(result, Analysis)
    # The best line b2xd4 wins every search through it (value 1): the score is as high as a
    # search without proof may go, one short of the forced-win range; the line is one action.
    assert result.pv == ["b2xd4"] and result.depth == 1
    assert result.score == DECIDED - 1 and not result.decided
    # An even chance is a score of 0; 1/(1+e^-1), about 73%, is worth one ``scale``.
    assert value_score(0.5, 3.0) == 0.0
    assert value_score(1 / (1 + 2.718281828459045 ** -1), 3.0) == pytest.approx(3.0)
    assert value_score(0.0, 3.0) == -(DECIDED - 1)

def test_mcts_keeps_its_tree_for_a_position_it_has_searched_and_forgets_it_on_reset():
    start = COSMIC.initial()
    engine = MCTS(iterations=200, seed=3)
    first = engine.analyse(start)
    line = first.lines[0]
    assert len(line.pv) >= 2  # the move and the reply the search expects
    after = start.play(line.pv[0]).play(line.pv[1])
    second = engine.analyse(after)
    # The node was judged once when it was added, and every later visit went on to one of its
    # children; the new iterations add one visit each.
    assert second.kept > 0
    assert visits_below(second) == second.kept - 1 + 200
    engine.reset(3)
    assert engine.analyse(after).kept == 0
    fresh = MCTS(iterations=200, seed=3, keep_tree=False)
    fresh.analyse(start)
    result = fresh.analyse(after)
    assert result.kept == 0 and visits_below(result) == 200
    # A position the tree does not hold is searched from nothing.
    assert engine.analyse(POSITION).kept == 0


@pytest.mark.filterwarnings("ignore:.*stopped unfinished")
def test_selfplay_records_carry_what_each_engine_reported_about_its_moves_and_replay_ignores_it(tmp_path):
    result = selfplay(COSMIC, [lambda seed: AlphaBeta(depth=1, seed=seed), RandomAgent], games=1, progress=False,
                      max_plies=6)
    record = result.records[0]
    assert len(record.notes) == record.plies == 6
    states = record.states()
    for ply, note in enumerate(record.notes):
        if ply % 2:  # Black plays at random and reports nothing
            assert note is None
            continue
        # One action deep, the search looks once at the position after each action it weighs:
        # every legal action but offering a draw.
        weighed = [a for a in states[ply].legal_actions() if a.text != "offer-draw"]
        assert note["depth"] == 1 and note["nodes"] == len(weighed)
        # One action deep in a game of alternating moves, it never sees Black's answer.
        assert set(note) == {"score", "depth", "reply", "nodes", "seconds"} and note["reply"] == 0
    again = Record.from_json(record.to_json())
    assert again.notes == record.notes and again.states() == states
    out = selfplay(COSMIC, [lambda seed: AlphaBeta(depth=1, seed=seed), RandomAgent], games=1, progress=False,
                   max_plies=6, out=tmp_path)
    assert [n and {k: v for k, v in n.items() if k != "seconds"} for n in load_results(tmp_path).records[0].notes] \
        == [n and {k: v for k, v in n.items() if k != "seconds"} for n in record.notes]
    assert out.records[0].notes[1] is None


def test_an_mcts_note_gives_the_value_and_visits_of_the_move_played():
    engine = MCTS(iterations=50, seed=1)
    before = engine.last
    engine.choose(POSITION)
    note = move_note(engine, before)
    assert note["value"] == 1.0 and note["iterations"] == 50 and note["kept"] == 0
    assert note["visits"] == engine.last.lines[0].visits
    assert move_note(engine, engine.last) is None  # nothing new since


def test_a_record_refuses_notes_that_do_not_fit_its_actions():
    text = Record.of(COSMIC.initial(), ["c2-d3"], notes=[{"score": 0.5}]).to_json()
    assert '"notes"' in text
    with pytest.raises(NotationError, match="2 notes for 1 actions"):
        Record.from_json(text.replace('"notes": [', '"notes": [null, '))
    with pytest.raises(NotationError, match="ply 1 must be an object or null"):
        Record.from_json(text.replace('{\n   "score": 0.5\n  }', '"good"'))
    assert '"notes"' not in Record.of(COSMIC.initial(), ["c2-d3"]).to_json()  # left out when there are none
