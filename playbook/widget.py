"""BoardWidget: a live, clickable board for any game, in JupyterLab.

The kernel sends the board as SVG and the tree of legal next steps for the
position; the front end (``widgets/board.js``) highlights where a click may
go, narrows the tree on each click without asking the kernel, and sends
the finished action back.  The kernel plays it and publishes the new
position.  Anything it cannot accept (a stale position, an unknown action,
a malformed message) is refused with a reason in the status line, and the
position stays as it was.

>>> from playbook import load
>>> board = BoardWidget(load("cosmic"))
>>> board.play("c2-d3")
>>> board.history
['c2-d3']
>>> board
BoardWidget(Cosmic Chess, black to move, 1 move)
"""

from __future__ import annotations

import contextlib
import html
import pathlib
import threading
from collections import deque
from typing import Any, Callable

import anywidget
import traitlets

from . import render

from .analysis import AlphaBeta
from .analysis.evaluation import evaluate
from .analysis.review import review
from .core import Action, Game, IllegalAction, NotationError, Outcome, PlaybookError, State, Step
from .records import Record

__all__ = ["BoardWidget", "CONTROLS", "step_tree"]

#: The buttons a board can show under it, in their order.
CONTROLS = ("undo", "redo", "reset", "flip", "hint")


def _static_dir() -> pathlib.Path:
    # In a checkout, use the repository's widgets/ folder so edits show at
    # once (an editable install would otherwise serve a stale copy); an
    # installed wheel carries the same files as playbook/static.
    here = pathlib.Path(__file__).resolve().parent
    repo = here.parent / "widgets"
    return repo if (repo / "board.js").exists() else here / "static"


#: Steps sent in one go; deeper levels of a larger tree are fetched on request.
TREE_BUDGET = 4000


def step_tree(state: State, prefix: tuple[Step, ...] = (), budget: int = TREE_BUDGET) -> dict:
    """The tree of legal entries from ``prefix``, breadth first, as JSON:
    ``{"c": complete, "o": [[step, subtree or None], ...]}``.  A ``None``
    subtree was left out to respect ``budget`` and can be asked for.  A
    named choice that alone is a whole action ending the game (resign)
    has ``"e"`` in its subtree: the result in words, for the board to ask
    before sending it."""
    root = _node(state.next_steps(prefix))
    queue = deque([(root, prefix)])
    spent = len(root["o"])
    while queue:
        node, path = queue.popleft()
        for entry in node["o"]:
            step = Step.from_json(entry[0])
            if step.kind == "text" or spent >= budget:
                continue  # text is checked when entered; the rest is fetched later
            child = _node(state.next_steps(path + (step,)))
            entry[1] = child
            spent += max(1, len(child["o"]))
            queue.append((child, path + (step,)))
    if not prefix:
        for step_json, child in root["o"]:
            step = Step.from_json(step_json)
            if step.kind == "choice" and child is not None and child["c"] and not child["o"]:
                outcome = state.play(state.action_from_steps((step,))).outcome
                if outcome is not None:
                    child["e"] = str(outcome)
    return root


def _node(options) -> dict:
    return {"c": options.complete, "o": [[s.to_json(), None] for s in options.options]}


