"""A results folder's figures as text, each with its interval: what ``playbook summary FOLDER`` prints.

Every score counts draws as draws and says how many games were
unfinished and what the score would be with them as draws; lengths are
the Kaplan-Meier median (games stopped at the cap censored there, not
averaged in); runs with rotating seats add the pentanomial figures of
their colour-reversed pairs and each agent's score.
"""

from __future__ import annotations

from .selfplay import SelfPlay, settings_text
from .words import counted, plural

__all__ = ["report", "left_out_lines"]


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
    return line


def report(run: SelfPlay, name: str = "") -> str:
    """The figures of ``run`` (a folder's results, ``name`` its path) as
    lines of text, each with its number of games and 95% interval."""
    records = run.records
    if not records:
        return "\n".join([f"{name}: no games"] + left_out_lines(run))
    first = records[0]
    if any(r.pair is not None for r in records):
        agents = "agents " + " and ".join(sorted({a for r in records for a in r.players.values()})) + \
            ", seats rotating"
    else:
        agents = ", ".join(f"{p} {a}" for p, a in first.players.items())
    lines = [f"{name}: {len(records)} games of {run.game} ({agents}; options {settings_text(first.options)}; "
             f"setup {settings_text(first.setup)}; book {max(r.book for r in records)})"]
    s = run.summary()
    wins = ", ".join(f"{p} {k}" for p, k in sorted(s["wins"].items()))
    lines.append(f"results: {wins or 'no wins'}, {counted(s['draws'], 'draw')}, {s['unfinished']} unfinished "
                 f"({s['errors'] or 'none'} by an error)")
    advantage = run.first_move_advantage()
    lines.append(_score_line(f"first mover ({advantage['mover']})", advantage) + " (draws as draws, trinomial)")
    if any(r.pair is not None for r in records):
        lines.append(_score_line("first mover over colour-reversed pairs", run.first_move_pairs(), "pair")
                     + " (pentanomial)")
        for agent in sorted({a for r in records for a in r.players.values()}):
            lines.append(_score_line(f"{agent} over colour-reversed pairs", run.pair_score(agent), "pair"))
    median, low, high = run.lengths_survival().median()
    stopped = sum(1 for r in records if r.unfinished)

    def plies(x):
        return "beyond the cap" if x is None else f"{x}"

    lines.append(f"length: median {plies(median)} plies of play (95% interval {plies(low)} to {plies(high)}; "
                 f"Kaplan-Meier, {stopped} unfinished games counted as still going where they stopped)")
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
