"""BoardWidget: a live, clickable board for any game, in JupyterLab.

The kernel sends the board as SVG and the tree of legal next steps for the
position; the front end (``widgets/board.js``) highlights where a click may
go, narrows the tree on each click without asking the kernel, and sends
the finished action back.  The kernel plays it and publishes the new
position.  Anything it cannot accept (a stale position, an unknown action,
a malformed message) is refused with a reason in the status line, and the
position stays as it was.

The board is joined from parts, each in a module of its own:
:mod:`~playbook.widget.history` (the line, the move list, review),
:mod:`~playbook.widget.engine` (the opponent, hints, the evaluation, the
lock that lets one turn through at a time), :mod:`~playbook.widget.editor`
(the position editor), :mod:`~playbook.widget.hotseat` (the curtain of a
shared screen), :mod:`~playbook.widget.lesson` (the goal and the answers
of an exercise played on it), :mod:`~playbook.widget.messages` (what the front end
sends, dispatched by a table), :mod:`~playbook.widget.picture` (the picture saved with the
output) and :mod:`~playbook.widget.tree` (the tree of next steps), all on
the frame in :mod:`~playbook.widget.base`.  :mod:`~playbook.widget.review`
shows a reviewed game on a board over its evaluation graph.  Every message
both ways and every synced trait is listed once, in ``protocol.json``,
which :mod:`~playbook.widget.protocol` reads for Python and the front end
bundles.

>>> from playbook import load
>>> board = BoardWidget(load("cosmic"))
>>> board.play("c2-d3")
>>> board.history
['c2-d3']
>>> board
BoardWidget(Cosmic Chess, black to move, 1 move)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import render
from ..core import Game, State
from .base import CONTROLS, BoardBase
from .bundle import CSS, ESM
from .dice import Rolling
from .editor import PositionEditor
from .engine import EnginePlay
from .history import History
from .hotseat import HotSeat
from .lesson import Lesson
from .messages import Messages
from .picture import SavedPicture, with_picture
from .tree import TREE_BUDGET, step_tree

__all__ = ["BoardWidget", "CONTROLS", "step_tree", "with_picture", "TREE_BUDGET", "ReviewBoard", "ReviewGraph"]


class BoardWidget(Messages, Lesson, PositionEditor, Rolling, EnginePlay, History, HotSeat, SavedPicture, BoardBase):
    """A live board.  ``BoardWidget(state)`` or ``BoardWidget(game)`` (its
    start).

    Playing an engine: ``opponent`` is an agent (``choose(state) -> Action``,
    say ``AlphaBeta(time_limit=1)``) that plays every side a person does
    not; ``human`` names the side (or a list of sides) the person plays,
    by default the side to move at the start.  When the engine's side is
    to move first, it moves at once.  The engine's move is drawn as the
    last move.  A person playing the second of two sides sees the board
    from that side (``flipped`` defaults to True then; Flip still turns
    it).  Only the person's side can be entered on the board, and only on
    their turn: while the engine chooses its move the board takes no
    message (each is refused with the reason), and a move the engine is
    to make is refused when it comes from the board.

    Advice: the Hint button (or :meth:`hint`) first lights the cell where
    the suggested action starts, and a second press shows the whole
    action, as on Lichess.  The suggestion comes from ``advisor`` (any
    agent; default: the opponent if it searches, such as ``AlphaBeta`` or
    ``MCTS``, else ``AlphaBeta(time_limit=1)``, so that a hint never comes
    from a random or one-move player).  Below the board, ``evaluation`` reads
    the position's score for the side to move (the game's evaluation, or
    the advisor's search once it has looked); ``show_evaluation=False``
    hides it.

    The frame: ``controls`` names the buttons shown (any of
    :data:`CONTROLS`, default all); ``choices`` says which named choices
    that start an action (offer a draw, resign, pass...) get a button
    before any click: ``True`` all, ``False`` none, or a collection of
    their values.  ``arrows`` (lists of cell ids) and ``highlights`` (cell
    ids) are drawn on the board until set again.

    Dice: in a game with chance, where the dice move the board shows a
    Roll button (or :meth:`roll`): the outcome is drawn from the board's
    ``dice`` (a :class:`~playbook.chance.Dice` or a seed for one; None:
    seeded by the system), played, named in the move list and shown by the
    game's picture; no click on the board chooses it (code may:
    ``board.play("roll 3")`` plays a given roll, as replaying a record
    does).  ``auto_roll=True``
    rolls at once whenever the dice are due.  Against an engine the board
    rolls the engine's dice itself.  The evaluation before a roll is the
    roller's, as the position stands; a search's evaluation and hint weigh
    every roll (an expected value).

    Hot-seat play: with ``hot_seat=True`` several people share the
    screen, and where a position keeps each player's entry private
    (Chess Wheel+'s sealed orders) the board hides behind a curtain that
    names the next player until they ask to see it.

    In the browser a piece is moved by two clicks or by dragging it to a
    target; targets show as dots on empty cells and rings on the cells in
    :attr:`occupied`, and the target under a dragged piece is lit (worked
    out in the browser, with no message to the kernel).  The front end shows the piece on its target at once
    and this side's new board replaces it (a refusal puts it back).  Moves
    this side shows (an opponent's reply, a step along the line, which the
    left and right arrow keys also take) slide along :attr:`trail`.  Marks
    and arrows drawn with the right button stay in the browser.  As on
    Lichess, a click on the picked piece lets it go, a chain of jumps
    carries the piece along as each jump is clicked, and a named choice
    that ends the game at once (resign) asks before it is sent.

    For a screen reader each cell is a button named for the cell and what
    stands on it ("c2: white pawn", from the pieces' words in the game's
    view).  Tab reaches the cells; there the arrow keys move from cell to
    cell, Enter picks a piece and drops it, Esc lets go, and ``[`` and
    ``]`` step through the moves.  A line under the board opens to say so.
    """

    _esm = ESM
    _css = CSS

    def __init__(self, state: State | Game, opponent: Any = None, flipped: bool | None = None, human: Any = None,
                 advisor: Any = None, show_evaluation: bool = True, controls: Iterable[str] = CONTROLS,
                 choices: Any = True, arrows: Iterable[Iterable[str]] = (), highlights: Iterable[str] = (),
                 editor: bool = False, hot_seat: bool = False, dice: Any = None, auto_roll: bool = False,
                 **kwargs: Any):
        if not isinstance(choices, bool):
            choices = sorted(choices)
        super().__init__(controls=list(controls), choices=choices, arrows=[list(a) for a in arrows],
                         highlights=list(highlights), hot_seat=bool(hot_seat), **kwargs)
        if isinstance(state, Game):
            state = state.initial()
        if not isinstance(state, State):
            raise TypeError(f"BoardWidget takes a game or a state, not {type(state).__name__}")
        self._seat_players(state, opponent, human, advisor, show_evaluation)
        self._seat_dice(dice, auto_roll)
        self._start_line(state)
        self._draft = None
        self._start_pictures()
        self.editor = bool(editor)
        self.title = state.game.title
        if flipped is None:
            # As on Lichess, the person's side is at the bottom: the first
            # of two sides is drawn there, so the second one turns the board.
            players = tuple(state.game.players)
            flipped = len(players) == 2 and self._chosen_humans == frozenset(players[1:])
        self.flipped = bool(flipped)
        self.on_msg(self._on_message)
        self.observe(lambda _change: self._publish(), names=["flipped", "arrows", "highlights", "hot_seat"])
        self._publish()
        with self._turn():
            self._answer()  # the engine's side may be first to move

    def _publish(self) -> None:
        editing = self._draft is not None
        state = self._draft if self._draft is not None else self.state
        last = state.last_action.cells() if state.last_action is not None and self.cursor > 0 and not editing else []
        scene = state.view()
        # The editor shows the position being set up, never a result.
        status = "Editing the position" if editing else state.status()
        if self._thinking and not editing:
            status += ": the engine is thinking"
        with self.hold_sync():
            # The status is shown once, outside the picture: the board is drawn
            # without its caption and the caption's other lines go under it.
            self.svg = render.svg(scene, flip=self.flipped, last=last, caption=False,
                                  arrows=self.arrows, highlight=self.highlights)
            self.details = _details(scene.caption, status)
            self.occupied = sorted({cell for piece in scene.pieces for cell in piece.cells})
            self.trail = self._trail()
            self.over = state.outcome is not None and not editing
            self.numbers = self._numbers()
            # Nothing to enter while the game is over, while editing, or where the engine is to move.
            playable = state.outcome is None and not editing and not self._engine_to_move(state)
            # The dice are never entered by clicks: Roll draws them.
            self.tree = step_tree(state) if playable and not state.chance else {"c": False, "o": []}
            self.rolling = playable and state.chance
            self.position = state.to_text()
            self._publish_palette(state)
            self.status = status
            self._draw_curtain(state)
            self._forget_stale_advice()
            self._show_evaluation(state)
        self._send_pictures()

    def __repr__(self) -> str:
        state = self.state
        n = self.cursor
        where = state.status().lower() if state.chance else \
            state.status() if state.outcome is not None else f"{state.to_move} to move"
        return f"BoardWidget({state.game.title}, {where}, {n} move{'s' if n != 1 else ''})"


def _details(caption: Iterable[str], status: str) -> list[str]:
    """The caption's lines without the status line they repeat."""
    lines = []
    for line in caption:
        if status and status in line:
            line = line.replace(status, "").strip(" .")
        if line:
            lines.append(line)
    return lines


# The review's board builds on the board above; importing it registers it as
# what Review.board() builds (analysis never imports the widget).
from .review import ReviewBoard, ReviewGraph  # noqa: E402
