"""Handing out a run's games: one at a time here, or in tasks on an
executor, with a progress bar, gathering what comes back in order.

The games of a run are :class:`Jobs`: each game's payload and seed, made
as they are asked for, so a run of a billion games holds the jobs of the
tasks in flight and no more.  On an executor, a few tasks a worker are
out at once (:data:`TASKS_AHEAD`); each new one is made and sent as one
comes back.  How many games a task holds is :mod:`~.tasks`'s answer.

A task plays its games until they are done or :data:`~.tasks.TASK_SECONDS`
have passed (after its first game), then hands back what it played; the
rest of its games go out again as a task of their own.  So, however the
first games timed, no task keeps finished games from the run for longer
than that.  A stop keeps what finished (see :mod:`~.stopping`).

:func:`run_games` is what ``selfplay`` and ``tournament`` call: the games
on an executor or here, a progress bar (tqdm's, when it is installed: a
widget in a notebook, a line in a terminal), and a limit on failed games.
"""

from __future__ import annotations

import concurrent.futures
import queue
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from itertools import islice

from ...records import Record
from .games import SelfPlayError, play_batch
from .stopping import STOP_CHECK, stop_tasks, stops_noted
from .tasks import TASK_SECONDS, probe, workers_of

try:  # the progress bar; a run shows none without it
    from tqdm.auto import tqdm
except ImportError:
    tqdm = None

__all__ = ["Jobs", "run_tasks", "run_games", "progress_bar", "shows_progress", "TASKS_AHEAD"]

#: Tasks out at once for each worker of an executor: one played, one waiting, so no worker idles between two.
TASKS_AHEAD = 2



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
        stop_tasks(executor, pending, done)
        raise


def _next_arrival(arrived: queue.SimpleQueue, check: Callable[[], None]) -> concurrent.futures.Future:
    """The next task to come back, calling ``check`` at least every :data:`~.stopping.STOP_CHECK` seconds."""
    while True:
        check()
        try:
            return arrived.get(timeout=STOP_CHECK)
        except queue.Empty:
            continue


# ------------------------------------------------------------ a run's games


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (where tqdm draws a notebook bar)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and hasattr(shell, "kernel")


def shows_progress(progress) -> bool:
    """Whether a run shows its progress bar: as ``progress`` says, or, when
    it says nothing (None), in a notebook or when writing to a terminal."""
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


def progress_bar(total: int, label: str, show: bool):
    """tqdm's bar (a notebook widget in Jupyter, a text line in a terminal),
    or none when not shown or tqdm is not installed."""
    if not show or tqdm is None:
        return _NoBar()
    return tqdm(total=total, desc=label, leave=False)


def run_games(jobs, executor: Executor | None, label: str, progress, batch: int | None,
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
    bar = bar or progress_bar(len(jobs), label, shows_progress(progress))
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
        run_tasks(jobs, play_batch, executor, batch, done)
    finally:
        if own_bar:
            bar.close()
    return [r for position in sorted(results) for r in results[position]]

