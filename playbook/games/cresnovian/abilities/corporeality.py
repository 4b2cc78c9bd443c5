"""The Corporeality piece's abilities: Build Monument (basic) and Tectonic Failure (elite)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import Action, Step, StepOptions
from ..board import CELLS, INDEX, NEIGHBOURS, UMBRATIONS, Umbral, neighbours
from ..phrases import thing_at
from .base import Ability, Fill, cell_and_monument
from .moves import MoveAbility, move_dest
from .world import Board, World

if TYPE_CHECKING:
    from ..state import CresnovianState


class BuildMonument(Ability):
    """Build Monument: a monument of any umbration on a blank cell next to
    the performer, or a monument next to it destroyed."""

    name = "build-monument"
    shape = (270, cell_and_monument)

    def options(self) -> StepOptions:
        s = self.s
        here = self.performer.cell
        around = neighbours(here)
        cands = [i for i in around if s.blank(i) or s.monument_at(i)]

        def why(i: int) -> str:
            if i not in around:
                return f"{CELLS[i]} is not next to {CELLS[here]}"
            return f"{CELLS[i]} is taken by {thing_at(s, i)}"

        r = self._cells(cands, 0, f"no blank cell or monument is next to {CELLS[here]}", why)
        if r:
            return r
        target = self._cell(0)
        if s.monument_at(target):
            options = [Step.choice("destroy", "Destroy the monument")]
        else:
            options = [Step.choice(u, u.capitalize()) for u in UMBRATIONS]
        if len(self.steps) == 1:
            return StepOptions(tuple(options), False)
        if self.steps[1] not in options:
            if s.monument_at(target):
                self._refuse(f"{CELLS[target]} holds {thing_at(s, target)}: it can only be destroyed, "
                             f"not {self.steps[1].value!r}")
            self._refuse(f"a monument is of one of the nine umbrations, not {self.steps[1].value!r}")
        return self._done(2)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        cell = INDEX[steps[0].value]
        if steps[1].value == "destroy":
            del world.monuments[cell]
        else:
            world.monuments[cell] = steps[1].value

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        blocked, at, word_cell = board.blocked, board.at, board.word_cell
        out = []
        for i in NEIGHBOURS[me.cell]:
            if not blocked[i]:
                out += [row[k] or fill(k) for k in range(10 * i, 10 * i + 9)]
            elif at[i] is None and i != word_cell:
                out.append(row[10 * i + 9] or fill(10 * i + 9))
        return out


def _movers(s: CresnovianState) -> list[int]:
    """What Tectonic Failure moves in ``s``: live pieces and monuments, in cell order."""
    return sorted([p.cell for p in s.pieces if not p.dead] + [c for c, _ in s.monuments])


class TectonicFailure(MoveAbility):
    """Tectonic Failure: every live piece and monument moves one cell or
    stays, at least one of them moving; dead pieces and the placed word stay."""

    name = "tectonic-failure"

    def movers(self) -> list[int]:
        """What Tectonic Failure may move: live pieces and monuments, in cell order."""
        return _movers(self.s)

    def options(self) -> StepOptions:
        s = self.s
        movers = self.movers()
        # Placed words and dead pieces stay where they are.
        blocked = ({s.word[0]} if s.word else set()) | {p.cell for p in s.pieces if p.dead}
        reach = [[d for d in _one_step(cell) if d not in blocked] for cell in movers]
        if all(r == [cell] for r, cell in zip(reach, movers, strict=True)):
            self._refuse("nothing can move: every cell next to each live piece and monument holds a dead piece or "
                         "the placed word")

        def later_can_move(k: int, claimed: list[int]) -> bool:
            # Whether one of the things after the k-th can still move, every other one finding a cell.
            rest = reach[k + 1:]
            for j, (r, here) in enumerate(zip(rest, movers[k + 1:], strict=True)):
                for e in r:
                    if e != here and e not in claimed and _matchable(
                            [[x for x in other if x not in claimed and x != e] for other in rest[:j] + rest[j + 1:]]):
                        return True
            return False

        def moved(claimed: list[int]) -> bool:
            return any(d != cell for d, cell in zip(claimed, movers, strict=False))

        def allowed(k: int, claimed: list[int]) -> list[int]:
            # Offer only moves after which every later thing can still find a cell, and at least one
            # thing moves (clarification 31).
            return [d for d in reach[k] if d not in claimed
                    and _matchable([[e for e in r if e not in claimed and e != d] for r in reach[k + 1:]])
                    and (d != movers[k] or moved(claimed) or later_can_move(k, claimed + [d]))]

        def stay_problem(k: int, cell: int, claimed: list[int]) -> str:
            if not moved(claimed) and not later_can_move(k, claimed + [cell]):
                return f"Tectonic Failure moves at least one thing, and if {thing_at(s, cell)} stays on " \
                       f"{CELLS[cell]} nothing will have moved"
            return f"if {thing_at(s, cell)} stays on {CELLS[cell]}, a later move has nowhere to go"

        def move_problem(k: int, cell: int, d: int, claimed: list[int]) -> str:
            if d not in _one_step(cell):
                return f"{CELLS[d]} is not next to {CELLS[cell]}: Tectonic Failure moves things one cell"
            if d in blocked:
                return f"{CELLS[d]} holds {thing_at(s, d)}, which does not move"
            return f"after {CELLS[cell]}>{CELLS[d]} a later move would have nowhere to go"

        return self._pairs(movers, allowed, stay_problem, move_problem)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        s = world.s
        movers = _movers(s)
        pieces_at = {p.cell: p for p in s.pieces}
        old_monuments = dict(s.monuments)
        new_monuments = {c: u for c, u in old_monuments.items() if c not in movers}
        for c, x in zip(movers, steps, strict=True):
            dest = move_dest(x.value, c)
            p = pieces_at.get(c)
            if p is not None and not p.dead:
                world.move(p.umbration, dest)
            else:
                new_monuments[dest] = old_monuments[c]
        world.monuments = new_monuments

    @classmethod
    def open_possible(cls, board: Board, me: Umbral) -> bool:
        # Something moves: a live piece or monument with a neighbour that is neither a dead piece nor the
        # placed word (a moving neighbour can swap with it).
        stay = {p.cell for p in board.pieces if not p.q} | ({board.word_cell} if board.word_cell >= 0 else set())
        movers = [p.cell for p in board.pieces if p.q] + [c for c, _ in board.monuments]
        return any(d not in stay for c in movers for d in NEIGHBOURS[c])


def _one_step(cell: int) -> list[int]:
    """The cell itself and its neighbours: where one step can take a thing."""
    return [cell] + neighbours(cell)


def _matchable(options: list[list[int]]) -> bool:
    """Whether each item can get a different cell from its options
    (augmenting paths: Kuhn's matching)."""
    owner: dict[int, int] = {}

    def place(k: int, seen: set[int]) -> bool:
        for d in options[k]:
            if d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = k
                    return True
        return False

    return all(place(k, set()) for k in range(len(options)))
