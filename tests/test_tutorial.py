"""Exercises that teach (hints, the solution after three wrong tries, lines
of several moves, scripted replies, whole turns), the progress summary, and
the tutorials themselves: every chapter has an exercise, every exercise's
published answers are legal and right, every exercise has a hint, its
answer is out of sight, each part reads in at most fifteen minutes, and
every chapter ends with a line on what it taught, which the summary recaps.

Positions and answers are worked out by hand from the rule sources."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import re
from typing import NamedTuple

import pytest

from playbook import State, load
from playbook.learn.tutorial import TRIES, Exercise, Tutorial, current, summary

NOTEBOOKS = pathlib.Path(__file__).resolve().parent.parent / "notebooks"
#: The notebooks that are not tutorials of a game.
NOT_TUTORIALS = {"00_start_here", "analysis", "puzzles"}
TUTORIALS = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.stem not in NOT_TUTORIALS)

#: Chapters that teach no rule of their own, so need no exercise: the
#: introduction, playing a whole game, the clarifications and the summary.
EXEMPT = ("introduction", "a whole game", "rules clarifications", "summary", "your progress")

#: Chapters still waiting for their exercise (issue 14), per tutorial.  Take
#: a chapter out of this list when its exercise is written; the test fails
#: on any other chapter without one.
PENDING: dict[str, set[str]] = {}

#: Tutorials whose exercises do not all have a hint and a solution yet.
PENDING_HINTS: set[str] = set()

#: Tutorials whose chapters do not end with a recap line yet.  Take a
#: tutorial out of this set when its chapters have theirs.
PENDING_RECAP: set[str] = set()


# ---------------------------------------------------------------- exercises

# Cosmic Chess: White's pawn on b2 may jump c3 (to d4) and then e5 (to f6).
PAWNS = "k5/4p1/6/2p3/1P4/5K w"


def pawn_exercise(**options):
    options.setdefault("tutorial", Tutorial())
    return Exercise(load("cosmic").parse(PAWNS), "Capture as many pawns as you can.", answers={"b2xd4xf6"},
                    **options)


def test_a_wrong_answer_earns_the_hint_and_a_right_one_says_so():
    ex = pawn_exercise(hint="a pawn may keep jumping.")
    wrong = ex.check("b2xd4")
    assert not wrong and wrong.tries == 1 and "Hint: a pawn may keep jumping." in wrong.message
    assert wrong.solution == ()
    right = ex.check("b2xd4xf6")
    assert right and right.message == "Right: b2xd4xf6." and ex.solved


def test_hints_come_one_after_another_and_the_last_stays():
    ex = pawn_exercise(hint=["first.", "second."])
    assert "Hint: first." in ex.check("b2xd4").message
    assert "Hint: second." in ex.check("b2-c1").message
    assert "Hint: second." in ex.check("b2-a3").message


def test_the_same_wrong_answer_twice_is_one_try():
    ex = pawn_exercise(hint="jump.")
    ex.check("b2xd4")
    assert ex.check("b2xd4").tries == 1
    assert ex.check("b2-c1").tries == 2


def test_the_third_wrong_answer_shows_the_solution_on_the_board():
    ex = pawn_exercise(hint="jump.")
    board = ex.board
    for tries, move in enumerate(["b2xd4", "b2-c1", "b2-a3"], start=1):
        board.reset()
        board.play(move)
        verdict = ex.check()
        assert not verdict and verdict.tries == tries
        assert (verdict.solution == ("b2xd4xf6",)) == (tries >= TRIES)
    assert "b2xd4xf6" in verdict.message
    # The solution is drawn as an arrow, to be played from the start.
    assert board.arrows == [["b2", "d4", "f6"]]
    board.reset()
    board.play("b2xd4xf6")
    assert ex.check() and board.arrows == []


def test_an_illegal_answer_is_refused_with_the_reason():
    ex = pawn_exercise(hint="jump.")
    verdict = ex.check("b2-b3")
    assert not verdict and verdict.message.startswith("Not legal")


def test_a_check_or_goal_alone_finds_its_own_solution():
    # Only b2xd4xf6 leaves Black with a bare king (White wins by count).
    state = load("cosmic").parse("k5/4p1/6/2p3/1P4/K5 w")
    ex = Exercise(state, "Win the game in one move.", goal=lambda s: s.outcome is not None and s.outcome.winner == "white",
                  tutorial=Tutorial())
    assert ex.solution == ("b2xd4xf6",)
    old = Exercise(state, "Win.", check=lambda s, a: s.play(a).outcome is not None, tutorial=Tutorial())
    assert old.solution == ("b2xd4xf6",)


def test_an_exercise_needs_a_way_to_judge():
    with pytest.raises(ValueError):
        Exercise(load("cosmic").initial(), "Anything.", tutorial=Tutorial())


def test_playing_the_answer_on_the_board_counts_without_a_check():
    course = Tutorial("Cosmic Chess")
    ex = pawn_exercise(tutorial=course, hint="jump.")
    assert repr(course.summary()).startswith("Exercises solved in Cosmic Chess: 0 of 1")
    ex.board.play("b2xd4xf6")
    assert ex.solved
    assert repr(course.summary()).splitlines() == ["Exercises solved in Cosmic Chess: 1 of 1",
                                                  "  [x] Capture as many pawns as you can."]


# Two moves with a scripted reply.  White: king a1, pawn c1; Black: king a6,
# pawn f2.  After c1-d2 the script answers f2-e3, next to White's pawn, which
# then jumps it: d2xf4 (f4 is empty).
PUZZLE = "k5/6/6/6/5p/K1P3 w"


def puzzle(**options):
    return Exercise(load("cosmic").parse(PUZZLE), "Win the black pawn.", answers=[("c1-d2", "d2xf4")],
                    replies=["f2-e3"], hint="let it come to you.", tutorial=Tutorial(), **options)


def test_the_board_plays_the_scripted_reply_and_judges_the_whole_line():
    ex = puzzle()
    board = ex.board
    board.play("c1-d2")
    assert board.history == ["c1-d2", "f2-e3"]
    verdict = ex.check()
    assert not verdict and verdict.message.startswith("Not finished") and verdict.tries == 0
    board.play("d2xf4")
    assert ex.check().message == "Right: c1-d2, d2xf4."


def test_undo_against_the_script_goes_back_to_the_learners_move():
    ex = puzzle()
    board = ex.board
    board.play("c1-d2")
    board.undo()
    assert board.history == []
    board.play("c1-b2")  # the script still answers f2-e3, which is legal
    assert board.history == ["c1-b2", "f2-e3"]
    board.play("b2-c3")
    assert not ex.check() and ex.tries == 1


def test_a_typed_line_gets_the_scripted_replies_put_in():
    ex = puzzle()
    assert ex.check(["c1-d2", "d2xf4"])
    assert ex.check(("c1-d2", "d2xf4", "a6-b5")).message.startswith("Too long")


def test_off_the_script_the_line_is_judged_wrong_at_once_and_taken_back():
    # The reply is a function of the position: after c1-b2 it names a move
    # that is not legal, so the line ends with the learner's move, wrong.
    def reply(state):
        return "f2-e3" if state.to_text().startswith("k5/6/6/6/3P1p/") else "a1-a2"

    ex = Exercise(load("cosmic").parse(PUZZLE), "Win the black pawn.", answers=[("c1-d2", "d2xf4")],
                  replies=[reply], hint="let it come to you.", tutorial=Tutorial())
    board = ex.board
    board.play("c1-d2")
    assert board.history[1] == "f2-e3"
    board.reset()
    board.play("c1-b2")
    assert board.history == [] and board.moves == [] and board.verdict["kind"] == "wrong"
    assert board.verdict["cell"] == "b2" and "Hint: let it come to you." in board.verdict["text"]
    assert not ex.check() and ex.tries == 1


# Kelasu: a whole turn.  At the start Blue has four energy (four stones) and
# six blanks on rank B that can step forward: B1 B3 B4 B5 B6 B8.
def blanks_on_c(state):
    return sum(1 for c in state.to_text().splitlines()[2] if c == "B")


def turn_exercise():
    return Exercise(load("kelasu").initial(), "Bring as many blanks as you can to rank C in one turn.",
                    goal=lambda s: blanks_on_c(s) == 4, solution=["B3-C3", "B4-C4", "B5-C5", "B6-C6"], turn=True,
                    hint="a turn lasts as long as the energy.", tutorial=Tutorial())


def test_a_whole_turn_is_judged_when_the_turn_passes():
    ex = turn_exercise()
    board = ex.board
    board.play("B4-C4")
    board.play("B5-C5")
    verdict = ex.check()
    assert verdict.message == "Not finished: after B4-C4, B5-C5, your turn is not over yet. Play on."
    board.play("B3-C3")
    board.play("B6-C6")
    assert board.state.to_move == "red"
    assert ex.check().message == "Right: B4-C4, B5-C5, B3-C3, B6-C6."


def test_a_typed_turn_and_the_published_solution():
    ex = turn_exercise()
    assert ex.check(ex.solution)
    assert ex.check(["B1-C1", "B3-C3"]).message.startswith("Not finished")


def test_whole_turns_with_a_scripted_reply_turn():
    # Blue plays a turn, the script plays Red's whole turn (four blanks from
    # rank I to H), then Blue merges C4 and C5 (off its home ranks, not
    # moved this turn) into a warrior: two energy, two left for more.
    reply = ("I1-H1", "I3-H3", "I4-H4", "I5-H5")
    ex = Exercise(load("kelasu").initial(), "Make a warrior by your second turn.",
                  goal=lambda s: "W" in "".join(s.to_text().splitlines()[:10]), turn=True, replies=[reply],
                  solution=["B3-C3", "B4-C4", "B5-C5", "B6-C6", "W@C4:C4,C5", "C4-D4", "B1-C1"],
                  hint="blanks merge once they leave your home ranks.", tutorial=Tutorial())
    board = ex.board
    for move in ["B3-C3", "B4-C4", "B5-C5", "B6-C6"]:
        board.play(move)
    assert board.history[4:] == list(reply) and board.state.to_move == "blue"
    assert ex.check().message.startswith("Not finished")
    board.play("W@C4:C4,C5")
    assert ex.check().message == (
        "Not finished: after B3-C3, B4-C4, B5-C5, B6-C6, W@C4:C4,C5 and the reply I1-H1, I3-H3, I4-H4, I5-H5, "
        "your turn is not over yet. Play on.")
    board.play("C4-D4")
    board.play("B1-C1")
    assert ex.check() and ex.check(ex.solution)


def test_an_answered_line_is_judged_after_the_reply_to_the_last_move():
    # After White's c1-d2 the script answers f2-e3, and then White is to move
    # again: the goal sees that position, not the one with Black to move.
    ex = Exercise(load("cosmic").parse(PUZZLE), "Draw the black pawn next to yours.", goal=lambda s: s.to_move == "white",
                  solution=["c1-d2"], replies=["f2-e3"], answered=True, hint="step towards it.", tutorial=Tutorial())
    assert ex.moves == 1
    board = ex.board
    board.play("c1-d2")
    assert board.history == ["c1-d2", "f2-e3"]
    assert ex.solved and ex.check().message == "Right: c1-d2."
    assert ex.check("c1-d2") and ex.check(["c1-d2"])
    # Without answered, the same goal is judged with Black to move, and fails.
    unanswered = Exercise(load("cosmic").parse(PUZZLE), "Same, unanswered.", goal=lambda s: s.to_move == "white",
                          solution=["c1-d2"], hint="step.", tutorial=Tutorial())
    assert not unanswered.check("c1-d2")


def test_an_exercise_may_have_the_learner_play_every_side():
    # Hot seat: both moves are the learner's, none is a scripted reply.
    ex = Exercise(load("cosmic").parse(PUZZLE), "Bring the two pawns side by side.", sides=["white", "black"],
                  answers=[("c1-d2", "f2-e3")], hint="one step each.", tutorial=Tutorial())
    assert ex.moves == 2 and ex.sides == {"white", "black"}
    assert ex.check(["c1-d2"]).message.startswith("Not finished")
    assert ex.check(["c1-d2", "f2-e3"])
    board = ex.board
    board.play("c1-d2")
    assert board.history == ["c1-d2"]  # nobody answers for Black
    board.play("f2-e3")
    assert ex.solved



def test_an_exercise_passes_its_board_options_to_its_board():
    # A hot-seat exercise draws its board for players sharing one screen; others do not.
    game = load("cosmic")
    shared = Exercise(game.parse(PUZZLE), "Bring the two pawns side by side.", sides=["white", "black"],
                      answers=[("c1-d2", "f2-e3")], tutorial=Tutorial(), board_options={"hot_seat": True})
    alone = Exercise(game.parse(PUZZLE), "Bring the two pawns side by side.", sides=["white", "black"],
                     answers=[("c1-d2", "f2-e3")], tutorial=Tutorial())
    assert shared.board.hot_seat and not alone.board.hot_seat


def test_a_simultaneous_week_is_judged_after_every_reveal():
    # Chess Wheel+: Ann seals and reveals, then the script reveals Bob's
    # sealed orders and the week is resolved.  Bob's king runs h1-g1; only a
    # rook sent to g1 (a bounce, so the king stays) together with one sent
    # to h1 (which takes it where it stands) wins (worked out by hand from
    # the resolution rules: a move into a cell left by a failing move takes
    # an enemy piece that stayed).
    from playbook.games.wheel import commitment, setup

    trap = setup({"{Ann}e1": "Ann K", "{Bob}a1": "Ann R", "{Bob}h5": "Ann R", "{Bob}h1": "Bob K"})
    trap = trap.play("{Bob} commit " + commitment("b0b", "Kh1-g1"))
    both = "R{Bob}a1-{Bob}g1, R{Bob}h5-{Bob}h1"
    salt = "s0lut10n-Ann-d4y7Kq"  # a salt of one's own is at least 18 characters
    ex = Exercise(trap, "Take the running king.", turn=True, answered=True, replies=["{Bob} reveal b0b: Kh1-g1"],
                  goal=lambda s: s.outcome is not None and s.outcome.winners == ("Ann",),
                  solution=[f"{{Ann}} seal {salt}: {both}", f"{{Ann}} reveal {salt}: {both}"], hint="bounce it.",
                  tutorial=Tutorial())
    board = ex.board
    assert board.choices == ["reveal"]  # the reveal is offered, read where the line plays it
    board.play("{Ann} seal " + "x" * 18 + ": R{Bob}a1-{Bob}h1")
    assert ex.check().message.startswith("Not finished: after {Ann} commit ")
    played = []
    board.on_move(lambda _board, action: played.append(action.text))
    board.play(board.state.legal_actions()[0])  # Ann's reveal, remembered by the position
    # Bob's reveal was played, the week judged wrong, and Ann's whole turn taken back.
    assert played[-1] == "{Bob} reveal b0b: Kh1-g1" and board.history == []
    verdict = ex.check()
    assert not verdict and ex.tries == 1
    assert len(verdict.message.split("commit ")[1].split(",")[0]) == 13  # the digest is quoted short
    board.reset()
    board.play(f"{{Ann}} seal {salt[::-1]}: {both}")
    board.play(f"{{Ann}} reveal {salt[::-1]}: {both}")
    assert ex.solved and ex.check()
    assert ex.check(ex.solution)


# A turn that is over without the move the script answers.  In both games
# below, White/Blue offers a draw (which costs nothing and leaves the turn
# running), then moves; the script accepts.  A learner who only moves ends
# the turn with no offer standing, so the scripted acceptance cannot be
# played: the line is over there, and wrong (an offer is needed first).
def offer_exercise(name):
    if name == "cosmic":
        # White: king a1, pawn b1, knight c1; Black: king a6, pawn f6.  The
        # agreed draw goes to White, who has more pieces (3 to 2).
        state, move = load("cosmic").parse("k4p/6/6/6/6/KPN3 w"), "b1-c2"
        goal = lambda s: s.outcome is not None and s.outcome.winner == "white"  # noqa: E731
    else:
        # Kelasu: Blue has one stone, so one energy; its blank D4 steps to E4.
        state, move = load("kelasu").setup({"A0": "S", "D4": "B", "J9": "s", "G5": "b"}), "D4-E4"
        goal = lambda s: s.outcome is not None and s.outcome.draw  # noqa: E731
    return Exercise(state, "Agree a draw.", turn=True, replies=["accept-draw"], goal=goal,
                    solution=["offer-draw", move], hint=["offer first.", "then move."], tutorial=Tutorial()), move


@pytest.mark.parametrize("name", ["cosmic", "kelasu"])
def test_a_turn_that_leaves_the_script_behind_is_judged_and_earns_the_hint(name):
    ex, move = offer_exercise(name)
    verdict = ex.check(move)
    assert not verdict and verdict.tries == 1 and verdict.message == (
        f"Not quite: {move} is legal, but it does not answer the question. Hint: offer first.")
    # Typed answers that go on are too long: the line was over after the move.
    assert ex.check([move, "resign"]).message.startswith("Too long")
    # Half a turn is still half a turn.
    assert ex.check("offer-draw").message == "Not finished: after offer-draw, your turn is not over yet. Play on."
    assert ex.check(["offer-draw", move])


@pytest.mark.parametrize("name", ["cosmic", "kelasu"])
def test_on_the_board_a_turn_off_the_script_is_judged_at_once_and_the_third_try_shows_the_solution(name):
    ex, move = offer_exercise(name)
    board = ex.board
    board.play(move)
    # The line ended with the learner's turn: judged there, and the turn taken back.
    assert board.history == [] and board.verdict["kind"] == "wrong"
    verdict = ex.check()
    assert not verdict and verdict.tries == 1 and "Hint: offer first." in verdict.message
    assert "turn is not over" not in verdict.message
    others = [a.text for a in ex.state.legal_actions() if a.text not in (move, "offer-draw", "resign")]
    for tries, other in enumerate(others[:TRIES - 1], start=2):
        board.reset()
        board.play(other)
        verdict = ex.check()
        assert not verdict and verdict.tries == tries
    assert verdict.solution == ("offer-draw", move) and "here is a solution: offer-draw, " + move in verdict.message


def test_after_the_scripted_reply_a_new_turn_is_not_called_unfinished():
    # The learner's first turn is over and answered; the goal needs one more.
    ex = puzzle()
    board = ex.board
    board.play("c1-d2")
    assert ex.check().message == "Not finished: after c1-d2 and the reply f2-e3, the goal needs 1 more move. Play on."
    reply = ("I1-H1", "I3-H3", "I4-H4", "I5-H5")
    kelasu = Exercise(load("kelasu").initial(), "Make a warrior by your second turn.",
                      goal=lambda s: "W" in "".join(s.to_text().splitlines()[:10]), turn=True, replies=[reply],
                      solution=["B3-C3", "B4-C4", "B5-C5", "B6-C6", "W@C4:C4,C5", "C4-D4", "B1-C1"],
                      hint="merge.", tutorial=Tutorial())
    assert kelasu.check(["B3-C3", "B4-C4", "B5-C5", "B6-C6"]).message == (
        "Not finished: after B3-C3, B4-C4, B5-C5, B6-C6 and the reply I1-H1, I3-H3, I4-H4, I5-H5, "
        "the goal needs 1 more turn. Play on.")


def test_the_summary_is_the_same_in_every_fresh_run():
    course = Tutorial("Kelasu")
    Exercise(load("kelasu").initial(), "Move a blank.", answers={"B1-C1"}, hint="forward.", tutorial=course)
    again = Exercise(load("kelasu").initial(), "Move a blank.", answers={"B3-C3"}, hint="forward.", tutorial=course)
    assert course.exercises == [again]  # a cell run twice replaces its exercise
    assert current() is course
    assert repr(summary()) == ("Exercises solved in Kelasu: 0 of 1\n  [ ] Move a blank.\n"
                               "Solve an exercise on its board, run its check, then run this cell again.")


def test_the_summary_recaps_each_chapter_with_whether_its_exercises_are_solved():
    # Two chapters: the first ends with the pawn exercise alone, the second
    # with two exercises, its line on the last; a third exercise has no
    # line yet and is listed by its prompt.
    course = Tutorial("Cosmic Chess")
    pawns = pawn_exercise(tutorial=course, hint="jump.", learnt="A pawn may jump again and again.")
    Exercise(load("cosmic").parse(PUZZLE), "Step the king.", answers={"a1-a2"}, hint="up.", tutorial=course)
    line = Exercise(load("cosmic").parse(PUZZLE), "Win the black pawn.", answers=[("c1-d2", "d2xf4")],
                    replies=["f2-e3"], hint="let it come to you.", learnt="A reply can walk into a jump.",
                    tutorial=course)
    Exercise(load("cosmic").parse(PUZZLE), "Step the pawn.", answers={"c1-d2"}, hint="diagonally.", tutorial=course)
    assert repr(course.summary()).splitlines() == [
        "Exercises solved in Cosmic Chess: 0 of 4",
        "  [ ] A pawn may jump again and again.",
        "  [ ] A reply can walk into a jump.",
        "  [ ] Step the pawn.",
        "Solve an exercise on its board, run its check, then run this cell again."]
    assert pawns.check("b2xd4xf6") and line.check(["c1-d2", "d2xf4"])
    summary = course.summary()
    assert repr(summary).splitlines() == [
        "Exercises solved in Cosmic Chess: 2 of 4",
        "  [x] A pawn may jump again and again.",
        "  [~] A reply can walk into a jump. (1 of 2 exercises)",
        "  [ ] Step the pawn."]
    assert summary.recap == (("A pawn may jump again and again.", 1, 1), ("A reply can walk into a jump.", 1, 2),
                             ("Step the pawn.", 0, 1))
    assert summary._repr_markdown_().splitlines()[2:] == [
        "- ☑ A pawn may jump again and again.", "- ◐ A reply can walk into a jump. (1 of 2 exercises)",
        "- ☐ Step the pawn."]


# ---------------------------------------------------------------- tutorials


def markdown(text: str) -> dict:
    """A markdown cell of a toy notebook."""
    return {"cell_type": "markdown", "metadata": {}, "source": [text]}


def code(text: str) -> dict:
    """A code cell of a toy notebook."""
    return {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": [text]}


class Chapter(NamedTuple):
    """A ``##`` chapter of a tutorial (the cells before the first one are
    the introduction): the words of its text, its code cells, its exercises."""

    title: str
    words: int
    cells: int
    exercises: int


def cells(name: str | pathlib.Path) -> list[dict]:
    """The cells of a notebook (a name in ``notebooks/``, or a path), their
    sources joined into one string."""
    path = name if isinstance(name, pathlib.Path) else NOTEBOOKS / f"{name}.ipynb"
    nb = json.loads(path.read_text())
    return [{**cell, "source": "".join(cell["source"])} for cell in nb["cells"]]


def chapters(name: str | pathlib.Path) -> list[Chapter]:
    """The chapters of a tutorial, the introduction first."""
    found = [["introduction", 0, 0, 0]]
    for cell in cells(name):
        source = cell["source"]
        if cell["cell_type"] == "markdown":
            if source.startswith("## "):
                found.append([source.splitlines()[0][3:].strip(), 0, 0, 0])
            found[-1][1] += len(re.findall(r"[\w']+", source))
        else:
            found[-1][2] += 1
            found[-1][3] += source.count("Exercise(")
    return [Chapter(*row) for row in found]


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_chapter_has_an_exercise(name):
    missing = [ch.title for ch in chapters(name)
               if ch.exercises == 0 and not any(word in ch.title.lower() for word in EXEMPT)
               and ch.title not in PENDING.get(name, ())]
    assert missing == [], f"{name}: chapters without an exercise: {missing}"


#: How long a tutorial takes: its text read at a steady 230 words a minute
#: (adults read non-fiction at about 240), five seconds to run each code
#: cell and look at what it shows, and 45 seconds to solve each exercise.
#: The clarifications are reference, looked up when a question comes up,
#: so they are not counted.
WORDS_PER_MINUTE = 230
SECONDS_PER_CELL = 5
SECONDS_PER_EXERCISE = 45
LONGEST = 15
LONGEST_CHAPTER = 5


def chapter_minutes(ch: Chapter) -> float:
    """How long a chapter takes, by the reading model above."""
    return ch.words / WORDS_PER_MINUTE + (ch.cells * SECONDS_PER_CELL + ch.exercises * SECONDS_PER_EXERCISE) / 60


def taught(name: str | pathlib.Path) -> list[Chapter]:
    """The chapters a learner reads through: all but the clarifications."""
    return [ch for ch in chapters(name) if "clarifications" not in ch.title.lower()]


def reading_minutes(name: str | pathlib.Path) -> float:
    """How long a tutorial takes, its clarifications aside."""
    return sum(chapter_minutes(ch) for ch in taught(name))


def test_reading_time_counts_words_cells_and_exercises_but_not_clarifications(tmp_path):
    nb = {"cells": [markdown("# Intro " + "word " * 229), code("x = 1"),
                    markdown("## 1. Pawns " + "word " * 228), code("ex = Exercise(s, 'Win.')"),
                    markdown("## Rules clarifications " + "word " * 1000)],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "toy.ipynb").write_text(json.dumps(nb))
    # 230 + 230 words, headings included: 2 minutes; two cells: 10 s; one exercise: 45 s.
    assert reading_minutes(tmp_path / "toy.ipynb") == pytest.approx(2 + 55 / 60)


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_part_reads_in_at_most_fifteen_minutes_and_says_how_long(name):
    minutes = reading_minutes(name)
    assert minutes <= LONGEST, f"{name} takes about {minutes:.0f} minutes: split it into parts"
    assert abs(stated_minutes(name) - minutes) <= 2, f"{name} says {stated_minutes(name)} minutes, takes {minutes:.1f}"


def stated_minutes(name: str) -> int:
    """The minutes a tutorial's introduction says it takes."""
    stated = re.search(r"about (\d+)(?: and \d+| minutes|,)", cells(name)[0]["source"])
    assert stated, f"{name}: the introduction does not say how many minutes it takes"
    return int(stated.group(1))


