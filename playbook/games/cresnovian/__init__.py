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
where it is, which a flocking piece may only do inside the kingdom.  On the
board the moves are buttons taken in cell order, each naming the piece or
monument it moves.  A refused action always says why: which piece blocks a
travel, why a target is none, what an ability lacks.

Abilities and their parameters
------------------------------
==============  =====================  =========================================
umbration       basic                  elite
==============  =====================  =========================================
essence         ``return-home T``      ``perfect-eternal T``
duality         ``cut T``              ``flock-together A1>B2 ...`` (each
                                       flocking piece and where it goes)
cosmos          ``breakdown T``        ``redefinition N C`` (poem word number N
                                       onto blank cell C)
velocity        ``critical-rewind``    ``teleport F C`` (piece or monument)
radiance        ``spectacle P C``      ``ultraviolent-ray``
corporeality    ``build-monument C U`` ``tectonic-failure A1>B2 ...`` (each
                or ``... C destroy``   piece or monument that moves)
innervation     ``energize T N``       ``select-the-fit``
caprice         ``interpretative-dance ``go-berserk T C`` (next to T, on C)
                W <basic> ...``
cognizance      ``propaganda T T ...`` ``sum-of-all-knowledge``
==============  =====================  =========================================

A broken piece (``Qb``) performs ``repair``: it does nothing but mend.  Q
never goes below zero; an eternal piece (``3Qe``) never changes Q.

Rules clarifications
--------------------
1. Return Home sends a piece to the foundation cell it was placed on at
   set-up.
2. Ultraviolent Ray lowers pieces above 1Q to 1Q; dead pieces stay dead,
   eternal pieces keep 3Q, and the performer is spared (it pays only the 1Q).
3. When Caprice dances another piece's ability, Caprice is the performer:
   distances and adjacency are measured from Caprice, its own monuments
   waive the cost, and it pays the 1Q.
4. Flock Together moves the other pieces with the performer's Q (before it
   pays); the performer stays where it is.  Pieces already in the kingdom
   may stay on their cells.
5. Teleport may move a dead piece (the rules say so); Tectonic Failure
   moves only live pieces and monuments.  Moves are simultaneous: no two
   things may end on one cell, nothing onto a placed word.
6. "The piece with the highest Q" for DOCUMENT: on a tie any of them gives
   the same number, so only the value matters.  Dead and eternal pieces keep
   their Q.
7. Both kingdoms at zero Q after one turn is a draw.  A kingdom with no
   piece in it holds zero Q and loses.
8. Go Berserk costs both pieces 9Q, and the performer then pays the usual
   1Q for performing.
9. A broken piece needs 3Q to perform its repair, which costs the usual 1Q
   (waived next to its own monument).  Breakdown cannot target an eternal
   piece, and Energize cannot raise one.
10. Abilities that change Q (Cut, Breakdown, Energize, Propaganda, Go
    Berserk) cannot target a dead piece; Return Home, Perfect Eternal,
    Teleport and Spectacle can.
11. Critical Rewind needs an opponent's turn to undo (not on the first turn
    of play); the performer pays its 1Q in the restored position.
12. Propaganda picks at least one live, non-eternal piece.
13. A player who can neither travel, perform nor document (possible only
    after a Critical Rewind of a DOCUMENT) passes the turn.
"""

from .board import BASIC, CELLS, ELITE, FOUNDATION, INDEX, UMBRATIONS, Umbral
from .game import GAME, CresnovianChess
from .state import CresnovianState

__all__ = ["GAME", "CresnovianChess", "CresnovianState", "Umbral", "BASIC", "ELITE", "UMBRATIONS", "CELLS", "INDEX",
           "FOUNDATION"]
