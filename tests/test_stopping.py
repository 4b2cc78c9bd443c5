"""A run waiting on an executor's tasks takes a stop only where no lock is held.

Raised inside ``concurrent.futures``' locks, Ctrl-C or SIGTERM can leave a
future's lock held and hang the executor's threads at exit; so while a run
hands out and waits on its tasks, a stop is only noted, and takes effect
through its own handler at the next check.  Each test sends a real signal
to this process.
"""

from __future__ import annotations

import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from playbook.analysis.runs.stopping import STOP_CHECK, finished, stops_noted

pytestmark = pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                                reason="signals reach the main thread only")


class Terminated(Exception):
    """What the SIGTERM handler of these tests raises."""


@pytest.fixture
def sigterm_raises():
    def handler(signum, frame):
        raise Terminated

    before = signal.signal(signal.SIGTERM, handler)
    yield handler
    signal.signal(signal.SIGTERM, before)


def test_a_stop_inside_is_only_noted_and_its_own_handler_raises_it_at_the_next_check(sigterm_raises):
    steps = []
    with pytest.raises(Terminated):
        with stops_noted() as check:
            signal.raise_signal(signal.SIGTERM)  # outside, this line would raise
            steps.append("after the signal")
            check()
            steps.append("after the check")
    assert steps == ["after the signal"]
    assert signal.getsignal(signal.SIGTERM) is sigterm_raises


def test_ctrl_c_inside_becomes_a_keyboard_interrupt_at_the_check_and_the_handler_is_put_back():
    # Python's own Ctrl-C handler, set here: a process started in the
    # background of a script (as a CI run may be) starts with Ctrl-C ignored.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    steps = []
    try:
        with pytest.raises(KeyboardInterrupt):
            with stops_noted() as check:
                signal.raise_signal(signal.SIGINT)
                steps.append("after the signal")
                check()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, before)
    assert steps == ["after the signal"]


def test_a_stop_noted_last_takes_effect_on_leaving_and_nothing_is_noted_without_one(sigterm_raises):
    with stops_noted() as check:
        check()  # nothing noted: nothing happens
    with pytest.raises(Terminated):
        with stops_noted():
            signal.raise_signal(signal.SIGTERM)
    assert signal.getsignal(signal.SIGTERM) is sigterm_raises


def test_an_ignored_signal_stays_ignored():
    before = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with stops_noted() as check:
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
            signal.raise_signal(signal.SIGTERM)
            check()
    finally:
        signal.signal(signal.SIGTERM, before)


def test_off_the_main_thread_nothing_changes(sigterm_raises):
    seen = []

    def run():
        with stops_noted() as check:
            seen.append(signal.getsignal(signal.SIGTERM))
            check()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert seen == [sigterm_raises]


def test_a_stop_sent_while_waiting_ends_the_wait_and_leaves_every_future_free(sigterm_raises):
    inside, release = threading.Event(), threading.Event()

    def stop_then_wait():
        inside.wait()
        os.kill(os.getpid(), signal.SIGTERM)
        release.wait()
        return "second"

    got, held = [], []
    with ThreadPoolExecutor(1) as pool:
        try:
            futures = [pool.submit(lambda: "first"), pool.submit(stop_then_wait)]
            with pytest.raises(Terminated):
                with stops_noted() as check:
                    inside.set()
                    for future in finished(futures, check):
                        got.append(future.result())
            def free(future) -> bool:
                if future._condition.acquire(blocking=False):
                    future._condition.release()
                    return True
                return False

            probe = threading.Thread(target=lambda: held.extend(f for f in futures if not free(f)))
            probe.start()
            probe.join()
        finally:
            inside.set()
            release.set()
    assert got == ["first"]
    assert held == []
    assert futures[1].result() == "second"
    assert 0 < STOP_CHECK <= 0.5  # a stop is felt within half a second