class BoardWidget(anywidget.AnyWidget):
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
    agent; default: the opponent if it can analyse, else
    ``AlphaBeta(time_limit=1)``).  Below the board, ``evaluation`` reads
    the position's score for the side to move (the game's evaluation, or
    the advisor's search once it has looked); ``show_evaluation=False``
    hides it.

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

    _esm = _static_dir() / "board.js"
    _css = _static_dir() / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    tree = traitlets.Dict().tag(sync=True)
    position = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)
    cursor = traitlets.Int(0).tag(sync=True)
    flipped = traitlets.Bool(False).tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    #: Non-empty while the position asks a shared screen to hide the board
    #: until the next player is ready (``State.curtain``), on a board for
    #: hot-seat play (:attr:`hot_seat`).
    curtain = traitlets.Unicode("").tag(sync=True)
    #: True when several people share this screen and take turns at it
    #: (hot-seat play): a position with private entries (``State.curtain``)
    #: hides the board until the next player asks to see it.  Off by
    #: default: one person at a board sees everything they play.
    hot_seat = traitlets.Bool(False).tag(sync=False)
    #: The hint shown: ``{"position", "level" (1 the start, 2 the action), "cells", "text"}``, or empty.
    advice = traitlets.Dict().tag(sync=True)
    #: The score of the position for the side to move, in words (empty when hidden or over).
    evaluation = traitlets.Unicode("").tag(sync=True)
    #: Lines the game prints about the position besides whose turn it is
    #: (counts, reserves, the last resolution), shown under the board.
    details = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: True once the position shown is a finished game (the status is then the result).
    over = traitlets.Bool(False).tag(sync=True)
    #: The move numbers, one per move: "1." where a numbered turn starts, "" within one.
    numbers = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: A short mark printed after each move of the move list, one per move
    #: ("?!", "?", "??" or ""): what a review (:meth:`review`) made of it.
    #: Moves played afterwards, or a new line, have none.
    notes = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The buttons shown under the board (names from :data:`CONTROLS`).
    controls = traitlets.List(traitlets.Unicode(), default_value=list(CONTROLS)).tag(sync=True)
    #: Which named choices that start an action get a button: True, False, or a list of values.
    choices = traitlets.Union([traitlets.Bool(), traitlets.List(traitlets.Unicode())], default_value=True).tag(sync=True)
    #: Arrows drawn on the board, each a list of two or more cell ids.
    arrows = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=False)
    #: Cells drawn highlighted on the board.
    highlights = traitlets.List(traitlets.Unicode()).tag(sync=False)
    #: The cells a piece stands on in the position shown: the front end draws
    #: a target there as a ring (a capture, a stack) and elsewhere as a dot.
    occupied = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The cells each move of the line clicked, in order (one list per move),
    #: so the front end can show a piece sliding when the position steps
    #: along the line.
    trail = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)

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

    @traitlets.validate("controls")
    def _valid_controls(self, proposal):
        unknown = [c for c in proposal["value"] if c not in CONTROLS]
        if unknown:
            raise traitlets.TraitError(f"unknown controls {unknown}; a board has {list(CONTROLS)}")
        return list(proposal["value"])

    @traitlets.validate("arrows")
    def _valid_arrows(self, proposal):
        arrows = [list(a) for a in proposal["value"]]
        if any(len(a) < 2 for a in arrows):
            raise traitlets.TraitError("an arrow goes through two or more cells")
        return arrows

    def __init__(self, state: State | Game, opponent: Any = None, flipped: bool | None = None, human: Any = None,
                 advisor: Any = None, show_evaluation: bool = True, controls=CONTROLS, choices: Any = True,
                 arrows=(), highlights=(), editor: bool = False, hot_seat: bool = False, **kwargs):
        if not isinstance(choices, bool):
            choices = sorted(choices)
        super().__init__(controls=list(controls), choices=choices, arrows=[list(a) for a in arrows],
                         highlights=list(highlights), hot_seat=bool(hot_seat), **kwargs)
        if isinstance(state, Game):
            state = state.initial()
        if not isinstance(state, State):
            raise TypeError(f"BoardWidget takes a game or a state, not {type(state).__name__}")
        self.opponent = opponent
        self.advisor = advisor
        self.show_evaluation = show_evaluation
        self._analyses: dict[str, Any] = {}  # position text -> the advisor's answer
        self._callbacks: list[Callable] = []
        self._over_callbacks: list[Callable] = []
        self._line: list[State] = [state]
        self._draft: State | None = None  # the position in the editor, while it is open
        self.editor = bool(editor)
        self._chosen_humans = _sides(human, state)
        self._humans = self._chosen_humans or frozenset([state.to_move])
        # One board message, or one engine turn, at a time (see _turn).
        self._busy = threading.Lock()
        self._thinking = False  # True while the opponent chooses its move
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

    # ---- the position and its history

    @property
    def state(self) -> State:
        """The position shown.  Setting it starts a new history there."""
        return self._line[self.cursor]

    @state.setter
    def state(self, state: State) -> None:
        if not isinstance(state, State):
            raise TypeError(f"a board shows a State, not {type(state).__name__}")
        self._line = [state]
        self._humans = self._chosen_humans or frozenset([state.to_move])
        with self.hold_sync():
            self.title = state.game.title
            self.moves = []
            self.notes = []
            self.jump(0)

    @property
    def history(self) -> list[str]:
        """The actions from the start to the position shown."""
        return list(self.moves[: self.cursor])

    @property
    def actions(self) -> list[Action]:
        """The actions from the start to the position shown, as the
        :class:`Action` values played (with any private data a game keeps
        in them, such as sealed orders)."""
        return [state.last_action for state in self._line[1: self.cursor + 1]]

    def on_move(self, callback: Callable[["BoardWidget", Action], Any]) -> None:
        """Call ``callback(widget, action)`` after every action played."""
        self._callbacks.append(callback)

    def on_game_over(self, callback: Callable[["BoardWidget", Outcome], Any]) -> None:
        """Call ``callback(widget, outcome)`` when an action played on the
        board (by a person or the opponent) finishes the game."""
        self._over_callbacks.append(callback)

    def record(self, **tags: Any) -> Record:
        """The game from the start to the position shown, as a
        :class:`~playbook.Record` (``players``, ``date`` and other tags as
        for :meth:`Record.of`)."""
        return Record.of(self._line[0], self.actions, **tags)

    def review(self, depth: int | None = None, thresholds: Any = None):
        """Review the game from its start to the position shown (see
        :func:`playbook.analysis.review`, which takes ``depth`` and
        ``thresholds``), mark each of its moves in the move list with its
        label (``?!`` an inaccuracy, ``?`` a mistake, ``??`` a blunder) and
        return the :class:`~playbook.analysis.review.Review`."""
        result = review(self, depth=depth, thresholds=thresholds)
        self.notes = result.marks()
        return result

    def play(self, action: Action | str) -> None:
        """Play ``action`` (or its text) as if entered on the board; raises
        on an illegal one, leaving the board as it was."""
        if self._draft is not None:
            raise IllegalAction("the position editor is open: finish_edit() first", rule="editing")
        with self._turn():
            self._play(self.state.parse_action(str(action)))
            self._answer()

    def undo(self) -> None:
        """Step back one move (against an opponent, back to your own turn)."""
        cursor = self.cursor
        if cursor > 0:
            cursor -= 1
            # Against an opponent, go back to a position where it is our turn.
            while self.opponent is not None and cursor > 0 and not self._is_human(self._line[cursor]):
                cursor -= 1
        self.jump(cursor)

    def redo(self) -> None:
        """Step forward one move along the line, if it goes on."""
        cursor = self.cursor
        if cursor < len(self.moves):
            cursor += 1
            while self.opponent is not None and cursor < len(self.moves) and not self._is_human(self._line[cursor]):
                cursor += 1
        self.jump(cursor)

    def reset(self) -> None:
        """Back to the first position, forgetting the moves."""
        self._line = self._line[:1]
        with self.hold_sync():
            self.moves = []
            self.notes = []
            self.jump(0)

    def jump(self, index: int) -> None:
        """Show the position after the first ``index`` moves of the line."""
        if not 0 <= index <= len(self.moves):
            raise IndexError(f"no position {index}: the line has {len(self.moves)} moves")
        with self.hold_sync():
            self.cursor = index
            self.error = ""
            self._publish()

    # ---- internals

    def _play(self, action: Action) -> None:
        new = self.state.play(action)
        # One update: the front end never sees a move list that is ahead of its board.
        with self.hold_sync():
            # Playing from an earlier position replaces the moves that followed it.
            self._line = self._line[: self.cursor + 1] + [new]
            self.moves = self.moves[: self.cursor] + [action.text]
            self.notes = self.notes[: self.cursor]
            self.cursor += 1
            self.error = ""
            self._publish()  # callbacks see the board as it now stands
        for callback in self._callbacks:
            callback(self, action)
        if new.outcome is not None:
            for callback in self._over_callbacks:
                callback(self, new.outcome)

    @property
    def human(self) -> tuple[str, ...]:
        """The sides a person plays (the opponent plays the others).
        Setting it (a side, a list of sides, or None for the side to move)
        lets the opponent move at once if it is now its turn."""
        return tuple(sorted(self._humans))

    @human.setter
    def human(self, human: Any) -> None:
        self._chosen_humans = _sides(human, self.state)
        self._humans = self._chosen_humans or frozenset([self.state.to_move])
        with self._turn():
            self._publish()  # the entries offered follow whose turn it is
            self._answer()

    def _is_human(self, state: State) -> bool:
        return state.to_move in self._humans

    def _engine_to_move(self, state: State) -> bool:
        """Whether ``state`` waits for the engine (so nothing may be entered on the board)."""
        return self.opponent is not None and state.outcome is None and not self._is_human(state)

    def _answer(self) -> None:
        while self._engine_to_move(self.state):
            self._thinking = True
            try:
                self._publish()  # the status says the engine is thinking
                action = self.opponent.choose(self.state)
            finally:
                self._thinking = False
            self._play(action)

    @contextlib.contextmanager
    def _turn(self):
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

    # ---- the position editor

    @property
    def draft(self) -> State | None:
        """The position in the editor while it is open, else None."""
        return self._draft

    def edit(self) -> None:
        """Open the position editor on the position shown.  Until
        :meth:`finish_edit` (or :meth:`cancel_edit`) the board shows the
        edited position and plays nothing."""
        self._draft = self.state
        with self.hold_sync():
            self.edit_error = ""
            self.editing = True
            self._publish()

    def place(self, cell: str, piece: str | None) -> None:
        """In the editor: put the palette piece ``piece`` on ``cell`` (None
        empties it).  A position the game refuses raises
        :class:`NotationError` and the editor keeps the one before."""
        self._change_draft(lambda draft: draft.edit(cell, piece))

    def set_to_move(self, side: str) -> None:
        """In the editor: make ``side`` the side to move."""
        self._change_draft(lambda draft: draft.edit(to_move=side))

    def edit_text(self, text: str) -> None:
        """In the editor: the position written ``text`` (as
        ``game.parse`` reads it), for pasting a position or changing the
        fields a palette does not reach."""
        self._change_draft(lambda draft: draft.game.parse(text))

    def finish_edit(self) -> None:
        """Close the editor and show the edited position, with a new history.
        A position that is already over (a side without its king) is
        refused with the reason (:class:`IllegalAction`), and the editor stays open."""
        draft = self._require_draft()
        if draft.outcome is not None:
            reason = f"there is no game to play from this position ({draft.outcome})"
            self.edit_error = f"Refused: {reason}."
            raise IllegalAction(reason, rule="a position still in play")
        self._draft = None
        with self.hold_sync():
            self.editing = False
            self.edit_error = ""
            self.state = draft

    def cancel_edit(self) -> None:
        """Close the editor and show the position as it was."""
        self._draft = None
        with self.hold_sync():
            self.editing = False
            self.edit_error = ""
            self._publish()

    def _require_draft(self) -> State:
        if self._draft is None:
            raise PlaybookError("the position editor is not open (call edit() first)")
        return self._draft

    def _change_draft(self, change: Callable[[State], State]) -> None:
        draft = self._require_draft()
        try:
            new = change(draft)
        except NotationError as exc:
            self.edit_error = f"Refused: {exc}"
            raise
        self._draft = new
        with self.hold_sync():
            self.edit_error = ""
            self._publish()

    def _receive_edit(self, kind: str, content: dict) -> None:
        if kind == "edit-start":
            return self.edit()
        if kind == "edit-cancel":
            return self.cancel_edit()
        if self._draft is None:
            return self._refuse("Refused: the position editor is not open.")
        try:
            if kind == "edit-place":
                cell, piece = content.get("cell"), content.get("piece")
                if not isinstance(cell, str) or not (piece is None or isinstance(piece, str)):
                    return self._refuse("Refused: an edit names a cell and a piece (or none).")
                self.place(cell, piece)
            elif kind == "edit-mover":
                side = content.get("side")
                if not isinstance(side, str):
                    return self._refuse("Refused: the side to move is a name.")
                self.set_to_move(side)
            elif kind == "edit-text":
                text = content.get("text")
                if not isinstance(text, str):
                    return self._refuse("Refused: a position is text.")
                self.edit_text(text)
            elif kind == "edit-done":
                self.finish_edit()
        except (NotationError, IllegalAction):
            # edit_error already says why; the draft is the one before.
            self.send({"type": "edit-refused", "reason": self.edit_error})

    # ---- advice

    def hint(self) -> Action:
        """Show the next level of advice for the position shown: first the
        cell where the suggested action starts, then the whole action.
        Returns the suggested action."""
        state = self.state
        if state.outcome is not None:
            raise IllegalAction(f"the game is over ({state.outcome})", rule="game over")
        analysis = self._analyse(state)
        action = analysis.action
        current = self.advice if self.advice.get("position") == self.position else {}
        level = min(2, current.get("level", 0) + 1)
        cells = action.cells()
        if level == 1:
            shown = cells[:1]
            text = f"Hint: start on {cells[0]}" if cells else f"Hint: {action.steps[0].label}" if action.steps else "Hint"
        else:
            shown = cells
            score = getattr(analysis, "describe", None)
            text = f"Hint: {action.text}" + (f" ({score()})" if callable(score) else "")
        self.advice = {"position": self.position, "level": level, "cells": shown, "text": text}
        self._show_evaluation(state)
        return action

    def _advisor(self):
        if self.advisor is not None:
            return self.advisor
        if hasattr(self.opponent, "analyse"):
            return self.opponent
        self.advisor = AlphaBeta(time_limit=1.0)
        return self.advisor

    def _analyse(self, state: State):
        """The advisor's answer for ``state`` (kept per position)."""
        key = state.to_text()
        if key not in self._analyses:
            advisor = self._advisor()
            if hasattr(advisor, "analyse"):
                self._analyses[key] = advisor.analyse(state)
            else:
                self._analyses[key] = _Chosen(advisor.choose(state))
        return self._analyses[key]

    @staticmethod
    def _palette_entry(state: State, step: Step) -> dict:
        """A palette step as the editor shows it: its JSON with the
        ``picture`` of its piece, where the game draws one (without, the
        button shows the step's word)."""
        piece = state.palette_piece(step.value)
        return dict(step.to_json(), picture=render.piece_svg(piece)) if piece is not None else step.to_json()

    def _show_evaluation(self, state: State) -> None:
        if not self.show_evaluation or state.outcome is not None:
            self.evaluation = ""
            return
        analysis = self._analyses.get(self.position)
        side = str(state.to_move).capitalize()
        if analysis is not None and hasattr(analysis, "describe"):
            self.evaluation = f"Evaluation for {side}: {analysis.describe()} (search, depth {analysis.depth})"
            return
        if not state.game.engine.judges:
            self.evaluation = ""  # no opinion before a search
            return
        self.evaluation = f"Evaluation for {side}: {evaluate(state, state.to_move):+.1f}"

    def _publish(self) -> None:
        editing = self._draft is not None
        state = self._draft if editing else self.state
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
            self.trail = [after.last_action.cells() for after in self._line[1: len(self.moves) + 1]]
            self.over = state.outcome is not None and not editing
            self.numbers = self._numbers()
            # Nothing to enter while the game is over, while editing, or where the engine is to move.
            playable = state.outcome is None and not editing and not self._engine_to_move(state)
            self.tree = step_tree(state) if playable else {"c": False, "o": []}
            self.position = state.to_text()
            self.mover = str(state.to_move)
            # What the editor offers follows the position (Chess Wheel+ has a set per player).
            self.palette = [self._palette_entry(state, step) for step in state.palette()]
            self.sides = list(state.sides_to_move())
            self.status = status
            self.curtain = state.curtain() if self.hot_seat and state.outcome is None else ""
            if self.advice and self.advice.get("position") != self.position:
                self.advice = {}
            self._show_evaluation(state)

    def _numbers(self) -> list[str]:
        """Move numbers by the game's turns: a number where the first player's
        turn starts (and at the first move, "1…" when another side starts)."""
        first = self._line[0].game.players[0] if self._line[0].game.players else None
        out, n, previous = [], 0, None
        for i in range(len(self.moves)):
            mover = self._line[i].to_move if i < len(self._line) else None
            starts = mover != previous and (mover == first or i == 0)
            if starts:
                n += 1
                out.append(f"{n}." if mover == first else f"{n}…")
            else:
                out.append("")
            previous = mover
        return out

    def _refuse(self, reason: str) -> None:
        self.error = reason
        # Also as an event: the front end drops the refused entry even when
        # the same reason comes twice (a trait set to its value fires nothing).
        self.send({"type": "refused", "reason": reason})

    def _on_message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return self._refuse("Refused a malformed message from the board.")
        try:
            with self._turn():
                self._handle(content)
        except IllegalAction as exc:  # the board is held: nothing is published half-way through a turn
            self._refuse(f"Refused: {exc}")

    def _handle(self, content: dict) -> None:
        kind = content["type"]
        try:
            if kind == "action":
                self._receive_action(content)
            elif kind == "expand":
                self._receive_expand(content)
            elif kind == "hint":
                self.hint()
            elif kind in ("undo", "redo", "reset", "flip"):
                if kind == "flip":
                    self.flipped = not self.flipped
                else:
                    getattr(self, kind)()
            elif kind.startswith("edit-"):
                self._receive_edit(kind, content)
            elif kind == "jump":
                index = content.get("index")
                if not isinstance(index, int) or isinstance(index, bool):
                    return self._refuse("Refused: a jump needs a move number.")
                self.jump(index)
            else:
                self._refuse(f"Refused an unknown message type {kind!r}.")
        except (PlaybookError, IndexError) as exc:
            self._refuse(f"Refused: {exc}")
            self._publish()

    def _steps_from(self, content: dict, key: str) -> tuple[Step, ...]:
        raw = content.get(key)
        if not isinstance(raw, list):
            raise PlaybookError(f"the message needs a list '{key}'")
        return tuple(Step.from_json(s) for s in raw)

    def _receive_action(self, content: dict) -> None:
        if self._draft is not None:
            return self._refuse("Refused: the position editor is open; press Done to play from the edited position.")
        if content.get("position") != self.position:
            self._refuse("Refused a move entered on a position that is no longer shown.")
            self._publish()
            return
        if self._engine_to_move(self.state):
            self._refuse(f"Refused: it is {self.state.to_move}'s turn, which the engine plays.")
            self._publish()
            return
        steps = self._steps_from(content, "steps")
        action = self.state.action_from_steps(steps)
        self._play(action)
        self._answer()

    def _receive_expand(self, content: dict) -> None:
        if content.get("position") != self.position:
            return  # a late request for a position already gone: nothing to answer
        prefix = self._steps_from(content, "prefix")
        self.send({"type": "subtree", "prefix": [s.to_json() for s in prefix], "tree": step_tree(self.state, prefix)})

    # ---- the picture saved with the output

    def _repr_mimebundle_(self, **kwargs):
        # Beside the live view, a picture of the board as sanitizer-safe HTML:
        # JupyterLab shows it where it does not trust the saved output or has
        # no live kernel, and static viewers (nbviewer, GitHub) show it always.
        return with_picture(super()._repr_mimebundle_(**kwargs), self)

    def picture_html(self) -> str:
        """The board as shown, as an HTML ``<img>`` holding its SVG (with
        the status lines under it) in a ``data:`` URI: the same text for the
        same board, so a saved notebook compares equal run after run."""
        state = self.state
        if self.curtain:
            # Hot-seat play: what is behind the curtain stays private.
            return f'<p class="pb-picture">{html.escape(self.curtain)}</p>'
        last = state.last_action.cells() if state.last_action is not None and self.cursor > 0 else []
        drawing = render.svg(state.view(), flip=self.flipped, last=last, arrows=self.arrows,
                             highlight=self.highlights)
        return render.picture_html(drawing, f"{state.game.title}: {state.status()}",
                                   "A picture of the board: run the cell to play on it")

    def __repr__(self) -> str:
        state = self.state
        n = self.cursor
        where = state.status() if state.outcome is not None else f"{state.to_move} to move"
        return f"BoardWidget({state.game.title}, {where}, {n} move{'s' if n != 1 else ''})"


def with_picture(bundle, board: "BoardWidget"):
    """A widget's display ``bundle`` with ``board``'s picture added as
    ``text/html``, so a saved notebook shows the board where the live view
    cannot be drawn (an untrusted notebook, no kernel, a static viewer)."""
    if bundle is None:
        return None
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return {**data, "text/html": board.picture_html()}, metadata


class _Chosen:
    """The answer of an advisor that only chooses (no score)."""

    def __init__(self, action: Action):
        self.action = action


def _details(caption, status: str) -> list[str]:
    """The caption's lines without the status line they repeat."""
    lines = []
    for line in caption:
        if status and status in line:
            line = line.replace(status, "").strip(" .")
        if line:
            lines.append(line)
    return lines


def _sides(human: Any, state: State) -> frozenset:
    """The sides a person plays, from ``human`` (None: decided later)."""
    if human is None:
        return frozenset()
    sides = frozenset([human]) if isinstance(human, str) else frozenset(human)
    players = set(state.game.players)
    unknown = sorted(s for s in sides if players and s not in players)
    if unknown or not sides:
        raise ValueError(f"human names the sides a person plays, among {sorted(players)}; got {human!r}")
    return sides
