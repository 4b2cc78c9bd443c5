"""The Breakthrough game: its declaration, options, the start and reading positions."""

from __future__ import annotations

from playbook.core import Game, IllegalAction, NotationError, checked_text
from playbook.descriptor import Descriptor, Ending, Option

from .engine import BreakthroughEngine
from .state import ARRIVED, SIDES, BreakthroughState


class Breakthrough(Game[BreakthroughState]):
    """Breakthrough.  ``must_capture=True`` makes captures compulsory."""

    descriptor = Descriptor(
        "breakthrough", "Breakthrough",
        variants=(Option("must_capture", False, bool, "a player who can capture must"),),
        settings=(Option("width", 6, int, "the board's files, 4 to 8"),
                  Option("height", 6, int, "the board's ranks, 4 to 8")),
        endings=(ARRIVED, Ending.PIECES_LOST),
        puzzle_depths=(1, 3), puzzle_plies=120, bench_depth=3,
        clarified_in="breakthrough.ipynb", players=SIDES, engine=BreakthroughEngine())
    must_capture: bool

    def _initial(self, width: int, height: int) -> BreakthroughState:
        """The start: each side's pieces on its two home ranks, White to move."""
        for name, value in (("width", width), ("height", height)):
            if not isinstance(value, int) or isinstance(value, bool) or not 4 <= value <= 8:
                raise IllegalAction(f"{name} is a whole number from 4 to 8, not {value!r}", rule="set-up")
        board = "w" * 2 * width + "." * (height - 4) * width + "b" * 2 * width
        return BreakthroughState(board, width, "white", self)

    def parse(self, text: str) -> BreakthroughState:
        """The position written ``text`` (see the rules' notation)."""
        board, _, side = checked_text(text).strip().partition(" ")
        ranks = board.split("/")
        width = len(ranks[0])
        if not 4 <= len(ranks) <= 8 or not 4 <= width <= 8 or any(len(r) != width for r in ranks):
            raise NotationError("a position has 4 to 8 ranks of 4 to 8 cells each, all alike", text, 0)
        bad = next((k for k, c in enumerate(board) if c not in "wb./"), None)
        if bad is not None:
            raise NotationError("a cell is w, b or .", text, bad)
        if side not in ("w", "b"):
            raise NotationError("the side to move is w or b", text, len(board) + 1)
        return BreakthroughState("".join(reversed(ranks)), width, SIDES[side == "b"], self)


GAME = Breakthrough()
