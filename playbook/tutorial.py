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
>>> from playbook.tutorial import Exercise, Tutorial
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
from itertools import pairwise
from typing import Any

from .core import Action, PlaybookError, State
from .digests import shorten
from .exercise_board import OnTheBoard
from .exercise_lines import _as_line, _first_action, _Line, _Script
from .progress import Progress
from .widget import BoardWidget

__all__ = ["Exercise", "Verdict", "Tutorial", "Summary", "current", "summary", "TRIES"]

#: Wrong answers after which an exercise shows its solution.
TRIES = 3


@dataclass(frozen=True)
class Verdict:
    """The answer to a check: ``right`` or not, and why in words.
    ``solution`` is the line shown once the learner has used up the tries
    (else empty); ``tries`` counts the wrong answers so far."""

    right: bool
    message: str
    solution: tuple[str, ...] = ()
    tries: int = 0

    def __repr__(self) -> str:
        return self.message

    def __bool__(self) -> bool:
        return self.right


Line = Sequence[str]


class Exercise(OnTheBoard):
    """A goal to reach from ``state``, played on :attr:`board` or typed.

    - ``answers``: the right lines; each is an action's text, or a sequence
      of the learner's action texts (scripted replies left out).
    - ``check(state, action)``: for one-action exercises, a test of the
      action played from ``state``.
    - ``goal(position)``: a test of the position the line reaches.
    - ``hint``: a sentence shown with each wrong answer (or a list: the
      first with the first wrong answer, the next with the next...).
    - ``solution``: the line shown after :data:`TRIES` wrong answers
      (default: the first of ``answers`` in sorted order).
    - ``turn``: each of the learner's moves is a whole turn.
    - ``replies``: the opponent's scripted moves, one after each of the
      learner's moves but the last; each an action's text, a sequence of
      them (a whole turn) or a function of the position returning either.
      Where the reply due cannot be played, the line ends with the
      learner's move and is judged there.
    - ``answered``: the opponent also answers the learner's last move, and
      the line is judged once that answer is played (when the move is back
      with the learner, or the game is over).
    - ``moves``: how many actions (or turns, with ``turn``) the learner
      plays; by default one more than the replies (as many as the replies
      with ``answered``), or the length of the longest answer.
    - ``sides``: the sides the learner plays (default: the side to move at
      the start); the others are the opponent's.
    - ``tutorial``: the :class:`Tutorial` that counts this exercise
      (default: :func:`current`).
    - ``learnt``: what the chapter this exercise ends taught, in one line
      (the chapter's exercises are this one and those made since the last
      exercise with a ``learnt``); the summary lists it as a recap, and
      the board says it when this exercise is solved.
    - ``taught``: what this exercise alone taught, which the board says
      when it is solved (for an exercise before a chapter's last, whose
      ``learnt`` line would answer the exercises still to come).
    - ``board_options``: options for the :attr:`board`'s
      :class:`~playbook.widget.BoardWidget` (``{"hot_seat": True}`` for
      several players at one screen, say).

    A line is right when it is one of ``answers``, or passes ``check`` or
    ``goal``.
    """

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
        self.state = state
        self.prompt = prompt
        self.learnt = learnt
        self.taught = taught
        self.answers = frozenset(a if isinstance(a, str) else _as_line(a) for a in answers)
        self._lines = frozenset(_as_line(a) for a in self.answers)
        self._check = check
        self.goal = goal
        self.hints = (hint,) if isinstance(hint, str) else tuple(hint)
        self.turn = turn
        self.replies = tuple(replies)
        self.answered = answered
        self.sides = frozenset([state.to_move] if sides is None else ([sides] if isinstance(sides, str) else sides))
        if not self._lines and check is None and goal is None:
            raise ValueError("an exercise needs answers, a check or a goal")
        longest = max((len(line) for line in self._lines), default=1)
        if moves is None:
            moves = (len(self.replies) + (0 if answered else 1)) if (self.replies or turn) else longest
        self.moves = moves
        if self.moves < 1:
            raise ValueError("an exercise needs at least one move")
        if solution is not None:
            self._solution: tuple[str, ...] | None = _as_line(solution)
        elif self._lines:
            self._solution = sorted(self._lines)[0]
        else:
            self._solution = None  # found when first needed
        self.board_options = dict(board_options or {})
        self._board: BoardWidget | None = None
        self._judged: dict[tuple[str, ...], bool] = {}
        #: The last answer shown on the board, with the board's (cursor, moves) then.
        self._shown: tuple[tuple[int, int], Verdict] | None = None
        #: The cells each move played on the board clicked, by its index in the line, with the position it made.
        self._clicked: dict[int, tuple[State, list[str]]] = {}
        #: Whether the board's Hint button was pressed.
        self.hinted = False
        #: Judges the board's lines beside the exercise (a puzzle trainer): given the
        #: exercise's verdict (None while a line is not complete), returns the one to show.
        self.referee: Callable[[Verdict | None], Verdict | None] | None = None
        #: The label of the button a judged line offers on the board ("" none): a trainer's next puzzle.
        self.next_label = ""
        self.solved = False
        self.tutorial = tutorial if tutorial is not None else current()
        self.tutorial.add(self)

    @property
    def hint(self) -> str:
        """The first hint ("" when there is none)."""
        return self.hints[0] if self.hints else ""

    @property
    def tries(self) -> int:
        """How many different wrong answers were given."""
        return sum(1 for right in self._judged.values() if not right)

    # ---- lines

    def _learner(self, state: State) -> bool:
        return state.outcome is None and state.to_move in self.sides

    def _split(self, states: Sequence[State]) -> _Line | None:
        """The line played from the start through ``states``, cut where it
        is complete (``None`` if nothing was played).  A line is complete
        when the learner has played all the moves, when the game is over,
        or when a reply is due that the exercise has no script for (the
        learner's move left the script behind: the line is judged there)."""
        if len(states) < 2:
            return None
        line = _Line([], [], states[-1], False)
        script = _Script(self)
        for i, (before, after) in enumerate(pairwise(states)):
            mine = self._learner(before)
            if mine:
                line.mine.append(after.last_action)
                if self.turn and not self._learner(after):
                    line.turns += 1
            else:
                line.replies.append(after.last_action)
            line.mid_turn = mine and self._learner(after)
            done = (line.turns if self.turn else len(line.mine)) >= self.moves
            if self.answered and done:
                # The last move is answered too: judged when the move is back with the learner.
                done = not mine and self._learner(after)
            if after.outcome is not None or done or (mine and script.left_behind(states[: i + 2])):
                line.final, line.complete = after, True
                return line
        return line

    def _replay(self, texts: tuple[str, ...]) -> _Line | Verdict:
        """Play typed learner actions from the start, with the scripted
        replies between them; a :class:`Verdict` when one cannot be played."""
        states = [self.state]
        queue = list(texts)
        script = _Script(self)
        while True:
            state = states[-1]
            line = self._split(states)
            if line is not None and line.complete:
                if queue:
                    return Verdict(
                        False, f"Too long: the line is complete before {', '.join(queue)}.", tries=self.tries
                    )
                return line
            if state.outcome is not None or (self._learner(state) and not queue):
                return line if line is not None else _Line([], [], state, False)
            if self._learner(state):
                try:
                    states.append(state.play(state.parse_action(queue.pop(0))))
                except PlaybookError as exc:
                    return Verdict(False, f"Not legal: {exc}", tries=self.tries)
            else:
                states.append(state.play(script.choose_from(states) or _first_action(state)))

    # ---- judging

    def check(self, answer: str | Action | Line | None = None) -> Verdict:
        """Judge ``answer`` (an action, its text, or a sequence of the
        learner's actions), or else the line played on :attr:`board`."""
        if answer is None:
            board = self._board
            if board is not None and self._shown is not None and self._shown[0] == (board.cursor, len(board.moves)):
                return self._shown[1]  # what the board answered, the board unchanged since
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

    def _unfinished(self, line: _Line) -> Verdict:
        done = ", ".join(a.text for a in line.mine)
        replies = f" and the reply {', '.join(a.text for a in line.replies)}" if line.replies else ""
        return Verdict(False, shorten(f"Not finished: after {done}{replies}, {self._left(line)}. Play on."),
                       tries=self.tries)

    def _left(self, line: _Line) -> str:
        """What a line not yet complete still needs, in words."""
        left = self.moves - (line.turns if self.turn else len(line.mine))
        if self.turn and line.mid_turn:
            return "your turn is not over yet"
        if left > 0:
            unit = "turn" if self.turn else "move"
            return f"the goal needs {left} more {unit}{'s' if left != 1 else ''}"
        return "the reply is not over yet"

    def _right(self, mine: list[Action], final: State) -> bool:
        texts = tuple(a.text for a in mine)
        if texts in self._lines:
            return True
        if self.goal is not None and bool(self.goal(final)):
            return True
        if self._check is not None and len(mine) == 1 and bool(self._check(self.state, mine[0])):
            return True
        return False

    def _judge(self, mine: list[Action], final: State) -> Verdict:
        texts = tuple(a.text for a in mine)
        # Judged afresh each time: an action may carry more than its text
        # shows (sealed orders); the texts only count the tries.
        right = self._right(mine, final)
        self._judged[texts] = right or self._judged.get(texts, False)
        shown = shorten(", ".join(texts))
        if right:
            if not self.solved:
                self.solved = True
                self.tutorial.remember(self)
            if self._board is not None:
                self._board.arrows, self._board.highlights = [], []
            return Verdict(True, f"Right: {shown}.", tries=self.tries)
        tries = self.tries
        message = f"Not quite: {shown} is legal, but it does not answer the question."
        if self.hints and self.hints[0]:
            message += f" Hint: {self.hints[min(tries, len(self.hints)) - 1]}"
        else:
            message += " Try again."
        if tries >= TRIES:
            solution = self.solution
            if solution:
                message += f" After {tries} tries, here is a solution: {shorten(', '.join(solution))}"
                if self._board is not None:
                    message += " (drawn on the board)."
                    self.show_solution()
                else:
                    message += "."
                return Verdict(False, message, solution=solution, tries=tries)
        return Verdict(False, message, tries=tries)

    @property
    def solution(self) -> tuple[str, ...]:
        """A right line of the learner's actions (found among the legal
        actions when only a check or goal was given; empty if none is)."""
        if self._solution is None:
            self._solution = self._search() or ()
        return self._solution

    def _search(self) -> tuple[str, ...] | None:
        if self.moves != 1 or self.turn or self.answered:
            return None
        try:
            actions = self.state.legal_actions()
        except (PlaybookError, NotImplementedError):
            return None
        for action in sorted(actions, key=lambda a: a.text):
            if self._right([action], self.state.play(action)):
                return (action.text,)
        return None

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
    kernels and days (see :mod:`playbook.progress`): an exercise solved
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
