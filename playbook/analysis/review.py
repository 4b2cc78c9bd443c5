"""Game review: where a game was won and lost, move by move.

``review(record)`` searches every position of a game with
:class:`~playbook.analysis.search.AlphaBeta` at a fixed depth (no clock
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
:mod:`~playbook.analysis.review_html`.

A review knows nothing of the widget (the widget builds on this module,
never the reverse): the board that shows it, :mod:`playbook.widget.review`,
registers itself as :attr:`Review.shown_by` when it is imported.

Every evaluation is from the view of the side that made the move (the
*mover*): positive is good for the mover, in the game's evaluation units
(about a pawn each; beyond ±9000 a forced win or loss).  ``before`` is
the score of the best move found by a search of the position before the
move; ``after`` is the score of the position the move made, for the same
side: the game's result when the move ended it, else a search of that
position one action shallower (the game's evaluation when that leaves no
depth), negated when the other side is to move there (the evaluations
are zero-sum between two players).  One action shallower, because the
search before the move reached that far below it: both scores then look
equally far ahead, and the engine's own move keeps its score, where two
searches of the same depth would favour whoever moves last in each.

Chess Wheel+ is reviewed the same way, with two caveats: its searches
see no player's sealed orders but the mover's own, so a commitment is
judged by what the mover could know; and the row's mover is the player
the position names as to move.

What a move lost is measured as Lichess measures it, in expected score
rather than in material, so that dropping a piece when far ahead costs
less than dropping it in a balanced position: each score goes through
:func:`~playbook.analysis.evaluation.squash` (0 a sure loss, 0.5 even, 1
a sure win) with the game's ``scale``, and ``loss`` is how much the
mover's expected score fell (never below 0).  The move the engine itself
prefers loses nothing by definition.  The labels come from the game's
:class:`Thresholds`, built by :func:`thresholds_for` from what the
game's engine says of reviews, the one place where games differ.

In a game with chance, each move is judged by its expected value after
the roll that follows (the searches weigh every roll, see
:mod:`~playbook.analysis.search`), and the dice themselves are never
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
>>> rows = review(Record.of(start, ["b1-a1", "a4x*"])).rows
>>> rows[0]["label"], rows[0]["allows_win"], rows[0]["after"]
('blunder', True, -9999.0)
>>> rows[1]["label"], rows[1]["after"]
('', 10000.0)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice, pairwise
from typing import Any

from ..browser import missing
from ..core import CHANCE, PlaybookError, State
from ..numbering import move_numbers
from ..records import Record
from .evaluation import evaluation_for, outcome_value, squash
from .review_html import length, review_html
from .search import LIMIT, AlphaBeta, candidates, choice_key, expected
from .words import plural

__all__ = ["review", "Review", "Thresholds", "thresholds_for", "LABELS", "MARKS", "loses_at_once"]

#: The labels a move can get, mildest first ("" is no label).
LABELS = ("inaccuracy", "mistake", "blunder")
#: The sign Lichess writes after a move of each label.
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "": ""}


@dataclass(frozen=True)
class Thresholds:
    """How one game's moves are judged.

    ``scale``: the score (in the game's evaluation units) at which a side
    expects about 73% (:func:`~playbook.analysis.evaluation.squash`),
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
    expected line from there, texts), ``before`` and ``after`` (scores for
    the mover, see the module's docstring), ``loss`` (the fall in the
    mover's expected score, 0 to 1), ``label`` and ``allows_win`` (True
    when the move let the opponent win at once where another move did
    not) and ``book`` (True for a book move, which is never labelled).
    :attr:`states` holds every position, the start included;
    :attr:`human` the sides a person played (a board shows them at the
    bottom), empty when not known."""

    #: What :meth:`board` builds: a live board for a review, registered by
    #: :mod:`playbook.widget.review` when the widget is imported.
    shown_by: Callable[..., Any] | None = None

    def __init__(self, record: Record, states: list[State], rows: list[dict], thresholds: Thresholds,
                 human: tuple[str, ...] = ()):
        self.record = record
        self.states = states
        self.rows = rows
        self.thresholds = thresholds
        self.human = tuple(human)

    def frame(self):
        """The rows as a pandas DataFrame, one row a move, indexed by ply."""
        try:
            import pandas as pd
        except ImportError:
            raise missing("pandas", "Review.frame()") from None

        columns = ["ply", "mover", "move", "best", "before", "after", "loss", "label", "allows_win", "book", "line"]
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
        """After each move, the first player's expected score (0 to 1):
        the points of the evaluation graph."""
        first = _first(self.states[0])
        out = []
        for row in self.rows:
            chance = squash(row["after"], self.thresholds.scale)
            out.append(round(chance if row["mover"] in (first, CHANCE) else 1.0 - chance, 4))
        return out

    def plot(self, ax=None):
        """The evaluation graph: the first player's expected score after
        every move (one point a move), the labelled moves marked in their
        colours.  Returns the matplotlib axes."""
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            raise missing("matplotlib", "Review.plot()") from None

        if ax is None:
            _, ax = plt.subplots(figsize=(8, 2.5))
        plies = [row["ply"] for row in self.rows]
        points = self.advantage()
        first = self.states[0].game.players[0] if self.states[0].game.players else "first player"
        ax.fill_between(plies, points, 0.5, color="0.8", step=None)
        ax.plot(plies, points, color="0.3", marker="o", markersize=3, linewidth=1, label=f"{first}'s chance")
        colours = {"inaccuracy": "#56b4e9", "mistake": "#e69f00", "blunder": "#d55e00"}
        for label, colour in colours.items():
            marked = [(p, y) for p, y, row in zip(plies, points, self.rows, strict=True) if row["label"] == label]
            if marked:
                ax.scatter(*zip(*marked, strict=True), color=colour, zorder=3, s=30, label=label)
        ax.axhline(0.5, color="0.5", linewidth=0.5)
        ax.set_ylim(0, 1)
        ax.set_xlabel("move (ply)")
        ax.set_ylabel("expected score")
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
    rows = []
    for ply, (before, after) in enumerate(pairwise(states), start=1):
        action = after.last_action
        assert action is not None, "every position after the first was reached by an action"
        if before.chance:
            rows.append(_roll_row(ply, before, after, action.text, depth, ply <= book))
            continue
        mover = _mover(before, action)
        found = analyses[ply - 1]
        best = found.action.text if found is not None else action.text
        score_before = found.score if found is not None else 0.0
        score_after = _value(after, depth - 1, mover)
        same = choice_key(before)
        played_best = found is None or same(found.action) == same(action)
        loss = 0.0 if played_best else max(0.0, squash(score_before, rules.scale) - squash(score_after, rules.scale))
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
            "loss": round(loss, 4),
            "label": label,
            "allows_win": allows,
            "line": list(found.pv) if found is not None else [],
            "book": ply <= book,
        })
    sides = (human,) if isinstance(human, str) else tuple(human)
    return Review(record, states, rows, rules, human=sides)


def _first(state: State) -> str:
    """The first player of ``state``'s game, for whom rolls are scored."""
    return state.game.players[0] if state.game.players else state.to_move


def _roll_row(ply: int, before: State, after: State, text: str, depth: int, book: bool) -> dict:
    """The row of a roll of the dice: never labelled, its scores the
    first player's before and after it, as deep as a move's ``after``."""
    first = _first(before)
    return {"ply": ply, "mover": CHANCE, "move": text, "best": text,
            "before": round(_value(before, depth - 1, first), _DIGITS),
            "after": round(_value(after, depth - 1, first), _DIGITS),
            "loss": 0.0, "label": "", "allows_win": False, "line": [], "book": book}


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
