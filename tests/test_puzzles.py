"""Puzzles: every shipped puzzle holds by the rules alone, and mining is repeatable."""

import json
import time

import pytest

from playbook import load
from playbook.puzzles import Puzzle, PuzzleError, games, puzzles
from playbook.puzzles.mine import mine, theme
from playbook.puzzles.solve import defence, line, moves, winning_moves, wins

SHIPPED = games()


def test_puzzles_ship_for_five_games_fifty_or_more_each():
    # That each game's shipped puzzles hold, easiest first, and are solved on the board by their
    # solutions is checked on every game by playbook.checks (shipped_puzzles_hold ...).
    assert set(SHIPPED) >= {"cosmic", "ccc", "kelasu", "cresnovian", "wheel"}
    assert all(len(puzzles(name)) >= 50 for name in ("cosmic", "ccc", "kelasu", "cresnovian", "wheel"))


def test_a_rook_on_an_open_file_takes_the_king_and_is_the_only_win():
    # Cosmic Chess: White king a1, rook f1; Black king f6, pawn e6.  The rook
    # slides up the f-file (f2-f5 empty) and jumps the king on f6, off the
    # board: a win in one.  The king's steps take nothing.
    state = load("cosmic").parse("4pk/6/6/6/6/K4R w")
    assert [a.text for a in winning_moves(state, 1)] == ["f1x*"]
    assert line(state, 1) == ["f1x*"]
    assert wins(state, "white", 1) and not wins(state, "black", 1)


def test_a_puzzle_with_a_second_winning_move_or_a_wrong_solution_is_refused():
    # Cosmic Chess, White rooks on e1 and f1, Black king f6 and pawn e6.
    # Only f1 reaches the king (up the f-file, jumping it off the board); e1
    # meets the pawn on e6 with the king behind it, and a rook cannot jump
    # two pieces in a row.  So f1x* is the one win and e1-e5 none.
    one = Puzzle("t-1", "cosmic", "4pk/6/6/6/6/K3RR w", ("f1x*",), 1, "win in one", 600)
    one.verify()
    wrong = Puzzle("t-2", "cosmic", "4pk/6/6/6/6/K3RR w", ("e1-e5",), 1, "win in one", 600)
    with pytest.raises(PuzzleError, match="f1x\\*"):
        wrong.verify()
    # A rook on a6 as well, the pawn on e5: a6 slides b6-e6 and jumps the
    # king off the board too.  Two first moves win: no puzzle.
    two = load("cosmic").parse("R4k/4p1/6/6/6/K4R w")
    assert sorted(a.text for a in winning_moves(two, 1)) == ["a6x*", "f1x*"]
    with pytest.raises(PuzzleError):
        Puzzle("t-3", "cosmic", two.to_text(), ("f1x*",), 1, "win in one", 600).verify()


def test_mining_is_the_same_every_time_and_reads_no_clock(monkeypatch):
    first = mine("cosmic", 4, seed=5, games=4)
    monkeypatch.setattr(time, "perf_counter", lambda: 0.0)
    second = mine("cosmic", 4, seed=5, games=4)
    assert first == second and len(first) >= 2
    for puzzle in first:
        puzzle.verify()
        assert json.loads(json.dumps(puzzle.to_json()))["solution"] == list(puzzle.solution)


def test_a_theme_counts_the_solvers_moves_and_names_the_ending():
    state = load("cosmic").parse("4pk/6/6/6/6/K4R w")
    assert theme(state, ["f1x*"]) == f"win in one: {state.play('f1x*').outcome.reason}"


