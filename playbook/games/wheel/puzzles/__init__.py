"""Chess Wheel+ puzzles, handed to the shared puzzle code through its hook.

Chess Wheel+ has no first move to find: its players seal their orders at
once and they are carried out together.  A puzzle here is a week: the set
of orders that wins whatever the opponent seals, and the only one with no
order to spare (:mod:`.week` gives the definition and its check).  Its
``solution`` is that order text alone (no salt, no actions), ``plies`` is
1 (one week), and its positions are built around a cornered King rather
than mined from self-play (:mod:`.mine`).  On the board the learner seals
orders, the opponent seals the answer that refutes them if any does, and
the week is carried out (:mod:`.exercise`, which the descriptor names as
the game's ``puzzle_exercise``: the learner's side loads it, and nothing
here imports it, so checking and mining puzzles stay headless).

The game's descriptor names :data:`WEEK`, its
:class:`~playbook.puzzles.hook.PuzzleHook`, so
``python -m playbook.puzzles.mine wheel``, ``Puzzle.verify()``,
``Puzzle.turns()`` and the trainer reach this package and name no game.

>>> from playbook.puzzles import puzzles
>>> first = puzzles("wheel")[0]
>>> first.verify()
>>> [side for side, orders in first.turns()]
['Ann']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....puzzles.solve import PuzzleError
from . import mine as week_mine
from .week import refutation, solution_text, verify, winning_sets, wins_against

if TYPE_CHECKING:
    from ....puzzles import Puzzle
    from ....puzzles.hook import Report, Turns

__all__ = ["WeekPuzzles", "WEEK", "refutation", "solution_text", "winning_sets", "wins_against"]


class WeekPuzzles:
    """The :class:`~playbook.puzzles.hook.PuzzleHook` of Chess Wheel+: a
    puzzle is one week of the solver's sealed orders."""

    def turns(self, puzzle: Puzzle) -> Turns:
        """One turn: the solver's orders, sealed at once."""
        return [(puzzle.state().to_move, puzzle.solution)]

    def verify(self, puzzle: Puzzle) -> None:
        """Check that the one set of orders is the only minimal one that
        wins whatever the opponent seals, and wins the game when carried
        out (:func:`.week.verify`)."""
        if puzzle.plies != 1 or len(puzzle.solution) != 1:
            raise PuzzleError("a Chess Wheel+ puzzle is one week: one set of orders, plies 1")
        verify(puzzle.state(), puzzle.solution[0])

    def mine(self, key: str, count: int, seed: int, report: Report = None) -> list[Puzzle]:
        """Positions built around a cornered King (:func:`.mine.mine`)."""
        return week_mine.mine(count, seed, report=report)


#: The hook the game's descriptor names.
WEEK = WeekPuzzles()

