"""Attacks and their consequences, worked on a mutable copy of the board.

An attack is a fight on one cell: the attacking pieces (the top one first)
meet what stands there (its top piece first), one pair at a time:

A. neither has Shields: both are destroyed;
B. one has Shields: it loses one and the other is destroyed;
C. both have Shields: both lose one at a time until A or B applies.

The fight goes on until the attacker is destroyed or the cell is empty; a
surviving attacker then stands there.  A Cube destroys every attacker and
is never destroyed; a Ring's stored Power serves as its Shields; a standing
Stick is reduced one step (Tall to Short to Rectangle) instead of being
destroyed; a laying Stick loses the section on the cell.
"""

from __future__ import annotations

from functools import cached_property

from .pieces import Thing


def encounter(a: int, d: int) -> tuple[int, int, bool, bool]:
    """One pairing of an attacker with ``a`` Shields and a defender with
    ``d``: their Shields after it, and whether each is destroyed."""
    if a == d:
        return 0, 0, True, True
    if a > d:
        return a - d - 1, 0, False, True
    return 0, d - a - 1, True, False


def runs(cells: list[int], alive: list[bool]) -> list[list[int]]:
    """The unbroken runs of surviving sections of a stick."""
    out, cur = [], []
    for c, ok in zip(cells, alive, strict=False):
        if ok:
            cur.append(c)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