def test_the_rating_moves_like_elo_and_a_failure_ends_the_streak():
    from playbook.learn.trainer import Rating, Trainer

    # By hand: at 1500 against 1500 the expected result is 1/2, so a solve
    # gains 32 * 1/2 = 16.  Then against 1900: expected 1/(1 + 10**(384/400))
    # = 0.0988, so a failure costs 32 * 0.0988 = 3.2, rounded to 3.
    r = Rating(1500)
    assert (r.update(1500, True), r.update(1900, False)) == (1516, 1513)
    trainer = Trainer("cosmic", rating=1500)
    ex = trainer.next()
    first = trainer.puzzle
    assert first.difficulty == min((p.difficulty for p in puzzles("cosmic")), key=lambda d: (abs(d - 1500), 0))
    assert trainer.check(ex.solution).right and trainer.streak == 1
    after_one = trainer.rating.rating
    ex = trainer.next()
    assert trainer.puzzle.id != first.id
    wrong = next(a.text for a in trainer.puzzle.state().legal_actions()
                 if a.text not in (trainer.puzzle.solution[0], "offer-draw"))
    verdict = trainer.check(wrong if trainer.puzzle.plies == 1 else [wrong] + list(ex.solution[1:]))
    assert not verdict.right and trainer.streak == 0 and trainer.rating.rating < after_one
    # Solving it on a later try no longer counts.
    assert trainer.check(ex.solution).right
    assert trainer.results == [(first.id, True), (trainer.puzzle.id, False)]
    assert "1 of 2 solved, streak 0" in repr(trainer)


def test_a_puzzle_exercise_answers_any_first_move_and_shows_the_solution_after_three_misses():
    from playbook.learn.trainer import exercise

    deep = next(p for p in puzzles("cosmic") if p.plies == 3)
    ex = exercise(deep, tutorial=__import__("playbook.learn.tutorial", fromlist=["Tutorial"]).Tutorial("t"))
    assert ex.solution == (deep.solution[0], deep.solution[2])
    start = deep.state()
    solver = start.to_move
    verdicts = []
    for action in moves(start):
        if action.text == deep.solution[0] or len(verdicts) == 3:
            continue
        # The defence answers a move that is not the solution too.
        then = start.play(action)
        then = then.play(defence(then, solver, deep.plies))
        line = [action.text] if then.outcome is not None else [action.text, moves(then)[0].text]
        verdicts.append(ex.check(line))
    assert not any(v.right for v in verdicts)
    assert verdicts[-1].solution == ex.solution


def test_a_first_move_that_no_longer_wins_fails_the_puzzle_at_once():
    from playbook.learn.trainer import Trainer

    trainer = Trainer("cosmic", rating=1200)
    trainer.next()
    assert trainer.puzzle.plies == 3  # the nearest to 1200 are the wins in two
    start = trainer.puzzle.state()
    wrong = next(a.text for a in moves(start) if a.text not in [w.text for w in winning_moves(start, 3)] and a.text != trainer.puzzle.solution[0])
    verdict = trainer.check(wrong)
    assert not verdict.right and verdict.message.startswith("That does not win by force any more")
    assert trainer.results == [(trainer.puzzle.id, False)] and trainer.rating.rating < 1200
    # The right first move alone is not judged yet: the line goes on.
    again = Trainer("cosmic", rating=1200, progress=False)
    again.next()
    assert not again.check(again.puzzle.solution[0]).right and again.results == []


# ---- progress that stays: the rating, the streak and the puzzles tried


def _solve_one(trainer):
    trainer.next()
    return trainer.check(trainer.exercise.solution)


