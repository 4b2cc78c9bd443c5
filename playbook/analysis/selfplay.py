"""Self-play: many games between agents, summarised for balance questions.

``selfplay(game, agents, games=200)`` plays the games and returns a
:class:`SelfPlay`.  ``agents`` holds one entry per player (in
``game.players`` order), each an agent (anything with ``choose``; it is
copied for each game and, if it has ``reset(seed)``, reseeded) or a
factory ``seed -> agent`` (a class such as ``RandomAgent``, a function, a
lambda).  A single factory ``seed -> [agents]`` works too.  Game ``k``
gets the seed ``seed + k``, so a run is repeated exactly.

The games run on ``executor`` when given: any
:class:`concurrent.futures.Executor`, such as a ``ProcessPoolExecutor`` or
a Dask cluster's ``Client(...).get_executor()``, which spreads them over
many machines.  Agents and factories travel to the workers with
cloudpickle (which Dask ships), so lambdas and classes defined in a
notebook work everywhere; without cloudpickle they must be importable
(defined in a module).

Each game's record is a plain dict (``result.records``): ``game``,
``seed``, ``agents`` (player -> name), ``options``, ``start`` (the first
position's text), ``first`` (the player who made the first move of play,
after any set-up), ``opening`` (that first move), ``result`` (the winner,
``"draw"`` or ``"unfinished"``), ``winner``, ``winners``, ``draw``,
``unfinished``, ``reason``, ``plies`` (actions played, set-up included),
``setup_plies``, ``time`` (seconds), ``actions`` and ``error``.  Games
stopped at ``max_plies`` or by an error are kept and reported as
unfinished, never dropped.  ``result.frame()`` is a pandas DataFrame.

The first move of play: a game in set-up says so through its state (see
:func:`~playbook.analysis.evaluation.in_setup`: a ``setting_up`` flag, or
a ``phase`` named as a set-up phase, such as ``"place"``); the default is that play starts with
the first action.  In Cresnovian Chess the first player places the pieces
and the second moves first, so ``first`` is ``"second"`` there.
"""

from __future__ import annotations

import copy
import math
import os
import pickle
import random
import sys
import time
import traceback
from collections import Counter, defaultdict
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..core import Game
from ..games import load
from ..records import Record
from .evaluation import in_setup

__all__ = ["play_game", "selfplay", "SelfPlay", "tournament", "Tournament", "wilson", "elo_ratings"]


# ---------------------------------------------------------------- one game


def _is_agent(x: Any) -> bool:
    """An agent object (not a class or other factory of agents)."""
    return hasattr(x, "choose") and not isinstance(x, type)


def agent_name(agent: Any) -> str:
    """A short name for an agent or factory, for records and tables."""
    if _is_agent(agent):
        return repr(agent) if type(agent).__repr__ is not object.__repr__ else type(agent).__name__
    name = getattr(agent, "__name__", None)
    if isinstance(agent, type):
        return f"{name}()"
    if name and name != "<lambda>":
        return name
    try:  # a lambda or partial: name it after what it makes
        return agent_name(agent(0))
    except Exception:
        return repr(agent)


