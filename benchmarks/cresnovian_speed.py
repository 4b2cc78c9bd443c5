"""Cresnovian Chess legal-action lists per second beside python-chess's, in the same run.

    python benchmarks/cresnovian_speed.py [positions] [--profile] [--walk]

Positions come from random self-play (set-up included).  Target: at least as
many positions a second as python-chess (ratio >= 1).  Redefinition,
DOCUMENT, Propaganda, Flock Together (but for one action per choice of the
pieces that flock in) and Tectonic Failure are entered by steps and not
listed (see the package docstring); the rate of the search's
candidates, which add a sample of them, is printed too.  ``--profile`` prints
where the time goes; ``--walk`` also times the reference listing (walking
the step entry, as ``legal_actions`` did before the tables) on a tenth of
the positions.  The engines' nodes per second follow.
"""

import sys
import time

from _common import compare_with_chess, engine_speed, fresh, per_second, profile_listing, random_positions

from playbook import load
from playbook.analysis.engines.search import candidates


def main(n: int = 3000, profile: bool = False, walk: bool = False) -> None:
    game = load("cresnovian")
    states = random_positions(game.initial(), n)
    compare_with_chess("Cresnovian", states, target=1.0)
    if walk:
        sample = [fresh(s) for s in states[:: 10]]
        rate = per_second(lambda s: s.walked_actions(), sample, repeat=1)
        print(f"reference (walking the step entry): {rate:10.0f} positions/s")
    playing = [fresh(s) for s in states if s.phase == "play" and s.outcome is None]
    start = time.perf_counter()
    for s in playing:
        for action in s.legal_actions():
            s.play(action)
    elapsed = time.perf_counter() - start
    moves = sum(len(s.legal_actions()) for s in playing)
    print(f"listed actions played (list, then play each): {moves / elapsed:10.0f} actions/s")
    sample = [fresh(s) for s in playing[:: 5]]
    rate = per_second(lambda s: candidates(fresh(s)), sample, repeat=1)
    size = sum(len(candidates(s)) for s in sample) / len(sample)
    print(f"search candidates (listed + Redefinition of word 1, DOCUMENT, Propaganda): {rate:8.0f} positions/s "
          f"({size:.1f} each; parsing a copy included)")
    engine_speed(states)
    if profile:
        print("\nwhere the time goes (top functions by own time):")
        profile_listing(states)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 3000, profile="--profile" in sys.argv, walk="--walk" in sys.argv)
