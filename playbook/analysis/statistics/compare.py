"""A designer's question in one call: does a rule variant change the game?

``compare(game, variants={"standard": {}, "compulsory": {"compulsory_capture": True}},
agents=[RandomAgent, RandomAgent], games=400)`` plays the same agents
under each variant (the same seeds, so the games differ only by the rules)
and returns a :class:`Comparison`: per variant the first mover's score,
the draw rate and the median length (Kaplan-Meier: games stopped at
the cap count as lasting at least that long, so a median beyond the cap
is reported as such, never as a number), each with its 95% interval and
the number of games, and the p-value of each difference from the first
variant; ``table()`` writes them out, ``plot()`` draws them and
``openings(name)`` tabulates the first moves of play.

>>> from playbook.analysis import RandomAgent
>>> c = compare("cosmic", {"100 quiet moves": {"quiet_limit": 100}, "40": {"quiet_limit": 40}},
...             [RandomAgent, RandomAgent], games=20, progress=False)
>>> [row["variant"] for row in c.rows()]
['100 quiet moves', '40']

``compare(..., sprt=0.05)`` (or ``sprt=(change0, change1)``) stops as
soon as the sequential test of the change each variant makes decides: every variant plays the
same seeds, round by round, and each seed's games make one paired change,
the first mover's score under the variant less its score under the first
variant (:func:`~playbook.analysis.statistics.stats.either_way_sprt`,
:func:`~playbook.analysis.statistics.stats.paired_sprt`); the run stops when
every variant's test has decided (or at ``games``), all variants at the
same seed, and ``table()`` says what each test decided.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...games import load
from ..extras import need
from ..runs.games import SelfPlayError
from ..runs.results import SelfPlay
from ..runs.running import progress_bar, shows_progress
from ..runs.selfplay import selfplay
from ..runs.tasks import workers_of
from .balance import change, search_depth, stopped_cap
from .plots import comparison
from .stats import either_way_sprt, paired_sprt, wilson
from .survival import logrank, median_text

__all__ = ["compare", "Comparison", "z_test"]


def z_test(a: Sequence[float], b: Sequence[float]) -> float | None:
    """The two-sided p-value that samples ``a`` and ``b`` share a mean, by
    a two-sample z-test (each mean's variance from its own sample, with
    n - 1): ``erfc(|z| / sqrt 2)``.  1 when the samples cannot differ (no
    spread and equal means), 0 when they differ with no spread; None when
    either sample has fewer than two values."""
    if len(a) < 2 or len(b) < 2:
        return None
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    var_a = sum((x - mean_a) ** 2 for x in a) / (len(a) - 1)
    var_b = sum((x - mean_b) ** 2 for x in b) / (len(b) - 1)
    se = math.sqrt(var_a / len(a) + var_b / len(b))
    if se == 0:
        return 1.0 if mean_a == mean_b else 0.0
    return math.erfc(abs(mean_a - mean_b) / se / math.sqrt(2))


def _first_score(record) -> float:
    """The first mover's score in a finished game: 1, 1/2 or 0."""
    return 0.5 if record.draw else 1.0 if record.first in record.winners else 0.0


def _first_scores(run: SelfPlay) -> list[float]:
    """The first mover's score in each finished game with a first move."""
    return [_first_score(r) for r in run.finished() if r.first is not None]


def paired_changes(base: Sequence, other: Sequence) -> list[tuple[int, float]]:
    """``(seed, change)`` for every seed both runs' records (``base`` and
    ``other``) finished with a first move, in the order of ``other``: the
    first mover's score under ``other`` less its score under ``base``."""
    by_seed = {r.seed: r for r in base if not r.unfinished and r.first is not None}
    return [(r.seed, _first_score(r) - _first_score(by_seed[r.seed])) for r in other
            if r.seed in by_seed and not r.unfinished and r.first is not None]


def _figure_text(value: float | None, low: float, high: float, digits: int) -> str:
    """A share with its interval, or "none finished" without one."""
    if value is None:
        return "none finished"
    return f"{value:.{digits}f} ({low:.{digits}f} to {high:.{digits}f})"


def _p_text(p: float | None) -> str:
    """A p-value to two digits, "below 0.001" when smaller, "-" when not computed."""
    return "-" if p is None else "below 0.001" if p < 0.001 else f"{p:.2g}"


