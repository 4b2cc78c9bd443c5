"""CCC legal-action generation and drawing per position, beside python-chess, in the same run.

    python benchmarks/ccc_speed.py [positions]

Targets: no slower per position than python-chess's ``legal_moves`` and
``chess.svg.board`` (both ratios >= 1).  The two are timed in alternating
slices of the same run, so a busy machine slows both alike.
"""

import sys
import time

import chess.svg

from _common import chess_positions, fresh, random_positions
from playbook import load


def interleaved(ours, theirs, items_ours, items_theirs, slice_=50, rounds=3):
    """Best-of-``rounds`` seconds per item for each side, timed in alternating slices."""
    best_ours = best_theirs = float("inf")
    for _ in range(rounds):
        t_ours = t_theirs = 0.0
        for k in range(0, len(items_ours), slice_):
            start = time.perf_counter()
            for item in items_ours[k:k + slice_]:
                ours(item)
            t_ours += time.perf_counter() - start
            start = time.perf_counter()
            for item in items_theirs[k:k + slice_]:
                theirs(item)
            t_theirs += time.perf_counter() - start
        best_ours = min(best_ours, t_ours / len(items_ours))
        best_theirs = min(best_theirs, t_theirs / len(items_theirs))
    return best_ours, best_theirs


def main(n: int = 2000) -> None:
    game = load("ccc")
    states = random_positions(game.initial(), n)
    boards = chess_positions(n)
    print(f"positions: {n} from random games of each")
    size_ours = sum(len(s.legal_actions()) for s in states) / n
    size_theirs = sum(len(list(b.legal_moves)) for b in boards) / n
    # A state caches its list, so each item is a fresh copy made off the clock.
    copies = [fresh(s) for s in states for _ in range(3)]
    ours, theirs = interleaved(lambda s: s.legal_actions(), lambda b: list(b.legal_moves), copies,
                               [b for b in boards for _ in range(3)], rounds=1)
    print(f"CCC legal_actions():        {ours * 1e6:8.0f} us a position  ({size_ours:.1f} actions each)")
    print(f"python-chess legal_moves:   {theirs * 1e6:8.0f} us a position  ({size_theirs:.1f} moves each)")
    print(f"ratio (python-chess time / ours): {theirs / ours:.2f}  (target >= 1.00)")
    m = max(50, n // 4)
    ours, theirs = interleaved(lambda s: s.svg(), lambda b: chess.svg.board(b, size=400), states[:m], boards[:m])
    print(f"CCC svg():                  {ours * 1e3:8.2f} ms a board")
    print(f"chess.svg.board:            {theirs * 1e3:8.2f} ms a board")
    print(f"ratio (python-chess time / ours): {theirs / ours:.2f}  (target >= 1.00)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
