"""Cosmic Chess move generation: every move and capture chain of the side
to move, worked out once per position (the chains by
:func:`playbook.chains.jump_chains`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...chains import jump_chains
from ...core import Action, StateMixin
from .board import ALL8, BLACK, CELL_STEPS, CELLS, DIAG, JUMPS, KNIGHT, OFF, OFF_STEP, ORTH, PLAIN, RAYS, STEPS1, WHITE

if TYPE_CHECKING:
    from .game import CosmicChess


class CosmicMoves(StateMixin):
    """The moves and captures of a :class:`CosmicState`'s side to move."""

    board: str
    side: str
    game: CosmicChess

    def _piece_actions(self) -> tuple[Action, ...]:
        """The moves and captures of the side to move (no draw offers),
        worked out once per position."""
        cached = self.__dict__.get("_actions")
        if cached is not None:
            return cached
        actions: list[Action] = []
        board = list(self.board)
        own = WHITE if self.side == "w" else BLACK
        mine = own.__contains__
        for i, piece in enumerate(board):
            if piece in own:
                kind = piece.upper()
                if kind == "P":
                    self._steps(board, i, DIAG, actions)
                    self._chains(board, i, DIAG, None, actions)
                elif kind == "K":
                    self._steps(board, i, ALL8, actions)
                    self._chains(board, i, ALL8, self.game.king_jumps, actions)
                elif kind == "N":
                    self._knight(board, i, mine, actions)
                else:
                    self._rook(board, i, mine, actions)
        if self.game.compulsory_capture and any("x" in a.text for a in actions):
            actions = [a for a in actions if "x" in a.text]
        self.__dict__["_actions"] = cached = tuple(actions)
        return cached

    def _can_move(self) -> bool:
        """Whether the side to move has a move or capture.  A plain step onto
        an empty cell is found without working out every capture chain (a
        search asks this of every position it reaches); only where there is
        none is the whole list made.  With compulsory capture a plain step
        still means a move: it is kept, or a capture exists."""
        if "_actions" in self.__dict__:
            return bool(self.__dict__["_actions"])
        board = self.board
        own = WHITE if self.side == "w" else BLACK
        for i, piece in enumerate(board):
            if piece not in own:
                continue
            kind = piece.upper()
            if kind == "N":
                for c1, c2, land in KNIGHT[i]:
                    if land is not None and board[land] == "." and board[c1] not in own and board[c2] not in own:
                        return True
            elif kind == "R":
                if any(ray and board[ray[0]] == "." for ray in RAYS[i]):
                    return True
            elif any(board[j] == "." for j in STEPS1[DIAG if kind == "P" else ALL8][i]):
                return True
        return bool(self._piece_actions())

    def _steps(self, board, i, dirs, out):
        for j in STEPS1[dirs][i]:
            if board[j] == ".":
                out.append(PLAIN[i, j])

    def _chains(self, board, start, dirs, limit, out, path=(), captured=()):
        """Add every capturing chain of jumps of the piece on ``start`` in the
        directions ``dirs`` (at most ``limit``), or those going on from
        ``path`` when a capture began it: over an enemy onto an empty cell,
        or off the board over the enemy king; taking the king ends it."""
        enemy = BLACK if self.side == "w" else WHITE
        table = JUMPS[dirs]
        for over, _ in table[path[-1] if path else start]:
            if board[over] in enemy:
                break
        else:
            return  # no enemy to jump next to it (most pieces of most positions)

        def jumps(here, jumped):
            for over, land in table[here]:
                victim = board[over]
                if victim in enemy:
                    king = victim in "Kk"
                    if land is not None or king:
                        yield over, land, not king

        for chain, taken in jump_chains(start, jumps, lambda cell: board[cell] == ".", path=path, jumped=captured,
                                        limit=limit):
            self._emit_capture(start, chain, taken, out)

    @staticmethod
    def _emit_capture(start, path, captured, out):
        names = [CELLS[c] if c is not None else OFF for c in path]
        steps = tuple(CELL_STEPS[c] if c is not None else OFF_STEP for c in path)
        out.append(Action("x".join(names), steps, (start, path[-1], captured)))

    def _knight(self, board, i, mine, out):
        for c1, c2, land in KNIGHT[i]:
            p1, p2 = board[c1], board[c2]
            if mine(p1) or mine(p2):
                continue
            captured = tuple(c for c, p in ((c1, p1), (c2, p2)) if p != ".")
            if land is None:
                if any(board[c].upper() == "K" for c in captured):
                    self._emit_capture(i, [i, None], captured, out)
                continue
            if board[land] != ".":
                continue  # clarification 4: never onto a piece
            if captured:
                self._emit_capture(i, [i, land], captured, out)
            else:
                out.append(PLAIN[i, land])

    def _rook(self, board, i, mine, out):
        for ray in RAYS[i]:
            for k, j in enumerate(ray):
                piece = board[j]
                if piece == ".":
                    out.append(PLAIN[i, j])
                    continue
                if mine(piece):
                    break
                land = ray[k + 1] if k + 1 < len(ray) else None
                if land is None:
                    if piece.upper() == "K":
                        self._emit_capture(i, [i, None], (j,), out)
                    break
                if board[land] != ".":
                    break
                self._emit_capture(i, (i, land), (j,), out)
                if piece.upper() != "K":  # later jumps are over an orthogonally adjacent enemy
                    self._chains(board, i, ORTH, None, out, (i, land), (j,))
                break
