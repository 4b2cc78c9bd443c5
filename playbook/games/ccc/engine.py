"""What CCC teaches the engines: its evaluation.  Actions entered by
steps only are guessed by the search (one random completion of each first
step no listed action starts with)."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from ...core import Engine

if TYPE_CHECKING:
    from .state import CCCState

#: Piece values in Flats.  Pyramids carry the game (a side with none
#: left loses), so each is worth more than its fighting power alone.
VALUES = {"F": 1.0, "S": 5.0, "M": 5.5, "L": 6.0, "R": 2.5, "V": 1.0, "C": 0.0, "section": 1.5}


@cache
def _distances(files: int, size: int) -> tuple[tuple[int, ...], ...]:
    """King steps between every two cells of a board ``files`` wide with
    ``size`` cells, worked out once per board size."""
    return tuple(tuple(max(abs(i // files - j // files), abs(i % files - j % files)) for j in range(size))
                 for i in range(size))


class CCCEngine(Engine["CCCState"]):
    """CCC's evaluation."""

    judges = True
    #: A Pyramid (5) is the review's scale.
    review_scale = 5.0

    def evaluate(self, state: CCCState, player: str) -> float:
        """CCC: material, shields, how few Pyramids are left, and the approach.

        Material (:data:`VALUES`): a Flat 1; Small, Medium, Large Pyramid
        5, 5.5, 6 (the game is lost with the last one, so they are worth far
        more than their fight); Ring 2.5 plus 0.3 a stored Power (Power acts as
        its Shields and becomes Shields elsewhere); Nice Flag 1 (it freezes
        pieces and can be re-created); each stick section 1.5 (a Tall Stick is
        three: it attacks a whole line when it falls); the Cube 0, since it is
        never destroyed.  Each Shield adds half a Flat, a whole one on a
        Pyramid, since Shields decide pairings and the Pyramids must survive.
        Danger: a side with ``n`` Pyramids loses ``4 / n`` (one Pyramid left is
        one attack from defeat).  Approach: each moving piece that is not a
        Pyramid or the Cube earns up to 0.3 for standing near the nearest enemy
        Pyramid (less by 0.03 a cell, king-step distance), so that a search
        makes progress instead of shuffling until the quiet-turn draw.  The
        side to move gets 0.1 for the tempo.  The result is the player's
        total minus the opponent's.
        """
        if state.outcome is not None:
            return Engine.evaluate(self, state, player)
        board = state.board
        census = state.census
        bases = census.pyramid_cells
        totals = {}
        for side, other in (("w", "b"), ("b", "w")):
            total = 0.0
            attackers = []
            for i in census.cells[side]:
                t = board[i]
                kind = t.kind
                if kind == "col":
                    units = t.units
                    if len(units) == 1 and not t.pyr:  # a single Flat, the commonest piece
                        total += _FLAT + 0.5 * units[0][1]
                        attackers.append(i)
                        continue
                    worth = 0.0
                    for letter, shields in units:
                        worth += _FLAT + 0.5 * shields if letter == "F" else VALUES[letter] + shields
                    if not t.pyr:
                        attackers.append(i)
                    total += worth
                elif kind in "THB":
                    if kind == "B" or len(t.cells) <= 1:
                        total += _SECTION * (3 if kind == "T" else 2 if kind == "H" else 1) + 0.5 * t.shields
                        attackers.append(i)
                    else:  # a laying stick stands on each of its cells: count one section a cell
                        total += _SECTION + (0.5 * t.shields if i == t.cells[0] else 0.0)
                elif kind == "R":
                    total += _RING + 0.3 * t.power
                    attackers.append(i)
                else:
                    total += VALUES.get(kind, 0.0)
            n = census.pyramids[side]
            total -= 4.0 / n if n else 8.0
            targets = bases[other]
            if targets:
                approach = _approach(state.files, len(board), tuple(targets))
                for i in attackers:
                    total += approach[i]
            totals[side] = total
        me = "w" if player == "white" else "b"
        score = totals[me] - totals["b" if me == "w" else "w"]
        return score + (0.1 if state.side == me else -0.1)


_FLAT, _SECTION, _RING = VALUES["F"], VALUES["section"], VALUES["R"]


@lru_cache(maxsize=4096)
def _approach(files: int, size: int, targets: tuple[int, ...]) -> tuple[float, ...]:
    """What a moving piece earns on each cell for standing near the
    nearest of the Pyramids on ``targets`` (see :meth:`CCCEngine.evaluate`)."""
    distance = _distances(files, size)
    return tuple(max(0.0, 0.3 - 0.03 * min(distance[i][j] for j in targets)) for i in range(size))


ENGINE = CCCEngine()
