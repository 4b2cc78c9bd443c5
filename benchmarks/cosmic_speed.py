"""Cosmic Chess legal-action generation beside python-chess's, in the same run.

    python benchmarks/cosmic_speed.py [positions]

Target: at least as many positions a second as python-chess (ratio >= 1).
The engines' nodes a second follow.
"""

import sys

from _common import compare_with_chess, engine_speed, random_positions

from playbook import load


def main(n: int = 3000) -> None:
    game = load("cosmic")
    states = random_positions(game.initial(), n)
    compare_with_chess("Cosmic Chess", states, target=1.0)
    engine_speed(states)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
