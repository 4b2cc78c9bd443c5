"""The Radiance piece's abilities: Spectacle (basic) and Ultraviolent Ray (elite)."""

from __future__ import annotations

from ....core import Action, Step, StepOptions
from ..board import CELLS, INDEX, KINGDOM, OTHER, ZONE, Umbral, kingdom_of, other_kingdom
from ..phrases import piece_name, thing_at
from .base import Ability, Fill, two_cells
from .world import Board, World


class Spectacle(Ability):
    """Spectacle: a piece in the mover's kingdom raises a monument of its
    umbration on a blank cell of the opponent's kingdom."""

    name = "spectacle"
    shape = (729, two_cells)

    def options(self) -> StepOptions:
        s = self.s
        mine = [p.cell for p in s.pieces if kingdom_of(p.cell) == s.kingdom()]

        def why_source(i: int) -> str:
            p = s.piece_at(i)
            if p is None:
                return self._target_problem(i, live=False)
            return f"{piece_name(p)} is not in your kingdom"

        r = self._cells(mine, 0, "no piece stands in your kingdom", why_source)
        if r:
            return r
        theirs = other_kingdom(s.kingdom())
        cells = [i for i in range(27) if kingdom_of(i) == theirs and s.blank(i)]

        def why(i: int) -> str:
            if kingdom_of(i) != theirs:
                return f"{CELLS[i]} is not in the opponent's kingdom ({theirs})"
            return f"{CELLS[i]} is taken by {thing_at(s, i)}"

        return self._cells(cells, 1, "no blank cell is left in the opponent's kingdom", why) or self._done(2)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        p = world.at(INDEX[steps[0].value])
        assert p is not None
        world.monuments[INDEX[steps[1].value]] = p.umbration

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        k = board.kingdom
        blocked = board.blocked
        theirs = [i for i in ZONE[OTHER[k]] if not blocked[i]]
        return [(row[p.cell * 27 + t] or fill(p.cell * 27 + t))
                for p in board.pieces if KINGDOM[p.cell] == k for t in theirs]


class UltraviolentRay(Ability):
    """Ultraviolent Ray: every other piece in the performer's row above 1Q
    drops to 1Q, and the row's monuments go."""

    name = "ultraviolent-ray"

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        row = performer.cell // 9
        for p in list(world.by_u.values()):
            if p.cell // 9 == row and p.umbration != performer.umbration and p.q > 1:
                world.set_q(p.umbration, 1)
        world.monuments = {c: u for c, u in world.monuments.items() if c // 9 != row}
