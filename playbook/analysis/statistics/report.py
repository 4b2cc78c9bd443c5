"""A results folder's figures, each with its interval: what ``playbook summary FOLDER`` prints.

Every score counts draws as draws and says how many games were
unfinished and what the score would be with them as draws; lengths are
the Kaplan-Meier median (games stopped at the cap censored there, not
averaged in), and a median the games never reached is "beyond the cap
of N", N the ply cap; runs with rotating seats add the first mover's
score over their colour-reversed pairs and each agent's (the exact
randomization test of :mod:`~playbook.analysis.statistics.exact`), and say how many
pairs missing a game were left out.  :func:`figures` holds the numbers
(for ``--json``), :func:`rows` the same as a table (for ``--csv``),
:func:`report` the text.
"""

from __future__ import annotations

import math

from ..runs.results import SelfPlay
from ..runs.settings import settings_text
from ..words import counted, plural
from .balance import stopped_cap

__all__ = ["report", "figures", "rows", "plain", "left_out_lines"]


def plain(value):
    """``value`` with every float that is not a number (nan, inf) as None,
    through dicts, lists and tuples: what JSON can hold."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _agents(run: SelfPlay) -> list[str]:
    return sorted({a for r in run.records for a in r.players.values()})


def figures(run: SelfPlay, name: str = "", cap: int | None = None) -> dict:
    """The figures of ``run`` (a folder's results, ``name`` its path;
    ``cap`` the run's ply cap, its ``max_plies``, when known) as a dict:
    the run's settings, ``results``, ``first mover`` (trinomial),
    ``pairs`` and ``agents over pairs`` (with rotating seats, else None)
    and ``length`` (the Kaplan-Meier median with its interval, the games
    stopped and the longest a stopped game was played)."""
    records = run.records
    out: dict = {"folder": name, "game": run.game, "games": len(records), "ply cap": cap,
                 "left out": [{"file": x.file, "reason": x.reason, "games": x.games,
                               "seeds": list(x.seeds) if x.seeds else None} for x in run.left_out]}
    if not records:
        return out
    first = records[0]
    rotating = any(r.pair is not None for r in records)
    out.update({"agents": _agents(run) if rotating else dict(first.players), "seats rotating": rotating,
                "options": dict(first.options), "setup": dict(first.setup), "book": max(r.book for r in records)})
    s = run.summary()
    out["results"] = {"wins": dict(sorted(s["wins"].items())), "draws": s["draws"], "unfinished": s["unfinished"],
                      "errors": s["errors"]}
    out["first mover"] = run.first_move_advantage()
    out["pairs"] = run.first_move_pairs() if rotating else None
    out["agents over pairs"] = {a: run.pair_score(a) for a in _agents(run)} if rotating else None
    median, low, high = run.lengths_survival().median()
    out["length"] = {"median": median, "low": low, "high": high, "unfinished": s["unfinished"],
                     "longest stopped": stopped_cap(run)}
    return out


def _interval(low: float, high: float) -> str:
    return f"95% interval {low:.3f} to {high:.3f}"


def _score_line(label: str, figure: dict, unit: str = "game") -> str:
    """One score: ``label`` scores S (interval) over N finished games; U unfinished: S' (interval) as draws."""
    n = figure.get("games", figure.get("pairs", 0))
    if not n:
        return f"{label}: no finished {unit}s"
    line = (f"{label} scores {figure['score']:.3f} ({_interval(figure['low'], figure['high'])}) "
            f"over {n} finished {plural(unit, n)}")
    if figure["unfinished"]:
        line += (f"; {counted(figure['unfinished'], unit)} unfinished, as draws {figure['score_if_draws']:.3f} "
                 f"({_interval(figure['low_if_draws'], figure['high_if_draws'])})")
    else:
        line += "; none unfinished"
    if figure.get("incomplete"):
        line += f"; {counted(figure['incomplete'], 'pair')} missing a game left out"
    return line


def _plies(value: int | None, cap: int | None) -> str:
    """A length, or how far beyond the cap it lies."""
    if value is not None:
        return f"{value}"
    return f"beyond the cap of {cap}" if cap is not None else "beyond the longest game"


def report(run: SelfPlay, name: str = "", cap: int | None = None) -> str:
    """The figures of ``run`` (see :func:`figures`) as lines of text,
    each with its number of games and 95% interval."""
    f = figures(run, name, cap)
    if not run.records:
        return "\n".join([f"{name}: no games"] + left_out_lines(run))
    if f["seats rotating"]:
        agents = "agents " + " and ".join(f["agents"]) + ", seats rotating"
    else:
        agents = ", ".join(f"{p} {a}" for p, a in f["agents"].items())
    limit = f"; ply cap {cap}" if cap is not None else ""
    lines = [f"{name}: {len(run)} games of {run.game} ({agents}; options {settings_text(f['options'])}; "
             f"setup {settings_text(f['setup'])}; book {f['book']}{limit})"]
    results = f["results"]
    wins = ", ".join(f"{p} {k}" for p, k in results["wins"].items())
    lines.append(f"results: {wins or 'no wins'}, {counted(results['draws'], 'draw')}, {results['unfinished']} "
                 f"unfinished ({results['errors'] or 'none'} by an error)")
    advantage = f["first mover"]
    lines.append(_score_line(f"first mover ({advantage['mover']})", advantage) + " (draws as draws, trinomial)")
    if f["pairs"] is not None:
        lines.append(_score_line("first mover over colour-reversed pairs", f["pairs"], "pair")
                     + " (exact randomization test)")
        for agent, figure in f["agents over pairs"].items():
            lines.append(_score_line(f"{agent} over colour-reversed pairs", figure, "pair"))
    length = f["length"]
    # The cap a median lies beyond, in plies of play as the lengths are counted: the longest a stopped game was
    # played (the run's cap less any set-up actions), else the run's own.
    beyond = length["longest stopped"] if length["longest stopped"] is not None else cap
    lines.append(f"length: median {_plies(length['median'], beyond)} plies of play (95% interval "
                 f"{_plies(length['low'], beyond)} to {_plies(length['high'], beyond)}; Kaplan-Meier, "
                 f"{length['unfinished']} unfinished games counted as still going where they stopped)")
    return "\n".join(lines + left_out_lines(run))


def left_out_lines(run: SelfPlay) -> list[str]:
    """What the figures leave out: each file of the folder that could not
    be read as the run's games, with how many games it holds and why."""
    if not run.left_out:
        return []
    known = sum(x.games for x in run.left_out if x.games is not None)
    unknown = any(x.games is None for x in run.left_out)
    held = ("an unknown number of games" if unknown and not known else
            f"at least {counted(known, 'game')}" if unknown else counted(known, "game"))
    files = counted(len(run.left_out), "file")
    return [f"left out, not counted above: {files} that could not be read, holding {held}:"] + \
        [f"  {x}" for x in run.left_out]


#: The columns of :func:`rows`.
COLUMNS = ("figure", "value", "low", "high", "count", "unit", "unfinished", "if unfinished drawn",
           "low if unfinished drawn", "high if unfinished drawn")


def rows(run: SelfPlay, name: str = "", cap: int | None = None) -> list[dict]:
    """The figures of ``run`` as a table of :data:`COLUMNS`, one row a
    figure: the results, the first mover's score, over pairs and each
    agent's, and the median length (for ``--csv``)."""
    f = figures(run, name, cap)
    out: list[dict] = []
    if run.left_out:
        out.append({"figure": "games left out (files that could not be read)",
                    "value": sum(x.games or 0 for x in run.left_out), "count": len(run.left_out), "unit": "file"})
    if not run.records:
        return [{c: plain(row.get(c)) for c in COLUMNS} for row in out]
    for player, k in f["results"]["wins"].items():
        out.append({"figure": f"wins of {player}", "value": k, "count": len(run), "unit": "game"})
    for key in ("draws", "unfinished", "errors"):
        out.append({"figure": key, "value": f["results"][key], "count": len(run), "unit": "game"})

    def score(label: str, figure: dict, unit: str) -> dict:
        return {"figure": label, "value": figure["score"], "low": figure["low"], "high": figure["high"],
                "count": figure.get("games", figure.get("pairs")), "unit": unit, "unfinished": figure["unfinished"],
                "if unfinished drawn": figure["score_if_draws"], "low if unfinished drawn": figure["low_if_draws"],
                "high if unfinished drawn": figure["high_if_draws"]}

    out.append(score(f"first mover ({f['first mover']['mover']})", f["first mover"], "game"))
    if f["pairs"] is not None:
        out.append(score("first mover over colour-reversed pairs", f["pairs"], "pair"))
        for agent, figure in f["agents over pairs"].items():
            out.append(score(f"{agent} over colour-reversed pairs", figure, "pair"))
    length = f["length"]
    out.append({"figure": "median length (plies of play)", "value": length["median"], "low": length["low"],
                "high": length["high"], "count": len(run), "unit": "game", "unfinished": length["unfinished"]})
    if cap is not None:
        out.append({"figure": "ply cap", "value": cap, "unit": "ply"})
    return [{c: plain(row.get(c)) for c in COLUMNS} for row in out]
