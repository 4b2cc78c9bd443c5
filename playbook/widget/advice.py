"""A board's advice: the hint, one level at a time, and the evaluation line.

:class:`Coach` answers the Hint button with the suggestion of the
board's ``advisor`` (first the cell where it starts, then the whole
action) and writes the evaluation line under the board.  A board has one,
as ``board.coach``; what it shows is the board's ``advice`` and
``evaluation`` traits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..analysis import AlphaBeta
from ..analysis.engines.agents import score_words
from ..analysis.engines.evaluation import evaluate, private
from ..core import Action, IllegalAction, State

if TYPE_CHECKING:
    from . import BoardWidget

__all__ = ["Coach"]


class Coach:
    """The hint and the evaluation ``board`` shows, from its advisor's
    answers, kept per position.

    The Hint button (or :meth:`~playbook.widget.BoardWidget.hint`) first
    lights the cell where the suggested action starts, and a second press
    shows the whole action, as on Lichess.  The suggestion comes from ``advisor`` (any
    agent; default: the opponent if it searches, such as ``AlphaBeta`` or
    ``MCTS``, else ``AlphaBeta(time_limit=1)``, so that a hint never comes
    from a random or one-move player).  Below the board, ``evaluation`` reads
    the position's score for the side to move (the game's evaluation, or
    the advisor's search once it has looked); ``show_evaluation=False``
    hides it.
    """

    def __init__(self, board: BoardWidget):
        self.board = board
        #: The advisor's answer for each position it was asked about, by the position's text.
        self.analyses: dict[str, Any] = {}

    def hint(self) -> Action:
        """Show the next level of advice for the position shown: first the
        cell where the suggested action starts, then the whole action.
        Returns the suggested action."""
        board = self.board
        state = board.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome})", rule="game over")
        if state.chance:
            raise IllegalAction("the dice move here, not a player: press Roll", rule="chance")
        analysis = self.analyse(state)
        action: Action = analysis.action
        current = board.advice if board.advice.get("position") == board.position else {}
        level = min(2, current.get("level", 0) + 1)
        cells = action.cells()
        if level == 1:
            shown = cells[:1]
            first = f"start on {cells[0]}" if cells else action.steps[0].label if action.steps else ""
            text = f"Hint: {first}" if first else "Hint"
        else:
            shown = cells
            score = getattr(analysis, "describe", None)
            text = f"Hint: {action.text}" + (f" ({score()})" if callable(score) else "")
        board.advice = {"position": board.position, "level": level, "cells": shown, "text": text}
        self.show_evaluation(state)
        return action

    def advisor(self) -> Any:
        """Who advises: the board's ``advisor``, else its opponent if it
        searches, else (set as the board's advisor from then on)
        ``AlphaBeta(time_limit=1)``, so that a hint never comes from a
        random or one-move player."""
        board = self.board
        if board.advisor is not None:
            return board.advisor
        if getattr(board.opponent, "searches", False):
            return board.opponent  # an engine: its advice is its own move
        board.advisor = AlphaBeta(time_limit=1.0)
        return board.advisor

    def analyse(self, state: State) -> Any:
        """The advisor's answer for ``state`` (kept per position)."""
        key = state.to_text()
        if key not in self.analyses:
            advisor = self.advisor()
            seen = private(state)  # the advice is for the side to move: what it may see
            if hasattr(advisor, "analyse"):
                self.analyses[key] = advisor.analyse(seen)
            else:
                self.analyses[key] = _Chosen(advisor.choose(seen))
        return self.analyses[key]

    def show_evaluation(self, state: State) -> None:
        """The evaluation line: a review's evaluation of the position where
        one was made (:meth:`~playbook.widget.history.Line.show_review`),
        else the advisor's search once it has looked, else the game's
        evaluation; in a game of two with nothing hidden, always for the
        first player, as a review counts it, whoever is to move (where
        information is hidden, for the side to move, from what it may see;
        before a roll of the dice, for the roller).  Before a roll it is the
        position as it stands; a search's weighs every roll, an expectation."""
        players = state.game.players
        if len(players) == 2 and not state.game.hidden_information:
            side = players[0]
        elif state.chance:
            side = state.roller or (players[0] if players else state.to_move)
        else:
            side = state.to_move
        board = self.board
        if not board.show_evaluation or state.outcome is not None \
                or not state.game.engine.judges_for(state, side):
            board.evaluation = ""
            return
        reviewed = board.line.reviewed.get(board.position)
        if reviewed is not None:
            board.evaluation = f"Evaluation: {reviewed} (review)"
            return
        if state.chance:
            board.evaluation = f"Evaluation for {side.capitalize()}: {evaluate(state, side):+.1f} before the roll"
            return
        sign = 1 if side == state.to_move else -1  # the two sides' scores are opposite
        analysis = self.analyses.get(board.position)
        if analysis is not None and hasattr(analysis, "describe"):
            words = score_words(sign * analysis.score)
            expected = ", expected over the dice" if state.game.chance else ""
            board.evaluation = (f"Evaluation for {side.capitalize()}: {words} "
                               f"(search, depth {analysis.depth}{expected})")
            return
        if not state.game.engine.judges:
            board.evaluation = ""  # no opinion before a search
            return
        board.evaluation = f"Evaluation for {side.capitalize()}: {sign * evaluate(private(state), state.to_move):+.1f}"

    def forget_stale_advice(self) -> None:
        """Take the hint away once the position it was for is no longer shown."""
        board = self.board
        if board.advice and board.advice.get("position") != board.position:
            board.advice = {}


class _Chosen:
    """The answer of an advisor that only chooses (no score)."""

    def __init__(self, action: Action):
        self.action = action
