"""Worker processes on this machine for self-play: what the ``playbook``
command's ``--workers N`` runs on, and any notebook may use too
(``selfplay(..., executor=LocalPool(4))``).

A :class:`LocalPool` is a :class:`~concurrent.futures.ProcessPoolExecutor`
that

- starts its workers one at a time, as tasks need them (never more
  workers than tasks sent), from a small server process that has
  imported playbook once (``forkserver``; ``spawn`` where there is none),
  so that a stop takes effect between two workers started, and no worker
  is forked from a process whose other threads may hold locks;
- lets Ctrl-C reach the run only (the workers ignore it, as they share
  the terminal), while SIGTERM ends a worker at once;
- can be *recalled* (:meth:`LocalPool.recall`): each worker drops the game
  it is playing and hands back the games of its task that finished (see
  :mod:`~playbook.analysis.runs.stopping`), so a stopped run keeps every
  finished game;
- can be ended at once (:meth:`LocalPool.end`), its workers' tasks left
  unfinished.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor

from .stopping import recall

__all__ = ["LocalPool", "RECALL"]

#: The signal a pool's workers take as a recall.
RECALL = signal.SIGUSR1 if hasattr(signal, "SIGUSR1") else None


def _context():
    """The way workers are started: from a server that imported playbook
    (``forkserver``) where the platform has one, else each afresh (``spawn``)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["playbook.analysis.runs.games", "playbook.analysis.runs.pool_server"])
        return context
    return multiprocessing.get_context("spawn")


def _worker_start() -> None:
    """A worker's signals: Ctrl-C reaches every process of the terminal,
    and the workers leave it to the run, which stops and recalls them;
    SIGTERM ends a worker at once (a handler the run set, copied into it,
    is not for it); the recall signal hands its task's games back."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if RECALL is not None:
        signal.signal(RECALL, recall)
    try:  # held while the worker started (a recall held so is taken now)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM} | ({RECALL} if RECALL else set()))
    except (AttributeError, ValueError, OSError):  # no signal masks here (Windows)
        pass


class LocalPool(ProcessPoolExecutor):
    """At most ``workers`` worker processes on this machine, started as
    tasks need them, which a stopped run can recall (see the module's
    docstring)."""

    def __init__(self, workers: int):
        super().__init__(workers, mp_context=_context(), initializer=_worker_start)
        self.workers = workers

    def _workers(self) -> list:
        return list((getattr(self, "_processes", None) or {}).values())

    def recall(self) -> None:
        """Ask every worker to hand back, at once, the games its task has finished."""
        if RECALL is None:
            return
        for process in self._workers():
            try:
                if process.pid is not None and process.is_alive():
                    os.kill(process.pid, RECALL)
            except (OSError, ValueError):  # gone already
                continue

    def end(self) -> None:
        """Shut the pool down at once: tasks not started are cancelled and
        the workers ended, whatever they were playing."""
        workers = self._workers()  # taken first: shutting down lets go of them
        manager = getattr(self, "_executor_manager_thread", None)
        self.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            process.terminate()
        if manager is not None:  # it sees the workers gone and closes its pipes: left running, it raced the exit
            manager.join(timeout=30)

    def __repr__(self) -> str:
        return f"LocalPool({self.workers})"
