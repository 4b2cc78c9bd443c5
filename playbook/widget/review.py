"""A reviewed game on a live board, as Lichess's computer analysis shows it.

``ReviewBoard(review(record))`` (or ``review(record).board()``) stacks a
:class:`~playbook.widget.BoardWidget` holding the game over a
:class:`ReviewGraph`: the evaluation graph with one point a move and the
move list in numbered turns, each move with its label's mark.  A click on
a point or a move jumps the board there; stepping on the board (its
buttons, the arrow keys) moves the graph's marker; and the engine's best
move in the position shown is drawn on the board as an arrow.  The board
is turned for the side a person played (``review.human``), as it was
when they played.  It is built from the board's public API (``jump``,
``cursor``, ``arrows``) and leaves the board itself alone.

The graph's front end is the board's own bundle (``widgets/src/graph.js``,
reached through ``kind``), so it is built and checked with the rest.  The
widget builds on :mod:`playbook.analysis`, never the reverse: importing
this module registers :class:`ReviewBoard` as what
:meth:`Review.board() <playbook.analysis.engines.review.Review.board>` builds.
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..analysis.engines.review import MARKS, Review
from ..analysis.engines.review_graph import graph_svg
from ..analysis.engines.review_html import length
from ..core import CHANCE, PlaybookError
from ..digests import shorten
from . import BoardWidget
from .bundle import CSS, ESM
from .picture import show, with_picture
from .protocol import PageTraits

__all__ = ["ReviewGraph", "ReviewBoard"]


class ReviewGraph(PageTraits, anywidget.AnyWidget):
    """The evaluation graph of a :class:`~playbook.analysis.engines.review.Review`
    and its move list, live: ``svg`` (the graph, drawn by
    :func:`~playbook.analysis.engines.review_graph.graph_svg`, each move a point
    on it), ``points`` (the first player's expected score after each
    move), ``labels`` and ``moves`` (one a move), ``numbers`` (the move
    numbers, "" within a turn), ``marks`` (``?!``, ``?``, ``??``),
    ``cursor`` (the position marked: 0 the start, ``n`` after the n-th
    move), which a click on the graph (at a point, or anywhere over a
    move) or on a move sets (the one trait the page sets; a position the
    game lacks is refused), and ``comment``, what the review says of the
    position marked (shown over the graph)."""

    #: Which of the bundle's front ends draws this widget.
    kind = traitlets.Unicode("review-graph").tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    points = traitlets.List(traitlets.Float()).tag(sync=False)
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)
    numbers = traitlets.List(traitlets.Unicode()).tag(sync=True)
    marks = traitlets.List(traitlets.Unicode()).tag(sync=True)
    cursor = traitlets.Int(0).tag(sync=True)
    comment = traitlets.Unicode("").tag(sync=True)

    _esm = ESM
    _css = CSS

    def __init__(self, review: Review, **kwargs: Any):
        rows = review.rows
        super().__init__(svg=graph_svg(review, live=True), points=review.advantage(), labels=[r["label"] for r in rows],
                         moves=[r["move"] for r in rows], numbers=review.numbers(), marks=review.marks(), **kwargs)

    @traitlets.validate("cursor")
    def _valid_cursor(self, proposal: dict[str, Any]) -> int:
        if not 0 <= proposal["value"] <= len(self.moves):
            raise traitlets.TraitError(f"no position {proposal['value']}: the game has {len(self.moves)} moves")
        return int(proposal["value"])

    def __repr__(self) -> str:
        return f"ReviewGraph({len(self.moves)} moves, at {self.cursor})"


class ReviewBoard(ipywidgets.VBox):
    """A board holding the reviewed game, each move marked with its label
    in the board's move list, over its :class:`ReviewGraph`, kept in step:
    ``board`` (a :class:`~playbook.widget.BoardWidget`, with the side a
    person played at the bottom), ``graph``; :meth:`show` jumps both to a
    position and draws the best move there as an arrow."""

    def __init__(self, review: Review, **board_options: Any):
        self.review = review
        if review.human and "human" not in board_options and "flipped" not in board_options:
            board_options["human"] = list(review.human)
        # The review says what each position is worth over the graph; the board, asked to, says the same.
        board_options.setdefault("show_evaluation", False)
        self.board = BoardWidget(review.states[0], **board_options)
        for row in review.rows:
            self.board.play(row["move"])
        self.board.line.show_review(review)
        self.graph = ReviewGraph(review, cursor=len(review.rows))
        super().__init__([self.board, self.graph])
        self.graph.observe(lambda change: self.show(change["new"]), names=["cursor"])
        self.board.observe(lambda change: self.show(change["new"]), names=["cursor"])
        self.show(len(review.rows))

    def best_arrow(self, index: int) -> list[str]:
        """The cells of the engine's best move in position ``index`` (0 the
        start), or an empty list (the game is over there, or the move
        clicks fewer than two cells)."""
        if index >= len(self.review.rows):
            return []
        state = self.review.states[index]
        try:
            cells = state.parse_action(self.review.rows[index]["best"]).cells()
        except PlaybookError:  # a move that does not read back (sealed orders with a fresh salt)
            return []
        return cells if len(cells) >= 2 else []

    def comment(self, index: int) -> str:
        """What the review says of position ``index``: the move that led
        there with its mark and label, the position's evaluation, counted
        for the review's side as everywhere in it (a forced result in
        words, never a raw score), and the engine's choice."""
        review = self.review
        rows, numbers = review.rows, review.numbers()
        if index == 0:
            first = rows[0] if rows else None
            worth = review.words(0)
            return f"The start: {worth}; the engine would play {shorten(first['best'])}." \
                if first and first["mover"] != CHANCE else f"The start: {worth}."
        row = rows[index - 1]
        # As chess writes a reply: "1… a4x*" for a move within the turn numbered 1.
        number = numbers[index - 1] or next((n for n in reversed(numbers[:index]) if n), "").rstrip(".…") + "…"
        said = f"{number} {shorten(row['move'])}{MARKS[row['label']]}".strip()
        label = f", {'an' if row['label'][0] in 'aeiou' else 'a'} {row['label']}" if row["label"] else ""
        best = "" if row["best"] == row["move"] else f"; the engine would have played {shorten(row['best'])}"
        who = "the dice" if row["mover"] == CHANCE else row["mover"]
        return f"{said} ({who}{label}): {review.words(index)}{best}."

    def show(self, index: int) -> None:
        """Show position ``index`` (0 the start, ``n`` after the n-th
        move) on the board and the graph, with the best move's arrow."""
        if self.board.cursor != index:
            self.board.jump(index)
        if self.graph.cursor != index:
            self.graph.cursor = index
        self.graph.comment = self.comment(index)
        arrow = self.best_arrow(index)
        arrows = [arrow] if arrow else []
        if self.board.arrows != arrows:
            self.board.arrows = arrows

    def _repr_mimebundle_(self, **kwargs: Any):
        # Beside the live view, the picture of its board, as a lone board
        # saves it: a saved notebook shows the board before anything runs.
        return with_picture(super()._repr_mimebundle_(**kwargs), self.board)

    def _ipython_display_(self) -> None:
        # In an output of its own, whose picture follows the board.
        show(self, self.board)

    def __repr__(self) -> str:
        return f"ReviewBoard({self.review.states[0].game.name}, {length(self.review)})"


Review.shown_by = ReviewBoard
