"""Cosmic Chess: chess meets checkers on a 6x6 board, played with Looney pyramids.

Each side has a king (a large pyramid with a small one on top), two rooks
(large), three knights (medium) and two pawns (small).  Files are ``a``-``f``
from left to right, ranks ``1``-``6`` from White's side.

Moves
-----
- **Pawn**: one cell diagonally, any of the four ways.  Captures by jumping
  diagonally over an adjacent enemy onto the empty cell beyond, and may keep
  jumping, any number of times.
- **Knight**: two cells orthogonally, then one at a right angle.  Every enemy
  on the two cells of the straight part is captured.  A friendly piece on any
  of the three cells it travels through blocks the move.
- **Rook**: slides any distance orthogonally over empty cells.  Meeting an
  enemy, it may jump it onto the empty cell right behind, capturing it, and
  then keep jumping adjacent enemies orthogonally.
- **King**: one cell in any direction; captures by jumping an adjacent enemy
  in any direction, and may jump a second time.
- No piece passes over or captures its own pieces; no piece leaves the
  board unless that jump captures the enemy king.

Winning: capture the enemy king.  When a side is down to its bare king, the
side with more pieces wins.  A draw agreed by both players goes to the side
with more pieces (a true draw only when the counts are equal); so does a
side to move that cannot move a piece (clarification 12).  No count of
quiet moves ends a game unless ``quiet_limit`` is set (clarification 13).

Notation
--------
Positions: ranks 6 to 1 separated by ``/``, digits for empty runs, ``KRNP``
for White and ``krnp`` for Black, then ``w`` or ``b`` for the side to move,
then optionally ``=w``/``=b`` (a draw offered by that side and not yet
answered) or ``=`` (a draw agreed: the game is over), then optionally the
number of moves (plies) made since the last capture, left out when it is 0.
The start is ``3nrk/3pnr/4pn/NP4/RNP3/KRN3 w``; after ``c2-d3`` it is
``3nrk/3pnr/4pn/NP1P2/RN4/KRN3 b 1``.  A position holds at most the pieces
of one set: for each side one king, two rooks, three knights, two pawns.
A king may be missing only when the side that moved last took it: with
White to move, Black's king cannot be gone while White's stands.

Actions: the cells the piece visits, joined by ``-`` for a plain move and by
``x`` for a capture (``b3-c4``, ``c2xe4xc6``, a capturing knight ``b2xd3``).
A jump that leaves the board to capture the king lands on ``*``
(``b2x*``).  ``offer-draw`` and ``accept-draw`` are actions too.  A refused
action says why, naming the piece in the way when one blocks it
(``a2-a4`` from the start: the white knight on a3 is in the way).

Rules clarifications
--------------------
The source leaves these open; the engine decides as follows.  Each names
the tests in ``tests/test_cosmic.py`` that pin it.

1. White moves first (``initial(first="black")`` changes it).
   ``test_white_moves_first_by_default_and_black_on_request``.
2. Capturing is never compulsory (``CosmicChess(compulsory_capture=True)``
   makes it so: when any capture exists, a plain move is refused).
   ``test_capturing_is_optional_by_default_clarification_2``,
   ``test_compulsory_capture_variant_refuses_plain_moves_when_a_capture_exists``.
3. A chain of jumps may stop after any jump; capturing the king ends the
   chain and the game at once.
   ``test_pawn_jumps_and_keeps_jumping_and_may_stop_after_any_jump``,
   ``test_capturing_the_king_wins_and_ends_the_chain_at_once_clarification_3``.
4. A knight may not land on an enemy piece: it captures only what it jumps
   over, and lands on an empty cell (or off the board, when the king is
   among the pieces it jumps).
   ``test_knight_may_not_land_on_an_enemy_clarification_4``.
5. A knight's straight part must stay on the board; only its landing may
   leave it, and only to capture the king.
   ``test_knights_straight_part_stays_on_the_board_clarification_5``.
6. A rook's first capture may come at the end of a slide; each later jump is
   over an orthogonally adjacent enemy.  A rook cannot jump two pieces in a
   row: the cell behind the one it jumps must be empty.
   ``test_rook_cannot_jump_two_pieces_in_a_row_clarification_6``,
   ``test_rook_later_jumps_need_an_adjacent_enemy_clarification_6``.
7. A king makes at most two jumps in a turn (``king_jumps=`` changes it).
   ``test_king_jumps_at_most_twice_clarification_7``.
8. A piece may jump off the board only over the enemy king, landing one
   cell beyond it, written ``*``.
   ``test_a_jump_may_leave_the_board_only_over_the_enemy_king``.
9. A draw by agreement is two actions: the side to move plays ``offer-draw``
   (and then still makes its move); the opponent answers with
   ``accept-draw`` on its turn, or declines by moving.  On agreement the side
   with more pieces wins; equal counts are a draw.
   ``test_draw_offer_then_move_then_accept_with_equal_pieces_is_a_draw``,
   ``test_agreed_draw_goes_to_the_side_with_more_pieces``,
   ``test_moving_instead_of_accepting_declines_the_offer``.
10. When both sides are down to a bare king the game is drawn (equal counts).
    ``test_two_bare_kings_are_a_draw_clarification_10``.
11. The side whose piece captures the enemy king wins, whichever piece did
    it; a king that jumps off the board over the enemy king wins for its
    side although it leaves the board itself.
    ``test_jumping_off_the_board_over_the_king_wins_for_every_piece_and_side``.
12. A side to move that has no piece move (all its pieces are blocked) ends
    the game, which is scored as on agreement: the side with more pieces
    wins, equal counts draw.  (Offering a draw is no way out: it comes with
    a move.)  The count decides, not the blocking: a side walled in partly
    by its own pieces may have as many pieces as the other, and then the
    game is drawn.
    ``test_a_side_with_no_piece_move_ends_the_game_by_count_clarification_12``,
    ``test_a_blocked_side_with_as_many_pieces_draws_clarification_12``.
13. No rule of ours ends a long game: the source ends a game early only
    when both players agree (clarification 9), so quiet moves may go on as
    long as the players like; self-play caps its games by its own ply
    limit.  ``CosmicChess(quiet_limit=100)`` (or any number) ends the game
    after that many moves in a row without a capture, scored as an agreed
    draw.  The position text counts those moves at its end either way;
    offering or accepting a draw is no move and does not count.
    ``test_no_rule_ends_a_quiet_game_by_default_clarification_13``,
    ``test_quiet_limit_ends_the_game_scored_as_an_agreed_draw_clarification_13``.
14. Each jump of a chain may go its own way: a king's second jump, a rook's
    later jumps and every jump of a pawn may turn from the one before.
    ``test_each_jump_of_a_chain_may_turn_clarification_14``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core import Action, Game, IllegalAction, NotationError, Outcome, PlaybookError, State, Step
from ..render import Cell, Glyph, Piece, Scene

FILES = "abcdef"
SIZE = 6
OFF = "*"
START = "3nrk/3pnr/4pn/NP4/RNP3/KRN3 w"
NAMES = {"K": "king", "R": "rook", "N": "knight", "P": "pawn"}
SIDES = {"w": "white", "b": "black"}
KINGS = {"w": "K", "b": "k"}

ORTH = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL8 = ORTH + DIAG


def cell_name(i: int) -> str:
    return FILES[i % SIZE] + str(i // SIZE + 1)


CELLS = [cell_name(i) for i in range(SIZE * SIZE)]
INDEX = {name: i for i, name in enumerate(CELLS)}
CELL_STEPS = [Step.cell(name) for name in CELLS]
OFF_STEP = Step.choice(OFF, "jump off the board")
OFFER_DRAW = "offer-draw"
ACCEPT_DRAW = "accept-draw"


def _walk(i: int, d: tuple[int, int], n: int) -> int | None:
    """The index ``n`` cells from ``i`` in direction ``d``, or None off the board."""
    f, r = i % SIZE + d[0] * n, i // SIZE + d[1] * n
    return r * SIZE + f if 0 <= f < SIZE and 0 <= r < SIZE else None


def _between(i: int, j: int) -> list[int] | None:
    """The cells strictly between ``i`` and ``j`` when both are on one rank
    or one file (nearest ``i`` first), else None."""
    df, dr = j % SIZE - i % SIZE, j // SIZE - i // SIZE
    if i == j or (df and dr):
        return None
    d = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    return [_walk(i, d, n) for n in range(1, max(abs(df), abs(dr)))]


# JUMPS[dirs][i]: for each direction, (cell jumped over, landing cell or None
# when the landing is off the board).  Only jumps whose jumped cell is on the
# board are listed.
def _jump_table(dirs):
    table = []
    for i in range(SIZE * SIZE):
        row = []
        for d in dirs:
            over = _walk(i, d, 1)
            if over is not None:
                row.append((over, _walk(i, d, 2)))
        table.append(tuple(row))
    return table


JUMPS = {dirs: _jump_table(dirs) for dirs in (ORTH, DIAG, ALL8)}
STEPS1 = {dirs: [tuple(j for j in (_walk(i, d, 1) for d in dirs) if j is not None) for i in range(36)] for dirs in (DIAG, ALL8)}
RAYS = [
    [tuple(j for j in (_walk(i, d, n) for n in range(1, SIZE)) if j is not None) for d in ORTH]
    for i in range(SIZE * SIZE)
]
# KNIGHT[i]: (first cell, second cell, landing or None off the board)
KNIGHT = []
for _i in range(SIZE * SIZE):
    _paths = []
    for _d in ORTH:
        _c1, _c2 = _walk(_i, _d, 1), _walk(_i, _d, 2)
        if _c1 is None or _c2 is None:
            continue
        for _p in ((_d[1], _d[0]), (-_d[1], -_d[0])):
            _paths.append((_c1, _c2, _walk(_c2, _p, 1)))
    KNIGHT.append(tuple(_paths))


# Plain moves are the same value wherever they occur: make each once.
PLAIN = {
    (i, j): Action(CELLS[i] + "-" + CELLS[j], (CELL_STEPS[i], CELL_STEPS[j]), (i, j, ()))
    for i in range(SIZE * SIZE)
    for j in range(SIZE * SIZE)
    if i != j
}
WHITE, BLACK = frozenset("KRNP"), frozenset("krnp")
OFFER_ACTION = Action(OFFER_DRAW, (Step.choice(OFFER_DRAW, "Offer a draw"),), ("offer",))
ACCEPT_ACTION = Action(ACCEPT_DRAW, (Step.choice(ACCEPT_DRAW, "Accept the draw"),), ("accept",))


def _owner(piece: str) -> str:
    return "w" if piece.isupper() else "b"


# The contract's short repr is kept (repr=False); equality is defined below.
@dataclass(frozen=True, eq=False, repr=False)
class CosmicState(State):
    board: str  # 36 characters, a1 first, '.' for empty
    side: str  # 'w' or 'b'
    offer: str = ""  # '', 'w' or 'b' (pending offer by that side), '=' agreed
    game: "CosmicChess" = field(default=None, compare=False, repr=False)
    quiet: int = 0  # moves since the last capture (clarification 13)

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
            return Outcome((SIDES[mover],), f"{SIDES[mover]} captured the {SIDES[loser]} king")
        for s, other in (("w", "b"), ("b", "w")):
            if not kings[s]:
                return Outcome((SIDES[other],), f"{SIDES[other]} captured the {SIDES[s]} king")
        counts = self.counts()
        if self.offer == "=":
            return self._by_count(counts, "a draw was agreed")
        bare = [s for s in "wb" if counts[s] == 1]
        if bare:
            why = "both sides have only their kings left" if len(bare) == 2 else f"{SIDES[bare[0]]} has only its king left"
            return self._by_count(counts, why)
        limit = self.game.quiet_limit
        if limit is not None and self.quiet >= limit:
            return self._by_count(counts, f"{limit} moves were made without a capture")
        if not self._piece_actions():
            return self._by_count(counts, f"{self.to_move} has no piece that can move")
        return None

    @staticmethod
    def _by_count(counts: dict, why: str) -> Outcome:
        if counts["w"] == counts["b"]:
            return Outcome((), f"{why}, with equal pieces ({counts['w']} each)")
        leader = "w" if counts["w"] > counts["b"] else "b"
        trailer = "b" if leader == "w" else "w"
        # The leader's count first: "black has more pieces (8 to 2)".
        return Outcome((SIDES[leader],), f"{why}; {SIDES[leader]} has more pieces ({counts[leader]} to {counts[trailer]})")

    def counts(self) -> dict[str, int]:
        """Pieces on the board for each side (``"w"`` and ``"b"``)."""
        b = self.board
        return {
            "w": b.count("K") + b.count("R") + b.count("N") + b.count("P"),
            "b": b.count("k") + b.count("r") + b.count("n") + b.count("p"),
        }

    def edit(self, cell: str | None = None, piece: str | None = None, *, to_move: str | None = None) -> "CosmicState":
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

    def __eq__(self, other):
        if not isinstance(other, CosmicState):
            return NotImplemented
        return (self.board, self.side, self.offer, self.quiet) == (other.board, other.side, other.offer, other.quiet)

    def __hash__(self):
        return hash((self.board, self.side, self.offer, self.quiet))

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
                    self._chain(board, i, DIAG, None, actions)
                elif kind == "K":
                    self._steps(board, i, ALL8, actions)
                    self._chain(board, i, ALL8, self.game.king_jumps, actions)
                elif kind == "N":
                    self._knight(board, i, mine, actions)
                else:
                    self._rook(board, i, mine, actions)
        if self.game.compulsory_capture and any("x" in a.text for a in actions):
            actions = [a for a in actions if "x" in a.text]
        self.__dict__["_actions"] = cached = tuple(actions)
        return cached

    def _steps(self, board, i, dirs, out):
        for j in STEPS1[dirs][i]:
            if board[j] == ".":
                out.append(PLAIN[i, j])

    def _enemy(self, piece: str) -> bool:
        return piece in (BLACK if self.side == "w" else WHITE)

    def _chain(self, board, start, dirs, limit, out, path=None, captured=()):
        """Add every capturing chain of jumps from ``path[-1]``; ``board`` is
        updated in place as pieces are jumped and restored afterwards."""
        if path is None:
            path = [start]
        here = path[-1]
        if limit is not None and len(captured) >= limit:
            return
        for over, land in JUMPS[dirs][here]:
            victim = board[over]
            if not self._enemy(victim):
                continue
            if land is None:
                if victim.upper() == "K":
                    self._emit_capture(start, path + [None], captured + (over,), out)
                continue
            if board[land] != ".":
                continue
            new_path = path + [land]
            new_captured = captured + (over,)
            self._emit_capture(start, new_path, new_captured, out)
            if victim.upper() == "K":
                continue  # the game is won: the chain stops here
            board[over] = "."
            moving, board[start] = board[start], "."
            self._chain(board, start, dirs, limit, out, new_path, new_captured)
            board[start] = moving
            board[over] = victim

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
        for d, ray in zip(ORTH, RAYS[i]):
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
                self._emit_capture(i, [i, land], (j,), out)
                if piece.upper() != "K":
                    board[j] = "."
                    moving, board[i] = board[i], "."
                    self._chain(board, i, ORTH, None, out, [i, land], (j,))
                    board[i] = moving
                    board[j] = piece
                break

    # ---- playing

    def _apply(self, action: Action) -> "CosmicState":
        other = "b" if self.side == "w" else "w"
        kind = action.data[0]
        if kind == "offer":
            return CosmicState(self.board, self.side, self.side, self.game, self.quiet)
        if kind == "accept":
            return CosmicState(self.board, self.side, "=", self.game, self.quiet)
        start, end, captured = action.data
        board = list(self.board)
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

    def explain_illegal(self, text: str) -> None:
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
        raise IllegalAction(f"the {kind} on {start} cannot play {text}: {MOVE_RULES[piece.upper()]}", rule=f"{kind} moves")

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

    def status(self) -> str:
        line = super().status()
        if self.outcome is None and self.offer:
            line += f" ({SIDES[self.offer]} offers a draw)"
        return line

    # ---- drawing

    def view(self) -> Scene:
        cells = []
        pieces = []
        for i, name in enumerate(CELLS):
            f, r = i % SIZE, i // SIZE
            cells.append(Cell(name, f, SIZE - 1 - r, zone="light" if (f + r) % 2 else "dark"))
            piece = self.board[i]
            if piece != ".":
                owner = SIDES[_owner(piece)]
                pieces.append(
                    Piece((name,), owner, GLYPHS[piece.upper()], title=f"{owner} {NAMES[piece.upper()]} on {name}")
                )
        counts = self.counts()
        return Scene(
            cells,
            pieces,
            files=FILES,
            ranks=[str(r) for r in range(SIZE, 0, -1)],
            caption=[f"White {counts['w']} pieces, Black {counts['b']}. {self.status()}"],
            title="Cosmic Chess",
        )


MOVE_RULES = {
    "P": "a pawn steps one cell diagonally, or jumps diagonally over adjacent enemies onto empty cells",
    "N": "a knight goes two cells orthogonally then one to the side, not through its own pieces, "
    "capturing the enemies it passes and landing on an empty cell",
    "R": "a rook slides orthogonally (along its rank or file) over empty cells, or jumps one enemy in its way "
    "onto the empty cell behind it and then adjacent enemies",
    "K": "a king steps one cell in any direction, or jumps adjacent enemies (at most twice) onto empty cells",
}

# Pyramids seen from the side: small, medium and large triangles; the king
# is a large pyramid with a small one on its top.
# Looney pyramids carry one, two or three pips by size.
GLYPHS = {
    "P": (Glyph("triangle", 0.38, dy=0.08, pips=1),),
    "N": (Glyph("triangle", 0.58, dy=0.04, pips=2),),
    "R": (Glyph("triangle", 0.8, pips=3),),
    "K": (Glyph("triangle", 0.8, dy=0.06, pips=3), Glyph("triangle", 0.36, dy=-0.24, pips=1)),
}

_CELL = "[a-f][1-6]"
_ACTION = re.compile(rf"{_CELL}(?:-{_CELL}|(?:x(?:{_CELL}|\*))+)$")


def _read_action(text: str) -> tuple[list[str], list[str]]:
    """Split an action into its cells and separators, or raise NotationError
    pointing at the first character that does not fit."""
    if _ACTION.match(text):
        parts = re.split(r"([-x])", text)
        return parts[0::2], parts[1::2]
    pos = 0
    expect_cell = True
    seps = []
    while pos < len(text):
        if expect_cell:
            if seps and seps[-1] == "x" and text[pos] == OFF:
                if pos + 1 < len(text):
                    raise NotationError("nothing may follow a jump off the board", text, pos + 1)
                break
            if not re.match(_CELL, text[pos:pos + 2]):
                bad = pos if text[pos:pos + 1] not in FILES else pos + 1
                raise NotationError("expected a cell from a1 to f6", text, min(bad, len(text) - 1))
            pos += 2
        else:
            if text[pos] not in "-x":
                raise NotationError("expected '-' (a move) or 'x' (a capture) between cells", text, pos)
            seps.append(text[pos])
            pos += 1
        expect_cell = not expect_cell
    if not text:
        raise NotationError("an empty action")
    if expect_cell and text[-1] in "-x":
        raise NotationError("the action ends before its last cell", text, len(text) - 1)
    if not seps:
        raise NotationError("an action names at least two cells, such as b3-c4", text, len(text) - 1)
    if "-" in seps and len(seps) > 1:
        second = [i for i, ch in enumerate(text) if ch in "-x"][1]
        raise NotationError("a plain move names two cells; a chain of jumps uses 'x' throughout", text, second)
    raise NotationError("could not read this action", text, 0)


SET = {"K": 1, "R": 2, "N": 3, "P": 2}  # pieces of each kind in one side's set


def _whole(value) -> bool:
    """True for a whole number (an ``int`` that is not True or False)."""
    return isinstance(value, int) and not isinstance(value, bool)


class CosmicChess(Game):
    """Cosmic Chess.  ``compulsory_capture`` (True or False), ``king_jumps``
    (how many jumps a king may chain) and ``quiet_limit`` (moves without a
    capture that end the game, None for no such end) choose other readings
    of the rules (see the module's clarifications); a value of the wrong
    kind is refused with :class:`PlaybookError` naming the option."""

    name = "cosmic"
    title = "Cosmic Chess"
    players = ("white", "black")

    def __init__(self, compulsory_capture: bool = False, king_jumps: int = 2, quiet_limit: int | None = None):
        if not isinstance(compulsory_capture, bool):
            raise PlaybookError(f"options: compulsory_capture is True or False, not {compulsory_capture!r}")
        if not _whole(king_jumps) or king_jumps < 1:
            raise PlaybookError(f"options: king_jumps is a whole number from 1 up, not {king_jumps!r}")
        if quiet_limit is not None and (not _whole(quiet_limit) or quiet_limit < 1):
            raise PlaybookError(f"options: quiet_limit is a whole number from 1 up, or None, not {quiet_limit!r}")
        self.compulsory_capture = compulsory_capture
        self.king_jumps = king_jumps
        self.quiet_limit = quiet_limit

    def palette(self) -> tuple[Step, ...]:
        """Each side's king, rook, knight and pawn, by their letters."""
        return tuple(Step.choice(letter if side == "white" else letter.lower(), f"{side} {NAMES[letter]}")
                     for side in ("white", "black") for letter in "KRNP")

    def initial(self, first: str = "white") -> CosmicState:
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
        if not isinstance(text, str):
            raise NotationError(f"a position is text, not {type(text).__name__}")
        if text != text.strip() or "  " in text:
            raise NotationError("fields are separated by single spaces, with none before or after", text,
                                len(text) - len(text.lstrip()) if text[:1].isspace() else max(text.find("  "), 0))
        fields = text.split(" ")
        if len(fields) < 2 or len(fields) > 4:
            raise NotationError("a position is the board, the side to move ('w' or 'b'), then optionally a draw "
                                "offer ('=w', '=b' or '=') and the moves since the last capture", text)
        rows = fields[0].split("/")
        if len(rows) != SIZE:
            raise NotationError(f"the board needs {SIZE} ranks separated by '/', found {len(rows)}", text)
        board = [""] * SIZE
        pos = 0
        for k, row in enumerate(rows):
            cells = ""
            for ch in row:
                if ch in "123456":
                    cells += "." * int(ch)
                elif ch in "KRNPkrnp":
                    cells += ch
                else:
                    raise NotationError(f"unknown piece letter {ch!r} (use K R N P, k r n p or digits)", text, pos)
                if len(cells) > SIZE:
                    raise NotationError(f"rank {SIZE - k} is longer than {SIZE} cells", text, pos)
                pos += 1
            if len(cells) != SIZE:
                raise NotationError(f"rank {SIZE - k} has {len(cells)} cells, not {SIZE}", text, pos - 1 if row else pos)
            pos += 1
            board[SIZE - 1 - k] = cells
        joined = "".join(board)
        for letter, most in SET.items():
            for piece in (letter, letter.lower()):
                if joined.count(piece) > most:
                    side = "white" if piece.isupper() else "black"
                    raise NotationError(
                        f"board: {side} has {joined.count(piece)} {NAMES[letter]}s ({piece!r}); a set holds {most}", text,
                        text.index(piece))
        side = fields[1]
        at = len(fields[0]) + 1
        if side not in SIDES:
            raise NotationError("side to move: 'w' or 'b'", text, at)
        mover = "b" if side == "w" else "w"
        if KINGS[side] in joined and KINGS[mover] not in joined:
            # Only the side that just moved can have taken a king.
            raise NotationError(f"side to move: the {SIDES[mover]} king is gone while the {SIDES[side]} king stands, "
                                f"so {SIDES[side]} made the last move and {SIDES[mover]} is to move", text, at)
        offer, quiet = "", 0
        rest = fields[2:]
        at += len(side) + 1
        if rest and rest[0].startswith("="):
            if rest[0] not in ("=w", "=b", "="):
                raise NotationError("draw offer: '=w' or '=b' (offered by that side) or '=' (agreed)", text, at)
            offer = rest[0][1:] or "="
            at += len(rest[0]) + 1
            rest = rest[1:]
        if rest:
            count = rest[0]
            if len(rest) > 1 or not count.isdigit() or not count.isascii() or count.startswith("0"):
                raise NotationError("moves since the last capture: a whole number from 1 up, left out when 0", text, at)
            quiet = int(count)
            if self.quiet_limit is not None and quiet > self.quiet_limit:
                raise NotationError(f"moves since the last capture: at most {self.quiet_limit}", text, at)
        return CosmicState(joined, side, offer, self, quiet)


GAME = CosmicChess()
