"""Fox and Geese positions: the moves, the end, the text and the drawing."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from playbook.chains import carry_out, jump_chains
from playbook.core import Action, IllegalAction, NotationError, Outcome, State, Step
from playbook.descriptor import Ending
from playbook.render import Cell, Glyph, Piece, Scene

from .board import CELLS, FILES, FOX_STEPS, GOOSE_STEPS, INDEX, JUMPS, RANK_OF, RANK_SIZES

if TYPE_CHECKING:
    from .game import FoxAndGeese

SIDES = {"g": "geese", "f": "fox"}
#: The geese left below which the fox has won: it has taken five of thirteen.
FEWEST = 9
#: The ending of a game the fox won by taking geese.
TAKEN = Ending("geese taken", "the fox took so many geese that the rest cannot trap it")
STEPS = tuple(Step.cell(name) for name in CELLS)


class FoxAndGeeseState(State):
    """A position: the ``board`` as one letter a cell of :data:`~.board.CELLS`
    (``g`` a goose, ``F`` the fox, ``.`` empty), the ``side`` to move
    (``g`` or ``f``) and the moves since a goose was last taken or stepped
    forward (``quiet``)."""

    game: FoxAndGeese

    def __init__(self, board: str, side: str, quiet: int, game: FoxAndGeese):
        self.board, self.side, self.quiet, self.game = board, side, quiet, game

    @property
    def to_move(self) -> str:
        return SIDES[self.side]

    def key(self) -> Hashable:
        return (self.board, self.side, self.quiet)

    @property
    def geese(self) -> int:
        """How many geese are on the board."""
        return self.board.count("g")

    # ---- moves

    def _moves(self) -> list[Action]:
        """The moves of the side to move, worked out once."""
        found = self.__dict__.get("_listed")
        if found is None:
            found = self.__dict__["_listed"] = self._fox_moves() if self.side == "f" else self._goose_moves()
        return found

    def _goose_moves(self) -> list[Action]:
        board = self.board
        return [_step(i, j) for i, piece in enumerate(board) if piece == "g" for j in GOOSE_STEPS[i] if board[j] == "."]

    def _fox_moves(self) -> list[Action]:
        board = self.board
        fox = board.index("F")
        moves = [_step(fox, j) for j in FOX_STEPS[fox] if board[j] == "."]

        def jumps(here: int, jumped: tuple[int, ...]):
            return [(over, land, True) for over, land in JUMPS[here] if board[over] == "g"]

        for path, jumped in jump_chains(fox, jumps, lambda cell: board[cell] == "."):
            moves.append(Action("x".join(CELLS[c] for c in path), tuple(STEPS[c] for c in path), (path, jumped)))
        return moves

    def legal_actions(self) -> list[Action]:
        return [] if self.outcome is not None else list(self._moves())

    def _apply(self, action: Action) -> FoxAndGeeseState:
        path, jumped = action.data
        board = list(self.board)
        carry_out(board, path, jumped, ".")
        forward = self.side == "g" and RANK_OF[path[-1]] > RANK_OF[path[0]]
        quiet = 0 if jumped or forward else self.quiet + 1
        return FoxAndGeeseState("".join(board), "f" if self.side == "g" else "g", quiet, self.game)

    def _compute_outcome(self) -> Outcome | None:
        if self.geese < FEWEST:
            return Outcome(("fox",), f"only {self.geese} geese are left", TAKEN)
        if not self._moves():
            winner = "geese" if self.side == "f" else "fox"
            why = "the fox is trapped" if self.side == "f" else "the geese cannot move"
            return Outcome((winner,), why, Ending.NO_MOVE)
        limit = self.game.quiet_limit
        if limit is not None and self.quiet >= limit:
            return Outcome((), f"{limit} moves passed with no goose taken or stepping forward", Ending.MOVE_LIMIT)
        return None

    def explain_illegal(self, text: str) -> None:
        """Say why ``text`` is no legal move: unreadable, or the rule it breaks."""
        cells = text.replace("x", "-").split("-")
        if len(cells) < 2 or any(c not in INDEX for c in cells):
            raise NotationError("a move is written from-cell, - or x, to-cell (d3-d4, d5xd3), on the cross's cells",
                                text)
        if self.side == "g":
            raise IllegalAction(f"{text}: a goose steps to an empty cell beside it, forward or sideways",
                                rule="moving a goose")
        raise IllegalAction(f"{text}: the fox steps to an empty cell beside it or jumps a goose beside it onto the "
                            "empty cell beyond", rule="moving the fox")

    # ---- text and drawing

    def to_text(self) -> str:
        ranks, at = [], 0
        for size in RANK_SIZES:
            ranks.append(self.board[at:at + size])
            at += size
        return "/".join(reversed(ranks)) + f" {self.side} {self.quiet}"

    def view(self) -> Scene:
        cells, pieces = [], []
        for i, piece in enumerate(self.board):
            name = CELLS[i]
            f, r = FILES.index(name[0]), int(name[1:])
            cells.append(Cell(name, f, 7 - r, zone="light" if (f + r) % 2 else "dark"))
            if piece == "g":
                pieces.append(Piece((name,), self.colour("geese"), (Glyph("circle", 0.62),), title=f"goose on {name}"))
            elif piece == "F":
                pieces.append(Piece((name,), self.colour("fox"), (Glyph("star", 0.85),), title=f"the fox on {name}"))
        return Scene(cells, pieces, files=FILES, ranks="7654321", title="Fox and Geese",
                     caption=[f"{self.geese} geese left. {self.status()}"])


def _step(i: int, j: int) -> Action:
    """A step from cell ``i`` to cell ``j``."""
    return Action(f"{CELLS[i]}-{CELLS[j]}", (STEPS[i], STEPS[j]), ((i, j), ()))
