"""The position editor for CCC: each side's pieces placed and removed cell
by cell.

- A Flat or Pyramid placed on a Flat, stack or Pyramid of its own colour
  joins that column where the rules stack it (Flats below Pyramids,
  larger Pyramids below smaller ones): a Flat on a Flat makes a Flat
  Stack, a Medium Pyramid on a Large one a Constructed Pyramid, a Pyramid
  on Flats a Pyramid Stack.  Anything else placed on a cell replaces what
  stands there (a laying stick goes away whole).  To put a single piece
  on a column, empty the cell first.
- Sticks are placed standing; a laying stick, Shields and the Ring's Power
  are written in the position text.
- A placed piece that the set could only hold because one like it lies
  beside the board (destroyed) comes back from there: the pile beside the
  board loses it.  Beyond that the set's counts hold: a second Cube, a
  seventeenth Flat or a Short Stick beside the Tall Stick are refused
  with the reason the position text gives.
- An edited position counts no quiet turns; the turn number and the Nice
  Flags' home cells stay as they were.
"""

from __future__ import annotations

from ...core import NotationError, Step
from .notation import write
from .pieces import NAMES, SECTIONS, SET, SIDES, SIZE, Thing

#: The pieces a side places, by letter (capitals White, small letters Black).
LETTERS = "FSMLCRVTHB"


def palette() -> tuple[Step, ...]:
    """Each side's Flat, three Pyramids, Cube, Ring, Nice Flag, Tall and
    Short Stick (standing) and Rectangle."""
    return tuple(Step.choice(letter if owner == "w" else letter.lower(),
                             f"{SIDES[owner]} {NAMES[letter]}" if letter not in "TH" else
                             f"{SIDES[owner]} {NAMES[letter]} (standing)")
                 for owner in "wb" for letter in LETTERS)


def placed(letter: str, owner: str, i: int, there: Thing | None) -> Thing:
    """What stands on cell ``i`` once a ``letter`` piece of ``owner`` is placed on ``there``."""
    if letter in "FSML":
        units = ((letter, 0),)
        if there is not None and there.kind == "col" and there.owner == owner:
            units = there.units + units
        flats = tuple(u for u in units if u[0] == "F")
        pyramids = tuple(sorted((u for u in units if u[0] != "F"), key=lambda u: -SIZE[u[0]]))
        return Thing("col", owner, flats + pyramids)
    if letter in "TH":
        return Thing(letter, owner, cells=(i,))
    return Thing(letter, owner)


def _counts(board, owner: str) -> dict[str, int]:
    """Pieces of ``owner`` on ``board`` by the letters of the lost piles
    (``B`` counting stick sections)."""
    count = dict.fromkeys(SET, 0)
    for i, t in enumerate(board):
        if t is None or t.owner != owner or (t.kind in "TH" and t.cells[0] != i):
            continue
        if t.kind == "col":
            for letter, _ in t.units:
                count[letter] += 1
        elif t.kind in SECTIONS:
            count["B"] += SECTIONS[t.kind]
        else:
            count[t.kind] += 1
    return count


def _back_from_pile(lost: str, on_board: dict[str, int]) -> str:
    """The pile ``lost`` without the pieces that had to come back from it
    for ``on_board`` to fit in the set."""
    for letter, most in SET.items():
        over = on_board[letter] + lost.count(letter) - most
        for _ in range(max(0, min(over, lost.count(letter)))):
            lost = lost.replace(letter, "", 1)
    return lost


def edit(state, cell: str | None, piece: str | None, to_move: str | None):
    """``state`` with ``piece`` (a palette letter, or None for nothing)
    placed on ``cell`` and/or ``to_move`` to move; refused with a
    :class:`NotationError` naming the field, as the position text would be."""
    board = list(state.board)
    lost = state.lost
    if cell is not None:
        i = state.geo.index.get(cell)
        if i is None:
            raise NotationError(f"cell: {cell!r} is not a cell of this {state.files}x{state.ranks} board")
        if piece is not None and (not isinstance(piece, str) or len(piece) != 1 or piece.upper() not in LETTERS):
            raise NotationError(f"piece: one of {' '.join(LETTERS)} (White) or {' '.join(LETTERS.lower())} "
                                f"(Black), not {piece!r}")
        there = board[i]
        if there is not None and there.kind in "TH":
            for c in there.cells:  # a laying stick leaves all its cells
                board[c] = None
        board[i] = None
        if piece is not None:
            owner = "w" if piece.isupper() else "b"
            board[i] = placed(piece.upper(), owner, i, there)
            k = 0 if owner == "w" else 1
            pile = _back_from_pile(lost[k], _counts(board, owner))
            lost = (pile, lost[1]) if k == 0 else (lost[0], pile)
    side = state.side
    if to_move is not None:
        if to_move not in SIDES.values():
            raise NotationError(f"side to move: white or black, not {to_move!r}")
        side = to_move[0]
    text = write(state.replace(board=tuple(board), side=side, quiet=0, lost=lost))
    return state.game.parse(text)  # refuses what the set or a column cannot hold, naming the field
