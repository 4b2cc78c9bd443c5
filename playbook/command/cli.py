"""The ``playbook`` command: self-play runs too long for a notebook, and
``playbook check GAME`` (every shared check on a game, see
:mod:`playbook.checks.command`), ``playbook new-game`` and ``playbook lite``.

::

    playbook selfplay cosmic --agents random,alphabeta:nodes=2000 --games 10000 --out cosmic-ab
    playbook selfplay cosmic --agents random,random --games 1000000 --out cosmic-random \\
        --scheduler tcp://10.0.0.5:8786 --option quiet_limit=50

plays the games with a progress bar and writes their records to the
folder given by ``--out`` in Parquet as they finish (see
:mod:`playbook.analysis.runs.store`); the same command again, with as many
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
each turn of the seats opening alike (colour-reversed pairs); with
``--same-dice``, in a game with dice, the games of a turn also roll the
same dice.
``playbook summary FOLDER`` prints a folder's figures with their 95%
intervals: results, the first mover's score (draws as draws, unfinished
games counted), pairs and agents when seats rotated, the median length
and the ply cap.

    playbook balance kelasu --pairs 50 --workers 2 --plot ladder.png
    playbook compare cosmic --option compulsory_capture=true --agents greedy,random --sprt 0.1

``playbook balance GAME`` asks a ladder of engines (``--engines``, as
``--agents`` takes them, weakest first) whether moving first helps
(:func:`~playbook.analysis.statistics.balance.balance`); ``playbook compare GAME
--option KEY=VALUE`` plays the same seeds under the standard rules (or
``--base``) and under the variant (:func:`~playbook.analysis.statistics.compare.compare`),
with ``--sprt`` stopping both once the paired sequential test decides.
Both keep their games in memory, show progress bars and draw with
``--plot FILE``; they and ``summary`` write ``--json`` or ``--csv``
instead of text.

Ctrl-C or SIGTERM (``timeout``, a cluster's scheduler, a closed terminal)
stops a run within seconds, without a traceback, and the same command
again plays only the rest.  The games that finished are written: those
played here, and with ``--workers`` those its workers finished (each
hands back its task's finished games at once, dropping the game it was
playing); on a cluster, those of the tasks back within three seconds of
the stop (see :mod:`playbook.analysis.runs.running`).  The exit status is then
130 (Ctrl-C) or 143 (SIGTERM).

``--workers N`` starts its processes one at a time as the tasks go out,
never more than the games left to play; more than the machine's CPUs
warns, more than eight a CPU is refused.  ``playbook summary`` exits 1
when it left files out (the report names each, with its games and why)
or found no game.
"""

from __future__ import annotations

import argparse
import csv
import inspect
import io
import json
import signal
import sys
import threading
import warnings
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from .. import scaffold, site
from ..analysis import MCTS, AlphaBeta, GreedyAgent, RandomAgent, compare, load_results, read_settings, selfplay
from ..analysis.extras import need
from ..analysis.runs.pool import LocalPool
from ..analysis.runs.settings import settings_text
from ..analysis.runs.store import DamagedResults, ResultsError
from ..analysis.runs.tasks import cpu_count
from ..analysis.statistics.balance import LADDER, balance
from ..analysis.statistics.compare import sequential_text
from ..analysis.statistics.report import figures, plain, report
from ..analysis.statistics.report import rows as summary_rows
from ..analysis.statistics.survival import plies_text
from ..analysis.words import counted
from ..checks import command as check
from ..core import PlaybookError
from ..games import available

__all__ = ["main", "AgentSpec", "parse_agents", "parse_setting", "AGENTS"]

T = TypeVar("T")


#: The agents the command knows, by the name it takes them under.
AGENTS = ("random", "greedy", "alphabeta", "mcts")


