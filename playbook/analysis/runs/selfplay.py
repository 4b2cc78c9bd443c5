"""Self-play: many games between agents, summarised for balance questions.

``selfplay(game, agents, games=200)`` plays the games and returns a
:class:`SelfPlay`.  ``agents`` holds one entry per player (in
seat order: ``game.players``, or the start position's ``players`` where
the setup chooses them), each an agent (anything with ``choose``; it is
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

Two kinds of settings are kept apart, under the names a
:class:`~playbook.records.Record` keeps them by.  ``options=`` chooses the
rules (the rule variants, what ``load(name, **options)`` takes, say Cosmic
Chess's ``quiet_limit``; a game already loaded with options brings its
own; ``variant=``, its old name, is still taken with a warning);
``setup=`` chooses the start (what ``game.initial(**setup)`` takes, say
``first="black"``).  Each refuses the other's keys with an error that
names the right one.

Each game's record is a :class:`~playbook.records.Record`
(``result.records``), as a board's or a saved game's is: the agent in
each seat is its ``players`` (seat -> agent's name), the rule variants its
``options``, the start settings its ``setup``; its ``seed``, ``first``
(the player who made the first move of play, after any set-up),
``opening`` (that first move), ``setup_plies``, ``book`` (random plies
played before the agents took over), ``pair``, ``seconds`` and ``error``
are typed fields, and ``notes`` hold what the engines reported about each
move (see :mod:`~playbook.analysis.runs.notes`; empty when none did).  Its
``result`` follows the one convention of records (winners joined by
``" and "``, ``"draw"``, ``""`` unfinished), read through ``winners``,
``winner``, ``draw``, ``unfinished`` and ``plies``.  Games stopped at
``max_plies`` or by an error are kept and reported as unfinished (the
``reason`` says which), never dropped; a run says (a warning) how many
stopped at ``max_plies``.
``result.frame()`` is a pandas DataFrame.

Errors surface: agents a run cannot use are refused before it starts,
and a run in which more than ``max_errors`` games fail raises
:class:`SelfPlayError` with the first failure's cause.  A run that will
take long (engines thinking by the clock) says so before it starts.

The first move of play: a game in set-up says so through its state (see
:func:`~playbook.analysis.engines.evaluation.in_setup`: the state's declared
``setting_up``); the default is that play starts with the first action.
In Cresnovian Chess the first player places the pieces and the second
moves first, so ``first`` is ``"second"`` there.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from itertools import combinations

from ...core import Game
from ...records import Record
from ..statistics.stats import sprt as sequential_test
from .games import SelfPlayError, agent_name, check_agents, seats_for, ship
from .results import SelfPlay, Tournament, first_scores
from .running import Jobs, progress_bar, run_games, shows_progress
from .settings import (
    check_counts,
    check_seeds,
    option_names,
    prepare,
    warn_if_book_long,
    warn_if_long,
    warn_if_stopped,
)
from .store import keep_results

__all__ = ["selfplay", "tournament"]


def selfplay(game, agents, games: int = 100, max_plies: int = 500, executor: Executor | None = None,
             options: dict | None = None, setup: dict | None = None, seed: int = 0, progress: bool | None = None,
             batch: int | None = None, names: Sequence[str] | None = None, max_errors: int | None = 3,
             variant: dict | None = None, out=None, book: int = 0, rotate: bool = False,
             sprt: tuple[float, float] | None = None, same_dice: bool = False) -> SelfPlay:
    """Play ``games`` games of ``game`` (a game or its name) between
    ``agents`` (one agent or factory per player, or a factory of all of
    them) and return a :class:`SelfPlay`.

    ``options``: rule variants, as :func:`~playbook.games.load` takes them
    (``variant``: its old name, taken with a warning);
    ``setup``: start settings, as ``game.initial`` takes them (the wrong
    one of the two is refused, naming the right one); ``executor``: run the
    games on it (any ``concurrent.futures`` executor; Dask's too); game
    ``k`` has the seed ``seed + k``; ``progress``: a tqdm bar (default:
    only when writing to a terminal or a notebook); ``batch``: games per
    task sent to the executor; ``names``: how to call the agents in the
    records; ``max_errors``: how many games may fail before the run raises
    :class:`SelfPlayError` (None: never); ``out``: a folder to write the
    records to in Parquet as the games finish, where a run that stopped is
    resumed by the same call (see :mod:`~playbook.analysis.runs.store`);
    ``book``: how many actions at the start of each game are random
    (drawn from the game's seed) before the agents take over, as an
    opening book does, so that engines that always choose alike still
    play varied games.  In a game with chance the dice are rolled from each
    game's seed, so a run is the same on every machine and executor.

    ``rotate=True``: the agents change seats from game to game, game ``k``
    seating them turned ``k`` places round, and every full turn of the
    seats opens with the same ``book`` actions (drawn from the seed of its
    first game, kept as the records' ``pair``), and with ``same_dice=True``
    (in a game with chance) rolls the same dice (:func:`dice_for`), so the
    luck of the dice falls alike on both seatings when two different
    agents meet (two copies of one engine would play one game twice): in
    a two-player game,
    colour-reversed pairs from one opening, which
    :meth:`SelfPlay.pair_score` and :meth:`SelfPlay.first_move_pairs` read
    pair by pair (:mod:`~playbook.analysis.statistics.exact`).  ``sprt=(elo0, elo1)`` (two agents, kept
    in memory, not with ``out``): stop as soon as Wald's sequential test
    tells "the first agent is ``elo0`` Elo stronger" from "``elo1``
    stronger", as :func:`tournament` does; the test is the result's
    ``sprt``.
    """
    game, setup = prepare(game, options, setup, variant)
    seats = seats_for(game, setup)
    if isinstance(agents, (list, tuple)):
        if len(agents) != len(seats):
            raise SelfPlayError(f"agents: {game.title} has {len(seats)} players {seats}; got {len(agents)} agents")
        label_names = {
            p: (names[k] if names else agent_name(a)) for k, (p, a) in enumerate(zip(seats, agents, strict=True))
        }
    else:
        label_names = None
    check_counts(games, max_plies, batch, book)
    check_seeds(seed, games)
    if (rotate or sprt) and label_names is None:
        raise SelfPlayError("rotate= and sprt= need one agent or factory per player, not a factory of all of them")
    if same_dice and not rotate:
        raise SelfPlayError("same_dice= shares the dice within each turn of the seats: it needs rotate=True")
    if sprt is not None and (len(seats) != 2 or out is not None):
        raise SelfPlayError("sprt= tests the first agent against the second in a two-player game, in memory "
                            "(not with out=)")
    made = check_agents(game, agents, seed, seats)
    warn_if_long(game, made, games, executor)
    if label_names is not None and (rotate or sprt):
        label_names = dict(zip(seats, _distinct(list(label_names.values())), strict=True))
    jobs = _jobs(game, agents, setup, max_plies, label_names, book, seed, games, rotate, same_dice)
    label = f"{game.title} self-play"
    test = None
    if sprt is not None:
        records, test = _sequential(jobs, executor, label, progress, batch, max_errors,
                                    list((label_names or {}).values()), sprt)
    elif out is not None:
        records = keep_results(
            out,
            game,
            setup,
            label_names or dict(zip(seats, map(agent_name, made), strict=True)),
            max_plies,
            seed,
            jobs,
            lambda todo, keep: run_games(todo, executor, label, progress, batch, max_errors, keep=keep),
            book=book,
            rotate=rotate,
            same_dice=same_dice,
        )
    else:
        records = run_games(jobs, executor, label, progress, batch, max_errors)
    warn_if_stopped(game, records, max_plies)
    warn_if_book_long(game, records, book)
    return SelfPlay(records, game.name, sprt=test)


def _distinct(names: list[str]) -> list[str]:
    """``names``, numbered (``"random #1"``, ``"random #2"``) when some are alike, so each agent is told apart."""
    return names if len(set(names)) == len(names) else [f"{n} #{k + 1}" for k, n in enumerate(names)]


def _jobs(game: Game, agents, setup: dict, max_plies: int, names: dict | None, book: int, seed: int, games: int,
          rotate: bool, same_dice: bool = False) -> Jobs:
    """The (payload, seed) of each game of a self-play run, made as they
    are asked for: game ``k`` has the seed ``seed + k``; with ``rotate``,
    the agents seated turned ``k`` places round and the book (and with
    ``same_dice`` the dice) drawn from
    the seed of the turn's first game."""
    if not rotate:
        return Jobs([ship((game, agents, setup, max_plies, names, book))], range(seed, seed + games))
    seats = list(names or {})
    labels = list((names or {}).values())
    n = len(seats)
    blobs = []
    for turn in range(n):
        order = list(range(turn, n)) + list(range(turn))  # seat j holds agent order[j]
        blobs.append(ship((game, [agents[a] for a in order], setup, max_plies,
                             dict(zip(seats, (labels[a] for a in order), strict=True)), book,
                             (seed, n, same_dice))))
    return Jobs(blobs, range(seed, seed + games))




def tournament(game, agents, games: int = 10, max_plies: int = 500, executor: Executor | None = None,
               options: dict | None = None, setup: dict | None = None, seed: int = 0, progress: bool | None = None,
               batch: int | None = None, names: Sequence[str] | None = None, anchor: str | None = None,
               book: int = 2, sprt: tuple[float, float] | None = None, players: int | None = None,
               max_errors: int | None = 3, variant: dict | None = None) -> Tournament:
    """Every group of ``players`` agents (default: as many as the game
    seats) out of ``agents`` (agents or factories, or a dict name ->
    agent) plays ``games`` games with rotating seats: game ``k`` of a
    group seats its agents turned ``k`` places round, and each full turn
    of the seats starts with the same ``book`` random actions (drawn from
    its seed), so no agent gains from a lucky opening or seat; in a game
    with dice, the games of a turn also roll the same dice (they share the
    seed), so no agent gains from a lucky roll either.  In a
    two-player game these are colour-reversed pairs.  ``players=N`` seats
    N in games that take a number of players at the start (Chess Wheel+:
    3 to 8).  Returns a :class:`Tournament` with Elo-style ratings.
    ``anchor`` names the agent rated 0 (default: the mean is 0).

    ``sprt=(elo0, elo1)`` (two agents, two seats): stop as soon as Wald's
    sequential test (:func:`~playbook.analysis.statistics.stats.sprt`, errors of 5%
    either way) tells "the first agent is ``elo0`` Elo stronger" from
    "``elo1`` stronger", checking after each pair of games in order, so
    the games counted are the same on any executor; ``games`` is then the
    most played.  The other arguments are as for :func:`selfplay`."""
    game, setup = prepare(game, options, setup, variant)
    check_counts(games, max_plies, batch, book)
    if players is not None and players != len(seats_for(game, setup)):
        seats = game.descriptor.seats
        if players not in seats or "players" not in option_names(game.descriptor.settings):
            many = seats.fewest if seats.fixed else f"{seats.fewest} to {seats.most}"
            raise SelfPlayError(f"players: {game.title} is for {many} players, not {players}")
        setup = {**setup, "players": players}
        prepare(game, None, setup, None)
    seats = seats_for(game, setup)
    if isinstance(agents, dict):
        names, specs = list(agents), list(agents.values())
    else:
        specs = list(agents)
        names = list(names) if names else [agent_name(a) for a in specs]
    if len(set(names)) != len(names):
        names = [f"{n} #{k + 1}" for k, n in enumerate(names)]
    if len(specs) < len(seats):
        raise SelfPlayError(f"agents: {len(seats)} seats a game need at least {len(seats)} agents; got {len(specs)}")
    if sprt is not None and (len(specs) != 2 or len(seats) != 2):
        raise SelfPlayError(f"sprt= tests one agent against another in a two-player game; got {len(specs)} agents "
                            f"and {len(seats)} seats")
    made = []
    for spec in specs:
        made += check_agents(game, [spec] * len(seats), seed, seats)[:1]
    groups = list(combinations(range(len(specs)), len(seats)))
    warn_if_long(game, made, games * len(groups), executor)
    jobs = []
    for g, group in enumerate(groups):
        blobs = []
        for turn in range(len(seats)):
            order = group[turn:] + group[:turn]
            blobs.append(ship((game, [specs[a] for a in order], setup, max_plies,
                                 dict(zip(seats, (names[a] for a in order), strict=True)), book)))
        for k in range(games):
            jobs.append((blobs[k % len(seats)], seed + g * 10_000 + k // len(seats)))
    label = f"{game.title} tournament"
    if sprt is None:
        records = run_games(jobs, executor, label, progress, batch, max_errors)
        test = None
    else:
        records, test = _sequential(jobs, executor, label, progress, batch, max_errors, names, sprt)
    warn_if_stopped(game, records, max_plies)
    return Tournament(records, game.name, names=names, anchor=anchor, seed=seed, sprt=test)


def _sequential(jobs, executor, label, progress, batch, max_errors, names, bounds):
    """Play ``jobs`` a round at a time until the sequential test decides;
    the records up to the deciding game, and the test."""
    step = 2 * max(1, batch or 1) * (2 if executor is not None else 1)
    bar = progress_bar(len(jobs), label, shows_progress(progress))
    records: list[Record] = []
    try:
        for start in range(0, len(jobs), step):
            records += run_games(jobs[start:start + step], executor, label, progress, batch, max_errors, bar=bar)
            test = sequential_test(first_scores(records, names[0]), *bounds)
            if test["decision"] != "not decided":
                break
    finally:
        bar.close()
    # Keep the games up to the one that decided, whatever the executor ran beyond it.
    counted = 0
    for k, r in enumerate(records):
        if not r.unfinished:
            counted += 1
        if counted == test["games"] and test["decision"] != "not decided":
            records = records[:k + 1]
            break
    return records, test
