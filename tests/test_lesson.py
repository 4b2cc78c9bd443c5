"""Exercises and puzzles answered on the board itself, the moment a move is played."""

from __future__ import annotations

import pytest

from playbook import load
from playbook.learn.trainer import Trainer, exercise, turned
from playbook.learn.tutorial import TRIES, Exercise, Tutorial
from playbook.puzzles import puzzles
from playbook.puzzles.solve import moves



# White: king a1, pawn b2; Black: king a6, pawns c3 and e5.  The pawn
# jumps c3 to d4 and goes on over e5 to f6: b2xd4xf6 takes both; b2-a3
# (a step) and b2xd4 (one jump) are legal and wrong.
def pawn_exercise(course):
    return Exercise(load("cosmic").parse("k5/4p1/6/2p3/1P4/K5 w"), "Take both pawns.", answers={"b2xd4xf6"},
                    hint="jump twice.", learnt="A pawn may jump on and on in one move.", tutorial=course)


def test_the_goal_stands_in_the_header_and_no_evaluation_is_shown():
    board = pawn_exercise(Tutorial()).board
    assert board.goal == "Take both pawns."
    assert board.evaluation == "" and board.verdict == {}


def test_a_right_answer_is_marked_on_the_board_with_the_chapter_line():
    course = Tutorial()
    ex = pawn_exercise(course)
    board = ex.board
    board.play("b2xd4xf6")
    assert board.verdict == {"kind": "right", "cell": "f6", "next": "",
                             "text": "Right: b2xd4xf6. You learnt: A pawn may jump on and on in one move."}
    assert ex.solved and board.history == ["b2xd4xf6"]
    assert ex.check().right  # the typed alternative agrees


def test_an_exercise_before_the_chapters_last_says_only_what_it_taught():
    # The chapter's line (the pawn exercise's) would answer the exercise still to come: the first one
    # says what it taught, or nothing, and the whole line comes with the chapter's last exercise.
    course = Tutorial()
    first = Exercise(load("cosmic").initial(), "Step a pawn.", answers={"c2-d3"}, hint="diagonally.",
                     taught="A pawn steps one cell diagonally.", tutorial=course)
    silent = Exercise(load("cosmic").initial(), "Step another pawn.", answers={"b3-c4"}, hint="diagonally.",
                      tutorial=course)
    last = pawn_exercise(course)
    first.board.play("c2-d3")
    assert first.board.verdict["text"] == "Right: c2-d3. You learnt: A pawn steps one cell diagonally."
    silent.board.play("b3-c4")
    assert silent.board.verdict["text"] == "Right: b3-c4."
    last.board.play("b2xd4xf6")
    assert last.board.verdict["text"] == "Right: b2xd4xf6. You learnt: A pawn may jump on and on in one move."
    # The recap still reads one line for the chapter, its last exercise's.
    assert course.summary().recap == (("A pawn may jump on and on in one move.", 3, 3),)


def test_a_wrong_answer_is_marked_taken_back_and_answered_with_the_hint():
    ex = pawn_exercise(Tutorial())
    board = ex.board
    board.play("b2-a3")
    assert board.history == [] and board.moves == []  # taken back for good
    assert board.verdict == {"kind": "wrong", "cell": "a3", "next": "", "text": (
        "Not quite: b2-a3 is legal, but it does not answer the question. Hint: jump twice.")}
    # check() says what the board said, as long as the board stays as it was left.
    assert ex.check().message == board.verdict["text"] and ex.tries == 1


def test_the_third_wrong_answer_draws_the_solution():
    ex = pawn_exercise(Tutorial())
    board = ex.board
    for move in ["b2-a3", "b2-c1", "b2xd4"][:TRIES]:
        board.play(move)
    assert board.verdict["kind"] == "solution" and board.history == []
    assert "here is a solution: b2xd4xf6 (drawn on the board)." in board.verdict["text"]
    assert board.arrows == [["b2", "d4", "f6"]]


def test_a_line_of_several_moves_says_what_is_left_after_each():
    ex = Exercise(load("cosmic").parse("k5/6/6/6/5p/K1P3 w"), "Win the black pawn.", answers=[("c1-d2", "d2xf4")],
                  replies=["f2-e3"], hint="let it come to you.", tutorial=Tutorial())
    board = ex.board
    board.play("c1-d2")  # the first move of the answer: ticked where it ended
    assert board.verdict["kind"] == "good" and board.verdict["cell"] == "d2"
    assert board.verdict["text"] == "Good move: c1-d2; the answer was f2-e3. Play on: the goal needs 1 more move."
    board.play("d2-c3")  # wrong: only the learner's second move is taken back
    assert board.history == ["c1-d2", "f2-e3"] and board.verdict["kind"] == "wrong"
    board.play("d2xf4")
    assert board.verdict["kind"] == "right" and ex.solved


