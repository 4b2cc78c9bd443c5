"""A review as a notebook shows it: its graph and its marked moves at once.

:func:`review_html` is what a :class:`~playbook.analysis.engines.review.Review`
displays (its ``_repr_html_``): a line saying how many moves (numbered
turns, as a player counts them) and actions the game had and what each
side's moves earned; the evaluation graph as a picture (an ``<img>``, so
that JupyterLab shows it in an untrusted notebook and static viewers
show it too: :mod:`~playbook.analysis.engines.review_graph`); the move list in
numbered turns, each move followed by its mark; and each labelled move
with the evaluations before and after it, for the side every evaluation
of the review is counted for ("White +0.3"; a forced result in words,
"White loses in 1 action", never the search's raw -9999.0 or 10000.0),
and the engine's best move.  A long digest or salt in a move (a sealed
Chess Wheel+ post) is shown cut short, whole on hover and in the review's
rows.  The same review
gives the same text, so saved outputs compare equal.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ...digests import DIGEST, shorten
from ...numbering import turns
from ...render import picture_html
from ..words import plural
from .review_graph import COLOURS, graph_svg

if TYPE_CHECKING:
    from .review import Review

__all__ = ["review_html", "graph_svg", "length", "COLOURS", "move_html"]

_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def move_html(text: str) -> str:
    """A move's text as HTML, each long digest or salt in it (a sealed
    Chess Wheel+ post) shown as its first twelve digits and an ellipsis:
    the rest stays in the text at no size and the ellipsis cannot be
    selected, so a copy of the move takes it whole; a hover shows it."""
    if shorten(text) == text:
        return html.escape(text)
    parts, last = [], 0
    for found in DIGEST.finditer(text):
        head, rest = found.group(1), found.group(0)[len(found.group(1)):]
        parts.append(html.escape(text[last:found.start()]) + head)
        parts.append(f'<span style="font-size: 0">{rest}</span><span style="user-select: none">…</span>')
        last = found.end()
    parts.append(html.escape(text[last:]))
    return f'<span title="{html.escape(text)}">{"".join(parts)}</span>'


def _move(row: dict) -> str:
    """A move of the list, with its mark coloured as its label."""
    label = row["label"]
    text = move_html(row["move"])
    if not label:
        return text
    return f'{text}<b style="color: {COLOURS[label]}" title="{label}">{_MARKS[label]}</b>'


def _turns(review: Review) -> list[list[str]]:
    """The move list in numbered turns: each a list of cells, the number
    first, then every move of the turn (so a number never parts from its
    first move)."""
    out: list[list[str]] = []
    for number, row in zip(review.numbers(), review.rows, strict=True):
        if number or not out:
            out.append([html.escape(number)])
        out[-1].append(_move(row))
    return out


def length(review: Review) -> str:
    """How long the game was, in moves as a player counts them (numbered
    turns) and in actions: "12 moves (23 actions)"."""
    n, actions = turns(review.states), len(review.rows)
    return f"{n} {plural('move', n)} ({actions} {plural('action', actions)})"


def _counts(review: Review) -> str:
    """What each side's moves earned, in words."""
    parts = []
    for mover, counts in review.summary().items():
        said = [f"{n} {plural(label, n)}" for label, n in counts.items() if n]
        parts.append(f"{html.escape(mover)}: {', '.join(said) if said else 'no marked move'}")
    return "; ".join(parts)


def review_html(review: Review) -> str:
    """The review as HTML: its summary line, graph, numbered move list and
    labelled moves (see the module's docstring)."""
    game = review.states[0].game
    head = (f"<p><b>{html.escape(game.title)}: review</b>, {length(review)}. "
            f"{_counts(review)}.</p>")
    side = review.side.capitalize()
    graph = picture_html(graph_svg(review), f"The evaluation graph: {side}'s expected score after each move")
    rows = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in turn) + "</tr>" for turn in _turns(review))
    numbers = review.numbers()
    notes = []
    number = ""
    for index, row in enumerate(review.rows):
        number = numbers[index] or number
        if row["label"]:
            notes.append(
                f"<li>{html.escape(number)} {_move(row)} ({html.escape(row['mover'])}), "
                f"{'an' if row['label'][0] in 'aeiou' else 'a'} {row['label']}: "
                f"{html.escape(review.words(index))} before, {html.escape(review.words(index + 1))} after; "
                f"best was {move_html(row['best'])}</li>")
    marked = f"<ul>{''.join(notes)}</ul>" if notes else "<p>No move was marked.</p>"
    return (f'<div class="pb-review">{head}<p>{graph}</p>'
            f'<table class="pb-review-moves">{rows}</table>{marked}</div>')
