"""The result of a run: its games' records and what they say.

A :class:`SelfPlay` holds the records of a self-play run (one
:class:`~playbook.records.Record` a game) and reads them: the first
mover's score with draws as draws, its score over colour-reversed pairs
(:func:`pair_figure`, the exact test of
:mod:`~playbook.analysis.statistics.exact`), the win rates, the lengths
with games stopped at the cap censored, the opening tables, and the
records as a pandas DataFrame.  A :class:`Tournament` adds the agents'
ratings.  The same objects come back from :func:`~.store.load_results`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...records import ROW_COLUMNS, Record
from ..extras import need
from ..statistics.exact import pairs_figure
from ..statistics.stats import (
    elo_interval,
    elo_ratings,
    elo_with_first_move,
    pair_counts,
    score_figure,
    trinomial,
    wilson,
)
from ..statistics.survival import Survival, kaplan_meier
from ..statistics.tables import MOVE_COLUMNS, by_position, move_rows
from ..words import counted
from .settings import settings_text

__all__ = ["SelfPlay", "Tournament", "pair_figure", "first_scores"]


@dataclass
class SelfPlay:
    """The games played (``records``, one :class:`~playbook.records.Record` each) and what they say."""

    records: list[Record]
    game: str = ""
    #: The sequential test of a run played with ``sprt=`` (see :func:`~playbook.analysis.statistics.stats.sprt`).
    sprt: dict | None = field(default=None, kw_only=True)
    #: The files of a results folder left out on reading (:class:`~playbook.analysis.runs.store.LeftOut`:
    #: damaged, or not the run's records): their games are missing from ``records``.
    left_out: list = field(default_factory=list, kw_only=True)

    def frame(self):
        """The records as a pandas DataFrame, one row a game with the
        columns of :meth:`Record.row <playbook.records.Record.row>`;
        ``options`` and ``setup`` are texts (:func:`settings_text`), so
        games group by them."""
        pandas = need("pandas", "SelfPlay.frame()")
        frame = pandas.DataFrame([r.row(text=False) for r in self.records], columns=list(ROW_COLUMNS))
        for column in ("options", "setup"):
            frame[column] = [settings_text(v) for v in frame[column]]
        return frame

    def finished(self) -> list[Record]:
        """The records of the games that ended by the rules."""
        return [r for r in self.records if not r.unfinished]

    def first_move_advantage(self) -> dict:
        """How the side that made the first move of play fared: ``wins``,
        ``draws``, ``losses`` over the finished ``games``, its ``score``
        (wins plus half the draws, over the finished games; 0.5 means no
        advantage) and its 95% interval ``low``-``high`` with draws as
        draws (:func:`~playbook.analysis.statistics.stats.trinomial`); ``unfinished``
        games (stopped at the cap or by an error) and the score and
        interval with them counted as draws (``score_if_draws``,
        ``low_if_draws``, ``high_if_draws``,
        :func:`~playbook.analysis.statistics.stats.score_figure`); ``mover`` is the
        player who moved first (most often, if it varied)."""
        moved = [r for r in self.records if r.first is not None]
        done = [r for r in moved if not r.unfinished]
        wins = sum(1 for r in done if r.first in r.winners and not r.draw)
        draws = sum(1 for r in done if r.draw)
        figure = score_figure(wins, draws, len(done) - wins - draws, unfinished=len(moved) - len(done))
        movers = Counter(r.first for r in done).most_common(1)
        return {"mover": movers[0][0] if movers else None, **figure,
                "score": figure["score"] if done else None}

    def first_move_pairs(self) -> dict:
        """The first mover's score over the turns of the seats of a run
        with ``rotate=True`` (see :func:`pair_figure`): in a two-player
        game, each colour-reversed pair scores the points of whoever moved
        first in each of its games, so what the opening gives one side
        cancels."""
        return pair_figure(self.records, lambda r: _pair_score(r, r.first, _other(r, r.first)))

    def pair_score(self, agent: str) -> dict:
        """The score of the agent named ``agent`` over colour-reversed
        pairs (a run with ``rotate=True``; see :func:`pair_figure`)."""
        return pair_figure(self.records, lambda r: _pair_score(r, _seat_of(r, agent), _other(r, _seat_of(r, agent))))

    def by_position(self, plies: int | None = None, top: int | None = None) -> list[dict]:
        """The opening table keyed by position, as Lichess's opening
        explorer: the games grouped by the position after ``plies``
        actions (default: each game's ``book``, where the agents took
        over), whatever order the moves came in (see
        :func:`~playbook.analysis.statistics.tables.by_position`)."""
        return by_position(self.records, plies, top)

    def moves(self) -> list[dict]:
        """The tidy per-move table: one row an action (see
        :func:`~playbook.analysis.statistics.tables.move_rows`)."""
        return move_rows(self.records)

    def moves_frame(self):
        """:meth:`moves` as a pandas DataFrame, one row an action."""
        return need("pandas", "SelfPlay.moves_frame()").DataFrame(self.moves(), columns=list(MOVE_COLUMNS))

    def lengths_survival(self, play_only: bool = True) -> Survival:
        """The Kaplan-Meier curve of the game lengths in plies (without
        set-up actions, unless told), games stopped unfinished counted as
        censored where they stopped (see :mod:`~playbook.analysis.statistics.survival`):
        its ``median()`` is the median length with its interval, honest
        when games reach the cap, as a mean is not."""
        return kaplan_meier(self.lengths(play_only), [bool(r.unfinished) for r in self.records])

    def by_opening(self, key: Callable[[str], str] | None = None) -> list[dict]:
        """The first-move results split by the first move of play: one
        row per opening with its finished ``games``, the first mover's
        ``wins``, ``draws`` and ``score`` with its 95% interval
        ``low``-``high`` (draws as draws), and its ``unfinished`` games,
        most played first.  ``key`` maps an opening to the group it counts
        in (say ``lambda text: text.split()[0]`` for the kind of action).
        In a run with a random ``book`` the first move is the book's: read
        :meth:`by_position`, keyed by the position the agents took over."""
        groups = defaultdict(list)
        for r in self.records:
            if r.opening is not None:
                groups[key(r.opening) if key else r.opening].append(r)
        rows: list[dict[str, Any]] = []
        for opening, recs in groups.items():
            done = [r for r in recs if not r.unfinished]
            if not done:
                continue
            wins = sum(1 for r in done if r.first in r.winners and not r.draw)
            draws = sum(1 for r in done if r.draw)
            figure = trinomial(wins, draws, len(done) - wins - draws)
            rows.append({"opening": opening, "games": len(done), "wins": wins, "draws": draws,
                         "score": figure["score"], "low": figure["low"], "high": figure["high"],
                         "unfinished": len(recs) - len(done)})
        rows.sort(key=lambda row: (-row["games"], row["opening"]))
        return rows

    def win_rates(self) -> dict[str, dict]:
        """Per player (and ``"draw"``, ``"unfinished"``): ``games`` with that
        result out of all ``n`` games, their share ``rate`` and its 95%
        interval ``low``-``high``."""
        n = len(self.records)
        counts = Counter("unfinished" if r.unfinished else r.result for r in self.records)
        players = [p for p in counts if p not in ("draw", "unfinished")]
        out = {}
        for key in sorted(players) + ["draw", "unfinished"]:
            k = counts.get(key, 0)
            low, high = wilson(k, n)
            out[key] = {"games": k, "n": n, "rate": k / n if n else 0.0, "low": low, "high": high}
        return out

    def lengths(self, play_only: bool = True) -> list[int]:
        """Game lengths in plies (without set-up actions, unless told)."""
        return [r.plies - (r.setup_plies if play_only else 0) for r in self.records]

    def summary(self) -> dict:
        """The run in figures: games, wins by player, draws, unfinished
        games, errors, the median length in plies with its 95% interval
        (Kaplan-Meier, unfinished games censored: ``None`` when over half
        reach the cap) and the first mover's score with its 95% interval
        (draws as draws) and that score with unfinished games as draws."""
        n = len(self.records)
        wins = Counter(r.winner for r in self.records if r.winner)
        decided = [r for r in self.records if r.winners]
        first_wins = sum(1 for r in decided if r.first in r.winners)
        advantage = self.first_move_advantage()
        median, low, high = self.lengths_survival().median()
        return {
            "games": n,
            "wins": dict(wins),
            "draws": sum(r.draw for r in self.records),
            "unfinished": sum(r.unfinished for r in self.records),
            "errors": sum(1 for r in self.records if r.error),
            "median_plies": median,
            "median_plies_interval": (low, high),
            # Share of decided games won by the side that moved first in play (0.5 = no advantage).
            "first_player_win_rate": first_wins / len(decided) if decided else None,
            "first_mover": advantage["mover"],
            "first_mover_score": advantage["score"],
            "first_mover_interval": (round(advantage["low"], 3), round(advantage["high"], 3)),
            "first_mover_score_if_unfinished_drawn": (advantage["score_if_draws"]
                                                      if advantage["games"] + advantage["unfinished"] else None),
        }

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        s = self.summary()
        return (f"SelfPlay({counted(s['games'], 'game')}: wins {s['wins']}, {counted(s['draws'], 'draw')}, "
                f"{s['unfinished']} unfinished)")

    def _repr_markdown_(self) -> str:
        s = self.summary()
        rows: list[str] = []
        for k, v in s.items():
            if isinstance(v, float):
                v = f"{v:.3f}"
            rows.append(f"| {k} | {v} |")
        return "| measure | value |\n|---|---|\n" + "\n".join(rows)




def first_scores(records: list[Record], name: str) -> list[float]:
    """The scores of the agent ``name`` in the finished two-player games, in order."""
    return [(s if a == name else 1 - s) for a, b, s in _scores(records)]


def _scores(records: list[Record]) -> list[tuple[str, str, float]]:
    """(agent, other agent, the first one's score) for every two agents
    seated together in a finished game: 1 if only the first is among the
    winners, 0 if only the other is, a half otherwise (a draw, both
    winners or both beaten)."""
    return [(r.players[p], r.players[q], _pair_score(r, p, q))
            for r in records if not r.unfinished for p, q in combinations(list(r.players), 2)]


def _seat_of(record: Record, agent: str) -> str | None:
    return next((p for p, a in record.players.items() if a == agent), None)


def _other(record: Record, seat: str | None) -> str | None:
    """The other seat of a two-player game (None when ``seat`` is not one of its two)."""
    seats = list(record.players)
    return next((p for p in seats if p != seat), None) if seat in seats and len(seats) == 2 else None


def pair_figure(records: list[Record], score_of: Callable[[Record], float]) -> dict:
    """A score over the colour-reversed pairs of a run with rotating seats
    (records sharing a ``pair``): the :func:`~playbook.analysis.statistics.exact.pairs_figure`
    of the pairs whose games all finished (``score``, ``low``, ``high``,
    ``p``, ``spread``, ``pairs``, ``counts``), the ``unfinished`` pairs (a game of
    them stopped) and the figure with their stopped games counted as
    draws (``score_if_draws``, ``low_if_draws``, ``high_if_draws``).
    ``score_of(record)`` is the side's score in a finished game.  Pairs
    that are not whole (a run stopped, or more than two games a turn) are
    left out and counted in ``incomplete``."""
    groups: defaultdict[int, list[Record]] = defaultdict(list)
    for r in records:
        if r.pair is not None:
            groups[r.pair].append(r)
    finished, counted, unfinished, incomplete = [], [], 0, 0
    for games in groups.values():
        if len(games) != 2 or any(len(g.players) != 2 for g in games):
            incomplete += 1
            continue
        points = [0.5 if g.unfinished else score_of(g) for g in games]
        counted.append(sum(points))
        if any(g.unfinished for g in games):
            unfinished += 1
        else:
            finished.append(sum(points))
    figure = pairs_figure(pair_counts(finished))
    as_draws = pairs_figure(pair_counts(counted))
    return {**figure, "unfinished": unfinished, "incomplete": incomplete, "score_if_draws": as_draws["score"],
            "low_if_draws": as_draws["low"], "high_if_draws": as_draws["high"]}


def _pair_score(record: Record, p: str | None, q: str | None) -> float:
    """Seat ``p``'s score against seat ``q`` in a finished game (see :func:`_scores`)."""
    winners = record.winners
    if record.draw or (p in winners) == (q in winners):
        return 0.5
    return 1.0 if p in winners else 0.0




@dataclass
class Tournament(SelfPlay):
    """A tournament's games, the agents' ratings with their 95% intervals
    and, for a match run with ``sprt=``, the sequential test (``sprt``:
    see :func:`~playbook.analysis.statistics.stats.sprt`)."""

    names: list[str] = field(default_factory=list)
    anchor: str | None = None
    seed: int = 0

    def ratings(self) -> list[dict]:
        """One row per agent, best first: ``name``, ``games`` (finished),
        ``wins``, ``draws``, ``losses``, ``unfinished`` (the games it sat
        in that stopped, left out of the rest), ``score`` (share of points),
        ``elo`` (:func:`~playbook.analysis.statistics.stats.elo_ratings`, which adds
        one drawn game a pair so a perfect score stays finite) and the 95%
        interval ``low``-``high``: the agent's rating with its opponents
        held at theirs, from the Wilson interval of its score
        (:func:`~playbook.analysis.statistics.stats.elo_interval`; never zero wide: a
        perfect score has ``high`` = inf, a null one ``low`` = -inf)."""
        elo = elo_ratings(_scores(self.records), self.names, anchor=self.anchor)
        rows: list[dict[str, Any]] = []
        for n in self.names:
            # Each game counts once: the agent's score in it is its mean against the others seated.
            games, points, wins, draws, field, unfinished = 0, 0.0, 0, 0, [], 0
            for r in self.records:
                seat = next((p for p, a in r.players.items() if a == n), None)
                unfinished += seat is not None and r.unfinished
                if seat is None or r.unfinished:
                    continue
                games += 1
                others = [p for p in r.players if p != seat]
                points += sum(_pair_score(r, seat, p) for p in others) / len(others)
                wins += seat in r.winners and not r.draw
                draws += bool(r.draw)
                field += [elo[a] for p, a in r.players.items() if p != seat]
            field_elo = sum(field) / len(field) if field else 0.0
            low, high = elo_interval(points, games)
            rows.append({"name": n, "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
                         "score": points / games if games else None, "elo": elo[n], "low": field_elo + low,
                         "high": field_elo + high, "unfinished": unfinished})
        rows.sort(key=lambda row: -row["elo"])
        return rows

    def first_move_rating(self, prior: float = 1.0) -> dict:
        """The agents' ratings with a first-move term, from the finished
        two-player games (``prior``: drawn games added a pair; see
        :func:`~playbook.analysis.statistics.stats.elo_with_first_move`): ``ratings``
        (name -> Elo), and ``first_move``, the Elo the first move is worth,
        with its 95% interval ``first_move_low``-``first_move_high``."""
        results = [(r.players[r.first], r.players[_other(r, r.first)],
                    _pair_score(r, r.first, _other(r, r.first)))
                   for r in self.finished() if len(r.players) == 2 and r.first in r.players]
        return elo_with_first_move(results, self.names, prior=prior, anchor=self.anchor)

    def ratings_frame(self):
        """:meth:`ratings` as a pandas DataFrame indexed by name."""
        return need("pandas", "Tournament.ratings_frame()").DataFrame(self.ratings()).set_index("name")

    def pairings(self) -> list[dict]:
        """One row per pair of agents: the games they sat in together,
        each one's points against the other (see :meth:`ratings`) and
        how many of those games stopped unfinished."""
        table: defaultdict[tuple, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0])
        for r in self.records:
            for p, q in combinations(list(r.players), 2):
                a, b = r.players[p], r.players[q]
                key = tuple(sorted((a, b), key=self.names.index))
                row = table[key]
                row[0] += 1
                if r.unfinished:
                    row[3] += 1
        for a, b, s in _scores(self.records):
            key = tuple(sorted((a, b), key=self.names.index))
            table[key][1 if a == key[0] else 2] += s
            table[key][2 if a == key[0] else 1] += 1 - s
        return [{"agent": k[0], "opponent": k[1], "games": v[0], "points": v[1], "opponent points": v[2],
                 "unfinished": v[3]} for k, v in table.items()]

    def __repr__(self) -> str:
        rows = self.ratings()
        body = ", ".join(f"{r['name']} {r['elo']:+.0f}" for r in rows)
        return f"Tournament({len(self.records)} games: {body})"

    def _repr_markdown_(self) -> str:
        lines = ["| agent | games | wins | draws | losses | unfinished | score | Elo | 95% interval |",
                 "|---|---|---|---|---|---|---|---|---|"]
        for r in self.ratings():
            score = f"{r['score']:.2f}" if r["score"] is not None else "-"
            lines.append(f"| {r['name']} | {r['games']} | {r['wins']} | {r['draws']} | {r['losses']} | "
                         f"{r['unfinished']} | {score} | {r['elo']:+.0f} | {r['low']:+.0f} to {r['high']:+.0f} |")
        if self.sprt is not None:
            t = self.sprt
            lines.append(f"\nSequential test of {t['elo0']:+g} against {t['elo1']:+g} Elo: {t['decision']} after "
                         f"{t['games']} games (log-likelihood ratio {t['llr']:+.2f}, bounds {t['lower']:+.2f} "
                         f"and {t['upper']:+.2f})")
        return "\n".join(lines)
