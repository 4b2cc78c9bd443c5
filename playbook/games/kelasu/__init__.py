"""Kelasu v0.1: a 10x10 game of energy turns, where blanks merge into pieces.

Ranks ``A``-``J`` run top to bottom, files ``0``-``9`` left to right; a cell
is written ``D2``.  Blue (capitals) starts on ranks A-B with stones on C0 C2
C7 C9 and moves first, towards J; Red (lower case) mirrors it on I-J and H.
The victory cells are E4 E5 F4 F5.

Pieces (forward is towards the opponent)
-----------------------------------------
- **Blank** ``B``: one cell forward or sideways onto an empty cell; never captures.
- **Warrior** ``W``: one cell forward or sideways, moving or capturing; captures
  (only) one cell diagonally forward; from the far rank it *Recalls*: it goes
  straight back nine cells to its own back rank whatever stands between,
  capturing an enemy there, blocked only by a friendly piece.
- **Runner** ``R``: slides diagonally; its first cell must be empty (move
  only); from the second cell on it moves or captures.
- **Diplomat** ``D``: up to three cells orthogonally, never capturing;
  converts a diagonally adjacent enemy (any piece, stones and blanks
  included): that piece changes side and the diplomat leaves the board.
- **Champion** ``C``: any distance forward, one cell diagonally forward and up
  to three cells sideways, moving or capturing; any distance straight back,
  moving only.
- **General** ``G``: any distance in all eight directions, moving or capturing.
- **Stone** ``S``: never moves.

Slides stop at the first piece, capturing it when it is an enemy and the
move may capture; only the cells strictly between must be empty.

Turns
-----
A turn starts with energy equal to the side's stones.  A piece action costs
1 and no piece acts twice in a turn (a piece that moved is locked where it
landed; a converted or newly merged piece may still act).  A **merge** turns
an orthogonally connected group of the side's blanks, none on its own two
home ranks and none that moved this turn, into a Warrior (2 blanks), Runner
(4), Diplomat (4), Champion (5), General (10) or Stone (21) standing on one
of their cells; it costs one energy per blank and may be made with too
little energy, which ends the turn (the energy it overspends is not owed:
the next turn starts with the side's stones, as always).  The turn passes
when energy runs out, or when the side has energy but no piece action or
merge left.

Endings
-------
A side wins when the opponent resigns, has no stones, or has no pieces but
stones, or when its own pieces stand on all four victory cells.  Draws: by
agreement; after 64 full turns (a turn of Blue and the turn of Red that
follows) in a row without a blank move, a merge or a capture;
when a position (board and side to move, taken each time a turn is handed
over) occurs for the fourth time; by stalemate (no action at the start of a
turn).

Notation
--------
A piece action is ``<from>-<to>`` (moves, captures, Recalls and conversions
alike: ``H4-G4``, ``J3-A3``, ``E4-D5``).  A merge is
``<piece>@<cell>:<blank>,<blank>,...`` with the blanks in ascending order,
the cell where the new piece stands among them (``W@E4:D4,E4``).  Also
``resign``, ``offer-draw`` and ``accept-draw``.

A position's text is the board as ten lines of ten characters (rank A first,
``.`` empty), then ``key: value`` lines: ``to-move`` (blue/red), ``energy``,
``acted`` (cells of pieces that already acted this turn, or ``-``),
``quiet`` (full turns in a row without a blank move, merge or capture,
or ``-`` while the full turn under way has had one), ``seen``
(positions met at turn handovers since the last irreversible action, as
short digests with counts), ``offer`` (the side whose draw offer stands, or
``-``) and ``ended`` (``-`` while the game runs, else ``resigned <side>``,
``agreed``, ``victory <side>``, ``no-stones <side>``, ``only-stones
<side>``, ``quiet``, ``repetition`` or ``stalemate``).  Fields may be left
out (blue to move, energy its stones less the pieces that acted, counters
at zero); every field is checked, and a refusal names the field with its
line and column.

Rules clarifications
--------------------
Each names the tests in ``tests/test_kelasu.py`` that pin it.

1. Resigning, offering and accepting a draw cost no energy and are not
   piece actions: a side with energy but no piece action or merge still
   ends its turn, and resigning remains possible at any point of a turn.
   ``test_offering_a_draw_costs_no_energy_clarification_1``.
2. A draw offer stands until the turn comes back to the side that made it;
   the opponent may accept at any point of its turn.
   ``test_draw_offer_lapses_when_the_turn_comes_back_clarification_2``.
3. When one action ends the game both ways (a conversion takes the
   opponent's last stone and leaves the converting side with only stones),
   the opponent's loss counts first: the side that acted wins.
   ``test_an_action_that_ends_the_game_both_ways_goes_to_the_actor_clarification_3``.
4. The four victory cells are checked after each action.  Only the side
   that acted can have just completed them (the opponent's actions never
   add pieces of yours), so that side wins; a position read from text in
   which one side already holds all four is over, won by that side.
   ``test_victory_cells_go_to_the_side_that_completes_them_and_a_read_position_holding_them_is_over_clarification_4``.
5. The position count for repetition restarts after each capture, merge or
   conversion: the number of pieces on the board then falls, so no earlier
   position can return.
   ``test_repetition_count_restarts_after_a_capture_merge_or_conversion_clarification_5``.
6. A merge needs at least one energy left (a turn with none has already
   passed); with too little it uses what is left and the turn passes.
   What it overspends is not owed (the source says negative energy does
   not carry over): the next turn starts with the side's stones.
   ``test_merge_with_too_little_energy_ends_the_turn_and_the_new_piece_stands_clarification_6``,
   ``test_energy_a_merge_overspends_is_not_owed_next_turn_clarification_6``.
7. A Warrior Recalls only from the far rank (Blue from J, Red from A), to
   the same file of its own back rank.
   ``test_recall_only_from_the_far_rank_captures_an_enemy_and_is_blocked_by_a_friend_clarification_7``.
8. The 64-turn rule: a full turn is a turn of Blue and the turn of Red
   after it.  The ``quiet`` count is the number of full turns in a row
   without a blank move, merge or capture: it rises by one when a quiet
   full turn ends (play passes from Red to Blue).  A blank move, merge or
   capture makes the whole full turn it is made in loud: the count shows
   ``-`` until that full turn ends, then starts again from 0.  The game is
   drawn as the count reaches 64, at the end of the 64th quiet full turn.
   ``test_sixty_four_quiet_full_turns_draw_clarification_8``,
   ``test_a_blank_move_makes_its_whole_full_turn_loud_clarification_8``.
9. When one action both completes the four victory cells and leaves the
   actor with nothing but stones, the victory counts: the actor wins.
   ``test_completing_the_victory_cells_wins_even_when_left_with_only_stones_clarification_9``.
10. A position read from text that is already over is read as ended: one
    side on all four victory cells, a side without stones or with only
    stones (the side to move is looked at first), a quiet count of 64, a
    position met for the fourth time, or no piece action or merge at the
    start of a turn (stalemate).  A text that says it ended must agree with
    its board.  A running position whose mover has no energy, or energy but
    nothing that can act, is refused: its turn would already have passed.
    ``test_a_read_position_that_is_already_over_reports_it_clarification_10``,
    ``test_a_read_running_position_whose_turn_would_have_passed_is_refused_clarification_10``.
11. A conversion does not reset the 64-turn count (it is not a blank move,
    a merge or a capture), though it restarts the repetition count
    (clarification 5).
    ``test_a_conversion_does_not_reset_the_quiet_count_clarification_11``.
12. Every piece counts on the victory cells, blanks and stones included.
    ``test_blanks_and_stones_count_on_the_victory_cells_clarification_12``.
13. Positions are counted for repetition only when the turn is handed over
    (board and side to move; energy and acted pieces are not part of it),
    so the start position does not count until play comes back to it.
    ``test_the_start_position_is_not_counted_for_repetition_clarification_13``.
14. There is no pass: a turn ends when the energy is spent, or at once
    when the side still has energy but no piece action or merge.  A side
    with no piece action or merge at the start of its turn is stalemated
    and the game is drawn; resigning and draw offers do not count.
    ``test_turn_ends_when_energy_is_left_but_no_action_clarification_14``,
    ``test_no_legal_action_at_the_start_of_a_turn_is_stalemate_clarification_14``.
15. Kelasu has no unique piece.  A position is refused when its pieces
    could not come from the two sets: the blanks plus the blank cost of
    every merged piece (21 for each stone beyond the sets' eight) may not
    exceed the sets' 40 blanks.
    ``test_pieces_beyond_what_the_sets_can_make_are_refused_clarification_15``.
16. A blank that has moved this turn cannot merge in the same turn: a
    merge is an action of every blank in it, and no piece acts twice in a
    turn.  The blanks that have not moved may still merge.
    ``test_a_blank_that_moved_this_turn_cannot_merge_clarification_16``.
17. The warrior's diagram marks the two cells diagonally forward with
    ``+``, a sign its legend does not list.  It is read as capture only: the
    warrior takes an enemy there but never steps there onto an empty cell,
    the reverse of ``.`` (move only).
    ``test_the_warriors_plus_is_capture_only_clarification_17``.
18. The README writes a merge as its blanks in brackets and the new
    piece's cell in parentheses, ``[H5|H6|I4|I5]=>(J5)``, and its diagram
    has a blank on J5 as well.  A new piece stands on one of its own
    blanks' cells, so the cell in parentheses is read as the group's last
    blank: the example merges the five blanks H5 H6 I4 I5 J5 into a piece
    on J5.  A piece is never placed on a cell outside its group.
    ``test_the_readmes_merge_example_takes_the_blank_in_parentheses_clarification_18``.
"""


from __future__ import annotations

from .game import GAME, Kelasu
from .state import KelasuState

__all__ = ["GAME", "Kelasu", "KelasuState"]
