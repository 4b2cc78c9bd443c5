"""The Velocity piece's abilities: Critical Rewind (basic) and Teleport (elite)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import Action, Step, StepOptions
from ..board import CELLS, INDEX, Umbral
from ..phrases import thing_at
from .base import Ability, Fill, two_cells
from .world import Board, World

if TYPE_CHECKING:
    from ..state import CresnovianState


class CriticalRewind(Ability):
    """Critical Rewind: the opponent's last turn is undone, and what they
    did on it is forbidden to them on the next.  Its effect is a whole
    earlier position rather than a change to the board, so it has
    :meth:`rewound` in place of :meth:`carry_out`."""

    name = "critical-rewind"

    def options(self) -> StepOptions:
        if not self.s.before:
            self._refuse("there is no opponent's turn to undo")
        return self._done(0)

    @staticmethod
    def rewound(s: CresnovianState, performer: str, waived: bool, snapshot: str) -> CresnovianState:
        """The position after the ``performer`` umbration's Critical Rewind
        in ``s``: the one before the opponent's turn, the performer paying
        its 1Q there unless ``waived``; ``snapshot`` is ``s`` as the next
        position remembers it."""
        restored = s.game.parse(s.before)
        if not waived:
            pieces = tuple(x.with_q(x.q - 1) if x.umbration == performer else x for x in restored.pieces)
            restored = restored.replace(pieces=pieces)
        forbid = "" if s.last_turn == "pass" else s.last_turn
        return restored.replace(forbid=forbid, last_travel="", last_turn=f"perform:{performer}", before=snapshot)

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        return [(row[0] or fill(0))] if board.s.before else []


class Teleport(Ability):
    """Teleport: any piece (a dead one too) or monument goes to any blank cell."""

    name = "teleport"
    shape = (729, two_cells)

    def options(self) -> StepOptions:
        s = self.s
        things = sorted([p.cell for p in s.pieces] + [c for c, _ in s.monuments])

        def why_source(i: int) -> str:
            if s.word and s.word[0] == i:
                return "placed words cannot be teleported"
            return f"there is nothing on {CELLS[i]} to teleport"

        r = self._cells(things, 0, "there is nothing to teleport", why_source)
        if r:
            return r
        free = [i for i in range(27) if s.blank(i)]
        return self._cells(free, 1, "no blank cell is left to teleport to",
                           lambda i: f"{CELLS[i]} is taken by {thing_at(s, i)}") or self._done(2)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        src, dst = INDEX[steps[0].value], INDEX[steps[1].value]
        p = world.at(src)
        if p is not None:
            world.move(p.umbration, dst)
        else:
            world.monuments[dst] = world.monuments.pop(src)

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        blocked = board.blocked
        free = [i for i in range(27) if not blocked[i]]
        things = sorted([p.cell for p in board.pieces] + [c for c, _ in board.monuments])
        return [(row[t * 27 + f] or fill(t * 27 + f)) for t in things for f in free]