def test_the_readme_and_the_start_page_give_each_tutorial_its_own_time():
    start = "\n".join(cell["source"] for cell in cells("00_start_here") if cell["cell_type"] == "markdown")
    readme = (NOTEBOOKS.parent / "README.md").read_text()
    for page, text in [("README.md", readme), ("00_start_here", start)]:
        given = {name: int(minutes) for name, minutes in re.findall(r"(\w+)\.ipynb[^(|]*?\((\d+) min\)", text)}
        assert given == {name: stated_minutes(name) for name in TUTORIALS}, page


@pytest.mark.parametrize("name", TUTORIALS)
def test_no_chapter_is_long(name):
    long = {ch.title: round(chapter_minutes(ch), 1) for ch in taught(name) if chapter_minutes(ch) > LONGEST_CHAPTER}
    assert not long, f"{name}: chapters over {LONGEST_CHAPTER} minutes, to split: {long}"


#: How the line that ends a chapter, on what it taught, begins.
RECAP = "**You learnt:** "


def recaps(name: str | pathlib.Path) -> dict[str, tuple[str | None, str | None]]:
    """For each chapter that teaches a rule (not one of :data:`EXEMPT`): the
    line on what it taught that its last cell gives (None when its last
    cell is not such a line), and the ``learnt=`` of its last exercise."""
    found: dict[str, tuple[str | None, str | None]] = {}
    title, last, learnt = "introduction", None, None

    def close():
        if not any(word in title.lower() for word in EXEMPT):
            shown = (last["source"][len(RECAP):].strip()
                     if last["cell_type"] == "markdown" and last["source"].startswith(RECAP) else None)
            found[title] = (shown, learnt)

    for cell in cells(name):
        if cell["cell_type"] == "markdown" and cell["source"].startswith("## "):
            close()
            title, learnt = cell["source"].splitlines()[0][3:].strip(), None
        elif cell["cell_type"] == "code":
            calls = [node for node in ast.walk(ast.parse(cell["source"]))
                     if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Exercise"]
            if calls:
                call = max(calls, key=lambda node: (node.lineno, node.col_offset))
                learnt = next((ast.literal_eval(k.value) for k in call.keywords if k.arg == "learnt"), None)
        last = cell
    close()
    return found


def test_recaps_read_each_chapters_last_cell_and_last_exercise(tmp_path):
    nb = {"cells": [markdown("# Intro"), markdown("## 1. Pawns"), code('a = Exercise(s, "A.", learnt="Early.")'),
                    code('b = Exercise(s, "B.", learnt="Pawns jump.")'), markdown("**You learnt:** Pawns jump."),
                    markdown("## 2. Kings"), code('c = Exercise(s, "C.")'), markdown("Kings step."),
                    markdown("## 3. A whole game"), code("board")],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "toy.ipynb").write_text(json.dumps(nb))
    assert recaps(tmp_path / "toy.ipynb") == {"1. Pawns": ("Pawns jump.", "Pawns jump."), "2. Kings": (None, None)}


@pytest.mark.parametrize("name", [n for n in TUTORIALS if n not in PENDING_RECAP])
def test_every_chapter_ends_with_what_it_taught_and_the_summary_recaps_it(name):
    found = recaps(name)
    assert found, f"{name} has no chapter"
    missing = [title for title, (shown, _learnt) in found.items() if not shown]
    assert not missing, f"{name}: chapters whose last cell is not a '{RECAP}...' line: {missing}"
    differ = {title: pair for title, pair in found.items() if pair[0] != pair[1]}
    assert not differ, f"{name}: the line shown and the last exercise's learnt= differ: {differ}"
    # The summary at the end lists those lines, one a chapter, in order.
    recap = run_tutorial(name).summary().recap
    assert [line for line, _solved, _total in recap] == [shown for shown, _learnt in found.values()]
    assert sum(total for _line, _solved, total in recap) == sum(ch.exercises for ch in chapters(name))


def _hidden(cell: dict) -> bool:
    return cell["metadata"].get("jupyter", {}).get("source_hidden", False)


@pytest.mark.parametrize("name", TUTORIALS)
def test_an_exercise_is_stated_above_its_board_and_its_answer_folded_away(name):
    notebook = cells(name)
    for before, cell in zip(notebook, notebook[1:]):
        if cell["cell_type"] == "code" and "Exercise(" in cell["source"]:
            assert _hidden(cell), f"{name}: the code of an exercise shows its answer:\n{cell['source']}"
            first = cell["source"].splitlines()[0]  # still shown on the folded cell
            assert not re.search(r"\b(answers|solution|check|goal|hint)=", first), f"{name}: {first}"
            assert before["cell_type"] == "markdown" and "**Exercise.**" in before["source"], (
                f"{name}: no exercise stated above:\n{cell['source']}")


@pytest.mark.parametrize("name", TUTORIALS)
def test_the_code_a_learner_reads_could_be_typed(name):
    """Shown code is calls and assignments: no function, class or lambda."""
    for cell in cells(name):
        if cell["cell_type"] == "code" and not _hidden(cell):
            defined = [type(node).__name__ for node in ast.walk(ast.parse(cell["source"]))
                       if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Lambda))]
            assert not defined, f"{name}: a learner reads {defined}:\n{cell['source']}"


