"""Simultaneous resolution: every revealed order is judged against the same
position, then all that succeed are carried out at once.

The adjudication runs in stages, each of which only ever makes orders fail:

1. **Range.**  An order fails when there is no piece of the player's on
   its origin, when its letter names another kind of piece, when a cell is
   on a board not created, or when the destination is out of the piece's
   range (lines are blocked by pieces standing at the start).  A piece
   ordered twice by one player fails both times.
2. **Collisions.**  Two or more moves into one cell all fail (a *bounce*,
   as in Diplomacy).  With ``collision="destroy"`` they all succeed instead
   and every piece that ends in that cell is destroyed, the one standing
   there included.
3. **Head-to-head.**  Two pieces moving into each other's cells both fail
   (with ``collision="destroy"`` they pass each other and swap).
4. **Chains.**  A move into a cell that another move is leaving succeeds
   exactly when that move does; a move into a cell whose piece stays takes
   that piece if it belongs to someone else, and fails against one's own
   piece.  Moves in a closed circle of three or more all succeed.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .board import NAMES, exists, reach
from .orders import Order

#: A piece as the adjudication sees it: ``(owner, kind)``.
Piece = tuple[str, str]

WHY = {
    "ok": "succeeds",
    "no-piece": "there is no piece of the player's on its cell",
    "wrong-piece": "the letter names another kind of piece",
    "no-cell": "a cell is on a board that does not exist",
    "out-of-range": "the destination is out of the piece's range",
    "twice": "the piece was ordered twice",
    "bounce": "another move goes to the same cell",
    "head-to-head": "the piece there moves into this piece's cell",
    "own-piece": "the player's own piece stays on the destination",
    "destroyed": "succeeds, but every piece ending in the cell is destroyed",
    "blocked": "the move it waits on fails and the player's own piece stays",
}
CODES = tuple(WHY)
#: The stage of the adjudication that gives each result.
STAGE = {"no-piece": 0, "wrong-piece": 0, "no-cell": 0, "out-of-range": 0, "twice": 0, "bounce": 1, "destroyed": 1,
         "head-to-head": 2, "own-piece": 3, "blocked": 3, "ok": 3}
STAGES = ("Range", "Collisions", "Head-to-head", "Chains")


@dataclass
class Resolution:
    """The result of a resolution: the new ``pieces``, each order's result
    code (``results``, in the orders' order), the pieces ``captured``
    (cell, owner, kind) and the ``stages`` in words."""

    pieces: dict
    results: list = field(default_factory=list)
    captured: list = field(default_factory=list)
    stages: list = field(default_factory=list)

    def failed(self) -> list[Order]:
        """The orders that failed."""
        return [o for o, code in self.results if code not in ("ok", "destroyed")]


def resolve(pieces: dict[str, Piece], boards: Sequence[str], orders: list[Order], blocking: bool = True,
            collision: str = "bounce", knight_across: bool = False) -> Resolution:
    """Adjudicate ``orders`` against ``pieces`` (cell -> (owner, kind)) on
    the created ``boards``; returns a :class:`Resolution`."""
    code: dict[int, str] = {}
    stages = []
    _judge_range(pieces, boards, orders, code, blocking, knight_across)
    stages.append(_stage("Range", orders, code))

    live = [i for i in range(len(orders)) if i not in code]
    before = set(code)
    into, contested = _judge_collisions(orders, live, code, collision)
    stages.append(_stage("Collisions", orders, code, before))

    before = set(code)
    if collision == "bounce":
        _judge_head_to_head(orders, live, code)
    stages.append(_stage("Head-to-head", orders, code, before))

    before = set(code)
    _judge_chains(pieces, orders, live, code)
    stages.append(_stage("Chains", orders, code, before))

    new, captured = _carry_out(pieces, orders, code, [into[c] for c in contested] if collision == "destroy" else [])
    return Resolution(new, [(o, code[i]) for i, o in enumerate(orders)], captured, stages)


@lru_cache(maxsize=4096)  # a search resolves the same orders against the same pieces again and again
def carried_out(pieces: tuple[tuple[str, str, str], ...], boards: tuple[str, ...], orders: tuple[Order, ...],
                blocking: bool = True, collision: str = "bounce", knight_across: bool = False
                ) -> tuple[tuple[tuple[str, str, str], ...], tuple[tuple[Order, str], ...]]:
    """What :func:`resolve` makes of ``orders`` against ``pieces`` (``(cell,
    owner, kind)`` triples): the pieces after it, as triples in the order
    the resolution leaves them, and each order with its result code."""
    res = resolve({c: (o, k) for c, o, k in pieces}, boards, list(orders), blocking, collision, knight_across)
    return tuple((c, o, k) for c, (o, k) in res.pieces.items()), tuple(res.results)


def _judge_range(pieces: dict[str, Piece], boards: Sequence[str], orders: list[Order], code: dict[int, str],
                 blocking: bool, knight_across: bool) -> None:
    """Stage 1: fail (in ``code``) each order without a piece, with the
    wrong letter, off the boards, given twice or out of range."""
    counts: dict[tuple[str, str], int] = {}
    for o in orders:
        counts[o.player, o.origin] = counts.get((o.player, o.origin), 0) + 1
    occupied = set(pieces)
    for i, o in enumerate(orders):
        piece = pieces.get(o.origin)
        if not exists(o.origin, boards) or not exists(o.destination, boards):
            code[i] = "no-cell"
        elif piece is None or piece[0] != o.player:
            code[i] = "no-piece"
        elif o.letter and o.letter != piece[1]:
            code[i] = "wrong-piece"
        elif counts[o.player, o.origin] > 1:
            code[i] = "twice"
        elif o.destination not in reach(piece[1], o.origin, occupied, boards, blocking, knight_across):
            code[i] = "out-of-range"


def _judge_collisions(orders: list[Order], live: list[int], code: dict[int, str],
                      collision: str) -> tuple[dict[str, list[int]], set[str]]:
    """Stage 2: the ``live`` orders into one cell bounce (or are all
    destroyed there); returns which orders go into each cell and the
    cells contested."""
    into: dict[str, list[int]] = {}
    for i in live:
        into.setdefault(orders[i].destination, []).append(i)
    contested = {cell for cell, movers in into.items() if len(movers) > 1}
    for cell in contested:
        for i in into[cell]:
            code[i] = "bounce" if collision == "bounce" else "destroyed"
    return into, contested


def _judge_head_to_head(orders: list[Order], live: list[int], code: dict[int, str]) -> None:
    """Stage 3: two pieces moving into each other's cells both fail."""
    leaving = {orders[i].origin: i for i in live if i not in code}
    for i in live:
        if i in code:
            continue
        j = leaving.get(orders[i].destination)
        if j is not None and j != i and orders[j].destination == orders[i].origin and j not in code:
            code[i] = code[j] = "head-to-head"


def _judge_chains(pieces: dict[str, Piece], orders: list[Order], live: list[int], code: dict[int, str]) -> None:
    """Stage 4: a move depends on the move leaving its destination, if
    any; against a piece that stays it takes, or fails on one's own."""
    moving = {orders[i].origin: i for i in live if code.get(i) in (None, "destroyed")}
    undecided = [i for i in live if i not in code]
    decided: dict[int, bool] = {}
    progress = True
    while progress:
        progress = False
        for i in undecided:
            if i in decided:
                continue
            o = orders[i]
            j = moving.get(o.destination)
            if j is not None and j != i:
                if code.get(j) == "destroyed":
                    decided[i] = True
                elif j in decided:
                    if decided[j]:
                        decided[i] = True
                    else:
                        decided[i] = pieces[o.destination][0] != o.player
                        if not decided[i]:
                            code[i] = "blocked"
                else:
                    continue
            else:
                stay = pieces.get(o.destination)
                decided[i] = stay is None or stay[0] != o.player
                if not decided[i]:
                    code[i] = "own-piece"
            progress = True
    for i in undecided:
        if i not in decided:
            decided[i] = True  # a closed circle of moves: all go round together
        if decided[i]:
            code[i] = "ok"


def _carry_out(pieces: dict[str, Piece], orders: list[Order], code: dict[int, str],
               destroyed: list[list[int]]) -> tuple[dict[str, Piece], list[tuple[str, str, str]]]:
    """Carry out the orders that succeed at once: lift every moving piece,
    then set them down; every piece ending in a cell of ``destroyed`` (the
    orders into one contested cell each) is destroyed.  Returns the new
    pieces and those captured."""
    new = dict(pieces)
    captured = []
    lifted = {}
    for i, o in enumerate(orders):
        if code[i] in ("ok", "destroyed"):
            lifted[i] = new.pop(o.origin)
    for i, o in enumerate(orders):
        if code[i] == "ok":
            if o.destination in new:
                owner, kind = new[o.destination]
                captured.append((o.destination, owner, kind))
            new[o.destination] = lifted[i]
    for movers in destroyed:
        cell = orders[movers[0]].destination
        for i in movers:
            captured.append((cell, *lifted[i]))
        if cell in new:
            captured.append((cell, *new.pop(cell)))
    return new, captured


def _stage(name: str, orders: list[Order], code: dict[int, str], before: Collection[int] = ()) -> str:
    """The words for stage ``name``: the orders it fails (those not failed ``before``)."""
    fresh = [f"{orders[i].player}'s {orders[i].text} ({WHY[c]})" for i, c in sorted(code.items()) if i not in before]
    return f"{name}: " + ("; ".join(fresh) if fresh else "nothing fails")


def describe(piece: Piece) -> str:
    """``"Ann's knight"`` for a piece ``(owner, kind)``."""
    return f"{piece[0]}'s {NAMES[piece[1]]}"
