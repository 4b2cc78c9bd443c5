"""Cosmic Chess legal-action generation beside python-chess's, in the same run.

    python benchmarks/cosmic_speed.py [positions]

Target: at least as many positions a second as python-chess (ratio >= 1).
"""

import sys

import chess

from _common import chess_positions, fresh, per_second, random_positions
from playbook import load


def main(n: int = 3000) -> None:
    game = load("cosmic")
    cosmic = [fresh(s) for s in random_positions(game.initial(), n)]
    boards = chess_positions(n)
    # A state caches its list, so each timed round gets fresh copies made off the clock.
    rounds = [[fresh(s) for s in cosmic] for _ in range(3)]
    ours = max(per_second(lambda s: s.legal_actions(), states, repeat=1) for states in rounds)
    theirs = per_second(lambda b: list(b.legal_moves), boards)
    moves_ours = sum(len(s.legal_actions()) for s in cosmic) / n
    moves_theirs = sum(len(list(b.legal_moves)) for b in boards) / n
    print(f"positions: {n} from random games of each")
    print(f"Cosmic Chess  legal_actions(): {ours:10.0f} positions/s  ({moves_ours:.1f} actions each)")
    print(f"python-chess  legal_moves:     {theirs:10.0f} positions/s  ({moves_theirs:.1f} moves each)")
    print(f"ratio (ours / python-chess): {ours / theirs:.2f}  (target >= 1.00)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