def test_every_link_between_notebooks_leads_to_one():
    linked = {}
    for path in NOTEBOOKS.glob("*.ipynb"):
        for cell in cells(path.stem):
            if cell["cell_type"] == "markdown":
                for target in re.findall(r"\]\(([^)]+\.ipynb)\)", cell["source"]):
                    linked.setdefault(target, path.name)
    assert linked, "no notebook links to another"
    missing = {target: source for target, source in linked.items() if not (NOTEBOOKS / target).exists()}
    assert not missing, f"links to notebooks that do not exist: {missing}"
    unlinked = {f"{name}.ipynb" for name in TUTORIALS} - set(linked)
    assert not unlinked, f"tutorials no notebook links to: {unlinked}"


def run_tutorial(name: str) -> Tutorial:
    """Run a tutorial's code cells here (no kernel) and return its exercises."""
    return shown_positions(name)[0]


@pytest.mark.parametrize("name", TUTORIALS)
def test_every_published_answer_is_legal_and_right(name, capsys):
    course = run_tutorial(name)
    assert course.exercises, f"{name} has no exercise"
    for ex in course.exercises:
        for answer in sorted(ex.answers, key=str):
            verdict = ex.check(answer)
            assert verdict, f"{name}: {ex.prompt!r}: the answer {answer!r} is judged wrong: {verdict}"
        if name in PENDING_HINTS:
            continue
        assert ex.hint, f"{name}: {ex.prompt!r} has no hint"
        assert ex.solution, f"{name}: {ex.prompt!r} has no solution to show"
        verdict = ex.check(ex.solution)
        assert verdict, f"{name}: {ex.prompt!r}: the solution {ex.solution} is judged wrong: {verdict}"
        # A prompt states the goal: it does not spell out the first move.
        first = ex.state.parse_action(ex.solution[0])
        cells = first.cells()
        assert first.text not in ex.prompt and not (len(cells) >= 2 and all(c in ex.prompt for c in cells)), (
            f"{name}: {ex.prompt!r} gives its answer away")



