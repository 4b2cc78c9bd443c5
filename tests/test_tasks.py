"""Tasks sent to an executor hold many quick games, sized by the time a game takes."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from playbook import load
from playbook.analysis import RandomAgent, selfplay
from playbook.analysis.runs.tasks import TASKS_PER_WORKER, probe, task_size, workers_of


class Counting(ThreadPoolExecutor):
    """A pool of 2 that remembers the games of every task it was given."""

    def __init__(self):
        super().__init__(2)
        self.tasks = []

    def submit(self, fn, jobs, *args, **kwargs):
        self.tasks.append(len(jobs))
        return super().submit(fn, jobs, *args, **kwargs)


def test_quick_games_go_in_a_few_tasks_of_many_and_the_games_are_those_of_a_serial_run():
    game = load("cosmic")
    with Counting() as pool:
        result = selfplay(game, [RandomAgent, RandomAgent], games=100, executor=pool, progress=False)
    # Random Cosmic games take milliseconds: far less than a task's time, so each worker gets
    # TASKS_PER_WORKER tasks (one more at most, for a remainder) of many games each.
    assert TASKS_PER_WORKER * 2 <= len(pool.tasks) <= TASKS_PER_WORKER * 2 + 1
    assert min(pool.tasks) >= 1 and max(pool.tasks) > 1
    probed = 100 - sum(pool.tasks)
    assert 1 <= probed <= 8  # the games timed here are kept, not played again
    serial = selfplay(game, [RandomAgent, RandomAgent], games=100, progress=False)
    assert [r.seed for r in result.records] == list(range(100))
    assert [r.actions for r in result.records] == [r.actions for r in serial.records]


def test_a_task_holds_about_two_seconds_of_play_within_an_even_share():
    assert task_size(0.01, 100_000, 10) == 200          # 2 s of 10 ms games
    assert task_size(0.01, 400, 2) == 50                # but 4 tasks a worker: 400 / 8
    assert task_size(5.0, 1000, 10) == 1                # a game longer than a task: one a task
    assert task_size(0.0, 64, 4) == 4                   # no time measured: the even share


def test_a_run_too_small_to_share_plays_nothing_here_and_sends_one_game_a_task():
    played = []
    jobs = iter(range(8))
    records, size = probe(jobs, 8, lambda task: played.extend(task) or [{}], workers=2)
    assert (records, size, played) == ([], 1, []) and next(jobs) == 0  # nothing taken
    jobs = iter(range(9))
    records, size = probe(jobs, 9, lambda task: played.extend(task) or [{"seed": task[0]}], workers=2)
    assert played[0] == 0 and records[0] == {"seed": 0} and size >= 1
    assert next(jobs) == len(records)  # the rest of the run goes on from the first game not played here


def test_workers_are_read_from_the_executor():
    with ThreadPoolExecutor(3) as pool:
        assert workers_of(pool) == 3
