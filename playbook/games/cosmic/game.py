"""The Cosmic Chess game: its options, the start and reading positions."""

from __future__ import annotations

from typing import Any

from ...core import Game, IllegalAction, PlaybookError, Step, checked_text
from ...descriptor import Descriptor, Ending, Option, Talk
from .board import ACCEPT_DRAW, BARE_KING, NAMES, OFFER_DRAW, START
from .engine import ENGINE
from .notation import read_position
from .state import CosmicState


def _whole(value) -> bool:
    """True for a whole number (an ``int`` that is not True or False)."""
    return isinstance(value, int) and not isinstance(value, bool)


class CosmicChess(Game[CosmicState]):
    """Cosmic Chess.  ``compulsory_capture`` (True or False), ``king_jumps``
    (how many jumps a king may chain) and ``quiet_limit`` (moves without a
    capture that end the game, None for no such end) choose other readings
    of the rules (see the module's clarifications); a value of the wrong
    kind is refused with :class:`PlaybookError` naming the option."""

    descriptor = Descriptor(
        "cosmic", "Cosmic Chess", aliases=("cosmic_chess",),
        variants=(Option("compulsory_capture", False, bool, "a capture, when there is one, must be made"),
                  Option("king_jumps", 2, int, "how many jumps a king may chain"),
                  Option("quiet_limit", None, int, "moves without a capture that end the game (None: never)")),
        settings=(Option("first", "white", str, "the side that moves first", choices=("white", "black")),),
        talk=(Talk(OFFER_DRAW, "offer"), Talk(ACCEPT_DRAW, "accept")),
        endings=(Ending.KING_CAPTURED, Ending.AGREEMENT, BARE_KING, Ending.MOVE_LIMIT, Ending.NO_MOVE),
        puzzle_depths=(1, 3), bench_depth=5, clarified_in="notebooks/cosmic_chess_part_2.ipynb",
        players=("white", "black"), engine=ENGINE)
    compulsory_capture: bool
    king_jumps: int
    quiet_limit: int | None

    def __init__(self, *args: Any, **variants: Any) -> None:
        """The game with its rule variants; a king or quiet limit under 1 is refused too."""
        super().__init__(*args, **variants)
        if not _whole(self.king_jumps) or self.king_jumps < 1:
            raise PlaybookError(f"options: king_jumps is a whole number from 1 up, not {self.king_jumps!r}")
        if self.quiet_limit is not None and (not _whole(self.quiet_limit) or self.quiet_limit < 1):
            raise PlaybookError(f"options: quiet_limit is a whole number from 1 up, or None, not {self.quiet_limit!r}")

    def palette(self) -> tuple[Step, ...]:
        """Each side's king, rook, knight and pawn, by their letters."""
        return tuple(Step.choice(letter if side == "white" else letter.lower(), f"{side} {NAMES[letter]}")
                     for side in ("white", "black") for letter in "KRNP")

    def _initial(self, first: str) -> CosmicState:
        """The start position, with ``first`` ("white" or "black") to move."""
        if first not in ("white", "black"):
            raise IllegalAction(f"first must be 'white' or 'black', not {first!r}")
        return self.parse(START[:-1] + first[0])

    def parse(self, text: str) -> CosmicState:
        """Read a position written as :meth:`CosmicState.to_text` writes it
        (see the module's notation).  Refuses, naming the field, a position
        that cannot arise: wrong ranks, unknown letters, more pieces than a
        set holds, a bad side, offer or move count, or a king gone that
        the side that moved last could not have taken."""
        board, side, offer, quiet = read_position(checked_text(text), self.quiet_limit)
        return CosmicState(board, side, offer, self, quiet)


GAME = CosmicChess()
