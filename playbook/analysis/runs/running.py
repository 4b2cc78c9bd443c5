"""Running a run's games: one at a time here, or in tasks on an executor,
and stopping them without losing what finished.

The games of a run are :class:`Jobs`: each game's payload and seed, made
as they are asked for, so a run of a billion games holds the jobs of the
tasks in flight and no more.  On an executor, a few tasks a worker are
out at once (:data:`TASKS_AHEAD`); each new one is made and sent as one
comes back.

A task plays its games until they are done or :data:`~.tasks.TASK_SECONDS`
have passed (after its first game), then hands back what it played; the
rest of its games go out again as a task of their own.  So, however the
first games timed, no task keeps finished games from the run for longer
than that.

A stop (Ctrl-C, SIGTERM, an error) keeps what finished:

- with a :class:`~.pool.LocalPool` (the ``playbook`` command's
  ``--workers``), each worker is *recalled*: the game it is playing is
  dropped and its task hands back every game it finished, at once;
- with any other executor (a Dask cluster's), the stop waits up to
  :data:`STOP_WAIT` seconds for the tasks out, each of which hands back
  its games within :data:`~.tasks.TASK_SECONDS` of play and the game it
  is playing; the games of tasks that have not come back by then are
  dropped, and the next run plays them again.
"""

from __future__ import annotations

import concurrent.futures
import queue
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any

from .tasks import TASK_SECONDS, probe, workers_of
from .stopping import STOP_CHECK, cancel, stops_noted

__all__ = ["Jobs", "run_tasks", "paced", "recallable", "playing", "recall", "Recalled", "TASKS_AHEAD", "STOP_WAIT"]

#: Tasks out at once for each worker of an executor: one played, one waiting, so no worker idles between two.
TASKS_AHEAD = 2

#: The longest a stop waits for the tasks out on an executor that cannot recall them (a Dask cluster's):
#: a task's time and a second.
STOP_WAIT = TASK_SECONDS + 1.0


class Jobs(Sequence):
    """The games of a run, made as they are asked for: game ``k`` has the
    seed ``first + k`` and the payload ``payloads[k % len(payloads)]``
    (one payload, or one a turn of the seats).  ``without(seeds)`` leaves
    out games already played.  A slice is a :class:`Jobs` too, so a
    billion games cost nothing until they are played."""

    def __init__(self, payloads: Sequence[bytes], seeds: range, first: int | None = None,
                 skip: frozenset[int] = frozenset()):
        self.payloads = tuple(payloads)
        self.seeds = seeds
        self.first = seeds.start if first is None else first
        self.skip = skip
        self._len = len(seeds) - sum(1 for s in skip if s in seeds)

    def __len__(self) -> int:
        return self._len

    def _job(self, seed: int) -> tuple[bytes, int]:
        return self.payloads[(seed - self.first) % len(self.payloads)], seed

    def __iter__(self) -> Iterator[tuple[bytes, int]]:
        for seed in self.seeds:
            if seed not in self.skip:
                yield self._job(seed)

    def __getitem__(self, index):
        if self.skip:
            raise TypeError("the games left to play are taken in order (iter), not by index")
        if isinstance(index, slice):
            return Jobs(self.payloads, self.seeds[index], self.first)
        return self._job(self.seeds[index])

    def without(self, seeds: Iterable[int]) -> Jobs:
        """These games but those of ``seeds`` (games already played)."""
        return Jobs(self.payloads, self.seeds, self.first, frozenset(self.skip | {s for s in seeds if s in self.seeds}))

    def __repr__(self) -> str:
        return f"Jobs({len(self)} games, seeds {self.seeds.start} to {self.seeds.stop - 1})"


# ------------------------------------------------------------ inside a task


class Recalled(BaseException):
    """A worker was recalled while it played a game (see :func:`recall`):
    the task hands back what it finished.  Not an Exception, so that no
    game's own error handling takes it."""


_recalled = False
_in_game = False


def recall(signum: int, frame: Any) -> None:
    """The recall signal's handler in a worker process: a game being
    played stops at once (:class:`Recalled`); between games, the task
    stops before the next."""
    global _recalled
    _recalled = True
    if _in_game:
        raise Recalled


