"""Solving a Chess Wheel+ puzzle as an exercise: the learner seals
orders (clicked on the live board, or typed), the opponent seals the
answer that refutes them if any does, both reveals follow and the week is
carried out; the line is right when the solver is then the only owner of
a King (see :mod:`.week` for why that is the same as holding the
solution's orders).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from ....core import PlaybookError
from ....learn.board import ExerciseBoard
from ....learn.tutorial import Exercise, Tutorial
from .. import read_orders
from ..orders import new_salt, split_body
from .week import orders, refutation, solution_text

if TYPE_CHECKING:
    from ..state import WheelState

__all__ = ["sealed_orders", "defence", "reveal", "played_out", "WeekExercise", "exercise"]


def sealed_orders(state, player: str):
    """The orders ``player`` has sealed in ``state``, when the state keeps
    their text (sealed on this board or typed in the open), else None."""
    body = state.secret(player)
    if body is None:
        return None
    return read_orders(split_body(body)[1], player, state.players)


def defence(state, solver: str) -> str:
    """The opponent's answer, once ``solver`` has sealed, as an action
    text: sealed orders that refute the solver's (:func:`refutation`); when
    none does, a step of the opponent's King (the first it has), or a pass."""
    opponent = next(p for p in state.players if p != solver)
    ours = sealed_orders(state, solver) or ()
    theirs = refutation(state, tuple(ours), opponent)
    if not theirs:
        kings = [group for group in orders(state, opponent) if group[0].letter == "K"]
        theirs = kings[0][:1] if kings else ()
    if not theirs:
        return f"{{{opponent}}} pass"
    return f"{{{opponent}}} seal {new_salt()}: {solution_text(theirs)}"


def reveal(state) -> str:
    """The reveal due in the resolve phase ``state``: that of the first
    player still to reveal, whose sealed text the state keeps (a withheld
    reveal when it does not)."""
    player = state.to_move
    body = state.secret(player)
    return f"{{{player}}} reveal {body}" if body is not None else f"{{{player}}} withhold"


def played_out(state):
    """``state`` with every reveal due played (:func:`reveal`): the week
    carried out."""
    while state.outcome is None and state.phase == "resolve":
        state = state.play(reveal(state))
    return state


#: A commitment as a verdict quotes it (its digest cut short).
_COMMIT = re.compile(r"\{[A-Za-z][A-Za-z0-9_]*\} commit [0-9a-f]{12}…")


class WeekBoard(ExerciseBoard):
    """The board of a week puzzle: the learner's and the opponent's
    reveals are played by themselves, and the solution is drawn as its
    orders."""

    def attach(self, board, fresh: bool = False) -> None:
        """Make ``board`` this puzzle's board (see
        :meth:`ExerciseBoard.attach <playbook.learn.board.ExerciseBoard.attach>`); after
        the opponent has sealed its answer, the learner's reveal is played
        for them and the opponent's follows."""
        super().attach(board, fresh)
        if _reveal not in board.line.callbacks:
            board.on_move(_reveal)

    def show_solution(self) -> None:
        """Draw the solution's orders on the board, an arrow each."""
        state = cast("WheelState", self.exercise.state)
        drawn = read_orders(self.exercise.solution[0], state.to_move, state.players)
        board = self.open()
        with board.hold_sync():
            board.arrows, board.highlights = [[o.origin, o.destination] for o in drawn], []


class WeekExercise(Exercise):
    """A Chess Wheel+ puzzle as an exercise: the learner seals orders (on
    the board or typed, as orders alone or as a ``seal`` action); the
    opponent then seals its answer (:func:`defence`, which knows the
    learner's orders, so any set that does not win by force is refuted);
    the line is judged there, on the week carried out.  On the board both
    reveals are then played by themselves, so the resolution is seen."""

    Part = WeekBoard

    @property
    def week(self) -> WheelState:
        """The puzzle's position: a Chess Wheel+ one."""
        return cast("WheelState", self.state)

    def check(self, answer=None):
        """Judge ``answer``: the orders alone (``"Ra5-a1, Nc3-a2"``,
        sealed with a fresh salt), an action, or else the line on the board."""
        if isinstance(answer, (list, tuple)) and len(answer) == 1 and isinstance(answer[0], str):
            answer = answer[0]  # a line of one: the solution as shown
        if isinstance(answer, str):
            try:
                read_orders(answer, self.week.to_move, self.week.players)
            except PlaybookError:
                pass  # not orders: an action's text
            else:
                answer = f"{{{self.state.to_move}}} seal {new_salt()}: {answer.strip()}"
        verdict = super().check(answer)
        return self._explained(verdict, answer)

    def _explained(self, verdict, answer):
        """``verdict`` with the learner's sealed orders named instead of
        their commitment's digest and, when they do not win, the answer
        sealed against them."""
        solver = self.state.to_move
        if answer is None:
            line = self.part.board.line.positions if self.part.board is not None else []
            played = len(line) > 1 and cast("WheelState", line[1]).phase == "move"
            sealed = sealed_orders(line[1], solver) if played else None
        else:
            try:
                sealed = sealed_orders(self.state.play(self.state.parse_action(str(answer))), solver)
            except PlaybookError:
                sealed = None
        if not sealed:
            return verdict
        message = _COMMIT.sub(solution_text(sealed), verdict.message, count=1)
        if not verdict.right and not message.startswith(("Not legal", "Not finished")):
            opponent = next(p for p in self.week.players if p != solver)
            theirs = refutation(self.state, tuple(sealed), opponent)
            if theirs is not None:
                answer_text = solution_text(theirs) or "no orders at all"
                against = f" Against these orders {opponent} seals {answer_text}, and {opponent}'s King is not taken."
                message = message.replace("answer the question.", "answer the question." + against, 1)
        return replace(verdict, message=message)


def _reveal(board, _action) -> None:
    """On a week puzzle's board, once the opponent has sealed, play the
    learner's reveal (the opponent's then follows)."""
    part, state = board.lesson, board.state
    if not isinstance(part, WeekBoard):
        return
    if state.outcome is None and state.phase == "resolve" and state.to_move in part.exercise.sides:
        # Called while the board is held for the move just played (its public play() would be
        # refused as a second message); the opponent's reveal then follows in the same turn.
        board.line.play(state.parse_action(reveal(state)))


def exercise(puzzle, tutorial=None) -> WeekExercise:
    """The Chess Wheel+ ``puzzle`` as a :class:`WeekExercise`: right when
    the week carried out after the opponent's answer leaves the solver
    the only King owner, which by the puzzle's definition is when the
    sealed orders hold the solution's; the hint names how many orders of
    which pieces win it."""
    state = puzzle.state()
    solver = state.to_move
    opponent = next(p for p in state.players if p != solver)
    how = puzzle.theme.split(": ", 1)[-1]

    def wins(position) -> bool:
        final = played_out(position)
        return final.outcome is not None and final.outcome.winners == (solver,)

    return WeekExercise(
        state,
        f"{solver} to seal the orders that win this week, whatever {opponent} seals.",
        goal=wins,
        hint=f"it takes {how}: every way out of the King must be entered too, so that its step bounces.",
        solution=puzzle.solution,  # the orders alone: sealed with a fresh salt when checked
        replies=[lambda position: defence(position, solver), reveal],
        moves=1,
        answered=True,
        tutorial=tutorial if tutorial is not None else Tutorial(),
    )
