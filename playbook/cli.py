"""The ``playbook`` command: self-play runs too long for a notebook, and
``playbook check GAME`` (every shared check on a game, see
:mod:`playbook.checks.command`), ``playbook new-game`` and ``playbook lite``.

    playbook selfplay cosmic --agents random,alphabeta:nodes=2000 --games 10000 --out cosmic-ab
    playbook selfplay cosmic --agents random,random --games 1000000 --out cosmic-random \\
        --scheduler tcp://10.0.0.5:8786 --option quiet_limit=50

plays the games with a progress bar and writes their records to the
folder given by ``--out`` in Parquet as they finish (see
:mod:`playbook.analysis.store`); the same command again, with as many
games or more, plays only the games not yet in the folder.  Read the
results with ``playbook.analysis.load_results(PATH)``.

``--agents`` names one agent per player, separated by commas: ``random``,
``greedy``, ``alphabeta`` or ``mcts``, each optionally followed by its
settings as ``:key=value`` (``alphabeta:nodes=2000``,
``mcts:iterations=400:exploration=1.4``); game ``k`` seeds every agent
from ``--seed`` plus ``k``.  ``--option key=value`` (repeatable; its old
name ``--variant`` still works) chooses rule variants as ``load`` takes
them, ``--setup key=value`` start
settings as ``game.initial`` takes them; ``--book N`` plays the first
``N`` actions of each game at random (from its seed), so that engines
which always choose alike play varied games.  The games run in this process,
on ``--workers N`` local processes, or on the Dask cluster whose
scheduler is at ``--scheduler ADDRESS``.

``--rotate`` seats the agents turned one place round from game to game,
each turn of the seats opening alike (colour-reversed pairs).
``playbook summary FOLDER`` prints a folder's figures with their 95%
intervals: results, the first mover's score (draws as draws, unfinished
games counted), pairs and agents when seats rotated, the median length.

Ctrl-C or SIGTERM (``timeout``, a cluster's scheduler, a closed terminal)
stops a run within seconds, without a traceback: the games that finished
are written (those still being played on a cluster are dropped, not
waited for) and the same command again plays only the rest.  The exit
status is then 130 (Ctrl-C) or 143 (SIGTERM).
"""

from __future__ import annotations

import argparse
import inspect
import signal
import sys
import threading

from . import lite, scaffold
from .analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent, load_results, selfplay
from .analysis.report import report
from .analysis.store import signals_held
from .analysis.words import counted
from .checks import command as check
from .core import PlaybookError
from .games import available

__all__ = ["main", "AgentSpec", "parse_agents", "parse_setting", "AGENTS"]


#: The agents the command knows, by the name it takes them under.
AGENTS = ("random", "greedy", "alphabeta", "mcts")


def _agent_classes() -> dict:
    return dict(zip(AGENTS, (RandomAgent, GreedyAgent, AlphaBeta, MCTS), strict=True))


class CommandError(PlaybookError):
    """An option of the command that cannot be used, with what to give instead."""


def parse_value(text: str):
    """A setting's value from its text: a whole number, a decimal, true,
    false, none, or else the text itself.

    >>> [parse_value(t) for t in ("10", "0.5", "true", "none", "black")]
    [10, 0.5, True, None, 'black']
    """
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_setting(text: str, option: str) -> tuple[str, object]:
    """``key=value`` as a pair (the value read by :func:`parse_value`);
    anything else raises :class:`CommandError` naming ``option``.

    >>> parse_setting("quiet_limit=10", "--option")
    ('quiet_limit', 10)
    """
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key.isidentifier() or not value.strip():
        raise CommandError(f"{option}: expected key=value (such as quiet_limit=50), not {text!r}")
    return key, parse_value(value.strip())


class AgentSpec:
    """A factory ``seed -> agent`` made from its text on the command line
    (``"alphabeta:nodes=2000"``): the agent ``kind`` and its ``settings``.
    It is named after its text in the records, and travels to the workers
    as plain data."""

    def __init__(self, text: str):
        kind, *pairs = [part.strip() for part in text.strip().split(":")]
        classes = _agent_classes()
        if kind not in classes:
            raise CommandError(f"--agents: unknown agent {kind!r}; the agents are {', '.join(AGENTS)}")
        accepted = [name for name in inspect.signature(classes[kind]).parameters if name != "seed"]
        settings = {}
        for pair in pairs:
            key, value = parse_setting(pair, f"--agents {kind}")
            if key not in accepted:
                raise CommandError(f"--agents: {kind} has no setting {key!r}; its settings are {', '.join(accepted)}")
            settings[key] = value
        self.kind, self.settings = kind, settings
        self.__name__ = ":".join([kind] + [f"{k}={v}" for k, v in settings.items()])
        try:
            self(0)
        except (TypeError, ValueError) as exc:
            raise CommandError(f"--agents: {self.__name__}: {exc}") from None

    def __call__(self, seed: int):
        return _agent_classes()[self.kind](**{"seed": seed, **self.settings})

    def __repr__(self) -> str:
        return f"AgentSpec({self.__name__!r})"


