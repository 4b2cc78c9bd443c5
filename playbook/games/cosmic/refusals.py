"""Why a Cosmic Chess action is refused: the rule it breaks, naming the
piece in the way when one blocks it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import IllegalAction, StateMixin
from .board import ACCEPT_DRAW, CELLS, INDEX, KNIGHT, NAMES, OFF, OFFER_DRAW, SIDES, SIZE, _between, _owner
from .notation import _read_action

if TYPE_CHECKING:
    from .game import CosmicChess


MOVE_RULES = {
    "P": "a pawn steps one cell diagonally, or jumps diagonally over adjacent enemies onto empty cells",
    "N": "a knight goes two cells orthogonally then one to the side, not through its own pieces, "
    "capturing the enemies it passes and landing on an empty cell",
    "R": "a rook slides orthogonally (along its rank or file) over empty cells, or jumps one enemy in its way "
    "onto the empty cell behind it and then adjacent enemies",
    "K": "a king steps one cell in any direction, or jumps adjacent enemies (at most twice) onto empty cells",
}


class CosmicRefusals(StateMixin):
    """The reasons a :class:`CosmicState` gives for refusing an action."""

    board: str
    side: str
    game: CosmicChess

    def explain_illegal(self, text: str) -> None:
        """Raise the :class:`~playbook.core.IllegalAction` that says which rule refuses ``text``."""
        if text in (OFFER_DRAW, ACCEPT_DRAW):
            if text == OFFER_DRAW:
                raise IllegalAction("a draw has already been offered and not yet answered", rule="draw by agreement")
            raise IllegalAction("there is no draw offer from the opponent to accept", rule="draw by agreement")
        cells, seps = _read_action(text)
        start = cells[0]
        piece = self.board[INDEX[start]]
        if piece == ".":
            raise IllegalAction(f"there is no piece on {start}", rule="move one of your pieces")
        if _owner(piece) != self.side:
            raise IllegalAction(
                f"the {NAMES[piece.upper()]} on {start} is {SIDES[_owner(piece)]}'s; {self.to_move} is to move",
                rule="move one of your own pieces",
            )
        kind = NAMES[piece.upper()]
        blocker = self._blocker(INDEX[start], cells[1], seps[0] == "x")
        if blocker:
            raise IllegalAction(f"the {kind} on {start} cannot play {text}: {blocker}", rule=f"{kind} moves")
        if self.game.compulsory_capture and "x" not in seps and any("x" in a.text for a in self.legal_actions()):
            raise IllegalAction("a capture is available, and capturing is compulsory", rule="compulsory capture")
        raise IllegalAction(
            f"the {kind} on {start} cannot play {text}: {MOVE_RULES[piece.upper()]}", rule=f"{kind} moves"
        )

    def _blocker(self, start: int, target: str, capture: bool) -> str | None:
        """What stops the first leg of a move from ``start`` to ``target``
        that has the shape of the piece's move, in words; None when
        nothing stands in its way (or the leg has another shape)."""
        if target == OFF:
            return None
        end = INDEX[target]
        kind = self.board[start].upper()
        line = _between(start, end)
        if kind == "N":
            paths = [(c1, c2) for c1, c2, land in KNIGHT[start] if land == end]
            if not paths:
                return None
            passed = [c for c in paths[0] if self._side_of(c) == self.side]
            enemies = [c for c in paths[0] if self._side_of(c) not in ("", self.side)]
            if not passed and enemies and not capture:
                return f"it captures the {self._who(enemies[0])} on its way, written {CELLS[start]}x{target}"
            if not passed and not enemies and capture:
                return f"there is no enemy on its way to capture, so it is a plain move, {CELLS[start]}-{target}"
        elif kind == "R":
            if line is None or (capture and not line):
                return None
            passed = line  # a capture's last cell is the one it jumps
        else:
            f, r = abs(start % SIZE - end % SIZE), abs(start // SIZE - end // SIZE)
            straight = f == r if kind == "P" else f == r or line is not None
            if max(f, r) != (2 if capture else 1) or not straight:
                return None
            passed = [(start + end) // 2] if capture else []
        over = passed[-1] if capture and kind != "N" else None
        for c in passed:
            if c == over and self._side_of(c) == "":
                return f"there is no piece on {CELLS[c]} to jump"
            if c == over and self._side_of(c) == self.side:
                return f"the {self._who(c)} is in the way: no piece jumps its own side"
            if c != over and self._side_of(c):
                return f"the {self._who(c)} is in the way"
        if self.board[end] != ".":
            return f"{target} holds the {self._who(end, where=False)}, and a move ends only on an empty cell"
        return None

    def _side_of(self, i: int) -> str:
        """``"w"`` or ``"b"`` for the owner of the piece on cell ``i``, ``""`` when it is empty."""
        return "" if self.board[i] == "." else _owner(self.board[i])

    def _who(self, i: int, where: bool = True) -> str:
        """The piece on cell ``i`` in words: "white knight on a3" (without
        " on a3" when ``where`` is False)."""
        piece = self.board[i]
        return f"{SIDES[_owner(piece)]} {NAMES[piece.upper()]}" + (f" on {CELLS[i]}" if where else "")
