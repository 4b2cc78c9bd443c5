"""The Duality piece's abilities: Cut (basic) and Flock Together (elite)."""

from __future__ import annotations

from ....core import Action, Step, StepOptions
from ..board import CELLS, INDEX, Umbral, kingdom_of
from ..phrases import thing_at
from .base import Ability, Fill, one_cell
from .moves import MoveAbility
from .world import Board, World


class Cut(Ability):
    """Cut: a live piece's Q is halved, rounded down."""

    name = "cut"
    shape = (27, one_cell)

    def options(self) -> StepOptions:
        return self._cells(self._live_targets(), 0, "every piece is dead", self._target_problem) or self._done(1)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        p = world.at(INDEX[steps[0].value])
        assert p is not None
        world.set_q(p.umbration, p.q // 2)

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        return [(row[p.cell] or fill(p.cell)) for p in board.pieces if p.q]


class FlockTogether(MoveAbility):
    """Flock Together: every other piece with the performer's Q moves into
    the mover's kingdom while it has room, then into the World or stays."""

    name = "flock-together"

    def flockers(self) -> list[Umbral]:
        """The pieces that flock: every other piece with the performer's Q, in cell order."""
        q = self.performer.q
        return sorted((p for p in self.s.pieces if p.q == q and p.umbration != self.performer.umbration),
                      key=lambda p: p.cell)

    def movers(self) -> list[int]:
        """The cells of the pieces that flock, in cell order."""
        return [p.cell for p in self.flockers()]

    def options(self) -> StepOptions:
        s = self.s
        home = s.kingdom()
        flockers = self.flockers()
        movers = [p.cell for p in flockers]
        taken = {p.cell for p in s.pieces if p not in flockers} | {c for c, _ in s.monuments}
        if s.word:
            taken.add(s.word[0])
        if not movers:
            self._refuse(f"no other piece has the performer's {self.performer.q}Q, so none would flock")

        def free(claimed: list[int], zone: str) -> list[int]:
            return [i for i in range(27) if kingdom_of(i) == zone and i not in taken and i not in claimed]

        def allowed(k: int, claimed: list[int]) -> list[int]:
            # Into the kingdom while it has room; after that the rest may go into the World or stay put.
            inside = free(claimed, home)
            if inside:
                return inside
            here = movers[k]
            stays = [here] if here not in claimed and kingdom_of(here) != "world" else []
            return sorted(free(claimed, "world") + stays)

        def stay_problem(k: int, cell: int, claimed: list[int]) -> str:
            if cell in claimed:
                return f"{thing_at(s, cell)} on {CELLS[cell]} cannot stay: " \
                       f"another move of this Flock Together ends there"
            return f"{thing_at(s, cell)} on {CELLS[cell]} cannot stay: the flock goes into your kingdom ({home}) " \
                   f"while it has a free cell"

        def move_problem(k: int, cell: int, d: int, claimed: list[int]) -> str:
            if d in taken:
                return f"{CELLS[d]} is taken by {thing_at(s, d)}"
            if free(claimed, home):
                return f"{CELLS[d]} is not in your kingdom ({home}): the flock goes there while it has a free cell"
            return f"{CELLS[d]} is not in the World: once your kingdom is full, the rest of the flock goes into " \
                   f"the World or stays where it is"

        return self._pairs(movers, allowed, stay_problem, move_problem)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        s = world.s
        moves = [x.value.split(">") for x in steps if ">" in x.value]
        movers = []
        for a, b in moves:
            p = s.piece_at(INDEX[a])
            assert p is not None
            movers.append((p.umbration, INDEX[b]))
        for u, dest in movers:
            world.move(u, dest)

    @classmethod
    def open_possible(cls, board: Board, me: Umbral) -> bool:
        # Another piece with the performer's Q (clarification 30).
        return any(p.q == me.q and p is not me for p in board.pieces)
