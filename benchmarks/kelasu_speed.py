"""Kelasu legal-action lists per second beside python-chess's, in the same run.

    python benchmarks/kelasu_speed.py [positions]

Target: a ratio of at least 0.5 (list(board.legal_moves) on chess positions
is the yardstick).  Also prints where the time goes.
"""

import cProfile
import pstats
import sys

from _common import compare_with_chess, fresh
from playbook import load
from playbook.analysis import RandomAgent


def kelasu_positions(n: int, seed: int = 1) -> list:
    game = load("kelasu")
    agent = RandomAgent(seed=seed, avoid=("resign", "offer-draw", "accept-draw"))
    positions, state = [], game.initial()
    while len(positions) < n:
        if state.outcome is not None:
            state = game.initial()
        positions.append(state)
        state = state.play(agent.choose(state))
    return positions


def main(n: int = 3000) -> None:
    kelasu = kelasu_positions(n)
    compare_with_chess("Kelasu", kelasu, target=0.5)
    print("\nwhere the time goes (top functions by own time):")
    states = [fresh(s) for s in kelasu]
    profile = cProfile.Profile()
    profile.enable()
    for s in states:
        s.legal_actions()
    profile.disable()
    pstats.Stats(profile).sort_stats("tottime").print_stats(6)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
