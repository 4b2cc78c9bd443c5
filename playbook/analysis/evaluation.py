"""How good a position is for a player: one evaluation function per game.

``evaluate(state, player)`` returns a number from ``player``'s point of
view: positive is good for ``player``, negative bad, about one unit per
pawn's worth of advantage.  A finished game scores :data:`WIN` for a
winner, ``-WIN`` for a loser and 0 for a draw.  The function is picked by
``state.game.name`` from :data:`EVALUATIONS`; a game without its own
(a new game, say) gets :func:`generic`, which knows only the outcome, so
every agent works with every game at once.  To teach the engines a new
game, add ``EVALUATIONS["key"] = my_function``.

Besides evaluations, this module holds the little game knowledge the
searches need: :func:`material` (piece counts by kind, used to estimate
piece values by self-play) and :data:`EXTRA_ACTIONS` (actions a game does
not list, which a search should still consider).

>>> from playbook import load
>>> start = load("cosmic").initial()
>>> evaluate(start, "white")
0.1
>>> round(evaluate(load("cosmic").parse("4pk/6/6/6/6/KR4 w"), "white"), 2)
3.1
"""

from __future__ import annotations

import math
from typing import Callable

from ..core import Action, State

__all__ = [
    "WIN",
    "evaluate",
    "outcome_value",
    "generic",
    "cosmic",
    "kelasu",
    "cresnovian",
    "ccc",
    "wheel",
    "material",
    "EVALUATIONS",
    "PIECE_VALUES",
    "EXTRA_ACTIONS",
    "in_setup",
    "SETUP_PHASES",
    "squash",
    "private",
]

#: The score of a won game (a lost one scores ``-WIN``).
WIN = 10_000.0


def outcome_value(state: State, player: str) -> float | None:
    """``WIN``, ``-WIN`` or 0 when the game is over, None while it runs."""
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.draw:
        return 0.0
    return WIN if player in outcome.winners else -WIN


def generic(state: State, player: str) -> float:
    """The evaluation for games that have none of their own: the outcome
    when the game is over, 0 (no opinion) while it runs.  Searches still
    find forced wins with it, and MCTS plays random games to the end."""
    value = outcome_value(state, player)
    return 0.0 if value is None else value


# ---------------------------------------------------------------- Cosmic Chess

#: Piece values by kind, per game, in pawns (the king is beyond price: losing
#: it ends the game, so it counts only through the outcome).
PIECE_VALUES: dict[str, dict[str, float]] = {
    "cosmic": {"K": 0.0, "R": 4.0, "N": 3.0, "P": 1.0},
    "kelasu": {"B": 1.0, "W": 2.5, "R": 4.5, "D": 4.5, "C": 6.0, "G": 12.0, "S": 8.0},
}

# Cosmic Chess is decided by the number of pieces whenever a side is down to
# its bare king or a draw is agreed, so each piece also counts as a piece.
_COSMIC_COUNT = 0.5


def cosmic(state: State, player: str) -> float:
    """Cosmic Chess: material and numbers.

    Material: rook 4, knight 3, pawn 1 (:data:`PIECE_VALUES`); the king
    counts only through the outcome, since losing it loses the game.  Each
    piece also adds half a pawn, because the number of pieces decides the
    game whenever a side is down to its bare king or a draw is agreed.  The
    side to move gets a tenth of a pawn for the tempo.  The result is the
    player's total minus the opponent's.
    """
    value = outcome_value(state, player)
    if value is not None:
        return value
    values = PIECE_VALUES["cosmic"]
    score = 0.0
    for piece in state.board:
        if piece == ".":
            continue
        worth = values[piece.upper()] + _COSMIC_COUNT
        score += worth if piece.isupper() else -worth
    score += 0.1 if state.side == "w" else -0.1
    return score if player == "white" else -score


# ---------------------------------------------------------------------- Kelasu