#: Agent settings that take a function (given in Python, never on a command line).
FUNCTION_SETTINGS = ("evaluation",)


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
        accepted = [name for name in inspect.signature(classes[kind]).parameters
                    if name not in ("seed", "args") + FUNCTION_SETTINGS]
        settings = {}
        for pair in pairs:
            key, value = parse_setting(pair, f"--agents {kind}")
            if key in FUNCTION_SETTINGS:
                raise CommandError(f"--agents: {kind}'s {key} is a function, which a command line cannot give; "
                                   f"its settings here are {', '.join(accepted)}")
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
    where.add_argument("--workers", type=int, metavar="N", help=WORKERS_HELP)
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
    run.add_argument("--same-dice", action="store_true",
                     help="with --rotate, in a game with dice: every game of a turn of the seats rolls the same "
                          "dice, so their luck falls alike on both seatings")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    told = commands.add_parser(
        "summary", help="print a results folder's figures with their intervals",
        description="Print the games, results, first mover's score (draws as draws, unfinished games counted), "
                    "pairs and lengths of a folder written by playbook selfplay, each with its 95% interval.")
    told.add_argument("folder", metavar="FOLDER", help="a folder written by playbook selfplay --out")
    _output_arguments(told)
    _study_arguments(commands)
    check.add_arguments(commands.add_parser(
        "check", help="run every shared check on an installed game and say which rules it breaks",
        description="Run every check playbook makes of a game (the contract and random games played to their end, "
                    "the drawing, engines, records, puzzles, rules clarifications, the live board) and print each "
                    "one that fails with the rule it checks.  The exit status is 1 when a check failed."))
    scaffold.add_arguments(commands.add_parser(
        "new-game", help="write a new game's own package, found by playbook once installed",
        description="Write NAME/, an installable package holding a small complete game to turn into yours."))
    site.add_arguments(commands.add_parser(
        "lite", help="build the tutorials as a static JupyterLite site (from a clone of the repository)",
        description="Build a static folder that runs the tutorials and puzzles in any browser, with no server."))
    return parser


#: The most local worker processes a CPU may have: more only wait for a CPU, each holding its memory.
MOST_WORKERS_PER_CPU = 8

WORKERS_HELP = "play on N local processes (at most 8 a CPU; never more than the games to play)"


def _check_workers(workers: int) -> None:
    """Refuse a number of local workers that cannot make sense on this
    machine, and warn above its number of CPUs."""
    if workers < 1:
        raise CommandError(f"--workers: at least 1, not {workers}")
    cpus = cpu_count()
    if workers > MOST_WORKERS_PER_CPU * cpus:
        raise CommandError(f"--workers: {workers:,} processes on a machine with {counted(cpus, 'CPU')} would each "
                           f"wait for one while holding its memory; give at most {MOST_WORKERS_PER_CPU * cpus} "
                           f"({MOST_WORKERS_PER_CPU} a CPU), and no more than {cpus} to gain from them")
    if workers > cpus:
        print(f"playbook: warning: --workers {workers} on {counted(cpus, 'CPU')}: the workers take "
              f"turns on them, and {cpus} play as fast", file=sys.stderr)


def _executor(args, games: int | None = None):
    """The executor of a run (that has ``games`` games left to play, when known)."""
    if args.workers is not None:
        _check_workers(args.workers)
        # Never more workers than games (so than tasks); they start one at a time as tasks go out.
        return LocalPool(max(1, min(args.workers, games)) if games is not None else args.workers), None
    if args.scheduler is not None:
        try:
            distributed = need("distributed", "--scheduler")
        except ImportError as exc:
            raise CommandError(str(exc)) from None
        try:
            client = distributed.Client(args.scheduler, timeout="20s")
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


def _close(executor, client, stopped: bool) -> None:
    """Let the executor and the Dask client go; after a stop (whose run
    has kept what its tasks handed back), without waiting for the tasks
    still out (their games are played again by the next run): local
    worker processes are ended."""
    if executor is not None:
        if stopped and isinstance(executor, LocalPool):
            executor.end()
        elif stopped:
            executor.shutdown(wait=False)  # Dask's executor cancels what is left on its own
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
    executor, client = _executor(args, args.games - before)
    stopped = True
    try:
        result = selfplay(args.game, agents, games=args.games, max_plies=args.max_plies, executor=executor,
                          options=options, setup=setup, seed=args.seed, progress=not args.quiet, batch=args.batch,
                          out=args.out, book=args.book, rotate=args.rotate, same_dice=args.same_dice)
        stopped = False
    finally:
        _close(executor, client, stopped)
    s = result.summary()
    print(f"{s['games']} games of {args.game} in {args.out} ({s['games'] - before} played now): "
          f"wins {s['wins']}, {counted(s['draws'], 'draw')}, {s['unfinished']} unfinished, median length "
          f"{plies_text(s['median_plies'], args.max_plies)} plies")
    return 0


