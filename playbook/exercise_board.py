"""An exercise's live board, which answers each move the moment it is played.

:class:`OnTheBoard` is the part of an :class:`~playbook.tutorial.Exercise`
that makes and drives its board: the goal in the board's header, each
move judged at once (right: marked, with what the exercise taught;
wrong: marked, taken back, with the hint; the third wrong: the solution
drawn), no evaluation, and a Hint button that shows the solution's next
move.  One board may serve one exercise after another
(:meth:`OnTheBoard.attach`), as a puzzle trainer's does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, cast

from .core import Action, IllegalAction, PlaybookError, State, Step
from .digests import shorten
from .exercise_lines import _Line, _parse_anywhere, _Script
from .widget import BoardWidget
from .widget.engine import sides

if TYPE_CHECKING:
    from .tutorial import Exercise, Tutorial, Verdict


class OnTheBoard:
    """The board of an exercise, and its answers on the board."""

    if TYPE_CHECKING:
        # What the exercise holds (see playbook.tutorial.Exercise).
        state: State
        prompt: str
        replies: tuple
        sides: frozenset[str]
        turn: bool
        board_options: dict
        tutorial: Tutorial
        learnt: str
        taught: str
        referee: Callable[[Verdict | None], Verdict | None] | None
        next_label: str
        hinted: bool
        _board: BoardWidget | None
        _lines: frozenset[tuple[str, ...]]
        _solution: tuple[str, ...] | None
        _shown: tuple[tuple[int, int], Verdict] | None
        _clicked: dict[int, tuple[State, list[str]]]
        _learner: Callable[[State], bool]
        _split: Callable[[Sequence[State]], _Line | None]
        _replay: Callable[[tuple[str, ...]], Any]
        _judge: Callable[[list, State], Verdict]
        _left: Callable[[_Line], str]

        @property
        def solution(self) -> tuple[str, ...]: ...


    @property
    def _exercise(self) -> Exercise:
        """This part as the exercise it is part of."""
        return cast("Exercise", self)

    @property
    def board(self) -> BoardWidget:
        """A live board at the exercise's position (made on first use),
        which answers each move the moment it is played (see
        :meth:`attach`).  With ``replies`` it plays them by itself after
        the learner's moves."""
        if self._board is None:
            options = {"show_evaluation": False, **self.board_options}
            script = _Script(self._exercise) if self.replies else None
            board = BoardWidget(self.state, choices=self._choices(), opponent=script,
                                human=sorted(self.sides) if script else None, advisor=_Guide(self._exercise), **options)
            self.attach(board, fresh=True)
        assert self._board is not None
        return self._board

    def attach(self, board: BoardWidget, fresh: bool = False) -> None:
        """Make ``board`` this exercise's board: its header shows the goal
        and each move played on it is judged at once (see
        :meth:`_judge_board`); unless ``fresh`` (made for this exercise), it
        is first set to the exercise's start, sides and buttons, with no
        evaluation, so one board can serve one exercise after another (a
        puzzle trainer's)."""
        if not fresh:
            scripted = bool(self.replies)
            with board.hold_sync():
                board.opponent = _Script(self._exercise) if scripted else None
                board.engine.chosen = sides(sorted(self.sides), self.state) if scripted else frozenset()
                board.advisor, board.coach.analyses = _Guide(self._exercise), {}
                board.show_evaluation = False
                board.choices = self._choices()
                board.flipped = bool(self.board_options.get("flipped", False))
                board.arrows, board.highlights = [], []
                board.state = self.state
        if board.lesson is None:
            board.on_move(_judge_lesson)
        board.lesson = self
        self._board = board
        with board.hold_sync():
            board.goal, board.verdict = self.prompt, {}

    def _choices(self) -> list[str]:
        """The named choices that start one of the learner's actions in the
        answers: the only ones the board offers as buttons (no resign or
        draw offer on an exercise).  Each action is read in the position
        where the line plays it."""
        starts = set()
        lines = set(self._lines)
        if self._solution is not None:
            lines.add(self._solution)
        for line in lines:
            played = self._replay(line)
            if isinstance(played, _Line) and len(played.mine) == len(line):
                actions = played.mine
            else:
                actions = [_parse_anywhere(self.state, text) for text in line]
            for action in actions:
                steps = action.steps
                if steps and steps[0].kind == "choice":
                    starts.add(steps[0].value)
        return sorted(starts)

    def _judge_board(self, board: BoardWidget, action: Action | None = None) -> None:
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
            self._clicked[len(states) - 1] = (states[-1], action.cells())
        line = self._split(states)
        if line is None:
            return
        verdict = self._judge(line.mine, line.final) if line.complete else None
        if self.referee is not None:
            verdict = self.referee(verdict)
        cell = self._last_cell(states)
        if verdict is None:
            good = self.referee is not None or self._on_an_answer(line)
            board.verdict = {"kind": "good" if good else "progress", "text": self._progress(line, good),
                             "cell": cell if good else "", "next": ""}
            return
        if verdict.right:
            learnt = self.learnt or self.taught
            text = verdict.message + (f" You learnt: {learnt}" if learnt else "")
            kind = "right"
        else:
            text, kind = verdict.message, "solution" if verdict.solution else "wrong"
            board.take_back(0 if verdict.solution else self._move_start(states))
        self._shown = ((board.cursor, len(board.moves)), verdict)
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
            while k > 0 and not self._learner(states[k - 1]):
                k -= 1  # the replies after the learner's move
            if k == 0:
                break
            k -= 1
            while self.turn and k > 0 and self._learner(states[k - 1]):
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
        allowed = self._board.choices if self._board is not None else self._choices()
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
            if not self._learner(states[i - 1]):
                continue
            kept = self._clicked.get(i)
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
                                   for answer in self._lines)

    def _progress(self, line: _Line, good: bool = False) -> str:
        """What the board says after a move of a line not yet complete
        (``good``: a move known to be right so far), naming the button to
        press when the learner's next move can only be that one."""
        done = ", ".join(a.text for a in line.mine)
        replies = f"; the answer was {', '.join(a.text for a in line.replies)}" if line.replies else ""
        start = "Good move" if good else "You played"
        left = self._left(line)
        forced = self._forced(line.final) if self._learner(line.final) else None
        if forced is not None:
            left += f": press {forced.label}"
        return shorten(f"{start}: {done}{replies}. Play on: {left}.")

    def show_solution(self) -> None:
        """Draw the solution on the board: an arrow along each move, the
        cells of other actions (merges, picks) highlighted."""
        board = self.board
        arrows: list[list[str]] = []
        cells: list[str] = []
        state = self.state
        for text in self.solution:
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
        board.lesson._judge_board(board, action)


class _Guide:
    """The Hint button's adviser on an exercise's board: the next action
    of the exercise's solution, while the board is on that line (the
    exercise then counts as hinted)."""

    def __init__(self, exercise: Exercise):
        self.exercise = exercise

    def choose(self, state: State) -> Action:
        """The solution's next action at ``state``, the board's position."""
        ex = self.exercise
        board = ex._board
        states = board.line.positions[: board.cursor + 1] if board is not None else [state]
        mine = tuple(after.last_action.text for before, after in pairwise(states)
                     if ex._learner(before) and after.last_action is not None)
        solution = ex.solution
        if not solution or solution[: len(mine)] != mine or len(mine) >= len(solution):
            raise IllegalAction("no hint from here: undo back to a position of the solution's line", rule="hint")
        ex.hinted = True
        return _parse_anywhere(state, solution[len(mine)])
