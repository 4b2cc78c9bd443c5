"""What CCC teaches the engines: its evaluation.  Actions entered by
steps only are guessed by the search (one random completion of each first
step no listed action starts with)."""

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import TYPE_CHECKING

from ...core import Engine

if TYPE_CHECKING:
    from .state import CCCState

#: Piece values in Flats.  Pyramids carry the game (a side with none
#: left loses), so each is worth more than its fighting power alone.
VALUES = {"F": 1.0, "S": 5.0, "M": 5.5, "L": 6.0, "R": 2.5, "N": 1.0, "C": 0.0, "section": 1.5}


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
        values = VALUES
        files = state.files
        board = state.board
        totals = {"w": 0.0, "b": 0.0}
        pyramids: dict[str, list[int]] = {"w": [], "b": []}
        attackers: dict[str, list[int]] = {"w": [], "b": []}
        for i in compress(range(len(board)), board):  # the occupied cells (a Thing is always true)
            t = board[i]
            owner = t.owner
            kind = t.kind
            worth = 0.0
            if kind == "col":
                has_pyramid = False
                for letter, shields in t.units:
                    if letter == "F":
                        worth += values["F"] + 0.5 * shields
                    else:
                        worth += values[letter] + shields
                        pyramids[owner].append(i)
                        has_pyramid = True
                if not has_pyramid:
                    attackers[owner].append(i)
            elif kind in "THB":
                if kind == "B" or len(t.cells) <= 1:
                    worth = values["section"] * (3 if kind == "T" else 2 if kind == "H" else 1) + 0.5 * t.shields
                    attackers[owner].append(i)
                else:  # a laying stick stands on each of its cells: count one section a cell
                    worth = values["section"] + (0.5 * t.shields if i == t.cells[0] else 0.0)
            elif kind == "R":
                worth = values["R"] + 0.3 * t.power
                attackers[owner].append(i)
            else:
                worth = values.get(kind, 0.0)
            totals[owner] += worth
        for side, other in (("w", "b"), ("b", "w")):
            n = len(pyramids[side])
            totals[side] -= 4.0 / n if n else 8.0
            targets = pyramids[other]
            if targets:
                distance = _distances(files, len(board))
                for i in attackers[side]:
                    d = min(map(distance[i].__getitem__, targets))
                    totals[side] += max(0.0, 0.3 - 0.03 * d)
        me = "w" if player == "white" else "b"
        score = totals[me] - totals["b" if me == "w" else "w"]
        return score + (0.1 if state.side == me else -0.1)


ENGINE = CCCEngine()
