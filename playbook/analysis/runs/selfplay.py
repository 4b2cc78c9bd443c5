"""Self-play: many games between agents, summarised for balance questions.

``selfplay(game, agents, games=200)`` plays the games and returns a
:class:`SelfPlay`.  ``agents`` holds one entry per player (in
seat order: ``game.players``, or the start position's ``players`` where
the setup chooses them), each an agent (anything with ``choose``; it is
copied for each game and, if it has ``reset(seed)``, reseeded) or a
factory ``seed -> agent`` (a class such as ``RandomAgent``, a function, a
lambda).  A single factory ``seed -> [agents]`` works too.  Game ``k``
gets the seed ``seed + k``, so a run is repeated exactly.

The games run on ``executor`` when given: any
:class:`concurrent.futures.Executor`, such as a ``ProcessPoolExecutor`` or
a Dask cluster's ``Client(...).get_executor()``, which spreads them over
many machines.  Agents and factories travel to the workers with
cloudpickle (which Dask ships), so lambdas and classes defined in a
notebook work everywhere; without cloudpickle they must be importable
(defined in a module).

Two kinds of settings are kept apart, under the names a
:class:`~playbook.records.Record` keeps them by.  ``options=`` chooses the
rules (the rule variants, what ``load(name, **options)`` takes, say Cosmic
Chess's ``quiet_limit``; a game already loaded with options brings its
own; ``variant=``, its old name, is still taken with a warning);
``setup=`` chooses the start (what ``game.initial(**setup)`` takes, say
``first="black"``).  Each refuses the other's keys with an error that
names the right one.

Each game's record is a :class:`~playbook.records.Record`
(``result.records``), as a board's or a saved game's is: the agent in
each seat is its ``players`` (seat -> agent's name), the rule variants its
``options``, the start settings its ``setup``; its ``seed``, ``first``
(the player who made the first move of play, after any set-up),
``opening`` (that first move), ``setup_plies``, ``book`` (random plies
played before the agents took over), ``pair``, ``seconds`` and ``error``
are typed fields, and ``notes`` hold what the engines reported about each
move (see :mod:`~playbook.analysis.runs.notes`; empty when none did).  Its
``result`` follows the one convention of records (winners joined by
``" and "``, ``"draw"``, ``""`` unfinished), read through ``winners``,
``winner``, ``draw``, ``unfinished`` and ``plies``.  Games stopped at
``max_plies`` or by an error are kept and reported as unfinished (the
``reason`` says which), never dropped; a run says (a warning) how many
stopped at ``max_plies``.
``result.frame()`` is a pandas DataFrame.

Errors surface: agents a run cannot use are refused before it starts,
and a run in which more than ``max_errors`` games fail raises
:class:`SelfPlayError` with the first failure's cause.  A run that will
take long (engines thinking by the clock) says so before it starts.

The first move of play: a game in set-up says so through its state (see
:func:`~playbook.analysis.engines.evaluation.in_setup`: the state's declared
``setting_up``); the default is that play starts with the first action.
In Cresnovian Chess the first player places the pieces and the second
moves first, so ``first`` is ``"second"`` there.
"""

from __future__ import annotations

import copy
import pickle
import sys
import time
import traceback
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from itertools import combinations
from numbers import Integral
from typing import Any

from ...chance import Dice
from ...core import Game, PlaybookError
from ...games import load
from ...records import ROW_COLUMNS, Record
from ..engines.agents import RandomAgent
from ..engines.evaluation import in_setup
from ..statistics.exact import pairs_figure
from ..statistics.stats import (
    elo_interval,
    elo_ratings,
    elo_with_first_move,
    pair_counts,
    score_figure,
    trinomial,
    wilson,
)
from ..statistics.stats import sprt as sequential_test
from ..statistics.survival import Survival, kaplan_meier
from ..statistics.tables import MOVE_COLUMNS, by_position, move_rows
from ..words import counted
from .notes import move_note
from .running import Jobs, paced, playing, recallable, run_tasks

__all__ = ["play_game", "selfplay", "SelfPlay", "SelfPlayError", "tournament", "Tournament", "settings_text",
           "LONG_RUN"]


class SelfPlayError(PlaybookError):
    """A self-play run that cannot go on: agents it cannot use, settings
    given under the wrong name, or more games failed than it allows."""


# ---------------------------------------------------------------- one game


def _is_agent(x: Any) -> bool:
    """An agent object (not a class or other factory of agents)."""
    return hasattr(x, "choose") and not isinstance(x, type)


def agent_name(agent: Any) -> str:
    """A short name for an agent or factory, for records and tables.  A
    factory makes a differently seeded agent for each game, so it is named
    after what it makes with no seed (``GreedyAgent()``, not the
    ``GreedyAgent(seed=0)`` of a game it may never have played); each
    game's own seed is its record's ``seed``."""
    if _is_agent(agent):
        return repr(agent) if type(agent).__repr__ is not object.__repr__ else type(agent).__name__
    name = getattr(agent, "__name__", None)
    if isinstance(agent, type):
        return f"{name}()"
    if name and name != "<lambda>":
        return name
    try:  # a lambda, partial or Factory: name it after what it makes, unseeded
        return agent_name(agent(None))
    except Exception:
        pass
    try:
        return f"{type(agent(0)).__name__}()"
    except Exception:
        return repr(agent)


