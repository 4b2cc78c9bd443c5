"""The Cosmos piece's abilities: Breakdown (basic) and Redefinition (elite)."""

from __future__ import annotations

from ....core import Action, Step, StepOptions
from ..board import CELLS, INDEX, Umbral
from ..phrases import thing_at
from .base import Ability, Fill, one_cell
from .world import Board, World


class Breakdown(Ability):
    """Breakdown: a live piece that is neither broken nor eternal breaks."""

    name = "breakdown"
    shape = (27, one_cell)

    def options(self) -> StepOptions:
        cands = [p.cell for p in self.s.pieces if not p.dead and p.status == ""]
        return self._cells(cands, 0, "every live piece is already broken or eternal",
                           lambda i: self._target_problem(i, eternal=False, broken=False)) or self._done(1)

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        p = world.at(INDEX[steps[0].value])
        assert p is not None
        world.set(p.umbration, status="b")

    @classmethod
    def listed(cls, board: Board, me: Umbral, row: list[Action | None], fill: Fill) -> list[Action]:
        return [(row[p.cell] or fill(p.cell)) for p in board.pieces if p.q and not p.status]


class Redefinition(Ability):
    """Redefinition: a word of the communal poem leaves it for a cell of the
    field; the word already there (if any) goes back into the poem."""

    name = "redefinition"
    open_ended = True  # every poem word onto every free cell: grows with the poem

    def options(self) -> StepOptions:
        s = self.s
        if not s.poem:
            self._refuse("the communal poem is empty")
        words = [Step.choice(str(n + 1), f"{n + 1}: {w}") for n, w in enumerate(s.poem)]
        if not self.steps:
            return StepOptions(tuple(words), False)
        if self.steps[0] not in words:
            self._refuse(f"choose a word of the poem by its number, 1 to {len(s.poem)}; not {self.steps[0].value!r}")
        free = [i for i in range(27) if s.blank(i) or (s.word and s.word[0] == i)]
        r = self._cells(free, 1, "no blank cell is left for the word",
                        lambda i: f"{CELLS[i]} is taken by {thing_at(s, i)}")
        if r:
            return r
        places = self.return_places()
        if len(self.steps) == 2:
            return StepOptions(tuple(places), True)
        if self.steps[2] not in places:
            if not s.word:
                self._refuse("no word stands on the field, so none returns to the poem")
            self._refuse(f"the returned word goes before word 1 to {len(places)} of the poem, "
                         f"or (by default) at its end; not {self.steps[2].value!r}")
        return self._done(3)

    def return_places(self) -> list[Step]:
        """Where the word already on the field may go back into the poem
        (once the chosen word has left it): before any of its words; at the
        end is the default and needs no step."""
        s = self.s
        if not s.word or not self.steps:
            return []
        rest = list(s.poem)
        del rest[int(self.steps[0].value) - 1]
        return [Step.choice(str(j + 1), f"{s.word[1]!r} back before {w!r}") for j, w in enumerate(rest)]

    @staticmethod
    def carry_out(world: World, performer: Umbral, steps: tuple[Step, ...]) -> None:
        n = int(steps[0].value) - 1
        poem = list(world.poem)
        new_word = poem.pop(n)
        if world.word:
            # The returned word goes before the word the player chose, by default at the end.
            place = int(steps[2].value) - 1 if len(steps) > 2 else len(poem)
            poem.insert(place, world.word[1])
        world.poem = tuple(poem)
        world.word = (INDEX[steps[1].value], new_word)

    @classmethod
    def open_possible(cls, board: Board, me: Umbral) -> bool:
        return bool(board.s.poem) and bool(board.free_for_word())
