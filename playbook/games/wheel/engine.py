"""What Chess Wheel+ teaches the engines: its evaluation, the sets of
orders a search should weigh (orders are entered by steps, never listed),
and how to tell apart decisions sealed with fresh salts."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from ...core import Action, Engine, State, Step
from .board import reach, short, split
from .entry import SALT_PROMPT, SEAL
from .orders import Order, commitment, new_salt, read_orders, reveal_body, split_body
from .resolve import carried_out, resolve

if TYPE_CHECKING:  # annotations only: the state module reaches the engine through the game
    from .state import WheelState

#: Pieces as ``(cell, owner, kind)`` triples, in the order they are counted.
Pieces = tuple[tuple[str, str, str], ...]

if TYPE_CHECKING:
    from .state import WheelState

#: Chess Wheel+ piece values in pawns (chess's usual values).  The King has
#: none: losing it loses the game, which the outcome and the King terms of
#: :meth:`WheelEngine.evaluate` counts.
VALUES = {"P": 1.0, "N": 3.0, "B": 3.0, "R": 5.0, "Q": 9.0, "K": 0.0}
#: What a King taken by the orders this position knows costs its owner,
#: times the share of the King's replies that do not save it.
CAUGHT = 1000.0
#: Each enemy piece that has a King in range costs the King's owner this much.
ATTACK = 2.0
#: Each cell next to a King (its flight cells) that an enemy piece reaches.
HEM = 0.4
#: The pull towards the nearest enemy King: what each step nearer is worth, by kind.
PULL = {"Q": 0.15, "R": 0.12, "B": 0.1, "N": 0.12, "P": 0.04, "K": 0.0}
# Steps from which the pull starts (a little beyond the longest way, corner to far corner).
_FAR = 15


def _evaluate(state: WheelState, player: str) -> float:
    """Chess Wheel+: the hunt for the enemy Kings, then material.

    The game is won by taking the other Kings, and every piece must travel
    far for it: up its own board to the shared rank 8 and down the enemy's
    board (a piece on rank 8 stands on every board).  So the terms are:

    Orders: where orders are revealed, or sealed by a player whose text this
    position remembers (the player's own, in a search), the pieces are
    counted where those orders put them if the phase ended now, so one
    action of look-ahead already sees what a set of orders achieves.

    Caught King: once two players have created a King, a King those known
    orders take costs its owner 1000 times the share of the King's replies
    (stay, or step to any cell in its range) after which it is still taken.
    Orders are carried out at once, so a King ordered to move is gone when
    the capture lands, unless the cell it steps to is entered by another of
    the hunter's moves (both bounce and the King stays where it is taken).
    A King that cannot escape costs the whole 1000 (a win in all but name);
    its owner's own revealed orders leave it no reply.

    Threats: each enemy piece with a King in range costs the King's owner 2,
    each cell next to a King that an enemy piece reaches 0.4 (the King's
    flight cells, which decide whether a capture can be dodged).

    Pull: each piece but the King earns, for every step it stands nearer
    the nearest enemy King than 15 steps, 0.15 (queen), 0.12 (rook,
    knight), 0.1 (bishop) or 0.04 (pawn).  Steps are King steps; between
    two boards the way runs over the shared rank.  The pull is steep enough
    that a step towards the King beats shuffling, and gentle enough that no
    piece is given away for it.

    Material: pawn 1, knight and bishop 3, rook 5, queen 9; a created board
    0.5, so a player creates and then populates.  The result is the
    player's total minus the best opponent's.
    """
    if state.outcome is not None:
        return Engine.evaluate(ENGINE, state, player)

    pieces, known, orders = _projected(state)
    game = state.game
    material, terms = _board_terms(pieces, tuple(state.boards), game.blocking, game.knight_across)
    totals = {p: (0.5 if p in state.boards else 0.0) for p in state.players}
    for owner, value in material:  # whole pawns and halves: added in any order, the sum is exact
        totals[owner] = totals.get(owner, 0.0) + value
    if len(state.kings) >= 2 and orders:
        crowned = {o for _, o, k in pieces if k == "K"}
        for owner in {o for _, o, k in state.pieces if k == "K"} - crowned:
            share = 1.0 if owner in known else _caught_share(state, owner, orders)
            totals[owner] -= CAUGHT * share
    if len(state.players) > 1:
        for owner, value in terms:
            totals[owner] += value
    mine = totals.get(player, 0.0)
    others = [v for p, v in totals.items() if p != player]
    return mine - (max(others) if others else 0.0)


@lru_cache(maxsize=4096)  # a search meets the same arrangement of pieces at many of its positions
def _board_terms(pieces: Pieces, boards: tuple[str, ...], blocking: bool,
                 knight_across: bool) -> tuple[tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]]:
    """What :func:`_evaluate` counts of ``pieces`` alone, as ``(owner,
    value)`` pairs: each owner's material; and, in the order they are
    added, the threats and pull of each piece in turn towards the enemy
    Kings, then each King's flight cells that enemy pieces reach."""
    material: dict[str, float] = {}
    kings: dict[str, list[str]] = {}
    for cell, owner, kind in pieces:
        material[owner] = material.get(owner, 0.0) + VALUES[kind]
        if kind == "K":
            kings.setdefault(owner, []).append(cell)
    terms: list[tuple[str, float]] = []
    kings_at = [(c, o) for o, cs in kings.items() for c in cs]
    occupied = {cell for cell, _, _ in pieces}
    enemies: dict[str, tuple[str, ...]] = {}
    reached: dict[str, set[str]] = {}
    for cell, owner, kind in pieces if kings else ():
        targets = reach(kind, cell, occupied, boards, blocking, knight_across)
        reached.setdefault(owner, set()).update(targets)
        for king, hit in kings_at:
            if hit != owner and king in targets:
                terms.append((hit, -ATTACK))
        pull = PULL[kind]
        if pull:
            if owner not in enemies:
                enemies[owner] = tuple(c for c, o in kings_at if o != owner)
            if enemies[owner]:
                terms.append((owner, pull * max(0, _FAR - _nearest(cell, enemies[owner]))))
    for owner, cells in kings.items():
        hunters = set().union(*(r for o, r in reached.items() if o != owner))
        for cell in cells:
            flight = reach("K", cell, (), boards)
            terms.append((owner, -(HEM * sum(1 for c in flight if c in hunters))))
    return tuple(material.items()), tuple(terms)


@lru_cache(maxsize=65536)  # a few hundred pieces' cells against the same Kings, again and again
def _nearest(cell: str, kings: tuple[str, ...]) -> int:
    """King steps from ``cell`` to the nearest of ``kings``."""
    here = split(cell)
    return min(_distance(here, split(k)) for k in kings)


def _caught_share(state: WheelState, owner: str, orders: list) -> float:
    """The share of ``owner``'s King replies (stay, or step to each cell in
    its range) after which ``orders`` still take it: 1 when no step saves it."""

    board = state.board_map()
    cells = [c for c, (o, k) in board.items() if o == owner and k == "K"]
    if len(cells) != 1:
        return 1.0
    king = cells[0]
    replies = [None] + [d for d in state.targets(king) if board.get(d, ("",))[0] != owner]
    game = state.game
    caught = 0
    for dest in replies:
        moves = orders if dest is None else orders + [Order(owner, king, dest, "K")]
        after = resolve(dict(board), state.boards, moves, blocking=game.blocking, collision=game.collision,
                        knight_across=game.knight_across).pieces
        if not any(o == owner and k == "K" for o, k in after.values()):
            caught += 1
    return caught / len(replies)


def _distance(a: tuple[str, int, int], b: tuple[str, int, int]) -> int:
    """King steps from place ``a`` to ``b`` (board, file, rank; rank 7 is the shared rank)."""
    (ba, fa, ra), (bb, fb, rb) = a, b
    if ba == bb or not ba or not bb:
        return max(abs(fa - fb), abs(ra - rb))
    return (7 - ra) + (7 - rb) + max(0, abs(fa - fb) - (7 - ra) - (7 - rb))


def _projected(state: WheelState) -> tuple[Pieces, set[str], list[Order]]:
    """``(pieces, players, orders)``: the ``(cell, owner, kind)`` of every
    piece after the orders this position knows (revealed ones and
    remembered sealed ones), as if the phase ended now; the players whose
    orders those are; the orders."""
    known = dict(getattr(state, "revealed", ()))
    for p, body in getattr(state, "secrets", ()):
        if p not in known and state.secret(p) is not None:
            known[p] = body
    if not known:
        return state.pieces, set(), []

    orders = []
    for p in state.players:
        if p in known:
            try:
                orders += read_orders(split_body(known[p])[1], p, state.players)
            except Exception:  # an unreadable text gives no orders, as in play
                continue
    if not orders:
        return state.pieces, set(known), []
    game = state.game
    pieces = carried_out(state.pieces, tuple(state.boards), tuple(orders), game.blocking, game.collision,
                         game.knight_across)[0]
    return pieces, set(known), orders


def _extra(state: WheelState) -> list[Action]:
    """Chess Wheel+ commitments a search should weigh (orders are not
    listed), for the player to move in the move phase.  Each single order
    is scored by a quick guess (what it takes, a King far above all; how
    much nearer the enemy Kings it goes, by :data:`PULL`).  Offered:
    the best dozen single orders; from each of the best four, a set of
    orders grown greedily to the movement power (orders of different
    pieces into different cells), and its first two; and for every order
    that takes a King, that capture with orders into the King's flight
    cells, so that a King stepping away bounces and stays to be taken."""
    if state.outcome is not None or state.phase != "move":
        return []
    player = state.to_move
    game = state.game
    sets = _order_sets(state.pieces, tuple(state.boards), player, state.power, game.blocking, game.knight_across)
    return _commitments(player, sets)


@lru_cache(maxsize=1024)  # the same pieces come back at many positions of a search (the sealed orders differ)
def _order_sets(pieces: tuple[tuple[str, str, str], ...], boards: tuple[str, ...], player: str, power: int,
                blocking: bool, knight_across: bool) -> tuple[tuple[tuple[tuple[str, str], ...], str], ...]:
    """The distinct sets of ``(origin, destination)`` orders that
    :func:`_extra` offers ``player`` among ``pieces`` (``(cell, owner,
    kind)`` triples), each with its text as ``player`` writes it."""
    board = {c: (o, k) for c, o, k in pieces}

    def targets(cell: str) -> list[str]:
        return reach(board[cell][1], cell, board, boards, blocking, knight_across) if cell in board else []

    enemy = tuple(c for c, (o, k) in board.items() if k == "K" and o != player)
    scored = []
    for origin, owner, kind in pieces:
        if owner != player:
            continue
        before = _nearest(origin, enemy) if enemy else 0
        for dest in targets(origin):
            hit = board.get(dest)
            gain = 0.0
            if hit is not None:
                if hit[0] == player:
                    continue
                gain += 100.0 if hit[1] == "K" else VALUES[hit[1]]
            if enemy:
                gain += PULL[kind] * (before - _nearest(dest, enemy))
            scored.append((gain, origin, dest))
    scored.sort(key=lambda t: -t[0])
    grow_to = min(3, power)
    sets = [[(o, d)] for _, o, d in scored[:12]]
    for _, o, d in scored[:4]:
        grown = _grow([(o, d)], scored, grow_to)
        sets += [grown[:2], grown] if len(grown) > 2 else [grown]
    for gain, o, d in scored:
        if gain < 100.0:
            break
        flight = set(targets(d))
        covers = [(o2, d2) for _, o2, d2 in scored if d2 in flight]
        sets.append(_grow([(o, d)], covers, grow_to))
    out, seen = [], set()
    for orders in sets:
        key = frozenset(orders)
        if not orders or len(orders) > power or key in seen:
            continue
        seen.add(key)
        text = ", ".join(f"{board[o][1]}{short(o, player)}-{short(d, player)}" for o, d in orders)
        out.append((tuple(orders), text))
    return tuple(out)


def _grow(orders: list, scored, power: int) -> list:
    """``orders`` extended, best first, by orders of other pieces into other
    cells (and not into a cell one of the orders leaves), up to ``power``."""
    orders = list(orders)
    for item in scored:
        o, d = item[-2:]
        if len(orders) >= power:
            break
        if all(o != o2 and d != d2 and d != o2 for o2, d2 in orders):
            orders.append((o, d))
    return orders


def _commitments(player: str, sets: tuple[tuple[tuple[tuple[str, str], ...], str], ...]) -> list[Action]:
    """One commitment action (the text kept for revealing) for each set
    of ``(origin, destination)`` orders and its text, each sealed with a
    fresh salt nobody can guess (``new_salt``), since the one the engine
    plays is published."""
    out = []
    for orders, text in sets:
        salt = new_salt()
        digest = commitment(salt, text)
        steps = tuple(x for o, d in orders for x in (Step.cell(o), Step.cell(d))) + (SEAL, Step.text(salt, SALT_PROMPT))
        out.append(Action(f"{{{player}}} commit {digest}", steps, ("commit", player, digest, reveal_body(salt, text))))
    return out


class WheelEngine(Engine["WheelState"]):
    """Chess Wheel+'s evaluation, its extra actions (sets of orders) and
    the keys that see through the salts of sealed orders."""

    judges = True

    def evaluate(self, state: State, player: str) -> float:
        return _evaluate(cast("WheelState", state), player)

    evaluate.__doc__ = _evaluate.__doc__

    def judges_for(self, state: State, player: str) -> bool:
        """A player without a board yet has no position to judge: no evaluation is shown for them."""
        return player in cast("WheelState", state).boards

    def extra_actions(self, state: State) -> list[Action]:
        return _extra(cast("WheelState", state))

    extra_actions.__doc__ = _extra.__doc__

    def choice_key(self, state: State, action: Action) -> Hashable:
        """What ``action`` decides, whatever its salt (``state.choice_key``)."""
        return cast("WheelState", state).choice_key(action)

    def repetition_key(self, state: State) -> Hashable:
        """The pieces, the phase and the player to move: two deterministic
        players can order the same moves week after week, each blocking the
        other, for ever; an engine that meets the same position again
        varies its orders instead.  The week's number is left out, since it
        grows every week."""
        wheel = cast("WheelState", state)
        return type(wheel), wheel.pieces, wheel.phase, wheel.to_move

    def known_key(self, view: State, player: str) -> Hashable:
        """What ``player`` knows of ``view``: the position without the
        digests of sealed orders (which differ with every sealed text and
        tell ``player`` nothing usable), with ``player``'s own sealed text."""
        wheel = cast("WheelState", view)
        if not wheel.commitments:
            return wheel
        unsealed = replace(wheel, commitments=tuple((p, "") for p, _ in wheel.commitments))
        return unsealed.key(), wheel.secret(player)


ENGINE = WheelEngine()