def play_game(game: Game, agents, max_plies: int = 500, options: dict | None = None, seed: int | None = None,
              names: dict | None = None) -> dict:
    """One game; ``agents[k]`` plays ``game.players[k]`` (or ``agents`` maps
    players to agents).  Returns the game's record (see the module's
    docstring); an error inside an agent ends the game as unfinished, with
    the error in ``reason`` and ``error``."""
    if isinstance(agents, dict):
        by_player = dict(agents)
    else:
        agents = list(agents)
        if len(agents) != len(game.players):
            raise ValueError(f"{game.title} has {len(game.players)} players {game.players}; got {len(agents)} agents")
        by_player = dict(zip(game.players, agents))
    names = names or {p: agent_name(a) for p, a in by_player.items()}
    began = time.perf_counter()
    state = start = game.initial(**(options or {}))
    actions: list[str] = []
    first = opening = None
    setup_plies = 0
    error = None
    try:
        while state.outcome is None and len(actions) < max_plies:
            if first is None:
                if in_setup(state):
                    setup_plies += 1
                else:
                    first = state.to_move
            mover = state.to_move
            if mover not in by_player:
                raise KeyError(f"no agent plays {mover!r}")
            action = by_player[mover].choose(state)
            if first is not None and opening is None:
                opening = action.text
            actions.append(action.text)
            state = state.play(action)
    except Exception as exc:  # the game is reported, not lost
        error = f"{type(exc).__name__}: {exc}"
        tb = traceback.format_exc(limit=3)
        error_detail = tb
    outcome = state.outcome
    if outcome is not None:
        result = outcome.winner if outcome.winner else ("draw" if outcome.draw else "+".join(outcome.winners))
        reason = outcome.reason
    else:
        result = "unfinished"
        reason = f"error: {error}" if error else f"stopped after {max_plies} plies"
    return {
        "game": game.name,
        "seed": seed,
        "agents": names,
        "options": dict(options or {}),
        "start": start.to_text(),
        "first": first,
        "opening": opening,
        "result": result,
        "winner": outcome.winner if outcome else None,
        "winners": list(outcome.winners) if outcome else [],
        "draw": bool(outcome and outcome.draw),
        "unfinished": outcome is None,
        "reason": reason,
        "plies": len(actions),
        "setup_plies": setup_plies,
        "time": time.perf_counter() - began,
        "actions": actions,
        "error": error_detail if error else None,
    }


def to_record(record: dict) -> Record:
    """A self-play record as a :class:`~playbook.core.Record` (replayable,
    saved as JSON), with its metadata where ``Record`` keeps metadata."""
    game = load(record["game"])
    start = game.parse(record["start"])
    tags = {k: record[k] for k in ("seed", "agents", "plies", "time") if k in record}
    if record.get("options"):
        tags["setup"] = record["options"]  # what the start position was made with
    return Record.of(start, record["actions"], **tags)


# ------------------------------------------------------- shipping the work


def _dumps(obj) -> bytes:
    try:
        import cloudpickle
    except ImportError:
        cloudpickle = None
    try:
        return cloudpickle.dumps(obj) if cloudpickle is not None else pickle.dumps(obj)
    except Exception as exc:
        raise TypeError(
            f"the agents cannot be sent to the executor's workers ({exc}). Install cloudpickle "
            "(pip install cloudpickle; Dask ships it), or define the agents and factories in a module."
        ) from exc


def _instantiate(spec, seed: int):
    if _is_agent(spec):
        agent = copy.deepcopy(spec)
        reset = getattr(agent, "reset", None)
        if callable(reset):
            reset(seed)
        return agent
    if callable(spec):
        return spec(seed)
    raise TypeError(f"an agent needs a choose(state) method, or a factory seed -> agent; got {spec!r}")


def _agents_for(specs, seed: int, players) -> list:
    if callable(specs) and not isinstance(specs, (list, tuple)):
        return list(specs(seed))  # one factory for all the agents of a game
    # Each player's agent gets its own seed, so two copies of one agent differ.
    return [_instantiate(spec, seed * len(players) + k) for k, spec in enumerate(specs)]


def _run_batch(blob: bytes, seeds: list[int]) -> list[dict]:
    """Play the games of ``seeds`` (runs on a worker)."""
    try:
        import cloudpickle as loader
    except ImportError:
        loader = pickle
    game, specs, options, max_plies, names = loader.loads(blob)
    out = []
    for seed in seeds:
        try:
            agents = _agents_for(specs, seed, game.players)
        except Exception as exc:
            out.append(_failed(game, seed, options, names, exc))
            continue
        out.append(play_game(game, agents, max_plies=max_plies, options=options, seed=seed, names=names))
    return out