def sequential_text(test: dict | None) -> str:
    """What a variant's sequential test decided, in words ("-" without one)."""
    if test is None:
        return "-"
    read = f"after {test['games']} paired seed{'' if test['games'] == 1 else 's'}"
    if "rise" in test:  # either way
        size = f"{test['change']:.3f}"
        said = {"rise": f"a rise of {size} rather than none", "fall": f"a fall of {size} rather than none",
                "no change": f"no change of {size} either way"}.get(test["decision"])
        return f"{said}, {read}" if said else f"not decided {read}"
    figures = f"log-likelihood ratio {test['llr']:+.2f}, bounds {test['lower']:+.2f} and {test['upper']:+.2f}"
    if test["decision"] == "not decided":
        return f"not decided {read} ({figures})"
    said, other = (test["change1"], test["change0"]) if test["decision"] == "change1" else \
        (test["change0"], test["change1"])
    return f"a change of {said:+.3f} rather than {other:+.3f}, {read} ({figures})"


def _row_text(row: dict, first: bool) -> dict:
    """One row of :meth:`Comparison.rows` as the text of :meth:`Comparison.table`; the ``first``
    variant's differences are all "-"."""
    stopped = f"{row['unfinished']}" + (f" (at up to {row['cap']} plies)" if row["unfinished"] else "")
    cap = row["cap"]
    text = {"variant": row["variant"], "games": row["games"], "stopped at the cap": stopped,
            "first mover's score": _figure_text(row["score"], row["score_low"], row["score_high"], 3),
            "draws": _figure_text(row["draws"], row["draws_low"], row["draws_high"], 3),
            "median plies": median_text(row["median_plies"], row["median_low"], row["median_high"], cap)}
    if "sequential test" in row:
        text["sequential test"] = sequential_text(row["sequential test"])
    if first:
        text.update({"change in score": "-", "change in median": "-", "p-values (score, draws, lengths)": "-"})
        return text
    text["change in score"] = "-" if row["score_change"] is None else \
        f"{row['score_change']:+.3f} ({row['score_change_low']:+.3f} to {row['score_change_high']:+.3f})"
    text["change in median"] = "not computed (a median beyond a cap)" if row["median_change"] is None else \
        f"{row['median_change']:+d} plies (interval not computed)"
    text["p-values (score, draws, lengths)"] = ", ".join(_p_text(row[k]) for k in ("p_score", "p_draws", "p_plies"))
    return text


