"""Shared pieces of the benchmark scripts: sample positions and a timer."""

from __future__ import annotations

import random
import time
from typing import Callable, Sequence


def random_positions(initial, n: int, seed: int = 1, max_plies: int = 200) -> list:
    """``n`` positions from random games of a playbook game (via the step API)."""
    from playbook.analysis import RandomAgent

    agent = RandomAgent(seed=seed)
    positions = []
    state = initial
    while len(positions) < n:
        if state.outcome is not None or len(positions) % max_plies == max_plies - 1:
            state = initial
        positions.append(state)
        state = state.play(agent.choose(state))
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


def compare_with_chess(title: str, states: list, target: float) -> None:
    """Print legal-action lists per second over ``states`` beside python-chess's
    ``list(board.legal_moves)`` over as many chess positions, and the ratio."""
    n = len(states)
    boards = chess_positions(n)
    # A state caches its list, so each timed round gets fresh copies made off the clock.
    rounds = [[fresh(s) for s in states] for _ in range(3)]
    ours = max(per_second(lambda s: s.legal_actions(), copies, repeat=1) for copies in rounds)
    theirs = per_second(lambda b: list(b.legal_moves), boards)
    size_ours = sum(len(s.legal_actions()) for s in states) / n
    size_theirs = sum(len(list(b.legal_moves)) for b in boards) / n
    print(f"positions: {n} from random games of each")
    print(f"{title:13s} legal_actions(): {ours:10.0f} positions/s  ({size_ours:.1f} actions each)")
    print(f"python-chess  legal_moves:     {theirs:10.0f} positions/s  ({size_theirs:.1f} moves each)")
    print(f"ratio (ours / python-chess): {ours / theirs:.2f}  (target >= {target:.2f})")
