"""Exercises for the tutorial notebooks.

An :class:`Exercise` is a position, a goal and a way to tell a right
answer from a wrong one.  The learner plays the answer on ``ex.board`` (a
live :class:`~playbook.widget.BoardWidget` with the goal in its header),
which judges it the moment it is played, as Lichess Learn does: a right
answer is marked right, with what the exercise taught (the chapter's
whole "You learnt" line on its last exercise); a wrong one is marked,
taken back and answered with the hint; the third wrong answer earns the
solution, drawn on the board.  ``ex.check()`` says the same in
code, and ``ex.check("c2xe4xc6")`` judges a typed answer.  The board
shows no evaluation, and its Hint button shows the solution's next move.

>>> from playbook import load
>>> from playbook.learn.tutorial import Exercise, Tutorial
>>> course = Tutorial("Cosmic Chess")
>>> ex = Exercise(load("cosmic").initial(), "Move a pawn.", answers={"c2-d3", "c2-d1", "b3-c4", "b3-a4"},
...               hint="pawns step diagonally.", tutorial=course)
>>> ex.check("c2-d3")
Right: c2-d3.
>>> ex.check("a3-b5")
Not quite: a3-b5 is legal, but it does not answer the question. Hint: pawns step diagonally.
>>> ex.check("c2-c3").right
False
>>> course.summary()
Exercises solved in Cosmic Chess: 1 of 1
  [x] Move a pawn.

A chapter's last exercise may say what the chapter taught (``learnt``):
the summary then reads as a recap, one line a chapter, ticked when every
exercise of the chapter is solved.  An earlier exercise of the chapter
says what it alone taught (``taught``), so that solving it never gives
away the answer to the next one.

>>> recap = Tutorial("Cosmic Chess, the pieces")
>>> first = Exercise(load("cosmic").initial(), "Step a pawn.", answers={"c2-d3"}, hint="diagonally.",
...                  learnt="Pawns step one cell diagonally.", tutorial=recap)
>>> second = Exercise(load("cosmic").initial(), "Move a knight.", answers={"c1-e2"}, hint="two, then one.",
...                   learnt="A knight goes two cells straight, then one aside.", tutorial=recap)
>>> first.check("c2-d3")
Right: c2-d3.
>>> recap.summary()
Exercises solved in Cosmic Chess, the pieces: 1 of 2
  [x] Pawns step one cell diagonally.
  [ ] A knight goes two cells straight, then one aside.

An answer may be longer than one action.  ``answers`` then holds
sequences of the learner's actions; ``turn=True`` makes each of the
learner's moves a whole turn (all its actions, until the turn passes, as in
Kelasu); ``replies`` scripts the opponent's answers, which the board plays
by itself between the learner's moves.  A line is judged once it is
complete, or as soon as a move leaves the script behind (the reply due
cannot be played): a turn that ended without the move the reply needs is
judged wrong at once, with its hint, instead of waiting for more moves.
``goal`` judges the position the line reaches instead of its text.

>>> puzzle = Exercise(load("cosmic").parse("k5/6/6/6/5p/K1P3 w"), "Take the pawn in two moves.",
...                   answers=[("c1-d2", "d2xf4")], replies=["f2-e3"], hint="let it come to you.",
...                   tutorial=course)
>>> puzzle.check("c1-d2")
Not finished: after c1-d2 and the reply f2-e3, the goal needs 1 more move. Play on.
>>> puzzle.check(["c1-d2", "d2-c3"])
Not quite: c1-d2, d2-c3 is legal, but it does not answer the question. Hint: let it come to you.
>>> puzzle.check(["c1-d2", "d2xf4"])
Right: c1-d2, d2xf4.
>>> draw = Exercise(load("cosmic").parse("k4p/6/6/6/6/KPN3 w"), "Win by agreement.", turn=True,
...                replies=["accept-draw"], goal=lambda s: s.outcome is not None and s.outcome.winner == "white",
...                solution=["offer-draw", "b1-c2"], hint="offer first.", tutorial=course)
>>> draw.check("offer-draw")
Not finished: after offer-draw, your turn is not over yet. Play on.
>>> draw.check("b1-c2")
Not quite: b1-c2 is legal, but it does not answer the question. Hint: offer first.

``answered=True`` lets the opponent answer the learner's last move too
(``replies`` then holds one reply per move) and judges the line after that
answer: a puzzle whose point is what the reply runs into, or a game of
simultaneous orders, whose week ends only when every player has revealed.
``sides`` names every side the learner plays, for hot-seat exercises in
which one person enters the orders of several players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Action, PlaybookError, State
from ..widget import BoardWidget
from .answers import TRIES, Answers, Line, Verdict
from .board import ExerciseBoard
from .lines import _as_line
from .progress import Progress

__all__ = ["Exercise", "Verdict", "Tutorial", "Summary", "current", "summary", "TRIES"]


class Exercise(Answers):
    """A goal to reach from ``state``, played on :attr:`board` or typed:
    the :class:`~playbook.learn.answers.Answers` (every argument but the
    last two is theirs), a live board (its part, :attr:`part`) and a place
    in a tutorial.

    - ``tutorial``: the :class:`Tutorial` that counts this exercise
      (default: :func:`current`).
    - ``board_options``: options for the :attr:`board`'s
      :class:`~playbook.widget.BoardWidget` (``{"hot_seat": True}`` for
      several players at one screen, say).
    """

    #: The kind of board part an exercise of this class holds.
    Part: type[ExerciseBoard] = ExerciseBoard

    def __init__(
        self,
        state: State,
        prompt: str,
        answers: Iterable[str | Line] = (),
        check: Callable[[State, Action], bool] | None = None,
        hint: str | Sequence[str] = "",
        *,
        goal: Callable[[State], bool] | None = None,
        solution: str | Line | None = None,
        turn: bool = False,
        replies: Sequence[Any] = (),
        moves: int | None = None,
        answered: bool = False,
        sides: Iterable[str] | None = None,
        tutorial: Tutorial | None = None,
        learnt: str = "",
        taught: str = "",
        board_options: dict | None = None,
    ):
        super().__init__(state, prompt, answers, check, hint, goal=goal, solution=solution, turn=turn,
                         replies=replies, moves=moves, answered=answered, sides=sides, learnt=learnt, taught=taught)
        #: The board part: the live board, its guide, and what happens on it.
        self.part = self.Part(self, board_options)
        self.solved = False
        self.tutorial = tutorial if tutorial is not None else current()
        self.tutorial.add(self)

    @property
    def board(self) -> BoardWidget:
        """A live board at the exercise's position (made on first use),
        which answers each move the moment it is played; with ``replies``
        it plays them by itself after the learner's moves."""
        return self.part.open()

    def show_solution(self) -> None:
        """Draw the solution on the board."""
        self.part.show_solution()

    def check(self, answer: str | Action | Line | None = None) -> Verdict:
        """Judge ``answer`` (an action, its text, or a sequence of the
        learner's actions), or else the line played on :attr:`board`."""
        if answer is None:
            board, shown = self.part.board, self.part.shown
            if board is not None and shown is not None and shown[0] == (board.cursor, len(board.moves)):
                return shown[1]  # what the board answered, the board unchanged since
            if board is None or board.cursor == 0:
                return Verdict(
                    False, "No move on the board yet: play your answer on the board above, which answers at once.",
                    tries=self.tries,
                )
            split = self._split(board.line.positions[: board.cursor + 1])
            assert split is not None, "the cursor past the start holds at least one move"
        else:
            line = _as_line(answer)
            if not line:
                return Verdict(False, "No answer given.", tries=self.tries)
            if len(line) == 1 and self.moves == 1 and not (self.turn or self.answered):
                # One action: judge the action as given (it may carry what its text does not show).
                try:
                    action = self.state.parse_action(line[0])
                except PlaybookError as exc:
                    return Verdict(False, f"Not legal: {exc}", tries=self.tries)
                if isinstance(answer, Action) and answer.data is not None:
                    action = answer
                return self._judge([action], self.state.play(action))
            replayed = self._replay(line)
            if isinstance(replayed, Verdict):
                return replayed
            split = replayed
        if not split.complete:
            return self._unfinished(split)
        return self._judge(split.mine, split.final)

    def _judge(self, mine: list[Action], final: State, drawn: bool = False) -> Verdict:
        """The verdict on ``mine`` (see :meth:`Answers._judge
        <playbook.learn.answers.Answers._judge>`), kept in the tutorial when
        right and shown on the board, if there is one."""
        board = self.part.board
        verdict = super()._judge(mine, final, drawn=board is not None)
        if verdict.right:
            if not self.solved:
                self.solved = True
                self.tutorial.remember(self)
            if board is not None:
                board.arrows, board.highlights = [], []
        elif verdict.solution and board is not None:
            self.part.show_solution()
        return verdict

    # ---- display

    def _repr_markdown_(self) -> str:
        return f"**Exercise.** {self.prompt}"

    def __repr__(self) -> str:
        return f"Exercise: {self.prompt}"


