"""What Chess Wheel+ teaches the engines: its evaluation, the sets of
orders a search should weigh (orders are entered by steps, never listed),
and how to tell apart decisions sealed with fresh salts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, Engine, Step
from .board import reach, short, split
from .entry import SALT_PROMPT, SEAL
from .orders import Order, commitment, new_salt, read_orders, reveal_body, split_body
from .resolve import resolve

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
    totals = {p: (0.5 if p in state.boards else 0.0) for p in state.players}
    kings: dict[str, list] = {}
    for cell, (owner, kind) in pieces.items():
        totals[owner] = totals.get(owner, 0.0) + VALUES[kind]
        if kind == "K":
            kings.setdefault(owner, []).append(cell)
    if len(state.kings) >= 2 and orders:
        for owner in {o for o, k in state.board_map().values() if k == "K"} - set(kings):
            share = 1.0 if owner in known else _caught_share(state, owner, orders)
            totals[owner] -= CAUGHT * share
    if kings and len(state.players) > 1:
        places = {o: [_place(c) for c in cs] for o, cs in kings.items()}
        near = {c: o for o, cs in kings.items() for c in cs}
        reached: dict[str, set] = {}
        for cell, (owner, kind) in pieces.items():
            targets = reach(kind, cell, pieces, state.boards, game.blocking, game.knight_across)
            reached.setdefault(owner, set()).update(targets)
            for target in targets:
                hit = near.get(target)
                if hit is not None and hit != owner:
                    totals[hit] -= ATTACK
            pull = PULL[kind]
            if pull:
                enemy = [k for o, ks in places.items() if o != owner for k in ks]
                if enemy:
                    here = _place(cell)
                    d = min(_distance(here, k) for k in enemy)
                    totals[owner] += pull * max(0, _FAR - d)
        for owner, cells in kings.items():
            hunters = set().union(*(r for o, r in reached.items() if o != owner))
            for cell in cells:
                flight = reach("K", cell, (), state.boards)
                totals[owner] -= HEM * sum(1 for c in flight if c in hunters)
    mine = totals.get(player, 0.0)
    others = [v for p, v in totals.items() if p != player]
    return mine - (max(others) if others else 0.0)


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


def _place(cell: str) -> tuple[str, int, int]:
    return split(cell)


def _distance(a, b) -> int:
    """King steps from place ``a`` to ``b`` (board, file, rank; rank 7 is the shared rank)."""
    (ba, fa, ra), (bb, fb, rb) = a, b
    if ba == bb or not ba or not bb:
        return max(abs(fa - fb), abs(ra - rb))
    return (7 - ra) + (7 - rb) + max(0, abs(fa - fb) - (7 - ra) - (7 - rb))


def _projected(state: WheelState) -> tuple[dict, set, list]:
    """``(pieces, players, orders)``: cell -> (owner, kind) after the orders
    this position knows (revealed ones and remembered sealed ones), as if
    the phase ended now; the players whose orders those are; the orders."""
    known = dict(getattr(state, "revealed", ()))
    for p, body in getattr(state, "secrets", ()):
        if p not in known and state.secret(p) is not None:
            known[p] = body
    if not known:
        return state.board_map(), set(), []

    orders = []
    for p in state.players:
        if p in known:
            try:
                orders += read_orders(split_body(known[p])[1], p, state.players)
            except Exception:  # an unreadable text gives no orders, as in play
                continue
    if not orders:
        return state.board_map(), set(known), []
    game = state.game
    pieces = resolve(dict(state.board_map()), state.boards, orders, blocking=game.blocking,
                     collision=game.collision, knight_across=game.knight_across).pieces
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
    pieces = state.board_map()
    enemy = [_place(c) for c, (o, k) in pieces.items() if k == "K" and o != player]
    scored = []
    for origin in state.movable(player):
        kind = pieces[origin][1]
        here = _place(origin)
        before = min((_distance(here, k) for k in enemy), default=0)
        for dest in state.targets(origin):
            hit = pieces.get(dest)
            gain = 0.0
            if hit is not None:
                if hit[0] == player:
                    continue
                gain += 100.0 if hit[1] == "K" else VALUES[hit[1]]
            if enemy:
                gain += PULL[kind] * (before - min(_distance(_place(dest), k) for k in enemy))
            scored.append((gain, origin, dest))
    scored.sort(key=lambda t: -t[0])
    power = min(3, state.power)
    sets = [[(o, d)] for _, o, d in scored[:12]]
    for _, o, d in scored[:4]:
        grown = _grow([(o, d)], scored, power)
        sets += [grown[:2], grown] if len(grown) > 2 else [grown]
    for gain, o, d in scored:
        if gain < 100.0:
            break
        flight = set(state.targets(d))
        covers = [(o2, d2) for _, o2, d2 in scored if d2 in flight]
        sets.append(_grow([(o, d)], covers, power))
    return _commitments(state, player, sets)


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


def _commitments(state: WheelState, player: str, sets) -> list[Action]:
    """One commitment action (the text kept for revealing) for each
    distinct set of ``(origin, destination)`` orders within the power,
    each sealed with a fresh salt nobody can guess (``new_salt``), since
    the one the engine plays is published."""

    pieces = state.board_map()
    out, seen = [], set()
    for orders in sets:
        key = frozenset(orders)
        if not orders or len(orders) > state.power or key in seen:
            continue
        seen.add(key)
        text = ", ".join(f"{pieces[o][1]}{short(o, player)}-{short(d, player)}" for o, d in orders)
        salt = new_salt()
        digest = commitment(salt, text)
        steps = tuple(x for o, d in orders for x in (Step.cell(o), Step.cell(d))) + (SEAL, Step.text(salt, SALT_PROMPT))
        out.append(Action(f"{{{player}}} commit {digest}", steps, ("commit", player, digest, reveal_body(salt, text))))
    return out


class WheelEngine(Engine["WheelState"]):
    """Chess Wheel+'s evaluation, its extra actions (sets of orders) and
    the keys that see through the salts of sealed orders."""

    judges = True

    def evaluate(self, state: WheelState, player: str) -> float:
        return _evaluate(state, player)

    evaluate.__doc__ = _evaluate.__doc__

    def extra_actions(self, state: WheelState) -> list[Action]:
        return _extra(state)

    extra_actions.__doc__ = _extra.__doc__

    def choice_key(self, state: WheelState, action: Action):
        """What ``action`` decides, whatever its salt (``state.choice_key``)."""
        return state.choice_key(action)

    def repetition_key(self, state: WheelState):
        """The pieces, the phase and the player to move: two deterministic
        players can order the same moves week after week, each blocking the
        other, for ever; an engine that meets the same position again
        varies its orders instead.  The week's number is left out, since it
        grows every week."""
        return type(state), state.pieces, state.phase, state.to_move

    def known_key(self, view: WheelState, player: str):
        """What ``player`` knows of ``view``: the position without the
        digests of sealed orders (which differ with every sealed text and
        tell ``player`` nothing usable), with ``player``'s own sealed text."""
        if not view.commitments:
            return view
        text = view.to_text()
        for _, digest in view.commitments:
            text = text.replace(digest, "")
        return text, view.secret(player)


ENGINE = WheelEngine()
