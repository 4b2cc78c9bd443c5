"""Cresnovian Chess v0.4.1: nine umbral pieces that belong to nobody.

The board has 3 rows and 9 columns: columns ``A``-``C`` are the left
kingdom, ``D``-``F`` the World, ``G``-``I`` the right kingdom; rows ``1``-``3``
run top to bottom.  The foundation cells are A1 A2 A3 D3 E3 F3 I1 I2 I3.
Each piece has a Q total; a piece at 0Q is *dead*.  A player acts with
pieces according to where they stand, and loses when the pieces standing in
their kingdom hold zero Q in total after a turn.

Set-up
------
The first player places the nine pieces on the foundation cells
(``place essence A1``, nine times), each with 3Q; the second player chooses a
kingdom (``choose left`` or ``choose right``) and takes the first turn.
``initial(arrangement=..., second="right")`` skips the set-up.

Actions (one per turn)
----------------------
- ``travel A1 G1``: any live piece moves in a straight line (diagonals too),
  not over or onto pieces, monuments or placed words, and not the piece the
  opponent travelled with on the turn before.  Starting in the mover's own
  kingdom it earns 1Q per cell (a broken piece earns nothing).
- ``perform <cell> <ability> <parameters>``: a piece in the mover's kingdom
  with 3Q (basic) or 9Q (elite) uses an ability, then loses 1Q, unless it
  began next to (diagonals count) a monument of its own umbration.
- ``document <nine words>``: the words go to the end of the communal poem,
  then every live piece in the mover's kingdom is set to the highest Q there.
- ``pass``: only when none of the above is possible (clarification 13).

Flock Together and Tectonic Failure list their moves as ``from>to`` pairs in
any order (``E2>C2 H1>C1``); ``B2=`` (or leaving a thing out) means it stays
where it is, which a flocking piece may do inside the kingdom, and
outside it when the kingdom has no room for the whole flock
(clarification 30).  On the
board the moves are buttons taken in cell order, each naming the piece or
monument it moves.  A refused action always says why: which piece blocks a
travel, why a target is none, what an ability lacks.

Abilities and their parameters
------------------------------
==============  =======================  =========================================
umbration       basic                    elite
==============  =======================  =========================================
essence         ``return-home T``        ``perfect-eternal T``
duality         ``cut T``                ``flock-together A1>B2 ...`` (each
                                         flocking piece and where it goes)
cosmos          ``breakdown T``          ``redefinition N C [P]`` (poem word
                                         number N onto blank cell C; the word it
                                         replaces goes back as word P of the
                                         poem, by default at the end)
velocity        ``critical-rewind``      ``teleport F C`` (piece or monument)
radiance        ``spectacle P C``        ``ultraviolent-ray``
corporeality    ``build-monument C U``   ``tectonic-failure A1>B2 ...`` (each
                or ``... C destroy``     piece or monument that moves)
innervation     ``energize T N``         ``select-the-fit``
caprice         ``interpretative-dance   ``go-berserk T C`` (next to T, on C)
                W <basic> ...``
cognizance      ``propaganda T T ...``   ``sum-of-all-knowledge``
==============  =======================  =========================================

A broken piece (``Qb``) performs ``repair``: it does nothing but mend.  Q
never goes below zero; an eternal piece (``3Qe``) never changes Q.

Listing actions
---------------
``legal_actions()`` lists placements, the kingdom choice, every travel and
every performance whose choices stay few.  Four kinds of action explode and
are entered by steps (``next_steps``/``action_from_steps``) or written as
text (``play("perform B2 redefinition 3 E2")``) instead, not listed (but
see the last sentence here):
DOCUMENT (any nine words), Propaganda (any subset of targets), Flock
Together and Tectonic Failure (a move for each piece) and Redefinition
(every poem word onto every free cell: hundreds of actions once the poem is
long).  Flock Together is listed all the same once for each choice of the
pieces that end in the kingdom (clarification 30): one action when the
kingdom has room for the whole flock, and never more than C(8, 4) = 70.
Those chosen keep their cells inside or take the free ones in cell order,
the others stay where they are (or, leaving the kingdom, take the first
free World cells); every other placement (8! = 40,320 ways to seat eight
flocking pieces in an empty kingdom alone) is entered by steps or as text.
``state.redefinitions(words=[1])`` lists the Redefinitions of chosen words;
the engines weigh those of the first word (the word chosen changes only the
poem, not what happens on the board), one DOCUMENT and Propaganda aimed at
the opponent's kingdom besides the listed actions.  A running game never
lists nothing: where no travel or listed performance exists, the list holds
one action for each way to begin (DOCUMENT of nine words ``word``, and each
piece that can still perform), completed with the first option at every
step; where nothing is possible at all, it is ``pass``.

Texts and tables
----------------
``parse`` reads the JSON text of ``to_text`` field by field, and ``setup``
and ``from_forum`` check what they build the same way: duplicate pieces,
fewer than nine in play (clarification 28), two things on one cell, Q out
of range (0 to 999999; eternal pieces have 3Q), unknown phases or kingdoms,
words that cannot be in a poem, an unreadable earlier position (kept for Critical Rewind) all raise ``NotationError``
naming the field; forum tables give the line and column.  ``to_forum``
writes a word or name that could read back as something else (a piece, a
monument, table markup, a smilie code) inside the forum's ``[PLAIN]`` tags,
so every word round-trips; a word containing ``[/PLAIN]`` is refused when
documented.  Reading a table, a cell whose text has a colon or ends like a
Q total is a piece (``:COSMOS:3Q``, ``3Qb``, ``3Qe``) or a monument
(``:cosmos:m``) written exactly, or the table is refused there: a mistyped
piece never passes for a placed word.  ``from_forum`` takes the mover as
``state.to_move`` gives it (``first``/``second``, with ``second=`` the
kingdom the second player holds, right by default), as a kingdom or as a
name from the header (clarification 28 says what a table must hold).

Rules clarifications
--------------------
Where the rules are silent or can be read more than one way, playbook
decides as follows; the test named after each decision pins it (in ``tests/test_cresnovian.py`` unless it says
otherwise).

1. Return Home sends a piece to the foundation cell it was placed on at
   set-up (``test_return_home_sends_any_piece_even_dead_to_its_foundation_cell_clarification_1``).
2. Ultraviolent Ray lowers pieces above 1Q to 1Q; dead pieces stay dead,
   eternal pieces keep 3Q, and the performer is spared (it pays only the 1Q)
   (``test_ultraviolent_ray_lowers_the_row_to_1q_and_destroys_its_monuments_clarification_2``).
3. When Caprice dances another piece's ability, Caprice is the performer:
   distances and adjacency are measured from Caprice, its own monuments
   waive the cost, and it pays the 1Q
   (``test_interpretative_dance_uses_a_world_pieces_basic_ability_from_caprice_clarification_3``).
4. Flock Together moves the other pieces with the performer's Q (before it
   pays); the performer stays where it is.  Pieces already in the kingdom
   may stay on their cells; the others must be placed while the kingdom
   has room for them (clarification 30)
   (``test_flock_together_brings_the_pieces_with_the_same_q_into_your_kingdom_clarification_4``,
   ``test_flock_together_pieces_outside_the_kingdom_must_be_placed_those_inside_may_stay``).
5. Teleport may move a dead piece (the rules say so).  Tectonic Failure
   moves only live pieces and monuments: the rules say "any/all umbral
   pieces", but where they let an ability move a dead piece they say so in
   words (Return Home, Teleport), and a dead piece cannot travel, so a dead
   piece is read as staying put.  Moves are simultaneous: no two things
   may end on one cell, nothing onto a placed word
   (``test_tectonic_failure_moves_live_pieces_and_monuments_one_cell_clarification_5``,
   ``test_tectonic_failure_never_puts_two_things_on_one_cell``).
6. "The piece with the highest Q" for DOCUMENT: on a tie any of them gives
   the same number, so only the value matters.  Dead and eternal pieces keep
   their Q (``test_document_adds_nine_words_and_levels_live_pieces_in_your_kingdom_clarification_6``).
7. Both kingdoms at zero Q after one turn is a draw.  A kingdom with no
   piece in it holds zero Q and loses
   (``test_both_kingdoms_at_zero_is_a_draw_and_an_empty_kingdom_holds_zero_clarification_7``).
8. Go Berserk costs both pieces 9Q, and the performer then pays the usual
   1Q for performing (``test_go_berserk_moves_next_to_a_piece_and_both_lose_9q_plus_the_cost_clarification_8``).
9. A broken piece needs 3Q to perform its repair, which costs the usual 1Q
   (waived next to its own monument).  Breakdown cannot target an eternal
   piece, and Energize cannot raise one
   (``test_repair_needs_3q_and_costs_1q_and_eternal_pieces_refuse_breakdown_and_energize_clarification_9``).
10. Abilities that change the target's Q (Cut, Breakdown, Energize,
    Propaganda) cannot target a dead piece.  Only Energize says so: the
    rules let Cut and Breakdown choose "any umbral piece" and Propaganda
    "as many pieces as you want".  All four are read alike because on a
    dead piece they would change nothing but the performer's Q (half of 0
    is 0, Q never goes below 0, a dead piece never performs, broken or
    not), and where the rules let an ability reach a dead piece they say
    so.  Return Home, Perfect Eternal, Teleport, Spectacle and Go Berserk
    (clarification 29) can
    (``test_only_abilities_that_do_not_change_q_reach_dead_pieces_clarification_10``).
11. Critical Rewind needs an opponent's turn to undo (not on the first turn
    of play); the performer pays its 1Q in the restored position
    (``test_critical_rewind_of_a_document_forbids_documenting_and_needs_a_turn_to_undo_clarification_11``).
12. Propaganda picks at least one live, non-eternal piece
    (``test_propaganda_takes_1q_from_each_chosen_piece_entered_one_by_one_then_done_clarification_12``).
13. A player who can neither travel, perform nor document (possible only
    after a Critical Rewind of a DOCUMENT) passes the turn
    (``test_a_player_with_nothing_to_do_passes_clarification_13``).
14. Redefinition: the word it replaces goes back into the poem where the
    player says (before any word), at the end if they do not say; the new
    word may take the old word's cell
    (``test_redefinition_puts_the_returned_word_where_the_player_chooses_clarification_14``).
15. A placed word and a dead piece are obstacles for travel like any piece
    or monument (``test_travel_cannot_pass_or_land_on_pieces_monuments_or_words_and_says_what_blocks``,
    ``test_dead_pieces_block_travel_clarification_15``).
16. Energize adds 1, 2 or 3 Q, as the player chooses
    (``test_energize_adds_up_to_3q_to_an_adjacent_live_piece_and_repairs_it_clarification_16``).
17. An eternal piece's 3Q never changes, whatever the ability (Select the
    Fit, Cut, Propaganda, Go Berserk, DOCUMENT)
    (``test_select_the_fit_empties_every_piece_under_9q_clarification_17``,
    ``test_eternal_q_never_changes``).
18. After a Critical Rewind the previous turn is the rewind itself, a
    performance: no travel ban from the undone turns remains, only the
    rewind's own ban (``test_critical_rewind_restores_the_position_and_forbids_the_same_piece_clarification_18``).
19. Travel earns 1Q per cell moved, diagonal cells counting one each
    (``test_travel_from_your_kingdom_earns_a_q_per_cell_diagonals_too_clarification_19``).
20. Return Home needs the piece's home cell blank (no piece, monument or
    placed word), and a piece already on its home cell is no target
    (``test_return_home_needs_a_blank_home_cell_and_a_piece_away_from_it_clarification_20``).
21. Breakdown cannot target a piece that is already broken: it would change
    nothing (``test_breakdown_cannot_target_a_piece_already_broken_clarification_21``).
22. Interpretative Dance needs only a live piece in the World: one with 1Q
    or a broken one will do; its ability works as usual and the World
    piece keeps its Q and status
    (``test_a_world_piece_with_1q_or_broken_can_be_danced_and_stays_as_it_was_clarification_22``).
23. Go Berserk: a Caprice already next to the chosen piece may stay on its
    cell (``test_go_berserk_may_stay_put_when_already_next_to_the_target_clarification_23``).
24. Ultraviolent Ray leaves a placed word where it stands (the rules name
    only pieces and monuments)
    (``test_ultraviolent_ray_leaves_a_placed_word_clarification_24``).
25. An eternal piece performs without paying (its 3Q never changes), and
    DOCUMENT counts its 3Q when it looks for the highest Q in the kingdom
    (``test_an_eternal_piece_performs_for_free_and_counts_for_document_clarification_25``).
26. A word of the poem is any printable text without spaces (punctuation
    and digits included); DOCUMENT takes exactly nine, and refuses a word
    holding the forum tag ``[/PLAIN]``, which would end the escape of
    forum tables
    (``test_a_poem_word_is_printable_text_without_spaces_and_document_takes_exactly_nine_clarification_26``,
    ``test_a_word_with_the_forum_tag_that_ends_an_escape_is_refused_when_documented``).
27. Teleport and Tectonic Failure may move the performer itself; it pays
    its 1Q where it ends up
    (``test_teleport_and_tectonic_failure_may_move_the_performer_itself_clarification_27``).
28. No rule takes a piece off the board, so a game in play shows all
    nine: ``setup``, ``parse``, the position editor and forum tables
    refuse a position in play with fewer, naming the missing ones (a study
    position lays the pieces it does not need aside dead, at 0Q, as the
    tutorials' exercises do).  Only the set-up holds fewer, while the
    pieces are being placed: the editor places them there as the set-up
    does, and the rules' empty template (no piece, word or poem) reads as
    its start
    (``test_setup_parse_and_the_editor_refuse_a_position_in_play_without_all_nine_pieces_clarification_28``;
    ``test_a_table_in_play_shows_all_nine_pieces_clarification_28`` and
    ``test_the_rules_empty_template_reads_as_the_start_of_the_set_up_clarification_28``
    in ``tests/test_cresnovian_forum.py``).
29. Go Berserk may land next to a dead piece: the rules ask only for
    another piece, and name no exception here as they do for Energize and
    Interpretative Dance.  The dead piece stays at 0Q, as an eternal one
    keeps its 3Q; Caprice moves and loses 9Q and the cost as usual
    (``test_go_berserk_may_land_next_to_a_dead_piece_which_stays_dead_clarification_29``).
30. Flock Together fills the performer's kingdom with as many of the
    flocking pieces as it has room for, and the player chooses which pieces
    take which cells: the rules name no order.  The room is every cell of
    the kingdom not held by something that stays (a piece that does not
    flock, a monument, the placed word); a flocking piece already inside
    holds one of its cells, and may keep it or give it up.  Each piece left
    over goes to a free World cell or stays where it is, as the player
    chooses (the rules say "may"); one that gave up its cell inside goes
    into the World.  The kingdom is filled before any piece stays out.
    With no other piece at the performer's Q nothing would flock, and the
    ability is refused
    (``test_flock_together_lets_the_player_choose_which_pieces_take_the_free_cells_clarification_30``,
    ``test_two_flocking_pieces_left_over_go_into_the_world_or_stay_clarification_30``,
    ``test_a_flocking_piece_inside_the_kingdom_may_make_way_for_one_from_outside_clarification_30``).
31. Tectonic Failure moves at least one thing: "any/all" is a choice of
    things to move, and one that moves nothing would be a pass, which the
    rules do not offer (clarification 13).  Where nothing can move, the
    ability is not offered
    (``test_tectonic_failure_moves_at_least_one_thing_clarification_31``).
32. Cut and Breakdown may target their performer: the rules let them
    choose any umbral piece, and the performer is one.  Cut halves the
    performer's Q and it then pays its 1Q (a 5Q Duality ends on 1Q);
    Breakdown breaks it and it then pays its 1Q (a 4Q Cosmos ends on 3Qb);
    next to a monument of its own umbration it pays nothing, as always
    (``test_cut_and_breakdown_may_target_their_performer_clarification_32``).
"""

from .board import BASIC, CELLS, ELITE, FOUNDATION, INDEX, UMBRATIONS, Umbral
from .game import GAME, CresnovianChess
from .state import CresnovianState

__all__ = ["GAME", "CresnovianChess", "CresnovianState", "Umbral", "BASIC", "ELITE", "UMBRATIONS", "CELLS", "INDEX",
           "FOUNDATION"]
