"""The Cognizance piece's abilities: Propaganda (basic) and Sum of All Knowledge (elite)."""

from __future__ import annotations

from ....core import Step, StepOptions
from ..board import CELLS, DONE, INDEX, Umbral
from ..phrases import piece_name
from .base import Ability
from .world import Board, World


class Propaganda(Ability):
    """Propaganda: each of the chosen live pieces that are not eternal loses 1Q."""

    name = "propaganda"
    open_ended = True  # any subset of the targets

    def options(self) -> StepOptions:
        cands = self._live_targets(eternal=False)
        chosen: list[int] = []
        for k, step in enumerate(self.steps):
            if step == DONE:
                if not chosen:
                    self._refuse("Propaganda picks at least one piece")
                return self._done(k + 1)
            if step.kind != "cell" or step.value not in INDEX:
                self._refuse(f"Propaganda picks pieces by their cells, then 'done'; not {step.value!r}")
            i = INDEX[step.value]
            if i in chosen:
                p = self.s.piece_at(i)
                assert p is not None
                self._refuse(f"{piece_name(p)} is already picked")
            if i not in cands:
                self._refuse(self._target_problem(i, eternal=False))
            chosen.append(i)
        rest = [Step.cell(CELLS[i]) for i in cands if i not in chosen]
        if not chosen and not rest:
            self._refuse("every live piece is eternal")
        return StepOptions(tuple(rest) + ((DONE,) if chosen else ()), False)

    def describe(self) -> tuple[str, tuple[Step, ...]]:
        """The chosen cells in cell order, and the canonical steps."""
        cells = sorted(INDEX[x.value] for x in self.steps if x.kind == "cell")
        return " ".join(CELLS[c] for c in cells), tuple(Step.cell(CELLS[c]) for c in cells) + (DONE,)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        for x in steps:
            if x.kind == "cell":
                p = world.at(INDEX[x.value])
                assert p is not None
                world.add_q(p.umbration, -1)

    @classmethod
    def open_possible(cls, board: Board, me: Umbral) -> bool:
        return any(p.q and p.status != "e" for p in board.pieces)


class SumOfAllKnowledge(Ability):
    """Sum of All Knowledge: the performer gains 1Q for each monument on the field."""

    name = "sum-of-all-knowledge"

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        world.add_q(performer.umbration, len(world.monuments))
