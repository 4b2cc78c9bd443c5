"""What a check is, the list of them, and what checks share while they run.

A check is a function of a game and the :class:`Session` it runs in that
returns when the game keeps the rule it checks, raises
:class:`AssertionError` saying what broke it, or raises :class:`Skip`
saying why it cannot run here (no Chromium, no pyarrow, a game that ships
no puzzles).  :func:`check` registers one, with the rule in words, its
tier, and which games it applies to.
"""

from __future__ import annotations

import contextlib
import importlib.util
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..analysis import RandomAgent
from ..chance import Dice, advance
from ..core import Action, Game, State
from .lab import CHROMIUM_ARGS, chromium_path, running_lab

#: Whether Playwright (the test extra's) is installed: only the browser tier
#: of the checks drives a browser, and is skipped without it.
PLAYWRIGHT = importlib.util.find_spec("playwright") is not None
if PLAYWRIGHT:
    from playwright.sync_api import sync_playwright

__all__ = ["Check", "CHECKS", "TIERS", "Skip", "Session", "check", "RandomGame"]

#: The tiers of checks: ``quick`` ones take seconds a game; ``slow`` ones
#: play engines, self-play to disk and mine puzzles; ``browser`` ones click
#: a live board in JupyterLab in headless Chromium.
TIERS = ("quick", "slow", "browser")


class Skip(Exception):
    """A check that cannot run here, and why (raised by the check)."""


@dataclass(frozen=True)
class Check:
    """One check: its ``name`` (a word of the test id), the ``rule`` it
    checks in words, its ``tier`` (one of :data:`TIERS`), the function that
    runs it (``run(game, session)``) and ``applies``, which says why a game
    is none of its business (``"no hidden information"``) or None when it
    is."""

    name: str
    rule: str
    tier: str
    run: Callable[[Game, Session], None]
    applies: Callable[[Game], str | None]

    def reason_not_to_run(self, game: Game) -> str | None:
        """Why this check leaves ``game`` alone, or None if it checks it."""
        return self.applies(game)


#: Every check, by name, in the order they were registered.
CHECKS: dict[str, Check] = {}


def _always(game: Game) -> str | None:
    return None


def check(rule: str, tier: str = "quick",
          applies: Callable[[Game], str | None] = _always) -> Callable[[Callable[[Game, Session], None]],
                                                                       Callable[[Game, Session], None]]:
    """Register the decorated function as a check of ``rule``, named as the
    function is, in ``tier``, for the games ``applies`` lets through (a
    function of the game giving the reason to leave it alone, or None).  A
    module of checks for a new kind of game (dice, say) registers its own
    this way, each saying which games it applies to."""
    if tier not in TIERS:
        raise ValueError(f"a check's tier is one of {TIERS}, not {tier!r}")

    def register(function: Callable[[Game, Session], None]) -> Callable[[Game, Session], None]:
        if function.__name__ in CHECKS:
            raise ValueError(f"two checks are called {function.__name__!r}")
        CHECKS[function.__name__] = Check(function.__name__, rule, tier, function, applies)
        return function

    return register


@dataclass
class RandomGame:
    """A game played by random agents from the start: every position it
    went through (``states``, the start first), the actions played
    (``actions``) and the seed it was played from."""

    seed: int
    states: list[State]
    actions: list[Action]

    @property
    def final(self) -> State:
        """The last position reached."""
        return self.states[-1]


class Session:
    """What checks share while they run, made once and kept until
    :meth:`close`: the random games each game is checked over, a folder for
    files, and (for the browser check) a running JupyterLab and a browser.
    Random games are played to their end (at most ``plies`` actions each):
    ``games`` of them, and more (up to ``most``) until they hold
    ``positions`` positions, so that a game of short games is played over
    as many positions as one of long games."""

    def __init__(self, games: int = 6, positions: int = 1500, plies: int = 5000, most: int = 100):
        self.games, self.positions, self.plies, self.most = games, positions, plies, most
        self._random: dict[str, list[RandomGame]] = {}
        self._stack = contextlib.ExitStack()
        self._folder: Path | None = None
        self._lab: tuple[str, str, Path] | None = None
        self._playwright: Any = None
        self._browser: Any = None

    def random_games(self, game: Game) -> list[RandomGame]:
        """Games of ``game`` played by random agents (seeds 0, 1, ...) from
        its start to their end, through the step API as a person enters
        actions (see the class for how many); played once per session."""
        key = game.name
        if key not in self._random:
            played: list[RandomGame] = []
            seed = 0
            while seed < self.games or (sum(len(p.states) for p in played) < self.positions and seed < self.most):
                agent, dice = RandomAgent(seed=seed), Dice(seed)
                states: list[State] = [game.initial()]
                actions: list[Action] = []
                while states[-1].outcome is None and len(actions) < self.plies:
                    action, after = advance(states[-1], agent.choose, dice)  # the dice roll where chance moves
                    actions.append(action)
                    states.append(after)
                played.append(RandomGame(seed, states, actions))
                seed += 1
            self._random[key] = played
        return self._random[key]

    def folder(self) -> Path:
        """A temporary folder of this session's own, removed on :meth:`close`."""
        if self._folder is None:
            self._folder = Path(self._stack.enter_context(tempfile.TemporaryDirectory(prefix="playbook-check-")))
        return self._folder

    def playwright(self) -> Any:
        """This process's one Playwright (its synchronous API refuses a
        second while the first runs), started when first asked."""
        if self._playwright is None:
            if not PLAYWRIGHT:
                raise Skip("Playwright is not installed: pip install 'playbook-games[test]'")
            self._playwright = self._stack.enter_context(sync_playwright())
        return self._playwright

    def browser(self) -> Any:
        """The system's Chromium, headless, started when first asked;
        :class:`Skip` where there is none."""
        if self._browser is None:
            path = chromium_path()
            if path is None:
                raise Skip("no Chromium on this machine (as root: apt-get install -y chromium)")
            self._browser = self.playwright().chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            self._stack.callback(self._browser.close)
        return self._browser

    def lab(self) -> tuple[str, str, Path]:
        """A running JupyterLab serving a folder of its own: (base_url, token, root)."""
        if self._lab is None:
            if importlib.util.find_spec("jupyterlab") is None:
                raise Skip("JupyterLab is not installed: pip install 'playbook-games[lab]'")
            self._lab = self._stack.enter_context(running_lab(self.folder() / "lab"))
        return self._lab

    def close(self) -> None:
        """Stop what the session started (JupyterLab, the browser) and remove its files."""
        self._stack.close()
        self._random.clear()
        self._lab = self._browser = self._playwright = self._folder = None
