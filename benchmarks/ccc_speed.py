"""CCC legal-action generation and drawing per position, beside python-chess, in the same run.

    python benchmarks/ccc_speed.py [positions]

Targets: no slower per position than python-chess's ``legal_moves`` and
``chess.svg.board`` (both ratios >= 1).
"""

import sys

import chess.svg

from _common import chess_positions, compare_with_chess, per_second, random_positions
from playbook import load


def main(n: int = 2000) -> None:
    game = load("ccc")
    states = random_positions(game.initial(), n)
    compare_with_chess("CCC", states, target=1.0)
    boards = chess_positions(n // 4)
    drawn = states[: n // 4]
    theirs = per_second(lambda b: chess.svg.board(b, size=400), boards)
    ours = per_second(lambda s: s.svg(), drawn)
    print(f"{'chess.svg.board':13s} drawing:        {theirs:10.0f} boards/s")
    print(f"{'CCC svg()':13s} drawing:        {ours:10.0f} boards/s")
    print(f"ratio (ours / python-chess): {ours / theirs:.2f}  (target >= 1.00)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
