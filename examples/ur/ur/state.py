"""Positions of the Royal Game of Ur: the dice, the moves, the end and the drawing.

A position keeps where each side's seven pieces are along its own path
(0: waiting to enter, 1 to 14: on the board, 15: borne off), whose turn it
is and what that side rolled (None: the dice are still to be rolled, so
chance moves).  Both paths run through the same eight squares of the
middle row, numbered 5 to 12 on either path, so one number names the same
square for both sides there.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from playbook.core import CHANCE, Action, IllegalAction, NotationError, Outcome, State, Step
from playbook.descriptor import Ending
from playbook.render import Cell, Glyph, Piece, Scene, Zone

if TYPE_CHECKING:
    from .game import Ur

SIDES = ("white", "black")
#: Pieces a side plays with.
PIECES = 7
#: The path position of a piece borne off (the squares are 1 to 14).
HOME = 15
#: Path positions of the rosettes: the fourth square, the central one and the last.
ROSETTES = frozenset({4, 8, 14})
#: The central rosette, on the shared row: a piece there cannot be taken.
CENTRAL = 8
#: Path positions of the shared middle row.
SHARED = range(5, 13)
#: The four dice: each shows a marked tip or not, one chance in two; a roll
#: counts the marked tips, 0 to 4, as often as the sixteen ways of falling allow.
ROLLS = tuple((k, Fraction(comb(4, k), 16)) for k in range(5))
FILES = "abcdefgh"

_MIDDLE = tuple(f"{f}2" for f in FILES)


def _path(rank: str) -> tuple[str, ...]:
    """The cells of a side's path, from its tray of waiting pieces (0) to
    its tray of pieces borne off (15): in along its own row from d to a,
    along the middle row from a to h, back along its own row to g."""
    return (f"e{rank}", *(f"{f}{rank}" for f in "dcba"), *_MIDDLE, f"h{rank}", f"g{rank}", f"f{rank}")


#: Each side's path, cell by cell: index 0 its waiting tray, 15 its tray of pieces borne off.
PATHS = {"white": _path("1"), "black": _path("3")}
#: Where each cell is on each side's path.
ALONG = {side: {cell: i for i, cell in enumerate(path)} for side, path in PATHS.items()}
#: The ending of a game: a side has borne off all seven pieces.
ALL_HOME = Ending("all pieces home", "a side bore off all seven of its pieces")


def other(side: str) -> str:
    """The other side."""
    return SIDES[side == "white"]


class UrState(State):
    """A position: the path positions of ``white``'s and ``black``'s pieces
    (sorted tuples of seven numbers, 0 to 15), the ``side`` whose turn it
    is and its ``roll`` (None while the dice are to be rolled)."""

    game: Ur

    def __init__(self, white: tuple[int, ...], black: tuple[int, ...], side: str, roll: int | None, game: Ur):
        self.white, self.black, self.side, self.roll, self.game = white, black, side, roll, game

    # ---- whose turn

    @property
    def to_move(self) -> str:
        """The side to move, or CHANCE while the dice are to be rolled."""
        return CHANCE if self.roll is None else self.side

    @property
    def roller(self) -> str | None:
        """The side whose roll it is, while the dice are to be rolled."""
        return self.side if self.roll is None and self.outcome is None else None

    def key(self) -> Hashable:
        return (self.white, self.black, self.side, self.roll)

    def pieces(self, side: str) -> tuple[int, ...]:
        """Where ``side``'s seven pieces are along its path."""
        return self.white if side == "white" else self.black

    def waiting(self, side: str) -> int:
        """How many of ``side``'s pieces are still to enter."""
        return self.pieces(side).count(0)

    def home(self, side: str) -> int:
        """How many of ``side``'s pieces are borne off."""
        return self.pieces(side).count(HOME)

    # ---- the dice and the moves

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The five rolls with their chances, while the dice are to be rolled."""
        if self.roll is not None or self.outcome is not None:
            return []
        return [(_ROLL_ACTIONS[k], p) for k, p in ROLLS]

    def moves(self, roll: int) -> list[Action]:
        """Every move ``self.side`` may make with ``roll``: each piece (one
        for all those waiting) that can go exactly ``roll`` squares along
        its path to a square free of its own pieces, not onto an enemy on
        the central rosette, or exactly off the board."""
        side = self.side
        mine, theirs = self.pieces(side), self.pieces(other(side))
        made = _MOVES[side]
        out = []
        for p in sorted(set(mine)):
            q = p + roll
            if p == HOME or q > HOME or (q < HOME and q in mine):
                continue
            takes = 5 <= q <= 12 and q in theirs
            if takes and q == CENTRAL:
                continue
            out.append(made[p, q, takes])
        return out

    def legal_actions(self) -> list[Action]:
        if self.outcome is not None:
            return []
        if self.roll is None:
            return list(_ROLL_ACTIONS)
        return self.moves(self.roll)

    def _apply(self, action: Action) -> UrState:
        side = self.side
        if self.roll is None:  # the dice: a roll with no move passes the turn at once
            roll = action.data
            if roll == 0 or not self.moves(roll):
                return UrState(self.white, self.black, other(side), None, self.game)
            return UrState(self.white, self.black, side, roll, self.game)
        p, q = action.data
        mine = list(self.pieces(side))
        mine[mine.index(p)] = q
        theirs = list(self.pieces(other(side)))
        if q in SHARED and q in theirs:
            theirs[theirs.index(q)] = 0
        mine.sort()
        theirs.sort()
        nxt = side if q in ROSETTES else other(side)
        white, black = (mine, theirs) if side == "white" else (theirs, mine)
        return UrState(tuple(white), tuple(black), nxt, None, self.game)

    def _compute_outcome(self) -> Outcome | None:
        # The pieces are sorted: all are home when the hindmost is.
        for side, pieces in (("white", self.white), ("black", self.black)):
            if pieces[0] == HOME:
                return Outcome((side,), f"{side} bore off all seven pieces", ALL_HOME)
        return None

    def explain_illegal(self, text: str) -> None:
        """Say why ``text`` is no legal action here: unreadable, or the rule it breaks."""
        words = text.split()
        if self.roll is None:
            if len(words) == 2 and words[0] == "roll":
                raise NotationError("a roll is 'roll' and a number from 0 to 4 (roll 3)", text, 5)
            raise IllegalAction(f"{text!r}: the dice are to be rolled first ({self.status()})", rule="rolling")
        if len(words) == 2 and words[0] == "roll":
            raise IllegalAction(f"{self.side} has rolled {self.roll} already: move a piece", rule="rolling")
        if text == "pass":
            raise IllegalAction(f"{self.side} can move with {self.roll}, so it must: a turn passes only on a 0 "
                                f"or when no piece can move", rule="moving")
        sign = "x" if "x" in text else "-"
        cells = text.split(sign)
        along = ALONG[self.side]
        if len(cells) != 2 or not all(len(c) == 2 and c[0] in FILES and c[1] in "123" for c in cells):
            raise NotationError("a move is written from-cell, - or x, to-cell (e1-c1, c2xe2)", text)
        start, end = cells
        if start not in along or end not in along:
            raise IllegalAction(f"{text}: {start if start not in along else end} is not on {self.side}'s path",
                                rule="the path")
        p, q = along[start], along[end]
        if p not in self.pieces(self.side) or p == HOME:
            raise IllegalAction(f"{text}: {self.side} has no piece to move on {start}", rule="moving")
        if q - p != self.roll:
            if p + self.roll > HOME:
                raise IllegalAction(f"{text}: a piece bears off with the exact roll only", rule="bearing off")
            raise IllegalAction(f"{text}: the roll is {self.roll}, so a piece moves exactly {self.roll} squares "
                                f"along its path", rule="moving")
        if q < HOME and q in self.pieces(self.side):
            raise IllegalAction(f"{text}: {end} holds a piece of {self.side}'s own", rule="moving")
        if q == CENTRAL and q in self.pieces(other(self.side)):
            raise IllegalAction(f"{text}: a piece on the central rosette cannot be taken", rule="the central rosette")
        raise IllegalAction(f"{text!r} is not a legal action in this position")

    # ---- text

    def _row(self, rank: str) -> str:
        cells = []
        for f in FILES:
            cell = f"{f}{rank}"
            if rank != "2" and f in "ef":
                cells.append("-")
            elif ALONG["white"].get(cell) in self.white and cell not in ("e1", "f1"):
                cells.append("w")
            elif ALONG["black"].get(cell) in self.black and cell not in ("e3", "f3"):
                cells.append("b")
            else:
                cells.append(".")
        return "".join(cells)

    def to_text(self) -> str:
        rows = "/".join(self._row(rank) for rank in "321")
        counts = " ".join(f"{side[0]}{self.waiting(side)}/{self.home(side)}" for side in SIDES)
        return f"{rows} {counts} {self.side[0]} {'roll' if self.roll is None else self.roll}"

    # ---- words and drawing

    def status(self) -> str:
        if self.outcome is not None:
            return super().status()
        if self.roll is None:
            return super().status()
        return f"{self.side.capitalize()} to move {self.roll}"

    def _roll_line(self) -> str:
        """The last roll in words, where this position shows its result."""
        if self.roll is not None:
            return f"{self.side.capitalize()} rolled {self.roll}."
        last = self.last_action
        if last is not None and last.text.startswith("roll "):
            roller = other(self.side)
            return f"{roller.capitalize()} rolled {last.data}: {'no move' if last.data else 'nothing moves'}, " \
                   f"the turn passes."
        return ""

    def view(self) -> Scene:
        cells = []
        for y, rank in enumerate("321"):
            for x, f in enumerate(FILES):
                cell = f"{f}{rank}"
                if rank != "2" and f in "ef":
                    continue  # the board has no square here: the trays of waiting and finished pieces sit in the gap
                on_rosette = ALONG["white" if rank != "3" else "black"][cell] in ROSETTES
                cells.append(Cell(cell, x, y, zone="rosette-inlay" if on_rosette else "inlay",
                                  emblem="rosette" if on_rosette else ""))
        pieces = []
        for side in SIDES:
            path = PATHS[side]
            start, finish = path[0], path[HOME]
            y = 2 if side == "white" else 0
            # Each tray says what it holds: its pieces are named, an empty tray carries the word itself.
            for cell, left, p, word in ((start, 4.08, 0, "to enter"), (finish, 5.08, HOME, "home")):
                count = self.pieces(side).count(p)
                cells.append(Cell(cell, left, y + 0.08, 0.84, 0.84, zone="tray", text="" if count else word))
                if count:
                    held = "waiting to enter" if p == 0 else "borne off"
                    pieces.append(Piece((cell,), side, (Glyph("circle", 0.56, dy=-0.06),), badges=("", "", str(count)),
                                        title=f"{count} {side} piece{'s' if count > 1 else ''} {held}", name=word))
            for p in sorted(set(self.pieces(side)) - {0, HOME}):
                pieces.append(Piece((path[p],), side, (Glyph("circle", 0.7), Glyph("ring", 0.3)),
                                    title=f"{side} piece, {HOME - p} squares from home"))
        line = f"White: {self.waiting('white')} to enter, {self.home('white')} home. " \
               f"Black: {self.waiting('black')} to enter, {self.home('black')} home."
        caption = [c for c in (self._roll_line(), line, self.status()) if c]
        return Scene(cells, pieces, files=FILES, ranks=["3", "2", "1"], caption=caption, title="The Royal Game of Ur",
                     zones=_ZONES)


def _move(side: str, p: int, q: int, takes: bool) -> Action:
    """The move of ``side``'s piece from path square ``p`` to ``q``."""
    path = PATHS[side]
    return Action(f"{path[p]}{'x' if takes else '-'}{path[q]}", (Step.cell(path[p]), Step.cell(path[q])), (p, q))


#: Every move there is, made once: by side, then (from, to, whether it takes).
_MOVES = {side: {(p, q, takes): _move(side, p, q, takes) for p in range(HOME) for q in range(p + 1, HOME + 1)
                 for takes in (False, True)} for side in SIDES}

#: The rolls as actions (the same objects in every position).
_ROLL_ACTIONS = tuple(Action(f"roll {k}", (Step.choice(f"roll {k}", f"{k}"),), k) for k, _ in ROLLS)

#: The board's own colours: inlaid squares, rosettes a shade deeper, trays only outlined.
_ZONES = (
    Zone("inlay", "#efe3c8", "#5e5240"),
    Zone("rosette-inlay", "#d8bf8c", "#7a6543"),
    Zone("tray", "#efe3c8", "#5e5240", "fill-opacity: 0.35; stroke-dasharray: 4 3; rx: 8px"),
)
