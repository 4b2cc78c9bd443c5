"""Who plays on a board by itself: the engine, the dice, and one turn at a time.

:class:`EnginePlayer` lets an agent (the board's ``opponent``) play every
side a person does not, rolls the dice where nobody is to press Roll
(``auto_roll``, or the engine's own roll), and holds the board for one
message or one engine turn at a time.  A board has one, as
``board.engine``.  In a game with chance the board never lets a click
choose the outcome of a roll: a person presses Roll (or
:meth:`EnginePlayer.roll`), and the board draws the outcome from its own
:class:`~playbook.chance.Dice` and plays it, so the roll is in the move
list like any move.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..analysis.engines.evaluation import private
from ..core import Action, IllegalAction, State

if TYPE_CHECKING:
    from . import BoardWidget

__all__ = ["EnginePlayer", "sides"]


class EnginePlayer:
    """The sides of ``board`` a person plays (``human``, as
    :func:`sides` reads it) and the play of the others: the opponent's
    moves and the dice it rolls by itself, one turn at a time.

    Playing an engine: ``opponent`` is an agent (``choose(state) -> Action``,
    say ``AlphaBeta(time_limit=1)``) that plays every side a person does
    not; ``human`` names the side (or a list of sides) the person plays,
    by default the side to move at the start.  When the engine's side is
    to move first, it moves at once.  The engine's move is drawn as the
    last move.  Only the person's side can be entered on the board, and
    only on their turn: while the engine chooses its move the board takes
    no message (each is refused with the reason), and a move the engine
    is to make is refused when it comes from the board.

    Dice: in a game with chance, where the dice move the board shows a
    Roll button (or :meth:`roll`): the outcome is drawn from the board's
    ``dice`` (a :class:`~playbook.chance.Dice` or a seed for one; None:
    seeded by the system), played, named in the move list and shown by the
    game's picture; no click on the board chooses it (code may:
    ``board.play("roll 3")`` plays a given roll, as replaying a record
    does).  ``auto_roll=True`` rolls at once whenever the dice are due.
    Against an engine the board rolls the engine's dice itself.  The evaluation before a roll is the
    roller's, as the position stands; a search's evaluation and hint weigh
    every roll (an expected value).
    """

    def __init__(self, board: BoardWidget, human: Any = None):
        self.board = board
        #: The sides named by ``human`` (empty: the side to move).
        self.chosen = sides(human, board.state)
        #: The sides a person plays.
        self.humans: frozenset[str] = frozenset()
        #: True while the opponent chooses its move.
        self.thinking = False
        self._busy = threading.Lock()  # held for one board message or one engine turn
        self.seat_humans(board.state)

    @property
    def human(self) -> tuple[str, ...]:
        """The sides a person plays (the opponent plays the others)."""
        return tuple(sorted(self.humans))

    def seat(self, human: Any) -> None:
        """Let a person play ``human`` (a side, a list of sides, or None for
        the side to move) from the position shown; the opponent moves at
        once if it is now its turn."""
        board = self.board
        self.chosen = sides(human, board.state)
        self.seat_humans(board.state)
        with self.turn():
            board.publish()  # the entries offered follow whose turn it is
            self.answer()

    def seat_humans(self, state: State) -> None:
        """The person plays the sides chosen, or else the side to move in
        ``state`` (before a roll, the side that rolls, else the first)."""
        mover = (state.roller or (state.game.players or (state.to_move,))[0]) if state.chance else state.to_move
        self.humans = self.chosen or frozenset([mover])

    def to_move(self, state: State) -> bool:
        """Whether ``state`` waits for the engine (so nothing may be entered
        on the board); never where the dice move."""
        return self.board.opponent is not None and state.outcome is None and not state.chance \
            and state.to_move not in self.humans

    def play(self, action: Action | str) -> None:
        """Play ``action`` (or its text) as if entered on the board, then
        the engine's answer; raises on an illegal one, leaving the board as
        it was."""
        board = self.board
        if board.position_editor.draft is not None:
            raise IllegalAction("the position editor is open: finish_edit() first", rule="editing")
        with self.turn():
            board.line.play(board.state.parse_action(str(action)))
            self.answer()

    def answer(self) -> None:
        """Play what the board plays by itself: the engine's moves, and the
        dice where it rolls them (see :meth:`rolls_itself`)."""
        board = self.board
        while True:
            if self.rolls_itself(board.state):
                self.roll_dice()
                continue
            if not self.to_move(board.state):
                return
            self.thinking = True
            try:
                board.publish()  # the status says the engine is thinking
                # The engine is given what its side may see; its action is played on the whole position.
                action = board.opponent.choose(private(board.state))
            finally:
                self.thinking = False
            board.line.play(action)

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
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

    def roll(self) -> Action:
        """Roll the dice in the position shown: the outcome is drawn from
        the board's dice and played (then an engine answers, if it is its
        turn).  Returns the outcome; IllegalAction where a player, not the
        dice, moves."""
        if self.board.position_editor.draft is not None:
            raise IllegalAction("the position editor is open: finish_edit() first", rule="editing")
        with self.turn():
            action = self.roll_dice()
            self.answer()
        return action

    def roll_pressed(self) -> None:
        """The Roll button, on a board already held for the message: taken
        only while the board shows it (a person's roll, not the engine's)."""
        if not self.board.rolling:
            raise IllegalAction("there is nothing for you to roll here", rule="chance")
        if self.board.position_editor.draft is not None:
            raise IllegalAction("the position editor is open; press Done to play from the edited position",
                                rule="editing")
        self.roll_dice()
        self.answer()

    def roll_dice(self) -> Action:
        """Draw the roll of the position shown from the board's dice and play it (on a held board)."""
        state = self.board.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome})", rule="game over")
        action = self.board.dice.roll(state)
        self.board.line.play(action)
        return action

    def rolls_itself(self, state: State) -> bool:
        """Whether the board rolls the dice of ``state`` without waiting for
        Roll: with ``auto_roll``, or where the roll is the engine's side's."""
        if not state.chance:
            return False
        if self.board.auto_roll:
            return True
        return self.board.opponent is not None and state.roller is not None and state.roller not in self.humans


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
