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
Positions: see :mod:`playbook.games.ccc.notation`.  Actions: cells joined
by ``-`` (a move) or ``x`` (an attack or hop: ``c3xc5xe7``); ``d4 unstack n``
(with the Pyramids' drop order where there is a choice: ``d4 unstack ne MS``);
``h1 fall w``, ``h1 roll n``, ``h1 stand e`` (a laying stick is named by its
cell nearest a1); ``b1 build``; ``b1 shield c2 c2 e1`` (one cell per Shield);
``g1-d3 "Lovely hop"``; ``g1 recreate "Smart opening"``; ``pass``.
Directions are compass points; north is towards Black.

Rules clarifications
--------------------
The source is silent or ambiguous on these; the engine decides as follows
(options name the other reading where it is cheap).

1. Board and set-up: 8 files by 10 ranks; back rank Cube, Ring, Small,
   Large, Medium Pyramid, empty, Nice Flag, Tall Stick; Flats on the two
   ranks in front; Black mirrors White across the middle.
   ``initial(files=, ranks=, back_rank=)`` choose others.
2. The forgotten "???" piece is left out: its cell (f1, f10) starts empty.
3. White moves first (``initial(first="black")``).  Over several games a
   ``Match`` lets the loser of each game move first in the next, and
   after a draw refuses to start another game that day.
4. A falling stick keeps its base cell: it lies across its own cell and the
   next one or two (``CCC(fall="beyond")``: the two or three cells beyond).
5. Pyramids slide like chess bishops: the first piece in the way stops
   them, and they may end their move on it (``CCC(pyramid_slide="through")``
   lets them pass over pieces).
6. "Next to" a Nice Flag means the eight surrounding cells
   (``CCC(reach="orthogonal")``: the four beside it); a laying stick is
   frozen when any of its cells is.  Frozen pieces can still receive Shields.
7. An attack goes on, the attacker's top piece against the defender's top
   piece, until the attacker is destroyed or the cell is empty; a
   surviving attacker then stands there.  An attacking column fights with
   its top piece first.
8. A standing stick loses one step per pairing it loses, so a well shielded
   attacker may grind it down to nothing in one attack.
9. A laying stick that loses sections keeps each unbroken run: three
   sections a Tall Stick, two a Short Stick, one a Rectangle (so losing two
   sections of a Tall Stick leaves one Rectangle).
10. A falling or rolling stick attacks its cells one after another, from its
    base outward (a fall) or from the cell nearest a1 (a roll), with one
    shared set of Shields.
11. A Pyramid that lands on another piece of its colour (other than Flats
    and larger Pyramids) crushes it outright: Shields do not save it, the
    Pyramid is unharmed, a laying stick loses only the crushed section.  A
    Pyramid never moves onto its own Cube; one dropped there is destroyed.
12. A hop destroys the hopped Flat, as in checkers (a Shield saves it and is
    spent); the first hop goes a Flat's ways, later ones any of eight ways;
    each enemy Flat is hopped at most once a turn and stays on its cell
    until the chain ends; a chain may stop after any hop; only single Flats
    can be hopped (``CCC(hop_captures=False)``: hops only move).
13. A Flat may move onto a Flat Stack of its colour holding 1-4 Flats; a
    Flat Stack grows only onto a single Flat; a Pyramid Stack moves only to
    empty cells or enemies.
14. Unstacking drops Pyramids first, in the order the player picks, then
    Flats from the top down.  The height rule applies to each Flat drop,
    counting the Flats still held (the one dropping included); Pyramids
    ignore it.  Pieces dropped beyond the edge are destroyed, Pyramids too.
15. A Pyramid is never dropped onto a smaller Pyramid of its colour: such an
    order or direction is not offered.
16. The Ring casts Shields on any piece of its colour on the board, one or
    more per turn (never zero).
17. A compliment is any text with a letter in it; the engine cannot judge
    sincerity.  "The very first turn" is the game's turn 1 only.  The Flag
    moves to empty cells only.  Re-creating it uses the turn and needs its
    home cell empty.
18. A side with nothing it may move or act with (everything frozen, say)
    passes.
19. A game with 100 turns in a row without a piece destroyed is drawn
    (``CCC(quiet_limit=None)`` never draws this way).
20. The Cube destroys every attacker whatever its colour or Shields (a
    stick's section on it included), and is never destroyed.
21. "Pyramids cannot in any way move onto smaller Pyramids" holds for both
    colours: no Pyramid (alone, constructed, in a Pyramid Stack, or dropped)
    lands on a column topped by a smaller Pyramid, so a Large Pyramid cannot
    attack a Small one (``CCC(onto_smaller=True)`` lets Pyramids attack
    smaller enemy Pyramids).  The size that counts is the mover's largest.
22. The Nice Flag's leap is an L of three cells and two at a right angle
    (the source's "parallel" is read as the L it describes): eight targets,
    as a knight has.
"""

from .game import BACK_RANK, CCC, GAME, Match
from .pieces import Thing
from .state import CCCState

__all__ = ["GAME", "CCC", "CCCState", "Match", "Thing", "BACK_RANK"]