def test_hint_on_an_exercise_shows_the_solutions_next_move():
    ex = pawn_exercise(Tutorial())
    board = ex.board
    board.hint()
    board.hint()
    assert board.advice["text"] == "Hint: b2xd4xf6" and ex.part.hinted


def test_a_whole_turn_is_taken_back_when_wrong():
    # Kelasu: Blue has four stones, so four energy, and the turn passes when
    # it is spent: four steps of a blank each.
    ex = Exercise(load("kelasu").initial(), "Bring the four middle blanks to rank C.", turn=True,
                  answers=[("B3-C3", "B4-C4", "B5-C5", "B6-C6")], hint="the middle four.", tutorial=Tutorial())
    board = ex.board
    board.play("B1-C1")
    assert board.verdict["text"] == "You played: B1-C1. Play on: your turn is not over yet."
    for move in ["B3-C3", "B4-C4"]:
        board.play(move)
    assert board.history == ["B1-C1", "B3-C3", "B4-C4"]
    board.play("B5-C5")  # the turn is over, and wrong: all four steps are taken back
    assert board.history == [] and board.verdict["kind"] == "wrong" and board.verdict["cell"] == "C5"


# ---- the puzzle trainer's board


def trainer():
    return Trainer("cosmic", rating=1500, progress=False)


def test_a_puzzle_is_solved_on_the_board_and_the_next_one_offered_there():
    t = trainer()
    board = t.board
    puzzle = t.puzzle
    assert board.goal.endswith("to play and win in two moves.") == (puzzle.plies == 3)
    assert board.evaluation == "" and board.score == "Puzzle rating 1500 · streak 0 · 0 solved"
    for move in puzzle.solution[::2]:
        board.play(move)
    assert board.verdict["kind"] == "right" and board.verdict["next"] == "Next puzzle"
    assert t.results == [(puzzle.id, True)] and t.streak == 1 and t.rating.rating > 1500
    assert board.score == f"Puzzle rating {t.rating.rating} · streak 1 · 1 solved"
    board.messages.receive(board, {"type": "next"}, [])
    assert t.puzzle.id != puzzle.id and board.history == [] and board.verdict == {}
    assert board.state.to_text() == t.puzzle.state().to_text() and t.exercise.board is board


def test_a_move_that_no_longer_wins_misses_the_puzzle_at_once():
    t = trainer()
    board = t.board
    wrong = next(a.text for a in moves(t.puzzle.state()) if a.text != t.puzzle.solution[0])
    board.play(wrong)
    assert board.verdict["kind"] == "wrong" and board.history == []
    assert t.results == [(t.puzzle.id, False)] and t.rating.rating < 1500 and t.streak == 0
    assert "Puzzle missed: rating 1500 → " in board.verdict["text"]


def test_a_puzzle_solved_after_a_hint_counts_as_missed():
    t = trainer()
    board = t.board
    board.hint()
    for move in t.puzzle.solution[::2]:
        board.play(move)
    assert board.verdict["kind"] == "right"
    assert t.results == [(t.puzzle.id, False)] and t.rating.rating < 1500  # the rating never rises
    assert "Solved after a hint, so it counts as missed" in board.verdict["text"]


def test_the_next_button_waits_for_a_judgement():
    t = trainer()
    board = t.board
    board.messages.receive(board, {"type": "next"}, [])
    assert board.error.startswith("Refused: there is nothing to go on to yet")


@pytest.mark.parametrize(("name", "side", "expected"), [
    # Kelasu's ranks run A (top) to J, Blue starting on A and B: Blue's board is turned.
    ("kelasu", "blue", True), ("kelasu", "red", False),
    ("cosmic", "white", False), ("cosmic", "black", True),
])
def test_the_solver_sits_at_the_bottom(name, side, expected):
    assert turned(load(name), side) is expected


def test_a_kelasu_puzzle_for_blue_is_drawn_from_blues_side():
    blue = next(p for p in puzzles("kelasu") if p.state().to_move == "blue")
    red = next(p for p in puzzles("kelasu") if p.state().to_move == "red")
    assert exercise(blue).board.flipped and not exercise(red).board.flipped


# ---- Chess Wheel+ exercises: a week is sealed, then revealed


def wheel_exercise(course):
    # Ann's knight on c4 takes Bob's queen on e5 (two files across, one rank up); her pawns
    # on d4 and e3 cannot (pawns take straight ahead only) and her rook's file is blocked on e3.
    from playbook.games.wheel import setup

    crowd = setup({"{Ann}d4": "Ann P", "{Ann}b2": "Ann B", "{Ann}c4": "Ann N", "{Ann}e1": "Ann R",
                   "{Ann}e3": "Ann P", "{Ann}e5": "Bob Q"}).play("{Bob} pass")
    salt = "5a17" * 8
    return Exercise(crowd, "Take Bob's queen this week.", moves=2,
                    goal=lambda state: all(kind != "Q" for _cell, _owner, kind in state.pieces),
                    solution=[f"{{Ann}} seal {salt}: Nc4-e5", f"{{Ann}} reveal {salt}: Nc4-e5"],
                    hint=["pawns take straight ahead.", "the knight jumps."], learnt="Pieces move as in chess.",
                    tutorial=course)


