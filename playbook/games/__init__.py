"""The games playbook knows, loaded by name.

>>> from playbook.games import load
>>> load("cosmic").title
'Cosmic Chess'
"""

from __future__ import annotations

import importlib
import importlib.util

from ..core import Game, PlaybookError

#: Game key -> module holding it (each module defines ``GAME``).
MODULES = {
    "cosmic": "playbook.games.cosmic",
    "kelasu": "playbook.games.kelasu",
    "cresnovian": "playbook.games.cresnovian",
    "ccc": "playbook.games.ccc",
    "wheel": "playbook.games.wheel",
}

ALIASES = {
    "cosmic_chess": "cosmic",
    "cresnovian_chess": "cresnovian",
    "chess_wheel": "wheel",
    "chess_wheel+": "wheel",
    "chess_wheel_plus": "wheel",
}


def available() -> list[str]:
    """The keys of the games installed in this version, in a fixed order."""
    return [key for key, module in MODULES.items() if importlib.util.find_spec(module) is not None]


def load(name: str, **options) -> Game:
    """The game called ``name`` (a key such as ``"cosmic"`` or a title such
    as ``"Cosmic Chess"``); ``options`` choose a variant of its rules, as
    the game's class takes them (``load("cosmic", compulsory_capture=True)``).

    >>> load("cosmic", quiet_limit=40).options
    {'quiet_limit': 40}
    """
    if not isinstance(name, str):
        raise PlaybookError(f"a game is named by text, not {type(name).__name__}")
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    key = ALIASES.get(key, key)
    if key not in available():
        raise PlaybookError(f"no game called {name!r}; available: {', '.join(available())}")
    game = importlib.import_module(MODULES[key]).GAME
    if not options:
        return game
    try:
        return type(game)(**options)
    except (TypeError, ValueError) as exc:
        raise PlaybookError(f"{game.title} cannot take the options {options}: {exc}") from None
