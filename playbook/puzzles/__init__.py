"""Puzzles for every game, mined from self-play and checked by the rules.

``puzzles(key)`` lists the game's :class:`Puzzle` values: positions
where exactly one first move wins by force within a few actions (the
King taken, the last Pyramid destroyed, the victory cells filled...),
each with its ``position``, ``solution`` line, ``theme`` and
``difficulty``.  Each was found in games the engines played against
each other and checked with the rules alone (:mod:`.solve`): the
solution's first move wins within ``plies`` actions whatever the
defence, and no other first move does.

A game whose players move at once has no first move to find; its
descriptor names a hook (:mod:`.hook`) that says what its puzzles are:
how a solution splits into turns, how it is checked, solved on the board
and made.  Its puzzles are handled here as any other, through that hook;
nothing in this package names a game.

Each game keeps the puzzles it ships in its own package, as JSON: the
file its descriptor names (``puzzle_file``), by default ``puzzles.json``
beside the module of its class (:func:`source`).  They are rebuilt, the
same every time for the same arguments, by::

    python -m playbook.puzzles.mine GAME --count N --seed S

>>> first = puzzles(games()[0])[0]
>>> first.verify()
>>> first.turns()[0][0] == first.state().to_move
True
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from ..core import PlaybookError, State
from ..games import available, load
from .hook import Turns, hook
from .solve import PuzzleError, verify

if TYPE_CHECKING:
    from importlib.abc import Traversable  # for the type only (importlib.resources.abc from 3.11)

__all__ = ["Puzzle", "puzzles", "games", "source", "PuzzleError"]


#: Counts of moves or orders written as words in themes.
NUMBERS = ("one", "two", "three", "four", "five")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``id`` (the game's key and a number, ``"KEY-007"``), the ``game`` key, the
    ``position`` (the game's text; the side to move solves it), the
    ``solution`` (action texts: the solver's moves and the defence that
    holds out longest, alternately; what the game's puzzle hook says where
    it has one, such as the one order text to seal), ``plies`` (the
    solution's length in actions, the depth it was checked to), the
    ``theme`` (how the game is won) and the ``difficulty`` (a rating on
    the scale players' puzzle ratings use: 600 and 400 more per further
    move to find, plus 10 for each first move there is to choose from);
    ``tags`` hold anything else worth keeping."""

    id: str
    game: str
    position: str
    solution: tuple[str, ...]
    plies: int
    theme: str
    difficulty: int
    tags: dict = field(default_factory=dict, compare=False)

    def state(self) -> State:
        """The puzzle's position."""
        return load(self.game).parse(self.position)

    def turns(self) -> Turns:
        """The solution in turns: ``(side, actions)`` pairs, each the
        actions one side plays in a row (several where a turn is several
        actions), or as the game's puzzle hook splits it."""
        rules = hook(self.game)
        if rules is not None:
            return rules.turns(self)
        state = self.state()
        out: Turns = []
        for text in self.solution:
            if out and out[-1][0] == state.to_move:
                out[-1] = (out[-1][0], out[-1][1] + (text,))
            else:
                out.append((state.to_move, (text,)))
            state = state.play(text)
        return out

    def verify(self) -> None:
        """Check the puzzle with the rules alone; raise
        :class:`~playbook.puzzles.solve.PuzzleError` if it does not hold."""
        rules = hook(self.game)
        if rules is not None:
            rules.verify(self)
            return
        verify(self.state(), list(self.solution), self.plies)

    def to_json(self) -> dict:
        """The puzzle as a JSON-ready dict (without its game key)."""
        data = asdict(self)
        del data["game"]
        data["solution"] = list(self.solution)
        if not data["tags"]:
            del data["tags"]
        return data


def games() -> list[str]:
    """The keys of the installed games that ship puzzles (in the file :func:`source` names)."""
    return sorted(key for key in available() if _ships(key))


def _ships(key: str) -> bool:
    try:
        return source(key).is_file()
    except PlaybookError:  # a game that does not load ships nothing
        return False


def source(name: str) -> Traversable:
    """The file that keeps the puzzles of the game ``name``, in its own
    package: the one its descriptor names (``puzzle_file``,
    ``"my_game:puzzles.json"``), else ``puzzles.json`` beside the module of
    the game's class."""
    game = load(name)
    declared = game.descriptor.puzzle_file
    if declared:
        package, _, file = declared.partition(":")
        return resources.files(package) / file
    module = sys.modules[type(game).__module__]
    if module.__package__:
        return resources.files(module.__package__) / "puzzles.json"
    return Path(module.__file__ or "").parent / "puzzles.json"  # a game's class in a module of no package


@cache
def _read(name: str) -> tuple[Puzzle, ...]:
    path = source(name)
    if not path.is_file():
        raise KeyError(f"no puzzles for {name!r}; there are puzzles for {games()}")
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(Puzzle(game=data["game"], solution=tuple(p.pop("solution")), **p) for p in data["puzzles"])


def puzzles(name: str) -> list[Puzzle]:
    """The puzzles shipped for the game ``name``, easiest first."""
    return list(_read(name))
