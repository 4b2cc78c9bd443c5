"""The games playbook knows, found by their entry points and loaded by name.

A game is any installed package that registers its :class:`~playbook.core.Game`
object under the entry point group ``playbook.games`` (in its
``pyproject.toml``: ``[project.entry-points."playbook.games"]`` then
``mygame = "mygame:GAME"``).  The games shipped with playbook register
themselves the same way.  :func:`available` lists them in a fixed order:
the games shipped with playbook first, then every other installed game,
each group in the alphabetical order of the keys.

>>> from playbook.games import load
>>> load("cosmic").title
'Cosmic Chess'
"""

from __future__ import annotations

import functools
from importlib.metadata import EntryPoint, entry_points

from ..core import Game, PlaybookError
from ..descriptor import Descriptor, normal_name

__all__ = ["GROUP", "available", "load", "descriptors"]

#: The entry point group games register under.
GROUP = "playbook.games"

#: Where the shipped games' entry points say they live; they come first.
_SHIPPED = "playbook.games."


def _order(point: EntryPoint) -> tuple[bool, str]:
    """Shipped games first, then the others; each group by key."""
    return (not point.value.startswith(_SHIPPED), point.name)


@functools.lru_cache(maxsize=1)
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for point in sorted(entry_points(group=GROUP), key=_order):
        found.setdefault(point.name, point)
    return found


@functools.cache
def _game(key: str) -> Game:
    game = _entry_points()[key].load()
    if not isinstance(game, Game) or game.name != key:
        raise PlaybookError(f"the entry point {key!r} of {GROUP} names {game!r}, not a Game keyed {key!r}")
    return game


def available(shipped: bool = False) -> list[str]:
    """The keys of the installed games (registered under the entry point
    group :data:`GROUP`): the games shipped with playbook first, then the
    others, each group sorted by key; only the shipped ones with
    ``shipped=True``."""
    return [key for key, point in _entry_points().items() if not shipped or point.value.startswith(_SHIPPED)]


def descriptors() -> dict[str, Descriptor]:
    """Each installed game's key and :class:`~playbook.descriptor.Descriptor`."""
    return {key: _game(key).descriptor for key in available()}


def _key(name: str) -> str | None:
    wanted = normal_name(name)
    if wanted in _entry_points():
        return wanted
    return next((key for key in available() if wanted in _game(key).descriptor.names()), None)


def load(name: str, **options) -> Game:
    """The game called ``name`` (a key such as ``"cosmic"``, a title such
    as ``"Cosmic Chess"`` or an alias its descriptor lists); ``options``
    choose a variant of its rules, as its descriptor's ``variants`` declare
    them (``load("cosmic", compulsory_capture=True)``).

    >>> load("cosmic", quiet_limit=40).options
    {'quiet_limit': 40}
    """
    if not isinstance(name, str):
        raise PlaybookError(f"a game is named by text, not {type(name).__name__}")
    key = _key(name)
    if key is None:
        raise PlaybookError(f"no game called {name!r}; available: {', '.join(available())}")
    game = _game(key)
    if not options:
        return game
    declared = {o.name for o in game.descriptor.variants}
    unknown = sorted(set(options) - declared)
    if unknown:
        raise PlaybookError(f"{game.title} has no option {unknown[0]!r}; its options are "
                            f"{', '.join(sorted(declared)) or 'none'}")
    for option in game.descriptor.variants:
        problem = option.problem(options[option.name]) if option.name in options else None
        if problem:
            raise PlaybookError(f"{game.title}: the option {problem}")
    try:
        return type(game)(**options)
    except (TypeError, ValueError) as exc:
        raise PlaybookError(f"{game.title} cannot take the options {options}: {exc}") from None
