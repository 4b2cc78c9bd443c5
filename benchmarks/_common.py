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
