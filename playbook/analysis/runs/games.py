"""One game of a run, and the task of games a worker plays.

:func:`play_game` plays one game between agents and returns its
:class:`~playbook.records.Record`, with what the engines said about each
move (:mod:`~.notes`).  A run hands its agents out as *specs*: an agent
(copied for each game and, if it has ``reset(seed)``, reseeded) or a
factory ``seed -> agent``; :func:`check_agents` makes the first game's
here and refuses what a run cannot use.

The games go to an executor's workers as payloads made by :func:`ship`:
with cloudpickle where it is installed (Dask ships it), so lambdas and
classes defined in a notebook travel; with pickle otherwise, and then
agents must be defined in a module.  :func:`play_batch` is the task a
worker runs: the games of a list of (payload, seed), for as long as its
time allows or until it is recalled (:mod:`~.stopping`).
"""

from __future__ import annotations

import copy
import pickle
import time
import traceback
from typing import Any

from ...chance import Dice
from ...core import Game, PlaybookError
from ...records import Record
from ..engines.agents import RandomAgent
from ..engines.evaluation import in_setup
from .notes import move_note
from .stopping import paced, playing, recallable

try:  # ships agents and factories defined in a notebook (lambdas, classes) to other processes
    import cloudpickle as pickler
except ImportError:
    pickler = pickle

__all__ = ["SelfPlayError", "play_game", "agent_name", "dice_for", "seats_of", "seats_for", "ship", "play_batch",
           "check_agents"]


class SelfPlayError(PlaybookError):
    """A self-play run that cannot go on: agents it cannot use, settings
    given under the wrong name, or more games failed than it allows."""


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


def seats_for(game: Game, setup: dict) -> tuple[str, ...]:
    """The players seated in a game of ``game`` started with ``setup``."""
    return seats_of(game.initial(**setup))



# ------------------------------------------------------- shipping the work


def ship(obj) -> bytes:
    """``obj`` (a run's payload: the game, the agents' specs and the
    settings) as bytes a worker's :func:`play_batch` reads."""
    try:
        return pickler.dumps(obj)
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


def play_batch(jobs: list[tuple[bytes, int]], seconds: float | None = None) -> list[Record]:
    """Play the games of ``jobs`` (payload, seed), in order, for up to
    ``seconds`` (after the first game; None: all of them), and return the
    records of those played (runs on a worker; a recalled worker returns
    those it finished, see :mod:`~playbook.analysis.runs.running`)."""
    out = []
    with recallable():
        for blob, seed in paced(jobs, seconds):
            with playing():
                record = _play_job(pickle.loads(blob), seed)
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
        agents = _agents_for(specs, seed, seats_for(game, setup))
    except Exception as exc:
        return _failed(game, seed, setup, names, exc)
    return play_game(game, agents, max_plies=max_plies, setup=setup, seed=seed, names=names, book=book, pair=pair,
                     same_dice=same_dice)


def _failed(game, seed, setup, names, exc) -> Record:
    """The record of a game whose agents could not be made: unfinished, with no start."""
    return Record(game.name, "", [], options=game.options, players=dict(names or {}),
                  reason=f"error: {type(exc).__name__}: {exc}", setup=dict(setup or {}), seed=seed,
                  error=traceback.format_exc(limit=3))


def check_agents(game: Game, specs, seed: int, seats: tuple[str, ...]) -> list:
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

