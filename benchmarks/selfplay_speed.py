"""Self-play throughput serial and on two worker processes, and engine search speed.

    python benchmarks/selfplay_speed.py [games]

Prints random self-play games a second in Cosmic Chess (with 100 quiet
moves ending a game), serially and on a
``ProcessPoolExecutor`` of 2 workers (target: at least 1.6x faster on 200
games; the machine needs two idle cores for that), then, for every game,
the nodes a second of AlphaBeta and MCTS (iterations) beside python-chess's
``legal_moves`` lists a second in the same run.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor

from _common import chess_positions, per_second, random_positions
from playbook import available, load
from playbook.analysis import MCTS, AlphaBeta, RandomAgent, selfplay


def games_per_second(n: int) -> None:
    # Under the variant that ends a game after 100 moves without a capture, so random games end
    # as they did when the target was set (by default nothing ends a quiet game but the ply cap).
    game = load("cosmic", quiet_limit=100)
    agents = [RandomAgent, RandomAgent]
    selfplay(game, agents, games=4, progress=False)  # warm up imports and tables
    began = time.perf_counter()
    serial = selfplay(game, agents, games=n, progress=False)
    serial_rate = n / (time.perf_counter() - began)
    with ProcessPoolExecutor(2) as pool:
        selfplay(game, agents, games=4, executor=pool, progress=False, batch=1)  # start the workers
        began = time.perf_counter()
        parallel = selfplay(game, agents, games=n, executor=pool, progress=False)
        parallel_rate = n / (time.perf_counter() - began)
    same = [r["actions"] for r in serial.records] == [r["actions"] for r in parallel.records]
    print(f"Cosmic Chess, {n} random games (mean {serial.summary()['mean_plies']:.0f} plies):")
    print(f"  serial:      {serial_rate:8.1f} games/s")
    print(f"  2 workers:   {parallel_rate:8.1f} games/s")
    print(f"  speed-up:    {parallel_rate / serial_rate:8.2f}x  (target >= 1.60; same games: {same})")


def search_speed(seconds: float = 1.0, positions: int = 3) -> None:
    boards = chess_positions(2000)
    chess_rate = per_second(lambda b: list(b.legal_moves), boards)
    print(f"\nSearch speed, {seconds:.1f} s a search on {positions} positions from random play of each game:")
    print(f"  {'game':11s} {'AlphaBeta nodes/s':>18s} {'depth':>6s} {'MCTS iterations/s':>18s}   python-chess legal_moves/s")
    for name in available():
        game = load(name)
        states = [s for s in random_positions(game.initial(), 40, seed=3)[10::10] if s.outcome is None][:positions]
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


def main(n: int = 200) -> None:
    games_per_second(n)
    search_speed()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
