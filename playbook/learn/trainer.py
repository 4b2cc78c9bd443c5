"""Solving puzzles one after another, with a streak and a rating.

``Trainer(key)`` hands out the game's puzzles as
:class:`~playbook.learn.tutorial.Exercise` values (``trainer.next()``).
``trainer.board`` is one live board that goes from puzzle to puzzle as on
Lichess: it judges each move the moment it is played, plays the
opponent's reply, shows the rating and streak, and offers the next puzzle
with a button; ``trainer.check()`` judges a typed answer (or says what
the board said).  A wrong answer earns a hint, the third the solution, as
in the tutorials.
A puzzle counts once, when it is first judged: solved at the first try,
or failed (also as soon as a move leaves no forced win, as on Lichess).
Each result moves the :class:`Rating` as a puzzle rating moves on
Lichess, by how surprising it was, and a failure ends the
streak.  The next puzzle is the one not yet tried whose difficulty is
nearest the rating.

The rating, the streak and the puzzles tried are kept in the progress
file (:mod:`playbook.learn.progress`, under the key ``"puzzles"``), so a
trainer made in a new kernel, another day, goes on where the last one
stopped.  There is one puzzle rating for all the games, as Lichess has
one for all its puzzles: the difficulties share one scale.  When two
trainers run at once, the puzzles each has tried are all kept, and the
rating and streak are those of the last result counted.  A progress file
that cannot be read or written only warns
(:class:`~playbook.learn.progress.ProgressWarning`); the trainer carries on.
``trainer.reset()`` (or :func:`reset`, without a trainer) forgets the
puzzle progress: the puzzles tried, the rating and the streaks.  Once
every puzzle of a game has been tried, ``next()`` says so and hands them
out again, the missed ones first, without counting them a second time.

>>> from playbook.puzzles import games
>>> trainer = Trainer(games()[0], rating=1500)
>>> ex = trainer.next()
>>> trainer.check(ex.solution).right
True
>>> trainer.streak, trainer.rating.rating > 1500
(1, True)
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace

from ..core import Game, PlaybookError
from ..games import load
from ..puzzles import NUMBERS, Puzzle, puzzles
from ..puzzles.hook import hook, named
from ..puzzles.solve import defence, wins
from ..widget import BoardWidget
from .progress import Progress, ProgressWarning
from .tutorial import Exercise, Tutorial, Verdict

__all__ = ["Rating", "Trainer", "exercise", "standing", "reset", "KEY", "START"]

#: The key of the puzzle record in the progress file.
KEY = "puzzles"
#: The rating of a learner who has solved no puzzle yet.
START = 1500


#: The furthest from 0 a kept puzzle rating may be; one further is damage (a rating of 10**400 would
#: make every expected score overflow).
RATING_BOUND = 10_000


@dataclass
class Rating:
    """An Elo rating against puzzles: ``rating`` moves by ``k`` times the
    difference between the result (1 solved, 0 failed) and the expected
    result, ``1 / (1 + 10 ** ((difficulty - rating) / 400))``.  Rounded to
    whole points, so it reads the same on every machine.

    >>> r = Rating(1500)
    >>> r.update(1500, True), r.update(1900, False)
    (1516, 1513)
    """

    rating: int = 1500
    k: int = 32

    def expected(self, difficulty: int) -> float:
        """The chance, by the ratings, of solving a puzzle of ``difficulty``."""
        return 1.0 / (1.0 + 10 ** ((difficulty - self.rating) / 400))

    def update(self, difficulty: int, solved: bool) -> int:
        """Count one result; return the new rating."""
        self.rating = round(self.rating + self.k * ((1.0 if solved else 0.0) - self.expected(difficulty)))
        return self.rating


def exercise(puzzle: Puzzle, tutorial: Tutorial | None = None) -> Exercise:
    """``puzzle`` as an :class:`~playbook.learn.tutorial.Exercise`: the goal is
    to win, the opponent answers with the defence that holds out longest
    (worked out by the rules, so any move of the learner is answered),
    the hint is the theme, and the solution the puzzle's line.  A game
    with a puzzle hook makes its own exercise instead, with the function its
    descriptor names in ``puzzle_exercise``."""
    descriptor = load(puzzle.game).descriptor
    if descriptor.puzzle_hook:
        if not descriptor.puzzle_exercise:
            raise PlaybookError(f"{puzzle.game!r} has a puzzle hook but names no puzzle_exercise to show its "
                                "puzzles on the board")
        made = named(puzzle.game, descriptor.puzzle_exercise, "puzzle exercise")(puzzle, tutorial)
        if not isinstance(made, Exercise):
            raise PlaybookError(f"the puzzle exercise {descriptor.puzzle_exercise!r} of {puzzle.game!r} made "
                                f"{made!r}, not an Exercise")
        return made
    turns = puzzle.turns()
    solver = turns[0][0]
    own = [actions for side, actions in turns if side == solver]
    several = any(len(actions) > 1 for actions in own)
    reply = lambda state: defence(state, solver, puzzle.plies).text  # noqa: E731
    count = NUMBERS[len(own) - 1] if len(own) <= len(NUMBERS) else str(len(own))
    unit = "turn" if several else "move"
    return Exercise(
        puzzle.state(),
        f"{solver.capitalize()} to play and win in {count} {unit}{'s' if len(own) > 1 else ''}.",
        goal=lambda state: state.outcome is not None and solver in state.outcome.winners,
        hint=f"the game is won this way: {puzzle.theme.split(': ', 1)[-1]}.",
        solution=[a for actions in own for a in actions],
        replies=[reply] * (len(own) - 1),
        moves=len(own) if several else None,
        turn=several,
        board_options={"flipped": turned(puzzle.state().game, solver)},
        # Untitled: prompts repeat from puzzle to puzzle, so they cannot say
        # which puzzle was solved; the trainer keeps that, by puzzle id.
        tutorial=tutorial if tutorial is not None else Tutorial(),
    )


def turned(game: Game, side: str) -> bool:
    """Whether a board of ``game`` must be turned round for ``side`` to sit
    at the bottom: whether its pieces stand above the others' at the
    game's start, the board drawn as it is by default (so no game needs
    naming: one game draws Blue at the top, chess-like games White at the
    bottom).  False where the start does not tell (sides side by side)."""
    scene = game.initial().view()
    rows = {cell.id: cell.y + cell.h / 2 for cell in scene.cells}

    def height(mine: bool) -> float | None:
        ys = [rows[c] for piece in scene.pieces if (piece.owner == side) == mine for c in piece.cells if c in rows]
        return sum(ys) / len(ys) if ys else None

    own, other = height(True), height(False)
    return own is not None and other is not None and own < other


class Trainer:
    """Puzzles of the game ``name`` one after another (see the module):
    :attr:`rating` (a :class:`Rating`), :attr:`streak` (puzzles solved in a
    row), :attr:`results` (``(puzzle id, solved)`` in order, of every
    game), the current :attr:`puzzle` and its :attr:`exercise`.

    They start where the progress file left them; ``rating`` sets the
    rating instead.  ``progress`` is the :class:`~playbook.learn.progress.Progress`
    to keep them in (default: the learner's), or False to keep nothing (a
    demonstration that must not count)."""

    def __init__(self, name: str, rating: int | None = None, progress: Progress | bool = True):
        self.name = name
        self.progress = Progress() if progress is True else (progress or None)
        kept = _kept(self.progress)
        self.rating = Rating(rating if rating is not None else kept["rating"])
        self.streak = kept["streak"]
        self.best_streak = kept["best_streak"]
        self.results: list[tuple[str, bool]] = kept["results"]
        self.tutorial = Tutorial()  # untitled: see exercise()
        self.puzzle: Puzzle | None = None
        self.exercise: Exercise | None = None
        #: What :meth:`next` last had to say about the round ("" when nothing).
        self.notice = ""
        self._again: set[str] = set()  # puzzles handed out again in this round
        self._counted = True
        self._board: BoardWidget | None = None

    def next(self) -> Exercise:
        """The next puzzle, as an exercise: the one not yet tried whose
        difficulty is nearest the rating (the first in the list among
        equals).  Once every puzzle of the game has been tried, it says so
        (:attr:`notice`, printed once) and goes round them again, those
        missed first, then the others in the list's order, each once a
        round; a puzzle tried before counts no more (:meth:`reset` forgets
        every puzzle tried, to count them afresh)."""
        tried = {pid for pid, _ in self.results}
        every = puzzles(self.name)
        left = [p for p in every if p.id not in tried]
        self._counted = False
        if left:
            self.notice = ""
            self.puzzle = min(left, key=lambda p: abs(p.difficulty - self.rating.rating))
        else:
            missed = {pid for pid, ok in self.results if not ok} - {pid for pid, ok in self.results if ok}
            again = [p for p in every if p.id in missed] + [p for p in every if p.id not in missed]
            if all(p.id in self._again for p in every):
                self._again = set()
            self.puzzle = next(p for p in again if p.id not in self._again)
            self._again.add(self.puzzle.id)
            self._counted = True  # tried before: it no longer moves the rating or the streak
            if not self.notice:
                self.notice = (f"Every {self.name} puzzle has been tried once, so they come round again, the "
                               "ones missed first; they no longer move the rating. trainer.reset() forgets "
                               "every puzzle tried, and the rating, to count them afresh.")
                print(self.notice)
        self.exercise = exercise(self.puzzle, self.tutorial)
        self.exercise.part.referee = self._referee
        self.exercise.part.next_label = "Next puzzle"
        if self._board is not None:
            self.exercise.part.attach(self._board)
            self._board.score = self._score()
        return self.exercise

    @property
    def board(self) -> BoardWidget:
        """One live board for puzzle after puzzle, as on Lichess: the goal
        in its header, each move judged the moment it is played (a move
        that no longer wins is marked, taken back and counts the puzzle as
        missed), the opponent's replies played by themselves, the rating
        and streak under the goal, and a Next puzzle button once a puzzle
        is judged.  No evaluation is shown; Hint may be pressed, but a
        puzzle solved after it counts as missed."""
        if self._board is None:
            current = self.exercise if self.exercise is not None else self.next()
            board = current.board
            board.on_next = self.next
            board.score = self._score()
            self._board = board
        return self._board

    def _score(self) -> str:
        """The learner's standing in one line, for the board."""
        own = {p.id for p in puzzles(self.name)}
        solved = len({pid for pid, ok in self.results if pid in own and ok})
        return f"Puzzle rating {self.rating.rating} · streak {self.streak} · {solved} solved"

    def reset(self) -> None:
        """Forget the puzzle progress, here and in the progress file: the
        puzzles tried (of every game, as the rating is one for all), the
        rating (back to :data:`START`) and the streaks."""
        self.rating = Rating(START)
        self.streak = self.best_streak = 0
        self.results = []
        self._again = set()
        self.notice = ""
        self._counted = True
        if self.progress is not None:
            reset(self.progress)

    def check(self, answer=None) -> Verdict:
        """Judge the answer (typed, or else played on the board) to the
        current puzzle; the first judgement counts for the rating."""
        puzzle, exercise = self._current()
        verdict = exercise.check(answer)
        finished = verdict.right or not verdict.message.startswith(("Not finished", "No move", "No answer"))
        if not finished and not self._counted and self._astray(answer):
            finished, verdict = True, self._missed(verdict.tries)
        return self._count(verdict) if finished else verdict

    def _referee(self, verdict: Verdict | None) -> Verdict | None:
        """Judge a move played on the board: the exercise's verdict once
        the line is complete (``verdict``), or a miss as soon as a move no
        longer wins; the first judgement is counted."""
        if verdict is None and not self._counted and self._astray(None):
            verdict = self._missed(self._current()[1].tries)
        return self._count(verdict) if verdict is not None else None

    def _missed(self, tries: int) -> Verdict:
        """The verdict on a move after which the puzzle no longer wins by force."""
        return Verdict(False, "That does not win by force any more, so the puzzle counts as missed; "
                       f"try again. Hint: {self._current()[1].hints[0]}", tries=tries)

    def _count(self, verdict: Verdict) -> Verdict:
        """Count ``verdict`` for the rating and the streak, if it is the
        current puzzle's first: solved only if right without a hint.
        Returns it, saying how the rating moved."""
        puzzle, exercise = self._current()
        if self._counted:
            return verdict
        self._counted = True
        solved = verdict.right and not exercise.part.hinted
        before = self.rating.rating
        self.results.append((puzzle.id, solved))
        self.rating.update(puzzle.difficulty, solved)
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)
        self._keep()
        if self._board is not None:
            self._board.score = self._score()
        if solved:
            how = "Puzzle solved"
        elif verdict.right:
            how = "Solved after a hint, so it counts as missed"
        else:
            how = "Puzzle missed"
        change = f"rating {before} → {self.rating.rating}"
        return replace(verdict, message=f"{verdict.message} {how}: {change}.")

    def _current(self) -> tuple[Puzzle, Exercise]:
        """The puzzle being solved and its exercise (IndexError before :meth:`next`)."""
        if self.puzzle is None or self.exercise is None:
            raise IndexError("no puzzle yet: call next() first")
        return self.puzzle, self.exercise

    def _keep(self) -> None:
        """Write the rating, streak and results to the progress file,
        keeping the results another trainer wrote meanwhile."""
        if self.progress is None:
            return
        ours = {pid for pid, _ in self.results}
        others = [r for r in _kept(self.progress)["results"] if r[0] not in ours]
        self.results = others + self.results
        self.progress.keep(KEY, {"rating": self.rating.rating, "streak": self.streak,
                                 "best_streak": self.best_streak,
                                 "results": [[pid, ok] for pid, ok in self.results]})

    def _astray(self, answer) -> bool:
        """Whether the learner's moves so far (``answer``, or those on the
        board), with the defence's replies, leave no forced win in the
        actions the puzzle has left."""
        puzzle, exercise = self._current()
        if hook(puzzle.game) is not None:
            return False  # the hook's exercise judges the answer once it is complete
        solver = puzzle.state().to_move
        if answer is None:
            board = exercise.board
            state, used = board.state, len(board.history)
        else:
            state, used = puzzle.state(), 0
            try:
                for text in [answer] if isinstance(answer, str) else list(answer):
                    state = state.play(str(text))
                    used += 1
                    while state.outcome is None and state.to_move != solver:
                        state = state.play(defence(state, solver, puzzle.plies))
                        used += 1
            except PlaybookError:
                return False
        if used == 0:
            return False
        return not wins(state, solver, puzzle.plies - used)

    def __repr__(self) -> str:
        own = {p.id for p in puzzles(self.name)}
        results = [ok for pid, ok in self.results if pid in own]
        return (f"{self.name} puzzles: {sum(results)} of {len(results)} solved, streak {self.streak} "
                f"(best {self.best_streak}), rating {self.rating.rating}")


