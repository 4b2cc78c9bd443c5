"""A long run stopped by a signal keeps every game that finished, and a rerun plays only the rest.

The command runs in a subprocess and gets the real signal: SIGTERM (as
``timeout`` or a cluster's scheduler sends it) on a run in this process,
Ctrl-C (SIGINT) on a run on a local Dask scheduler and worker.  Every wait
is for a file or an exit, never for a fixed time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from playbook.analysis import load_results, selfplay
from playbook.command.cli import parse_agents

pytest.importorskip("pyarrow")

COMMAND = [sys.executable, "-m", "playbook.command.cli", "selfplay", "cosmic"]


def without_time(records):
    """The records with the seconds each game took left out (they differ between runs)."""
    return [replace(r, seconds=0.0) for r in records]


def wait_for(condition, proc: subprocess.Popen) -> None:
    """Wait until ``condition()`` holds, as long as ``proc`` runs (it must not end first)."""
    while not condition():
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)


def as_from_a_terminal() -> None:
    """Run in the child before the command starts: Ctrl-C reaches it as it
    would from a terminal, even when this test runs where SIGINT is ignored
    (a shell's background job, which a child inherits and Python keeps)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def first_part_written(out: Path):
    return lambda: any(out.glob("part-*.parquet"))


def kept_count(stderr: str) -> int:
    """The games the stopped command says it kept."""
    found = re.search(r"stopped; the (\d+) games that finished are in", stderr)
    assert found, stderr
    return int(found.group(1))


def played_now(stdout: str) -> int:
    found = re.search(r"\((\d+) played now\)", stdout)
    assert found, stdout
    return int(found.group(1))


def test_sigterm_keeps_every_finished_game_and_the_rerun_plays_only_the_rest(tmp_path):
    out = tmp_path / "run"
    args = ["--agents", "random,random", "--out", str(out), "--quiet", "--seed", "3"]
    proc = subprocess.Popen([*COMMAND, "--games", "100000", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    wait_for(first_part_written(out), proc)  # the first game is written as soon as it finishes
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate()
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr
    kept = kept_count(stderr)
    records = load_results(out).records
    # Played one after another from seed 3: every game that finished is there, none missing before it.
    assert len(records) == kept >= 1
    assert [r.seed for r in records] == list(range(3, 3 + kept))
    # The rerun for three more games plays exactly those three, and the folder is one straight run's.
    rerun = subprocess.run([*COMMAND, "--games", str(kept + 3), *args], capture_output=True, text=True, check=True)
    assert played_now(rerun.stdout) == 3
    straight = selfplay("cosmic", parse_agents("random,random"), games=kept + 3, seed=3, progress=False)
    assert without_time(load_results(out).records) == without_time(straight.records)


def test_sigterm_on_local_worker_processes_keeps_what_finished_and_the_rerun_plays_only_the_rest(tmp_path):
    out = tmp_path / "run"
    args = ["--agents", "random,random", "--out", str(out), "--quiet", "--workers", "2"]
    proc = subprocess.Popen([*COMMAND, "--games", "100000", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    wait_for(first_part_written(out), proc)  # the games played here to size the tasks are written at once
    proc.send_signal(signal.SIGTERM)
    stdout, stderr = proc.communicate()
    assert proc.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr
    kept = kept_count(stderr)
    seeds = {r.seed for r in load_results(out).records}
    assert len(seeds) == kept >= 1
    # The first 40 games again: those not kept (tasks finish in any order) are played, and only those.
    rerun = subprocess.run([*COMMAND, "--games", "40", *args], capture_output=True, text=True, check=True)
    assert played_now(rerun.stdout) == 40 - len([s for s in seeds if s < 40])
    straight = selfplay("cosmic", parse_agents("random,random"), games=40, progress=False)
    assert without_time(load_results(out, seeds=range(40)).records) == without_time(straight.records)


@pytest.fixture
def dask_cluster(tmp_path):
    """A local Dask scheduler and one worker of one thread, in processes of their own; its address."""
    dask = shutil.which("dask", path=os.path.dirname(sys.executable)) or shutil.which("dask")
    if dask is None:
        pytest.skip("no dask command")
    info = tmp_path / "scheduler.json"
    started = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                 "--scheduler-file", str(info)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        wait_for(info.exists, started[0])
        started.append(subprocess.Popen([dask, "worker", "--scheduler-file", str(info), "--nthreads", "1",
                                         "--no-dashboard", "--no-nanny"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        address = ""
        while not address:  # the file is written whole once the scheduler listens
            try:
                address = json.loads(info.read_text())["address"]
            except (ValueError, KeyError):
                assert started[0].poll() is None
                time.sleep(0.02)
        yield address
    finally:
        for proc in reversed(started):
            proc.terminate()
            proc.wait()


def test_ctrl_c_on_a_scheduler_run_stops_at_once_keeps_what_finished_and_the_rerun_plays_only_the_rest(
        tmp_path, dask_cluster):
    out = tmp_path / "run"
    games = 3000
    args = ["--agents", "random,greedy", "--out", str(out), "--scheduler", dask_cluster, "--batch", "1"]
    proc = subprocess.Popen([*COMMAND, "--games", str(games), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=as_from_a_terminal)
    wait_for(first_part_written(out), proc)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "NameError" not in stderr, stderr
    kept = kept_count(stderr)
    seeds = [r.seed for r in load_results(out).records]
    # It stopped instead of waiting for the thousands of games already sent to the worker.
    assert len(seeds) == kept and 1 <= kept < games
    # A rerun for the first games plays only those of them not kept, whatever order the worker played in.
    wanted = max(seeds) + 2
    rerun = subprocess.run([*COMMAND, "--games", str(wanted), *args], capture_output=True, text=True, check=True)
    assert played_now(rerun.stdout) == wanted - kept
    straight = selfplay("cosmic", parse_agents("random,greedy"), games=wanted, progress=False)
    assert without_time(load_results(out, seeds=range(wanted)).records) == without_time(straight.records)




def test_a_result_that_arrives_after_a_stop_cancelled_its_dask_future_prints_nothing():
    """Dask's executor hands a task's result to its concurrent future in a
    callback on the client's loop; a stop that cancels the future between
    the task's end and that callback makes Dask set a result on a cancelled
    future, and tornado logs the error with a traceback.  The run's own stop
    must leave that out, for the command and a notebook's interrupt alike.
    The race is played out with Dask's own callback on a finished task.  A
    spy filter placed ahead of the run's sees the error arrive (the test
    waits for that event); a handler behind it must receive nothing."""
    distributed = pytest.importorskip("distributed")
    import concurrent.futures
    import logging
    import threading

    from distributed.cfexecutor import _cascade_future

    from playbook.analysis.runs.stopping import stop_tasks

    logger = logging.getLogger("tornado.application")
    seen, passed = threading.Event(), []

    class Spy(logging.Filter):
        def filter(self, record):
            if record.exc_info and isinstance(record.exc_info[1], concurrent.futures.InvalidStateError):
                seen.set()
            return True

    class Keep(logging.Handler):
        def emit(self, record):
            passed.append(record)

    saved = logger.filters[:]
    logger.filters[:] = [Spy()]  # the run's filter, if an earlier test installed it, comes after the spy
    handler = Keep()
    logger.addHandler(handler)
    try:
        with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                      dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            task = client.submit(list)
            task.result()  # the task has ended; its result has not yet reached the run's future
            future = concurrent.futures.Future()
            stop_tasks(None, {future: (0, [])}, lambda k, records: None)  # waits for it a while, then cancels it
            assert future.cancelled()
            client.loop.add_callback(_cascade_future, task, future)
            assert seen.wait(60), "Dask never set the late result"
    finally:
        logger.removeHandler(handler)
        logger.filters[:] = saved
    assert passed == []


def test_a_stopped_run_ends_its_local_workers_at_once_instead_of_waiting_for_their_tasks():
    # Shutting a process pool down lets go of its worker processes, so they
    # must be taken first; else each plays its task to the end while the
    # command waits.  Here the task would last an hour.
    from playbook.analysis.runs.pool import LocalPool
    from playbook.command.cli import _close

    pool = LocalPool(1)
    task = pool.submit(time.sleep, 3600)
    while not task.running():
        time.sleep(0.01)
    workers = list(pool._processes.values())
    try:
        _close(pool, None, stopped=True)
        for worker in workers:
            worker.join(120)  # a bound for a broken stop only: ended at once, it returns at once
        assert not any(worker.is_alive() for worker in workers)
    finally:
        for worker in workers:
            worker.kill()
