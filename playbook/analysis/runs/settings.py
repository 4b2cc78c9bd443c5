"""A run's settings, checked before any game is played, and what a run warns of.

Two kinds of settings are kept apart, under the names a
:class:`~playbook.records.Record` keeps them by: ``options=`` chooses the
rules (the rule variants, what ``load(name, **options)`` takes),
``setup=`` chooses the start (what ``game.initial(**setup)`` takes).
:func:`prepare` refuses each one's keys given as the other, naming the
right one; :func:`check_counts` and :func:`check_seeds` refuse counts and
seeds that cannot make a run.  A run warns before it starts when it will
take long (:func:`warn_if_long`), and after it ends when games stopped at
the ply cap or within their random opening.
"""

from __future__ import annotations

import warnings
from numbers import Integral

from ...core import Game
from ...games import load
from ...records import Record
from .games import SelfPlayError, agent_name

__all__ = ["prepare", "settings_text", "option_names", "check_counts", "check_seeds", "warn_if_long",
           "warn_if_stopped", "warn_if_book_long", "LONG_RUN", "GUESSED_MOVES", "SEEDS"]


def settings_text(settings: dict | None) -> str:
    """A variant's or a setup's settings as one short text (``"default"``
    when there are none), for tables that group games by them.

    >>> settings_text({"quiet_limit": 10}), settings_text({})
    ('quiet_limit=10', 'default')
    """
    if not settings:
        return "default"
    return ", ".join(f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}" for k, v in sorted(settings.items()))


def option_names(options) -> set[str]:
    """The names of a descriptor's ``variants`` or ``settings``."""
    return {option.name for option in options}


def prepare(game, options: dict | None, setup: dict | None, variant: dict | None) -> tuple[Game, dict]:
    """The game with the rule variants ``options`` applied and the checked
    ``setup``; keys given under the wrong name are refused with the right
    one.  ``variant`` is the old name of ``options``: still taken, with a
    warning."""
    if variant is not None:
        if options is not None:
            raise SelfPlayError("variant= is the old name of options=: give the rule variants once, as options=")
        warnings.warn("variant= is now options= (the name a Record keeps them under); variant= will go",
                      FutureWarning, stacklevel=3)
        options = variant
    game = _load(game)
    rules = option_names(game.descriptor.variants)
    start = option_names(game.descriptor.settings)
    for key in options or {}:
        if key not in rules:
            hint = (f"; {key!r} chooses the start: pass setup={{{key!r}: ...}}" if key in start
                    else f"; the rule variants of {game.title} are {', '.join(sorted(rules)) or 'none'}")
            raise SelfPlayError(f"options: {game.title} has no rule variant {key!r}{hint}")
    for key in setup or {}:
        if key not in start:
            hint = (f"; {key!r} is a rule variant: pass options={{{key!r}: ...}} (as load() takes it)" if key in rules
                    else f"; the start settings of {game.title} are {', '.join(sorted(start)) or 'none'}")
            raise SelfPlayError(f"setup: {game.title} has no start setting {key!r}{hint}")
    for option in game.descriptor.settings:
        problem = option.problem((setup or {})[option.name]) if option.name in (setup or {}) else None
        if problem:
            raise SelfPlayError(f"setup: {game.title}'s start setting {problem}")
    if options:
        game = load(game.name, **{**game.options, **options})
    return game, dict(setup or {})


# ------------------------------------------------------- counts, seeds and warnings


#: Seconds above which a run warns before it starts (see :func:`warn_if_long`).
LONG_RUN = 120.0

#: Moves a game is taken to last when guessing how long a run of engines
#: that think by the clock will take.
GUESSED_MOVES = 40


def warn_if_long(game: Game, agents: list, games: int, executor) -> None:
    """Warn before a run whose agents think by the clock (``time_limit``)
    and which would take more than :data:`LONG_RUN` seconds on one process
    at :data:`GUESSED_MOVES` moves a game."""
    per_move = [getattr(a, "time_limit", None) or 0.0 for a in agents]
    if not any(per_move):
        return
    seconds = games * GUESSED_MOVES * sum(per_move) / len(per_move)
    if seconds <= LONG_RUN:
        return
    slow = ", ".join(sorted({agent_name(a) for a in agents if getattr(a, "time_limit", None)}))
    where = "spread over the executor's workers" if executor is not None else "on this process"
    _warn(f"{game.title}: {slow} thinks by the clock; {games} games of about {GUESSED_MOVES} moves take "
          f"about {seconds / 60:.0f} minutes {where}. A search limited by nodes or iterations "
          "(AlphaBeta(nodes=...), MCTS(iterations=...)) is faster and gives the same games on any machine.")


def check_counts(games: int, max_plies: int, batch: int | None, book: int) -> None:
    """Refuse counts that cannot make a run, naming the argument."""
    if isinstance(games, bool) or not isinstance(games, Integral) or games < 0:
        raise SelfPlayError(f"games: a number of games, 0 or more, not {games!r}")
    if max_plies < 1:
        raise SelfPlayError(f"max_plies: at least 1 action a game, not {max_plies}")
    if batch is not None and batch < 1:
        raise SelfPlayError(f"batch: at least 1 game a task, not {batch} (None sizes tasks by a game's time)")
    if book < 0:
        raise SelfPlayError(f"book: a number of random opening actions, 0 or more, not {book}")


#: Seeds are kept as 64-bit whole numbers (a table's column, a results file's rows).
SEEDS = range(-(2 ** 63), 2 ** 63)


def check_seeds(seed, games: int) -> None:
    """Refuse a first seed that is no whole number, or whose run's seeds
    (``seed`` to ``seed + games - 1``) leave the 64 bits they are kept in."""
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise SelfPlayError(f"seed: a whole number, not {seed!r:.40}")
    seed, last = int(seed), int(seed) + max(int(games), 1) - 1  # ints: a range tests them at once
    if seed not in SEEDS or last not in SEEDS:
        raise SelfPlayError(f"seed: the seeds of a run are kept as 64-bit whole numbers, from {SEEDS.start} to "
                            f"{SEEDS.stop - 1}; {seed} to {last} do not fit")


def warn_if_book_long(game: Game, records: list[Record], book: int) -> None:
    """Say how many games ended (or stopped) within their random opening:
    a ``book`` that long leaves the agents little or nothing to play."""
    within = sum(1 for r in records if book and r.start and r.plies <= book)
    if within:
        _warn(f"{game.title}: {within} of {len(records)} games ended within the {book} random opening actions "
              "(book=); the agents played no move in them: give a shorter book")


def warn_if_stopped(game: Game, records: list[Record], max_plies: int) -> None:
    """Say how many games stopped unfinished at the ply cap."""
    stopped = sum(1 for r in records if r.unfinished and not r.error)
    if stopped:
        _warn(f"{game.title}: {stopped} of {len(records)} games stopped unfinished at max_plies={max_plies}; "
              "they are counted as unfinished (raise max_plies= to let them end)")


def _warn(message: str) -> None:
    """A warning about a run, shown every time and under the same name on
    every machine (no temporary file of the caller's, as a notebook's)."""
    warnings.warn_explicit(message, UserWarning, "selfplay", 0, module="playbook.analysis.runs.selfplay")


def _load(game) -> Game:
    if isinstance(game, str):
        return load(game)
    return game


