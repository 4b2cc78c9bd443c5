"""How many games a task sent to an executor's workers holds.

A task costs the executor a round trip whatever it holds: a few
milliseconds with a Dask cluster (scheduling, shipping the task and its
result), less with a local process pool.  A random game of Cosmic Chess
takes about as long, so one game a task spends as much time on the
round trip as on the game, and the cluster barely beats one process.
Tasks are therefore sized by the measured time of a game:
:func:`probe` plays the first games here, one at a time, until
:data:`PROBE_SECONDS` have passed (at most :data:`PROBE_GAMES`), and
:func:`task_size` puts into a task as many games as take about
:data:`TASK_SECONDS`, but never so many that a worker gets fewer than
:data:`TASKS_PER_WORKER` tasks (so the last tasks, finishing unevenly,
leave no worker idle for long).  The games played to measure are kept
as the run's first games, so nothing is played twice, and the seeds,
hence the games, are the same whatever the task sizes.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterator
from typing import TypeVar

#: What a task returns a game of (a record).
T = TypeVar("T")

__all__ = [
    "cpu_count",
    "probe",
    "task_size",
    "workers_of",
    "TASK_SECONDS",
    "TASKS_PER_WORKER",
    "PROBE_SECONDS",
    "PROBE_GAMES",
]

#: The time a task should take: long beside an executor's round trip.
TASK_SECONDS = 2.0

#: The fewest tasks each worker should get, for an even finish.
TASKS_PER_WORKER = 4

#: How long, at most, :func:`probe` plays here before sizing the tasks
#: (it stops after the game that crosses it).
PROBE_SECONDS = 0.1

#: The most games :func:`probe` plays.
PROBE_GAMES = 8


def workers_of(executor) -> int:
    """How many tasks ``executor`` runs at once: a Dask client's threads
    over all its workers, a process or thread pool's workers, or else the
    cores of this machine."""
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:
            pass
    workers = getattr(executor, "_max_workers", None)  # concurrent.futures pools
    if isinstance(workers, int) and workers > 0:
        return workers
    return cpu_count()


def task_size(seconds_per_game: float, games: int, workers: int) -> int:
    """Games a task for ``games`` games on ``workers`` workers, when one
    game takes ``seconds_per_game``: about :data:`TASK_SECONDS` of play,
    at least one game, and at most a share that still gives every worker
    :data:`TASKS_PER_WORKER` tasks.

    >>> task_size(0.003, 400, 2)          # 400 quick games: 8 tasks of 50
    50
    >>> task_size(0.003, 1_000_000, 50)   # a million: about 2 s a task
    667
    >>> task_size(30.0, 100, 2)           # long games: one a task
    1
    """
    most = max(1, math.ceil(games / (TASKS_PER_WORKER * max(1, workers))))
    wanted = max(1, round(TASK_SECONDS / max(seconds_per_game, 1e-6)))
    return min(wanted, most)


def probe(jobs: Iterator, count: int, play: Callable[[list], list[T]], workers: int) -> tuple[list[T], int]:
    """Play the first of ``jobs`` (an iterator over ``count`` games) here
    with ``play``, taking them from it one at a time, until
    :data:`PROBE_SECONDS` have passed or :data:`PROBE_GAMES` games are
    played, and size the tasks of the rest by their time; returns the
    records of the games played and the games a task.  A run too small to
    fill every worker with :data:`TASKS_PER_WORKER` tasks of one game plays
    nothing here (and takes nothing from ``jobs``): one game a task."""
    if count <= TASKS_PER_WORKER * workers:
        return [], 1
    records: list[T] = []
    began = time.perf_counter()
    while len(records) < min(PROBE_GAMES, count) and (not records or time.perf_counter() - began < PROBE_SECONDS):
        records += play([next(jobs)])
    per_game = (time.perf_counter() - began) / len(records)
    return records, task_size(per_game, count - len(records), workers)


def cpu_count() -> int:
    """Cores this process may use (for sizing a local executor)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