# ---------------------------------------------------------------- summaries


class Tutorial:
    """The exercises of one tutorial, in the order they were made, and
    which are solved.  An exercise made again with the same prompt (a cell
    run twice) replaces the earlier one.

    A tutorial with a ``title`` remembers the exercises solved across
    kernels and days (see :mod:`playbook.learn.progress`): an exercise solved
    once counts as solved when its notebook is opened again.
    :meth:`solved` lists them and :meth:`reset` forgets them.  ``progress``
    is where they are kept (default: the progress file under
    ``PLAYBOOK_HOME``)."""

    def __init__(self, title: str = "", progress: Progress | None = None):
        self.title = title
        self.exercises: list[Exercise] = []
        self.progress = progress if progress is not None else Progress()
        global _current
        _current = self

    def add(self, exercise: Exercise) -> None:
        """Count ``exercise`` in this tutorial (solved already if it was
        solved before, in this kernel or an earlier one)."""
        if self.title and exercise.prompt in self.progress.solved(self.title):
            exercise.solved = True
        for i, old in enumerate(self.exercises):
            if old.prompt == exercise.prompt:
                self.exercises[i] = exercise
                return
        self.exercises.append(exercise)

    def remember(self, exercise: Exercise) -> None:
        """Keep ``exercise`` as solved for later sessions (titled tutorials only)."""
        if self.title:
            self.progress.add(self.title, exercise.prompt)

    def solved(self) -> list[str]:
        """The prompts of the exercises solved, in this kernel or before:
        this session's exercises in their order, then any others remembered."""
        here = [ex.prompt for ex in self.exercises if ex.solved]
        kept = self.progress.solved(self.title) if self.title else []
        return here + [p for p in kept if p not in here]

    def reset(self) -> None:
        """Forget every exercise solved in this tutorial, here and in the
        progress file, with the wrong tries counted so far."""
        if self.title:
            self.progress.forget(self.title)
        for ex in self.exercises:
            ex.solved = False
            ex._judged.clear()

    def summary(self) -> Summary:
        """Which exercises are solved, in words: one row a chapter, its
        ``learnt`` line, where the chapter's last exercise has one (see
        :class:`Exercise`), else one row an exercise, its prompt."""
        return Summary(self.title, tuple((ex.prompt, ex.solved, ex.tries) for ex in self.exercises),
                       _chapters(self.exercises))

    def __repr__(self) -> str:
        return f"Tutorial({self.title!r}, {len(self.exercises)} exercises)"


