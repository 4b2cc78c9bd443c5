"""Mine puzzles from self-play: ``python -m playbook.puzzles.mine GAME --count N --seed S``.

An engine (:class:`~playbook.analysis.AlphaBeta` at a small fixed depth
or :class:`~playbook.analysis.GreedyAgent`) plays a
:class:`~playbook.analysis.RandomAgent`, both seeded from ``S``;
every position met where a player moves is tried with the rules alone
(:mod:`.solve`; in a game with dice, the dice are rolled from ``S``, and
a win counts only if it follows whatever they show): where
exactly one first move wins within one action, or none does but exactly
one wins within a deeper limit, it is a puzzle.  The depths tried and the
longest game played are each game's own (its descriptor's
``puzzle_depths`` and ``puzzle_plies``).  The
puzzles are written into the game's own package, to the file its
descriptor names (``puzzle_file``; by default ``puzzles.json`` beside the
module of its class), or ``--out`` elsewhere, easiest first.  No clock is read, so the same arguments give
the same file on every machine.

A game whose descriptor names a puzzle hook (:mod:`.hook`) makes its
puzzles its own way (:meth:`PuzzleHook.mine <.hook.PuzzleHook.mine>`:
built around a chosen kind of position, say, rather than met in
self-play), and ``--games`` does not apply to it.  Every puzzle is
verified again, by the rules alone, before the file is written.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import random
import sys

from ..analysis import AlphaBeta, GreedyAgent, RandomAgent
from ..chance import Dice
from ..core import TooManyActions
from ..games import available, load
from . import NUMBERS, Puzzle, source
from .hook import hook
from .solve import line, moves, winning_moves

__all__ = ["mine", "minable", "main", "difficulty", "theme", "write"]

def minable() -> list[str]:
    """The installed games whose puzzles are mined from self-play: those
    declaring ``puzzle_depths`` (deeper searches cost the size of the
    action lists to that power, so games with long lists declare one
    action)."""
    return [key for key in available() if load(key).descriptor.puzzle_depths]


def _agents(rng: random.Random):
    """The two seeded players of one mining game: an engine and a random
    player, in a random order.  Two engines mostly play each other to a
    standstill (a hundred quiet turns, where a game ends that way); against random moves an engine
    wins, and the positions on the way are full of chances to take."""
    engines = [
        lambda s: AlphaBeta(depth=2, time_limit=None, seed=s),
        lambda s: AlphaBeta(depth=1, time_limit=None, seed=s),
        lambda s: GreedyAgent(seed=s),
    ]
    pair = [rng.choice(engines)(rng.randrange(10**6)), RandomAgent(seed=rng.randrange(10**6))]
    rng.shuffle(pair)
    return pair


def difficulty(plies: int, choices: int) -> int:
    """A puzzle's rating: 600, 400 more for each further move to find,
    and 10 for each first move to choose from (see :class:`Puzzle`)."""
    return 600 + 400 * (plies // 2) + 10 * choices



def theme(state, solution) -> str:
    """A puzzle's theme: in how many of the solver's moves it is won, and
    how the game ends (the game's own words)."""
    player = state.to_move
    own = 0
    for text in solution:
        own += state.to_move == player
        state = state.play(text)
    count = NUMBERS[own - 1] if own <= len(NUMBERS) else str(own)
    return f"win in {count}: {state.outcome.reason}"


def mine(name: str, count: int, seed: int, games: int = 400, report=None) -> list[Puzzle]:
    """Up to ``count`` puzzles of the game ``name`` from at most ``games``
    self-play games seeded by ``seed``.  Where deeper puzzles can be
    mined, at most half are one action deep."""
    if name not in minable():
        raise KeyError(f"puzzles are mined for {minable()}, not {name!r} (see playbook.puzzles)")
    rng = random.Random(seed)
    game = load(name)
    depths = game.descriptor.puzzle_depths
    shallow_quota = math.ceil(count / 2) if len(depths) > 1 else count
    found: dict[str, tuple] = {}
    seen: set[str] = set()
    shallow = 0
    for number in range(games):
        if len(found) >= count:
            break
        agents = _agents(rng)
        dice = Dice(rng.randrange(10**6))
        state = game.initial()
        for ply in range(game.descriptor.puzzle_plies):
            if state.outcome is not None or len(found) >= count:
                break
            text = state.to_text()
            if text not in seen and not state.chance:
                seen.add(text)
                try:
                    for depth in depths:
                        if depth == 1 and shallow >= shallow_quota:
                            if winning_moves(state, 1):
                                break
                            continue
                        winners = winning_moves(state, depth)
                        if len(winners) == 1:
                            solution = line(state, depth)
                            found[text] = (depth, len(moves(state)), solution, number, ply)
                            shallow += depth == 1
                        if winners:
                            break
                except TooManyActions:
                    pass  # no puzzle asks a learner to search a list this long
            state = state.play(dice.roll(state) if state.chance else agents[ply % 2].choose(state))
        if report:
            report(f"game {number + 1}: {len(found)} puzzles")
    ranked = sorted(found.items(), key=lambda kv: (difficulty(kv[1][0], kv[1][1]), kv[1][3], kv[1][4]))
    out = []
    for i, (text, (_depth, choices, solution, _number, _ply)) in enumerate(ranked, start=1):
        out.append(Puzzle(f"{name}-{i:03d}", name, text, tuple(solution), len(solution),
                          theme(game.parse(text), solution), difficulty(len(solution), choices)))
    return out


def write(name: str, found: list[Puzzle], seed: int, path: pathlib.Path) -> None:
    """Write the puzzles of ``name`` as JSON to ``path``."""
    data = {"game": name, "seed": seed, "puzzles": [p.to_json() for p in found]}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    """The command line: mine and write one game's puzzles."""
    parser = argparse.ArgumentParser(prog="python -m playbook.puzzles.mine", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=available(), help="the game's key")
    parser.add_argument("--count", type=int, default=50, help="puzzles wanted (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the self-play games (default 1)")
    parser.add_argument("--games", type=int, default=400, help="most self-play games to play (default 400)")
    parser.add_argument("--out", type=pathlib.Path, default=None, help="the JSON file to write")
    args = parser.parse_args(argv)
    report = lambda m: print(m, file=sys.stderr)  # noqa: E731
    rules = hook(args.game)
    if rules is not None:
        found = rules.mine(args.game, args.count, args.seed, report)
    else:
        found = mine(args.game, args.count, args.seed, args.games, report=report)
    for puzzle in found:
        puzzle.verify()  # every puzzle written holds by the rules alone
    out = args.out or pathlib.Path(str(source(args.game)))
    write(args.game, found, args.seed, out)
    print(f"{len(found)} puzzles written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
