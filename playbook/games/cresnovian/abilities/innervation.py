"""The Innervation piece's abilities: Energize (basic) and Select the Fit (elite)."""

from __future__ import annotations

from ....core import Action, Step, StepOptions
from ..board import AROUND, CELLS, INDEX, Umbral, neighbours
from .base import Ability, Fill, cell_and_amount
from .world import Board, World


class Energize(Ability):
    """Energize: a live piece that is not eternal, on or next to the
    performer, gains 1, 2 or 3 Q (a broken one is repaired)."""

    name = "energize"
    shape = (81, cell_and_amount)

    def options(self) -> StepOptions:
        here = self.performer.cell
        around = [here] + neighbours(here)
        cands = [i for i in around if (p := self.s.piece_at(i)) and not p.dead and p.status != "e"]

        def why(i: int) -> str:
            if i not in around:
                return f"{CELLS[i]} is not {CELLS[here]} or next to it"
            return self._target_problem(i, eternal=False)

        r = self._cells(cands, 0, f"no live piece that is not eternal stands on or next to {CELLS[here]}", why)
        if r:
            return r
        amounts = [Step.choice(str(n), f"+{n}Q") for n in (1, 2, 3)]
        if len(self.steps) == 1:
            return StepOptions(tuple(amounts), False)
        if self.steps[1] not in amounts:
            self._refuse(f"Energize adds 1, 2 or 3 Q, not {self.steps[1].value!r}")
        return self._done(2)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        p = world.at(INDEX[steps[0].value])
        assert p is not None
        world.set_q(p.umbration, p.q + int(steps[1].value))
        if p.status == "b":
            world.set(p.umbration, status="")

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        at = board.at
        out = []
        for i in AROUND[me.cell]:
            p = at[i]
            if p is not None and p.q and p.status != "e":
                out += [row[k] or fill(k) for k in range(3 * i, 3 * i + 3)]
        return out


class SelectTheFit(Ability):
    """Select the Fit: every piece under 9Q drops to 0Q (eternal ones keep theirs)."""

    name = "select-the-fit"

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        for p in list(world.by_u.values()):
            if p.q < 9:
                world.set_q(p.umbration, 0)
