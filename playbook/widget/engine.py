"""A board's engine play: the opponent, the person's sides, hints and the evaluation.

:class:`EnginePlay` lets an agent play every side a person does not,
holds the board for one message or one engine turn at a time, and
answers the Hint button with the advisor's suggestion, one level at a
time, beside the position's evaluation.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import traitlets

from ..analysis import AlphaBeta
from ..analysis.engines.agents import score_words
from ..analysis.engines.evaluation import evaluate, private
from ..core import Action, IllegalAction, State
from .base import BoardBase

__all__ = ["EnginePlay", "sides"]


class EnginePlay(BoardBase):
    """The opponent and the person's sides, the lock that lets one message
    or one engine turn through at a time, and the advice shown: the hint
    and the evaluation."""

    #: The hint shown: ``{"position", "level" (1 the start, 2 the action), "cells", "text"}``, or empty.
    advice = traitlets.Dict().tag(sync=True)
    #: The score of the position for the side to move, in words (empty when hidden or over).
    evaluation = traitlets.Unicode("").tag(sync=True)

    advisor: Any
    show_evaluation: bool
    _analyses: dict[str, Any]  # position text -> the advisor's answer
    _chosen_humans: frozenset[str]  # the sides named by ``human`` (empty: the side to move)
    _humans: frozenset[str]  # the sides a person plays
    _reviewed: dict[str, str]  # history: a review's evaluation of each position it went through
    _busy: threading.Lock  # held for one board message or one engine turn

    def _seat_players(self, state: State, opponent: Any, human: Any, advisor: Any, show_evaluation: bool) -> None:
        """Who plays what from ``state`` on, and who advises (the constructor's arguments)."""
        self.opponent = opponent
        self.advisor = advisor
        self.show_evaluation = show_evaluation
        self._analyses = {}
        self._chosen_humans = sides(human, state)
        self._seat_humans(state)
        self._busy = threading.Lock()
        self._thinking = False

    @property
    def human(self) -> tuple[str, ...]:
        """The sides a person plays (the opponent plays the others).
        Setting it (a side, a list of sides, or None for the side to move)
        lets the opponent move at once if it is now its turn."""
        return tuple(sorted(self._humans))

    @human.setter
    def human(self, human: Any) -> None:
        self._chosen_humans = sides(human, self.state)
        self._seat_humans(self.state)
        with self._turn():
            self._publish()  # the entries offered follow whose turn it is
            self._answer()

    def _seat_humans(self, state: State) -> None:
        """The person plays the sides chosen, or else the side to move in
        ``state`` (before a roll, the side that rolls, else the first)."""
        mover = (state.roller or (state.game.players or (state.to_move,))[0]) if state.chance else state.to_move
        self._humans = self._chosen_humans or frozenset([mover])

    def _is_human(self, state: State) -> bool:
        return state.to_move in self._humans

    def _engine_to_move(self, state: State) -> bool:
        """Whether ``state`` waits for the engine (so nothing may be entered
        on the board); never where the dice move."""
        return self.opponent is not None and state.outcome is None and not state.chance and not self._is_human(state)

    def _answer(self) -> None:
        """Play what the board plays by itself: the engine's moves, and the
        dice where it rolls them (see :meth:`~playbook.widget.dice.Rolling._rolls_itself`)."""
        while True:
            if self._rolls_itself(self.state):
                self._roll()
                continue
            if not self._engine_to_move(self.state):
                return
            self._thinking = True
            try:
                self._publish()  # the status says the engine is thinking
                # The engine is given what its side may see; its action is played on the whole position.
                action = self.opponent.choose(private(self.state))
            finally:
                self._thinking = False
            self._play(action)

    @contextlib.contextmanager
    def _turn(self) -> Iterator[None]:
        """Hold the board for one message and the engine's answer to it.
        A message that comes while the board is held (the engine still
        choosing, whether the kernel runs handlers one after another, in
        threads or nested) is refused, never handled half-way through."""
        if not self._busy.acquire(blocking=False):
            raise IllegalAction("the engine is choosing its move: wait for it", rule="engine's turn")
        try:
            yield
        finally:
            self._busy.release()

    def hint(self) -> Action:
        """Show the next level of advice for the position shown: first the
        cell where the suggested action starts, then the whole action.
        Returns the suggested action."""
        state = self.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome})", rule="game over")
        if state.chance:
            raise IllegalAction("the dice move here, not a player: press Roll", rule="chance")
        analysis = self._analyse(state)
        action: Action = analysis.action
        current = self.advice if self.advice.get("position") == self.position else {}
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
        self.advice = {"position": self.position, "level": level, "cells": shown, "text": text}
        self._show_evaluation(state)
        return action

    def _advisor(self) -> Any:
        if self.advisor is not None:
            return self.advisor
        if getattr(self.opponent, "searches", False):
            return self.opponent  # an engine: its advice is its own move
        self.advisor = AlphaBeta(time_limit=1.0)
        return self.advisor

    def _analyse(self, state: State) -> Any:
        """The advisor's answer for ``state`` (kept per position)."""
        key = state.to_text()
        if key not in self._analyses:
            advisor = self._advisor()
            seen = private(state)  # the advice is for the side to move: what it may see
            if hasattr(advisor, "analyse"):
                self._analyses[key] = advisor.analyse(seen)
            else:
                self._analyses[key] = _Chosen(advisor.choose(seen))
        return self._analyses[key]

    def _show_evaluation(self, state: State) -> None:
        """The evaluation line: a review's evaluation of the position where
        one was made (:meth:`~playbook.widget.history.History.show_review`),
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
        if not self.show_evaluation or state.outcome is not None \
                or not state.game.engine.judges_for(state, side):
            self.evaluation = ""
            return
        reviewed = self._reviewed.get(self.position)
        if reviewed is not None:
            self.evaluation = f"Evaluation: {reviewed} (review)"
            return
        if state.chance:
            self.evaluation = f"Evaluation for {side.capitalize()}: {evaluate(state, side):+.1f} before the roll"
            return
        sign = 1 if side == state.to_move else -1  # the two sides' scores are opposite
        analysis = self._analyses.get(self.position)
        if analysis is not None and hasattr(analysis, "describe"):
            words = score_words(sign * analysis.score)
            expected = ", expected over the dice" if state.game.chance else ""
            self.evaluation = (f"Evaluation for {side.capitalize()}: {words} "
                               f"(search, depth {analysis.depth}{expected})")
            return
        if not state.game.engine.judges:
            self.evaluation = ""  # no opinion before a search
            return
        self.evaluation = f"Evaluation for {side.capitalize()}: {sign * evaluate(private(state), state.to_move):+.1f}"

    def _forget_stale_advice(self) -> None:
        """Take the hint away once the position it was for is no longer shown."""
        if self.advice and self.advice.get("position") != self.position:
            self.advice = {}


class _Chosen:
    """The answer of an advisor that only chooses (no score)."""

    def __init__(self, action: Action):
        self.action = action


def sides(human: Any, state: State) -> frozenset[str]:
    """The sides a person plays, from ``human`` (None: decided later)."""
    if human is None:
        return frozenset()
    chosen = frozenset([human]) if isinstance(human, str) else frozenset(human)
    players = set(state.game.players)
    unknown = sorted(s for s in chosen if players and s not in players)
    if unknown or not chosen:
        raise ValueError(f"human names the sides a person plays, among {sorted(players)}; got {human!r}")
    return chosen
