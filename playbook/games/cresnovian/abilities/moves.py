"""Abilities that move several things at once, one move per thing in cell
order (Flock Together, Tectonic Failure): moves written ``A1>B2``, or
``A1=`` for a thing that stays."""

from __future__ import annotations

import re
from collections.abc import Callable

from ....core import Step, StepOptions
from ..board import CELLS, INDEX
from ..phrases import short_name, thing_at
from .base import Ability

#: One move: the cell moved from, then ``=`` (stays) or ``>`` and the cell moved to.
MOVE = re.compile(r"([A-Z]\d)(=|>([A-Z]\d))")


def move_dest(value: str, cell: int) -> int:
    """Where a move ``A1>B2``/``A1=`` of the thing on ``cell`` ends."""
    return cell if value.endswith("=") else INDEX[value.split(">")[1]]


def moves_text(values) -> str:
    """The moves as an action's text writes them: those that stay (``A1=``) left out."""
    return " ".join(v for v in values if not v.endswith("="))


class MoveAbility(Ability):
    """An ability entered as one move per mover, in cell order."""

    open_ended = True  # a move per mover: the combinations explode

    def movers(self) -> list[int]:
        """The cells of what moves (or may stay), in cell order."""
        raise NotImplementedError

    def describe(self) -> tuple[str, tuple[Step, ...]]:
        """The moves as text (those that stay left out), and the steps."""
        return moves_text(x.value for x in self.steps), self.steps

    def _pairs(self, movers: list[int], allowed: Callable[[int, list[int]], list[int]],
               stay_problem: Callable[[int, int, list[int]], str],
               move_problem: Callable[[int, int, int, list[int]], str]) -> StepOptions:
        """Entry of one move per mover, in ``movers`` order, as choices
        ``A1>B2`` or ``A1=`` (stays).  ``allowed(k, claimed)`` gives the
        destinations of the k-th mover; ``stay_problem``/``move_problem``
        explain refusals."""
        claimed: list[int] = []
        for k, cell in enumerate(movers):
            dests = allowed(k, claimed)
            thing = thing_at(self.s, cell)
            name = short_name(self.s, cell)
            opts = [Step.choice(f"{CELLS[cell]}=", f"{name} stays on {CELLS[cell]}") if d == cell else
                    Step.choice(f"{CELLS[cell]}>{CELLS[d]}", f"{name} {CELLS[cell]} → {CELLS[d]}")
                    for d in dests]
            if len(self.steps) == k:
                if not opts:
                    self._refuse(f"{thing} on {CELLS[cell]} has nowhere left to go")
                return StepOptions(tuple(opts), False)
            step = self.steps[k]
            if step not in opts:
                value = step.value
                move = MOVE.fullmatch(value) if step.kind == "choice" else None
                if move is None or move[1] not in INDEX or (move[3] or move[1]) not in INDEX:
                    self._refuse(f"{self.title} moves are written like {CELLS[cell]}>B2 or {CELLS[cell]}= (stays), "
                                 f"not {value!r}")
                src, dst = move[1], move[3] or move[1]
                if src != CELLS[cell]:
                    self._refuse(f"{self.title} takes its moves in cell order: next comes {thing} on {CELLS[cell]}, "
                                 f"not {src}")
                d = INDEX[dst]
                if d in claimed:
                    self._refuse(f"{dst} is already taken by another move of this {self.title}")
                self._refuse(stay_problem(k, cell, claimed) if d == cell else move_problem(k, cell, d, claimed))
            claimed.append(move_dest(step.value, cell))
        return self._done(len(movers))