@dataclass
class Comparison:
    """The runs of :func:`compare` (``runs``: variant name -> :class:`SelfPlay`)
    and what they say."""

    runs: dict[str, SelfPlay]
    settings: dict[str, dict]
    #: The sequential test of each variant after the first, for a comparison played with ``sprt=``
    #: (variant name -> :func:`~playbook.analysis.statistics.stats.paired_sprt`'s answer).
    sequential: dict[str, dict] | None = field(default=None, kw_only=True)

    def rows(self) -> list[dict]:
        """One row per variant, in the order given: ``variant``, its
        ``settings``, ``games`` (played), ``finished`` and ``unfinished``
        (stopped at the cap; ``cap``, the longest a stopped game ran, None
        when none stopped); the first mover's ``score`` among finished
        games (``score_low``-``score_high``, draws as draws:
        :func:`~playbook.analysis.statistics.stats.trinomial`) and ``score_if_draws``
        with the unfinished games as draws; the ``draws`` rate among
        finished games (``draws_low``-``draws_high``, Wilson); the
        ``median_plies`` of play with its 95% interval
        (``median_low``-``median_high``; Kaplan-Meier, unfinished games
        censored where they stopped: each None when beyond the cap, as no
        mean would be honest about them); the decision of the sequential
        test of a run with ``sprt=`` (``sprt``: its decision, None for
        the first variant and without one), and for every variant
        after the first the p-value of each difference from the first
        (``p_score``, ``p_draws``: :func:`z_test`; ``p_plies``, of the
        lengths: :func:`~playbook.analysis.statistics.survival.logrank`, stopped games
        censored), the change in the score from the first with its 95%
        interval (``score_change``, ``score_change_low``-``score_change_high``;
        :func:`~playbook.analysis.statistics.balance.change`): a change whose interval
        holds 0 is not shown, and the interval says how large it may be;
        and the change in the median length (``median_change``, None when
        either median is beyond the cap), whose interval is not computed
        (no interval for a difference of two censored medians is offered:
        read ``p_plies`` and each median's own interval).
        ``depth`` is the engines' mean search depth in actions and
        ``replies`` the share of their moves whose search saw the
        opponent's answer (:func:`~playbook.analysis.statistics.balance.search_depth`;
        None without engines)."""
        base = None
        out = []
        for name, run in self.runs.items():
            scores = _first_scores(run)
            draws = [1.0 if r.draw else 0.0 for r in run.finished()]
            lengths = list(zip(run.lengths(), (bool(r.unfinished) for r in run.records), strict=True))
            first = run.first_move_advantage()
            d_low, d_high = wilson(sum(draws), len(draws))
            median, m_low, m_high = run.lengths_survival().median()
            row = {"variant": name, "settings": self.settings[name], "games": len(run), "finished": len(draws),
                   "unfinished": len(run) - len(draws), "cap": stopped_cap(run),
                   "score": sum(scores) / len(scores) if scores else None, "score_low": first["low"],
                   "score_high": first["high"], "score_if_draws": first["score_if_draws"] if len(run) else None,
                   "draws": sum(draws) / len(draws) if draws else None, "draws_low": d_low, "draws_high": d_high,
                   "median_plies": median, "median_low": m_low, "median_high": m_high,
                   "sprt": None}
            if self.sequential is not None:
                test = self.sequential.get(name)
                row.update({"sprt": test["decision"] if test else None, "sequential test": test})
            searched = search_depth(run)
            row.update(depth=searched["depth"], replies=searched["reply"], score_change=None, score_change_low=None,
                       score_change_high=None, median_change=None)
            if base is None:
                base = (scores, draws, lengths, first, median)
                row.update(p_score=None, p_draws=None, p_plies=None)
            else:
                row.update(p_score=z_test(base[0], scores), p_draws=z_test(base[1], draws),
                           p_plies=logrank(base[2], lengths))
                if base[3]["score"] is not None and first["score"] is not None:
                    moved = change(base[3], first)
                    row.update(score_change=moved["change"], score_change_low=moved["low"],
                               score_change_high=moved["high"])
                if base[4] is not None and median is not None:
                    row["median_change"] = median - base[4]
            out.append(row)
        return out

    def frame(self):
        """:meth:`rows` as a pandas DataFrame indexed by variant."""
        return need("pandas", "Comparison.frame()").DataFrame(self.rows()).set_index("variant")

    def table(self):
        """:meth:`rows` written out for reading, as a pandas DataFrame of
        text indexed by variant: games, those stopped at the cap, each
        figure with its 95% interval, a median beyond the cap as "beyond
        the cap of N" (N the longest a stopped game was played), each
        difference from the first variant (the change in the median with
        "interval not computed") and, played with ``sprt=``, what each
        variant's sequential test decided."""
        rows = [_row_text(row, k == 0) for k, row in enumerate(self.rows())]
        return need("pandas", "Comparison.table()").DataFrame(rows).set_index("variant")

    def openings(self, variant: str | None = None, key=None):
        """The first moves of play under ``variant`` (default: the first)
        as a pandas DataFrame: ``opening``, ``games``, ``wins``, ``draws``,
        the first mover's ``score`` and its interval ``low``-``high``, most
        played first (``key`` groups openings, as in
        :meth:`SelfPlay.by_opening`)."""
        run = self.runs[variant if variant is not None else next(iter(self.runs))]
        return need("pandas", "Comparison.openings()").DataFrame(run.by_opening(key=key))

    def positions(self, variant: str | None = None, plies: int | None = None, top: int | None = None):
        """The opening explorer of ``variant`` (default: the first) as a
        pandas DataFrame: the games grouped by the position after
        ``plies`` actions (default: where the agents took over from the
        book), with the side to move's results (see
        :meth:`SelfPlay.by_position`)."""
        run = self.runs[variant if variant is not None else next(iter(self.runs))]
        return need("pandas", "Comparison.positions()").DataFrame(run.by_position(plies, top))

    def plot(self, axes=None):
        """The rows drawn with their intervals (see :func:`playbook.analysis.statistics.plots.comparison`)."""
        return comparison(self, axes)


def compare(game, variants: dict[str, dict], agents, games: int = 100, sprt: tuple[float, float] | None = None,
            **settings) -> Comparison:
    """Play ``games`` games of ``agents`` under each of ``variants`` (name ->
    rule settings, as ``load`` takes them; ``{}`` for the standard rules)
    with the same seeds, and return a :class:`Comparison`.  Other keyword
    arguments go to :func:`~playbook.analysis.runs.selfplay.selfplay`
    (``setup``, ``max_plies``, ``executor``, ``seed``, ...).

    ``sprt=0.05``: does a variant change the first mover's score (a
    share, not Elo) by 0.05 either way, or not at all
    (:func:`~playbook.analysis.statistics.stats.either_way_sprt`); ``sprt=(change0,
    change1)``: is the change ``change0`` or ``change1`` (``(0, 0.05)``
    asks whether it rises by 0.05, ``(0, -0.05)`` whether it falls by as
    much; :func:`~playbook.analysis.statistics.stats.paired_sprt`).  Each variant
    after the first is tested against the first over games paired by seed,
    with errors of 5% (see the module's docstring); ``games`` is then the
    most each variant plays."""
    if not variants:
        raise ValueError("compare needs at least one variant (name -> settings; {} for the standard rules)")
    if sprt is not None:
        return _sequential(game, variants, agents, games, _changes_tested(sprt, variants), settings)
    runs = {name: selfplay(game, agents, games=games, options=dict(rules), **settings)
            for name, rules in variants.items()}
    return Comparison(runs, {name: dict(rules) for name, rules in variants.items()})