def _chapters(exercises: Sequence[Exercise]) -> tuple[tuple[str, int, int], ...]:
    """The recap of ``exercises``: (line, exercises solved, exercises) for
    each chapter, a chapter ending with an exercise that has a ``learnt``
    line; an exercise after the last such one is a row of its own, its
    prompt the line."""
    rows, solved, total = [], 0, 0
    for ex in exercises:
        solved, total = solved + ex.solved, total + 1
        if ex.learnt:
            rows.append((ex.learnt, solved, total))
            solved = total = 0
    if total:
        rows += [(ex.prompt, int(ex.solved), 1) for ex in exercises[len(exercises) - total:]]
    return tuple(rows)


@dataclass(frozen=True)
class Summary:
    """The exercises of a tutorial: ``rows`` holds (prompt, solved, wrong
    tries) for each; ``recap`` holds (line, exercises solved, exercises)
    for each chapter, which is what it shows."""

    title: str
    rows: tuple[tuple[str, bool, int], ...]
    recap: tuple[tuple[str, int, int], ...] = ()

    @property
    def solved(self) -> int:
        """How many exercises are solved."""
        return sum(1 for _prompt, solved, _tries in self.rows if solved)

    def _marked(self, done: str, part: str, undone: str) -> list[str]:
        """The recap's lines, each after its mark (with "n of m" where a
        chapter's exercises are partly solved)."""
        lines = []
        for line, solved, total in self.recap:
            mark = done if solved == total else part if solved else undone
            count = f" ({solved} of {total} exercises)" if 0 < solved < total else ""
            lines.append(f"{mark} {line}{count}")
        return lines

    def __repr__(self) -> str:
        where = f" in {self.title}" if self.title else ""
        lines = [f"Exercises solved{where}: {self.solved} of {len(self.rows)}"]
        lines += [f"  {line}" for line in self._marked("[x]", "[~]", "[ ]")]
        if self.rows and not self.solved:
            lines.append("Solve an exercise on its board, run its check, then run this cell again.")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        lines = [f"**{repr(self).splitlines()[0]}**", ""]
        lines += [f"- {line}" for line in self._marked("☑", "◐", "☐")]
        return "\n".join(lines)


_current: Tutorial | None = None


def current() -> Tutorial:
    """The tutorial that counts new exercises: the last :class:`Tutorial`
    made (one without a title is made on first use)."""
    return _current if _current is not None else Tutorial()


def summary() -> Summary:
    """The summary of :func:`current`'s exercises."""
    return current().summary()