def _kept(progress: Progress | None) -> dict:
    """The puzzle record in ``progress`` (a fresh one when there is none,
    or when it is not of the shape :meth:`Trainer._keep` writes: that
    warns)."""
    fresh = {"rating": START, "streak": 0, "best_streak": 0, "results": []}
    record = progress.section(KEY) if progress is not None else None
    if record is None:
        return fresh
    try:
        if not isinstance(record, dict):
            raise ValueError("not an object")
        out = {key: record.get(key, fresh[key]) for key in ("rating", "streak", "best_streak")}
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in out.values()):
            raise ValueError("the rating and streaks must be whole numbers")
        if not -RATING_BOUND <= out["rating"] <= RATING_BOUND:
            raise ValueError(f"the rating must be from {-RATING_BOUND:,} to {RATING_BOUND:,}")
        if out["streak"] < 0 or out["best_streak"] < 0:
            raise ValueError("the streaks must be 0 or more")
        results = record.get("results", [])
        if not (isinstance(results, list) and all(
                isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and isinstance(r[1], bool)
                for r in results)):
            raise ValueError("the results must be [puzzle id, solved] pairs")
    except ValueError as exc:
        assert progress is not None  # a record was read from it
        copy = progress.set_aside()  # kept before a new record is written over it
        kept = f"; the file as it was is kept as {copy}" if copy else "; no copy of it could be kept"
        warnings.warn(f"the puzzle record in {progress.path} is damaged ({exc}); starting afresh{kept}",
                      ProgressWarning, stacklevel=3)
        return fresh
    return {**out, "results": [(pid, ok) for pid, ok in results]}


def reset(progress: Progress | None = None) -> None:
    """Forget the puzzle progress kept in ``progress`` (default: the
    learner's file): the puzzles tried, the rating and the streaks, as
    :meth:`Tutorial.reset <playbook.learn.tutorial.Tutorial.reset>` forgets a
    tutorial's exercises; the tutorials' progress stays.

    >>> reset(); standing()
    'Puzzle rating: 1500 (0 solved)'
    """
    (progress if progress is not None else Progress()).keep(
        KEY, {"rating": START, "streak": 0, "best_streak": 0, "results": []})


def standing(progress: Progress | None = None) -> str:
    """The learner's puzzle rating and how many puzzles they have solved,
    in one line, as the start notebook shows it.

    >>> standing()
    'Puzzle rating: 1500 (0 solved)'
    """
    kept = _kept(progress if progress is not None else Progress())
    solved = len({pid for pid, ok in kept["results"] if ok})
    return f"Puzzle rating: {kept['rating']} ({solved} solved)"
