"""The Duality piece's abilities: Cut (basic) and Flock Together (elite)."""

from __future__ import annotations

from itertools import combinations

from ....core import Action, Step, StepOptions
from ..board import CELLS, INDEX, KINGDOM, ZONE, Umbral
from ..phrases import thing_at
from .base import Ability, Fill, Plan, one_cell
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
    the mover's kingdom, as many as it has room for; the player chooses
    which take its free cells, and the rest go into the World or stay where
    they are (clarification 30)."""

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
        movers = self.movers()
        if not movers:
            self._refuse(f"no other piece has the performer's {self.performer.q}Q, so none would flock")
        flock = _Flock(self.s, movers)
        return self._pairs(movers, flock.allowed, flock.stay_problem, flock.move_problem)

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

    @classmethod
    def listed_plans(cls, s, me: Umbral) -> list[Plan]:
        """One entry for each choice of the flocking pieces that end in the
        kingdom (see :meth:`_Flock.placements`): a single one when the
        kingdom has room for the whole flock, and never more than
        C(8, 4) = 70, since at most eight pieces flock.  Which cells they
        take, and where the others go, are entered by steps or as text."""
        movers = cls(s, me, me, ()).movers()
        if not movers:
            return []
        return [tuple(("choice", f"{CELLS[a]}=" if a == b else f"{CELLS[a]}>{CELLS[b]}")
                      for a, b in zip(movers, ends, strict=True))
                for ends in _Flock(s, movers).placements()]


class _Flock:
    """Where each flocking piece may go, taken in cell order.  The kingdom's
    room is its cells not held by something that stays (a piece that does
    not flock, a monument, the placed word); a flocking piece already there
    holds a cell of that room.  As many pieces as the room holds end in the
    kingdom, the player choosing which and where; each of the others (at
    most ``spare``) goes to a free World cell or stays where it is outside
    the kingdom.  A destination is offered only if the pieces after it can
    still all be placed, so the entry never leads nowhere."""

    def __init__(self, s, movers: list[int]):
        self.s = s
        self.movers = movers
        self.home = home = s.kingdom()
        stays = {p.cell for p in s.pieces if p.cell not in movers} | {c for c, _ in s.monuments}
        if s.word:
            stays.add(s.word[0])
        self.stays = stays
        self.room = [i for i in ZONE[home] if i not in stays]
        self.world = [i for i in ZONE["world"] if i not in stays]
        self.spare = max(0, len(movers) - len(self.room))

    def placements(self) -> list[tuple[int, ...]]:
        """Where the pieces end (in the order of ``movers``), one way for each
        choice of the pieces that take the room: those chosen inside the
        kingdom keep their cells, those chosen from outside take the rest
        of the room in cell order; the others stay where they are outside
        the kingdom, or go from inside it to the free World cells in cell
        order (a choice with too few of those is left out)."""
        out = []
        for chosen in combinations(self.movers, min(len(self.movers), len(self.room))):
            held = {c for c in chosen if KINGDOM[c] == self.home}
            room = iter([c for c in self.room if c not in held])
            world = iter([c for c in self.world if c in chosen or c not in self.movers])
            ends = []
            for c in self.movers:
                if c in held or (c not in chosen and KINGDOM[c] != self.home):
                    ends.append(c)
                else:
                    ends.append(next(room if c in chosen else world, -1))
            if -1 not in ends:
                out.append(tuple(ends))
        return out

    def _left_out(self, claimed: list[int]) -> int:
        """How many of the pieces placed so far stay out of the kingdom."""
        return sum(1 for c in claimed if KINGDOM[c] != self.home)

    def _fits(self, k: int, claimed: list[int]) -> bool:
        """Whether the pieces after the k-th can all be placed once the
        first k+1 hold ``claimed``: those left to stay out need a free World
        cell each, but for those that may stay in the opponent's kingdom."""
        out = self.spare - self._left_out(claimed)
        rest = self.movers[k + 1:]
        abroad = sum(1 for c in rest if KINGDOM[c] not in (self.home, "world"))
        free = sum(1 for c in self.world if c not in claimed)
        return out - abroad <= free

    def _candidates(self, k: int, claimed: list[int]) -> list[int]:
        """Where the k-th piece may go by the counts alone."""
        out = [c for c in self.room if c not in claimed]
        if self._left_out(claimed) < self.spare:
            here = self.movers[k]
            out += [c for c in self.world if c not in claimed]
            if KINGDOM[here] not in (self.home, "world") and here not in claimed:
                out.append(here)
        return sorted(out)

    def allowed(self, k: int, claimed: list[int]) -> list[int]:
        """Where the k-th piece may go, the earlier ones holding ``claimed``."""
        return [d for d in self._candidates(k, claimed) if self._fits(k, claimed + [d])]

    def stay_problem(self, k: int, cell: int, claimed: list[int]) -> str:
        """Why the k-th piece may not stay on ``cell``."""
        # (A cell another move ends on is refused before this is asked.)
        return f"{thing_at(self.s, cell)} on {CELLS[cell]} cannot stay: " \
               f"{self._why_not(k, cell, claimed, 'your kingdom ({}) has')}"

    def move_problem(self, k: int, cell: int, d: int, claimed: list[int]) -> str:
        """Why the k-th piece, on ``cell``, may not go to ``d``."""
        if d in self.stays:
            return f"{CELLS[d]} is taken by {thing_at(self.s, d)}"
        if KINGDOM[d] not in (self.home, "world"):
            return f"{CELLS[d]} is not in the World: a piece that stays out of your kingdom goes into the World " \
                   f"or stays where it is"
        if d in self._candidates(k, claimed):
            return f"{thing_at(self.s, cell)} on {CELLS[cell]} cannot go to {CELLS[d]}: {self._no_fit}"
        return f"{CELLS[d]} {self._why_not(k, d, claimed, 'is not in your kingdom ({}), which has')}"

    #: Why a move is refused that the counts allow but that leaves a later piece nowhere to go.
    _no_fit = "the pieces after it could not all be placed then, the World having too few free cells"

    def _why_not(self, k: int, d: int, claimed: list[int], lead: str) -> str:
        if d in self._candidates(k, claimed):
            return self._no_fit
        n, room, lead = len(self.movers), len(self.room), lead.format(self.home)
        if not self.spare:
            return f"{lead} room for all {n} flocking pieces, so every one goes there"
        return f"{lead} room for {room} of the {n} flocking pieces, so only {self.spare} may stay out of it"