def play_game(game: Game, agents, max_plies: int = 500, setup: dict | None = None, seed: int | None = None,
              names: dict | None = None, book: int = 0, pair: int | None = None, same_dice: bool = False) -> Record:
    """One game; ``agents[k]`` plays the ``k``-th seat (``game.players``, or
    the start position's ``players`` where the setup chooses them, as
    Chess Wheel+'s ``players=3`` does), or ``agents`` maps players to
    agents.  ``setup`` goes to ``game.initial``; the first
    ``book`` actions are random (from ``seed``), the same in every game of
    that seed, before the agents take over; ``pair`` (the seed of the first
    game of a turn of the seats) draws them from that seed instead, so
    every game of the turn opens alike.  In a game with chance the dice
    are rolled from the game's seed (:func:`dice_for`), never by an agent,
    and every roll is in the record; with ``same_dice`` every game of the
    turn ``pair`` opens rolls the same dice.  Returns the game's record (see
    the module's docstring); an error inside an agent ends the game as
    unfinished, with the error in ``reason`` and ``error``."""
    began = time.perf_counter()
    state = start = game.initial(**(setup or {}))
    players = seats_of(start)
    if isinstance(agents, dict):
        by_player = dict(agents)
    else:
        agents = list(agents)
        if len(agents) != len(players):
            raise ValueError(f"{game.title} has {len(players)} players {players}; got {len(agents)} agents")
        by_player = dict(zip(players, agents, strict=True))
    names = names or {p: agent_name(a) for p, a in by_player.items()}
    opening_agent = RandomAgent(seed=seed if pair is None else pair)  # plays the first ``book`` plies
    dice = dice_for(seed, pair if same_dice else None)
    actions: list[str] = []
    notes: list[dict | None] = []
    first = opening = None
    setup_plies = 0
    error = None
    try:
        while state.outcome is None and len(actions) < max_plies:
            if state.chance:  # the dice move, drawn from the game's seed
                action = dice.roll(state)
                notes.append(None)
                actions.append(action.text)
                state = state.play(action)
                continue
            if first is None:
                if in_setup(state):
                    setup_plies += 1
                else:
                    first = state.to_move
            mover = state.to_move
            if mover not in by_player:
                raise KeyError(f"no agent plays {mover!r}")
            chooser = opening_agent if len(actions) < book else by_player[mover]
            before = getattr(chooser, "last", None)
            # An agent sees what its player may see (no other player's sealed orders); what it
            # returns is played on the whole position, which keeps them.
            action = chooser.choose(state.observation(mover))
            notes.append(move_note(chooser, before))
            if first is not None and opening is None:
                opening = action.text
            actions.append(action.text)
            state = state.play(action)
    except Exception as exc:  # the game is reported, not lost
        error = f"{type(exc).__name__}: {exc}"
        tb = traceback.format_exc(limit=3)
        error_detail = tb
    outcome = state.outcome
    if outcome is not None:
        reason = outcome.reason
    else:
        reason = f"error: {error}" if error else f"stopped after {max_plies} plies"
    return Record(game.name, start.to_text(), actions, options=game.options, players=dict(names),
                  result=Record.result_of(outcome), reason=reason, notes=notes[:len(actions)] if any(notes) else [],
                  setup=dict(setup or {}), seed=seed, first=first, opening=opening, setup_plies=setup_plies,
                  book=min(book, len(actions)), pair=pair, seconds=time.perf_counter() - began,
                  error=error_detail if error else None)


def dice_for(seed: int | None, pair: int | None = None) -> Dice:
    """The dice of the game of ``seed``: seeded from it (apart from the
    agents' choices, which its seed also starts), or from ``pair``, the
    seed of the first game of a turn of the seats, so that every game of
    the turn rolls the same numbers in the same order (common random
    numbers: the luck of the dice falls alike on both seatings).  Random
    for a game with no seed."""
    base = seed if pair is None else pair
    return Dice(None if base is None else f"{base}/dice")


def seats_of(state) -> tuple[str, ...]:
    """The players seated in a game from ``state`` (its ``seats``: the
    game's players, or those its start chose)."""
    return state.seats


def _seats(game: Game, setup: dict) -> tuple[str, ...]:
    return seats_of(game.initial(**setup))


def settings_text(settings: dict | None) -> str:
    """A variant's or a setup's settings as one short text (``"default"``
    when there are none), for tables that group games by them.

    >>> settings_text({"quiet_limit": 10}), settings_text({})
    ('quiet_limit=10', 'default')
    """
    if not settings:
        return "default"
    return ", ".join(f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}" for k, v in sorted(settings.items()))


def _names(options) -> set[str]:
    """The names of a descriptor's ``variants`` or ``settings``."""
    return {option.name for option in options}


def _prepare(game, options: dict | None, setup: dict | None, variant: dict | None) -> tuple[Game, dict]:
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
    rules = _names(game.descriptor.variants)
    start = _names(game.descriptor.settings)
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


# ------------------------------------------------------- shipping the work


def _dumps(obj) -> bytes:
    try:
        import cloudpickle
    except ImportError:
        cloudpickle = None
    try:
        return cloudpickle.dumps(obj) if cloudpickle is not None else pickle.dumps(obj)
    except Exception as exc:
        raise TypeError(
            f"the agents cannot be sent to the executor's workers ({exc}). Install cloudpickle "
            "(pip install cloudpickle; Dask ships it), or define the agents and factories in a module."
        ) from exc


def _instantiate(spec, seed: int):
    if _is_agent(spec):
        agent = copy.deepcopy(spec)
        reset = getattr(agent, "reset", None)
        if callable(reset):
            reset(seed)
        return agent
    if callable(spec):
        return spec(seed)
    raise TypeError(f"an agent needs a choose(state) method, or a factory seed -> agent; got {spec!r}")


def _agents_for(specs, seed: int, players) -> list:
    if callable(specs) and not isinstance(specs, (list, tuple)):
        made = specs(seed)  # one factory for all the agents of a game
        if not isinstance(made, (list, tuple)):
            raise SelfPlayError(
                f"agents: a single factory must make a list of {len(players)} agents "
                f"({', '.join(players)}), not {made!r:.60}; give one agent or factory per player instead"
            )
        return list(made)
    # Each player's agent gets its own seed, so two copies of one agent differ.
    return [_instantiate(spec, seed * len(players) + k) for k, spec in enumerate(specs)]


