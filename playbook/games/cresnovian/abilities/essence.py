"""The Essence piece's abilities: Return Home (basic) and Perfect Eternal (elite)."""

from __future__ import annotations

from ....core import Action, Step, StepOptions
from ..board import CELLS, INDEX, Umbral
from ..phrases import piece_name, thing_at
from .base import Ability, Fill, one_cell
from .world import Board, World


class ReturnHome(Ability):
    """Return Home: a piece away from its home cell goes back to it, if that cell is blank."""

    name = "return-home"
    shape = (27, one_cell)

    def options(self) -> StepOptions:
        s = self.s
        cands = [p.cell for p in s.pieces if p.home >= 0 and p.cell != p.home and s.blank(p.home)]

        def why(i: int) -> str:
            p = s.piece_at(i)
            if p is None:
                return self._target_problem(i)
            if p.home < 0:
                return f"the home cell of {piece_name(p)} is unknown"
            if p.cell == p.home:
                return f"{piece_name(p)} is already on its home cell"
            return f"the home cell of {piece_name(p)}, {CELLS[p.home]}, is taken by {thing_at(s, p.home)}"

        return self._cells(cands, 0, "no piece is away from a free home cell", why) or self._done(1)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        p = world.at(INDEX[steps[0].value])
        assert p is not None
        world.move(p.umbration, p.home)

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        blocked = board.blocked
        return [(row[p.cell] or fill(p.cell)) for p in board.pieces
                if p.home >= 0 and p.cell != p.home and not blocked[p.home]]


class PerfectEternal(Ability):
    """Perfect Eternal: any piece becomes eternal, 3Q for good."""

    name = "perfect-eternal"
    shape = (27, one_cell)

    def options(self) -> StepOptions:
        return self._cells([p.cell for p in self.s.pieces], 0, "there is no piece",
                           self._target_problem) or self._done(1)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        p = world.at(INDEX[steps[0].value])
        assert p is not None
        world.set(p.umbration, q=3, status="e")

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        return [(row[p.cell] or fill(p.cell)) for p in board.pieces]