def shown_positions(name: str) -> tuple[Tutorial, list]:
    """Run a tutorial's code cells here (no kernel); return its exercises and
    the positions its shown (unfolded) cells bind to a name."""
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())
    course = Tutorial(name)
    namespace: dict = {"__name__": "__main__"}
    shown = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            exec(compile(source, f"{name}.ipynb", "exec"), namespace)
            if not _hidden(cell):
                names = {node.id for node in ast.walk(ast.parse(source))
                         if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
                shown += [namespace[n] for n in names if isinstance(namespace.get(n), State)]
    return (current() if current() is not course and current().exercises else course), shown


@pytest.mark.parametrize("name", [n for n in TUTORIALS if n.startswith("kelasu")])
def test_no_shown_cell_sets_up_an_exercises_position(name):
    """A demo that lists a piece's actions or plays a move in the very
    position of the exercise after it gives the answer away: demos use
    another position (the start of the game aside)."""
    course, shown = shown_positions(name)
    for ex in course.exercises:
        if ex.state != ex.state.game.initial():
            assert ex.state not in shown, f"{name}: a shown cell sets up the position of {ex.prompt!r}"


# ---------------------------------------------------------------- progress that stays
# Every test has a PLAYBOOK_HOME of its own, empty at the start (conftest.py).


def solve_pawns(title="Cosmic Chess"):
    ex = pawn_exercise(tutorial=Tutorial(title), hint="jump.")
    assert ex.check("b2xd4xf6")
    return ex


def test_a_solved_exercise_stays_solved_in_a_new_session(playbook_home):
    solve_pawns()
    saved = json.loads((playbook_home / "progress.json").read_text())
    assert saved["tutorials"] == {"Cosmic Chess": ["Capture as many pawns as you can."]}
    # The notebook opened again: a new tutorial, the exercise made again.
    course = Tutorial("Cosmic Chess")
    ex = pawn_exercise(tutorial=course, hint="jump.")
    assert ex.solved and course.solved() == ["Capture as many pawns as you can."]
    assert repr(course.summary()).splitlines()[:2] == ["Exercises solved in Cosmic Chess: 1 of 1",
                                                       "  [x] Capture as many pawns as you can."]
    # Another tutorial, or one without a title, knows nothing of it.
    assert Tutorial("Kelasu, part 1").solved() == []
    assert not pawn_exercise(hint="jump.").solved


def test_progress_is_shared_with_another_kernel(playbook_home):
    import subprocess
    import sys

    solve_pawns()
    out = subprocess.run([sys.executable, "-c", "from playbook.learn.tutorial import Tutorial;"
                          "print(Tutorial('Cosmic Chess').solved())"],
                         capture_output=True, text=True, check=True, env={**os.environ})
    assert out.stdout.strip() == "['Capture as many pawns as you can.']"


def test_reset_forgets_a_tutorials_progress_and_its_tries(playbook_home):
    ex = pawn_exercise(tutorial=Tutorial("Cosmic Chess"), hint="jump.")
    ex.check("b2xd4")
    ex.check("b2xd4xf6")
    solve_pawns("Kelasu, part 1")
    course = Tutorial("Cosmic Chess")
    again = pawn_exercise(tutorial=course, hint="jump.")
    course.reset()
    assert course.solved() == [] and not again.solved and again.tries == 0
    assert Tutorial("Cosmic Chess").solved() == []
    assert Tutorial("Kelasu, part 1").solved() == ["Capture as many pawns as you can."]  # the other stays


def test_other_progress_shares_the_file_and_survives_the_tutorials(playbook_home):
    from playbook.learn.progress import Progress

    Progress().keep("puzzles", {"rating": 1500, "solved": ["p1"]})
    solve_pawns()
    Tutorial("Cosmic Chess").reset()
    assert Progress().section("puzzles") == {"rating": 1500, "solved": ["p1"]}
    assert Progress().section("nothing", 0) == 0
    with pytest.raises(ValueError):
        Progress().keep("tutorials", {})


def test_an_untitled_tutorial_keeps_nothing(playbook_home):
    solve_pawns(title="")
    assert not (playbook_home / "progress.json").exists()


def test_progress_goes_to_the_users_data_folder_by_default(monkeypatch):
    import platformdirs

    from playbook.learn.progress import Progress, home

    monkeypatch.delenv("PLAYBOOK_HOME")
    assert home() == pathlib.Path(platformdirs.user_data_dir("playbook", appauthor=False))
    assert Progress().path == home() / "progress.json"


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", '{"tutorials": {"Cosmic Chess": "all"}}', "\udcff"])
def test_a_damaged_progress_file_warns_and_the_tutorial_carries_on(playbook_home, damage):
    from playbook.learn.progress import ProgressWarning

    path = playbook_home / "progress.json"
    path.write_bytes(damage.encode("utf-8", "surrogateescape"))
    with pytest.warns(ProgressWarning, match="progress file"):
        ex = solve_pawns()
    assert ex.solved
    # The damaged file is kept aside and a sound one takes its place.
    assert (playbook_home / "progress.json.bad").read_bytes() == damage.encode("utf-8", "surrogateescape")
    assert Tutorial("Cosmic Chess").solved() == ["Capture as many pawns as you can."]


@pytest.mark.parametrize("where", ["under a file", "a folder in the file's place"])
def test_a_progress_file_that_cannot_be_written_or_read_warns_and_the_tutorial_carries_on(
        playbook_home, monkeypatch, where):
    from playbook.learn.progress import ProgressWarning

    if where == "under a file":  # no folder can be made there, even by root
        (playbook_home / "file").write_text("")
        monkeypatch.setenv("PLAYBOOK_HOME", str(playbook_home / "file" / "home"))
    else:
        (playbook_home / "progress.json").mkdir()
    with pytest.warns(ProgressWarning):
        ex = pawn_exercise(tutorial=Tutorial("Cosmic Chess"), hint="jump.")
        right = ex.check("b2xd4xf6")
    assert right and ex.solved and "Right" in right.message
    assert ex.tutorial.summary().solved == 1  # the session still counts it
    assert [p.name for p in playbook_home.iterdir() if p.name.startswith(".progress-")] == []


def test_the_overview_counts_each_tutorials_exercises_solved(tmp_path):
    from playbook.learn.progress import overview

    nb = {"cells": [code('tutorial = Tutorial("Toy")'), code('a = Exercise(s, "First.", answers={"x"})'),
                    code('b = Exercise(s, "Second.", answers={"y"})\nc = Exercise(s, "Third.", goal=g)')],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "toy.ipynb").write_text(json.dumps(nb))
    (tmp_path / "other.ipynb").write_text(json.dumps({**nb, "cells": nb["cells"][1:]}))  # no tutorial
    Tutorial("Toy").progress.add("Toy", "Second.")
    Tutorial("Toy").progress.add("Toy", "Gone.")  # an exercise the notebook no longer has
    shown = overview(tmp_path)
    assert repr(shown) == "Toy: 1 of 3 exercises"
    assert "| [Toy](toy.ipynb) | 1 of 3 |" in shown._repr_markdown_()


def test_the_overview_finds_every_tutorial_and_its_exercises():
    from playbook.learn.progress import overview

    rows = {file: (title, total) for file, title, _solved, total in overview(NOTEBOOKS).rows}
    assert set(rows) == {f"{name}.ipynb" for name in TUTORIALS}
    for name in TUTORIALS:
        assert rows[f"{name}.ipynb"][1] == sum(ch.exercises for ch in chapters(name)), name
