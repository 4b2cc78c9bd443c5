"""The hook a game provides when its puzzles are not a line of moves to find.

The shared puzzle code knows one kind of puzzle: a position where exactly
one first move wins by force, its ``solution`` the solver's moves and the
defence alternately (:mod:`.solve`), mined from self-play
(:mod:`.mine`) and played out move by move on the board, each move
judged at once (:mod:`playbook.learn.trainer`).  That is every game's puzzle unless the
game says otherwise.

A game whose players move at once (sealed orders carried out together,
say) has no first move to find, so it says otherwise: its
:class:`~playbook.descriptor.Descriptor` names, in ``puzzle_hook``, an
object of its own package that is a :class:`PuzzleHook`, as an entry
point names an object (``"my_game.puzzles:HOOK"``).  Its module is
imported only when a puzzle of the game is first handled, so loading the
game loads none of its puzzle code.  The hook then decides, for every
puzzle of its game:

- :meth:`~PuzzleHook.turns`: how the solution splits into turns;
- :meth:`~PuzzleHook.verify`: whether the puzzle holds by the rules;
- :meth:`~PuzzleHook.mine`: how the puzzles are made, for
  ``python -m playbook.puzzles.mine KEY`` (``--games`` does not apply).

How such a puzzle is shown and judged on the board belongs to the
learner's side, above the board widget, as this package sits below it: the
descriptor names that function apart, in ``puzzle_exercise``, and the
trainer (:func:`playbook.learn.trainer.exercise`) loads it with
:func:`named`, so that verifying and mining never load the board.

Nothing in :mod:`playbook.puzzles` names a game: :func:`hook` finds the
hook through the game's descriptor.
"""

from __future__ import annotations

import functools
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..core import PlaybookError
from ..games import load

if TYPE_CHECKING:
    from . import Puzzle

__all__ = ["PuzzleHook", "Turns", "Report", "hook", "named"]

#: A solution in turns: ``(side, actions)`` pairs, each the actions (or,
#: where a game says so, orders) one side gives in one turn.
Turns = list[tuple[str, tuple[str, ...]]]
#: Where a miner says how far it got (one line at a time), or None.
Report = Callable[[str], None] | None


@runtime_checkable
class PuzzleHook(Protocol):
    """What a game whose puzzles are not a line of moves provides (see the
    module).  Every method takes the puzzle (or the game's key) and
    nothing else of the shared code's."""

    def turns(self, puzzle: Puzzle) -> Turns:
        """The solution of ``puzzle`` in turns: who gives what, turn by turn."""
        ...

    def verify(self, puzzle: Puzzle) -> None:
        """Check ``puzzle`` with the rules alone; raise
        :class:`~playbook.puzzles.solve.PuzzleError` if it does not hold."""
        ...

    def mine(self, key: str, count: int, seed: int, report: Report = None) -> list[Puzzle]:
        """Up to ``count`` puzzles of the game ``key`` made from ``seed``,
        easiest first, the same for the same arguments on every machine."""
        ...


def hook(key: str) -> PuzzleHook | None:
    """The puzzle hook the game ``key`` declares, or None for puzzles that
    are a line of moves to find (the shared code's own kind)."""
    name = load(key).descriptor.puzzle_hook
    return _named(key, name) if name else None


@functools.cache
def named(key: str, name: str, what: str = "puzzle hook") -> Any:
    """The object ``name`` (``"module:NAME"``, as an entry point names one)
    that the game ``key``'s descriptor gives as its ``what``, imported once;
    a :class:`~playbook.core.PlaybookError` that says which when it cannot
    be found."""
    try:
        return pkgutil.resolve_name(name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise PlaybookError(f"the {what} {name!r} of {key!r} cannot be found: {exc}") from None


def _named(key: str, name: str) -> PuzzleHook:
    """The object ``name`` (``"module:NAME"``), which must be a :class:`PuzzleHook`."""
    found = named(key, name)
    if not isinstance(found, PuzzleHook):
        raise PlaybookError(f"the puzzle hook {name!r} of {key!r} is {found!r}, which lacks a method of "
                            "PuzzleHook (turns, verify, mine)")
    return found
