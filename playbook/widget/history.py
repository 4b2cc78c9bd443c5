"""A board's line of moves: playing, stepping along it, the move list, review.

:class:`Line` keeps the positions from the start of the line, works out
the move list the front end shows (its numbers, the review's marks and
the cells each move clicked) and moves the cursor on it; it plays
actions, steps back and forward, and tells the callbacks what was
played.  A board has one, as ``board.line``; the move list, the cursor
and the marks are the board's traits, which the line sets.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..analysis.engines.review import Review, review
from ..core import Action, IllegalAction, Outcome, State
from ..numbering import move_numbers
from ..records import Record

if TYPE_CHECKING:
    from . import BoardWidget

__all__ = ["Line", "slide_path"]


class Line:
    """The line ``board`` shows, from ``start``: its positions, the move
    list and the cursor on it, with play, undo, redo, reset, jump and
    review, and the callbacks told of each move."""

    def __init__(self, board: BoardWidget, start: State):
        self.board = board
        #: The positions of the line, from its start (the board's ``moves`` led from each to the next).
        self.positions: list[State] = [start]
        #: What to call after each action played: ``callback(board, action)``.
        self.callbacks: list[Callable[[Any, Action], Any]] = []
        #: What to call when an action played ends the game: ``callback(board, outcome)``.
        self.over_callbacks: list[Callable[[Any, Outcome], Any]] = []
        #: A review's evaluation of each position it went through, in words, by the position's text.
        self.reviewed: dict[str, str] = {}
        #: Each move's slide (:func:`slide_path`), by the position it made, with that position.
        self._slides: dict[int, tuple[State, list[str]]] = {}

    @property
    def state(self) -> State:
        """The position shown."""
        return self.positions[self.board.cursor]

    def start(self, state: State) -> None:
        """Start a new line at ``state`` (no moves), seating the person for it."""
        if not isinstance(state, State):
            raise TypeError(f"a board shows a State, not {type(state).__name__}")
        board = self.board
        self.positions = [state]
        board.engine.seat_humans(state)
        with board.hold_sync():
            board.title = state.game.title
            board.moves = []
            board.notes = []
            self.jump(0)

    @property
    def history(self) -> list[str]:
        """The actions from the start to the position shown."""
        return list(self.board.moves[: self.board.cursor])

    @property
    def actions(self) -> list[Action]:
        """The actions from the start to the position shown, as the
        :class:`Action` values played (with any private data a game keeps
        in them, such as sealed orders)."""
        return self.played(self.board.cursor)

    def on_move(self, callback: Callable[[Any, Action], Any]) -> None:
        """Call ``callback(widget, action)`` after every action played."""
        self.callbacks.append(callback)

    def on_game_over(self, callback: Callable[[Any, Outcome], Any]) -> None:
        """Call ``callback(widget, outcome)`` when an action played on the
        board (by a person or the opponent) finishes the game."""
        self.over_callbacks.append(callback)

    def record(self, **tags: Any) -> Record:
        """The game from the start to the position shown, as a
        :class:`~playbook.Record` (``players``, ``date`` and other tags as
        for :meth:`Record.of`)."""
        return Record.of(self.positions[0], self.actions, **tags)

    def review(self, depth: int | None = None, thresholds: Any = None) -> Review:
        """Review the game from its start to the position shown (see
        :func:`playbook.analysis.engines.review`, which takes ``depth`` and
        ``thresholds``), mark each of its moves in the move list with its
        label (``?!`` an inaccuracy, ``?`` a mistake, ``??`` a blunder) and
        return the :class:`~playbook.analysis.engines.review.Review`, which knows
        the sides the person played (its board is turned for them) and
        shows its graph and marked moves when displayed."""
        result = review(self.board, depth=depth, thresholds=thresholds, human=self.board.human)
        self.show_review(result)
        return result

    def show_review(self, result: Review) -> None:
        """Show what the review ``result`` (of this line) made of
        its moves and positions: each move's mark in the move list and,
        in the evaluation line, the review's evaluation of each position
        it went through, in its words (so the board and the review never
        give one position two numbers)."""
        self.reviewed = {state.to_text(): result.words(i) for i, state in enumerate(result.states)}
        self.board.notes = result.marks()
        self.board.publish()

    def undo(self) -> None:
        """Step back one move (against an opponent, back to your own turn).
        Raises :class:`IllegalAction`, changing nothing, at the start of
        the line (or where the opponent moved first and no earlier
        position is your turn)."""
        now = self.board.cursor
        cursor = now - 1
        # Against an opponent, go back to a position where it is our turn.
        while cursor >= 0 and self.board.engine.to_move(self.positions[cursor]):
            cursor -= 1
        if cursor < 0:
            first = "this is the start of the line" if now == 0 else "no earlier position is your turn"
            raise IllegalAction(f"nothing to undo: {first}", rule="undo")
        self.jump(cursor)

    def redo(self) -> None:
        """Step forward one move along the line (against an opponent, on
        to your own turn).  Raises :class:`IllegalAction`, changing
        nothing, at the end of the line."""
        cursor, moves = self.board.cursor, self.board.moves
        if cursor >= len(moves):
            raise IllegalAction("nothing to redo: this is the last position of the line", rule="redo")
        cursor += 1
        while cursor < len(moves) and self.board.engine.to_move(self.positions[cursor]):
            cursor += 1
        self.jump(cursor)

    def reset(self) -> None:
        """Back to the first position, forgetting the moves."""
        self.take_back(0)

    def take_back(self, index: int) -> None:
        """Take the moves after the first ``index`` back for good (a wrong
        answer in a lesson): the line ends at that position again."""
        board = self.board
        self.positions = self.positions[: index + 1]
        with board.hold_sync():
            board.moves = board.moves[:index]
            board.notes = board.notes[:index]
            self.jump(index)

    def jump(self, index: int) -> None:
        """Show the position after the first ``index`` moves of the line."""
        board = self.board
        if not 0 <= index <= len(board.moves):
            raise IndexError(f"no position {index}: the line has {len(board.moves)} moves")
        with board.hold_sync():
            board.cursor = index
            board.error = ""
            board.publish()

    def play(self, action: Action) -> None:
        """Play ``action`` in the position shown, on a board already held
        for it (see :meth:`~playbook.widget.engine.EnginePlayer.turn`), and
        tell the callbacks; playing from an earlier position replaces the
        moves that followed it."""
        board = self.board
        new = self.state.play(action)
        # One update: the front end never sees a move list that is ahead of its board.
        with board.hold_sync():
            self.positions = self.positions[: board.cursor + 1] + [new]
            board.moves = board.moves[: board.cursor] + [action.text]
            board.notes = board.notes[: board.cursor]
            board.cursor += 1
            board.error = ""
            board.publish()  # callbacks see the board as it now stands
        for callback in self.callbacks:
            callback(board, action)
        if new.outcome is not None:
            for over in self.over_callbacks:
                over(board, new.outcome)

    def numbers(self) -> list[str]:
        """Move numbers by the game's turns (:func:`~playbook.numbering.move_numbers`)."""
        return move_numbers(self.positions[: len(self.board.moves) + 1])

    def trail(self) -> list[list[str]]:
        """For each move of the line, the cells its piece slides along when
        the board steps over it (see :func:`slide_path`), remembered per
        position so that each move is worked out once."""
        kept = self._slides
        fresh: dict[int, tuple[State, list[str]]] = {}
        trail = []
        for before, after in pairwise(self.positions[: len(self.board.moves) + 1]):
            seen = kept.get(id(after))
            if seen is not None and seen[0] is after:
                path = seen[1]
            else:
                path = slide_path(before, after) if after.last_action is not None else []
            fresh[id(after)] = (after, path)
            trail.append(path)
        self._slides = fresh
        return trail

    def played(self, count: int) -> list[Action]:
        """The first ``count`` actions of the line (each position after the first was reached by one)."""
        return [after.last_action for after in self.positions[1: count + 1] if after.last_action is not None]


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
