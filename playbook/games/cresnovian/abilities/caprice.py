"""The Caprice piece's abilities: Interpretative Dance (basic) and Go Berserk (elite)."""

from __future__ import annotations

from collections.abc import Callable

from ....core import Action, Step, StepOptions
from ..board import BASIC, CELLS, INDEX, KINGDOM, NEIGHBOURS, Umbral, kingdom_of, neighbours
from ..phrases import piece_name, thing_at
from .base import ABILITIES, Ability, Fill, ability, two_cells
from .world import Board, World

#: The row of actions (and its filler) of Caprice on a cell dancing an
#: ability of the piece on another cell: (Caprice's cell, the source's cell, the ability).
DanceRows = Callable[[int, int, str], "tuple[list[Action | None], Fill]"]


class InterpretativeDance(Ability):
    """Interpretative Dance: Caprice performs the basic ability of a live
    piece in the World (not another Caprice's), paying for it itself."""

    name = "interpretative-dance"

    def options(self) -> StepOptions:
        s = self.s
        dancers = [p for p in s.pieces if kingdom_of(p.cell) == "world" and not p.dead and p.umbration != "caprice"]
        possible = [p.cell for p in dancers if ability(s, self.performer, p, BASIC[p.umbration]).possible()]

        def why(i: int) -> str:
            p = s.piece_at(i)
            if p is None or p.dead:
                return self._target_problem(i)
            if p.umbration == "caprice":
                return "Caprice dances another piece's ability, not its own"
            if kingdom_of(i) != "world":
                return f"{piece_name(p)} is not in the World"
            inner = ability(s, self.performer, p, BASIC[p.umbration])
            return f"{inner.title} of {piece_name(p)} cannot be danced here: {inner.problem()}"

        r = self._cells(possible, 0, "no live piece in the World has a basic ability Caprice could dance here", why)
        if r:
            return r
        return self._danced().options()

    def _danced(self) -> Ability:
        """The entry of the danced ability, after the dancer's cell."""
        source = self.s.piece_at(self._cell(0))
        assert source is not None
        return ability(self.s, self.performer, source, BASIC[source.umbration], self.steps[1:])

    def describe(self) -> tuple[str, tuple[Step, ...]]:
        """The dancer's cell, the danced ability and its parameters; the canonical steps."""
        inner = self._danced()
        text, canonical = inner.describe()
        return f"{self.steps[0].value} {inner.name}" + (f" {text}" if text else ""), (self.steps[0],) + canonical

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        source = world.at(INDEX[steps[0].value])
        assert source is not None
        ABILITIES[BASIC[source.umbration]].carry_out(world, performer, steps[1:])

    @classmethod
    def dances(cls, board: Board, me: Umbral, rows: DanceRows) -> tuple[list[Action], bool]:
        """Caprice (``me``) dancing the basic ability of each live piece in
        the World: the listed actions (each ability's out of ``rows``), and
        whether any dance is possible at all."""
        out: list[Action] = []
        possible = False
        pc = me.cell
        for p in board.pieces:
            if KINGDOM[p.cell] != "world" or not p.q or p.umbration == "caprice":
                continue
            danced = ABILITIES[BASIC[p.umbration]]
            if danced.open_ended:  # Propaganda: entered by steps only
                possible = possible or danced.open_possible(board, me)
                continue
            out += danced.listed(board, me, *rows(pc, p.cell, danced.name))
        return out, possible or bool(out)


class GoBerserk(Ability):
    """Go Berserk: Caprice jumps next to another piece (a dead one too) and
    both lose 9Q."""

    name = "go-berserk"
    shape = (729, two_cells)

    def options(self) -> StepOptions:
        s = self.s
        me = self.performer

        def room(i: int) -> list[int]:
            return [j for j in neighbours(i) if s.blank(j) or j == me.cell]

        # Any other piece will do, a dead one too (clarification 29): its Q cannot fall below zero.
        others = [p.cell for p in s.pieces if p.umbration != me.umbration and room(p.cell)]

        def why(i: int) -> str:
            problem = self._target_problem(i, live=False)
            if problem:
                return problem
            if i == me.cell:
                return "Caprice goes berserk next to another piece, not itself"
            p = s.piece_at(i)
            assert p is not None
            return f"no cell next to {piece_name(p)} is free"

        r = self._cells(others, 0, "no other piece has a free cell next to it", why)
        if r:
            return r
        target = self._cell(0)

        def why_spot(i: int) -> str:
            if i not in neighbours(target):
                return f"{CELLS[i]} is not next to {CELLS[target]}"
            return f"{CELLS[i]} is taken by {thing_at(s, i)}"

        return self._cells(room(target), 1, "no cell is free", why_spot) or self._done(2)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        victim = world.at(INDEX[steps[0].value])
        assert victim is not None
        world.move(performer.umbration, INDEX[steps[1].value])
        world.add_q(victim.umbration, -9)
        world.add_q(performer.umbration, -9)

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        blocked = board.blocked
        mine = me.cell
        out = []
        for p in board.pieces:
            if p is me:
                continue
            base = 27 * p.cell
            out += [(row[base + j] or fill(base + j)) for j in NEIGHBOURS[p.cell] if not blocked[j] or j == mine]
        return out