def _run_batch(jobs: list[tuple[bytes, int]], seconds: float | None = None) -> list[Record]:
    """Play the games of ``jobs`` (payload, seed), in order, for up to
    ``seconds`` (after the first game; None: all of them), and return the
    records of those played (runs on a worker; a recalled worker returns
    those it finished, see :mod:`~playbook.analysis.runs.running`)."""
    try:
        import cloudpickle as loader
    except ImportError:
        loader = pickle
    out = []
    with recallable():
        for blob, seed in paced(jobs, seconds):
            with playing():
                record = _play_job(loader.loads(blob), seed)
            out.append(record)
    return out


def _play_job(payload: tuple, seed: int) -> Record:
    """The game of seed ``seed`` of a run whose payload is ``payload``."""
    game, specs, setup, max_plies, names, book, *rotation = payload
    # A run with rotating seats: the games of one turn of the seats share the seed of its first for the book
    # (and for the dice, when they roll the same).
    pair = rotation[0][0] + (seed - rotation[0][0]) // rotation[0][1] * rotation[0][1] if rotation else None
    same_dice = bool(rotation) and rotation[0][2]
    try:
        agents = _agents_for(specs, seed, _seats(game, setup))
    except Exception as exc:
        return _failed(game, seed, setup, names, exc)
    return play_game(game, agents, max_plies=max_plies, setup=setup, seed=seed, names=names, book=book, pair=pair,
                     same_dice=same_dice)


def _failed(game, seed, setup, names, exc) -> Record:
    """The record of a game whose agents could not be made: unfinished, with no start."""
    return Record(game.name, "", [], options=game.options, players=dict(names or {}),
                  reason=f"error: {type(exc).__name__}: {exc}", setup=dict(setup or {}), seed=seed,
                  error=traceback.format_exc(limit=3))


def _check_agents(game: Game, specs, seed: int, seats: tuple[str, ...]) -> list:
    """The agents of the first game, made here, before any game is sent
    out: agents a run cannot use are refused at once with what to give
    instead."""
    players = ", ".join(seats)
    example = f"[{', '.join(['RandomAgent'] * len(seats))}]"
    if _is_agent(specs) or isinstance(specs, type):
        raise SelfPlayError(f"agents: {game.title} needs one agent or factory per player ({players}), e.g. "
                            f"{example}; got the single {agent_name(specs)}")
    try:
        made = _agents_for(specs, seed, seats)
    except SelfPlayError:
        raise
    except Exception as exc:
        raise SelfPlayError(f"agents: making the agents of the first game failed: {type(exc).__name__}: {exc}") from exc
    if len(made) != len(seats):
        raise SelfPlayError(
            f"agents: {game.title} needs one agent per player ({players}); the factory made {len(made)}"
        )
    for k, agent in enumerate(made):
        if not callable(getattr(agent, "choose", None)) or isinstance(agent, type):
            raise SelfPlayError(f"agents: what plays {seats[k]} has no choose(state) method: {agent!r:.80}; "
                                "give an agent, or a factory seed -> agent such as RandomAgent")
    return made


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (where tqdm draws a notebook bar)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and hasattr(shell, "kernel")


def _show_progress(progress) -> bool:
    if progress is not None:
        return bool(progress)
    if _in_kernel():
        return True
    return sys.stderr is not None and hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, label: str, show: bool):
    """tqdm's bar (a notebook widget in Jupyter, a text line in a terminal),
    or none when not shown or tqdm is not installed."""
    if not show:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc=label, leave=False)


def _run(jobs, executor: Executor | None, label: str, progress, batch: int | None,
         max_errors: int | None, bar=None, keep=None) -> list[Record]:
    """Play ``jobs`` (payload, seed; any sized iterable, :class:`~.running.Jobs`
    made as they are asked for) here one at a time or on ``executor`` in
    tasks of ``batch`` games (see :func:`~.running.run_tasks`), with a
    progress bar, and return every record in the order of ``jobs``.
    Raises :class:`SelfPlayError` as soon as more than ``max_errors``
    games failed (None: never).  ``keep(records)``, if given, receives
    each task's records as soon as it finishes, and the run returns none
    (a long run's records need not all fit in memory)."""
    own_bar = bar is None
    bar = bar or _bar(len(jobs), label, _show_progress(progress))
    results: dict[int, list[Record]] = {}
    failures: list[Record] = []

    def done(position: int, records: list[Record]) -> None:
        if keep is not None:
            keep(records)  # kept there, not here
        else:
            results[position] = records
        bar.update(len(records))
        failures.extend(r for r in records if r.error)
        if max_errors is not None and len(failures) > max_errors:
            first = failures[0]
            raise SelfPlayError(f"{len(failures)} games failed (more than max_errors={max_errors}); the first, "
                                f"seed {first.seed}: {first.reason}\n{first.error}")

    try:
        run_tasks(jobs, _run_batch, executor, batch, done)
    finally:
        if own_bar:
            bar.close()
    return [r for position in sorted(results) for r in results[position]]


#: Seconds above which a run warns before it starts (see :func:`_warn_if_long`).
LONG_RUN = 120.0

#: Moves a game is taken to last when guessing how long a run of engines
#: that think by the clock will take.
GUESSED_MOVES = 40


def _warn_if_long(game: Game, agents: list, games: int, executor) -> None:
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


def _check_counts(games: int, max_plies: int, batch: int | None, book: int) -> None:
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


