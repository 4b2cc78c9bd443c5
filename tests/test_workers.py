"""`playbook selfplay --workers` in a careless or hostile hand: it never starts more worker processes than
a run has games, refuses absurd counts, makes a billion games' tasks as they are needed, and a stop keeps
every game its workers finished.

Each command runs in a session of its own, watched: the test counts the session's processes and their
memory as it runs and ends the whole session if either passes a small bound, so a run that misbehaves
fails the test without taking the machine down.  Every wait is for an event (a file, CPU time spent, an
exit), never for a fixed time.
"""

from __future__ import annotations

import os
import re
import resource
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

COMMAND = [sys.executable, "-m", "playbook.command.cli", "selfplay", "cosmic", "--agents", "random,random", "--quiet"]
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def session_processes(session: int) -> dict[int, tuple[int, int]]:
    """The processes of ``session``: pid -> (CPU ticks used, resident bytes)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after the command's name, which may hold spaces
        if int(fields[3]) == session:  # the session id, the stat file's sixth field
            found[int(entry)] = (int(fields[11]) + int(fields[12]), int(fields[21]) * PAGE)
    return found


def process_state(pid: int) -> str:
    """The state letter of process ``pid`` ("R" running, "S" sleeping, "T" stopped, ...)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat[stat.rindex(")") + 2]


class Watched:
    """A command started in a session of its own and watched: ``peak`` processes and ``peak_memory``
    (resident bytes, summed over them) seen so far.  The whole session is killed, and the test failed,
    when it passes ``most`` processes or ``most_memory`` bytes; it is never left running."""

    def __init__(self, args: list[str], most: int, most_memory: int = 2 * 2 ** 30):
        self.most, self.most_memory = most, most_memory
        self.peak = self.peak_memory = 0
        # An address-space bound too, below the machine's memory: a run building a billion tasks at once
        # fails its allocations instead of using all the memory.
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     start_new_session=True, preexec_fn=limit_memory)

    def look(self) -> dict[int, tuple[int, int]]:
        found = session_processes(self.proc.pid)
        self.peak = max(self.peak, len(found))
        self.peak_memory = max(self.peak_memory, sum(m for _, m in found.values()))
        if len(found) > self.most or self.peak_memory > self.most_memory:
            self.kill()
            pytest.fail(f"the run passed its bound: {len(found)} processes, {self.peak_memory:,} bytes")
        return found

    def wait_for(self, condition) -> None:
        """Watch until ``condition()`` holds; the command must not end first."""
        while not condition():
            self.look()
            assert self.proc.poll() is None, self.proc.communicate()
            time.sleep(0.005)

    def finish(self) -> tuple[int, str, str]:
        """Watch until the command ends; its status, stdout and stderr."""
        try:
            while self.proc.poll() is None:
                self.look()
                time.sleep(0.005)
            out, err = self.proc.communicate()
            return self.proc.returncode, out, err
        finally:
            self.kill()

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # whatever is left of the session
        except ProcessLookupError:
            pass
        self.proc.communicate()


def limit_memory() -> None:
    """Run in the child before the command starts: its address space bounded, and Ctrl-C reaching it as
    from a terminal even when this test runs where SIGINT is ignored (a shell's background job)."""
    bound = 6 * 2 ** 30
    resource.setrlimit(resource.RLIMIT_AS, (bound, bound))
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def kept_count(stderr: str) -> int:
    found = re.search(r"stopped; the (\d+) games that finished are in", stderr)
    assert found, stderr
    return int(found.group(1))


# ---------------------------------------------------------------- how many workers


def test_an_absurd_number_of_workers_is_refused_before_any_process_starts(tmp_path):
    # Started, that many would use all the memory and hold SIGTERM back for minutes.
    run = Watched([*COMMAND, "--games", "2", "--workers", "100000", "--out", str(tmp_path / "out")], most=8)
    status, out, err = run.finish()
    assert status == 2 and out == "" and "Traceback" not in err
    assert "--workers: 100,000 processes on a machine with" in err and "give at most" in err
    assert run.peak == 1  # the command alone
    assert not (tmp_path / "out").exists()


