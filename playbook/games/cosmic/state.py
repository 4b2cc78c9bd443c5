"""A Cosmic Chess position: outcome, action list, playing and editing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core import Action, Ending, NotationError, Outcome, State
from .board import ACCEPT_ACTION, BARE_KING, INDEX, OFFER_ACTION, SIDES, SIZE
from .moves import CosmicMoves
from .refusals import CosmicRefusals
from .view import CosmicView

if TYPE_CHECKING:
    from .game import CosmicChess


# The contract's short repr is kept (repr=False); equality is defined below.
@dataclass(frozen=True, eq=False, repr=False)
class CosmicState(CosmicMoves, CosmicRefusals, CosmicView, State):
    """A Cosmic Chess position: the board, the side to move, any draw offer
    and the moves made since the last capture."""

    board: str  # 36 characters, a1 first, '.' for empty
    side: str  # 'w' or 'b'
    offer: str  # '', 'w' or 'b' (pending offer by that side), '=' agreed
    game: CosmicChess = field(compare=False, repr=False)
    quiet: int  # moves since the last capture (clarification 13)

    # ---- the contract

    @property
    def to_move(self) -> str:
        return SIDES[self.side]

    def _compute_outcome(self) -> Outcome | None:
        kings = {"w": "K" in self.board, "b": "k" in self.board}
        if not kings["w"] and not kings["b"]:
            # Only a king jumping off the board over the other king removes
            # both: the side that just moved did it (clarification 11).
            mover = "b" if self.side == "w" else "w"
            loser = self.side
            return Outcome((SIDES[mover],), f"{SIDES[mover]} captured the {SIDES[loser]} king", Ending.KING_CAPTURED)
        for s, other in (("w", "b"), ("b", "w")):
            if not kings[s]:
                return Outcome((SIDES[other],), f"{SIDES[other]} captured the {SIDES[s]} king", Ending.KING_CAPTURED)
        counts = self.counts()
        if self.offer == "=":
            return self._by_count(counts, "a draw was agreed", Ending.AGREEMENT)
        bare = [s for s in "wb" if counts[s] == 1]
        if bare:
            why = (
                "both sides have only their kings left"
                if len(bare) == 2
                else f"{SIDES[bare[0]]} has only its king left"
            )
            return self._by_count(counts, why, BARE_KING)
        limit = self.game.quiet_limit
        if limit is not None and self.quiet >= limit:
            return self._by_count(counts, f"{limit} moves were made without a capture", Ending.MOVE_LIMIT)
        if not self._can_move():
            return self._by_count(counts, f"{self.to_move} has no piece that can move", Ending.NO_MOVE)
        return None

    @staticmethod
    def _by_count(counts: dict, why: str, ending: Ending) -> Outcome:
        if counts["w"] == counts["b"]:
            return Outcome((), f"{why}, with equal pieces ({counts['w']} each)", ending)
        leader = "w" if counts["w"] > counts["b"] else "b"
        trailer = "b" if leader == "w" else "w"
        # The leader's count first: "black has more pieces (8 to 2)".
        return Outcome(
            (SIDES[leader],), f"{why}; {SIDES[leader]} has more pieces ({counts[leader]} to {counts[trailer]})", ending
        )

    def edit(self, cell: str | None = None, piece: str | None = None, *, to_move: str | None = None) -> CosmicState:
        """The position with ``piece`` (a letter of :meth:`CosmicChess.palette`,
        None for empty) on ``cell`` and/or ``to_move`` to move; no draw offer
        and no quiet moves counted.  Refused through :meth:`CosmicChess.parse`."""
        board = self.board
        if cell is not None:
            if cell not in INDEX:
                raise NotationError(f"cell: no cell {cell!r} on the board (a1 to f6)")
            if piece is not None and (len(piece) != 1 or piece not in "KRNPkrnp"):
                raise NotationError(f"piece: one of K R N P (white) or k r n p (black), not {piece!r}")
            i = INDEX[cell]
            board = board[:i] + (piece or ".") + board[i + 1:]
        side = self.side
        if to_move is not None:
            if to_move not in SIDES.values():
                raise NotationError(f"side to move: white or black, not {to_move!r}")
            side = to_move[0]
        return self.game.parse(CosmicState(board, side, "", self.game, 0).to_text())

    def to_text(self) -> str:
        rows = []
        for r in range(SIZE - 1, -1, -1):
            row, run = "", 0
            for c in self.board[r * SIZE:(r + 1) * SIZE]:
                if c == ".":
                    run += 1
                else:
                    row += (str(run) if run else "") + c
                    run = 0
            rows.append(row + (str(run) if run else ""))
        text = "/".join(rows) + " " + self.side
        if self.offer:
            text += " =" + (self.offer if self.offer != "=" else "")
        if self.quiet:
            text += f" {self.quiet}"
        return text

    def key(self):
        """The board, the side to move, a draw offer and the quiet count (see :meth:`State.key`)."""
        return self.board, self.side, self.offer, self.quiet

    # ---- move generation

    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        actions = list(self._piece_actions())
        if self.offer == "":
            actions.append(OFFER_ACTION)
        elif self.offer != self.side:
            actions.append(ACCEPT_ACTION)
        return actions

    # ---- playing

    def _apply(self, action: Action) -> CosmicState:
        other = "b" if self.side == "w" else "w"
        kind = action.data[0]
        if kind == "offer":
            return CosmicState(self.board, self.side, self.side, self.game, self.quiet)
        if kind == "accept":
            return CosmicState(self.board, self.side, "=", self.game, self.quiet)
        start, end, captured = action.data
        board = list(self.board)
        # Lifted before it is put down, so a chain ending where it began keeps its piece (as
        # playbook.chains.carry_out does; written out here, where searches play it at every node).
        piece = board[start]
        board[start] = "."
        for c in captured:
            board[c] = "."
        if end is not None:
            board[end] = piece
        # An offer made this turn stands for the opponent; an offer the
        # mover leaves unanswered lapses when it moves.
        offer = self.offer if self.offer == self.side else ""
        quiet = 0 if captured else self.quiet + 1
        return CosmicState("".join(board), other, offer, self.game, quiet)

    def status(self) -> str:
        line = super().status()
        if self.outcome is None and self.offer:
            line += f" ({SIDES[self.offer]} offers a draw)"
        return line