def _check_seeds(seed, games: int) -> None:
    """Refuse a first seed that is no whole number, or whose run's seeds
    (``seed`` to ``seed + games - 1``) leave the 64 bits they are kept in."""
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise SelfPlayError(f"seed: a whole number, not {seed!r:.40}")
    seed, last = int(seed), int(seed) + max(int(games), 1) - 1  # ints: a range tests them at once
    if seed not in SEEDS or last not in SEEDS:
        raise SelfPlayError(f"seed: the seeds of a run are kept as 64-bit whole numbers, from {SEEDS.start} to "
                            f"{SEEDS.stop - 1}; {seed} to {last} do not fit")


def _warn_if_book_long(game: Game, records: list[Record], book: int) -> None:
    """Say how many games ended (or stopped) within their random opening:
    a ``book`` that long leaves the agents little or nothing to play."""
    within = sum(1 for r in records if book and r.start and r.plies <= book)
    if within:
        _warn(f"{game.title}: {within} of {len(records)} games ended within the {book} random opening actions "
              "(book=); the agents played no move in them: give a shorter book")


def _warn_if_stopped(game: Game, records: list[Record], max_plies: int) -> None:
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


# --------------------------------------------------------------- self-play


def selfplay(game, agents, games: int = 100, max_plies: int = 500, executor: Executor | None = None,
             options: dict | None = None, setup: dict | None = None, seed: int = 0, progress: bool | None = None,
             batch: int | None = None, names: Sequence[str] | None = None, max_errors: int | None = 3,
             variant: dict | None = None, out=None, book: int = 0, rotate: bool = False,
             sprt: tuple[float, float] | None = None, same_dice: bool = False) -> SelfPlay:
    """Play ``games`` games of ``game`` (a game or its name) between
    ``agents`` (one agent or factory per player, or a factory of all of
    them) and return a :class:`SelfPlay`.

    ``options``: rule variants, as :func:`~playbook.games.load` takes them
    (``variant``: its old name, taken with a warning);
    ``setup``: start settings, as ``game.initial`` takes them (the wrong
    one of the two is refused, naming the right one); ``executor``: run the
    games on it (any ``concurrent.futures`` executor; Dask's too); game
    ``k`` has the seed ``seed + k``; ``progress``: a tqdm bar (default:
    only when writing to a terminal or a notebook); ``batch``: games per
    task sent to the executor; ``names``: how to call the agents in the
    records; ``max_errors``: how many games may fail before the run raises
    :class:`SelfPlayError` (None: never); ``out``: a folder to write the
    records to in Parquet as the games finish, where a run that stopped is
    resumed by the same call (see :mod:`~playbook.analysis.runs.store`);
    ``book``: how many actions at the start of each game are random
    (drawn from the game's seed) before the agents take over, as an
    opening book does, so that engines that always choose alike still
    play varied games.  In a game with chance the dice are rolled from each
    game's seed, so a run is the same on every machine and executor.

    ``rotate=True``: the agents change seats from game to game, game ``k``
    seating them turned ``k`` places round, and every full turn of the
    seats opens with the same ``book`` actions (drawn from the seed of its
    first game, kept as the records' ``pair``), and with ``same_dice=True``
    (in a game with chance) rolls the same dice (:func:`dice_for`), so the
    luck of the dice falls alike on both seatings when two different
    agents meet (two copies of one engine would play one game twice): in
    a two-player game,
    colour-reversed pairs from one opening, which
    :meth:`SelfPlay.pair_score` and :meth:`SelfPlay.first_move_pairs` read
    pair by pair (:mod:`~playbook.analysis.statistics.exact`).  ``sprt=(elo0, elo1)`` (two agents, kept
    in memory, not with ``out``): stop as soon as Wald's sequential test
    tells "the first agent is ``elo0`` Elo stronger" from "``elo1``
    stronger", as :func:`tournament` does; the test is the result's
    ``sprt``.
    """
    game, setup = _prepare(game, options, setup, variant)
    seats = _seats(game, setup)
    if isinstance(agents, (list, tuple)):
        if len(agents) != len(seats):
            raise SelfPlayError(f"agents: {game.title} has {len(seats)} players {seats}; got {len(agents)} agents")
        label_names = {
            p: (names[k] if names else agent_name(a)) for k, (p, a) in enumerate(zip(seats, agents, strict=True))
        }
    else:
        label_names = None
    _check_counts(games, max_plies, batch, book)
    _check_seeds(seed, games)
    if (rotate or sprt) and label_names is None:
        raise SelfPlayError("rotate= and sprt= need one agent or factory per player, not a factory of all of them")
    if same_dice and not rotate:
        raise SelfPlayError("same_dice= shares the dice within each turn of the seats: it needs rotate=True")
    if sprt is not None and (len(seats) != 2 or out is not None):
        raise SelfPlayError("sprt= tests the first agent against the second in a two-player game, in memory "
                            "(not with out=)")
    made = _check_agents(game, agents, seed, seats)
    _warn_if_long(game, made, games, executor)
    if label_names is not None and (rotate or sprt):
        label_names = dict(zip(seats, _distinct(list(label_names.values())), strict=True))
    jobs = _jobs(game, agents, setup, max_plies, label_names, book, seed, games, rotate, same_dice)
    label = f"{game.title} self-play"
    test = None
    if sprt is not None:
        records, test = _sequential(jobs, executor, label, progress, batch, max_errors,
                                    list((label_names or {}).values()), sprt)
    elif out is not None:
        from .store import keep_results  # store builds on this module (SelfPlay): the cycle keeps it here

        records = keep_results(
            out,
            game,
            setup,
            label_names or dict(zip(seats, map(agent_name, made), strict=True)),
            max_plies,
            seed,
            jobs,
            lambda todo, keep: _run(todo, executor, label, progress, batch, max_errors, keep=keep),
            book=book,
            rotate=rotate,
            same_dice=same_dice,
        )
    else:
        records = _run(jobs, executor, label, progress, batch, max_errors)
    _warn_if_stopped(game, records, max_plies)
    _warn_if_book_long(game, records, book)
    return SelfPlay(records, game.name, sprt=test)


