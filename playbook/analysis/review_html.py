"""A review as a notebook shows it: its graph and its marked moves at once.

:func:`review_html` is what a :class:`~playbook.analysis.review.Review`
displays (its ``_repr_html_``): a line saying how many moves (numbered
turns, as a player counts them) and actions the game had and what each
side's moves earned; the evaluation graph as a picture (an ``<img>``, so
that JupyterLab shows it in an untrusted notebook and static viewers
show it too), the labelled moves coloured as in :meth:`Review.plot`; the
move list in numbered turns, each move followed by its mark; and each
labelled move with the engine's best move and what the position was
worth before and after it, a forced result in words ("loses in 1
action"), never as the search's raw -9999.0 or 10000.0.  The same review
gives the same text, so saved outputs compare equal.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..numbering import turns
from ..render import picture_html
from .agents import score_words
from .words import plural

if TYPE_CHECKING:
    from .review import Review

__all__ = ["review_html", "graph_svg", "length", "COLOURS"]

#: The colour of each label, in the graph and the move list (Okabe-Ito, as the plot's).
COLOURS = {"inaccuracy": "#56b4e9", "mistake": "#e69f00", "blunder": "#d55e00"}
_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

# The graph's size in pixels: as wide as a board, low enough to sit over the moves.
_W, _H, _PAD = 480, 120, 8


def graph_svg(review: Review) -> str:
    """The evaluation graph as SVG: the first player's expected score
    after each move (0 at the bottom, 1 at the top, an even game on the
    middle line), one dot a move, the labelled ones larger and coloured.
    It follows the light or dark colour scheme of the page showing it."""
    points = review.advantage()
    n = len(points)

    def x(i: int) -> float:
        return round(_PAD + (i * (_W - 2 * _PAD) / (n - 1) if n > 1 else (_W - 2 * _PAD) / 2), 1)

    def y(p: float) -> float:
        return round(_PAD + (1 - p) * (_H - 2 * _PAD), 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" width="{_W}" height="{_H}">',
             "<style>.bg{fill:#f5f5f5}.mid{stroke:#9e9e9e}.line{stroke:#424242;fill:none}.dot{fill:#616161}"
             "@media (prefers-color-scheme: dark){.bg{fill:#2b2b2b}.mid{stroke:#757575}.line{stroke:#e0e0e0}"
             ".dot{fill:#bdbdbd}}</style>",
             f'<rect class="bg" x="0" y="0" width="{_W}" height="{_H}"/>',
             f'<line class="mid" x1="0" x2="{_W}" y1="{y(0.5)}" y2="{y(0.5)}"/>']
    if n:
        path = " ".join(f"{x(i)},{y(p)}" for i, p in enumerate(points))
        parts.append(f'<polyline class="line" stroke-width="1.5" points="{path}"/>')
    for i, (p, row) in enumerate(zip(points, review.rows, strict=True)):
        label = row["label"]
        colour = f' fill="{COLOURS[label]}"' if label else ""
        parts.append(f'<circle class="dot"{colour} cx="{x(i)}" cy="{y(p)}" r="{5 if label else 3}"/>')
    parts.append("</svg>")
    return "".join(parts)


def _move(row: dict) -> str:
    """A move of the list, with its mark coloured as its label."""
    label = row["label"]
    text = html.escape(row["move"])
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
    first = game.players[0] if game.players else "the first player"
    graph = picture_html(graph_svg(review), f"The evaluation graph: {first}'s expected score after each move")
    rows = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in turn) + "</tr>" for turn in _turns(review))
    numbers = review.numbers()
    notes = []
    number = ""
    for index, row in enumerate(review.rows):
        number = numbers[index] or number
        if row["label"]:
            notes.append(
                f"<li>{html.escape(number)} {_move(row)} ({html.escape(row['mover'])}), "
                f"{'an' if row['label'][0] in 'aeiou' else 'a'} {row['label']}: best was "
                f"{html.escape(row['best'])}; for {html.escape(row['mover'])} the position was "
                f"{score_words(row['before'])} before and {score_words(row['after'])} after</li>")
    marked = f"<ul>{''.join(notes)}</ul>" if notes else "<p>No move was marked.</p>"
    return (f'<div class="pb-review">{head}<p>{graph}</p>'
            f'<table class="pb-review-moves">{rows}</table>{marked}</div>')
