"""CCC (working title): a stacking game of Flats, Pyramids, sticks and a very nice Flag.

Two sides, White and Black, take turns; a turn moves one piece of one's own
colour or uses a power.  A side wins when the other has no Pyramid left at
the end of a turn; both losing their last Pyramid in the same turn is a draw.

The board (default 8 files ``a``-``h`` by 10 ranks, White at the bottom)
starts with each side's back rank holding, from file a: Cube, Ring, Small,
Large and Medium Pyramid, an empty cell, Nice Flag, Tall Stick; the 16
Flats fill the two ranks in front.

Pieces
------
- **Flat**: one cell left, right, forward or diagonally forward; onto an
  enemy it attacks; onto a Flat or Flat Stack of its colour it stacks; hops
  over enemy Flats onto empty cells, chaining in any direction.
- **Flat Stack** (2-5 Flats): one cell forward or diagonally forward; grows
  onto a single Flat of its colour; *unstacks*: all but the bottom Flat are
  dropped one a cell in a line (left, right, forward, diagonally forward),
  each drop allowed only if the Flats still held are at least as many as
  the height of what stands there.
- **Pyramids** (Small, Medium, Large): slide diagonally; onto a larger
  Pyramid of their colour they build a **Constructed Pyramid**, onto Flats a
  **Pyramid Stack**; onto any other piece of their colour they crush it;
  never onto a smaller Pyramid.
  Constructed Pyramids slide the same way and unstack diagonally (the player
  picks the drop order); Pyramid Stacks move one cell any way and unstack
  any way (Pyramids first, then Flats).
- **Cube**: 1-5 cells orthogonally to an empty cell, jumping anything but
  standing sticks and Flags; never destroyed; whatever attacks it is destroyed.
- **Ring**: slides orthogonally over empty cells; *Build Power* (up to 5);
  *Cast Shields*: one Power per Shield, on pieces of its colour, as many as
  it likes in one turn (Flats, Small Pyramid, Rectangle take 1; Medium
  Pyramid, Short Stick 2; Large Pyramid, Tall Stick 3; only the top piece of
  a column; never the Cube, a Flag or the Ring).  Stored Power counts as
  the Ring's Shields when it is attacked.
- **Tall / Short Stick**: standing, it *falls* north, east, south or west
  (not across the edge); laying, it *rolls* sideways or *stands up* on the
  empty cell beyond either end.  Falling and rolling attack every cell it
  lands across, of either colour.  Damage reduces it (see Attacks).
- **Rectangle**: one cell any way, attacking whatever is there.
- **Nice Flag**: leaps three cells one way and two the other onto an empty
  cell, and each move needs a compliment (typed text); not on the game's
  very first turn.  Every piece next to a Flag, of either colour, Flags
  included, cannot move or act.  A destroyed Flag may be re-created on its
  home cell with a compliment on the opponent's strategy (a turn).

Attacks
-------
A piece moving (or dropped) onto a piece of the other colour attacks it;
Pyramids, sticks and Rectangles also attack their own colour.  Pairings:
A) no Shields on either: both destroyed; B) Shields on one: it loses one,
the other is destroyed; C) both: each loses one at a time until A or B.
Columns are attacked one piece at a time from the top.  A standing stick
attacked loses a step (Tall to Short to Rectangle to nothing); a laying
stick loses the section attacked, the rest becoming a Short Stick or
Rectangles.  Destroyed pieces are kept beside the board.

Notation
--------
Positions: see :mod:`playbook.games.ccc.notation`.  The rules name no
letters, so each piece is written by its initial (Flat ``F``, Cube ``C``,
Ring ``R``, Small, Medium and Large Pyramid ``S``, ``M``, ``L``, Tall
Stick ``T``), a Short Stick ``H`` (``S`` is taken) and a Rectangle ``B``
(a block); White's in capitals.  Letters are each game's own: only a
position's text shows them, the board draws pictures.  The Nice Flag is
written ``V`` (``v`` for Black), because ``N`` is the knight of the
chess-like games, and a text or back rank that still writes ``N`` is
refused with the letter to write.  Actions: cells joined
by ``-`` (a move) or ``x`` (an attack or hop: ``c3xc5xe7``; an ``x`` where
nothing is attacked or hopped is refused); ``d4 unstack n``
(with the Pyramids' drop order where there is a choice: ``d4 unstack ne MS``);
``h1 fall w``, ``h1 roll n``, ``h1 stand e`` (a laying stick is named by any
cell it covers and written with its cell nearest a1); ``b1 build``;
``b1 shield c2 c2 e1`` (one cell per Shield);
``g1-d3 "Lovely hop"``; ``g1 recreate "Smart opening"``; ``pass``.
Directions are compass points; north is towards Black.

Rules clarifications
--------------------
The source is silent or ambiguous on these; the engine decides as follows
(options name the other reading where it is cheap).  The tests named
under each decision (in ``tests/test_ccc.py``) pin it.

1. Board and set-up: 8 files by 10 ranks; back rank Cube, Ring, Small,
   Large, Medium Pyramid, empty, Nice Flag, Tall Stick; Flats on the two
   ranks in front; Black mirrors White across the middle.
   ``initial(files=, ranks=, back_rank=)`` choose others.
   Tests: ``test_clarification_1_board_size_and_back_rank_are_options``.
2. The forgotten "???" piece is left out: its cell (f1, f10) starts empty.
   Tests: ``test_clarification_2_the_unknown_piece_leaves_its_cell_empty``.
3. White moves first (``initial(first="black")``).  Over several games a
   ``Match`` lets the loser of each game move first in the next, and
   after a draw refuses to start another game that day.
   Tests: ``test_clarification_3_first_player_is_an_option_and_a_match_lets_the_loser_start``.
4. A falling stick keeps its base cell: it lies across its own cell and the
   next one or two (``CCC(fall="beyond")``: the two or three cells beyond).
   Tests: ``test_clarification_4_a_falling_stick_keeps_its_base_cell_and_attacks_any_colour``.
5. Pyramids slide like chess bishops: the first piece in the way stops
   them, and they may end their move on it (``CCC(pyramid_slide="through")``
   lets them pass over pieces).
   Tests: ``test_clarification_5_pyramids_slide_diagonally_and_stop_at_the_first_piece``.
6. "Next to" a Nice Flag means the eight surrounding cells
   (``CCC(reach="orthogonal")``: the four beside it); a laying stick is
   frozen when any of its cells is.  Frozen pieces can still receive Shields.
   Tests: ``test_clarification_6_next_to_a_flag_is_the_eight_cells_around_it_and_an_option_makes_it_four``.
7. An attack goes on, the attacker's top piece against the defender's top
   piece, until the attacker is destroyed or the cell is empty; a
   surviving attacker then stands there.  An attacking column fights with
   its top piece first.
   Tests: ``test_clarification_7_an_attacker_that_clears_the_cell_stands_there``,
   ``test_columns_are_attacked_one_piece_at_a_time_from_the_top``.
8. A standing stick loses one step per pairing it loses, so a well shielded
   attacker may grind it down to nothing in one attack.
   Tests: ``test_clarification_8_a_shielded_attacker_grinds_a_standing_stick_down_in_one_attack``.
9. A laying stick that loses sections keeps each unbroken run: three
   sections a Tall Stick, two a Short Stick, one a Rectangle (so losing two
   sections of a Tall Stick leaves one Rectangle).
   Tests: ``test_clarification_9_surviving_sections_keep_their_unbroken_runs``.
10. A falling or rolling stick attacks its cells one after another, from its
    base outward (a fall) or from the cell nearest a1 (a roll), with one
    shared set of Shields.
    Tests: ``test_clarification_10_a_stick_shares_its_shields_from_the_base_outward``,
    ``test_clarification_10_a_rolling_stick_attacks_from_the_cell_nearest_a1``,
    ``test_clarification_10_a_lost_section_has_spent_the_shared_shields``.
11. A Pyramid that lands on another piece of its colour (other than Flats
    and larger Pyramids) crushes it outright: Shields do not save it, the
    Pyramid is unharmed, a laying stick loses only the crushed section.  A
    Pyramid never moves onto its own Cube; one dropped there is destroyed.
    Tests: ``test_clarification_11_a_pyramid_crushes_another_own_piece_and_never_lands_on_its_cube``,
    ``test_clarification_11_crushing_ignores_shields_and_takes_one_section_of_a_laying_stick``,
    ``test_clarification_11_a_pyramid_dropped_on_its_own_cube_is_destroyed``.
12. A hop destroys the hopped Flat, as in checkers (a Shield saves it and is
    spent); the first hop goes a Flat's ways, later ones any of eight ways;
    each enemy Flat is hopped at most once a turn and stays on its cell
    until the chain ends; a chain may stop after any hop; only single Flats
    can be hopped (``CCC(hop_captures=False)``: hops only move).
    Tests: ``test_clarification_12_a_shield_saves_a_hopped_flat``,
    ``test_clarification_12_hops_only_move_when_that_option_is_chosen``,
    ``test_clarification_12_first_hop_goes_a_flats_ways_only_single_flats_are_hopped``,
    ``test_flat_hops_enemy_flats_and_chains_in_any_direction``.
13. A Flat may move onto a Flat Stack of its colour holding 1-4 Flats; a
    Flat Stack grows only onto a single Flat; a Pyramid Stack moves only to
    empty cells or enemies.
    Tests: ``test_clarification_13_flats_join_small_stacks_stacks_grow_only_onto_single_flats``.
14. Unstacking drops Pyramids first, in the order the player picks, then
    Flats from the top down.  The height rule applies to each Flat drop,
    counting the Flats still held (the one dropping included); Pyramids
    ignore it.  Pieces dropped beyond the edge are destroyed, Pyramids too.
    Tests: ``test_clarification_14_pyramids_drop_first_then_flats_from_the_top``,
    ``test_clarification_14_height_rule_counts_flats_held_and_pyramids_ignore_it``,
    ``test_clarification_14_pyramids_dropped_beyond_the_edge_are_destroyed``.
15. A Pyramid is never dropped onto a smaller Pyramid of its colour: such an
    order or direction is not offered.
    Tests: ``test_clarification_15_no_drop_onto_a_smaller_pyramid_of_ones_colour``.
16. The Ring casts Shields on any piece of its colour on the board, one or
    more per turn (never zero).
    Tests: ``test_clarification_16_shields_go_anywhere_on_the_board_and_at_least_one_is_cast``.
17. A compliment is any text with a letter in it; the engine cannot judge
    sincerity.  "The very first turn" is the game's turn 1 only.  The Flag
    moves to empty cells only.  Re-creating it uses the turn and needs its
    home cell empty.
    Tests: ``test_clarification_17_compliments_first_turn_and_recreation``.
18. A side with nothing it may move or act with (everything frozen, say)
    passes.
    Tests: ``test_clarification_18_a_side_with_nothing_to_do_passes``.
19. A game with 100 turns in a row without a piece destroyed is drawn
    (``CCC(quiet_limit=None)`` never draws this way).
    Tests: ``test_clarification_19_a_hundred_quiet_turns_draw``.
20. The Cube destroys every attacker whatever its colour or Shields (a
    stick's section on it included), and is never destroyed.
    Tests: ``test_clarification_20_the_cube_destroys_a_stick_section_that_lands_on_it``.
21. "Pyramids cannot in any way move onto smaller Pyramids" holds for both
    colours: no Pyramid (alone, constructed, in a Pyramid Stack, or dropped)
    lands on a column topped by a smaller Pyramid, so a Large Pyramid cannot
    attack a Small one (``CCC(onto_smaller=True)`` lets Pyramids attack
    smaller enemy Pyramids).  The size that counts is the mover's largest.
    Tests: ``test_clarification_21_no_pyramid_lands_on_a_smaller_one_of_either_colour``.
22. The Nice Flag's leap is an L of three cells and two at a right angle
    (the source's "parallel" is read as the L it describes): eight targets,
    as a knight has.
    Tests: ``test_clarification_22_the_flag_leaps_an_l_never_five_in_a_line``.
23. A chain of hops may end on the cell the Flat started from: it has
    left that cell, which is empty by then.
    Tests: ``test_clarification_23_a_chain_of_hops_may_land_on_the_cell_it_started_from``.
24. Pieces left when a stick breaks (a Short Stick, Rectangles) are new
    pieces and start with no Shields, even when a Cube or a crushing Pyramid
    broke a shielded stick.
    Tests: ``test_clarification_24_pieces_left_by_a_broken_stick_start_without_shields``.
25. A stack may unstack in a direction whose every drop falls beyond the
    edge: the pieces held are destroyed and the bottom Flat stays.
    Tests: ``test_clarification_25_an_unstack_may_drop_everything_beyond_the_edge``.
26. A stick keeps its Shields when it rolls or stands up.  Standing up
    moves it onto the empty cell just beyond one end, leaving every cell it
    lay across.
    Tests: ``test_clarification_26_a_stick_keeps_its_shields_when_it_rolls_or_stands_up``.
27. The Nice Flag leaps as a knight does: pieces between its cell and its
    target do not stop it.
    Tests: ``test_clarification_27_the_flag_leaps_over_pieces_in_between``.
28. A Constructed Pyramid moves onto pieces of its colour as a single
    Pyramid does: onto Flats (a Pyramid Stack), onto a larger Pyramid (Small
    > Medium onto the Large makes all three), and onto anything else but the
    Cube, which it crushes.
    Tests: ``test_clarification_28_a_constructed_pyramid_climbs_and_crushes_as_a_pyramid_does``.
29. ``legal_actions()`` is never empty while the game runs.  It lists every
    move and power, and, in a bounded form, the actions that need words or
    could repeat: each Nice Flag move with the compliment "Cool move" (the
    Flag's own words), each re-creation with "Clever strategy", and each
    single Shield a Ring may cast.  Other compliments, and several Shields
    in one turn (``b1 shield c2 c2 e1``), are entered by steps or text.
    Tests: ``test_clarification_29_legal_actions_list_flag_moves_recreation_and_single_shields``,
    ``test_games_played_through_legal_actions_never_meet_an_empty_list``.
30. A chain of hops ends when the Flat lands next to a Nice Flag (of
    either colour): there it cannot move or act, so it hops no further.
    Tests: ``test_clarification_30_a_chain_of_hops_ends_next_to_a_nice_flag``.
31. A laying stick is named by any cell it covers, as a click on any of
    them picks it on the board; the action is written with the cell nearest
    a1 (``d4 roll n`` on a stick across c4-e4 is ``c4 roll n``).
    Tests: ``test_clarification_31_a_laying_stick_is_named_by_any_cell_it_covers``.
32. The Ring slides orthogonally over as many empty cells as it likes:
    to the edge, or to the cell before the first piece in its way.  It never
    ends on a piece of either colour, since it cannot attack.
    Tests: ``test_clarification_32_the_ring_slides_any_distance_to_the_first_piece_and_never_onto_it``.
33. Stored Power that counts as the Ring's Shields is spent as Shields are:
    each point a fight takes from the Ring is gone, and the Ring builds it
    again one point a turn.  A Ring with no Power left fights unshielded.
    Tests: ``test_clarification_33_power_that_defends_the_ring_is_spent``.
"""

from .game import BACK_RANK, CCC, GAME, Match
from .pieces import Thing
from .state import CCCState

__all__ = ["GAME", "CCC", "CCCState", "Match", "Thing", "BACK_RANK"]