def summary_command(args, parser: argparse.ArgumentParser) -> int:
    """Run ``playbook summary FOLDER``: print the folder's figures (see
    :func:`~playbook.analysis.statistics.report.report`), or write them as JSON or
    CSV; the exit status: 0, or 1 when the folder holds no game or some
    of its files were left out (the report says which, and why), or 2
    when it cannot be read at all."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DamagedResults)  # the report names each file left out
            run = load_results(args.folder)
    except (FileNotFoundError, ResultsError) as exc:
        parser.exit(2, f"playbook summary: error: {exc}\n")
    cap = _ply_cap(args.folder)
    _write(args, lambda: report(run, args.folder, cap), lambda: figures(run, args.folder, cap),
           lambda: summary_rows(run, args.folder, cap))
    return 1 if run.left_out or not run.records else 0


def _ply_cap(folder) -> int | None:
    """The ply cap of the run that wrote ``folder``, from its settings (None when they do not say)."""
    try:
        cap = read_settings(folder).get("max_plies")
    except (OSError, ValueError):
        return None
    return cap if isinstance(cap, int) and not isinstance(cap, bool) else None


# ------------------------------------------------------- balance and compare


#: The ladder ``playbook balance`` climbs by default, as ``--engines`` takes it: weakest first (the rungs of
#: :data:`~playbook.analysis.statistics.balance.LADDER` are named by the texts that make them).
LADDER_TEXT = ",".join(LADDER)


def _output_arguments(command: argparse.ArgumentParser) -> None:
    """``--json`` and ``--csv``: a report's figures for a program instead of a reader."""
    form = command.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="write the figures as JSON, not as text")
    form.add_argument("--csv", action="store_true", help="write the figures as CSV, one row a figure, not as text")


def _run_arguments(command: argparse.ArgumentParser) -> None:
    """What ``balance`` and ``compare`` share with ``selfplay``: where to play, the start, the seeds."""
    where = command.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="N", help=WORKERS_HELP)
    where.add_argument("--scheduler", metavar="ADDRESS", help="play on the Dask cluster with this scheduler")
    command.add_argument("--setup", action="append", default=[], metavar="KEY=VALUE",
                         help="a start setting, as game.initial() takes it (repeatable)")
    command.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    command.add_argument("--max-plies", type=int, default=500, help="stop a game unfinished after this many actions")
    command.add_argument("--quiet", action="store_true", help="no progress bars")
    command.add_argument("--plot", metavar="FILE", help="also draw the figures into FILE (.png, .svg or .pdf)")
    _output_arguments(command)


