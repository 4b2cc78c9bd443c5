"""How strong the engines are: matches in every game, printed as a table.

    python benchmarks/engine_strength.py [--games 20] [--time 0.2] [--workers 2] [--only cosmic,kelasu]

Targets: in every game AlphaBeta and MCTS at 0.2 s a move each win at
least 90% of 20 games against RandomAgent, and the stronger of the two (by
their own match) beats GreedyAgent.  Each match is played in
colour-reversed pairs from the same random opening; unfinished games count
as not won.  Beside each score is its 95% Wilson interval and the number
of games; where the interval holds 0.5 the match says "not decided"
rather than calling either engine the stronger.  Time limits are
wall-clock, so a busy machine weakens the engines: run it on a quiet one.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from playbook import available, load
from playbook.analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent, tournament
from playbook.analysis.statistics.stats import verdict, wilson


def alphabeta(limit: float, seed: int) -> AlphaBeta:
    return AlphaBeta(time_limit=limit, seed=seed)


def mcts(limit: float, seed: int) -> MCTS:
    return MCTS(time_limit=limit, seed=seed)


def match(game, first: str, second: str, agents: dict, games: int, executor, max_plies: int, seed: int) -> dict:
    """``first`` against ``second`` over ``games`` games, sides alternating."""
    t = tournament(game, {first: agents[first], second: agents[second]}, games=games, executor=executor,
                   max_plies=max_plies, seed=seed, progress=False, batch=1)
    rows = {r["name"]: r for r in t.ratings()}
    unfinished = sum(1 for r in t.records if r.unfinished)
    row = rows[first]
    return judged({"game": game.name, "agent": first, "opponent": second, "games": games, "wins": row["wins"],
                   "draws": row["draws"], "losses": row["losses"], "unfinished": unfinished,
                   "plies": sum(r.plies for r in t.records) / len(t.records)})


def judged(row: dict) -> dict:
    """``row`` with its ``score`` (unfinished games count as not won), the
    score's 95% Wilson interval ``low``-``high`` and ``verdict``: whether
    the interval lies above 0.5, below it, or holds it ("not decided")."""
    points = row["wins"] + row["draws"] / 2
    row["score"] = points / row["games"]
    row["low"], row["high"] = wilson(points, row["games"])
    row["verdict"] = verdict(row["low"], row["high"])
    return row


def target(row: dict, kind: str) -> tuple[str, str]:
    """The target a match is held to and whether it is met, missed or not
    decided (when the score's interval holds 0.5)."""
    if kind == "random":
        return ">= 0.90 wins", "met" if row["wins"] / row["games"] >= 0.9 else "MISSED"
    if kind == "stronger":
        return "decides the stronger", "met" if row["verdict"] != "not decided" else "not decided"
    return "> 0.50 score", {"above": "met", "below": "MISSED"}.get(row["verdict"], "not decided")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=0.2, help="seconds a move for AlphaBeta and MCTS")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--only", default="", help="comma-separated game keys (default: every available game)")
    args = parser.parse_args()
    names = [n for n in available() if not args.only or n in args.only.split(",")]
    agents = {
        "AlphaBeta": partial(alphabeta, args.time),
        "MCTS": partial(mcts, args.time),
        "Greedy": GreedyAgent,
        "Random": RandomAgent,
    }
    rows = []
    header = (f"{'game':11s} {'agent':10s} {'opponent':10s} {'n':>3s} {'W':>3s} {'D':>3s} {'L':>3s} {'unf':>4s} "
              f"{'score':>6s} {'95% interval':>12s} {'plies':>6s}  target")
    print(header)
    print("-" * len(header))
    with ProcessPoolExecutor(args.workers) as pool:
        for name in names:
            game = load(name)
            if len(game.players) != 2:
                print(f"{name:11s} skipped: {len(game.players)} players")
                continue
            began = time.perf_counter()
            found = []
            for engine in ("AlphaBeta", "MCTS"):
                r = match(game, engine, "Random", agents, args.games, pool, args.max_plies, seed=1)
                r["target"] = target(r, "random")
                found.append(r)
            head = match(game, "AlphaBeta", "MCTS", agents, max(2, args.games // 2), pool, args.max_plies, seed=2)
            head["target"] = target(head, "stronger")
            found.append(head)
            stronger = "AlphaBeta" if head["score"] >= 0.5 else "MCTS"
            r = match(game, stronger, "Greedy", agents, args.games, pool, args.max_plies, seed=3)
            r["target"] = target(r, "greedy")
            found.append(r)
            for r in found:
                label, status = r["target"]
                print(f"{name:11s} {r['agent']:10s} {r['opponent']:10s} {r['games']:3d} {r['wins']:3d} {r['draws']:3d} "
                      f"{r['losses']:3d} {r['unfinished']:4d} {r['score']:6.2f} {r['low']:5.2f} to {r['high']:4.2f} "
                      f"{r['plies']:6.0f}  {label}: {status}", flush=True)
            rows += found
            print(f"{'':11s} ({time.perf_counter() - began:.0f} s)", flush=True)
    met = sum(1 for r in rows if r["target"][1] == "met")
    open_ = sum(1 for r in rows if r["target"][1] == "not decided")
    print(f"\n{met} of {len(rows)} targets met, {open_} not decided, at {args.time} s a move, {args.games} games a match.")


if __name__ == "__main__":
    main()