def test_the_puzzle_rating_streak_and_puzzles_tried_are_there_in_a_new_kernel(playbook_home):
    import subprocess
    import sys

    from playbook.learn.trainer import Trainer, standing

    assert standing() == "Puzzle rating: 1500 (0 solved)"
    # Started at a difficulty the game has, the first puzzle is of that
    # difficulty: expected 1/2, so a solve gains 32 * 1/2 = 16.
    level = puzzles("cosmic")[0].difficulty
    trainer = Trainer("cosmic", rating=level)
    assert _solve_one(trainer).right and trainer.puzzle.difficulty == level
    first = trainer.puzzle.id
    assert trainer.rating.rating == level + 16 and trainer.streak == 1
    assert standing() == f"Puzzle rating: {level + 16} (1 solved)"
    # Another kernel, reading the same PLAYBOOK_HOME, goes on from there.
    code = ("from playbook.learn.trainer import Trainer, standing\n"
            "t = Trainer('cosmic')\n"
            "print(standing()); print(t.rating.rating, t.streak, t.best_streak, t.results)\n"
            "t.next(); print(t.puzzle.id)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "PLAYBOOK_HOME": str(playbook_home)}).stdout.splitlines()
    assert out[0] == f"Puzzle rating: {level + 16} (1 solved)"
    assert out[1] == f"{level + 16} 1 1 [('{first}', True)]"
    assert out[2] != first  # a puzzle already tried is not handed out again
    # The record is the progress file's, beside the tutorials'.
    kept = json.loads((playbook_home / "progress.json").read_text())
    assert kept["puzzles"] == {"rating": level + 16, "streak": 1, "best_streak": 1, "results": [[first, True]]}
    # Puzzles are kept by id, never as tutorial exercises: their prompts
    # repeat, and a later puzzle with the same prompt is not solved already.
    assert kept["tutorials"] == {}
    later = Trainer("cosmic")
    assert later.next().prompt == trainer.exercise.prompt and not later.exercise.solved


def test_one_rating_for_every_game_and_two_trainers_keep_both_their_puzzles():
    from playbook.learn.trainer import Trainer, standing

    cosmic, kelasu = Trainer("cosmic"), Trainer("kelasu")
    _solve_one(cosmic)
    _solve_one(kelasu)  # started before cosmic's result: its own rating, then written over
    ids = {cosmic.puzzle.id, kelasu.puzzle.id}
    again = Trainer("ccc")
    assert {pid for pid, _ in again.results} == ids
    assert again.rating.rating == kelasu.rating.rating and again.streak == 1
    assert standing() == f"Puzzle rating: {kelasu.rating.rating} (2 solved)"
    assert repr(again).startswith("ccc puzzles: 0 of 0 solved")  # the count is the game's own


def test_a_demonstration_trainer_keeps_nothing(playbook_home):
    from playbook.learn.trainer import Trainer, standing

    demo = Trainer("cosmic", progress=False)
    _solve_one(demo)
    assert demo.streak == 1 and demo.rating.rating > 1500
    assert not (playbook_home / "progress.json").exists()
    assert standing() == "Puzzle rating: 1500 (0 solved)"


@pytest.mark.parametrize("damage", ["{not json", '{"format": 1, "puzzles": {"rating": "high"}}',
                                    '{"format": 1, "puzzles": {"results": [["cosmic-001"]]}}',
                                    '{"format": 1, "puzzles": [1500]}'])
def test_a_damaged_puzzle_record_warns_and_the_trainer_starts_afresh(playbook_home, damage):
    from playbook.learn.progress import ProgressWarning
    from playbook.learn.trainer import Trainer, standing

    (playbook_home / "progress.json").write_text(damage)
    with pytest.warns(ProgressWarning):
        trainer = Trainer("cosmic")
    assert trainer.rating.rating == 1500 and trainer.results == [] and trainer.streak == 0
    with pytest.warns(ProgressWarning):  # the record is read once more before it is written
        assert _solve_one(trainer).right
    # What was solved is kept in a sound record from then on.
    assert standing() == f"Puzzle rating: {trainer.rating.rating} (1 solved)"


def test_a_progress_file_that_cannot_be_written_warns_and_the_trainer_carries_on(playbook_home, monkeypatch):
    from playbook.learn.progress import ProgressWarning
    from playbook.learn.trainer import Trainer

    (playbook_home / "file").write_text("")  # no folder can be made under a file, even by root
    monkeypatch.setenv("PLAYBOOK_HOME", str(playbook_home / "file" / "home"))
    with pytest.warns(ProgressWarning):
        trainer = Trainer("cosmic")
    with pytest.warns(ProgressWarning):
        assert _solve_one(trainer).right
    assert trainer.streak == 1 and trainer.rating.rating > 1500 and len(trainer.results) == 1
    with pytest.warns(ProgressWarning):
        assert _solve_one(trainer).right
    assert trainer.streak == 2 and len(trainer.results) == 2  # the session still counts
