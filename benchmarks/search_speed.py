"""AlphaBeta's nodes a second in every game, and the moves it chooses.

    python benchmarks/search_speed.py [--positions 4] [--depth 2] [--json out.json]

Each game's sample: the start and positions from seeded random games, each
searched once by ``AlphaBeta(depth=...)`` with no clock, so the nodes
counted and the moves chosen are the same on every machine; only the
seconds vary.  Run it on two versions of the code (say, a worktree at an
older commit with ``PYTHONPATH`` set to it) to compare their speed, and
compare the ``--json`` files to check that both chose the same moves.
The searches break ties at random from their seed (0 here), so versions
from before ties were random chose other moves among equal ones, with
other node counts: compare only versions that both break ties this way.
Chess Wheel+ seals each set of orders with a fresh salt, so its sealed
actions are shown by the orders they seal.
"""

from __future__ import annotations

import argparse
import json
import time

from _common import random_positions

from playbook import available, load
from playbook.analysis import AlphaBeta, GreedyAgent


def shown(action) -> str:
    """The action's text, or for a sealed set of orders the orders it seals."""
    data = getattr(action, "data", None)
    if isinstance(data, tuple) and data and data[0] == "commit" and len(data) > 3 and data[3]:
        return "commit " + data[3].split(":", 1)[-1].strip()
    return action.text


def sample(game, count: int) -> list:
    """The start and ``count - 1`` running positions from seeded random
    games, each where a player moves (no engine chooses for the dice)."""
    states = random_positions(game.initial(), 40 * count, seed=2)
    running = [s for s in states[1:] if s.outcome is None and not s.chance]
    first = [] if game.initial().chance else [game.initial()]
    return (first + running[7::max(1, len(running) // count)])[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--depth", type=int, default=None, help="one depth for every game")
    parser.add_argument("--only", default="", help="comma-separated game keys")
    parser.add_argument("--json", default="", help="write the moves chosen and the counts here")
    args = parser.parse_args()
    names = [n for n in available() if not args.only or n in args.only.split(",")]
    report = {}
    for name in names:
        game = load(name)
        depth = args.depth or game.descriptor.bench_depth
        nodes = 0
        cpu = 0.0
        moves = []
        for state in sample(game, args.positions):
            state = game.parse(state.to_text())  # no cached lists: time their making too
            engine = AlphaBeta(depth=depth, time_limit=None, seed=1)
            start = time.process_time()
            analysis = engine.analyse(state)
            cpu += time.process_time() - start
            nodes += analysis.nodes
            greedy = GreedyAgent(seed=1).choose(game.parse(state.to_text()))
            moves.append({"position": state.to_text(), "alphabeta": shown(analysis.action),
                          "score": round(analysis.score, 6), "nodes": analysis.nodes, "greedy": shown(greedy)})
        rate = nodes / cpu
        report[name] = {"depth": depth, "nodes": nodes, "cpu_seconds": round(cpu, 3), "nodes_per_second": round(rate),
                        "moves": moves}
        print(f"{game.title:24s} depth {depth}: {nodes:7d} nodes in {cpu:6.2f} s CPU = {rate:8.0f} nodes/s", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
