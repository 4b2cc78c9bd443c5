"""Imported by a :class:`~playbook.analysis.runs.pool.LocalPool`'s server
process, and there only, before it starts any worker: it holds back the
recall signal, so that a recall sent to a worker still starting waits
until the worker can take it (its start unblocks it) instead of ending
it, which would break the pool and lose the other workers' games."""

from __future__ import annotations

import signal

from .pool import RECALL

if RECALL is not None:
    signal.pthread_sigmask(signal.SIG_BLOCK, {RECALL})