class Work:
    """A board being changed by one action: ``cells`` (a list), the piles
    of destroyed pieces, and how many pieces were destroyed."""

    def __init__(self, state):
        self.state = state
        self.geo = state.geo
        self.cells = list(state.board)
        self.destroyed = 0

    @cached_property
    def lost(self) -> dict[str, list[str]]:
        """The piles of destroyed pieces by side (``w``/``b``), made when first changed."""
        return {"w": list(self.state.lost[0]), "b": list(self.state.lost[1])}

    # ---- bookkeeping

    def bury(self, owner: str, letter: str, n: int = 1) -> None:
        """Put ``n`` destroyed pieces (or stick sections, ``B``) beside the board."""
        self.lost[owner].extend(letter * n)
        self.destroyed += n

    def put(self, thing: Thing | None, cells=None) -> None:
        """Set ``thing`` on the cells it covers (a stick's own cells by default)."""
        if cells is None:
            assert thing is not None, "only a piece has cells of its own"
            cells = thing.cells if thing.kind in "TH" else ()
        for c in cells:
            self.cells[c] = thing

    def lift(self, i: int) -> Thing:
        """Take the thing on ``i`` (every cell it covers) off the board."""
        t = self.cells[i]
        for c in t.cells if t.kind in "TH" else (i,):
            self.cells[c] = None
        return t

    def _place_run(self, owner: str, run: list[int], shields: int) -> None:
        if len(run) == 1:
            self.cells[run[0]] = Thing("B", owner, shields=min(shields, 1))
        else:
            kind = "T" if len(run) == 3 else "H"
            stick = Thing(kind, owner, shields=min(shields, 3 if kind == "T" else 2), cells=tuple(sorted(run)))
            for c in run:
                self.cells[c] = stick

    def break_section(self, stick: Thing, cell: int) -> None:
        """Destroy the section of a laying stick on ``cell``; the rest
        becomes a Short Stick or Rectangles."""
        for c in stick.cells:
            self.cells[c] = None
        self.bury(stick.owner, "B")
        alive = [c != cell for c in stick.cells]
        for run in runs(list(stick.cells), alive):
            self._place_run(stick.owner, run, 0)

    # ---- fights

    def fight(self, attackers: list[list], owner: str, cell: int) -> list[list]:
        """Attack ``cell`` with ``attackers`` (``[letter, shields]`` lists,
        the top one last; a stick section's letter is ``B``); returns the
        survivors, who then stand on the now empty cell if any are left."""
        cells = self.cells
        while attackers:
            t = cells[cell]
            if t is None:
                break
            a = attackers[-1]
            if t.kind == "C":
                attackers.pop()
                self.bury(owner, a[0])
                continue
            if t.kind == "col":
                letter, d = t.units[-1]
            elif t.kind == "R":
                letter, d = "R", t.power
            else:
                letter, d = t.kind, t.shields
            a_sh, d_sh, a_dead, d_dead = encounter(a[1], d)
            a[1] = a_sh
            if a_dead:
                attackers.pop()
                self.bury(owner, a[0])
            if t.kind == "col":
                if d_dead:
                    self.bury(t.owner, letter)
                    rest = t.units[:-1]
                    cells[cell] = Thing("col", t.owner, rest) if rest else None
                else:
                    cells[cell] = Thing("col", t.owner, t.units[:-1] + ((letter, d_sh),))
            elif t.kind == "R":
                if d_dead:
                    self.bury(t.owner, "R")
                    cells[cell] = None
                else:
                    cells[cell] = Thing("R", t.owner, power=d_sh)
            elif t.kind == "V":
                self.bury(t.owner, "V")
                cells[cell] = None
            elif t.kind == "B":
                if d_dead:
                    self.bury(t.owner, "B")
                    cells[cell] = None
                else:
                    cells[cell] = Thing("B", t.owner, shields=d_sh)
            elif t.standing:
                if d_dead:  # reduced one step instead of destroyed
                    self.bury(t.owner, "B")
                    cells[cell] = Thing("H", t.owner, cells=(cell,)) if t.kind == "T" else Thing("B", t.owner)
                else:
                    cells[cell] = Thing(t.kind, t.owner, shields=d_sh, cells=t.cells)
            else:  # a laying stick: the section on this cell
                if d_dead:
                    self.break_section(t, cell)
                else:
                    self.put(Thing(t.kind, t.owner, shields=d_sh, cells=t.cells))
        return attackers

    def crush(self, cell: int) -> None:
        """A Pyramid of the same colour lands here: what stands here is
        destroyed by its weight (a laying stick loses this section)."""
        t = self.cells[cell]
        if t.kind in "TH" and not t.standing:
            self.break_section(t, cell)
            return
        letter = t.kind
        n = {"T": 3, "H": 2}.get(letter, 1)
        self.bury(t.owner, "B" if letter in "TH" else letter, n)
        self.cells[cell] = None

    # ---- drops from unstacking

    def drop(self, owner: str, unit: tuple, cell: int) -> None:
        """Drop one Flat or Pyramid (``(letter, shields)``) on ``cell``
        (-1: off the board, where it is destroyed)."""
        letter = unit[0]
        if cell < 0:
            self.bury(owner, letter)
            return
        t = self.cells[cell]
        if t is None:
            self.cells[cell] = Thing("col", owner, (unit,))
        elif t.owner != owner:
            left = self.fight([list(unit)], owner, cell)
            if left:
                self.cells[cell] = Thing("col", owner, (tuple(left[0]),))
        elif letter == "F":
            if t.kind == "col" and not t.pyramids and len(t.units) < 5:
                self.cells[cell] = Thing("col", owner, t.units + (unit,))
            else:
                self.bury(owner, "F")  # it does not fit on this piece
        elif t.kind == "col":
            # Onto own Flats (a Pyramid Stack) or a larger Pyramid (constructing);
            # a drop onto a smaller Pyramid is never offered.
            self.cells[cell] = Thing("col", owner, t.units + (unit,))
        elif t.kind == "C":
            self.bury(owner, letter)  # the Cube is never destroyed
        else:
            self.crush(cell)
            self.cells[cell] = Thing("col", owner, (unit,))

    def land(self, mover: Thing, cell: int) -> None:
        """``mover`` (already lifted) arrives on ``cell`` after a move."""
        t = self.cells[cell]
        if t is None:
            self.cells[cell] = mover
            return
        if t.owner != mover.owner or mover.kind == "B":
            if mover.kind == "B":
                left = self.fight([["B", mover.shields]], mover.owner, cell)
                if left:
                    self.cells[cell] = Thing("B", mover.owner, shields=left[0][1])
            else:
                left = self.fight([list(u) for u in mover.units], mover.owner, cell)
                if left:
                    self.cells[cell] = Thing("col", mover.owner, tuple(tuple(u) for u in left))
            return
        if t.kind == "col":  # growing a stack, building a Pyramid Stack or Constructed Pyramid
            self.cells[cell] = Thing("col", mover.owner, t.units + mover.units)
            return
        self.crush(cell)  # a Pyramid onto another piece of its colour
        self.cells[cell] = mover

    def stick_lands(self, stick: Thing, new_cells: list[int], order: list[int]) -> None:
        """A stick (already lifted) falls or rolls across ``new_cells``,
        attacking each occupied one in ``order``."""
        shields = stick.shields
        alive = {}
        for c in order:
            if self.cells[c] is None:
                alive[c] = True
                continue
            section: list = ["B", shields]
            alive[c] = bool(self.fight([section], stick.owner, c))
            shields = section[1]  # spent in the fight, lost section or not (a Cube takes none)
        flags = [alive[c] for c in new_cells]
        if all(flags):
            moved = Thing(stick.kind, stick.owner, shields=shields, cells=tuple(sorted(new_cells)))
            for c in new_cells:
                self.cells[c] = moved
            return
        for run in runs(new_cells, flags):
            self._place_run(stick.owner, run, 0)

