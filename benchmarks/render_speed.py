"""Boards drawn per second: playbook's renderer beside chess.svg.board, in the same run.

    python benchmarks/render_speed.py [boards]

Target: no slower per board than chess.svg.board (ratio >= 1).
"""

import sys

import chess.svg
from _common import chess_positions, per_second, random_positions

from playbook import available, load


def main(n: int = 300) -> None:
    boards = chess_positions(n)
    theirs = per_second(lambda b: chess.svg.board(b, size=400), boards)
    print(f"boards: {n} positions from random games of each")
    print(f"{'chess.svg.board':28s} {theirs:8.0f} boards/s")
    for key in available():
        game = load(key)
        states = random_positions(game.initial(), n)
        ours = per_second(lambda s: s.svg(), states)
        print(f"{game.title + ' svg()':28s} {ours:8.0f} boards/s   ratio {ours / theirs:.2f}  (target >= 1.00)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
