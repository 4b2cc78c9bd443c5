"""CCC's pieces: what may stand on a cell, their heights and shield caps.

A cell holds nothing or one :class:`Thing`.  Flats and Pyramids that share a
cell form a *column* (a single Flat, a Flat Stack, a single or Constructed
Pyramid, a Pyramid Stack): a tuple of units from the bottom up, each a
letter (``F``, ``S``, ``M``, ``L``) and its own Shields.  The other pieces
stand alone: the Cube ``C``, the Ring ``R`` (with stored Power), the Nice
Flag ``V``, the Tall Stick ``T`` and Short Stick ``H`` (standing on one
cell or laying across two or three) and the Rectangle ``B``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

WHITE, BLACK = "w", "b"
SIDES = {WHITE: "white", BLACK: "black"}
OTHER = {WHITE: BLACK, BLACK: WHITE}

SIZE = {"S": 1, "M": 2, "L": 3}

#: Letters the notation no longer uses, with the letter written now: ``N``
#: means a knight in the chess-like games, so the Nice Flag is ``V``.
RENAMED = {"N": "V"}

#: Shields a piece may carry (the Ring's Power is not a Shield it was given).
CAP = {"F": 1, "S": 1, "B": 1, "M": 2, "H": 2, "L": 3, "T": 3, "C": 0, "V": 0, "R": 0}

#: Sections of stick each stick-like piece is made of.
SECTIONS = {"T": 3, "H": 2, "B": 1}

#: Letters of the pile of destroyed pieces, in the order they are written.
#: ``B`` counts stick sections (a Rectangle is one; a Tall Stick three).
PILE_ORDER = "FSMLRVB"

NAMES = {
    "F": "Flat", "S": "Small Pyramid", "M": "Medium Pyramid", "L": "Large Pyramid", "C": "Cube", "R": "Ring",
    "V": "Nice Flag", "T": "Tall Stick", "H": "Short Stick", "B": "Rectangle",
}

#: How many of each piece a side owns (the Tall Stick counts as 3 sections).
SET = {"F": 16, "S": 1, "M": 1, "L": 1, "C": 1, "R": 1, "V": 1, "B": 3}

MAX_FLATS = 5  # in one Flat Stack
MAX_POWER = 5  # stored by a Ring


@dataclass(frozen=True, slots=True)
class Thing:
    """What stands on a cell.  ``kind`` is ``col`` (Flats and Pyramids, see
    ``units``), ``C``, ``R``, ``V``, ``T``, ``H`` or ``B``; ``owner`` is
    ``w`` or ``b``.  Sticks list the ``cells`` they cover (one when standing,
    ascending when laying); sticks and Rectangles carry ``shields``; a Ring
    its ``power``."""

    kind: str
    owner: str
    units: tuple = ()  # columns: ((letter, shields), ...) bottom first
    shields: int = 0
    power: int = 0
    cells: tuple = ()
    # Derived once, for move generation: ``code`` names the piece's part in
    # the rules (``F`` a single Flat, ``FF`` a Flat Stack, ``P`` a Pyramid or
    # Constructed Pyramid, ``Q`` a Pyramid Stack, ``s``/``l`` a standing or
    # laying stick, else ``kind``), ``pyr`` its Pyramids, ``tall`` its height,
    # ``room`` the Shields the piece on top may still take.
    code: str = field(init=False, repr=False, compare=False)
    pyr: int = field(init=False, repr=False, compare=False)
    tall: int = field(init=False, repr=False, compare=False)
    room: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        code, pyr, tall, room = _derived(self.kind, self.units, len(self.cells), self.shields)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "pyr", pyr)
        object.__setattr__(self, "tall", tall)
        object.__setattr__(self, "room", room)

    # ---- what kind of column or stick

    @property
    def flats(self) -> int:
        """How many Flats the column holds."""
        return _shape(self.units)[0]

    @property
    def pyramids(self) -> str:
        """The Pyramid letters in the column, bottom first."""
        return _shape(self.units)[1]

    def role(self) -> str:
        """The piece's name in the rules: Flat, Flat Stack, Pyramid,
        Constructed Pyramid, Pyramid Stack, or the piece's own name."""
        if self.kind != "col":
            if self.kind in "TH":
                return ("Standing " if self.standing else "Laying ") + NAMES[self.kind]
            return NAMES[self.kind]
        f, p = self.flats, self.pyramids
        if not p:
            return "Flat" if f == 1 else "Flat Stack"
        if not f:
            return NAMES[p] if len(p) == 1 else "Constructed Pyramid"
        return "Pyramid Stack"

    @property
    def standing(self) -> bool:
        """True for a stick standing on one cell."""
        return self.kind in "TH" and len(self.cells) == 1

    def height(self) -> int:
        """Height for the unstacking rule: pieces in a column, 3 for a
        standing Tall Stick, 2 for a standing Short Stick and the Flag, else 1."""
        return self.tall

    def top_letter(self) -> str:
        """The letter of the piece a Shield cast on this thing goes to."""
        return self.units[-1][0] if self.kind == "col" else self.kind

    def top_shields(self) -> int:
        """Shields on the piece a Shield cast here would go to."""
        if self.kind == "col":
            return self.units[-1][1]
        return self.shields

    def shield_room(self) -> int:
        """How many more Shields the piece on top may take (``room``)."""
        return self.room

    def with_top_shield(self) -> Thing:
        """This thing with one more Shield on its top piece."""
        if self.kind == "col":
            letter, sh = self.units[-1]
            return Thing("col", self.owner, self.units[:-1] + ((letter, sh + 1),))
        return Thing(self.kind, self.owner, shields=self.shields + 1, cells=self.cells)


@cache
def _shape(units: tuple) -> tuple[int, str]:
    """(number of Flats, Pyramid letters) of a column, remembered."""
    letters = "".join(u[0] for u in units)
    return letters.count("F"), letters.replace("F", "")


@cache
def _derived(kind: str, units: tuple, covered: int, shields: int) -> tuple[str, int, int, int]:
    """The (code, Pyramids, height, Shield room) of a thing of ``kind`` made
    of ``units`` that covers ``covered`` cells and carries ``shields``,
    remembered (see :class:`Thing`)."""
    if kind == "col":
        f, p = _shape(units)
        code = ("F" if f == 1 else "FF") if not p else ("P" if not f else "Q")
        top, carried = units[-1] if units else ("F", 0)
        return code, len(p), len(units), CAP[top] - carried
    room = CAP[kind] - shields
    if kind in "TH":
        standing = covered == 1
        return "s" if standing else "l", 0, (3 if kind == "T" else 2) if standing else 1, room
    return kind, 0, 2 if kind == "V" else 1, room


def column(owner: str, *units) -> Thing:
    """A column from units given as letters or (letter, shields) pairs, bottom first."""
    return Thing("col", owner, tuple(u if isinstance(u, tuple) else (u, 0) for u in units))
