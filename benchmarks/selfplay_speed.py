"""Self-play throughput serially, on a process pool and on a Dask cluster, and engine search speed.

    python benchmarks/selfplay_speed.py [games]

Plays ``games`` (default 400) random games of Cosmic Chess (with 100 quiet
moves ending a game, as the variant ``quiet_limit=100``) serially, on a
``ProcessPoolExecutor`` of 2 workers and on a Dask ``LocalCluster`` of 2
worker processes (target: each at least 1.6x faster than serially; the
machine needs two idle cores for that, so the load average is printed
beside the figures).  From the measured time of a game, the round trip of
an empty Dask task, the memory of a record and the Parquet bytes of a game
it estimates the wall time, memory and result size of a 1,000,000-game
study on 50 workers.  Then, for every game, the nodes a second of
AlphaBeta and MCTS (iterations) beside python-chess's ``legal_moves``
lists a second in the same run.
"""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, wait
from pathlib import Path

from _common import chess_positions, per_second, random_positions

from playbook import available, load
from playbook.analysis import MCTS, AlphaBeta, RandomAgent, selfplay
from playbook.analysis.runs.games import play_batch
from playbook.analysis.runs.tasks import TASK_SECONDS, task_size

AGENTS = [RandomAgent, RandomAgent]


def timed(game, n: int, **kwargs):
    """The run of ``n`` games and the seconds it took."""
    began = time.perf_counter()
    result = selfplay(game, AGENTS, games=n, progress=False, **kwargs)
    return result, time.perf_counter() - began


def load_text() -> str:
    return "load average {:.1f} {:.1f} {:.1f} on {} cores".format(*os.getloadavg(), os.cpu_count())


def task_round_trip(executor, tasks: int = 200) -> float:
    """Seconds an empty task costs ``executor`` (its round trip, spread over its workers)."""
    began = time.perf_counter()
    wait([executor.submit(play_batch, []) for _ in range(tasks)])
    return (time.perf_counter() - began) / tasks


def record_sizes(records: list) -> tuple[float, float]:
    """Bytes of memory a record takes in Python, and bytes a game takes in Parquet."""
    tracemalloc.start()
    copies = pickle.loads(pickle.dumps(records))
    memory = tracemalloc.get_traced_memory()[0] / len(copies)
    tracemalloc.stop()
    with tempfile.TemporaryDirectory() as folder:
        from playbook.analysis.runs.store import ResultStore

        store = ResultStore(Path(folder), {"game": "cosmic"})
        store.add(records)
        store.flush()
        disk = sum(p.stat().st_size for p in Path(folder).glob("part-*.parquet")) / len(records)
    return memory, disk


def games_per_second(n: int) -> None:
    from distributed import Client, LocalCluster

    # Under the variant that ends a game after 100 moves without a capture, so random games end
    # (by default nothing ends a quiet game but the ply cap).
    game = load("cosmic", quiet_limit=100)
    print(f"Cosmic Chess, {n} random games; {load_text()}")
    timed(game, 4)  # warm up imports and tables
    serial, serial_time = timed(game, n)
    rows = [("serial", serial_time, serial)]
    with ProcessPoolExecutor(2) as pool:
        timed(game, 4, executor=pool, batch=1)  # start the workers
        pool_result, pool_time = timed(game, n, executor=pool)
        rows.append(("process pool, 2 workers", pool_time, pool_result))
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster) as client:
        dask = client.get_executor()
        timed(game, 4, executor=dask, batch=1)  # start the workers
        round_trip = task_round_trip(dask)
        dask_result, dask_time = timed(game, n, executor=dask, seed=n)  # other seeds: no result is reused
        one_a_task, one_time = timed(game, n, executor=dask, seed=2 * n, batch=1)
        rows.append(("Dask LocalCluster, 2 workers", dask_time, dask_result))
        rows.append(("  the same, one game a task", one_time, one_a_task))
    same = [r.actions for r in serial.records] == [r.actions for r in pool_result.records]
    print(f"  median {serial.summary()['median_plies']} plies a game; serial and pool games the same: {same}")
    for label, seconds, _ in rows:
        print(f"  {label:30s} {n / seconds:8.1f} games/s  {serial_time / seconds:5.2f}x")
    print(f"  target: 1.60x or more; {load_text()}")

    per_game = sum(r.seconds for r in serial.records) / n
    memory, disk = record_sizes(serial.records)
    games, workers = 1_000_000, 50
    size = task_size(per_game, games, workers)
    tasks = -(-games // size)
    # Pessimistic: the scheduler handles the tasks' round trips one after another.
    wall = games * per_game / workers + tasks * round_trip
    print(f"\nA 1,000,000-game study of random Cosmic games on {workers} workers, from this run's figures")
    print(f"  ({per_game * 1000:.2f} ms a game, {round_trip * 1000:.2f} ms a Dask task's round trip,"
          f" {memory / 1024:.1f} KiB a record in memory, {disk:.0f} bytes a game in Parquet):")
    print(f"  tasks of {size} games (about {TASK_SECONDS:g} s each): {tasks} tasks")
    print(f"  wall time about {wall / 60:.1f} min (games {games * per_game / workers / 60:.1f} min, "
          f"task round trips at most {tasks * round_trip:.1f} s)")
    print(f"  memory: a task's result about {size * memory / 2**20:.1f} MiB while it is written out; "
          f"all the records read back (load_results) about {games * memory / 2**30:.1f} GiB")
    print(f"  Parquet folder about {games * disk / 2**20:.0f} MiB")


def search_speed(seconds: float = 1.0, positions: int = 3) -> None:
    boards = chess_positions(2000)
    chess_rate = per_second(lambda b: list(b.legal_moves), boards)
    print(f"\nSearch speed, {seconds:.1f} s a search on {positions} positions from random play of each game:")
    print(f"  {'game':11s} {'AlphaBeta nodes/s':>18s} {'depth':>6s} {'MCTS iterations/s':>18s}   python-chess legal_moves/s")
    for name in available():
        game = load(name)
        states = [s for s in random_positions(game.initial(), 40, seed=3)[10::5]
                  if s.outcome is None and not s.chance][:positions]
        nodes = secs = depth = 0
        iterations = mcts_secs = 0.0
        for state in states:
            analysis = AlphaBeta(time_limit=seconds).analyse(state)
            nodes += analysis.nodes
            secs += analysis.seconds
            depth += analysis.depth
            engine = MCTS(time_limit=seconds, seed=1)
            began = time.perf_counter()
            engine.choose(state)
            mcts_secs += time.perf_counter() - began
            iterations += engine.last_iterations
        print(f"  {name:11s} {nodes / secs:18.0f} {depth / len(states):6.1f} {iterations / mcts_secs:18.0f}   {chess_rate:.0f}")


def main(n: int = 400) -> None:
    games_per_second(n)
    search_speed()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
