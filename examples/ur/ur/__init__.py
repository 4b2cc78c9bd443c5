"""The Royal Game of Ur, a race game with dice: a playbook game in its own package.

The rules are in ``RULES.md`` beside this package (Irving Finkel's
reconstruction): each side races seven pieces along a path of fourteen
squares, moving one piece a turn by the roll of four binary dice (0 to
4), taking enemy pieces in the shared middle row, and rolling again on a
rosette.  The dice are chance in playbook's contract: a position where
they are to be rolled is a chance node (``state.chance``), whose outcomes
``roll 0`` to ``roll 4`` come with their exact probabilities
(``state.chance_outcomes()``: 1, 4, 6, 4 and 1 in 16), and a roll is an
action of its own in a game's record.  The package registers :data:`GAME`
under the entry point group ``playbook.games`` (see its
``pyproject.toml``), so ``playbook.load("ur")`` finds it, and the boards,
engines, self-play and reviews of playbook work with it.

>>> from playbook import load
>>> state = load("ur").initial()
>>> state.status(), [str(a) for a in state.legal_actions()][:2]
('White to roll', ['roll 0', 'roll 1'])
>>> state.play("roll 4").play("e1-a1").to_text()
'....--../......../w...--.. w6/0 b7/0 w roll'

Rules clarifications
--------------------

Where the rules leave a choice open, this package decides:

1. White, the first seat, always rolls first.  At a real board the
   players throw to see who starts; a record instead names who sat where,
   and self-play swaps the seats from game to game (``rotate=True``) to
   be fair to both (``test_the_start_has_every_piece_waiting_and_white_rolls_first``).
2. The dice are four tetrahedral dice with two marked tips each (Finkel's
   reading; some modern sets use three dice or four-sided sticks), so a
   roll of 0, 1, 2, 3 or 4 comes 1, 4, 6, 4 or 1 times in 16
   (``test_four_binary_dice_give_0_to_4_as_often_as_the_sixteen_throws_allow``).
3. A roll of 0, or a roll with which no piece can move, passes the turn at
   once: the roll is kept in the record and the other side rolls next, with
   no "pass" to play, and a position holding a roll with no move never
   stands (``test_a_roll_of_0_or_a_roll_with_no_move_passes_the_turn_at_once``).
4. A player who can move must move, but chooses which piece
   (``test_a_player_who_can_move_must_move``).
5. Every rosette gives another roll, the one a piece enters onto with a 4
   and the last square of the path included, and the new roll may move any
   piece (``test_a_rosette_gives_another_roll_to_the_same_side``,
   ``test_the_roll_after_a_rosette_may_move_any_piece``).
6. The central rosette protects the piece on it: no enemy piece may land
   there, so a roll that could only do that does not move that piece (the
   other rosettes lie on a side's own rows, where no enemy goes)
   (``test_a_piece_on_the_central_rosette_cannot_be_taken``).
7. Pieces are taken only in the shared middle row, and a piece taken goes
   back to wait and enters again from the start
   (``test_landing_on_an_enemy_in_the_shared_row_sends_it_back_to_wait``).
8. A piece is borne off only by the exact roll that takes it one square
   past the end of its path; a larger roll does not move it
   (``test_a_piece_bears_off_with_the_exact_roll_only``).
9. A piece may not land on a piece of its own: two pieces never share a
   square (``test_no_piece_lands_on_a_piece_of_its_own``).
10. Bearing off the seventh piece wins at once; there is no draw and no
    limit on a game's length
    (``test_bearing_off_the_seventh_piece_wins_at_once``).
11. A roll is an action of the dice, written ``roll 3``: it is never a
    player's move (no move is accepted before the roll, no roll after it),
    a game's record keeps every roll, and a record replays the same game
    (``test_the_dice_are_never_rolled_by_a_move_and_a_move_never_by_the_dice``,
    ``test_a_game_replays_from_its_record_rolls_and_all``).

Ur ships no puzzles: a win is forced whatever the dice do only by the move
that bears off the last piece, since any plan of two moves meets a roll of
0 once in sixteen, so the puzzle miner would find nothing worth solving
(its descriptor declares no puzzle depths).
"""

from .game import GAME, Ur
from .state import UrState

__all__ = ["GAME", "Ur", "UrState"]