def _study_arguments(commands) -> None:
    """The ``balance`` and ``compare`` commands' options."""
    study = commands.add_parser(
        "balance", help="ask a ladder of engines whether moving first helps",
        description="Play each engine of a ladder against a copy of itself in colour-reversed pairs and say, for "
                    "each, whether the first mover is favoured, with an exact test corrected for asking them all, "
                    "and how many pairs an undecided engine would need.")
    study.add_argument("game", metavar="GAME", help=f"the game's key: {', '.join(available())}")
    study.add_argument("--engines", default=LADDER_TEXT,
                       help=f"the ladder, weakest first, separated by commas, as --agents takes them (default "
                            f"{LADDER_TEXT})")
    study.add_argument("--pairs", type=int, default=20, help="colour-reversed pairs each engine plays (default 20)")
    study.add_argument("--book", type=int, default=6, metavar="N",
                       help="random actions opening each pair (default 6)")
    study.add_argument("--option", "--variant", dest="options", action="append", default=[], metavar="KEY=VALUE",
                       help="a rule variant, as load() takes it (repeatable)")
    _run_arguments(study)
    rules = commands.add_parser(
        "compare", help="tell whether a rule variant changes the game",
        description="Play the same agents on the same seeds under the standard rules (or --base) and under the "
                    "variant given by --option, and compare the first mover's score, the draws and the lengths.")
    rules.add_argument("game", metavar="GAME", help=f"the game's key: {', '.join(available())}")
    rules.add_argument("--option", "--variant", dest="options", action="append", default=[], metavar="KEY=VALUE",
                       required=True, help="the variant: a rule setting, as load() takes it (repeatable)")
    rules.add_argument("--base", action="append", default=[], metavar="KEY=VALUE",
                       help="a rule setting both sides of the comparison share (repeatable)")
    rules.add_argument("--agents", default="random,random",
                       help="one agent per player, as selfplay takes them (default random,random)")
    rules.add_argument("--games", type=int, default=100, help="games under each rule set (default 100; with "
                       "--sprt, the most played)")
    rules.add_argument("--sprt", metavar="CHANGE[,CHANGE1]",
                       help="stop once a sequential test on seeds paired across the two decides: one change in the "
                            "first mover's score (0.05: a change that large either way, or none), or two (0,0.05)")
    rules.add_argument("--book", type=int, default=0, metavar="N",
                       help="random actions opening each game (default 0)")
    rules.add_argument("--rotate", action="store_true", help="turn the seats from game to game")
    _run_arguments(rules)


def _write(args, text: Callable[[], str], numbers: Callable[[], object], table: Callable[[], list[dict]]) -> None:
    """Print a report as text, or its figures as JSON (``--json``) or CSV (``--csv``)."""
    if getattr(args, "json", False):
        print(json.dumps(plain(numbers()), indent=2, default=str))
    elif getattr(args, "csv", False):
        out = io.StringIO()
        found = table()
        writer = csv.DictWriter(out, fieldnames=list(found[0]) if found else [], lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: plain(v) for k, v in row.items()} for row in found)
        print(out.getvalue(), end="")
    else:
        print(text())


def _check_study(args) -> None:
    """Refuse counts that cannot make a study, naming the option."""
    if args.game not in available():
        raise CommandError(f"GAME: unknown game {args.game!r}; the games are {', '.join(available())}")
    if getattr(args, "pairs", 1) < 1:
        raise CommandError(f"--pairs: at least 1, not {args.pairs}")
    if getattr(args, "games", 1) < 1:
        raise CommandError(f"--games: at least 1, not {args.games}")
    if args.book < 0:
        raise CommandError(f"--book: a number of random opening actions, 0 or more, not {args.book}")
    if args.max_plies < 1:
        raise CommandError(f"--max-plies: at least 1 action a game, not {args.max_plies}")
    if args.plot and Path(args.plot).suffix.lower() not in (".png", ".svg", ".pdf"):
        raise CommandError(f"--plot: a .png, .svg or .pdf file, not {args.plot!r}")
    if args.plot and not Path(args.plot).expanduser().parent.is_dir():
        raise CommandError(f"--plot: no folder {str(Path(args.plot).parent)!r} to write {Path(args.plot).name!r} in")


def _plot(figure_axes, path: str) -> None:
    """Save the figure of ``figure_axes`` (a list of Axes) to ``path``."""
    figure_axes[0].figure.savefig(Path(path).expanduser(), dpi=120, bbox_inches="tight")


@contextmanager
def _warnings_as_lines():
    """Within it, each warning is one line on standard error, as a command's user reads it."""
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = lambda message, category, *rest: print(f"warning: {message}", file=sys.stderr)
        yield


def _played(args, play: Callable[[Executor | None], T]) -> T:
    """``play(executor)`` on this process, ``--workers`` or ``--scheduler``,
    its warnings one line each, the executor let go after (at once after a
    stop); matplotlib draws off screen when ``--plot`` asks for a file."""
    if args.plot:
        need("matplotlib", "--plot").use("Agg")
    executor, client = _executor(args)
    stopped = True
    try:
        with _warnings_as_lines():
            found = play(executor)
        stopped = False
    finally:
        _close(executor, client, stopped)
    return found


