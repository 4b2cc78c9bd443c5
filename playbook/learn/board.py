"""An exercise's live board, which answers each move the moment it is played.

:class:`ExerciseBoard` is the part an :class:`~playbook.learn.tutorial.Exercise`
holds that makes and drives its board: the goal in the board's header, each
move judged at once (right: marked, with what the exercise taught;
wrong: marked, taken back, with the hint; the third wrong: the solution
drawn), no evaluation, and a Hint button that shows the solution's next
move.  One board may serve one exercise after another
(:meth:`ExerciseBoard.attach`), as a puzzle trainer's does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from ..core import Action, IllegalAction, PlaybookError, State, Step
from ..digests import shorten
from ..widget import BoardWidget
from ..widget.engine import sides
from .answers import Answers, Verdict, _Script
from .lines import _Line, _parse_anywhere


class ExerciseBoard:
    """The board part of an exercise: the live board (made on first use),
    the exercise's guide on it, and what happens on it (each move judged
    at once, the answer last shown, the cells clicked, the Hint pressed).
    ``options`` go to the board's :class:`~playbook.widget.BoardWidget`."""

    def __init__(self, exercise: Answers, options: dict | None = None):
        #: The exercise whose answers judge the moves played here.
        self.exercise = exercise
        #: Options for the board (``{"hot_seat": True}`` for players sharing one screen, say).
        self.options = dict(options or {})
        #: The board, once made or attached (see :meth:`open` and :meth:`attach`), else None.
        self.board: BoardWidget | None = None
        #: The last answer shown on the board, with the board's (cursor, moves) then.
        self.shown: tuple[tuple[int, int], Verdict] | None = None
        #: The cells each move played on the board clicked, by its index in the line, with the position it made.
        self.clicked: dict[int, tuple[State, list[str]]] = {}
        #: Whether the board's Hint button was pressed.
        self.hinted = False
        #: Judges the board's lines beside the exercise (a puzzle trainer): given the
        #: exercise's verdict (None while a line is not complete), returns the one to show.
        self.referee: Callable[[Verdict | None], Verdict | None] | None = None
        #: The label of the button a judged line offers on the board ("" none): a trainer's next puzzle.
        self.next_label = ""

    def played(self, state: State) -> list[State]:
        """The line from the exercise's start to the board's position
        (``[state]`` alone while there is no board)."""
        board = self.board
        return board.line.positions[: board.cursor + 1] if board is not None else [state]

    def open(self) -> BoardWidget:
        """A live board at the exercise's position (made on first use),
        which answers each move the moment it is played (see
        :meth:`attach`).  With the exercise's ``replies`` it plays them by
        itself after the learner's moves."""
        if self.board is None:
            ex = self.exercise
            options = {"show_evaluation": False, **self.options}
            script = _Script(ex, self.played) if ex.replies else None
            board = BoardWidget(ex.state, choices=self._choices(), opponent=script,
                                human=sorted(ex.sides) if script else None, advisor=_Guide(self), **options)
            self.attach(board, fresh=True)
        assert self.board is not None
        return self.board

    def attach(self, board: BoardWidget, fresh: bool = False) -> None:
        """Make ``board`` this exercise's board: its header shows the goal
        and each move played on it is judged at once (see
        :meth:`judge`); unless ``fresh`` (made for this exercise), it
        is first set to the exercise's start, sides and buttons, with no
        evaluation, so one board can serve one exercise after another (a
        puzzle trainer's)."""
        if not fresh:
            ex = self.exercise
            scripted = bool(ex.replies)
            with board.hold_sync():
                board.opponent = _Script(self.exercise, self.played) if scripted else None
                board.engine.chosen = sides(sorted(ex.sides), ex.state) if scripted else frozenset()
                board.advisor, board.coach.analyses = _Guide(self), {}
                board.show_evaluation = False
                board.choices = self._choices()
                board.flipped = bool(self.options.get("flipped", False))
                board.arrows, board.highlights = [], []
                board.state = self.exercise.state
        if board.lesson is None:
            board.on_move(_judge_lesson)
        board.lesson = self
        self.board = board
        with board.hold_sync():
            board.goal, board.verdict = self.exercise.prompt, {}

    def _choices(self) -> list[str]:
        """The named choices that start one of the learner's actions in the
        answers: the only ones the board offers as buttons (no resign or
        draw offer on an exercise).  Each action is read in the position
        where the line plays it."""
        starts = set()
        lines = set(self.exercise._lines)
        if self.exercise._solution is not None:
            lines.add(self.exercise._solution)
        for line in lines:
            played = self.exercise._replay(line)
            if isinstance(played, _Line) and len(played.mine) == len(line):
                actions = played.mine
            else:
                actions = [_parse_anywhere(self.exercise.state, text) for text in line]
            for action in actions:
                steps = action.steps
                if steps and steps[0].kind == "choice":
                    starts.add(steps[0].value)
        return sorted(starts)

    def judge(self, board: BoardWidget, action: Action | None = None) -> None:
        """Answer the move just played on the board, on the board: a line
        complete and right is marked right (with what the exercise
        taught); a wrong one is marked and taken back to where the learner
        can answer again (see :meth:`_move_start`), with the hint (the
        solution drawn after :data:`TRIES`); a line not yet complete says
        what is left, and a move known to be right so far (on a line of
        the answers, or one a puzzle trainer's :attr:`referee` let pass)
        is ticked.  The referee may judge a line before it is complete
        and counts the verdicts."""
        states = board.line.positions[: board.cursor + 1]
        if action is not None and action.cells():
            self.clicked[len(states) - 1] = (states[-1], action.cells())
        line = self.exercise._split(states)
        if line is None:
            return
        verdict = self.exercise._judge(line.mine, line.final) if line.complete else None
        if self.referee is not None:
            verdict = self.referee(verdict)
        cell = self._last_cell(states)
        if verdict is None:
            good = self.referee is not None or self._on_an_answer(line)
            board.verdict = {"kind": "good" if good else "progress", "text": self._progress(line, good),
                             "cell": cell if good else "", "next": ""}
            return
        if verdict.right:
            learnt = self.exercise.learnt or self.exercise.taught
            text = verdict.message + (f" You learnt: {learnt}" if learnt else "")
            kind = "right"
        else:
            text, kind = verdict.message, "solution" if verdict.solution else "wrong"
            board.take_back(0 if verdict.solution else self._move_start(states))
        self.shown = ((board.cursor, len(board.moves)), verdict)
        board.verdict = {"kind": kind, "text": text, "cell": cell, "next": self.next_label}

    def _move_start(self, states: Sequence[State]) -> int:
        """The index in ``states`` (a line from the start) of the position
        a wrong answer is taken back to: where the learner's last move
        (or turn, with ``turn``) began, and further back past every move
        the learner could not have played otherwise (a Chess Wheel+
        reveal, which only carries out the orders sealed before it), to
        where that side chose freely, so that the learner can answer again."""
        k = len(states) - 1
        owed: set[str] = set()  # sides whose forced moves are taken back, and not yet their choice
        while k > 0:
            while k > 0 and not self.exercise._learner(states[k - 1]):
                k -= 1  # the replies after the learner's move
            if k == 0:
                break
            k -= 1
            while self.exercise.turn and k > 0 and self.exercise._learner(states[k - 1]):
                k -= 1  # the turn's earlier actions
            side = states[k].to_move
            if not self._free(states[k]):
                owed.add(side)
            else:
                owed.discard(side)
            if not owed:
                break
        return k

    def _offered(self, choice: str) -> bool:
        """Whether the board offers the named choice ``choice`` as a button."""
        allowed = self.board.choices if self.board is not None else self._choices()
        return allowed if isinstance(allowed, bool) else choice in allowed

    def _steps_offered(self, state: State) -> list[Step]:
        """The first steps the board lets the learner take in ``state``."""
        if state.outcome is not None:
            return []
        return [s for s in state.next_steps(()).options if s.kind != "choice" or self._offered(s.value)]

    def _forced(self, state: State) -> Step | None:
        """The one step the board lets the learner take in ``state``, when
        it is a whole action on its own (a button, such as a reveal whose
        orders were sealed before), else None."""
        offered = self._steps_offered(state)
        if len(offered) != 1 or offered[0].kind != "choice":
            return None
        then = state.next_steps((offered[0],))
        return offered[0] if then.complete and not then.options else None

    def _free(self, state: State) -> bool:
        """Whether the learner has a choice on the board in ``state``: more
        than one action to enter, not just one button or nothing at all."""
        return bool(self._steps_offered(state)) and self._forced(state) is None

    def _last_cell(self, states: Sequence[State]) -> str:
        """The cell where the board marks its answer to the line ``states``:
        the last cell the learner clicked on it ("" when none).  Read from
        the actions as played on the board, which may hold more than the
        position keeps (sealed orders are public only as their
        commitment), so a reveal, which clicks no cell, is marked where its
        orders went."""
        for i in range(len(states) - 1, 0, -1):
            if not self.exercise._learner(states[i - 1]):
                continue
            kept = self.clicked.get(i)
            if kept is not None and kept[0] is states[i]:
                return kept[1][-1]
            played = states[i].last_action
            if played is not None and played.cells():
                return played.cells()[-1]
        return ""

    def _on_an_answer(self, line: _Line) -> bool:
        """Whether the learner's moves so far begin one of the answers."""
        texts = tuple(a.text for a in line.mine)
        return bool(texts) and any(answer[: len(texts)] == texts and len(answer) > len(texts)
                                   for answer in self.exercise._lines)

    def _progress(self, line: _Line, good: bool = False) -> str:
        """What the board says after a move of a line not yet complete
        (``good``: a move known to be right so far), naming the button to
        press when the learner's next move can only be that one."""
        done = ", ".join(a.text for a in line.mine)
        replies = f"; the answer was {', '.join(a.text for a in line.replies)}" if line.replies else ""
        start = "Good move" if good else "You played"
        left = self.exercise._left(line)
        forced = self._forced(line.final) if self.exercise._learner(line.final) else None
        if forced is not None:
            left += f": press {forced.label}"
        return shorten(f"{start}: {done}{replies}. Play on: {left}.")

    def show_solution(self) -> None:
        """Draw the solution on the board: an arrow along each move, the
        cells of other actions (merges, picks) highlighted."""
        board = self.open()
        arrows: list[list[str]] = []
        cells: list[str] = []
        state = self.exercise.state
        for text in self.exercise.solution:
            try:
                action = _parse_anywhere(state, text)
            except PlaybookError:
                continue
            path = action.cells()
            if len(path) >= 2 and all(s.kind == "cell" for s in action.steps) and len(set(path)) == len(path):
                arrows.append(path)
            else:
                cells.extend(c for c in path if c not in cells)
        with board.hold_sync():
            board.arrows, board.highlights = arrows, cells


def _judge_lesson(board: BoardWidget, action: Action) -> None:
    """Answer a move on a lesson board: its exercise judges it."""
    if board.lesson is not None:
        board.lesson.judge(board, action)


class _Guide:
    """The Hint button's adviser on an exercise's board: the next action
    of the exercise's solution, while the board is on that line (the
    exercise then counts as hinted)."""

    def __init__(self, part: ExerciseBoard):
        self.part = part

    def choose(self, state: State) -> Action:
        """The solution's next action at ``state``, the board's position."""
        ex = self.part.exercise
        states = self.part.played(state)
        mine = tuple(after.last_action.text for before, after in pairwise(states)
                     if ex._learner(before) and after.last_action is not None)
        solution = ex.solution
        if not solution or solution[: len(mine)] != mine or len(mine) >= len(solution):
            raise IllegalAction("no hint from here: undo back to a position of the solution's line", rule="hint")
        self.part.hinted = True
        return _parse_anywhere(state, solution[len(mine)])
