"""Cresnovian Chess legal-action lists per second beside python-chess's, in the same run.

    python benchmarks/cresnovian_speed.py [positions] [--profile]

Positions come from random self-play (set-up included).  Target: at least as
many positions a second as python-chess (ratio >= 1).  ``--profile`` also
prints where the time goes.
"""

import cProfile
import pstats
import sys

from _common import compare_with_chess, fresh, random_positions
from playbook import load


def main(n: int = 3000, profile: bool = False) -> None:
    game = load("cresnovian")
    states = random_positions(game.initial(), n)
    compare_with_chess("Cresnovian", states, target=1.0)
    if profile:
        print("\nwhere the time goes (top functions by own time):")
        copies = [fresh(s) for s in states]
        prof = cProfile.Profile()
        prof.enable()
        for s in copies:
            s.legal_actions()
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(8)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 3000, profile="--profile" in sys.argv)
