"""Waiting on an executor's tasks, and stopping them, without hanging.

A stop (Ctrl-C, SIGTERM, a notebook's interrupt) normally raises in the
main thread wherever it happens to be.  While that thread waits on an
executor, it is often inside ``concurrent.futures``' own locks; raised
there, the stop can leave a future's lock held for good, and the
executor's threads then wait on it forever when the run ends (the
process never exits).  So while a run hands out its tasks and waits on
them, :func:`stops_noted` takes Ctrl-C and SIGTERM only as notes, and
they take effect, as their own handlers would, between two steps where
no lock is held: :func:`finished` looks at least every
:data:`STOP_CHECK` seconds.

:func:`cancel` stops the tasks still out; a result that Dask's executor
delivers to a future that was just cancelled is not reported (Dask logs
an error with a traceback for it, though that game is simply played again
by the next run).
"""

from __future__ import annotations

import logging
import queue
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, InvalidStateError
from contextlib import contextmanager

__all__ = ["finished", "stops_noted", "cancel", "STOP_CHECK"]

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
