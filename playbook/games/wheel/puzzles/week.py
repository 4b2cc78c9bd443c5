"""Chess Wheel+ puzzles: one week of sealed orders that wins whatever the
opponent seals.

Chess Wheel+ has no first move to find: both players seal their orders in
the same move phase and they are carried out together.  So a puzzle here
is a set of orders, and it is defined for sealed orders as follows.

- The position is a move phase of two players, nobody has sealed yet, and
  the first seat (the player to move, :attr:`~playbook.core.State.to_move`)
  solves it.
- A set of the solver's orders (at most the movement power, each order a
  piece of the solver's to a cell in its range, at most one order a piece)
  **wins** when, whatever set of orders the opponent seals (none at all
  included), carrying both out leaves the solver the only owner of a King.
- The position is a puzzle when exactly one winning set is *minimal* (no
  order of it can be left out): every set that wins holds its orders.  That
  set is the solution, stored as the order text the solver would seal
  (``"R{Bob}a5-{Bob}a1, N{Bob}c3-{Bob}a2"``), without a salt.

Orders outside this universe change nothing: an impossible order (out of
range, no such piece, a piece ordered twice) fails and bounces nothing
(clarifications 9 and 17 of :mod:`playbook.games.wheel`), so a set holding
one wins exactly when the set without it does.  The check therefore
enumerates every such set of the solver's and, for each, every set of the
opponent's, and resolves each pair with the game's own resolver
(:func:`playbook.games.wheel.resolve`); the solution is then played out as
a whole week (:func:`playbook.games.wheel.play_orders`) and must end the
game in the solver's favour by the state's own rules.

The learner's answer is right when the orders it seals win against the
reply that refutes them (:func:`refutation`), which by the definition above
is when it holds the solution's orders: a sealed answer is compared by what
it orders, never by its salt.  The puzzles are built by
:mod:`.mine` and solved on the board with :mod:`.exercise`.
"""

from __future__ import annotations

from itertools import combinations, product

from ....puzzles.solve import PuzzleError
from .. import Order, play_orders, read_orders, resolve
from ..board import short

__all__ = ["orders", "order_sets", "wins_against", "refutation", "winning_sets", "verify", "solution_text",
           "normal"]


def orders(state, player: str) -> list[list[Order]]:
    """The orders ``player`` may give in ``state``, grouped by piece (one
    list per piece that has somewhere to go, in cell order): each piece to
    every cell in its range."""
    board = state.board_map()
    out = []
    for cell in state.movable(player):
        kind = board[cell][1]
        out.append([Order(player, cell, dest, kind, f"{kind}{short(cell, player)}-{short(dest, player)}")
                    for dest in state.targets(cell)])
    return out


def order_sets(state, player: str, most: int | None = None):
    """Every set of ``player``'s orders of at most ``most`` orders (default:
    the movement power), at most one a piece, the empty set first, then by
    size: tuples of :class:`~playbook.games.wheel.Order`."""
    most = state.power if most is None else min(most, state.power)
    pieces = orders(state, player)
    yield ()
    for size in range(1, most + 1):
        for group in combinations(pieces, size):
            yield from product(*group)


def _king_owners(pieces: dict) -> set:
    return {owner for owner, kind in pieces.values() if kind == "K"}


def _resolve(state, ours, theirs) -> dict:
    game = state.game
    return resolve(dict(state.board_map()), state.boards, list(ours) + list(theirs), blocking=game.blocking,
                   collision=game.collision, knight_across=game.knight_across).pieces


def refutation(state, ours, opponent: str):
    """The first set of ``opponent``'s orders (in :func:`order_sets`'
    order) against which the solver's orders ``ours`` do not leave their
    player the only King owner, or None when there is none."""
    solver = next(p for p in state.players if p != opponent)
    for theirs in order_sets(state, opponent):
        if _king_owners(_resolve(state, ours, theirs)) != {solver}:
            return theirs
    return None


def wins_against(state, ours, opponent: str) -> bool:
    """Whether the solver's orders ``ours`` win whatever ``opponent`` seals."""
    return bool(ours) and refutation(state, ours, opponent) is None


def _opponent(state) -> str:
    solver = state.to_move
    others = [p for p in state.players if p != solver]
    if len(state.players) != 2 or state.phase != "move" or state.commitments or state.passed:
        raise ValueError("a Chess Wheel+ puzzle is a move phase of two players in which nobody has sealed yet")
    return others[0]


def winning_sets(state) -> list[tuple[Order, ...]]:
    """The minimal sets of the solver's orders that win whatever the
    opponent seals (see the module), smallest first."""
    opponent = _opponent(state)
    kings = {c for c, (o, k) in state.board_map().items() if o == opponent and k == "K"}
    found: list[frozenset] = []
    out = []
    for ours in order_sets(state, state.to_move):
        key = frozenset((o.origin, o.destination) for o in ours)
        if not kings & {d for _, d in key}:
            # Against no orders at all the opponent's King stays where it stands, and only a move
            # into its cell can take it: a set without one loses to the empty set.
            continue
        if any(k <= key for k in found):
            continue  # holds a smaller winning set: not minimal
        if wins_against(state, ours, opponent):
            found.append(key)
            out.append(ours)
    return out


def solution_text(ours) -> str:
    """The orders ``ours`` as the solver seals them."""
    return ", ".join(o.text for o in ours)


def normal(state, player: str, text: str) -> frozenset:
    """The orders written ``text`` by ``player``, as a set of (origin,
    destination) cells: two texts ordering the same moves are equal
    whatever their letters, spacing or order."""
    return frozenset((o.origin, o.destination) for o in read_orders(text, player, state.players))


def verify(state, solution: str) -> None:
    """Raise :class:`~playbook.puzzles.solve.PuzzleError` unless the orders
    ``solution`` are the one minimal winning set in ``state`` and, carried
    out as a week of play, win the game for the solver."""

    solver = state.to_move
    try:
        found = winning_sets(state)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    texts = [solution_text(s) for s in found]
    if len(found) != 1 or normal(state, solver, texts[0]) != normal(state, solver, solution):
        raise PuzzleError(f"the minimal winning sets of orders are {texts}, not [{solution!r}]")
    after = play_orders(state, {solver: solution})
    if after.outcome is None or after.outcome.winners != (solver,):
        raise PuzzleError(f"the orders {solution!r} do not win the game for {solver} when played")
