"""Shared pieces of the benchmark scripts: sample positions and a timer."""

from __future__ import annotations

import cProfile
import pstats
import random
import time
from typing import Callable, Sequence


def random_positions(initial, n: int, seed: int = 1, max_plies: int = 200) -> list:
    """``n`` positions from random games of a playbook game (via the step
    API; where the dice move, they are rolled from ``seed``)."""
    from playbook.analysis import RandomAgent
    from playbook.chance import Dice, advance

    agent, dice = RandomAgent(seed=seed), Dice(seed)
    positions = []
    state = initial
    while len(positions) < n:
        if state.outcome is not None or len(positions) % max_plies == max_plies - 1:
            state = initial
        positions.append(state)
        state = advance(state, agent.choose, dice)[1]
    return positions


def chess_positions(n: int, seed: int = 1) -> list:
    """``n`` positions from random games of chess (python-chess)."""
    import chess

    rng = random.Random(seed)
    board = chess.Board()
    positions = []
    while len(positions) < n:
        if board.is_game_over() or board.ply() > 200:
            board = chess.Board()
        positions.append(board.copy(stack=False))
        board.push(rng.choice(list(board.legal_moves)))
    return positions


def per_second(work: Callable[[object], object], items: Sequence, repeat: int = 3) -> float:
    """Best-of-``repeat`` rate at which ``work`` handles ``items``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            work(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def fresh(state):
    """A copy of a playbook state with no cached move list, so timing measures generation."""
    return state.game.parse(state.to_text())


def interleaved(ours: Callable, theirs: Callable, items_ours: Sequence, items_theirs: Sequence,
                slice_: int = 50) -> tuple[float, float]:
    """Seconds per item for each side, timed in alternating slices of the
    same run, so that load from other processes hits both alike."""
    t_ours = t_theirs = 0.0
    for k in range(0, max(len(items_ours), len(items_theirs)), slice_):
        start = time.perf_counter()
        for item in items_ours[k:k + slice_]:
            ours(item)
        t_ours += time.perf_counter() - start
        start = time.perf_counter()
        for item in items_theirs[k:k + slice_]:
            theirs(item)
        t_theirs += time.perf_counter() - start
    return t_ours / len(items_ours), t_theirs / len(items_theirs)


def compare_with_chess(title: str, states: list, target: float, rounds: int = 3) -> float:
    """Print legal-action lists per second over ``states`` beside python-chess's
    ``list(board.legal_moves)`` over as many chess positions, timed in
    alternating slices; the first (cold) round and the best of ``rounds``.
    Returns the best ratio."""
    n = len(states)
    boards = chess_positions(n)
    size_ours = sum(len(s.legal_actions()) for s in states) / n
    size_theirs = sum(len(list(b.legal_moves)) for b in boards) / n
    found = []
    for _ in range(rounds):
        copies = [fresh(s) for s in states]  # a state caches its list: time fresh copies, made off the clock
        found.append(interleaved(lambda s: s.legal_actions(), lambda b: list(b.legal_moves), copies, boards))
    best = max(found, key=lambda t: t[1] / t[0])
    print(f"positions: {n} from random games of each, timed in alternating slices")
    print(f"{title:13s} legal_actions(): {1 / best[0]:10.0f} positions/s  ({size_ours:.1f} actions each)")
    print(f"python-chess  legal_moves:     {1 / best[1]:10.0f} positions/s  ({size_theirs:.1f} moves each)")
    print(f"ratio (ours / python-chess): {best[1] / best[0]:.2f}  (target >= {target:.2f}; "
          f"first round {found[0][1] / found[0][0]:.2f})")
    return best[1] / best[0]


def engine_speed(states: list, seconds: float = 0.5, count: int = 4, depth: int | None = None,
                 iterations: int | None = None) -> None:
    """Print AlphaBeta's nodes and MCTS's iterations (tree nodes added) per
    CPU second on ``count`` running positions spread over ``states``: searches
    of ``seconds`` each, or fixed ones of ``depth`` plies and ``iterations``."""
    from playbook.analysis import MCTS, AlphaBeta

    running = [s for s in states if s.outcome is None]
    sample = running[len(running) // (2 * count)::max(1, len(running) // count)][:count]
    nodes = ab_cpu = done = mcts_cpu = 0.0
    for state in sample:
        start = time.process_time()
        nodes += AlphaBeta(depth=depth, time_limit=None if depth else seconds).analyse(fresh(state)).nodes
        ab_cpu += time.process_time() - start
        engine = MCTS(iterations=iterations, time_limit=None if iterations else seconds, seed=1)
        start = time.process_time()
        engine.choose(fresh(state))
        mcts_cpu += time.process_time() - start
        done += engine.last_iterations
    ab = f"AlphaBeta depth {depth}" if depth else "AlphaBeta"
    mcts = f"MCTS {iterations} iterations" if iterations else "MCTS"
    each = "a fixed search" if depth or iterations else f"{seconds} s"
    print(f"engines ({each} on each of {len(sample)} positions, CPU time): {ab} {nodes / ab_cpu:8.0f} nodes/s, "
          f"{mcts} {done / mcts_cpu:8.0f} iterations/s")


def profile_listing(states: list, top: int = 8, before: Callable[[], object] | None = None) -> None:
    """Print the ``top`` functions by own time while fresh copies of ``states``
    list their actions (``before`` runs first, e.g. to empty a cache)."""
    copies = [fresh(s) for s in states]
    if before is not None:
        before()
    prof = cProfile.Profile()
    prof.enable()
    for s in copies:
        s.legal_actions()
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)
