"""The board, the umbrations and their abilities, and the piece value."""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from ...core import Step
from ...descriptor import Ending

#: The ending of a game where a kingdom holds zero Q.
KINGDOM_EMPTIED = Ending("kingdom emptied", "a kingdom holds zero Q")

COLS = "ABCDEFGHI"
ROWS = 3
CELLS = [COLS[i % 9] + str(i // 9 + 1) for i in range(27)]
INDEX = {c: i for i, c in enumerate(CELLS)}
FOUNDATION = ("A1", "A2", "A3", "D3", "E3", "F3", "I1", "I2", "I3")
UMBRATIONS = (
    "essence",
    "duality",
    "cosmos",
    "velocity",
    "radiance",
    "corporeality",
    "innervation",
    "caprice",
    "cognizance",
)
BASIC = {
    "essence": "return-home", "duality": "cut", "cosmos": "breakdown", "velocity": "critical-rewind",
    "radiance": "spectacle", "corporeality": "build-monument", "innervation": "energize",
    "caprice": "interpretative-dance", "cognizance": "propaganda",
}
ELITE = {
    "essence": "perfect-eternal", "duality": "flock-together", "cosmos": "redefinition", "velocity": "teleport",
    "radiance": "ultraviolent-ray", "corporeality": "tectonic-failure", "innervation": "select-the-fit",
    "caprice": "go-berserk", "cognizance": "sum-of-all-knowledge",
}
ABILITY_OWNER = {**{a: u for u, a in BASIC.items()}, **{a: u for u, a in ELITE.items()}}
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
DONE = Step.choice("done", "Done")
ABBREVIATION = {
    "essence": "Es", "duality": "Du", "cosmos": "Cs", "velocity": "Ve", "radiance": "Ra",
    "corporeality": "Cp", "innervation": "In", "caprice": "Ca", "cognizance": "Cg",
}
STYLE = {  # glyph shape and colour per umbration
    "essence": ("circle", "#e8e2d0"), "duality": ("diamond", "#7a7a7a"), "cosmos": ("star", "#3b3b98"),
    "velocity": ("chevron", "#2aa198"), "radiance": ("octagon", "#f2c14e"), "corporeality": ("square", "#8d5524"),
    "innervation": ("triangle", "#3a9a4a"), "caprice": ("hexagon", "#d33682"), "cognizance": ("pentagon", "#6c71c4"),
}


def kingdom_of(i: int) -> str:
    """The kingdom cell ``i`` lies in: ``left``, ``world`` or ``right``."""
    col = i % 9
    return "left" if col < 3 else "world" if col < 6 else "right"


def other_kingdom(k: str) -> str:
    """The kingdom across the World from ``k``."""
    return "left" if k == "right" else "right"


def neighbours(i: int) -> list[int]:
    """The cells next to ``i``, diagonals included."""
    r, c = divmod(i, 9)
    return [(r + dr) * 9 + c + dc for dr, dc in DIRECTIONS if 0 <= r + dr < ROWS and 0 <= c + dc < 9]


#: Each cell's kingdom (``left``, ``world``, ``right``), by cell index.
KINGDOM = tuple(kingdom_of(i) for i in range(27))
#: Each cell's neighbours, by cell index.
NEIGHBOURS = tuple(tuple(neighbours(i)) for i in range(27))
#: Each cell and its neighbours, the cell first.
AROUND = tuple((i,) + NEIGHBOURS[i] for i in range(27))
#: The cells of each kingdom and of the World.
ZONE = {z: tuple(i for i in range(27) if KINGDOM[i] == z) for z in ("left", "world", "right")}
#: Each player's kingdom and the opponent's.
OTHER = {"left": "right", "right": "left"}
#: How many king's steps apart two cells are (diagonals count as one): ``STEPS_BETWEEN[a][b]``.
STEPS_BETWEEN = tuple(tuple(max(abs(a // 9 - b // 9), abs(a % 9 - b % 9)) for b in range(27)) for a in range(27))
#: The step that names each cell, by cell index.
CELL_STEP = tuple(Step.cell(c) for c in CELLS)


class Umbral(NamedTuple):
    """One piece: its umbration, cell, Q, status (``""``, ``"b"`` broken,
    ``"e"`` eternal) and home (the foundation cell it was placed on).  A
    named tuple: made, compared and hashed at C speed, as a search that
    makes and compares hundreds of thousands of positions needs."""

    umbration: str
    cell: int
    q: int
    status: str = ""
    home: int = -1

    @property
    def dead(self) -> bool:
        """Whether the piece is dead (0Q)."""
        return self.q == 0

    def with_q(self, q: int) -> Umbral:
        """This piece with Q set to ``q`` (never below 0; eternal pieces keep 3)."""
        if self.status == "e" or q == self.q:
            return self
        return new_umbral((self.umbration, self.cell, q if q > 0 else 0, self.status, self.home))

    def moved(self, cell: int) -> Umbral:
        """This piece on ``cell``."""
        return new_umbral((self.umbration, cell, self.q, self.status, self.home))

    def code(self) -> str:
        """The piece's Q as a position writes it: ``3Q``, ``3Qe``, ``5Qb``."""
        return f"{self.q}Q{self.status}"


#: Makes an :class:`Umbral` from the tuple of its five values in one call,
#: without the Python-level call of its constructor (for a search's hot paths).
new_umbral = partial(tuple.__new__, Umbral)
