"""Stopping a run without losing a finished game, and waiting on an
executor's tasks without hanging.

A stop (Ctrl-C, SIGTERM, an error) keeps what finished:

- with a :class:`~.pool.LocalPool` (the ``playbook`` command's
  ``--workers``), each worker is *recalled* (:func:`recall`, the worker's
  handler of the recall signal): the game it is playing is dropped and
  its task hands back every game it finished, at once;
- with any other executor (a Dask cluster's), the stop waits up to
  :data:`STOP_WAIT` seconds for the tasks out, each of which hands back
  its games within :data:`~.tasks.TASK_SECONDS` of play and the game it
  is playing; the games of tasks that have not come back by then are
  dropped, and the next run plays them again (:func:`stop_tasks`).

A stop normally raises in the main thread wherever it happens to be.
While that thread waits on an executor, it is often inside
``concurrent.futures``' own locks; raised there, the stop can leave a
future's lock held for good, and the executor's threads then wait on it
forever when the run ends (the process never exits).  So while a run
hands out its tasks and waits on them, :func:`stops_noted` takes Ctrl-C
and SIGTERM only as notes, and they take effect, as their own handlers
would, between two steps where no lock is held: :func:`finished` looks at
least every :data:`STOP_CHECK` seconds.

:func:`cancel` stops the tasks still out; a result that Dask's executor
delivers to a future that was just cancelled is not reported (Dask logs
an error with a traceback for it, though that game is simply played again
by the next run).
"""

from __future__ import annotations

import concurrent.futures
import logging
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, InvalidStateError
from contextlib import contextmanager
from typing import Any

from .tasks import TASK_SECONDS

__all__ = ["finished", "stops_noted", "cancel", "stop_tasks", "recall", "Recalled", "paced", "playing", "recallable",
           "STOP_CHECK", "STOP_WAIT"]

#: Longest time, in seconds, between a stop arriving and taking effect
#: while a run waits on its tasks.
STOP_CHECK = 0.1

_STOPS = (signal.SIGINT, signal.SIGTERM)


def finished(futures: Iterable[Future], check: Callable[[], None]) -> Iterator[Future]:
    """Each of ``futures`` as it finishes (as ``as_completed`` gives
    them), calling ``check`` (what :func:`stops_noted` gives) at least
    every :data:`STOP_CHECK` seconds and before each."""
    arrived: queue.SimpleQueue[Future] = queue.SimpleQueue()
    pending = list(futures)
    for future in pending:
        future.add_done_callback(arrived.put)
    for _ in pending:
        while True:
            check()
            try:
                future = arrived.get(timeout=STOP_CHECK)
            except queue.Empty:
                continue
            break
        check()
        yield future


@contextmanager
def stops_noted() -> Iterator[Callable[[], None]]:
    """In the main thread: Ctrl-C and SIGTERM only noted while inside
    (elsewhere: nothing changes).  It gives a check to call where no lock
    is held: a noted stop takes effect there, through the handler it had
    before (which raises, or ends the process); leaving, the handlers are
    put back, and a stop noted last takes effect then."""
    if threading.current_thread() is not threading.main_thread():
        yield lambda: None
        return
    noted: list[int] = []
    before = {signum: signal.getsignal(signum) for signum in _STOPS}
    taken = [s for s, handler in before.items() if handler not in (signal.SIG_IGN, None)]

    def note(signum, frame) -> None:
        noted.append(signum)

    def restore() -> None:
        for signum in taken:
            signal.signal(signum, before[signum])

    def check() -> None:
        if noted:
            restore()
            signal.raise_signal(noted[0])  # its own handler runs now, here

    for signum in taken:
        signal.signal(signum, note)
    try:
        yield check
        check()
    finally:
        restore()


class _LateResults(logging.Filter):
    """Leaves out the error Dask's executor logs when a task's result
    arrives after a stop cancelled its future (it sets the result on the
    cancelled future without looking)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], InvalidStateError))


def cancel(futures: Iterable[Future]) -> None:
    """Cancel the tasks of ``futures`` not yet finished, leaving out the
    error Dask would log for a result that arrives just after."""
    logger = logging.getLogger("tornado.application")  # where Dask's executor reports it
    if not any(isinstance(f, _LateResults) for f in logger.filters):
        logger.addFilter(_LateResults())
    for future in futures:
        future.cancel()


#: The longest a stop waits for the tasks out on an executor that cannot recall them (a Dask cluster's):
#: a task's time and a second.
STOP_WAIT = TASK_SECONDS + 1.0


# ------------------------------------------------------------ inside a task: a recall


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


def stop_tasks(executor, pending: dict, done: Callable[[int, list], None]) -> None:
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
