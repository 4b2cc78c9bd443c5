"""Kelasu legal-action lists per second beside python-chess's, in the same run.

    python benchmarks/kelasu_speed.py [positions]

Target: a ratio of at least 0.5 (list(board.legal_moves) on chess positions
is the yardstick).  Also prints where the time goes.
"""

import cProfile
import pstats
import sys

from _common import chess_positions, fresh, per_second
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
    boards = chess_positions(n)
    # A state caches its list, so each timed round gets fresh copies made off the clock.
    rounds = [[fresh(s) for s in kelasu] for _ in range(3)]
    ours = max(per_second(lambda s: s.legal_actions(), states, repeat=1) for states in rounds)
    theirs = per_second(lambda b: list(b.legal_moves), boards)
    size_ours = sum(len(s.legal_actions()) for s in kelasu) / n
    size_theirs = sum(len(list(b.legal_moves)) for b in boards) / n
    print(f"positions: {n} from random games of each")
    print(f"Kelasu        legal_actions(): {ours:10.0f} positions/s  ({size_ours:.1f} actions each)")
    print(f"python-chess  legal_moves:     {theirs:10.0f} positions/s  ({size_theirs:.1f} moves each)")
    print(f"ratio (ours / python-chess): {ours / theirs:.2f}  (target >= 0.50)")
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
