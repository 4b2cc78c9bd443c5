"""Tables made once per board size and shared by all its positions: the cell
steps, and the move and attack actions from every cell along every direction.

Generating a position's actions then walks these rays and picks ready-made
actions instead of building text and steps for each.
"""

from __future__ import annotations

from functools import lru_cache

from ...core import Action, Step
from .board import ALL, ORTH, forward_dirs, geometry
from .entry import flag_leaps, shield_cast
from .moves import stick_table, unstack_table


class _Lazy(dict):
    """Values by key, each made by ``make`` on first use."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        value = self[key] = self.make(key)
        return value


class Rays:
    """For a board ``files`` wide and ``ranks`` deep: ``steps[i]`` the step
    that clicks cell ``i``; ``by_dir[d][i]`` the cells from ``i`` to the edge
    in direction ``d``, each as ``(cell, move, attack)`` with the actions
    ``i-cell`` and ``ixcell``; ``powers`` the power actions made so far, by
    plan; ``unstacks[i, units, dirs]`` what unstacking needs (see
    :func:`.moves.unstack_table`); ``sticks[cells, kind, fall]`` a stick's
    actions (see :func:`.moves.stick_table`); ``flag_leaps[i]`` the Nice
    Flag's listed leaps (see :func:`.entry.flag_leaps`); ``frozen`` the
    cells frozen by Flags standing on given cells.  Rays are made on first
    use, so a large board costs only what its positions use."""

    def __init__(self, files: int, ranks: int):
        self.geo = geometry(files, ranks)
        self.steps = [Step.cell(n) for n in self.geo.names]
        self.by_dir = {d: _Lazy(lambda i, d=d: self._ray(i, d)) for d in ALL}
        self.powers: dict = {}
        self.unstacks = _Lazy(lambda key: unstack_table(self.geo.names, self.steps, self.geo.line, self.powers, key))
        self._near = _Lazy(lambda dirs: _Lazy(lambda i: tuple(self.by_dir[d][i][0] for d in dirs if self.by_dir[d][i])))
        # The Cube's moves: per cell, per orthogonal direction, up to five (cell, move) pairs.
        self.cube = _Lazy(lambda i: tuple(tuple((j, move) for j, move, _ in self.by_dir[d][i][:5]) for d in ORTH))
        self.sticks = _Lazy(lambda key: stick_table(self.geo, self.steps, self.powers, key))
        self.flag_leaps = _Lazy(lambda i: flag_leaps(self.geo.names, self.steps, self.powers, self.geo.leaps[i], i))
        self.shield_casts = _Lazy(lambda i: _Lazy(lambda c: shield_cast(self.geo.names, self.steps, self.powers, i, c)))
        # The cells a Nice Flag freezes, by how far it reaches and where the Flags stand.
        self.frozen: dict = {}
        self.all_near = self.near(ALL)
        self.all_jumps = self.geo.jumps(ALL)
        self._sides: dict = {}

    def side(self, side: str) -> tuple:
        """A side's own ways on this board: the Flat's directions, its
        one-step moves and first hops, and the Flat Stack's one-step moves."""
        found = self._sides.get(side)
        if found is None:
            flat_dirs = forward_dirs(side, "flat")
            found = self._sides[side] = (flat_dirs, self.near(flat_dirs), self.geo.jumps(flat_dirs),
                                         self.near(forward_dirs(side, "stack")))
        return found

    def _ray(self, i: int, d: str) -> tuple:
        names, steps, step = self.geo.names, self.steps, self.geo.step[d]
        out, j = [], step[i]
        while j >= 0:
            pair, data = (steps[i], steps[j]), ("move", i, j)
            out.append((j, Action(f"{names[i]}-{names[j]}", pair, data), Action(f"{names[i]}x{names[j]}", pair, data)))
            j = step[j]
        return tuple(out)

    def near(self, dirs: tuple) -> dict:
        """By cell, the first entry of each ray in ``dirs`` (one step away), in the order of ``dirs``."""
        return self._near[dirs]


@lru_cache(maxsize=32)
def rays(files: int, ranks: int) -> Rays:
    """The shared :class:`Rays` of a board this size."""
    return Rays(files, ranks)