def _failed(game, seed, options, names, exc) -> dict:
    return {"game": game.name, "seed": seed, "agents": names or {}, "options": dict(options or {}), "start": "",
            "first": None, "opening": None, "result": "unfinished", "winner": None, "winners": [], "draw": False,
            "unfinished": True, "reason": f"error: {type(exc).__name__}: {exc}", "plies": 0, "setup_plies": 0,
            "time": 0.0, "actions": [], "error": traceback.format_exc(limit=3)}


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (where tqdm draws a notebook bar)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and hasattr(shell, "kernel")


def _show_progress(progress) -> bool:
    if progress is not None:
        return bool(progress)
    if _in_kernel():
        return True
    return sys.stderr is not None and hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, label: str, show: bool):
    """tqdm's bar (a notebook widget in Jupyter, a text line in a terminal),
    or none when not shown or tqdm is not installed."""
    if not show:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc=label, leave=False)


def _run(tasks: list[tuple[bytes, list[int]]], executor: Executor | None, total: int, label: str, progress) -> list[dict]:
    """Run ``tasks`` (payload, seeds) serially or on ``executor``, with a
    progress bar, and return every record in task order."""
    bar = _bar(total, label, _show_progress(progress))
    results: list[list[dict] | None] = [None] * len(tasks)
    try:
        if executor is None:
            for k, (blob, seeds) in enumerate(tasks):
                results[k] = _run_batch(blob, seeds)
                bar.update(len(seeds))
        else:
            futures = {executor.submit(_run_batch, blob, seeds): k for k, (blob, seeds) in enumerate(tasks)}
            for future in as_completed(futures):
                k = futures[future]
                results[k] = future.result()
                bar.update(len(tasks[k][1]))
    finally:
        bar.close()
    return [r for batch in results for r in batch]


