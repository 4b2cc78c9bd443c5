"""Chess figures drawn as outlines: king, queen, rook, bishop, knight, pawn.

Each figure is one closed outline (several sub-paths) in a 100 by 100 box,
standing on a base near the bottom, so one fill in the owner's colour and
one stroke draw it (filled even-odd: a sub-path inside another, such as
the bishop's slit or the knight's eye, is a hole): a chess player knows it at a glance in any of the
board's eight owner colours.  :func:`figure_path` scales and places it.
Drawn for this project; only absolute ``M``, ``L``, ``C`` and ``Z``
commands, so placing a figure is arithmetic on its points.
"""

from __future__ import annotations

import re

__all__ = ["FIGURES", "figure_path"]


def _circle(cx: float, cy: float, r: float) -> str:
    """A circle as four cubic arcs (a path made only of points)."""
    k = 0.5523 * r
    return (f"M{cx},{cy - r} C{cx + k},{cy - r} {cx + r},{cy - k} {cx + r},{cy} "
            f"C{cx + r},{cy + k} {cx + k},{cy + r} {cx},{cy + r} "
            f"C{cx - k},{cy + r} {cx - r},{cy + k} {cx - r},{cy} "
            f"C{cx - r},{cy - k} {cx - k},{cy - r} {cx},{cy - r} Z")


_BASE = "M22,80 L78,80 L78,90 L22,90 Z"

#: Outlines by figure name, in a 100 by 100 box.
FIGURES = {
    "pawn": _circle(50, 27, 12) + " M40,38 L60,38 C58,50 62,62 70,78 L30,78 C38,62 42,50 40,38 Z " + _BASE,
    "rook": ("M26,14 L36,14 L36,22 L45,22 L45,14 L55,14 L55,22 L64,22 L64,14 L74,14 L74,32 L66,38 "
             "L66,70 L72,78 L28,78 L34,70 L34,38 L26,32 Z " + _BASE),
    "bishop": (_circle(50, 11, 5) + " M50,17 C34,30 30,50 40,64 L60,64 C70,50 66,30 50,17 Z "
               "M47,44 L63,28 L65,31 L50,47 Z M36,67 L64,67 L66,78 L34,78 Z " + _BASE),
    "knight": ("M30,78 C30,64 44,58 46,48 C40,52 32,52 26,58 C20,58 16,52 18,46 C22,34 30,24 40,18 "
               "L38,8 L46,14 L50,8 L54,16 C68,22 74,40 72,78 Z " + _circle(38, 30, 3) + " " + _BASE),
    "queen": (_circle(20, 26, 5) + " " + _circle(35, 18, 5) + " " + _circle(50, 14, 5) + " " + _circle(65, 18, 5)
              + " " + _circle(80, 26, 5) + " M22,32 L36,24 L42,50 L50,20 L58,50 L64,24 L78,32 L68,70 L32,70 Z "
              "M32,70 L68,70 L72,78 L28,78 Z " + _BASE),
    "king": ("M46,4 L54,4 L54,12 L62,12 L62,19 L54,19 L54,27 L46,27 L46,19 L38,19 L38,12 L46,12 Z "
             "M50,30 C38,30 34,36 38,44 C26,36 12,42 16,54 C18,62 26,68 32,70 L68,70 C74,68 82,62 84,54 "
             "C88,42 74,36 62,44 C66,36 62,30 50,30 Z M32,70 L68,70 L72,78 L28,78 Z " + _BASE),
}

_PAIR = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")


def figure_path(name: str, cx: float, cy: float, size: float) -> str:
    """The outline of figure ``name`` as path data, ``size`` drawing units
    tall, centred on ``cx, cy``."""
    scale = size / 100

    def place(match: re.Match) -> str:
        x, y = float(match.group(1)), float(match.group(2))
        return f"{cx + (x - 50) * scale:.1f},{cy + (y - 50) * scale:.1f}"

    return _PAIR.sub(place, FIGURES[name])
