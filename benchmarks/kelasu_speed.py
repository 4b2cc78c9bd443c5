"""Kelasu legal-action lists per second beside python-chess's, in the same run.

    python benchmarks/kelasu_speed.py [positions]

Two figures for ordinary positions (from random games): "cold", with the
merge lists of groups of blanks forgotten before each round, and "warm",
as a search meets them (groups of blanks persist from position to
position).  Target: at least python-chess's ``list(board.legal_moves)``
(ratio >= 1).  Then fields of 20 and 25 connected blanks, whose merges run
to hundreds of thousands, listed whole and lazily (``iter_actions``), with
actions per second beside python-chess's moves per second; and where the
time goes.
"""

import itertools
import sys
import time

from _common import chess_positions, engine_speed, fresh, interleaved, per_second, profile_listing

from playbook import load
from playbook.analysis import RandomAgent
from playbook.games.kelasu import merges

GAME = load("kelasu")


def kelasu_positions(n: int, seed: int = 1) -> list:
    agent = RandomAgent(seed=seed, avoid=("resign", "offer-draw", "accept-draw"))
    positions, state = [], GAME.initial()
    while len(positions) < n:
        if state.outcome is not None:
            state = GAME.initial()
        positions.append(state)
        state = state.play(agent.choose(state))
    return positions


def blank_field(rows: str, files: int):
    """Red to move with a block of red blanks on ``rows`` x ``files`` (top left)."""
    cells = {"H9": "S", "G9": "B", "J9": "s"}
    cells.update({f"{r}{f}": "b" for r in rows for f in range(files)})
    return GAME.setup(cells, "red")


def ratio(states: list, boards: list, cold: bool) -> tuple[float, float]:
    """Best of three (Kelasu positions/s, ratio to python-chess), the two timed in alternating slices."""
    best = (0.0, 0.0)
    for _ in range(3):
        copies = [fresh(s) for s in states]  # a state keeps its list: time fresh copies
        if cold:
            merges._PART_MERGES.clear()
        ours, theirs = interleaved(lambda s: s.legal_actions(), lambda b: list(b.legal_moves), copies, boards)
        best = max(best, (1 / ours, theirs / ours), key=lambda t: t[1])
    return best


def main(n: int = 3000) -> None:
    states = kelasu_positions(n)
    boards = chess_positions(n)
    chess_rate = per_second(lambda b: list(b.legal_moves), boards)
    cold, cold_ratio = ratio(states, boards, cold=True)
    warm, warm_ratio = ratio(states, boards, cold=False)
    size = sum(len(s.legal_actions()) for s in states) / n
    chess_size = sum(len(list(b.legal_moves)) for b in boards) / n
    print(f"positions: {n} from random games of each; ratios timed in alternating slices")
    print(f"python-chess  legal_moves:           {chess_rate:9.0f} positions/s  ({chess_size:.1f} moves each)")
    print(f"Kelasu        legal_actions(), cold: {cold:9.0f} positions/s  ({size:.1f} actions each)"
          f"  ratio {cold_ratio:.2f}")
    print(f"Kelasu        legal_actions(), warm: {warm:9.0f} positions/s  ratio {warm_ratio:.2f}  (target >= 1.00)")
    engine_speed(states)

    chess_moves = chess_rate * chess_size
    print(f"\nbig blank fields (python-chess lists {chess_moves:,.0f} moves/s):")
    for rows, files in (("ABCD", 5), ("ABCDE", 5)):
        state = blank_field(rows, files)
        merges._PART_MERGES.clear()
        start = time.perf_counter()
        first = list(itertools.islice(state.iter_actions(), 100))
        lazy = time.perf_counter() - start
        start = time.perf_counter()
        count = len(state.legal_actions())
        whole = time.perf_counter() - start
        print(f"  {len(rows) * files} blanks: {count:,} actions in {whole:.2f} s ({count / whole:,.0f} actions/s, "
              f"{count / whole / chess_moves:.2f}x python-chess's moves/s); first {len(first)} by iter_actions() "
              f"in {lazy * 1000:.1f} ms")

    print("\nwhere the time goes, cold (top functions by own time):")
    profile_listing(states, 6, before=merges._PART_MERGES.clear)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
