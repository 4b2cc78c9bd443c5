"""BoardWidget: a live, clickable board for any game, in JupyterLab.

The kernel sends the board as SVG and the tree of legal next steps for the
position; the front end (``widgets/board.js``) highlights where a click may
go, narrows the tree on each click without asking the kernel, and sends
the finished action back.  The kernel plays it and publishes the new
position.  Anything it cannot accept (a stale position, an unknown action,
a malformed message) is refused with a reason in the status line, and the
position stays as it was.

In the browser a piece is moved by two clicks or by dragging it to a
target; targets show as dots on empty cells and rings on the cells in
:attr:`~BoardWidget.occupied`, and the target under a dragged piece is lit (worked
out in the browser, with no message to the kernel).  The front end shows the piece on its target at once
and this side's new board replaces it (a refusal puts it back).  Moves
this side shows (an opponent's reply, a step along the line, which the
left and right arrow keys also take) slide along :attr:`~BoardWidget.trail`.  Marks
and arrows drawn with the right button stay in the browser.  As on
Lichess, a click on the picked piece lets it go, a chain of jumps
carries the piece along as each jump is clicked, and a named choice
that ends the game at once (resign) asks before it is sent.

For a screen reader each cell is a button named for the cell and what
stands on it ("c2: white pawn", from the pieces' words in the game's
view).  Tab reaches the cells; there the arrow keys move from cell to
cell, Enter picks a piece and drops it, Esc lets go, and ``[`` and
``]`` step through the moves.  A line under the board opens to say so.

:class:`BoardWidget` owns what the page is sent (every synced trait, as
``protocol.json`` lists them) and draws the position; it has parts, each a
plain object in a module of its own that is given the board:
``board.line`` (:mod:`~playbook.widget.history`: the positions of the
line, stepping along it, the move list, review), ``board.engine``
(:mod:`~playbook.widget.engine`: who plays by itself, the engine and the
dice, and the lock that lets one turn through at a time), ``board.coach``
(:mod:`~playbook.widget.advice`: hints and the evaluation),
``board.position_editor`` (:mod:`~playbook.widget.editor`), ``board.messages``
(:mod:`~playbook.widget.messages`: what the front end sends, each message
routed by a table to the part that handles it) and ``board.picture``
(:mod:`~playbook.widget.picture`: the live drawing and the picture saved
with the output).
:mod:`~playbook.widget.tree` works out the tree of next steps, and
:mod:`~playbook.widget.review` shows a reviewed game on a board over its
evaluation graph.  Every message both ways and every synced trait is
listed once, in ``protocol.json``, which :mod:`~playbook.widget.protocol`
reads for Python and the front end bundles.

>>> from playbook import load
>>> board = BoardWidget(load("cosmic"))
>>> board.play("c2-d3")
>>> board.history
['c2-d3']
>>> board
BoardWidget(Cosmic Chess, black to move, 1 move)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from ..analysis.engines.review import Review
from ..chance import Dice
from ..core import Action, Game, Outcome, State
from ..records import Record
from .advice import Coach
from .bundle import CSS, ESM
from .editor import PositionEditor
from .engine import EnginePlayer
from .history import Line
from .messages import Dispatcher
from .picture import Bundle, SavedPicture, show, with_picture
from .protocol import PageTraits, message
from .tree import TREE_BUDGET, step_tree

__all__ = ["BoardWidget", "CONTROLS", "VERDICTS", "step_tree", "with_picture", "TREE_BUDGET", "ReviewBoard",
           "ReviewGraph"]

#: The buttons a board can show under it, in their order.
CONTROLS = ("undo", "redo", "reset", "flip", "hint")

#: The kinds of answer a lesson board shows (its :attr:`~BoardWidget.verdict`):
#: "right", "wrong", "solution" (wrong, with the solution drawn), "good" (a
#: move of a longer line known to be right so far, ticked as a right answer
#: is) and "progress" (a move of a longer line, not judged until the line is
#: complete).
VERDICTS = ("right", "wrong", "solution", "good", "progress")


class BoardWidget(PageTraits, anywidget.AnyWidget):
    """A live board.  ``BoardWidget(state)`` or ``BoardWidget(game)`` (its
    start).

    Its parts take the other arguments: ``opponent``, ``human``, ``dice``
    and ``auto_roll`` say who plays by itself
    (:class:`~playbook.widget.engine.EnginePlayer`, which tells how the
    engine and the dice play); ``advisor`` and ``show_evaluation`` give the
    hint and the evaluation line (:class:`~playbook.widget.advice.Coach`);
    ``editor=True`` offers the position editor
    (:class:`~playbook.widget.editor.PositionEditor`).  A person playing
    the second of two sides sees the board from that side (``flipped``
    defaults to True then; Flip still turns it).

    The frame: ``controls`` names the buttons shown (any of
    :data:`CONTROLS`, default all); ``choices`` says which named choices
    that start an action (offer a draw, resign, pass...) get a button
    before any click: ``True`` all, ``False`` none, or a collection of
    their values.  ``arrows`` (lists of cell ids) and ``highlights`` (cell
    ids) are drawn on the board until set again.

    Hot-seat play: with ``hot_seat=True`` several people share the
    screen, and where a position keeps each player's entry private
    (Chess Wheel+'s sealed orders) the board hides behind a curtain that
    names the next player until they ask to see it.
    """

    _esm = ESM
    _css = CSS

    # What the page is sent: the position shown and the frame around it.
    svg = traitlets.Unicode("").tag(sync=True)
    tree = traitlets.Dict().tag(sync=True)
    position = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: True when the board is drawn from the far side; the picture is drawn
    #: turned here, so the front end never reads it (the Flip button sends a message).
    flipped = traitlets.Bool(False).tag(sync=False)
    title = traitlets.Unicode("").tag(sync=True)
    #: Lines the game prints about the position besides whose turn it is
    #: (counts, reserves, the last resolution), shown under the board.
    details = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: True once the position shown is a finished game (the status is then the result).
    over = traitlets.Bool(False).tag(sync=True)
    #: The buttons shown under the board (names from :data:`CONTROLS`).
    controls = traitlets.List(traitlets.Unicode(), default_value=list(CONTROLS)).tag(sync=True)
    #: Which named choices that start an action get a button: True, False, or a list of values.
    choices = traitlets.Union([traitlets.Bool(), traitlets.List(traitlets.Unicode())],
                              default_value=True).tag(sync=True)
    #: Arrows drawn on the board, each a list of two or more cell ids.
    arrows = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=False)
    #: Cells drawn highlighted on the board.
    highlights = traitlets.List(traitlets.Unicode()).tag(sync=False)
    #: The cells a piece stands on in the position shown: the front end draws
    #: a target there as a ring (a capture, a stack) and elsewhere as a dot.
    occupied = traitlets.List(traitlets.Unicode()).tag(sync=True)

    # The line (kept by ``line``).
    #: The actions of the line, as text, from its start.
    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: How many moves of the line lead to the position shown.
    cursor = traitlets.Int(0).tag(sync=True)
    #: The move numbers, one per move: "1." where a numbered turn starts, "" within one.
    numbers = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: A short mark printed after each move of the move list, one per move
    #: ("?!", "?", "??" or ""): what a review (:meth:`review`) made of it.
    #: Moves played afterwards, or a new line, have none.
    notes = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The cells each move of the line clicked, in order (one list per move),
    #: so the front end can show a piece sliding when the position steps
    #: along the line.
    trail = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)

    # The advice (given by ``coach``).
    #: The hint shown: ``{"position", "level" (1 the start, 2 the action), "cells", "text"}``, or empty.
    advice = traitlets.Dict().tag(sync=True)
    #: The score of the position for the side to move, in words (empty when hidden or over).
    evaluation = traitlets.Unicode("").tag(sync=True)

    # The position editor (``position_editor``).
    #: True when the board offers its position editor (an Edit button).
    editor = traitlets.Bool(False).tag(sync=True)
    #: True while the position editor is open: clicks edit, nothing is played.
    editing = traitlets.Bool(False).tag(sync=True)
    #: The pieces the editor places (steps as JSON, from ``State.palette()``),
    #: each with its ``picture``: the piece as the board draws it (an SVG).
    palette = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: The sides the editor can set to move (``State.sides_to_move()``).
    sides = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The side to move in the position shown (the edited one while editing).
    mover = traitlets.Unicode("").tag(sync=True)
    #: Why the last edit was refused (empty when it was accepted).
    edit_error = traitlets.Unicode("").tag(sync=True)

    # A lesson: what an exercise or a puzzle trainer played on the board shows.
    #: What the learner is asked to do, shown in the board's header ("" on a plain board).
    goal = traitlets.Unicode("").tag(sync=True)
    #: The answer to the last move: ``{"kind": one of VERDICTS, "text", "cell"
    #: (where the move ended, marked on the board), "next" (a button's label, or "")}``,
    #: or empty before any move.  A ``next`` label offers a button that calls :attr:`on_next`.
    verdict = traitlets.Dict().tag(sync=True)
    #: A line about the learner's standing (a puzzle rating and streak), or "".
    score = traitlets.Unicode("").tag(sync=True)

    # Hot-seat play.
    #: Non-empty while the position asks a shared screen to hide the board
    #: until the next player is ready (``State.curtain``), on a board for
    #: hot-seat play (:attr:`hot_seat`).
    curtain = traitlets.Unicode("").tag(sync=True)
    #: True when several people share this screen and take turns at it
    #: (hot-seat play): a position with private entries (``State.curtain``)
    #: hides the board until the next player asks to see it.  Off by
    #: default: one person at a board sees everything they play.
    hot_seat = traitlets.Bool(False).tag(sync=False)

    # The dice.
    #: True while the dice are to be rolled in the position shown and a person rolls them: the Roll button is live.
    rolling = traitlets.Bool(False).tag(sync=True)

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
        #: The agent that plays every side a person does not (None: people play every side).
        self.opponent = opponent
        #: The agent whose suggestion a hint shows (None: chosen on the first hint).
        self.advisor = advisor
        #: Whether the evaluation line under the board is shown.
        self.show_evaluation = show_evaluation
        #: The dice the board rolls (:class:`~playbook.chance.Dice`).
        self.dice = dice if isinstance(dice, Dice) else Dice(dice)
        #: Whether the board rolls at once whenever the dice are due.
        self.auto_roll = bool(auto_roll)
        #: The exercise that judges the moves played here, or None.
        self.lesson: Any = None
        #: What the Next button does (a puzzle trainer's next puzzle), or None.
        self.on_next: Callable[[], Any] | None = None
        # The parts, each given the board.
        self.line: Line = Line(self, state)  # the line of moves, the move list, review
        self.engine: EnginePlayer = EnginePlayer(self, human)  # who plays by itself, one turn at a time
        self.coach: Coach = Coach(self)  # the hint and the evaluation line
        self.position_editor: PositionEditor = PositionEditor(self)
        self.picture: SavedPicture = SavedPicture(self)  # the live drawing and the saved picture
        self.messages: Dispatcher = Dispatcher(self)  # what the front end sends, routed to its part
        self.editor = bool(editor)
        self.title = state.game.title
        if flipped is None:
            # As on Lichess, the person's side is at the bottom: the first
            # of two sides is drawn there, so the second one turns the board.
            players = tuple(state.game.players)
            flipped = len(players) == 2 and self.engine.chosen == frozenset(players[1:])
        self.flipped = bool(flipped)
        self.on_msg(self.messages.receive)
        self.observe(lambda _change: self.publish(), names=["flipped", "arrows", "highlights", "hot_seat"])
        self.publish()
        with self.engine.turn():
            self.engine.answer()  # the engine's side may be first to move

    @traitlets.validate("controls")
    def _valid_controls(self, proposal: dict[str, Any]) -> list[str]:
        unknown = [c for c in proposal["value"] if c not in CONTROLS]
        if unknown:
            raise traitlets.TraitError(f"unknown controls {unknown}; a board has {list(CONTROLS)}")
        return list(proposal["value"])

    @traitlets.validate("arrows")
    def _valid_arrows(self, proposal: dict[str, Any]) -> list[list[str]]:
        arrows = [list(a) for a in proposal["value"]]
        if any(len(a) < 2 for a in arrows):
            raise traitlets.TraitError("an arrow goes through two or more cells")
        return arrows

    def publish(self) -> None:
        """Send the page the position shown (the draft while the editor is
        open) with everything drawn around it, in one update; each part
        calls this after a change."""
        draft = self.position_editor.draft
        editing = draft is not None
        state = draft if draft is not None else self.state
        # The editor shows the position being set up, never a result.
        status = "Editing the position" if editing else state.status()
        if self.engine.thinking and not editing:
            status += ": the engine is thinking"
        with self.hold_sync():
            self.picture.draw(state, status, last=not editing)
            self.trail = self.line.trail()
            self.over = state.outcome is not None and not editing
            self.numbers = self.line.numbers()
            # Nothing to enter while the game is over, while editing, or where the engine is to move.
            playable = state.outcome is None and not editing and not self.engine.to_move(state)
            # The dice are never entered by clicks: Roll draws them.
            self.tree = step_tree(state) if playable and not state.chance else {"c": False, "o": []}
            self.rolling = playable and state.chance
            self.position = state.to_text()
            self.position_editor.publish_palette(state)
            self.status = status
            # Hot-seat play: the curtain the position asks for, while the game goes on.
            self.curtain = state.curtain() if self.hot_seat and state.outcome is None else ""
            self.coach.forget_stale_advice()
            self.coach.show_evaluation(state)
        self.picture.update()

    def refuse(self, reason: str) -> None:
        """Refuse what the page asked, with ``reason`` in the status line."""
        self.error = reason
        # Also as an event: the front end drops the refused entry even when
        # the same reason comes twice (a trait set to its value fires nothing).
        self.send(message("refused", reason=reason))

    def _refuse_traits(self, names: list[str]) -> None:
        self.refuse(f"Refused: the page may not set {', '.join(names)}.")

    # What users call on the board, each kept by one of its parts.

    @property
    def state(self) -> State:
        """The position shown (``line.state``).  Setting it starts a new history there."""
        return self.line.state

    @state.setter
    def state(self, state: State) -> None:
        self.line.start(state)

    @property
    def history(self) -> list[str]:
        """The actions from the start to the position shown, as text (``line.history``)."""
        return self.line.history

    @property
    def actions(self) -> list[Action]:
        """The actions from the start to the position shown, as played (``line.actions``)."""
        return self.line.actions

    def on_move(self, callback: Callable[[Any, Action], Any]) -> None:
        """Call ``callback(widget, action)`` after every action played (``line.on_move``)."""
        self.line.on_move(callback)

    def on_game_over(self, callback: Callable[[Any, Outcome], Any]) -> None:
        """Call ``callback(widget, outcome)`` when a move played here ends the game (``line.on_game_over``)."""
        self.line.on_game_over(callback)

    def record(self, **tags: Any) -> Record:
        """The game from the start to the position shown, as a :class:`~playbook.Record` (``line.record``)."""
        return self.line.record(**tags)

    def review(self, depth: int | None = None, thresholds: Any = None) -> Review:
        """Review the game up to the position shown and mark its moves (``line.review``)."""
        return self.line.review(depth, thresholds)

    def play(self, action: Action | str) -> None:
        """Play ``action`` (or its text) as if entered on the board; raises
        on an illegal one, leaving the board as it was (``engine.play``)."""
        self.engine.play(action)

    def undo(self) -> None:
        """Step back one move, to your own turn against an opponent (``line.undo``)."""
        self.line.undo()

    def redo(self) -> None:
        """Step forward one move, to your own turn against an opponent (``line.redo``)."""
        self.line.redo()

    def reset(self) -> None:
        """Back to the first position, forgetting the moves (``line.reset``)."""
        self.line.reset()

    def jump(self, index: int) -> None:
        """Show the position after the first ``index`` moves of the line (``line.jump``)."""
        self.line.jump(index)

    def take_back(self, index: int) -> None:
        """Take the moves after the first ``index`` back for good, as a lesson does with a wrong answer
        (``line.take_back``)."""
        self.line.take_back(index)

    @property
    def human(self) -> tuple[str, ...]:
        """The sides a person plays (``engine.human``); setting it (a side,
        a list, or None for the side to move) lets the opponent move at
        once if it is now its turn."""
        return self.engine.human

    @human.setter
    def human(self, human: Any) -> None:
        self.engine.seat(human)

    def roll(self) -> Action:
        """Roll the dice in the position shown and play the outcome (``engine.roll``)."""
        return self.engine.roll()

    def hint(self) -> Action:
        """Show the next level of advice, the start then the whole action, and return it (``coach.hint``)."""
        return self.coach.hint()

    @property
    def draft(self) -> State | None:
        """The position in the editor while it is open, else None (``position_editor.draft``)."""
        return self.position_editor.draft

    def edit(self) -> None:
        """Open the position editor on the position shown (``position_editor.open``)."""
        self.position_editor.open()

    def place(self, cell: str, piece: str | None) -> None:
        """In the editor: put the palette piece ``piece`` on ``cell``, None empties it (``position_editor.place``)."""
        self.position_editor.place(cell, piece)

    def set_to_move(self, side: str) -> None:
        """In the editor: make ``side`` the side to move (``position_editor.set_to_move``)."""
        self.position_editor.set_to_move(side)

    def edit_text(self, text: str) -> None:
        """In the editor: the position written ``text`` (``position_editor.edit_text``)."""
        self.position_editor.edit_text(text)

    def finish_edit(self) -> None:
        """Close the editor and play from the edited position (``position_editor.finish``)."""
        self.position_editor.finish()

    def cancel_edit(self) -> None:
        """Close the editor and show the position as it was (``position_editor.cancel``)."""
        self.position_editor.cancel()

    def picture_html(self) -> str:
        """The board as shown, as an HTML ``<img>`` (``picture.html``)."""
        return self.picture.html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Bundle | None:
        return with_picture(super()._repr_mimebundle_(**kwargs), self)

    def _ipython_display_(self) -> None:
        show(self, self)

    def __repr__(self) -> str:
        state = self.state
        n = self.cursor
        where = state.status().lower() if state.chance else \
            state.status() if state.outcome is not None else f"{state.to_move} to move"
        return f"BoardWidget({state.game.title}, {where}, {n} move{'s' if n != 1 else ''})"


# The review's board builds on the board above; importing it registers it as
# what Review.board() builds (analysis never imports the widget).
from .review import ReviewBoard, ReviewGraph  # noqa: E402