def _distinct(names: list[str]) -> list[str]:
    """``names``, numbered (``"random #1"``, ``"random #2"``) when some are alike, so each agent is told apart."""
    return names if len(set(names)) == len(names) else [f"{n} #{k + 1}" for k, n in enumerate(names)]


def _jobs(game: Game, agents, setup: dict, max_plies: int, names: dict | None, book: int, seed: int, games: int,
          rotate: bool, same_dice: bool = False) -> Jobs:
    """The (payload, seed) of each game of a self-play run, made as they
    are asked for: game ``k`` has the seed ``seed + k``; with ``rotate``,
    the agents seated turned ``k`` places round and the book (and with
    ``same_dice`` the dice) drawn from
    the seed of the turn's first game."""
    if not rotate:
        return Jobs([_dumps((game, agents, setup, max_plies, names, book))], range(seed, seed + games))
    seats = list(names or {})
    labels = list((names or {}).values())
    n = len(seats)
    blobs = []
    for turn in range(n):
        order = list(range(turn, n)) + list(range(turn))  # seat j holds agent order[j]
        blobs.append(_dumps((game, [agents[a] for a in order], setup, max_plies,
                             dict(zip(seats, (labels[a] for a in order), strict=True)), book,
                             (seed, n, same_dice))))
    return Jobs(blobs, range(seed, seed + games))


