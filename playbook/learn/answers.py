"""An exercise's answers, and how a line played from its start is judged.

:class:`Answers` holds what an exercise asks (its position, its prompt,
the right lines, a check or a goal, the hints, the scripted replies) and
judges a line of the learner's actions: complete or not, right or wrong,
with the hint and, after :data:`TRIES` wrong answers, the solution.  It
knows no board and no tutorial: :class:`~playbook.learn.tutorial.Exercise`
is the answers with a live board (:mod:`playbook.learn.board`) and a place
in a tutorial.  :class:`_Script` is the opponent that plays an exercise's
scripted replies, on the board and when a typed line is replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from ..core import Action, PlaybookError, State
from ..digests import shorten
from .lines import _as_line, _first_action, _Line

__all__ = ["Answers", "Verdict", "TRIES", "Line"]

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


#: A line of the learner's actions, as their texts.
Line = Sequence[str]


class Answers:
    """A goal to reach from ``state`` and how a line is judged against it.

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
    - ``learnt``: what the chapter this exercise ends taught, in one line
      (the chapter's exercises are this one and those made since the last
      exercise with a ``learnt``); the summary lists it as a recap, and
      the board says it when this exercise is solved.
    - ``taught``: what this exercise alone taught, which the board says
      when it is solved (for an exercise before a chapter's last, whose
      ``learnt`` line would answer the exercises still to come).

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
        learnt: str = "",
        taught: str = "",
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
        self._judged: dict[tuple[str, ...], bool] = {}

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
        """Whether the learner is to move at ``state``."""
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
    def _unfinished(self, line: _Line) -> Verdict:
        """The verdict on a line not yet complete: what it still needs."""
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
        """Whether the learner's actions ``mine``, reaching ``final``, answer the exercise."""
        texts = tuple(a.text for a in mine)
        if texts in self._lines:
            return True
        if self.goal is not None and bool(self.goal(final)):
            return True
        if self._check is not None and len(mine) == 1 and bool(self._check(self.state, mine[0])):
            return True
        return False

    def _judge(self, mine: list[Action], final: State, drawn: bool = False) -> Verdict:
        """The verdict on the learner's actions ``mine``, which reached
        ``final`` (counted among the tries; ``drawn``: a solution shown is
        drawn on a board too)."""
        texts = tuple(a.text for a in mine)
        # Judged afresh each time: an action may carry more than its text
        # shows (sealed orders); the texts only count the tries.
        right = self._right(mine, final)
        self._judged[texts] = right or self._judged.get(texts, False)
        shown = shorten(", ".join(texts))
        if right:
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
                message += " (drawn on the board)." if drawn else "."
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
        """A right one-action line found among the legal actions, if any."""
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


class _Script:
    """The opponent of an exercise with scripted replies: it plays the reply
    due after the learner's moves so far (off the script, the first legal
    action, and the line is wrong anyway)."""

    def __init__(self, exercise: Answers, played: Callable[[State], Sequence[State]] | None = None):
        self.exercise = exercise
        #: The line from the exercise's start to a position (a board's), when it is played somewhere.
        self.played = played

    def choose(self, state: State) -> Action:
        """The scripted action at ``state`` (the board's position), or some legal one off the script."""
        states = self.played(state) if self.played is not None else [state]
        action = self.choose_from(states)
        if action is None:
            action = _first_action(state)
        return action

    def _due(self, states: Sequence[State]) -> tuple[tuple[str, ...], int]:
        """The texts of the scripted reply due at the last of ``states`` (a
        line from the exercise's start; empty when the script has none
        there) and how many of its actions are already played."""
        ex = self.exercise
        played = since = 0  # the learner's moves done; the opponent's actions since
        for before, after in pairwise(states):
            if ex._learner(before):
                since = 0
                if not ex.turn or not ex._learner(after):
                    played += 1
            else:
                since += 1
        if not 1 <= played <= len(ex.replies):
            return (), since
        reply = ex.replies[played - 1]
        if callable(reply):
            reply = reply(states[-1])
        return _as_line(reply), since

    def choose_from(self, states: Sequence[State]) -> Action | None:
        """The scripted action for the last of ``states`` (a line from the
        exercise's start), or None if the script has none there."""
        line, since = self._due(states)
        if since >= len(line):
            return None
        try:
            return states[-1].parse_action(line[since])
        except PlaybookError:
            return None

    def left_behind(self, states: Sequence[State]) -> bool:
        """Whether the opponent is to move at the last of ``states``, just
        after the learner, and the script has no legal reply to start."""
        state = states[-1]
        if state.outcome is not None or self.exercise._learner(state):
            return False
        return self.choose_from(states) is None