def test_no_more_workers_start_than_the_run_has_games_and_more_than_the_cpus_warns(tmp_path):
    from playbook.analysis.runs.tasks import cpu_count
    from playbook.command.cli import MOST_WORKERS_PER_CPU

    workers = MOST_WORKERS_PER_CPU * cpu_count()  # the most allowed: more than the CPUs
    run = Watched([*COMMAND, "--games", "2", "--workers", str(workers), "--out", str(tmp_path / "out")], most=8)
    status, out, err = run.finish()
    assert status == 0, err
    assert f"warning: --workers {workers} on" in err
    # The command, the two workers its two games need, and the server that starts them (with its
    # resource tracker): five at the very most, whatever --workers says.
    assert run.peak <= 5
    assert [r.seed for r in load_results(tmp_path / "out").records] == [0, 1]


def test_a_stop_takes_effect_while_the_workers_start(tmp_path):
    # The workers start one at a time as tasks go out; a stop arriving among them takes effect after the
    # one being started, instead of being held until every worker is up.
    from playbook.analysis.runs.tasks import cpu_count
    from playbook.command.cli import MOST_WORKERS_PER_CPU

    workers = MOST_WORKERS_PER_CPU * cpu_count()
    run = Watched([*COMMAND, "--games", "100000", "--workers", str(workers), "--batch", "1",
                   "--out", str(tmp_path / "out")], most=workers + 4)
    run.wait_for(lambda: len(run.look()) >= 4)  # the command, the starting server and its tracker, a worker
    # Held still while its processes are counted: a count taken while it starts more (a loaded machine
    # reads /proc slowly) would be short of the number the stop meets.
    run.proc.send_signal(signal.SIGSTOP)
    run.wait_for(lambda: process_state(run.proc.pid) == "T")
    at_stop = len(run.look())
    run.proc.send_signal(signal.SIGTERM)
    run.proc.send_signal(signal.SIGCONT)
    status, _, err = run.finish()
    assert status == 128 + signal.SIGTERM and "Traceback" not in err, err
    # The worker the command was starting (its request may reach the server after the count) and one
    # asked for before the stop was noted, and none after them.
    assert run.peak <= at_stop + 2 < workers + 1


# ---------------------------------------------------------------- a billion games


def test_a_billion_games_start_in_the_memory_of_a_few_tasks_and_stop_keeping_what_finished(tmp_path):
    out = tmp_path / "out"
    run = Watched([*COMMAND, "--games", "1000000000", "--workers", "2", "--out", str(out)], most=8,
                  most_memory=1536 * 2 ** 20)
    run.wait_for(lambda: any(out.glob("part-*.parquet")))
    run.proc.send_signal(signal.SIGTERM)
    status, _, err = run.finish()
    assert status == 128 + signal.SIGTERM and "Traceback" not in err and "MemoryError" not in err
    kept = kept_count(err)
    assert len(load_results(out).records) == kept >= 1


# ---------------------------------------------------------------- what a stop keeps


def worker_ticks(run: Watched) -> int:
    """CPU ticks used by the session's processes other than the command itself."""
    return sum(ticks for pid, (ticks, _) in run.look().items() if pid != run.proc.pid)


