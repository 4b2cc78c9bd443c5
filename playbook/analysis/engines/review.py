"""Game review: where a game was won and lost, move by move.

``review(record)`` searches every position of a game with
:class:`~playbook.analysis.engines.search.AlphaBeta` at a fixed depth (no clock
is read, so a review is the same on every machine) and returns a
:class:`Review`: for each move the evaluation before and after it, the
engine's best move, what the move lost, and a label (``"inaccuracy"``,
``"mistake"``, ``"blunder"`` or ``""``), as on Lichess's computer
analysis.  ``review(board)`` reviews the game played on a
:class:`~playbook.widget.BoardWidget` (through its ``record()``), and
``review(...).board()`` shows it on a live board over its graph.  Shown
in a notebook, a review is its graph and its move list, numbered by
turns, each move with its mark and each forced result in words ("loses
in 1 action", never the search's -9999.0): see
:mod:`~playbook.analysis.engines.review_html`.

A review knows nothing of the widget (the widget builds on this module,
never the reverse): the board that shows it, :mod:`playbook.widget.review`,
registers itself as :attr:`Review.shown_by` when it is imported.

Each position of the game has one evaluation (:attr:`Review.evaluations`),
counted for the first player (White in chess terms: positive is good for
White, as Lichess draws and writes it), in the game's evaluation units
(about a pawn each; beyond ±9000 a forced win or loss): the game's result
where it is over, else a search of the position one action shallower
than the review's depth (the game's evaluation when that leaves no
depth).  Every number a review shows (its graph, its move list, its
board) is that one, from that one side.  A row keeps the same numbers for
the side that made the move (the *mover*): ``before`` and ``after`` are
the evaluations of the positions before and after the move, and
``best_score`` is what the engine's best move would have left the mover:
the search of the position before the move, one action deeper, which
weighs every move as far below it as ``after`` looks below the move
played.  A move is judged by comparing those two, both looking equally
far ahead; two searches of the same depth from consecutive positions
would each favour the side that moves last in it, and make every move
look worse (or better) than it was.

Chess Wheel+ is reviewed the same way, with two caveats: its searches
see no player's sealed orders but the mover's own, so a commitment is
judged by what the mover could know; and the row's mover is the player
the position names as to move.

What a move lost is measured as Lichess measures it, in expected score
rather than in material, so that dropping a piece when far ahead costs
less than dropping it in a balanced position: each score goes through
:func:`~playbook.analysis.engines.evaluation.squash` (0 a sure loss, 0.5 even, 1
a sure win) with the game's ``scale``, and ``loss`` is how much lower the
mover's expected score is after the move than after the best one (never
below 0).  The move the engine itself
prefers loses nothing by definition.  The labels come from the game's
:class:`Thresholds`, built by :func:`thresholds_for` from what the
game's engine says of reviews, the one place where games differ.

In a game with chance, each move is judged by its expected value after
the roll that follows (the searches weigh every roll, see
:mod:`~playbook.analysis.engines.search`), and the dice themselves are never
marked: a roll's row has :data:`~playbook.core.CHANCE` as its mover, no
label and no loss, and its scores (the position before and after the
roll) are for the first player, so the graph shows the luck of each roll
beside the skill of each move.

One rule holds in every game whatever the numbers say: a move after which
the opponent can win at once (with the game's ``reach`` actions or fewer,
before the mover acts again, and whatever the dice do), where some other
move that handed the turn over (or ended the game) allowed no such win,
is a blunder.  A draw
offer, or an action after which the same side acts again, escapes
nothing, so it is no such other move.  This is checked by playing the actions out with the rules
alone, not by the search.

>>> from playbook import Record, load
>>> start = load("cosmic").parse("5k/6/r5/6/6/1K2R1 w")
>>> game = review(Record.of(start, ["b1-a1", "a4x*"]))
>>> rows = game.rows
>>> rows[0]["label"], rows[0]["allows_win"], rows[0]["after"]
('blunder', True, -9999.0)
>>> rows[1]["label"], rows[1]["after"]
('', 10000.0)
>>> game.evaluations  # for White, before and after each move
[0.1, -9999.0, -10000.0]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice, pairwise
from typing import Any

from ...core import CHANCE, PlaybookError, State
from ...numbering import move_numbers
from ...records import Record
from ..extras import need
from ..words import plural
from .agents import score_words
from .evaluation import evaluation_for, outcome_value, squash
from .review_graph import COLOURS
from .review_html import length, review_html
from .search import LIMIT, AlphaBeta, candidates, choice_key, expected

__all__ = ["review", "Review", "Thresholds", "thresholds_for", "LABELS", "MARKS", "loses_at_once", "first_player"]

#: The labels a move can get, mildest first ("" is no label).
LABELS = ("inaccuracy", "mistake", "blunder")
#: The sign Lichess writes after a move of each label.
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "": ""}


@dataclass(frozen=True)
class Thresholds:
    """How one game's moves are judged.

    ``scale``: the score (in the game's evaluation units) at which a side
    expects about 73% (:func:`~playbook.analysis.engines.evaluation.squash`),
    roughly the worth of a middling piece; ``inaccuracy``, ``mistake``,
    ``blunder``: the least fall in the mover's expected score (0 to 1)
    that earns each label (Lichess uses 0.05, 0.10 and 0.15 on this
    scale); ``depth``: the actions each search looks ahead; ``reach``: how
    many actions of the opponent count as winning "at once" (more than one
    where a turn is several actions)."""

    scale: float
    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.15
    depth: int = 3
    reach: int = 1

    def label(self, loss: float) -> str:
        """The label a fall of ``loss`` in expected score earns."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return ""


# Scores are kept to two decimals: the same on every machine, and finer than
# any label needs.
_DIGITS = 2


def thresholds_for(game: Any) -> Thresholds:
    """The :class:`Thresholds` of ``game``, from what its engine says of
    reviews (``review_scale``, ``review_depth`` and ``review_reach`` of
    :class:`~playbook.core.Engine`), the labels' bounds as Lichess's."""
    engine = game.engine
    return Thresholds(scale=engine.review_scale, depth=engine.review_depth, reach=engine.review_reach)


def loses_at_once(state: State, mover: str, reach: int = 1) -> bool:
    """Whether ``mover`` can lose at once from ``state``: it is already
    lost for ``mover``, or other players are to move and some line of at
    most ``reach`` of their actions (before ``mover`` acts again) ends in
    a position ``mover`` has lost.  Played out with the rules alone:
    every action the game lists (up to the search's limit) and those it
    does not list but a search weighs.  A roll of the dice is an action
    too (it takes one of ``reach``), and the loss must follow whatever the
    dice show."""
    value = outcome_value(state, mover)
    if value is not None:
        return value < 0
    if reach <= 0 or state.to_move == mover:
        return False
    if state.chance:
        return all(loses_at_once(state.play(action), mover, reach - 1) for action, _ in state.chance_outcomes())
    for action in _actions(state):
        if loses_at_once(state.play(action), mover, reach - 1):
            return True
    return False


def _actions(state: State) -> list:
    """The actions a review weighs in ``state`` (the same every time)."""
    return candidates(state, random.Random(0), limit=LIMIT)


class Review:
    """The review of one game: :attr:`rows` (one dict a move), :meth:`frame`
    (a pandas DataFrame of them) and :meth:`plot` (the evaluation graph).

    Each row: ``ply`` (1 for the first move), ``mover``, ``move`` (its
    text), ``best`` (the engine's move there), ``line`` (the engine's
    expected line from there, texts), ``before`` and ``after`` (the
    evaluations of the positions before and after the move, for the
    mover), ``best_score`` (what the best move would have left the mover:
    see the module's docstring), ``loss`` (how much lower the mover's
    expected score is than after the best move, 0 to 1), ``label`` and
    ``allows_win`` (True when the move let the opponent win at once where
    another move did not) and ``book`` (True for a book move, which is
    never labelled).  :attr:`states` holds every position, the start
    included; :attr:`evaluations` the evaluation of each, for
    :attr:`side` (the first player); :attr:`human` the sides a person
    played (a board shows them at the bottom), empty when not known.  A
    roll of the dice has a row too: its ``mover`` is
    :data:`~playbook.core.CHANCE`, its scores the first player's, and it
    is never labelled."""

    #: What :meth:`board` builds: a live board for a review, registered by
    #: :mod:`playbook.widget.review` when the widget is imported.
    shown_by: Callable[..., Any] | None = None

    def __init__(self, record: Record, states: list[State], rows: list[dict], thresholds: Thresholds,
                 human: tuple[str, ...] = (), evaluations: list[float] | None = None):
        self.record = record
        self.states = states
        self.rows = rows
        self.thresholds = thresholds
        self.human = tuple(human)
        #: The side every evaluation is counted for: the game's first player.
        self.side = first_player(states[0])
        #: The evaluation of each position, the start included, for :attr:`side`.
        self.evaluations = list(evaluations) if evaluations is not None else self._from_rows()

    def _from_rows(self) -> list[float]:
        """The evaluations read back from the rows (a review made without them)."""
        if not self.rows:
            return [0.0]
        out = [self._for_side(self.rows[0]["before"], self.rows[0]["mover"])]
        return out + [self._for_side(row["after"], row["mover"]) for row in self.rows]

    def _for_side(self, score: float, mover: str) -> float:
        """``score``, counted for ``mover``, counted for :attr:`side` (the
        two are zero-sum; a roll's row is counted for :attr:`side` already)."""
        return score if mover in (self.side, CHANCE) else -score

    def words(self, index: int) -> str:
        """The evaluation of position ``index`` (0 the start) in words,
        naming the side it is counted for: "White +0.3", "White loses in
        1 action" (never the search's raw -9999.0)."""
        return f"{self.side.capitalize()} {score_words(self.evaluations[index])}"

    def frame(self):
        """The rows as a pandas DataFrame, one row a move, indexed by ply."""
        pd = need("pandas", "Review.frame()")
        columns = ["ply", "mover", "move", "best", "before", "after", "best_score", "loss", "label", "allows_win",
                   "book", "line"]
        return pd.DataFrame(self.rows, columns=columns).set_index("ply")

    def labelled(self, label: str) -> list[dict]:
        """The rows that earned ``label`` (one of :data:`LABELS`)."""
        if label not in LABELS:
            raise ValueError(f"label must be one of {LABELS}, not {label!r}")
        return [row for row in self.rows if row["label"] == label]

    def marks(self) -> list[str]:
        """The sign of each move's label (:data:`MARKS`: ``?!``, ``?``,
        ``??`` or ""), one a move, as a move list prints them."""
        return [MARKS[row["label"]] for row in self.rows]

    def advantage(self) -> list[float]:
        """After each move, the first player's expected score (0 to 1, the
        :attr:`evaluations` through :func:`~playbook.analysis.engines.evaluation.squash`):
        the points of the evaluation graph."""
        return [round(squash(score, self.thresholds.scale), 4) for score in self.evaluations[1:]]

    def plot(self, ax=None):
        """The evaluation graph as :mod:`~playbook.analysis.engines.review_graph`
        draws it, with matplotlib: the first player's expected score from
        the start to every move (one point a move), the first player's
        advantage shaded light above the even line and the second
        player's dark below it, the labelled moves marked in their
        colours.  Returns the matplotlib axes."""
        plt = need("matplotlib.pyplot", "Review.plot()")
        if ax is None:
            _, ax = plt.subplots(figsize=(8, 2.5))
        plies = list(range(len(self.evaluations)))
        points = [squash(self.evaluations[0], self.thresholds.scale), *self.advantage()]
        side = self.side.capitalize()
        other = next((p for p in self.states[0].game.players if p != self.side), "the other side").capitalize()
        ax.set_facecolor("0.84")
        ax.fill_between(plies, points, 0.5, where=[p >= 0.5 for p in points], interpolate=True, color="white",
                        label=f"{side} ahead")
        ax.fill_between(plies, points, 0.5, where=[p <= 0.5 for p in points], interpolate=True, color="0.24",
                        label=f"{other} ahead")
        ax.plot(plies, points, color="0.55", marker="o", markersize=3, linewidth=1)
        for label, colour in COLOURS.items():
            marked = [(row["ply"], points[row["ply"]]) for row in self.rows if row["label"] == label]
            if marked:
                ax.scatter(*zip(*marked, strict=True), color=colour, zorder=3, s=30, label=label)
        ax.axhline(0.5, color="0.45", linewidth=0.8)
        ax.set_ylim(0, 1)
        ax.set_xlim(0, max(1, len(plies) - 1))
        ax.set_xlabel("action (ply)")
        ax.set_ylabel(f"{side}'s expected score")
        ax.set_title(f"{self.states[0].game.title}: review")
        ax.legend(loc="upper left", fontsize="small", frameon=False)
        return ax

    def board(self, **board_options):
        """The game on a live board over its graph and labelled move list
        (a :class:`~playbook.widget.review.ReviewBoard`, turned for the
        side a person played): a click on a point or a move jumps there,
        and the best move is drawn as an arrow.  ``board_options`` go to
        the :class:`~playbook.widget.BoardWidget`."""
        if Review.shown_by is None:
            raise PlaybookError("a review is shown on a board by the widget: import playbook.widget first "
                                "(or use playbook.widget.ReviewBoard(review))")
        return Review.shown_by(self, **board_options)

    def numbers(self) -> list[str]:
        """The number printed before each move ("1.", "" within a turn, as
        :func:`~playbook.numbering.move_numbers` counts turns)."""
        return move_numbers(self.states)

    def summary(self) -> dict[str, dict[str, int]]:
        """Per mover, how many moves earned each label (the dice earn none,
        and are left out)."""
        out: dict[str, dict[str, int]] = {}
        for row in self.rows:
            if row["mover"] == CHANCE:
                continue
            counts = out.setdefault(row["mover"], {label: 0 for label in LABELS})
            if row["label"]:
                counts[row["label"]] += 1
        return out

    def __repr__(self) -> str:
        counts = {label: len(self.labelled(label)) for label in LABELS}
        return (f"Review({self.states[0].game.name}, {length(self)}, "
                + ", ".join(f"{k} {plural(label, k)}" for label, k in counts.items()) + ")")

    def _repr_html_(self) -> str:
        return review_html(self)


def review(game: Any, depth: int | None = None, thresholds: Thresholds | None = None,
           human: Any = (), book: int | None = None) -> Review:
    """Review a game: a :class:`~playbook.Record`, or anything with a
    ``record()`` method (a :class:`~playbook.widget.BoardWidget`: the game
    from its start to the position shown).  ``depth`` overrides the
    game's search depth and ``thresholds`` its :class:`Thresholds`;
    ``human`` names the side (or sides) a person played, which a board
    showing the review puts at the bottom.  ``book``: how many of the
    first actions were an opening book (random actions played before the
    players took over, as ``selfplay(..., book=N)`` plays them; by default
    the record's ``book`` tag, else 0): their rows say ``book`` and are
    never labelled, since no player chose them.  The
    game must be between two players (or have more seats but only two
    deciding, as the evaluations are zero-sum between two)."""
    record = game.record() if not isinstance(game, Record) and callable(getattr(game, "record", None)) else game
    if not isinstance(record, Record):
        raise TypeError(f"review takes a Record or a board with record(), not {type(game).__name__}")
    states = record.states()
    rules = thresholds or thresholds_for(states[0].game)
    depth = depth if depth is not None else rules.depth
    if depth < 1:
        raise PlaybookError("review depth counts actions and must be at least 1")
    analyses = [_analyse(state, depth) for state in states[:-1]]
    book = _book(record, book)
    side = first_player(states[0])
    evaluations = [round(_value(states[0], depth - 1, side), _DIGITS)]
    rows = []
    for ply, (before, after) in enumerate(pairwise(states), start=1):
        action = after.last_action
        assert action is not None, "every position after the first was reached by an action"
        if before.chance:
            rolled = round(_value(after, depth - 1, side), _DIGITS)
            rows.append(_roll_row(ply, action.text, evaluations[-1], rolled, ply <= book))
            evaluations.append(rolled)
            continue
        mover = _mover(before, action)
        found = analyses[ply - 1]
        best = found.action.text if found is not None else action.text
        score_after = _value(after, depth - 1, mover)
        score_best = found.score if found is not None else score_after
        evaluations.append(round(score_after if mover == side else -score_after, _DIGITS))
        score_before = evaluations[-2] if mover == side else -evaluations[-2]
        same = choice_key(before)
        played_best = found is None or same(found.action) == same(action)
        loss = 0.0 if played_best else max(0.0, squash(score_best, rules.scale) - squash(score_after, rules.scale))
        label = rules.label(loss) if not played_best else ""
        allows = _allows_win(before, action, after, mover, rules.reach)
        if allows:
            label = "blunder"
        if ply <= book:
            label = ""  # a book move: no player chose it
        rows.append({
            "ply": ply,
            "mover": mover,
            "move": action.text,
            "best": best,
            "before": round(score_before, _DIGITS),
            "after": round(score_after, _DIGITS),
            "best_score": round(score_best, _DIGITS),
            "loss": round(loss, 4),
            "label": label,
            "allows_win": allows,
            "line": list(found.pv) if found is not None else [],
            "book": ply <= book,
        })
    sides = (human,) if isinstance(human, str) else tuple(human)
    return Review(record, states, rows, rules, human=sides, evaluations=evaluations)


def _roll_row(ply: int, text: str, before: float, after: float, book: bool) -> dict:
    """The row of the roll ``text``: never labelled, losing nothing, its
    scores the evaluations before and after it, for the first player."""
    return {"ply": ply, "mover": CHANCE, "move": text, "best": text, "before": before, "after": after,
            "best_score": after, "loss": 0.0, "label": "", "allows_win": False, "line": [], "book": book}


def _book(record: Record, book: int | None) -> int:
    """How many first actions of ``record`` were book moves: ``book`` when
    given, else the record's ``book`` (self-play records keep it)."""
    if book is None:
        book = record.book
    if isinstance(book, bool) or not isinstance(book, int) or book < 0:
        raise PlaybookError(f"book counts actions and must be a whole number of at least 0, not {book!r}")
    return book


def _analyse(state: State, depth: int):
    """A fresh, seeded, clock-free search of ``state`` (None when over,
    and where the dice, not a player, move)."""
    if state.outcome is not None or state.chance:
        return None
    return AlphaBeta(depth=depth, time_limit=None, seed=0).analyse(state)


def first_player(state: State) -> str:
    """The side a review counts its evaluations for: the game's first
    player (the side to move in ``state`` for a game that names none)."""
    players = state.game.players
    return players[0] if players else state.to_move


def _mover(state: State, action) -> str:
    """Who made ``action`` in ``state``: the player it names where several
    may act at once, else the side to move."""
    player = getattr(action, "player", None)
    return player if isinstance(player, str) and player else state.to_move


def _value(state: State, depth: int, mover: str) -> float:
    """The score of ``state`` for ``mover``: the result when it is over,
    else a search ``depth`` actions deep (the game's evaluation at depth
    0), negated when another side is to move; before a roll, the
    expectation of the scores after it, each one action shallower."""
    value = outcome_value(state, mover)
    if value is not None:
        return value
    if depth < 1:
        return evaluation_for(state)(state, mover)
    if state.chance:
        scale = state.game.engine.review_scale
        return expected([(float(p), _value(state.after(a), depth - 1, mover)) for a, p in state.chance_outcomes()],
                        scale)
    score = _analyse(state, depth).score
    return score if state.to_move == mover else -score


def _allows_win(before: State, action, after: State, mover: str, reach: int) -> bool:
    """Whether ``action`` let the opponent win at once where some other
    action of ``before`` did not."""
    if not loses_at_once(after, mover, reach):
        return False
    for other in islice(_actions(before), LIMIT):
        if other.text == action.text:
            continue
        then = before.play(other)
        # An action after which the mover still acts (a draw offer, an
        # action mid-turn) hands nothing over, so it escapes nothing.
        if (then.outcome is not None or then.to_move != mover) and not loses_at_once(then, mover, reach):
            return True
    return False
