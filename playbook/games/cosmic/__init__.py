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

from .board import (
                    ACCEPT_ACTION,
                    ACCEPT_DRAW,
                    ALL8,
                    BLACK,
                    CELL_STEPS,
                    CELLS,
                    DIAG,
                    FILES,
                    INDEX,
                    JUMPS,
                    KINGS,
                    KNIGHT,
                    NAMES,
                    OFF,
                    OFF_STEP,
                    OFFER_ACTION,
                    OFFER_DRAW,
                    ORTH,
                    PLAIN,
                    RAYS,
                    SET,
                    SIDES,
                    SIZE,
                    START,
                    STEPS1,
                    WHITE,
                    cell_name,
)
from .game import GAME, CosmicChess
from .refusals import MOVE_RULES
from .state import CosmicState
from .view import GLYPHS

__all__ = [
    "ACCEPT_ACTION", "ACCEPT_DRAW", "ALL8", "BLACK", "CELL_STEPS", "CELLS", "DIAG", "FILES", "GAME", "GLYPHS", "INDEX",
    "JUMPS", "KINGS", "KNIGHT", "MOVE_RULES", "NAMES", "OFF", "OFF_STEP", "OFFER_ACTION", "OFFER_DRAW", "ORTH", "PLAIN",
    "RAYS", "SET", "SIDES", "SIZE", "START", "STEPS1", "WHITE", "CosmicChess", "CosmicState", "cell_name",
]