def paced(jobs: Iterable, seconds: float | None) -> Iterator:
    """``jobs`` one at a time while the task may go on: until ``seconds``
    have passed (None: no limit; the first job is always given) or the
    worker is recalled."""
    began = time.monotonic()
    for k, job in enumerate(jobs):
        if _recalled or (k and seconds is not None and time.monotonic() - began >= seconds):
            return
        yield job


@contextmanager
def playing() -> Iterator[None]:
    """Around one game of a task: a recall arriving inside stops the game."""
    global _in_game
    _in_game = True
    try:
        yield
    finally:
        _in_game = False


@contextmanager
def recallable() -> Iterator[None]:
    """Around a task's games: a recall ends them, and the task returns
    what it has (the games finished before it)."""
    try:
        yield
    except Recalled:
        pass


# ------------------------------------------------------------ the run


def run_tasks(jobs: Sequence, play: Callable[..., list], executor, batch: int | None,
              done: Callable[[int, list], None]) -> None:
    """Play ``jobs`` with ``play(task, seconds)`` (which returns one record
    a game played, in order, maybe fewer than given when its time is up)
    here one at a time, or on ``executor`` in tasks of ``batch`` games
    (None: sized by the time of the first games, played here; see
    :mod:`~playbook.analysis.runs.tasks`).  ``done(position, records)`` gets
    each task's records as it comes back, ``position`` the index in
    ``jobs`` of its first game.  A stop keeps what finished (see the
    module's docstring) and is raised again."""
    source = iter(jobs)
    if executor is None:
        # Here, one game at a time: a stop (Ctrl-C, SIGTERM) loses only the game it interrupts.
        for position, job in enumerate(source):
            done(position, play([job], None))
        return
    position = 0
    if batch is None:
        probed, batch = probe(source, len(jobs), lambda task: play(task, None), workers_of(executor))
        if probed:
            done(0, probed)
            position = len(probed)
    again: deque[tuple[int, list]] = deque()  # the games of tasks whose time ran out first
    pending: dict[concurrent.futures.Future, tuple[int, list]] = {}
    arrived: queue.SimpleQueue[concurrent.futures.Future] = queue.SimpleQueue()
    ahead = TASKS_AHEAD * workers_of(executor)

    def next_task() -> tuple[int, list] | None:
        nonlocal position
        if again:
            return again.popleft()
        task = list(islice(source, batch))
        if not task:
            return None
        position += len(task)
        return position - len(task), task

    try:
        with stops_noted() as check:
            def fill() -> None:
                while len(pending) < ahead:
                    task = next_task()
                    if task is None:
                        return
                    future = executor.submit(play, task[1], TASK_SECONDS)
                    pending[future] = task
                    future.add_done_callback(arrived.put)
                    check()  # a stop takes effect between two tasks sent (and two workers started)

            fill()
            while pending:
                future = _next_arrival(arrived, check)
                start, task = pending.pop(future)
                records = future.result()
                done(start, records)
                if len(records) < len(task):
                    again.append((start + len(records), task[len(records):]))
                fill()
    except BaseException:
        _stop(executor, pending, done)
        raise


def _next_arrival(arrived: queue.SimpleQueue, check: Callable[[], None]) -> concurrent.futures.Future:
    """The next task to come back, calling ``check`` at least every :data:`~.stopping.STOP_CHECK` seconds."""
    while True:
        check()
        try:
            return arrived.get(timeout=STOP_CHECK)
        except queue.Empty:
            continue


def _stop(executor, pending: dict, done: Callable[[int, list], None]) -> None:
    """A run stopped: keep the games of the tasks out as far as they can
    be had (see the module's docstring), cancel the rest."""
    recall_workers = getattr(executor, "recall", None)
    if callable(recall_workers):
        cancel(pending)  # those not yet with a worker
        recall_workers()
    concurrent.futures.wait(list(pending), timeout=STOP_WAIT)
    cancel(pending)  # what has not come back is played again by the next run
    for future, (start, _task) in pending.items():
        if not future.done() or future.cancelled():
            continue
        try:
            records = future.result(timeout=0)
        except BaseException:  # a task that failed or was stopped: nothing of it to keep
            continue
        try:
            done(start, records)
        except Exception:  # too many failures already: the run stops on the first such error
            break
