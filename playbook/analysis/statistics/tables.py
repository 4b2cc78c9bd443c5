"""Tables of self-play games for pandas: openings by position, and one row a move.

:func:`by_position` is an opening explorer, as Lichess's: the games
grouped by the position they reached after a number of actions (by
default where the agents took over from the random ``book``), so two
move orders that reach one position count together, with the results
from the side to move's view and the moves played next.
:func:`move_rows` is the tidy table of moves: one row an action, with
who played it and what the engine said about it (``notes``), ready for
``pandas.DataFrame`` and its ``groupby``.  Both replay the games, so
they take a moment on large runs.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from ...core import Game
from ...games import load
from ...records import Record
from .stats import trinomial

__all__ = ["by_position", "move_rows", "MOVE_COLUMNS"]

#: The columns of :func:`move_rows`: the game's ``seed``, the action's
#: ``ply`` (1 for the first), the ``mover`` (player) and the ``agent``
#: playing it, the ``action``'s text, whether it was a ``book`` (random
#: opening) or a ``setup`` action, and the engine's ``score``, ``depth``,
#: ``nodes``, ``value``, ``visits`` and ``seconds`` where it reported them.
MOVE_COLUMNS = ("seed", "ply", "mover", "agent", "action", "book", "setup", "score", "depth", "nodes", "value",
                "visits", "seconds")


class _Games:
    """The rules each record was played under, loaded once each."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def start(self, record: Record):
        key = repr((record.game, sorted(record.options.items())))
        if key not in self._games:
            self._games[key] = load(record.game, **record.options)
        return self._games[key].parse(record.start)


def by_position(records: list[Record], plies: int | None = None, top: int | None = None) -> list[dict]:
    """One row per position reached after ``plies`` actions (default: each
    game's ``book``), most played first (the ``top`` of them when given):
    the ``position`` (its text), the side ``to_move`` there, the ``games``
    that reached it, that side's ``wins``, ``draws`` and ``losses`` in the
    finished ones, its ``score`` with a 95% interval ``low``-``high``
    (draws as draws, :func:`~playbook.analysis.statistics.stats.trinomial`), the
    ``unfinished`` games and the ``moves`` played next (action -> games,
    most played first).  Games that ended before reaching ``plies``
    actions are left out."""
    games = _Games()
    groups: defaultdict[str, list[tuple[Record, Any]]] = defaultdict(list)
    for r in records:
        k = r.book if plies is None else plies
        if not r.start or len(r.actions) < k:
            continue
        state = games.start(r)
        for text in r.actions[:k]:
            state = state.play(text)
        groups[state.to_text()].append((r, state.to_move))
    rows = []
    for position, reached in groups.items():
        mover = reached[0][1]
        done = [r for r, _ in reached if not r.unfinished]
        wins = sum(1 for r in done if mover in r.winners and not r.draw)
        draws = sum(1 for r in done if r.draw)
        figure = trinomial(wins, draws, len(done) - wins - draws)
        k_of = {id(r): (r.book if plies is None else plies) for r, _ in reached}
        after = Counter(r.actions[k_of[id(r)]] for r, _ in reached if len(r.actions) > k_of[id(r)])
        rows.append({"position": position, "to_move": mover, "games": len(reached), "wins": wins, "draws": draws,
                     "losses": figure["losses"], "score": figure["score"] if done else None, "low": figure["low"],
                     "high": figure["high"], "unfinished": len(reached) - len(done),
                     "moves": dict(after.most_common())})
    rows.sort(key=lambda row: (-row["games"], row["position"]))
    return rows[:top] if top is not None else rows


def move_rows(records: list[Record]) -> list[dict]:
    """One row an action of every game (the columns are
    :data:`MOVE_COLUMNS`); games that failed before their start are left
    out."""
    games = _Games()
    rows = []
    for r in records:
        if not r.start:
            continue
        state = games.start(r)
        notes = r.notes or []
        for ply, text in enumerate(r.actions, start=1):
            note = (notes[ply - 1] if ply <= len(notes) else None) or {}
            rows.append({"seed": r.seed, "ply": ply, "mover": state.to_move,
                         "agent": r.players.get(state.to_move), "action": text, "book": ply <= r.book,
                         "setup": ply <= r.setup_plies, **{k: note.get(k) for k in MOVE_COLUMNS[7:]}})
            state = state.play(text)
    return rows