def seal(board, *orders):
    """Enter orders on the board as the front end does (cells, Seal, a salt) and send them."""
    steps = [{"kind": "cell", "value": cell} for order in orders for cell in order]
    steps += [{"kind": "choice", "value": "seal"}, {"kind": "text", "value": "0123456789abcdef01234567"}]
    board.messages.receive(board, {"type": "action", "steps": steps, "position": board.position}, [])
    assert board.error == ""


def reveal(board):
    board.messages.receive(board, {"type": "action", "steps": [{"kind": "choice", "value": "reveal"}],
                              "position": board.position}, [])
    assert board.error == ""


def test_a_wrong_week_is_crossed_and_taken_back_to_before_its_seal():
    ex = wheel_exercise(Tutorial())
    board = ex.board
    start = board.position
    seal(board, ("{Ann}d4", "{Ann}d5"))
    # Sealed: the reveal is the one thing left, and the board says which button it is.
    assert board.verdict["kind"] == "progress" and board.verdict["text"].endswith("press Reveal my orders.")
    reveal(board)
    # The pawn steps to d5 and the queen stays: wrong, crossed where the order went, and taken back
    # past the reveal (which could only carry out the same orders) to where Ann seals again.
    assert board.verdict["kind"] == "wrong" and board.verdict["cell"] == "{Ann}d5"
    assert board.history == [] and board.position == start
    assert "Hint: pawns take straight ahead." in board.verdict["text"] and ex.tries == 1


def test_the_third_wrong_week_draws_the_solution_and_a_right_reveal_is_ticked():
    ex = wheel_exercise(Tutorial())
    board = ex.board
    for order in [("{Ann}d4", "{Ann}d5"), ("{Ann}e3", "{Ann}e4"), ("{Ann}b2", "{Ann}c3")][:TRIES]:
        seal(board, order)
        reveal(board)
        assert board.history == []
    assert board.verdict["kind"] == "solution" and ex.tries == TRIES
    assert "here is a solution: {Ann} seal 5a175a175a17…: Nc4-e5" in board.verdict["text"]
    assert board.highlights == ["{Ann}c4", "{Ann}e5"]  # the solution's order drawn on the board
    seal(board, ("{Ann}c4", "{Ann}e5"))
    reveal(board)
    # The reveal clicks no cell: its tick stands where its order went.
    assert board.verdict["kind"] == "right" and board.verdict["cell"] == "{Ann}e5"
    assert board.verdict["text"].endswith("You learnt: Pieces move as in chess.") and ex.solved


def test_a_wrong_week_played_for_both_players_goes_back_to_the_start_of_the_week():
    # Hot seat: one person seals and reveals for Ann and for Bob; both reveals only carry out what
    # was sealed, so a wrong week goes back past both seals, to the week's start.
    from playbook.games.wheel import setup

    pawns = setup({"{Ann}d7": "Ann P", "{Ann}e7": "Ann P", "{Bob}d7": "Bob P"})
    ex = Exercise(pawns, "Both on the shared rank.", sides=["Ann", "Bob"], moves=4,
                  goal=lambda state: sum(cell[-1] == "8" for cell, _owner, _kind in state.pieces) == 2,
                  solution=["{Ann} seal 5a17" + "0" * 28 + ": Pe7-e8", "{Bob} seal 5a17" + "1" * 28 + ": Pd7-d8",
                            "{Ann} reveal 5a17" + "0" * 28 + ": Pe7-e8", "{Bob} reveal 5a17" + "1" * 28 + ": Pd7-d8"],
                  hint="two moves into one cell both fail.", tutorial=Tutorial())
    board = ex.board
    seal(board, ("{Ann}d7", "d8"))
    seal(board, ("{Bob}d7", "d8"))  # both into d8: both bounce
    reveal(board)
    reveal(board)
    assert board.verdict["kind"] == "wrong" and board.history == []


def test_each_right_move_of_a_puzzle_is_ticked_before_it_is_solved():
    t = trainer()
    puzzle = next(p for p in puzzles("cosmic") if p.plies >= 3)
    t.puzzle, t.exercise = puzzle, exercise(puzzle, t.tutorial)
    t.exercise.part.referee, t.exercise.part.next_label = t._referee, "Next puzzle"
    t.exercise.part.attach(t.board)
    board = t.board
    first = puzzle.solution[0]
    board.play(first)
    # Still winning: ticked on the cell the move ended on, and the puzzle goes on.
    cell = load("cosmic").parse(puzzle.fen).parse_action(first).cells()[-1] if hasattr(puzzle, "fen") else \
        puzzle.state().parse_action(first).cells()[-1]
    assert board.verdict["kind"] == "good" and board.verdict["cell"] == cell
    assert board.verdict["text"].startswith(f"Good move: {first}")
