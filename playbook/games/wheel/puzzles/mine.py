"""Making Chess Wheel+ puzzles: positions built at random around a
cornered King, kept when exactly one minimal set of orders wins whatever
the opponent seals (:mod:`.week`).  Random self-play almost never meets
such a position, so they are built instead: Bob's King on an edge of his
board, hemmed in by his own pieces, and Ann's pieces placed where they
reach the King or its ways out.  ``python -m playbook.puzzles.mine wheel
--count N --seed S`` writes them; the same seed gives the same file.
"""

from __future__ import annotations

import random

from ....puzzles import NUMBERS, Puzzle
from .. import WheelState, reach, setup
from ..board import FILES, NAMES
from .week import orders, solution_text, winning_sets

__all__ = ["KING_CELLS", "HUNTERS", "GUARDS", "candidate", "generate", "mine", "theme", "difficulty"]

#: The cells of Bob's board where the hunted King is put: the corners and
#: edges of the board's lower half, where its own pieces and the board's
#: edge leave it few ways out.
KING_CELLS = tuple(f"{f}{r}" for f in "ah" for r in "1234") + tuple(f"{f}1" for f in "bcdefg")
#: The kinds of the hunter's pieces, drawn with these weights.
HUNTERS = "QRRRBBNNNP"
#: The kinds of the hunted side's other pieces.
GUARDS = "PPPPPNBR"


def candidate(rng, game=None):
    """One position built at random from ``rng`` (a :class:`random.Random`),
    or None when it cannot be a puzzle at a glance.  Bob's King stands on
    an edge of his board with his own pieces on all but at most two cells
    next to it (none of which has the King's cell in range).  Ann has a
    piece that reaches the King's cell, one for each empty cell next to it
    that reaches that cell, now and then one more that reaches any of
    them, all on Bob's board (not next to his King) or the shared rank, and
    her King on her own board.  None when the King has more
    than two ways out (empty cells next to it, or cells of its pieces that
    can step aside to an empty cell), or Ann does not reach them all."""
    king = rng.choice(KING_CELLS)
    f0, r0 = FILES.index(king[0]), int(king[1])
    home = "{Bob}" + king
    pieces = {home: "Bob K", "{Ann}" + rng.choice(FILES) + rng.choice("12"): "Ann K"}
    near = ["{Bob}" + f"{FILES[f]}{r}" for f in range(f0 - 1, f0 + 2) for r in range(r0 - 1, r0 + 2)
            if 0 <= f < 8 and 1 <= r <= 7 and (f, r) != (f0, r0)]
    guarded = rng.sample(near, max(0, len(near) - rng.randint(0, 2)))
    for cell in guarded:
        # A piece of Bob's that reaches his King's cell saves it: ordered there, it bounces any capture.
        kinds = [k for k in GUARDS if home not in reach(k, cell, pieces, ("Ann", "Bob"))]
        pieces[cell] = "Bob " + rng.choice(kinds)
    goals = set(near) | {home}
    cells = ["{Bob}" + f + str(r) for f in FILES for r in range(1, 8)] + [f + "8" for f in FILES]
    boards = ("Ann", "Bob")
    # The King's ways out: the empty cells next to it, and those of its pieces that can step aside
    # to an empty cell.  Ann has three orders: one for the King, at most two for its ways out.
    escapes = [c for c in near
               if c not in pieces or any(t not in pieces for t in reach(pieces[c][-1], c, pieces, boards))]
    if len(escapes) > 2:
        return None
    rng.shuffle(escapes)
    # One hunter for the King's cell, one for each way out, and now and then one more anywhere near.
    for goal in [home] + escapes + [None] * rng.randint(0, 1):
        kind = rng.choice(HUNTERS)
        wanted = goals if goal is None else {goal}
        spots = [c for c in cells if c not in pieces and c not in near
                 and wanted & set(reach(kind, c, pieces, boards))]
        if not spots:
            return None
        pieces[rng.choice(spots)] = "Ann " + kind
    state = setup(pieces, game=game)
    reached = {t for c in state.movable("Ann") for t in state.targets(c)}
    if home not in reached or any(c not in reached for c in escapes):
        return None
    return state


def generate(count: int, seed: int, tries: int = 20000, report=None) -> list[tuple[WheelState, tuple]]:
    """Up to ``count`` puzzle positions built from ``seed`` (see
    :func:`candidate`), each with its one minimal winning set:
    ``(state, orders)`` pairs in the order found, from at most ``tries``
    positions."""
    rng = random.Random(seed)
    found: list[tuple[WheelState, tuple]] = []
    seen: set = set()
    for number in range(tries):
        if len(found) >= count:
            break
        state = candidate(rng)
        if state is None or state.to_text() in seen:
            continue
        seen.add(state.to_text())
        sets = winning_sets(state)
        if len(sets) == 1:
            found.append((state, sets[0]))
            if report:
                report(f"position {number + 1}: {len(found)} puzzles")
    return found


def theme(ours) -> str:
    """A Chess Wheel+ puzzle's theme: one week, and how many orders of
    which pieces win it (``"win in one week: two orders (rook, knight)"``)."""

    count = len(ours)
    kinds = ", ".join(NAMES[o.letter] for o in ours)
    return f"win in one week: {NUMBERS[count - 1]} order{'s' if count > 1 else ''} ({kinds})"


def difficulty(state, ours) -> int:
    """A Chess Wheel+ puzzle's rating, on the scale of the others': 600,
    400 more for each further order to find (as for each further move),
    and 10 for each single order the solver may give."""
    choices = sum(len(group) for group in orders(state, state.to_move))
    return 600 + 400 * (len(ours) - 1) + 10 * choices


def mine(count: int, seed: int, tries: int = 20000, report=None):
    """Up to ``count`` Chess Wheel+ puzzles built from ``seed``
    (:func:`generate`), as :class:`~playbook.puzzles.Puzzle` values,
    easiest first (the order found among equals)."""
    found = generate(count, seed, tries, report)
    ranked = sorted(enumerate(found), key=lambda item: (difficulty(*item[1]), item[0]))
    return [Puzzle(f"wheel-{i:03d}", "wheel", state.to_text(), (solution_text(ours),), 1, theme(ours),
                   difficulty(state, ours))
            for i, (_, (state, ours)) in enumerate(ranked, start=1)]
