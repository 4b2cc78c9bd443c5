"""Puzzles: every shipped puzzle holds by the rules alone, and mining is repeatable."""

import json
import time

import pytest

from playbook import load
from playbook.puzzles import Puzzle, PuzzleError, games, puzzles
from playbook.puzzles.mine import mine, theme
from playbook.puzzles.solve import defence, line, moves, winning_moves, wins

SHIPPED = games()


def test_puzzles_ship_for_four_games():
    assert {"cosmic", "ccc", "kelasu", "cresnovian"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_puzzle_holds_by_the_rules_alone(name):
    found = puzzles(name)
    assert len(found) >= 50
    assert len({p.position for p in found}) == len(found)
    for puzzle in found:
        puzzle.verify()  # the first move wins within its plies, no other does
        assert puzzle.plies == len(puzzle.solution)
        assert puzzle.theme.startswith("win in ")
    ratings = [p.difficulty for p in found]
    assert ratings == sorted(ratings)  # easiest first


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
    from playbook.puzzles.trainer import Rating, Trainer

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
    from playbook.puzzles.trainer import exercise

    deep = next(p for p in puzzles("cosmic") if p.plies == 3)
    ex = exercise(deep, tutorial=__import__("playbook.tutorial", fromlist=["Tutorial"]).Tutorial("t"))
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
    from playbook.puzzles.trainer import Trainer

    trainer = Trainer("cosmic", rating=1200)
    trainer.next()
    assert trainer.puzzle.plies == 3  # the nearest to 1200 are the wins in two
    start = trainer.puzzle.state()
    wrong = next(a.text for a in moves(start) if a.text not in [w.text for w in winning_moves(start, 3)] and a.text != trainer.puzzle.solution[0])
    verdict = trainer.check(wrong)
    assert not verdict.right and verdict.message.startswith("That does not win by force any more")
    assert trainer.results == [(trainer.puzzle.id, False)] and trainer.rating.rating < 1200
    # The right first move alone is not judged yet: the line goes on.
    again = Trainer("cosmic", rating=1200)
    again.next()
    assert not again.check(again.puzzle.solution[0]).right and again.results == []


def test_chess_wheel_is_not_mined_and_says_why():
    # Its deciding action reveals orders sealed a phase earlier: no first move to find.
    with pytest.raises(KeyError, match="not 'wheel'"):
        mine("wheel", 1, seed=1, games=1)
    assert "wheel" not in SHIPPED


def test_the_wheel_ships_every_games_puzzles(tmp_path):
    import subprocess
    import sys
    import zipfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(root)]
    subprocess.run(command, check=True, capture_output=True)
    names = zipfile.ZipFile(next(tmp_path.glob("playbook-*.whl"))).namelist()
    assert {f"playbook/puzzles/data/{name}.json" for name in SHIPPED} <= set(names)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_games_puzzles_are_solved_by_their_solution_as_exercises(name):
    from playbook.puzzles.trainer import exercise
    from playbook.tutorial import Tutorial

    for puzzle in puzzles(name):
        ex = exercise(puzzle, tutorial=Tutorial(f"{name} check"))
        assert ex.check(ex.solution).right, puzzle.id
