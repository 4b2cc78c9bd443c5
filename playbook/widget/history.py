"""A board's line of moves: playing, stepping along it, the move list, review.

:class:`History` keeps the positions from the start of the line, the
move list the front end shows (with its numbers, the review's marks and
the cells each move clicked) and the cursor on it; it plays actions,
steps back and forward, and tells the callbacks what was played.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import traitlets

from ..analysis.engines.review import Review, review
from ..core import Action, IllegalAction, Outcome, State
from ..numbering import move_numbers
from ..records import Record
from .base import BoardBase

__all__ = ["History", "slide_path"]


class History(BoardBase):
    """The line a board shows: its positions, the move list and the
    cursor on it, with play, undo, redo, reset, jump and review."""

    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)
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

    _callbacks: list[Callable[[Any, Action], Any]]
    #: Each move's slide (:func:`slide_path`), by the position it made, with that position.
    _slides: dict[int, tuple[State, list[str]]]
    #: A review's evaluation of each position it went through, in words, by the position's text.
    _reviewed: dict[str, str]
    _over_callbacks: list[Callable[[Any, Outcome], Any]]

    def _start_line(self, state: State) -> None:
        """A line that starts at ``state``, with no moves and nobody told of any yet."""
        self._line = [state]
        self._slides = {}
        self._reviewed = {}
        self._callbacks = []
        self._over_callbacks = []

    @property
    def state(self) -> State:
        """The position shown.  Setting it starts a new history there."""
        return self._line[self.cursor]

    @state.setter
    def state(self, state: State) -> None:
        if not isinstance(state, State):
            raise TypeError(f"a board shows a State, not {type(state).__name__}")
        self._line = [state]
        self._seat_humans(state)
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
        return self._played(self.cursor)

    def on_move(self, callback: Callable[[Any, Action], Any]) -> None:
        """Call ``callback(widget, action)`` after every action played."""
        self._callbacks.append(callback)

    def on_game_over(self, callback: Callable[[Any, Outcome], Any]) -> None:
        """Call ``callback(widget, outcome)`` when an action played on the
        board (by a person or the opponent) finishes the game."""
        self._over_callbacks.append(callback)

    def record(self, **tags: Any) -> Record:
        """The game from the start to the position shown, as a
        :class:`~playbook.Record` (``players``, ``date`` and other tags as
        for :meth:`Record.of`)."""
        return Record.of(self._line[0], self.actions, **tags)

    def review(self, depth: int | None = None, thresholds: Any = None) -> Review:
        """Review the game from its start to the position shown (see
        :func:`playbook.analysis.engines.review`, which takes ``depth`` and
        ``thresholds``), mark each of its moves in the move list with its
        label (``?!`` an inaccuracy, ``?`` a mistake, ``??`` a blunder) and
        return the :class:`~playbook.analysis.engines.review.Review`, which knows
        the sides the person played (its board is turned for them) and
        shows its graph and marked moves when displayed."""
        result = review(self, depth=depth, thresholds=thresholds, human=self.human)
        self.show_review(result)
        return result

    def show_review(self, result: Review) -> None:
        """Show what the review ``result`` (of this board's line) made of
        its moves and positions: each move's mark in the move list and,
        in the evaluation line, the review's evaluation of each position
        it went through, in its words (so the board and the review never
        give one position two numbers)."""
        self._reviewed = {state.to_text(): result.words(i) for i, state in enumerate(result.states)}
        self.notes = result.marks()
        self._publish()

    def play(self, action: Action | str) -> None:
        """Play ``action`` (or its text) as if entered on the board; raises
        on an illegal one, leaving the board as it was."""
        if self._draft is not None:
            raise IllegalAction("the position editor is open: finish_edit() first", rule="editing")
        with self._turn():
            self._play(self.state.parse_action(str(action)))
            self._answer()

    def undo(self) -> None:
        """Step back one move (against an opponent, back to your own turn).
        Raises :class:`IllegalAction`, changing nothing, at the start of
        the line (or where the opponent moved first and no earlier
        position is your turn)."""
        cursor = self.cursor - 1
        # Against an opponent, go back to a position where it is our turn.
        while cursor >= 0 and self._engine_to_move(self._line[cursor]):
            cursor -= 1
        if cursor < 0:
            first = "this is the start of the line" if self.cursor == 0 else "no earlier position is your turn"
            raise IllegalAction(f"nothing to undo: {first}", rule="undo")
        self.jump(cursor)

    def redo(self) -> None:
        """Step forward one move along the line (against an opponent, on
        to your own turn).  Raises :class:`IllegalAction`, changing
        nothing, at the end of the line."""
        cursor = self.cursor
        if cursor >= len(self.moves):
            raise IllegalAction("nothing to redo: this is the last position of the line", rule="redo")
        cursor += 1
        while cursor < len(self.moves) and self._engine_to_move(self._line[cursor]):
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
            for over in self._over_callbacks:
                over(self, new.outcome)

    def _numbers(self) -> list[str]:
        """Move numbers by the game's turns (:func:`~playbook.numbering.move_numbers`)."""
        return move_numbers(self._line[: len(self.moves) + 1])

    def _trail(self) -> list[list[str]]:
        """For each move of the line, the cells its piece slides along when
        the board steps over it (see :func:`slide_path`), remembered per
        position so that each move is worked out once."""
        kept = self._slides
        fresh: dict[int, tuple[State, list[str]]] = {}
        trail = []
        for before, after in pairwise(self._line[: len(self.moves) + 1]):
            seen = kept.get(id(after))
            if seen is not None and seen[0] is after:
                path = seen[1]
            else:
                path = slide_path(before, after) if after.last_action is not None else []
            fresh[id(after)] = (after, path)
            trail.append(path)
        self._slides = fresh
        return trail

    def _played(self, count: int) -> list[Action]:
        """The first ``count`` actions of the line (each position after the first was reached by one)."""
        return [after.last_action for after in self._line[1: count + 1] if after.last_action is not None]


def slide_path(before: State, after: State) -> list[str]:
    """The cells the piece that ``after.last_action`` moved slides along,
    from where it stood to where it lands (empty when no piece moved from
    one cell to another).  An action entered by cells alone moves the
    piece on its first cell along them (a step, a chain of jumps).  In
    any other action the first cell may be a piece that acts on another
    (a Cresnovian Teleport performed from one cell moves the piece on
    another): the piece that slides is the one that left one of the
    action's cells and stands, the same piece, on its last cell; where
    none did (a merge makes a new piece, a shield moves nothing), nothing
    slides."""
    action = after.last_action
    cells = action.cells() if action is not None else []
    if action is None or len(cells) < 2:
        return []
    if all(step.kind == "cell" for step in action.steps):
        return cells
    to = cells[-1]
    was = _pieces(before)
    now = _pieces(after)
    landed = now.get(to)
    if landed is None:
        return []
    for cell in reversed(cells[:-1]):
        if cell != to and was.get(cell) == landed and now.get(cell) != landed:
            return [cell, to]
    return []


def _pieces(state: State) -> dict[str, tuple]:
    """What stands on each cell of ``state``'s picture: its owner and how it is drawn."""
    return {cell: (p.owner, p.glyphs, p.letter, p.name) for p in state.view().pieces for cell in p.cells}