def parse_agents(text: str) -> list[AgentSpec]:
    """The agents of ``--agents``: texts separated by commas."""
    texts = [t for t in text.split(",") if t.strip()]
    if not texts:
        raise CommandError(f"--agents: name one agent per player, such as random,random; got {text!r}")
    return [AgentSpec(t) for t in texts]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="playbook", description="Study the playbook games from a terminal: self-play "
                                     "runs and their figures, a new game of your own and its checks, the offline "
                                     "tutorial site.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    run = commands.add_parser(
        "selfplay", help="play many games between agents and write their records to Parquet",
        description="Play games between agents and write their records to a folder in Parquet as they finish; "
                    "run again with more games to add the missing ones.")
    run.add_argument("game", metavar="GAME", help=f"the game's key: {', '.join(available())}")
    run.add_argument("--agents", required=True,
                     help="one agent per player, separated by commas: random, greedy, alphabeta or mcts, each with "
                          "optional :key=value settings (e.g. random,alphabeta:nodes=2000)")
    run.add_argument("--games", type=int, required=True, help="how many games the folder should hold")
    run.add_argument("--out", required=True, metavar="PATH", help="the folder the results are written to")
    where = run.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="N", help="play on N local processes")
    where.add_argument("--scheduler", metavar="ADDRESS", help="play on the Dask cluster with this scheduler")
    run.add_argument("--option", "--variant", dest="options", action="append", default=[], metavar="KEY=VALUE",
                     help="a rule variant, as load() takes it (repeatable; --variant is its old name)")
    run.add_argument("--setup", action="append", default=[], metavar="KEY=VALUE",
                     help="a start setting, as game.initial() takes it (repeatable)")
    run.add_argument("--seed", type=int, default=0, help="game k has the seed SEED + k (default 0)")
    run.add_argument("--max-plies", type=int, default=500, help="stop a game unfinished after this many actions")
    run.add_argument("--book", type=int, default=0, metavar="N",
                     help="play the first N actions of each game at random (from its seed) before the agents "
                          "take over, so engines that always choose alike play varied games (default 0)")
    run.add_argument("--batch", type=int, help="games a task sent to the workers (default: sized by a game's time)")
    run.add_argument("--rotate", action="store_true",
                     help="seat the agents turned one place round from game to game, each turn of the seats "
                          "opening with the same book (colour-reversed pairs in a two-player game)")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    told = commands.add_parser(
        "summary", help="print a results folder's figures with their intervals",
        description="Print the games, results, first mover's score (draws as draws, unfinished games counted), "
                    "pairs and lengths of a folder written by playbook selfplay, each with its 95% interval.")
    told.add_argument("folder", metavar="FOLDER", help="a folder written by playbook selfplay --out")
    check.add_arguments(commands.add_parser(
        "check", help="run every shared check on an installed game and say which rules it breaks",
        description="Run every check playbook makes of a game (the contract and random games played to their end, "
                    "the drawing, engines, records, puzzles, rules clarifications, the live board) and print each "
                    "one that fails with the rule it checks.  The exit status is 1 when a check failed."))
    scaffold.add_arguments(commands.add_parser(
        "new-game", help="write a new game's own package, found by playbook once installed",
        description="Write NAME/, an installable package holding a small complete game to turn into yours."))
    lite.add_arguments(commands.add_parser(
        "lite", help="build the tutorials as a static JupyterLite site (from a clone of the repository)",
        description="Build a static folder that runs the tutorials and puzzles in any browser, with no server."))
    return parser


def _executor(args):
    if args.workers is not None:
        if args.workers < 1:
            raise CommandError(f"--workers: at least 1, not {args.workers}")
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(args.workers, initializer=_worker_signals)
        # The workers start with the first task: Ctrl-C or SIGTERM during their fork would be lost (raised in a
        # fork hook, where Python drops exceptions), so they are started now, with both held back until done.
        with signals_held():
            pool.submit(int).result()
        return pool, None
    if args.scheduler is not None:
        try:
            from distributed import Client
        except ImportError:
            raise CommandError("--scheduler needs Dask: pip install 'playbook-games[analysis]'") from None
        try:
            client = Client(args.scheduler, timeout="20s")
        except OSError as exc:
            raise CommandError(f"--scheduler: no Dask scheduler answers at {args.scheduler}: {exc}") from None
        return client.get_executor(), client
    return None, None