def _changes_tested(sprt, variants: dict) -> float | tuple[float, float]:
    """The change (either way) or the two changes of ``sprt=``, checked."""
    if len(variants) < 2:
        raise SelfPlayError("sprt: compare tests the change each variant makes against the first one: give at "
                            "least two variants")
    if isinstance(sprt, (int, float)) and not isinstance(sprt, bool):
        if not 0 < sprt < 1:
            raise SelfPlayError(f"sprt: a change in the first mover's score between 0 and 1 (a share, not Elo), "
                                f"such as 0.05, not {sprt!r}")
        return float(sprt)
    try:
        change0, change1 = (float(x) for x in sprt)
    except (TypeError, ValueError):
        raise SelfPlayError(f"sprt: a change in the first mover's score, such as 0.05 (either way), or two, such "
                            f"as (0, 0.05); not {sprt!r}") from None
    if not (-1 < change0 < 1 and -1 < change1 < 1) or change0 == change1:
        raise SelfPlayError(f"sprt: two different changes in the first mover's score, each between -1 and 1 (a "
                            f"share, not Elo), such as (0, 0.05); got {sprt!r}")
    return change0, change1


def _test(changes: list[float], tested: float | tuple[float, float]) -> dict:
    """The sequential test of ``changes``: either way for one change, else between the two."""
    if isinstance(tested, tuple):
        return paired_sprt(changes, *tested)
    return either_way_sprt(changes, tested)


#: Seeds played in each variant between two looks of the sequential test
#: (more on an executor: twice its workers).
ROUND = 10


def _sequential(game, variants: dict, agents, games: int, tested: float | tuple[float, float],
                settings: dict) -> Comparison:
    """Play ``variants`` seed by seed, a round at a time, until every
    variant's paired test has decided; keep every variant's games up to the
    seed of the last decision."""
    if settings.get("out") is not None:
        raise SelfPlayError("sprt: a sequential comparison is kept in memory (not with out=)")
    seed = settings.pop("seed", 0)
    progress = settings.pop("progress", None)
    executor = settings.get("executor")
    step = ROUND
    if executor is not None:
        step = max(step, 2 * workers_of(executor))
    step += step % 2  # whole turns of the seats, with rotate=True
    names = list(variants)
    records: dict[str, list] = {name: [] for name in names}
    caught: list = []
    tests: dict[str, dict] = {}
    bar = progress_bar(games * len(names), f"compare {len(names)} variants", shows_progress(progress))
    played = 0
    key = ""
    try:
        while played < games:
            n = min(step, games - played)
            for name in names:
                with warnings.catch_warnings(record=True) as seen:
                    warnings.simplefilter("always")
                    run = selfplay(game, agents, games=n, seed=seed + played, options=dict(variants[name]),
                                   progress=False, **settings)
                caught += [(name, w) for w in seen]
                records[name] += run.records
                key = run.game
                bar.update(n)
            played += n
            tests = {name: _test([c for _, c in paired_changes(records[names[0]], records[name])], tested)
                     for name in names[1:]}
            if all(t["decision"] != "not decided" for t in tests.values()):
                break
    finally:
        bar.close()
    last = None
    if all(t["decision"] != "not decided" for t in tests.values()):
        # Every variant keeps the seeds up to the one whose change decided the last test.
        last = max(paired_changes(records[names[0]], records[name])[tests[name]["games"] - 1][0] for name in names[1:])
        records = {name: [r for r in kept if r.seed <= last] for name, kept in records.items()}
    runs = {name: SelfPlay(kept, key) for name, kept in records.items()}
    _warn_again(caught, records, load(key).title if key else "", settings.get("max_plies", 500))
    return Comparison(runs, {name: dict(rules) for name, rules in variants.items()}, sequential=tests)


def _warn_again(caught: list, records: dict[str, list], title: str, max_plies: int) -> None:
    """The rounds' warnings once each, naming the variant; the games
    stopped at the cap counted once over each variant's games kept."""
    said = set()
    for name, warning in caught:
        if "stopped unfinished at max_plies" in str(warning.message):
            continue
        head, sep, rest = str(warning.message).partition(": ")
        text = f"{head}, {name}: {rest}" if sep else f"{name}: {head}"
        if text not in said:
            said.add(text)
            warnings.warn_explicit(text, warning.category, "compare", 0, module="playbook.analysis.statistics.compare")
    for name, kept in records.items():
        stopped = sum(1 for r in kept if r.unfinished and not r.error)
        if stopped:
            warnings.warn_explicit(f"{title}, {name}: {stopped} of {len(kept)} games stopped unfinished at "
                                   f"max_plies={max_plies}; they are counted as unfinished (raise max_plies= to "
                                   "let them end)", UserWarning, "compare", 0,
                                   module="playbook.analysis.statistics.compare")
