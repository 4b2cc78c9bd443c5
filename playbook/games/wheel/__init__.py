"""Chess Wheel+: every player owns a chessboard, rank 8 of every board is
one shared set of cells, and all players move at once with hidden orders.

Boards and pieces
-----------------
Each player may, once per cycle, **create** their standard board (8x8,
named after them) and **populate** it (rooks a1 h1, knights b1 g1,
bishops c1 f1, queen d1, king e1, pawns on rank 2).  Rank 8 of every
standard board is the same set of eight cells: a piece there stands on
every board at once and may move on any of them.  Cells are written
``{Name}e2``; rank 8 cells are just ``e8``; in a player's own messages the
braces may be left out for their own board.

Pieces (each move measured on one board): pawn one rank forwards or
backwards in its file; bishop any distance diagonally; rook any distance
along its rank or file; queen either; knight two ranks and one file or two
files and one rank; king one cell any way.  A piece moves to an empty cell
or takes the piece standing there.

Orders and phases
-----------------
Weeks start on Monday: move phase Monday to Wednesday, resolve phase
Thursday to Saturday, replenish phase on Sunday (:mod:`.calendar`).  Each
player has movement power 3, set back at the start of every move phase,
and every order costs 1, possible or not.  In the move phase a player
posts only the SHA-256 of ``<salt>: <orders>`` (a *commitment*) and may
replace it until the phase ends; in
the resolve phase they post the text itself (the *reveal*).  At the end of
the resolve phase all revealed orders are carried out at once
(:mod:`.resolve`).  When only one player owns a King, once at least two
players have created a King, that player wins.

In play: ``state.play("{Ann} create")``, ``"{Ann} populate"``,
``"{Ann} commit <hash>"``, ``"{Ann} pass"``, ``"{Ann} reveal k7q2: Pe2-e3"``,
``"{Ann} withhold"`` and ``"end phase"`` (the clock).  ``state.to_move`` is
the first player, in seat order, still to decide; ``state.movers`` lists
them all, and any of them may act.

Rules clarifications
--------------------
The source is silent or contradicts itself on these; the engine decides
as follows.  The tests named under each decision (in ``tests/test_wheel.py``)
pin it; from 17 on, their expected values are worked out by hand in the
tests' comments.

1. Files are the letters a-h and ranks the numbers 1-8, as in chess and as
   in the source's own examples (``a1``, rank 2, rank 8); the sentence that
   gives ranks letters and files numbers is read as a slip.
   Tests: ``test_clarification_1_files_are_letters_and_ranks_numbers``.
2. Every move is measured on a single board.  A piece on the shared rank 8
   may use any created board; a piece below rank 8 moves only on the board
   it stands on.  This holds for the knight too: from rank 7 it cannot
   jump over rank 8 onto another board; ``ChessWheel(knight_across=True)``
   lets it land on rank 7 of another board, one file to either side.
   Tests: ``test_clarification_2_knight_stays_on_one_board``,
   ``test_datc_piece_on_shared_rank_moves_onto_another_board``.
3. Bishops, rooks and queens are blocked by pieces, as in chess and shogi:
   a line stops at the first occupied cell, which it may take.  Blocking
   is judged on the position at the start of the resolution.
   ``ChessWheel(blocking=False)`` lets lines pass over pieces.
   Tests: ``test_clarification_3_lines_are_blocked_and_the_option_lifts_it``,
   ``test_datc_blocking_is_judged_before_anything_moves``.
4. The source joins moving and taking in one phrase that also speaks of an
   unoccupied space; it is read as: the piece moves to an empty cell, or
   takes the piece on an occupied one.  A piece never takes a piece of its
   own owner.
   Tests: ``test_clarification_4_a_piece_never_takes_its_own``.
5. Pawns move one rank either way in their file, never diagonally, and
   take the same way; there is no promotion, double step or en passant.
   Tests: ``test_clarification_5_pawns_move_one_rank_either_way_in_their_file``.
6. Moves into one cell: all of them fail (a bounce, as in Diplomacy), since
   a space holds a single piece.  The literal reading (such moves do not
   fail) is ``ChessWheel(collision="destroy")``: they all happen, and every
   piece ending in that cell, including one standing there, is destroyed.
   Tests: ``test_clarification_6_literal_reading_destroys_everything_in_the_cell``,
   ``test_datc_bounce_two_moves_into_one_cell_both_fail``.
7. Two pieces moving into each other's cells both fail (head-to-head);
   three or more moving round a closed circle all succeed.  Under
   ``collision="destroy"`` a pair swaps.
   Tests: ``test_clarification_7_literal_reading_swaps_head_to_head``,
   ``test_datc_head_to_head_both_fail``,
   ``test_datc_three_pieces_moving_in_a_circle_all_succeed``.
8. A move into a cell that another piece is leaving succeeds exactly when
   that piece's move succeeds; if that move fails, the mover takes the
   piece that stayed (or fails against its own piece).  A piece ordered to
   take a piece that moves away simply moves into the empty cell.
   Tests: ``test_clarification_8_datc_move_into_a_cell_vacated_by_a_failing_move_fails_against_own_piece``,
   ``test_clarification_8_datc_capture_of_a_piece_that_moved_away_just_moves``,
   ``test_clarification_8_datc_circle_broken_by_a_bounce_stands_still``,
   ``test_datc_chain_into_cells_being_vacated_succeeds``,
   ``test_datc_enemy_whose_move_fails_is_taken_where_it_stands``.
9. An order for a cell holding no piece of the player's, with a letter that
   names another piece, out of range, or on a board not created fails and
   still costs 1.  Ordering one piece twice makes both orders fail.
   Tests: ``test_clarification_9_impossible_orders_cost_one_and_fail``,
   ``test_clarification_9_a_piece_ordered_twice_fails_both_times``.
10. The commitment is SHA-256 of the UTF-8 text ``<salt>: <orders>`` (salt:
    one word of letters, digits, ``-``, ``_``), in lowercase hex.  A reveal
    that does not hash to the commitment, or whose orders cost more than
    the power, or cannot be read, is refused; a player who committed and
    never reveals gives no orders that week.  Spaces before or after the
    revealed text are not part of it; any other change, a space inside it
    included, is refused.  Orders typed in the open
    (clarification 23) that cost more than the power are refused at once,
    when sealed.  Every salt the program makes (the board's **Seal**, the
    engines, ``play_orders``) is 128 random bits from ``secrets``, new each
    time, since a guessable salt gives the orders away.  A salt a player
    types themselves (after **Seal**, or in ``{Ann} seal <salt>: <orders>``)
    is refused when shorter than 18 characters (``orders.MIN_SALT``, where
    the bound is worked out): a player's orders are so few that the salt
    alone hides them.  A reveal is never refused for its salt's length: its
    commitment is public already.
    Tests: ``test_clarification_10_a_forged_reveal_is_refused_and_changes_nothing``,
    ``test_clarification_10_a_salt_too_short_to_hide_the_orders_is_refused``,
    ``test_clarification_10_committed_but_never_revealed_gives_no_orders``,
    ``test_commitment_is_sha256_of_salt_colon_orders``,
    ``test_orders_beyond_the_movement_power_are_refused_at_reveal``,
    ``test_clarification_10_spaces_around_a_reveal_are_not_part_of_it``,
    ``test_orders_beyond_the_movement_power_are_refused_when_sealed``,
    ``test_every_salt_the_program_makes_comes_from_secrets``,
    ``test_every_player_program_seals_with_a_fresh_unguessable_salt``.
11. The last decision of the move phase counts: committing again
    replaces a commitment, a commitment replaces a pass, and ``{Ann} pass``
    (no orders this week) withdraws a commitment.  The move phase ends
    when every player has committed or passed (or by ``end phase``); the
    resolve phase when every committed player has revealed or withheld (or
    by ``end phase``).  The power is set back to the full power at the
    start of every move phase (Monday), as the source's movement rules say;
    the Sunday replenish phase, whose name suggests a refill, has no rule
    of its own and changes nothing.  A week's orders are one set checked
    against that power, so power left unused is lost, never carried over.
    Tests: ``test_clarification_11_the_last_commitment_counts``,
    ``test_pass_and_commit_replace_each_other_in_either_order``,
    ``test_clarification_11_every_move_phase_has_the_full_power``,
    ``test_clarification_11_unused_power_is_not_carried_over``.
12. Creating and populating are each allowed once per cycle (one game), at
    any time.  Populating skips a cell that already holds a piece; a
    player whose e1 was occupied has created no King.
    Tests: ``test_clarification_12_populating_skips_occupied_cells``,
    ``test_creating_and_populating_are_actions_once_per_cycle``.
13. Winning: once two or more players have created a King, a player who
    is the only owner of a King wins; if no King is left at all, the game
    is drawn.
    Tests: ``test_clarification_13_only_king_owner_wins``,
    ``test_clarification_13_win_waits_until_several_players_created_a_king``,
    ``test_clarification_13_no_king_left_is_a_draw``.
14. The public position never holds a player's sealed orders.  For
    hot-seat play the state that recorded a commitment keeps its reveal
    text privately (``state.secret(player)``); it is not saved in the
    position text, records, a board's move list or marks, or a report of
    messages (orders typed in the open are recorded as their commitment),
    and ``state.remember(player, text)`` gives it back to a loaded position.
    Tests: ``test_clarification_14_public_text_hides_sealed_orders``,
    ``test_a_record_holds_no_sealed_orders_before_their_reveal_and_replays_exactly``,
    ``test_a_report_of_messages_repeats_no_sealed_orders``.
15. A standard proposal submitted in a move phase is voted on in the next
    resolve phase and vice versa; one submitted on a Sunday (replenish) is
    voted on in the next move phase.  A vote cast outside the voting period
    is refused.  The source names no voters: every player of the game may
    vote, the proposer too, and nobody else.  A player's last vote counts;
    it is popular with more votes for than against, so a tie is not popular
    (:mod:`.calendar`).
    Tests: ``test_clarification_15_votes_last_one_counts_and_popular_needs_more_for``,
    ``test_clarification_15_the_games_players_vote_and_nobody_else``,
    ``test_voting_period_of_a_standard_proposal``.
16. The source sets no number of players: a game has 2 to 8, each with a
    different one-word name (``initial(5)`` or ``initial(["Ann", "Zed"])``);
    names that differ only in case (``Ann``, ``ann``) are the same name.
    Tests: ``test_players_option_takes_a_count_or_names``,
    ``test_names_differing_only_in_case_are_one_player``.
17. Only orders that pass the range check contend for a cell: an impossible
    order (no piece, wrong letter, out of range, no such board) never
    bounces a possible one and takes no part in head-to-heads or chains.
    Tests: ``test_clarification_17_an_impossible_order_bounces_nothing``.
18. A cell written without braces in an order is on the writer's own board,
    wherever the piece stands; a piece on another player's board is ordered
    with that board's name (``R{Bob}a1-{Bob}g1``).  Braces on rank 8 change
    nothing: ``{Bob}e8`` is ``e8``.
    Tests:
    ``test_clarification_18_a_bare_cell_is_on_the_writers_own_board``.
19. The sign between the cells does not matter: ``x`` towards an empty cell
    is a plain move, and ``-`` onto another player's piece takes it.
    Tests: ``test_clarification_19_the_capture_sign_changes_nothing``.
20. The win is judged after every action: as soon as only one player owns a
    King (once two have created one), the game ends, even if other players
    have not yet created a board or a King.
    Tests:
    ``test_clarification_20_the_game_ends_at_once_even_if_a_player_has_no_board_yet``.
21. In a game by messages a post's phase is decided by the date written on
    it alone (the time of day only orders posts within a day): a commitment
    dated Wednesday 23:59 counts, one dated Thursday 00:00 is refused, and
    Sunday (replenish) takes neither commitments nor reveals.  Posts must
    come in date order.
    Tests: ``test_clarification_21_a_posts_phase_is_decided_by_its_date``.
22. Creating and populating a board are not orders: they cost no movement
    power and may be done in any phase, even by a player who has already
    committed, passed or revealed that week.
    Tests:
    ``test_clarification_22_board_actions_cost_nothing_and_fit_any_phase``.
23. On a shared screen a player may type their orders in the open
    (``{Ann} seal <salt>: <orders>``): it is the same commitment as clicking them,
    and the position keeps the text for the reveal.  Posted as a message it
    is refused, since every post is public.
    Tests: ``test_clarification_23_a_seal_posted_as_a_message_is_refused``,
    ``test_orders_typed_in_the_open_are_sealed_like_clicked_ones``.
24. The source leaves what proposals do as a placeholder; playbook reads a
    popular proposal as changing the rules the way its text says, from the
    first move phase after its voting period.  playbook counts the votes
    (:class:`.calendar.Proposal`) but cannot read a proposal's text, so a
    vote changes no position by itself: the players carry the change into
    the game, a new movement power as the position's ``power`` (the
    ``power=`` of ``setup`` and ``initial``, or ``power:`` in the position
    text).
    Tests: ``test_clarification_24_a_popular_proposal_changes_the_rules_through_the_position``.
"""

from .board import CELL_RE, FILES, HOME, reach
from .calendar import Proposal, phase_of
from .game import GAME, ChessWheel, play_orders, setup
from .messages import Message, read_messages, replay, write_messages
from .orders import Order, commitment, read_orders
from .resolve import Resolution, resolve
from .state import WheelState

__all__ = [
    "GAME",
    "ChessWheel",
    "setup",
    "play_orders",
    "WheelState",
    "Order",
    "Resolution",
    "Proposal",
    "commitment",
    "read_orders",
    "resolve",
    "reach",
    "phase_of",
    "Message",
    "read_messages",
    "write_messages",
    "replay",
    "FILES",
    "HOME",
    "CELL_RE",
]
