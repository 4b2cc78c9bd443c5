"""A review's evaluation graph, drawn as Lichess draws its own.

:func:`graph_svg` draws the first player's expected score after each
move (the review's :attr:`~playbook.analysis.engines.review.Review.evaluations`
through :func:`~playbook.analysis.engines.evaluation.squash`): an even game on
the zero line across the middle, the first player's advantage shaded
light above it and the second player's shaded dark below it, with axes:
evaluations up the left (in the game's units, for the first player) and
move numbers along the bottom.  Every move is a point on the curve
(``data-ply``: 1 for the first move), a labelled one larger and in its
label's colour.  The same drawing serves the picture a notebook saves
(with its own colours, light or dark by the page's colour scheme) and
the live graph of :class:`~playbook.widget.review.ReviewGraph`, whose
front end colours it by JupyterLab's theme, marks the position shown
and makes each point, and the graph itself, select the move.  The same
review gives the same text, so saved outputs compare equal.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from ...numbering import move_numbers
from .evaluation import squash

if TYPE_CHECKING:
    from .review import Review

__all__ = ["graph_svg", "COLOURS", "WIDTH", "HEIGHT"]

#: The colour of each label, in the graph and the move lists (Okabe-Ito, as the plot's).
COLOURS = {"inaccuracy": "#56b4e9", "mistake": "#e69f00", "blunder": "#d55e00"}

#: The drawing's size in pixels: as wide as a board, low enough to sit over the moves.
WIDTH, HEIGHT = 480, 150
# The plot inside it: room at the left for the evaluations and at the foot for the move numbers.
_LEFT, _RIGHT, _TOP, _FOOT = 40, 8, 8, 22
#: The size of the axes' texts, in pixels as the graph is shown at its width (never under 11).
_TEXT = 12

# The picture's own colours, for pages with no JupyterLab theme: light, then dark by the colour scheme.
_STYLE = (".pb-rg-bg{fill:#d6d6d6}.pb-rg-first{fill:#ffffff}.pb-rg-second{fill:#3c3c3c}"
          ".pb-rg-zero{stroke:#757575}.pb-rg-axis{stroke:#616161}.pb-rg-tick{fill:#424242}"
          ".pb-rg-line{stroke:#9e9e9e;fill:none}.pb-rg-dot{fill:#8a8a8a}"
          ".pb-rg-side{fill:#303030;stroke:#f5f5f5;stroke-width:3px;paint-order:stroke}"
          "@media (prefers-color-scheme: dark){.pb-rg-bg{fill:#555555}.pb-rg-first{fill:#e8e8e8}"
          ".pb-rg-second{fill:#111111}.pb-rg-zero{stroke:#9e9e9e}.pb-rg-axis{stroke:#bdbdbd}"
          ".pb-rg-tick{fill:#e0e0e0}.pb-rg-side{fill:#e0e0e0;stroke:#2b2b2b}}")


def _number(value: float) -> str:
    """An evaluation as an axis prints it: signed, whole where it is whole."""
    text = f"{value:+.0f}" if float(value).is_integer() else f"{value:+.1f}"
    return "0" if text in ("+0", "-0") else text.replace("-", "−")


def _step(turns: int) -> int:
    """Every how many turns the move numbers are printed, for at most eight."""
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if turns / step <= 8:
            return step
    return 1000


def _halves(points: list[tuple[float, float]], zero: float) -> tuple[list, list]:
    """The areas between the curve ``points`` and the line ``y = zero``:
    above it, then below it (each a polygon, the curve cut where it
    crosses the line)."""
    above: list[tuple[float, float]] = [(points[0][0], zero)]
    below: list[tuple[float, float]] = [(points[0][0], zero)]
    for i, (x, y) in enumerate(points):
        if i:
            (x0, y0) = points[i - 1]
            if (y0 - zero) * (y - zero) < 0:  # the curve crosses the zero line
                cross = (round(x0 + (x - x0) * (zero - y0) / (y - y0), 1), zero)
                above.append(cross)
                below.append(cross)
        above.append((x, min(y, zero)))
        below.append((x, max(y, zero)))
    above.append((points[-1][0], zero))
    below.append((points[-1][0], zero))
    return above, below


def _polygon(points: list[tuple[float, float]], cls: str) -> str:
    return f'<polygon class="{cls}" points="{" ".join(f"{x},{y}" for x, y in points)}"/>'


def graph_svg(review: Review, live: bool = False) -> str:
    """The evaluation graph of ``review`` as SVG (see the module): with
    its own stylesheet for a picture, or, ``live``, without one, for the
    board's front end to colour and make clickable."""
    scale = review.thresholds.scale
    scores = review.advantage()
    n = len(scores)
    right, foot = WIDTH - _RIGHT, HEIGHT - _FOOT
    width, height = right - _LEFT, foot - _TOP

    def x(ply: int) -> float:  # ply 0 is the start, at the left edge
        return round(_LEFT + (ply * width / n if n else width / 2), 1)

    def y(p: float) -> float:
        return round(_TOP + (1 - p) * height, 1)

    zero = y(0.5)
    side = review.side.capitalize()
    players = review.states[0].game.players
    other = next((p for p in players if p != review.side), "").capitalize() or "The other side"
    label = f"The evaluation graph: {side}'s advantage above the line, {other}'s below"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="pb-review-graph" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'width="{WIDTH}" height="{HEIGHT}" font-size="{_TEXT}" font-family="sans-serif" role="img" '
             f'aria-label="{html.escape(label)}">']
    if not live:
        parts.append(f"<style>{_STYLE}</style>")
    parts.append(f'<rect class="pb-rg-bg" x="{_LEFT}" y="{_TOP}" width="{width}" height="{height}"/>')
    curve = [(x(0), y(_start(review)))] + [(x(i + 1), y(p)) for i, p in enumerate(scores)]
    above, below = _halves(curve, zero)
    parts += [_polygon(above, "pb-rg-first"), _polygon(below, "pb-rg-second")]
    # Who is ahead where: the sides' names inside the plot, at its top and its foot.
    parts.append(f'<text class="pb-rg-side" x="{_LEFT + 4}" y="{_TOP + _TEXT}">{html.escape(side)} ahead</text>')
    parts.append(f'<text class="pb-rg-side" x="{_LEFT + 4}" y="{foot - 4}">'
                 f"{html.escape(other)} ahead</text>")
    parts.append(f'<line class="pb-rg-zero" x1="{_LEFT}" x2="{right}" y1="{zero}" y2="{zero}"/>')
    # The axes: evaluations for the first player up the left, move numbers along the foot.
    parts.append(f'<polyline class="pb-rg-axis" fill="none" points="{_LEFT},{_TOP} {_LEFT},{foot} {right},{foot}"/>')
    ticks = 2 * scale  # an evaluation two scales up: the first player expects 88%
    for value in (ticks, 0.0, -ticks):
        level = y(1 / (1 + math.exp(-value / scale)))
        parts.append(f'<line class="pb-rg-axis" x1="{_LEFT - 4}" x2="{_LEFT}" y1="{level}" y2="{level}"/>')
        parts.append(f'<text class="pb-rg-tick" x="{_LEFT - 6}" y="{level}" text-anchor="end" '
                     f'dominant-baseline="central">{_number(value)}</text>')
    numbers = move_numbers(review.states)
    turn = 0
    step = _step(sum(1 for number in numbers if number))
    for ply, number in enumerate(numbers, start=1):
        if not number:
            continue
        turn += 1
        if turn % step == 0:
            at = x(ply)
            parts.append(f'<line class="pb-rg-axis" x1="{at}" x2="{at}" y1="{foot}" y2="{foot + 4}"/>')
            parts.append(f'<text class="pb-rg-tick" x="{at}" y="{foot + 6 + _TEXT * 0.8}" '
                         f'text-anchor="middle">{turn}</text>')
    parts.append(f'<polyline class="pb-rg-line" stroke-width="1.5" '
                 f'points="{" ".join(f"{px},{py}" for px, py in curve)}"/>')
    for i, (p, row) in enumerate(zip(scores, review.rows, strict=True)):
        mark = row["label"]
        fill = f' style="fill:{COLOURS[mark]}"' if mark else ""  # over the stylesheet's grey
        title = html.escape(f"{row['move']}, {mark}" if mark else row["move"])
        parts.append(f'<circle class="pb-rg-dot{" pb-rg-marked" if mark else ""}"{fill} cx="{x(i + 1)}" '
                     f'cy="{y(p)}" r="{5 if mark else 3}" data-ply="{i + 1}"><title>{title}</title></circle>')
    parts.append("</svg>")
    return "".join(parts)


def _start(review: Review) -> float:
    """The first player's expected score at the start, where the curve begins."""
    return squash(review.evaluations[0], review.thresholds.scale)
