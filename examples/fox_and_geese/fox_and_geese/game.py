"""The Fox and Geese game: its declaration, the start and reading positions."""

from __future__ import annotations

from playbook.core import Game, NotationError, checked_text
from playbook.descriptor import Descriptor, Ending, Option

from .board import CELLS, RANK_SIZES
from .engine import FoxAndGeeseEngine
from .state import TAKEN, FoxAndGeeseState

#: The start: the geese on ranks 1 to 3, the fox on d5.
START = ".../.../...F.../......./ggggggg/ggg/ggg g 0"


class FoxAndGeese(Game[FoxAndGeeseState]):
    """Fox and Geese.  ``quiet_limit`` is how many moves with no goose taken
    or stepping forward draw the game (None: never)."""

    descriptor = Descriptor(
        "fox_and_geese", "Fox and Geese",
        players=("geese", "fox"), colours=("white", "orange"), engine=FoxAndGeeseEngine(),
        variants=(Option("quiet_limit", 50, int, "moves with no goose taken or stepping forward that draw "
                         "(None: never)", optional=True),),
        endings=(TAKEN, Ending.NO_MOVE, Ending.MOVE_LIMIT),
        puzzle_depths=(1, 3), puzzle_plies=200, bench_depth=3)
    quiet_limit: int | None

    def _initial(self) -> FoxAndGeeseState:
        """The start: the geese on ranks 1 to 3, the fox on d5, the geese to move."""
        return self.parse(START)

    def parse(self, text: str) -> FoxAndGeeseState:
        """The position written ``text`` (see the rules' notation).  A
        position that cannot arise is refused: a fox missing or doubled,
        more than thirteen geese, a count beyond the quiet limit."""
        fields = checked_text(text).split()
        if len(fields) != 3:
            raise NotationError("a position is the board, the side to move and the quiet moves, "
                                "separated by spaces", text, 0)
        board, side, quiet = fields
        ranks = board.split("/")
        if [len(r) for r in ranks] != list(reversed(RANK_SIZES)):
            raise NotationError("the board is seven ranks from rank 7 down, of 3, 3, 7, 7, 7, 3 and 3 cells", text, 0)
        bad = next((k for k, c in enumerate(board) if c not in "gF./"), None)
        if bad is not None:
            raise NotationError("a cell is g (a goose), F (the fox) or . (empty)", text, bad)
        cells = "".join(reversed(ranks))
        if cells.count("F") != 1:
            raise NotationError(f"the board holds one fox, not {cells.count('F')}", text, 0)
        if cells.count("g") > 13:
            raise NotationError(f"the board holds at most thirteen geese, not {cells.count('g')}", text, 0)
        if side not in ("g", "f"):
            raise NotationError("the side to move is g (the geese) or f (the fox)", text, len(board) + 1)
        at = len(board) + len(side) + 2
        if not quiet.isdigit() or (self.quiet_limit is not None and int(quiet) > self.quiet_limit):
            raise NotationError(f"the quiet moves are a whole number up to {self.quiet_limit}", text, at)
        assert len(cells) == len(CELLS)
        return FoxAndGeeseState(cells, side, int(quiet), self)


GAME = FoxAndGeese()
