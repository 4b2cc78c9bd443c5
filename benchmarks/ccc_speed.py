"""CCC legal-action generation and drawing per position, beside python-chess, in the same run.

    python benchmarks/ccc_speed.py [positions]

Targets: legal actions at least 1.2 times as fast per position as
python-chess's ``legal_moves`` (ratio >= 1.2), where every other game is
ahead of it too, and drawing no slower than ``chess.svg.board`` (ratio
>= 1).  The machine may be shared, so the
two are timed in small alternating chunks (ours, then theirs, then ours...):
each chunk pair gives a ratio, and the figure reported is the median of
those ratios, by wall-clock time and by CPU time.  A burst of load from
elsewhere spoils a few chunk pairs, not the median.  The engines' speed on
CCC (a fixed AlphaBeta depth and a fixed number of MCTS iterations) is
printed beside it.
"""

import os
import statistics
import sys
import time

import chess.svg
from _common import chess_positions, engine_speed, fresh, random_positions

from playbook import load


def chunked(ours, theirs, items_ours, items_theirs, chunk=20):
    """Alternating chunks of ``chunk`` items: per pair of chunks, the
    (wall, CPU) seconds per item of each side.  Returns the list of
    ``(ours_wall, theirs_wall, ours_cpu, theirs_cpu)``."""
    pairs = []
    wall, cpu = time.perf_counter, time.process_time
    for k in range(0, min(len(items_ours), len(items_theirs)), chunk):
        a, b = items_ours[k:k + chunk], items_theirs[k:k + chunk]
        w0, c0 = wall(), cpu()
        for item in a:
            ours(item)
        w1, c1 = wall(), cpu()
        for item in b:
            theirs(item)
        w2, c2 = wall(), cpu()
        pairs.append(((w1 - w0) / len(a), (w2 - w1) / len(b), (c1 - c0) / len(a), (c2 - c1) / len(b)))
    return pairs


def report(label_ours, label_theirs, unit, scale, pairs, target=1.0):
    """Print the median times per item and the median of the chunk ratios."""
    ours = statistics.median(p[0] for p in pairs)
    theirs = statistics.median(p[1] for p in pairs)
    wall = statistics.median(p[1] / p[0] for p in pairs if p[0] > 0)
    cpu = statistics.median(p[3] / p[2] for p in pairs if p[2] > 0 and p[3] > 0)
    low, high = (statistics.quantiles([p[1] / p[0] for p in pairs if p[0] > 0], n=4)[i] for i in (0, 2))
    print(f"{label_ours:27s} {ours * scale:8.1f} {unit} (median chunk)")
    print(f"{label_theirs:27s} {theirs * scale:8.1f} {unit}")
    print(f"ratio (python-chess time / ours), median of {len(pairs)} chunk pairs: wall {wall:.2f} "
          f"(quartiles {low:.2f}-{high:.2f}), CPU {cpu:.2f}  (target >= {target:.2f})")
    return wall, cpu


def main(n: int = 2000) -> None:
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    game = load("ccc")
    states = random_positions(game.initial(), n)
    boards = chess_positions(n)
    print(f"positions: {n} from random games of each")
    print(f"actions a position: CCC {sum(len(s.legal_actions()) for s in states) / n:.1f}, "
          f"python-chess {sum(len(list(b.legal_moves)) for b in boards) / n:.1f}")
    # A state caches its list, so each item is a fresh copy made off the clock.
    copies = [fresh(s) for s in states for _ in range(3)]
    pairs = chunked(lambda s: s.legal_actions(), lambda b: list(b.legal_moves), copies,
                    [b for b in boards for _ in range(3)])
    report("CCC legal_actions():", "python-chess legal_moves:", "us a position", 1e6, pairs, target=1.2)
    m = max(60, n // 4)
    pairs = chunked(lambda s: s.svg(), lambda b: chess.svg.board(b, size=400), states[:m], boards[:m], chunk=5)
    report("CCC svg():", "chess.svg.board:", "ms a board", 1e3, pairs)
    engine_speed(states, depth=2, iterations=200)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