def _batches(seeds: list[int], batch: int | None) -> list[list[int]]:
    size = batch or max(1, len(seeds) // 50)
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


def _load(game) -> Game:
    if isinstance(game, str):
        return load(game)
    return game


# --------------------------------------------------------------- self-play


def selfplay(game, agents, games: int = 100, max_plies: int = 500, executor: Executor | None = None,
             options: dict | None = None, seed: int = 0, progress: bool | None = None, batch: int | None = None,
             names: Sequence[str] | None = None) -> "SelfPlay":
    """Play ``games`` games of ``game`` (a game or its name) between
    ``agents`` (one agent or factory per player, or a factory of all of
    them) and return a :class:`SelfPlay`.

    ``executor``: run the games on it (any ``concurrent.futures``
    executor; Dask's too); ``options`` go to ``game.initial``; game ``k``
    has the seed ``seed + k``; ``progress``: a tqdm bar (default: only
    when writing to a terminal or a notebook); ``batch``: games per task
    sent to the executor; ``names``: how to call the agents in the records.
    """
    game = _load(game)
    if isinstance(agents, (list, tuple)):
        if len(agents) != len(game.players):
            raise ValueError(f"{game.title} has {len(game.players)} players {game.players}; got {len(agents)} agents")
        label_names = {p: (names[k] if names else agent_name(a)) for k, (p, a) in enumerate(zip(game.players, agents))}
    else:
        label_names = None
    blob = _dumps((game, agents, dict(options or {}), max_plies, label_names))
    seeds = [seed + k for k in range(games)]
    tasks = [(blob, chunk) for chunk in _batches(seeds, batch)]
    records = _run(tasks, executor, games, f"{game.title} self-play", progress)
    return SelfPlay(records, game.name)


def wilson(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``successes`` out of
    ``n`` (half successes allowed, for draws); (0, 1) when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class SelfPlay:
    """The games played (``records``, one dict each) and what they say."""

    records: list[dict]
    game: str = ""

    def frame(self):
        """The records as a pandas DataFrame (one row a game)."""
        try:
            import pandas
        except ImportError:
            raise ImportError("frame() needs pandas: pip install 'playbook[analysis]'") from None
        return pandas.DataFrame(self.records)

    def finished(self) -> list[dict]:
        return [r for r in self.records if not r["unfinished"]]

    def first_move_advantage(self) -> dict:
        """How the side that made the first move of play fared in the
        finished games: ``wins``, ``draws``, ``losses``, its ``score``
        (wins plus half the draws, over the finished games; 0.5 means no
        advantage) and a 95% interval ``low``-``high``; ``mover`` is the
        player who moved first (most often, if it varied)."""
        done = [r for r in self.finished() if r["first"] is not None]
        wins = sum(1 for r in done if r["first"] in r["winners"])
        draws = sum(1 for r in done if r["draw"])
        n = len(done)
        score = (wins + draws / 2) / n if n else None
        low, high = wilson(wins + draws / 2, n)
        movers = Counter(r["first"] for r in done).most_common(1)
        return {"mover": movers[0][0] if movers else None, "games": n, "wins": wins, "draws": draws,
                "losses": n - wins - draws, "score": score, "low": low, "high": high}

    def by_opening(self, key: Callable[[str], str] | None = None) -> list[dict]:
        """The first-move results split by the first move of play: one
        row per opening with its games and the first mover's score and
        interval, most played first.  ``key`` maps an opening to the group
        it counts in (say ``lambda text: text.split()[0]`` for the kind of
        action)."""
        groups = defaultdict(list)
        for r in self.finished():
            if r["opening"] is not None:
                groups[key(r["opening"]) if key else r["opening"]].append(r)
        rows = []
        for opening, recs in groups.items():
            wins = sum(1 for r in recs if r["first"] in r["winners"])
            draws = sum(1 for r in recs if r["draw"])
            low, high = wilson(wins + draws / 2, len(recs))
            rows.append({"opening": opening, "games": len(recs), "wins": wins, "draws": draws,
                         "score": (wins + draws / 2) / len(recs), "low": low, "high": high})
        rows.sort(key=lambda row: (-row["games"], row["opening"]))
        return rows

    def win_rates(self) -> dict[str, dict]:
        """Per player (and ``"draw"``): share of all games with an interval."""
        n = len(self.records)
        counts = Counter(r["result"] for r in self.records)
        players = [p for p in counts if p not in ("draw", "unfinished")]
        out = {}
        for key in sorted(players) + ["draw", "unfinished"]:
            k = counts.get(key, 0)
            low, high = wilson(k, n)
            out[key] = {"games": k, "rate": k / n if n else 0.0, "low": low, "high": high}
        return out

    def lengths(self, play_only: bool = True) -> list[int]:
        """Game lengths in plies (without set-up actions, unless told)."""
        return [r["plies"] - (r["setup_plies"] if play_only else 0) for r in self.records]

    def summary(self) -> dict:
        n = len(self.records)
        wins = Counter(r["winner"] for r in self.records if r["winner"])
        decided = [r for r in self.records if r["winners"]]
        first_wins = sum(1 for r in decided if r["first"] in r["winners"])
        advantage = self.first_move_advantage()
        lengths = self.lengths()
        return {
            "games": n,
            "wins": dict(wins),
            "draws": sum(r["draw"] for r in self.records),
            "unfinished": sum(r["unfinished"] for r in self.records),
            "errors": sum(1 for r in self.records if r.get("error")),
            "mean_plies": sum(lengths) / n if n else 0.0,
            # Share of decided games won by the side that moved first in play (0.5 = no advantage).
            "first_player_win_rate": first_wins / len(decided) if decided else None,
            "first_mover": advantage["mover"],
            "first_mover_score": advantage["score"],
            "first_mover_interval": (round(advantage["low"], 3), round(advantage["high"], 3)),
        }

    def to_records(self) -> list[Record]:
        """Every game as a replayable :class:`~playbook.core.Record`."""
        return [to_record(r) for r in self.records if r["start"]]

    def __len__(self) -> int:
        return len(self.records)

    def __repr__(self) -> str:
        s = self.summary()
        return f"SelfPlay({s['games']} games: wins {s['wins']}, {s['draws']} draws, {s['unfinished']} unfinished)"

    def _repr_markdown_(self) -> str:
        s = self.summary()
        rows = []
        for k, v in s.items():
            if isinstance(v, float):
                v = f"{v:.3f}"
            rows.append(f"| {k} | {v} |")
        return "| measure | value |\n|---|---|\n" + "\n".join(rows)


# -------------------------------------------------------------- tournaments


def tournament(game, agents, games: int = 10, max_plies: int = 500, executor: Executor | None = None,
               options: dict | None = None, seed: int = 0, progress: bool | None = None, batch: int | None = None,
               names: Sequence[str] | None = None, anchor: str | None = None) -> "Tournament":
    """Every pair of ``agents`` (agents or factories, or a dict name ->
    agent) plays ``games`` games, each taking each side half the time;
    returns a :class:`Tournament` with Elo-style ratings.  A two-player
    game only.  ``anchor`` names the agent rated 0 (default: the mean is 0).
    The other arguments are as for :func:`selfplay`."""
    game = _load(game)
    if len(game.players) != 2:
        raise ValueError(f"a tournament pairs two agents; {game.title} has {len(game.players)} players: use selfplay")
    if isinstance(agents, dict):
        names, specs = list(agents), list(agents.values())
    else:
        specs = list(agents)
        names = list(names) if names else [agent_name(a) for a in specs]
    if len(set(names)) != len(names):
        names = [f"{n} #{k + 1}" for k, n in enumerate(names)]
    tasks, total = [], 0
    pair = 0
    for i in range(len(specs)):
        for j in range(i + 1, len(specs)):
            for flip in (False, True):
                a, b = (j, i) if flip else (i, j)
                count = games // 2 + (games % 2 if not flip else 0)
                labels = dict(zip(game.players, (names[a], names[b])))
                blob = _dumps((game, [specs[a], specs[b]], dict(options or {}), max_plies, labels))
                seeds = [seed + pair * 10_000 + k for k in range(count)]
                tasks += [(blob, chunk) for chunk in _batches(seeds, batch)]
                total += count
                pair += 1
    records = _run(tasks, executor, total, f"{game.title} tournament", progress)
    return Tournament(records, game.name, names, anchor=anchor, seed=seed)


def _scores(records: list[dict], players: Sequence[str]) -> list[tuple[str, str, float]]:
    """(first agent, second agent, first agent's score) for finished games."""
    out = []
    a_player, b_player = players
    for r in records:
        if r["unfinished"]:
            continue
        a, b = r["agents"][a_player], r["agents"][b_player]
        score = 0.5 if r["draw"] else 1.0 if a_player in r["winners"] else 0.0
        out.append((a, b, score))
    return out


def elo_ratings(results: list[tuple[str, str, float]], names: Sequence[str], prior: float = 1.0,
                anchor: str | None = None) -> dict[str, float]:
    """Elo-style ratings from ``(a, b, a's score)`` results by the
    Bradley-Terry model (a rating gap of 400 means 10:1 odds), fitted by
    its minorise-maximise iteration.  ``prior`` adds that many drawn
    games between every pair, so an agent that won everything still gets
    a finite rating.  The ratings average 0, or ``anchor`` is 0."""
    names = list(names)
    index = {n: k for k, n in enumerate(names)}
    m = len(names)
    played = [[0.0] * m for _ in range(m)]
    score = [0.0] * m
    for a, b, s in results:
        i, j = index[a], index[b]
        played[i][j] += 1
        played[j][i] += 1
        score[i] += s
        score[j] += 1 - s
    for i in range(m):
        for j in range(m):
            if i != j:
                played[i][j] += prior
        score[i] += prior * (m - 1) / 2
    gamma = [1.0] * m
    for _ in range(500):
        new = []
        for i in range(m):
            denom = sum(played[i][j] / (gamma[i] + gamma[j]) for j in range(m) if j != i and played[i][j])
            new.append(score[i] / denom if denom else gamma[i])
        mean_log = sum(math.log(g) for g in new) / m
        new = [g / math.exp(mean_log) for g in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, gamma))
        gamma = new
        if change < 1e-9:
            break
    ratings = {n: 400 * math.log10(g) for n, g in zip(names, gamma)}
    if anchor is not None:
        shift = ratings[anchor]
        ratings = {n: r - shift for n, r in ratings.items()}
    return ratings


@dataclass
class Tournament(SelfPlay):
    """A tournament's games, and the agents' ratings with 95% intervals
    (by resampling the games: ``bootstrap`` times)."""

    names: list[str] = field(default_factory=list)
    anchor: str | None = None
    seed: int = 0
    bootstrap: int = 200

    def ratings(self) -> list[dict]:
        """One row per agent, best first: ``name``, ``games``, ``wins``,
        ``draws``, ``losses``, ``score`` (share of points), ``elo`` and the
        95% interval ``low``-``high``."""
        players = load(self.game).players
        results = _scores(self.records, players)
        elo = elo_ratings(results, self.names, anchor=self.anchor)
        rng = random.Random(self.seed)
        samples = defaultdict(list)
        for _ in range(self.bootstrap if results else 0):
            resampled = [results[rng.randrange(len(results))] for _ in results]
            for n, r in elo_ratings(resampled, self.names, anchor=self.anchor).items():
                samples[n].append(r)
        rows = []
        for n in self.names:
            mine = [(s if a == n else 1 - s) for a, b, s in results if n in (a, b)]
            wins = sum(1 for s in mine if s == 1)
            draws = sum(1 for s in mine if s == 0.5)
            ordered = sorted(samples[n])
            low = ordered[int(0.025 * len(ordered))] if ordered else float("-inf")
            high = ordered[min(len(ordered) - 1, int(0.975 * len(ordered)))] if ordered else float("inf")
            rows.append({"name": n, "games": len(mine), "wins": wins, "draws": draws,
                         "losses": len(mine) - wins - draws, "score": sum(mine) / len(mine) if mine else None,
                         "elo": elo[n], "low": low, "high": high})
        rows.sort(key=lambda row: -row["elo"])
        return rows

    def ratings_frame(self):
        """:meth:`ratings` as a pandas DataFrame indexed by name."""
        import pandas

        return pandas.DataFrame(self.ratings()).set_index("name")

    def pairings(self) -> list[dict]:
        """One row per pair of agents: games, each one's points, unfinished."""
        players = load(self.game).players
        table = defaultdict(lambda: [0, 0.0, 0.0, 0])
        for r in self.records:
            a, b = r["agents"][players[0]], r["agents"][players[1]]
            key = tuple(sorted((a, b), key=self.names.index))
            row = table[key]
            row[0] += 1
            if r["unfinished"]:
                row[3] += 1
                continue
            s = 0.5 if r["draw"] else 1.0 if players[0] in r["winners"] else 0.0
            row[1 if a == key[0] else 2] += s
            row[2 if a == key[0] else 1] += 1 - s
        return [{"agent": k[0], "opponent": k[1], "games": v[0], "points": v[1], "opponent points": v[2],
                 "unfinished": v[3]} for k, v in table.items()]

    def __repr__(self) -> str:
        rows = self.ratings()
        body = ", ".join(f"{r['name']} {r['elo']:+.0f}" for r in rows)
        return f"Tournament({len(self.records)} games: {body})"

    def _repr_markdown_(self) -> str:
        lines = ["| agent | games | wins | draws | losses | score | Elo | 95% interval |", "|---|---|---|---|---|---|---|---|"]
        for r in self.ratings():
            score = f"{r['score']:.2f}" if r["score"] is not None else "-"
            lines.append(f"| {r['name']} | {r['games']} | {r['wins']} | {r['draws']} | {r['losses']} | {score} | "
                         f"{r['elo']:+.0f} | {r['low']:+.0f} to {r['high']:+.0f} |")
        return "\n".join(lines)


def cpu_count() -> int:
    """Cores this process may use (for sizing a local executor)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1