@dataclass
class SelfPlay:
    """The games played (``records``, one :class:`~playbook.records.Record` each) and what they say."""

    records: list[Record]
    game: str = ""
    #: The sequential test of a run played with ``sprt=`` (see :func:`~playbook.analysis.statistics.stats.sprt`).
    sprt: dict | None = field(default=None, kw_only=True)
    #: The files of a results folder left out on reading (:class:`~playbook.analysis.runs.store.LeftOut`:
    #: damaged, or not the run's records): their games are missing from ``records``.
    left_out: list = field(default_factory=list, kw_only=True)

    def frame(self):
        """The records as a pandas DataFrame, one row a game with the
        columns of :meth:`Record.row <playbook.records.Record.row>`;
        ``options`` and ``setup`` are texts (:func:`settings_text`), so
        games group by them."""
        try:
            import pandas
        except ImportError:
            raise ImportError("frame() needs pandas: pip install 'playbook-games[analysis]'") from None
        frame = pandas.DataFrame([r.row(text=False) for r in self.records], columns=list(ROW_COLUMNS))
        for column in ("options", "setup"):
            frame[column] = [settings_text(v) for v in frame[column]]
        return frame

    def finished(self) -> list[Record]:
        """The records of the games that ended by the rules."""
        return [r for r in self.records if not r.unfinished]

    def first_move_advantage(self) -> dict:
        """How the side that made the first move of play fared: ``wins``,
        ``draws``, ``losses`` over the finished ``games``, its ``score``
        (wins plus half the draws, over the finished games; 0.5 means no
        advantage) and its 95% interval ``low``-``high`` with draws as
        draws (:func:`~playbook.analysis.statistics.stats.trinomial`); ``unfinished``
        games (stopped at the cap or by an error) and the score and
        interval with them counted as draws (``score_if_draws``,
        ``low_if_draws``, ``high_if_draws``,
        :func:`~playbook.analysis.statistics.stats.score_figure`); ``mover`` is the
        player who moved first (most often, if it varied)."""
        moved = [r for r in self.records if r.first is not None]
        done = [r for r in moved if not r.unfinished]
        wins = sum(1 for r in done if r.first in r.winners and not r.draw)
        draws = sum(1 for r in done if r.draw)
        figure = score_figure(wins, draws, len(done) - wins - draws, unfinished=len(moved) - len(done))
        movers = Counter(r.first for r in done).most_common(1)
        return {"mover": movers[0][0] if movers else None, **figure,
                "score": figure["score"] if done else None}

    def first_move_pairs(self) -> dict:
        """The first mover's score over the turns of the seats of a run
        with ``rotate=True`` (see :func:`pair_figure`): in a two-player
        game, each colour-reversed pair scores the points of whoever moved
        first in each of its games, so what the opening gives one side
        cancels."""
        return pair_figure(self.records, lambda r: _pair_score(r, r.first, _other(r, r.first)))

    def pair_score(self, agent: str) -> dict:
        """The score of the agent named ``agent`` over colour-reversed
        pairs (a run with ``rotate=True``; see :func:`pair_figure`)."""
        return pair_figure(self.records, lambda r: _pair_score(r, _seat_of(r, agent), _other(r, _seat_of(r, agent))))

    def by_position(self, plies: int | None = None, top: int | None = None) -> list[dict]:
        """The opening table keyed by position, as Lichess's opening
        explorer: the games grouped by the position after ``plies``
        actions (default: each game's ``book``, where the agents took
        over), whatever order the moves came in (see
        :func:`~playbook.analysis.statistics.tables.by_position`)."""
        return by_position(self.records, plies, top)

    def moves(self) -> list[dict]:
        """The tidy per-move table: one row an action (see
        :func:`~playbook.analysis.statistics.tables.move_rows`)."""
        return move_rows(self.records)

    def moves_frame(self):
        """:meth:`moves` as a pandas DataFrame, one row an action."""
        import pandas

        return pandas.DataFrame(self.moves(), columns=list(MOVE_COLUMNS))

    def lengths_survival(self, play_only: bool = True) -> Survival:
        """The Kaplan-Meier curve of the game lengths in plies (without
        set-up actions, unless told), games stopped unfinished counted as
        censored where they stopped (see :mod:`~playbook.analysis.statistics.survival`):
        its ``median()`` is the median length with its interval, honest
        when games reach the cap, as a mean is not."""
        return kaplan_meier(self.lengths(play_only), [bool(r.unfinished) for r in self.records])

    def by_opening(self, key: Callable[[str], str] | None = None) -> list[dict]:
        """The first-move results split by the first move of play: one
        row per opening with its finished ``games``, the first mover's
        ``wins``, ``draws`` and ``score`` with its 95% interval
        ``low``-``high`` (draws as draws), and its ``unfinished`` games,
        most played first.  ``key`` maps an opening to the group it counts
        in (say ``lambda text: text.split()[0]`` for the kind of action).
        In a run with a random ``book`` the first move is the book's: read
        :meth:`by_position`, keyed by the position the agents took over."""
        groups = defaultdict(list)
        for r in self.records:
            if r.opening is not None:
                groups[key(r.opening) if key else r.opening].append(r)
        rows: list[dict[str, Any]] = []
        for opening, recs in groups.items():
            done = [r for r in recs if not r.unfinished]
            if not done:
                continue
            wins = sum(1 for r in done if r.first in r.winners and not r.draw)
            draws = sum(1 for r in done if r.draw)
            figure = trinomial(wins, draws, len(done) - wins - draws)
            rows.append({"opening": opening, "games": len(done), "wins": wins, "draws": draws,
                         "score": figure["score"], "low": figure["low"], "high": figure["high"],
                         "unfinished": len(recs) - len(done)})
        rows.sort(key=lambda row: (-row["games"], row["opening"]))
        return rows

    def win_rates(self) -> dict[str, dict]:
        """Per player (and ``"draw"``, ``"unfinished"``): ``games`` with that
        result out of all ``n`` games, their share ``rate`` and its 95%
        interval ``low``-``high``."""
        n = len(self.records)
        counts = Counter("unfinished" if r.unfinished else r.result for r in self.records)
        players = [p for p in counts if p not in ("draw", "unfinished")]
        out = {}
        for key in sorted(players) + ["draw", "unfinished"]:
            k = counts.get(key, 0)
            low, high = wilson(k, n)
            out[key] = {"games": k, "n": n, "rate": k / n if n else 0.0, "low": low, "high": high}
        return out

    def lengths(self, play_only: bool = True) -> list[int]:
        """Game lengths in plies (without set-up actions, unless told)."""
        return [r.plies - (r.setup_plies if play_only else 0) for r in self.records]

    def summary(self) -> dict:
        """The run in figures: games, wins by player, draws, unfinished
        games, errors, the median length in plies with its 95% interval
        (Kaplan-Meier, unfinished games censored: ``None`` when over half
        reach the cap) and the first mover's score with its 95% interval
        (draws as draws) and that score with unfinished games as draws."""
        n = len(self.records)
        wins = Counter(r.winner for r in self.records if r.winner)
        decided = [r for r in self.records if r.winners]
        first_wins = sum(1 for r in decided if r.first in r.winners)
        advantage = self.first_move_advantage()
        median, low, high = self.lengths_survival().median()
        return {
            "games": n,
            "wins": dict(wins),
            "draws": sum(r.draw for r in self.records),
            "unfinished": sum(r.unfinished for r in self.records),
            "errors": sum(1 for r in self.records if r.error),
            "median_plies": median,
            "median_plies_interval": (low, high),
            # Share of decided games won by the side that moved first in play (0.5 = no advantage).
            "first_player_win_rate": first_wins / len(decided) if decided else None,
            "first_mover": advantage["mover"],
            "first_mover_score": advantage["score"],
            "first_mover_interval": (round(advantage["low"], 3), round(advantage["high"], 3)),
            "first_mover_score_if_unfinished_drawn": (advantage["score_if_draws"]
                                                      if advantage["games"] + advantage["unfinished"] else None),
        }

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        s = self.summary()
        return (f"SelfPlay({counted(s['games'], 'game')}: wins {s['wins']}, {counted(s['draws'], 'draw')}, "
                f"{s['unfinished']} unfinished)")

    def _repr_markdown_(self) -> str:
        s = self.summary()
        rows: list[str] = []
        for k, v in s.items():
            if isinstance(v, float):
                v = f"{v:.3f}"
            rows.append(f"| {k} | {v} |")
        return "| measure | value |\n|---|---|\n" + "\n".join(rows)


# -------------------------------------------------------------- tournaments