_KELASU_VICTORY = (44, 45, 54, 55)
# What holding 0-3 victory cells is worth while the opponent holds none (4 wins).
_KELASU_RACE = (0.0, 2.0, 6.0, 20.0)
# Distance (king steps) from each cell to the nearest victory cell.
_KELASU_DISTANCE = [
    min(max(abs(i // 10 - v // 10), abs(i % 10 - v % 10)) for v in _KELASU_VICTORY) for i in range(100)
]


def kelasu(state: State, player: str) -> float:
    """Kelasu: material, stones, and progress towards the victory cells.

    Material: blank 1, warrior 2.5, runner and diplomat 4.5, champion 6,
    general 12 (about what the blanks merged into them cost, a little more
    for the power gained), stone 8: stones give the energy of each turn and
    losing them all loses the game.  Victory cells (all four held wins):
    while the opponent holds none of them, holding 1, 2 or 3 is worth 2, 6
    or 20 (three held is one move from winning, so the opponent must block
    or capture); once both sides hold some, neither can complete the four
    without a capture, and each cell held is worth 1.5.  Progress:
    each moving piece earns up to 0.3 for standing near the victory cells
    (0.05 less per step away).  Energy left this turn is worth 0.2 a point
    to the side to move.  The result is the player's total minus the
    opponent's.
    """
    value = outcome_value(state, player)
    if value is not None:
        return value
    values = PIECE_VALUES["kelasu"]
    distance = _KELASU_DISTANCE
    blue = red = 0.0
    for i, piece in enumerate(state.board):
        if piece == ".":
            continue
        worth = values[piece.upper()]
        if piece not in "Ss":
            worth += max(0.0, 0.3 - 0.05 * distance[i])
        if piece.isupper():
            blue += worth
        else:
            red += worth
    held = {"blue": 0, "red": 0}
    for v in _KELASU_VICTORY:
        piece = state.board[v]
        if piece != ".":
            held["blue" if piece.isupper() else "red"] += 1
    # A side can win on the victory cells only while the other holds none of them.
    for side, other in (("blue", "red"), ("red", "blue")):
        worth = _KELASU_RACE[held[side]] if not held[other] else 1.5 * held[side]
        if side == "blue":
            blue += worth
        else:
            red += worth
    score = blue - red if player == "blue" else red - blue
    energy = 0.2 * state.energy
    return score + (energy if state.side == player else -energy)


# ----------------------------------------------------------- Cresnovian Chess


#: Names of a ``phase`` attribute that mean the game is still being set up.
SETUP_PHASES = frozenset({"place", "placement", "choose", "setup", "set-up", "deploy", "draft"})


def in_setup(state: State) -> bool:
    """Whether ``state`` is still in a game's set-up (placing pieces,
    choosing sides) rather than in play.  A game says so with a boolean
    ``setting_up`` attribute; failing that, a ``phase`` attribute named in
    :data:`SETUP_PHASES` means set-up (Cresnovian Chess's ``place`` and
    ``choose``).  By default a game is in play from its first action."""
    flag = getattr(state, "setting_up", None)
    if isinstance(flag, bool):
        return flag
    phase = getattr(state, "phase", None)
    return isinstance(phase, str) and phase.lower() in SETUP_PHASES


def cresnovian(state: State, player: str) -> float:
    """Cresnovian Chess: Q totals of the two kingdoms.

    During set-up the score is 0 (no opinion).  In play: the Q held in the
    player's kingdom minus the Q in the opponent's, a third of a point per
    Q; each live piece standing in a kingdom adds 1 for its owner (a kingdom
    with no piece in it holds no Q and loses); each piece with 9Q or more in
    a kingdom adds 2 (it can use its elite ability); and a kingdom close to
    zero is in danger: ``3 / (1 + Q)`` counts against its owner.
    """
    value = outcome_value(state, player)
    if value is not None:
        return value
    if in_setup(state):
        return 0.0
    mine = state.kingdom(player)
    theirs = "left" if mine == "right" else "right"
    totals = {mine: 0, theirs: 0}
    score = 0.0
    for p in state.pieces:
        k = _cresnovian_kingdom(p.cell)
        if k == "world":
            continue
        sign = 1.0 if k == mine else -1.0
        totals[k] += p.q
        if p.q > 0:
            score += sign * (1.0 + (2.0 if p.q >= 9 else 0.0))
    score += (totals[mine] - totals[theirs]) / 3.0
    score += 3.0 / (1 + totals[theirs]) - 3.0 / (1 + totals[mine])
    return score


def _cresnovian_kingdom(cell: int) -> str:
    col = cell % 9
    return "left" if col < 3 else "world" if col < 6 else "right"


def _cresnovian_extra(state: State) -> list[Action]:
    """Cresnovian actions that ``legal_actions`` leaves out but a search
    should weigh (the game's own sample, ``state.sampled_actions()``): one
    DOCUMENT (the words do not change the position's play), Propaganda
    aimed at every live piece in the opponent's kingdom, and Redefinition
    of the poem's first word onto every cell it may take (which word goes
    changes only the poem; the cell changes what blocks travel)."""
    return state.sampled_actions()


# ------------------------------------------------------------------------ CCC

#: CCC piece values in Flats.  Pyramids carry the game (a side with none
#: left loses), so each is worth more than its fighting power alone.
CCC_VALUES = {"F": 1.0, "S": 5.0, "M": 5.5, "L": 6.0, "R": 2.5, "N": 1.0, "C": 0.0, "section": 1.5}


def ccc(state: State, player: str) -> float:
    """CCC: material, shields, how few Pyramids are left, and the approach.

    Material (:data:`CCC_VALUES`): a Flat 1; Small, Medium, Large Pyramid
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
    value = outcome_value(state, player)
    if value is not None:
        return value
    values = CCC_VALUES
    files = state.files
    board = state.board
    totals = {"w": 0.0, "b": 0.0}
    pyramids = {"w": [], "b": []}
    attackers = {"w": [], "b": []}
    for i, t in enumerate(board):
        if t is None:
            continue
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
            for i in attackers[side]:
                r, f = divmod(i, files)
                d = min(max(abs(r - j // files), abs(f - j % files)) for j in targets)
                totals[side] += max(0.0, 0.3 - 0.03 * d)
    me = "w" if player == "white" else "b"
    score = totals[me] - totals["b" if me == "w" else "w"]
    return score + (0.1 if state.side == me else -0.1)


# --------------------------------------------------------------- Chess Wheel+

#: Chess Wheel+ piece values in pawns (chess's usual values).  The King has
#: none: losing it loses the game, which the outcome and the King terms of
#: :func:`wheel` count.
WHEEL_VALUES = {"P": 1.0, "N": 3.0, "B": 3.0, "R": 5.0, "Q": 9.0, "K": 0.0}
#: What a King taken by the orders this position knows costs its owner,
#: times the share of the King's replies that do not save it.
WHEEL_CAUGHT = 1000.0
#: Each enemy piece that has a King in range costs the King's owner this much.
WHEEL_ATTACK = 2.0
#: Each cell next to a King (its flight cells) that an enemy piece reaches.
WHEEL_HEM = 0.4
#: The pull towards the nearest enemy King: what each step nearer is worth, by kind.
WHEEL_PULL = {"Q": 0.15, "R": 0.12, "B": 0.1, "N": 0.12, "P": 0.04, "K": 0.0}
# Steps from which the pull starts (a little beyond the longest way, corner to far corner).
_WHEEL_FAR = 15


def wheel(state: State, player: str) -> float:
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
    value = outcome_value(state, player)
    if value is not None:
        return value
    from ..games.wheel import reach

    pieces, known, orders = _wheel_projected(state)
    game = state.game
    totals = {p: (0.5 if p in state.boards else 0.0) for p in state.players}
    kings: dict[str, list] = {}
    for cell, (owner, kind) in pieces.items():
        totals[owner] = totals.get(owner, 0.0) + WHEEL_VALUES[kind]
        if kind == "K":
            kings.setdefault(owner, []).append(cell)
    if len(state.kings) >= 2 and orders:
        for owner in {o for o, k in state.board_map().values() if k == "K"} - set(kings):
            share = 1.0 if owner in known else _wheel_caught_share(state, owner, orders)
            totals[owner] -= WHEEL_CAUGHT * share
    if kings and len(state.players) > 1:
        places = {o: [_wheel_place(c) for c in cs] for o, cs in kings.items()}
        near = {c: o for o, cs in kings.items() for c in cs}
        reached: dict[str, set] = {}
        for cell, (owner, kind) in pieces.items():
            targets = reach(kind, cell, pieces, state.boards, game.blocking, game.knight_across)
            reached.setdefault(owner, set()).update(targets)
            for target in targets:
                hit = near.get(target)
                if hit is not None and hit != owner:
                    totals[hit] -= WHEEL_ATTACK
            pull = WHEEL_PULL[kind]
            if pull:
                enemy = [k for o, ks in places.items() if o != owner for k in ks]
                if enemy:
                    here = _wheel_place(cell)
                    d = min(_wheel_distance(here, k) for k in enemy)
                    totals[owner] += pull * max(0, _WHEEL_FAR - d)
        for owner, cells in kings.items():
            hunters = set().union(*(r for o, r in reached.items() if o != owner))
            for cell in cells:
                flight = reach("K", cell, (), state.boards)
                totals[owner] -= WHEEL_HEM * sum(1 for c in flight if c in hunters)
    mine = totals.get(player, 0.0)
    others = [v for p, v in totals.items() if p != player]
    return mine - (max(others) if others else 0.0)


def _wheel_caught_share(state: State, owner: str, orders: list) -> float:
    """The share of ``owner``'s King replies (stay, or step to each cell in
    its range) after which ``orders`` still take it: 1 when no step saves it."""
    from ..games.wheel.orders import Order
    from ..games.wheel.resolve import resolve

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


def _wheel_place(cell: str) -> tuple[str, int, int]:
    from ..games.wheel.board import split

    return split(cell)


def _wheel_distance(a, b) -> int:
    """King steps from place ``a`` to ``b`` (board, file, rank; rank 7 is the shared rank)."""
    (ba, fa, ra), (bb, fb, rb) = a, b
    if ba == bb or not ba or not bb:
        return max(abs(fa - fb), abs(ra - rb))
    return (7 - ra) + (7 - rb) + max(0, abs(fa - fb) - (7 - ra) - (7 - rb))


def _wheel_projected(state: State) -> tuple[dict, set, list]:
    """``(pieces, players, orders)``: cell -> (owner, kind) after the orders
    this position knows (revealed ones and remembered sealed ones), as if
    the phase ended now; the players whose orders those are; the orders."""
    known = dict(getattr(state, "revealed", ()))
    for p, body in getattr(state, "secrets", ()):
        if p not in known and state.secret(p) is not None:
            known[p] = body
    if not known:
        return state.board_map(), set(), []
    from ..games.wheel.orders import read_orders, split_body
    from ..games.wheel.resolve import resolve

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


def _wheel_extra(state: State) -> list[Action]:
    """Chess Wheel+ commitments a search should weigh (orders are not
    listed), for the player to move in the move phase.  Each single order
    is scored by a quick guess (what it takes, a King far above all; how
    much nearer the enemy Kings it goes, by :data:`WHEEL_PULL`).  Offered:
    the best dozen single orders; from each of the best four, a set of
    orders grown greedily to the movement power (orders of different
    pieces into different cells), and its first two; and for every order
    that takes a King, that capture with orders into the King's flight
    cells, so that a King stepping away bounces and stays to be taken."""
    if state.outcome is not None or state.phase != "move":
        return []
    player = state.to_move
    pieces = state.board_map()
    enemy = [_wheel_place(c) for c, (o, k) in pieces.items() if k == "K" and o != player]
    scored = []
    for origin in state.movable(player):
        kind = pieces[origin][1]
        here = _wheel_place(origin)
        before = min((_wheel_distance(here, k) for k in enemy), default=0)
        for dest in state.targets(origin):
            hit = pieces.get(dest)
            gain = 0.0
            if hit is not None:
                if hit[0] == player:
                    continue
                gain += 100.0 if hit[1] == "K" else WHEEL_VALUES[hit[1]]
            if enemy:
                gain += WHEEL_PULL[kind] * (before - min(_wheel_distance(_wheel_place(dest), k) for k in enemy))
            scored.append((gain, origin, dest))
    scored.sort(key=lambda t: -t[0])
    power = min(3, state.power)
    sets = [[(o, d)] for _, o, d in scored[:12]]
    for _, o, d in scored[:4]:
        grown = _wheel_grow([(o, d)], scored, power)
        sets += [grown[:2], grown] if len(grown) > 2 else [grown]
    for gain, o, d in scored:
        if gain < 100.0:
            break
        flight = set(state.targets(d))
        covers = [(o2, d2) for _, o2, d2 in scored if d2 in flight]
        sets.append(_wheel_grow([(o, d)], covers, power))
    return _wheel_commitments(state, player, sets)


def _wheel_grow(orders: list, scored, power: int) -> list:
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


def _wheel_commitments(state: State, player: str, sets) -> list[Action]:
    """One commitment action (the text kept for revealing) for each
    distinct set of ``(origin, destination)`` orders within the power,
    each sealed with a fresh salt nobody can guess (``new_salt``), since
    the one the engine plays is published."""
    from ..core import Step
    from ..games.wheel.board import short
    from ..games.wheel.entry import SALT_PROMPT, SEAL
    from ..games.wheel.orders import commitment, new_salt, reveal_body

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


def private(state: State) -> State:
    """``state`` as the player to move knows it: a game whose positions
    remember other players' sealed orders (Chess Wheel+ in hot-seat play)
    forgets them (``state.observation(player)``), so no engine reads them."""
    return state.observation(state.to_move)


# --------------------------------------------------------------------- lookup

#: Game key -> evaluation function ``(state, player) -> float``.
EVALUATIONS: dict[str, Callable[[State, str], float]] = {
    "cosmic": cosmic,
    "kelasu": kelasu,
    "cresnovian": cresnovian,
    "ccc": ccc,
    "wheel": wheel,
}

#: Game key -> ``state -> [Action]``: actions the game does not list that a
#: search should still consider.  Games not named here get a generic guess
#: (see :func:`playbook.analysis.search.candidates`).
EXTRA_ACTIONS: dict[str, Callable[[State], list[Action]] | None] = {
    "cosmic": None,
    "kelasu": None,
    "cresnovian": _cresnovian_extra,
    "wheel": _wheel_extra,
}


def evaluation_for(state_or_game) -> Callable[[State, str], float]:
    """The evaluation function of a state's game (or of a game)."""
    game = getattr(state_or_game, "game", state_or_game)
    return EVALUATIONS.get(getattr(game, "name", ""), generic)


def evaluate(state: State, player: str | None = None) -> float:
    """The evaluation of ``state`` for ``player`` (default: the side to move)."""
    return evaluation_for(state)(state, player if player is not None else state.to_move)


def squash(score: float, scale: float = 3.0) -> float:
    """A score mapped to (0, 1), as a chance of winning: 0.5 is even,
    ``WIN`` maps to 1.  ``scale`` is the score worth about 73%."""
    if score >= WIN:
        return 1.0
    if score <= -WIN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score / scale))))


# ------------------------------------------------------------------- material


def material(state: State) -> dict[str, int]:
    """Piece counts by kind as the first listed player's count minus the
    second's, for estimating piece values by self-play (Cosmic Chess:
    ``{"R": 0, "N": 1, "P": -1}``; kings are left out; Kelasu: every kind).
    Empty for games with no notion of material."""
    name = state.game.name
    if name not in PIECE_VALUES:
        return {}
    kinds = [k for k in PIECE_VALUES[name] if not (name == "cosmic" and k == "K")]
    counts = {k: 0 for k in kinds}
    for piece in state.board:
        kind = piece.upper()
        if kind in counts:
            counts[kind] += 1 if piece.isupper() else -1
    return counts
