"""Breakthrough positions: the moves, the end and the drawing."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from playbook.core import Action, IllegalAction, NotationError, Outcome, State, Step
from playbook.descriptor import Ending
from playbook.render import Cell, Glyph, Piece, Scene

if TYPE_CHECKING:
    from .game import Breakthrough

SIDES = ("white", "black")
FILES = "abcdefgh"
#: The ending of a game won by a piece on the far rank.
ARRIVED = Ending("far rank reached", "a piece reached the far rank")


class BreakthroughState(State):
    """A position: the ``board`` as one letter a cell (``w``, ``b`` or ``.``,
    rank 1 first, file a first in each rank), its ``width`` and the side
    to move."""

    game: Breakthrough

    def __init__(self, board: str, width: int, side: str, game: Breakthrough):
        self.board, self.width, self.side, self.game = board, width, side, game
        self.height = len(board) // width

    @property
    def to_move(self) -> str:
        return self.side

    def key(self) -> Hashable:
        return (self.board, self.width, self.side)

    def cell(self, index: int) -> str:
        """The name of the cell at ``index`` (``"a1"`` for 0)."""
        return f"{FILES[index % self.width]}{index // self.width + 1}"

    def _moves(self) -> list[Action]:
        me, them = self.side[0], "b" if self.side == "white" else "w"
        ahead = self.width if me == "w" else -self.width
        steps, captures = [], []
        for i, piece in enumerate(self.board):
            if piece != me:
                continue
            f = i % self.width
            for df in (-1, 0, 1):
                j = i + ahead + df
                if not 0 <= f + df < self.width or not 0 <= j < len(self.board):
                    continue
                if self.board[j] == ".":
                    steps.append(self._action(i, "-", j))
                elif self.board[j] == them and df:
                    captures.append(self._action(i, "x", j))
        if self.game.must_capture and captures:
            return captures
        return steps + captures

    def _action(self, i: int, sign: str, j: int) -> Action:
        start, end = self.cell(i), self.cell(j)
        return Action(f"{start}{sign}{end}", (Step.cell(start), Step.cell(end)), (i, j))

    def legal_actions(self) -> list[Action]:
        return [] if self.outcome is not None else self._moves()

    def _apply(self, action: Action) -> BreakthroughState:
        i, j = action.data
        board = list(self.board)
        board[j], board[i] = board[i], "."
        return BreakthroughState("".join(board), self.width, SIDES[self.side == "white"], self.game)

    def _compute_outcome(self) -> Outcome | None:
        top, bottom = self.board[-self.width:], self.board[:self.width]
        if "w" in top:
            return Outcome(("white",), "a white piece reached the far rank", ARRIVED)
        if "b" in bottom:
            return Outcome(("black",), "a black piece reached the far rank", ARRIVED)
        other = SIDES[self.side == "white"]
        if self.side[0] not in self.board:
            return Outcome((other,), f"{self.side} has no piece left", Ending.PIECES_LOST)
        return None  # a side with a piece always has a move (clarification 1)

    def explain_illegal(self, text: str) -> None:
        """Say why ``text`` is no legal action: unreadable, or the rule it breaks."""
        cells = text.replace("x", "-").split("-")
        if len(cells) != 2 or not all(c[:1] in FILES and c[1:].isdigit() for c in cells):
            raise NotationError("a move is written from-cell, - or x, to-cell (b2-b3, c4xd5)", text)
        raise IllegalAction(f"{text}: a piece steps one cell ahead, straight or diagonally, "
                            "onto an empty cell, and captures only diagonally ahead", rule="moving")

    def to_text(self) -> str:
        ranks = [self.board[r * self.width:(r + 1) * self.width] for r in range(self.height)]
        return "/".join(reversed(ranks)) + " " + self.side[0]

    def view(self) -> Scene:
        cells, pieces = [], []
        for i, piece in enumerate(self.board):
            f, r, name = i % self.width, i // self.width, self.cell(i)
            zone = "goal-w" if r == self.height - 1 else "goal-b" if r == 0 else ("light" if (f + r) % 2 else "dark")
            cells.append(Cell(name, f, self.height - 1 - r, zone=zone))
            if piece != ".":
                player = SIDES[piece == "b"]
                pieces.append(Piece((name,), self.colour(player), (Glyph("circle", 0.7),),
                                    title=f"{player} piece on {name}"))
        counts = f"White {self.board.count('w')} pieces, Black {self.board.count('b')}."
        return Scene(cells, pieces, files=FILES[:self.width], ranks=[str(r) for r in range(self.height, 0, -1)],
                     caption=[f"{counts} {self.status()}"], title="Breakthrough",
                     zones=(("goal-w", "#d6e9f8", "#3b5870"), ("goal-b", "#f8dcd6", "#704038")))
