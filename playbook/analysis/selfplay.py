"""Self-play: many games between agents, summarised for balance questions.

``selfplay(game, agents, games=200)`` plays the games (optionally on any
:class:`concurrent.futures.Executor`, so a Dask or Ray executor spreads them
over a cluster), shows a progress bar, and returns a :class:`SelfPlay`
whose ``records`` are plain dicts (``pandas.DataFrame(result.records)``
works) and whose ``summary()`` gives win rates, draws, lengths and the
first player's advantage.
"""

from __future__ import annotations

import sys
from collections import Counter
from concurrent.futures import Executor
from dataclasses import dataclass
from statistics import mean
from typing import Callable, Sequence

from ..core import Game

__all__ = ["play_game", "selfplay", "SelfPlay"]


def play_game(game: Game, agents: Sequence, max_plies: int = 500, options: dict | None = None) -> dict:
    """One game; ``agents[k]`` plays ``game.players[k]``.  Returns a record:
    winner (or None), reason, plies, and the actions played."""
    by_player = dict(zip(game.players, agents))
    state = game.initial(**(options or {}))
    first = state.to_move
    actions = []
    while state.outcome is None and len(actions) < max_plies:
        action = by_player[state.to_move].choose(state)
        actions.append(action.text)
        state = state.play(action)
    outcome = state.outcome
    return {
        "game": game.name,
        "first": first,
        "winner": outcome.winner if outcome else None,
        "draw": bool(outcome and outcome.draw),
        "unfinished": outcome is None,
        "reason": outcome.reason if outcome else f"stopped after {max_plies} plies",
        "plies": len(actions),
        "actions": actions,
    }


def _play_one(args) -> dict:
    game, agent_factory, max_plies, seed = args
    return play_game(game, agent_factory(seed), max_plies)


@dataclass
class SelfPlay:
    """The games played and their summary."""

    records: list[dict]

    def summary(self) -> dict:
        n = len(self.records)
        wins = Counter(r["winner"] for r in self.records if r["winner"])
        first_wins = sum(1 for r in self.records if r["winner"] and r["winner"] == r["first"])
        decided = sum(1 for r in self.records if r["winner"])
        return {
            "games": n,
            "wins": dict(wins),
            "draws": sum(r["draw"] for r in self.records),
            "unfinished": sum(r["unfinished"] for r in self.records),
            "mean_plies": mean(r["plies"] for r in self.records) if n else 0.0,
            # Share of decided games won by the side that moved first (0.5 = no advantage).
            "first_player_win_rate": first_wins / decided if decided else None,
        }

    def __repr__(self) -> str:
        s = self.summary()
        return f"SelfPlay({s['games']} games: wins {s['wins']}, {s['draws']} draws, {s['unfinished']} unfinished)"

    def _repr_markdown_(self) -> str:
        s = self.summary()
        rows = [f"| {k} | {v} |" for k, v in s.items()]
        return "| measure | value |\n|---|---|\n" + "\n".join(rows)


def selfplay(
    game: Game,
    agent_factory: Callable[[int], Sequence],
    games: int = 100,
    max_plies: int = 500,
    executor: Executor | None = None,
    progress: bool = True,
) -> SelfPlay:
    """Play ``games`` games.  ``agent_factory(seed)`` returns the agents for
    one game (one per player, in ``game.players`` order); seeds run 0, 1, ...
    so a run can be repeated exactly.  With ``executor`` the games run on it
    (the factory and agents must then be picklable)."""
    jobs = [(game, agent_factory, max_plies, seed) for seed in range(games)]
    bar = _Progress(games, f"{game.title} self-play") if progress else None
    records = []
    if executor is None:
        results = map(_play_one, jobs)
    else:
        results = executor.map(_play_one, jobs)
    for record in results:
        records.append(record)
        if bar:
            bar.update(len(records))
    if bar:
        bar.close()
    return SelfPlay(records)


class _Progress:
    """A progress bar: an ipywidgets bar in a notebook, a text line elsewhere."""

    def __init__(self, total: int, label: str):
        self.total, self.label, self.widget = total, label, None
        if "ipykernel" in sys.modules:
            try:
                import ipywidgets
                from IPython.display import display

                self.widget = ipywidgets.IntProgress(value=0, max=total, description=label[:20])
                display(self.widget)
            except Exception:  # no frontend to show it: fall back to text
                self.widget = None

    def update(self, done: int) -> None:
        if self.widget is not None:
            self.widget.value = done
        else:
            sys.stderr.write(f"\r{self.label}: {done}/{self.total}")

    def close(self) -> None:
        if self.widget is None:
            sys.stderr.write("\n")