def balance_command(args) -> int:
    """Run ``playbook balance GAME``; the exit status."""
    _check_study(args)
    ladder = {spec.__name__: spec for spec in parse_agents(args.engines)}
    options = dict(parse_setting(t, "--option") for t in args.options)
    setup = dict(parse_setting(t, "--setup") for t in args.setup)
    study = _played(args, lambda executor: balance(
        args.game, ladder, pairs=args.pairs, book=args.book, seed=args.seed, options=options, setup=setup,
        max_plies=args.max_plies, executor=executor, progress=not args.quiet))

    def text() -> str:
        pandas = need("pandas", "the table of a balance study")
        with pandas.option_context("display.width", 250, "display.max_columns", 20, "display.max_colwidth", 80):
            return f"{study.table().to_string()}\n\n{study.agreement()}"

    _write(args, text, lambda: {"game": args.game, "pairs": args.pairs, "book": args.book, "seed": args.seed,
                                "options": options, "setup": setup, "max_plies": args.max_plies,
                                "agreement": study.agreement(), "engines": study.rows()}, study.rows)
    if args.plot:
        _plot(study.plot(), args.plot)
    return 0


def _sprt_text(text: str | None):
    """``--sprt``: one change (either way) or two."""
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise CommandError(f"--sprt: a change in the first mover's score (0.05) or two (0,0.05), not {text!r}") \
            from None
    if len(values) not in (1, 2):
        raise CommandError(f"--sprt: a change in the first mover's score (0.05) or two (0,0.05), not {text!r}")
    return values[0] if len(values) == 1 else tuple(values)


def compare_command(args) -> int:
    """Run ``playbook compare GAME --option KEY=VALUE``; the exit status."""
    _check_study(args)
    agents = parse_agents(args.agents)
    base = dict(parse_setting(t, "--base") for t in args.base)
    variant = {**base, **dict(parse_setting(t, "--option") for t in args.options)}
    setup = dict(parse_setting(t, "--setup") for t in args.setup)
    sprt = _sprt_text(args.sprt)
    first = "standard" if not base else settings_text(base)
    variants = {first: base, settings_text(variant): variant}
    if len(variants) < 2:
        raise CommandError(f"--option: the variant {settings_text(variant)} is the rules it is compared with")
    found = _played(args, lambda executor: compare(
        args.game, variants, agents, games=args.games, sprt=sprt, seed=args.seed, setup=setup,
        max_plies=args.max_plies, book=args.book, rotate=args.rotate, executor=executor, progress=not args.quiet))

    def text() -> str:
        pandas = need("pandas", "the table of a comparison")
        with pandas.option_context("display.width", 250, "display.max_columns", 20, "display.max_colwidth", 120):
            return found.table().T.to_string()

    def table() -> list[dict]:
        rows = []
        for row in found.rows():
            test = row.pop("sequential test", None)
            rows.append({**row, "settings": settings_text(row["settings"]),
                         "sequential test": sequential_text(test) if test is not None else None})
        return rows

    _write(args, text, lambda: {"game": args.game, "agents": args.agents, "seed": args.seed, "setup": setup,
                                "max_plies": args.max_plies, "variants": found.rows()}, table)
    if args.plot:
        _plot(found.plot(), args.plot)
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
        return site.main(args)
    if args.command == "new-game":
        return scaffold.main(args)
    if args.command == "check":
        return check.main(args)
    if args.command == "summary":
        return summary_command(args, parser)
    if args.command in ("balance", "compare"):
        return _study(args, parser)
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


def _study(args, parser: argparse.ArgumentParser) -> int:
    """Run ``playbook balance`` or ``playbook compare``: bad settings end
    it with status 2 and a message, a stop (Ctrl-C, SIGTERM) with status
    130 or 143 and a word, the games being kept in memory only."""
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if threading.current_thread() is threading.main_thread() \
        else None
    try:
        return balance_command(args) if args.command == "balance" else compare_command(args)
    except (PlaybookError, ValueError) as exc:
        parser.exit(2, f"playbook {args.command}: error: {exc}\n")
    except KeyboardInterrupt as stop:
        print(f"\nstopped; a {args.command} keeps its games in memory, so none were kept", file=sys.stderr)
        return 128 + (signal.SIGTERM if isinstance(stop, Stop) else signal.SIGINT)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