def test_a_stop_keeps_the_games_finished_inside_tasks_that_had_not_come_back(tmp_path):
    # Two tasks of 100,000 games each, so no task comes back on its own before the stop: the games the
    # workers finished can only reach the folder handed back at the stop.
    out = tmp_path / "out"
    args = ["--workers", "2", "--batch", "100000", "--out", str(out)]
    run = Watched([*COMMAND, "--games", "200000", *args], most=8)
    # Three seconds of the session's CPU, of which starting its processes (the pool's server, each
    # worker's imports) takes about three quarters of one, measured: two seconds of play at least,
    # dozens of random games (one second left a quarter of a second of play, less on a loaded machine).
    run.wait_for(lambda: worker_ticks(run) >= 3 * TICKS)
    run.proc.send_signal(signal.SIGTERM)
    status, _, err = run.finish()
    assert status == 128 + signal.SIGTERM and "Traceback" not in err, err
    kept = kept_count(err)
    seeds = sorted(r.seed for r in load_results(out).records)
    assert len(seeds) == kept >= 2
    # Each task plays its games in order and hands back all it finished: from the start of its range
    # on, with no gap (tasks that ran out of time went on as tasks of their own, from where they stopped).
    first, second = [s for s in seeds if s < 100_000], [s - 100_000 for s in seeds if s >= 100_000]
    assert first == list(range(len(first))) and second == list(range(len(second)))
    # The same command for the first games plays exactly those missing, and they are the games of a
    # straight run.
    wanted = max(first, default=0) + 3
    rerun = subprocess.run([*COMMAND, "--games", str(wanted), "--workers", "2", "--out", str(out)],
                           capture_output=True, text=True, check=True)
    assert f"({wanted - len(first)} played now)" in rerun.stdout
    straight = selfplay("cosmic", parse_agents("random,random"), games=wanted, progress=False)
    assert [replace(r, seconds=0.0) for r in load_results(out, seeds=range(wanted)).records] == \
        [replace(r, seconds=0.0) for r in straight.records]


MARKED = '''
import os, sys, time
from playbook.analysis import RandomAgent, selfplay
from playbook.analysis.runs.pool import LocalPool

MARKS = sys.argv[1]

class Marked:
    """A random player that leaves a mark as each game starts: the worker's pid, the time, the game's seed
    (the first seat's agent is made from the seed 2 * seed)."""

    def __init__(self, seed):
        open(os.path.join(MARKS, f"{os.getpid()}-{time.monotonic_ns()}-{seed // 2}"), "w").close()
        self.agent = RandomAgent(seed=seed)

    def choose(self, state):
        return self.agent.choose(state)

if __name__ == "__main__":  # workers start by reading this file again
    pool = LocalPool(2)
    try:
        selfplay("cosmic", [Marked, RandomAgent], games=100000, batch=50000, executor=pool, progress=False,
                 out=sys.argv[2])
    except KeyboardInterrupt:
        print("stopped")
    finally:
        pool.end()
'''


def test_a_stop_keeps_every_game_a_worker_finished_and_only_those(tmp_path):
    # Each game leaves a mark as it starts; a worker's games run one after another, so every game it
    # started but the last had finished when the stop came, and must be in the folder.
    marks, out = tmp_path / "marks", tmp_path / "out"
    marks.mkdir()
    script = tmp_path / "marked.py"
    script.write_text(MARKED)
    run = Watched([sys.executable, str(script), str(marks), str(out)], most=8)

    def games_marked() -> list[str]:
        # The run makes each player once itself before handing games out, and plays none: its mark is no game.
        return [name for name in os.listdir(marks) if not name.startswith(f"{run.proc.pid}-")]

    run.wait_for(lambda: len(games_marked()) >= 20)
    os.kill(run.proc.pid, signal.SIGINT)  # Ctrl-C, to the run alone
    status, stdout, err = run.finish()
    assert status == 0 and stdout.strip() == "stopped" and "Traceback" not in err, err
    started: dict[int, list[tuple[int, int]]] = {}
    for name in games_marked():
        pid, when, seed = map(int, name.split("-"))
        started.setdefault(pid, []).append((when, seed))
    finished = {seed for games in started.values() for _, seed in sorted(games)[:-1]}
    playing = {sorted(games)[-1][1] for games in started.values()}
    kept = {r.seed for r in load_results(out).records}
    assert finished <= kept <= finished | playing
    assert len(finished) >= 18