def tournament(game, agents, games: int = 10, max_plies: int = 500, executor: Executor | None = None,
               options: dict | None = None, setup: dict | None = None, seed: int = 0, progress: bool | None = None,
               batch: int | None = None, names: Sequence[str] | None = None, anchor: str | None = None,
               book: int = 2, sprt: tuple[float, float] | None = None, players: int | None = None,
               max_errors: int | None = 3, variant: dict | None = None) -> Tournament:
    """Every group of ``players`` agents (default: as many as the game
    seats) out of ``agents`` (agents or factories, or a dict name ->
    agent) plays ``games`` games with rotating seats: game ``k`` of a
    group seats its agents turned ``k`` places round, and each full turn
    of the seats starts with the same ``book`` random actions (drawn from
    its seed), so no agent gains from a lucky opening or seat; in a game
    with dice, the games of a turn also roll the same dice (they share the
    seed), so no agent gains from a lucky roll either.  In a
    two-player game these are colour-reversed pairs.  ``players=N`` seats
    N in games that take a number of players at the start (Chess Wheel+:
    3 to 8).  Returns a :class:`Tournament` with Elo-style ratings.
    ``anchor`` names the agent rated 0 (default: the mean is 0).

    ``sprt=(elo0, elo1)`` (two agents, two seats): stop as soon as Wald's
    sequential test (:func:`~playbook.analysis.statistics.stats.sprt`, errors of 5%
    either way) tells "the first agent is ``elo0`` Elo stronger" from
    "``elo1`` stronger", checking after each pair of games in order, so
    the games counted are the same on any executor; ``games`` is then the
    most played.  The other arguments are as for :func:`selfplay`."""
    game, setup = _prepare(game, options, setup, variant)
    _check_counts(games, max_plies, batch, book)
    if players is not None and players != len(_seats(game, setup)):
        seats = game.descriptor.seats
        if players not in seats or "players" not in _names(game.descriptor.settings):
            many = seats.fewest if seats.fixed else f"{seats.fewest} to {seats.most}"
            raise SelfPlayError(f"players: {game.title} is for {many} players, not {players}")
        setup = {**setup, "players": players}
        _prepare(game, None, setup, None)
    seats = _seats(game, setup)
    if isinstance(agents, dict):
        names, specs = list(agents), list(agents.values())
    else:
        specs = list(agents)
        names = list(names) if names else [agent_name(a) for a in specs]
    if len(set(names)) != len(names):
        names = [f"{n} #{k + 1}" for k, n in enumerate(names)]
    if len(specs) < len(seats):
        raise SelfPlayError(f"agents: {len(seats)} seats a game need at least {len(seats)} agents; got {len(specs)}")
    if sprt is not None and (len(specs) != 2 or len(seats) != 2):
        raise SelfPlayError(f"sprt= tests one agent against another in a two-player game; got {len(specs)} agents "
                            f"and {len(seats)} seats")
    made = []
    for spec in specs:
        made += _check_agents(game, [spec] * len(seats), seed, seats)[:1]
    groups = list(combinations(range(len(specs)), len(seats)))
    _warn_if_long(game, made, games * len(groups), executor)
    jobs = []
    for g, group in enumerate(groups):
        blobs = []
        for turn in range(len(seats)):
            order = group[turn:] + group[:turn]
            blobs.append(_dumps((game, [specs[a] for a in order], setup, max_plies,
                                 dict(zip(seats, (names[a] for a in order), strict=True)), book)))
        for k in range(games):
            jobs.append((blobs[k % len(seats)], seed + g * 10_000 + k // len(seats)))
    label = f"{game.title} tournament"
    if sprt is None:
        records = _run(jobs, executor, label, progress, batch, max_errors)
        test = None
    else:
        records, test = _sequential(jobs, executor, label, progress, batch, max_errors, names, sprt)
    _warn_if_stopped(game, records, max_plies)
    return Tournament(records, game.name, names=names, anchor=anchor, seed=seed, sprt=test)


def _sequential(jobs, executor, label, progress, batch, max_errors, names, bounds):
    """Play ``jobs`` a round at a time until the sequential test decides;
    the records up to the deciding game, and the test."""
    step = 2 * max(1, batch or 1) * (2 if executor is not None else 1)
    bar = _bar(len(jobs), label, _show_progress(progress))
    records: list[Record] = []
    try:
        for start in range(0, len(jobs), step):
            records += _run(jobs[start:start + step], executor, label, progress, batch, max_errors, bar=bar)
            test = sequential_test(_first_scores(records, names[0]), *bounds)
            if test["decision"] != "not decided":
                break
    finally:
        bar.close()
    # Keep the games up to the one that decided, whatever the executor ran beyond it.
    counted = 0
    for k, r in enumerate(records):
        if not r.unfinished:
            counted += 1
        if counted == test["games"] and test["decision"] != "not decided":
            records = records[:k + 1]
            break
    return records, test


def _first_scores(records: list[Record], name: str) -> list[float]:
    """The scores of the agent ``name`` in the finished two-player games, in order."""
    return [(s if a == name else 1 - s) for a, b, s in _scores(records)]


def _scores(records: list[Record]) -> list[tuple[str, str, float]]:
    """(agent, other agent, the first one's score) for every two agents
    seated together in a finished game: 1 if only the first is among the
    winners, 0 if only the other is, a half otherwise (a draw, both
    winners or both beaten)."""
    return [(r.players[p], r.players[q], _pair_score(r, p, q))
            for r in records if not r.unfinished for p, q in combinations(list(r.players), 2)]


def _seat_of(record: Record, agent: str) -> str | None:
    return next((p for p, a in record.players.items() if a == agent), None)


def _other(record: Record, seat: str | None) -> str | None:
    """The other seat of a two-player game (None when ``seat`` is not one of its two)."""
    seats = list(record.players)
    return next((p for p in seats if p != seat), None) if seat in seats and len(seats) == 2 else None


def pair_figure(records: list[Record], score_of: Callable[[Record], float]) -> dict:
    """A score over the colour-reversed pairs of a run with rotating seats
    (records sharing a ``pair``): the :func:`~playbook.analysis.statistics.exact.pairs_figure`
    of the pairs whose games all finished (``score``, ``low``, ``high``,
    ``p``, ``spread``, ``pairs``, ``counts``), the ``unfinished`` pairs (a game of
    them stopped) and the figure with their stopped games counted as
    draws (``score_if_draws``, ``low_if_draws``, ``high_if_draws``).
    ``score_of(record)`` is the side's score in a finished game.  Pairs
    that are not whole (a run stopped, or more than two games a turn) are
    left out and counted in ``incomplete``."""
    groups: defaultdict[int, list[Record]] = defaultdict(list)
    for r in records:
        if r.pair is not None:
            groups[r.pair].append(r)
    finished, counted, unfinished, incomplete = [], [], 0, 0
    for games in groups.values():
        if len(games) != 2 or any(len(g.players) != 2 for g in games):
            incomplete += 1
            continue
        points = [0.5 if g.unfinished else score_of(g) for g in games]
        counted.append(sum(points))
        if any(g.unfinished for g in games):
            unfinished += 1
        else:
            finished.append(sum(points))
    figure = pairs_figure(pair_counts(finished))
    as_draws = pairs_figure(pair_counts(counted))
    return {**figure, "unfinished": unfinished, "incomplete": incomplete, "score_if_draws": as_draws["score"],
            "low_if_draws": as_draws["low"], "high_if_draws": as_draws["high"]}


def _pair_score(record: Record, p: str | None, q: str | None) -> float:
    """Seat ``p``'s score against seat ``q`` in a finished game (see :func:`_scores`)."""
    winners = record.winners
    if record.draw or (p in winners) == (q in winners):
        return 0.5
    return 1.0 if p in winners else 0.0


@dataclass
class Tournament(SelfPlay):
    """A tournament's games, the agents' ratings with their 95% intervals
    and, for a match run with ``sprt=``, the sequential test (``sprt``:
    see :func:`~playbook.analysis.statistics.stats.sprt`)."""

    names: list[str] = field(default_factory=list)
    anchor: str | None = None
    seed: int = 0

    def ratings(self) -> list[dict]:
        """One row per agent, best first: ``name``, ``games`` (finished),
        ``wins``, ``draws``, ``losses``, ``unfinished`` (the games it sat
        in that stopped, left out of the rest), ``score`` (share of points),
        ``elo`` (:func:`~playbook.analysis.statistics.stats.elo_ratings`, which adds
        one drawn game a pair so a perfect score stays finite) and the 95%
        interval ``low``-``high``: the agent's rating with its opponents
        held at theirs, from the Wilson interval of its score
        (:func:`~playbook.analysis.statistics.stats.elo_interval`; never zero wide: a
        perfect score has ``high`` = inf, a null one ``low`` = -inf)."""
        elo = elo_ratings(_scores(self.records), self.names, anchor=self.anchor)
        rows: list[dict[str, Any]] = []
        for n in self.names:
            # Each game counts once: the agent's score in it is its mean against the others seated.
            games, points, wins, draws, field, unfinished = 0, 0.0, 0, 0, [], 0
            for r in self.records:
                seat = next((p for p, a in r.players.items() if a == n), None)
                unfinished += seat is not None and r.unfinished
                if seat is None or r.unfinished:
                    continue
                games += 1
                others = [p for p in r.players if p != seat]
                points += sum(_pair_score(r, seat, p) for p in others) / len(others)
                wins += seat in r.winners and not r.draw
                draws += bool(r.draw)
                field += [elo[a] for p, a in r.players.items() if p != seat]
            field_elo = sum(field) / len(field) if field else 0.0
            low, high = elo_interval(points, games)
            rows.append({"name": n, "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
                         "score": points / games if games else None, "elo": elo[n], "low": field_elo + low,
                         "high": field_elo + high, "unfinished": unfinished})
        rows.sort(key=lambda row: -row["elo"])
        return rows

    def first_move_rating(self, prior: float = 1.0) -> dict:
        """The agents' ratings with a first-move term, from the finished
        two-player games (``prior``: drawn games added a pair; see
        :func:`~playbook.analysis.statistics.stats.elo_with_first_move`): ``ratings``
        (name -> Elo), and ``first_move``, the Elo the first move is worth,
        with its 95% interval ``first_move_low``-``first_move_high``."""
        results = [(r.players[r.first], r.players[_other(r, r.first)],
                    _pair_score(r, r.first, _other(r, r.first)))
                   for r in self.finished() if len(r.players) == 2 and r.first in r.players]
        return elo_with_first_move(results, self.names, prior=prior, anchor=self.anchor)

    def ratings_frame(self):
        """:meth:`ratings` as a pandas DataFrame indexed by name."""
        import pandas

        return pandas.DataFrame(self.ratings()).set_index("name")

    def pairings(self) -> list[dict]:
        """One row per pair of agents: the games they sat in together,
        each one's points against the other (see :meth:`ratings`) and
        how many of those games stopped unfinished."""
        table: defaultdict[tuple, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0])
        for r in self.records:
            for p, q in combinations(list(r.players), 2):
                a, b = r.players[p], r.players[q]
                key = tuple(sorted((a, b), key=self.names.index))
                row = table[key]
                row[0] += 1
                if r.unfinished:
                    row[3] += 1
        for a, b, s in _scores(self.records):
            key = tuple(sorted((a, b), key=self.names.index))
            table[key][1 if a == key[0] else 2] += s
            table[key][2 if a == key[0] else 1] += 1 - s
        return [{"agent": k[0], "opponent": k[1], "games": v[0], "points": v[1], "opponent points": v[2],
                 "unfinished": v[3]} for k, v in table.items()]

    def __repr__(self) -> str:
        rows = self.ratings()
        body = ", ".join(f"{r['name']} {r['elo']:+.0f}" for r in rows)
        return f"Tournament({len(self.records)} games: {body})"

    def _repr_markdown_(self) -> str:
        lines = ["| agent | games | wins | draws | losses | unfinished | score | Elo | 95% interval |",
                 "|---|---|---|---|---|---|---|---|---|"]
        for r in self.ratings():
            score = f"{r['score']:.2f}" if r["score"] is not None else "-"
            lines.append(f"| {r['name']} | {r['games']} | {r['wins']} | {r['draws']} | {r['losses']} | "
                         f"{r['unfinished']} | {score} | {r['elo']:+.0f} | {r['low']:+.0f} to {r['high']:+.0f} |")
        if self.sprt is not None:
            t = self.sprt
            lines.append(f"\nSequential test of {t['elo0']:+g} against {t['elo1']:+g} Elo: {t['decision']} after "
                         f"{t['games']} games (log-likelihood ratio {t['llr']:+.2f}, bounds {t['lower']:+.2f} "
                         f"and {t['upper']:+.2f})")
        return "\n".join(lines)