def _check_counts(args) -> None:
    """Refuse counts that cannot make a run, naming the option."""
    if args.games < 1:
        raise CommandError(f"--games: at least 1, not {args.games}")
    if args.book < 0:
        raise CommandError(f"--book: a number of random opening actions, 0 or more, not {args.book}")
    if args.max_plies < 1:
        raise CommandError(f"--max-plies: at least 1 action a game, not {args.max_plies}")
    if args.batch is not None and args.batch < 1:
        raise CommandError(f"--batch: at least 1 game a task, not {args.batch} (leave it out to size tasks by time)")


def _worker_signals() -> None:
    """A local worker process's signals: Ctrl-C reaches every process of
    the terminal, and the workers leave it to the command, which stops the
    run; SIGTERM ends a worker at once (the command's own handler, copied
    into it, is not for it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})  # held while it was started


def _close(executor, client, stopped: bool) -> None:
    """Let the executor and the Dask client go; after a stop, without
    waiting for the tasks still out (their games are played again by the
    next run): local worker processes are ended."""
    if executor is not None:
        if stopped:
            # A process pool's workers, taken before shutdown lets go of them: ended at once, their games are
            # played again next run (else each plays its task to the end, and the command waits for it).
            processes = list((getattr(executor, "_processes", None) or {}).values())
            try:
                executor.shutdown(wait=False, cancel_futures=True)
            except TypeError:  # Dask's executor cancels what is left on its own
                executor.shutdown(wait=False)
            for process in processes:
                process.terminate()
        else:
            executor.shutdown()
    if client is not None:
        client.close(timeout=5)


def selfplay_command(args) -> int:
    """Run ``playbook selfplay`` with parsed ``args``; the exit status."""
    if args.game not in available():
        raise CommandError(f"GAME: unknown game {args.game!r}; the games are {', '.join(available())}")
    _check_counts(args)
    agents = parse_agents(args.agents)
    options = dict(parse_setting(t, "--option") for t in args.options)
    setup = dict(parse_setting(t, "--setup") for t in args.setup)
    before = _games_in(args.out, range(args.seed, args.seed + args.games))
    executor, client = _executor(args)
    stopped = True
    try:
        result = selfplay(args.game, agents, games=args.games, max_plies=args.max_plies, executor=executor,
                          options=options, setup=setup, seed=args.seed, progress=not args.quiet, batch=args.batch,
                          out=args.out, book=args.book, rotate=args.rotate)
        stopped = False
    finally:
        _close(executor, client, stopped)
    s = result.summary()
    print(f"{s['games']} games of {args.game} in {args.out} ({s['games'] - before} played now): "
          f"wins {s['wins']}, {counted(s['draws'], 'draw')}, {s['unfinished']} unfinished, median length "
          f"{s['median_plies'] or 'beyond the cap'} plies")
    return 0


def summary_command(args, parser: argparse.ArgumentParser) -> int:
    """Run ``playbook summary FOLDER``: print the folder's figures (see
    :func:`~playbook.analysis.report.report`); the exit status."""
    try:
        run = load_results(args.folder)
    except FileNotFoundError as exc:
        parser.exit(2, f"playbook summary: error: {exc}\n")
    print(report(run, args.folder))
    return 0


def _games_in(path, seeds=None) -> int:
    """How many games the folder ``path`` holds (0 when it holds none),
    of those ``seeds`` only when given."""
    try:
        return len(load_results(path, seeds=seeds))
    except FileNotFoundError:
        return 0


class Stop(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the run stops and keeps what finished."""


def _on_sigterm(signum, frame) -> None:
    raise Stop


def _stopped(out: str, status: int) -> int:
    """Say what a stopped run kept; the exit status."""
    print(f"\nstopped; the {_games_in(out)} games that finished are in {out}: run the same command to play the rest",
          file=sys.stderr)
    return status


def main(argv=None) -> int:
    """The ``playbook`` command (``argv``: its arguments, by default the
    command line's); the exit status.  Bad options end it with status 2
    and a message naming the option."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "lite":
        return lite.main(args)
    if args.command == "new-game":
        return scaffold.main(args)
    if args.command == "check":
        return check.main(args)
    if args.command == "summary":
        return summary_command(args, parser)
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if threading.current_thread() is threading.main_thread() \
        else None
    try:
        return selfplay_command(args)
    except (PlaybookError, ValueError) as exc:  # bad settings: the games' and agents' own checks
        parser.exit(2, f"playbook {args.command}: error: {exc}\n")
    except Stop:
        return _stopped(args.out, 128 + signal.SIGTERM)
    except KeyboardInterrupt:
        return _stopped(args.out, 130)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
